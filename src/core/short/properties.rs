//! Structural properties of canonical forms: birthday, stops, followers, and the classes of
//! games the literature names (all-small, even and odd, even- and odd-tempered, number-tiny).

use ahash::AHashSet;

use super::game::Game;
use super::store::{Side, Store};
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// A computation that would exceed a resource bound set by the caller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooLarge {
    pub what: &'static str,
    pub limit: usize,
}

impl Store {
    /// The birthday: 0 for 0, else one more than the largest birthday of an option
    /// (Siegel CGT, Def. II.1.14), computed on the canonical form.
    pub fn birthday(&mut self, g: Game) -> Integer {
        if let Some(nus) = self.nus(g) {
            return nus.birthday();
        }
        if let Some(b) = self.birthday_cache.get(&g) {
            return b.clone();
        }
        let span = self.span(g);
        let mut oldest = Integer::zero();
        for i in span.left().chain(span.right()) {
            let o = self.pool[i];
            let b = self.birthday(o);
            if b > oldest {
                oldest = b;
            }
        }
        let b = &oldest + &Integer::one();
        self.birthday_cache.insert(g, b.clone());
        b
    }

    /// The Left and Right stops: the number reached when Left (resp. Right) starts and both
    /// play optimally until a number is reached (Siegel CGT, Def. II.5.2).
    pub fn stops(&mut self, g: Game) -> (Dyadic, Dyadic) {
        if let Some(nus) = self.nus(g) {
            return (nus.number.clone(), nus.number);
        }
        if let Some(s) = self.stops_cache.get(&g) {
            return s.clone();
        }
        let span = self.span(g);
        let mut left_stop: Option<Dyadic> = None;
        for i in span.left() {
            let gl = self.pool[i];
            let candidate = self.stops(gl).1;
            if left_stop.as_ref().is_none_or(|s| candidate > *s) {
                left_stop = Some(candidate);
            }
        }
        let mut right_stop: Option<Dyadic> = None;
        for i in span.right() {
            let gr = self.pool[i];
            let candidate = self.stops(gr).0;
            if right_stop.as_ref().is_none_or(|s| candidate < *s) {
                right_stop = Some(candidate);
            }
        }
        // A general canonical form is not a number, so it has options on both sides unless it
        // is a number-like one-sided game, which canonical forms never are.
        let stops = (
            left_stop.expect("a general game has Left options"),
            right_stop.expect("a general game has Right options"),
        );
        self.stops_cache.insert(g, stops.clone());
        stops
    }

    /// Every follower of G (G itself included), or `TooLarge` past `limit` of them.
    pub fn followers(&mut self, g: Game, limit: usize) -> Result<Vec<Game>, TooLarge> {
        let mut seen = AHashSet::new();
        let mut stack = vec![g];
        let mut order = Vec::new();
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if seen.len() > limit {
                return Err(TooLarge {
                    what: "followers",
                    limit,
                });
            }
            order.push(x);
            if let Some(nus) = self.nus(x) {
                if nus.birthday() > Integer::from(limit) {
                    return Err(TooLarge {
                        what: "followers",
                        limit,
                    });
                }
            }
            let span = self.span(x);
            stack.extend(span.left().chain(span.right()).map(|i| self.pool[i]));
        }
        Ok(order)
    }

    /// All-small: every follower has Left options exactly when it has Right options
    /// (Winning Ways ch. 9). On canonical forms, a number-up-star value is all-small exactly
    /// when its number part is 0.
    pub fn is_all_small(&mut self, g: Game) -> bool {
        if let Some(nus) = self.nus(g) {
            return nus.number.is_zero();
        }
        if let Some(&known) = self.all_small_cache.get(&g) {
            return known;
        }
        let span = self.span(g);
        let result = (span.left_count() == 0) == (span.right_count() == 0)
            && span.left().chain(span.right()).all(|i| {
                let o = self.pool[i];
                self.is_all_small(o)
            });
        self.all_small_cache.insert(g, result);
        result
    }

    /// Even and odd games (Conway, ONAG ch. 5): G is even when all its options are odd, odd when
    /// all its options are even and it has one; judged on the canonical form. For
    /// number-up-star values this means an integer, or an integer plus *, of the right parity.
    pub fn parity(&mut self, g: Game, even: bool) -> bool {
        if let Some(nus) = self.nus(g) {
            let one = Integer::one();
            if !nus.ups.is_zero() || nus.nimber > one || !nus.number.is_integer() {
                return false;
            }
            let total = &nus.number.floor() + &nus.nimber;
            return total.is_even() == even;
        }
        let span = self.span(g);
        span.left().chain(span.right()).all(|i| {
            let o = self.pool[i];
            self.parity(o, !even)
        })
    }

    /// Even- and odd-tempered games (Berlekamp; Siegel, CGT): G is even-tempered if it
    /// is a number or every option is odd-tempered, odd-tempered if it is not a number and every
    /// option is even-tempered.
    pub fn temper(&mut self, g: Game, even: bool) -> bool {
        if let Some(nus) = self.nus(g) {
            let expected_nimber = if even {
                Integer::zero()
            } else {
                Integer::one()
            };
            return nus.ups.is_zero() && nus.nimber == expected_nimber;
        }
        let span = self.span(g);
        span.left().chain(span.right()).all(|i| {
            let o = self.pool[i];
            self.temper(o, !even)
        })
    }

    /// The single option on `side`, if there is exactly one.
    pub fn sole_option(&mut self, g: Game, side: Side) -> Option<Game> {
        match self.options(g, side).as_slice() {
            [o] => Some(*o),
            _ => None,
        }
    }

    /// G = x + Tiny(H) = {x || x | x - H} or x + Miny(H) = {x + H | x || x}, as CGSuite judges
    /// it: the shape, with the far option's mean on the far side of x. Returns (x, H, is_tiny).
    pub fn number_tiny(&mut self, g: Game) -> Option<(Game, Game, bool)> {
        if self.is_nus(g) {
            return None;
        }
        let l = self.sole_option(g, Side::Left)?;
        let r = self.sole_option(g, Side::Right)?;
        if self.is_number(l) && self.sole_option(r, Side::Left) == Some(l) {
            let far = self.sole_option(r, Side::Right)?;
            if self.mean_below(far, l) {
                let h = self.difference(l, far);
                return Some((l, h, true));
            }
        }
        if self.is_number(r) && self.sole_option(l, Side::Right) == Some(r) {
            let far = self.sole_option(l, Side::Left)?;
            if self.mean_below(r, far) {
                let h = self.difference(far, r);
                return Some((r, h, false));
            }
        }
        None
    }

    /// mean(a) < mean(b), for the number-tiny test (CGSuite compares means exactly; see
    /// `thermal`).
    fn mean_below(&mut self, a: Game, b: Game) -> bool {
        self.mean(a) < self.mean(b)
    }
}
