//! Exact integers of any size, with an inline fast path for values that fit in an `i64`.
//!
//! Game values grow without bound (sums of integers, exponents of switches, birthdays), so
//! the core may never wrap around or panic on overflow. Almost all values met in practice are
//! small, however, so they are kept as a plain `i64` and only promoted to a heap-allocated
//! [`BigInt`] when a checked machine operation reports overflow.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive};

/// An exact integer of any size.
///
/// Invariant: the `Big` variant is used only when the value does not fit in an `i64`, so the
/// derived `Eq` and `Hash` are value equality. Every operation of this module restores the
/// invariant; build values from a `BigInt` with `Integer::from`, never with the `Big`
/// constructor directly.
///
/// ```
/// use cg::core::Integer;
/// let big = Integer::from(i64::MAX) + Integer::one();
/// assert!(matches!(big, Integer::Big(_)));
/// assert_eq!(big - Integer::one(), Integer::Small(i64::MAX));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Integer {
    /// A value in the range of `i64`.
    Small(i64),
    /// A value outside the range of `i64`.
    Big(BigInt),
}

use Integer::{Big, Small};

impl Integer {
    /// Normalises a `BigInt` into the canonical representation.
    fn from_big(b: BigInt) -> Integer {
        match b.to_i64() {
            Some(v) => Small(v),
            None => Big(b),
        }
    }

