//! Nim-sequences of impartial heap games.
//!
//! The nim-value of a heap of `n` tokens is `G(n) = mex { G(a_1) ^ ... ^ G(a_k) }` over the moves
//! from `n` to heaps `a_1, ..., a_k` (Sprague–Grundy; Winning Ways, ch. 4). Three methods
//! compute `G(0..=n)`:
//!
//! - the *plain* method collects every option's value: `O(n^2)` for codes that split into two
//!   heaps, `O(n t)` for codes that never split; repeating tails `[...]` are handled with one
//!   running union of values per residue class, so Nim (`0.[3]`) stays `O(n^2 / 64)`;
//! - the *sparse-space* method (Berlekamp; Gangolli and Plambeck, *A note on periodicity in some
//!   octal games*, IJGT 18 (1989); Flammenkamp's octal game tables) for finite codes that leave
//!   at most two heaps. Fix a mask `m` and call a value *common* when `popcount(v & m)` is odd.
//!   The XOR of two common values, or of two rare ones, is rare; so a common option value of
//!   a split comes from a pair with exactly one rare heap. When rare heaps are few, the common
//!   options are found from the rare heaps alone, and the rare values below the least missing
//!   common one are usually all found after a few pairs; only when a rare value is the mex is
//!   every pair examined. The method is exact for every mask; the mask (and whether the
//!   parity of the heap enters the classification, Flammenkamp's "sparse space in the domain")
//!   is chosen from the values computed so far, with a Walsh–Hadamard transform, and revised as
//!   the sequence grows;
//! - once the periodicity theorem proves the sequence periodic (see
//!   [`proven_nim_period`]), the remaining values are copied from one
//!   period earlier.
//!
//! [`nim_sequence`] chooses the fastest exact method for the rules; [`nim_sequence_with`] picks
//! one, for comparisons and benchmarks.

use crate::core::check_interrupt;

use super::bits::Bits;
use super::code::{visit_digit, Constraint, Digit, HeapRules};
use super::periodicity::{proof_parameters, proven_nim_period};

/// How [`nim_sequence_with`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The fastest exact method: sparse space where it applies, and once periodicity is
    /// proven, copying.
    Auto,
    /// The sparse-space method where it applies (finite codes leaving at most two heaps), the
    /// plain one elsewhere; every value is computed as a mex (no copying after a proof).
    SparseSpace,
    /// The plain method: every option of every heap (with running unions for repeating tails).
    Plain,
    /// The definition itself: every move from [`HeapRules::for_each_move`], its heaps' values
    /// XORed. A reference for tests.
    Naive,
}

/// How often the progress callback is called: every this many heaps.
pub const PROGRESS_INTERVAL: usize = 4096;

/// The nim-values `G(0), ..., G(n)` of a heap of each size under `rules`, by the fastest exact
/// method (see the module documentation). `progress(k)` is called every
/// [`PROGRESS_INTERVAL`] heaps with the number of heaps done, and once at the end with `n`; it
/// may unwind (`cg::core::check_interrupt`), which this function also calls at every heap.
///
/// ```
/// use cg::core::heap::{nim_sequence, HeapRules, TakeBreakCode};
/// let kayles = HeapRules::TakeBreak(TakeBreakCode::parse_octal("0.77").unwrap());
/// let g = nim_sequence(&kayles, 12, &mut |_| {});
/// assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
/// ```
pub fn nim_sequence(rules: &HeapRules, n: usize, progress: &mut dyn FnMut(usize)) -> Vec<u32> {
    nim_sequence_with(rules, n, Method::Auto, progress)
}

/// [`nim_sequence`] by the given method. Every method gives the same values.
pub fn nim_sequence_with(
    rules: &HeapRules,
    n: usize,
    method: Method,
    progress: &mut dyn FnMut(usize),
) -> Vec<u32> {
    let proof = proof_parameters(rules).filter(|_| method == Method::Auto);
    let sparse = matches!(method, Method::Auto | Method::SparseSpace);
    let mut engine: Box<dyn Engine> = match method {
        Method::Naive => Box::new(Naive {
            rules,
            seen: Bits::new(),
        }),
        _ => match SparseSpace::new(rules, n).filter(|_| sparse) {
            Some(engine) => Box::new(engine),
            None => Box::new(Plain::new(rules, n)),
        },
    };
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    g.push(0);
    for k in 1..=n {
        // An atomic load: cheap beside a heap's mex, and some heaps take long.
        check_interrupt();
        if k % PROGRESS_INTERVAL == 0 {
            progress(k);
        }
        if is_checkpoint(k) {
            if let Some((heaps, t)) = proof {
                if let Some((p, _)) = proven_nim_period(&g, heaps, t) {
                    while g.len() <= n {
                        g.push(g[g.len() - p]);
                    }
                    break;
                }
            }
            engine.checkpoint(&g);
        }
        let v = engine.next(&g, k);
        g.push(v);
    }
    progress(n);
    g
}

