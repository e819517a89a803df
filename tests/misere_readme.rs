//! The README's section on misère play stays true: every line `EXPR   # VALUE` of it is run
//! with `cg -e` and must print VALUE. Each value is a fact checked by hand: *2+*2 is written
//! `2[2]`; {*} = 0 by Conway's reduction; *2+*2 is a P-position by the misère Nim rule; the
//! misère nim-value of 0 is 1 by definition; {*2} has genus 0^0 (worked in the core tests);
//! the Kayles genera are checked against a search in tests/misere_heaps.rs; heap 5 of Kayles
//! has the options *, *2 (= * + *3), *2+*2 and *3 (= * + *2), so it is `*[2[2]321]`;
//! Kayles(4) + * = * + * = 0, a win for the player to move; in {1|-1} whoever moves first
//! leaves the other without a move, who then wins.

use std::process::Command;

fn section_lines(readme: &str) -> Vec<(String, String)> {
    let start = readme
        .find("## Misère play")
        .expect("the README has the section");
    let end = start
        + readme[start..]
            .find("| function")
            .expect("the examples end");
    readme[start..end]
        .lines()
        .filter_map(|line| line.strip_prefix("    "))
        .filter_map(|line| {
            let (expr, value) = line.split_once(" # ")?;
            let value = value.trim();
            let value = value.split("  ").next().unwrap_or(value).trim();
            Some((expr.trim().to_string(), value.to_string()))
        })
        .collect()
}

#[test]
fn every_misere_line_prints_what_the_readme_says() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let lines = section_lines(&readme);
    assert!(lines.len() >= 10, "the section has {} lines", lines.len());
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
