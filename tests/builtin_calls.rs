//! Builtin calls that the register code binds when it compiles them (`Instr::CallPlain`, which
//! skips the checks of the general call because they cannot fail) behave like the general call:
//! the same errors with the same call chains, loopy versions and position arguments still
//! chosen where they apply (checked against closures, which the tree evaluator runs through
//! the general call), and the coordinates `cells` lists are right on and off the range of
//! shared pairs.

use std::process::Command;

const CG: &str = env!("CARGO_BIN_EXE_cg");

fn run(program: &str) -> (bool, String, String) {
    let out = Command::new(CG).arg("-e").arg(program).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn eval(program: &str) -> String {
    let (ok, stdout, stderr) = run(program);
    assert!(ok, "`{program}` failed: {stderr}");
    stdout
}

#[test]
fn a_bound_builtin_fails_with_its_message_and_call_chain() {
    let (ok, _, stderr) = run("def f(g) = cells(g, \".\")\nf(3)");
    assert!(!ok);
    assert!(
        stderr.contains("expected a grid; found an integer"),
        "{stderr}"
    );
    assert!(stderr.contains("in `f`, called here"), "{stderr}");
}

#[test]
fn a_wrong_number_of_arguments_is_still_reported_when_called() {
    // Compiling the function must not fail: only calling it does.
    assert_eq!(eval("def f(g) = cells(g)\n1"), "1");
    let (ok, _, stderr) = run("def f(g) = cells(g)\nf(grid(\"..\"))");
    assert!(!ok);
    assert!(stderr.contains("`cells` takes 2 arguments"), "{stderr}");
}

#[test]
fn loopy_versions_and_positions_are_chosen_as_by_the_general_call() {
    let bound = eval("def f(x) = degree(x)\n[f(on), f(*2), f(over), f(1/2)]");
    let general = eval("let g = x -> degree(x)\n[g(on), g(*2), g(over), g(1/2)]");
    assert_eq!(bound, general);
    // 2x2 Domineering is {1|-1}, a first-player win, by hand.
    let outcome = "def f(x) = outcome(x)\nf(position(Domineering, grid(\"..|..\")))";
    assert_eq!(eval(outcome), "N");
}

#[test]
fn cells_lists_coordinates_in_and_beyond_the_shared_range() {
    assert_eq!(eval("cells(grid(\".#|..\"), \".\")"), "[(0,0),(1,0),(1,1)]");
    let row = ".".repeat(70);
    let program = format!(
        "let cs = cells(grid(\"{row}\"), \".\")\n[cs == [(0, c) for c in 0..70], cs[69][1] + 1]"
    );
    assert_eq!(eval(&program), "[true,70]");
}