/// The nim-values by the definition alone (every move enumerated): [`Method::Naive`].
pub fn nim_sequence_naive(rules: &HeapRules, n: usize) -> Vec<u32> {
    nim_sequence_with(rules, n, Method::Naive, &mut |_| {})
}

/// Heaps at which the periodicity proof is tried and the sparse-space mask revised: powers of
/// two from 64, then every 2^16.
fn is_checkpoint(k: usize) -> bool {
    (k >= 64 && k.is_power_of_two()) || k.is_multiple_of(1 << 16)
}

trait Engine {
    /// G(n), given `g = G(0..n)`.
    fn next(&mut self, g: &[u32], n: usize) -> u32;
    fn checkpoint(&mut self, _g: &[u32]) {}
}

/// Which pairs a digit allows when it leaves two heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PairKind {
    Any,
    Unequal,
    Equal,
}

impl PairKind {
    fn of(digit: Digit) -> PairKind {
        match digit.constraint {
            Constraint::Unconstrained => PairKind::Any,
            Constraint::PairwiseUnequal | Constraint::NotAllEqual => PairKind::Unequal,
            Constraint::AllEqual => PairKind::Equal,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The largest smaller heap `a` of an allowed pair `a + b = m`, `a <= b` (for `Any` and
    /// `Unequal`).
    fn largest_smaller(self, m: usize) -> usize {
        if self == PairKind::Unequal {
            (m - 1) / 2
        } else {
            m / 2
        }
    }
}

/// Inserts the value of every allowed pair `a + b = m` (`1 <= a <= b`).
#[inline]
fn insert_pairs(g: &[u32], m: usize, kind: PairKind, seen: &mut Bits) {
    match kind {
        PairKind::Equal => {
            if m >= 2 && m.is_multiple_of(2) {
                seen.insert(0);
            }
        }
        PairKind::Any | PairKind::Unequal => {
            for a in 1..=kind.largest_smaller(m) {
                seen.insert(g[a] ^ g[m - a]);
            }
        }
    }
}

/// Inserts the XOR of every partition of `total` into exactly `heaps >= 3` heaps allowed by
/// `digit`'s constraint.
fn insert_partitions(g: &[u32], digit: Digit, total: usize, heaps: usize, seen: &mut Bits) {
    let exactly = Digit {
        heaps: 1 << heaps,
        constraint: digit.constraint,
    };
    visit_digit(exactly, total, &mut |parts| {
        seen.insert(parts.iter().fold(0, |x, &h| x ^ g[h]));
    });
}

// ------------------------------------------------------------------------------------------
// The definition
// ------------------------------------------------------------------------------------------

struct Naive<'a> {
    rules: &'a HeapRules,
    seen: Bits,
}

impl Engine for Naive<'_> {
    fn next(&mut self, g: &[u32], n: usize) -> u32 {
        let seen = &mut self.seen;
        seen.clear();
        self.rules.for_each_move(n, &mut |heaps| {
            seen.insert(heaps.iter().fold(0, |x, &h| x ^ g[h]));
        });
        seen.mex()
    }
}

// ------------------------------------------------------------------------------------------
// The plain method
// ------------------------------------------------------------------------------------------

/// Every option of every heap. The digits are eventually periodic: `digit(s)` for `s >= start`
/// depends on `(s - start) % period`. The options through the prefix `s < start` are collected
/// one by one; those through the tail, for all `s = start + r + j * period` at once, from running
/// unions per residue class of `m = n - s` (all `m' = m mod period` with `m' <= m` are options).
struct Plain<'a> {
    rules: &'a HeapRules,
    prefix: Vec<Digit>,
    start: usize,
    period: usize,
    /// `tail[r]` is the digit for removing `start + r + j * period`.
    tail: Vec<Digit>,
    /// Union of `{G(m)}` over `1 <= m` in each residue class (when the tail leaves one heap).
    single: Option<Vec<Bits>>,
    /// Per pair kind, union over `m` in each class of the pair values of `m`.
    pairs: [Option<Vec<Bits>>; 3],
    /// Whether the tail leaves three or more heaps (then enumerated, slowly).
    tail_many: bool,
    max_addition: usize,
    seen: Bits,
    scratch: Bits,
}

