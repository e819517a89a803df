//! Positions, their moves and the moves that win, checked against exhaustive play: a move is
//! winning exactly when the mover, moving second after it, wins the rest by brute-force search
//! over the game tree (no values, no canonical forms: only the rules' moves).

mod session;

use std::collections::HashMap;

use cg::core::Side;
use cg::eval::position::Position;
use cg::eval::{evaluate, Interpreter, Value};

fn position(interp: &mut Interpreter, src: &str) -> Position {
    match session::run(interp, src) {
        Value::Position(p) => p.as_ref().clone(),
        other => panic!("{src} gave {other}, not a position"),
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

/// Whether `mover`, to move in `p`, wins (normal play: who cannot move loses), by exhaustive
/// search over the moves the rules give.
fn mover_wins(
    interp: &mut Interpreter,
    memo: &mut HashMap<(String, bool), bool>,
    p: &Position,
    mover: Side,
) -> bool {
    // Positions hold rulesets (with their tables) by reference: keyed by how they print.
    let key = (p.to_string(), mover == Side::Left);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let moves = interp.moves_of(p, mover, &(0..0)).expect("moves");
    let wins = moves
        .iter()
        .any(|m| !mover_wins(interp, memo, &m.after, other(mover)));
    memo.insert(key, wins);
    wins
}

/// The winning moves cg lists for `side` are exactly the moves after which the opponent, to
/// move, loses by exhaustive search.
fn check_winning_moves(interp: &mut Interpreter, src: &str) {
    let p = position(interp, src);
    let mut memo = HashMap::new();
    for side in [Side::Left, Side::Right] {
        let listed: Vec<Position> = interp
            .winning_moves(&p, side, &(0..0))
            .expect("winning moves")
            .into_iter()
            .map(|m| m.the_move.after)
            .collect();
        let all = interp.moves_of(&p, side, &(0..0)).expect("moves");
        assert!(!all.is_empty() || listed.is_empty());
        for m in all {
            let wins = !mover_wins(interp, &mut memo, &m.after, other(side));
            assert_eq!(
                listed.contains(&m.after),
                wins,
                "{src}: {side:?}'s move to {} {} by brute force",
                m.after,
                if wins { "wins" } else { "loses" }
            );
        }
    }
}

#[test]
fn winning_moves_of_small_sums_agree_with_exhaustive_play() {
    let mut interp = Interpreter::new();
    for src in [
        r#"position(Domineering, grid("...|...")) + position(Nim, 2) + {1|-1}"#,
        // The README's example.
        r#"position(Domineering, grid("..|..")) + position(Nim, 2) + {1|-1}"#,
        r#"position(Domineering, grid("..|..|..")) + {2|-1} + *"#,
        r#"position(Domineering, grid("...|.#.|...")) - position(Domineering, grid("..|.."))"#,
        r#"position(Domineering, grid("....|....")) + {1|0} + {0|-1}"#,
        r#"position(ToadsAndFrogs, grid("TT..FF")) + ^ + position(Nim, 1)"#,
        r#"position(Clobber, grid("xox|oxo")) + {1/2|-1/2}"#,
        r#"position(Domineering, grid("...|...")) + position(Kayles, 4) + ^*"#,
        "position({3|-3}) + {2|-2} + {1|-1}",
        "position({3|-3}) + {1|-1} + *2 - {2|1}",
    ] {
        check_winning_moves(&mut interp, src);
    }
}

#[test]
fn impartial_winning_moves_are_the_moves_to_nim_value_zero() {
    let mut interp = Interpreter::new();
    for src in [
        "position(Kayles, 3) + position(Kayles, 4) + position(Nim, 2)",
        "position(Nim, 3) + position(Nim, 5) + position(Nim, 6)",
        "position(DawsonsKayles, 7) + *3",
        r#"position(Cram, grid("...|...")) + position(Kayles, 2)"#,
    ] {
        check_winning_moves(&mut interp, src);
        // By Sprague-Grundy, the winning moves are those to nim-value 0.
        let p = position(&mut interp, src);
        for m in interp.winning_moves(&p, Side::Left, &(0..0)).unwrap() {
            assert!(
                m.value_after.is_zero(),
                "{src}: a winning move to {}",
                m.the_move.after
            );
        }
    }
    // Nim 3 + 5 + 6 has nim-sum 0: no move wins (hand computation: 3 ^ 5 ^ 6 = 0).
    let p = position(
        &mut interp,
        "position(Nim, 3) + position(Nim, 5) + position(Nim, 6)",
    );
    assert!(interp
        .winning_moves(&p, Side::Left, &(0..0))
        .unwrap()
        .is_empty());
}

/// A position's value comes from its ruleset's table: valuing `R(p)` first fills the table,
/// and `value(position(R, p))` then adds no entry.
#[test]
fn a_position_is_valued_from_its_rulesets_table() {
    let mut interp = Interpreter::new();
    session::run(&mut interp, r#"let b = grid("....|....|....")"#);
    let direct = session::run(&mut interp, "Domineering(b)");
    let before = cg::eval::ruleset::table_entries();
    let via_position = session::run(&mut interp, "value(position(Domineering, b))");
    assert_eq!(cg::eval::ruleset::table_entries(), before);
    assert_eq!(direct, via_position);
    // The value is the game of the values of its moves (the recursion the table memoises).
    assert!(session::equal(
        &mut interp,
        "value(position(Domineering, b))",
        "game([value(q) for q in left_moves(position(Domineering, b))], [value(q) for q in right_moves(position(Domineering, b))])"
    ));
    // Identities: p - p = 0, and the sum keeps its components.
    assert!(session::equal(
        &mut interp,
        "value(position(Domineering, b) - position(Domineering, b))",
        "0"
    ));
    assert!(session::equal(
        &mut interp,
        "len(summands(position(Domineering, b) + *2 - position(Nim, 3)))",
        "3"
    ));
}

/// Partizan Geography on K_n x K_2 (Nowakowski and Siegel, 2006), the puzzle of the
/// introduction: A(3,2,1) - A(3,1,2) - A(1,1,1) = {1/2* | -1/2*}.
///
/// The paper says both players should move in A(3,2,1), "Left to B(3,2,2) and Right to
/// B(3,0,3)". Those labels are wrong. By its own Lemma 1, A(x,y,z) has the Left options
/// B(x,y-1,z+1), A(x,y-1,z+1) and the Right option B(z+1,y-1,x), so from A(3,2,1) Left can
/// reach B(3,1,2) (value 3 by Theorem 2 (F)) or A(3,1,2), and Right only B(2,1,3) (value 2);
/// B(3,2,2) and B(3,0,3) are not options of A(3,2,1) at all. B(3,0,3) is what Right reaches
/// by moving in the second summand -A(3,1,2), and that loses: it leaves
/// {3|2} - 2 - 1/2 = +-1/2, a first-player win for Left, who moves next. The winning moves
/// are: Left's token to any of the three cells of the bottom row whose top cell is visited
/// (B(3,1,2)), leaving 1/2* > 0; Right's token up its column (B(2,1,3)), leaving -1/2* < 0.
/// Both checked here against exhaustive play as well.
#[test]
fn partizan_geography_puzzle() {
    let mut interp = Interpreter::new();
    let src = r#"position(PartizanGeography, grid("XXX...|...O.X")) - position(PartizanGeography, grid("XXX...|...OXX")) - position(PartizanGeography, grid("X..|.OX"))"#;
    session::run(&mut interp, &format!("let s = {src}"));
    assert!(session::equal(&mut interp, "value(s)", "{1/2*|-1/2*}"));
    check_winning_moves(&mut interp, src);
    let left = session::run(
        &mut interp,
        r#"[str(summands(m)[0]) for m in winning_moves(s, "Left")]"#,
    );
    assert_eq!(
        left.to_string(),
        r#"["position(PartizanGeography,grid(\"XXX...|O..X.X\"))","position(PartizanGeography,grid(\"XXX...|.O.X.X\"))","position(PartizanGeography,grid(\"XXX...|..OX.X\"))"]"#
    );
    let right = session::run(
        &mut interp,
        r#"[str(summands(m)[0]) for m in winning_moves(s, "Right")]"#,
    );
    assert_eq!(
        right.to_string(),
        r#"["position(PartizanGeography,grid(\"XXXO..|...X.X\"))"]"#
    );
    // The values the paper gives the boards after the winning moves: B(3,1,2) = 3 and
    // B(2,1,3) = 2 (Theorem 2 (F): B(x,y,z) = y + x - 1 when z >= y).
    assert!(session::equal(
        &mut interp,
        r#"value(position(PartizanGeography, grid("XXX...|O..X.X")))"#,
        "3"
    ));
    assert!(session::equal(
        &mut interp,
        r#"value(position(PartizanGeography, grid("XXXO..|...X.X")))"#,
        "2"
    ));
}

/// The paper's second example, G = A(3,12,4) + A(7,12,1) - A(9,15,6): mean 29/32, temperature
/// 15/16, summands of temperatures 7/8, 15/16 and 29/32; Right's only winning move is to
/// A(3,12,4) + 8 - A(9,15,6), and Left has winning moves in A(7,12,1) and in -A(9,15,6).
///
/// The summands' values are checked against Theorem 7, evaluated by hand:
/// A(3,12,4) is case (D)(i) with k = 3, g = *: {10*|9||8|||7};
/// A(7,12,1) is case (D)(ii) with k = 1: {{12, {12|12} | 12} | 11 || 10 ||| 9 |||| 8}, and
/// {12, 12* | 12} = 12^*; A(9,15,6) is case (D)(i) with k = 4, g = -1/2:
/// {37/2|18||17|||16||||15}.
/// cg also finds winning Left moves in A(3,12,4), which the paper does not mention (it does
/// not say there are none): to A(3,11,5) = {10*|9||8}, and to B(3,11,5) = 7 (Theorem 2 (E)),
/// a move below the canonical Left option but still enough to win.
#[test]
fn partizan_geography_hot_sum() {
    let mut interp = Interpreter::new();
    session::run(
        &mut interp,
        r#"def board_a(x, y, z) = position(PartizanGeography, grid(join(["X" for i in 0..x] + ["." for i in 0..(y + z)], "") + "|" + join(["." for i in 0..x] + ["O"] + ["." for i in 1..y] + ["X" for i in 0..z], "")))
           let g = board_a(3, 12, 4) + board_a(7, 12, 1) - board_a(9, 15, 6)"#,
    );
    assert!(session::equal(&mut interp, "mean(g)", "29/32"));
    assert!(session::equal(&mut interp, "temperature(g)", "15/16"));
    assert!(session::equal(
        &mut interp,
        "[temperature(c) for c in summands(g)]",
        "[7/8, 15/16, 29/32]"
    ));
    assert!(session::equal(&mut interp, "outcome(g)", "N"));
    let right = session::run(
        &mut interp,
        r#"[value(m) for m in winning_moves(g, "Right")]"#,
    );
    let expected = session::run(
        &mut interp,
        "value(board_a(3, 12, 4) + 8 - board_a(9, 15, 6))",
    );
    let Value::List(right) = right else { panic!() };
    assert!(!right.is_empty());
    assert!(
        right.iter().all(|v| *v == expected),
        "Right's winning moves: {right:?}"
    );
    let left_parts = session::run(
        &mut interp,
        r#"set([i for m in winning_moves(g, "Left") for i in 0..3 if summands(m)[i] != summands(g)[i]])"#,
    );
    assert_eq!(left_parts.to_string(), "{0,1,2}");
    assert!(session::equal(
        &mut interp,
        "[value(c) for c in summands(g)]",
        "[{10*|9||8|||7}, {12^*|11||10|||9||||8}, -{37/2|18||17|||16||||15}]"
    ));
    let from_first = session::run(
        &mut interp,
        r#"set([value(summands(m)[0]) for m in winning_moves(g, "Left") if summands(m)[0] != summands(g)[0]])"#,
    );
    assert_eq!(from_first.to_string(), "{7,{10*|9||8}}");
}

#[test]
fn sensible_options_by_hand() {
    let mut interp = Interpreter::new();
    // A ruleset whose positions are game forms written out: (left options, right options).
    session::run(
        &mut interp,
        r#"ruleset Form { left p = p[0]
               right p = p[1] }
           let z = ([], [])
           let star = ([z], [z])
           let one = ([z], [])"#,
    );
    // {*|*} = 0: both options reverse (through 0 <= G), and 0 has no options: nothing is
    // sensible, although Left can move.
    assert_eq!(
        session::run(
            &mut interp,
            "len(left_moves(position(Form, ([star], [star]))))"
        )
        .to_string(),
        "1"
    );
    assert_eq!(
        session::run(
            &mut interp,
            "sensible_left_options(position(Form, ([star], [star])))"
        )
        .to_string(),
        "[]"
    );
    // {0, 1 |} = 2: the move to 0 is dominated by the move to 1 = K^L.
    assert_eq!(
        session::run(
            &mut interp,
            "sensible_left_options(position(Form, ([z, one], [])))"
        )
        .to_string(),
        "[position(Form,([([],[])],[]))]"
    );
    // {1 | {3 | 0}} ... Right's move to {3|0} reverses through 0 <= G? G = {1|{3|0}} = 1/2?
    // Hand: {1 | {3|0}}: the Right option {3|0} has the Left option 3 >= G, so it reverses to
    // 3's Right options (none): G = {1 | } = 2, K has no Right option, no sensible Right move.
    let three = "([([([z], [])], [])], [])";
    session::run(
        &mut interp,
        &format!("let g = position(Form, ([one], [([{three}], [z])]))"),
    );
    assert!(session::equal(&mut interp, "value(g)", "2"));
    assert_eq!(
        session::run(&mut interp, "sensible_right_options(g)").to_string(),
        "[]"
    );
    assert_eq!(
        session::run(&mut interp, "len(right_moves(g))").to_string(),
        "1"
    );
    // Of a canonical form: its own options.
    assert!(session::equal(
        &mut interp,
        "[value(p) for p in sensible_left_options({2, {3|1} | 0})]",
        "[2, {3|1}]"
    ));
}

#[test]
fn strategies_rank_the_hottest_component_first() {
    let mut interp = Interpreter::new();
    // {3|-3} + {1|-1}: Left's move to 3 + {1|-1} = {4|2} > 0 wins; both strategies rank
    // the hotter switch first.
    for strategy in ["Hotstrat", "Thermostrat"] {
        let first = session::run(
            &mut interp,
            &format!(r#"best_moves(position({{3|-3}}) + {{1|-1}}, "Left", "{strategy}")[0]"#),
        );
        assert_eq!(first.to_string(), "3 + +-1", "{strategy}");
    }
    // Every move is ranked, the winning ones first.
    let p = position(&mut interp, "position({2|-2}) + {1|-1} + *");
    let ranked = interp
        .best_moves(
            &p,
            Side::Right,
            cg::eval::strategy::Strategy::Thermostrat,
            &(0..0),
        )
        .unwrap();
    let all = interp.moves_of(&p, Side::Right, &(0..0)).unwrap();
    assert_eq!(ranked.len(), all.len());
    let first_loser = ranked.iter().position(|m| !m.wins).unwrap_or(ranked.len());
    assert!(ranked[first_loser..].iter().all(|m| !m.wins));
    // Four copies of +-1 add up to 0: every Left move loses, and Thermostrat still answers,
    // in a switch, to 1 (its only Left option).
    let ranked = session::run(
        &mut interp,
        r#"best_moves(position({1|-1}) + {1|-1} + {1|-1} + {1|-1}, "Left")"#,
    );
    assert!(ranked.to_string().starts_with("[1 + +-1"));
}

#[test]
fn values_of_positions_by_hand() {
    session::assert_values(
        "",
        &[
            // Nim heaps add as nimbers: 5 xor 3 = 6.
            ("value(position(Nim, 5) + position(Nim, 3))", "*6"),
            // A 1 x 2 strip takes one horizontal domino (Right's): -1; negated, 1.
            ("value(-position(Domineering, grid(\"..\")))", "1"),
            // Kayles 3 has the options 2, 1 + 1 and 1: nim-values 2, 0, 1, so *3.
            ("value(position(Kayles, 3))", "*3"),
            ("temperature(position(Domineering, grid(\"..|..\")))", "1"),
        ],
    );
}

#[test]
fn bad_input_is_a_clear_error() {
    let mut interp = Interpreter::new();
    for (src, message) in [
        ("position(3, 4)", "expected a ruleset"),
        ("position([1])", "position(G) needs a game"),
        (
            "winning_moves(position(Domineering, grid(\"..\")) + *)",
            "say whose move it is",
        ),
        (
            "winning_moves(position(Nim, 2), \"Up\")",
            "expected \"Left\" or \"Right\"",
        ),
        (
            "best_moves(position(Nim, 2), \"Left\", \"Greedy\")",
            "unknown strategy",
        ),
        ("moves(position(Domineering, grid(\"..\")))", "partizan"),
        ("position(Nim, 2) + [1]", "cannot add a list to a position"),
        ("value(position(Subtraction, 3))", "ruleset"),
    ] {
        match evaluate(&mut interp, src) {
            Err(cg::eval::Error::Eval(e)) => assert!(
                e.message.contains(message) || e.help.as_deref().unwrap_or("").contains(message),
                "{src}: {}",
                e.message
            ),
            other => panic!("{src}: expected an error, got {other:?}"),
        }
    }
}
