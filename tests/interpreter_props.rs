//! The interpreter's machine-integer fast paths against exact reference arithmetic (i128): on
//! random operands concentrated at the edges of 64 bits, every operation gives the exact
//! integer, never a wrapped one. Operands reach the operation as a function's arguments (so
//! nothing is folded at compile time) and, for the forms with a constant right operand
//! (`x + 7`), as an argument and a literal.

use cg::eval::{evaluate, Interpreter};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn operand() -> impl Strategy<Value = i64> {
    prop_oneof![
        any::<i64>(),
        -1000i64..1000,
        prop::sample::select(vec![
            i64::MIN,
            i64::MIN + 1,
            i64::MAX,
            i64::MAX - 1,
            -1,
            0,
            1
        ]),
        (
            prop::sample::select(vec![i64::MIN, i64::MAX, 1 << 32, -(1 << 32)]),
            -3i64..=3
        )
            .prop_map(|(edge, d)| edge.saturating_add(d)),
    ]
}

const OPERATORS: [&str; 11] = ["+", "-", "*", "//", "%", "<", "<=", ">", ">=", "==", "!="];

/// What `x op y` must print, computed in i128 (which holds every result of two i64 operands);
/// `None` for a division by zero.
fn reference(op: &str, x: i64, y: i64) -> Option<String> {
    let (a, b) = (i128::from(x), i128::from(y));
    let floor_div = |a: i128, b: i128| {
        let q = a / b;
        if (a % b != 0) && ((a < 0) != (b < 0)) {
            q - 1
        } else {
            q
        }
    };
    Some(match op {
        "+" => (a + b).to_string(),
        "-" => (a - b).to_string(),
        "*" => (a * b).to_string(),
        "//" if b != 0 => floor_div(a, b).to_string(),
        "%" if b != 0 => (a - b * floor_div(a, b)).to_string(),
        "<" => (a < b).to_string(),
        "<=" => (a <= b).to_string(),
        ">" => (a > b).to_string(),
        ">=" => (a >= b).to_string(),
        "==" => (a == b).to_string(),
        "!=" => (a != b).to_string(),
        _ => return None,
    })
}

/// An integer literal as cg reads it (the most negative one has no literal of its own).
fn literal(n: i64) -> String {
    match n {
        i64::MIN => "(-9223372036854775807 - 1)".to_string(),
        n if n < 0 => format!("({n})"),
        n => n.to_string(),
    }
}

fn printed(program: &str) -> String {
    let mut interpreter = Interpreter::bare();
    evaluate(&mut interpreter, program)
        .map(|v| v.to_string())
        .unwrap_or_else(|_| "error".to_string())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn integer_operations_are_exact(x in operand(), y in operand(), op in 0..OPERATORS.len()) {
        let op = OPERATORS[op];
        let Some(expected) = reference(op, x, y) else {
            // Division by zero is an error, never a value.
            let program = format!("def f(x, y) = x {op} y\nf({}, {})", literal(x), literal(y));
            prop_assert_eq!(printed(&program), "error");
            return Ok(());
        };
        let by_arguments = format!("def f(x, y) = x {op} y\nf({}, {})", literal(x), literal(y));
        prop_assert_eq!(printed(&by_arguments), expected.clone(), "{}", by_arguments);
        let by_literal = format!("def g(x) = x {op} {}\ng({})", literal(y), literal(x));
        prop_assert_eq!(printed(&by_literal), expected.clone(), "{}", by_literal);
        // A comparison deciding a branch takes the same fast path as one making a value.
        if matches!(op, "<" | "<=" | ">" | ">=" | "==" | "!=") {
            let branch = format!(
                "def h(x, y) = if x {op} y then true else false\nh({}, {})",
                literal(x),
                literal(y)
            );
            prop_assert_eq!(printed(&branch), expected, "{}", branch);
        }
    }

    #[test]
    fn running_totals_are_exact(start in operand(), step in operand(), n in 0i64..20) {
        let expected = (i128::from(start) + i128::from(step) * i128::from(n)).to_string();
        let program = format!(
            "def total(n)\n    let s = {}\n    for i in 1..=n\n        s = s + {}\n    end\n    s\nend\ntotal({n})",
            literal(start),
            literal(step)
        );
        prop_assert_eq!(printed(&program), expected, "{}", program);
    }
}

