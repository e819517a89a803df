//! `Game`, the handle of a canonical short game.
//!
//! A `Game` is 8 bytes. Number-up-star values whose parts are small are encoded inline (the high
//! bit set), so that sums and comparisons among them never touch the arena; every other canonical
//! game is an index into the arena of `store`, where each distinct canonical form is stored once.
//! Hence two games are equal exactly when their handles are equal.

use std::fmt;

use super::nus::{Nus, Sign};
use super::properties::TooLarge;
use super::store::{with_store, Side};
use super::uptimal::UptimalExpansion;
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// A canonical short game (see the module documentation for the encoding).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Game(pub(crate) u64);

const INLINE: u64 = 1 << 63;
const NIMBER_BITS: u32 = 9;
const UPS_SHIFT: u32 = NIMBER_BITS;
const UPS_BITS: u32 = 16;
const EXP_SHIFT: u32 = UPS_SHIFT + UPS_BITS;
const EXP_BITS: u32 = 6;
const NUM_SHIFT: u32 = EXP_SHIFT + EXP_BITS;

/// The fields of an inline number-up-star value: numerator / 2^exponent + ups.↑ + *nimber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SmallNus {
    pub numerator: i64,
    pub exponent: u32,
    pub ups: i64,
    pub nimber: u64,
}

impl SmallNus {
    /// The encoding of these fields, if they fit and the number is normalised.
    pub fn pack(self) -> Option<Game> {
        let SmallNus {
            numerator,
            exponent,
            ups,
            nimber,
        } = self;
        let fits = i32::try_from(numerator).is_ok()
            && exponent < (1 << EXP_BITS)
            && i16::try_from(ups).is_ok()
            && nimber < (1 << NIMBER_BITS)
            && (exponent == 0 || numerator & 1 == 1);
        if !fits {
            return None;
        }
        let num = (numerator as i32 as u32 as u64) << NUM_SHIFT;
        let exp = (exponent as u64) << EXP_SHIFT;
        let up = (ups as i16 as u16 as u64) << UPS_SHIFT;
        Some(Game(INLINE | num | exp | up | nimber))
    }

    /// The sum, normalised, if it is still small.
    pub fn add(self, other: SmallNus) -> Option<Game> {
        let exponent = self.exponent.max(other.exponent);
        let a = (self.numerator as i128) << (exponent - self.exponent);
        let b = (other.numerator as i128) << (exponent - other.exponent);
        let (mut numerator, mut exponent) = (a + b, exponent);
        while exponent > 0 && numerator & 1 == 0 {
            numerator >>= 1;
            exponent -= 1;
        }
        SmallNus {
            numerator: i64::try_from(numerator).ok()?,
            exponent,
            ups: self.ups.checked_add(other.ups)?,
            nimber: self.nimber ^ other.nimber,
        }
        .pack()
    }

    /// The sign of self - other, in closed form (see `Nus::sign`).
    pub fn difference_sign(self, other: SmallNus) -> Sign {
        let exponent = self.exponent.max(other.exponent);
        let a = (self.numerator as i128) << (exponent - self.exponent);
        let b = (other.numerator as i128) << (exponent - other.exponent);
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => return Sign::Positive,
            std::cmp::Ordering::Less => return Sign::Negative,
            std::cmp::Ordering::Equal => {}
        }
        let ups = self.ups - other.ups;
        let nimber = self.nimber ^ other.nimber;
        match ups {
            0 if nimber == 0 => Sign::Zero,
            0 => Sign::Fuzzy,
            1 | -1 if nimber == 1 => Sign::Fuzzy,
            u if u > 0 => Sign::Positive,
            _ => Sign::Negative,
        }
    }

    pub fn neg(self) -> Option<Game> {
        SmallNus {
            numerator: -self.numerator,
            ups: -self.ups,
            ..self
        }
        .pack()
    }

    pub fn to_nus(self) -> Nus {
        Nus::new(
            Dyadic::new(Integer::from(self.numerator), self.exponent),
            Integer::from(self.ups),
            Integer::from(self.nimber),
        )
    }

    pub fn from_nus(nus: &Nus) -> Option<SmallNus> {
        Some(SmallNus {
            numerator: nus.number.numerator().to_i64()?,
            exponent: nus.number.exponent(),
            ups: nus.ups.to_i64()?,
            nimber: nus.nimber.to_i64().and_then(|n| u64::try_from(n).ok())?,
        })
    }
}

impl Game {
    /// The game 0 = { | }.
    pub const ZERO: Game = Game(INLINE);

