//! The canonical form of a game given by lists of (canonical) options.
//!
//! Siegel, *Combinatorial Game Theory* (2013), II.2: remove dominated options, bypass reversible
//! ones, and repeat until neither applies; the result is the unique simplest form of the value.
//! Numbers (the simplicity theorem) and number-up-star forms are recognised on the way, so that
//! they get their compact handles.

use super::game::Game;
use super::nus::Nus;
use super::store::{Side, Store};
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

impl Store {
    /// The canonical form of {left | right}, where every option is already canonical.
    pub fn canonical(&mut self, left: Vec<Game>, right: Vec<Game>) -> Game {
        let ungrouped = |options: Vec<Game>| options.into_iter().zip(0..).collect();
        self.canonical_grouped(ungrouped(left), ungrouped(right))
    }

    /// The canonical form of {left | right}, where each option carries a group: options of one
    /// group are known not to dominate each other (in a sum G + H, the options G^L + H form one
    /// group and G + H^L another, since G^L1 + H <= G^L2 + H only if G^L1 <= G^L2), so only
    /// options from different groups need comparing.
    pub fn canonical_grouped(&mut self, left: Vec<(Game, u32)>, right: Vec<(Game, u32)>) -> Game {
        crate::core::interrupt::check_interrupt();
        let mut left = self.undominated(left, Side::Left);
        let mut right = self.undominated(right, Side::Right);
        if let Some(g) = self.number_between(&left, &right) {
            return g;
        }
        loop {
            let new_left = self.bypass_reversible(&left, &right, Side::Left);
            let new_right = self.bypass_reversible(&left, &right, Side::Right);
            let changed = new_left.is_some() || new_right.is_some();
            if let Some(l) = new_left {
                left = l;
                self.remove_dominated(&mut left, Side::Left);
            }
            if let Some(r) = new_right {
                right = r;
                self.remove_dominated(&mut right, Side::Right);
            }
            if !changed {
                break;
            }
        }
        if let Some(g) = self.number_between(&left, &right) {
            return g;
        }
        match self.recognise_nus(&left, &right) {
            Some(nus) => self.nus_game(nus),
            None => self.intern(left, right),
        }
    }

    fn remove_dominated(&mut self, options: &mut Vec<Game>, side: Side) {
        let grouped = options.drain(..).zip(0..).collect();
        *options = self.undominated(grouped, side);
    }

