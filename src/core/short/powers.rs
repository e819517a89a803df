//! Powers of a game to a number exponent, as CGSuite defines them (`Pow`, `PowTo`): the integer
//! powers G^n and G^→n of G = {0 | H} (see `Store::powers`) extended to every dyadic exponent
//! through the ordinal sum.
//!
//! For an integer n >= 1, G^→n = G^1 + ... + G^n equals the ordinal sum G : (n - 1), and
//! G^(n+1) = {0 | H - G^→n}. CGSuite takes these two identities as the definitions for a
//! dyadic exponent x: G^→x = G : blowup(x) and G^x = {0 | H - G^→(x - 1)}, where `blowup` maps
//! the positive dyadics onto the dyadics in order, integers n to n - 1 and every other x to the
//! simplest number between the images of its two options (so blowup(1/2) = -1,
//! blowup(3/4) = -1/2, blowup(3/2) = 1/2, blowup(7/4) = 3/4).

use std::collections::HashMap;

use crate::core::{Dyadic, Game, Integer};

use super::store::{with_store, Side};

/// Exponents whose blowup is born later than this are refused: G : y costs one canonical form
/// per follower of y, and y's birthday bounds the recursion depth.
pub const MAX_EXPONENT_BIRTHDAY: u32 = 10_000;

/// Why a power is not defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PowerError {
    /// The exponent (or, for `pow`, the exponent minus 1) is negative.
    NegativeExponent,
    /// `pow` needs a base of the form {0 | H}.
    BaseNotZeroH,
    /// The exponent is too large or too fine to expand (see [`MAX_EXPONENT_BIRTHDAY`]).
    ExponentTooLarge,
}

/// CGSuite's blowup of a positive dyadic x: x - 1 for an integer; for any other x with options
/// x^L < x < x^R (x^L = x - 2^-k, x^R = x + 2^-k), the simplest number strictly between
/// blowup(x^L) and blowup(x^R), with no lower bound when x^L = 0. `None` for x <= 0.
///
/// ```
/// use cg::core::short::powers::blowup;
/// use cg::core::Dyadic;
/// let d = |n: i64, k: u32| Dyadic::new(n.into(), k);
/// assert_eq!(blowup(&d(3, 0)), Some(d(2, 0)));
/// assert_eq!(blowup(&d(1, 2)), Some(d(-2, 0)));
/// assert_eq!(blowup(&d(7, 2)), Some(d(3, 2)));
/// assert_eq!(blowup(&d(0, 0)), None);
/// ```
pub fn blowup(x: &Dyadic) -> Option<Dyadic> {
    if !x.is_positive() {
        return None;
    }
    blowup_memo(x, &mut HashMap::new())
}

/// The recursion of [`blowup`]: the options of m/2^k have smaller denominators, and at each
/// denominator only two or three arguments occur, so the memo keeps the work linear in k.
fn blowup_memo(x: &Dyadic, memo: &mut HashMap<Dyadic, Dyadic>) -> Option<Dyadic> {
    if x.is_integer() {
        return Some(x - &Dyadic::from_integer(Integer::one()));
    }
    if let Some(known) = memo.get(x) {
        return Some(known.clone());
    }
    let (left, right) = (x.left_option()?, x.right_option()?);
    let low = if left.is_zero() {
        None
    } else {
        Some(blowup_memo(&left, memo)?)
    };
    let high = blowup_memo(&right, memo)?;
    let y = Dyadic::simplest_between(low.as_ref(), Some(&high))?;
    memo.insert(x.clone(), y.clone());
    Some(y)
}

impl Game {
    /// G^→x (`pow_to`) for a dyadic x >= 0, as CGSuite's `PowTo`: 0 for x = 0, otherwise the
    /// ordinal sum G : blowup(x). For G = {0 | H} and an integer n this is G + G^2 + ... + G^n
    /// (↑^→3 = ↑[3]); for other G it is still defined ((±1)^→3 = ±1 : 2 =
    /// {1,{1,±1|-1}|-1}).
    ///
    /// ```
    /// use cg::core::{Dyadic, Game};
    /// let up = Game::up();
    /// assert_eq!(up.pow_to_number(&Dyadic::from(3)), Ok(up.pow_to(3).unwrap()));
    /// ```
    pub fn pow_to_number(self, x: &Dyadic) -> Result<Game, PowerError> {
        if x.is_zero() {
            return Ok(Game::ZERO);
        }
        let y = blowup(x).ok_or(PowerError::NegativeExponent)?;
        if y.birthday() > Integer::from(MAX_EXPONENT_BIRTHDAY) {
            return Err(PowerError::ExponentTooLarge);
        }
        // The integer powers of {0 | H} have a faster path that gives the same game.
        if let Some(n) = x.is_integer().then(|| x.numerator().to_u32()).flatten() {
            if let Some(p) = self.pow_to(n) {
                return Ok(p);
            }
        }
        Ok(self.ordinal_sum(Game::number(y)))
    }

