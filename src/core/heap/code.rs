//! Take-and-break codes and the rules of heap games.
//!
//! A *take-and-break code* `d0.d1d2d3...` describes an impartial heap game (Winning Ways, ch. 4;
//! Siegel, *Combinatorial Game Theory*, §IV.2): the digit `d_i` says in how many heaps a heap
//! may be left after `i` tokens are removed from it. Bit `2^k` of `d_i` (that is, 1, 2, 4, 8,
//! ...) means: remove `i` tokens and leave exactly `k` non-empty heaps. So in an *octal* code
//! (digits 0-7) 1 = take the whole heap, 2 = leave one heap, 4 = leave two heaps; in a
//! *hexadecimal* code 8 = leave three heaps as well. `d0`, before the point, is for removing no
//! token at all (only a split: Grundy's game `4!.0`).
//!
//! The general notation is CGSuite's (`TBCode`, Siegel and Hoey): digits in base 32
//! (`0`-`9`, `A`-`V`, either case) or `&N;` for a digit of any value `N` in decimal; a digit may
//! be followed by a constraint on the heaps it leaves when it leaves two or more:
//! - `!` the heaps must be pairwise unequal (`4!.0`, Grundy's game: split into two unequal heaps),
//! - `?` the heaps must not all be equal (for two heaps the same as `!`),
//! - `=` the heaps must all be equal;
//!
//! a digit may also be written as its numbers of heaps in braces, `k` exactly k heaps and `k+`
//! k or more: `{2+}=.0` splits a heap into two or more equal heaps (Maundy Cake's rule), and
//! `{1,3}` is the hexadecimal digit A;
//!
//! and a final block in square brackets repeats for ever (`0.[3]` is Nim, `0.[37]` lets any
//! number of tokens go, splitting the rest when the number is even). Digits before the one just
//! left of the point are *additive*: the `k`-th digit to its left is for adding `k` tokens, which
//! is allowed only when it leaves at least `k + 2` heaps (otherwise the game would be loopy).
//!
//! Subtraction games (`subtraction {2,3,7}`: remove `s` tokens for `s` in the set, leaving the
//! rest as one heap), their complements (`allbut {2,3,7}`) and Splittles (remove `s` tokens and
//! optionally split the rest into two heaps; Mesdal, *Partizan Splittles*, §1) are heap rules too:
//! [`HeapRules`] enumerates the moves of every one of them.

use std::fmt;
use std::str::FromStr;

/// A parse error in a take-and-break code or a subtraction set: what is wrong and the byte
/// offset in the text where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeError {
    pub message: String,
    pub offset: usize,
}

impl CodeError {
    pub(crate) fn new(offset: usize, message: impl Into<String>) -> CodeError {
        CodeError {
            message: message.into(),
            offset,
        }
    }
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.offset)
    }
}

impl std::error::Error for CodeError {}

/// A restriction on the sizes of the heaps left by a move that leaves two or more heaps
/// (CGSuite's `DigitConstraint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// No restriction.
    Unconstrained,
    /// `!`: the heaps left are pairwise unequal.
    PairwiseUnequal,
    /// `?`: the heaps left are not all equal.
    NotAllEqual,
    /// `=`: the heaps left are all equal.
    AllEqual,
}

impl Constraint {
    /// The suffix that writes this constraint after a digit (`""` for none).
    pub fn suffix(self) -> &'static str {
        match self {
            Constraint::Unconstrained => "",
            Constraint::PairwiseUnequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::AllEqual => "=",
        }
    }

    /// Whether two heaps of sizes `a` and `b` may be left together.
    pub fn allows_pair(self, a: usize, b: usize) -> bool {
        match self {
            Constraint::Unconstrained => true,
            Constraint::PairwiseUnequal | Constraint::NotAllEqual => a != b,
            Constraint::AllEqual => a == b,
        }
    }
}

/// One digit of a take-and-break code: bit `k` of `heaps` allows leaving exactly `k` non-empty
/// heaps, and `at_least` any number of heaps from it on (the `k+` of a digit `{...}`);
/// `constraint` restricts the moves that leave two or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digit {
    pub heaps: u64,
    pub at_least: Option<usize>,
    pub constraint: Constraint,
}

impl Digit {
    /// The digit 0: no move.
    pub const ZERO: Digit = Digit::new(0);

    /// An unconstrained digit with this value (`Digit::new(7)` is the octal digit 7).
    pub const fn new(heaps: u64) -> Digit {
        Digit {
            heaps,
            at_least: None,
            constraint: Constraint::Unconstrained,
        }
    }

    pub fn is_zero(self) -> bool {
        self.heaps == 0 && self.at_least.is_none()
    }

    /// Whether the digit allows leaving exactly `k` heaps.
    pub fn allows(self, k: usize) -> bool {
        (k < 64 && self.heaps >> k & 1 == 1) || self.at_least.is_some_and(|m| k >= m)
    }

