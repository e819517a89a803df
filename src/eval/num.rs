//! Numbers as the interpreter holds them: a machine integer when the value is an integer that
//! fits, otherwise a shared exact rational. Loops over integers then neither allocate nor
//! copy big numbers, and a value stays cheap to clone.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;

use crate::core::{Dyadic, Integer, Rational};

/// An exact rational number. Invariant: `Small` exactly when the value is an integer that fits
/// in an `i64`, so the derived equality and hash are value equality.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Num {
    Small(i64),
    Big(Rc<Rational>),
}

impl Num {
    pub fn from_rational(q: Rational) -> Num {
        match q.is_integer().then(|| q.numerator().to_i64()).flatten() {
            Some(n) => Num::Small(n),
            None => Num::Big(Rc::new(q)),
        }
    }

    /// `op` on the two numbers as rationals, borrowing the shared ones rather than copying.
    fn exact(&self, other: &Num, op: fn(&Rational, &Rational) -> Rational) -> Num {
        Num::from_rational(op(&self.widened(), &other.widened()))
    }

    fn widened(&self) -> Cow<'_, Rational> {
        match self {
            Num::Small(k) => Cow::Owned(Rational::from_integer(Integer::from(*k))),
            Num::Big(q) => Cow::Borrowed(q.as_ref()),
        }
    }

    pub fn from_integer(n: Integer) -> Num {
        match n.to_i64() {
            Some(n) => Num::Small(n),
            None => Num::Big(Rc::new(Rational::from_integer(n))),
        }
    }

    pub fn to_rational(&self) -> Rational {
        match self {
            Num::Small(n) => Rational::from_integer(Integer::from(*n)),
            Num::Big(q) => q.as_ref().clone(),
        }
    }

    pub fn to_integer(&self) -> Option<Integer> {
        match self {
            Num::Small(n) => Some(Integer::from(*n)),
            Num::Big(q) => q.to_integer(),
        }
    }

    pub fn to_i64(&self) -> Option<i64> {
        match self {
            Num::Small(n) => Some(*n),
            Num::Big(_) => None,
        }
    }

    pub fn to_dyadic(&self) -> Option<Dyadic> {
        match self {
            Num::Small(n) => Some(Dyadic::from(*n)),
            Num::Big(q) => q.to_dyadic(),
        }
    }

    pub fn is_integer(&self) -> bool {
        match self {
            Num::Small(_) => true,
            Num::Big(q) => q.is_integer(),
        }
    }

    pub fn is_zero(&self) -> bool {
        matches!(self, Num::Small(0))
    }

    pub fn add(&self, other: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if let Some(c) = a.checked_add(*b) {
                return Num::Small(c);
            }
        }
        self.exact(other, |a, b| a + b)
    }

    pub fn sub(&self, other: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if let Some(c) = a.checked_sub(*b) {
                return Num::Small(c);
            }
        }
        self.exact(other, |a, b| a - b)
    }

    pub fn mul(&self, other: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if let Some(c) = a.checked_mul(*b) {
                return Num::Small(c);
            }
        }
        self.exact(other, |a, b| a * b)
    }

    /// self += other (self -= other when `subtract`), reusing a big number's storage when no
    /// one else holds it.
    pub fn accumulate(&mut self, other: &Num, subtract: bool) {
        if let Num::Big(q) = self {
            {
                let q = Rc::make_mut(q);
                let other = other.widened();
                if subtract {
                    *q -= &other;
                } else {
                    *q += &other;
                }
            }
            if let Some(n) = q.is_integer().then(|| q.numerator().to_i64()).flatten() {
                *self = Num::Small(n);
            }
            return;
        }
        *self = if subtract {
            self.sub(other)
        } else {
            self.add(other)
        };
    }

    pub fn neg(&self) -> Num {
        match self {
            Num::Small(n) if *n != i64::MIN => Num::Small(-n),
            _ => Num::from_rational(-self.to_rational()),
        }
    }

    /// self / other, `None` when other is 0.
    pub fn checked_div(&self, other: &Num) -> Option<Num> {
        if let (Num::Small(a), Num::Small(b)) = (self, other) {
            if *b != 0 && a.checked_rem(*b) == Some(0) {
                return a.checked_div(*b).map(Num::Small);
            }
        }
        self.to_rational()
            .checked_div(&other.to_rational())
            .map(Num::from_rational)
    }

    pub fn floor(&self) -> Num {
        match self {
            Num::Small(_) => self.clone(),
            Num::Big(q) => Num::from_integer(q.floor()),
        }
    }

    pub fn ceil(&self) -> Num {
        match self {
            Num::Small(_) => self.clone(),
            Num::Big(q) => Num::from_integer(q.ceil()),
        }
    }

    pub fn abs(&self) -> Num {
        match self {
            Num::Small(n) if *n != i64::MIN => Num::Small(n.abs()),
            _ => Num::from_rational(self.to_rational().abs()),
        }
    }

    pub fn signum(&self) -> i32 {
        match self {
            Num::Small(n) => n.signum() as i32,
            Num::Big(q) => q.signum(),
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
        let sum = max.add(&Num::Small(1));
        assert!(matches!(sum, Num::Big(_)));
        assert_eq!(sum.sub(&Num::Small(1)), Num::Small(i64::MAX));
        let half = Num::Small(1).checked_div(&Num::Small(2)).unwrap();
        assert!(matches!(half, Num::Big(_)));
        assert_eq!(half.add(&half), Num::Small(1));
        assert_eq!(Num::Small(i64::MIN).neg().neg(), Num::Small(i64::MIN));
        assert_eq!(Num::Small(7).checked_div(&Num::Small(0)), None);
    }
}
