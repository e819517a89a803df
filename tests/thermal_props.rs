//! Laws of temperature theory, the infinitesimals and the products, on random games (from
//! `tests/common`). Each law is stated with its source.

use cg::core::{Dyadic, Game, Integer};
use proptest::prelude::*;

mod common;

/// Hot, tepid and cold games of moderate size (the thermal laws cost more per game).
fn game() -> BoxedStrategy<Game> {
    common::games(3, 24, 4, false)
}

/// Games of birthday at most about 3, for the Conway product.
fn small_game() -> BoxedStrategy<Game> {
    let atoms = prop_oneof![
        (-2i64..=2).prop_map(Game::integer),
        (-2i64..=2).prop_map(|n| Game::number(Dyadic::new(Integer::from(n), 1))),
        (0u64..=2).prop_map(Game::nimber),
        (-1i64..=1).prop_map(|k| Game::up().times(&Integer::from(k))),
    ];
    atoms
        .boxed()
        .prop_recursive(1, 4, 2, |inner| {
            (
                prop::collection::vec(inner.clone(), 0..=2),
                prop::collection::vec(inner, 0..=2),
            )
                .prop_map(|(l, r)| Game::from_options(&l, &r))
        })
        .boxed()
}

/// Random all-small games: nimbers and ups, and games whose both option lists are empty or
/// both nonempty, of all-small games (Winning Ways ch. 9).
fn all_small() -> BoxedStrategy<Game> {
    let atoms = prop_oneof![
        (0u64..=4).prop_map(Game::nimber),
        (-3i64..=3, 0u64..=2)
            .prop_map(|(k, n)| Game::up().times(&Integer::from(k)) + Game::nimber(n)),
    ];
    atoms
        .boxed()
        .prop_recursive(3, 24, 3, |inner| {
            prop_oneof![
                (
                    prop::collection::vec(inner.clone(), 1..=3),
                    prop::collection::vec(inner.clone(), 1..=3)
                )
                    .prop_map(|(l, r)| Game::from_options(&l, &r)),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| a + b),
                inner.clone().prop_map(|a| -a),
            ]
        })
        .boxed()
}

/// Temperatures 0, 1/4, 1/2, ..., 3.
fn temperature() -> impl Strategy<Value = Dyadic> {
    (0i64..=12).prop_map(|n| Dyadic::new(Integer::from(n), 2))
}

