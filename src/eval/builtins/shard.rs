//! Builtins of a run split across processes (`cg script.cg --shard I/N`, see `eval::shard`).

use crate::eval::error::{EvalError, EvalResult};
use crate::eval::interp::Interpreter;
use crate::eval::parallel_map::MapArgs;
use crate::eval::shard;
use crate::eval::store;
use crate::eval::value::Value;
use crate::syntax::ast::Span;

use super::{builtin, builtin_with_interpreter, Arg, Arity, Builtin};

use Arity::Exactly;

pub static BUILTINS: &[Builtin] = &[
    builtin!("shard", "shard(xs)", Exactly(1),
        "The share of the list, tuple, set, map (its keys) or range xs that this part of a run started with `--shard I/N` computes: the elements at positions I-1, I-1+N, I-1+2N, ... as a list; without `--shard`, every element (xs itself). `cg merge` combines the parts.",
        "shard([10, 20, 30])  # [10,20,30]", |a, _| share(&a[0])),
    builtin_with_interpreter!("shard_map", "shard_map(f, xs)", Exactly(2),
        "The list of f(x) for the elements x of xs, split as `shard(xs)` splits it: a part of a run started with `--shard I/N --store PART` computes its share, gives it, and keeps it in PART; `cg merge` then gives every result to the whole script, read rather than computed. Without `--shard`, `map(f, xs)` as a list.",
        "shard_map(x -> x * x, 1..=4)  # [1,4,9,16]", map_share),
    builtin!("shard_index", "shard_index()", Exactly(0),
        "The number I of this part of a run started with `--shard I/N` (from 1); 1 without `--shard`.",
        "shard_index()  # 1", |_, _| Ok(Value::integer(shard::part().map_or(1, |p| p.index)))),
    builtin!("shard_count", "shard_count()", Exactly(0),
        "The number N of parts of a run started with `--shard I/N`; 1 without `--shard`.",
        "shard_count()  # 1", |_, _| Ok(Value::integer(shard::part().map_or(1, |p| p.count)))),
];

fn share(arg: &Arg) -> EvalResult<Value> {
    let xs = &arg.value;
    if let Some(integers) = xs.integer_range() {
        // A range is split without making its elements: it may hold 10^9 integers.
        let length = integers.end.abs_diff(integers.start);
        let Some(share) = shard::split(length) else {
            return Ok(xs.clone());
        };
        let start = integers.start;
        return Ok(Value::list(
            share
                .map(|k| Value::int(start.wrapping_add(k as i64)))
                .collect(),
        ));
    }
    let Some(length) = length(xs) else {
        return Err(EvalError::new(
            format!(
                "shard(xs) splits a list, tuple, set, map or range, not {}",
                xs.kind()
            ),
            arg.span.clone(),
        ));
    };
    let Some(share) = shard::split(length) else {
        return Ok(xs.clone());
    };
    let elements = xs.elements().unwrap_or_default();
    Ok(Value::list(
        share.map(|k| elements[k as usize].clone()).collect(),
    ))
}

/// The number of elements of a collection `shard` splits; `None` for other values (a string
/// is one position, not an enumeration of its characters).
fn length(xs: &Value) -> Option<u64> {
    let n = match xs {
        Value::List(v) | Value::Set(v) => v.len(),
        Value::Tuple(v) => v.len(),
        Value::Map(m) => m.len(),
        Value::NimList(list) => list.len(),
        _ => return None,
    };
    Some(n as u64)
}

/// `shard_map(f, xs)`.
fn map_share(interpreter: &mut Interpreter, args: &[Arg], span: &Span) -> EvalResult<Value> {
    let (f, xs) = (&args[0].value, &args[1]);
    let items = Enumeration::of(xs)?;
    let call = shard::splits_so_far();
    let run = shard::run();
    let fail = |message: String| EvalError::new(message, span.clone());
    let Some(share) = shard::split(items.len()) else {
        // The whole run: the merge's run of the script reads what the parts kept.
        if !run.is_empty() {
            if let Some(kept) = store::shard_results(&run, call, items.len()).map_err(fail)? {
                return Ok(Value::list(kept));
            }
        }
        let args = items.map_args(0, 1, items.len());
        return Ok(Value::list(interpreter.map_function(f, args, span)?));
    };
    let share: Vec<u64> = share.collect();
    let stride = shard::part().map_or(1, |p| p.count);
    let first = share.first().copied().unwrap_or(0);
    let args = items.map_args(first, stride, share.len() as u64);
    let results = interpreter.map_function(f, args, span)?;
    if !run.is_empty() {
        keep(&run, call, &share, &results).map_err(fail)?;
    }
    Ok(Value::list(results))
}

/// Keeps the results of this part's share (elements `share[0]`, `share[0] + N`, ...) in
/// its store.
fn keep(run: &[u8], call: u64, share: &[u64], results: &[Value]) -> Result<(), String> {
    let (Some(&first), Some(part)) = (share.first(), shard::part()) else {
        return Ok(());
    };
    match store::keep_shard_results(run, call, first, part.count, results) {
        Ok(_) => Ok(()),
        Err(store::KeepError::Store(message)) => Err(message),
        Err(store::KeepError::Unwritable(value)) => Err(unwritable(&value)),
    }
}

fn unwritable(value: &Value) -> String {
    format!(
        "shard_map keeps its results for `cg merge`, and `{}` ({}) cannot be kept as \
         itself: give numbers, games, strings, booleans, outcomes, grids, loopy values, \
         misère forms, or lists, tuples, sets and maps of them",
        text_in_list(value),
        value.kind()
    )
}

/// How `value` prints as an element of a list (a string in quotes).
fn text_in_list(value: &Value) -> String {
    let list = Value::list(vec![value.clone()]).to_string();
    list[1..list.len() - 1].to_string()
}

/// The elements of what `shard_map` splits, a range without making them.
enum Enumeration {
    Range(i64, u64),
    Items(Vec<Value>),
}

impl Enumeration {
    fn of(xs: &Arg) -> EvalResult<Enumeration> {
        if let Some(integers) = xs.value.integer_range() {
            let length = integers.end.abs_diff(integers.start);
            return Ok(Enumeration::Range(integers.start, length));
        }
        match length(&xs.value) {
            Some(_) => Ok(Enumeration::Items(xs.value.elements().unwrap_or_default())),
            None => Err(EvalError::new(
                format!(
                    "shard_map(f, xs) splits a list, tuple, set, map or range, not {}",
                    xs.value.kind()
                ),
                xs.span.clone(),
            )),
        }
    }

    fn len(&self) -> u64 {
        match self {
            Enumeration::Range(_, n) => *n,
            Enumeration::Items(v) => v.len() as u64,
        }
    }

    /// The arguments of `f` for the elements `first`, `first + stride`, ... (`len` of them).
    fn map_args(&self, first: u64, stride: u64, len: u64) -> MapArgs {
        match self {
            Enumeration::Range(start, _) => MapArgs::Integers {
                start: start.wrapping_add(first as i64),
                stride: stride as i64,
                len: len as usize,
            },
            Enumeration::Items(v) => MapArgs::Values(
                (0..len)
                    .map(|j| v[(first + j * stride) as usize].clone())
                    .collect(),
            ),
        }
    }
}
