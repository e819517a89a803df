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

/// Domineering on 5x5 the way the standard library writes it: every rule one builtin call on
/// a bit board (`place_pairs`, `regions`, `canonical_grid`), so the interpreter is not on the
/// path. The yardstick for the two rulesets written in cg below.
#[divan::bench(sample_count = 3)]
fn domineering_5x5_builtin_rules() -> Value {
    run("Domineering(grid(\".....|.....|.....|.....|.....\"))")
}

/// The moves written in cg over the grid's cells (issue 22's naive Domineering), keeping the
/// builtin decomposition and symmetry hooks: the interpreter makes every option.
const DOMINEERING_MOVES_IN_CG: &str = "
ruleset GridDomineering {
    left g = [fill(g, [c, (c[0] + 1, c[1])], \"#\") for c in cells(g, \".\") if cell(g, (c[0] + 1, c[1])) == \".\"]
    right g = [fill(g, [c, (c[0], c[1] + 1)], \"#\") for c in cells(g, \".\") if cell(g, (c[0], c[1] + 1)) == \".\"]
    split g = regions(g, \".\")
    normal g = canonical_grid(g)
}
";

#[divan::bench(sample_count = 3)]
fn domineering_5x5_moves_in_cg() -> Value {
    run(&format!(
        "{DOMINEERING_MOVES_IN_CG}\nGridDomineering(grid(\".....|.....|.....|.....|.....\"))"
    ))
}

/// Domineering with no board builtin at all: a position is the set of empty cells, and there
/// is no decomposition into regions and no symmetry, so every placement of dominoes is a
/// position of its own (on 4x5 already 60 times the builtin path's time, mostly in hashing
/// and comparing the sets).
const DOMINEERING_OVER_CELLS: &str = "
ruleset CellsDomineering {
    left cs = [difference(cs, {c, (c[0] + 1, c[1])}) for c in cs if (c[0] + 1, c[1]) in cs]
    right cs = [difference(cs, {c, (c[0], c[1] + 1)}) for c in cs if (c[0], c[1] + 1) in cs]
}
def board(h, w) = {(r, c) for r in 0..h for c in 0..w}
";

#[divan::bench(sample_count = 1)]
fn domineering_4x5_over_a_set_of_cells() -> Value {
    run(&format!(
        "{DOMINEERING_OVER_CELLS}\nCellsDomineering(board(4, 5))"
    ))
}

#[divan::bench(sample_count = 3)]
fn domineering_4x5_builtin_rules() -> Value {
    run("Domineering(grid(\".....|.....|.....|.....\"))")
}
