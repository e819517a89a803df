//! Exact rationals, for the quantities of CGT that need not be dyadic: temperatures and
//! means of non-short or scaled games, ratios in thermography, atomic weights.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

use super::integer::{forward_binop, forward_neg};
use super::{Dyadic, Integer};

/// An exact rational `num / den`.
///
/// Invariant: `den > 0` and `gcd(num, den) = 1` (so 0 is `0/1`), which makes the derived
/// `Eq` and `Hash` value equality.
///
/// ```
/// use cg::core::{Integer, Rational};
/// let r = Rational::new(Integer::from(6), Integer::from(-4)).unwrap();
/// assert_eq!(r.to_string(), "-3/2");
/// assert_eq!(r.denominator(), &Integer::from(2));
/// assert_eq!(Rational::new(Integer::from(1), Integer::from(0)), None);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rational {
    num: Integer,
    den: Integer,
}

impl Rational {
    /// The rational `num / den` in lowest terms; `None` when `den` is 0.
    pub fn new(num: Integer, den: Integer) -> Option<Rational> {
        if den.is_zero() {
            None
        } else {
            Some(Rational::reduce(num, den))
        }
    }

    /// Lowest terms with a positive denominator; `den` must be nonzero.
    fn reduce(num: Integer, den: Integer) -> Rational {
        let g = num.gcd(&den);
        let (mut num, mut den) = if g == Integer::one() {
            (num, den)
        } else {
            let exact = |x: &Integer| x.div_floor(&g).expect("gcd with a nonzero is nonzero");
            (exact(&num), exact(&den))
        };
        if den.is_negative() {
            num = -num;
            den = -den;
        }
        Rational { num, den }
    }

    /// The integer `n` as a rational.
    pub fn from_integer(n: Integer) -> Rational {
        Rational {
            num: n,
            den: Integer::one(),
        }
    }

    /// The numerator in lowest terms (carries the sign).
    pub fn numerator(&self) -> &Integer {
        &self.num
    }

    /// The denominator in lowest terms (always positive).
    pub fn denominator(&self) -> &Integer {
        &self.den
    }

