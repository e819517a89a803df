//! Misère quotients (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 2008).
//!
//! Every quotient cg prints has passed the verification theorem (`core::misere::verify`); these
//! tests check it again from outside, against misère outcomes played out move by move from
//! the game's rules (no quotient, no canonical form): every sum of heaps of the bound with few
//! heaps, and sums of many copies of a few heaps. They also pin the orders and presentations
//! that are known by hand or from the literature, and the games the previous heap-by-heap
//! method got wrong.

use std::collections::HashMap;

use cg::core::heap::{HeapRules, TakeBreakCode};
use cg::core::misere::{heap_forms, Misere, Quotient};

fn octal(code: &str) -> HeapRules {
    HeapRules::TakeBreak(TakeBreakCode::parse_octal(code).unwrap())
}

fn words(q: &Quotient, xs: &[u32]) -> Vec<String> {
    let w = q.element_words();
    xs.iter().map(|&x| w[x as usize].clone()).collect()
}

/// Misère outcomes of sums of heaps, played out: a position is its heap sizes, ascending,
/// heaps without moves left out.
struct Brute {
    moves: Vec<Vec<Vec<usize>>>,
    memo: HashMap<Vec<usize>, bool>,
}

impl Brute {
    fn new(rules: &HeapRules, n: usize) -> Brute {
        Brute {
            moves: (0..=n).map(|h| rules.moves(h)).collect(),
            memo: HashMap::new(),
        }
    }

    fn is_p(&mut self, heaps: &[usize]) -> bool {
        let mut g: Vec<usize> = heaps
            .iter()
            .copied()
            .filter(|&h| !self.moves[h].is_empty())
            .collect();
        g.sort_unstable();
        self.search(g)
    }

    fn search(&mut self, g: Vec<usize>) -> bool {
        if let Some(&p) = self.memo.get(&g) {
            return p;
        }
        // The player to move with no move wins in misère play.
        let mut p = !g.is_empty();
        'moves: for i in 0..g.len() {
            if i > 0 && g[i - 1] == g[i] {
                continue;
            }
            for left in self.moves[g[i]].clone() {
                let mut next = g.clone();
                next.remove(i);
                next.extend(left.into_iter().filter(|&h| !self.moves[h].is_empty()));
                next.sort_unstable();
                if self.search(next) {
                    p = false;
                    break 'moves;
                }
            }
        }
        self.memo.insert(g, p);
        p
    }
}

/// Every sum of at most `parts` heaps of 1..=n with at most `tokens` tokens, and every sum of
/// up to `copies` copies of each heap up to `small` plus one other heap: P through the
/// quotient exactly when P by play. Returns how many sums were checked.
fn agrees_with_play(
    code: &str,
    n: usize,
    parts: usize,
    tokens: usize,
    small: usize,
    copies: usize,
) -> usize {
    let rules = octal(code);
    let q = Quotient::of_heaps(&rules, n).unwrap();
    let mut brute = Brute::new(&rules, n);
    let mut checked = 0;
    let mut check = |heaps: &[usize], brute: &mut Brute| {
        let x = q.image(heaps).unwrap();
        assert_eq!(
            q.is_p(x),
            brute.is_p(heaps),
            "{code} to heap {n}: the sum of heaps {heaps:?}"
        );
        checked += 1;
    };
    // Sums of few heaps, ascending.
    let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(g) = stack.pop() {
        check(&g, &mut brute);
        if g.len() == parts {
            continue;
        }
        let total: usize = g.iter().sum();
        let from = g.last().copied().unwrap_or(1);
        for h in from..=n.min(tokens - total.min(tokens)) {
            let mut more = g.clone();
            more.push(h);
            stack.push(more);
        }
    }
    // Many copies of a small heap, with another heap.
    for h in 1..=small.min(n) {
        for k in 1..=copies {
            for other in 0..=n {
                let mut g = vec![h; k];
                if other > 0 {
                    g.push(other);
                }
                if g.iter().sum::<usize>() <= tokens + 12 {
                    check(&g, &mut brute);
                }
            }
        }
    }
    checked
}