    pub(crate) fn from_index(index: u32) -> Game {
        Game(index as u64)
    }

    /// The arena index of a game that is not encoded inline.
    pub(crate) fn index(self) -> Option<usize> {
        (self.0 & INLINE == 0).then_some(self.0 as usize)
    }

    pub(crate) fn small(self) -> Option<SmallNus> {
        if self.0 & INLINE == 0 {
            return None;
        }
        let bits = self.0 & !INLINE;
        Some(SmallNus {
            numerator: (bits >> NUM_SHIFT) as u32 as i32 as i64,
            exponent: ((bits >> EXP_SHIFT) & ((1 << EXP_BITS) - 1)) as u32,
            ups: ((bits >> UPS_SHIFT) & ((1 << UPS_BITS) - 1)) as u16 as i16 as i64,
            nimber: bits & ((1 << NIMBER_BITS) - 1),
        })
    }

    pub fn is_zero(self) -> bool {
        self == Game::ZERO
    }
}

/// The outcome class of a game: who wins when each player moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The first player wins (G || 0).
    N,
    /// The second player wins (G = 0).
    P,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        };
        f.write_str(name)
    }
}

/// Constructors.
impl Game {
    pub fn integer(n: impl Into<Integer>) -> Game {
        Game::number(Dyadic::from_integer(n.into()))
    }

    pub fn number(x: Dyadic) -> Game {
        Game::from_nus(Nus::number(x))
    }

    /// The nimber *n (*0 = 0).
    pub fn nimber(n: impl Into<Integer>) -> Game {
        Game::from_nus(Nus::nimber(n.into()))
    }

    /// x + a.↑ + *n.
    pub fn from_nus(nus: Nus) -> Game {
        if let Some(g) = SmallNus::from_nus(&nus).and_then(SmallNus::pack) {
            return g;
        }
        with_store(|s| s.nus_game(nus))
    }

    pub fn up() -> Game {
        Game::from_nus(Nus::new(Dyadic::zero(), Integer::one(), Integer::zero()))
    }

    pub fn star() -> Game {
        Game::nimber(1)
    }

    /// The canonical form of {left | right}.
    ///
    /// ```
    /// use cg::core::Game;
    /// let up = Game::from_options(&[Game::ZERO], &[Game::star()]);
    /// assert_eq!(up, Game::up());
    /// assert_eq!(up.to_string(), "^");
    /// ```
    pub fn from_options(left: &[Game], right: &[Game]) -> Game {
        with_store(|s| s.canonical(left.to_vec(), right.to_vec()))
    }

    /// Tiny(G) = {0 || 0 | -G} (Winning Ways ch. 5).
    pub fn tiny(g: Game) -> Game {
        let inner = Game::from_options(&[Game::ZERO], &[-g]);
        Game::from_options(&[Game::ZERO], &[inner])
    }

    /// Miny(G) = {G | 0 || 0} = -Tiny(G).
    pub fn miny(g: Game) -> Game {
        -Game::tiny(g)
    }

    /// The switch ±S = {S | -S}: `+-G` for one option, `+-{a,b}` for several.
    pub fn switch(options: &[Game]) -> Game {
        let negatives: Vec<Game> = options.iter().map(|&g| -g).collect();
        Game::from_options(options, &negatives)
    }

    /// G^n (`pow`) for G = {0 | H}: ↑^2 = {0 | ↓*} prints `^<2>`. `None` unless G has that form
    /// or when n = 0.
    pub fn pow(self, n: u32) -> Option<Game> {
        if n == 0 {
            return None;
        }
        with_store(|s| s.powers(self, n)).map(|p| p[n as usize - 1].0)
    }

    /// G^→n = G + G^2 + ... + G^n (`pow_to`) for G = {0 | H}: ↑^→2 = {↑ | *} prints `^[2]`.
    pub fn pow_to(self, n: u32) -> Option<Game> {
        if n == 0 {
            return None;
        }
        with_store(|s| s.powers(self, n)).map(|p| p[n as usize - 1].1)
    }
}

/// Options and structure.
impl Game {
    /// Left options of the canonical form, in printing order.
    pub fn left_options(self) -> Vec<Game> {
        with_store(|s| s.sorted_options(self, Side::Left))
    }

    /// Right options of the canonical form, in printing order.
    pub fn right_options(self) -> Vec<Game> {
        with_store(|s| s.sorted_options(self, Side::Right))
    }

