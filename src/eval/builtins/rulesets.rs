//! Builtins on rulesets: sequences of values of positions.

use crate::eval::error::{EvalError, EvalResult};
use std::rc::Rc;

use crate::eval::heap::HeapGame;
use crate::eval::interp::Interpreter;
use crate::eval::nim_list::NimList;
use crate::eval::value::{compare_for_printing, Value};

use super::{builtin, builtin_with_interpreter, Arg, Arity, Builtin};

use Arity::{Between, Exactly};

pub static BUILTINS: &[Builtin] = &[
    builtin!("periodicity", "periodicity(R, n)", Exactly(2),
        "The periodicity of the values of heaps 0..=n of a heap game: for impartial codes the smallest period and preperiod, proven by the Guy-Smith theorem once n is large enough; for partizan pairs arithmetic periodicity, the saltus possibly a game (Partizan Splittles). Nothing when none is found.",
        "periodicity(octal 0.77, 200)  # Periodicity(Period => 12, Preperiod => 71, Saltus => 0)", |a, _| {
            let Value::Heap(heap) = &a[0].value else {
                return Err(EvalError::new(format!("expected a heap game such as `octal 0.77`; found {}", a[0].value.kind()), a[0].span.clone()));
            };
            let n = a[1].value.as_i64().and_then(|n| usize::try_from(n).ok()).ok_or_else(|| {
                EvalError::new("the number of heaps must be a nonnegative integer", a[1].span.clone())
            })?;
            Ok(Value::Periodicity(heap.periodicity(n).map(std::rc::Rc::new)))
        }),
    builtin_with_interpreter!("values", "values(R, positions) or values(m)", Between(1, 2),
        "The values of the positions (for example heap sizes 0..=n) in the ruleset R; of a map, its values in the order of its keys.",
        "values(Kayles, 0..=4)  # [0,*,*2,*3,*]", |interp, a, s| {
            if let [Arg { value: Value::Map(m), .. }] = a {
                let mut entries: Vec<(&Value, &Value)> = m.iter().collect();
                entries.sort_by(|x, y| compare_for_printing(x.0, y.0));
                return Ok(Value::list(entries.into_iter().map(|(_, v)| v.clone()).collect()));
            }
            if a.len() == 1 {
                return Err(EvalError::new(format!("values needs a map, or a ruleset and positions; found {}", a[0].value.kind()), a[0].span.clone()));
            }
            sequence(interp, a, s).map(Value::list)
        }),
    builtin_with_interpreter!("grundy", "grundy(R, positions)", Exactly(2),
        "The nim-values of the positions in the impartial ruleset R (Sprague-Grundy).",
        "grundy(Kayles, 0..=6)  # [0,1,2,3,1,4,3]", |interp, a, s| {
            if let Value::Heap(heap) = &a[0].value {
                if let Some(list) = heap_nim_values(heap, &a[1])? {
                    return Ok(list);
                }
            }
            let values = sequence(interp, a, s)?
                .into_iter()
                .map(|v| match &v {
                    Value::LoopyNimber(_) => Ok(v),
                    _ => v.to_game().and_then(|g| g.nim_value()).map(Value::integer).ok_or_else(|| {
                        EvalError::new(format!("a position has the value {v}, which is not a nimber"), a[0].span.clone())
                            .with_help("grundy needs an impartial ruleset; `values` gives the values of any ruleset")
                    }),
                })
                .collect::<EvalResult<_>>()?;
            Ok(Value::list(values))
        }),
];

/// The nim-values of the heaps `sizes` of an impartial heap game, as a list; `None` for a
/// partizan one. Straight from the engine's numbers, since a million heaps are common.
fn heap_nim_values(heap: &HeapGame, sizes: &Arg) -> EvalResult<Option<Value>> {
    if !heap.is_impartial() {
        return Ok(None);
    }
    // A range of sizes shares the game's table; other sizes are copied out of it, compactly.
    if let Some(range) = a_range(sizes) {
        let nim = heap
            .nim_values(range.end.saturating_sub(1))
            .expect("an impartial game has nim-values");
        let range = range.start.min(range.end)..range.end;
        return Ok(Some(Value::NimList(Rc::new(NimList::stretch(nim, range)))));
    }
    let (sizes, max) = largest_heap(sizes)?;
    let nim = heap
        .nim_values(max)
        .expect("an impartial game has nim-values");
    Ok(Some(Value::NimList(Rc::new(NimList::gathered(
        &nim, &sizes,
    )))))
}

/// The heap sizes of a range such as `0..=1000000`, nonempty and nonnegative.
fn a_range(sizes: &Arg) -> Option<std::ops::Range<usize>> {
    let range = sizes.value.integer_range()?;
    let (start, end) = (
        usize::try_from(range.start).ok()?,
        usize::try_from(range.end).ok()?,
    );
    (start < end).then_some(start..end)
}

/// The heap sizes among `positions`, and the largest, for heap games computed as sequences.
fn largest_heap(a: &Arg) -> EvalResult<(Vec<usize>, usize)> {
    // A range of sizes (`0..=1000000`) is read as it is, not made a list of values first.
    if let Some(range) = a.value.integer_range() {
        if let (Ok(start), Ok(stop)) = (usize::try_from(range.start), usize::try_from(range.end)) {
            let sizes: Vec<usize> = (start..stop).collect();
            let max = sizes.last().copied().unwrap_or(0);
            return Ok((sizes, max));
        }
    }
    let positions = a.value.elements().ok_or_else(|| {
        let error = EvalError::new(
            format!("expected heap sizes; found {}", a.value.kind()),
            a.span.clone(),
        );
        match a.value.as_i64() {
            Some(n) => error.with_help(format!(
                "give a range or a list of heaps: `0..={n}` for heaps 0 to {n}, `[{n}]` for heap {n} alone"
            )),
            None => error,
        }
    })?;
    let sizes = positions
        .iter()
        .map(|p| {
            p.as_i64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    EvalError::new(
                        format!("a heap size is a nonnegative integer, not {p}"),
                        a.span.clone(),
                    )
                })
        })
        .collect::<EvalResult<Vec<usize>>>()?;
    let max = sizes.iter().copied().max().unwrap_or(0);
    Ok((sizes, max))
}

fn sequence(
    interp: &mut Interpreter,
    a: &[Arg],
    span: &crate::syntax::ast::Span,
) -> EvalResult<Vec<Value>> {
    if let Value::Heap(heap) = &a[0].value {
        let (sizes, max) = largest_heap(&a[1])?;
        let values = heap.values(max);
        return Ok(sizes
            .into_iter()
            .map(|n| Value::from_game(values[n]))
            .collect());
    }
    let Value::Ruleset(instance) = &a[0].value else {
        return Err(EvalError::new(
            format!("expected a ruleset; found {}", a[0].value.kind()),
            a[0].span.clone(),
        ));
    };
    let positions = a[1].value.elements().ok_or_else(|| {
        EvalError::new(
            format!(
                "expected a collection of positions; found {}",
                a[1].value.kind()
            ),
            a[1].span.clone(),
        )
    })?;
    interp.position_values(instance, positions, span)
}