/// Misère Nim with heaps 0..=3 (0.333): sums whose heaps are all 0 or 1 fall into 2 classes
/// (0 and *), the others into 4 by nim-sum (a sum with a heap of 2 or more is P exactly at
/// nim-sum 0, Bouton): 2 + 2^2 = 6 elements, the tame quotient T2 = <a,b | a^2=1, b^3=b>
/// with P-portion {a, b^2} (Plambeck and Siegel 2008, the tame quotients T_n). Issue 15's
/// text gives T2 order 4; that is wrong: the count above, the paper and the check all say 6.
#[test]
fn nim_to_three_is_t2() {
    let q = Quotient::of_heaps(&octal("0.333"), 3).unwrap();
    assert_eq!(q.order(), 6);
    assert_eq!(q.presentation(), "<a,b | a^2=1, b^3=b>");
    assert_eq!(words(&q, &q.p_portion()), ["a", "b^2"]);
    // *3 = *2 + * in misère Nim (both tame with genus 3^3).
    assert_eq!(words(&q, q.pretending()), ["1", "a", "b", "ab"]);
}

/// Heaps 0..=7: 2 + 2^3 = 10 elements by the same count (T3).
#[test]
fn nim_to_seven_has_order_ten() {
    let q = Quotient::of_heaps(&octal("0.3333333"), 7).unwrap();
    assert_eq!(q.order(), 10);
    assert_eq!(words(&q, &q.p_portion()), ["a", "b^2"]);
}

/// 0.75 has the quotient R8 = <a,b,c | a^2=1, b^3=b, bc=ab, c^2=b^2>, P-portion {a, b^2}, of
/// order 8 (Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5 (2005);
/// Plambeck and Siegel 2008), from heap 5 on.
#[test]
fn octal_075_is_r8() {
    let q4 = Quotient::of_heaps(&octal("0.75"), 4).unwrap();
    assert_eq!(q4.order(), 6);
    let q = Quotient::of_heaps(&octal("0.75"), 30).unwrap();
    assert_eq!(q.order(), 8);
    assert_eq!(q.presentation(), "<a,b,c | a^2=1, bc=ab, c^2=b^2, b^3=b>");
    assert_eq!(words(&q, &q.p_portion()), ["a", "b^2"]);
}

#[test]
fn octal_075_agrees_with_play() {
    assert!(agrees_with_play("0.75", 20, 4, 36, 4, 6) > 1000);
}

/// Dawson's Kayles to heap 20. The previous method printed a quotient of order 12 at heap 10
/// that called 6+6+6+10 an N-position; play says P, and so does this quotient (order 12, of a different structure).
#[test]
fn dawsons_kayles_agrees_with_play() {
    let rules = octal("0.07");
    let q = Quotient::of_heaps(&rules, 10).unwrap();
    assert!(q.is_p(q.image(&[6, 6, 6, 10]).unwrap()));
    assert!(Brute::new(&rules, 10).is_p(&[6, 6, 6, 10]));
    assert_eq!(q.order(), 12);
    assert!(agrees_with_play("0.07", 20, 4, 34, 6, 7) > 1000);
}

/// Dawson's Kayles to heap 30: Siegel's refinement reaches the quotient of order 360 that
/// MisereSolver computed ("Q_30(0.07) has size 360 but one of the candidates has size 848":
/// Siegel, "Some MisereSolver questions answered", miseregames.wordpress.com, 28 August 2007;
/// cg's refinement meets a candidate of 848 elements at heap 30 too). The previous heap-by-heap
/// method refused every heap past 24. Checked here against play on every sum of up to four
/// heaps with at most 34 tokens and on sums of many copies of small heaps, which pass through
/// elements that the smaller quotients merge.
#[test]
fn dawsons_kayles_to_30_has_order_360() {
    let rules = octal("0.07");
    let q = Quotient::of_heaps(&rules, 30).unwrap();
    assert_eq!(q.order(), 360);
    assert!(agrees_with_play("0.07", 30, 4, 34, 6, 6) > 5000);
}