    /// Options of the canonical form on `side` in the order the store keeps them, for code
    /// that does not print them: putting n options in printing order takes up to n^2
    /// comparisons, each of which may itself take time (*1000 has 1000 options a side).
    pub fn options_unordered(self, side: Side) -> Vec<Game> {
        with_store(|s| s.options(self, side))
    }

    /// The value as number + ups + nimber, when it is one.
    pub fn to_nus(self) -> Option<Nus> {
        match self.small() {
            Some(small) => Some(small.to_nus()),
            None => with_store(|s| s.nus(self)),
        }
    }

    /// The number this game equals, if it is a number.
    pub fn to_number(self) -> Option<Dyadic> {
        self.to_nus().filter(Nus::is_number).map(|n| n.number)
    }

    pub fn is_number(self) -> bool {
        self.to_nus().is_some_and(|n| n.is_number())
    }

    pub fn is_integer(self) -> bool {
        self.to_number().is_some_and(|x| x.is_integer())
    }

    pub fn is_nimber(self) -> bool {
        self.to_nus().is_some_and(|n| n.is_nimber())
    }

    /// The nim-value n of a game equal to the nimber *n.
    pub fn nim_value(self) -> Option<Integer> {
        // Impartial rulesets ask this of every option: the inline case needs no Nus.
        if let Some(s) = self.small() {
            return (s.numerator == 0 && s.ups == 0).then(|| Integer::from(s.nimber));
        }
        self.to_nus().filter(Nus::is_nimber).map(|n| n.nimber)
    }

    /// Birthday of the canonical form (Siegel, CGT, Def. II.1.14).
    pub fn birthday(self) -> Integer {
        with_store(|s| s.birthday(self))
    }

    /// Left stop (Siegel, CGT, Def. II.5.2).
    pub fn left_stop(self) -> Dyadic {
        with_store(|s| s.stops(self).0)
    }

    /// Right stop (Siegel, CGT, Def. II.5.2).
    pub fn right_stop(self) -> Dyadic {
        with_store(|s| s.stops(self).1)
    }

    /// Every follower of the canonical form, itself included; `TooLarge` past `limit`.
    pub fn followers(self, limit: usize) -> Result<Vec<Game>, TooLarge> {
        with_store(|s| s.followers(self, limit))
    }

    /// How many followers the canonical form has, itself included; `TooLarge` when they must
    /// be listed and there are more than `limit`. A number's followers are the numbers on its
    /// path from 0 in the tree of numbers (its options are its two nearest ancestors), one per
    /// day up to its birthday, so a number x has birthday(x) + 1 of them, counted at once even
    /// for -1823437481924 (CGSuite: 1823437481925).
    ///
    /// ```
    /// use cg::core::{Dyadic, Game, Integer};
    /// assert_eq!(Game::integer(-5).follower_count(10), Ok(Integer::from(6)));
    /// let x = Game::number(Dyadic::new(Integer::from(25), 4));
    /// assert_eq!(x.follower_count(10), Ok(Integer::from(7)));
    /// ```
    pub fn follower_count(self, limit: usize) -> Result<Integer, TooLarge> {
        if let Some(x) = self.to_number() {
            return Ok(x.birthday() + Integer::one());
        }
        self.followers(limit).map(|f| Integer::from(f.len()))
    }

    /// Infinitesimal: both stops are 0 (so 0 counts), i.e. -x < G < x for every number x > 0.
    pub fn is_infinitesimal(self) -> bool {
        let (l, r) = with_store(|s| s.stops(self));
        l.is_zero() && r.is_zero()
    }

    /// Numberish: a number plus an infinitesimal (equal stops).
    pub fn is_numberish(self) -> bool {
        let (l, r) = with_store(|s| s.stops(self));
        l == r
    }

    /// x + Tiny(G) or x + Miny(G) (see `Store::number_tiny`), or a number x itself: CGSuite
    /// counts every number as number-tiny, with a zero tiny part (its `IsNumberTiny` is true for
    /// 0, 5 and -1/2).
    ///
    /// ```
    /// use cg::core::Game;
    /// assert!(Game::integer(5).is_number_tiny());
    /// assert!(!Game::up().is_number_tiny());
    /// ```
    pub fn is_number_tiny(self) -> bool {
        self.is_number() || with_store(|s| s.number_tiny(self)).is_some()
    }

    /// All-small: every follower has Left options exactly when it has Right options.
    pub fn is_all_small(self) -> bool {
        with_store(|s| s.is_all_small(self))
    }

    /// An uptimal: x + a_1.↑ + a_2.↑^2 + ... + a_k.↑^k + *m.
    pub fn is_uptimal(self) -> bool {
        self.uptimal_expansion().is_some()
    }

