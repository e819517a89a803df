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
