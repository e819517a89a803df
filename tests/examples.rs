//! Every script in examples/ runs without error; the tour's Kayles line reproduces the
//! nim-sequence of Kayles (octal 0.77) as published (Winning Ways ch. 4; DESIGN.md's example).

use std::process::Command;

fn run(script: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cg"))
        .arg(script)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("cg runs");
    assert!(
        out.status.success(),
        "{script} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_example_runs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut count = 0;
    for entry in std::fs::read_dir(dir).expect("examples/ exists") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "cg") {
            let name = format!("examples/{}", path.file_name().unwrap().to_string_lossy());
            assert!(!run(&name).is_empty(), "{name} printed nothing");
            count += 1;
        }
    }
    assert!(count > 0, "no examples found");
}

#[test]
fn the_tour_reproduces_kayles() {
    let out = run("examples/tour.cg");
    assert!(
        out.lines()
            .any(|l| l == "[0,1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1]"),
        "{out}"
    );
    assert!(out.lines().any(|l| l == "354224848179261915075"), "{out}");
}

/// A reader that stops early (`cg script | head`) ends cg quietly, not with a panic.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_cg"))
        .args(["-e", "for i in 1..=200000 do print(i)"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("cg runs");
    let mut first = [0u8; 16];
    child
        .stdout
        .take()
        .expect("a pipe")
        .read_exact(&mut first)
        .expect("cg prints");
    let out = child.wait_with_output().expect("cg ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}