    /// The largest number of heaps the digit may leave (0 for the digit 0; `usize::MAX` when
    /// any number from some count on is allowed, so that callers bound it by the tokens left).
    pub fn max_heaps(self) -> usize {
        if self.at_least.is_some() {
            return usize::MAX;
        }
        (64 - self.heaps.leading_zeros() as usize).saturating_sub(1)
    }
}

/// A take-and-break code, kept exactly as written (`0.07` and `0.7` are different games, and
/// `0.70` prints as `0.70` though it is the game `0.7`). See the module documentation for the
/// notation.
///
/// ```
/// use cg::core::heap::TakeBreakCode;
/// let kayles: TakeBreakCode = "0.77".parse().unwrap();
/// assert_eq!(kayles.to_string(), "0.77");
/// assert_eq!(kayles.digit(2).heaps, 7);
/// assert_eq!(kayles.max_removal(), Some(2));
/// let grundy: TakeBreakCode = "4!.0".parse().unwrap();
/// assert_eq!(grundy.max_heaps(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreakCode {
    text: String,
    /// `additive[k - 1]` is the digit for adding `k` tokens.
    additive: Vec<Digit>,
    /// `digits[i]` is the digit for removing `i` tokens; when `period > 0` the last `period`
    /// digits repeat for ever.
    digits: Vec<Digit>,
    period: usize,
}

/// Which digits a code may use: the `octal` and `hexadecimal` forms are the general notation
/// with smaller digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Radix {
    Octal,
    Hexadecimal,
    General,
}

impl TakeBreakCode {
    /// Parses CGSuite's generalized take-and-break notation (base-32 digits, `&N;`, the
    /// constraints `!`, `?`, `=` and a repeating tail `[...]`).
    pub fn parse(text: &str) -> Result<TakeBreakCode, CodeError> {
        parse_code(text, Radix::General)
    }

    /// Parses an octal code: digits 0-7 only (constraints and a repeating tail are allowed).
    ///
    /// ```
    /// use cg::core::heap::TakeBreakCode;
    /// assert!(TakeBreakCode::parse_octal("0.137").is_ok());
    /// let err = TakeBreakCode::parse_octal("0.18").unwrap_err();
    /// assert_eq!(err.offset, 3);
    /// ```
    pub fn parse_octal(text: &str) -> Result<TakeBreakCode, CodeError> {
        parse_code(text, Radix::Octal)
    }

    /// Parses a hexadecimal code: digits 0-9 and A-F (so a move may leave up to three heaps).
    pub fn parse_hexadecimal(text: &str) -> Result<TakeBreakCode, CodeError> {
        parse_code(text, Radix::Hexadecimal)
    }

    /// The code as it was written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The digit for removing `removed` tokens (the repeating tail continues for ever).
    pub fn digit(&self, removed: usize) -> Digit {
        if removed < self.digits.len() {
            self.digits[removed]
        } else if self.period > 0 {
            let start = self.digits.len() - self.period;
            self.digits[start + (removed - start) % self.period]
        } else {
            Digit::ZERO
        }
    }

    /// The digit for adding `added` tokens (1 for the digit two places left of the point).
    pub fn additive_digit(&self, added: usize) -> Digit {
        match added.checked_sub(1) {
            Some(k) => self.additive.get(k).copied().unwrap_or(Digit::ZERO),
            None => self.digit(0),
        }
    }

    /// How many tokens may be added at most (the number of nonzero additive digits' places).
    pub fn max_addition(&self) -> usize {
        self.additive
            .iter()
            .rposition(|d| !d.is_zero())
            .map_or(0, |k| k + 1)
    }

    /// The largest number of tokens a move may remove, or `None` when the code has a repeating
    /// tail (which is never all zeros: `0.3[0]` is the finite code `0.3`).
    pub fn max_removal(&self) -> Option<usize> {
        if self.period > 0 {
            return None;
        }
        Some(self.digits.iter().rposition(|d| !d.is_zero()).unwrap_or(0))
    }

    /// The largest number of heaps a move may leave.
    pub fn max_heaps(&self) -> usize {
        self.additive
            .iter()
            .chain(&self.digits)
            .map(|d| d.max_heaps())
            .max()
            .unwrap_or(0)
    }

    /// Whether some digit carries a constraint that restricts a move leaving two or more heaps.
    pub fn is_constrained(&self) -> bool {
        self.additive
            .iter()
            .chain(&self.digits)
            .any(|d| d.constraint != Constraint::Unconstrained && d.max_heaps() >= 2)
    }

    /// The digits from `start` on repeat with this period: `(start, period)`, with
    /// `digit(s) = digit(start + (s - start) % period)` for `s >= start`.
    fn tail(&self) -> (usize, usize) {
        if self.period > 0 {
            (self.digits.len() - self.period, self.period)
        } else {
            (self.digits.len(), 1)
        }
    }
}