impl<'a> Plain<'a> {
    fn new(rules: &'a HeapRules, n: usize) -> Plain<'a> {
        let (start, period) = rules.digit_period();
        let prefix: Vec<Digit> = (0..start.min(n + 1)).map(|s| rules.digit(s)).collect();
        let tail: Vec<Digit> = (0..period).map(|r| rules.digit(start + r)).collect();
        let classes = || vec![Bits::new(); period];
        let mut pairs = [None, None, None];
        for d in tail.iter().filter(|d| d.allows(2)) {
            pairs[PairKind::of(*d).index()].get_or_insert_with(classes);
        }
        Plain {
            rules,
            prefix,
            start,
            period,
            single: tail.iter().any(|d| d.allows(1)).then(classes),
            pairs,
            tail_many: tail.iter().any(|d| d.max_heaps() >= 3),
            tail,
            max_addition: rules.max_addition(),
            seen: Bits::new(),
            scratch: Bits::new(),
        }
    }

    fn insert_digit(&mut self, g: &[u32], digit: Digit, removed: usize, total: usize) {
        if digit.allows(0) && total == 0 {
            self.seen.insert(0);
        }
        if digit.allows(1) && total >= 1 && removed > 0 {
            self.seen.insert(g[total]);
        }
        if digit.allows(2) && total >= 2 {
            insert_pairs(g, total, PairKind::of(digit), &mut self.seen);
        }
        for heaps in 3..=digit.max_heaps().min(total) {
            if digit.allows(heaps) {
                insert_partitions(g, digit, total, heaps, &mut self.seen);
            }
        }
    }
}

impl Engine for Plain<'_> {
    fn next(&mut self, g: &[u32], n: usize) -> u32 {
        self.seen.clear();
        for added in 1..=self.max_addition {
            let digit = self.rules.additive_digit(added);
            self.insert_digit(g, digit, 0, n + added);
        }
        for s in 0..self.prefix.len().min(n + 1) {
            let digit = self.prefix[s];
            self.insert_digit(g, digit, s, n - s);
        }
        if n > self.start {
            // The newest heap the tail can leave: add it to the running unions.
            let m = n - self.start;
            let class = m % self.period;
            if let Some(single) = &mut self.single {
                single[class].insert(g[m]);
            }
            for kind in [PairKind::Any, PairKind::Unequal, PairKind::Equal] {
                if let Some(pairs) = &mut self.pairs[kind.index()] {
                    self.scratch.clear();
                    insert_pairs(g, m, kind, &mut self.scratch);
                    pairs[class].union_with(&self.scratch);
                }
            }
        }
        if n >= self.start {
            for r in 0..self.period.min(n - self.start + 1) {
                let digit = self.tail[r];
                let m = n - self.start - r;
                let class = m % self.period;
                if digit.allows(0) && class == 0 {
                    self.seen.insert(0);
                }
                if digit.allows(1) {
                    if let Some(single) = &self.single {
                        self.seen.union_with(&single[class]);
                    }
                }
                if digit.allows(2) {
                    if let Some(pairs) = &self.pairs[PairKind::of(digit).index()] {
                        self.seen.union_with(&pairs[class]);
                    }
                }
            }
            if self.tail_many {
                for s in self.start..=n {
                    let digit = self.tail[(s - self.start) % self.period];
                    for heaps in 3..=digit.max_heaps().min(n - s) {
                        if digit.allows(heaps) {
                            insert_partitions(g, digit, n - s, heaps, &mut self.seen);
                        }
                    }
                }
            }
        }
        self.seen.mex()
    }
}

// ------------------------------------------------------------------------------------------
// The sparse-space method
// ------------------------------------------------------------------------------------------

