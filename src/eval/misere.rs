//! The misère values of the language, behind the one `Value::Misere` variant: canonical forms
//! (`*[2#0]`) and genera (`0^120`), which print in the notation of NOTATION.md.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use crate::core::misere::{heap_forms, Genus, Misere};
use crate::core::ExplicitGame;
use crate::syntax::ast::Span;

use super::builtins::Arg;
use super::error::{guarded, EvalError, EvalResult};
use super::heap::{HeapGame, HeapKind};
use super::value::Value;

#[derive(Clone, Debug)]
pub enum MisereValue {
    Form(Misere),
    Genus(Rc<Genus>),
    /// `misere(R)` for a heap game R.
    Heap(Rc<MisereHeap>),
}

impl PartialEq for MisereValue {
    fn eq(&self, other: &MisereValue) -> bool {
        match (self, other) {
            (MisereValue::Form(a), MisereValue::Form(b)) => a == b,
            (MisereValue::Genus(a), MisereValue::Genus(b)) => a == b,
            (MisereValue::Heap(a), MisereValue::Heap(b)) => Rc::ptr_eq(a, b),
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
        }
    }
}

impl MisereValue {
    pub fn kind(&self) -> &'static str {
        match self {
            MisereValue::Form(_) => "a misère game",
            MisereValue::Genus(_) => "a genus",
            MisereValue::Heap(_) => "a misère heap game",
        }
    }
}

impl fmt::Display for MisereValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MisereValue::Form(g) => write!(f, "{g}"),
            MisereValue::Genus(g) => write!(f, "{g}"),
            MisereValue::Heap(h) => write!(f, "misere({})", h.game.written),
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

/// `R(n)` for a misère heap game.
pub fn call(m: &MisereValue, args: &[Arg], span: &Span) -> EvalResult<Value> {
    let MisereValue::Heap(heap) = m else {
        return Err(EvalError::new(
            format!("{} cannot be called", m.kind()),
            span.clone(),
        ));
    };
    let [a] = args else {
        return Err(EvalError::new(
            "a heap game takes one heap size",
            span.clone(),
        ));
    };
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
        g.difference(h)
            .map(|x| Value::Misere(MisereValue::Form(x)))
            .ok_or_else(|| {
                EvalError::new(format!("cg finds no game X with X + {h} = {g}"), sa.start..sb.end)
                    .with_help("misère differences need not exist (no X has X + *[2] = *[0]); cg searches the followers of G and their differences")
            })
    }))
}
