//! Misère play of heap games: the genus of every heap, as cg computes it from misère canonical
//! forms, against a search over positions that uses no canonical form at all.
//!
//! Winning Ways (ch. 13) tabulates the genera of Kayles, Dawson's Kayles and Grundy's game; the
//! book was not at hand when these tests were written, so each value is checked instead by
//! playing the positions out: γk of heap n is the misère nim-value of heap n + k copies of *2,
//! found by the mex recursion over positions (heaps of the game and nim heaps of 2 and 1).
//! Where the genus is short enough to know by heart it is also written out (Kayles: 0, 1, 2,
//! 3, 1 for heaps 0..=4, the nim heaps *0, *, *2, *3, *; WW ch. 13).

use std::collections::HashMap;

use cg::core::heap::{HeapRules, TakeBreakCode};
use cg::core::misere::{heap_forms, Misere};

fn code(text: &str) -> HeapRules {
    HeapRules::TakeBreak(TakeBreakCode::parse(text).unwrap())
}

/// A position: the game's heaps (sorted, no empty heap), and how many nim heaps *2 and *1.
type Position = (Vec<usize>, usize, usize);

fn g_minus(rules: &HeapRules, p: Position, memo: &mut HashMap<Position, u32>) -> u32 {
    if let Some(&v) = memo.get(&p) {
        return v;
    }
    let (heaps, twos, ones) = &p;
    let mut seen = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for left in rules.moves(h) {
            let mut next: Vec<usize> = heaps.clone();
            next.remove(i);
            next.extend(left.into_iter().filter(|&x| x > 0));
            next.sort_unstable();
            seen.push(g_minus(rules, (next, *twos, *ones), memo));
        }
    }
    if *twos > 0 {
        seen.push(g_minus(rules, (heaps.clone(), twos - 1, ones + 1), memo));
        seen.push(g_minus(rules, (heaps.clone(), twos - 1, *ones), memo));
    }
    if *ones > 0 {
        seen.push(g_minus(rules, (heaps.clone(), *twos, ones - 1), memo));
    }
    // No move at all: the player to move has won (misère), value 1.
    let v = if seen.is_empty() {
        1
    } else {
        (0..).find(|v| !seen.contains(v)).unwrap()
    };
    memo.insert(p, v);
    v
}

fn check_genera(rules: &HeapRules, max: usize) {
    let mut forms = Vec::new();
    heap_forms(rules, &mut forms, max);
    let mut memo = HashMap::new();
    for (n, form) in forms.iter().enumerate() {
        let genus = form.genus();
        let heaps = if n == 0 { vec![] } else { vec![n] };
        for k in 0..4 {
            let searched = g_minus(rules, (heaps.clone(), k, 0), &mut memo);
            assert_eq!(genus.gamma(k), searched, "heap {n}, γ{k}: genus {genus}");
        }
    }
}

#[test]
fn kayles_genera_against_search() {
    check_genera(&code("0.77"), 14);
}

#[test]
fn dawsons_kayles_genera_against_search() {
    check_genera(&code("0.07"), 16);
}

#[test]
fn grundys_game_genera_against_search() {
    check_genera(&code("4!.0"), 16);
}

/// The first Kayles heaps are nim heaps: 0, *, *2, *3, * (a move from a row of up to four pins
/// leaves at most two smaller rows, worked by hand), so their genera print as plain integers.
#[test]
fn kayles_first_heaps_are_nim_heaps() {
    let mut forms = Vec::new();
    heap_forms(&code("0.77"), &mut forms, 4);
    let expected: Vec<Misere> = [0, 1, 2, 3, 1].into_iter().map(Misere::heap).collect();
    assert_eq!(forms, expected);
    let printed: Vec<String> = forms.iter().map(|g| g.genus().to_string()).collect();
    assert_eq!(printed, ["0", "1", "2", "3", "1"]);
}

/// A sum of several heaps: the engine's outcome against the search over positions.
#[test]
fn sums_of_heaps_against_search() {
    let rules = code("0.07");
    let mut forms = Vec::new();
    heap_forms(&rules, &mut forms, 12);
    let mut memo = HashMap::new();
    for a in 1..=12 {
        for b in a..=12 {
            for c in [0, 2, 5] {
                let mut heaps: Vec<usize> = [a, b, c].into_iter().filter(|&x| x > 0).collect();
                heaps.sort_unstable();
                let searched = g_minus(&rules, (heaps, 0, 0), &mut memo) == 0;
                let sum = forms[a].sum(forms[b]).sum(forms[c]);
                assert_eq!(sum.is_p_position(), searched, "{a} + {b} + {c}");
            }
        }
    }
}