/// The sparse-space method for finite codes leaving at most two heaps, no tokens added.
///
/// A heap `a >= 1` is *rare* when `parity(G(a) & mask) == sigma(a)`, where `sigma(a) = 0`, or
/// (domain type) `sigma(a) = (a + t0) & 1` when every splitting removal has the parity of `t0`.
/// A value `v` is *common for n* when `parity(v & mask) != sigma(n)`. For a split of `n` into
/// `a + b = n - s`, `parity((G(a) ^ G(b)) & mask) ^ sigma(n)` is 1 exactly when one of `a`, `b`
/// is rare and the other is not; so every common-for-n option value of a split is found among
/// the pairs with a rare heap. With `mask = 0` (no sparse space found) every pair is examined.
struct SparseSpace {
    /// Removals that may take the whole heap.
    whole: Vec<usize>,
    /// Removals that may leave one heap.
    single: Vec<usize>,
    /// Removals that may leave two equal heaps only.
    equal: Vec<usize>,
    /// Removals that may leave two heaps (unequal ones only, for `Unequal`).
    splits: Vec<(usize, PairKind)>,
    /// Parity of the splitting removals when they all have one parity.
    split_parity: Option<usize>,
    mask: u32,
    domain: bool,
    t0: usize,
    /// The rare heaps (>= 1), ascending.
    rare: Vec<u32>,
    /// A power of two above every value so far: all option values are below it.
    width: u32,
    /// `counts[c][v]`: the heaps `a >= 1` with `G(a) = v` and `(a + t0) & 1 == c` (`t0` the
    /// split parity, or 0).
    counts: [Vec<u64>; 2],
    /// `common[sigma]`: the values below `2 * width` that are common for a heap with this sigma.
    common: [Bits; 2],
    seen: Bits,
    need: Bits,
    /// Scratch: `(n - s, largest smaller heap)` for each splitting removal `s`.
    ranges: Vec<(usize, usize)>,
}

impl SparseSpace {
    fn new(rules: &HeapRules, n: usize) -> Option<SparseSpace> {
        let t = rules.max_removal()?;
        if rules.max_addition() > 0 || rules.max_heaps() != 2 {
            return None;
        }
        let mut engine = SparseSpace {
            whole: Vec::new(),
            single: Vec::new(),
            equal: Vec::new(),
            splits: Vec::new(),
            split_parity: None,
            mask: 0,
            domain: false,
            t0: 0,
            rare: Vec::new(),
            width: 1,
            counts: [vec![0], vec![0]],
            common: [Bits::new(), Bits::new()],
            seen: Bits::new(),
            need: Bits::new(),
            ranges: Vec::new(),
        };
        for s in 0..=t.min(n) {
            let digit = rules.digit(s);
            if digit.allows(0) && s > 0 {
                engine.whole.push(s);
            }
            if digit.allows(1) && s > 0 {
                engine.single.push(s);
            }
            if digit.allows(2) {
                match PairKind::of(digit) {
                    PairKind::Equal => engine.equal.push(s),
                    kind => engine.splits.push((s, kind)),
                }
            }
        }
        if engine.splits.is_empty() {
            return None;
        }
        let parity = engine.splits[0].0 % 2;
        if engine.splits.iter().all(|&(s, _)| s % 2 == parity) {
            engine.split_parity = Some(parity);
            engine.t0 = parity;
        }
        engine.set_width(1);
        Some(engine)
    }

    fn set_width(&mut self, width: u32) {
        self.width = width;
        for c in &mut self.counts {
            c.resize(width as usize, 0);
        }
        for b in [&mut self.seen, &mut self.need] {
            *b = Bits::with_capacity(2 * width as usize);
        }
        self.update_common();
    }

    fn update_common(&mut self) {
        for sigma in 0..2 {
            let mut bits = Bits::with_capacity(2 * self.width as usize);
            for v in 0..2 * self.width {
                if ((v & self.mask).count_ones() as usize & 1) != sigma {
                    bits.insert(v);
                }
            }
            self.common[sigma] = bits;
        }
    }

    fn sigma(&self, a: usize) -> usize {
        if self.domain {
            (a + self.t0) & 1
        } else {
            0
        }
    }

    fn is_rare(&self, a: usize, v: u32) -> bool {
        ((v & self.mask).count_ones() as usize & 1) == self.sigma(a)
    }

    /// Every pair value into `seen` (the plain method).
    fn scan_all(&mut self, g: &[u32], n: usize) {
        for &(s, kind) in &self.splits {
            if n >= s + 2 {
                insert_pairs(g, n - s, kind, &mut self.seen);
            }
        }
    }

