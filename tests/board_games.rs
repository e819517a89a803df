//! The games of the seed papers, solved by brute force on `cg::board` values, against the
//! papers' theorems and tables. These check that the structures serve the rulesets they were
//! made for (and, through them, the distances, hulls and products).
//!
//! - Benesh, Ernst, Meyer, Salmon, Sieben, "Impartial geodetic removing games on grid graphs"
//!   (2025): nim(DNT) = nim(TER) = pty(mn) on grid graphs (Propositions 5.1 and 5.10), and
//!   for lattices DNT = pty(n_1 ... n_d) (6.1), TER = 0 when the product is even (6.2).
//! - Hogan, Horrocks, "Geography played on an n-cycle times a 4-cycle" (2003), Theorems 1-3.
//! - Nowakowski, Siegel, "Partizan geography on K_n x K_2" (2006), the table of values.

use std::collections::HashMap;

use cg::board::{BitSet, Graph, VertexLabel};
use cg::core::{Dyadic, Game, Integer};

// ---------------------------------------------------------------------------------------------
// Geodetic removing games

fn mex(values: impl IntoIterator<Item = u8>) -> u8 {
    let mut seen = 0u64;
    for v in values {
        seen |= 1 << v;
    }
    seen.trailing_ones() as u8
}

/// The nim-values of the removing games on `g` (at most 20 vertices), from the empty
/// position: `(nim(DNT), nim(TER))`. A position is the set `P` of selected vertices.
fn removing_games(g: &Graph) -> (u8, u8) {
    let n = g.vertex_count();
    assert!(n <= 20);
    let full: u32 = (1 << n) - 1;
    // alive[P]: [V \ P] = V.
    let alive: Vec<bool> = (0..=full)
        .map(|p| g.is_hull_set(&BitSet::from_u128(u128::from(full & !p))))
        .collect();
    let mut dnt = vec![0u8; 1 << n];
    let mut ter = vec![0u8; 1 << n];
    for p in (0..=full).rev() {
        let options = (0..n).filter(|&v| p & (1 << v) == 0).map(|v| p | (1 << v));
        // DNT: only moves that keep the hull everything; a dead position is never reached.
        dnt[p as usize] = mex(options
            .clone()
            .filter(|&q| alive[q as usize])
            .map(|q| dnt[q as usize]));
        // TER: the game is over once the hull is no longer everything.
        ter[p as usize] = if alive[p as usize] {
            mex(options.map(|q| ter[q as usize]))
        } else {
            0
        };
    }
    (dnt[0], ter[0])
}

#[test]
fn removing_games_on_grid_graphs_have_nim_value_the_parity_of_mn() {
    for (m, n) in [
        (2, 3),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
        (2, 6),
        (3, 5),
        (4, 4),
        (2, 8),
    ] {
        let pty = ((m * n) % 2) as u8;
        assert_eq!(
            removing_games(&Graph::grid(m, n)),
            (pty, pty),
            "P_{m} x P_{n}"
        );
    }
}

#[test]
fn removing_games_on_lattices() {
    // P_2 x P_2 x P_3: even, so nim(DNT) = 0 (Proposition 6.1) and nim(TER) = 0 (6.2).
    assert_eq!(removing_games(&Graph::lattice(&[2, 2, 3])), (0, 0));
    // P_2 x P_3 x P_3: 18 vertices, also even.
    assert_eq!(removing_games(&Graph::lattice(&[2, 3, 3])), (0, 0));
}

// ---------------------------------------------------------------------------------------------
// Geography on C_n x C_m

/// Whether the player to move wins Geography with the coin on `at`, the vertices in
/// `visited` (a bit mask) already used.
fn geography_next_wins(
    g: &Graph,
    visited: u64,
    at: usize,
    memo: &mut HashMap<(u64, usize), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(visited, at)) {
        return w;
    }
    let win = g
        .out_neighbours(at)
        .filter(|&w| visited & (1 << w) == 0)
        .any(|w| !geography_next_wins(g, visited | (1 << w), w, memo));
    memo.insert((visited, at), win);
    win
}

/// The outcome of Geography on the directed torus `C_n x C_m` from `(0, 0)`: `'N'` or `'P'`.
fn geography_outcome(n: usize, m: usize) -> char {
    let g = Graph::directed_torus(n, m);
    assert!(g.vertex_count() <= 64);
    let start = g.vertex(&VertexLabel::from((0, 0))).unwrap();
    let mut memo = HashMap::new();
    if geography_next_wins(&g, 1 << start, start, &mut memo) {
        'N'
    } else {
        'P'
    }
}

