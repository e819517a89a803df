//! Builtins of misère quotients (Plambeck and Siegel, JCTA 2008): `misere_quotient(R, n)` and
//! what can be read off a quotient, including the outcome of a sum of heaps too large for
//! canonical forms.

use std::fmt;
use std::rc::Rc;

use crate::core::misere::Quotient;
use crate::core::Outcome;
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::heap::HeapKind;
use crate::eval::misere::MisereValue;
use crate::eval::value::Value;

use super::{builtin, Arg, Arity, Builtin};

use Arity::Exactly;

/// A quotient with the game it came from, as the language shows it.
#[derive(Debug)]
pub struct QuotientValue {
    pub game: String,
    pub quotient: Quotient,
    /// The word of each element (`1`, `a`, `b^2c`).
    words: Vec<String>,
}

impl QuotientValue {
    fn words_of(&self, xs: &[u32]) -> Vec<Value> {
        xs.iter()
            .map(|&x| Value::str(&self.words[x as usize]))
            .collect()
    }
}

impl fmt::Display for QuotientValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let q = &self.quotient;
        let words = |xs: &[u32]| {
            xs.iter()
                .map(|&x| self.words[x as usize].as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            f,
            "misère quotient of {}, heaps 0..={}",
            self.game,
            q.max_heap()
        )?;
        writeln!(f, "  {}", q.presentation())?;
        writeln!(f, "  order {}", q.order())?;
        writeln!(f, "  P-portion {{{}}}", words(&q.p_portion()))?;
        write!(f, "  pretending function [{}]", words(q.pretending()))
    }
}

pub static BUILTINS: &[Builtin] = &[
    builtin!("misere_quotient", "misere_quotient(R, n)", Exactly(2),
        "The misère quotient of the impartial heap game R restricted to heaps 0..=n (Plambeck and Siegel 2008), by Siegel's iterative refinement (the MisereSolver procedure): its presentation, order, P-portion and pretending function. Every quotient printed has passed the verification theorem; an error when no candidate passes or the candidates grow too large.",
        "quotient_order(misere_quotient(octal 0.75, 10))  # 8", |a, _| misere_quotient(&a[0], &a[1])),
    builtin!("quotient_order", "quotient_order(Q)", Exactly(1),
        "The number of elements of a misère quotient.",
        "quotient_order(misere_quotient(octal 0.333, 3))  # 6", |a, _| {
            Ok(Value::integer(quotient(&a[0])?.quotient.order() as u64))
        }),
    builtin!("quotient_presentation", "quotient_presentation(Q)", Exactly(1),
        "The generators and relations of a misère quotient, as a string (generators a, b, c, ... in the order their heaps come).",
        "quotient_presentation(misere_quotient(octal 0.333, 3))  # \"<a,b | a^2=1, b^3=b>\"", |a, _| {
            Ok(Value::str(&quotient(&a[0])?.quotient.presentation()))
        }),
    builtin!("p_portion", "p_portion(Q)", Exactly(1),
        "The elements of a misère quotient that are P-positions, as words in the generators.",
        "p_portion(misere_quotient(octal 0.333, 3))  # [\"a\",\"b^2\"]", |a, _| {
            let q = quotient(&a[0])?;
            Ok(Value::list(q.words_of(&q.quotient.p_portion())))
        }),
    builtin!("pretending_function", "pretending_function(Q)", Exactly(1),
        "The element of each heap size 0..=n of a misère quotient, as words in the generators.",
        "pretending_function(misere_quotient(octal 0.333, 3))  # [\"1\",\"a\",\"b\",\"ab\"]", |a, _| {
            let q = quotient(&a[0])?;
            Ok(Value::list(q.words_of(q.quotient.pretending())))
        }),
    builtin!("quotient_outcome", "quotient_outcome(Q, heaps)", Exactly(2),
        "The misère outcome (P or N) of the sum of heaps of the given sizes, read from the quotient: the product of their elements, P when it is in the P-portion.",
        "quotient_outcome(misere_quotient(octal 0.333, 3), [2, 2])  # P", |a, _| outcome(&a[0], &a[1])),
];

fn quotient(a: &Arg) -> EvalResult<&QuotientValue> {
    match &a.value {
        Value::Misere(MisereValue::Quotient(q)) => Ok(q),
        v => Err(EvalError::new(
            format!("expected a misère quotient, not {}", v.kind()),
            a.span.clone(),
        )
        .with_help("make one with misere_quotient(octal 0.07, 20)")),
    }
}

fn misere_quotient(game: &Arg, bound: &Arg) -> EvalResult<Value> {
    let heap = match &game.value {
        Value::Heap(h) => h.clone(),
        Value::Misere(MisereValue::Heap(m)) => m.game.clone(),
        v => {
            return Err(EvalError::new(
                format!("misere_quotient takes a heap game, not {}", v.kind()),
                game.span.clone(),
            )
            .with_help("for example misere_quotient(octal 0.07, 20)"))
        }
    };
    let HeapKind::Impartial(rules) = &heap.rules else {
        return Err(EvalError::new(
            "misère quotients are for impartial heap games",
            game.span.clone(),
        ));
    };
    let n = bound
        .value
        .as_i64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| {
            EvalError::new(
                format!(
                    "the heap bound is a nonnegative integer, not {}",
                    bound.value
                ),
                bound.span.clone(),
            )
        })?;
    let quotient = Quotient::of_heaps(rules, n).map_err(|e| {
        EvalError::new(
            format!("no misère quotient for {}: {e}", heap.written),
            game.span.start..bound.span.end,
        )
    })?;
    let words = quotient.element_words();
    Ok(Value::Misere(MisereValue::Quotient(Rc::new(
        QuotientValue {
            game: heap.written.clone(),
            quotient,
            words,
        },
    ))))
}

fn outcome(q: &Arg, heaps: &Arg) -> EvalResult<Value> {
    let qv = quotient(q)?;
    let items = heaps
        .value
        .elements()
        .ok_or_else(|| EvalError::new("the heaps are a list of heap sizes", heaps.span.clone()))?;
    let mut x = 0;
    for item in items {
        let size = item.as_i64().and_then(|n| usize::try_from(n).ok());
        let element = size
            .and_then(|h| qv.quotient.heap_element(h))
            .ok_or_else(|| {
                EvalError::new(
                    format!(
                        "{item} is not a heap size of this quotient (0..={})",
                        qv.quotient.max_heap()
                    ),
                    heaps.span.clone(),
                )
            })?;
        x = qv.quotient.mul(x, element);
    }
    let o = if qv.quotient.is_p(x) {
        Outcome::P
    } else {
        Outcome::N
    };
    Ok(Value::Outcome(o.into()))
}