    /// G^x (`pow`) for G = {0 | H} and a dyadic x >= 1, as CGSuite's `Pow`:
    /// G^x = {0 | H - G^→(x - 1)}, which for an integer n is the n-th power of `pow`
    /// (↑^3 = ↑<3>).
    ///
    /// ```
    /// use cg::core::{Dyadic, Game};
    /// let up = Game::up();
    /// assert_eq!(up.pow_number(&Dyadic::from(3)), Ok(up.pow(3).unwrap()));
    /// ```
    pub fn pow_number(self, x: &Dyadic) -> Result<Game, PowerError> {
        let h = with_store(|s| {
            match (
                s.options(self, Side::Left).as_slice(),
                s.options(self, Side::Right).as_slice(),
            ) {
                ([zero], [h]) if zero.is_zero() => Some(*h),
                _ => None,
            }
        })
        .ok_or(PowerError::BaseNotZeroH)?;
        let below = x - &Dyadic::from_integer(Integer::one());
        if below.is_negative() {
            return Err(PowerError::NegativeExponent);
        }
        let power_to = self.pow_to_number(&below)?;
        Ok(Game::from_options(&[Game::ZERO], &[h - power_to]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(n.into(), k)
    }

    #[test]
    fn blowup_by_hand() {
        // Integers: n - 1. 1/2 has options 0 and 1, so it maps below blowup(1) = 0: to -1;
        // 1/4 (options 0, 1/2) below -1: to -2. 3/4 (options 1/2, 1): between -1 and 0, -1/2.
        // 3/2 (options 1, 2): between 0 and 1, 1/2. 7/4 (options 3/2, 2): between 1/2 and 1,
        // 3/4. 5/8 (options 1/2, 3/4): between -1 and -1/2, -3/4.
        let cases = [
            (d(1, 0), d(0, 0)),
            (d(5, 0), d(4, 0)),
            (d(1, 1), d(-1, 0)),
            (d(1, 2), d(-2, 0)),
            (d(3, 2), d(-1, 1)),
            (d(3, 1), d(1, 1)),
            (d(7, 2), d(3, 2)),
            (d(5, 3), d(-3, 2)),
        ];
        for (x, y) in cases {
            assert_eq!(blowup(&x), Some(y), "blowup({x})");
        }
        assert_eq!(blowup(&d(0, 0)), None);
        assert_eq!(blowup(&d(-1, 1)), None);
        // 1/2^k maps to -k; a fine exponent stays cheap.
        assert_eq!(blowup(&d(1, 300)), Some(d(-300, 0)));
    }

    #[test]
    fn blowup_preserves_order() {
        // The dyadics with denominator 16 in (0, 3], in order, map to increasing numbers.
        let images: Vec<Dyadic> = (1..=48).map(|n| blowup(&d(n, 4)).unwrap()).collect();
        assert!(images.windows(2).all(|w| w[0] < w[1]), "{images:?}");
    }

    #[test]
    fn integer_exponents_agree_with_the_sums() {
        // G^->n = G + G^2 + ... + G^n = G : (n - 1) for G = {0|H} (the identity that extends
        // the powers to dyadic exponents); checked on a few bases of that form.
        let bases = [
            Game::up(),
            Game::from_options(&[Game::ZERO], &[Game::integer(-1)]),
            Game::from_options(&[Game::ZERO], &[Game::tiny(Game::integer(2))]),
            Game::from_options(&[Game::ZERO], &[Game::nimber(2)]),
        ];
        for g in bases {
            for n in 1..=4u32 {
                let sum = (1..=n).fold(Game::ZERO, |t, k| t + g.pow(k).unwrap());
                let ordinal = g.ordinal_sum(Game::integer(i64::from(n) - 1));
                assert_eq!(g.pow_to_number(&Dyadic::from(i64::from(n))), Ok(sum));
                assert_eq!(sum, ordinal);
                assert_eq!(
                    g.pow_number(&Dyadic::from(i64::from(n))),
                    Ok(g.pow(n).unwrap())
                );
            }
        }
    }

    #[test]
    fn errors() {
        let pm1 = Game::switch(&[Game::integer(1)]);
        assert_eq!(pm1.pow_number(&d(3, 0)), Err(PowerError::BaseNotZeroH));
        assert_eq!(
            Game::up().pow_number(&d(1, 1)),
            Err(PowerError::NegativeExponent)
        );
        assert_eq!(
            Game::up().pow_to_number(&d(-1, 0)),
            Err(PowerError::NegativeExponent)
        );
        assert_eq!(
            Game::up().pow_to_number(&d(20_000, 0)),
            Err(PowerError::ExponentTooLarge)
        );
        assert_eq!(Game::up().pow_to_number(&d(0, 0)), Ok(Game::ZERO));
    }
}
