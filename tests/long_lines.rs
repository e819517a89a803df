//! Reports about long lines (issue: generated scripts put kilobytes on one line): the report
//! shows a window of the line around the span, with `…` where text is left out, an underline of
//! sensible length, and the real line and column.

use std::process::Command;

/// Numbers the runs of `report`, each in a directory of its own.
static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn report(script: &str) -> String {
    // A directory for each run: tests run at once, and one removing a shared directory could
    // pull it from under another about to write its script there.
    let run = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("cg-long-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("s{}.cg", script.len()));
    std::fs::write(&path, script).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cg"))
        .arg(&path)
        .env("NO_COLOR", "1")
        .output()
        .expect("cg runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!out.status.success(), "the script should fail");
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn longest_line(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

#[test]
fn an_error_in_the_middle_of_a_long_line_shows_a_window() {
    let ones = vec!["1"; 2000].join(", ");
    let script = format!("let x = [{ones}, nowhere, {ones}]\n");
    let text = report(&script);
    // "let x = [" is 9 characters, the 2000 ones with their commas 5999, then ", ".
    assert!(text.contains(":1:6010]"), "{text}");
    assert!(text.contains("…"), "{text}");
    assert!(text.contains("nowhere"), "{text}");
    assert!(longest_line(&text) < 120, "{text}");
}

#[test]
fn a_long_span_shows_its_start_and_end() {
    let list = vec!["1"; 3000].join(",");
    let script = format!("let x = [{list}] + *\n");
    let text = report(&script);
    assert!(text.contains("cannot add a list and a game"), "{text}");
    assert!(text.contains("[1,1"), "{text}");
    assert!(text.contains("1,1] + *"), "{text}");
    assert!(longest_line(&text) < 120, "{text}");
}

#[test]
fn a_syntax_error_at_the_end_of_a_long_line_points_there() {
    let list = vec!["7"; 3000].join(",");
    let script = format!("x = 1\n[{list}]]\n");
    let text = report(&script);
    assert!(text.contains(":2:6002]"), "{text}");
    assert!(longest_line(&text) < 120, "{text}");
}

#[test]
fn the_call_chain_under_an_error_is_windowed_too() {
    let ones = vec!["1"; 1000].join(", ");
    let script = format!("def f(a) = a + missing\nlet y = [{ones}, f(3), {ones}]\n");
    let text = report(&script);
    assert!(text.contains("in `f`, called here"), "{text}");
    assert!(text.contains("f(3)"), "{text}");
    assert!(longest_line(&text) < 120, "{text}");
}
