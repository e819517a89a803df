//! The stops of every interned game, kept beside it as floating-point numbers, so that most
//! comparisons are settled without looking at options.
//!
//! Stops bound the order (Siegel, *Combinatorial Game Theory* (2013), II.5; the confusion
//! interval of *Lessons in Play*, ch. 6):
//! - G <= H implies L(G) <= L(H) and R(G) <= R(H), so either inequality failing refutes G <= H;
//! - every number x > L(G) is greater than G and every number x < R(H) is less than H, so
//!   L(G) < R(H) gives G < x < H for a dyadic x between them.
//!
//! A stop is a dyadic rational; it is held as an `f64` only when that is exact (a numerator of
//! at most 53 bits and a small exponent), and as NaN otherwise. Every comparison with NaN is
//! false, so an inexact stop never settles anything: the comparison then looks at options.

use super::game::Game;
use crate::core::numbers::dyadic::Dyadic;

/// The Left and Right stops of a game, each exact or NaN.
#[derive(Clone, Copy, Debug)]
pub(crate) struct QuickStops {
    pub left: f64,
    pub right: f64,
}

impl QuickStops {
    /// Both stops of a number, or of a number plus an infinitesimal.
    pub fn of_number(x: &Dyadic) -> QuickStops {
        let x = exact_f64(x);
        QuickStops { left: x, right: x }
    }

    /// The stops of an inline number-up-star value (its number part), or `None` for a handle
    /// into the arena.
    pub fn of_small(g: Game) -> Option<QuickStops> {
        let s = g.small()?;
        // An i32 numerator over 2^exponent (exponent < 64) is exact in an f64; the power of
        // two is a shift, not a call of `exp2` (0.5% of Amazons 4x4 went to that call).
        let x = s.numerator as f64 / (1u64 << s.exponent) as f64;
        Some(QuickStops { left: x, right: x })
    }

    /// The stops of a game that is not a number, from its options' stops: Left moves to the
    /// option with the largest Right stop, Right to the one with the smallest Left stop
    /// (Siegel, CGT, Def. II.5.2). NaN if a side is empty or any stop involved is NaN.
    pub fn of_options(
        left: impl Iterator<Item = QuickStops>,
        right: impl Iterator<Item = QuickStops>,
    ) -> QuickStops {
        QuickStops {
            left: extreme(left.map(|s| s.right), |a, b| a > b),
            right: extreme(right.map(|s| s.left), |a, b| a < b),
        }
    }

    /// G <= H when the stops alone decide it, else `None`.
    pub fn leq(self, h: QuickStops) -> Option<bool> {
        if self.left > h.left || self.right > h.right {
            return Some(false);
        }
        if self.left < h.right {
            return Some(true);
        }
        None
    }
}

/// The value of `x` as an f64 if it is exactly representable, NaN otherwise.
fn exact_f64(x: &Dyadic) -> f64 {
    if x.numerator().bits() > 53 || x.exponent() > 1000 {
        return f64::NAN;
    }
    x.to_f64()
}

/// The best value by `better`, or NaN if there is none or any is NaN.
fn extreme(values: impl Iterator<Item = f64>, better: impl Fn(f64, f64) -> bool) -> f64 {
    let mut best: Option<f64> = None;
    for v in values {
        if v.is_nan() {
            return f64::NAN;
        }
        if best.is_none_or(|b| better(v, b)) {
            best = Some(v);
        }
    }
    best.unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::numbers::integer::Integer;

    #[test]
    fn only_exact_stops_are_kept() {
        let x = Dyadic::new(Integer::from(-7), 3);
        assert_eq!(QuickStops::of_number(&x).left, -0.875);
        let wide = Dyadic::new(Integer::from(1i64 << 60) + Integer::one(), 0);
        assert!(QuickStops::of_number(&wide).left.is_nan());
    }

    #[test]
    fn undecided_when_stops_overlap_or_are_unknown() {
        let s = |left, right| QuickStops { left, right };
        // {1 | -1} against 0: L(G) = 1 > 0 = L(0).
        assert_eq!(s(1.0, -1.0).leq(s(0.0, 0.0)), Some(false));
        // 0 against {1 | -1}: R(0) = 0 > -1.
        assert_eq!(s(0.0, 0.0).leq(s(1.0, -1.0)), Some(false));
        // 0 against ^: equal stops, so only the options can tell.
        assert_eq!(s(0.0, 0.0).leq(s(0.0, 0.0)), None);
        // {1/2 | 0} < 1 < {3 | 2}.
        assert_eq!(s(0.5, 0.0).leq(s(3.0, 2.0)), Some(true));
        assert_eq!(s(f64::NAN, 0.0).leq(s(3.0, 2.0)), None);
    }
}
