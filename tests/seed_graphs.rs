//! The graph games of the seed papers, written in the cg language (`stdlib/graphs.cg`), against
//! the values the papers print. Each test cites its source; where a paper and the computation
//! disagree, the test says so beside the assertion, with both values.
//!
//! - Nowakowski, Siegel, "Partizan geography on K_n x K_2" (2007).
//! - Hogan, Horrocks, "Geography played on an n-cycle times a 4-cycle" (2003).
//! - Benesh, Ernst, Meyer, Salmon, Sieben, "Impartial geodetic removing games on grid graphs"
//!   (2025).
//! - Ottaway, "Analysis of three new combinatorial games", M.Sc. thesis (2006), chapter 3.

use std::collections::{BTreeMap, HashMap};

use cg::core::Game;
use cg::eval::{evaluate, Interpreter};

mod session;
use session::{assert_values, equal, run};

fn cg(src: &str) -> String {
    run(&mut Interpreter::new(), src).to_string()
}

// ---------------------------------------------------------------------------------------------
// Partizan Geography

const BOARDS: &str = r#"
def row(first, n) = join([first] + ["." for i in 1..n], "")
def kn_k2(n) = partizan_geography(row("O", n) + "|" + row(".", n))
def cols(c, n) = join([c for i in 0..n], "")
def A(x, y, z) = partizan_geography(cols("X", x) + cols(".", y + z) + "|" + cols(".", x) + "O" + cols(".", y - 1) + cols("X", z))
"#;

#[test]
fn partizan_geography_first_values() {
    // Section 1, the table of K_n x K_2 for n = 1..7 (the paper writes {3/2 | 1 | 0} for
    // {3/2|1||0}, and so on).
    assert_values(
        BOARDS,
        &[
            ("kn_k2(1)", "-1"),
            ("kn_k2(2)", "*"),
            ("kn_k2(3)", "{1/2|0}"),
            ("kn_k2(4)", "{1*|0}"),
            ("kn_k2(5)", "{3/2|1||0}"),
            ("kn_k2(6)", "{2*|1||0}"),
            ("kn_k2(7)", "{5/2|2||1|||0}"),
            (
                "[mean(kn_k2(n)) for n in 2..=7]",
                "[0, 1/4, 1/2, 5/8, 3/4, 13/16]",
            ),
            (
                "[temperature(kn_k2(n)) for n in 2..=7]",
                "[0, 1/4, 1/2, 5/8, 3/4, 13/16]",
            ),
        ],
    );
}

#[test]
fn partizan_geography_opening_temperatures() {
    // Section 1 and Theorem 2: with k = floor((n-1)/2), the opening board has mean and
    // temperature 1 - 1/2^k for n even, 1 - 3/2^(k+1) for n odd.
    let mut interpreter = Interpreter::new();
    run(&mut interpreter, BOARDS);
    for n in 3..=14u32 {
        let k = (n - 1) / 2;
        let t = if n % 2 == 0 {
            format!("1 - 1/{}", 1u64 << k)
        } else {
            format!("1 - 3/{}", 1u64 << (k + 1))
        };
        assert!(
            equal(&mut interpreter, &format!("mean(kn_k2({n}))"), &t),
            "n = {n}"
        );
        assert!(
            equal(&mut interpreter, &format!("temperature(kn_k2({n}))"), &t),
            "n = {n}"
        );
    }
}

#[test]
fn partizan_geography_worked_examples() {
    assert_values(
        BOARDS,
        &[
            // Section 1's sum, A(3,2,1) - A(3,1,2) - A(1,1,1) = {1/2*|-1/2*} (section 2).
            (
                r#"partizan_geography("XXX...|...O.X") - partizan_geography("XXX...|...OXX") - partizan_geography("X..|.OX")"#,
                "{1/2*|-1/2*}",
            ),
            ("outcome(A(3, 2, 1) - A(3, 1, 2) - A(1, 1, 1))", "N"),
            // Section 2: A(3,2,1) = {3|2}, A(3,1,2) = 2*, A(1,1,1) = 1/2.
            ("A(3, 2, 1)", "{3|2}"),
            ("A(3, 1, 2)", "2*"),
            ("A(1, 1, 1)", "1/2"),
            // Notation 1's typical positions.
            ("A(17, 17, 9)", "{26,{27,{28,{29|25}|25}|25}|25}"),
            ("A(5, 10, 3)", "{{{{10|11}|10}|9}|8}"),
            ("A(12, 15, 3)", "{{{17,{18,{19,{20|17}|17}|17}|17}|16}|15}"),
            // Section 2's heuristic: G = A(3,12,4) + A(7,12,1) - A(9,15,6) is fuzzy, with mean
            // 29/32 and temperature 15/16; the summands have temperatures 7/8, 15/16, 29/32.
            ("outcome(A(3, 12, 4) + A(7, 12, 1) - A(9, 15, 6))", "N"),
            ("mean(A(3, 12, 4) + A(7, 12, 1) - A(9, 15, 6))", "29/32"),
            (
                "temperature(A(3, 12, 4) + A(7, 12, 1) - A(9, 15, 6))",
                "15/16",
            ),
            (
                "[temperature(A(3, 12, 4)), temperature(A(7, 12, 1)), temperature(A(9, 15, 6))]",
                "[7/8, 15/16, 29/32]",
            ),
            // Right's only winning move leaves A(3,12,4) + 8 - A(9,15,6) < 0, of mean -1/32.
            ("A(3, 12, 4) + 8 - A(9, 15, 6) < 0", "true"),
            ("mean(A(3, 12, 4) + 8 - A(9, 15, 6))", "-1/32"),
        ],
    );
}

