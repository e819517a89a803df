//! Builtins on collections, strings and functions: `len`, `sum`, `sorted`, `mex`, `map`,
//! `filter`, `range`, `print` and their companions.

use std::cmp::Ordering;
use std::fmt::Write;
use std::rc::Rc;

use crate::core::{Game, Integer};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::ops;
use crate::eval::parallel_map::MapArgs;
use crate::eval::value::{compare_for_printing, Value};
use crate::syntax::ast::{BinaryOp, Span};

use super::{builtin, builtin_with_interpreter, Arg, Arity, Builtin};

use Arity::{AtLeast, Between, Exactly};

pub static BUILTINS: &[Builtin] = &[
    builtin_with_interpreter!("print", "print(a, b, ...)", AtLeast(0),
        "Prints its arguments separated by spaces (strings without quotes).",
        "print(\"value:\", ^ + ^)  # value: ^^", |interp, a, _| {
            interp.print(&spaced(a));
            Ok(Value::Nothing)
        }),
    builtin!("error", "error(a, b, ...)", AtLeast(1),
        "Stops the computation with an error whose message is the arguments separated by spaces (strings without quotes), reported at this call with the chain of calls that led to it: how a ruleset or function refuses an argument it cannot take.",
        "error(\"a heap is a nonnegative integer; found\", -1)", |a, s| {
            Err(EvalError::new(spaced(a), s.clone()))
        }),
    builtin!("assert", "assert(condition, a, b, ...)", AtLeast(1),
        "Nothing when the condition is true; otherwise an error whose message is the remaining arguments separated by spaces (\"assertion failed\" without them).",
        "assert(1 + 1 == 2, \"arithmetic\")  # (nothing)", |a, s| {
            match &a[0].value {
                Value::Bool(true) => Ok(Value::Nothing),
                Value::Bool(false) if a.len() == 1 => Err(EvalError::new("assertion failed", s.clone())),
                Value::Bool(false) => Err(EvalError::new(spaced(&a[1..]), s.clone())),
                other => Err(EvalError::new(format!("assert needs a boolean condition; found {}", other.kind()), a[0].span.clone())),
            }
        }),
    builtin!("len", "len(xs)", Exactly(1),
        "The number of elements of a list, tuple, set, map, range or string.",
        "len([1, 2, 3])  # 3", |a, _| {
            let n = match &a[0].value {
                Value::List(v) | Value::Set(v) => v.len(),
                Value::Tuple(v) => v.len(),
                Value::NimList(list) => list.len(),
                Value::Map(m) => m.len(),
                Value::Str(s) => s.chars().count(),
                Value::Range { .. } => elements(&a[0])?.len(),
                other => return Err(EvalError::new(format!("{} has no length", other.kind()), a[0].span.clone())),
            };
            Ok(Value::integer(n))
        }),
    builtin!("sum_of", "sum_of(positions)", Exactly(1),
        "The disjunctive sum of the positions in a list, kept formal like `sum(a, b, ...)`: the option of a ruleset whose move leaves a number of pieces not known in advance (`sum_of([(m, k) for k in parts])`). An empty list is the empty sum, 0.",
        "sum_of([*, *2])  # *3", |a, _| {
            Ok(Value::Sum(std::rc::Rc::new(elements(&a[0])?)))
        }),
    builtin!("sum", "sum(xs) or sum(a, b, ...)", AtLeast(1),
        "The sum of the elements of a collection: numbers add exactly, games by disjunctive sum. With several arguments, their disjunctive sum kept formal, so that an option of a ruleset can be a sum of positions (`sum(a, n - a)`); used as a game it is the sum of its parts.",
        "sum([^, ^, *])  # ^^*", |a, s| {
            if a.len() > 1 {
                return Ok(Value::Sum(std::rc::Rc::new(a.iter().map(|arg| arg.value.clone()).collect())));
            }
            let mut total = Value::int(0);
            for v in elements(&a[0])? {
                total = ops::binary(BinaryOp::Add, (total, s.clone()), (v, a[0].span.clone()), s.clone())?;
            }
            Ok(total)
        }),
    builtin_with_interpreter!("sorted", "sorted(xs) or sorted(xs, key)", Between(1, 2),
        "The elements in ascending order (numbers by value, games in printing order, strings alphabetically); with a key function, ordered by its values.",
        "sorted([3, 1/2, 2])  # [1/2,2,3]", |interp, a, s| {
            let items = elements(&a[0])?;
            let mut keyed: Vec<(Value, Value)> = match a.get(1) {
                None => items.into_iter().map(|v| (v.clone(), v)).collect(),
                Some(key) => items
                    .into_iter()
                    .map(|v| Ok((interp.call_value(&key.value, vec![arg(v.clone(), s)], s)?, v)))
                    .collect::<EvalResult<_>>()?,
            };
            keyed.sort_by(|x, y| compare_for_printing(&x.0, &y.0));
            Ok(Value::list(keyed.into_iter().map(|(_, v)| v).collect()))
        }),
    builtin!("mex", "mex(xs)", Exactly(1),
        "The minimum excludant: the least nonnegative integer not among the elements (Sprague-Grundy).",
        "mex([0, 1, 3])  # 2", |a, _| {
            // The mex of k values is at most k, so larger values can be ignored.
            let items = elements(&a[0])?;
            let mut present = vec![false; items.len() + 1];
            for v in items {
                let n = v.as_integer().filter(|n| !n.is_negative()).ok_or_else(|| {
                    EvalError::new(format!("mex needs nonnegative integers; found {v}"), a[0].span.clone())
                })?;
                if let Some(slot) = n.to_usize().and_then(|i| present.get_mut(i)) {
                    *slot = true;
                }
            }
            Ok(Value::integer(present.iter().position(|p| !p).unwrap_or(present.len())))
        }),
    builtin_with_interpreter!("map", "map(f, xs)", Exactly(2),
        "The list of f(x) for each element x of xs (as [f(x) for x in xs]); a long list is shared out among the threads when f has no effect on the session (it neither prints nor assigns a global), with the same results.",
        "map(x -> x * x, 1..=4)  # [1,4,9,16]", |interp, a, s| {
            let items = elements(&a[1])?;
            if let Value::Ruleset(instance) = &a[0].value {
                // Positions of a ruleset: valued as `values` values them, on every thread.
                return interp
                    .refusal_to_error(s, |interp| interp.position_values(instance, items, s))
                    .map(Value::list);
            }
            // On every core when the function can be carried to other threads.
            interp
                .map_function(&a[0].value, MapArgs::Values(items), s)
                .map(Value::list)
        }),
    builtin_with_interpreter!("filter", "filter(p, xs)", Exactly(2),
        "The list of the elements x of xs for which p(x) is true (as [x for x in xs if p(x)]).",
        "filter(n -> n % 2 == 0, 1..=6)  # [2,4,6]", |interp, a, s| {
            let mut out = Vec::new();
            for v in elements(&a[1])? {
                match interp.call_value(&a[0].value, vec![arg(v.clone(), s)], s)? {
                    Value::Bool(true) => out.push(v),
                    Value::Bool(false) => {}
                    other => return Err(EvalError::new(format!("the predicate returned {}, not true or false", other.kind()), a[0].span.clone())),
                }
            }
            Ok(Value::list(out))
        }),
    builtin!("range", "range(n) or range(a, b)", Between(1, 2),
        "The integers 0..n or a..b (the end excluded), as a range.",
        "list(range(2, 5))  # [2,3,4]", |a, _| {
            let bound = |arg: &Arg| {
                arg.value.as_i64().ok_or_else(|| EvalError::new(format!("a range needs integer bounds; found {}", arg.value.kind()), arg.span.clone()))
            };
            let (start, end) = if a.len() == 1 { (0, bound(&a[0])?) } else { (bound(&a[0])?, bound(&a[1])?) };
            Ok(Value::Range { start, end, inclusive: false })
        }),
    builtin!("list", "list(xs)", Exactly(1),
        "The elements of a collection as a list (a map gives its keys).",
        "list({3, 1, 2})  # [1,2,3]", |a, _| Ok(Value::list(elements(&a[0])?))),
    builtin!("set", "set(xs)", Exactly(1),
        "The elements of a collection as a set.",
        "set([2, 1, 2])  # {1,2}", |a, _| Ok(Value::set(elements(&a[0])?))),
    builtin!("union", "union(xs, ys)", Exactly(2),
        "The elements of either collection, as a set.",
        "union({1, 2}, [2, 3])  # {1,2,3}", |a, _| {
            if let Value::Set(set) = &a[0].value {
                let more = elements(&a[1])?;
                return Ok(match inserted(set, &more) {
                    Some(items) => Value::Set(Rc::new(items)),
                    None => Value::set(set.iter().cloned().chain(more).collect()),
                });
            }
            let mut items = elements(&a[0])?;
            items.extend(elements(&a[1])?);
            Ok(Value::set(items))
        }),
    builtin!("intersection", "intersection(xs, ys)", Exactly(2),
        "The elements of xs that are also in ys, as a set.",
        "intersection({1, 2}, [2, 3])  # {2}", |a, _| {
            let keep = Members::of(&a[1])?;
            kept(&a[0], |x| keep.contains(x))
        }),
    builtin!("difference", "difference(xs, ys)", Exactly(2),
        "The elements of xs that are not in ys, as a set.",
        "difference({1, 2}, [2, 3])  # {1}", |a, _| {
            let drop = Members::of(&a[1])?;
            kept(&a[0], |x| !drop.contains(x))
        }),
    builtin!("tuple", "tuple(xs)", Exactly(1),
        "The elements of a collection as a tuple.",
        "tuple([1, 2])  # (1,2)", |a, _| Ok(Value::tuple(elements(&a[0])?))),
    builtin!("keys", "keys(m)", Exactly(1),
        "The keys of a map, as a set.",
        "keys({1 => 2, 3 => 4})  # {1,3}", |a, _| match &a[0].value {
            Value::Map(m) => Ok(Value::set(m.keys().cloned().collect())),
            other => Err(EvalError::new(format!("keys needs a map; found {}", other.kind()), a[0].span.clone())),
        }),
    builtin!("append", "append(xs, x)", Exactly(2),
        "A new list: the elements of xs followed by x.",
        "append([1, 2], 3)  # [1,2,3]", |a, _| match &a[0].value {
            Value::List(v) => {
                let mut items = v.as_ref().clone();
                items.push(a[1].value.clone());
                Ok(Value::list(items))
            }
            Value::NimList(list) => {
                let mut items = list.items();
                items.push(a[1].value.clone());
                Ok(Value::list(items))
            }
            other => Err(EvalError::new(format!("append needs a list; found {}", other.kind()), a[0].span.clone())),
        }),
    builtin!("reversed", "reversed(xs)", Exactly(1),
        "The elements in reverse order, as a list.",
        "reversed(1..=3)  # [3,2,1]", |a, _| {
            let mut items = elements(&a[0])?;
            items.reverse();
            Ok(Value::list(items))
        }),
    builtin!("any", "any(xs)", Exactly(1),
        "True when some element is true.",
        "any([false, true])  # true", |a, _| truths(&a[0]).map(|t| Value::Bool(t.iter().any(|&b| b)))),
    builtin!("all", "all(xs)", Exactly(1),
        "True when every element is true.",
        "all([true, 1 > 0])  # true", |a, _| truths(&a[0]).map(|t| Value::Bool(t.iter().all(|&b| b)))),
    builtin!("str", "str(x)", Exactly(1),
        "The printed form of x as a string.",
        "str(^ + ^)  # \"^^\"", |a, _| Ok(Value::str(&plain(&a[0].value)))),
    builtin!("join", "join(xs, separator)", Exactly(2),
        "The printed forms of the elements joined by a separator string.",
        "join([1, ^, *], \", \")  # \"1, ^, *\"", |a, _| {
            let Value::Str(sep) = &a[1].value else {
                return Err(EvalError::new("the separator must be a string", a[1].span.clone()));
            };
            // Written into one string: a board built from its cells joins millions of them.
            let mut joined = String::new();
            for (i, v) in elements(&a[0])?.iter().enumerate() {
                if i > 0 {
                    joined.push_str(sep);
                }
                match v {
                    Value::Str(s) => joined.push_str(s),
                    other => {
                        let _ = write!(joined, "{other}");
                    }
                }
            }
            Ok(Value::str(&joined))
        }),
    builtin!("game", "game(left, right)", Exactly(2),
        "The canonical form of the game whose Left and Right options are the elements of two collections.",
        "game([0], [*])  # ^", |a, _| {
            let options = |arg: &Arg| -> EvalResult<Vec<Game>> {
                elements(arg)?.iter().map(|v| ops::to_game(v, arg.span.clone(), "an option of a game")).collect()
            };
            Ok(Value::from_game(Game::from_options(&options(&a[0])?, &options(&a[1])?)))
        }),
    builtin!("gcd", "gcd(a, b)", Exactly(2),
        "The greatest common divisor of two integers (nonnegative).",
        "gcd(12, 18)  # 6", |a, _| Ok(Value::integer(int(&a[0])?.gcd(&int(&a[1])?)))),
];

