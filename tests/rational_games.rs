//! A rational that is not a short game (1/3, 5/7, ...) compared with games: cg decides by the
//! game's stops; here the answer is checked against comparisons with dyadic numbers just below
//! and just above the rational, which the canonical-form engine decides on its own. When no
//! stop of G lies between those two dyadics a and b, G > x exactly when G > a and G > b, G < x
//! exactly when G < a and G < b, and G is confused with x exactly when it is confused with both.

mod common;

use cg::core::{Dyadic, Game, Integer};
use cg::eval::value::Value;
use cg::eval::{evaluate, Interpreter};
use proptest::prelude::*;

/// 2^-K is the width of the dyadic bracket around x.
const K: u32 = 24;

fn ask(interpreter: &mut Interpreter, text: &str) -> bool {
    match evaluate(interpreter, text) {
        Ok(Value::Bool(b)) => b,
        other => panic!("{text} gave {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn a_rational_compares_with_a_game_as_its_dyadic_neighbours_do(
        g in common::games(3, 12, 3, false),
        p in -40i64..=40,
        q in prop::sample::select(vec![3i64, 5, 7, 9, 11, 13]),
    ) {
        prop_assume!(p % q != 0);
        // a = floor(x * 2^K) / 2^K < x < b = a + 2^-K.
        let a_num = (p << K).div_euclid(q);
        let a = Dyadic::new(Integer::from(a_num), K);
        let b = Dyadic::new(Integer::from(a_num + 1), K);
        let in_bracket = |s: &Dyadic| &a <= s && s <= &b;
        prop_assume!(!in_bracket(&g.left_stop()) && !in_bracket(&g.right_stop()));
        let (a, b) = (Game::number(a), Game::number(b));
        let mut interpreter = Interpreter::bare();
        let x = format!("{p}/{q}");
        let greater = ask(&mut interpreter, &format!("{g} > {x}"));
        let less = ask(&mut interpreter, &format!("{g} < {x}"));
        let confused = ask(&mut interpreter, &format!("{g} <> {x}"));
        prop_assert_eq!(greater, g.gt(a) && g.gt(b));
        prop_assert_eq!(less, g.lt(a) && g.lt(b));
        prop_assert_eq!(confused, g.confused(a) && g.confused(b));
        // The other order of operands, and exactly one relation holds.
        prop_assert_eq!(ask(&mut interpreter, &format!("{x} < {g}")), greater);
        prop_assert_eq!(ask(&mut interpreter, &format!("{x} |> {g}")), !greater);
        prop_assert_eq!(u8::from(greater) + u8::from(less) + u8::from(confused), 1);
    }
}
