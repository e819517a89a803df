//! Any bytes through the lexer, parser and evaluator: an error report is fine, a panic is a bug.
//! Run with `cargo +nightly fuzz run parse_eval -- -max_total_time=60`.
#![no_main]

use cg::eval::{evaluate, Interpreter, Source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Long inputs only make slow runs (sums of many hot games), not new kinds of failure.
    if data.len() > 200 {
        return;
    }
    if let Ok(source) = std::str::from_utf8(data) {
        let mut interpreter = Interpreter::bare();
        interpreter.limit_steps(100_000);
        if let Err(e) = evaluate(&mut interpreter, source) {
            let named = std::rc::Rc::new(Source::new("<fuzz>", source, None));
            let _ = e.render(&named, false);
        }
    }
});