impl FromStr for TakeBreakCode {
    type Err = CodeError;
    fn from_str(text: &str) -> Result<TakeBreakCode, CodeError> {
        TakeBreakCode::parse(text)
    }
}

impl fmt::Display for TakeBreakCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn parse_code(text: &str, radix: Radix) -> Result<TakeBreakCode, CodeError> {
    let bytes = text.as_bytes();
    // (digit, byte offset) before and after the point.
    let mut before: Vec<(Digit, usize)> = Vec::new();
    let mut after: Vec<Digit> = Vec::new();
    let mut point = None;
    let mut tail_start = None;
    let mut closed = false;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if closed {
            return Err(CodeError::new(
                i,
                "nothing may follow the repeating tail `[...]`",
            ));
        }
        match c {
            b'.' => {
                if point.is_some() {
                    return Err(CodeError::new(i, "a code has only one point"));
                }
                point = Some(i);
                i += 1;
            }
            b'[' => {
                if point.is_none() {
                    return Err(CodeError::new(
                        i,
                        "a repeating tail `[...]` comes after the point",
                    ));
                }
                if tail_start.is_some() {
                    return Err(CodeError::new(i, "a code has only one repeating tail"));
                }
                tail_start = Some((after.len(), i));
                i += 1;
            }
            b']' => {
                let Some((start, open)) = tail_start else {
                    return Err(CodeError::new(i, "`]` without a matching `[`"));
                };
                if start == after.len() {
                    return Err(CodeError::new(open, "the repeating tail `[]` is empty"));
                }
                closed = true;
                i += 1;
            }
            _ => {
                let (value, at_least, next) = if c == b'{' {
                    parse_heap_counts(text, i, radix)?
                } else {
                    let (value, next) = parse_digit_value(text, i, radix)?;
                    (value, None, next)
                };
                let (constraint, next) = match bytes.get(next) {
                    Some(b'!') => (Constraint::PairwiseUnequal, next + 1),
                    Some(b'?') => (Constraint::NotAllEqual, next + 1),
                    Some(b'=') => (Constraint::AllEqual, next + 1),
                    _ => (Constraint::Unconstrained, next),
                };
                let digit = Digit {
                    heaps: value,
                    at_least,
                    constraint,
                };
                if point.is_some() {
                    after.push(digit);
                } else {
                    before.push((digit, i));
                }
                i = next;
            }
        }
    }
    if text.is_empty() {
        return Err(CodeError::new(0, "the code is empty"));
    }
    if point.is_none() {
        return Err(CodeError::new(
            text.len(),
            "a take-and-break code needs a point, as in `0.77`",
        ));
    }
    if let Some((_, open)) = tail_start {
        if !closed {
            return Err(CodeError::new(open, "`[` without a matching `]`"));
        }
    }
    // The digit just left of the point is for removing no token; the others add tokens.
    let (zero, zero_at) = before.pop().unwrap_or((Digit::ZERO, 0));
    if zero.allows(1) {
        return Err(CodeError::new(
            zero_at,
            "the digit before the point may not leave one heap: taking no token and leaving \
             the heap would be a pass (a loopy game)",
        ));
    }
    let mut additive = Vec::with_capacity(before.len());
    for (k, &(digit, at)) in before.iter().rev().enumerate() {
        let added = k + 1;
        if let Some(heaps) = (1..=added + 1).find(|&h| digit.allows(h)) {
            return Err(CodeError::new(
                at,
                format!(
                    "adding {added} token{} and leaving {heaps} heap{} can go on for ever (a \
                     loopy game): an additive digit must leave at least {} heaps",
                    if added == 1 { "" } else { "s" },
                    if heaps == 1 { "" } else { "s" },
                    added + 2
                ),
            ));
        }
        additive.push(digit);
    }
    let mut digits = Vec::with_capacity(after.len() + 1);
    digits.push(zero);
    digits.extend(after);
    let mut period = match tail_start {
        Some((start, _)) => digits.len() - 1 - start,
        None => 0,
    };
    if period > 0 && digits[digits.len() - period..].iter().all(|d| d.is_zero()) {
        // An all-zero tail is a finite code.
        digits.truncate(digits.len() - period);
        period = 0;
    }
    if period == 0 {
        while digits.len() > 1 && digits.last().is_some_and(|d| d.is_zero()) {
            digits.pop();
        }
    }
    while additive.last().is_some_and(|d| d.is_zero()) {
        additive.pop();
    }
    Ok(TakeBreakCode {
        text: text.to_string(),
        additive,
        digits,
        period,
    })
}

