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

use std::ops::Range;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::bits::Bits;
use super::code::{visit_exactly, Constraint, Digit, HeapRules};
use super::compact::{NimSlice, NimValue, NimValues};
use super::flag_scan::{least_unflagged, ClassBits};
use super::mirror::Mirror;
use super::pass::{Pass, RarePairs};
use super::periodicity::{proof_parameters, proven_nim_period};
use super::row_helper::{Kernel, RowHelper, Sources};

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
    nim_values_with(rules, n, method, progress).to_vec()
}

/// [`nim_sequence_with`], stored compactly: a byte per heap while the values are below 256,
/// two while below 65536 (see [`NimValues`]). The sparse-space method reads the values in 16
/// bits as they are stored, so a long sequence needs no second copy.
///
/// ```
/// use cg::core::heap::{nim_values_with, HeapRules, Method, TakeBreakCode};
/// let officers = HeapRules::TakeBreak(TakeBreakCode::parse_octal("0.6").unwrap());
/// let g = nim_values_with(&officers, 20_000, Method::Auto, &mut |_| {});
/// assert_eq!((g.width(), g.get(10)), (2, 3));
/// ```
pub fn nim_values_with(
    rules: &HeapRules,
    n: usize,
    method: Method,
    progress: &mut dyn FnMut(usize),
) -> NimValues {
    // The values in 16 bits, their mirror and the helper's copy (see `SparseSpace`).
    crate::core::memory::reserve(
        &format!("the nim-values of {rules} to heap {n}"),
        6 * (n + 1),
    );
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
    let mut g = NimValues::halves_with_capacity(n + 1);
    g.push(0);
    let mut last_proof_attempt = 0;
    for k in 1..=n {
        // An atomic load: cheap beside a heap's mex, and some heaps take long.
        check_interrupt();
        if k % PROGRESS_INTERVAL == 0 {
            progress(k);
        }
        if is_checkpoint(k) {
            let attempt = is_proof_attempt(k, last_proof_attempt);
            if let Some((heaps, t)) = proof.filter(|_| attempt) {
                last_proof_attempt = k;
                if let Some((p, _)) = proven_period(g.slice(), heaps, t) {
                    // Narrowed first: the copies then take a byte each where they can.
                    g = std::mem::take(&mut g).narrowed();
                    extend_periodically(&mut g, p, n + 1);
                    break;
                }
            }
            engine.checkpoint(g.slice());
        } else if engine.revises_at(k) {
            engine.checkpoint(g.slice());
        }
        let v = engine.next(g.slice(), k);
        g.push(v);
    }
    progress(n);
    g.narrowed()
}

fn proven_period(g: NimSlice<'_>, heaps: usize, t: usize) -> Option<(usize, usize)> {
    match g {
        NimSlice::Bytes(g) => proven_nim_period(g, heaps, t),
        NimSlice::Halves(g) => proven_nim_period(g, heaps, t),
        NimSlice::Words(g) => proven_nim_period(g, heaps, t),
    }
}

/// Copies values from one period `p` earlier until `g` holds `len` of them.
fn extend_periodically(g: &mut NimValues, p: usize, len: usize) {
    fn copy<T: Copy>(g: &mut Vec<T>, p: usize, len: usize) {
        g.reserve_exact(len.saturating_sub(g.len()));
        while g.len() < len {
            // A slice of up to 2^16 values at a time, between checks for Ctrl-C.
            check_interrupt();
            let from = g.len() - p;
            let count = p.min(1 << 16).min(len - g.len());
            g.extend_from_within(from..from + count);
        }
    }
    match g {
        NimValues::Bytes(g) => copy(g, p, len),
        NimValues::Halves(g) => copy(g, p, len),
        NimValues::Words(g) => copy(g, p, len),
    }
}

/// The nim-values by the definition alone (every move enumerated): [`Method::Naive`].
pub fn nim_sequence_naive(rules: &HeapRules, n: usize) -> Vec<u32> {
    nim_sequence_with(rules, n, Method::Naive, &mut |_| {})
}

/// Heaps at which the sparse-space mask is revised and the periodicity proof may be tried (see
/// [`is_proof_attempt`]): powers of two from 64, then every 2^16.
fn is_checkpoint(k: usize) -> bool {
    (k >= 64 && k.is_power_of_two()) || k.is_multiple_of(1 << 16)
}

/// Whether to try the periodicity proof at checkpoint `k`, the last try having been at `last`.
/// A try looks at every period up to `k / 2`, so trying at every checkpoint would cost
/// `k^2 / 2^17` in all, the better part of the work on an aperiodic game (Officers to 10^8:
/// 1526 tries of 5 * 10^7 periods); trying only once `k` has grown by an eighth keeps the sum
/// below `9k`, and a period is proven at most `k / 8` heaps later than it could have been.
fn is_proof_attempt(k: usize, last: usize) -> bool {
    k - last >= last / 8
}