    /// Examines pairs until every value of `need` (there are `count`) has been found; returns
    /// how many were not. The pairs are taken smallest heap first across all the splitting
    /// removals: a witness usually has a small heap, and for some removals none exists at all
    /// (Kayles' 0 comes from one of its two splits only, depending on n).
    fn search_needed(&mut self, g: &[u32], n: usize, mut count: usize) -> usize {
        self.ranges.clear();
        for &(s, kind) in &self.splits {
            if n >= s + 2 {
                self.ranges.push((n - s, kind.largest_smaller(n - s)));
            }
        }
        if let [(m, half)] = self.ranges[..] {
            for a in 1..=half {
                if self.need.remove(g[a] ^ g[m - a]) {
                    count -= 1;
                    if count == 0 {
                        return 0;
                    }
                }
            }
            return count;
        }
        let longest = self.ranges.iter().map(|&(_, half)| half).max().unwrap_or(0);
        for a in 1..=longest {
            for &(m, half) in &self.ranges {
                if a <= half && self.need.remove(g[a] ^ g[m - a]) {
                    count -= 1;
                    if count == 0 {
                        return 0;
                    }
                }
            }
        }
        count
    }
}

impl Engine for SparseSpace {
    fn next(&mut self, g: &[u32], n: usize) -> u32 {
        self.seen.clear();
        for &s in &self.whole {
            if s == n {
                self.seen.insert(0);
            }
        }
        for &s in &self.single {
            if s < n {
                self.seen.insert(g[n - s]);
            }
        }
        for &s in &self.equal {
            if n >= s + 2 && (n - s).is_multiple_of(2) {
                self.seen.insert(0);
            }
        }
        let value = if self.mask == 0 {
            self.scan_all(g, n);
            self.seen.mex()
        } else {
            for &(s, kind) in &self.splits {
                if n < s + 2 {
                    continue;
                }
                let m = n - s;
                // The rare heaps below m, less m/2 itself when the two heaps must differ; the
                // innermost loop of the method, so it runs over plain slices.
                let below = &self.rare[..self.rare.partition_point(|&r| (r as usize) < m)];
                let skip = (kind == PairKind::Unequal && m.is_multiple_of(2))
                    .then(|| below.binary_search(&((m / 2) as u32)).ok())
                    .flatten();
                let (first, second) = match skip {
                    Some(i) => (&below[..i], &below[i + 1..]),
                    None => (below, &below[..0]),
                };
                let words = self.seen.words_mut();
                for &r in first.iter().chain(second) {
                    let v = g[r as usize] ^ g[m - r as usize];
                    words[(v >> 6) as usize] |= 1 << (v & 63);
                }
            }
            let sigma = self.sigma(n);
            // The least common-for-n value not found: every common option value is in `seen`.
            // (`seen`, `need` and `common` all span 0..2 * width; options are below width.)
            let common = self.common[sigma].words();
            let seen = self.seen.words();
            let least_common = common
                .iter()
                .zip(seen)
                .enumerate()
                .find_map(|(w, (&c, &s))| {
                    let missing = c & !s;
                    (missing != 0).then(|| (w as u32) * 64 + missing.trailing_zeros())
                })
                .unwrap_or(2 * self.width);
            // The rare-for-n values below it that were not found yet.
            let mut count = 0;
            let need = self.need.words_mut().iter_mut().zip(common).zip(seen);
            for (w, ((slot, &c), &s)) in need.enumerate() {
                let base = (w as u32) * 64;
                let below = if least_common >= base + 64 {
                    u64::MAX
                } else if least_common <= base {
                    0
                } else {
                    (1u64 << (least_common - base)) - 1
                };
                *slot = !c & !s & below;
                count += slot.count_ones() as usize;
            }
            if count == 0 || self.search_needed(g, n, count) == 0 {
                least_common
            } else {
                self.need.first().expect("a needed value was not found")
            }
        };
        if value >= self.width {
            self.set_width((value + 1).next_power_of_two());
        }
        let class = (n + self.t0) & 1;
        self.counts[class][value as usize] += 1;
        if self.mask != 0 && self.is_rare(n, value) {
            self.rare.push(n as u32);
        }
        value
    }