/// Dawson's Kayles to heap 33, the largest heap cg reaches (heap 34 is refused: the
/// refinement's candidates grow past 32768 elements after reduction). No published order of
/// Q_33(0.07) was found (Plambeck and Siegel 2008 and Siegel's MisereSolver notes give Q_30,
/// 360 elements), so 638 is cg's own figure, checked here independently of the engine's
/// verification: the quotient is onto (each element is the image of its representative
/// game), reduced (every two elements are told apart by some element z: P(xz) ≠ P(yz),
/// compared over the whole monoid), and agrees with play on every sum of up to four heaps
/// with at most 36 tokens and on sums of copies of small heaps. A reduced, onto bipartite
/// monoid that predicts every outcome is the misère quotient (Plambeck and Siegel, the
/// uniqueness of the quotient), so its order is the quotient's.
#[test]
fn dawsons_kayles_to_33_is_reduced_and_agrees_with_play() {
    let rules = octal("0.07");
    let q = Quotient::of_heaps(&rules, 33).unwrap();
    assert_eq!(q.order(), 638);
    let order = q.order() as u32;
    for x in 0..order {
        assert_eq!(q.image(q.representative(x)), Some(x), "element {x}");
    }
    let outcomes: Vec<Vec<bool>> = (0..order)
        .map(|x| (0..order).map(|z| q.is_p(q.mul(x, z))).collect())
        .collect();
    let mut distinct = outcomes.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        outcomes.len(),
        "two elements no z tells apart"
    );
    assert!(agrees_with_play("0.07", 33, 4, 36, 6, 6) > 5000);
}

/// The quotient of heaps 0..=30 restricted to heaps 0..=24 predicts what Q_24 predicts: the
/// heap-by-heap quotients agree where they overlap (both are checked by the verification
/// theorem, and Q_24 is a quotient of the submonoid of Q_30 that heaps 0..=24 generate).
#[test]
fn dawsons_kayles_quotients_agree_where_they_overlap() {
    let rules = octal("0.07");
    let q24 = Quotient::of_heaps(&rules, 24).unwrap();
    let q30 = Quotient::of_heaps(&rules, 30).unwrap();
    assert_eq!(q24.order(), 24);
    let mut rng = Lcg(2024);
    for _ in 0..2000 {
        let parts = 1 + rng.next(6);
        let heaps: Vec<usize> = (0..parts).map(|_| rng.next(25)).collect();
        let p24 = q24.is_p(q24.image(&heaps).unwrap());
        let p30 = q30.is_p(q30.image(&heaps).unwrap());
        assert_eq!(p24, p30, "heaps {heaps:?}");
    }
}

/// Guiles (0.15) to heap 30: order 42, as computed and verified here. The previous method's
/// quotient at heap 20 called 9+10+16+20 an N-position; it is P by play and by this one.
/// (The order of Guiles' quotient in Plambeck and Siegel 2008 could not be read from the
/// sources at hand; 42 here rests on the verification theorem and on play.)
#[test]
fn guiles_agrees_with_play() {
    let rules = octal("0.15");
    let q = Quotient::of_heaps(&rules, 30).unwrap();
    assert_eq!(q.order(), 42);
    assert_eq!(Quotient::of_heaps(&rules, 40).unwrap().order(), 42);
    assert!(q.is_p(q.image(&[9, 10, 16, 20]).unwrap()));
    assert!(Brute::new(&rules, 20).is_p(&[9, 10, 16, 20]));
    assert!(agrees_with_play("0.15", 30, 3, 28, 5, 5) > 1000);
}

/// Kayles (0.77): the previous method refused heap 9; now heap 9 gives order 18, and heaps to
/// 30 order 40.
#[test]
fn kayles_agrees_with_play() {
    let rules = octal("0.77");
    assert_eq!(Quotient::of_heaps(&rules, 9).unwrap().order(), 18);
    assert_eq!(Quotient::of_heaps(&rules, 30).unwrap().order(), 40);
    assert!(agrees_with_play("0.77", 20, 4, 30, 5, 6) > 1000);
}

#[test]
fn octal_0137_agrees_with_play() {
    assert!(agrees_with_play("0.137", 20, 4, 32, 5, 6) > 1000);
}

/// A small deterministic generator (no dependency on the test's order).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % bound as u64) as usize
    }
}

