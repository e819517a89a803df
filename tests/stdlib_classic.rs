//! The classic games of `stdlib/cakes.cg` and `stdlib/counters.cg`, written in the cg language,
//! against published closed forms and against independent game trees built here in Rust.

use std::collections::HashMap;

use cg::core::Game;
use cg::eval::Interpreter;

#[path = "common/evaluate.rs"]
mod evaluate;
use evaluate::game_of;

fn nim_value(interpreter: &mut Interpreter, text: &str) -> u64 {
    let g = game_of(interpreter, text);
    let n = g
        .nim_value()
        .unwrap_or_else(|| panic!("`{text}` is {g}, not a nimber"));
    n.to_usize().expect("a small nim-value") as u64
}

fn floor_log2(n: i64) -> u32 {
    63 - (n as u64).leading_zeros()
}

// ---------------------------------------------------------------------------------------------
// The cake family

/// Cutcake's closed form (Winning Ways ch. 2, the Cutcake table; Albert, Nowakowski and Wolfe,
/// *Lessons in Play*, the Cut-cake analysis): with Left cutting the n columns, an m x n cake is
/// worth floor(n / 2^floor(log2 m)) - 1 to Left when that is positive, the mirror for Right,
/// and 0 otherwise.
fn cutcake_formula(m: i64, n: i64) -> i64 {
    let left = n / (1 << floor_log2(m)) - 1;
    let right = m / (1 << floor_log2(n)) - 1;
    if left > 0 {
        left
    } else if right > 0 {
        -right
    } else {
        0
    }
}

#[test]
fn cutcake_matches_the_closed_form() {
    let mut interpreter = Interpreter::new();
    for m in 1..=12 {
        for n in 1..=12 {
            let got = game_of(&mut interpreter, &format!("cutcake({m}, {n})"));
            assert_eq!(
                got,
                Game::integer(cutcake_formula(m, n)),
                "cutcake({m}, {n})"
            );
        }
    }
}

/// Maundy Cake on one row (Winning Ways ch. 2): with the prime factors of n in ascending order
/// p1 <= p2 <= ... <= pk, Left's 1 x n cake is worth n/p1 + n/(p1 p2) + ... + n/(p1 ... pk).
/// Hand check: 12 = 2·2·3 gives 6 + 3 + 1 = 10 (halve, halve again, then cut in three).
fn maundy_strip_formula(n: i64) -> i64 {
    let mut primes = Vec::new();
    let (mut rest, mut p) = (n, 2);
    while rest > 1 {
        while rest % p == 0 {
            primes.push(p);
            rest /= p;
        }
        p += 1;
    }
    let (mut total, mut product) = (0, 1);
    for p in primes {
        product *= p;
        total += n / product;
    }
    total
}

#[test]
fn maundy_cake_strips_match_the_closed_form() {
    let mut interpreter = Interpreter::new();
    for n in 1..=60 {
        let got = game_of(&mut interpreter, &format!("maundy_cake(1, {n})"));
        assert_eq!(
            got,
            Game::integer(maundy_strip_formula(n)),
            "maundy_cake(1, {n})"
        );
        let mirror = game_of(&mut interpreter, &format!("maundy_cake({n}, 1)"));
        assert_eq!(mirror, -got, "maundy_cake({n}, 1)");
    }
}

/// A cake game built here: `cuts(n)` lists, for a side of length n, each move as the lengths
/// it leaves. The value of an m x n cake is the sum over its pieces, built with the core.
struct CakeTrees<'a> {
    cuts: &'a dyn Fn(i64) -> Vec<Vec<i64>>,
    memo: HashMap<(i64, i64), Game>,
}

impl CakeTrees<'_> {
    fn value(&mut self, m: i64, n: i64) -> Game {
        if let Some(&g) = self.memo.get(&(m, n)) {
            return g;
        }
        let left: Vec<Game> = (self.cuts)(n)
            .iter()
            .map(|parts| self.pieces(parts.iter().map(|&k| (m, k))))
            .collect();
        let right: Vec<Game> = (self.cuts)(m)
            .iter()
            .map(|parts| self.pieces(parts.iter().map(|&k| (k, n))))
            .collect();
        let g = Game::from_options(&left, &right);
        self.memo.insert((m, n), g);
        g
    }

    fn pieces(&mut self, pieces: impl Iterator<Item = (i64, i64)>) -> Game {
        let pieces: Vec<_> = pieces.filter(|&(m, n)| m > 0 && n > 0).collect();
        pieces
            .into_iter()
            .fold(Game::ZERO, |sum, (m, n)| sum + self.value(m, n))
    }
}

