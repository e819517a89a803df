//! The sparse-space method against a plain mex written here from the rules of octal codes
//! (Winning Ways, ch. 4), independent of the library's move generation: digit `d_s` of code
//! `0.d1d2...` lets a player remove `s` tokens and leave no heap (bit 1), one heap (bit 2) or
//! two nonempty heaps (bit 4).
//!
//! Up to 6000 heaps, far enough that every batch of the method is filled from its scans of
//! the smaller heaps and of a quarter of the heap, and that the tail searches run; Officers
//! to 20000, past the first sparse mask (chosen at 12288), with rows of 512 flags, computed
//! with and without the helper thread of long sequences.

use cg::core::heap::{nim_sequence_with, HeapRules, Method, TakeBreakCode};

/// G(0..=n) of the octal game `0.d1d2...` (digits as given, `digits[0]` is `d1`), by the
/// definition: every option of every heap.
fn plain_octal(digits: &[u32], n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for heap in 1..=n {
        let mut seen = vec![false; 2 * heap + 2];
        for (i, &d) in digits.iter().enumerate() {
            let s = i + 1;
            if s > heap {
                break;
            }
            let rest = heap - s;
            if d & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if d & 2 != 0 && rest > 0 {
                seen[g[rest] as usize] = true;
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    seen[(g[a] ^ g[rest - a]) as usize] = true;
                }
            }
        }
        g[heap] = seen.iter().position(|&x| !x).unwrap() as u32;
    }
    g
}

fn sparse(code: &str, n: usize) -> Vec<u32> {
    let rules = HeapRules::TakeBreak(TakeBreakCode::parse(code).unwrap());
    nim_sequence_with(&rules, n, Method::SparseSpace, &mut |_| {})
}

#[test]
fn plain_mex_gives_officers_values_worked_by_hand() {
    // Officers, 0.6, worked by hand: a check of the reference itself. G(4) = mex{G(3),
    // G(1) ^ G(2)} = mex{2, 1} = 0; G(8) = mex{G(7), 0 ^ 2, 1 ^ 1, 2 ^ 0} = mex{3, 2, 0} = 1.
    let start = [0, 0, 1, 2, 0, 1, 2, 3, 1, 2];
    assert_eq!(plain_octal(&[6], start.len() - 1), start);
}

#[test]
fn sparse_space_agrees_with_a_plain_mex() {
    let n = 6000;
    for (code, digits) in [
        ("0.6", &[6][..]),
        ("0.137", &[1, 3, 7]),
        ("0.07", &[0, 7]),
        ("0.77", &[7, 7]),
        ("0.4", &[4]),
        ("0.51", &[5, 1]),
        ("0.127", &[1, 2, 7]),
        ("0.054", &[0, 5, 4]),
        ("0.16", &[1, 6]),
    ] {
        let plain = plain_octal(digits, n);
        assert!(sparse(code, n) == plain, "{code}");
    }
}

#[test]
fn officers_past_its_first_sparse_mask_agrees_with_a_plain_mex() {
    let n = 20_000;
    let plain = plain_octal(&[6], n);
    assert!(sparse("0.6", n) == plain);
    // A sequence this long has a second thread flag half of every batch (where the machine
    // has two cores): its first values must be the same.
    assert!(sparse("0.6", 40_000)[..=n] == plain[..]);
}

#[test]
fn officers_to_100000_agrees_with_the_plain_method() {
    // Issue 20's check on a long prefix: the default method (sparse space from heap 12288, a
    // second thread for half of each batch, and that thread's rows taken back whenever it
    // falls behind) against the plain method of the library, which examines every pair.
    let rules = HeapRules::TakeBreak(TakeBreakCode::parse("0.6").unwrap());
    let n = 100_000;
    let auto = nim_sequence_with(&rules, n, Method::Auto, &mut |_| {});
    let plain = nim_sequence_with(&rules, n, Method::Plain, &mut |_| {});
    assert!(auto == plain);
    // The reference above against the definition written here, on a shorter prefix.
    assert!(plain[..=5000] == plain_octal(&[6], 5000)[..]);
}

#[test]
fn officers_rare_heaps_under_its_mask_stop_early() {
    // Under the mask 111101110 (the one the method settles on for Officers) a heap is rare when
    // its value has an even number of ones under the mask. Every rare heap up to 10^5, by the
    // definition alone, lies below 2^15: after that, common values come only from pairs with
    // one of those heaps, which is what makes the method linear. A count, not a value copied
    // from the engine: the definition computes it here.
    let g = plain_octal(&[6], 100_000);
    let rare: Vec<usize> = (1..g.len())
        .filter(|&a| (g[a] & 0b1_1110_1110).count_ones().is_multiple_of(2))
        .collect();
    let last = *rare.last().unwrap();
    assert!(last < 1 << 15, "last rare heap {last}");
    // And the method's values past them agree with the definition.
    assert!(sparse("0.6", 100_000) == g);
}

/// Officers' values by the sparse-space theorem written out directly, for heaps beyond the
/// reach of [`plain_octal`]: a heap `a` is rare when `G(a) & MASK` has an even number of ones.
/// The XOR of two rare values or of two common ones is rare, so every common option value of
/// a heap `n` (leaving `a + b = n - 1`) comes from a pair with a rare heap: all such pairs are
/// flagged, the least common value not flagged is `c`, and each rare value below `c` is
/// looked for among all pairs before it is declared missing. Any mask gives the same values;
/// this one keeps the rare heaps few.
fn officers_by_rare_heaps(n: usize) -> Vec<u32> {
    const MASK: u32 = 0b1_1110_1110;
    let common = |v: u32| (v & MASK).count_ones() % 2 == 1;
    let mut g = vec![0u32; n + 1];
    let mut rare: Vec<usize> = Vec::new();
    // `seen[v] == heap` marks `v` as an option of `heap`: no clearing between heaps.
    let mut seen = vec![0usize; 1 << 10];
    for heap in 1..=n {
        let m = heap - 1;
        if m >= 1 {
            seen[g[m] as usize] = heap;
        }
        for &r in rare.iter().take_while(|&&r| r < m) {
            seen[(g[r] ^ g[m - r]) as usize] = heap;
        }
        let c = (0..1 << 10)
            .find(|&v| common(v) && seen[v as usize] != heap)
            .expect("values below 2^10");
        let mut need: Vec<u32> = (0..c)
            .filter(|&v| !common(v) && seen[v as usize] != heap)
            .collect();
        for a in 1..=m / 2 {
            if need.is_empty() {
                break;
            }
            let v = g[a] ^ g[m - a];
            need.retain(|&w| w != v);
        }
        g[heap] = need.first().copied().unwrap_or(c);
        if !common(g[heap]) {
            rare.push(heap);
        }
    }
    g
}

#[test]
fn officers_to_a_million_agrees_with_the_sparse_space_theorem_written_out() {
    // Issue 20: the fast path (batches, the helper thread flagging the next batch's far pairs,
    // the vectorised searches) against the theorem applied directly, heap by heap, to 10^6;
    // and that reference against the definition on a prefix.
    let n = 1_000_000;
    let reference = officers_by_rare_heaps(n);
    assert!(reference[..=30_000] == plain_octal(&[6], 30_000)[..]);
    let rules = HeapRules::TakeBreak(TakeBreakCode::parse("0.6").unwrap());
    let fast = nim_sequence_with(&rules, n, Method::Auto, &mut |_| {});
    let first_difference = (0..=n).find(|&k| fast[k] != reference[k]);
    assert_eq!(first_difference, None);
}
