//! Periodicity and arithmetic periodicity of sequences of values.
//!
//! A sequence `v(0), v(1), ...` is *periodic* with period `p` and preperiod `q` when
//! `v(n + p) = v(n)` for every `n >= q`, and *arithmetic-periodic* with saltus `s` when
//! `v(n + p) = v(n) + s` for every `n >= q` (Winning Ways, ch. 4, "Arithmetic periodicity";
//! Siegel, *Combinatorial Game Theory*, §IV.2). The saltus is an integer for nim-sequences read as
//! integers (subtraction games with infinite sets, `allbut` games) and a game for sequences of
//! canonical forms (Mesdal, *Partizan Splittles*, Theorems 2 and 3: saltus `{k-1|0}` and `^[2]`).
//!
//! Among the periods accepted by a criterion these functions report the smallest period and,
//! for it, the smallest preperiod.

use std::fmt;

use crate::core::{Game, Integer};

use super::code::HeapRules;

/// The constant difference `v(n + p) - v(n)` of an arithmetic-periodic sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saltus {
    /// An integer (0 for an ordinary periodic sequence).
    Integer(Integer),
    /// A game.
    Game(Game),
}

impl Saltus {
    /// The saltus of an ordinary periodic sequence.
    pub fn zero() -> Saltus {
        Saltus::Integer(Integer::zero())
    }

    pub fn is_zero(&self) -> bool {
        match self {
            Saltus::Integer(i) => i.is_zero(),
            Saltus::Game(g) => g.is_zero(),
        }
    }
}

impl fmt::Display for Saltus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Saltus::Integer(i) => write!(f, "{i}"),
            Saltus::Game(g) => write!(f, "{g}"),
        }
    }
}

/// The periodicity found in a sequence: `v(n + period) = v(n) + saltus` for `n >= preperiod`.
/// Printed as CGSuite prints it (NOTATION.md):
///
/// ```
/// use cg::core::heap::{Periodicity, Saltus};
/// let p = Periodicity { period: 12, preperiod: 71, saltus: Saltus::zero() };
/// assert_eq!(p.to_string(), "Periodicity(Period => 12, Preperiod => 71, Saltus => 0)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    pub period: usize,
    pub preperiod: usize,
    pub saltus: Saltus,
}

impl fmt::Display for Periodicity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Periodicity(Period => {}, Preperiod => {}, Saltus => {})",
            self.period, self.preperiod, self.saltus
        )
    }
}

/// For p = 1, 2, ..., max_period: `least_preperiod(p)` is the least q such that the relation
/// holds for all q <= n < len - p; returns the first (p, q) that `accept` takes.
fn search(
    max_period: usize,
    accept: impl Fn(usize, usize) -> bool,
    mut least_preperiod: impl FnMut(usize) -> usize,
) -> Option<(usize, usize)> {
    (1..=max_period).find_map(|p| {
        let q = least_preperiod(p);
        accept(p, q).then_some((p, q))
    })
}

/// The least q with `v(n + p) == v(n)` for all q <= n < len - p.
fn plain_preperiod<T: PartialEq>(values: &[T], p: usize) -> usize {
    let mut q = values.len() - p;
    while q > 0 && values[q - 1 + p] == values[q - 1] {
        q -= 1;
    }
    q
}

/// Ordinary periodicity, seen at least `min_periods` times: the smallest period `p`, then the
/// smallest preperiod `q`, with `v(n + p) = v(n)` for `q <= n < len - p` and
/// `q + min_periods * p <= len` (so with `min_periods = 2` the repeating block has been seen
/// twice in full) and `2q <= len` (the preperiod is at most half the sequence, so that a short
/// period in the last stretch of a sequence is not mistaken for its periodicity: a few equal
/// values at the end would otherwise be "period 1"). This is evidence, not a proof; see
/// [`nim_periodicity`] for proofs.
///
/// ```
/// use cg::core::heap::periodicity;
/// let p = periodicity(&[5, 0, 1, 2, 0, 1, 2, 0, 1], 2).unwrap();
/// assert_eq!((p.period, p.preperiod), (3, 1));
/// assert!(periodicity(&[0, 1, 2, 3], 2).is_none());
/// ```
pub fn periodicity<T: PartialEq>(values: &[T], min_periods: usize) -> Option<Periodicity> {
    let len = values.len();
    let m = min_periods.max(1);
    let (period, preperiod) = search(
        (len / m).min(len.saturating_sub(1)),
        |p, q| q + m * p <= len && 2 * q <= len,
        |p| plain_preperiod(values, p),
    )?;
    Some(Periodicity {
        period,
        preperiod,
        saltus: Saltus::zero(),
    })
}