/// A digit written as its numbers of heaps in braces (CGSuite's form, as in Maundy Cake's
/// `{2+}=.0`): a comma-separated list of counts `k` (leave exactly k heaps) and at most one
/// `k+` (k or more). Gives the bits of the exact counts, the least of the open range, and the
/// offset after `}`.
fn parse_heap_counts(
    text: &str,
    open: usize,
    radix: Radix,
) -> Result<(u64, Option<usize>, usize), CodeError> {
    if radix != Radix::General {
        return Err(CodeError::new(
            open,
            "digits in braces `{...}` belong to the general take-and-break notation (`tb`)",
        ));
    }
    let bytes = text.as_bytes();
    let (mut heaps, mut at_least) = (0u64, None);
    let mut i = open + 1;
    loop {
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        if start == i {
            return Err(CodeError::new(
                i,
                "expected a number of heaps (`{1,3}`, `{2+}`)",
            ));
        }
        let count: usize = text[start..i]
            .parse()
            .map_err(|_| CodeError::new(start, "the number of heaps is too large"))?;
        if bytes.get(i) == Some(&b'+') {
            if at_least.is_some() {
                return Err(CodeError::new(start, "a digit has only one `k+` count"));
            }
            at_least = Some(count);
            i += 1;
        } else if count < 64 {
            heaps |= 1 << count;
        } else {
            return Err(CodeError::new(
                start,
                "an exact number of heaps is at most 63 (write `k+` for k or more)",
            ));
        }
        match bytes.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => return Ok((heaps, at_least, i + 1)),
            _ => return Err(CodeError::new(i, "expected `,` or `}` in a digit `{...}`")),
        }
    }
}

/// The value of the digit at byte `i` and the offset after it.
fn parse_digit_value(text: &str, i: usize, radix: Radix) -> Result<(u64, usize), CodeError> {
    let bytes = text.as_bytes();
    let c = bytes[i];
    if c == b'&' {
        if radix != Radix::General {
            return Err(CodeError::new(
                i,
                "`&N;` digits belong to the general take-and-break notation",
            ));
        }
        let end = text[i..]
            .find(';')
            .map(|k| i + k)
            .ok_or_else(|| CodeError::new(i, "`&` starts a digit `&N;` that has no `;`"))?;
        let number = &text[i + 1..end];
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CodeError::new(
                i + 1,
                "expected a decimal number between `&` and `;`",
            ));
        }
        let value = number
            .parse::<u64>()
            .map_err(|_| CodeError::new(i + 1, "the digit is too large (at most 2^64 - 1)"))?;
        return Ok((value, end + 1));
    }
    let value = match c {
        b'0'..=b'9' => (c - b'0') as u64,
        b'a'..=b'z' => (c - b'a') as u64 + 10,
        b'A'..=b'Z' => (c - b'A') as u64 + 10,
        b'(' | b'*' => {
            return Err(CodeError::new(
                i,
                "CGSuite's `(...)` and `*` digit forms are not supported: write the digit's \
                 value (`&N;` when it is 32 or more), or its numbers of heaps in braces \
                 (`{2,3}`, `{2+}`), with one of `!`, `?`, `=`",
            ));
        }
        b'_' => {
            return Err(CodeError::new(i, "ghost tokens (`_g`) are not supported"));
        }
        _ => {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(CodeError::new(
                i,
                format!("unexpected `{ch}` in a take-and-break code"),
            ));
        }
    };
    let limit = match radix {
        Radix::Octal => 8,
        Radix::Hexadecimal => 16,
        Radix::General => 32,
    };
    if value >= limit {
        let what = match radix {
            Radix::Octal => "an octal digit (0-7)",
            Radix::Hexadecimal => "a hexadecimal digit (0-9, A-F)",
            Radix::General => "a digit (0-9, A-V, or &N;)",
        };
        return Err(CodeError::new(i, format!("`{}` is not {what}", c as char)));
    }
    Ok((value, i + 1))
}

/// The infinite part of a subtraction set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tail {
    /// No infinite part: the set is finite.
    None,
    /// Every odd number 1, 3, 5, ... (`odds`).
    Odd,
    /// Every even number 2, 4, 6, ... (`evens`).
    Even,
    /// Every positive number (`all`).
    All,
}

impl Tail {
    fn contains(self, s: usize) -> bool {
        match self {
            Tail::None => false,
            Tail::Odd => s % 2 == 1,
            Tail::Even => s > 0 && s.is_multiple_of(2),
            Tail::All => s > 0,
        }
    }

    fn name(self) -> Option<&'static str> {
        match self {
            Tail::None => None,
            Tail::Odd => Some("odds"),
            Tail::Even => Some("evens"),
            Tail::All => Some("all"),
        }
    }
}

/// A set of positive integers: a finite set together with an optional infinite tail (all odd
/// numbers, all even numbers, or all numbers), as the subtraction sets of Partizan Splittles
/// ({1, odds} versus {2, 4}, Mesdal §7). Printed `{1,4}`, `{1,odds}`, `{evens}`, `{}`.
///
/// ```
/// use cg::core::heap::SubtractionSet;
/// let s: SubtractionSet = "{1,odds}".parse().unwrap();
/// assert!(s.contains(1) && s.contains(7) && !s.contains(4));
/// assert_eq!(s.to_string(), "{1,odds}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    finite: Vec<usize>,
    tail: Tail,
}