    /// Whether the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.den == Integer::one()
    }

    /// Whether the value is 0.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        self.num.signum()
    }

    /// The value as an integer, if it is one.
    pub fn to_integer(&self) -> Option<Integer> {
        self.is_integer().then(|| self.num.clone())
    }

    /// The value as a dyadic, if the denominator is a power of two (and, as for every
    /// [`Dyadic`], at most `2^u32::MAX`).
    ///
    /// ```
    /// use cg::core::{Dyadic, Integer, Rational};
    /// let r = Rational::new(Integer::from(-3), Integer::from(8)).unwrap();
    /// assert_eq!(r.to_dyadic(), Some(Dyadic::new(Integer::from(-3), 3)));
    /// assert_eq!(Rational::new(Integer::from(1), Integer::from(6)).unwrap().to_dyadic(), None);
    /// ```
    pub fn to_dyadic(&self) -> Option<Dyadic> {
        let below = &self.den - Integer::one();
        if !self.den.bitand(&below).is_zero() {
            return None;
        }
        let exp = u32::try_from(self.den.bits() - 1).ok()?;
        Some(Dyadic::new(self.num.clone(), exp))
    }

    /// The greatest integer `<=` the value.
    pub fn floor(&self) -> Integer {
        self.num
            .div_floor(&self.den)
            .expect("denominator is positive")
    }

    /// The least integer `>=` the value.
    pub fn ceil(&self) -> Integer {
        -(-&self.num)
            .div_floor(&self.den)
            .expect("denominator is positive")
    }

    /// The absolute value.
    pub fn abs(&self) -> Rational {
        Rational {
            num: self.num.abs(),
            den: self.den.clone(),
        }
    }

    /// The quotient `self / other`; `None` when `other` is 0.
    pub fn checked_div(&self, other: &Rational) -> Option<Rational> {
        Rational::new(&self.num * &other.den, &self.den * &other.num)
    }

    /// The value raised to the integer power `k`; `None` for `0^k` with `k < 0`
    /// (and `x^0 = 1` for every `x`, including 0).
    ///
    /// ```
    /// use cg::core::{Integer, Rational};
    /// let r = Rational::new(Integer::from(-2), Integer::from(3)).unwrap();
    /// assert_eq!(r.pow(-3).unwrap().to_string(), "-27/8");
    /// assert_eq!(Rational::from_integer(Integer::zero()).pow(-1), None);
    /// ```
    pub fn pow(&self, k: i32) -> Option<Rational> {
        let e = k.unsigned_abs();
        let (num, den) = (self.num.pow(e), self.den.pow(e));
        if k >= 0 {
            // Powers of coprime integers are coprime.
            Some(Rational { num, den })
        } else {
            Rational::new(den, num)
        }
    }

    /// True when this is an integer (denominator 1): integer arithmetic skips the gcd.
    fn integral(&self) -> bool {
        matches!(self.den, Integer::Small(1))
    }

    fn add_ref(&self, other: &Rational) -> Rational {
        if self.integral() && other.integral() {
            return Rational::from_integer(&self.num + &other.num);
        }
        if self.den == other.den {
            return Rational::reduce(&self.num + &other.num, self.den.clone());
        }
        Rational::reduce(
            &self.num * &other.den + &other.num * &self.den,
            &self.den * &other.den,
        )
    }

    fn sub_ref(&self, other: &Rational) -> Rational {
        if self.integral() && other.integral() {
            return Rational::from_integer(&self.num - &other.num);
        }
        if self.den == other.den {
            return Rational::reduce(&self.num - &other.num, self.den.clone());
        }
        Rational::reduce(
            &self.num * &other.den - &other.num * &self.den,
            &self.den * &other.den,
        )
    }

    fn mul_ref(&self, other: &Rational) -> Rational {
        if self.integral() && other.integral() {
            return Rational::from_integer(&self.num * &other.num);
        }
        Rational::reduce(&self.num * &other.num, &self.den * &other.den)
    }

    fn neg_ref(&self) -> Rational {
        Rational {
            num: -&self.num,
            den: self.den.clone(),
        }
    }
}

forward_binop!(Rational, Add, add, add_ref);
forward_binop!(Rational, Sub, sub, sub_ref);
forward_binop!(Rational, Mul, mul, mul_ref);
forward_neg!(Rational, neg_ref);

impl std::ops::AddAssign<&Rational> for Rational {
    /// In place for integers, so that a running total reuses its digits.
    fn add_assign(&mut self, other: &Rational) {
        if self.integral() && other.integral() {
            self.num += &other.num;
        } else {
            *self = self.add_ref(other);
        }
    }
}

impl std::ops::SubAssign<&Rational> for Rational {
    /// In place for integers.
    fn sub_assign(&mut self, other: &Rational) {
        if self.integral() && other.integral() {
            self.num -= &other.num;
        } else {
            *self = self.sub_ref(other);
        }
    }
}

impl Default for Rational {
    /// The number 0.
    fn default() -> Rational {
        Rational::from_integer(Integer::zero())
    }
}

impl From<Dyadic> for Rational {
    fn from(d: Dyadic) -> Rational {
        // A reduced dyadic has an odd numerator or denominator 1: already lowest terms.
        Rational {
            den: d.denominator(),
            num: d.numerator().clone(),
        }
    }
}

impl From<Integer> for Rational {
    fn from(n: Integer) -> Rational {
        Rational::from_integer(n)
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Rational {
        Rational::from_integer(Integer::from(n))
    }
}

impl Ord for Rational {
    /// Exact comparison by cross-multiplication (denominators are positive).
    fn cmp(&self, other: &Rational) -> Ordering {
        if self.den == other.den {
            return self.num.cmp(&other.num);
        }
        let (s, t) = (self.signum(), other.signum());
        if s != t {
            return s.cmp(&t);
        }
        (&self.num * &other.den).cmp(&(&other.num * &self.den))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Rational) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Rational {
    /// Integers as `5`, others as `p/q` with the sign in front: `-1/3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_integer() {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl fmt::Debug for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Rational {
        Rational::new(Integer::from(n), Integer::from(d)).unwrap()
    }

