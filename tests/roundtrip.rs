//! Printed values parse back to the same value: random canonical games are printed, the text is
//! evaluated by the language, and the result must be the same game.

use cg::core::Game;
use cg::eval::{Interpreter, Value};
use proptest::prelude::*;

mod common;

/// Deep enough for every printed form: slashes, switches, tinies and the powers of up.
fn game() -> BoxedStrategy<Game> {
    common::games(4, 48, 5, true)
}

fn evaluate(text: &str) -> Value {
    cg::eval::evaluate(&mut Interpreter::bare(), text)
        .unwrap_or_else(|e| panic!("`{text}` does not evaluate: {e:?}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn printed_games_parse_back(g in game()) {
        let text = g.to_string();
        prop_assert_eq!(evaluate(&text), Value::from_game(g), "printed as {}", text);
    }

    #[test]
    fn printed_sets_of_games_parse_back(gs in prop::collection::vec(game(), 0..4)) {
        let set = Value::set(gs.into_iter().map(Value::from_game).collect());
        let text = set.to_string();
        prop_assert_eq!(evaluate(&text), set, "printed as {}", text);
    }
}
