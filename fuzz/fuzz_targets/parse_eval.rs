//! Any bytes through the lexer, parser and evaluator: an error report is fine, a panic is a bug.
//! Run with `cargo +nightly fuzz run parse_eval -- -max_total_time=60`.
#![no_main]

use cg::eval::{run, Interpreter};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // Long inputs only make slow runs (sums of many hot games), not new kinds of failure.
    if data.len() > 200 {
        return;
    }
    if let Ok(source) = std::str::from_utf8(data) {
        if let Err(e) = run(&mut Interpreter::new(), source) {
            let _ = e.render("<fuzz>", source, false);
        }
    }
});