    #[test]
    fn lowest_terms() {
        let r = q(10, -15);
        assert_eq!(r.numerator(), &Integer::from(-2));
        assert_eq!(r.denominator(), &Integer::from(3));
        assert_eq!(q(0, -7), q(0, 1));
        assert_eq!(q(0, -7).denominator(), &Integer::one());
        assert_eq!(q(i64::MIN, i64::MIN), q(1, 1));
        let r = q(1, i64::MIN);
        assert_eq!(r.numerator(), &Integer::from(-1));
        assert_eq!(r.denominator(), &Integer::from(i64::MIN).abs());
        assert_eq!(Rational::new(Integer::from(3), Integer::zero()), None);
    }

    #[test]
    fn arithmetic() {
        assert_eq!(q(1, 2) + q(1, 3), q(5, 6));
        assert_eq!(q(1, 6) + q(1, 3), q(1, 2));
        assert_eq!(q(1, 2) - q(1, 3), q(1, 6));
        assert_eq!(q(1, 4) - q(3, 4), q(-1, 2));
        assert_eq!(&q(2, 3) * &q(9, 4), q(3, 2));
        assert_eq!(-q(2, 3), q(-2, 3));
        assert_eq!(q(2, 3).checked_div(&q(4, 9)), Some(q(3, 2)));
        assert_eq!(q(2, 3).checked_div(&q(0, 1)), None);
        assert_eq!(q(-2, 3).checked_div(&q(-4, 3)), Some(q(1, 2)));
        assert_eq!(q(2, 3).pow(2), Some(q(4, 9)));
        assert_eq!(q(2, 3).pow(-2), Some(q(9, 4)));
        assert_eq!(q(-2, 3).pow(-1), Some(q(-3, 2)));
        assert_eq!(q(0, 1).pow(0), Some(q(1, 1)));
        assert_eq!(q(0, 1).pow(-2), None);
        assert_eq!(q(-1, 1).pow(i32::MIN), Some(q(1, 1)));
        assert_eq!(q(-1, 1).pow(i32::MAX), Some(q(-1, 1)));
    }

    #[test]
    fn rounding_and_order() {
        assert_eq!(q(-7, 2).floor(), Integer::from(-4));
        assert_eq!(q(-7, 2).ceil(), Integer::from(-3));
        assert_eq!(q(7, 3).floor(), Integer::from(2));
        assert_eq!(q(7, 3).ceil(), Integer::from(3));
        assert_eq!(q(4, 2).ceil(), Integer::from(2));
        assert!(q(1, 3) < q(1, 2));
        assert!(q(-1, 2) < q(-1, 3));
        assert!(q(2, 3) > q(3, 5));
        assert_eq!(q(-5, 3).abs(), q(5, 3));
    }

    #[test]
    fn conversions() {
        assert_eq!(q(6, 3).to_integer(), Some(Integer::from(2)));
        assert_eq!(q(1, 3).to_integer(), None);
        assert_eq!(q(5, 4).to_dyadic(), Some(Dyadic::new(Integer::from(5), 2)));
        assert_eq!(q(5, 1).to_dyadic(), Some(Dyadic::from(5)));
        assert_eq!(q(5, 12).to_dyadic(), None);
        let d = Dyadic::new(Integer::from(-7), 3);
        assert_eq!(Rational::from(d.clone()), q(-7, 8));
        assert_eq!(Rational::from(d.clone()).to_dyadic(), Some(d));
        assert_eq!(Rational::from(Dyadic::from(4)), q(4, 1));
    }

    #[test]
    fn display() {
        assert_eq!(q(-1, 3).to_string(), "-1/3");
        assert_eq!(q(10, 2).to_string(), "5");
        assert_eq!(format!("{:?}", q(3, -9)), "-1/3");
    }
}
