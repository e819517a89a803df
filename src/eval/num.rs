//! Numbers as the interpreter holds them: a machine integer when the value is an integer that
//! fits, otherwise a shared exact rational. Loops over integers then neither allocate nor
//! copy big numbers, and a value stays cheap to clone.
//!
//! As in CGSuite, `1/0` and `-1/0` are the two infinities `inf` and `-inf`: above (below) every
//! rational, with numerator ±1 and denominator 0. Arithmetic that would need `inf - inf`,
//! `0 * inf`, `0/0` or `inf/inf` has no value (`None`).

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;

use crate::core::{Dyadic, Integer, Rational};

/// An exact rational number, or one of the two infinities. Invariant: `Small` exactly when the
/// value is an integer that fits in an `i64`, so the derived equality and hash are value
/// equality.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Num {
    Small(i64),
    Big(Rc<Rational>),
    /// `inf` (`negative` false) or `-inf`.
    Infinite {
        negative: bool,
    },
}

impl Num {
    pub fn infinity(negative: bool) -> Num {
        Num::Infinite { negative }
    }

    pub fn is_finite(&self) -> bool {
        !matches!(self, Num::Infinite { .. })
    }

    pub fn from_rational(q: Rational) -> Num {
        match q.is_integer().then(|| q.numerator().to_i64()).flatten() {
            Some(n) => Num::Small(n),
            None => Num::Big(Rc::new(q)),
        }
    }

    /// `op` on two finite numbers as rationals, borrowing the shared ones rather than copying.
    fn exact(&self, other: &Num, op: fn(&Rational, &Rational) -> Rational) -> Option<Num> {
        Some(Num::from_rational(op(
            self.widened()?.as_ref(),
            other.widened()?.as_ref(),
        )))
    }

