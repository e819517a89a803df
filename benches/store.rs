//! The value store: what a session pays to compute Domineering 4x5 while writing its values to
//! a store, what it pays to compute it without one, and what it pays to read it back from a
//! store that holds it (the "second run" of README's Store section), each from a fresh
//! interpreter with the engine's caches cleared.
//!
//! Run with `cargo bench --bench store`.

use std::path::PathBuf;

use cg::core::clear_caches;
use cg::eval::{evaluate, Interpreter, Value};

fn main() {
    divan::main();
}

const BOARD: &str = "canonical_form(Domineering(grid(\".....|.....|.....|.....\")))";

fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("cg-bench-{name}-{}.cgstore", std::process::id()));
    remove(&path);
    path
}

fn remove(path: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = path.as_os_str().to_os_string();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
}

fn run(store: Option<&PathBuf>, program: &str) -> Value {
    clear_caches();
    let mut interpreter = Interpreter::new();
    if let Some(path) = store {
        cg::eval::store::open(path).expect("the store opens");
    }
    evaluate(&mut interpreter, program).expect("the benchmark program runs")
}

#[divan::bench(sample_count = 3)]
fn domineering_4x5_without_a_store() -> Value {
    run(None, BOARD)
}

#[divan::bench(sample_count = 3)]
fn domineering_4x5_writing_a_fresh_store(bencher: divan::Bencher) {
    let path = scratch("write");
    bencher
        .with_inputs(|| {
            cg::eval::store::close().expect("the store is written");
            remove(&path);
        })
        .bench_local_values(|()| {
            let v = run(Some(&path), BOARD);
            cg::eval::store::flush().expect("the store is written");
            v
        });
    cg::eval::store::close().expect("the store is written");
    remove(&path);
}

#[divan::bench(sample_count = 10)]
fn domineering_4x5_read_from_a_store(bencher: divan::Bencher) {
    let path = scratch("read");
    run(Some(&path), BOARD);
    cg::eval::store::flush().expect("the store is written");
    bencher.bench_local(|| run(Some(&path), BOARD));
    cg::eval::store::close().expect("the store is written");
    remove(&path);
}
