//! Amazons and Ski Jumps, whose rules cg's standard library writes in the cg language, against
//! the values another engine gives: cgt 0.11.0 (crates.io, from the repository t4ccer/cgt-tools: a Rust library
//! with Amazons and Ski Jumps built in), `canonical_form` with its parallel transposition table,
//! run on 2026-12-06 outside this repository. The boards of `tests/cgt_values/*.tsv` are the
//! Amazons board of cgt's own test (`x..#|....|.#.o`, whose value its authors confirmed with
//! CGSuite), two 4x4 boards with two arrows, and boards drawn at random (seed 20261206) of up
//! to 5 x 5 cells; three random Amazons boards that take cg over 2 s are left out. cgt reads the
//! boards as cg does (`x`/`o` queens, `#` arrows; `L`/`R` jumpers, `l`/`r` slippers, Left moving
//! east) and prints canonical forms in CGSuite's notation, which cg reads back.

use cg::eval::Interpreter;

#[path = "common/evaluate.rs"]
mod evaluate;
use evaluate::game_of;

/// Every `board<TAB>value` line of `table` must give `value` under `shorthand`.
fn agrees_with_cgt(shorthand: &str, table: &str) {
    let mut interpreter = Interpreter::new();
    let mut boards = 0;
    for line in table.lines() {
        let (board, value) = line.split_once('\t').expect("board<TAB>value");
        let got = game_of(&mut interpreter, &format!("{shorthand}(\"{board}\")"));
        let want = game_of(&mut interpreter, value);
        assert_eq!(
            got, want,
            "{shorthand}(\"{board}\") is {got}, cgt says {value}"
        );
        boards += 1;
    }
    assert!(boards >= 35, "only {boards} boards in the table");
}

#[test]
fn amazons_agrees_with_cgt() {
    agrees_with_cgt("amazons", include_str!("cgt_values/amazons.tsv"));
}

#[test]
fn ski_jumps_agrees_with_cgt() {
    agrees_with_cgt("ski_jumps", include_str!("cgt_values/ski_jumps.tsv"));
}