    /// Chooses the mask (and type) with the fewest rare heaps so far, by the Walsh–Hadamard
    /// transform of the value counts: for a mask `m`, `sum_v c[v] (-1)^popcount(v & m)` is the
    /// number of heaps with even parity under `m` minus those with odd parity.
    fn checkpoint(&mut self, g: &[u32]) {
        let width = self.width as usize;
        let transform = |counts: &[u64]| {
            let mut w: Vec<i64> = counts.iter().map(|&c| c as i64).collect();
            let mut h = 1;
            while h < w.len() {
                for i in (0..w.len()).step_by(2 * h) {
                    for j in i..i + h {
                        let (x, y) = (w[j], w[j + h]);
                        w[j] = x + y;
                        w[j + h] = x - y;
                    }
                }
                h *= 2;
            }
            w
        };
        let even = transform(&self.counts[0]);
        let odd = transform(&self.counts[1]);
        let total_even: i64 = self.counts[0].iter().sum::<u64>() as i64;
        let total_odd: i64 = self.counts[1].iter().sum::<u64>() as i64;
        let heaps = total_even + total_odd;
        // Range type: rare when parity(v & m) == 0: (N + W_even + W_odd) / 2.
        // Domain type: rare when parity(v & m) == (a + t0) & 1:
        // (N_even + W_even) / 2 + (N_odd - W_odd) / 2.
        let mut best = (heaps, 0u32, false);
        for m in 1..width {
            let range = (heaps + even[m] + odd[m]) / 2;
            if range < best.0 {
                best = (range, m as u32, false);
            }
            if self.split_parity.is_some() {
                let domain = (total_even + even[m]) / 2 + (total_odd - odd[m]) / 2;
                if domain < best.0 {
                    best = (domain, m as u32, true);
                }
            }
        }
        // Sparse enough to pay: fewer than one heap in eight rare.
        let (mask, domain) = if best.0 * 8 < heaps {
            (best.1, best.2)
        } else {
            (0, false)
        };
        if (mask, domain) != (self.mask, self.domain) {
            self.mask = mask;
            self.domain = domain;
            self.update_common();
            self.rare.clear();
            if mask != 0 {
                for (a, &v) in g.iter().enumerate().skip(1) {
                    if self.is_rare(a, v) {
                        self.rare.push(a as u32);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::heap::{SubtractionSet, TakeBreakCode};

    fn code(s: &str) -> HeapRules {
        HeapRules::TakeBreak(TakeBreakCode::parse(s).unwrap())
    }

    fn all_methods(rules: &HeapRules, n: usize) -> Vec<u32> {
        let naive = nim_sequence_naive(rules, n);
        for method in [Method::Plain, Method::SparseSpace, Method::Auto] {
            assert_eq!(
                nim_sequence_with(rules, n, method, &mut |_| {}),
                naive,
                "{rules} by {method:?}"
            );
        }
        naive
    }

    #[test]
    fn methods_agree() {
        for text in [
            "0.77", "0.07", "0.137", "4!.0", "0.6", "0.[3]", "0.1[37]", "0.F6", "0.8", "4?.04",
            "4=.07", "0.7!7", "84.07", "0.[7]", "0.3[7!]", "0.127", "0.[04]",
        ] {
            all_methods(&code(text), 300);
        }
        all_methods(
            &HeapRules::Subtraction(SubtractionSet::finite([2, 3, 7])),
            300,
        );
        all_methods(&HeapRules::all_but([2, 3, 7]), 300);
        all_methods(&HeapRules::Splittles("{1,odds}".parse().unwrap()), 200);
    }

    #[test]
    fn every_mask_is_exact() {
        // The sparse-space method is exact for any mask and type, sparse or not.
        for text in [
            "0.77", "0.07", "4!.0", "0.6", "0.127", "4=.37", "0.4!7", "0.051",
        ] {
            let rules = code(text);
            let naive = nim_sequence_naive(&rules, 400);
            for mask in 1..32 {
                for domain in [false, true] {
                    let mut engine = SparseSpace::new(&rules, 400).unwrap();
                    if domain && engine.split_parity.is_none() {
                        continue;
                    }
                    engine.mask = mask;
                    engine.domain = domain;
                    engine.update_common();
                    let mut g = vec![0];
                    for n in 1..=400 {
                        let v = engine.next(&g, n);
                        g.push(v);
                    }
                    assert!(g == naive, "{text}, mask {mask:b}, domain {domain}");
                }
            }
        }
    }

    #[test]
    fn progress_is_reported() {
        let mut calls = Vec::new();
        nim_sequence(&code("0.6"), 10_000, &mut |k| calls.push(k));
        assert_eq!(calls, [4096, 8192, 10_000]);
    }
}
