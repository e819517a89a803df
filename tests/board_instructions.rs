//! `cell(g, c)` and `fill(g, [cells], s)` with its cells written out are compiled to
//! instructions of their own (`CellAt`, `FillAt`), and `x == "."` to a comparison with the
//! constant in place (`CompareConstOrJump`). Each must give what the general builtin call gives,
//! values and errors alike. The reference is the same body in a closure, which the tree
//! evaluator runs through the general call; the `def` is padded so that both bodies start in
//! the same column, and the errors' messages and underlines must then be the same.

#[path = "common/cli.rs"]
mod cli;

use cli::run;

/// The lines of an error report that do not quote the program: the message, the underlines
/// and their labels, the call chain.
fn report(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| !l.contains('│') || l.contains('·'))
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// Runs `body` over the parameters `params` as a compiled function and as a closure, with
/// the arguments `args`, and checks that both give the same value or the same error.
fn same_as_general_call(params: &str, body: &str, args: &str) -> String {
    // "let f = (" is 9 characters and "def f(" 6; ") -> " is 5 and ")     = " 8.
    let compiled = format!("def f({params})     = {body}\nf({args})");
    let general = format!("let f = ({params}) -> {body}\nf({args})");
    let (ok_c, out_c, err_c) = run(&compiled);
    let (ok_g, out_g, err_g) = run(&general);
    assert_eq!(ok_c, ok_g, "{body} on {args}:\n{err_c}\n{err_g}");
    assert_eq!(out_c, out_g, "{body} on {args}");
    let named = err_g.replace("`<lambda>`", "`f`");
    assert_eq!(
        report(&err_c),
        report(&named),
        "{body} on {args}:\n{err_c}\n{err_g}"
    );
    if ok_c {
        out_c
    } else {
        err_c
    }
}

#[test]
fn cell_reads_on_and_off_the_board_as_the_builtin_does() {
    let all = same_as_general_call(
        "g",
        "[cell(g, (r, c)) for r in -1..=3 for c in -1..=3]",
        "grid(\"x.o|#..\")",
    );
    // Row 0 is `x.o`, row 1 `#..`; every other square is off the board, nothing (printed
    // as nothing at all).
    let mut expected = vec![""; 25];
    for (i, s) in [
        (6, "x"),
        (7, "."),
        (8, "o"),
        (11, "#"),
        (12, "."),
        (13, "."),
    ] {
        expected[i] = s;
    }
    let expected: Vec<String> = expected
        .iter()
        .map(|s| {
            if s.is_empty() {
                String::new()
            } else {
                format!("{s:?}")
            }
        })
        .collect();
    assert_eq!(all, format!("[{}]", expected.join(",")));
}

#[test]
fn cell_off_the_fast_path_fails_or_answers_as_the_builtin() {
    let board = "grid(\"..|.#\")";
    for (r, c) in [
        ("1/2", "0"),
        ("0", "\"a\""),
        ("10^30", "0"),
        ("-(10^30)", "1"),
        ("0", "*"),
        ("on", "0"),
    ] {
        same_as_general_call("g, r, c", "cell(g, (r, c))", &format!("{board}, {r}, {c}"));
    }
    // A cell that is a value rather than a pair written out.
    for t in [
        "(1, 1)",
        "[1, 0]",
        "(1, 1, 1)",
        "(1/2, 0)",
        "(-1, 0)",
        "5",
        "(0, 10^30)",
    ] {
        same_as_general_call("g, t", "cell(g, t)", &format!("{board}, {t}"));
    }
    for g in ["3", "\"..\"", "[1, 2]", "{1|0}"] {
        let err = same_as_general_call("g, r, c", "cell(g, (r, c))", &format!("{g}, 0, 0"));
        assert!(err.contains("expected a grid"), "{err}");
    }
    // Computed coordinates, and a grid that is itself computed (an intermediate register).
    same_as_general_call(
        "g, c",
        "[cell(g, (c[0] + 1, c[1])), cell(fill(g, [c], \"x\"), (c[0], c[1] - 1 + 1))]",
        &format!("{board}, (0, 1)"),
    );
}

#[test]
fn fill_makes_the_builtins_grid_and_refuses_what_it_refuses() {
    let board = "grid(\"...|...\")";
    let filled = same_as_general_call(
        "g, c",
        "[fill(g, [c, (c[0] + 1, c[1])], \"#\"), fill(g, [(0, 0), c, [1, 2]], \"o\")]",
        &format!("{board}, (0, 1)"),
    );
    assert_eq!(filled, "[grid(\".#.|.#.\"),grid(\"oo.|..o\")]");
    for (cells, symbol) in [
        ("[(2, 0)]", "\"#\""),
        ("[(0, -1)]", "\"#\""),
        ("[(0, 1/2)]", "\"#\""),
        ("[(0, 0), 5]", "\"#\""),
        ("[(0, 0)]", "\"##\""),
        ("[(0, 0)]", "\"|\""),
        ("[(0, 0)]", "\" \""),
        ("[(0, 0)]", "3"),
        ("[(0, 10^30)]", "\"#\""),
    ] {
        let err = same_as_general_call("g", &format!("fill(g, {cells}, {symbol})"), board);
        assert!(
            err.contains('×'),
            "fill(g, {cells}, {symbol}) should fail: {err}"
        );
    }
    same_as_general_call("g", "fill(g, [(0, 0)], \"#\")", "7");
    // More cells than the instruction takes written out, and a list that is not written out.
    let many = same_as_general_call(
        "g",
        "[fill(g, [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 0), (0, 1), (0, 2)], \"#\"), fill(g, cells(g, \".\"), \"x\")]",
        board,
    );
    assert_eq!(many, "[grid(\"###|###\"),grid(\"xxx|xxx\")]");
}

#[test]
fn a_variable_filled_in_place_keeps_its_cells_until_the_new_grid_replaces_it() {
    // `g = fill(g, ...)` reads g where it lies and writes the new grid over it; the loop sees
    // each step's grid.
    let program = "def walk(g)\n    let k = 0\n    while k < 3\n        g = fill(g, [(0, k)], \"x\")\n        k = k + 1\n    end\n    [g, cell(g, (0, 2)), cell(g, (0, 3))]\nend\nwalk(grid(\"....\"))";
    let (ok, out, err) = run(program);
    assert!(ok, "{err}");
    assert_eq!(out, "[grid(\"xxx.\"),\"x\",\".\"]");
}

#[test]
fn comparing_with_a_constant_decides_as_the_general_comparison() {
    for (x, expected) in [
        ("\".\"", "[true,false]"),
        ("\"#\"", "[false,true]"),
        ("cell(grid(\".\"), (9, 9))", "[false,true]"),
        ("3", "[false,true]"),
        ("(0, 1)", "[false,true]"),
        ("[1]", "[false,true]"),
    ] {
        let out = same_as_general_call(
            "x",
            "[if x == \".\" then true else false, if x != \".\" then true else false]",
            x,
        );
        assert_eq!(out, expected, "{x}");
    }
    // Games compare by value, not by form: {0|0} is *.
    let games = same_as_general_call(
        "x",
        "[if x == * then 1 else 0, if x != 1/2 then 1 else 0, if x == true then 1 else 0]",
        "{0|0}",
    );
    assert_eq!(games, "[1,1,0]");
}
