//! Coin-turning games (Winning Ways, ch. 14; Lenstra's "turning turtles" theory).
//!
//! Coins lie in a row at positions 1, 2, 3, ...; a move turns over a set of coins whose
//! rightmost goes from heads to tails. A position is worth the nim-sum of its heads, each head
//! at position n played alone: the game whose options turn n to tails and every other coin of
//! the set to heads. So a coin-turning game is a heap game in which heap n moves to the sum of
//! the heaps at the other positions of the set, and its nim-value is the mex of their nim-sums.
//!
//! A *turning code* names the sets, as the issue and the literature's tables do:
//! - a count: `3` exactly three coins, `1-3` one to three, `2+` two or more (no count: any
//!   number, `1+`);
//! - then any of the letters: `C` the coins are consecutive, `C(w)` they lie within w
//!   consecutive positions, `E` equally spaced, `S` symmetric about their middle, `F` the
//!   leftmost coin of the row (position 1) is one of them.
//!
//! Twins `2` is Nim shifted by one; Mock Turtles `1-3`, Moebius `1-5`, Mogul `1-7` and Moidores
//! `1-9` turn up to that many coins; Ruler `C` (any run of consecutive coins); Turnips `3E`;
//! Grunt `4SF` (turning coins 1, a, b, n with a + b = n + 1 splits the heap n - 1 into the two
//! unequal heaps a - 1 and b - 1: Grundy's game, one position along).

use std::fmt;
use std::str::FromStr;

use super::code::CodeError;

/// Which sets of coins a move may turn over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurningCode {
    written: String,
    /// Fewest coins turned (at least 1).
    min: usize,
    /// Most coins turned, or no limit.
    max: Option<usize>,
    /// The coins lie within this many consecutive positions (`C` is the count itself).
    span: Option<Span>,
    equally_spaced: bool,
    symmetric: bool,
    leftmost: bool,
}

/// How close together the turned coins must lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Span {
    /// `C`: a run of consecutive coins.
    Consecutive,
    /// `C(w)`: all within w consecutive positions.
    Within(usize),
}

impl fmt::Display for TurningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.written)
    }
}

impl FromStr for TurningCode {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<TurningCode, CodeError> {
        let bytes = text.as_bytes();
        let mut i = 0;
        let number = |i: &mut usize| -> Option<usize> {
            let start = *i;
            while *i < bytes.len() && bytes[*i].is_ascii_digit() {
                *i += 1;
            }
            text[start..*i].parse().ok()
        };
        let (min, max) = match number(&mut i) {
            None => (1, None),
            Some(low) => match bytes.get(i) {
                Some(b'+') => {
                    i += 1;
                    (low, None)
                }
                Some(b'-') => {
                    i += 1;
                    let high = number(&mut i)
                        .ok_or_else(|| CodeError::new(i, "expected the largest count after `-`"))?;
                    if high < low {
                        return Err(CodeError::new(i - 1, "the count range is empty"));
                    }
                    (low, Some(high))
                }
                _ => (low, Some(low)),
            },
        };
        if min == 0 {
            return Err(CodeError::new(0, "a move turns at least one coin"));
        }
        let mut code = TurningCode {
            written: text.to_string(),
            min,
            max,
            span: None,
            equally_spaced: false,
            symmetric: false,
            leftmost: false,
        };
        while i < bytes.len() {
            let at = i;
            i += 1;
            let flag = match bytes[at] {
                b'C' if bytes.get(i) == Some(&b'(') => {
                    i += 1;
                    let width = number(&mut i)
                        .filter(|&w| w > 0)
                        .ok_or_else(|| CodeError::new(i, "expected a positive width in `C(w)`"))?;
                    if bytes.get(i) != Some(&b')') {
                        return Err(CodeError::new(i, "expected `)` after the width"));
                    }
                    i += 1;
                    code.span = Some(Span::Within(width));
                    continue;
                }
                b'C' => {
                    code.span = Some(Span::Consecutive);
                    continue;
                }
                b'E' => &mut code.equally_spaced,
                b'S' => &mut code.symmetric,
                b'F' => &mut code.leftmost,
                b' ' => continue,
                _ => {
                    let ch = text[at..].chars().next().unwrap_or('?');
                    return Err(CodeError::new(
                        at,
                        format!(
                            "unexpected `{ch}` in a turning code (a count, then C, C(w), E, S, F)"
                        ),
                    ));
                }
            };
            *flag = true;
        }
        Ok(code)
    }
}

