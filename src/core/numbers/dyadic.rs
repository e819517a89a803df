//! Dyadic rationals `m / 2^k`: exactly the values of the short games that are numbers.
//!
//! Every short number is equal to a dyadic rational and every dyadic rational is the value of
//! a short game (Siegel, "Combinatorial Game Theory" (2013), II.3; Winning Ways, ch. 2), so
//! this is the number type of the canonical-form engine.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

use super::integer::{forward_binop, forward_neg};
use super::Integer;

/// A dyadic rational `num / 2^exp`.
///
/// Invariant (kept by every constructor and operation): `exp == 0` or `num` is odd, so each
/// value has exactly one representation (0 is `0 / 2^0`) and the derived `Eq` and `Hash` are
/// value equality.
///
/// Exponents are `u32`. A result that would need an exponent above `u32::MAX`, i.e. a
/// denominator above `2^4294967295`, is beyond the representation; the few operations that
/// can produce one say so under "Panics" and have a `checked_` variant.
///
/// ```
/// use cg::core::{Dyadic, Integer};
/// let x = Dyadic::new(Integer::from(12), 4); // 12/16
/// assert_eq!(x.to_string(), "3/4");
/// assert_eq!(x.numerator(), &Integer::from(3));
/// assert_eq!(x.exponent(), 2);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: Integer,
    exp: u32,
}

