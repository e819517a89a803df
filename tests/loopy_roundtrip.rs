//! Printed loopy values parse back to the same value (NOTATION.md "Loopy games": every printed
//! value types back in): random stoppers with cycles, with short games hung on their positions
//! and sums of them (sided values included), are printed, the text is evaluated by the
//! language, and the result must be the same value.

use cg::core::loopy::{graph::Graph, LoopyValue, Stopper};
use cg::core::{Game, Side};
use cg::eval::{Interpreter, Value};

fn evaluate(text: &str) -> Value {
    cg::eval::evaluate(&mut Interpreter::bare(), text)
        .unwrap_or_else(|e| panic!("`{text}` does not evaluate: {e:?}"))
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random graph of up to 5 positions with short leaves (0, 1, -1, *, ^, {2|-1}).
fn random_graph(rng: &mut Rng) -> Graph {
    let n = 1 + rng.below(5) as u32;
    let mut g = Graph::new();
    for _ in 0..n {
        g.add_vertex();
    }
    let leaves = [
        Game::ZERO,
        Game::integer(1),
        Game::integer(-1),
        Game::star(),
        Game::up(),
        Game::from_options(&[Game::integer(2)], &[Game::integer(-1)]),
    ];
    let mut memo = Default::default();
    for v in 0..n {
        for w in 0..n {
            for side in [Side::Left, Side::Right] {
                if rng.below(4) == 0 {
                    g.add_edge(side, v, w);
                }
            }
        }
        for side in [Side::Left, Side::Right] {
            if rng.below(3) == 0 {
                let leaf = g.embed_short(leaves[rng.below(6) as usize], &mut memo);
                g.add_edge(side, v, leaf);
            }
        }
    }
    g
}

fn check(value: Value) {
    let text = value.to_string();
    assert_eq!(evaluate(&text), value, "printed as {text}");
}

#[test]
fn printed_stoppers_parse_back() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut checked = 0;
    let mut loopy = 0;
    while checked < 400 {
        let g = random_graph(&mut rng);
        if !g.is_alternating_cycle_free(0) {
            continue;
        }
        checked += 1;
        let value = Value::from_loopy(LoopyValue::Stopper(Stopper::canonical(&g, 0)));
        if matches!(value, Value::Loopy(_)) {
            loopy += 1;
        }
        check(value);
    }
    assert!(loopy > 100, "only {loopy} loopy values");
}

#[test]
fn printed_sided_values_parse_back() {
    let mut rng = Rng(0x5eed_1234_abcd_0002);
    let mut sided = 0;
    for _ in 0..400 {
        let g = random_graph(&mut rng);
        if let Ok(v @ LoopyValue::Sided(_)) = LoopyValue::from_graph(&g, 0) {
            sided += 1;
            check(Value::from_loopy(v));
        }
    }
    assert!(sided > 30, "only {sided} sided values");
}

/// The constants and literals of the notation file print as written and type back in.
#[test]
fn notation_examples_round_trip() {
    for text in [
        "on",
        "off",
        "over",
        "under",
        "dud",
        "^[on]",
        "^[on]*",
        "v[on]",
        "v[on]*",
        "^<on>",
        "^<on>*",
        "v<on>",
        "v<on>*",
        "5over",
        "3/2under",
        "-5under",
        "5^[on]*",
        "-1/4v[on]",
        "1 & 0",
        "^ & v*",
        "over & v",
    ] {
        let value = evaluate(text);
        assert_eq!(value.to_string(), text);
        check(value);
    }
    // NOTATION.md's brace examples denote values that print by name or in braces.
    for text in [
        "{0|pass}",
        "a{0|a}",
        "{on||0|-1/2} & {1/2|0||off}",
        "{pass|*}",
        "{pass,0|0}",
        "{0||0|0,pass}",
        "{pass|pass}",
    ] {
        check(evaluate(text));
    }
}
