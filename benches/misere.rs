//! Benchmarks of misère play: the misère canonical forms and genera of the heaps of Kayles
//! (octal 0.77) and Dawson's Kayles (octal 0.07), from a cold arena.
//!
//! Run with `cargo bench --bench misere`. The misère arena is per thread, so each sample runs
//! in a new thread: every sample starts with no forms and no cached sums. Heap n's form needs
//! the sums of all pairs of smaller heaps, and Kayles' forms grow about tenfold in time every
//! ten heaps (README, Performance).

use cg::core::heap::{HeapRules, TakeBreakCode};
use cg::core::misere::heap_forms;
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
