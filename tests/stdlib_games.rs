//! The classic partizan rulesets of `stdlib/` (Toads and Frogs, Clobber, Hackenbush, Col,
//! Snort), written in the cg language, against published values, hand computations, and an
//! independent move generator written here in Rust whose game trees the core canonicalises.

use std::collections::HashMap;

use cg::core::{Dyadic, Game, Integer};
use cg::eval::{Interpreter, Value};
use proptest::prelude::*;

fn evaluate(interpreter: &mut Interpreter, text: &str) -> Value {
    cg::eval::evaluate(interpreter, text)
        .unwrap_or_else(|e| panic!("`{text}` does not evaluate: {e:?}"))
}

fn game_of(interpreter: &mut Interpreter, text: &str) -> Game {
    let value = evaluate(interpreter, text);
    value
        .to_game()
        .unwrap_or_else(|| panic!("`{text}` gave {value}, not a game"))
}

/// Each expression must print as the expected value (written as the literature writes it).
fn assert_values(cases: &[(&str, &str)]) {
    let mut interpreter = Interpreter::new();
    for (expression, expected) in cases {
        let got = game_of(&mut interpreter, expression);
        let want = game_of(&mut interpreter, expected);
        assert_eq!(got, want, "{expression} is {got}, expected {expected}");
    }
}

fn number(n: i64, exponent: u32) -> Game {
    Game::number(Dyadic::new(Integer::from(n), exponent))
}

// ---------------------------------------------------------------------------------------------
// Toads and Frogs

/// Published values: Erickson's help text for his Toads and Frogs program (`|t f| = *`,
/// `|t tf| = 1/2`), Winning Ways ch. 1 (T□TFF = {0|*} = ^, TFT□F = *, TF□TF = TFTF□ = 0).
#[test]
fn toads_and_frogs_matches_the_literature() {
    assert_values(&[
        ("toads_and_frogs(\"T.F\")", "*"),
        ("toads_and_frogs(\"T.TF\")", "1/2"),
        ("toads_and_frogs(\"T.TFF\")", "^"),
        ("toads_and_frogs(\"TFT.F\")", "*"),
        ("toads_and_frogs(\"TF.TF\")", "0"),
        ("toads_and_frogs(\"TFTF.\")", "0"),
        // Hand computation: each side's only move leaves the other side's T□TFF or its mirror.
        ("toads_and_frogs(\"TT.FF\")", "{^|v}"),
        ("toads_and_frogs(\"TT.FF\")", "*"),
    ]);
}

/// Toads and Frogs by an independent generator: a strip is a byte string; the game tree is built
/// bottom-up through the core's `from_options`, memoised on the strip.
fn toads_and_frogs(strip: &[u8], memo: &mut HashMap<Vec<u8>, Game>) -> Game {
    if let Some(&g) = memo.get(strip) {
        return g;
    }
    let moves = |piece: u8, other: u8, forward: isize| -> Vec<Vec<u8>> {
        let at = |i: isize| usize::try_from(i).ok().and_then(|i| strip.get(i).copied());
        let mut out = Vec::new();
        for (i, &c) in strip.iter().enumerate() {
            if c != piece {
                continue;
            }
            let i = i as isize;
            for (step, over) in [(forward, None), (2 * forward, Some(other))] {
                let lands_empty = at(i + step) == Some(b'.');
                let jumps_ok = over.is_none_or(|o| at(i + forward) == Some(o));
                if lands_empty && jumps_ok {
                    let mut next = strip.to_vec();
                    next[i as usize] = b'.';
                    next[(i + step) as usize] = piece;
                    out.push(next);
                }
            }
        }
        out
    };
    let left: Vec<Game> = moves(b'T', b'F', 1)
        .iter()
        .map(|s| toads_and_frogs(s, memo))
        .collect();
    let right: Vec<Game> = moves(b'F', b'T', -1)
        .iter()
        .map(|s| toads_and_frogs(s, memo))
        .collect();
    let g = Game::from_options(&left, &right);
    memo.insert(strip.to_vec(), g);
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn toads_and_frogs_agrees_with_an_independent_generator(
        cells in prop::collection::vec(prop_oneof![Just(b'T'), Just(b'F'), Just(b'.')], 1..=9)
    ) {
        let strip = String::from_utf8(cells.clone()).unwrap();
        let mut interpreter = Interpreter::new();
        let got = game_of(&mut interpreter, &format!("toads_and_frogs(\"{strip}\")"));
        prop_assert_eq!(got, toads_and_frogs(&cells, &mut HashMap::new()), "strip {}", strip);
    }
}

