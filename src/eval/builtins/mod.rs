//! The builtin functions: tables of entries, each with its name, signature, a one-line
//! definition (with its source in the literature) and an example, so that help and completion
//! read from the same place as the evaluator. Each area of the language has its own table.

mod boards;
mod collections;
mod games;
mod graphs;
mod lines;
mod loopy;
pub(crate) use boards::symbol_string;
pub(crate) use loopy::has_override;
pub(crate) mod misere;
mod output;
mod position;
pub(crate) mod quotient;
mod rulesets;
mod shard;
mod store;
mod thermal;

use crate::core::LoopyOutcome;
use crate::syntax::ast::Span;

use super::error::{EvalError, EvalResult};
use super::interp::Interpreter;
use super::value::Value;

/// Every table of builtins (names are unique across them), in groups, each under the heading
/// `:help` lists it by.
static TABLES: &[(&str, &[Builtin])] = &[
    ("Games", games::BUILTINS),
    ("Temperature theory", thermal::BUILTINS),
    ("Lists, sets and text", collections::BUILTINS),
    ("Rulesets and heap games", rulesets::BUILTINS),
    ("Boards", boards::BUILTINS),
    ("Pieces on lines", lines::BUILTINS),
    ("Graphs", graphs::BUILTINS),
    ("Output for papers", output::BUILTINS),
    ("Misère play", misere::BUILTINS),
    ("Misère quotients", quotient::BUILTINS),
    ("Loopy games", loopy::BUILTINS),
    ("Positions and play", position::BUILTINS),
    ("The value store", store::BUILTINS),
    ("Splitting a run across machines", shard::BUILTINS),
];

/// Names that stand for constants: the booleans, `inf`, the outcome classes (with the loopy
/// ones) and the loopy games `on`, `off`, `over`, `under`, `dud`, `upon`.
pub fn constant(name: &str) -> Option<Value> {
    match name {
        "true" => return Some(Value::Bool(true)),
        "false" => return Some(Value::Bool(false)),
        // CGSuite's rational infinity, 1/0.
        "inf" => return Some(Value::Number(crate::eval::num::Num::infinity(false))),
        _ => {}
    }
    let outcome = match name {
        "L" => LoopyOutcome::L,
        "R" => LoopyOutcome::R,
        "N" => LoopyOutcome::N,
        "P" => LoopyOutcome::P,
        "D" => LoopyOutcome::D,
        "PHat" => LoopyOutcome::PHat,
        "NHat" => LoopyOutcome::NHat,
        "PCheck" => LoopyOutcome::PCheck,
        "NCheck" => LoopyOutcome::NCheck,
        _ => return super::loopy::constant(name),
    };
    Some(Value::Outcome(outcome))
}

/// An evaluated argument with the span of the expression it came from.
#[derive(Clone, Debug)]
pub struct Arg {
    pub value: Value,
    pub span: Span,
}

#[derive(Clone, Copy)]
pub enum Arity {
    Exactly(usize),
    AtLeast(usize),
    Between(usize, usize),
}

impl Arity {
    /// Whether a call with `n` arguments has the right number.
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Exactly(k) => n == k,
            Arity::AtLeast(k) => n >= k,
            Arity::Between(a, b) => (a..=b).contains(&n),
        }
    }
}

impl std::fmt::Debug for Builtin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<builtin {}>", self.name)
    }
}

/// How a builtin runs: on its arguments alone, or with the interpreter (to call functions it
/// is given, or to print).
pub enum Run {
    Plain(fn(&[Arg], &Span) -> EvalResult<Value>),
    Interp(fn(&mut Interpreter, &[Arg], &Span) -> EvalResult<Value>),
}

pub struct Builtin {
    pub name: &'static str,
    pub signature: &'static str,
    pub doc: &'static str,
    pub example: &'static str,
    pub(crate) arity: Arity,
    pub(crate) run: Run,
}

/// Builds a table entry: `builtin!(name, signature, arity, doc, example, |args, span| ...)`.
macro_rules! builtin {
    ($name:literal, $sig:literal, $arity:expr, $doc:literal, $example:literal, $run:expr) => {
        $crate::eval::builtins::builtin!(@entry $name, $sig, $arity, $doc, $example, Plain($run))
    };
    (@entry $name:literal, $sig:literal, $arity:expr, $doc:literal, $example:literal, $kind:ident($run:expr)) => {
        $crate::eval::builtins::Builtin {
            name: $name,
            signature: $sig,
            arity: $arity,
            doc: $doc,
            example: $example,
            run: $crate::eval::builtins::Run::$kind($run),
        }
    };
}
pub(crate) use builtin;