/// Random sums of up to five heaps: P through the quotient exactly when P by canonical forms
/// (the other engine: Conway's simplification, `core::misere::store`).
fn agrees_with_forms(code: &str, n: usize, trials: usize) {
    let rules = octal(code);
    let q = Quotient::of_heaps(&rules, n).unwrap();
    let mut forms = Vec::new();
    heap_forms(&rules, &mut forms, n);
    let mut rng = Lcg(n as u64 * 7919 + code.len() as u64);
    for _ in 0..trials {
        let parts = 1 + rng.next(5);
        let heaps: Vec<usize> = (0..parts).map(|_| rng.next(n + 1)).collect();
        let sum = heaps.iter().fold(Misere::ZERO, |acc, &h| acc.sum(forms[h]));
        let element = q.image(&heaps).unwrap();
        assert_eq!(
            q.is_p(element),
            sum.is_p_position(),
            "{code}, heaps {heaps:?}"
        );
    }
}

#[test]
fn quotients_agree_with_canonical_forms() {
    agrees_with_forms("0.07", 30, 300);
    agrees_with_forms("0.15", 30, 300);
    agrees_with_forms("0.77", 16, 300);
}

/// The outcome of sums of heaps far too large to play out, through 0.75's quotient to heap
/// 300 (R8; from heap 9 on, odd heaps are ab^2 and even heaps b: Plambeck 2005), against play
/// on the sums of heaps 9..=20 with the same words: heap h stands for heap h + 280.
#[test]
fn huge_heaps_through_the_quotient() {
    let rules = octal("0.75");
    let q = Quotient::of_heaps(&rules, 300).unwrap();
    assert_eq!(q.order(), 8);
    let w = q.element_words();
    assert_eq!(w[q.heap_element(299).unwrap() as usize], "ab^2");
    assert_eq!(w[q.heap_element(300).unwrap() as usize], "b");
    let mut brute = Brute::new(&rules, 20);
    let mut sums: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..3 {
        let mut longer = Vec::new();
        for g in &sums {
            for h in g.last().copied().unwrap_or(9)..=20 {
                let mut more = g.clone();
                more.push(h);
                longer.push(more);
            }
        }
        for g in &longer {
            let huge: Vec<usize> = g.iter().map(|h| h + 280).collect();
            assert_eq!(
                q.is_p(q.image(&huge).unwrap()),
                brute.is_p(g),
                "heaps {huge:?}"
            );
        }
        sums = longer;
    }
}

/// Plambeck's quaternary bounties ("Quaternary Bounties", 2005; plambeck.org, misère octal
/// games, quaternary games): the three-digit quaternary games whose heaps are not all misère
/// nim-heaps, .121, .123, .131, .201, .211, .312 and .331. Each quotient to heap 60 exists and
/// predicts the outcome of every small sum as play does. (No order of these quotients was found
/// in the sources at hand, so none is pinned here.)
#[test]
fn quaternary_bounties_agree_with_play() {
    for code in [
        "0.121", "0.123", "0.131", "0.201", "0.211", "0.312", "0.331",
    ] {
        assert!(agrees_with_play(code, 60, 3, 40, 6, 6) > 1000, "{code}");
    }
}

/// Plambeck's solution of .312 (plambeck.org, "The Game .312", solved 4 February 2003):
/// heap 4 is the game A = {2+, 1} with A + A = 0 in play, heap 3 and every odd heap from 5 on
/// pretend to be the adder :4, every even heap from 6 on the adder :5 = :4 + :1, heap 1 the
/// adder :1. The quotient must say the same: Φ(4)² = 1 ≠ Φ(4), Φ(odd h ≥ 5) = Φ(3), Φ(even
/// h ≥ 6) = Φ(3)Φ(1).
#[test]
fn quaternary_312_is_plambecks_solution() {
    let q = Quotient::of_heaps(&octal("0.312"), 60).unwrap();
    let phi = |h: usize| q.heap_element(h).unwrap();
    assert_ne!(phi(4), 0);
    assert_eq!(q.mul(phi(4), phi(4)), 0);
    for h in (5..=60).step_by(2) {
        assert_eq!(phi(h), phi(3), "heap {h}");
        assert_eq!(phi(h + 1), q.mul(phi(3), phi(1)), "heap {}", h + 1);
    }
}
