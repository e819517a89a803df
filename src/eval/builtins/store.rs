//! Builtins of the value store: open one, see what it keeps, drop what is stale.

use std::path::Path;
use std::rc::Rc;

use ahash::{AHashMap, AHashSet};

use crate::eval::error::{EvalError, EvalResult};
use crate::eval::interp::Interpreter;
use crate::eval::store;
use crate::eval::value::Value;
use crate::syntax::ast::Span;

use super::{builtin, builtin_with_interpreter, Arg, Arity, Builtin};

use Arity::Exactly;

const NO_STORE: &str = "no store is open";
const NO_STORE_HELP: &str = "start cg with `--store FILE`, or call `store(\"FILE\")` first";

pub static BUILTINS: &[Builtin] = &[
    builtin!("store", "store(FILE)", Exactly(1),
        "Keeps the values of ruleset positions and heap sequences in the file FILE (made if missing), so that later sessions with the same store start with them; values already kept there are read instead of computed. As `cg --store FILE`.",
        "store(\"values.cgstore\")", |a, _| open(&a[0])),
    builtin!("store_stats", "store_stats()", Exactly(0),
        "What the open store keeps: its file and size in bytes, the numbers of rulesets, positions, games and sequences, and each ruleset and heap game with its count and whether this engine reads it (`current`).",
        "store_stats()[\"positions\"]", |_, span| stats(span)),
    builtin_with_interpreter!("store_gc", "store_gc()", Exactly(0),
        "Drops from the open store every ruleset whose definition matches none defined in this session (edited or removed rulesets), everything written by another version of cg, and the games no kept value needs; gives the counts dropped.",
        "store_gc()[\"positions\"]", collect_garbage),
];

fn open(arg: &Arg) -> EvalResult<Value> {
    let Value::Str(path) = &arg.value else {
        return Err(EvalError::new(
            format!(
                "store(FILE) takes a file name (a string), not {}",
                arg.value.kind()
            ),
            arg.span.clone(),
        ));
    };
    store::open(Path::new(&**path)).map_err(|e| EvalError::new(e, arg.span.clone()))?;
    Ok(Value::Nothing)
}

fn map(entries: Vec<(&str, Value)>) -> Value {
    let map: AHashMap<Value, Value> = entries
        .into_iter()
        .map(|(k, v)| (Value::str(k), v))
        .collect();
    Value::Map(Rc::new(map))
}

fn count(n: u64) -> Value {
    Value::integer(n)
}

fn stats(span: &Span) -> EvalResult<Value> {
    let stats = store::stats()
        .ok_or_else(|| EvalError::new(NO_STORE, span.clone()).with_help(NO_STORE_HELP))?
        .map_err(|e| EvalError::new(e, span.clone()))?;
    let kept = |rows: Vec<(String, u64, bool)>, what: &str| {
        let rows = rows
            .into_iter()
            .map(|(name, n, current)| {
                map(vec![
                    ("name", Value::str(&name)),
                    (what, count(n)),
                    ("current", Value::Bool(current)),
                ])
            })
            .collect();
        Value::list(rows)
    };
    Ok(map(vec![
        ("file", Value::str(&stats.file.display().to_string())),
        ("bytes", count(stats.bytes)),
        ("positions", count(stats.counts.positions)),
        ("games", count(stats.counts.games)),
        ("sequences", count(stats.counts.sequences)),
        ("rulesets", kept(stats.rulesets, "positions")),
        ("heaps", kept(stats.sequences, "heaps")),
    ]))
}

fn collect_garbage(interpreter: &mut Interpreter, _: &[Arg], span: &Span) -> EvalResult<Value> {
    let live: AHashSet<store::definition_hash::Key> = interpreter
        .globals
        .values
        .iter()
        .flatten()
        .filter_map(|v| match v {
            Value::RulesetDef(def) => Some(interpreter.definition_hash(def)),
            Value::Ruleset(instance) => Some(interpreter.definition_hash(&instance.def)),
            _ => None,
        })
        .collect();
    let dropped = store::collect_garbage(&live)
        .ok_or_else(|| EvalError::new(NO_STORE, span.clone()).with_help(NO_STORE_HELP))?
        .map_err(|e| EvalError::new(e, span.clone()))?;
    Ok(map(vec![
        ("rulesets", count(dropped.rulesets)),
        ("positions", count(dropped.positions)),
        ("sequences", count(dropped.sequences)),
        ("games", count(dropped.games)),
    ]))
}