    /// The rational a finite number is, borrowed when it is shared.
    fn widened(&self) -> Option<Cow<'_, Rational>> {
        match self {
            Num::Small(k) => Some(Cow::Owned(Rational::from_integer(Integer::from(*k)))),
            Num::Big(q) => Some(Cow::Borrowed(q.as_ref())),
            Num::Infinite { .. } => None,
        }
    }

    pub fn from_integer(n: Integer) -> Num {
        match n.to_i64() {
            Some(n) => Num::Small(n),
            None => Num::Big(Rc::new(Rational::from_integer(n))),
        }
    }

    /// The rational this number is; `None` for the infinities.
    pub fn to_rational(&self) -> Option<Rational> {
        self.widened().map(Cow::into_owned)
    }

    pub fn to_integer(&self) -> Option<Integer> {
        match self {
            Num::Small(n) => Some(Integer::from(*n)),
            Num::Big(q) => q.to_integer(),
            Num::Infinite { .. } => None,
        }
    }

    pub fn to_i64(&self) -> Option<i64> {
        match self {
            Num::Small(n) => Some(*n),
            _ => None,
        }
    }

    pub fn to_dyadic(&self) -> Option<Dyadic> {
        match self {
            Num::Small(n) => Some(Dyadic::from(*n)),
            Num::Big(q) => q.to_dyadic(),
            Num::Infinite { .. } => None,
        }
    }

    pub fn is_integer(&self) -> bool {
        match self {
            Num::Small(_) => true,
            Num::Big(q) => q.is_integer(),
            Num::Infinite { .. } => false,
        }
    }

    /// The numerator and denominator in lowest terms (denominator positive); ±1 and 0 for the
    /// infinities, as CGSuite gives them.
    pub fn numerator_denominator(&self) -> (Integer, Integer) {
        match self.to_rational() {
            Some(q) => (q.numerator().clone(), q.denominator().clone()),
            None => (Integer::from(self.signum() as i64), Integer::zero()),
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self, Num::Small(0))
    }

    /// self + other; `None` for inf + -inf.
    pub fn add(&self, other: &Num) -> Option<Num> {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if let Some(c) = a.checked_add(*b) {
                return Some(Num::Small(c));
            }
        }
        match (self, other) {
            (Num::Infinite { negative: a }, Num::Infinite { negative: b }) => {
                (a == b).then(|| self.clone())
            }
            (Num::Infinite { .. }, _) => Some(self.clone()),
            (_, Num::Infinite { .. }) => Some(other.clone()),
            _ => self.exact(other, |a, b| a + b),
        }
    }

    /// self - other; `None` for inf - inf.
    pub fn sub(&self, other: &Num) -> Option<Num> {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if let Some(c) = a.checked_sub(*b) {
                return Some(Num::Small(c));
            }
        }
        self.add(&other.neg())
    }

    /// self * other; `None` for 0 times an infinity.
    pub fn mul(&self, other: &Num) -> Option<Num> {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if let Some(c) = a.checked_mul(*b) {
                return Some(Num::Small(c));
            }
        }
        if self.is_finite() && other.is_finite() {
            return self.exact(other, |a, b| a * b);
        }
        match self.signum() * other.signum() {
            0 => None,
            sign => Some(Num::infinity(sign < 0)),
        }
    }

    /// self += other (self -= other when `subtract`) for finite numbers, reusing a big number's
    /// storage when no one else holds it; `false` (and self unchanged) when the result has no
    /// value (inf - inf).
    pub fn accumulate(&mut self, other: &Num, subtract: bool) -> bool {
        if let (Num::Big(q), Some(other)) = (&mut *self, other.widened()) {
            {
                let q = Rc::make_mut(q);
                if subtract {
                    *q -= &other;
                } else {
                    *q += &other;
                }
            }
            if let Some(n) = q.is_integer().then(|| q.numerator().to_i64()).flatten() {
                *self = Num::Small(n);
            }
            return true;
        }
        let result = if subtract {
            self.sub(other)
        } else {
            self.add(other)
        };
        match result {
            Some(n) => {
                *self = n;
                true
            }
            None => false,
        }
    }

    pub fn neg(&self) -> Num {
        match self {
            Num::Small(n) if *n != i64::MIN => Num::Small(-n),
            Num::Small(n) => Num::from_rational(-Rational::from_integer(Integer::from(*n))),
            Num::Big(q) => Num::from_rational(-q.as_ref().clone()),
            Num::Infinite { negative } => Num::infinity(!negative),
        }
    }

    /// self / other, as CGSuite divides: x/0 is inf or -inf by the sign of x, x/inf is 0;
    /// `None` for 0/0 and inf/inf.
    pub fn checked_div(&self, other: &Num) -> Option<Num> {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if *b != 0 && a.checked_rem(*b) == Some(0) {
                return a.checked_div(*b).map(Num::Small);
            }
        }
        match (self.to_rational(), other.to_rational()) {
            (Some(x), Some(y)) if !y.is_zero() => x.checked_div(&y).map(Num::from_rational),
            // x/0 and inf/y: an infinity with the sign of x, times the sign of y unless y is 0.
            (_, Some(y)) => {
                let divisor_sign = if y.is_zero() { 1 } else { y.signum() };
                match self.signum() {
                    0 => None,
                    sign => Some(Num::infinity(sign * divisor_sign < 0)),
                }
            }
            (Some(_), None) => Some(Num::Small(0)),
            (None, None) => None,
        }
    }

    /// The greatest integer <= self; `None` for the infinities.
    pub fn floor(&self) -> Option<Num> {
        match self {
            Num::Small(_) => Some(self.clone()),
            Num::Big(q) => Some(Num::from_integer(q.floor())),
            Num::Infinite { .. } => None,
        }
    }

    pub fn abs(&self) -> Num {
        match self {
            Num::Small(n) if *n != i64::MIN => Num::Small(n.abs()),
            Num::Small(n) => Num::from_rational(Rational::from_integer(Integer::from(*n)).abs()),
            Num::Big(q) => Num::from_rational(q.abs()),
            Num::Infinite { .. } => Num::infinity(false),
        }
    }

    pub fn signum(&self) -> i32 {
        match self {
            Num::Small(n) => n.signum() as i32,
            Num::Big(q) => q.signum(),
            Num::Infinite { negative: true } => -1,
            Num::Infinite { negative: false } => 1,
        }
    }
}

