//! Builtins of a run split across processes (`cg script.cg --shard I/N`, see `eval::shard`).

use crate::eval::error::{EvalError, EvalResult};
use crate::eval::shard;
use crate::eval::value::Value;

use super::{builtin, Arg, Arity, Builtin};

use Arity::Exactly;

pub static BUILTINS: &[Builtin] = &[
    builtin!("shard", "shard(xs)", Exactly(1),
        "The share of the list, tuple, set, map (its keys) or range xs that this part of a run started with `--shard I/N` computes: the elements at positions I-1, I-1+N, I-1+2N, ... as a list; without `--shard`, every element (xs itself). `cg merge` combines the parts.",
        "shard([10, 20, 30])  # [10,20,30]", |a, _| share(&a[0])),
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
