//! Memory and time of one cold computation: the canonical form of ±1 + ±2 + ... + ±k.
//!
//! Not a divan benchmark: run it once per k and watch the process from outside, e.g.
//!
//! ```text
//! cargo bench --bench switch_sums --no-run
//! /usr/bin/time -v target/release/deps/switch_sums-<hash> 16
//! ```
//!
//! (or `cargo bench --bench switch_sums -- 16`). It prints k, the elapsed times, the arena and
//! cache sizes (`store_stats`) and the length of the printed value. The printed value repeats
//! shared followers, so its length grows about 16-fold for every 4 more switches (500 MB at
//! k = 28) while the arena grows polynomially: pass `no-print` to measure the canonical form
//! alone.

use std::time::Instant;

use cg::core::{store_stats, Game};

fn main() {
    // `cargo bench` passes `--bench`; take the first argument that is a number.
    let k: i64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(16);
    let print = !std::env::args().any(|a| a == "no-print");
    let start = Instant::now();
    let mut sum = Game::ZERO;
    for i in 1..=k {
        sum = sum + Game::switch(&[Game::integer(i)]);
    }
    let computed = start.elapsed();
    let stats = store_stats();
    println!("k = {k}");
    println!("canonical form: {:.3} s", computed.as_secs_f64());
    println!(
        "store: {} games, {} pooled options, {} cached sums, {} cached comparisons",
        stats.games, stats.option_pool, stats.sums, stats.comparisons
    );
    if print {
        let start = Instant::now();
        let printed = sum.to_string();
        println!("printing:       {:.3} s", start.elapsed().as_secs_f64());
        println!("printed length: {} bytes", printed.len());
    }
}
