//! The board and graph games of `stdlib/classic_boards.cg` and `stdlib/classic_graphs.cg`
//! (Toppling Dominoes, Konane, Fission, Ski Jumps, Amazons, Childish Hackenbush, Arc Kayles,
//! Green Hackenbush by fusion), written in the cg language, against values from the literature,
//! hand computations, and independent move generators written here in Rust whose game trees the
//! core canonicalises.

use std::collections::HashMap;

use cg::core::Game;
use cg::eval::Interpreter;

#[path = "common/evaluate.rs"]
mod evaluate;
use evaluate::game_of;

/// Each expression must have the expected value (written as the literature writes it).
fn assert_values(cases: &[(&str, &str)]) {
    let mut interpreter = Interpreter::new();
    for (expression, expected) in cases {
        let got = game_of(&mut interpreter, expression);
        let want = game_of(&mut interpreter, expected);
        assert_eq!(got, want, "{expression} is {got}, expected {expected}");
    }
}

/// A board as rows of bytes, as the cg shorthands take it ("x.|.o").
type Board = Vec<Vec<u8>>;

fn text(b: &Board) -> String {
    b.iter()
        .map(|r| String::from_utf8(r.clone()).unwrap())
        .collect::<Vec<_>>()
        .join("|")
}

fn at(b: &Board, r: isize, c: isize) -> Option<u8> {
    let r = usize::try_from(r).ok()?;
    let c = usize::try_from(c).ok()?;
    b.get(r)?.get(c).copied()
}

fn put(b: &Board, changes: &[(isize, isize, u8)]) -> Board {
    let mut next = b.clone();
    for &(r, c, s) in changes {
        next[r as usize][c as usize] = s;
    }
    next
}

fn cells(b: &Board) -> impl Iterator<Item = (isize, isize, u8)> + '_ {
    b.iter().enumerate().flat_map(|(r, row)| {
        row.iter()
            .enumerate()
            .map(move |(c, &s)| (r as isize, c as isize, s))
    })
}

/// The value of a board from a move generator `moves(board, left)`, memoised on the board.
fn solve(
    b: &Board,
    moves: &dyn Fn(&Board, bool) -> Vec<Board>,
    memo: &mut HashMap<Board, Game>,
) -> Game {
    if let Some(&g) = memo.get(b) {
        return g;
    }
    let left: Vec<Game> = moves(b, true)
        .iter()
        .map(|n| solve(n, moves, memo))
        .collect();
    let right: Vec<Game> = moves(b, false)
        .iter()
        .map(|n| solve(n, moves, memo))
        .collect();
    let g = Game::from_options(&left, &right);
    memo.insert(b.clone(), g);
    g
}

/// Every board of the given shape over the symbols, the `k`-th of each `stride` (a
/// deterministic sample when there are too many).
fn boards(rows: usize, cols: usize, symbols: &[u8], stride: usize) -> Vec<Board> {
    let n = rows * cols;
    let total = symbols.len().pow(n as u32);
    (0..total)
        .step_by(stride)
        .map(|mut k| {
            let mut b = vec![vec![0; cols]; rows];
            for i in 0..n {
                b[i / cols][i % cols] = symbols[k % symbols.len()];
                k /= symbols.len();
            }
            b
        })
        .collect()
}

/// The cg shorthand `function` agrees with the generator on every board.
fn agrees_on(function: &str, all: &[Board], moves: &dyn Fn(&Board, bool) -> Vec<Board>) {
    let mut interpreter = Interpreter::new();
    let mut memo = HashMap::new();
    for b in all {
        let got = game_of(&mut interpreter, &format!("{function}(\"{}\")", text(b)));
        let want = solve(b, moves, &mut memo);
        assert_eq!(got, want, "{function}(\"{}\")", text(b));
    }
}

// ---------------------------------------------------------------------------------------------
// Toppling Dominoes

