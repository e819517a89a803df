//! Ruleset evaluation on one thread and on two (`eval::parallel`): the same workloads as
//! `targets`, from a fresh interpreter with the engine's caches cleared. On a machine with two
//! free cores the two-thread figures should be close to half the one-thread ones; on a loaded
//! machine compare CPU time too (`docs/parallel.md`).
//!
//! Run with `cargo bench --bench parallel`.

use cg::core::clear_caches;
use cg::eval::parallel::set_threads;
use cg::eval::{evaluate, Interpreter, Value};

fn main() {
    divan::main();
}

fn run(threads: usize, program: &str) -> Value {
    set_threads(threads);
    clear_caches();
    evaluate(&mut Interpreter::new(), program).expect("the benchmark program runs")
}

#[divan::bench(args = [1, 2], sample_count = 3)]
fn domineering_5x5(threads: usize) -> Value {
    run(
        threads,
        "canonical_form(Domineering(grid(\".....|.....|.....|.....|.....\")))",
    )
}

#[divan::bench(args = [1, 2], sample_count = 3)]
fn domineering_4x7(threads: usize) -> Value {
    run(
        threads,
        "canonical_form(Domineering(grid(\".......|.......|.......|.......\")))",
    )
}

#[divan::bench(args = [1, 2], sample_count = 3)]
fn cookie_cutter_3x9(threads: usize) -> Value {
    run(threads, "cookie_cutter(3, 9, 2)")
}