impl Dyadic {
    /// The dyadic `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: Integer, exp: u32) -> Dyadic {
        match num.trailing_zeros() {
            None => Dyadic::zero(),
            Some(tz) => {
                // tz.min(exp) <= exp, so it fits in a u32.
                let s = tz.min(u64::from(exp)) as u32;
                if s == 0 {
                    Dyadic { num, exp }
                } else {
                    Dyadic {
                        num: num.shr_floor(s),
                        exp: exp - s,
                    }
                }
            }
        }
    }

    /// `num / 2^exp` for an exponent given as `u64`, reduced to lowest terms; `None` if the
    /// reduced exponent still exceeds `u32::MAX`.
    fn from_wide(mut num: Integer, mut exp: u64) -> Option<Dyadic> {
        let Some(tz) = num.trailing_zeros() else {
            return Some(Dyadic::zero());
        };
        let mut s = tz.min(exp);
        exp -= s;
        while s > 0 {
            let step = s.min(u64::from(u32::MAX)) as u32;
            num = num.shr_floor(step);
            s -= u64::from(step);
        }
        let exp = u32::try_from(exp).ok()?;
        Some(Dyadic { num, exp })
    }

    /// The integer `n` as a dyadic.
    pub fn from_integer(n: Integer) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// The number 0.
    pub fn zero() -> Dyadic {
        Dyadic {
            num: Integer::zero(),
            exp: 0,
        }
    }

    /// The numerator of the reduced form (odd unless the value is an integer).
    pub fn numerator(&self) -> &Integer {
        &self.num
    }

    /// The exponent `k` of the reduced denominator `2^k`.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    /// The reduced denominator `2^k`.
    pub fn denominator(&self) -> Integer {
        Integer::one().shl(self.exp)
    }

    /// Whether the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether the value is 0.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// Whether the value is less than 0.
    pub fn is_negative(&self) -> bool {
        self.num.is_negative()
    }

    /// Whether the value is greater than 0.
    pub fn is_positive(&self) -> bool {
        self.num.is_positive()
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        self.num.signum()
    }

    /// The greatest integer `<=` the value.
    pub fn floor(&self) -> Integer {
        self.num.shr_floor(self.exp)
    }

    /// The least integer `>=` the value.
    pub fn ceil(&self) -> Integer {
        -(-&self.num).shr_floor(self.exp)
    }

    /// The absolute value.
    pub fn abs(&self) -> Dyadic {
        Dyadic {
            num: self.num.abs(),
            exp: self.exp,
        }
    }

    /// Half the value, `x / 2`; `None` if the exponent would exceed `u32::MAX`.
    pub fn checked_half(&self) -> Option<Dyadic> {
        if self.num.is_even() {
            // Only possible for integers (exp == 0), including 0.
            Some(Dyadic::new(self.num.clone(), 1))
        } else {
            Some(Dyadic {
                num: self.num.clone(),
                exp: self.exp.checked_add(1)?,
            })
        }
    }

    /// Half the value, `x / 2`.
    ///
    /// # Panics
    ///
    /// If the result's denominator would exceed `2^u32::MAX` (see [`Dyadic`]).
    pub fn half(&self) -> Dyadic {
        self.checked_half()
            .expect("Dyadic::half: denominator exponent exceeds u32::MAX")
    }

    /// The product; `None` if the result's exponent would exceed `u32::MAX`.
    pub fn checked_mul(&self, other: &Dyadic) -> Option<Dyadic> {
        Dyadic::from_wide(
            &self.num * &other.num,
            u64::from(self.exp) + u64::from(other.exp),
        )
    }

    fn mul_ref(&self, other: &Dyadic) -> Dyadic {
        self.checked_mul(other)
            .expect("Dyadic multiplication: denominator exponent exceeds u32::MAX")
    }

    fn add_ref(&self, other: &Dyadic) -> Dyadic {
        match self.exp.cmp(&other.exp) {
            Ordering::Equal => Dyadic::new(&self.num + &other.num, self.exp),
            Ordering::Greater => {
                Dyadic::new(&self.num + other.num.shl(self.exp - other.exp), self.exp)
            }
            Ordering::Less => {
                Dyadic::new(self.num.shl(other.exp - self.exp) + &other.num, other.exp)
            }
        }
    }

    fn sub_ref(&self, other: &Dyadic) -> Dyadic {
        match self.exp.cmp(&other.exp) {
            Ordering::Equal => Dyadic::new(&self.num - &other.num, self.exp),
            Ordering::Greater => {
                Dyadic::new(&self.num - other.num.shl(self.exp - other.exp), self.exp)
            }
            Ordering::Less => {
                Dyadic::new(self.num.shl(other.exp - self.exp) - &other.num, other.exp)
            }
        }
    }

    fn neg_ref(&self) -> Dyadic {
        Dyadic {
            num: -&self.num,
            exp: self.exp,
        }
    }

    /// The simplest number strictly between `lo` and `hi` (a `None` bound is unbounded), or
    /// `None` when `lo >= hi`.
    ///
    /// This is the value of the game `{lo | hi}` when `lo < hi`, by the simplicity theorem
    /// (Siegel, "Combinatorial Game Theory" (2013), II.3; Winning Ways, ch. 2): if an
    /// integer lies strictly between, it is the one of least absolute value; otherwise it is
    /// the unique dyadic of least denominator strictly between.
    ///
    /// The work is proportional to the bit lengths of the bounds, never to their magnitudes.
    ///
    /// # Panics
    ///
    /// If the answer's denominator would exceed `2^u32::MAX`, which needs a bound whose
    /// exponent is `u32::MAX` already.
    ///
    /// ```
    /// use cg::core::Dyadic;
    /// let d = |n: i64, k: u32| Dyadic::new(n.into(), k);
    /// assert_eq!(Dyadic::simplest_between(Some(&d(1, 1)), Some(&d(3, 2))), Some(d(5, 3)));
    /// assert_eq!(Dyadic::simplest_between(None, Some(&d(-3, 0))), Some(d(-4, 0)));
    /// assert_eq!(Dyadic::simplest_between(Some(&d(1, 0)), Some(&d(1, 0))), None);
    /// ```
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        // The integers strictly between are those from floor(lo) + 1 to ceil(hi) - 1.
        let first = lo.map(|l| l.floor() + Integer::one());
        let last = hi.map(|h| h.ceil() - Integer::one());
        let integer_between = match (&first, &last) {
            (Some(a), Some(b)) => a <= b,
            _ => true,
        };
        if integer_between {
            let n = match (first, last) {
                (Some(a), _) if a.is_positive() => a,
                (_, Some(b)) if b.is_negative() => b,
                _ => Integer::zero(),
            };
            return Some(Dyadic::from_integer(n));
        }
        // No integer strictly between, so both bounds are finite and n <= lo < hi <= n + 1.
        let (lo, hi) = (lo?, hi?);
        let n = lo.floor();
        let base = Dyadic::from_integer(n.clone());
        let (l, h) = (lo - &base, hi - &base);
        // Scale both to integers L < H at a common exponent e; with one more bit if needed
        // there are integers strictly between them.
        let e = l.exp.max(h.exp);
        let mut big_l = l.num.shl(e - l.exp);
        let mut big_h = h.num.shl(e - h.exp);
        let mut e = u64::from(e);
        if &big_h - &big_l < Integer::from(2) {
            big_l = big_l.shl(1);
            big_h = big_h.shl(1);
            e += 1;
        }
        // Both are nonnegative, and H - L >= 2. The element of (L, H - 1] with the most
        // trailing zeros is H - 1 with every bit below the highest bit where it differs from L
        // cleared: all of (L, H - 1] shares the bits above that one, and that bit is 0 in L.
        let b = big_h - Integer::one();
        // L < b < H <= 2^e with e <= u32::MAX + 1, so the bit index fits in a u32.
        let low = (big_l.bitxor(&b).bits() - 1) as u32;
        let c = b.shr_floor(low).shl(low);
        let frac = Dyadic::from_wide(c, e)
            .expect("Dyadic::simplest_between: denominator exponent exceeds u32::MAX");
        Some(Dyadic::from_integer(n) + frac)
    }

    /// The birthday of the number: the day on which it is born in the construction of the
    /// surreals (Siegel, "Combinatorial Game Theory" (2013), II.3; Winning Ways, ch. 2).
    ///
    /// An integer `n` has birthday `|n|`; a non-integer `m/2^k` (`k >= 1`) has birthday
    /// `floor(|x|) + k + 1`.
    ///
    /// ```
    /// use cg::core::{Dyadic, Integer};
    /// assert_eq!(Dyadic::new(Integer::from(3), 2).birthday(), Integer::from(3));
    /// assert_eq!(Dyadic::new(Integer::from(-5), 2).birthday(), Integer::from(4));
    /// assert_eq!(Dyadic::from(-7).birthday(), Integer::from(7));
    /// ```
    pub fn birthday(&self) -> Integer {
        let whole = self.num.abs().shr_floor(self.exp);
        if self.exp == 0 {
            whole
        } else {
            whole + Integer::from(self.exp) + Integer::one()
        }
    }

    /// The Left option of the number's canonical form, if any: `n - 1` for an integer
    /// `n > 0`, none for integers `n <= 0`, and `(m-1)/2^k` for `m/2^k` with `k >= 1`
    /// (Siegel, "Combinatorial Game Theory" (2013), II.3).
    ///
    /// ```
    /// use cg::core::Dyadic;
    /// let d = |n: i64, k: u32| Dyadic::new(n.into(), k);
    /// assert_eq!(d(3, 2).left_option(), Some(d(1, 1)));
    /// assert_eq!(d(3, 2).right_option(), Some(d(1, 0)));
    /// assert_eq!(d(2, 0).left_option(), Some(d(1, 0)));
    /// assert_eq!(d(2, 0).right_option(), None);
    /// ```
    pub fn left_option(&self) -> Option<Dyadic> {
        if self.exp == 0 {
            self.num
                .is_positive()
                .then(|| Dyadic::from_integer(&self.num - Integer::one()))
        } else {
            Some(Dyadic::new(&self.num - Integer::one(), self.exp))
        }
    }

    /// The Right option of the number's canonical form, if any: `n + 1` for an integer
    /// `n < 0`, none for integers `n >= 0`, and `(m+1)/2^k` for `m/2^k` with `k >= 1`
    /// (Siegel, "Combinatorial Game Theory" (2013), II.3).
    pub fn right_option(&self) -> Option<Dyadic> {
        if self.exp == 0 {
            self.num
                .is_negative()
                .then(|| Dyadic::from_integer(&self.num + Integer::one()))
        } else {
            Some(Dyadic::new(&self.num + Integer::one(), self.exp))
        }
    }

    /// An approximation as an `f64`, for display only.
    pub fn to_f64(&self) -> f64 {
        // Keep at most 64 significant bits so the numerator converts without overflow.
        let excess = self.num.bits().saturating_sub(64);
        let shift = excess.min(u64::from(u32::MAX)) as u32;
        let mantissa = self.num.shr_floor(shift).to_f64();
        scale_by_power_of_two(mantissa, i64::from(shift) - i64::from(self.exp))
    }
}

