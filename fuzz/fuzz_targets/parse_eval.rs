//! Any bytes through the lexer, parser and evaluator: an error report is fine, a panic is a bug.
//! Run with `cargo +nightly fuzz run parse_eval -- -max_total_time=60`.
#![no_main]

use cg::eval::{evaluate, Interpreter, Source};
use libfuzzer_sys::fuzz_target;

/// The stack of the thread `cg` evaluates on (`STACK_BYTES` in src/main.rs): canonical forms of
/// deep games are compared by recursion, which the binary gives room for. On the fuzzer's own
/// thread (8 MB, with the address sanitizer's larger frames) `*:6060*` overflowed, which no
/// user of `cg` can meet.
const STACK_BYTES: usize = 1 << 30;

/// The engine declines a computation beyond reason (`refuse`) by unwinding to the evaluator,
/// which reports it as an error; libFuzzer's panic hook would abort on that unwinding. The
/// binary's hook (`quiet_interrupt_panics`), put in front of libFuzzer's, lets a refusal or an
/// interrupt unwind quietly and hands every other panic on, so the fuzzer still sees those.
static QUIET_REFUSALS: std::sync::Once = std::sync::Once::new();

fuzz_target!(|data: &[u8]| {
    QUIET_REFUSALS.call_once(cg::core::quiet_interrupt_panics);
    // Long inputs only make slow runs (sums of many hot games), not new kinds of failure.
    if data.len() > 200 {
        return;
    }
    if let Ok(source) = std::str::from_utf8(data) {
        let source = source.to_string();
        let evaluation = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let mut interpreter = Interpreter::bare();
                interpreter.limit_steps(100_000);
                if let Err(e) = evaluate(&mut interpreter, &source) {
                    let named = std::rc::Rc::new(Source::new("<fuzz>", &source, None));
                    let _ = e.render(&named, false);
                }
            })
            .expect("a thread for the evaluation");
        // A panic on that thread is a bug: re-raise it here, where the fuzzer sees it.
        if let Err(panic) = evaluation.join() {
            std::panic::resume_unwind(panic);
        }
    }
});
