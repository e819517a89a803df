//! Coin-turning games (`turning "1-3"`) against the definition, searched naively here, and
//! against Winning Ways ch. 14: Mock Turtles' values are the odious numbers, Ruler's the largest
//! power of two dividing the position, Grunt's those of Grundy's game one position along, Twins'
//! those of Nim one along, and the Mock Turtle theorem links turning up to 2k and up to 2k + 1
//! coins (up to Moidores, nine). The P-positions of Mogul on 24 coins are the Golay code, and
//! those of Mock Turtles on 8 and 16 coins extended Hamming codes (Conway and Sloane).

use cg::eval::{evaluate, Interpreter};

fn grundy(code: &str, n: usize) -> Vec<u64> {
    let mut interpreter = Interpreter::new();
    let text = format!("grundy(turning \"{code}\", 1..={n})");
    // A list, kept compactly (`Value::NimList`) or not: read through its elements.
    let value = evaluate(&mut interpreter, &text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    assert_eq!(value.kind(), "a list", "{text} gave {value}");
    value
        .elements()
        .expect("a list has elements")
        .iter()
        .map(|v| v.as_i64().expect("an integer") as u64)
        .collect()
}

/// The rules of a code, spelled out for the naive search: counts, then the shape letters.
struct Rules {
    min: usize,
    max: usize,
    consecutive: bool,
    within: Option<usize>,
    equally_spaced: bool,
    symmetric: bool,
    leftmost: bool,
}

impl Rules {
    /// Whether the coins `set` (ascending, the last the one turned to tails) may be turned.
    fn allows(&self, set: &[usize]) -> bool {
        let (low, high) = (set[0], *set.last().unwrap());
        let gaps: Vec<usize> = set.windows(2).map(|w| w[1] - w[0]).collect();
        (self.min..=self.max).contains(&set.len())
            && (!self.consecutive || gaps.iter().all(|&g| g == 1))
            && self.within.is_none_or(|w| high - low < w)
            && (!self.equally_spaced || gaps.windows(2).all(|w| w[0] == w[1]))
            && (!self.symmetric || set.iter().all(|&c| set.contains(&(low + high - c))))
            && (!self.leftmost || low == 1)
    }
}

/// The nim-values of coins 1..=n by trying every subset of the coins to the left.
fn naive(rules: &Rules, n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    for coin in 1..=n {
        let mut seen = Vec::new();
        for mask in 0u32..(1 << (coin - 1)) {
            let mut set: Vec<usize> = (1..coin).filter(|&c| mask & (1 << (c - 1)) != 0).collect();
            set.push(coin);
            if rules.allows(&set) {
                seen.push(set[..set.len() - 1].iter().fold(0, |x, &c| x ^ g[c]));
            }
        }
        g[coin] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g[1..].to_vec()
}

#[test]
fn every_shape_matches_a_naive_search() {
    let rule = |min, max| Rules {
        min,
        max,
        consecutive: false,
        within: None,
        equally_spaced: false,
        symmetric: false,
        leftmost: false,
    };
    let cases: Vec<(&str, Rules)> = vec![
        ("1-3", rule(1, 3)),
        ("2", rule(2, 2)),
        ("1+", rule(1, 99)),
        ("2+", rule(2, 99)),
        ("3+", rule(3, 99)),
        (
            "C",
            Rules {
                consecutive: true,
                ..rule(1, 99)
            },
        ),
        (
            "2-3C",
            Rules {
                consecutive: true,
                ..rule(2, 3)
            },
        ),
        (
            "C(3)",
            Rules {
                within: Some(3),
                ..rule(1, 99)
            },
        ),
        (
            "2-4C(5)",
            Rules {
                within: Some(5),
                ..rule(2, 4)
            },
        ),
        (
            "3E",
            Rules {
                equally_spaced: true,
                ..rule(3, 3)
            },
        ),
        (
            "2+E",
            Rules {
                equally_spaced: true,
                ..rule(2, 99)
            },
        ),
        (
            "E",
            Rules {
                equally_spaced: true,
                ..rule(1, 99)
            },
        ),
        (
            "4SF",
            Rules {
                symmetric: true,
                leftmost: true,
                ..rule(4, 4)
            },
        ),
        (
            "S",
            Rules {
                symmetric: true,
                ..rule(1, 99)
            },
        ),
        (
            "2-5S",
            Rules {
                symmetric: true,
                ..rule(2, 5)
            },
        ),
        (
            "3+F",
            Rules {
                leftmost: true,
                ..rule(3, 99)
            },
        ),
        (
            "1-3F",
            Rules {
                leftmost: true,
                ..rule(1, 3)
            },
        ),
        (
            "2-4C(4)F",
            Rules {
                within: Some(4),
                leftmost: true,
                ..rule(2, 4)
            },
        ),
        (
            "1-3EF",
            Rules {
                equally_spaced: true,
                leftmost: true,
                ..rule(1, 3)
            },
        ),
        (
            "1+SC(6)",
            Rules {
                symmetric: true,
                within: Some(6),
                ..rule(1, 99)
            },
        ),
    ];
    for (code, rules) in cases {
        assert_eq!(grundy(code, 15), naive(&rules, 15), "turning \"{code}\"");
    }
}

fn is_odious(n: u64) -> bool {
    n.count_ones() % 2 == 1
}

#[test]
fn mock_turtles_are_the_odious_numbers() {
    let odious: Vec<u64> = (0..).filter(|&n| is_odious(n)).take(200).collect();
    assert_eq!(grundy("1-3", 200), odious);
}

#[test]
fn ruler_is_the_largest_power_of_two_dividing_the_position() {
    let ruler: Vec<u64> = (1..=256u64).map(|n| 1 << n.trailing_zeros()).collect();
    assert_eq!(grundy("C", 256), ruler);
}

#[test]
fn grunt_is_grundys_game_one_position_along() {
    let mut interpreter = Interpreter::new();
    let grundys = evaluate(&mut interpreter, "grundy(tb \"4!.0\", 0..=299)").unwrap();
    let grunt = evaluate(&mut interpreter, "grundy(turning \"4SF\", 1..=300)").unwrap();
    assert_eq!(grunt, grundys);
}

/// The Mock Turtle theorem (Winning Ways ch. 14): with coins from 1 and a(0) = 0, turning up to
/// 2k + 1 coins gives b(n + 1) = 2 a(n) + (1 when a(n) has an even number of 1 bits), a the values
/// of turning up to 2k coins: each value made odious.
#[test]
fn the_mock_turtle_theorem_links_even_and_odd_counts() {
    for k in 1..=4 {
        let mut even = vec![0];
        even.extend(grundy(&format!("1-{}", 2 * k), 40));
        let odd = grundy(&format!("1-{}", 2 * k + 1), 41);
        let made_odious: Vec<u64> = even
            .iter()
            .map(|&a| 2 * a + u64::from(!is_odious(a)))
            .collect();
        assert_eq!(odd, made_odious, "up to {} coins", 2 * k + 1);
    }
}

#[test]
fn bad_codes_are_reported() {
    for code in ["0", "1-", "3-1", "1-3X", "C(", "C(0)", "C(3"] {
        let mut interpreter = Interpreter::new();
        let text = format!("turning \"{code}\"");
        assert!(
            evaluate(&mut interpreter, &text).is_err(),
            "{text} should be refused"
        );
    }
}

/// How many sets of the coins 1..=n, by size, have nim-sum 0: the P-positions of the game on n
/// coins. They form a linear code (the nim-sum is linear over GF(2)) with no two words closer than
/// k + 1 when up to k coins may be turned (a move would join them); Conway and Sloane
/// ("Lexicographic codes: error-correcting codes from game theory", IEEE Trans. Inform. Theory
/// 32, 1986; Winning Ways ch. 14, "Mogul") show it is the lexicode of that distance.
fn p_position_weights(values: &[u64]) -> Vec<u64> {
    let n = values.len();
    let mut weights = vec![0u64; n + 1];
    // Gray code: each step turns one coin, so the nim-sum changes by one value.
    let (mut xor, mut set) = (0u64, 0u64);
    for step in 0u64..1 << n {
        if step > 0 {
            let coin = step.trailing_zeros() as usize;
            set ^= 1 << coin;
            xor ^= values[coin];
        }
        if xor == 0 {
            weights[set.count_ones() as usize] += 1;
        }
    }
    weights
}

/// Mogul (turn up to seven coins): the P-positions of 24 coins are the extended binary Golay
/// code, whose weight enumerator is 1 + 759 x^8 + 2576 x^12 + 759 x^16 + x^24 (Conway and
/// Sloane, *Sphere Packings, Lattices and Groups*, ch. 3, and the paper above).
#[test]
fn mogul_on_twenty_four_coins_is_the_golay_code() {
    let weights = p_position_weights(&grundy("1-7", 24));
    let mut golay = vec![0u64; 25];
    for (w, count) in [(0, 1), (8, 759), (12, 2576), (16, 759), (24, 1)] {
        golay[w] = count;
    }
    assert_eq!(weights, golay);
}

/// Mock Turtles (up to three coins) on 8 and 16 coins: the extended Hamming codes [8,4,4], with
/// enumerator 1 + 14 x^4 + x^8, and [16,11,4], with 140 words of weight 4 (the lexicodes of
/// distance 4; MacWilliams and Sloane, ch. 1).
#[test]
fn mock_turtles_on_eight_and_sixteen_coins_are_hamming_codes() {
    let eight = p_position_weights(&grundy("1-3", 8));
    assert_eq!(eight, vec![1, 0, 0, 0, 14, 0, 0, 0, 1]);
    let sixteen = p_position_weights(&grundy("1-3", 16));
    assert_eq!(sixteen.iter().sum::<u64>(), 1 << 11);
    assert_eq!(sixteen[..5], [1, 0, 0, 0, 140]);
}

/// Twins (turn exactly two coins) is Nim one along: a head at n moves to a head at any m < n
/// (Winning Ways ch. 14), so coin n is worth n - 1.
#[test]
fn twins_is_nim_one_along() {
    let nim: Vec<u64> = (0..100).collect();
    assert_eq!(grundy("2", 100), nim);
}

/// Triplets (turn exactly three coins; the name and code `3` are CGSuite's, after Winning Ways
/// ch. 14) is Mock Turtles two positions along, so its values are 0, 0 and then the odious
/// numbers. By hand: coins 1 and 2 have no move (two coins must lie to their left), so both are
/// worth 0. From coin n + 2 a move turns two coins a < b to its left: both among {1, 2} leaves 0,
/// which is Mock Turtles' move turning coin n alone; one of them among {1, 2} leaves the other,
/// worth g(b), which is Mock Turtles' move turning coin b - 2 with coin n; both beyond 2 is its
/// move turning three. By induction coin n + 2 of Triplets is worth coin n of Mock Turtles.
#[test]
fn triplets_is_mock_turtles_two_along() {
    let mut expected = vec![0, 0];
    expected.extend((0..).filter(|&n| is_odious(n)).take(200));
    assert_eq!(grundy("3", 202), expected);
    assert_eq!(
        grundy("3", 14),
        naive(
            &Rules {
                min: 3,
                max: 3,
                ..any_shape()
            },
            14
        )
    );
}

/// Any set of coins, of any shape.
fn any_shape() -> Rules {
    Rules {
        min: 1,
        max: usize::MAX,
        consecutive: false,
        within: None,
        equally_spaced: false,
        symmetric: false,
        leftmost: false,
    }
}

/// Sym (turn any set of coins arranged symmetrically about its middle; CGSuite's code `1+S`).
/// No published table of its values was found, so they are checked against the naive search
/// and, for the first four coins, against a count by hand: coin 1 can only be turned alone (1);
/// coin 2 alone or with coin 1 (mex {0, 1} = 2); coin 3 alone, with 2, with 1, or with 1 and 2
/// (mex {0, 2, 1, 3} = 4); coin 4 alone, with 3, with 2, with 2 and 3, with 1, or with 1, 2
/// and 3 ({1, 2, 4} and {1, 3, 4} are not symmetric), leaving 0, 4, 2, 6, 1 and 7: mex 3.
#[test]
fn sym_turns_any_symmetric_set() {
    let sym = grundy("1+S", 18);
    assert_eq!(sym[..4], [1, 2, 4, 3]);
    let rules = Rules {
        symmetric: true,
        ..any_shape()
    };
    assert_eq!(sym, naive(&rules, 18));
    assert_eq!(grundy("S", 18), sym, "the count 1+ is the default");
}

/// Moidores (up to nine coins), Mogul (seven) and Moebius (five) by the naive search as well.
#[test]
fn moidores_mogul_and_moebius_match_a_naive_search() {
    let upto = |max| Rules {
        min: 1,
        max,
        consecutive: false,
        within: None,
        equally_spaced: false,
        symmetric: false,
        leftmost: false,
    };
    assert_eq!(grundy("1-9", 18), naive(&upto(9), 18));
    assert_eq!(grundy("1-5", 18), naive(&upto(5), 18));
    assert_eq!(grundy("1-7", 18), naive(&upto(7), 18));
}
