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

/// Mesdal, "Partizan Splittles": every check the script makes of a theorem holds, and the
/// numbers the paper prints come out (section 7: 611 and 6 stops; section 6: G_40 has over
/// 9 billion stops). Theorem 5's (5-3) is printed the wrong way round in the paper; the script
/// shows a counterexample and checks the reversed inequality.
#[test]
fn partizan_splittles_reproduces_the_paper() {
    let out = run("examples/partizan_splittles.cg");
    let checks: Vec<&str> = out
        .lines()
        .filter(|l| l.ends_with(": true") || l.ends_with(": false"))
        .collect();
    assert!(checks.len() >= 20, "{out}");
    for line in &checks {
        assert!(line.ends_with(": true"), "a check failed: {line}");
    }
    assert!(out.contains("stops of G_14, {1,3} vs {2,4}: 611 "), "{out}");
    assert!(out.contains("stops of G_14, {1} vs {2,4}: 6 "), "{out}");
    let g40 = out
        .lines()
        .find_map(|l| l.strip_prefix("G_40 has "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse::<u64>().ok())
        .expect("the stop count of G_40");
    assert!(g40 > 9_000_000_000, "{g40}");
    // Theorem 2: period k, saltus {k-1|0}.
    assert!(
        out.contains("Periodicity(Period => 4, Preperiod => 0, Saltus => {3|0})"),
        "{out}"
    );
    // Theorem 3: period 4k, saltus ^->2 (printed ^[2]).
    assert!(
        out.contains("Periodicity(Period => 8, Preperiod => 0, Saltus => ^[2])"),
        "{out}"
    );
}