impl TurningCode {
    /// The nim-values of the coins at positions 0..=n (position 0 is no coin: 0), computed in
    /// order; `progress(k)` after each coin (it may unwind to interrupt).
    pub fn nim_values(&self, n: usize, progress: &mut dyn FnMut(usize)) -> Vec<u32> {
        let mut g = vec![0u32; n + 1];
        // Sets without shape or window: the sets for coin c are those for c - 1 with coin c - 1
        // free to join, so one table of reachable nim-sums grows along the row.
        let mut running = self.is_free().then(|| self.free_base(&g));
        for coin in 1..=n {
            let mut seen = Values::new(&g[..coin]);
            if self.count_allowed(1) && (!self.leftmost || coin == 1) {
                seen.mark(0);
            }
            if coin > 1 {
                match &mut running {
                    Some(reach) => {
                        if coin - 1 > usize::from(self.leftmost) {
                            reach.add(g[coin - 1], 1);
                        } else {
                            *reach = self.free_base(&g);
                        }
                        reach.mark_allowed(self, &mut seen);
                    }
                    None => self.shaped_sets(&g[..coin], coin, &mut seen),
                }
            }
            g[coin] = seen.mex();
            progress(coin);
        }
        g
    }

    /// Whether `count` coins may be turned.
    fn count_allowed(&self, count: usize) -> bool {
        count >= self.min && self.max.is_none_or(|m| count <= m)
    }

    /// No shape (`C`, `E`, `S`) and no window (`C(w)`): any coins to the left may join.
    fn is_free(&self) -> bool {
        self.span.is_none() && !self.equally_spaced && !self.symmetric
    }

    /// The sets before any free coin joins: the moving coin alone, or with coin 1 for `F`.
    fn free_base(&self, g: &[u32]) -> Reach {
        if self.leftmost {
            Reach::new(self, 2, g[1])
        } else {
            Reach::new(self, 1, 0)
        }
    }

    /// Marks the nim-sums of the other coins of every set of two or more coins, with a shape
    /// or a window, that `coin` may turn, given the values `g` of the coins to its left.
    fn shaped_sets(&self, g: &[u32], coin: usize, seen: &mut Values) {
        if self.equally_spaced || self.span == Some(Span::Consecutive) {
            self.progressions(g, coin, seen);
        } else if self.symmetric {
            self.symmetric_sets(g, coin, seen);
        } else {
            self.window_sets(g, coin, seen);
        }
    }

    /// The leftmost position a set ending at `coin` may use.
    fn window_start(&self, coin: usize) -> usize {
        match self.span {
            Some(Span::Within(w)) => (coin + 1).saturating_sub(w).max(1),
            _ => 1,
        }
    }

    /// Sets of two or more coins in arithmetic progression ending at `coin`: gap 1 only for
    /// `C`, every gap for `E`.
    fn progressions(&self, g: &[u32], coin: usize, seen: &mut Values) {
        let gaps = if self.equally_spaced && self.span != Some(Span::Consecutive) {
            coin - 1
        } else {
            1
        };
        let start = self.window_start(coin);
        for gap in 1..=gaps {
            let (mut xor, mut count, mut low) = (0, 1, coin);
            while low > gap && low - gap >= start {
                low -= gap;
                count += 1;
                if self.max.is_some_and(|m| count > m) {
                    break;
                }
                xor ^= g[low];
                if self.count_allowed(count) && (!self.leftmost || low == 1) {
                    seen.mark(xor);
                }
            }
        }
    }

