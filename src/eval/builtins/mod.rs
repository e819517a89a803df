//! The builtin functions: tables of entries, each with its name, signature, a one-line
//! definition (with its source in the literature) and an example, so that help and completion
//! read from the same place as the evaluator. Each area of the language has its own table.

mod games;
mod thermal;

use crate::syntax::ast::Span;

use super::error::{EvalError, EvalResult};
use super::value::Value;

/// Every table of builtins; names are unique across them.
static TABLES: &[&[Builtin]] = &[games::BUILTINS, thermal::BUILTINS];

/// An evaluated argument with the span of the expression it came from.
pub struct Arg {
    pub value: Value,
    pub span: Span,
}

#[derive(Clone, Copy)]
pub enum Arity {
    Exactly(usize),
    AtLeast(usize),
}

pub struct Builtin {
    pub name: &'static str,
    pub signature: &'static str,
    pub doc: &'static str,
    pub example: &'static str,
    pub(crate) arity: Arity,
    pub(crate) run: fn(&[Arg], &Span) -> EvalResult<Value>,
}

/// Builds a table entry: `builtin!(name, signature, arity, doc, example, |args, span| ...)`.
macro_rules! builtin {
    ($name:literal, $sig:literal, $arity:expr, $doc:literal, $example:literal, $run:expr) => {
        $crate::eval::builtins::Builtin {
            name: $name,
            signature: $sig,
            arity: $arity,
            doc: $doc,
            example: $example,
            run: $run,
        }
    };
}
pub(crate) use builtin;

/// Every builtin, in table order.
pub fn all() -> impl Iterator<Item = &'static Builtin> {
    TABLES.iter().flat_map(|t| t.iter())
}

pub fn lookup(name: &str) -> Option<&'static Builtin> {
    all().find(|b| b.name == name)
}

pub fn call(builtin: &Builtin, args: &[Arg], span: Span) -> EvalResult<Value> {
    let ok = match builtin.arity {
        Arity::Exactly(n) => args.len() == n,
        Arity::AtLeast(n) => args.len() >= n,
    };
    if !ok {
        let expected = match builtin.arity {
            Arity::Exactly(1) => "1 argument".to_string(),
            Arity::Exactly(n) => format!("{n} arguments"),
            Arity::AtLeast(n) => format!("at least {n} argument{}", if n == 1 { "" } else { "s" }),
        };
        return Err(EvalError::new(
            format!(
                "`{}` takes {expected}, but {} were given",
                builtin.name,
                args.len()
            ),
            span,
        )
        .with_help(format!("usage: {}", builtin.signature)));
    }
    (builtin.run)(args, &span)
}

/// The builtin name nearest to `name` by edit distance, if it is close enough to be a typo.
pub fn closest_name(name: &str) -> Option<&'static str> {
    let limit = (name.chars().count() / 3).clamp(1, 3);
    all()
        .map(|b| (edit_distance(name, b.name), b.name))
        .filter(|&(d, _)| d <= limit)
        .min()
        .map(|(_, n)| n)
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
