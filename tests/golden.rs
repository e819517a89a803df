//! Golden tests. Each `tests/golden/NAME.cg` holds one input per line; every line is run as
//! `cg -e LINE` and the transcript (the line, what cg printed on stdout and stderr, and a
//! non-zero exit status) must equal `tests/golden/NAME.expected`. Each
//! `tests/golden/scripts/NAME.cg` is run whole as `cg NAME.cg` and its output compared the same
//! way. Run with `UPDATE_GOLDEN=1` to rewrite the expected files, then review the diff like code.

use std::path::{Path, PathBuf};
use std::process::Command;

fn transcript(case: &Path) -> String {
    let source = std::fs::read_to_string(case).expect("golden case is readable");
    let mut out = String::new();
    for line in source.lines() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let run = Command::new(env!("CARGO_BIN_EXE_cg"))
            .arg("-e")
            .arg(line)
            .env("NO_COLOR", "1")
            .output()
            .expect("cg runs");
        out.push_str(&format!("> {line}\n"));
        out.push_str(&String::from_utf8_lossy(&run.stdout));
        out.push_str(&String::from_utf8_lossy(&run.stderr));
        match run.status.code() {
            Some(0) => {}
            Some(code) => out.push_str(&format!("[exit {code}]\n")),
            None => out.push_str("[killed by a signal]\n"),
        }
    }
    out
}

/// Runs a script from its own directory, so reports name it as `NAME.cg`.
fn script_output(case: &Path) -> String {
    let run = Command::new(env!("CARGO_BIN_EXE_cg"))
        .arg(case.file_name().expect("a file name"))
        .current_dir(case.parent().expect("a directory"))
        .env("NO_COLOR", "1")
        .output()
        .expect("cg runs");
    let mut out = String::from_utf8_lossy(&run.stdout).into_owned();
    out.push_str(&String::from_utf8_lossy(&run.stderr));
    if run.status.code() != Some(0) {
        out.push_str(&format!("[exit {:?}]\n", run.status.code()));
    }
    out
}

/// Pipes a file into `cg` (the session without a terminal).
fn piped_output(case: &Path) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cg"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("cg runs");
    let input = std::fs::read(case).expect("the case is readable");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(&input)
        .expect("cg reads its input");
    let run = child.wait_with_output().expect("cg finishes");
    let mut out = String::from_utf8_lossy(&run.stdout).into_owned();
    out.push_str("--- stderr\n");
    out.push_str(&String::from_utf8_lossy(&run.stderr));
    out
}

#[test]
fn golden_piped_sessions() {
    check_directory("tests/golden/piped", piped_output);
}

#[test]
fn golden_transcripts() {
    check_directory("tests/golden", transcript);
}

#[test]
fn golden_scripts() {
    check_directory("tests/golden/scripts", script_output);
}

fn check_directory(relative: &str, produce: fn(&Path) -> String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/golden exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cg"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no golden cases found");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for case in &cases {
        let actual = produce(case);
        let expected_path = case.with_extension("expected");
        if update {
            std::fs::write(&expected_path, &actual).expect("expected file is writable");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if actual != expected {
            failures.push(format!(
                "{}:\n--- expected\n{expected}\n--- actual\n{actual}",
                case.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "golden transcripts differ:\n{}",
        failures.join("\n")
    );
}
