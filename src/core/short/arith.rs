//! Disjunctive sum, negation and integer multiples of canonical games.

use super::game::Game;
use super::store::{Side, Store};
use crate::core::numbers::integer::Integer;

impl Store {
    /// The disjunctive sum G + H = {G^L + H, G + H^L | G^R + H, G + H^R}
    /// (Conway, ONAG ch. 1). Number-up-star values add in closed form; a number x added to a
    /// general G translates it, {G^L + x | G^R + x} being canonical already (number translation,
    /// Siegel CGT II.3).
    pub fn sum(&mut self, g: Game, h: Game) -> Game {
        if g.is_zero() {
            return h;
        }
        if h.is_zero() {
            return g;
        }
        if let (Some(a), Some(b)) = (g.small(), h.small()) {
            if let Some(s) = a.add(b) {
                return s;
            }
        }
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            return self.nus_game(a.add(&b));
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sum_cache.get(&key) {
            return s;
        }
        let result = if self.is_number(g) {
            self.translate(h, g)
        } else if self.is_number(h) {
            self.translate(g, h)
        } else {
            let (gs, hs) = (self.span(g), self.span(h));
            // Group 0: G^L + H (resp. G^R + H); group 1: G + H^L (resp. G + H^R).
            let mut left = Vec::with_capacity(gs.left_count() + hs.left_count());
            let mut right = Vec::with_capacity(gs.right_count() + hs.right_count());
            for i in gs.left() {
                let gl = self.pool[i];
                left.push((self.sum(gl, h), 0));
            }
            for i in hs.left() {
                let hl = self.pool[i];
                left.push((self.sum(g, hl), 1));
            }
            for i in gs.right() {
                let gr = self.pool[i];
                right.push((self.sum(gr, h), 0));
            }
            for i in hs.right() {
                let hr = self.pool[i];
                right.push((self.sum(g, hr), 1));
            }
            self.canonical_grouped(left, right)
        };
        self.sum_cache.insert(key, result);
        result
    }

    /// G + x for a general canonical G and a number x.
    fn translate(&mut self, g: Game, x: Game) -> Game {
        let span = self.span(g);
        let left: Vec<Game> = span.left().map(|i| self.pool[i]).collect();
        let right: Vec<Game> = span.right().map(|i| self.pool[i]).collect();
        let left = left.into_iter().map(|gl| self.sum(gl, x)).collect();
        let right = right.into_iter().map(|gr| self.sum(gr, x)).collect();
        self.intern(left, right)
    }

    /// -G = {-G^R | -G^L}; the negative of a canonical form is canonical.
    pub fn neg(&mut self, g: Game) -> Game {
        if let Some(small) = g.small() {
            if let Some(n) = small.neg() {
                return n;
            }
        }
        if let Some(nus) = self.nus(g) {
            return self.nus_game(nus.neg());
        }
        if let Some(n) = self.neg_cache.get(g) {
            return n;
        }
        let span = self.span(g);
        let left: Vec<Game> = span.left().map(|i| self.pool[i]).collect();
        let right: Vec<Game> = span.right().map(|i| self.pool[i]).collect();
        let new_left = right.into_iter().map(|gr| self.neg(gr)).collect();
        let new_right = left.into_iter().map(|gl| self.neg(gl)).collect();
        let n = self.intern(new_left, new_right);
        self.neg_cache.insert(g, n);
        n
    }

    pub fn difference(&mut self, g: Game, h: Game) -> Game {
        let minus_h = self.neg(h);
        self.sum(g, minus_h)
    }

    /// n.G, the sum of n copies of G (of -G when n < 0), by doubling.
    pub fn multiple(&mut self, g: Game, n: &Integer) -> Game {
        let base = if n.is_negative() { self.neg(g) } else { g };
        let mut remaining = n.abs();
        let mut power = base;
        let mut total = Game::ZERO;
        while !remaining.is_zero() {
            if remaining.is_odd() {
                total = self.sum(total, power);
            }
            remaining = remaining.shr_floor(1);
            if !remaining.is_zero() {
                power = self.sum(power, power);
            }
        }
        total
    }
}

impl Store {
    /// The first n powers of G = {0 | H}: pairs (G^k, G^→k) for k = 1..=n, where
    /// G^1 = G, G^(k+1) = {0 | H - G^→k} and G^→k = G^1 + ... + G^k
    /// (Siegel, *Combinatorial Game Theory* (2013), the ordinal powers of ↑: ↑^2 = {0 | ↓*},
    /// ↑^→2 = {↑ | *}). `None` when G is not of the form {0 | H}.
    pub fn powers(&mut self, g: Game, n: u32) -> Option<Vec<(Game, Game)>> {
        let left = self.options(g, Side::Left);
        let right = self.options(g, Side::Right);
        let h = match (left.as_slice(), right.as_slice()) {
            ([zero], [h]) if zero.is_zero() => *h,
            _ => return None,
        };
        let mut result = Vec::with_capacity(n as usize);
        let mut power_to = Game::ZERO;
        for k in 1..=n {
            let power = if k == 1 {
                g
            } else {
                let right = self.difference(h, power_to);
                self.canonical(vec![Game::ZERO], vec![right])
            };
            power_to = self.sum(power_to, power);
            result.push((power, power_to));
        }
        Some(result)
    }
}
