//! The strip games of `stdlib/strips.cg` (Blockbusting), written in the cg language, against
//! hand computations, a game tree built here in Rust from the rules alone, and the scores of
//! alternate play found by a minimax search.
//!
//! Berlekamp's tables ("Blockbusting and Domineering", J. Combin. Theory A 49, 1988; Winning
//! Ways, 2nd ed., vol. 1, p. 186) give the strips' values after overheating; we had no copy to
//! read, so the checks below are independent of them: the rules (Wikipedia's statement of
//! Berlekamp's game: Left scores the pairs of neighbouring parcels both hers) and hand
//! computation.

use std::collections::HashMap;

use cg::core::{Dyadic, Game};
use cg::eval::Interpreter;

#[path = "common/evaluate.rs"]
mod evaluate;
use evaluate::game_of;

/// Left's score on a strip all of whose parcels are claimed: her neighbouring pairs.
fn pairs(strip: &[u8]) -> i64 {
    strip.windows(2).filter(|w| w == b"LL").count() as i64
}

/// The strips after `who` claims one unclaimed parcel.
fn claims(strip: &[u8], who: u8) -> Vec<Vec<u8>> {
    (0..strip.len())
        .filter(|&i| strip[i] == b'.')
        .map(|i| {
            let mut next = strip.to_vec();
            next[i] = who;
            next
        })
        .collect()
}

/// The value of a whole strip from the rules alone: no splitting into runs; a strip with every
/// parcel claimed is its score.
fn tree_value(strip: &[u8], memo: &mut HashMap<Vec<u8>, Game>) -> Game {
    if let Some(&g) = memo.get(strip) {
        return g;
    }
    let g = if strip.contains(&b'.') {
        let left: Vec<Game> = claims(strip, b'L')
            .iter()
            .map(|s| tree_value(s, memo))
            .collect();
        let right: Vec<Game> = claims(strip, b'R')
            .iter()
            .map(|s| tree_value(s, memo))
            .collect();
        Game::from_options(&left, &right)
    } else {
        Game::integer(pairs(strip))
    };
    memo.insert(strip.to_vec(), g);
    g
}

/// Left's final score when the players alternate, `left_first` saying who starts, each playing
/// best: Left the most, Right the least.
fn alternate_play(strip: &[u8], left_first: bool, memo: &mut HashMap<(Vec<u8>, bool), i64>) -> i64 {
    if !strip.contains(&b'.') {
        return pairs(strip);
    }
    if let Some(&s) = memo.get(&(strip.to_vec(), left_first)) {
        return s;
    }
    let who = if left_first { b'L' } else { b'R' };
    let scores = claims(strip, who)
        .into_iter()
        .map(|s| alternate_play(&s, !left_first, memo));
    let best = if left_first {
        scores.max()
    } else {
        scores.min()
    }
    .expect("an unclaimed parcel");
    memo.insert((strip.to_vec(), left_first), best);
    best
}

/// Every strip of the given length over unclaimed, Left's and Right's parcels.
fn strips(length: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for _ in 0..length {
        all = all
            .into_iter()
            .flat_map(|s| {
                b".LR".iter().map(move |&c| {
                    let mut t = s.clone();
                    t.push(c);
                    t
                })
            })
            .collect();
    }
    all
}

fn shorthand(strip: &[u8]) -> String {
    format!("blockbusting(\"{}\")", String::from_utf8_lossy(strip))
}

/// By hand. One parcel: whoever claims it scores nothing, so {0|0} = *. A parcel beside Left's:
/// Left's claim scores 1, Right's 0: {1|0}; between two of Left's: {2|0}. Two parcels: Left's
/// claim leaves {1|0}, Right's leaves * ; Right's answer 0 to {1|0} is <= the whole (Right moving
/// first to * loses to Left's move to 0), so that option reverses to nothing, and so does * for
/// Right (Left answers 0, and the whole with no Left option is <= 0): { | } = 0. Three parcels
/// in the middle of Left's: "L.L" and "L..L" add their runs; claimed pairs count at once.
#[test]
fn blockbusting_matches_hand_computations() {
    let mut interpreter = Interpreter::new();
    for (strip, expected) in [
        (".", "*"),
        ("L.", "{1|0}"),
        (".L", "{1|0}"),
        ("R.R", "*"),
        ("L.L", "{2|0}"),
        ("..", "0"),
        ("LL", "1"),
        ("LLRLLL", "3"),
        ("RRRR", "0"),
        // Two runs "L." and ".L" and a pair: 1 + {1|0} + {1|0} = 1 + 1 (each is 1/2 +- 1/2).
        ("LL.R.L", "2"),
        ("", "0"),
    ] {
        let got = game_of(&mut interpreter, &shorthand(strip.as_bytes()));
        let want = game_of(&mut interpreter, expected);
        assert_eq!(
            got, want,
            "blockbusting(\"{strip}\") is {got}, expected {expected}"
        );
    }
}

#[test]
fn blockbusting_agrees_with_a_game_tree_on_every_strip_up_to_seven() {
    let mut interpreter = Interpreter::new();
    let mut memo = HashMap::new();
    for length in 0..=7 {
        for strip in strips(length) {
            let want = tree_value(&strip, &mut memo);
            let got = game_of(&mut interpreter, &shorthand(&strip));
            assert_eq!(got, want, "{}", shorthand(&strip));
        }
    }
}

/// In Blockbusting claiming a parcel is never worse than passing (one more parcel of your own
/// never lowers your score), and in such a game the stops are the scores of alternate play
/// (Milnor, "Sums of positional games", 1953). A failure here would mean a wrong value or a
/// zugzwang we did not expect: both worth knowing.
#[test]
fn blockbusting_stops_are_the_scores_of_alternate_play() {
    let mut interpreter = Interpreter::new();
    let mut memo = HashMap::new();
    for n in 0..=12 {
        let strip = vec![b'.'; n];
        for ends in [&b""[..], b"L"] {
            let strip = [ends, &strip[..], ends].concat();
            let g = game_of(&mut interpreter, &shorthand(&strip));
            let left_first = alternate_play(&strip, true, &mut memo);
            let right_first = alternate_play(&strip, false, &mut memo);
            let name = shorthand(&strip);
            assert_eq!(
                g.left_stop(),
                Dyadic::from(left_first),
                "{name}: Left's stop"
            );
            assert_eq!(
                g.right_stop(),
                Dyadic::from(right_first),
                "{name}: Right's stop"
            );
        }
    }
}

/// The table of examples/classic.cg: strips of up to ten unclaimed parcels, alone and between
/// two of Left's, against the game tree of the whole strip.
#[test]
fn blockbusting_long_strips_agree_with_the_game_tree() {
    let mut interpreter = Interpreter::new();
    let mut memo = HashMap::new();
    for n in 0..=10 {
        let strip = vec![b'.'; n];
        for ends in [&b""[..], b"L"] {
            let strip = [ends, &strip[..], ends].concat();
            let want = tree_value(&strip, &mut memo);
            let got = game_of(&mut interpreter, &shorthand(&strip));
            assert_eq!(got, want, "{}", shorthand(&strip));
        }
    }
}