impl SubtractionSet {
    /// The set of the given positive numbers (sorted, duplicates dropped) and the tail.
    /// 0 is not a positive number: `None` if it is among them.
    pub fn new(elements: impl IntoIterator<Item = usize>, tail: Tail) -> Option<SubtractionSet> {
        let mut finite: Vec<usize> = elements.into_iter().collect();
        finite.sort_unstable();
        finite.dedup();
        if finite.first() == Some(&0) {
            return None;
        }
        Some(SubtractionSet { finite, tail })
    }

    /// A finite set (0 is dropped: removing no token is not a move).
    pub fn finite(elements: impl IntoIterator<Item = usize>) -> SubtractionSet {
        let mut finite: Vec<usize> = elements.into_iter().filter(|&s| s > 0).collect();
        finite.sort_unstable();
        finite.dedup();
        SubtractionSet {
            finite,
            tail: Tail::None,
        }
    }

    pub fn contains(&self, s: usize) -> bool {
        self.tail.contains(s) || self.finite.binary_search(&s).is_ok()
    }

    /// The finite part, ascending.
    pub fn elements(&self) -> &[usize] {
        &self.finite
    }

    pub fn tail(&self) -> Tail {
        self.tail
    }

    /// The largest element, or `None` when the set is infinite (or empty).
    pub fn max(&self) -> Option<usize> {
        match self.tail {
            Tail::None => self.finite.last().copied(),
            _ => None,
        }
    }

    /// `(start, period)`: membership of `s >= start` depends only on `(s - start) % period`.
    fn tail_period(&self) -> (usize, usize) {
        let start = self.finite.last().map_or(1, |&m| m + 1);
        match self.tail {
            Tail::None | Tail::All => (start, 1),
            Tail::Odd | Tail::Even => (start, 2),
        }
    }
}

impl fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        let mut first = true;
        for s in &self.finite {
            if !first {
                f.write_str(",")?;
            }
            first = false;
            write!(f, "{s}")?;
        }
        if let Some(name) = self.tail.name() {
            if !first {
                f.write_str(",")?;
            }
            f.write_str(name)?;
        }
        f.write_str("}")
    }
}

impl FromStr for SubtractionSet {
    type Err = CodeError;

    /// `{1,4}`, `{1,odds}`, `{evens}`, `{all}`, `{}`; spaces are allowed between elements.
    fn from_str(text: &str) -> Result<SubtractionSet, CodeError> {
        let open = text.find(|c: char| !c.is_whitespace()).unwrap_or(0);
        if !text[open..].starts_with('{') {
            return Err(CodeError::new(open, "a subtraction set is written `{1,4}`"));
        }
        let close = text
            .rfind('}')
            .filter(|&c| c > open)
            .ok_or_else(|| CodeError::new(open, "`{` without a matching `}`"))?;
        if let Some(k) = text[close + 1..].find(|c: char| !c.is_whitespace()) {
            return Err(CodeError::new(
                close + 1 + k,
                "nothing may follow the subtraction set",
            ));
        }
        let mut finite = Vec::new();
        let mut tail = Tail::None;
        let inner = &text[open + 1..close];
        if inner.trim().is_empty() {
            return Ok(SubtractionSet { finite, tail });
        }
        let mut at = open + 1;
        for part in inner.split(',') {
            let lead = part.len() - part.trim_start().len();
            let word = part.trim();
            let word_at = at + lead;
            at += part.len() + 1;
            let named = match word {
                "odds" => Some(Tail::Odd),
                "evens" => Some(Tail::Even),
                "all" => Some(Tail::All),
                _ => None,
            };
            if let Some(named) = named {
                if tail != Tail::None {
                    return Err(CodeError::new(
                        word_at,
                        "a set has at most one infinite part",
                    ));
                }
                tail = named;
                continue;
            }
            if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
                return Err(CodeError::new(
                    word_at,
                    format!("expected a positive number, `odds`, `evens` or `all`, found `{word}`"),
                ));
            }
            let s: usize = word
                .parse()
                .map_err(|_| CodeError::new(word_at, "the number is too large"))?;
            if s == 0 {
                return Err(CodeError::new(
                    word_at,
                    "0 is not a legal subtraction: a move removes at least one token",
                ));
            }
            finite.push(s);
        }
        Ok(SubtractionSet::new(finite, tail).expect("zero was rejected above"))
    }
}

