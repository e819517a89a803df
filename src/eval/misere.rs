//! The misère values of the language, behind the one `Value::Misere` variant: canonical forms
//! (`*[2#0]`) and genera (`0^120`), which print in the notation of NOTATION.md.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use ahash::{AHashMap, AHashSet};

use crate::core::misere::{heap_forms, Difference, Genus, Misere};
use crate::core::ExplicitGame;
use crate::syntax::ast::Span;

use super::builtins::Arg;
use super::error::{guarded, EvalError, EvalResult};
use super::heap::{HeapGame, HeapKind};
use super::interp::Interpreter;
use super::ruleset::RulesetInstance;
use super::value::Value;

#[derive(Clone, Debug)]
pub enum MisereValue {
    Form(Misere),
    Genus(Rc<Genus>),
    /// `misere(R)` for a heap game R.
    Heap(Rc<MisereHeap>),
    /// `misere(R)` for an impartial ruleset R.
    Ruleset(Rc<MisereRuleset>),
    /// `misere_quotient(R, n)`.
    Quotient(Rc<super::builtins::quotient::QuotientValue>),
}

impl PartialEq for MisereValue {
    fn eq(&self, other: &MisereValue) -> bool {
        match (self, other) {
            (MisereValue::Form(a), MisereValue::Form(b)) => a == b,
            (MisereValue::Genus(a), MisereValue::Genus(b)) => a == b,
            (MisereValue::Heap(a), MisereValue::Heap(b)) => Rc::ptr_eq(a, b),
            (MisereValue::Ruleset(a), MisereValue::Ruleset(b)) => Rc::ptr_eq(a, b),
            (MisereValue::Quotient(a), MisereValue::Quotient(b)) => a.quotient == b.quotient,
            _ => false,
        }
    }
}

impl Eq for MisereValue {}

impl std::hash::Hash for MisereValue {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            MisereValue::Form(g) => g.hash(state),
            MisereValue::Genus(g) => g.hash(state),
            MisereValue::Heap(h) => (Rc::as_ptr(h) as usize).hash(state),
            MisereValue::Ruleset(r) => (Rc::as_ptr(r) as usize).hash(state),
            MisereValue::Quotient(q) => q.quotient.pretending().hash(state),
        }
    }
}

impl MisereValue {
    pub fn kind(&self) -> &'static str {
        match self {
            MisereValue::Form(_) => "a misère game",
            MisereValue::Genus(_) => "a genus",
            MisereValue::Heap(_) => "a misère heap game",
            MisereValue::Ruleset(_) => "a misère ruleset",
            MisereValue::Quotient(_) => "a misère quotient",
        }
    }
}

impl fmt::Display for MisereValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MisereValue::Form(g) => write!(f, "{g}"),
            MisereValue::Genus(g) => write!(f, "{g}"),
            MisereValue::Heap(h) => write!(f, "misere({})", h.game.written),
            MisereValue::Ruleset(r) => write!(f, "misere({})", r.instance.describe()),
            MisereValue::Quotient(q) => write!(f, "{q}"),
        }
    }
}

/// A heap game played misère, `misere(octal 0.07)`: `R(n)` is the misère form of a heap of n.
#[derive(Debug)]
pub struct MisereHeap {
    pub game: Rc<HeapGame>,
    forms: RefCell<Vec<Misere>>,
}

impl MisereHeap {
    pub fn new(game: Rc<HeapGame>) -> MisereHeap {
        MisereHeap {
            game,
            forms: RefCell::new(Vec::new()),
        }
    }

    /// The misère forms of heaps 0..=n.
    pub fn forms(&self, n: usize) -> Vec<Misere> {
        let HeapKind::Impartial(rules) = &self.game.rules else {
            unreachable!("misere() accepts impartial heap games only")
        };
        let mut forms = self.forms.borrow_mut();
        heap_forms(rules, &mut forms, n);
        forms[..=n].to_vec()
    }
}

/// `*[...]` as written: parsed once, when the program is compiled.
pub fn literal(text: &str, span: Span) -> EvalResult<Value> {
    guarded(&span.clone(), || {
        Misere::parse(text)
            .map(|g| Value::Misere(MisereValue::Form(g)))
            .map_err(|e| {
                let at = span.start + 2 + e.offset;
                EvalError::new(
                    format!("bad misère form: {}", e.message),
                    at..(at + 1).min(span.end),
                )
                .with_help("inside `*[...]`: heap digits, `&n;`, `#`, `(...)` and subscripts `[k]`, `[-k]`, `[#]`")
            })
    })
}

/// The misère form a value stands for: a misère form, a nim heap (`*3`, `0`), or an impartial
/// form in quotes (`'{*2, 0}'`).
pub fn to_misere(v: &Value, span: &Span) -> EvalResult<Misere> {
    let not_impartial = || {
        EvalError::new(format!("{v} is not an impartial game"), span.clone()).with_help(
            "misère play needs an impartial game: `*[...]`, a nimber, or a form in quotes such as '{*2, 0}'",
        )
    };
    match v {
        Value::Misere(MisereValue::Form(g)) => Ok(*g),
        Value::Explicit(e) => explicit_to_misere(e).ok_or_else(not_impartial),
        _ => {
            let g = v.to_game().ok_or_else(not_impartial)?;
            let n = g.nim_value().ok_or_else(not_impartial)?;
            let n = n
                .to_i64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| EvalError::new("that nim heap is too large", span.clone()))?;
            Ok(Misere::heap(n))
        }
    }
}