/// Arithmetic periodicity of an integer sequence (saltus an integer, possibly 0). The saltus is
/// read off the sequence, so it costs one period of evidence: accepted when
/// `q + (min_periods + 1) * p <= len`, i.e. the differences `v(n + p) - v(n)` have been seen
/// constant over `min_periods` full periods, and `2q <= len` as for [`periodicity`].
///
/// ```
/// use cg::core::{heap::arithmetic_periodicity, Integer};
/// let v: Vec<Integer> = [0, 0, 1, 1, 2, 2, 3].into_iter().map(Integer::from).collect();
/// let p = arithmetic_periodicity(&v, 2).unwrap();
/// assert_eq!(p.to_string(), "Periodicity(Period => 2, Preperiod => 0, Saltus => 1)");
/// ```
pub fn arithmetic_periodicity(values: &[Integer], min_periods: usize) -> Option<Periodicity> {
    let diff = |n: usize, p: usize| &values[n + p] - &values[n];
    let (period, preperiod, saltus) = arithmetic(values.len(), min_periods, diff)?;
    Some(Periodicity {
        period,
        preperiod,
        saltus: Saltus::Integer(saltus),
    })
}

/// Arithmetic periodicity of a sequence of games, `G(n + p) = G(n) + S` for a game `S`, with the
/// criterion of [`arithmetic_periodicity`]: `q + (min_periods + 1) * p <= len` and `2q <= len`.
/// Mesdal, *Partizan Splittles*, Theorem 2: for {1} vs {k} the period is `k` and the saltus
/// `{k-1|0}`.
///
/// ```
/// use cg::core::heap::{game_periodicity, PartizanHeapRules};
/// let rules = PartizanHeapRules::splittles("{1}".parse().unwrap(), "{3}".parse().unwrap());
/// let g = rules.canonical_forms(20, &mut |_| {});
/// assert_eq!(
///     game_periodicity(&g, 2).unwrap().to_string(),
///     "Periodicity(Period => 3, Preperiod => 0, Saltus => {2|0})"
/// );
/// ```
pub fn game_periodicity(values: &[Game], min_periods: usize) -> Option<Periodicity> {
    let diff = |n: usize, p: usize| values[n + p] - values[n];
    let (period, preperiod, saltus) = arithmetic(values.len(), min_periods, diff)?;
    Some(Periodicity {
        period,
        preperiod,
        saltus: Saltus::Game(saltus),
    })
}

/// The arithmetic periodicity `(period, preperiod, saltus)` of a sequence of length `len` whose
/// differences are `diff(n, p) = v(n + p) - v(n)`, by the criterion of
/// [`arithmetic_periodicity`].
fn arithmetic<D: PartialEq>(
    len: usize,
    min_periods: usize,
    diff: impl Fn(usize, usize) -> D,
) -> Option<(usize, usize, D)> {
    let m = min_periods.max(1);
    let (period, preperiod) = search(
        (len / (m + 1)).min(len.saturating_sub(1)),
        |p, q| q + (m + 1) * p <= len && 2 * q <= len,
        |p| {
            let saltus = diff(len - 1 - p, p);
            let mut q = len - 1 - p;
            while q > 0 && diff(q - 1, p) == saltus {
                q -= 1;
            }
            q
        },
    )?;
    Some((period, preperiod, diff(len - 1 - period, period)))
}

/// Proven periodicity of a nim-sequence `G(0..len)` of a heap game whose moves remove at most
/// `max_removal = t` tokens and leave at most `max_heaps = k` heaps, with no constraint on the
/// heaps left and no tokens added. The periodicity theorem (Guy and Smith 1956; Winning Ways,
/// ch. 4; Siegel, CGT, Thm. IV.2.6) for `k = 2`: if `G(n + p) = G(n)` for `q <= n < 2q + p + t`,
/// then for all `n >= q`. In general the largest heap an option of `n + p` leaves has at least
/// `(n + p - t) / k` tokens, and the same induction needs `G(n + p) = G(n)` for
/// `q <= n < kq + (k - 1)p + t` (and `n < q + t`), that is, the values up to index
/// `k(q + p) + t - 1`: the check accepts `(p, q)` when `len >= k(q + p) + t` (`len >= 2q + 2p + t`
/// for octal games, `q + p + t` for subtraction games), with `q` read as 1 when it is 0 (the
/// induction must not map a heap onto the empty heap). Returns the smallest such period, then
/// the smallest preperiod.
pub fn proven_nim_period<T: PartialEq>(
    values: &[T],
    max_heaps: usize,
    max_removal: usize,
) -> Option<(usize, usize)> {
    let len = values.len();
    let k = max_heaps.max(1);
    let room = len.checked_sub(max_removal)?;
    // A heap of size 0 is no heap: the induction starts at max(q, 1) (with q = 0, removing
    // t tokens from the heap t leaves nothing, but from t + p it leaves a heap).
    let accept = |p: usize, q: usize| k * (q.max(1) + p) + max_removal <= len;
    search((room / k).min(len.saturating_sub(1)), accept, |p| {
        plain_preperiod(values, p)
    })
}