/// The rules of an impartial heap game, or of one player in a partizan one: for a heap of
/// size `n`, the moves, each a list of the heaps it leaves (sorted ascending; empty when
/// nothing is left).
///
/// ```
/// use cg::core::heap::{HeapRules, SubtractionSet, TakeBreakCode};
/// let kayles = HeapRules::TakeBreak("0.77".parse().unwrap());
/// assert_eq!(kayles.moves(3), vec![vec![2], vec![1, 1], vec![1]]);
/// let s = HeapRules::Subtraction(SubtractionSet::finite([1, 3]));
/// assert_eq!(s.moves(3), vec![vec![2], vec![]]);
/// assert_eq!(s.to_string(), "subtraction {1,3}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRules {
    /// A take-and-break code.
    TakeBreak(TakeBreakCode),
    /// Remove `s` tokens, `s` in the set, leaving the rest as one heap (the code with digit 3
    /// at every `s` in the set). Printed `subtraction {1,3}`.
    Subtraction(SubtractionSet),
    /// Remove any positive number of tokens except those listed (digit 3 everywhere else).
    /// Printed `allbut {2,3,7}`.
    AllBut(Vec<usize>),
    /// Splittles: remove `s` tokens, `s` in the set, and leave the rest as one heap or split it
    /// into two (digit 7 at every `s` in the set; Mesdal, *Partizan Splittles*, §1).
    /// Printed `splittles {1,4}`.
    Splittles(SubtractionSet),
}

impl HeapRules {
    /// `allbut {…}`: the listed numbers (zero is ignored) may not be removed.
    pub fn all_but(excluded: impl IntoIterator<Item = usize>) -> HeapRules {
        HeapRules::AllBut(SubtractionSet::finite(excluded).finite)
    }

    /// The digit for removing `removed` tokens: which numbers of heaps may be left.
    pub fn digit(&self, removed: usize) -> Digit {
        match self {
            HeapRules::TakeBreak(code) => code.digit(removed),
            HeapRules::Subtraction(set) if removed > 0 && set.contains(removed) => Digit::new(3),
            HeapRules::AllBut(excluded)
                if removed > 0 && excluded.binary_search(&removed).is_err() =>
            {
                Digit::new(3)
            }
            HeapRules::Splittles(set) if removed > 0 && set.contains(removed) => Digit::new(7),
            _ => Digit::ZERO,
        }
    }

    /// The digit for adding `added >= 1` tokens (only take-and-break codes have them).
    pub fn additive_digit(&self, added: usize) -> Digit {
        match self {
            HeapRules::TakeBreak(code) if added > 0 => code.additive_digit(added),
            _ => Digit::ZERO,
        }
    }

    /// The largest number of tokens that may be added by a move (0 but for additive codes).
    pub fn max_addition(&self) -> usize {
        match self {
            HeapRules::TakeBreak(code) => code.max_addition(),
            _ => 0,
        }
    }

    /// The largest number of tokens a move may remove; `None` when unbounded.
    pub fn max_removal(&self) -> Option<usize> {
        match self {
            HeapRules::TakeBreak(code) => code.max_removal(),
            HeapRules::Subtraction(set) | HeapRules::Splittles(set) => {
                if set.tail == Tail::None {
                    Some(set.max().unwrap_or(0))
                } else {
                    None
                }
            }
            HeapRules::AllBut(_) => None,
        }
    }

    /// The largest number of heaps a move may leave.
    pub fn max_heaps(&self) -> usize {
        match self {
            HeapRules::TakeBreak(code) => code.max_heaps(),
            HeapRules::Subtraction(_) | HeapRules::AllBut(_) => 1,
            HeapRules::Splittles(_) => 2,
        }
    }

    /// Whether some move that leaves two or more heaps is restricted by a constraint.
    pub fn is_constrained(&self) -> bool {
        match self {
            HeapRules::TakeBreak(code) => code.is_constrained(),
            _ => false,
        }
    }

    /// `(start, period)`: for `s >= start`, `digit(s) == digit(start + (s - start) % period)`.
    /// Every heap rule is eventually periodic in this sense (a finite code has period 1 and
    /// digit 0 from some point on).
    pub fn digit_period(&self) -> (usize, usize) {
        match self {
            HeapRules::TakeBreak(code) => code.tail(),
            HeapRules::Subtraction(set) | HeapRules::Splittles(set) => set.tail_period(),
            HeapRules::AllBut(excluded) => (excluded.last().map_or(1, |&m| m + 1), 1),
        }
    }

    /// Calls `f` with every move from a heap of `n` tokens: the heaps it leaves, ascending.
    /// Moves are visited by number of tokens taken (additions first), then number of heaps left,
    /// then lexicographically; no move is visited twice.
    pub fn for_each_move(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        if n == 0 {
            return;
        }
        let mut buf = Vec::new();
        for added in (1..=self.max_addition()).rev() {
            visit_partitions(self.additive_digit(added), n + added, &mut buf, f);
        }
        let last = self.max_removal().map_or(n, |t| t.min(n));
        for removed in 0..=last {
            visit_partitions(self.digit(removed), n - removed, &mut buf, f);
        }
    }

    /// Every move from a heap of `n` tokens (see [`HeapRules::for_each_move`]).
    pub fn moves(&self, n: usize) -> Vec<Vec<usize>> {
        let mut moves = Vec::new();
        self.for_each_move(n, &mut |heaps| moves.push(heaps.to_vec()));
        moves
    }
}

