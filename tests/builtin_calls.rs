//! Builtin calls that the register code binds when it compiles them (`Instr::CallPlain`, which
//! skips the checks of the general call because they cannot fail) behave like the general call:
//! the same errors with the same call chains, loopy versions and position arguments still
//! chosen where they apply (checked against closures, which the tree evaluator runs through
//! the general call), and the coordinates `cells` lists are right on and off the range of
//! shared pairs.

#[path = "common/cli.rs"]
mod cli;

use cli::run;

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

#[test]
fn a_variable_lent_to_a_bound_builtin_is_back_after_the_call_and_after_its_error() {
    // A local passed in its own register is moved to the builtin and put back: the function
    // must still see it afterwards, whether the call succeeded, failed, or took it twice.
    let program = "def f(g) = [len(cells(g, \".\")), len(cells(g, \".\")), cell(g, (0, 0))]\n\
                   f(grid(\"..|.#\"))";
    assert_eq!(eval(program), "[3,3,\".\"]");
    let twice = "def f(s) = [pow(s, s), s]\nf(3)";
    assert_eq!(eval(twice), "[27,3]");
    let after_error = "def f(g) = cells(g, 3)\nlet g = grid(\"..\")\nf(g)";
    let (ok, _, stderr) = run(after_error);
    assert!(!ok);
    assert!(stderr.contains("in `f`, called here"), "{stderr}");
    let survives = "def f(g) = try_len(g)\ndef try_len(g) = len(cells(g, \".\"))\n\
                    let g = grid(\"...\")\n[f(g), f(g), len(cells(g, \".\"))]";
    assert_eq!(eval(survives), "[3,3,3]");
}

#[test]
fn a_constant_index_gives_the_general_index_and_its_errors() {
    // `c[0]` is compiled to an instruction of its own; off the fast path (a string, a map,
    // an index past the end) it must behave as `c[i]` does.
    assert_eq!(eval("def f(c) = c[1] + c[0]\nf((3, 4))"), "7");
    assert_eq!(
        eval("def f(c, i) = [c[2], c[i]]\nf(\"abc\", 2)"),
        "[\"c\",\"c\"]"
    );
    let (ok, _, stderr) = run("def f(c) = c[5]\nf((3, 4))");
    let (ok_general, _, stderr_general) = run("def f(c, i) = c[i]\nf((3, 4), 5)");
    assert!(!ok && !ok_general);
    let message = |s: &str| s.lines().next().unwrap_or("").to_string();
    assert_eq!(
        message(&stderr),
        message(&stderr_general),
        "{stderr}\n{stderr_general}"
    );
}