/// Lessons in Play (Toppling Dominoes): a row of n blue dominoes is n, a row of n grey ones is
/// *n (toppling leaves any shorter grey row). By hand: in BR each player's best topple leaves
/// nothing, so BR = {0|0} = *; BRB = {0, *|1} = 1/2 (Left topples an end domino away from the
/// rest, or outwards leaving RB = *; Right's red domino leaves a single blue one either way;
/// {0, *|1} - 1/2 is a second-player win); BGR = {1|-1} (the grey one is the only
/// sensible move, leaving B or R).
#[test]
fn toppling_dominoes_matches_the_literature() {
    assert_values(&[
        ("toppling_dominoes(\"BBBB\")", "4"),
        ("toppling_dominoes(\"RRR\")", "-3"),
        ("toppling_dominoes(\"GGGGG\")", "*5"),
        ("toppling_dominoes(\"BR\")", "*"),
        ("toppling_dominoes(\"BRB\")", "1/2"),
        ("toppling_dominoes(\"BGR\")", "+-1"),
        ("toppling_dominoes(\"\")", "0"),
    ]);
}

fn topple_moves(b: &Board, left: bool) -> Vec<Board> {
    let row = &b[0];
    let mine = if left { b'B' } else { b'R' };
    let mut out = Vec::new();
    for (i, &d) in row.iter().enumerate() {
        if d == mine || d == b'G' {
            out.push(vec![row[..i].to_vec()]);
            out.push(vec![row[i + 1..].to_vec()]);
        }
    }
    out
}

#[test]
fn toppling_dominoes_agrees_with_a_generator_on_every_row_up_to_six() {
    let mut all = Vec::new();
    for n in 1..=6 {
        all.extend(boards(1, n, b"BRG", 1));
    }
    agrees_on("toppling_dominoes", &all, &topple_moves);
}