    /// Symmetric sets of two or more coins from `low` to `coin`: both ends, any of the mirror
    /// pairs (low + i, coin - i) between, and the middle coin when there is one.
    fn symmetric_sets(&self, g: &[u32], coin: usize, seen: &mut Values) {
        let lows = if self.leftmost {
            1..2
        } else {
            self.window_start(coin)..coin
        };
        for low in lows {
            let mut reach = Reach::new(self, 2, g[low]);
            for (a, b) in (1..)
                .map(|i| (low + i, coin - i))
                .take_while(|(a, b)| a < b)
            {
                reach.add(g[a] ^ g[b], 2);
            }
            if (low + coin).is_multiple_of(2) {
                let mut with_middle = reach.clone();
                with_middle.shift(g[(low + coin) / 2], 1);
                with_middle.mark_allowed(self, seen);
            }
            reach.mark_allowed(self, seen);
        }
    }

    /// Any sets within the window `C(w)` ending at `coin` (with coin 1 for `F`).
    fn window_sets(&self, g: &[u32], coin: usize, seen: &mut Values) {
        let start = self.window_start(coin);
        let mut reach = if self.leftmost {
            if start > 1 {
                return;
            }
            Reach::new(self, 2, g[1])
        } else {
            Reach::new(self, 1, 0)
        };
        for &value in &g[start.max(1 + usize::from(self.leftmost))..coin] {
            reach.add(value, 1);
        }
        reach.mark_allowed(self, seen);
    }
}

/// The largest nim-value cg follows: sets of reachable nim-sums are bit tables as wide as the
/// values, and codes that turn many coins (`1-9`) pass any such bound within a few hundred coins.
const MAX_VALUE_BITS: u32 = 26;

/// A set of nim-values as a table of bits, 64 to a word.
#[derive(Clone)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    fn new(width: usize) -> Bits {
        Bits {
            words: vec![0; width.div_ceil(64).max(1)],
        }
    }

    fn width(&self) -> usize {
        self.words.len() * 64
    }

    fn set(&mut self, v: usize) {
        self.words[v / 64] |= 1 << (v % 64);
    }

    /// Widens to hold values below `width` (a power of two).
    fn widen(&mut self, width: usize) {
        let words = width.div_ceil(64).max(1);
        if words > self.words.len() {
            self.words.resize(words, 0);
        }
    }

    /// Adds { x ^ v : x in other }. XOR with v moves whole words (its high bits) and permutes the
    /// bits inside each word (its low six bits); `self` is at least as wide as `other` and v.
    fn or_xored(&mut self, other: &Bits, v: usize) {
        let (high, low) = (v / 64, (v % 64) as u32);
        for (w, &word) in other.words.iter().enumerate() {
            if word != 0 {
                self.words[w ^ high] |= permute_bits(word, low);
            }
        }
    }

    fn or(&mut self, other: &Bits) {
        for (mine, &theirs) in self.words.iter_mut().zip(&other.words) {
            *mine |= theirs;
        }
    }

    /// The least value not in the set.
    fn mex(&self) -> u32 {
        for (w, &word) in self.words.iter().enumerate() {
            if word != u64::MAX {
                return (w * 64) as u32 + (!word).trailing_zeros();
            }
        }
        self.width() as u32
    }
}

/// Moves bit i of `word` to bit i ^ c (c < 64), one swap of bit groups per set bit of c.
fn permute_bits(mut word: u64, c: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (b, mask) in MASKS.iter().enumerate() {
        if c & (1 << b) != 0 {
            let shift = 1 << b;
            word = ((word & mask) << shift) | ((word >> shift) & mask);
        }
    }
    word
}

