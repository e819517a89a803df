//! Number-up-star values: x + a.↑ + *n, the games most sums and comparisons meet.
//!
//! Their arithmetic is closed form (numbers add, ups add, nimbers add by exclusive or), and so is
//! their order, so the engine never expands them into option lists unless it is asked to.

use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// x + a.↑ + *n with x a dyadic rational, a an integer number of ups and n a nim-value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Nus {
    pub number: Dyadic,
    pub ups: Integer,
    pub nimber: Integer,
}

/// The sign of a game relative to 0: the four outcome classes seen as an order relation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// G = 0 (a second-player win).
    Zero,
    /// G > 0 (Left wins).
    Positive,
    /// G < 0 (Right wins).
    Negative,
    /// G || 0 (the first player wins).
    Fuzzy,
}

impl Nus {
    pub fn number(x: Dyadic) -> Nus {
        Nus {
            number: x,
            ups: Integer::zero(),
            nimber: Integer::zero(),
        }
    }

    pub fn nimber(n: Integer) -> Nus {
        Nus {
            number: Dyadic::zero(),
            ups: Integer::zero(),
            nimber: n,
        }
    }

    pub fn new(number: Dyadic, ups: Integer, nimber: Integer) -> Nus {
        Nus {
            number,
            ups,
            nimber,
        }
    }

    pub fn is_number(&self) -> bool {
        self.ups.is_zero() && self.nimber.is_zero()
    }

    /// A nimber *n (including 0 = *0).
    pub fn is_nimber(&self) -> bool {
        self.number.is_zero() && self.ups.is_zero()
    }

    pub fn is_zero(&self) -> bool {
        self.number.is_zero() && self.ups.is_zero() && self.nimber.is_zero()
    }

    pub fn add(&self, other: &Nus) -> Nus {
        Nus {
            number: &self.number + &other.number,
            ups: &self.ups + &other.ups,
            nimber: self.nimber.bitxor(&other.nimber),
        }
    }

    pub fn neg(&self) -> Nus {
        Nus {
            number: -&self.number,
            ups: -&self.ups,
            nimber: self.nimber.clone(),
        }
    }

    pub fn sub(&self, other: &Nus) -> Nus {
        self.add(&other.neg())
    }

    /// The outcome of x + a.↑ + *n. A nonzero number part decides; otherwise two or more ups
    /// beat any nimber, and one up beats every nimber except * (↑* is a first-player win).
    /// Winning Ways ch. 3; Siegel, *Combinatorial Game Theory* (2013), II.4.
    pub fn sign(&self) -> Sign {
        match self.number.signum() {
            1 => return Sign::Positive,
            -1 => return Sign::Negative,
            _ => {}
        }
        let a = self.ups.signum();
        if a == 0 {
            return if self.nimber.is_zero() {
                Sign::Zero
            } else {
                Sign::Fuzzy
            };
        }
        let one = Integer::one();
        if self.ups.abs() == one && self.nimber == one {
            return Sign::Fuzzy;
        }
        if a > 0 {
            Sign::Positive
        } else {
            Sign::Negative
        }
    }

    /// G <= H for number-up-star values: H - G is zero or positive.
    pub fn leq(&self, other: &Nus) -> bool {
        matches!(other.sub(self).sign(), Sign::Zero | Sign::Positive)
    }

    /// The birthday: b(x + a.↑ + *n) = b(x) + b(a.↑ + *n), since every option of the
    /// infinitesimal part keeps the number part x. For the infinitesimal part (a >= 1), the
    /// canonical form {0 | (a-1).↑ + *(n^1)} descends one up at a time, giving a + 1 when
    /// n <= 1 and a + (n xor (a mod 2)) otherwise; b(*n) = n.
    pub fn birthday(&self) -> Integer {
        let a = self.ups.abs();
        let infinitesimal = if a.is_zero() {
            self.nimber.clone()
        } else if self.nimber <= Integer::one() {
            &a + &Integer::one()
        } else {
            let parity = if a.is_odd() {
                Integer::one()
            } else {
                Integer::zero()
            };
            &a + &self.nimber.bitxor(&parity)
        };
        &self.number.birthday() + &infinitesimal
    }

    /// The canonical Left and Right options, by the closed forms:
    /// - a number: its canonical options (`Dyadic::left_option`, `right_option`);
    /// - x + *n: {x + *i | x + *i} for i < n;
    /// - x + ↑*: {x, x* | x};
    /// - otherwise, for a >= 1: {x | x + (a-1).↑ + *(n xor 1)}, and the negatives for a <= -1.
    ///
    /// (Winning Ways ch. 3: ⇑* = {0|↑}, ↑*n = {0|*(n xor 1)}; the general case follows by
    /// induction and is checked against brute force in the tests.)
    pub fn options(&self) -> (Vec<Nus>, Vec<Nus>) {
        let x = &self.number;
        if self.is_number() {
            let l = x.left_option().map(Nus::number).into_iter().collect();
            let r = x.right_option().map(Nus::number).into_iter().collect();
            return (l, r);
        }
        let shifted = |ups: Integer, nimber: Integer| Nus::new(x.clone(), ups, nimber);
        if self.ups.is_zero() {
            let n = self.nimber.to_usize().unwrap_or(usize::MAX);
            let opts: Vec<Nus> = (0..n)
                .map(|i| shifted(Integer::zero(), Integer::from(i)))
                .collect();
            return (opts.clone(), opts);
        }
        let one = Integer::one();
        let plain = shifted(Integer::zero(), Integer::zero());
        let starred = shifted(Integer::zero(), one.clone());
        let positive = self.ups.is_positive();
        if self.ups.abs() == one && self.nimber == one {
            return if positive {
                (vec![plain.clone(), starred], vec![plain])
            } else {
                (vec![plain.clone()], vec![plain, starred])
            };
        }
        let toward_zero = if positive {
            &self.ups - &one
        } else {
            &self.ups + &one
        };
        let next = shifted(toward_zero, self.nimber.bitxor(&one));
        if positive {
            (vec![plain], vec![next])
        } else {
            (vec![next], vec![plain])
        }
    }
}