/// `x * 2^e`, in steps so that intermediate powers neither overflow nor underflow.
fn scale_by_power_of_two(mut x: f64, mut e: i64) -> f64 {
    const STEP: i32 = 1000;
    while e > i64::from(STEP) && x.is_finite() && x != 0.0 {
        x *= 2f64.powi(STEP);
        e -= i64::from(STEP);
    }
    while e < -i64::from(STEP) && x.is_finite() && x != 0.0 {
        x *= 2f64.powi(-STEP);
        e += i64::from(STEP);
    }
    if e.abs() > i64::from(STEP) {
        return x;
    }
    x * 2f64.powi(e as i32)
}

forward_binop!(Dyadic, Add, add, add_ref);
forward_binop!(Dyadic, Sub, sub, sub_ref);
forward_binop!(Dyadic, Mul, mul, mul_ref);
forward_neg!(Dyadic, neg_ref);

impl Default for Dyadic {
    /// The number 0.
    fn default() -> Dyadic {
        Dyadic::zero()
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Dyadic {
        Dyadic::from_integer(Integer::from(n))
    }
}

impl From<Integer> for Dyadic {
    fn from(n: Integer) -> Dyadic {
        Dyadic::from_integer(n)
    }
}

impl Ord for Dyadic {
    /// Exact comparison, bringing both numerators to the larger exponent.
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let (s, t) = (self.signum(), other.signum());
        if s != t {
            return s.cmp(&t);
        }
        if self.exp > other.exp {
            self.num.cmp(&other.num.shl(self.exp - other.exp))
        } else {
            self.num.shl(other.exp - self.exp).cmp(&other.num)
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    /// Integers as `5` or `-3`, others as `p/q` with the sign in front: `-1/2`, `25/16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.denominator())
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(Integer::from(n), k)
    }

