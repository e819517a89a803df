//! The rulesets of the standard library that spend their time in the interpreter (their rules
//! are comprehensions and helper functions written in cg), valued from a fresh interpreter with
//! the engine's caches cleared. Issue 22 asks for these before and after the register code;
//! `docs/interpreter.md` has the figures.
//!
//! Run with `cargo bench --bench rulesets` (about a minute).

use cg::core::clear_caches;
use cg::eval::{evaluate, Interpreter, Value};

fn main() {
    divan::main();
}

fn run(program: &str) -> Value {
    clear_caches();
    evaluate(&mut Interpreter::new(), program).expect("the benchmark program runs")
}

#[divan::bench(sample_count = 3)]
fn toads_and_frogs_tttt_3_ffff() -> Value {
    run("toads_and_frogs(\"TTTT...FFFF\")")
}

#[divan::bench(sample_count = 3)]
fn clobber_2x6() -> Value {
    run("clobber(\"xoxoxo|oxoxox\")")
}

/// A tree of 15 edges standing on one ground vertex: no split applies.
#[divan::bench(sample_count = 3)]
fn hackenbush_tree_of_15_edges() -> Value {
    run("hackenbush([(0,1,\"B\"),(1,2,\"R\"),(1,3,\"G\"),(2,4,\"B\"),(2,5,\"R\"),(3,6,\"G\"),(3,7,\"B\"),(4,8,\"R\"),(5,9,\"G\"),(6,10,\"B\"),(7,11,\"R\"),(1,12,\"G\"),(12,13,\"B\"),(13,14,\"R\"),(12,15,\"B\")])")
}

#[divan::bench(sample_count = 1)]
fn geodetic_achievement_3x3x3() -> Value {
    run("geodetic_achievement(path(3) * path(3) * path(3))")
}