/// Builds a table entry whose function also gets the interpreter:
/// `builtin_with_interpreter!(name, signature, arity, doc, example, |interp, args, span| ...)`.
macro_rules! builtin_with_interpreter {
    ($name:literal, $sig:literal, $arity:expr, $doc:literal, $example:literal, $run:expr) => {
        $crate::eval::builtins::builtin!(@entry $name, $sig, $arity, $doc, $example, Interp($run))
    };
}
pub(crate) use builtin_with_interpreter;

/// Every builtin, in table order.
pub fn all() -> impl Iterator<Item = &'static Builtin> {
    TABLES.iter().flat_map(|(_, t)| t.iter())
}

/// The builtins by group, with each group's heading.
pub fn groups() -> impl Iterator<Item = (&'static str, &'static [Builtin])> {
    TABLES.iter().copied()
}

pub fn lookup(name: &str) -> Option<&'static Builtin> {
    all().find(|b| b.name == name)
}

use crate::eval::error::guarded;

pub fn call(
    interpreter: &mut Interpreter,
    builtin: &Builtin,
    args: &[Arg],
    span: Span,
) -> EvalResult<Value> {
    let valued = position::valued_arguments(interpreter, builtin, args, &span)?;
    let args = valued.as_deref().unwrap_or(args);
    let builtin = loopy::override_for(builtin.name, args).unwrap_or(builtin);
    if !builtin.arity.accepts(args.len()) {
        let expected = match builtin.arity {
            Arity::Exactly(1) => "1 argument".to_string(),
            Arity::Exactly(n) => format!("{n} arguments"),
            Arity::AtLeast(n) => format!("at least {n} argument{}", if n == 1 { "" } else { "s" }),
            Arity::Between(a, b) => format!("{a} to {b} arguments"),
        };
        return Err(EvalError::new(
            format!(
                "`{}` takes {expected}, but {}",
                builtin.name,
                crate::eval::error::were_given(args.len())
            ),
            span,
        )
        .with_help(format!("usage: {}", builtin.signature)));
    }
    match builtin.run {
        Run::Plain(f) => guarded(&span.clone(), || f(args, &span)),
        Run::Interp(f) => {
            interpreter.refusal_to_error(&span.clone(), |interpreter| f(interpreter, args, &span))
        }
    }
}

/// A builtin's function that needs no interpreter.
pub type PlainFn = fn(&[Arg], &Span) -> EvalResult<Value>;

/// The function that a call of `builtin` with `count` arguments can run at once, when every
/// check of `call` is known to pass before the program runs: the builtin needs no interpreter,
/// accepts `count` arguments, has no loopy version to choose and does not value positions.
/// The register code binds such calls when it is compiled (`Instr::CallPlain`), which saves
/// the scans of the arguments on every call.
pub(crate) fn plain_for(builtin: &Builtin, count: usize) -> Option<PlainFn> {
    let Run::Plain(f) = builtin.run else {
        return None;
    };
    let checked = !builtin.arity.accepts(count)
        || loopy::has_override(builtin.name)
        || position::values_positions(builtin);
    (!checked).then_some(f)
}

/// The candidate nearest to `name` by edit distance, if it is close enough to be a typo.
/// A candidate must keep at least one character of `name` in place: otherwise every one-letter
/// name would suggest every other (`x` is not a typo of `_`).
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let length = name.chars().count();
    let limit = (length / 3).clamp(1, 3);
    candidates
        .map(|c| (edit_distance(name, c), c))
        .filter(|&(d, c)| d <= limit && d < length && d < c.chars().count())
        .min()
        .map(|(_, n)| n.to_string())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous + usize::from(ca != cb);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(previous + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use crate::eval::{evaluate, Interpreter};

    /// Every example that states its value (`code  # value`) has that value: the examples
    /// shown by `:help` are checked, for every table of builtins.
    #[test]
    fn examples_print_what_they_say() {
        let mut failures = Vec::new();
        let tables = super::TABLES.iter().flat_map(|(_, t)| t.iter());
        for b in tables.chain(super::loopy::overrides()) {
            let Some((code, expected)) = b.example.split_once("  # ") else {
                continue;
            };
            let mut interpreter = Interpreter::new();
            match evaluate(&mut interpreter, code) {
                Ok(value) if value.to_string() == expected => {}
                // `print` and the like: the comment shows what is printed, not a value.
                Ok(crate::eval::Value::Nothing) => {}
                Ok(value) => {
                    failures.push(format!("{}: {code} gave {value}, not {expected}", b.name))
                }
                Err(e) => failures.push(format!("{}: {code} failed: {e:?}", b.name)),
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