/// Fink, Nowakowski, Siegel and Wolfe ("Toppling conjectures") prove that every dyadic
/// rational is the value of some row. The test asserts that 1/2 (BRB, by hand above), 3/4 and
/// -1/4 occur among the blue-red rows of length at most 7.
#[test]
fn toppling_dominoes_rows_reach_dyadic_numbers() {
    let mut interpreter = Interpreter::new();
    let mut found = std::collections::HashSet::new();
    for n in 1..=7 {
        for b in boards(1, n, b"BR", 1) {
            found.insert(game_of(
                &mut interpreter,
                &format!("toppling_dominoes(\"{}\")", text(&b)),
            ));
        }
    }
    for want in ["1/2", "3/4", "-1/4"] {
        let g = game_of(&mut interpreter, want);
        assert!(
            found.contains(&g),
            "no blue-red row of length <= 7 is worth {want}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Konane

/// Ernst, "Playing Konane mathematically" (1995), reduces linear Konane positions to small
/// numbers; by hand: `xo.` is {0|} = 1 (one jump, and o cannot move); `xoxo.` is 2 (x jumps
/// twice, one at a time, o never can); `x.o` is 0 (no stone can jump).
#[test]
fn konane_matches_hand_computations() {
    assert_values(&[
        ("konane(\"xo.\")", "1"),
        ("konane(\".ox\")", "1"),
        ("konane(\"xoxo.\")", "2"),
        ("konane(\"x.o\")", "0"),
        // A double jump is one move: x jumps both o's at once (leaving 0) or stops after one,
        // leaving `..xo.`, where x may jump again and o may jump back over x into the cell x
        // came from: {0|0} = *. Right has no move at the start, so the value is {0, *|} = 1.
        ("konane(\"xo.o.\")", "1"),
    ]);
}

fn konane_moves(b: &Board, left: bool) -> Vec<Board> {
    let (mine, theirs) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut out = Vec::new();
    for (r, c, s) in cells(b) {
        if s != mine {
            continue;
        }
        for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let mut next = put(b, &[(r, c, b'.')]);
            let mut k = 1;
            while at(b, r + (2 * k - 1) * dr, c + (2 * k - 1) * dc) == Some(theirs)
                && at(b, r + 2 * k * dr, c + 2 * k * dc) == Some(b'.')
            {
                next = put(&next, &[(r + (2 * k - 1) * dr, c + (2 * k - 1) * dc, b'.')]);
                out.push(put(&next, &[(r + 2 * k * dr, c + 2 * k * dc, mine)]));
                k += 1;
            }
        }
    }
    out
}

#[test]
fn konane_agrees_with_a_generator_on_small_boards() {
    let mut all = boards(1, 6, b"xo.", 1);
    all.extend(boards(2, 3, b"xo.", 1));
    all.extend(boards(3, 3, b"xo.", 7));
    agrees_on("konane", &all, &konane_moves);
}

// ---------------------------------------------------------------------------------------------
// Fission

/// By hand (the rules of Lessons in Play): a stone in the middle of a 3 x 1 column splits once
/// for Left and then nothing moves, so it is {0|} = 1; in a 1 x 3 row it is -1; alone in the
/// centre of a 3 x 3 board both may split it, and each split leaves the other player one split
/// of each outer stone that the first player cannot answer... by symmetry the value is 0 (the
/// board is its own negative under the quarter turn, which swaps the players' axes).
#[test]
fn fission_matches_hand_computations() {
    assert_values(&[
        ("fission(\".|x|.\")", "1"),
        ("fission(\".x.\")", "-1"),
        ("fission(\"...|.x.|...\")", "0"),
        ("fission(\"x\")", "0"),
        // Two separate columns add: 1 + 1.
        ("fission(\".#.|x#x|.#.\")", "2"),
    ]);
}

fn fission_moves(b: &Board, left: bool) -> Vec<Board> {
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    cells(b)
        .filter(|&(r, c, s)| {
            s == b'x' && at(b, r - dr, c - dc) == Some(b'.') && at(b, r + dr, c + dc) == Some(b'.')
        })
        .map(|(r, c, _)| {
            put(
                b,
                &[(r, c, b'.'), (r - dr, c - dc, b'x'), (r + dr, c + dc, b'x')],
            )
        })
        .collect()
}

#[test]
fn fission_agrees_with_a_generator_on_small_boards() {
    let mut all = boards(3, 3, b"x.", 1);
    all.extend(boards(2, 4, b"x.#", 3));
    all.extend(boards(4, 3, b"x.", 5));
    agrees_on("fission", &all, &fission_moves);
}

// ---------------------------------------------------------------------------------------------
// Ski Jumps

/// Winning Ways ch. 1 ("Ski-Jumps for Beginners"): a lone skier is worth the number of moves
/// it has left, counting the move off the board, so `L...` is 4 and `..R.` is -3. By hand
/// ("What is a jump worth?"): in `L|R|.` Left either slides off (leaving R, -1) or jumps,
/// turning R into a slipper (leaving r and L, one move each: 0); Right's only move is to slide
/// off, leaving L = 1. So the value is {0|1} = 1/2: the jump is worth half a move.
#[test]
fn ski_jumps_matches_winning_ways() {
    assert_values(&[
        ("ski_jumps(\"L...\")", "4"),
        ("ski_jumps(\"..R.\")", "-3"),
        ("ski_jumps(\"L...|..R.\")", "1"),
        ("ski_jumps(\"L|R|.\")", "1/2"),
        // A slipper cannot jump: only the slides count, +1 and -1.
        ("ski_jumps(\"l|R|.\")", "0"),
    ]);
}

fn ski_moves(b: &Board, left: bool) -> Vec<Board> {
    let (jumper, slipper, d) = if left {
        (b'L', b'l', 1)
    } else {
        (b'R', b'r', -1)
    };
    let (their_jumper, their_slipper) = if left { (b'R', b'r') } else { (b'L', b'l') };
    let mut out = Vec::new();
    for (r, c, s) in cells(b) {
        if s != jumper && s != slipper {
            continue;
        }
        let mut k = 1;
        loop {
            match at(b, r, c + k * d) {
                Some(b'.') => out.push(put(b, &[(r, c, b'.'), (r, c + k * d, s)])),
                None => {
                    out.push(put(b, &[(r, c, b'.')]));
                    break;
                }
                Some(_) => break,
            }
            k += 1;
        }
        let below = at(b, r + 1, c);
        if s == jumper
            && (below == Some(their_jumper) || below == Some(their_slipper))
            && at(b, r + 2, c) == Some(b'.')
        {
            out.push(put(
                b,
                &[(r, c, b'.'), (r + 1, c, their_slipper), (r + 2, c, jumper)],
            ));
        }
    }
    out
}

#[test]
fn ski_jumps_agrees_with_a_generator_on_small_boards() {
    let mut all = boards(3, 2, b"LRlr.", 3);
    all.extend(boards(2, 4, b"LR..", 5));
    all.extend(boards(3, 3, b"LR...", 97));
    agrees_on("ski_jumps", &all, &ski_moves);
}

/// The move builtins behind Ski Jumps and Amazons on the edges of their input: a step too
/// large for a machine word leaves the board (it must not overflow), and bad arguments are
/// errors, not panics. Expected grids by hand.
#[test]
fn move_builtins_take_odd_steps_and_refuse_bad_arguments() {
    let mut interpreter = Interpreter::new();
    let mut eval = |text: &str| cg::eval::evaluate(&mut interpreter, text).map(|v| v.to_string());
    let huge = i64::MAX;
    assert_eq!(
        eval(&format!(
            "slides(grid(\"x..\"), (0, 0), [({huge}, 0)], \".\", true)"
        ))
        .unwrap(),
        "[grid(\"...\")]"
    );
    assert_eq!(
        eval(&format!(
            "jumps(grid(\"xo.\"), (0, 0), [(0, {})], \"o\", \".\", \".\")",
            huge / 2 + 1
        ))
        .unwrap(),
        "[]"
    );
    assert_eq!(
        eval(&format!(
            "slide_and_shoot(grid(\"x..\"), \"x\", [(0, {huge})], \".\", \"#\")"
        ))
        .unwrap(),
        "[]"
    );
    // Every piece holding a symbol at once, in row-major order; none leaves the board.
    assert_eq!(
        eval("slides(grid(\"x.|x.\"), \"x\", [(0, 1)], \".\", false)").unwrap(),
        "[grid(\".x|x.\"),grid(\"x.|.x\")]"
    );
    assert!(eval("slides(grid(\"x.\"), (0, 0), [(0, 1)], \".\", 1)").is_err());
    assert!(eval("slides(grid(\"x.\"), (5, 0), [(0, 1)], \".\", true)").is_err());
    assert!(eval("jumps(grid(\"x.\"), \"\", [(0, 1)], \"o\", \".\", \".\")").is_err());
    assert!(eval("slide_and_shoot(grid(\"x.\"), (0, 0), [1, 2], \".\", \"#\")").is_err());
}

// ---------------------------------------------------------------------------------------------
// Amazons

/// By hand: a lone queen with one empty cell moves there and shoots back (1 move): `x.` = 1,
/// `x..` = 2 (the first arrow can go beyond, leaving one more move); in `x.o` whoever moves
/// first lands in the middle and shoots back into the cell just left, leaving nothing: * (the
/// rule that the arrow may go back to the square just left is what makes this a move at all).
#[test]
fn amazons_matches_hand_computations() {
    assert_values(&[
        ("amazons(\"x.\")", "1"),
        ("amazons(\"x..\")", "2"),
        ("amazons(\"o...\")", "-3"),
        ("amazons(\"x.o\")", "*"),
        ("amazons(\"x#o\")", "0"),
        // Regions: the arrows wall the board into two independent parts, 1 + -1.
        ("amazons(\"x.#|###|#.o\")", "0"),
    ]);
}

fn amazons_moves(b: &Board, left: bool) -> Vec<Board> {
    let mine = if left { b'x' } else { b'o' };
    let queen = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    let reach = |b: &Board, r: isize, c: isize| -> Vec<(isize, isize)> {
        let mut out = Vec::new();
        for (dr, dc) in queen {
            let (mut rr, mut cc) = (r + dr, c + dc);
            while at(b, rr, cc) == Some(b'.') {
                out.push((rr, cc));
                rr += dr;
                cc += dc;
            }
        }
        out
    };
    let mut out = Vec::new();
    for (r, c, s) in cells(b) {
        if s != mine {
            continue;
        }
        let lifted = put(b, &[(r, c, b'.')]);
        for (tr, tc) in reach(&lifted, r, c) {
            let landed = put(&lifted, &[(tr, tc, mine)]);
            for (ar, ac) in reach(&landed, tr, tc) {
                out.push(put(&landed, &[(ar, ac, b'#')]));
            }
        }
    }
    out
}

#[test]
fn amazons_agrees_with_a_generator_on_small_boards() {
    let mut all = boards(2, 3, b"xo.#", 1);
    all.extend(boards(3, 3, b"x.o...#", 173));
    agrees_on("amazons", &all, &amazons_moves);
}

/// The boards of `benches/classic.rs` and the README's speed table, valued again by the
/// generator, which knows neither regions nor symmetry: 3 x 4 with a queen each in opposite
/// corners, and 5 x 4 full of pieces (six queens each, five empty squares). No published
/// values were found for boards this size (Berlekamp's and Snatzke's tables are of 2 x n
/// boards), so this brute force is the check.
#[test]
fn amazons_benchmark_boards_agree_with_the_generator() {
    let all: Vec<Board> = ["x...|....|...o", "xo.x|o#.o|.#x.|x.#o|o.xo"]
        .iter()
        .map(|t| t.split('|').map(|r| r.bytes().collect()).collect())
        .collect();
    agrees_on("amazons", &all, &amazons_moves);
}

// ---------------------------------------------------------------------------------------------
// Childish Hackenbush, Arc Kayles, Green Hackenbush by fusion

/// By hand: in Childish Hackenbush only an edge whose cut drops nothing else may go. A stalk
/// blue-red gives Left no move and Right one to the single blue edge: {|1} = 0. A blue trunk
/// with a red and a blue edge on top: Left cuts the top blue edge (leaving blue-red, 0), Right
/// the red one (leaving two blue edges, 2): {0|2} = 1. A stalk of two greens is {*|*}... each
/// player may cut only the top edge, leaving one green edge: {*|*} = 0.
#[test]
fn childish_hackenbush_matches_hand_computations() {
    assert_values(&[
        ("childish_hackenbush(stalk(\"BR\"))", "0"),
        ("childish_hackenbush(stalk(\"BB\"))", "2"),
        (
            "childish_hackenbush([(0, 1, \"B\"), (1, 2, \"R\"), (1, 3, \"B\")])",
            "1",
        ),
        ("childish_hackenbush(stalk(\"GG\"))", "0"),
        ("childish_hackenbush(stalk(\"G\"))", "*"),
    ]);
}

/// Arc Kayles on a path of n vertices is Dawson's Kayles on n pins (octal 0.07): removing an
/// edge with both ends knocks down two adjacent pins. Its nim-values (Winning Ways ch. 4,
/// Dawson's Kayles) start 0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0,5,2,2,3,3,0,1,1. On a cycle the
/// first move leaves a path of n - 2 vertices, so C_n = {P_(n-2)}; on K4 every move leaves a
/// single edge, worth *, so K4 = {*} = 0.
#[test]
fn arc_kayles_is_dawsons_kayles_on_paths() {
    let published = [
        0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1,
    ];
    let mut interpreter = Interpreter::new();
    for (n, &g) in published.iter().enumerate() {
        assert_eq!(
            game_of(&mut interpreter, &format!("arc_kayles(path({n}))")),
            Game::nimber(g),
            "P_{n}"
        );
    }
    for n in 3..=12 {
        let path = published[n - 2];
        let want = Game::nimber(if path == 0 { 1 } else { 0 });
        assert_eq!(
            game_of(&mut interpreter, &format!("arc_kayles(cycle({n}))")),
            want,
            "C_{n}"
        );
    }
    assert_eq!(
        game_of(&mut interpreter, "arc_kayles(complete(4))"),
        Game::nimber(0)
    );
}

/// Green Hackenbush by brute force: the nim-value of a picture (edges as vertex pairs, 0 the
/// ground) by the mex over cutting each edge, memoised on the set of edges still standing.
fn green_nim_value(edges: &[(usize, usize)], standing: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&v) = memo.get(&standing) {
        return v;
    }
    let mut reachable = Vec::new();
    for i in 0..edges.len() {
        if standing & (1 << i) == 0 {
            continue;
        }
        let rest = grounded(edges, standing & !(1 << i));
        reachable.push(green_nim_value(edges, rest, memo));
    }
    let v = (0..).find(|n| !reachable.contains(n)).unwrap();
    memo.insert(standing, v);
    v
}

/// The edges of `set` still joined to the ground.
fn grounded(edges: &[(usize, usize)], set: u32) -> u32 {
    let mut reached = vec![0usize];
    let mut kept = 0u32;
    loop {
        let before = kept;
        for (i, &(a, b)) in edges.iter().enumerate() {
            if set & (1 << i) != 0 && (reached.contains(&a) || reached.contains(&b)) {
                kept |= 1 << i;
                for v in [a, b] {
                    if !reached.contains(&v) {
                        reached.push(v);
                    }
                }
            }
        }
        if kept == before {
            return kept;
        }
    }
}

/// Winning Ways ch. 7: an odd cycle on the ground is worth *, an even one 0; the fusion
/// principle against the brute force on pictures with cycles, loops of two parallel edges,
/// cycles hanging on stalks and cycles sharing edges, and pieces not joined to the ground.
#[test]
fn green_hackenbush_fusion_agrees_with_brute_force() {
    let pictures: Vec<Vec<(usize, usize)>> = vec![
        vec![(0, 1), (1, 2), (2, 0)],
        vec![(0, 1), (1, 2), (2, 3), (3, 0)],
        vec![(0, 1), (1, 2), (2, 3), (3, 1)],
        vec![(0, 1), (1, 2), (0, 2), (1, 2), (2, 3)],
        vec![(0, 1), (0, 1)],
        vec![(0, 1), (1, 2), (1, 2), (2, 3), (3, 4), (4, 2)],
        vec![
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 1),
            (3, 4),
            (4, 5),
            (5, 6),
            (6, 4),
            (2, 7),
        ],
        vec![(0, 1), (1, 2), (2, 3), (3, 4), (4, 1), (2, 4), (4, 5)],
        vec![
            (0, 1),
            (0, 2),
            (1, 2),
            (1, 3),
            (2, 3),
            (3, 4),
            (4, 5),
            (5, 3),
        ],
        vec![
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 0),
            (0, 4),
            (4, 5),
            (5, 0),
            (5, 6),
            (6, 7),
        ],
        vec![(0, 1), (8, 9), (9, 10), (10, 8)],
    ];
    let mut interpreter = Interpreter::new();
    for edges in &pictures {
        let list: Vec<String> = edges
            .iter()
            .map(|(a, b)| format!("({a}, {b}, \"G\")"))
            .collect();
        let fused = game_of(
            &mut interpreter,
            &format!("green_hackenbush([{}])", list.join(", ")),
        );
        let all = (1u32 << edges.len()) - 1;
        let want = green_nim_value(edges, grounded(edges, all), &mut HashMap::new());
        assert_eq!(fused, Game::nimber(want), "{edges:?}");
    }
    // Winning Ways' rule for a cycle standing on the ground.
    for n in 2..=7 {
        let cycle: Vec<String> = (0..n)
            .map(|i| format!("({i}, {}, \"G\")", (i + 1) % n))
            .collect();
        let got = game_of(
            &mut interpreter,
            &format!("green_hackenbush([{}])", cycle.join(", ")),
        );
        assert_eq!(got, Game::nimber(n % 2), "a cycle of {n} edges");
    }
}