#[test]
fn geography_theorem_1_n_2_or_both_even() {
    // Nowakowski and Poole, quoted as Theorem 1 by Hogan and Horrocks: if n = 2, or if n and
    // m are both even, C_n x C_m is an N-position.
    for m in 1..=8 {
        assert_eq!(geography_outcome(2, m), 'N', "C_2 x C_{m}");
    }
    for (n, m) in [(4, 4), (4, 6), (6, 4), (6, 6), (4, 8)] {
        assert_eq!(geography_outcome(n, m), 'N', "C_{n} x C_{m}");
    }
}

#[test]
fn geography_on_cn_times_c4() {
    // Theorem 3: for odd n, C_n x C_4 is a P-position exactly when n = 11 (mod 12).
    for n in [1, 3, 5, 7, 9, 11, 13] {
        let expected = if n % 12 == 11 { 'P' } else { 'N' };
        assert_eq!(geography_outcome(n, 4), expected, "C_{n} x C_4");
    }
}

#[test]
fn geography_positions_as_graphs_with_vertices_deleted() {
    // Positions as values: the graph of unvisited vertices plus the coin's label, memoised in
    // a hash map keyed by graphs. Paths reaching the same set of visited vertices build the
    // same graph in different orders; equality and hashing must identify them.
    fn next_wins(
        g: &Graph,
        at: &VertexLabel,
        memo: &mut HashMap<(Graph, VertexLabel), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(g.clone(), at.clone())) {
            return w;
        }
        let v = g.vertex(at).unwrap();
        let rest = g.remove_vertex(v);
        let win = g.out_neighbours(v).any(|w| {
            let label = g.label(w).clone();
            !next_wins(&rest, &label, memo)
        });
        memo.insert((g.clone(), at.clone()), win);
        win
    }
    for (n, m, expected) in [(3, 4, true), (5, 4, true), (2, 3, true), (3, 3, false)] {
        let g = Graph::directed_torus(n, m);
        let mut memo = HashMap::new();
        let win = next_wins(&g, &VertexLabel::from((0, 0)), &mut memo);
        let by_masks = geography_outcome(n, m) == 'N';
        assert_eq!(win, by_masks, "C_{n} x C_{m}");
        assert_eq!(win, expected, "C_{n} x C_{m}");
    }
}

// ---------------------------------------------------------------------------------------------
// Partizan geography on K_n x K_2

/// The value of partizan geography on `K_n x K_2` from the coin on `(0, 0)` with that cell
/// visited: Left moves the coin within its row (changing the `K_n` coordinate), Right within
/// its column (changing the `K_2` coordinate), never onto a visited cell.
fn partizan_geography(n: usize) -> Game {
    fn value(g: &Graph, visited: u32, at: usize, memo: &mut HashMap<(u32, usize), Game>) -> Game {
        if let Some(&v) = memo.get(&(visited, at)) {
            return v;
        }
        let here = g.label(at).coords().unwrap();
        let mut left = Vec::new();
        let mut right = Vec::new();
        for w in g.out_neighbours(at).filter(|&w| visited & (1 << w) == 0) {
            let there = g.label(w).coords().unwrap();
            let option = value(g, visited | (1 << w), w, memo);
            if there[1] == here[1] {
                left.push(option);
            } else {
                assert_eq!(there[0], here[0]);
                right.push(option);
            }
        }
        let v = Game::from_options(&left, &right);
        memo.insert((visited, at), v);
        v
    }
    let g = Graph::complete(n).product(&Graph::complete(2));
    let start = g.vertex(&VertexLabel::from((0, 0))).unwrap();
    value(&g, 1 << start, start, &mut HashMap::new())
}

#[test]
fn partizan_geography_values_match_the_table() {
    let int = |i: i64| Game::integer(i);
    let half = |k: i64| Game::number(Dyadic::new(Integer::from(k), 1));
    let sw = |l: Game, r: Game| Game::from_options(&[l], &[r]);
    let star = Game::star();
    // n:   1    2    3          4           5               6               7
    //     -1    *  {1/2 | 0}  {1* | 0}  {3/2 | 1 || 0}  {2* | 1 || 0}  {5/2 | 2 || 1 ||| 0}
    let expected = [
        int(-1),
        star,
        sw(half(1), int(0)),
        sw(int(1) + star, int(0)),
        sw(sw(half(3), int(1)), int(0)),
        sw(sw(int(2) + star, int(1)), int(0)),
        sw(sw(sw(half(5), int(2)), int(1)), int(0)),
    ];
    for (k, e) in expected.iter().enumerate() {
        let n = k + 1;
        assert_eq!(
            partizan_geography(n),
            *e,
            "K_{n} x K_2: {}",
            partizan_geography(n)
        );
    }
}