// ---------------------------------------------------------------------------------------------
// Clobber

/// Albert, Grossman, Nowakowski, Wolfe, "An introduction to Clobber" (2005): a row of n black
/// stones ending in one white stone has value (n-1).^ + n.* (x = 0, xo = *, xxo = ^, xxxo = ^^*).
/// The 2x2 checkerboard is {^|v} = * (each side's four moves are alike and leave ^ or v).
#[test]
fn clobber_matches_the_literature() {
    let mut interpreter = Interpreter::new();
    for n in 1..=7 {
        let row = format!("clobber(\"{}o\")", "x".repeat(n));
        let got = game_of(&mut interpreter, &row);
        let ups = Game::up().times(&Integer::from(n as i64 - 1));
        let stars = if n % 2 == 1 {
            Game::star()
        } else {
            Game::integer(0)
        };
        assert_eq!(got, ups + stars, "{row}");
    }
    assert_values(&[
        ("clobber(\"xo|ox\")", "*"),
        ("clobber(\"x.o\")", "0"),
        ("clobber(\"xo|..|xo\")", "*2 - *2"),
        ("clobber(\"xo.xo\")", "0"),
    ]);
}

// ---------------------------------------------------------------------------------------------
// Hackenbush

/// Berlekamp's rule for a Blue-Red stalk (Winning Ways ch. 1): the run of edges of the ground's
/// colour counts one each; after the first change of colour, the k-th further edge counts
/// 1/2^k with its own colour's sign.
fn stalk_value(colours: &[u8]) -> Game {
    let sign = |c: u8| if c == b'B' { 1 } else { -1 };
    let run = colours.iter().take_while(|&&c| c == colours[0]).count();
    let mut value = number(sign(colours[0]) * run as i64, 0);
    for (k, &c) in colours[run..].iter().enumerate() {
        value = value + number(sign(c), k as u32 + 1);
    }
    value
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn blue_red_stalks_follow_berlekamps_rule(
        colours in prop::collection::vec(prop_oneof![Just(b'B'), Just(b'R')], 1..=8)
    ) {
        let text = String::from_utf8(colours.clone()).unwrap();
        let mut interpreter = Interpreter::new();
        let got = game_of(&mut interpreter, &format!("hackenbush(stalk(\"{text}\"))"));
        prop_assert_eq!(got, stalk_value(&colours), "stalk {}", text);
    }
}

/// Green Hackenbush (Winning Ways ch. 7): a stalk of n green edges is *n; the colon principle
/// replaces branches at a vertex by a stalk of their nim-sum; the fusion principle turns a
/// circuit through the ground of odd length into a single green edge.
#[test]
fn green_hackenbush_follows_the_colon_and_fusion_principles() {
    assert_values(&[
        ("hackenbush(stalk(\"GGGG\"))", "*4"),
        // a trunk carrying branches of lengths 1 and 2: 1 + (1 nim-sum 2) = 4 edges
        (
            "hackenbush([(0, 1, \"G\"), (1, 2, \"G\"), (1, 3, \"G\"), (3, 4, \"G\")])",
            "*4",
        ),
        // a trunk of 2 carrying branches 2 and 3: 2 + (2 nim-sum 3) = 3 edges
        (
            "hackenbush([(0, 1, \"G\"), (1, 2, \"G\"), (2, 3, \"G\"), (3, 4, \"G\"), (2, 5, \"G\"), (5, 6, \"G\"), (6, 7, \"G\")])",
            "*3",
        ),
        ("hackenbush([(0, 1, \"G\"), (1, 2, \"G\"), (2, 0, \"G\")])", "*"),
        ("hackenbush([(0, 1, \"G\"), (1, 2, \"G\"), (2, 3, \"G\"), (3, 0, \"G\")])", "0"),
        // pieces that meet only at the ground add up
        ("hackenbush(stalk(\"GG\") + [(0, 5, \"B\")])", "1 + *2"),
    ]);
}