impl fmt::Display for HeapRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapRules::TakeBreak(code) => write!(f, "{code}"),
            HeapRules::Subtraction(set) => write!(f, "subtraction {set}"),
            HeapRules::AllBut(excluded) => {
                write!(
                    f,
                    "allbut {}",
                    SubtractionSet::finite(excluded.iter().copied())
                )
            }
            HeapRules::Splittles(set) => write!(f, "splittles {set}"),
        }
    }
}

/// Visits every way of leaving `total` tokens as exactly `heaps >= 2` heaps obeying `constraint`.
pub(crate) fn visit_exactly(
    heaps: usize,
    constraint: Constraint,
    total: usize,
    f: &mut dyn FnMut(&[usize]),
) {
    partitions(total, heaps, 1, constraint, &mut Vec::new(), f);
}

/// Visits every way of leaving `total` tokens as heaps allowed by `digit`.
fn visit_partitions(digit: Digit, total: usize, buf: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
    if digit.is_zero() {
        return;
    }
    for k in 0..=digit.max_heaps().min(total) {
        if !digit.allows(k) {
            continue;
        }
        match k {
            0 if total == 0 => f(&[]),
            0 => {}
            1 => f(&[total]),
            _ => {
                buf.clear();
                partitions(total, k, 1, digit.constraint, buf, f);
            }
        }
    }
}

