//! The Domineering rulesets of the interpreter benchmarks (`benches/rulesets.rs`), written in cg
//! without the board builtins, must be Domineering: they agree with the standard library's
//! (bit-board rules) on every board up to 3x4, and with values found by hand.

use cg::eval::{evaluate, Interpreter, Value};

const RULESETS: &str = "
ruleset CellsDomineering {
    left cs = [difference(cs, {c, (c[0] + 1, c[1])}) for c in cs if (c[0] + 1, c[1]) in cs]
    right cs = [difference(cs, {c, (c[0], c[1] + 1)}) for c in cs if (c[0], c[1] + 1) in cs]
}
def board(h, w) = {(r, c) for r in 0..h for c in 0..w}
ruleset GridDomineering {
    left g = [fill(g, [c, (c[0] + 1, c[1])], \"#\") for c in cells(g, \".\") if cell(g, (c[0] + 1, c[1])) == \".\"]
    right g = [fill(g, [c, (c[0], c[1] + 1)], \"#\") for c in cells(g, \".\") if cell(g, (c[0], c[1] + 1)) == \".\"]
    split g = regions(g, \".\")
    normal g = canonical_grid(g)
}
";

fn value(interpreter: &mut Interpreter, text: &str) -> Value {
    evaluate(interpreter, text).unwrap_or_else(|e| panic!("`{text}` does not evaluate: {e:?}"))
}

fn empty_grid(h: usize, w: usize) -> String {
    vec![".".repeat(w); h].join("|")
}

#[test]
fn the_naive_rulesets_agree_with_the_builtin_one() {
    let mut interpreter = Interpreter::new();
    value(&mut interpreter, RULESETS);
    for h in 1..=3 {
        for w in 1..=4 {
            let builtin = value(
                &mut interpreter,
                &format!("Domineering(grid(\"{}\"))", empty_grid(h, w)),
            );
            let cells = value(
                &mut interpreter,
                &format!("CellsDomineering(board({h}, {w}))"),
            );
            let grid = value(
                &mut interpreter,
                &format!("GridDomineering(grid(\"{}\"))", empty_grid(h, w)),
            );
            assert_eq!(cells.to_game(), builtin.to_game(), "{h}x{w} over cells");
            assert_eq!(
                grid.to_game(),
                builtin.to_game(),
                "{h}x{w} with moves in cg"
            );
        }
    }
}

/// By hand: on 2x2 each player's one move leaves the other none (so {1|-1}); on a row of five
/// Left has no move and Right, playing from an end, makes two moves (so -2); on a column of
/// three, Left's one move leaves a single cell (so 1).
#[test]
fn the_naive_rulesets_give_the_values_found_by_hand() {
    let mut interpreter = Interpreter::new();
    value(&mut interpreter, RULESETS);
    for (h, w, expected) in [(2, 2, "{1|-1}"), (1, 5, "-2"), (3, 1, "1")] {
        let want = value(&mut interpreter, expected).to_game();
        let cells = value(
            &mut interpreter,
            &format!("CellsDomineering(board({h}, {w}))"),
        );
        let grid = value(
            &mut interpreter,
            &format!("GridDomineering(grid(\"{}\"))", empty_grid(h, w)),
        );
        assert_eq!(cells.to_game(), want, "{h}x{w} over cells");
        assert_eq!(grid.to_game(), want, "{h}x{w} with moves in cg");
    }
}

/// `fill` takes its cells from any collection, read in place (a list, a tuple, a set, up to
/// eight cells on the stack and more beyond): each case against the grid written by hand.
#[test]
fn fill_takes_cells_from_any_collection() {
    let mut interpreter = Interpreter::new();
    for (expr, expected) in [
        (
            "fill(grid(\"...|...\"), [(0, 0), (1, 2)], \"#\")",
            "#..|..#",
        ),
        (
            "fill(grid(\"...|...\"), ((0, 1), (1, 1)), \"#\")",
            ".#.|.#.",
        ),
        (
            "fill(grid(\"...|...\"), {(1, 0), (0, 2), (1, 0)}, \"x\")",
            "..x|x..",
        ),
        ("fill(grid(\"...|...\"), [], \"#\")", "...|..."),
        (
            "fill(grid(\"....|....|....\"), [(r, c) for r in 0..3 for c in 0..3], \"#\")",
            "###.|###.|###.",
        ),
    ] {
        let got = value(&mut interpreter, expr);
        let want = value(&mut interpreter, &format!("grid(\"{expected}\")"));
        assert_eq!(got, want, "{expr}");
    }
    for bad in [
        "fill(grid(\"..\"), [(0, 2)], \"#\")",
        "fill(grid(\"..\"), [(0, -1)], \"#\")",
        "fill(grid(\"..\"), [0], \"#\")",
        "fill(grid(\"..\"), 3, \"#\")",
    ] {
        assert!(evaluate(&mut interpreter, bad).is_err(), "{bad}");
    }
}