/// `a/2` for an odd `a`, as cg prints it: a fraction in lowest terms.
fn half(a: i128) -> String {
    format!("{a}/2")
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    /// The instructions specialised for a machine-integer constant on the right (`x + 1`,
    /// `x - 1`, `x % 7`, `if x < 2`) leave anything but a machine integer to the general
    /// operation: on a fraction `a/2` (a odd) they give the exact rational, computed here by
    /// hand (`a/2 % k` is `(a - 2k floor(a / 2k)) / 2`), and a branch on `a/2 < k` holds
    /// exactly when `a < 2k`.
    #[test]
    fn constant_forms_on_fractions(a in -1_000_000i64..1_000_000, k in -1000i64..1000) {
        let a = i128::from(a) * 2 + 1;
        let k128 = i128::from(k);
        let x = format!("({a}/2)");
        let y = literal(k);
        let plus = format!("def f(x) = x + {y}\nf({x})");
        prop_assert_eq!(printed(&plus), half(a + 2 * k128), "{}", plus);
        let minus = format!("def f(x) = x - {y}\nf({x})");
        prop_assert_eq!(printed(&minus), half(a - 2 * k128), "{}", minus);
        if k != 0 {
            let m = 2 * k128;
            let floor = a.div_euclid(m) - i128::from(m < 0 && a.rem_euclid(m) != 0);
            let rem = format!("def f(x) = x % {y}\nf({x})");
            prop_assert_eq!(printed(&rem), half(a - m * floor), "{}", rem);
        }
        let branch = format!("def f(x) = if x < {y} then true else false\nf({x})");
        prop_assert_eq!(printed(&branch), (a < 2 * k128).to_string(), "{}", branch);
    }

    /// The same forms on machine integers deciding a branch with a literal (`if x < 7`).
    #[test]
    fn branches_on_literals_are_exact(x in operand(), y in operand()) {
        let expected = (i128::from(x) < i128::from(y)).to_string();
        let program = format!(
            "def f(x) = if x < {} then true else false\nf({})",
            literal(y),
            literal(x)
        );
        prop_assert_eq!(printed(&program), expected, "{}", program);
    }
}

/// `[a, b, c]` with the given element texts.
fn listed(open: &str, items: &[String], close: &str) -> String {
    format!("{open}{}{close}", items.join(", "))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("regressions"))),
        ..ProptestConfig::default()
    })]

    /// `x in collection`, which the register code decides in place for integers and strings,
    /// against membership computed here: in lists, tuples and sets of integers that also hold
    /// other kinds of value (a game, a fraction, a string, which a set orders among the
    /// integers), in the integers' strings, and in ranges.
    #[test]
    fn membership_is_exact(
        xs in prop::collection::vec(-50i64..50, 0..12),
        x in -60i64..60,
        lo in -60i64..60,
        len in 0i64..40,
    ) {
        let expected = xs.contains(&x);
        let mut items: Vec<String> = xs.iter().map(|&n| literal(n)).collect();
        items.extend(["*".to_string(), "1/2".to_string(), "\"a\"".to_string(), "^".to_string()]);
        let strings: Vec<String> = xs.iter().map(|n| format!("\"{n}\"")).collect();
        let x = literal(x);
        let cases = [
            (format!("f({x}, {})", listed("[", &items, "]")), expected),
            (format!("f({x}, {})", listed("(", &items, ")")), expected),
            (format!("f({x}, {})", listed("{", &items, "}")), expected),
            (format!("f(\"{}\", {})", x.trim_matches(['(', ')']), listed("{", &strings, "}")), expected),
            (format!("f(\"{}\", {})", x.trim_matches(['(', ')']), listed("[", &strings, "]")), expected),
            (format!("f({x}, {}..{})", literal(lo), literal(lo + len)), (lo..lo + len).contains(&x.trim_matches(['(', ')']).parse::<i64>().unwrap())),
            (format!("f({x}, {}..={})", literal(lo), literal(lo + len)), (lo..=lo + len).contains(&x.trim_matches(['(', ')']).parse::<i64>().unwrap())),
        ];
        for (call, holds) in cases {
            let program = format!("def f(x, s) = x in s\n{call}");
            prop_assert_eq!(printed(&program), holds.to_string(), "{}", program);
            let branch = format!("def g(x, s) = if x in s then true else false\n{}", call.replacen('f', "g", 1));
            prop_assert_eq!(printed(&branch), holds.to_string(), "{}", branch);
        }
    }
}
