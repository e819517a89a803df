//! The interactive session driven as a person would, through tmux: a multi-line ruleset, an
//! unclosed brace, an error, a computation interrupted with Ctrl-C, and the session going on with its definitions.
//! Skipped (with a message) on a machine without tmux.

#[path = "common/terminal.rs"]
mod terminal;

use std::thread::sleep;
use std::time::Duration;
use terminal::{Scope, Terminal};

#[test]
fn a_session_in_a_terminal() {
    let Some(cg) = Terminal::start("repl", 120, 50, Scope::Screen) else {
        return;
    };
    cg.send("{2|0} + *3");
    cg.wait_for("{2*3|*3}");

    cg.send("ruleset Sub(sl, sr) {");
    cg.send("  left n = [n - s for s in sl if s <= n]");
    cg.send("  right n = [n - s for s in sr if s <= n]");
    cg.send("}");
    // Partizan subtraction {1,2} vs {1,3} from heap 2: {0,*|*} = ^.
    cg.send("Sub([1, 2], [1, 3])(2)");
    cg.wait_for("\n^\n");
    // The ruleset's lines after the first were read at the continuation prompt.
    cg.wait_for("\n...   left n = ");

    // An empty line at the continuation prompt ends the input, and the parser says what is
    // missing; the session goes on.
    cg.send("a{0|a");
    cg.wait_for("a{0|a\n...");
    cg.send("");
    cg.wait_for("unclosed `{`");
    cg.send("a{0|a}");
    cg.wait_for("\nover\n");

    cg.send("flor(1)");
    cg.wait_for("did you mean `floor`?");

    cg.send("let s = 0; for i in 1..=1000000000000 do s = s + i");
    sleep(Duration::from_millis(500));
    cg.ctrl_c();
    cg.wait_for("interrupted");

    // A computation running for more than a second shows a spinner counting positions; Ctrl-C
    // stops it and the spinner leaves no trace.
    cg.send("clear_cache(); Domineering(grid(\"........|........|........|........|........|........\"))");
    cg.wait_for("positions");
    cg.ctrl_c();
    let screen = cg.wait_for_count("interrupted\ncg>", 2);
    assert!(
        !screen.contains("Ctrl-C stops"),
        "the spinner stayed:\n{screen}"
    );

    // A loaded script is interrupted the same way.
    let script = cg.home().join("long.cg");
    std::fs::write(
        &script,
        "print(\"started\")\nlet s = 0\nfor i in 1..=1000000000000 do s = s + i\n",
    )
    .expect("a script");
    cg.send(&format!(":load {}", script.display()));
    cg.wait_for("started");
    sleep(Duration::from_millis(300));
    cg.ctrl_c();
    cg.wait_for_count("interrupted\ncg>", 3);

    // The session goes on, with its definitions.
    cg.send("Sub([1, 2], [1, 3])(2) + v");
    let screen = cg.wait_for("\n0\n");

    // At the terminal a thermograph is followed by a sketch: the mast of ±1 above t = 1, the
    // walls 1 - t and -1 + t meeting there, two characters per unit.
    cg.send("thermograph(+-1)");
    let sketch = cg.wait_for("  2   0  -2");
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

    // A heap game typed alone shows the start of its sequence and its periodicity: Kayles'
    // nim-sequence and its period 12 from heap 71 (Guy and Smith, 1956; Winning Ways ch. 4).
    cg.send("octal 0.77");
    let sketch = cg.wait_for("proven");
    assert!(
        sketch.contains("nim-values from heap 0: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 ..."),
        "{sketch}"
    );
    assert!(sketch.contains("period 12, preperiod 71"), "{sketch}");
    cg.send(":quit");
    assert!(screen.contains("interrupted"), "{screen}");
}