fn max(a: Dyadic, b: Dyadic) -> Dyadic {
    if a >= b {
        a
    } else {
        b
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Winning Ways ch. 6; Siegel CGT II.5: the mean is additive.
    #[test]
    fn mean_is_additive(g in game(), h in game()) {
        prop_assert_eq!((g + h).mean(), g.mean() + h.mean());
    }

    /// Siegel CGT II.5: t(G + H) <= max(t(G), t(H)).
    #[test]
    fn temperature_of_a_sum_is_at_most_the_larger(g in game(), h in game()) {
        prop_assert!((g + h).temperature() <= max(g.temperature(), h.temperature()),
            "t({}) = {}, t({}) = {}, t(sum) = {}", g, g.temperature(), h, h.temperature(),
            (g + h).temperature());
    }

    /// Winning Ways ch. 6: the walls at t = 0 are the stops, and the mean lies between them.
    #[test]
    fn walls_at_zero_are_the_stops(g in game()) {
        let th = g.thermograph();
        let zero = Dyadic::zero();
        prop_assert_eq!(th.left_wall().value_at(&zero), g.left_stop());
        prop_assert_eq!(th.right_wall().value_at(&zero), g.right_stop());
        prop_assert!(g.right_stop() <= g.mean() && g.mean() <= g.left_stop());
        prop_assert!(th.right_wall().leq(th.left_wall()));
    }

    /// Siegel CGT II.5: the walls are the stops of the cooled game, L_t(G) = L(G_t) and
    /// R_t(G) = R(G_t), for t >= 0.
    #[test]
    fn walls_are_stops_of_the_cooled_game(g in game(), t in temperature()) {
        let th = g.thermograph();
        let cooled = g.cool(&t).unwrap();
        prop_assert_eq!(th.left_wall().value_at(&t), cooled.left_stop(), "G = {}, t = {}", g, t);
        prop_assert_eq!(th.right_wall().value_at(&t), cooled.right_stop(), "G = {}, t = {}", g, t);
    }

    /// Siegel CGT II.5: cooling is additive, (G + H)_t = G_t + H_t.
    #[test]
    fn cooling_is_additive(g in game(), h in game(), t in temperature()) {
        prop_assert_eq!((g + h).cool(&t).unwrap(), g.cool(&t).unwrap() + h.cool(&t).unwrap(),
            "G = {}, H = {}, t = {}", g, h, t);
    }

    /// The thermograph of -G is the mirror image, and of G + n the translate by the integer n
    /// (Winning Ways ch. 6). For a number x that is not an integer the walls translate above
    /// t = 0 only: below 0 (heating) the walls of x itself are not vertical, so 1/2 + * and * + 1/2
    /// translated differ there.
    #[test]
    fn thermographs_of_negatives_and_translates(
        g in game(), n in -8i64..=8, e in 0u32..=2, t in temperature(),
    ) {
        prop_assert_eq!((-g).thermograph(), g.thermograph().negate());
        if !g.is_number() {
            let n = Dyadic::from(n);
            prop_assert_eq!((g + Game::number(n.clone())).thermograph(), g.thermograph().translate(&n));
            let x = Dyadic::new(Integer::from(3), e) + n;
            let (moved, th) = ((g + Game::number(x.clone())).thermograph(), g.thermograph());
            prop_assert_eq!(moved.left_wall().value_at(&t), th.left_wall().value_at(&t) + x.clone());
            prop_assert_eq!(moved.right_wall().value_at(&t), th.right_wall().value_at(&t) + x);
        }
    }

    /// Heating undoes cooling, ∫^t G_t = G (Winning Ways ch. 6; Siegel CGT II.6), tested under
    /// this hypothesis: t >= 0, and every follower H of G's canonical form that is not a number
    /// has temperature greater than t and cools *option by option*: the canonical options of
    /// H_t are exactly the H^L_t - t and H^R_t + t (none becomes dominated or reversible).
    /// Without the second condition it fails: {4 | 0, ±3} cooled by 5/4 is {11/4 | 5/4} (the
    /// cooled ±3 becomes reversible), which heats to {4 | 0}.
    #[test]
    fn heating_undoes_cooling_where_cooling_keeps_the_options(g in game(), t in temperature()) {
        let tg = Game::number(t.clone());
        let followers = g.followers(10_000).unwrap();
        let keeps_options = |h: &Game| {
            let cooled = h.cool(&t).unwrap();
            let mut left: Vec<Game> =
                h.left_options().iter().map(|o| o.cool(&t).unwrap() - tg).collect();
            let mut right: Vec<Game> =
                h.right_options().iter().map(|o| o.cool(&t).unwrap() + tg).collect();
            let (mut cl, mut cr) = (cooled.left_options(), cooled.right_options());
            for v in [&mut left, &mut right, &mut cl, &mut cr] {
                v.sort();
                v.dedup();
            }
            left == cl && right == cr
        };
        prop_assume!(followers
            .iter()
            .all(|f| f.is_number() || (f.temperature() > t && keeps_options(f))));
        let cooled = g.cool(&t).unwrap();
        prop_assert_eq!(cooled.heat(tg), g, "G = {}, t = {}, G_t = {}", g, t, cooled);
    }

    /// Grossman & Siegel; Siegel CGT II.6: the reduced canonical form is idempotent, and
    /// G - rcf(G) is infinitesimal.
    #[test]
    fn reduced_canonical_form_laws(g in game()) {
        let r = g.reduced_canonical_form();
        prop_assert_eq!(r.reduced_canonical_form(), r, "G = {}", g);
        prop_assert!((g - r).is_infinitesimal(), "G = {}, rcf = {}", g, r);
    }

    /// Winning Ways ch. 9; Siegel CGT II.7: atomic weights of all-small games add.
    #[test]
    fn atomic_weight_is_additive_on_all_small_games(g in all_small(), h in all_small()) {
        prop_assert!(g.is_all_small() && h.is_all_small());
        let sum = (g + h).atomic_weight().unwrap();
        prop_assert_eq!(sum, g.atomic_weight().unwrap() + h.atomic_weight().unwrap(),
            "G = {}, H = {}", g, h);
    }

    /// "Partizan Splittles" Prop. 13 (Winning Ways ch. 7): for U > 0 (here ↑ and 1*) Norton's
    /// product distributes over sums and is monotone.
    #[test]
    fn norton_product_laws(g in game(), h in game(), which in 0usize..2) {
        let u = [Game::up(), Game::integer(1) + Game::star()][which];
        prop_assert_eq!((g + h).norton_product(u), g.norton_product(u) + h.norton_product(u),
            "G = {}, H = {}, U = {}", g, h, u);
        prop_assert_eq!(g.leq(h), g.norton_product(u).leq(h.norton_product(u)));
    }

    /// Berlekamp (1996): a player with options has an orthodox one, and orthodox options are
    /// options.
    #[test]
    fn orthodox_options_exist(g in game()) {
        let left = g.left_orthodox_options();
        prop_assert_eq!(left.is_empty(), g.left_options().is_empty(), "G = {}", g);
        prop_assert!(left.iter().all(|o| g.left_options().contains(o)));
        let right = g.right_orthodox_options();
        prop_assert_eq!(right.is_empty(), g.right_options().is_empty(), "G = {}", g);
    }

    /// Stop counts: 1 for numbers, the sum over the options otherwise, the same for -G.
    #[test]
    fn stop_count_recursion(g in game()) {
        let count = g.stop_count().unwrap();
        prop_assert_eq!((-g).stop_count().unwrap(), count.clone());
        if g.is_number() {
            prop_assert_eq!(count, Integer::one());
        } else {
            let mut total = Integer::zero();
            for o in g.left_options().into_iter().chain(g.right_options()) {
                total += o.stop_count().unwrap();
            }
            prop_assert_eq!(count, total);
        }
    }

    /// Siegel CGT III.2: the companion is an involution on all-small games.
    #[test]
    fn companion_is_an_involution(g in all_small()) {
        prop_assert_eq!(g.companion().companion(), g, "G = {}", g);
    }

    /// ONAG ch. 15: G : 0 = G and 0 : H = H (for canonical G).
    #[test]
    fn ordinal_sum_identities(g in game()) {
        prop_assert_eq!(g.ordinal_sum(Game::ZERO), g);
        prop_assert_eq!(Game::ZERO.ordinal_sum(g), g);
    }

    /// ONAG ch. 1: Conway's product is commutative, and 1 is its unit (small games: products
    /// of forms grow fast).
    #[test]
    fn conway_product_laws(g in small_game(), h in small_game()) {
        prop_assert_eq!(g.conway_product(h), h.conway_product(g));
        prop_assert_eq!(Game::integer(1).conway_product(g), g);
    }
}

/// Every builtin of temperature theory, called through the language on printed random games
/// and numbers, ends in a value or an error, never a panic.
mod through_the_language {
    use super::*;
    use cg::eval::{evaluate, Interpreter};

    const ONE_ARGUMENT: &[&str] = &[
        "left_stop",
        "right_stop",
        "stop_count",
        "mean",
        "temperature",
        "thermograph",
        "freeze",
        "atomic_weight",
        "is_atomic",
        "reduced_canonical_form",
        "companion",
        "incentives",
        "left_incentives",
        "right_incentives",
        "uptimal_expansion",
        "left_orthodox_options",
        "right_orthodox_options",
    ];
    const TWO_ARGUMENTS: &[&str] = &[
        "cool",
        "heat",
        "norton_product",
        "conway_product",
        "ordinal_sum",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn thermal_builtins_never_panic(
            g in small_game(),
            h in small_game(),
            t in -3i64..=8,
            one in prop::sample::select(ONE_ARGUMENT),
            two in prop::sample::select(TWO_ARGUMENTS),
        ) {
            let t = format!("{}/4", t);
            for source in [
                format!("{one}({g})"),
                format!("{two}({g}, {h})"),
                format!("{two}({g}, {t})"),
                format!("overheat({g}, {h}, {t})"),
                format!("{one}({t})"),
                format!("{one}(1/3)"),
                format!("{one}([{g}])"),
            ] {
                let _ = evaluate(&mut Interpreter::bare(), &source);
            }
        }
    }
}