    fn between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Option<Dyadic> {
        Dyadic::simplest_between(lo.as_ref(), hi.as_ref())
    }

    #[test]
    fn normalisation() {
        assert_eq!(d(0, 7), Dyadic::zero());
        assert_eq!(d(0, 7).exponent(), 0);
        assert_eq!(d(8, 2), d(2, 0));
        assert_eq!(d(6, 2), d(3, 1));
        assert_eq!(d(6, 2).numerator(), &Integer::from(3));
        assert_eq!(d(-40, 3), d(-5, 0));
        assert_eq!(d(3, 1).denominator(), Integer::from(2));
        let huge = Dyadic::new(Integer::from(1).shl(300), 310);
        assert_eq!(huge, d(1, 10));
    }

    #[test]
    fn display() {
        assert_eq!(d(5, 0).to_string(), "5");
        assert_eq!(d(-3, 0).to_string(), "-3");
        assert_eq!(d(-1, 1).to_string(), "-1/2");
        assert_eq!(d(25, 4).to_string(), "25/16");
        assert_eq!(format!("{:?}", d(-3, 2)), "-3/4");
        assert_eq!(d(1, 70).to_string(), "1/1180591620717411303424");
    }

    #[test]
    fn arithmetic() {
        assert_eq!(d(1, 1) + d(1, 1), d(1, 0));
        assert_eq!(d(1, 2) + d(1, 1), d(3, 2));
        assert_eq!(d(1, 2) - d(1, 1), d(-1, 2));
        assert_eq!(&d(3, 2) * &d(2, 0), d(3, 1));
        assert_eq!(d(3, 2) * d(-5, 3), d(-15, 5));
        assert_eq!(-d(3, 2), d(-3, 2));
        assert_eq!(d(3, 0).half(), d(3, 1));
        assert_eq!(d(4, 0).half(), d(2, 0));
        assert_eq!(d(3, 2).half(), d(3, 3));
        assert_eq!(d(0, 0).half(), d(0, 0));
        assert_eq!(d(1, u32::MAX).checked_half(), None);
        assert_eq!(d(1, u32::MAX).checked_mul(&d(1, 1)), None);
        assert_eq!(
            d(1, u32::MAX).checked_mul(&d(2, 0)),
            Some(d(1, u32::MAX - 1))
        );
        assert_eq!(d(-3, 1).abs(), d(3, 1));
    }

    #[test]
    fn order_and_rounding() {
        assert!(d(1, 1) < d(3, 2));
        assert!(d(-3, 2) < d(-1, 1));
        assert!(d(-1, 10) < d(0, 0));
        assert!(d(5, 2) > d(1, 0));
        assert!(d(1023, 10) < d(1, 0));
        assert_eq!(d(-5, 2).floor(), Integer::from(-2));
        assert_eq!(d(-5, 2).ceil(), Integer::from(-1));
        assert_eq!(d(5, 2).floor(), Integer::from(1));
        assert_eq!(d(5, 2).ceil(), Integer::from(2));
        assert_eq!(d(7, 0).ceil(), Integer::from(7));
    }

