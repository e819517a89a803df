//! Benchmarks of heap games (`cg::core::heap`): nim-sequences of octal games and canonical
//! forms of Partizan Splittles.
//!
//! Run with `cargo bench --bench heaps` (about a minute); one group with
//! `cargo bench --bench heaps -- octal_auto`.
//!
//! - `octal_auto`: G(0..=n) of Kayles (0.77), Dawson's Kayles (0.07) and Dawson's chess (0.137)
//!   by `nim_sequence`, the default: the sparse-space method until the periodicity theorem
//!   proves the sequence periodic (after 168, 174 and 172 values), then copying.
//! - `octal_mex_only`: the same codes computed by mex at every heap (`Method::SparseSpace`, no
//!   copying). Kayles has a sparse space (9 rare heaps under the mask 1111); the Dawson games
//!   have none (a third of the heaps are rare under the best mask), so they fall back to the
//!   plain `O(n^2)` method and only run to 10^5.
//! - `officers` and `grundy`: 0.6 and 4!.0, which are not known to be periodic: every value
//!   is a mex, found by the sparse-space method (about 1600 and 1300 rare heaps up to 10^6).
//! - `splittles_1_4_vs_1_5`: canonical forms of heaps 0..=60 of `splittles {1,4} vs {1,5}`
//!   with the game caches cleared before each sample.
//!
//! The 10^6 cases are slow (seconds) and take few samples.

use cg::core::clear_caches;
use cg::core::heap::{
    nim_sequence_with, nim_values_with, HeapRules, Method, PartizanHeapRules, TakeBreakCode,
};
use divan::counter::ItemsCount;
use divan::Bencher;

fn main() {
    divan::main();
}

fn code(text: &str) -> HeapRules {
    HeapRules::TakeBreak(TakeBreakCode::parse_octal(text).unwrap())
}

fn run(bencher: Bencher, text: &str, n: usize, method: Method) {
    let rules = code(text);
    bencher
        .counter(ItemsCount::new(n + 1))
        .bench_local(|| nim_sequence_with(&rules, divan::black_box(n), method, &mut |_| {}));
}

#[divan::bench(args = ["0.77", "0.07", "0.137"], sample_count = 20)]
fn octal_auto_100k(bencher: Bencher, text: &str) {
    run(bencher, text, 100_000, Method::Auto);
}

#[divan::bench(args = ["0.77", "0.07", "0.137"], sample_count = 10)]
fn octal_auto_1m(bencher: Bencher, text: &str) {
    run(bencher, text, 1_000_000, Method::Auto);
}

#[divan::bench(args = ["0.77", "0.07", "0.137"], sample_count = 3, sample_size = 1)]
fn octal_mex_only_100k(bencher: Bencher, text: &str) {
    run(bencher, text, 100_000, Method::SparseSpace);
}

/// Kayles to 10^6 by mex (sparse space). The Dawson games would take minutes by the plain
/// method here, so they are left out.
#[divan::bench(args = ["0.77"], sample_count = 5, sample_size = 1)]
fn octal_mex_only_1m(bencher: Bencher, text: &str) {
    run(bencher, text, 1_000_000, Method::SparseSpace);
}

/// Officers (0.6): heaps per second. The pairs of 64 heaps at a time are examined together,
/// and the few values still needed are searched heap by heap in vectors (about 4.2 G cycles
/// for 10^6 heaps, against 17.4 G when every heap searched its own pairs by flags).
#[divan::bench(args = [100_000, 1_000_000], sample_count = 3, sample_size = 1)]
fn officers(bencher: Bencher, n: usize) {
    run(bencher, "0.6", n, Method::Auto);
}

/// Officers to 10^7 (issue 20's target is 10^8 in under a minute, over 3 million values per
/// second): one sample, for it takes seconds.
#[divan::bench(args = [10_000_000], sample_count = 1, sample_size = 1)]
fn officers_long(bencher: Bencher, n: usize) {
    run(bencher, "0.6", n, Method::Auto);
}

/// The machine's ceiling for the sparse-space method: flags set per second, as its kernel sets
/// them (one byte store each into eight rows of 512 flags, the rows' indices taken from the
/// 16-bit lanes of 64-bit words), with no other work. Officers flags about 2,570 values a heap
/// (the pairs with 1,554 of its 1,583 rare heaps, each of which can be the only witness of a
/// value below the mex, and 1,023 other pairs), so heaps a second on one core cannot exceed
/// this figure divided by 2,570 (see docs/performance.md, "The ceiling of the flags").
#[divan::bench(sample_count = 20)]
fn flag_store_ceiling(bencher: Bencher) {
    const WORDS: usize = 1 << 14;
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let words: Vec<u64> = (0..WORDS)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect();
    let mut rows = [[0u8; 512]; 8];
    bencher.counter(ItemsCount::new(8 * WORDS)).bench_local(|| {
        for &w in divan::black_box(&words) {
            let (low, high) = (w, w.rotate_left(8));
            rows[0][low as usize % 512] = 1;
            rows[1][(low >> 16) as usize % 512] = 1;
            rows[2][(low >> 32) as usize % 512] = 1;
            rows[3][(low >> 48) as usize % 512] = 1;
            rows[4][high as usize % 512] = 1;
            rows[5][(high >> 16) as usize % 512] = 1;
            rows[6][(high >> 32) as usize % 512] = 1;
            rows[7][(high >> 48) as usize % 512] = 1;
        }
        divan::black_box(&mut rows);
    });
}

/// Kayles to 10^8, stored a byte per heap: the periodicity proof, then copying by periods
/// (`nim_values_with`, as `grundy` keeps them).
#[divan::bench(sample_count = 3, sample_size = 1)]
fn kayles_compact_100m(bencher: Bencher) {
    let rules = code("0.77");
    let n = 100_000_000;
    bencher
        .counter(ItemsCount::new(n + 1))
        .bench_local(|| nim_values_with(&rules, divan::black_box(n), Method::Auto, &mut |_| {}));
}

/// Grundy's game (4!.0): heaps per second.
#[divan::bench(args = [100_000], sample_count = 3, sample_size = 1)]
fn grundy(bencher: Bencher, n: usize) {
    let rules = HeapRules::TakeBreak(TakeBreakCode::parse("4!.0").unwrap());
    bencher
        .counter(ItemsCount::new(n + 1))
        .bench_local(|| nim_sequence_with(&rules, divan::black_box(n), Method::Auto, &mut |_| {}));
}

/// Canonical forms of heaps 0..=60 of Partizan Splittles {1,4} vs {1,5} (Mesdal, Theorem 3),
/// cold: the caches are cleared before each sample (one computation per sample).
#[divan::bench(sample_count = 20, sample_size = 1)]
fn splittles_1_4_vs_1_5(bencher: Bencher) {
    let rules = PartizanHeapRules::splittles("{1,4}".parse().unwrap(), "{1,5}".parse().unwrap());
    bencher
        .with_inputs(clear_caches)
        .bench_local_values(|()| rules.canonical_forms(divan::black_box(60), &mut |_| {}));
}