    /// This value as a `BigInt`, borrowed when it already is one.
    fn as_big(&self) -> Cow<'_, BigInt> {
        match self {
            Small(v) => Cow::Owned(BigInt::from(*v)),
            Big(b) => Cow::Borrowed(b),
        }
    }

    /// The integer 0.
    pub fn zero() -> Integer {
        Small(0)
    }

    /// The integer 1.
    pub fn one() -> Integer {
        Small(1)
    }

    /// Parses a decimal integer: an optional leading `-` followed by one or more ASCII digits,
    /// and nothing else (no `+`, no spaces, no separators). Returns `None` otherwise.
    ///
    /// ```
    /// use cg::core::Integer;
    /// assert_eq!(Integer::parse_decimal("-42"), Some(Integer::from(-42)));
    /// assert_eq!(Integer::parse_decimal("+1"), None);
    /// let big = Integer::parse_decimal("123456789012345678901234567890").unwrap();
    /// assert_eq!(big.to_string(), "123456789012345678901234567890");
    /// ```
    pub fn parse_decimal(s: &str) -> Option<Integer> {
        let digits = s.strip_prefix('-').unwrap_or(s);
        if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        if let Ok(v) = s.parse::<i64>() {
            return Some(Small(v));
        }
        BigInt::parse_bytes(s.as_bytes(), 10).map(Integer::from_big)
    }

    /// The value as an `i64`, if it fits.
    pub fn to_i64(&self) -> Option<i64> {
        match self {
            Small(v) => Some(*v),
            Big(_) => None,
        }
    }

    /// The value as a `u32`, if it fits (so `None` for negative values).
    pub fn to_u32(&self) -> Option<u32> {
        self.to_i64().and_then(|v| u32::try_from(v).ok())
    }

    /// The value as a `usize`, if it fits (so `None` for negative values).
    pub fn to_usize(&self) -> Option<usize> {
        match self {
            Small(v) => usize::try_from(*v).ok(),
            Big(b) => b.to_usize(),
        }
    }

    /// The value as a `BigInt`.
    pub fn to_bigint(&self) -> BigInt {
        self.as_big().into_owned()
    }

    /// An approximation as an `f64` (infinite when out of range); for display only.
    pub fn to_f64(&self) -> f64 {
        match self {
            Small(v) => *v as f64,
            Big(b) => b.to_f64().unwrap_or(if b.is_negative() {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }),
        }
    }

    /// Whether the value is 0.
    pub fn is_zero(&self) -> bool {
        matches!(self, Small(0))
    }

    /// Whether the value is less than 0.
    pub fn is_negative(&self) -> bool {
        match self {
            Small(v) => *v < 0,
            Big(b) => b.is_negative(),
        }
    }

    /// Whether the value is greater than 0.
    pub fn is_positive(&self) -> bool {
        match self {
            Small(v) => *v > 0,
            Big(b) => b.is_positive(),
        }
    }

    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match self {
            Small(v) => v.signum() as i32,
            Big(b) => {
                if b.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// The absolute value (`|i64::MIN|` is promoted to a big integer).
    pub fn abs(&self) -> Integer {
        match self {
            Small(v) => match v.checked_abs() {
                Some(a) => Small(a),
                None => Big(BigInt::from(*v).abs()),
            },
            Big(b) => Integer::from_big(b.abs()),
        }
    }

    /// Whether the value is divisible by 2.
    pub fn is_even(&self) -> bool {
        match self {
            Small(v) => v & 1 == 0,
            Big(b) => b.is_even(),
        }
    }

    /// Whether the value is not divisible by 2.
    pub fn is_odd(&self) -> bool {
        !self.is_even()
    }

    /// The exponent of the largest power of two dividing the value; `None` for 0.
    ///
    /// ```
    /// use cg::core::Integer;
    /// assert_eq!(Integer::from(-12).trailing_zeros(), Some(2));
    /// assert_eq!(Integer::zero().trailing_zeros(), None);
    /// ```
    pub fn trailing_zeros(&self) -> Option<u64> {
        match self {
            Small(0) => None,
            Small(v) => Some(u64::from(v.trailing_zeros())),
            Big(b) => b.trailing_zeros(),
        }
    }

    /// Multiplication by `2^k`.
    pub fn shl(&self, k: u32) -> Integer {
        match self {
            Small(0) => Small(0),
            Small(v) if k < 64 => {
                let r = v << k;
                if r >> k == *v {
                    Small(r)
                } else {
                    Big(BigInt::from(*v) << k)
                }
            }
            Small(v) => Big(BigInt::from(*v) << k),
            Big(b) => Integer::from_big(b << k),
        }
    }

    /// Floor division by `2^k`, i.e. an arithmetic right shift: `(-7).shr_floor(1) == -4`.
    pub fn shr_floor(&self, k: u32) -> Integer {
        match self {
            Small(v) if k < 64 => Small(v >> k),
            Small(v) => Small(if *v < 0 { -1 } else { 0 }),
            Big(b) => Integer::from_big(b >> k),
        }
    }

    /// The value raised to the power `k` (with `0^0 = 1`).
    pub fn pow(&self, k: u32) -> Integer {
        match self {
            Small(v) => match v.checked_pow(k) {
                Some(r) => Small(r),
                None => Integer::from_big(BigInt::from(*v).pow(k)),
            },
            Big(b) => Integer::from_big(b.pow(k)),
        }
    }

    /// Floor division, rounding towards negative infinity (`-7 div 2 = -4`); `None` when
    /// dividing by 0.
    pub fn div_floor(&self, d: &Integer) -> Option<Integer> {
        if d.is_zero() {
            return None;
        }
        Some(match (self, d) {
            (Small(a), Small(b)) => match a.checked_div(*b) {
                // Only i64::MIN / -1 overflows, and the quotient is then exact.
                None => Big(-BigInt::from(*a)),
                Some(_) => Small(num_integer::Integer::div_floor(a, b)),
            },
            _ => Integer::from_big(self.as_big().div_floor(&d.as_big())),
        })
    }

    /// The remainder of floor division, with the sign of the divisor (`-7 mod 2 = 1`,
    /// `7 mod -2 = -1`); `None` when dividing by 0.
    pub fn mod_floor(&self, d: &Integer) -> Option<Integer> {
        if d.is_zero() {
            return None;
        }
        Some(match (self, d) {
            (Small(_), Small(-1)) => Small(0),
            (Small(a), Small(b)) => Small(num_integer::Integer::mod_floor(a, b)),
            _ => Integer::from_big(self.as_big().mod_floor(&d.as_big())),
        })
    }

    /// The greatest common divisor, always nonnegative; `gcd(0, 0) = 0`.
    pub fn gcd(&self, other: &Integer) -> Integer {
        match (self, other) {
            (Small(a), Small(b)) => {
                let (mut x, mut y) = (a.unsigned_abs(), b.unsigned_abs());
                while y != 0 {
                    (x, y) = (y, x % y);
                }
                Integer::from(x)
            }
            _ => Integer::from_big(self.as_big().gcd(&other.as_big())),
        }
    }

    /// Bitwise exclusive or, in infinite two's complement (as for `BigInt`).
    ///
    /// This is nim addition on nonnegative values.
    pub fn bitxor(&self, other: &Integer) -> Integer {
        match (self, other) {
            (Small(a), Small(b)) => Small(a ^ b),
            _ => Integer::from_big(&*self.as_big() ^ &*other.as_big()),
        }
    }

    /// Bitwise and, in infinite two's complement (as for `BigInt`).
    pub fn bitand(&self, other: &Integer) -> Integer {
        match (self, other) {
            (Small(a), Small(b)) => Small(a & b),
            _ => Integer::from_big(&*self.as_big() & &*other.as_big()),
        }
    }

    /// Bitwise or, in infinite two's complement (as for `BigInt`).
    pub fn bitor(&self, other: &Integer) -> Integer {
        match (self, other) {
            (Small(a), Small(b)) => Small(a | b),
            _ => Integer::from_big(&*self.as_big() | &*other.as_big()),
        }
    }

    /// The bit length of the absolute value (0 for 0, 1 for ±1, 3 for ±5).
    pub fn bits(&self) -> u64 {
        match self {
            Small(v) => u64::from(64 - v.unsigned_abs().leading_zeros()),
            Big(b) => b.bits(),
        }
    }

    fn add_ref(&self, other: &Integer) -> Integer {
        match (self, other) {
            (Small(a), Small(b)) => match a.checked_add(*b) {
                Some(r) => Small(r),
                None => Big(BigInt::from(*a) + *b),
            },
            _ => Integer::from_big(&*self.as_big() + &*other.as_big()),
        }
    }

    fn sub_ref(&self, other: &Integer) -> Integer {
        match (self, other) {
            (Small(a), Small(b)) => match a.checked_sub(*b) {
                Some(r) => Small(r),
                None => Big(BigInt::from(*a) - *b),
            },
            _ => Integer::from_big(&*self.as_big() - &*other.as_big()),
        }
    }

    fn mul_ref(&self, other: &Integer) -> Integer {
        match (self, other) {
            (Small(a), Small(b)) => match a.checked_mul(*b) {
                Some(r) => Small(r),
                None => Big(BigInt::from(*a) * *b),
            },
            _ => Integer::from_big(&*self.as_big() * &*other.as_big()),
        }
    }

    fn neg_ref(&self) -> Integer {
        match self {
            Small(v) => match v.checked_neg() {
                Some(r) => Small(r),
                None => Big(-BigInt::from(*v)),
            },
            Big(b) => Integer::from_big(-b),
        }
    }
}

/// Implements a binary operator trait for all four owned/borrowed combinations of `$T`, in
/// terms of an inherent `fn $imp(&self, &$T) -> $T`.
macro_rules! forward_binop {
    ($T:ty, $Trait:ident, $method:ident, $imp:ident) => {
        impl $Trait<&$T> for &$T {
            type Output = $T;
            fn $method(self, rhs: &$T) -> $T {
                <$T>::$imp(self, rhs)
            }
        }
        impl $Trait<$T> for &$T {
            type Output = $T;
            fn $method(self, rhs: $T) -> $T {
                <$T>::$imp(self, &rhs)
            }
        }
        impl $Trait<&$T> for $T {
            type Output = $T;
            fn $method(self, rhs: &$T) -> $T {
                <$T>::$imp(&self, rhs)
            }
        }
        impl $Trait<$T> for $T {
            type Output = $T;
            fn $method(self, rhs: $T) -> $T {
                <$T>::$imp(&self, &rhs)
            }
        }
    };
}

/// Implements `Neg` for `$T` and `&$T` in terms of an inherent `fn $imp(&self) -> $T`.
macro_rules! forward_neg {
    ($T:ty, $imp:ident) => {
        impl Neg for &$T {
            type Output = $T;
            fn neg(self) -> $T {
                <$T>::$imp(self)
            }
        }
        impl Neg for $T {
            type Output = $T;
            fn neg(self) -> $T {
                <$T>::$imp(&self)
            }
        }
    };
}

pub(crate) use {forward_binop, forward_neg};

forward_binop!(Integer, Add, add, add_ref);
forward_binop!(Integer, Sub, sub, sub_ref);
forward_binop!(Integer, Mul, mul, mul_ref);
forward_neg!(Integer, neg_ref);

impl AddAssign<&Integer> for Integer {
    /// In place when `self` is already big, so that accumulating a large sum reuses its digits.
    fn add_assign(&mut self, rhs: &Integer) {
        if let Big(b) = self {
            match rhs {
                Small(v) => *b += *v,
                Big(r) => *b += r,
            }
            if let Some(v) = b.to_i64() {
                *self = Small(v);
            }
            return;
        }
        *self = self.add_ref(rhs);
    }
}

impl AddAssign<Integer> for Integer {
    fn add_assign(&mut self, rhs: Integer) {
        *self = self.add_ref(&rhs);
    }
}

impl SubAssign<&Integer> for Integer {
    /// In place when `self` is already big.
    fn sub_assign(&mut self, rhs: &Integer) {
        if let Big(b) = self {
            match rhs {
                Small(v) => *b -= *v,
                Big(r) => *b -= r,
            }
            if let Some(v) = b.to_i64() {
                *self = Small(v);
            }
            return;
        }
        *self = self.sub_ref(rhs);
    }
}

impl SubAssign<Integer> for Integer {
    fn sub_assign(&mut self, rhs: Integer) {
        *self = self.sub_ref(&rhs);
    }
}

impl Default for Integer {
    /// The integer 0.
    fn default() -> Integer {
        Small(0)
    }
}

impl From<i64> for Integer {
    fn from(v: i64) -> Integer {
        Small(v)
    }
}

impl From<i32> for Integer {
    fn from(v: i32) -> Integer {
        Small(i64::from(v))
    }
}

impl From<u32> for Integer {
    fn from(v: u32) -> Integer {
        Small(i64::from(v))
    }
}

impl From<u64> for Integer {
    fn from(v: u64) -> Integer {
        match i64::try_from(v) {
            Ok(s) => Small(s),
            Err(_) => Big(BigInt::from(v)),
        }
    }
}

impl From<usize> for Integer {
    fn from(v: usize) -> Integer {
        match i64::try_from(v) {
            Ok(s) => Small(s),
            Err(_) => Big(BigInt::from(v)),
        }
    }
}

impl From<BigInt> for Integer {
    /// Converts, normalising to `Small` when the value fits in an `i64`.
    fn from(b: BigInt) -> Integer {
        Integer::from_big(b)
    }
}

impl Ord for Integer {
    fn cmp(&self, other: &Integer) -> Ordering {
        // By the invariant a `Big` value lies outside the `i64` range, so its sign decides
        // any comparison with a `Small` one.
        match (self, other) {
            (Small(a), Small(b)) => a.cmp(b),
            (Big(a), Big(b)) => a.cmp(b),
            (Small(_), Big(b)) => {
                if b.is_positive() {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (Big(a), Small(_)) => {
                if a.is_positive() {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
        }
    }
}

impl PartialOrd for Integer {
    fn partial_cmp(&self, other: &Integer) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Small(v) => fmt::Display::fmt(v, f),
            Big(b) => fmt::Display::fmt(b, f),
        }
    }
}

impl fmt::Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(v: i64) -> Integer {
        Integer::from(v)
    }

    fn two_pow(k: u32) -> BigInt {
        BigInt::from(1) << k
    }

    #[test]
    fn max_plus_one_promotes_and_comes_back() {
        let big = int(i64::MAX) + int(1);
        assert_eq!(big, Big(two_pow(63)));
        assert_eq!(big.to_string(), "9223372036854775808");
        let back = &big - &int(1);
        assert_eq!(back, Small(i64::MAX));
        let mut m = big.clone();
        m -= int(1);
        assert_eq!(m, Small(i64::MAX));
        m += &int(1);
        assert_eq!(m, big);
    }

    #[test]
    fn min_edge_cases() {
        let min = int(i64::MIN);
        assert_eq!(min.abs(), Big(two_pow(63)));
        assert_eq!(-&min, Big(two_pow(63)));
        assert_eq!(-(-min.clone()), min);
        assert_eq!(min.clone() - int(1), Big(-two_pow(63) - 1));
        assert_eq!(min.clone() * int(-1), Big(two_pow(63)));
        assert_eq!(min.div_floor(&int(-1)), Some(Big(two_pow(63))));
        assert_eq!(min.mod_floor(&int(-1)), Some(int(0)));
        assert_eq!(min.gcd(&int(0)), Big(two_pow(63)));
        assert_eq!(min.gcd(&min), Big(two_pow(63)));
        assert_eq!(min.bits(), 64);
        assert_eq!(min.trailing_zeros(), Some(63));
        assert_eq!(min.shr_floor(63), int(-1));
        // -2^63 itself is Small; -2^63 as a shift result must stay Small.
        assert_eq!(int(-1).shl(63), Small(i64::MIN));
        assert_eq!(int(1).shl(63), Big(two_pow(63)));
        assert_eq!(Integer::from(BigInt::from(i64::MIN)), Small(i64::MIN));
    }

    #[test]
    fn floor_division() {
        assert_eq!(int(-7).div_floor(&int(2)), Some(int(-4)));
        assert_eq!(int(-7).mod_floor(&int(2)), Some(int(1)));
        assert_eq!(int(7).div_floor(&int(-2)), Some(int(-4)));
        assert_eq!(int(7).mod_floor(&int(-2)), Some(int(-1)));
        assert_eq!(int(6).div_floor(&int(3)), Some(int(2)));
        assert_eq!(int(5).div_floor(&int(0)), None);
        assert_eq!(int(5).mod_floor(&int(0)), None);
        let big = Big(two_pow(100));
        assert_eq!(big.div_floor(&Big(two_pow(70))), Some(int(1 << 30)));
        assert_eq!((-&big - int(1)).mod_floor(&int(2)), Some(int(1)));
    }

    #[test]
    fn shifts() {
        assert_eq!(int(-7).shr_floor(1), int(-4));
        assert_eq!(int(-1).shr_floor(200), int(-1));
        assert_eq!(int(5).shr_floor(200), int(0));
        assert_eq!(int(3).shl(100), Big(BigInt::from(3) * two_pow(100)));
        assert_eq!(int(3).shl(100).shr_floor(100), int(3));
        assert_eq!((-int(3).shl(100)).shr_floor(101), int(-2));
        assert_eq!(int(0).shl(1000), int(0));
    }

    #[test]
    fn parse_and_display() {
        assert_eq!(Integer::parse_decimal("0"), Some(int(0)));
        assert_eq!(Integer::parse_decimal("-0"), Some(int(0)));
        assert_eq!(Integer::parse_decimal("007"), Some(int(7)));
        assert_eq!(
            Integer::parse_decimal("-9223372036854775808"),
            Some(Small(i64::MIN))
        );
        assert_eq!(
            Integer::parse_decimal("9223372036854775808"),
            Some(Big(two_pow(63)))
        );
        for bad in [
            "", "-", "+3", " 3", "3 ", "1_000", "--1", "1e3", "0x10", "١",
        ] {
            assert_eq!(Integer::parse_decimal(bad), None, "{bad:?}");
        }
        assert_eq!(format!("{:?}", int(-12)), "-12");
        assert_eq!(format!("{}", Big(-two_pow(64))), "-18446744073709551616");
    }

    #[test]
    fn order_across_variants() {
        let big_pos = Big(two_pow(80));
        let big_neg = Big(-two_pow(80));
        assert!(int(i64::MAX) < big_pos);
        assert!(int(i64::MIN) > big_neg);
        assert!(big_neg < big_pos);
        assert!(big_pos > int(0));
        assert_eq!(big_pos.signum(), 1);
        assert_eq!(big_neg.signum(), -1);
        assert_eq!(int(0).signum(), 0);
    }

    #[test]
    fn conversions() {
        assert_eq!(Integer::from(u64::MAX), Big(BigInt::from(u64::MAX)));
        assert_eq!(Integer::from(u64::MAX).to_i64(), None);
        assert_eq!(Integer::from(7u64), Small(7));
        assert_eq!(Integer::from(usize::MAX).to_usize(), Some(usize::MAX));
        assert_eq!(int(-1).to_u32(), None);
        assert_eq!(int(1 << 32).to_u32(), None);
        assert_eq!(int(4_000_000_000).to_u32(), Some(4_000_000_000));
        assert_eq!(Integer::from(-5i32).to_bigint(), BigInt::from(-5));
    }

    #[test]
    fn bit_operations() {
        assert_eq!(int(5).bitxor(&int(3)), int(6));
        assert_eq!(int(-1).bitand(&int(12)), int(12));
        assert_eq!(int(-8).bitor(&int(3)), int(-5));
        let big = Big(two_pow(70) + 5);
        assert_eq!(big.bitxor(&big), int(0));
        assert_eq!(big.bitand(&int(7)), int(5));
        assert_eq!(big.bitxor(&Big(two_pow(70))), int(5));
        assert_eq!(int(0).bits(), 0);
        assert_eq!(int(-5).bits(), 3);
        assert_eq!(big.bits(), 71);
    }

    #[test]
    fn pow_and_gcd() {
        assert_eq!(int(2).pow(62), int(1 << 62));
        assert_eq!(int(2).pow(64), Big(two_pow(64)));
        assert_eq!(int(-2).pow(63), Small(i64::MIN));
        assert_eq!(int(0).pow(0), int(1));
        assert_eq!(int(-1).pow(u32::MAX), int(-1));
        assert_eq!(int(-12).gcd(&int(18)), int(6));
        assert_eq!(int(0).gcd(&int(0)), int(0));
        assert_eq!(Big(two_pow(90) * 3).gcd(&int(-12)), int(12));
    }

    #[test]
    fn parity() {
        assert!(int(-4).is_even());
        assert!(int(-3).is_odd());
        assert!(Big(two_pow(64) + 1).is_odd());
        assert!(Big(two_pow(64)).is_even());
    }
}