trait Engine {
    /// G(n), given `g = G(0..n)`.
    fn next(&mut self, g: NimSlice<'_>, n: usize) -> u32;
    fn checkpoint(&mut self, _g: NimSlice<'_>) {}
    /// Whether to call [`Engine::checkpoint`] at heap `n` besides the usual checkpoints.
    fn revises_at(&self, _n: usize) -> bool {
        false
    }
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
fn insert_pairs<T: NimValue>(g: &[T], m: usize, kind: PairKind, seen: &mut Bits) {
    match kind {
        PairKind::Equal => {
            if m >= 2 && m.is_multiple_of(2) {
                seen.insert(0);
            }
        }
        PairKind::Any | PairKind::Unequal => {
            for a in 1..=kind.largest_smaller(m) {
                seen.insert(g[a].get() ^ g[m - a].get());
            }
        }
    }
}

/// Inserts the XOR of every partition of `total` into exactly `heaps >= 3` heaps allowed by
/// `digit`'s constraint.
fn insert_partitions<T: NimValue>(
    g: &[T],
    digit: Digit,
    total: usize,
    heaps: usize,
    seen: &mut Bits,
) {
    visit_exactly(heaps, digit.constraint, total, &mut |parts| {
        seen.insert(parts.iter().fold(0, |x, &h| x ^ g[h].get()));
    });
}

// ------------------------------------------------------------------------------------------
// The definition
// ------------------------------------------------------------------------------------------

struct Naive<'a> {
    rules: &'a HeapRules,
    seen: Bits,
}

/// Calls the engine's generic `value` with the values at their stored width.
macro_rules! dispatch {
    ($self:ident, $g:ident, $n:ident) => {
        match $g {
            NimSlice::Bytes(g) => $self.value(g, $n),
            NimSlice::Halves(g) => $self.value(g, $n),
            NimSlice::Words(g) => $self.value(g, $n),
        }
    };
}

impl Engine for Naive<'_> {
    fn next(&mut self, g: NimSlice<'_>, n: usize) -> u32 {
        dispatch!(self, g, n)
    }
}

impl Naive<'_> {
    fn value<T: NimValue>(&mut self, g: &[T], n: usize) -> u32 {
        let seen = &mut self.seen;
        seen.clear();
        self.rules.for_each_move(n, &mut |heaps| {
            seen.insert(heaps.iter().fold(0, |x, &h| x ^ g[h].get()));
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

    fn insert_digit<T: NimValue>(&mut self, g: &[T], digit: Digit, removed: usize, total: usize) {
        if digit.allows(0) && total == 0 {
            self.seen.insert(0);
        }
        if digit.allows(1) && total >= 1 && removed > 0 {
            self.seen.insert(g[total].get());
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
    fn next(&mut self, g: NimSlice<'_>, n: usize) -> u32 {
        dispatch!(self, g, n)
    }
}

impl Plain<'_> {
    fn value<T: NimValue>(&mut self, g: &[T], n: usize) -> u32 {
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
                single[class].insert(g[m].get());
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
///
/// The pairs are examined [`BATCH`] heaps at a time (see [`Batch`]): for a smaller heap `a`
/// and the heaps `n .. n + BATCH` of a batch, the larger heaps `n - s - a ..` are consecutive,
/// so one pass over a short stretch of `G` serves the whole batch, with no search per heap.
struct SparseSpace {
    few: FewHeaps,
    /// Removals that may leave two heaps (unequal ones only, for `Unequal`).
    splits: Vec<(usize, PairKind)>,
    /// Parity of the splitting removals when they all have one parity.
    split_parity: Option<usize>,
    mask: u32,
    domain: bool,
    t0: usize,
    /// The rare heaps (>= 1), ascending, and their values.
    rare: Vec<u32>,
    rare_values: Vec<u32>,
    /// A power of two above every value so far: all option values are below it.
    width: u32,
    /// `counts[c][v]`: the heaps `a >= 1` with `G(a) = v` and `(a + t0) & 1 == c` (`t0` the
    /// split parity, or 0).
    counts: [Vec<u64>; 2],
    /// `common_bits[sigma]` and `uncommon_bits[sigma]`: the values below `2 * width` that are
    /// common, and rare, for a heap with this sigma (see [`least_unflagged`]).
    common_bits: [ClassBits; 2],
    uncommon_bits: [ClassBits; 2],
    /// The option values of the current heap, when `mask == 0`.
    seen: Bits,
    batch: Batch,
    /// The rare-for-n values without a witness yet, ascending.
    need: Vec<u32>,
    /// Scratch for [`SparseSpace::search_needed`].
    cursors: Vec<Cursor>,
    /// `G` in 16 bits for [`SparseSpace::search_needed`]; `None` once a value needs more.
    mirror: Option<Mirror>,
    /// A second thread for the batch pass, for long sequences on machines with two cores.
    helper: Option<RowHelper>,
    /// The next batch's pass, begun when the current batch started (see [`Ahead`]).
    ahead: Option<Ahead>,
    /// The rare heaps and their values as passes read them, and the generation and count of
    /// rare heaps they were made for.
    rare_pairs: Option<((u64, usize), RarePairs)>,
    /// A chunk of a pass's sources written out, for the kernel.
    chunk: Vec<(u32, usize)>,
    /// Counts the changes of the value classes (mask, type or width): a pass begun before
    /// one does not serve the batch after it.
    generation: u64,
}

/// The pass of the batch after the current one, handed to the helper when the current one
/// started: its pairs read only values from before the current batch (see [`LAG`]).
struct Ahead {
    start: usize,
    row: usize,
    generation: u64,
    sources: Sources,
    posted: Instant,
}

/// The removals of a sparse-space game that leave no heap, one, or two equal ones.
struct FewHeaps {
    /// Removals that may take the whole heap.
    whole: Vec<usize>,
    /// Removals that may leave one heap.
    single: Vec<usize>,
    /// Removals that may leave two equal heaps only.
    equal: Vec<usize>,
}

impl FewHeaps {
    fn options<T: NimValue>(&self, g: &[T], n: usize, mut found: impl FnMut(u32)) {
        if self.whole.contains(&n) {
            found(0);
        }
        for &s in self.single.iter().filter(|&&s| s < n) {
            found(g[n - s].get());
        }
        if self
            .equal
            .iter()
            .any(|&s| n >= s + 2 && (n - s).is_multiple_of(2))
        {
            found(0);
        }
    }
}

/// While no sparse mask is found, one is looked for every `SEARCH_EVERY` heaps from
/// `SEARCH_FROM`, not only at the checkpoints: a heap by the plain method costs far more than
/// a search.
const SEARCH_FROM: usize = 4096;
const SEARCH_EVERY: usize = 512;

/// Sequences at least this long get a helper thread for the batch pass: a shorter one is over
/// in a few milliseconds, in which starting a thread is a noticeable part.
const HELPED_FROM: usize = 1 << 15;

/// Heaps computed together by the sparse-space method.
const BATCH: usize = 64;
/// The smaller heaps of a split below this are paired heap by heap, those from it on in the
/// batch pass. Two batches' worth: a pass then reads only values from before the batch
/// ahead of it, so it can start a batch early, on the helper's core.
const LAG: usize = 2 * BATCH;
/// The smaller heaps `LAG..FRONT` of every split are examined in the batch, needed or not,
/// and `MIDDLE` more from a quarter of the split on. While many rare values lack a witness,
/// flagging the value of every pair in the batch is cheapest; the few left after it are
/// searched heap by heap, each pair tested against each of them ([`Mirror`]). Heaps near a
/// quarter witness more values than the smallest ones, whose values are small. Officers to
/// 10^6 was fastest with these (4.5 G cycles, against 4.6 to 4.9 G with 128 to 384 and 384
/// to 1024).
const FRONT: usize = 256;
const MIDDLE: usize = 768;
/// Pairs examined per stretch between checks of the needed values: a vectorised test of a
/// block against a needed value costs little more than the check.
const BLOCK: usize = 256;

/// Option values found so far for the heaps `start .. start + len`, one row of flags (length
/// `row`, the width) per heap. On creation the rows receive every pair whose heaps are
/// both below `start` and examined in the batch (see [`Cover`]); the pairs that involve a heap
/// of the batch itself are added heap by heap.
struct Batch {
    start: usize,
    len: usize,
    row: usize,
    flags: Vec<u8>,
    /// What the batch examined, per splitting removal.
    covers: Vec<Cover>,
}

impl Batch {
    fn holds(&self, n: usize) -> bool {
        (self.start..self.start + self.len).contains(&n)
    }

    fn row_mut(&mut self, n: usize) -> &mut [u8] {
        let i = (n - self.start) * self.row;
        &mut self.flags[i..i + self.row]
    }
}

/// The smaller heaps `a` that a batch examined for one splitting removal `s`: all with
/// `LAG <= a < limit` that are rare, and all in `LAG..front_end` and `middle`. With
/// `m0 = start - s`, `limit = ceil(m0 / 2)` (or `LAG` if larger, when nothing is examined),
/// so that `a < m - a` for every heap of the batch.
#[derive(Clone, Copy)]
struct Cover {
    limit: usize,
    front_end: usize,
    middle: (usize, usize),
}

impl Cover {
    fn new(m0: usize) -> Cover {
        let limit = m0.div_ceil(2).max(LAG);
        let front_end = FRONT.clamp(LAG, limit);
        let middle_start = (m0 / 4).clamp(front_end, limit);
        let middle_end = (middle_start + MIDDLE).min(limit);
        Cover {
            limit,
            front_end,
            middle: (middle_start, middle_end),
        }
    }
}

/// A stretch `next..end` of smaller heaps of the split of `m`, not yet examined.
struct Cursor {
    m: usize,
    next: usize,
    end: usize,
}

/// Flags `G(a) ^ G(m - a)` for every `a` in `small`. `flags` spans a power of two above
/// every value of `g`, so the mask keeps the index in range without changing it.
fn mark_pairs<T: NimValue>(flags: &mut [u8], g: &[T], m: usize, small: Range<usize>) {
    debug_assert!(flags.len().is_power_of_two() && small.end <= m + 1);
    let mask = flags.len() - 1;
    let large = &g[m + 1 - small.end..m + 1 - small.start];
    for (&x, &y) in g[small].iter().zip(large.iter().rev()) {
        flags[(x.get() ^ y.get()) as usize & mask] = 1;
    }
}

/// Flags `x ^ G(p + j)` in row `j` of `flags`, for every row and every `(x, p)` of
/// `sources`.
fn mark_windows<T: NimValue>(flags: &mut [u8], row: usize, g: &[T], sources: &[(u32, usize)]) {
    let rows = flags.len() / row;
    // Four sources per pass over the rows: the loop overhead is shared, and the four stores
    // are independent.
    let mut quads = sources.chunks_exact(4);
    for quad in &mut quads {
        let [(x0, p0), (x1, p1), (x2, p2), (x3, p3)] = [quad[0], quad[1], quad[2], quad[3]];
        let windows = g[p0..p0 + rows]
            .iter()
            .zip(&g[p1..p1 + rows])
            .zip(&g[p2..p2 + rows])
            .zip(&g[p3..p3 + rows]);
        for (flags, (((&y0, &y1), &y2), &y3)) in flags.chunks_exact_mut(row).zip(windows) {
            let mask = row - 1;
            flags[(x0 ^ y0.get()) as usize & mask] = 1;
            flags[(x1 ^ y1.get()) as usize & mask] = 1;
            flags[(x2 ^ y2.get()) as usize & mask] = 1;
            flags[(x3 ^ y3.get()) as usize & mask] = 1;
        }
    }
    for &(x, p) in quads.remainder() {
        for (flags, &y) in flags.chunks_exact_mut(row).zip(&g[p..p + rows]) {
            flags[(x ^ y.get()) as usize] = 1;
        }
    }
}

/// [`mark_windows`] from `G` in 16 bits, for rows of `ROW` flags. The rows are visited eight
/// at a time, all sources for each: each four values of a source take one 64-bit load and
/// one XOR (the source's value repeated in each 16-bit lane), every store is to one of eight
/// fixed rows with no bounds check, and the stores of all sources land in a few kilobytes.
/// Eight rows share a source's loads of its address and value (Officers to 10^6: 4.45 to
/// 4.36 G cycles; sixteen rows, 4.56 G, run out of registers).
///
/// The `ROWS` rows of `flags` are rows `first_row..first_row + ROWS` of the batch.
fn mark_windows_narrow<const ROW: usize, const ROWS: usize>(
    flags: &mut [u8],
    g: &[u16],
    sources: &[(u32, usize)],
    first_row: usize,
) {
    let (rows, _) = flags.as_chunks_mut::<ROW>();
    let rows: &mut [[u8; ROW]; ROWS] = rows.try_into().unwrap();
    let windows: Vec<(u64, &[u16; ROWS])> = sources
        .iter()
        .map(|&(x, p)| {
            let window = g[p + first_row..p + first_row + ROWS].try_into().unwrap();
            (u64::from(x) * 0x0001_0001_0001_0001, window)
        })
        .collect();
    for (q, rows) in rows.chunks_exact_mut(8).enumerate() {
        let [row0, row1, row2, row3, row4, row5, row6, row7]: &mut [[u8; ROW]; 8] =
            rows.try_into().unwrap();
        for &(repeated, window) in &windows {
            let octet: &[u16; 8] = window[8 * q..8 * q + 8].try_into().unwrap();
            let low = lanes(octet[..4].try_into().unwrap()) ^ repeated;
            let high = lanes(octet[4..].try_into().unwrap()) ^ repeated;
            row0[low as usize % ROW] = 1;
            row1[(low >> 16) as usize % ROW] = 1;
            row2[(low >> 32) as usize % ROW] = 1;
            row3[(low >> 48) as usize % ROW] = 1;
            row4[high as usize % ROW] = 1;
            row5[(high >> 16) as usize % ROW] = 1;
            row6[(high >> 32) as usize % ROW] = 1;
            row7[(high >> 48) as usize % ROW] = 1;
        }
    }
}

/// Four 16-bit values in one word, the first in the low lanes.
fn lanes(quad: &[u16; 4]) -> u64 {
    quad.iter()
        .rev()
        .fold(0u64, |lanes, &y| lanes << 16 | u64::from(y))
}

/// Flags the pairs of `sources` in the rows of a batch (see [`mark_windows`]), by the fastest
/// kernel the row length and the values allow.
fn mark_sources<T: NimValue>(
    flags: &mut [u8],
    row: usize,
    g: &[T],
    narrow: Option<&[u16]>,
    sources: &[(u32, usize)],
) {
    match (narrow, narrow_kernel(row)) {
        (Some(g16), Some(kernel)) => kernel(flags, g16, sources, 0),
        _ => mark_windows(flags, row, g, sources),
    }
}

/// Flags the sources `range` of `pass` in the rows of a batch ([`mark_sources`]), written out
/// into `chunk`.
fn mark_range<T: NimValue>(
    flags: &mut [u8],
    row: usize,
    g: &[T],
    narrow: Option<&[u16]>,
    pass: &Pass,
    range: Range<usize>,
    chunk: &mut Vec<(u32, usize)>,
) {
    pass.write(range, |a| g[a].get(), chunk);
    mark_sources(flags, row, g, narrow, chunk);
}

/// [`mark_windows_narrow`] over a whole batch with rows of `row` flags, if it serves them.
fn narrow_kernel(row: usize) -> Option<Kernel> {
    Some(match row {
        64 => mark_windows_narrow::<64, BATCH>,
        128 => mark_windows_narrow::<128, BATCH>,
        256 => mark_windows_narrow::<256, BATCH>,
        512 => mark_windows_narrow::<512, BATCH>,
        1024 => mark_windows_narrow::<1024, BATCH>,
        2048 => mark_windows_narrow::<2048, BATCH>,
        _ => return None,
    })
}

impl SparseSpace {
    fn new(rules: &HeapRules, n: usize) -> Option<SparseSpace> {
        let t = rules.max_removal()?;
        if rules.max_addition() > 0 || rules.max_heaps() != 2 {
            return None;
        }
        let mut engine = SparseSpace {
            few: FewHeaps {
                whole: Vec::new(),
                single: Vec::new(),
                equal: Vec::new(),
            },
            splits: Vec::new(),
            split_parity: None,
            mask: 0,
            domain: false,
            t0: 0,
            rare: Vec::new(),
            rare_values: Vec::new(),
            width: 1,
            counts: [vec![0], vec![0]],
            common_bits: [ClassBits::new(&[], 0), ClassBits::new(&[], 0)],
            uncommon_bits: [ClassBits::new(&[], 0), ClassBits::new(&[], 0)],
            seen: Bits::new(),
            batch: Batch {
                start: 0,
                len: 0,
                row: 0,
                flags: Vec::new(),
                covers: Vec::new(),
            },
            need: Vec::new(),
            cursors: Vec::new(),
            mirror: Some(Mirror::new(n)),
            helper: None,
            ahead: None,
            rare_pairs: None,
            chunk: Vec::new(),
            generation: 0,
        };
        for s in 0..=t.min(n) {
            let digit = rules.digit(s);
            if digit.allows(0) && s > 0 {
                engine.few.whole.push(s);
            }
            if digit.allows(1) && s > 0 {
                engine.few.single.push(s);
            }
            if digit.allows(2) {
                match PairKind::of(digit) {
                    PairKind::Equal => engine.few.equal.push(s),
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
        if n >= HELPED_FROM {
            engine.helper = RowHelper::start();
        }
        Some(engine)
    }

    fn set_width(&mut self, width: u32) {
        self.width = width;
        for c in &mut self.counts {
            c.resize(width as usize, 0);
        }
        self.seen = Bits::with_capacity(2 * width as usize);
        self.update_common();
    }

    /// Rebuilds the value classes for the current mask and width; the batch, filled for the
    /// old ones, is dropped.
    fn update_common(&mut self) {
        for sigma in 0..2 {
            let (common, rare): (Vec<u32>, Vec<u32>) = (0..2 * self.width)
                .partition(|&v| ((v & self.mask).count_ones() as usize & 1) != sigma);
            self.common_bits[sigma] = ClassBits::new(&common, 2 * self.width);
            self.uncommon_bits[sigma] = ClassBits::new(&rare, 2 * self.width);
        }
        self.batch.len = 0;
        self.generation += 1;
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

    /// G(n) by the plain method: every pair.
    fn mex_of_all<T: NimValue>(&mut self, g: &[T], n: usize) -> u32 {
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        self.few.options(g, n, |v| seen.insert(v));
        for &(s, kind) in &self.splits {
            if n >= s + 2 {
                insert_pairs(g, n - s, kind, &mut seen);
            }
        }
        let value = seen.mex();
        self.seen = seen;
        value
    }

    /// Fills a batch from `start` (`g = G(0..start)`) with the pairs of [`Cover`]: from the
    /// pass begun a batch ago if there is one for it, else here and now. Then begins the next
    /// batch's pass.
    fn start_batch<T: NimValue>(&mut self, g: &[T], start: usize) {
        self.sync_mirror(g);
        let row = self.width as usize;
        let narrow = self.mirror.as_ref().and(T::halves(g));
        self.batch.start = start;
        self.batch.len = BATCH;
        self.batch.row = row;
        self.batch.covers.clear();
        for &(s, _) in &self.splits {
            self.batch.covers.push(Cover::new(start.saturating_sub(s)));
        }
        // The next batch's pairs, described while the helper may still be flagging this one's.
        let next = self
            .pass_for_helper(g)
            .map(|kernel| (kernel, self.pass(start + BATCH)));
        let ahead = self.ahead.take();
        let wanted = |a: &Ahead| (a.start, a.row, a.generation) == (start, row, self.generation);
        match ahead {
            Some(ahead) if wanted(&ahead) => self.receive_ahead(ahead, g, narrow),
            stale => {
                if let (Some(helper), Some(stale)) = (&mut self.helper, stale) {
                    // A pass for a batch that will not come: its chunks are claimed here
                    // and left unflagged, so the helper stops at the one it is on.
                    helper.finish(&mut [], &stale.sources, Duration::ZERO, |_, _| {});
                }
                let pass = self.pass(start);
                let flags = &mut self.batch.flags;
                flags.clear();
                flags.resize(BATCH * row, 0);
                // The pairs of every split in one pass: a pair's row and value do not
                // depend on it.
                let chunk = &mut self.chunk;
                mark_range(flags, row, g, narrow, &pass, 0..pass.len(), chunk);
            }
        }
        if let Some((kernel, pass)) = next {
            self.post_ahead(g, start + BATCH, kernel, pass);
        }
    }

    /// The pairs a batch from `start` examines (see [`Cover`]). They read only values below
    /// `start - LAG + BATCH`.
    fn pass(&mut self, start: usize) -> Pass {
        let mut pass = Pass::new(self.rare_pairs());
        for &(s, _) in &self.splits {
            let m0 = start.saturating_sub(s);
            let cover = Cover::new(m0);
            let (middle_start, middle_end) = cover.middle;
            pass.add_heaps(LAG..cover.front_end, m0);
            pass.add_heaps(middle_start..middle_end, m0);
            // The rare heaps from LAG up to the limit not among those: a sorted list, so
            // the ones before the middle and the ones after it.
            let place = |heap: usize| self.rare.partition_point(|&r| (r as usize) < heap);
            pass.add_rare(place(cover.front_end)..place(middle_start), m0);
            pass.add_rare(place(middle_end)..place(cover.limit), m0);
        }
        pass
    }

    /// The rare heaps and their values, shared by the passes made while they stay the same.
    fn rare_pairs(&mut self) -> RarePairs {
        let made_for = (self.generation, self.rare.len());
        match &self.rare_pairs {
            Some((key, pairs)) if *key == made_for => pairs.clone(),
            _ => {
                let pairs: RarePairs = self
                    .rare
                    .iter()
                    .zip(&self.rare_values)
                    .map(|(&r, &x)| (r, x))
                    .collect();
                self.rare_pairs = Some((made_for, pairs.clone()));
                pairs
            }
        }
    }

    /// The kernel for a pass handed to the helper, if there is a helper and a kernel for
    /// the rows and values.
    fn pass_for_helper<T: NimValue>(&self, g: &[T]) -> Option<Kernel> {
        let usable = self.helper.is_some() && self.mirror.is_some() && T::halves(g).is_some();
        narrow_kernel(self.width as usize).filter(|_| usable)
    }

    /// Hands `pass`, of the batch from `start` (`g = G(0..start - BATCH)`), to the helper:
    /// it flags its pairs while this thread values the current batch, and this thread flags
    /// those it has not reached when the batch starts.
    fn post_ahead<T: NimValue>(&mut self, g: &[T], start: usize, kernel: Kernel, pass: Pass) {
        let (Some(helper), Some(g16)) = (self.helper.as_mut(), T::halves(g)) else {
            return;
        };
        let row = self.width as usize;
        let sources: Sources = Arc::new(pass);
        if helper.post(kernel, g16, &sources, BATCH * row) {
            self.ahead = Some(Ahead {
                start,
                row,
                generation: self.generation,
                sources,
                posted: Instant::now(),
            });
        }
    }

    /// Takes the pass handed over a batch ago as the current batch's: the helper's rows, and
    /// here the pairs it has not reached.
    fn receive_ahead<T: NimValue>(&mut self, ahead: Ahead, g: &[T], narrow: Option<&[u16]>) {
        let flags = &mut self.batch.flags;
        flags.clear();
        flags.resize(BATCH * ahead.row, 0);
        let chunk = &mut self.chunk;
        let mark = |flags: &mut [u8], range: Range<usize>| {
            mark_range(flags, ahead.row, g, narrow, &ahead.sources, range, chunk)
        };
        match &mut self.helper {
            // The helper had the time of a whole batch: it is late only when it lost its
            // core, and then waiting as long again is the most worth spending.
            Some(helper) => helper.finish(flags, &ahead.sources, ahead.posted.elapsed(), mark),
            None => {
                let all = 0..ahead.sources.len();
                mark_range(flags, ahead.row, g, narrow, &ahead.sources, all, chunk)
            }
        }
    }

    /// Flags the option values of `n` that its batch left out: the pairs with a smaller heap
    /// below [`LAG`] and those with a rare heap at or above the cover's limit.
    fn mark_rest<T: NimValue>(&mut self, g: &[T], n: usize) {
        let batch = &mut self.batch;
        let i = (n - batch.start) * batch.row;
        let flags = &mut batch.flags[i..i + batch.row];
        self.few.options(g, n, |v| flags[v as usize] = 1);
        for (&(s, kind), cover) in self.splits.iter().zip(&batch.covers) {
            if n < s + 2 {
                continue;
            }
            let m = n - s;
            mark_pairs(flags, g, m, 1..kind.largest_smaller(m).min(LAG - 1) + 1);
            let from = self.rare.partition_point(|&r| (r as usize) < cover.limit);
            for (&r, &x) in self.rare[from..].iter().zip(&self.rare_values[from..]) {
                let r = r as usize;
                if r >= m {
                    break;
                }
                if kind == PairKind::Any || 2 * r != m {
                    flags[(x ^ g[m - r].get()) as usize] = 1;
                }
            }
        }
    }

    /// Brings the mirror up to date; drops it for good once the values need more than 16
    /// bits.
    fn sync_mirror<T: NimValue>(&mut self, g: &[T]) {
        let synced = match (&mut self.mirror, T::halves(g)) {
            (Some(mirror), Some(g16)) => mirror.sync(g16),
            _ => false,
        };
        if !synced {
            self.mirror = None;
        }
    }

    /// G(n) by the sparse-space method.
    fn sparse_mex<T: NimValue>(&mut self, g: &[T], n: usize) -> u32 {
        if !self.batch.holds(n) {
            self.start_batch(g, n);
        }
        self.mark_rest(g, n);
        let sigma = self.sigma(n);
        let flags = self.batch.row_mut(n);
        // Every common-for-n option value is flagged now: the least common value not flagged
        // is G(n) unless a rare value below it has no witness.
        self.need.clear();
        let least_common = least_unflagged(
            flags,
            &self.common_bits[sigma],
            &self.uncommon_bits[sigma],
            &mut self.need,
        );
        if self.need.is_empty() || self.search_needed(g, n) {
            least_common
        } else {
            self.need[0]
        }
    }

    /// Examines the pairs of `n` that its batch did not, a block at a time from each stretch
    /// in turn, until every needed value has a witness (true) or every pair has been examined.
    fn search_needed<T: NimValue>(&mut self, g: &[T], n: usize) -> bool {
        self.cursors.clear();
        for (&(s, kind), cover) in self.splits.iter().zip(&self.batch.covers) {
            if n < s + 2 {
                continue;
            }
            let m = n - s;
            let end = kind.largest_smaller(m) + 1;
            let (middle_start, middle_end) = cover.middle;
            self.cursors.push(Cursor {
                m,
                next: cover.front_end,
                end: middle_start.min(end),
            });
            self.cursors.push(Cursor {
                m,
                next: middle_end,
                end,
            });
        }
        self.sync_mirror(g);
        let start = self.batch.start;
        let row = self.batch.row;
        let i = (n - start) * row;
        let flags = &mut self.batch.flags[i..i + row];
        loop {
            let mut examined = false;
            for cursor in &mut self.cursors {
                let stop = (cursor.next + BLOCK).min(cursor.end);
                if cursor.next < stop {
                    let small = cursor.next..stop;
                    // Few values are needed by now: testing the pairs against each of them, a
                    // vector of pairs at a time, beats flagging every pair's value.
                    if let (Some(mirror), Some(g16)) = (&self.mirror, T::halves(g)) {
                        mirror.strike_pair_values(g16, cursor.m, small, &mut self.need);
                    } else {
                        mark_pairs(flags, g, cursor.m, small);
                        self.need.retain(|&v| flags.get(v as usize) != Some(&1));
                    }
                    examined = true;
                    cursor.next = stop;
                }
            }
            if self.need.is_empty() {
                return true;
            }
            if !examined {
                return false;
            }
        }
    }
}

impl Engine for SparseSpace {
    fn next(&mut self, g: NimSlice<'_>, n: usize) -> u32 {
        dispatch!(self, g, n)
    }

    fn revises_at(&self, n: usize) -> bool {
        self.mask == 0 && n >= SEARCH_FROM && n.is_multiple_of(SEARCH_EVERY)
    }

    fn checkpoint(&mut self, g: NimSlice<'_>) {
        self.choose_mask(g);
    }
}

impl SparseSpace {
    /// G(n), and the bookkeeping of the classes for the next heaps.
    fn value<T: NimValue>(&mut self, g: &[T], n: usize) -> u32 {
        let value = if self.mask == 0 {
            self.mex_of_all(g, n)
        } else {
            self.sparse_mex(g, n)
        };
        if value >= self.width {
            self.set_width((value + 1).next_power_of_two());
        }
        let class = (n + self.t0) & 1;
        self.counts[class][value as usize] += 1;
        if self.mask != 0 && self.is_rare(n, value) {
            self.rare.push(n as u32);
            self.rare_values.push(value);
        }
        value
    }

    /// Chooses the mask (and type) with the fewest rare heaps so far, by the Walsh–Hadamard
    /// transform of the value counts: for a mask `m`, `sum_v c[v] (-1)^popcount(v & m)` is the
    /// number of heaps with even parity under `m` minus those with odd parity.
    fn choose_mask(&mut self, g: NimSlice<'_>) {
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
            self.rare_values.clear();
            if mask != 0 {
                for (a, v) in g.iter().enumerate().skip(1) {
                    if self.is_rare(a, v) {
                        self.rare.push(a as u32);
                        self.rare_values.push(v);
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
                        let v = engine.next(NimSlice::Words(&g), n);
                        g.push(v);
                    }
                    assert!(g == naive, "{text}, mask {mask:b}, domain {domain}");
                }
            }
        }
    }

    #[test]
    fn wide_values_take_the_scalar_kernels() {
        // Values above 16 bits cannot be mirrored: the batch and the searches then read `g`.
        // Officers to 20000 (sparse from 12288, values to 512) and the codes sparse by 4096.
        for (text, n) in [("0.6", 20_000), ("0.054", 6000), ("0.127", 6000)] {
            let rules = code(text);
            let mut engine = SparseSpace::new(&rules, n).unwrap();
            engine.mirror = None;
            let mut g = vec![0];
            for k in 1..=n {
                if is_checkpoint(k) {
                    engine.checkpoint(NimSlice::Words(&g));
                }
                let v = engine.next(NimSlice::Words(&g), k);
                g.push(v);
            }
            assert!(engine.mask != 0, "{text} never left the plain method");
            let expected = nim_sequence_with(&rules, n, Method::SparseSpace, &mut |_| {});
            assert!(g == expected, "{text}");
        }
    }

    #[test]
    fn passes_begun_a_batch_ahead_are_exact() {
        // Short sequences get no helper thread; here one is forced, so that passes are begun
        // a batch early and shared, across changes of width and mask (stale passes dropped).
        for (text, n) in [
            ("0.6", 20_000),
            ("0.77", 6000),
            ("0.054", 6000),
            ("4!.0", 6000),
        ] {
            let rules = code(text);
            let mut engine = SparseSpace::new(&rules, n).unwrap();
            engine.helper = RowHelper::start();
            let mut g = NimValues::halves_with_capacity(n + 1);
            g.push(0);
            for k in 1..=n {
                if is_checkpoint(k) {
                    engine.checkpoint(g.slice());
                }
                let v = engine.next(g.slice(), k);
                g.push(v);
            }
            let expected = nim_sequence_with(&rules, n, Method::Plain, &mut |_| {});
            assert!(g.to_vec() == expected, "{text}");
        }
    }

    #[test]
    fn proof_attempts_grow_geometrically() {
        let mut last = 0;
        let mut attempts = Vec::new();
        for k in (1..=100_000_000).filter(|&k| is_checkpoint(k)) {
            if is_proof_attempt(k, last) {
                last = k;
                attempts.push(k);
            }
        }
        // Every checkpoint while they are at least an eighth apart, among them each power of two.
        let early: Vec<usize> = (1..=1 << 19).filter(|&k| is_checkpoint(k)).collect();
        assert_eq!(attempts[..early.len()], early[..]);
        // Past that, the periods looked at add up to at most 9 times the last heap, not the
        // 1526 checkpoints' 7.6 * 10^10.
        let periods: usize = attempts.iter().map(|k| k / 2).sum();
        assert!(periods <= 9 * 100_000_000 / 2, "{periods}");
        assert!(attempts.windows(2).all(|w| w[1] - w[0] >= w[0] / 8));
    }

    #[test]
    fn progress_is_reported() {
        let mut calls = Vec::new();
        nim_sequence(&code("0.6"), 10_000, &mut |k| calls.push(k));
        assert_eq!(calls, [4096, 8192, 10_000]);
    }
}