/// Visits the partitions of `total` into `parts` parts, each at least `min`, ascending after
/// the parts already in `buf`, obeying `constraint`.
fn partitions(
    total: usize,
    parts: usize,
    min: usize,
    constraint: Constraint,
    buf: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]),
) {
    if parts == 1 {
        if total < min {
            return;
        }
        buf.push(total);
        let ok = match constraint {
            Constraint::Unconstrained | Constraint::PairwiseUnequal => true,
            Constraint::NotAllEqual => buf.first() != buf.last(),
            Constraint::AllEqual => buf.first() == buf.last(),
        };
        if ok {
            f(buf);
        }
        buf.pop();
        return;
    }
    if constraint == Constraint::AllEqual {
        // Every part equals the first.
        if buf.is_empty() && total.is_multiple_of(parts) && total / parts >= min {
            buf.extend(std::iter::repeat_n(total / parts, parts));
            f(buf);
            buf.clear();
        }
        return;
    }
    let strict = constraint == Constraint::PairwiseUnequal;
    let mut part = min;
    loop {
        // The least the remaining parts can take when this one is `part`.
        let rest_min = if strict {
            (parts - 1) * (part + 1) + (parts - 1) * (parts - 2) / 2
        } else {
            (parts - 1) * part
        };
        if part + rest_min > total {
            break;
        }
        buf.push(part);
        partitions(
            total - part,
            parts - 1,
            if strict { part + 1 } else { part },
            constraint,
            buf,
            f,
        );
        buf.pop();
        part += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> TakeBreakCode {
        TakeBreakCode::parse(s).unwrap()
    }

    fn err(s: &str) -> CodeError {
        TakeBreakCode::parse(s).unwrap_err()
    }

    #[test]
    fn codes_print_as_written() {
        for text in [
            "0.07", "0.7", "0.70", "4.07", "4!.0", ".137", "0.[3]", "0.F6", "0.&12;",
        ] {
            assert_eq!(code(text).to_string(), text);
        }
        assert_ne!(code("0.07"), code("0.7"));
    }

    #[test]
    fn digits_and_tails() {
        let nim = code("0.[3]");
        assert_eq!(nim.max_removal(), None);
        assert_eq!(nim.digit(1000).heaps, 3);
        assert_eq!(nim.digit(0).heaps, 0);
        let c = code("0.1[37]");
        assert_eq!(
            (1..7).map(|i| c.digit(i).heaps).collect::<Vec<_>>(),
            [1, 3, 7, 3, 7, 3]
        );
        let finite = code("0.3[0]");
        assert_eq!(finite.max_removal(), Some(1));
        assert_eq!(code("0.700").max_removal(), Some(1));
        let g = code("4!.0");
        assert_eq!(g.digit(0).constraint, Constraint::PairwiseUnequal);
        assert_eq!(g.max_removal(), Some(0));
        assert_eq!(code("0.F6").max_heaps(), 3);
        assert_eq!(code("0.&12;").digit(1).heaps, 12);
        assert_eq!(code("0.v").digit(1).heaps, 31);
    }

    #[test]
    fn additive_digits() {
        let c = code("84.07");
        assert_eq!(c.additive_digit(1).heaps, 8);
        assert_eq!(c.max_addition(), 1);
        // Adding a token and leaving two heaps is loopy (heap 2 -> 1 + 2).
        assert!(err("44.07").message.contains("loopy"));
        assert_eq!(err("44.07").offset, 0);
    }

    #[test]
    fn parse_errors_point_at_the_fault() {
        assert_eq!(err("").offset, 0);
        assert_eq!(err("077").offset, 3);
        assert!(err("077").message.contains("point"));
        assert_eq!(err("0.7.7").offset, 3);
        assert_eq!(err("0.7x").offset, 3);
        assert_eq!(err("0.[]").offset, 2);
        assert_eq!(err("0.[3").offset, 2);
        assert_eq!(err("0.3]").offset, 3);
        assert_eq!(err("0.[3]7").offset, 5);
        assert_eq!(err("[3].0").offset, 0);
        assert_eq!(err("2.07").offset, 0);
        assert!(err("2.07").message.contains("pass"));
        assert_eq!(err("0.&12").offset, 2);
        assert_eq!(err("0.&;").offset, 3);
        assert_eq!(TakeBreakCode::parse_octal("0.78").unwrap_err().offset, 3);
        assert_eq!(
            TakeBreakCode::parse_hexadecimal("0.FG").unwrap_err().offset,
            3
        );
        assert!(TakeBreakCode::parse_hexadecimal("0.F6").is_ok());
        assert!(err("0.(1,2)").message.contains("not supported"));
        assert!(err("0.*").message.contains("not supported"));
        assert_eq!(err("0.77_1").offset, 4);
        assert_eq!(err("0.7é").offset, 3);
        assert!(err("0.7é").message.contains('é'));
    }

    #[test]
    fn moves_of_codes() {
        let kayles = HeapRules::TakeBreak(code("0.77"));
        assert_eq!(kayles.moves(1), vec![Vec::<usize>::new()]);
        assert_eq!(
            kayles.moves(5),
            vec![vec![4], vec![1, 3], vec![2, 2], vec![3], vec![1, 2]]
        );
        let grundy = HeapRules::TakeBreak(code("4!.0"));
        assert_eq!(grundy.moves(6), vec![vec![1, 5], vec![2, 4]]);
        assert_eq!(grundy.moves(2), Vec::<Vec<usize>>::new());
        let equal = HeapRules::TakeBreak(code("4=.0"));
        assert_eq!(equal.moves(6), vec![vec![3, 3]]);
        let three = HeapRules::TakeBreak(code("0.8"));
        assert_eq!(three.moves(6), vec![vec![1, 1, 3], vec![1, 2, 2]]);
        let three_unequal = HeapRules::TakeBreak(code("0.8!"));
        assert_eq!(three_unequal.moves(7), vec![vec![1, 2, 3]]);
        let three_not_all_equal = HeapRules::TakeBreak(code("0.8?"));
        assert_eq!(
            three_not_all_equal.moves(7),
            vec![vec![1, 1, 4], vec![1, 2, 3]]
        );
        assert_eq!(
            HeapRules::TakeBreak(code("0.8?")).moves(4),
            vec![] as Vec<Vec<usize>>
        );
        let additive = HeapRules::TakeBreak(code("84.07"));
        assert_eq!(
            additive.moves(4),
            vec![
                vec![1, 1, 3],
                vec![1, 2, 2],
                vec![1, 3],
                vec![2, 2],
                vec![2],
                vec![1, 1]
            ]
        );
    }

    #[test]
    fn subtraction_sets() {
        let s: SubtractionSet = "{ 1, 4 }".parse().unwrap();
        assert_eq!(s.to_string(), "{1,4}");
        assert_eq!("{}".parse::<SubtractionSet>().unwrap().to_string(), "{}");
        assert_eq!(
            "{evens}".parse::<SubtractionSet>().unwrap().to_string(),
            "{evens}"
        );
        assert_eq!(
            "{3,1,odds}".parse::<SubtractionSet>().unwrap().to_string(),
            "{1,3,odds}"
        );
        assert_eq!("{1,0}".parse::<SubtractionSet>().unwrap_err().offset, 3);
        assert_eq!("{1,x}".parse::<SubtractionSet>().unwrap_err().offset, 3);
        assert_eq!(
            "{odds,evens}".parse::<SubtractionSet>().unwrap_err().offset,
            6
        );
        assert_eq!("1,2".parse::<SubtractionSet>().unwrap_err().offset, 0);
        assert_eq!("{1,2} 3".parse::<SubtractionSet>().unwrap_err().offset, 6);
        let allbut = HeapRules::all_but([2, 3, 7]);
        assert_eq!(allbut.to_string(), "allbut {2,3,7}");
        assert_eq!(
            (1..10)
                .filter(|&s| !allbut.digit(s).is_zero())
                .collect::<Vec<_>>(),
            [1, 4, 5, 6, 8, 9]
        );
        assert_eq!(allbut.digit_period(), (8, 1));
        let odds = HeapRules::Splittles("{2,odds}".parse().unwrap());
        assert_eq!(odds.digit_period(), (3, 2));
        assert_eq!(odds.digit(5).heaps, 7);
        assert_eq!(odds.digit(4).heaps, 0);
        assert_eq!(odds.moves(3), vec![vec![2], vec![1, 1], vec![1], vec![]]);
    }
}