#[test]
fn the_cake_family_matches_independent_game_trees() {
    let maundy = |n: i64| -> Vec<Vec<i64>> {
        (2..=n)
            .filter(|d| n % d == 0)
            .map(|d| vec![n / d; d as usize])
            .collect()
    };
    let eat = |n: i64| -> Vec<Vec<i64>> { (0..n).map(|a| vec![a, n - 1 - a]).collect() };
    let cut = |n: i64| -> Vec<Vec<i64>> { (1..n).map(|a| vec![a, n - a]).collect() };
    let mut interpreter = Interpreter::new();
    for (name, cuts, size) in [
        ("maundy_cake", &maundy as &dyn Fn(i64) -> Vec<Vec<i64>>, 9),
        ("eatcake", &eat, 6),
        ("cutcake", &cut, 9),
    ] {
        let mut trees = CakeTrees {
            cuts,
            memo: HashMap::new(),
        };
        for m in 1..=size {
            for n in 1..=size {
                let got = game_of(&mut interpreter, &format!("{name}({m}, {n})"));
                assert_eq!(got, trees.value(m, n), "{name}({m}, {n})");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Counter games

/// Wythoff's P-positions (Wythoff 1907): (floor(k phi), floor(k phi^2)) = (a_k, a_k + k), with
/// a_k the least number not yet used. Built here by that greedy rule, not by the game.
fn wythoff_p_positions(limit: i64) -> Vec<(i64, i64)> {
    let mut used = std::collections::HashSet::new();
    let mut out = vec![(0, 0)];
    let mut a = 0;
    for k in 1.. {
        a += 1;
        while used.contains(&a) {
            a += 1;
        }
        if a + k > limit {
            break;
        }
        used.insert(a);
        used.insert(a + k);
        out.push((a, a + k));
    }
    out
}

#[test]
fn wythoff_zeros_are_the_golden_pairs() {
    let expected = wythoff_p_positions(40);
    // The first pairs as Wythoff and Winning Ways list them.
    assert_eq!(
        &expected[..6],
        &[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    );
    let mut interpreter = Interpreter::new();
    for a in 0..=40 {
        for b in a..=40 {
            let zero = nim_value(&mut interpreter, &format!("wythoff({a}, {b})")) == 0;
            assert_eq!(zero, expected.contains(&(a, b)), "wythoff({a}, {b})");
        }
    }
}

/// Nim-values of Wythoff's game by the mex rule over a table built here.
#[test]
fn wythoff_nim_values_match_a_mex_table() {
    const N: usize = 16;
    let mut table = [[0u64; N]; N];
    for a in 0..N {
        for b in 0..N {
            let mut seen = Vec::new();
            seen.extend((0..a).map(|x| table[x][b]));
            seen.extend((0..b).map(|y| table[a][y]));
            seen.extend((1..=a.min(b)).map(|t| table[a - t][b - t]));
            table[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    // Winning Ways ch. 3's table starts 0 1 2 3 / 1 2 0 4 / 2 0 1 5 / 3 4 5 6.
    assert_eq!(table[1][..4], [1, 2, 0, 4]);
    assert_eq!(table[3][..4], [3, 4, 5, 6]);
    let mut interpreter = Interpreter::new();
    for (a, row) in table.iter().enumerate() {
        for (b, &want) in row.iter().enumerate() {
            let got = nim_value(&mut interpreter, &format!("wythoff({a}, {b})"));
            assert_eq!(got, want, "wythoff({a}, {b})");
        }
    }
}

/// Chomp: every rectangle but the poisoned square alone is a first-player win (Gale's
/// strategy-stealing argument), and two rows of lengths a and a - 1 are a second-player win (the
/// known solution of two-rowed Chomp).
#[test]
fn chomp_outcomes_match_the_theory() {
    let mut interpreter = Interpreter::new();
    for m in 1..=5 {
        for n in 1..=5 {
            let v = nim_value(&mut interpreter, &format!("chomp({m}, {n})"));
            assert_eq!(
                v == 0,
                m == 1 && n == 1,
                "chomp({m}, {n}) has nim-value {v}"
            );
        }
    }
    for a in 1..=12 {
        for b in 0..=a {
            let text = if b == 0 {
                format!("Chomp([{a}])")
            } else {
                format!("Chomp([{a}, {b}])")
            };
            let v = nim_value(&mut interpreter, &text);
            assert_eq!(
                v == 0,
                b + 1 == a || (a == 1 && b == 0),
                "{text} has nim-value {v}"
            );
        }
    }
}

/// Chomp's nim-values by a mex search over diagrams written here (rows as a vector).
#[test]
fn chomp_nim_values_match_a_direct_search() {
    fn nim(rows: Vec<usize>, memo: &mut HashMap<Vec<usize>, u64>) -> u64 {
        if let Some(&v) = memo.get(&rows) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..rows.len() {
            for j in 0..rows[i] {
                if i == 0 && j == 0 {
                    continue;
                }
                let next: Vec<usize> = rows
                    .iter()
                    .enumerate()
                    .map(|(r, &len)| if r < i { len } else { len.min(j) })
                    .filter(|&len| len > 0)
                    .collect();
                seen.push(nim(next, memo));
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(rows, v);
        v
    }
    let mut memo = HashMap::new();
    let mut interpreter = Interpreter::new();
    for m in 1..=4 {
        for n in 1..=6 {
            let want = nim(vec![n; m], &mut memo);
            assert_eq!(
                nim_value(&mut interpreter, &format!("chomp({m}, {n})")),
                want,
                "chomp({m}, {n})"
            );
        }
    }
}

/// Fibonacci Nim (Whinihan 1963, by Zeckendorf representations): the first player loses exactly
/// when the heap is a Fibonacci number.
#[test]
fn fibonacci_nim_losses_are_the_fibonacci_numbers() {
    let mut fibonacci = vec![1, 2];
    while *fibonacci.last().unwrap() < 200 {
        let next = fibonacci[fibonacci.len() - 1] + fibonacci[fibonacci.len() - 2];
        fibonacci.push(next);
    }
    let mut interpreter = Interpreter::new();
    for n in 2..=150 {
        let zero = nim_value(&mut interpreter, &format!("fibonacci_nim({n})")) == 0;
        assert_eq!(zero, fibonacci.contains(&n), "fibonacci_nim({n})");
    }
}
