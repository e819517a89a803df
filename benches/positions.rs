//! What finding the winning moves of a sum costs next to valuing it: the 5 x 5 Domineering
//! board plus three hot switches (the figure issue 17 asks for). Valuing fills the
//! Domineering table; the winning moves then need one pass over the moves of the sum, each
//! option's value a lookup in that table.
//!
//! Run with `cargo bench --bench positions`.

use cg::eval::{evaluate, Interpreter};
use divan::Bencher;

fn main() {
    divan::main();
}

const SUM: &str =
    r#"position(Domineering, grid(".....|.....|.....|.....|.....")) + {3|-3} + {2|-1} + {5|1}"#;

/// Valuing the sum from empty tables (each sample starts a new session).
#[divan::bench(sample_count = 5)]
fn value_from_empty_tables(bencher: Bencher) {
    bencher
        .with_inputs(Interpreter::new)
        .bench_local_values(|mut interp| evaluate(&mut interp, &format!("value({SUM})")).ok());
}

/// The winning moves of Left once the tables are filled by valuing the sum.
#[divan::bench(sample_count = 20)]
fn winning_moves_with_tables_filled(bencher: Bencher) {
    let mut interp = Interpreter::new();
    evaluate(&mut interp, &format!("let s = {SUM}; value(s)")).expect("the sum has a value");
    bencher.bench_local(|| evaluate(&mut interp, r#"winning_moves(s, "Left")"#).ok());
}

/// Thermostrat's ranking of every move, tables filled.
#[divan::bench(sample_count = 20)]
fn best_moves_with_tables_filled(bencher: Bencher) {
    let mut interp = Interpreter::new();
    evaluate(&mut interp, &format!("let s = {SUM}; value(s)")).expect("the sum has a value");
    bencher.bench_local(|| evaluate(&mut interp, r#"best_moves(s, "Left")"#).ok());
}
