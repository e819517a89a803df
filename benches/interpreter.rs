//! The interpreter on small programs: a loop over integers, plain recursion, and a memoised
//! recursive function (the workloads `bench/compare_python.sh` times against CPython).

use cg::eval::{evaluate, Interpreter, Value};

fn main() {
    divan::main();
}

fn run(program: &str) -> Value {
    evaluate(&mut Interpreter::bare(), program).expect("the benchmark program runs")
}

#[divan::bench(sample_count = 10)]
fn sum_of_squares_to_a_million() -> Value {
    run("let total = 0\nfor i in 1..=1000000\n    total = total + i * i\nend\ntotal")
}

/// Issue 22's targets: `fib(30)` (2.7 million calls) and a loop of 10^7 steps.
#[divan::bench(sample_count = 5)]
fn recursive_fib_30() -> Value {
    run("def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\nfib(30)")
}

#[divan::bench(sample_count = 5)]
fn remainder_loop_to_ten_million() -> Value {
    run("let s = 0\nfor i in 1..=10000000\n    s = s + i % 7\nend\ns")
}

#[divan::bench(sample_count = 10)]
fn recursive_fib_22() -> Value {
    run("def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)\nfib(22)")
}

#[divan::bench(sample_count = 10)]
fn memoised_partitions_300() -> Value {
    run("memo def p(n, k) = if n == 0 then 1 elif n < 0 or k == 0 then 0 else p(n - k, k) + p(n, k - 1)\np(300, 300)")
}

#[divan::bench(sample_count = 10)]
fn comprehension_of_games() -> Value {
    run("len({a + b for a in [^, *, 1/2, v] for b in [0, *2, ^^, {1|0}]})")
}