#[test]
fn partizan_geography_theorem_7_e_f_and_lemmas() {
    // Lemma 3: B(x,0,z) = x - 1; Lemma 4: A(x,1,z) = {x-1|z}; Lemma 6: B(x,1,z) = x.
    // Lemma 6 as stated fails for z = 0: Theorem 7 (E) gives B(x,1,0) = x + 0 - 1 = x - 1, and
    // so does cg (B(1,1,0) = {A(0,1,0)|} = {-1|} = 0, where Lemma 6 says 1; B(2,1,0) =
    // {0, *|} = 1, where it says 2). Its proof starts the induction from B(1,1,z) =
    // {A(0,1,z)|}, which is 1 only when z >= 1. The test follows Theorem 7 there.
    let prelude = format!(
        "{BOARDS}\ndef B(x, y, z) = partizan_geography(cols(\"X\", x) + cols(\".\", y + z) + \"|\" + \"O\" + cols(\".\", x - 1 + y) + cols(\"X\", z))"
    );
    let mut interpreter = Interpreter::new();
    run(&mut interpreter, &prelude);
    for x in 1..=4 {
        for z in 0..=4 {
            let b0 = format!("B({x}, 0, {z})");
            assert!(equal(&mut interpreter, &b0, &(x - 1).to_string()), "{b0}");
            let a1 = format!("A({x}, 1, {z})");
            assert!(
                equal(&mut interpreter, &a1, &format!("{{{}|{z}}}", x - 1)),
                "{a1}"
            );
            let b1 = format!("B({x}, 1, {z})");
            let lemma_6 = if z == 0 { x - 1 } else { x };
            assert!(equal(&mut interpreter, &b1, &lemma_6.to_string()), "{b1}");
            for y in 0..=4 {
                // Theorem 7 (E), (F).
                let e = if z < y { x + z - 1 } else { y + x - 1 };
                let b = format!("B({x}, {y}, {z})");
                assert!(equal(&mut interpreter, &b, &e.to_string()), "{b}");
            }
        }
    }
}