    /// The uptimal expansion of G, if G is an uptimal.
    pub fn uptimal_expansion(self) -> Option<UptimalExpansion> {
        with_store(|s| s.uptimal_expansion(self))
    }

    pub fn is_even(self) -> bool {
        with_store(|s| s.parity(self, true))
    }

    pub fn is_odd(self) -> bool {
        with_store(|s| s.parity(self, false))
    }

    pub fn is_even_tempered(self) -> bool {
        with_store(|s| s.temper(self, true))
    }

    pub fn is_odd_tempered(self) -> bool {
        with_store(|s| s.temper(self, false))
    }
}

/// Order.
impl Game {
    /// G <= H.
    pub fn leq(self, other: Game) -> bool {
        with_store(|s| s.leq(self, other))
    }

    pub fn geq(self, other: Game) -> bool {
        other.leq(self)
    }

    pub fn lt(self, other: Game) -> bool {
        self != other && self.leq(other)
    }

    pub fn gt(self, other: Game) -> bool {
        other.lt(self)
    }

    /// G || H: neither G <= H nor H <= G.
    pub fn confused(self, other: Game) -> bool {
        !self.leq(other) && !other.leq(self)
    }

    /// The sign of G relative to 0.
    pub fn sign(self) -> Sign {
        with_store(|s| s.sign(self))
    }

    pub fn outcome(self) -> Outcome {
        match self.sign() {
            Sign::Positive => Outcome::L,
            Sign::Negative => Outcome::R,
            Sign::Zero => Outcome::P,
            Sign::Fuzzy => Outcome::N,
        }
    }

    /// n.G, the sum of n copies of G.
    pub fn times(self, n: &Integer) -> Game {
        with_store(|s| s.multiple(self, n))
    }

    /// The fixed order in which games print as options and set elements: numbers ascending,
    /// then nimbers, then number-up-star values, then the rest.
    pub fn print_order(self, other: Game) -> std::cmp::Ordering {
        with_store(|s| s.print_order(self, other))
    }
}

impl std::ops::Add for Game {
    type Output = Game;
    fn add(self, other: Game) -> Game {
        if let (Some(a), Some(b)) = (self.small(), other.small()) {
            if let Some(s) = a.add(b) {
                return s;
            }
        }
        with_store(|s| s.sum(self, other))
    }
}

impl std::ops::Neg for Game {
    type Output = Game;
    fn neg(self) -> Game {
        with_store(|s| s.neg(self))
    }
}

impl std::ops::Sub for Game {
    type Output = Game;
    fn sub(self, other: Game) -> Game {
        with_store(|s| s.difference(self, other))
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&with_store(|s| s.notation(*self)))
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.small() {
            Some(s) => write!(f, "Game({:?})", s),
            None => write!(f, "Game(#{})", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_encoding_round_trips() {
        for &(numerator, exponent, ups, nimber) in &[
            (0, 0, 0, 0),
            (-1, 0, -2, 3),
            (73, 4, -9, 8),
            (i32::MIN as i64, 0, i16::MIN as i64, 511),
            (i32::MAX as i64, 63, i16::MAX as i64, 0),
        ] {
            let s = SmallNus {
                numerator,
                exponent,
                ups,
                nimber,
            };
            assert_eq!(s.pack().unwrap().small(), Some(s));
        }
        assert_eq!(
            SmallNus {
                numerator: 0,
                exponent: 0,
                ups: 0,
                nimber: 0
            }
            .pack(),
            Some(Game::ZERO)
        );
    }

    #[test]
    fn values_too_large_do_not_pack() {
        let big = SmallNus {
            numerator: 1 << 40,
            exponent: 0,
            ups: 0,
            nimber: 0,
        };
        assert_eq!(big.pack(), None);
        let unnormalised = SmallNus {
            numerator: 2,
            exponent: 1,
            ups: 0,
            nimber: 0,
        };
        assert_eq!(unnormalised.pack(), None);
        let star512 = SmallNus {
            numerator: 0,
            exponent: 0,
            ups: 0,
            nimber: 512,
        };
        assert_eq!(star512.pack(), None);
    }

    #[test]
    fn small_sums_normalise() {
        let half = SmallNus {
            numerator: 1,
            exponent: 1,
            ups: 1,
            nimber: 1,
        };
        let sum = half.add(half).unwrap().small().unwrap();
        assert_eq!(
            sum,
            SmallNus {
                numerator: 1,
                exponent: 0,
                ups: 2,
                nimber: 0
            }
        );
    }
}