fn arg(value: Value, span: &Span) -> Arg {
    Arg {
        value,
        span: span.clone(),
    }
}

/// The elements of a collection argument, or an error naming the argument.
fn elements(a: &Arg) -> EvalResult<Vec<Value>> {
    a.value.elements().ok_or_else(|| {
        EvalError::new(
            format!("expected a collection; found {}", a.value.kind()),
            a.span.clone(),
        )
    })
}

fn truths(a: &Arg) -> EvalResult<Vec<bool>> {
    elements(a)?
        .into_iter()
        .map(|v| match v {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::new(
                format!("expected true or false; found {}", other.kind()),
                a.span.clone(),
            )),
        })
        .collect()
}

fn int(a: &Arg) -> EvalResult<Integer> {
    a.value.as_integer().ok_or_else(|| {
        EvalError::new(
            format!("expected an integer; found {}", a.value.kind()),
            a.span.clone(),
        )
    })
}

/// How `print` and `str` show a value: strings without quotes, everything else as printed.
/// The arguments as `print` writes them: separated by spaces, strings without quotes.
fn spaced(args: &[Arg]) -> String {
    let text: Vec<String> = args.iter().map(|arg| plain(&arg.value)).collect();
    text.join(" ")
}

fn plain(v: &Value) -> String {
    match v {
        // `String::from`, not `to_string`: on an `Rc<str>` that goes through `Display`.
        Value::Str(s) => String::from(&**s),
        other => other.to_string(),
    }
}

