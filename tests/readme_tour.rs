//! The README's examples stay true: every line `EXPR   # VALUE` of the short tour and of the
//! section on misère play is run with `cg -e` and must print VALUE. The values are facts of the
//! theory a reader can check by hand ({0 | 1} = 1/2, *5 + *6 = *3, {1 | 0} + {1 | 0} = 1, ...),
//! not copies of our output.
//!
//! The misère values, each checked by hand: *2+*2 is written `2[2]`; {*} = 0 by Conway's
//! reduction; *2+*2 is a P-position by the misère Nim rule; the misère nim-value of 0 is 1 by
//! definition; {*2} has genus 0^0 (worked in the core tests); the Kayles genera are checked
//! against a search in tests/misere_heaps.rs; heap 5 of Kayles has the options *, *2
//! (= * + *3), *2+*2 and *3 (= * + *2), so it is `*[2[2]321]`; Kayles(4) + * = * + * = 0, a
//! win for the player to move; in {1|-1} whoever moves first leaves the other without a move,
//! who then wins.

use std::process::Command;

/// The `(expression, printed value)` lines of a part of the README: indented lines from the
/// heading `start` to the first `end` after it, with the comment after the value dropped.
fn example_lines(readme: &str, start: &str, end: &str) -> Vec<(String, String)> {
    let start = readme.find(start).expect("the README has the section");
    let end = start + readme[start..].find(end).expect("the examples end");
    readme[start..end]
        .lines()
        .filter_map(|line| line.strip_prefix("    "))
        .filter_map(|line| {
            let (expr, value) = line.split_once(" # ")?;
            let value = value.trim();
            // A remark after the value is set off by two or more spaces: `1/3  (a rational...)`.
            let value = value.split("  ").next().unwrap_or(value).trim();
            Some((expr.trim().to_string(), value.to_string()))
        })
        .collect()
}

/// Runs each line with `cg -e` and compares what it prints with the README's value.
fn check_lines(lines: Vec<(String, String)>) {
    for (expr, value) in lines {
        let out = Command::new(env!("CARGO_BIN_EXE_cg"))
            .args(["-e", &expr])
            .env("NO_COLOR", "1")
            .output()
            .expect("cg runs");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert_eq!(printed.trim_end(), value, "cg -e '{expr}'");
    }
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable")
}

#[test]
fn every_tour_line_prints_what_the_readme_says() {
    let lines = example_lines(&readme(), "## A short tour", "A script");
    assert!(lines.len() >= 15, "the tour has {} lines", lines.len());
    check_lines(lines);
}

/// The rulesets' examples: published values (Kayles' nim-values, Guy and Smith; Toads and Frogs
/// and Hackenbush, Winning Ways ch. 1 and 2; Splittles, Mesdal's paper) and the closed forms
/// checked in tests/stdlib_classic.rs (Cutcake, Maundy Cake, Wythoff's pairs, two-rowed Chomp,
/// Fibonacci Nim's Fibonacci losses), and the four coins of Fair Shares and Varied Pairs by the
/// proof beside `fair_shares_and_varied_pairs_four_coins_by_hand` in tests/loopy_rulesets.rs.
#[test]
fn every_ruleset_line_prints_what_the_readme_says() {
    let lines = example_lines(&readme(), "## Builtin rulesets", "`stdlib/graphs.cg` has");
    assert!(
        lines.len() >= 10,
        "the ruleset section has {} lines",
        lines.len()
    );
    check_lines(lines);
}

#[test]
fn every_misere_line_prints_what_the_readme_says() {
    let lines = example_lines(&readme(), "## Misère play", "| function");
    assert!(lines.len() >= 10, "the section has {} lines", lines.len());
    check_lines(lines);
}

/// The section on positions; its winning moves are those of a sum checked against exhaustive
/// play in tests/positions.rs, the Nim line by 3 xor 5 xor 6 = 0, Kayles 2's options by its
/// rule (one pin or two), and Right's best move in +-3 + +-1 + +-2 is in the hottest switch
/// (it leaves a game <= 0: whatever Left does, Right answers in the next hottest).
#[test]
fn every_positions_line_prints_what_the_readme_says() {
    let lines = example_lines(
        &readme(),
        "## Positions: look, move, play",
        "A winning move is",
    );
    assert!(lines.len() >= 6, "the section has {} lines", lines.len());
    check_lines(lines);
}
