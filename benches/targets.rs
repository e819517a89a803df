//! The workloads of the performance targets (issue 8) that take seconds rather than minutes,
//! run as a user would type them: Domineering from the stdlib ruleset (cg, not Rust), Odd versus
//! Even splittles, geodetic games, Officers. Every sample starts from a fresh interpreter with
//! the engine's caches cleared, so nothing is remembered between samples.
//!
//! Run with `cargo bench --bench targets` (about two minutes); `bench/compare.sh` times the
//! whole list, the slow ones included, against the targets with peak memory.

use cg::core::clear_caches;
use cg::eval::{evaluate, Interpreter, Value};

fn main() {
    divan::main();
}

fn run(program: &str) -> Value {
    clear_caches();
    evaluate(&mut Interpreter::new(), program).expect("the benchmark program runs")
}

#[divan::bench(sample_count = 5)]
fn domineering_5x5() -> Value {
    run("canonical_form(Domineering(grid(\".....|.....|.....|.....|.....\")))")
}

#[divan::bench(sample_count = 3)]
fn domineering_4x7() -> Value {
    run("canonical_form(Domineering(grid(\".......|.......|.......|.......\")))")
}

#[divan::bench(sample_count = 5)]
fn odd_versus_even_to_40() -> Value {
    run("let G = splittles odds vs evens\n[[mean(G(n)), temperature(G(n)), stop_count(G(n))] for n in 0..=40]")
}

#[divan::bench(sample_count = 5)]
fn officers_to_a_million() -> Value {
    run("len(grundy(octal 0.6, 0..=1000000))")
}

#[divan::bench(sample_count = 5)]
fn geodetic_achievement_5x5() -> Value {
    run("geodetic_achievement(path(5) * path(5))")
}