/// Mixed stalks by hand: on B below G, Left's moves leave 0 or 1 and Right's leave 1, so
/// {0, 1 | 1} = 1*; on G below B, {0, * | 0} = ^*. A blue and a red edge side by side is 0.
#[test]
fn mixed_hackenbush_by_hand() {
    assert_values(&[
        ("hackenbush(stalk(\"BG\"))", "1*"),
        ("hackenbush(stalk(\"GB\"))", "^*"),
        ("hackenbush([(0, 1, \"B\"), (0, 1, \"R\")])", "0"),
        ("hackenbush(stalk(\"BRB\"))", "3/4"),
    ]);
}

// ---------------------------------------------------------------------------------------------
// Col and Snort

/// By hand (Winning Ways ch. 2): one vertex is * in both games; in Snort the path of two is +-1
/// (the first colouring reserves the other vertex for its owner) and K_3 is +-2; in Col the
/// path of two is {-1|1} = 0, the path of three is {-1/2|1/2} = 0. The 4-cycle is 0 in Snort:
/// whoever moves first is answered on the opposite vertex, which kills the rest.
#[test]
fn col_and_snort_by_hand() {
    assert_values(&[
        ("col(path(1))", "*"),
        ("snort(path(1))", "*"),
        ("col(path(2))", "0"),
        ("col(path(3))", "0"),
        ("snort(path(2))", "+-1"),
        ("snort(path(3))", "+-2"),
        ("snort(complete(3))", "+-2"),
        ("col(complete(3))", "0"),
        ("snort(cycle(4))", "0"),
        // Checked by exhaustive play of snort(P_6) + * (a separate brute-force search).
        ("snort(path(6))", "*"),
    ]);
}

/// Small graphs with integer vertices 0..n-1, from the constructors the builtins have.
fn small_graph() -> impl Strategy<Value = (String, usize)> {
    (1usize..=7, 0usize..3).prop_map(|(n, kind)| match kind {
        0 => (format!("path({n})"), n),
        1 => (format!("cycle({})", n.max(3)), n.max(3)),
        _ => (format!("complete({})", n.min(5)), n.min(5)),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// With no vertex coloured, both games are symmetric between the players, so G = -G.
    #[test]
    fn col_and_snort_are_their_own_negatives((graph, _) in small_graph()) {
        let mut interpreter = Interpreter::new();
        let col = game_of(&mut interpreter, &format!("col({graph})"));
        let snort = game_of(&mut interpreter, &format!("snort({graph})"));
        prop_assert_eq!(col, -col, "col({})", graph);
        prop_assert_eq!(snort, -snort, "snort({})", graph);
    }

    /// Every position of Col is a number or a number plus * (Conway, ONAG ch. 7), whatever
    /// vertices are already barred to each player.
    #[test]
    fn col_values_are_numbers_or_numbers_plus_star(
        (graph, n) in small_graph(),
        barred in prop::collection::vec(0u8..3, 7),
    ) {
        let left: Vec<String> = (0..n).filter(|&v| barred[v] == 1).map(|v| v.to_string()).collect();
        let right: Vec<String> = (0..n).filter(|&v| barred[v] == 2).map(|v| v.to_string()).collect();
        let text = format!("Col(({graph}, set([{}]), set([{}])))", left.join(", "), right.join(", "));
        let mut interpreter = Interpreter::new();
        let g = game_of(&mut interpreter, &text);
        prop_assert!(g.is_number() || (g + Game::star()).is_number(), "{} = {}", text, g);
    }
}
