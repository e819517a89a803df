//! Benchmarks of misère play: the misère canonical forms and genera of the heaps of Kayles
//! (octal 0.77) and Dawson's Kayles (octal 0.07), from a cold arena; and misère quotients
//! (Siegel's refinement and the verification theorem) of 0.07, 0.77 and 0.15.
//!
//! Run with `cargo bench --bench misere`. The misère arena is per thread, so each sample runs
//! in a new thread: every sample starts with no forms and no cached sums. Heap n's form needs
//! the sums of all pairs of smaller heaps, and Kayles' forms grow about tenfold in time every
//! ten heaps (README, Performance).

use cg::core::heap::{HeapRules, TakeBreakCode};
use cg::core::misere::{heap_forms, Quotient};
use divan::Bencher;

fn main() {
    divan::main();
}

fn genera(code: &'static str, n: usize) -> usize {
    std::thread::spawn(move || {
        let rules = HeapRules::TakeBreak(TakeBreakCode::parse(code).unwrap());
        let mut forms = Vec::new();
        heap_forms(&rules, &mut forms, n);
        forms.iter().map(|g| g.genus().gammas.len()).sum()
    })
    .join()
    .unwrap()
}

#[divan::bench(args = [30, 40, 50], sample_count = 3)]
fn kayles_genera_cold(bencher: Bencher, n: usize) {
    bencher.bench(|| genera("0.77", n));
}

#[divan::bench(args = [30, 40, 50], sample_count = 3)]
fn dawsons_kayles_genera_cold(bencher: Bencher, n: usize) {
    bencher.bench(|| genera("0.07", n));
}

/// The misère quotient of `code` restricted to heaps 0..=n, by Siegel's refinement with every
/// quotient checked by the verification theorem (no arena: each sample starts from nothing).
fn quotient_order(code: &str, n: usize) -> usize {
    let rules = HeapRules::TakeBreak(TakeBreakCode::parse(code).unwrap());
    Quotient::of_heaps(&rules, n).unwrap().order()
}

/// Dawson's Kayles: order 24 at heap 24, 360 at heap 30 (the published Q_30), 638 at 33.
#[divan::bench(args = [24, 30, 33], sample_count = 3)]
fn dawsons_kayles_quotient(bencher: Bencher, n: usize) {
    bencher.bench(|| quotient_order("0.07", n));
}

/// Kayles (order 40 from heap 30 on) and Guiles (order 42), far past their last new generator.
#[divan::bench(args = [70, 200], sample_count = 3)]
fn kayles_quotient(bencher: Bencher, n: usize) {
    bencher.bench(|| quotient_order("0.77", n));
}

#[divan::bench(args = [70, 200], sample_count = 3)]
fn guiles_quotient(bencher: Bencher, n: usize) {
    bencher.bench(|| quotient_order("0.15", n));
}
