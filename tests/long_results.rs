//! Results of any size (issue 20): a list of 10^8 nim-values prints abbreviated at the
//! interactive prompt and whole elsewhere, Ctrl-C stops building and printing it, and a table
//! that would grow past `--max-memory` stops with an error while the session goes on.
//!
//! The terminal tests drive the session through tmux, as a person would, and are skipped (with
//! a message) on a machine without it.

#[path = "common/terminal.rs"]
mod terminal;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;
use terminal::{Scope, Terminal};

use cg::core::heap::{nim_sequence_naive, HeapRules, TakeBreakCode};

const CG: &str = env!("CARGO_BIN_EXE_cg");

fn cg(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(CG).args(args).output().expect("cg runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn piped(args: &[&str], input: &str) -> (String, String) {
    let mut child = Command::new(CG)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cg runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A report with miette's line breaks and margin taken out.
fn unwrapped(report: &str) -> String {
    report
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The nim-values of `code` by the definition (every move enumerated), printed as a list.
fn by_definition(code: &str, n: usize) -> String {
    let rules = HeapRules::TakeBreak(TakeBreakCode::parse_octal(code).unwrap());
    let values: Vec<String> = nim_sequence_naive(&rules, n)
        .iter()
        .map(u32::to_string)
        .collect();
    format!("[{}]", values.join(","))
}

#[test]
fn scripts_and_pipes_print_long_lists_whole() {
    // Officers' values reach 256 at heap 10344: this list is kept a byte a heap.
    let expected = by_definition("0.6", 5000);
    let (status, out, _) = cg(&["-e", "grundy(octal 0.6, 0..=5000)"]);
    assert_eq!((status, out.trim_end()), (0, expected.as_str()));
    let (out, _) = piped(&[], "grundy(octal 0.6, 0..=5000)\n");
    assert_eq!(out.trim_end(), expected);
    // A stretch and chosen heaps read the same table.
    let (_, out, _) = cg(&[
        "-e",
        "grundy(octal 0.6, 4990..=5000) == grundy(octal 0.6, 0..=5000)[4990..5001]",
    ]);
    assert_eq!(out.trim(), "true");
}

#[test]
fn a_table_past_the_memory_limit_stops_with_an_error() {
    // 10^8 heaps need 600 MB while they are computed: far past a limit of 100 MB.
    let (status, _, err) = cg(&[
        "--max-memory",
        "100M",
        "-e",
        "len(grundy(octal 0.6, 0..=100000000))",
    ]);
    assert_eq!(status, 1, "{err}");
    let err = unwrapped(&err);
    assert!(err.contains("the nim-values of"), "{err}");
    assert!(err.contains("past the memory limit of 100 MB"), "{err}");
    // The session goes on after the error, with the heaps it can afford.
    let (out, err) = piped(
        &["--max-memory", "100M"],
        "len(grundy(octal 0.6, 0..=100000000))\nlen(grundy(octal 0.6, 0..=1000))\n",
    );
    assert!(err.contains("memory limit"), "{err}");
    assert_eq!(out.trim(), "1001");
    // A ruleset's tables stop the same way.
    let (status, _, err) = cg(&[
        "--max-memory",
        "60M",
        "-e",
        "canonical_form(Domineering(grid(\"......|......|......|......|......\")))",
    ]);
    assert_eq!(status, 1, "{err}");
    // Read as one line: where the report wraps depends on the length of the table's name and size.
    let err = unwrapped(&err);
    assert!(
        err.contains("table") && err.contains("memory limit"),
        "{err}"
    );
    let (status, _, err) = cg(&["--max-memory", "lots", "-e", "1"]);
    assert_eq!(status, 2);
    assert!(err.contains("not a size"), "{err}");
}

#[test]
fn at_the_prompt_long_lists_abbreviate_and_ctrl_c_stops_at_once() {
    let Some(repl) = Terminal::start("long", 100, 30, Scope::Screen) else {
        return;
    };

    // Kayles' values have period 12 from heap 71 (Guy and Smith): the last ones are those of
    // the heaps of the same residue, computed here by the definition.
    let kayles = by_definition("0.77", 120);
    let kayles: Vec<&str> = kayles[1..kayles.len() - 1].split(',').collect();
    let last = |n: usize| kayles[72 + (n - 72) % 12];
    let tail = format!(
        ",{},{},{}] (100000001 values)",
        last(99_999_998),
        last(99_999_999),
        last(100_000_000)
    );
    repl.send("grundy(octal 0.77, 0..=100000000)");
    let shown = repl.wait_for_count("(100000001 values)", 1);
    let line = shown
        .lines()
        .find(|l| l.contains("values)"))
        .expect("the abbreviated line");
    assert!(
        line.starts_with("[0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,"),
        "{line}"
    );
    assert!(line.ends_with(&tail), "{line} should end {tail}");
    assert!(line.contains(",...,"), "{line}");
    // A short list prints whole.
    repl.send("grundy(octal 0.77, 0..=5)");
    repl.wait_for_count("[0,1,2,3,1,4]", 1);

    // Ctrl-C while Officers' values are computed (10^8 heaps take minutes), while a list of
    // 10^8 values is printed whole, and while a long list is built from them.
    repl.send("len(grundy(octal 0.6, 0..=100000000))");
    let computing = repl.interrupt_after(Duration::from_secs(2), 1);
    // The screen is cleared between the steps: printing streams the list, which scrolls the
    // earlier `interrupted` off a screen of 30 rows.
    repl.clear_screen("interrupted");
    repl.send("print(grundy(octal 0.77, 0..=100000000))");
    let printing = repl.interrupt_after(Duration::from_secs(2), 1);
    repl.clear_screen("interrupted");
    repl.send("len([x + 1 for x in grundy(octal 0.77, 0..=100000000)])");
    let building = repl.interrupt_after(Duration::from_secs(2), 1);
    // The session goes on.
    repl.send("1 + 1");
    repl.wait_for_count("\n2\n", 1);
    drop(repl);
    eprintln!("Ctrl-C took {computing:?} computing, {printing:?} printing, {building:?} building");
    // The target is 0.2 s; the bound here leaves room for a loaded machine and for tmux.
    for took in [computing, printing, building] {
        assert!(took < Duration::from_secs(2), "Ctrl-C took {took:?}");
    }
}