#[test]
fn partizan_geography_more_rows_and_symmetry() {
    // Boards of any number of rows; the normal rule (row and column permutations) must not
    // change values: a board and its transposed-free permutations agree.
    assert_values(
        "",
        &[
            (
                r#"partizan_geography("X.O|...|.X.")"#,
                r#"partizan_geography(".X.|O.X|...")"#,
            ),
            (r#"partizan_geography("O")"#, "0"),
            // Two rows are the paper's boards: B(1,1,1) = 1 (Lemma 6), A(1,1,1) = 1/2.
            (r#"partizan_geography("X..|O.X")"#, "1"),
            (r#"partizan_geography("X..|.OX")"#, "1/2"),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Geography on C_n x C_4

const TORUS: &str = r#"
def torus(n, m) = directed_cycle(n) * directed_cycle(m)
def start(n, m) = geography(torus(n, m), (0, 0))
def after(G, path) = Geography((remove_vertices(G, [(0, 0)] + path[0..(len(path) - 1)]), path[len(path) - 1]))
"#;

#[test]
fn geography_theorems_1_to_3() {
    let mut interpreter = Interpreter::new();
    run(&mut interpreter, TORUS);
    // Theorem 1 (Nowakowski and Poole): n = 2, or n and m both even, is N.
    for m in 1..=6 {
        assert!(equal(
            &mut interpreter,
            &format!("outcome(start(2, {m}))"),
            "N"
        ));
    }
    assert!(equal(&mut interpreter, "outcome(start(4, 6))", "N"));
    // Theorems 2 and 3: C_n x C_4 is P exactly when n = 11 (mod 12).
    for n in 1..=11 {
        let expected = if n % 12 == 11 { "P" } else { "N" };
        let outcome = format!("outcome(start({n}, 4))");
        assert!(equal(&mut interpreter, &outcome, expected), "{outcome}");
    }
    // A P-position has nim-value 0; an N-position does not.
    assert!(equal(&mut interpreter, "nim_value(start(11, 4))", "0"));
}

#[test]
fn geography_case_analyses() {
    assert_values(
        TORUS,
        &[
            // Lemma 1: if the first two moves are in the first column, Alice wins.
            ("outcome(after(torus(5, 4), [(0, 1), (0, 2)]))", "N"),
            ("outcome(after(torus(7, 4), [(0, 1), (0, 2)]))", "N"),
            // Section 5.21: on C_3 x C_4 Alice wins by playing across first; if Bob then
            // moves down, Alice moves across and wins.
            ("outcome(after(torus(3, 4), [(1, 0)]))", "P"),
            ("outcome(after(torus(3, 4), [(1, 0), (1, 1), (2, 1)]))", "P"),
            // Section 5.41: on C_7 x C_4, Alice's first move across wins.
            ("outcome(after(torus(7, 4), [(1, 0)]))", "P"),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// Geodetic removing games

#[test]
fn geodetic_games_on_grids_have_nim_value_pty_mn() {
    // Propositions 5.1 and 5.10: nim(DNT(P_m x P_n)) = nim(TER(P_m x P_n)) = pty(mn).
    let mut interpreter = Interpreter::new();
    for m in 2..=5 {
        for n in m..=5 {
            let pty = (m * n) % 2;
            for game in ["geodetic_achievement", "geodetic_avoidance"] {
                let e = format!("nim_value({game}(path({m}) * path({n})))");
                assert!(equal(&mut interpreter, &e, &pty.to_string()), "{e}");
            }
        }
    }
}

#[test]
fn geodetic_games_on_lattices() {
    // Proposition 6.1: nim(DNT) = pty(n_1 ... n_d); 6.2: nim(TER) = 0 when the product is even.
    let mut interpreter = Interpreter::new();
    for (a, b, c) in [(2, 2, 2), (2, 2, 3), (2, 3, 3)] {
        let l = format!("path({a}) * path({b}) * path({c})");
        let dnt = format!("nim_value(geodetic_avoidance({l}))");
        let ter = format!("nim_value(geodetic_achievement({l}))");
        assert!(equal(&mut interpreter, &dnt, "0"), "{dnt}");
        assert!(equal(&mut interpreter, &ter, "0"), "{ter}");
    }
}

/// The 3 x 3 x 3 lattice: Proposition 6.1 gives nim(DNT) = 1, Proposition 6.3 nim(TER) != 0,
/// and section 6 expects nim(TER) = 1 without proof; cg finds 1. About a minute: run with
/// `cargo test --release --test seed_graphs -- --ignored`.
#[test]
#[ignore]
fn geodetic_games_on_the_3x3x3_lattice() {
    let mut interpreter = Interpreter::new();
    let l = "path(3) * path(3) * path(3)";
    let ter = format!("nim_value(geodetic_achievement({l}))");
    assert!(equal(&mut interpreter, &ter, "1"), "{ter}");
    let dnt = format!("nim_value(geodetic_avoidance({l}))");
    assert!(equal(&mut interpreter, &dnt, "1"), "{dnt}");
}

#[test]
fn geodetic_worked_examples() {
    assert_values(
        "let G = path(3) * path(5)",
        &[
            // Example 2.1: in a grid graph the hull is the smallest rectangle containing the set.
            (
                "convex_hull(G, [(0, 1), (1, 3)])",
                "{(0,1),(0,2),(0,3),(1,1),(1,2),(1,3)}",
            ),
            // ... and it is everything iff the set meets all four sides.
            ("is_hull_set(G, [(0, 2), (1, 0), (2, 1), (1, 4)])", "true"),
            ("is_hull_set(G, [(0, 2), (1, 0), (2, 1)])", "false"),
            // Example 2.3: DNT(P_2 x P_3) has nim-value 0 (its starting position in Figure 2.4).
            ("nim_value(geodetic_avoidance(path(2) * path(3)))", "0"),
            // Section 4: the nine regions of alpha (corners, sides without corners, interior).
            ("len(hull_classes(path(4) * path(5)))", "9"),
            (
                "sorted([len(c) for c in hull_classes(path(4) * path(5))])",
                "[1, 1, 1, 1, 2, 2, 3, 3, 6]",
            ),
        ],
    );
}

const MATRIX_GAMES: &str = r#"
def edge_sums(M) = [M[0] + M[1] + M[2], M[6] + M[7] + M[8], M[0] + M[3] + M[6], M[2] + M[5] + M[8]]
def lower(M, i) = tuple([if j == i then M[j] - 1 else M[j] for j in 0..9])
impartial ruleset MatrixTER {
    moves M = if all([s > 0 for s in edge_sums(M)]) then [lower(M, i) for i in 0..9 if M[i] > 0] else []
}
impartial ruleset MatrixDNT {
    moves M = [lower(M, i) for i in 0..9 if M[i] > 0 and all([s > 0 for s in edge_sums(lower(M, i))])]
}
def ter(M) = nim_value(MatrixTER(tuple(M)))
def dnt(M) = nim_value(MatrixDNT(tuple(M)))
"#;

#[test]
fn geodetic_matrix_games() {
    assert_values(
        MATRIX_GAMES,
        &[
            // Corollary 4.3: the grid games have the values of their matrix games.
            (
                "[ter([1, n - 2, 1, m - 2, (m - 2) * (n - 2), m - 2, 1, n - 2, 1]) for m in 2..=4 for n in 2..=5]",
                "[nim_value(geodetic_achievement(path(m) * path(n))) for m in 2..=4 for n in 2..=5]",
            ),
            // Proposition 5.3: TER([1 b 1; d 0 d; 1 b 1]) = 0.
            ("[ter([1, b, 1, d, 0, d, 1, b, 1]) for b in 0..=4 for d in 0..=4]", "[0 for i in 0..25]"),
            // Proposition 5.7 (MA): TER([1 b 1; 0 1 0; 1 b 1]) = 1 for b >= 2.
            ("[ter([1, b, 1, 0, 1, 0, 1, b, 1]) for b in 2..=6]", "[1, 1, 1, 1, 1]"),
            // Proposition 5.8 (MB): TER([0 a 1; 1 1 1; 1 a 0]) = 1 for a >= 2.
            ("[ter([0, a, 1, 1, 1, 1, 1, a, 0]) for a in 2..=6]", "[1, 1, 1, 1, 1]"),
            // Proposition 5.9: TER([1 b 1; d 1 d; 1 b 1]) = 1 for b, d odd.
            ("[ter([1, b, 1, d, 1, d, 1, b, 1]) for b in [1, 3, 5] for d in [1, 3, 5]]", "[1 for i in 0..9]"),
            // Proposition 5.1's proof: DNT([1 b 1; d 0 d; 1 b 1]) = 0.
            ("[dnt([1, b, 1, d, 0, d, 1, b, 1]) for b in 0..=4 for d in 0..=4]", "[0 for i in 0..25]"),
            // Proposition 5.6 (HR): TER([a b c; e o p; a b c]) = 0 for e even, o and p odd,
            // p >= 3 and edge sums at least 2.
            (
                "all([ter([a, b, c, e, o, p, a, b, c]) == 0 for a in 0..=2 for b in 0..=2 for c in 0..=2 for e in [0, 2] for o in [1, 3] for p in [3, 5] if a + b + c >= 2 and 2 * a + e >= 2])",
                "true",
            ),
            // Corollary 5.5 (CR): TER([a b c; d e d; c b a]) = 0 for e even. As printed the
            // corollary has no condition on the edge sums, and it fails when one is 1 (the
            // first player wins at once): the paper's claim gives 0 for [0 0 1; 0 0 0; 1 0 0],
            // cg gives 1. With every edge sum at least 2 it holds:
            (
                "all([ter([a, b, c, d, e, d, c, b, a]) == 0 for a in 0..=2 for b in 0..=2 for c in 0..=2 for d in 0..=2 for e in [0, 2] if min(edge_sums([a, b, c, d, e, d, c, b, a])) >= 2])",
                "true",
            ),
            ("ter([0, 0, 1, 0, 0, 0, 1, 0, 0])", "1"),
        ],
    );
}

#[test]
fn hull_game_key_respects_the_symmetries() {
    // The key is the same for positions related by a symmetry of the grid, or by exchanging
    // two vertices of a side, and (interior vertices being delay moves) for two more interior
    // vertices selected; it differs for positions with different region counts.
    let g = "path(4) * path(4)";
    let key = |cells: &str| cg(&format!("hull_game_key({g}, vertex_mask({g}, {cells}))"));
    assert_eq!(key("[(0, 0)]"), key("[(3, 3)]"));
    assert_eq!(key("[(0, 1)]"), key("[(2, 3)]"));
    assert_eq!(key("[]"), key("[(1, 1), (2, 2)]"));
    assert_ne!(key("[(0, 0)]"), key("[(0, 1)]"));
    assert_ne!(key("[]"), key("[(1, 1)]"));
}

// ---------------------------------------------------------------------------------------------
// Vertex Deletion

/// The value of Vertex Deletion on a graph of at most 16 vertices given by adjacency masks, by
/// direct recursion over vertex subsets: an independent check of the ruleset.
fn deletion_value(
    adj: &[u32],
    parity: (u32, u32),
    alive: u32,
    memo: &mut HashMap<u32, Game>,
) -> Game {
    if let Some(&g) = memo.get(&alive) {
        return g;
    }
    let mut left = Vec::new();
    let mut right = Vec::new();
    for v in 0..adj.len() {
        if alive & (1 << v) == 0 {
            continue;
        }
        let degree = (adj[v] & alive).count_ones() % 2;
        let option = deletion_value(adj, parity, alive & !(1 << v), memo);
        if degree == parity.0 {
            left.push(option);
        }
        if degree == parity.1 {
            right.push(option);
        }
    }
    let g = Game::from_options(&left, &right);
    memo.insert(alive, g);
    g
}

const PNK: &str = r#"
let EO = VertexDeletion("even", "odd")
def pnk(n, k) = graph(n, [(i, i + 1) for i in 0..(n - k - 1)] + [(min(1, n - k - 1), n - k + j) for j in 0..k])
"#;

#[test]
fn vertex_deletion_table_3_1() {
    // Table 3.1: P_{n,k}, a path of n - k vertices with k more adjacent to its second vertex.
    #[rustfmt::skip]
    let table: [[&str; 5]; 15] = [
        ["1", "-", "-", "-", "-"],
        ["0", "0", "-", "-", "-"],
        ["{2|0}", "{2|0}", "{2|0}", "-", "-"],
        ["2", "0", "0", "0", "-"],
        ["1", "{{3|1}|0}", "{4|0}", "{4|0}", "{4|0}"],
        ["{3|1}", "1*", "{3|1}", "0", "0"],
        ["3", "{2|1*}", "{{5|3}|1*}", "{{5|1}|0}", "{6|0}"],
        ["2", "2", "{5|{2|1*}}", "1*", "{5|1}"],
        // The thesis prints P_{9,2} = {4, {5|3} | 2}; cg computes {4|2} (and so does the
        // direct recursion below). {4|2} continues the column's period-3 pattern {3|1},
        // {4|2}, {5|3}, {6|4}, and {4,{5|3}|2} is a different game ({5|3} is neither
        // dominated nor reversible there), so we take the table entry to be a misprint.
        ["{4|2}", "2*", "{4|2}", "{2|1*}", "{{7|5}|1*}"],
        ["4", "{3|2*}", "{{6|4}|2*}", "2", "{7|{2|1*}}"],
        ["3", "3", "{6|{3|2*}}", "2*", "{6|2}"],
        ["{5|3}", "3*", "{5|3}", "{3|2*}", "{{8|6}|2*}"],
        ["5", "{4|3*}", "{{7|5}|3*}", "3", "{8|{3|2*}}"],
        ["4", "4", "{7|{4|3*}}", "3*", "{7|3}"],
        ["{6|4}", "4*", "{6|4}", "{4|3*}", "{{9|7}|3*}"],
    ];
    let mut interpreter = Interpreter::new();
    run(&mut interpreter, PNK);
    for (i, row) in table.iter().enumerate() {
        let n = i + 1;
        for (k, expected) in row.iter().enumerate() {
            if *expected == "-" {
                continue;
            }
            let e = format!("EO(pnk({n}, {k}))");
            assert!(equal(&mut interpreter, &e, expected), "P_{{{n},{k}}}: {e}");
        }
    }
    assert!(!equal(&mut interpreter, "EO(pnk(9, 2))", "{4, {5|3} | 2}"));
    // The independent recursion agrees on P_{9,2}: path 0-1-...-6, and 7, 8 adjacent to 1.
    let mut adj = [0u32; 9];
    let mut edge = |u: usize, v: usize| {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    };
    for i in 0..6 {
        edge(i, i + 1);
    }
    edge(1, 7);
    edge(1, 8);
    let direct = deletion_value(&adj, (0, 1), (1 << 9) - 1, &mut HashMap::new());
    let mut interpreter = Interpreter::new();
    assert_eq!(
        run(&mut interpreter, "{4|2}").to_string(),
        direct.to_string()
    );
}

#[test]
fn vertex_deletion_even_odd_theorems() {
    assert_values(
        PNK,
        &[
            // Theorem 3.1.9: complete bipartite graphs.
            ("EO(complete_bipartite(3, 5))", "0"),
            ("EO(complete_bipartite(2, 4))", "0"),
            ("EO(complete_bipartite(4, 0))", "4"),
            ("EO(complete_bipartite(4, 1))", "{4|0}"),
            ("EO(complete_bipartite(0, 5))", "5"),
            ("EO(complete_bipartite(2, 3))", "*"),
            // Theorem 3.1.10: P_k = (k+2)/3, (k-2)/3, k/3 +- 1 for k = 1, 2, 0 (mod 3).
            ("[EO(path(k)) for k in [1, 4, 7, 10, 13]]", "[1, 2, 3, 4, 5]"),
            ("[EO(path(k)) for k in [2, 5, 8, 11, 14]]", "[0, 1, 2, 3, 4]"),
            ("[EO(path(k)) for k in [3, 6, 9, 12, 15]]", "[1 +- 1, 2 +- 1, 3 +- 1, 4 +- 1, 5 +- 1]"),
            // Theorem 3.1.12: A_n for n >= 6, and the values for 3 <= n <= 8.
            ("[EO(pnk(n, 1)) for n in 3..=8]", "[{2|0}, 0, {{3|1}|0}, 1*, {2|1*}, 2]"),
            ("[EO(pnk(n, 1)) for n in [9, 12, 15]]", "[2*, 3*, 4*]"),
            ("[EO(pnk(n, 1)) for n in [10, 13, 16]]", "[{3|2*}, {4|3*}, {5|4*}]"),
            ("[EO(pnk(n, 1)) for n in [11, 14, 17]]", "[3, 4, 5]"),
            // Theorem 3.1.15: K_n = 1 (n odd), 0 (n even).
            ("[EO(complete(n)) for n in 1..=7]", "[1, 0, 1, 0, 1, 0, 1]"),
            // Figure 3.3's rule (Theorem 3.1.14): twins with N[x] = N[y] can be removed; the
            // theorem's G_{n,k} (K_n with a path P_k glued at an end) is P_k or P_{k+1}.
            (
                "EO(graph(6, [(0, 1), (0, 2), (1, 2), (2, 3), (3, 4), (4, 5)]))",
                "EO(path(4))",
            ),
            (
                "EO(graph(7, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (3, 4), (4, 5), (5, 6)]))",
                "EO(path(5))",
            ),
        ],
    );
}

#[test]
fn vertex_deletion_corollary_3_1_11_cycles() {
    // Corollary 3.1.11 states C_k = k/3, (k-4)/3, (k+1)/3 for k = 0, 1, 2 (mod 3). Its proof
    // gives C_k = P_{k-1} + 1 when P_{k-1} is an integer, which for k = 2 (mod 3) is
    // (k+1)/3 + 1 = (k+4)/3: the statement's third case is off by one. For example the thesis
    // gives C_5 = 2, cg gives C_5 = {P_4|} = {2|} = 3.
    assert_values(
        "let EO = VertexDeletion(\"even\", \"odd\")",
        &[
            ("[EO(cycle(k)) for k in [3, 6, 9, 12]]", "[1, 2, 3, 4]"),
            ("[EO(cycle(k)) for k in [4, 7, 10, 13]]", "[0, 1, 2, 3]"),
            ("[EO(cycle(k)) for k in [5, 8, 11, 14]]", "[3, 4, 5, 6]"),
        ],
    );
}

#[test]
fn vertex_deletion_impartial_variants() {
    assert_values(
        "let EE = VertexDeletion(\"even\", \"even\")\nlet OO = VertexDeletion(\"odd\", \"odd\")",
        &[
            // Theorem 3.1.3: Even/Even is * for an odd number of vertices, else 0.
            ("[EE(cycle(n)) for n in 3..=8]", "[*, 0, *, 0, *, 0]"),
            ("EE(complete_bipartite(2, 3))", "*"),
            // Lemma 3.1.4, and K_n, S_n: * for n even, 0 for n odd (Odd/Odd).
            ("[OO(path(n)) for n in 1..=6]", "[0, *, 0, *, 0, *]"),
            ("[OO(complete(n)) for n in 1..=6]", "[0, *, 0, *, 0, *]"),
            (
                "[OO(complete_bipartite(1, n - 1)) for n in 2..=7]",
                "[*, 0, *, 0, *, 0]",
            ),
            // K_{m,n}: * if m and n are both odd, else 0.
            (
                "[OO(complete_bipartite(m, n)) for m in 1..=3 for n in 1..=3]",
                "[*, 0, *, 0, 0, 0, *, 0, *]",
            ),
            // Theorem 3.2.1: Even/Even on a directed forest: * (n odd), 0 (n even).
            (
                "[EE(directed_path(n)) for n in 1..=6]",
                "[*, 0, *, 0, *, 0]",
            ),
            // Theorem 3.2.2: Odd/Odd on the directed path is the octal game 0.6.
            (
                "[nim_value(OO(directed_path(n))) for n in 0..=20]",
                "grundy(octal 0.6, 0..=20)",
            ),
        ],
    );
}

#[test]
fn vertex_deletion_directed_lemmas() {
    let prelude = r#"
let EO = VertexDeletion("even", "odd")
def p2(n) = digraph(n, [(1, 0)] + [(i, i + 1) for i in 1..(n - 1)])
def p3(n) = digraph(n, [(i, i + 1) for i in 0..(n - 2)] + [(n - 1, n - 2)])
def ap_even_to_odd(n) = digraph(n, [if i % 2 == 0 then (i, i + 1) else (i + 1, i) for i in 0..(n - 1)])
def ap_odd_to_even(n) = digraph(n, [if i % 2 == 1 then (i, i + 1) else (i + 1, i) for i in 0..(n - 1)])
"#;
    assert_values(
        prelude,
        &[
            // Lemma 3.2.4: P_1(n) = 1* (n even), 1 (n odd).
            (
                "[EO(directed_path(n)) for n in 1..=6]",
                "[1, 1*, 1, 1*, 1, 1*]",
            ),
            // Lemma 3.2.5: P_2(n) = {2*|1} (n even), {2|1*} (n odd), n >= 3.
            (
                "[EO(p2(n)) for n in 3..=6]",
                "[{2|1*}, {2*|1}, {2|1*}, {2*|1}]",
            ),
            // Lemma 3.2.6: P_3(3) = 3, P_3(4) = {3|2*}, then 2 (n even), 2* (n odd).
            ("[EO(p3(n)) for n in 3..=8]", "[3, {3|2*}, 2*, 2, 2*, 2]"),
            // Lemma 3.2.7: AP_1(n) = n.
            (
                "[EO(ap_even_to_odd(n)) for n in [1, 3, 5, 7, 9]]",
                "[1, 3, 5, 7, 9]",
            ),
            // Lemma 3.2.8: AP_2(2) = 1*, AP_2(n) = n - 2 for n >= 4.
            (
                "[EO(ap_even_to_odd(n)) for n in [2, 4, 6, 8]]",
                "[1*, 2, 4, 6]",
            ),
            // Lemma 3.2.9: AP_3(1), AP_3(3), AP_3(5), AP_3(7) = 1, {2|1*}, 2*, 3; then n - 4.
            (
                "[EO(ap_odd_to_even(n)) for n in [1, 3, 5, 7, 9, 11]]",
                "[1, {2|1*}, 2*, 3, 5, 7]",
            ),
            // Theorem 3.2.3: a directed forest is a Left win.
            ("[outcome(EO(p3(n))) for n in 3..=7]", "[L, L, L, L, L]"),
        ],
    );
}

/// The unlabelled trees on `n` vertices, as edge lists: every Prüfer sequence, kept once per
/// isomorphism class (by the canonical string of the tree rooted at its centre or centres).
fn trees(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n == 1 {
        return vec![vec![]];
    }
    let mut seen: BTreeMap<String, Vec<(usize, usize)>> = BTreeMap::new();
    let total = n.pow(n.saturating_sub(2) as u32);
    for code in 0..total {
        let mut seq = Vec::new();
        let mut c = code;
        for _ in 0..n - 2 {
            seq.push(c % n);
            c /= n;
        }
        let edges = prufer_edges(n, &seq);
        seen.entry(tree_key(n, &edges)).or_insert(edges);
    }
    seen.into_values().collect()
}

fn prufer_edges(n: usize, seq: &[usize]) -> Vec<(usize, usize)> {
    let mut degree = vec![1; n];
    for &s in seq {
        degree[s] += 1;
    }
    let mut edges = Vec::new();
    for &s in seq {
        let leaf = (0..n).find(|&v| degree[v] == 1).expect("a leaf");
        edges.push((leaf, s));
        degree[leaf] -= 1;
        degree[s] -= 1;
    }
    let rest: Vec<usize> = (0..n).filter(|&v| degree[v] == 1).collect();
    edges.push((rest[0], rest[1]));
    edges
}

/// A canonical string of a tree: the least over its vertices of the rooted encoding.
fn tree_key(n: usize, edges: &[(usize, usize)]) -> String {
    let mut adj = vec![Vec::new(); n];
    for &(u, v) in edges {
        adj[u].push(v);
        adj[v].push(u);
    }
    fn encode(adj: &[Vec<usize>], v: usize, parent: usize) -> String {
        let mut children: Vec<String> = adj[v]
            .iter()
            .filter(|&&w| w != parent)
            .map(|&w| encode(adj, w, v))
            .collect();
        children.sort();
        format!("({})", children.concat())
    }
    (0..n)
        .map(|r| encode(&adj, r, usize::MAX))
        .min()
        .expect("a vertex")
}

#[test]
fn vertex_deletion_table_3_2_trees() {
    // Table 3.2: the Even/Odd values of all trees up to 7 vertices (1 + 1 + 1 + 2 + 3 + 6 + 11
    // trees), in the order of the table (by number of vertices; the drawings are lost in the
    // text, so each size is compared as a multiset). The table writes {3 1  0} for {3|1||0}
    // and {4 2  1  0} for {4|2||1|||0}.
    let expected: [(usize, &[&str]); 7] = [
        (1, &["1"]),
        (2, &["0"]),
        (3, &["{2|0}"]),
        (4, &["2", "0"]),
        (5, &["1", "{3|1||0}", "{4|0}"]),
        (6, &["{3|1}", "1*", "{3|1}", "{3|1}", "0", "0"]),
        (
            7,
            &[
                "3",
                "{2|1*}",
                "{2|1*}",
                "{5|3||1*}",
                "{4|2||1|||0}",
                "{2|1*}",
                "3",
                "{2|0}",
                "{5|3||0}",
                "{5|1||0}",
                "{6|0}",
            ],
        ),
    ];
    let mut interpreter = Interpreter::new();
    run(
        &mut interpreter,
        "let EO = VertexDeletion(\"even\", \"odd\")",
    );
    for (n, values) in expected {
        let found = trees(n);
        assert_eq!(found.len(), values.len(), "trees on {n} vertices");
        let mut computed: Vec<String> = found
            .iter()
            .map(|edges| {
                let list: Vec<String> = edges.iter().map(|(u, v)| format!("({u}, {v})")).collect();
                run(
                    &mut interpreter,
                    &format!("EO(graph({n}, [{}]))", list.join(", ")),
                )
                .to_string()
            })
            .collect();
        let mut printed: Vec<String> = values
            .iter()
            .map(|v| run(&mut interpreter, v).to_string())
            .collect();
        computed.sort();
        printed.sort();
        assert_eq!(computed, printed, "trees on {n} vertices");
    }
}

// ---------------------------------------------------------------------------------------------
// Builtins: bad input is an error, never a panic

#[test]
fn graph_builtins_report_bad_input() {
    let mut interpreter = Interpreter::new();
    for (src, message) in [
        ("graph(3, [(0, 5)])", "leaves the vertices"),
        ("graph(3, [(1, 1)])", "itself"),
        ("graph(3, [1, 2])", "pair of vertices"),
        ("digraph(-1, [])", "size"),
        ("remove_edge(path(3), 0, 2)", "no edge"),
        ("degree(path(3), 7)", "not a vertex"),
        ("vertex_mask(path(70), [0])", "at most 63"),
        ("mask_vertices(path(3), 8)", "not a vertex mask"),
        ("hull_game_key(path(3), -1)", "not a vertex mask"),
        ("complete(100000)", "size"),
        ("complete(9000)", "arcs"),
        ("bits(-3)", "nonnegative"),
        (
            "vertex_deletion(path(3), \"even\", \"od\")",
            "not in the map",
        ),
        ("partizan_geography(\"...\")", ""),
    ] {
        let err = evaluate(&mut interpreter, src).expect_err(src);
        let text = format!("{err:?}");
        assert!(text.contains(message), "{src}: {text}");
    }
}

#[test]
fn graph_builtins_answer() {
    assert_values(
        "",
        &[
            (
                "edges(graph(4, [(1, 0), (2, 1), (1, 3)]))",
                "[(0, 1), (1, 2), (1, 3)]",
            ),
            ("edges(digraph(3, [(2, 0), (0, 1)]))", "[(0, 1), (2, 0)]"),
            ("[degree(path(3), x) for x in 0..3]", "[1, 2, 1]"),
            (
                "[in_degree(directed_path(3), x) for x in 0..3]",
                "[0, 1, 1]",
            ),
            (
                "[out_degree(directed_path(3), x) for x in 0..3]",
                "[1, 1, 0]",
            ),
            ("degree(directed_cycle(3), 0)", "2"),
            (
                "[vertex_count(path(3) * path(4)), edge_count(path(3) * path(4))]",
                "[12, 17]",
            ),
            ("is_directed(directed_cycle(3) * cycle(3))", "true"),
            ("has_edge(cycle(5), 4, 0)", "true"),
            ("edge_count(remove_edge(cycle(5), 4, 0))", "4"),
            ("vertices(remove_vertices(path(5), [1, 3]))", "[0, 2, 4]"),
            ("vertices(remove_vertices(path(5), 10))", "[0, 2, 4]"),
            ("geodetic_closure(cycle(6), [0, 2])", "{0, 1, 2}"),
            (
                "geodetic_closure(path(3) * path(3), [(0, 0), (2, 2)])",
                "set(vertices(path(3) * path(3)))",
            ),
            ("is_geodetic_set(cycle(6), [0, 3])", "true"),
            ("is_geodetic_set(cycle(6), [0, 2])", "false"),
            ("is_convex(path(5), [1, 2, 3])", "true"),
            ("convex_hull(path(5), 10)", "14"),
            ("vertex_mask(path(4), [0, 2])", "5"),
            ("mask_vertices(path(2) * path(2), 9)", "{(0, 0), (1, 1)}"),
            ("complement(path(4), [0, 1])", "{2, 3}"),
            ("bits(0)", "[]"),
            (
                "vertices(reachable(directed_cycle(4) * directed_path(2), (0, 1)))",
                "[(0, 1), (1, 1), (2, 1), (3, 1)]",
            ),
            ("len(hull_classes(path(3) * path(3) * path(3)))", "27"),
            ("len(hull_classes(cycle(6)))", "6"),
        ],
    );
}

#[test]
fn vertex_deletion_small_digraphs() {
    // Figure 3.8: the two digraphs on 3 vertices with 3 arcs have Even/Odd values 0 (the
    // directed cycle) and 1 (the transitive triangle).
    // Figure 3.7: a digraph whose vertices all have odd in-degree has value -1; on at most 4
    // vertices there are exactly two connected ones of value -1.
    //
    // Tables 3.3-3.5 list the digraphs on up to 4 vertices with their (E/O, E/E, O/O) values;
    // the drawings are lost in the text, so only the multiset of triples can be compared.
    // Over the 41 connected oriented graphs on 1-4 vertices, 36 of the table's 39 triples
    // match; the other three have O/O = 0 in the table where cg finds *. One is certain: the
    // table gives the two value -1 digraphs O/O values *3 and 0, and cg finds *3 and *; the
    // second (arcs 0->1, 0->2, 1->2, 1->3, 3->0, 3->2) has four options, each of value 0 by
    // hand (each leaves a position with a single move sequence of length one left), so it is *.
    let prelude = r#"
let EO = VertexDeletion("even", "odd")
let OO = VertexDeletion("odd", "odd")
let cyclic = digraph(3, [(0, 1), (1, 2), (2, 0)])
let transitive = digraph(3, [(0, 1), (0, 2), (1, 2)])
let minus_one_a = digraph(4, [(0, 1), (0, 2), (1, 3), (3, 0)])
let minus_one_b = digraph(4, [(0, 1), (0, 2), (1, 2), (1, 3), (3, 0), (3, 2)])
"#;
    assert_values(
        prelude,
        &[
            ("EO(cyclic)", "0"),
            ("EO(transitive)", "1"),
            ("[EO(minus_one_a), EO(minus_one_b)]", "[-1, -1]"),
            ("OO(minus_one_a)", "*3"),
            // The table: 0.
            ("OO(minus_one_b)", "*"),
        ],
    );
}

#[test]
fn hull_game_key_keeps_nim_values() {
    // The stdlib rulesets (with `normal P = hull_game_key(G, P)`) against the same rules with
    // no normal form, on graphs whose hull classes are irregular: trees (whose inner vertices
    // are delay moves), cycles, complete and bipartite graphs, products and digraphs.
    let prelude = r#"
impartial ruleset PlainTER(G) {
    moves P = if is_hull_set(G, complement(G, P)) then [P + x for x in bits(complement(G, P))] else []
}
impartial ruleset PlainDNT(G) {
    moves P = [P + x for x in bits(complement(G, P)) if is_hull_set(G, complement(G, P + x))]
}
let graphs = [cycle(5), cycle(6), complete(4), complete_bipartite(2, 3), complete_bipartite(3, 3), path(3) * path(3), path(2) * path(4), cycle(4) * path(2), complete(3) * path(3), graph(7, [(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (4, 6)]), graph(8, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 4), (4, 5), (5, 6), (6, 7), (7, 4)]), digraph(5, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 2)]), directed_cycle(3) * directed_cycle(3), graph(9, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3), (5, 6), (6, 7), (7, 8), (8, 6)])]
"#;
    assert_values(
        prelude,
        &[(
            "[[nim_value(geodetic_achievement(G)), nim_value(geodetic_avoidance(G))] for G in graphs]",
            "[[nim_value(PlainTER(G)(0)), nim_value(PlainDNT(G)(0))] for G in graphs]",
        )],
    );
}