    /// The options no other option is at least as good as, on Left's side (mirror image on
    /// Right's). Equal options are one handle, so deduplication settles ties.
    fn undominated(&mut self, mut grouped: Vec<(Game, u32)>, side: Side) -> Vec<Game> {
        grouped.sort_unstable();
        grouped.dedup_by_key(|(g, _)| *g);
        let (options, groups): (Vec<Game>, Vec<u32>) = grouped.into_iter().unzip();
        let mut options = options;
        if options.len() < 2 {
            return options;
        }
        let mut keep = vec![true; options.len()];
        for i in 0..options.len() {
            for j in 0..options.len() {
                if i == j || !keep[j] || groups[i] == groups[j] {
                    continue;
                }
                let dominated = match side {
                    Side::Left => self.leq(options[i], options[j]),
                    Side::Right => self.leq(options[j], options[i]),
                };
                if dominated {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = keep.iter();
        options.retain(|_| *k.next().unwrap());
        options
    }

    /// Replaces each reversible option on `side` of G = {left | right} by the options it reverses
    /// to: a Left option A is reversible through A^R when A^R <= G, and is then replaced by the
    /// Left options of A^R (mirror image for Right). Returns `None` when nothing reverses.
    fn bypass_reversible(
        &mut self,
        left: &[Game],
        right: &[Game],
        side: Side,
    ) -> Option<Vec<Game>> {
        let (options, opposite) = match side {
            Side::Left => (left, Side::Right),
            Side::Right => (right, Side::Left),
        };
        let mut result = Vec::with_capacity(options.len());
        let mut changed = false;
        for &a in options {
            let mut reversed_through = None;
            for ar in self.options(a, opposite) {
                let reverses = match side {
                    Side::Left => self.leq_pending(ar, left, right),
                    Side::Right => self.pending_leq(left, right, ar),
                };
                if reverses {
                    reversed_through = Some(ar);
                    break;
                }
            }
            match reversed_through {
                Some(ar) => {
                    changed = true;
                    result.extend(self.options(ar, side));
                }
                None => result.push(a),
            }
        }
        changed.then_some(result)
    }

    /// The value of {left | right} when every option is a number (after removing dominated
    /// options there is at most one on each side): the simplest number strictly between them,
    /// or x* when both are x. `None` when the game is a hot switch or has non-number options.
    fn number_between(&mut self, left: &[Game], right: &[Game]) -> Option<Game> {
        if left.len() > 1 || right.len() > 1 {
            return None;
        }
        let l = match left.first() {
            Some(&g) => Some(self.number(g)?),
            None => None,
        };
        let r = match right.first() {
            Some(&g) => Some(self.number(g)?),
            None => None,
        };
        if let (Some(a), Some(b)) = (&l, &r) {
            if a == b {
                return Some(self.nus_game(Nus::new(a.clone(), Integer::zero(), Integer::one())));
            }
        }
        let x = Dyadic::simplest_between(l.as_ref(), r.as_ref())?;
        Some(self.nus_game(Nus::number(x)))
    }

    /// Recognises the canonical forms of number-up-star values (the closed forms of
    /// `Nus::options`): x + *n = {x, x*, ..., x*(n-1) | same}; x + ↑* = {x, x* | x};
    /// x + a.↑ + *n = {x | x + (a-1).↑ + *(n xor 1)} for a >= 1, and the mirror images.
    fn recognise_nus(&self, left: &[Game], right: &[Game]) -> Option<Nus> {
        let l: Vec<Nus> = left.iter().map(|&g| self.nus(g)).collect::<Option<_>>()?;
        let r: Vec<Nus> = right.iter().map(|&g| self.nus(g)).collect::<Option<_>>()?;
        let one = Integer::one();
        if !l.is_empty() && l == r {
            return nimber_shift(&l);
        }
        match (l.as_slice(), r.as_slice()) {
            ([x], [y]) if x.is_number() && y.number == x.number => up_step(x, y, 1),
            ([y], [x]) if x.is_number() && y.number == x.number => up_step(x, y, -1),
            ([a, b], [x]) | ([b, a], [x])
                if x.is_number()
                    && a == x
                    && b.number == x.number
                    && b.ups.is_zero()
                    && b.nimber == one =>
            {
                Some(Nus::new(x.number.clone(), one.clone(), one))
            }
            ([x], [a, b]) | ([x], [b, a])
                if x.is_number()
                    && a == x
                    && b.number == x.number
                    && b.ups.is_zero()
                    && b.nimber == one =>
            {
                Some(Nus::new(x.number.clone(), -&one, one))
            }
            _ => None,
        }
    }
}

/// {x, x*, ..., x*(n-1) | same} = x + *n, if the options are exactly those.
fn nimber_shift(options: &[Nus]) -> Option<Nus> {
    let x = &options.first()?.number;
    let mut seen = vec![false; options.len()];
    for o in options {
        if &o.number != x || !o.ups.is_zero() {
            return None;
        }
        let n = o.nimber.to_usize()?;
        if n >= seen.len() || seen[n] {
            return None;
        }
        seen[n] = true;
    }
    Some(Nus::new(
        x.clone(),
        Integer::zero(),
        Integer::from(options.len()),
    ))
}

/// {x | y} with y = x + b.↑ + *m (direction 1), or {y | x} (direction -1): the value
/// x + a.↑ + *n with a = b + 1 (resp. b - 1) and n = m xor 1, when y has the form the closed
/// form requires (b >= 0 and not 0 itself, resp. b <= 0).
fn up_step(x: &Nus, y: &Nus, direction: i32) -> Option<Nus> {
    let b = &y.ups;
    let allowed = if direction > 0 {
        !b.is_negative()
    } else {
        !b.is_positive()
    };
    if !allowed || (b.is_zero() && y.nimber.is_zero()) {
        return None;
    }
    let step = Integer::from(direction);
    Some(Nus::new(
        x.number.clone(),
        b + &step,
        y.nimber.bitxor(&Integer::one()),
    ))
}
