//! Printed values parse back to the same value: random canonical games are printed, the text is
//! evaluated by the language, and the result must be the same game.

use cg::core::{Dyadic, Game, Integer};
use cg::eval::{Interpreter, Value};
use proptest::prelude::*;

/// Random games built from a pool of small values by taking options, sums and negatives, so that
/// numbers, nimbers, ups, switches, tinies and slashes all occur.
fn game() -> BoxedStrategy<Game> {
    let atoms = prop_oneof![
        (-4i64..=4).prop_map(Game::integer),
        (-8i64..=8, 0u32..=3).prop_map(|(n, e)| Game::number(Dyadic::new(Integer::from(n), e))),
        (0u64..=5).prop_map(Game::nimber),
        (-3i64..=3).prop_map(|k| Game::up().times(&Integer::from(k))),
    ];
    atoms
        .boxed()
        .prop_recursive(4, 48, 3, |inner| {
            prop_oneof![
                (
                    prop::collection::vec(inner.clone(), 0..=3),
                    prop::collection::vec(inner.clone(), 0..=3)
                )
                    .prop_map(|(l, r)| Game::from_options(&l, &r)),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| a + b),
                inner.clone().prop_map(|a| -a),
                inner.clone().prop_map(|a| Game::switch(&[a])),
                inner.clone().prop_map(Game::tiny),
                (0u32..=4).prop_map(|k| Game::up().pow(k.max(1)).unwrap()),
                (0u32..=4).prop_map(|k| Game::up().pow_to(k.max(1)).unwrap()),
            ]
        })
        .boxed()
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
