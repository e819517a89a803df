//! Ctrl-C on piped input (`cat script.cg | cg`): it stops the computation under way with the
//! message the prompt gives, the rest of the input is not run, and cg ends with status 130
//! (as a shell reports SIGINT). Waiting for input, Ctrl-C ends cg at once.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn interrupt(pid: u32) {
    let status = Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

#[test]
fn ctrl_c_stops_a_piped_computation_and_the_rest_of_the_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cg"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cg starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"1 + 1\nlet i = 0\nwhile true\n    i = i + 1\nend\n\"after\"\n")
        .unwrap();
    drop(stdin);
    // The first line's value shows the session is running; the loop is under way after it.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first.trim(), "2");
    std::thread::sleep(Duration::from_millis(300));
    interrupt(child.id());
    let started = Instant::now();
    let status = child.wait().unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "cg did not stop"
    );
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap();
    let mut errors = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut errors).unwrap();
    assert_eq!(status.code(), Some(130), "stderr: {errors}");
    assert!(errors.contains("interrupted"), "stderr: {errors}");
    assert!(!rest.contains("after"), "the rest of the input ran: {rest}");
}

#[test]
fn ctrl_c_while_waiting_for_piped_input_ends_cg() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cg"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cg starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"3 * 4\n").unwrap();
    stdin.flush().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first.trim(), "12");
    interrupt(child.id());
    let status = child.wait().unwrap();
    drop(stdin);
    assert_eq!(status.code(), Some(130));
}