    #[test]
    fn simplest_between_examples() {
        assert_eq!(between(Some(d(0, 0)), Some(d(1, 0))), Some(d(1, 1)));
        assert_eq!(between(Some(d(1, 1)), Some(d(3, 2))), Some(d(5, 3)));
        assert_eq!(between(None, Some(d(-3, 0))), Some(d(-4, 0)));
        assert_eq!(between(Some(d(-2, 0)), Some(d(5, 0))), Some(d(0, 0)));
        assert_eq!(between(Some(d(3, 1)), None), Some(d(2, 0)));
        assert_eq!(between(Some(d(2, 0)), None), Some(d(3, 0)));
        assert_eq!(between(Some(d(-1, 1)), Some(d(1, 2))), Some(d(0, 0)));
        assert_eq!(between(None, None), Some(d(0, 0)));
        assert_eq!(between(Some(d(-1, 0)), None), Some(d(0, 0)));
        assert_eq!(between(Some(d(0, 0)), None), Some(d(1, 0)));
        assert_eq!(between(None, Some(d(0, 0))), Some(d(-1, 0)));
        assert_eq!(between(Some(d(-3, 2)), Some(d(-1, 1))), Some(d(-5, 3)));
        assert_eq!(between(Some(d(1, 0)), Some(d(2, 0))), Some(d(3, 1)));
        // 1/4 < 3/8 < 1/2 but 5/16 and 7/16 are more complicated.
        assert_eq!(between(Some(d(1, 2)), Some(d(1, 1))), Some(d(3, 3)));
        // 1/8 < 1/4 < 7/8: 1/2 is simpler still.
        assert_eq!(between(Some(d(1, 3)), Some(d(7, 3))), Some(d(1, 1)));
        // The simplest number may sit at the bottom of the scaled interval.
        assert_eq!(between(Some(d(-7, 2)), Some(d(-1, 0))), Some(d(-3, 1)));
        assert_eq!(between(Some(d(1, 2)), Some(d(1, 0))), Some(d(1, 1)));
        assert_eq!(between(Some(d(0, 0)), Some(d(5, 3))), Some(d(1, 1)));
        assert_eq!(between(Some(d(1, 0)), Some(d(1, 0))), None);
        assert_eq!(between(Some(d(3, 1)), Some(d(1, 1))), None);
    }

    #[test]
    fn simplest_between_huge() {
        let two_200 = Dyadic::from_integer(Integer::from(1).shl(200));
        let lo = &two_200 + d(1, 50);
        let hi = &two_200 + d(1, 49);
        assert_eq!(
            between(Some(lo.clone()), Some(hi)),
            Some(&two_200 + d(3, 51))
        );
        // Unbounded above a huge number: the next integer.
        assert_eq!(between(Some(lo.clone()), None), Some(&two_200 + d(1, 0)));
        assert_eq!(between(Some(-lo), None), Some(d(0, 0)));
        let neg = -&two_200;
        assert_eq!(between(None, Some(neg.clone())), Some(&neg - d(1, 0)));
    }

    #[test]
    fn birthdays() {
        assert_eq!(d(0, 0).birthday(), Integer::from(0));
        assert_eq!(d(-3, 0).birthday(), Integer::from(3));
        assert_eq!(d(1, 1).birthday(), Integer::from(2));
        assert_eq!(d(3, 2).birthday(), Integer::from(3));
        assert_eq!(d(3, 1).birthday(), Integer::from(3));
        assert_eq!(d(-5, 2).birthday(), Integer::from(4));
    }

    #[test]
    fn options() {
        assert_eq!(d(0, 0).left_option(), None);
        assert_eq!(d(0, 0).right_option(), None);
        assert_eq!(d(-2, 0).left_option(), None);
        assert_eq!(d(-2, 0).right_option(), Some(d(-1, 0)));
        assert_eq!(d(1, 1).left_option(), Some(d(0, 0)));
        assert_eq!(d(1, 1).right_option(), Some(d(1, 0)));
        assert_eq!(d(-3, 1).left_option(), Some(d(-2, 0)));
        assert_eq!(d(-3, 1).right_option(), Some(d(-1, 0)));
        assert_eq!(d(5, 3).left_option(), Some(d(1, 1)));
        assert_eq!(d(5, 3).right_option(), Some(d(3, 2)));
    }

    #[test]
    fn to_f64_approximations() {
        assert_eq!(d(-3, 2).to_f64(), -0.75);
        assert_eq!(d(5, 0).to_f64(), 5.0);
        let x = Dyadic::new(Integer::from(1).shl(2000) + Integer::one(), 2000);
        assert_eq!(x.exponent(), 2000);
        assert_eq!(x.to_f64(), 1.0);
        assert_eq!(d(1, 2000).to_f64(), 0.0);
        assert_eq!(
            Dyadic::from_integer(Integer::from(1).shl(2000)).to_f64(),
            f64::INFINITY
        );
    }
}
