//! Benchmarks of temperature theory: thermographs of sums of hot games.
//!
//! Run with `cargo bench --bench thermal`. Two families of k hot games:
//! - the switches ±1 + ±2 + ... + ±k (distinct temperatures 1..k);
//! - {k||k-1|k-2} summed over j = 1..k, i.e. {j||j-1|j-2} for j = 1..k: translates of
//!   {3||2|1} (temperature 3/4 each), so the sum is k copies of one game plus a number; the
//!   copies cool each other (temperature 1/2 for k = 2, 0 from k = 4 on), so this family stays
//!   tiny;
//! - {2j||j|0} for j = 1..k: temperature 3j/4 and mean 5j/4 each, all different, whose sums grow
//!   like the switch sums.
//!
//! For each, `*_sum_and_thermograph_cold` times the whole computation from cold caches (the
//! canonical form of the sum, then its thermograph), and `*_thermograph_only_cold` the
//! thermograph of the already-built canonical sum, with every cache (thermographs, sums,
//! comparisons) cleared outside the timed region. The arena itself is never cleared (see
//! `benches/core.rs` for why cold here means cold caches, and why `sample_size = 1`).
//!
//! There is no shortcut through the components: the thermograph of G + H is not determined by
//! those of G and H (only the mean adds, and t(G + H) <= max(t(G), t(H))), so the thermograph of
//! a sum is computed on its canonical form, whose cached DAG is small for these families.

use cg::core::{clear_caches, Game};
use divan::Bencher;

fn main() {
    divan::main();
}

fn switch_sum(k: i64) -> Game {
    let mut sum = Game::ZERO;
    for i in 1..=k {
        sum = sum + Game::switch(&[Game::integer(i)]);
    }
    sum
}

/// {j || j-1 | j-2} for j = 1..=k, added.
fn staircase_sum(k: i64) -> Game {
    let mut sum = Game::ZERO;
    for j in 1..=k {
        let inner = Game::from_options(&[Game::integer(j - 1)], &[Game::integer(j - 2)]);
        sum = sum + Game::from_options(&[Game::integer(j)], &[inner]);
    }
    sum
}

fn cold<T>(x: T) -> T {
    clear_caches();
    x
}

#[divan::bench(args = [4, 8, 12, 16, 20, 24, 28], sample_count = 10, sample_size = 1, max_time = 5)]
fn switches_sum_and_thermograph_cold(bencher: Bencher, k: i64) {
    bencher
        .with_inputs(|| cold(()))
        .bench_local_values(|()| switch_sum(divan::black_box(k)).thermograph());
}

#[divan::bench(args = [4, 8, 12, 16, 20, 24, 28], sample_count = 10, sample_size = 1, max_time = 5)]
fn switches_thermograph_only_cold(bencher: Bencher, k: i64) {
    let g = switch_sum(k);
    bencher
        .with_inputs(|| cold(g))
        .bench_local_values(|g| g.thermograph());
}

/// {2j || j | 0} for j = 1..=k, added.
fn tall_sum(k: i64) -> Game {
    let mut sum = Game::ZERO;
    for j in 1..=k {
        let inner = Game::from_options(&[Game::integer(j)], &[Game::ZERO]);
        sum = sum + Game::from_options(&[Game::integer(2 * j)], &[inner]);
    }
    sum
}

#[divan::bench(args = [2, 4, 6, 8, 10, 12], sample_count = 10, sample_size = 1, max_time = 5)]
fn tall_sum_and_thermograph_cold(bencher: Bencher, k: i64) {
    bencher
        .with_inputs(|| cold(()))
        .bench_local_values(|()| tall_sum(divan::black_box(k)).thermograph());
}

#[divan::bench(args = [2, 4, 6, 8, 10, 12], sample_count = 10, sample_size = 1, max_time = 5)]
fn tall_thermograph_only_cold(bencher: Bencher, k: i64) {
    let g = tall_sum(k);
    bencher
        .with_inputs(|| cold(g))
        .bench_local_values(|g| g.thermograph());
}

#[divan::bench(args = [2, 4, 8, 16, 32], sample_count = 10, sample_size = 1, max_time = 5)]
fn staircase_sum_and_thermograph_cold(bencher: Bencher, k: i64) {
    bencher
        .with_inputs(|| cold(()))
        .bench_local_values(|()| staircase_sum(divan::black_box(k)).thermograph());
}

#[divan::bench(args = [2, 4, 8, 16, 32], sample_count = 10, sample_size = 1, max_time = 5)]
fn staircase_thermograph_only_cold(bencher: Bencher, k: i64) {
    let g = staircase_sum(k);
    bencher
        .with_inputs(|| cold(g))
        .bench_local_values(|g| g.thermograph());
}
