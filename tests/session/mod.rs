//! What the seed-paper tests share: running cg source in a session and comparing values.

use cg::eval::{evaluate, Interpreter, Value};

/// The value of `src` in `interpreter`'s session; a cg error fails the test.
pub fn run(interpreter: &mut Interpreter, src: &str) -> Value {
    match evaluate(interpreter, src) {
        Ok(v) => v,
        Err(e) => panic!("{src}: {e:?}"),
    }
}

/// Whether `expr == expected` in cg (games compare by value).
pub fn equal(interpreter: &mut Interpreter, expr: &str, expected: &str) -> bool {
    matches!(
        run(interpreter, &format!("({expr}) == ({expected})")),
        Value::Bool(true)
    )
}

/// Each expression equals its expected value, in one session after `prelude`.
pub fn assert_values(prelude: &str, cases: &[(&str, &str)]) {
    let mut interpreter = Interpreter::new();
    run(&mut interpreter, prelude);
    for (expr, expected) in cases {
        let found = run(&mut interpreter, expr);
        assert!(
            equal(&mut interpreter, expr, expected),
            "{expr}: expected {expected}, found {found}"
        );
    }
}
