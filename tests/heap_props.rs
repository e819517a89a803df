//! Property tests: every method of computing nim-sequences agrees with the definition (every
//! move enumerated, its heaps' values XORed) on random rules up to 300 heaps.

use cg::core::heap::{
    nim_sequence_naive, nim_sequence_with, HeapRules, Method, SubtractionSet, Tail, TakeBreakCode,
};
use proptest::prelude::*;

fn constraint() -> impl Strategy<Value = &'static str> {
    prop_oneof![6 => Just(""), 1 => Just("!"), 1 => Just("?"), 1 => Just("=")]
}

/// A digit: mostly octal, sometimes hexadecimal (three heaps), with an optional constraint.
fn digit(max: u32) -> impl Strategy<Value = String> {
    (0..max, constraint()).prop_map(|(d, c)| {
        let text = format!("{d:X}");
        if d >= 4 {
            text + c
        } else {
            text
        }
    })
}

/// Random codes: `d0` is 0 or 4 (a split without taking), up to four digits after the point,
/// sometimes a repeating tail of octal digits, sometimes an additive digit 8 (add a token and
/// leave three heaps).
fn code() -> impl Strategy<Value = String> {
    (
        prop_oneof![3 => Just("0".to_string()), 1 => constraint().prop_map(|c| format!("4{c}"))],
        prop::collection::vec(digit(16), 1..=4),
        prop::option::weighted(0.3, prop::collection::vec(digit(8), 1..=2)),
        prop::bool::weighted(0.1),
    )
        .prop_map(|(zero, digits, tail, additive)| {
            let mut text = String::new();
            if additive {
                text.push('8');
            }
            text += &zero;
            text.push('.');
            text += &digits.concat();
            if let Some(tail) = tail {
                text += &format!("[{}]", tail.concat());
            }
            text
        })
}

fn set() -> impl Strategy<Value = SubtractionSet> {
    (
        prop::collection::vec(1usize..12, 0..4),
        prop_oneof![
            Just(Tail::None),
            Just(Tail::Odd),
            Just(Tail::Even),
            Just(Tail::All)
        ],
    )
        .prop_map(|(elements, tail)| SubtractionSet::new(elements, tail).unwrap())
}

fn check(rules: &HeapRules, n: usize) -> Result<(), TestCaseError> {
    let naive = nim_sequence_naive(rules, n);
    for method in [Method::Plain, Method::SparseSpace, Method::Auto] {
        let g = nim_sequence_with(rules, n, method, &mut |_| {});
        prop_assert!(g == naive, "{} by {:?}", rules, method);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn codes_agree_with_the_definition(text in code()) {
        let code = TakeBreakCode::parse(&text).unwrap();
        prop_assert_eq!(code.to_string(), text);
        // Three heaps from a repeating tail make the definition slow (every partition of every
        // removal): fewer heaps then.
        let n = if code.max_removal().is_none() && code.max_heaps() > 2 { 80 } else { 300 };
        check(&HeapRules::TakeBreak(code), n)?;
    }

    #[test]
    fn subtraction_games_agree_with_the_definition(s in set(), kind in 0..3) {
        let rules = match kind {
            0 => HeapRules::Subtraction(s),
            1 => HeapRules::all_but(s.elements().iter().copied()),
            _ => HeapRules::Splittles(s),
        };
        check(&rules, 300)?;
    }
}

#[test]
fn sparse_space_agrees_with_the_plain_method_far_out() {
    // Games with a sparse space (Grundy's game, Officers 0.6, 0.127 of Gangolli and Plambeck):
    // the sparse-space method against the plain one up to 12000 heaps.
    for text in ["4!.0", "0.6", "0.127", "0.51", "4?.04"] {
        let rules = HeapRules::TakeBreak(TakeBreakCode::parse(text).unwrap());
        let plain = nim_sequence_with(&rules, 12_000, Method::Plain, &mut |_| {});
        let sparse = nim_sequence_with(&rules, 12_000, Method::SparseSpace, &mut |_| {});
        assert!(plain == sparse, "{text}");
    }
}
