//! The canonical form of a game given by lists of (canonical) options.
//!
//! Siegel, *Combinatorial Game Theory* (2013), II.2: remove dominated options, bypass reversible
//! ones, and repeat until neither applies; the result is the unique simplest form of the value.
//! Numbers (the simplicity theorem) and number-up-star forms are recognised on the way, so that
//! they get their compact handles.

use super::game::Game;
use super::nus::Nus;
use super::quick_stops::QuickStops;
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
        // Options that are already those of a number-up-star form's canonical form give that
        // value at once. The check is linear, where simplifying {0, *, ..., *(n-1) | same}
        // compares about n^2 pairs of options (and, before the domination test, looked for
        // reversible options among n^3 pairs).
        if let Some(nus) = self.recognise_nus_grouped(&left, &right) {
            return self.nus_game(nus);
        }
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
    ///
    /// The survivors are found as the maximal elements of a partial order usually are: each
    /// candidate is compared only with the options kept so far, which are few (a hot position
    /// of Amazons has dozens of options and a handful survive). Candidates come best stops
    /// first, so a dominated one usually meets its dominator at once, and a kept option can
    /// be beaten by a later candidate only when their stops tie. Each option's stops are read
    /// from the arena once, into `Candidate`, so that the pairs the stops settle (most of
    /// them) cost no memory access beyond this list.
    fn undominated(&mut self, grouped: Vec<(Game, u32)>, side: Side) -> Vec<Game> {
        if grouped.len() < 2 {
            return grouped.into_iter().map(|(g, _)| g).collect();
        }
        let mut candidates: Vec<Candidate> = grouped
            .into_iter()
            .map(|(game, group)| Candidate::new(game, group, self.quick_stops(game), side))
            .collect();
        // Best first for the side (the order only affects speed, never the result), and
        // copies of one option next to each other, its least group first: equal games have
        // equal stops. One sort on integer keys does both.
        candidates.sort_unstable_by_key(|c| (c.order, c.game, c.group));
        candidates.dedup_by_key(|c| c.game);
        let mut kept: Vec<Candidate> = Vec::new();
        for c in candidates {
            // For Left, c is dominated by k when c <= k; for Right when k <= c.
            let dominated = kept
                .iter()
                .any(|k| k.group != c.group && self.worse(&c, k, side));
            if dominated {
                continue;
            }
            kept.retain(|k| k.group == c.group || !self.worse(k, &c, side));
            kept.push(c);
        }
        let mut options: Vec<Game> = kept.into_iter().map(|c| c.game).collect();
        options.sort_unstable();
        options
    }

    /// Whether option `a` is no better than option `b` for `side` (a <= b for Left, a >= b
    /// for Right), settled by the stops held in the candidates when they can.
    fn worse(&mut self, a: &Candidate, b: &Candidate, side: Side) -> bool {
        let (low, high) = match side {
            Side::Left => (a, b),
            Side::Right => (b, a),
        };
        if low.game == high.game {
            return true;
        }
        match low.stops.leq(high.stops) {
            Some(known) => known,
            None => self.leq(low.game, high.game),
        }
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
        let bound = self.reversal_bound(left, right, side);
        // Most options reverse through nothing: the list is built only once one does.
        let mut result: Option<Vec<Game>> = None;
        for (k, &a) in options.iter().enumerate() {
            let mut reversed_through = None;
            for i in self.option_places(a, opposite) {
                let ar = self.pool[i];
                let stops = self.quick_stops(ar);
                let reverses = match side {
                    Side::Left => {
                        let ruled_out = stops.right > bound;
                        !ruled_out && self.leq_pending(ar, left, right)
                    }
                    Side::Right => {
                        let ruled_out = stops.left < bound;
                        !ruled_out && self.pending_leq(left, right, ar)
                    }
                };
                if reverses {
                    reversed_through = Some(ar);
                    break;
                }
            }
            match (reversed_through, &mut result) {
                (Some(ar), _) => {
                    let replaced = self.options(ar, side);
                    result
                        .get_or_insert_with(|| options[..k].to_vec())
                        .extend(replaced);
                }
                (None, Some(result)) => result.push(a),
                (None, None) => {}
            }
        }
        result
    }

    /// A bound from the stops that rules out most reversals without a comparison. A Right
    /// option G^R is never <= G, so L(G^R) >= R(G) (were R(G) > L(G^R), a number between them
    /// would put G^R < G); hence A^R <= G, which needs R(A^R) <= R(G), fails when R(A^R)
    /// exceeds the least L(G^R). For Left's reversals the bound is that least Left stop of the
    /// Right options; for Right's, mirrored, the greatest Right stop of the Left options. NaN
    /// (an inexact stop, or no option) rules nothing out.
    fn reversal_bound(&self, left: &[Game], right: &[Game], side: Side) -> f64 {
        let stops: Vec<f64> = match side {
            Side::Left => right.iter().map(|&g| self.quick_stops(g).left).collect(),
            Side::Right => left.iter().map(|&g| self.quick_stops(g).right).collect(),
        };
        if stops.iter().any(|s| s.is_nan()) {
            return f64::NAN;
        }
        let extreme = match side {
            Side::Left => stops.into_iter().reduce(f64::min),
            Side::Right => stops.into_iter().reduce(f64::max),
        };
        extreme.unwrap_or(f64::NAN)
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

    /// `recognise_nus` of options that carry groups.
    fn recognise_nus_grouped(&self, left: &[(Game, u32)], right: &[(Game, u32)]) -> Option<Nus> {
        let games = |options: &[(Game, u32)]| options.iter().map(|&(g, _)| g).collect::<Vec<_>>();
        self.recognise_nus(&games(left), &games(right))
    }

    /// Recognises the canonical forms of number-up-star values (the closed forms of
    /// `Nus::options`): x + *n = {x, x*, ..., x*(n-1) | same}; x + ↑* = {x, x* | x};
    /// x + a.↑ + *n = {x | x + (a-1).↑ + *(n xor 1)} for a >= 1, and the mirror images.
    fn recognise_nus(&self, left: &[Game], right: &[Game]) -> Option<Nus> {
        let l: Vec<Nus> = left.iter().map(|&g| self.nus(g)).collect::<Option<_>>()?;
        let r: Vec<Nus> = right.iter().map(|&g| self.nus(g)).collect::<Option<_>>()?;
        let one = Integer::one();
        // The same list on both sides, in any order.
        if !l.is_empty() && l.len() == r.len() {
            if let (Some(a), Some(b)) = (nimber_shift(&l), nimber_shift(&r)) {
                if a == b {
                    return Some(a);
                }
            }
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

/// An option while dominated options are removed: its group (options of one group never
/// dominate each other) and its stops, read once.
struct Candidate {
    game: Game,
    group: u32,
    stops: QuickStops,
    /// Best first for the side when sorted: for Left, greatest Left stop first, then greatest
    /// Right stop (for Right, least first), in the order of `f64::total_cmp` (NaN, an inexact
    /// stop, at an end) as integers.
    order: (u64, u64),
}

impl Candidate {
    fn new(game: Game, group: u32, stops: QuickStops, side: Side) -> Candidate {
        let total = |x: f64| {
            let bits = x.to_bits();
            if bits >> 63 == 1 {
                !bits
            } else {
                bits | 1 << 63
            }
        };
        let (left, right) = (total(stops.left), total(stops.right));
        let order = match side {
            Side::Left => (!left, !right),
            Side::Right => (left, right),
        };
        Candidate {
            game,
            group,
            stops,
            order,
        }
    }
}