/// The nim-values met among a coin's options, as wide as any nim-sum of the coins to its left
/// (twice the power of two above their largest value, leaving room for the mex).
struct Values {
    bits: Bits,
}

impl Values {
    fn new(g: &[u32]) -> Values {
        Values {
            bits: Bits::new(width(g) * 2),
        }
    }

    fn mark(&mut self, v: u32) {
        self.bits.set(v as usize);
    }

    fn mex(&self) -> u32 {
        self.bits.mex()
    }
}

/// A power of two above every value of `g`, so above every nim-sum of them.
fn width(g: &[u32]) -> usize {
    let top = g.iter().copied().max().unwrap_or(0);
    (top as usize + 1).next_power_of_two()
}

/// The nim-sums reachable with each number of coins. Counts stop at the code's most (a set
/// that would pass it is dropped) or, with no most, at its least (any count from there on is
/// allowed, so they share one row).
#[derive(Clone)]
struct Reach {
    cap: usize,
    bounded: bool,
    /// `sums[c]`: the nim-sums of the sets of c coins (c == cap and unbounded: at least cap).
    sums: Vec<Bits>,
}

impl Reach {
    /// The sets holding only the coins already chosen: `count` of them with nim-sum `xor`.
    fn new(code: &TurningCode, count: usize, xor: u32) -> Reach {
        let bounded = code.max.is_some();
        let cap = code.max.unwrap_or(code.min).max(count);
        let width = (xor as usize + 1).next_power_of_two();
        let mut sums = vec![Bits::new(width); cap + 1];
        sums[count].set(xor as usize);
        Reach { cap, bounded, sums }
    }

    /// Where a set of `c` coins goes when `coins` more join it, if anywhere.
    fn target(&self, c: usize, coins: usize) -> Option<usize> {
        if self.bounded {
            (c + coins <= self.cap).then_some(c + coins)
        } else {
            Some((c + coins).min(self.cap))
        }
    }

    /// Widens every row so that nim-sums with `v` fit; refuses past the largest value followed.
    fn fit(&mut self, v: u32) {
        let need = (v as usize + 1).next_power_of_two();
        if need > 1 << MAX_VALUE_BITS {
            crate::core::refuse(format!(
                "the nim-values of this coin-turning game pass 2^{MAX_VALUE_BITS}; cg follows them no further"
            ));
        }
        for row in &mut self.sums {
            row.widen(need);
        }
    }

    /// A further optional piece of `coins` coins with nim-sum `v`: each set may take it or
    /// not. Rows are visited from the top so that no set takes the piece twice, except in the
    /// shared top row of an unbounded code, where taking it twice gives back a sum already
    /// there (that row is read through a copy before it is written).
    fn add(&mut self, v: u32, coins: usize) {
        self.fit(v);
        for c in (0..=self.cap).rev() {
            match self.target(c, coins) {
                Some(to) if to > c => {
                    let (low, high) = self.sums.split_at_mut(to);
                    high[0].or_xored(&low[c], v as usize);
                }
                Some(to) => {
                    let from = self.sums[c].clone();
                    self.sums[to].or_xored(&from, v as usize);
                }
                None => {}
            }
        }
    }

    /// A compulsory piece: every set takes it.
    fn shift(&mut self, v: u32, coins: usize) {
        self.fit(v);
        let width = self.sums[0].width();
        let mut shifted = vec![Bits::new(width); self.cap + 1];
        for c in 0..=self.cap {
            if let Some(to) = self.target(c, coins) {
                shifted[to].or_xored(&self.sums[c], v as usize);
            }
        }
        self.sums = shifted;
    }

    fn mark_allowed(&self, code: &TurningCode, seen: &mut Values) {
        for (c, row) in self.sums.iter().enumerate() {
            if code.count_allowed(c) {
                seen.bits.widen(row.width());
                seen.bits.or(row);
            }
        }
    }
}