impl From<i64> for Num {
    fn from(n: i64) -> Num {
        Num::Small(n)
    }
}

impl Ord for Num {
    fn cmp(&self, other: &Num) -> Ordering {
        match (self, other) {
            (Num::Small(a), Num::Small(b)) => a.cmp(b),
            // -inf < every rational < inf.
            (Num::Infinite { negative: a }, Num::Infinite { negative: b }) => b.cmp(a),
            (Num::Infinite { negative }, _) => {
                if *negative {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (_, Num::Infinite { .. }) => other.cmp(self).reverse(),
            _ => self.to_rational().cmp(&other.to_rational()),
        }
    }
}

impl PartialOrd for Num {
    fn partial_cmp(&self, other: &Num) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Small(n) => write!(f, "{n}"),
            Num::Big(q) => write!(f, "{q}"),
            Num::Infinite { negative: false } => write!(f, "inf"),
            Num::Infinite { negative: true } => write!(f, "-inf"),
        }
    }
}

impl fmt::Debug for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_promotes_and_results_normalise() {
        let max = Num::Small(i64::MAX);
        let sum = max.add(&Num::Small(1)).unwrap();
        assert!(matches!(sum, Num::Big(_)));
        assert_eq!(sum.sub(&Num::Small(1)), Some(Num::Small(i64::MAX)));
        let half = Num::Small(1).checked_div(&Num::Small(2)).unwrap();
        assert!(matches!(half, Num::Big(_)));
        assert_eq!(half.add(&half), Some(Num::Small(1)));
        assert_eq!(Num::Small(i64::MIN).neg().neg(), Num::Small(i64::MIN));
    }

    #[test]
    fn infinities_follow_cgsuite() {
        // CGSuite's Rational: n/0 is inf or -inf by the sign of n; 0/0 has no value.
        let inf = Num::infinity(false);
        let minus_inf = Num::infinity(true);
        assert_eq!(
            Num::Small(17).checked_div(&Num::Small(0)),
            Some(inf.clone())
        );
        assert_eq!(
            Num::Small(-17).checked_div(&Num::Small(0)),
            Some(minus_inf.clone())
        );
        assert_eq!(Num::Small(0).checked_div(&Num::Small(0)), None);
        // The reciprocal of inf is 0 (CGSuite's test table: (17/0).Reciprocal is 0).
        assert_eq!(Num::Small(1).checked_div(&inf), Some(Num::Small(0)));
        assert_eq!(inf.checked_div(&Num::Small(-2)), Some(minus_inf.clone()));
        assert_eq!(inf.checked_div(&minus_inf), None);
        // Order: -inf < every rational < inf.
        let big = Num::from_rational(
            Rational::new(Integer::from(10i64.pow(18)), Integer::from(3)).unwrap(),
        );
        assert!(minus_inf < big && big < inf && minus_inf < inf);
        assert_eq!(inf.cmp(&inf), Ordering::Equal);
        // Arithmetic where it has a value.
        assert_eq!(inf.add(&Num::Small(5)), Some(inf.clone()));
        assert_eq!(inf.add(&minus_inf), None);
        assert_eq!(inf.sub(&inf), None);
        assert_eq!(minus_inf.mul(&Num::Small(-3)), Some(inf.clone()));
        assert_eq!(inf.mul(&Num::Small(0)), None);
        assert_eq!(minus_inf.abs(), inf);
        assert_eq!(
            minus_inf.numerator_denominator(),
            (Integer::from(-1), Integer::zero())
        );
        assert_eq!(inf.to_string(), "inf");
        assert_eq!(minus_inf.to_string(), "-inf");
    }
}
