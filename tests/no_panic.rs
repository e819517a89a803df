//! Whatever the input, evaluation ends in a value or an error report, never a panic: random
//! sequences of the language's pieces go through the lexer, the parser and the evaluator.

use cg::eval::{evaluate, Interpreter, Source};
use proptest::prelude::*;

const PIECES: &[&str] = &[
    "{",
    "}",
    "|",
    "||",
    "|||",
    ",",
    "^",
    "v",
    "vv",
    "*",
    "*2",
    "2",
    "1/2",
    "3/0",
    "-",
    "+",
    "+-",
    "(",
    ")",
    "<",
    ">",
    "<=",
    "<>",
    "<|",
    "|>",
    "==",
    "[",
    "]",
    " ",
    "^<2>",
    "v[3]",
    "Tiny(",
    "Miny",
    "outcome(",
    "birthday(",
    "max(",
    "nim_value(",
    "left_options(",
    "latex(",
    "table(",
    "pow(",
    "x",
    ";",
    "#",
    "2Tiny(",
    "1vv*3",
    "99999999999999999999",
    "/",
    "0",
    "inf_{",
    "on",
    "over",
    "pass",
    "*[",
    "&",
];

fn program() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..32).prop_map(|p| p.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn evaluation_never_panics(source in program()) {
        let result = {
            let mut interpreter = Interpreter::bare();
            interpreter.limit_steps(100_000);
            evaluate(&mut interpreter, &source)
        };
        if let Err(e) = result {
            // Rendering the report must not panic either.
            let named = std::rc::Rc::new(Source::new("<fuzz>", source.as_str(), None));
            let text = e.render(&named, false);
            prop_assert!(!text.is_empty());
        }
    }
}
