//! How many threads a computation may use: `--threads N`, else `CG_THREADS`, else every core.
//! Ruleset evaluation (`eval::parallel`) and the heap engine's second thread
//! (`core::heap::row_helper`) both ask here, so that one setting governs both: a job given
//! one core by a batch scheduler, or `CG_THREADS=1` for a measurement, runs on one thread.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

static THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets the number of threads (`--threads N`); 0 restores the default.
pub fn set_threads(n: usize) {
    THREADS.store(n, Ordering::Relaxed);
}

/// The number of threads: as set, else `CG_THREADS`, else every core.
pub fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => default_threads(),
        n => n,
    }
}

fn default_threads() -> usize {
    static DEFAULT: OnceLock<usize> = OnceLock::new();
    *DEFAULT.get_or_init(|| {
        std::env::var("CG_THREADS")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .filter(|&n: &usize| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    })
}
