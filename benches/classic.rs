//! The classic board games of issue 18 that CGSuite implements natively (Amazons, Ski Jumps),
//! valued from their `stdlib/classic_boards.cg` rulesets, written in cg, from a fresh
//! interpreter with the engine's caches cleared. The README's table compares them with CGSuite.
//!
//! Run with `cargo bench --bench classic` (a few minutes: Amazons 4x4 is the slow one).

use cg::core::clear_caches;
use cg::eval::{evaluate, Interpreter, Value};

fn main() {
    divan::main();
}

fn run(program: &str) -> Value {
    clear_caches();
    evaluate(&mut Interpreter::new(), program).expect("the benchmark program runs")
}

/// Every square full: four rows of jumpers, alternately Left's and Right's.
#[divan::bench(sample_count = 3)]
fn ski_jumps_4x7_full() -> Value {
    run("ski_jumps(\"L.R.L.R|R.L.R.L|L.R.L.R|R.L.R.L\")")
}

#[divan::bench(sample_count = 3)]
fn amazons_3x4_two_queens() -> Value {
    run("amazons(\"x...|....|...o\")")
}

/// One queen each, in opposite corners.
#[divan::bench(sample_count = 1)]
fn amazons_4x4_two_queens() -> Value {
    run("amazons(\"x...|....|....|...o\")")
}

/// A 5 x 4 board full of pieces: six queens each, three arrows and five empty squares. (The
/// half-full boards, ten queens and ten empty squares, take more than six minutes and 2 GB.)
#[divan::bench(sample_count = 3)]
fn amazons_5x4_full() -> Value {
    run("amazons(\"xo.x|o#.o|.#x.|x.#o|o.xo\")")
}