/// The periodicity of the nim-sequence `values = G(0), G(1), ...` of `rules`, when the
/// periodicity theorem proves it (see [`proven_nim_period`]): only for rules with finitely
/// many removals and no constraint on the heaps left (`!`, `?`, `=` break the theorem's
/// induction), and never for additive codes. `None` otherwise, and when no period is proven yet.
///
/// ```
/// use cg::core::heap::{nim_sequence, nim_periodicity, HeapRules};
/// let kayles = HeapRules::TakeBreak("0.77".parse().unwrap());
/// let g = nim_sequence(&kayles, 200, &mut |_| {});
/// let p = nim_periodicity(&kayles, &g).unwrap();
/// assert_eq!(p.to_string(), "Periodicity(Period => 12, Preperiod => 71, Saltus => 0)");
/// ```
pub fn nim_periodicity<T: PartialEq>(rules: &HeapRules, values: &[T]) -> Option<Periodicity> {
    let (heaps, t) = proof_parameters(rules)?;
    let (period, preperiod) = proven_nim_period(values, heaps, t)?;
    Some(Periodicity {
        period,
        preperiod,
        saltus: Saltus::zero(),
    })
}

/// `(max heaps, max removal)` of rules to which the periodicity theorem applies: finitely many
/// removals, no constraint on the heaps left, no tokens added.
pub(crate) fn proof_parameters(rules: &HeapRules) -> Option<(usize, usize)> {
    let t = rules.max_removal()?;
    let k = rules.max_heaps();
    // A digit `{k+}` leaves any number of heaps: the theorem's bound needs a largest.
    (!rules.is_constrained() && rules.max_addition() == 0 && k != usize::MAX).then_some((k, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smallest_period_then_preperiod() {
        let v = [9, 9, 1, 2, 1, 2, 1, 2, 1, 2];
        let p = periodicity(&v, 2).unwrap();
        assert_eq!((p.period, p.preperiod), (2, 2));
        // Constant sequences have period 1.
        let p = periodicity(&[4, 4, 4], 2).unwrap();
        assert_eq!((p.period, p.preperiod), (1, 0));
        assert!(periodicity::<u32>(&[], 2).is_none());
        assert!(periodicity(&[1], 2).is_none());
        // Seen once only.
        assert!(periodicity(&[0, 1, 2, 0, 1], 2).is_none());
    }

    #[test]
    fn proofs_need_enough_values() {
        // Period 1 from 0 for a subtraction game with t = 1 (k = 1): len >= (1 + 1) + 1, the
        // preperiod 0 counting as 1.
        assert_eq!(proven_nim_period(&[0, 0, 0], 1, 1), Some((1, 0)));
        assert_eq!(proven_nim_period(&[0, 0], 1, 1), None);
        // Octal (k = 2), t = 2: period 2 from 0 needs len >= 2 * (1 + 2) + 2 = 8.
        let v = [0, 1, 0, 1, 0, 1, 0, 1];
        assert_eq!(proven_nim_period(&v, 2, 2), Some((2, 0)));
        assert_eq!(proven_nim_period(&v[..7], 2, 2), None);
        // Preperiod 3, period 2: 2 * (3 + 2) + 2 = 12.
        let w = [5, 5, 5, 0, 1, 0, 1, 0, 1, 0, 1, 0];
        assert_eq!(proven_nim_period(&w, 2, 2), Some((2, 3)));
        assert_eq!(proven_nim_period(&w[..11], 2, 2), None);
    }

    #[test]
    fn arithmetic() {
        let v: Vec<Integer> = [3, 0, 2, 1, 3, 2, 4, 3, 5]
            .into_iter()
            .map(Integer::from)
            .collect();
        let p = arithmetic_periodicity(&v, 2).unwrap();
        assert_eq!((p.period, p.preperiod), (2, 1));
        assert_eq!(p.saltus, Saltus::Integer(Integer::from(1)));
    }
}
