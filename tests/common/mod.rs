//! What several test files share: random games for property tests.

use cg::core::{Dyadic, Game, Integer};
use proptest::prelude::*;

/// Random canonical games built from small numbers, nimbers up to `max_nimber` and multiples of
/// up, by taking options, sums, negatives, switches and tinies (and, with `powers`, the powers
/// ^<k> and ^[k]), nested up to `depth` with about `size` nodes: numbers, nimbers, ups, hot,
/// tepid and cold games, and every kind of slash all occur.
pub fn games(depth: u32, size: u32, max_nimber: u64, powers: bool) -> BoxedStrategy<Game> {
    let atoms = prop_oneof![
        (-4i64..=4).prop_map(Game::integer),
        (-8i64..=8, 0u32..=3).prop_map(|(n, e)| Game::number(Dyadic::new(Integer::from(n), e))),
        (0u64..=max_nimber).prop_map(Game::nimber),
        (-3i64..=3).prop_map(|k| Game::up().times(&Integer::from(k))),
    ];
    atoms
        .boxed()
        .prop_recursive(depth, size, 3, move |inner| {
            let built = prop_oneof![
                (
                    prop::collection::vec(inner.clone(), 0..=3),
                    prop::collection::vec(inner.clone(), 0..=3)
                )
                    .prop_map(|(l, r)| Game::from_options(&l, &r)),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| a + b),
                inner.clone().prop_map(|a| -a),
                inner.clone().prop_map(|a| Game::switch(&[a])),
                inner.clone().prop_map(Game::tiny),
            ];
            if powers {
                prop_oneof![
                    5 => built,
                    1 => (1u32..=4).prop_map(|k| Game::up().pow(k).expect("a power of up")),
                    1 => (1u32..=4).prop_map(|k| Game::up().pow_to(k).expect("a power of up")),
                ]
                .boxed()
            } else {
                built.boxed()
            }
        })
        .boxed()
}