/// An explicit form whose two sides are the same impartial forms, read as a misère form.
fn explicit_to_misere(e: &ExplicitGame) -> Option<Misere> {
    match e {
        ExplicitGame::Value(g) => {
            let n = g.nim_value()?.to_i64()?;
            Some(Misere::heap(u32::try_from(n).ok()?))
        }
        ExplicitGame::Form { left, right } if left == right => {
            let options: Option<Vec<Misere>> = left.iter().map(explicit_to_misere).collect();
            Some(Misere::from_options(&options?))
        }
        ExplicitGame::Form { .. } => None,
    }
}

/// `R(n)` for a misère heap game, `R(p)` for a misère ruleset.
pub fn call(
    interp: &mut Interpreter,
    m: &MisereValue,
    args: &[Arg],
    span: &Span,
) -> EvalResult<Value> {
    let [a] = args else {
        return Err(EvalError::new(
            format!("{} takes one position", m.kind()),
            span.clone(),
        ));
    };
    match m {
        MisereValue::Heap(heap) => {
            let n = a
                .value
                .as_i64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    EvalError::new(
                        format!("a heap has a nonnegative integer size, not {}", a.value),
                        a.span.clone(),
                    )
                })?;
            guarded(span, || {
                Ok(Value::Misere(MisereValue::Form(heap.forms(n)[n])))
            })
        }
        MisereValue::Ruleset(r) => {
            let g = ruleset_form(interp, r, a.value.clone(), span)?;
            Ok(Value::Misere(MisereValue::Form(g)))
        }
        _ => Err(EvalError::new(
            format!("{} cannot be called", m.kind()),
            span.clone(),
        )),
    }
}

/// `G + H` and `G - H` (the misère difference) when either operand is a misère form; `None`
/// leaves other operands to normal-play arithmetic.
pub fn add_or_subtract(
    subtract: bool,
    (a, sa): (&Value, &Span),
    (b, sb): (&Value, &Span),
) -> Option<EvalResult<Value>> {
    if !matches!(a, Value::Misere(MisereValue::Form(_)))
        && !matches!(b, Value::Misere(MisereValue::Form(_)))
    {
        return None;
    }
    Some(guarded(&(sa.start..sb.end), || {
        let (g, h) = (to_misere(a, sa)?, to_misere(b, sb)?);
        if !subtract {
            return Ok(Value::Misere(MisereValue::Form(g.sum(h))));
        }
        difference_value(g, h, sa.start..sb.end)
    }))
}

/// An impartial ruleset played misère, `misere(Kayles)`: `R(p)` is the misère canonical form
/// of position p. Its own table, by normalised position.
#[derive(Debug)]
pub struct MisereRuleset {
    pub instance: Rc<RulesetInstance>,
    table: RefCell<AHashMap<Value, Misere>>,
    in_progress: RefCell<AHashSet<Value>>,
}

impl MisereRuleset {
    pub fn new(instance: Rc<RulesetInstance>) -> MisereRuleset {
        MisereRuleset {
            instance,
            table: RefCell::new(AHashMap::new()),
            in_progress: RefCell::new(AHashSet::new()),
        }
    }
}

/// The misère form of a position of an impartial ruleset (a `sum` of positions is the sum of
/// their forms).
pub fn ruleset_form(
    interp: &mut Interpreter,
    r: &MisereRuleset,
    position: Value,
    span: &Span,
) -> EvalResult<Misere> {
    if let Value::Sum(parts) = position {
        let mut total = Misere::ZERO;
        for part in parts.iter() {
            total = total.sum(ruleset_form(interp, r, part.clone(), span)?);
        }
        return Ok(total);
    }
    let (position, parts) = interp.normal_parts(&r.instance, position, span)?;
    if let Some(parts) = parts {
        return ruleset_form(interp, r, Value::Sum(Rc::new(parts)), span);
    }
    if let Some(&g) = r.table.borrow().get(&position) {
        return Ok(g);
    }
    if !r.in_progress.borrow_mut().insert(position.clone()) {
        return Err(EvalError::new(
            format!("the position {position} can be reached from itself"),
            span.clone(),
        )
        .with_help("misère canonical forms are for short (loopfree) games"));
    }
    let result = ruleset_options(interp, r, &position, span);
    r.in_progress.borrow_mut().remove(&position);
    let g = guarded(span, || Ok(Misere::from_options(&result?)))?;
    r.table.borrow_mut().insert(position, g);
    Ok(g)
}

fn ruleset_options(
    interp: &mut Interpreter,
    r: &MisereRuleset,
    position: &Value,
    span: &Span,
) -> EvalResult<Vec<Misere>> {
    crate::core::check_interrupt();
    let moves = interp
        .impartial_moves(&r.instance, position, span)?
        .ok_or_else(|| EvalError::new("misère play needs an impartial ruleset", span.clone()))?;
    moves
        .into_iter()
        .map(|m| ruleset_form(interp, r, m, span))
        .collect()
}

/// `G - H` in misère play: the X with X + H = G, or an error saying that none exists (or that
/// the search was cut short).
pub fn difference_value(g: Misere, h: Misere, span: Span) -> EvalResult<Value> {
    match g.difference(h) {
        Difference::Found(x) => Ok(Value::Misere(MisereValue::Form(x))),
        Difference::None => Err(EvalError::new(format!("no game X has X + {h} = {g}"), span)
            .with_help("misère differences need not exist: no X has X + *[2] = *[0]")),
        Difference::Unknown => Err(EvalError::new(
            format!("cg finds no game X with X + {h} = {g}, but its search was cut short"),
            span,
        )
        .with_help("the search tries every game whose options are among the differences G' - H and G - H'; it stops when there are more than 12 of them")),
    }
}
