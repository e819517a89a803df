//! The interactive session driven as a person would, through tmux: a multi-line ruleset, an
//! error, a computation interrupted with Ctrl-C, and the session going on with its definitions.
//! Skipped (with a message) on a machine without tmux.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Waits until the screen contains `text` (or fails after a few seconds).
fn wait_for(session: &str, text: &str) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-t", session, "-p"]);
        if screen.contains(text) {
            return screen;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "never saw {text:?}; the screen:\n{screen}"
        );
        sleep(Duration::from_millis(50));
    }
}

/// Waits until `text` is on the screen `count` times: a message that an earlier step already
/// printed (`interrupted`) is only new when it appears once more.
fn wait_for_count(session: &str, text: &str, count: usize) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-t", session, "-p"]);
        if screen.matches(text).count() >= count {
            return screen;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "never saw {text:?} {count} times; the screen:\n{screen}"
        );
        sleep(Duration::from_millis(50));
    }
}

fn send(session: &str, keys: &str) {
    tmux(&["send-keys", "-t", session, "-l", keys]);
    tmux(&["send-keys", "-t", session, "Enter"]);
}

#[test]
fn a_session_in_a_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal session test");
        return;
    }
    let session = format!("cg-test-{}", std::process::id());
    let home = std::env::temp_dir().join(&session);
    std::fs::create_dir_all(&home).expect("a temporary home");
    let command = format!(
        "HOME={} NO_COLOR=1 {}",
        home.display(),
        env!("CARGO_BIN_EXE_cg")
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "120",
        "-y",
        "50",
        &command,
    ]);
    wait_for(&session, "cg>");

    send(&session, "{2|0} + *3");
    wait_for(&session, "{2*3|*3}");

    send(&session, "ruleset Sub(sl, sr) {");
    send(&session, "  left n = [n - s for s in sl if s <= n]");
    send(&session, "  right n = [n - s for s in sr if s <= n]");
    send(&session, "}");
    // Partizan subtraction {1,2} vs {1,3} from heap 2: {0,*|*} = ^.
    send(&session, "Sub([1, 2], [1, 3])(2)");
    wait_for(&session, "\n^\n");

    send(&session, "flor(1)");
    wait_for(&session, "did you mean `floor`?");

    send(
        &session,
        "let s = 0; for i in 1..=1000000000000 do s = s + i",
    );
    sleep(Duration::from_millis(500));
    tmux(&["send-keys", "-t", &session, "C-c"]);
    wait_for(&session, "interrupted");

    // A computation running for more than a second shows a spinner counting positions; Ctrl-C
    // stops it and the spinner leaves no trace.
    send(&session, "clear_cache(); Domineering(grid(\"........|........|........|........|........|........\"))");
    wait_for(&session, "positions");
    tmux(&["send-keys", "-t", &session, "C-c"]);
    let screen = wait_for_count(&session, "interrupted\ncg>", 2);
    assert!(
        !screen.contains("Ctrl-C stops"),
        "the spinner stayed:\n{screen}"
    );

    // A loaded script is interrupted the same way.
    let script = home.join("long.cg");
    std::fs::write(
        &script,
        "print(\"started\")\nlet s = 0\nfor i in 1..=1000000000000 do s = s + i\n",
    )
    .expect("a script");
    send(&session, &format!(":load {}", script.display()));
    wait_for(&session, "started");
    sleep(Duration::from_millis(300));
    tmux(&["send-keys", "-t", &session, "C-c"]);
    wait_for_count(&session, "interrupted\ncg>", 3);

    // The session goes on, with its definitions.
    send(&session, "Sub([1, 2], [1, 3])(2) + v");
    let screen = wait_for(&session, "\n0\n");

    // At the terminal a thermograph is followed by a sketch: the mast of ±1 above t = 1, the
    // walls 1 - t and -1 + t meeting there, two characters per unit.
    send(&session, "thermograph(+-1)");
    let sketch = wait_for(&session, "  2   0  -2");
    let expected = [
        "Thermograph(0,[1],[0,-1],0,[1],[0,1])",
        "      |",
        "      |",
        "      |",
        "     / \\",
        " ---/---\\---  t = 0",
        "   /     \\",
        "  /       \\",
        "  2   0  -2",
    ]
    .join("\n");
    assert!(sketch.contains(&expected), "{sketch}");
    send(&session, ":quit");
    tmux(&["kill-session", "-t", &session]);
    assert!(screen.contains("interrupted"), "{screen}");
}