/// The elements of a collection, asked whether they hold a value (with `==`, as a hash set
/// would): a few are scanned, which is much cheaper than hashing them all for one or two
/// questions (Hackenbush's rules remove the ground, `[0]`, from a set at every step).
enum Members {
    Few(Vec<Value>),
    Many(ahash::AHashSet<Value>),
}

impl Members {
    const FEW: usize = 8;

    fn of(arg: &Arg) -> EvalResult<Members> {
        let items = elements(arg)?;
        Ok(if items.len() <= Self::FEW {
            Members::Few(items)
        } else {
            Members::Many(items.into_iter().collect())
        })
    }

    fn contains(&self, x: &Value) -> bool {
        match self {
            Members::Few(items) => items.contains(x),
            Members::Many(set) => set.contains(x),
        }
    }
}

/// The set of the elements of `a` that `keep` keeps. A set's elements are already in order
/// and distinct, and so is any part of them: no sort.
fn kept(a: &Arg, keep: impl Fn(&Value) -> bool) -> EvalResult<Value> {
    if let Value::Set(set) = &a.value {
        return Ok(Value::Set(Rc::new(
            set.iter().filter(|x| keep(x)).cloned().collect(),
        )));
    }
    Ok(Value::set(
        elements(a)?.into_iter().filter(|x| keep(x)).collect(),
    ))
}

/// The elements of `set` (in printing order, distinct) with `more` put in their places, as
/// `Value::set` would sort them: `None` when an element of `more` compares equal in that
/// order to an element it is not equal to (a game and the number it equals), where only the
/// general sort says what comes out. Cheaper than sorting again when a set grows by a few.
fn inserted(set: &[Value], more: &[Value]) -> Option<Vec<Value>> {
    let mut items = Vec::with_capacity(set.len() + more.len());
    items.extend_from_slice(set);
    for x in more {
        match ops::set_position(&items, x) {
            Err(at) => items.insert(at, x.clone()),
            Ok(at) => {
                let alone = |i: Option<usize>| {
                    i.and_then(|i| items.get(i))
                        .is_none_or(|e| compare_for_printing(e, x) != Ordering::Equal)
                };
                if items[at] != *x || !alone(at.checked_sub(1)) || !alone(Some(at + 1)) {
                    return None;
                }
            }
        }
    }
    Some(items)
}
