//! Infinitesimals: atomic weight, reduced canonical form, and the lattice companion.
//!
//! Sources: Winning Ways ch. 7-9 (atomic weight, "uppitiness"); Siegel, *Combinatorial Game
//! Theory* (2013), II.7 (atomic weight), II.6 and Grossman & Siegel, "Reductions of partizan
//! games" (2009) (reduced canonical form), III.2 (the companion automorphism of the lattice of
//! games born by day n). The algorithms follow CGSuite's, written afresh.

use std::fmt;

use ahash::AHashMap;

use super::game::Game;
use super::nus::Nus;
use super::store::{with_store, Store};
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// Why a game has no atomic weight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAtomic {
    /// Only infinitesimals have atomic weights; this game has nonzero stops.
    NotInfinitesimal,
    /// An infinitesimal that is not atomic: no W with G ~ W.↑.
    NoAtomicWeight,
}

impl fmt::Display for NotAtomic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAtomic::NotInfinitesimal => {
                f.write_str("only infinitesimals have atomic weights, and this game is not one")
            }
            NotAtomic::NoAtomicWeight => {
                f.write_str("this infinitesimal is not atomic: it has no atomic weight")
            }
        }
    }
}

impl Store {
    /// The far star of G: *N for the least N exceeding the nim-value of every nimber follower
    /// (at least *1), as an integer N.
    pub fn far_star(&mut self, g: Game) -> Integer {
        if let Some(nus) = self.nus(g) {
            return nus_far_star(&nus);
        }
        if let Some(n) = self.far_star_cache.get(&g) {
            return n.clone();
        }
        let span = self.span(g);
        let mut n = Integer::one();
        for i in span.left().chain(span.right()) {
            let o = self.pool[i];
            let m = self.far_star(o);
            if m > n {
                n = m;
            }
        }
        self.far_star_cache.insert(g, n.clone());
        n
    }

    /// The "naive" atomic weight of Winning Ways ch. 9 and Siegel CGT II.7:
    /// aw(G) = {aw(G^L) - 2 | aw(G^R) + 2}, except that when this is an integer and G is
    /// comparable with the far star, the eccentric cases apply: the least integer n with
    /// n |> every aw(G^L) - 2 when G < far star, the greatest with n <| every aw(G^R) + 2 when
    /// G > far star. A number-up-star value x + a.↑ + *n has weight a.
    pub fn naive_atomic_weight(&mut self, g: Game) -> Game {
        if let Some(nus) = self.nus(g) {
            return self.nus_game(Nus::number(Dyadic::from_integer(nus.ups)));
        }
        if let Some(&w) = self.atomic_weight_cache.get(&g) {
            return w;
        }
        let two = self.nus_game(Nus::number(Dyadic::from(2)));
        let span = self.span(g);
        let mut left = Vec::with_capacity(span.left_count());
        for i in span.left() {
            let gl = self.pool[i];
            let w = self.naive_atomic_weight(gl);
            left.push(self.difference(w, two));
        }
        let mut right = Vec::with_capacity(span.right_count());
        for i in span.right() {
            let gr = self.pool[i];
            let w = self.naive_atomic_weight(gr);
            right.push(self.sum(w, two));
        }
        let g0 = self.canonical(left.clone(), right.clone());
        let result = if self.number(g0).is_some_and(|x| x.is_integer()) {
            let n = self.far_star(g);
            let far = self.nus_game(Nus::nimber(n));
            let below = self.leq(g, far);
            let above = self.leq(far, g);
            if below && !above {
                self.least_integer_beyond(&left, g0, true)
            } else if above && !below {
                self.least_integer_beyond(&right, g0, false)
            } else {
                g0
            }
        } else {
            g0
        };
        self.atomic_weight_cache.insert(g, result);
        result
    }

    /// The least integer n with n |> every option (`left`), or the greatest with n <| every
    /// option (mirror image); 0 when there are no options.
    fn least_integer_beyond(&mut self, options: &[Game], _g0: Game, left: bool) -> Game {
        if options.is_empty() {
            return Game::ZERO;
        }
        let mut best: Option<Integer> = None;
        for &o in options {
            let (ls, rs) = self.stops(o);
            let candidate = if left {
                let n = rs.ceil();
                let gn = self.nus_game(Nus::number(Dyadic::from_integer(n.clone())));
                if self.leq(gn, o) {
                    n + Integer::one()
                } else {
                    n
                }
            } else {
                let n = ls.floor();
                let gn = self.nus_game(Nus::number(Dyadic::from_integer(n.clone())));
                if self.leq(o, gn) {
                    n - Integer::one()
                } else {
                    n
                }
            };
            best = Some(match best {
                None => candidate,
                Some(b) if left => b.max(candidate),
                Some(b) => b.min(candidate),
            });
        }
        let n = best.expect("options are not empty");
        self.nus_game(Nus::number(Dyadic::from_integer(n)))
    }

    /// The atomic weight of G, if G is atomic: G ~ aw(G).↑ (Winning Ways ch. 9; Siegel CGT
    /// II.7). Every all-small game is atomic; another infinitesimal is when
    /// -ε <= G - aw(G).↑ <= ε for ε = ↑* + (*N : -1) with *N a far star of G rounded up to a
    /// power of two (as CGSuite tests it).
    pub fn atomic_weight(&mut self, g: Game) -> Result<Game, NotAtomic> {
        let (l, r) = self.stops(g);
        if !l.is_zero() || !r.is_zero() {
            return Err(NotAtomic::NotInfinitesimal);
        }
        let w = self.naive_atomic_weight(g);
        if self.is_all_small(g) {
            return Ok(w);
        }
        let up = self.nus_game(Nus::new(Dyadic::zero(), Integer::one(), Integer::zero()));
        let weighted = self.norton_product(w, up);
        let difference = self.difference(g, weighted);
        let n = self.far_star(g);
        let mut power = Integer::from(2);
        while power < n {
            power = &power + &power;
        }
        let far = self.nus_game(Nus::nimber(power));
        let minus_one = self.nus_game(Nus::number(Dyadic::from(-1)));
        let red_kite = self.ordinal_sum(far, minus_one);
        let up_star = self.nus_game(Nus::new(Dyadic::zero(), Integer::one(), Integer::one()));
        let epsilon = self.sum(up_star, red_kite);
        let minus_epsilon = self.neg(epsilon);
        if self.leq(difference, epsilon) && self.leq(minus_epsilon, difference) {
            Ok(w)
        } else {
            Err(NotAtomic::NoAtomicWeight)
        }
    }

    /// The reduced canonical form: the simplest game infinitesimally close to G (Grossman &
    /// Siegel 2009; Siegel CGT II.6), computed as CGSuite does: G heated by *, then every x*
    /// replaced by x in the result and its followers. A number-up-star value reduces to its
    /// number part.
    pub fn reduced_canonical_form(&mut self, g: Game) -> Game {
        if let Some(nus) = self.nus(g) {
            return self.nus_game(Nus::number(nus.number));
        }
        let star = self.nus_game(Nus::nimber(Integer::one()));
        let heated = self.heat(g, star, &mut AHashMap::new());
        self.star_projection(heated, &mut AHashMap::new())
    }

    /// x* becomes x, in G and in every follower.
    fn star_projection(&mut self, g: Game, memo: &mut AHashMap<Game, Game>) -> Game {
        if let Some(nus) = self.nus(g) {
            if nus.is_number() {
                return g;
            }
            if nus.ups.is_zero() && nus.nimber == Integer::one() {
                return self.nus_game(Nus::number(nus.number));
            }
        }
        if let Some(&known) = memo.get(&g) {
            return known;
        }
        let span = self.span(g);
        let mut left = Vec::with_capacity(span.left_count());
        for i in span.left() {
            let gl = self.pool[i];
            left.push(self.star_projection(gl, memo));
        }
        let mut right = Vec::with_capacity(span.right_count());
        for i in span.right() {
            let gr = self.pool[i];
            right.push(self.star_projection(gr, memo));
        }
        let result = self.canonical(left, right);
        memo.insert(g, result);
        result
    }

    /// The lattice companion of G (Siegel CGT III.2): for a number-up-star value a.↑ + *n with
    /// no number part, a.↑ + *(n^1) when n <= 1 and the value itself otherwise; else
    /// {0 if G >= 0, companions of G^L | 0 if G <= 0, companions of G^R}.
    pub fn companion(&mut self, g: Game, memo: &mut AHashMap<Game, Game>) -> Game {
        if let Some(nus) = self.nus(g) {
            // A number x != 0 is its own companion (CGSuite: 5, -1/2, -1823437481924): by
            // induction its options y are numbers with y° = y, or 0 with 0° = *; for x > 0 the
            // definition gives {0, x^L° | x^R°}, where 0 and * are at most x^L or reverse out
            // through 0 <= x, leaving {x^L | x^R} = x (x < 0 is symmetric). Answering at once
            // keeps a huge integer from recursing down its whole chain of options.
            if nus.is_number() && !nus.number.is_zero() {
                return g;
            }
            if nus.number.is_zero() {
                if nus.nimber > Integer::one() {
                    return g;
                }
                return self.nus_game(Nus::new(
                    nus.number,
                    nus.ups,
                    nus.nimber.bitxor(&Integer::one()),
                ));
            }
        }
        if let Some(&known) = memo.get(&g) {
            return known;
        }
        let leq = self.leq(g, Game::ZERO);
        let geq = self.leq(Game::ZERO, g);
        let span = self.span(g);
        let mut left = Vec::with_capacity(span.left_count() + 1);
        for i in span.left() {
            let gl = self.pool[i];
            left.push(self.companion(gl, memo));
        }
        let mut right = Vec::with_capacity(span.right_count() + 1);
        for i in span.right() {
            let gr = self.pool[i];
            right.push(self.companion(gr, memo));
        }
        if geq {
            left.push(Game::ZERO);
        }
        if leq {
            right.push(Game::ZERO);
        }
        let result = self.canonical(left, right);
        memo.insert(g, result);
        result
    }
}

/// The far star of x + a.↑ + *n in closed form (checked against the options in the tests):
/// 1 for numbers and whenever x != 0 (no follower is a nimber but 0); n + 1 for *n; for
/// a.↑ + *n with a != 0 the chain of Right options (Left's for a < 0) ends in the nimber
/// *(n1 ^ 1), where n1 = n ^ ((|a| - 1) & 1) is the nimber at |a| = 1, unless that level is
/// ↑* = {0, * | 0}, whose far star is 2.
fn nus_far_star(nus: &Nus) -> Integer {
    let one = Integer::one();
    if !nus.number.is_zero() {
        return one;
    }
    if nus.ups.is_zero() {
        return &nus.nimber + &one;
    }
    let a = nus.ups.abs();
    let flip = if (&a - &one).is_odd() {
        one.clone()
    } else {
        Integer::zero()
    };
    let n1 = nus.nimber.bitxor(&flip);
    if n1 == one {
        Integer::from(2)
    } else {
        &n1.bitxor(&one) + &one
    }
}

/// Infinitesimals.
impl Game {
    /// The atomic weight aw(G): the W with G ~ W.↑, where G ~ H when G + X + *m and H + X + *m
    /// have the same outcome for all X and all large m (Winning Ways ch. 9; Siegel,
    /// *Combinatorial Game Theory* (2013), II.7). Exists for every all-small game and some other
    /// infinitesimals; `NotAtomic` otherwise.
    ///
    /// ```
    /// use cg::core::{Game, NotAtomic};
    /// let up = Game::up();
    /// assert_eq!((up + up + Game::star()).atomic_weight(), Ok(Game::integer(2)));
    /// // ↑^2 = {0 | ↓*} has atomic weight 0 (Winning Ways ch. 9).
    /// assert_eq!(up.pow(2).unwrap().atomic_weight(), Ok(Game::ZERO));
    /// assert_eq!(Game::integer(1).atomic_weight(), Err(NotAtomic::NotInfinitesimal));
    /// ```
    pub fn atomic_weight(self) -> Result<Game, NotAtomic> {
        with_store(|s| s.atomic_weight(self))
    }

    /// True when G has an atomic weight (see `atomic_weight`).
    pub fn is_atomic(self) -> bool {
        self.atomic_weight().is_ok()
    }

    /// The reduced canonical form rcf(G): the simplest game G' with G - G' infinitesimal
    /// (Grossman & Siegel, "Reductions of partizan games", 2009; Siegel, *Combinatorial Game
    /// Theory* (2013), II.6).
    ///
    /// ```
    /// use cg::core::Game;
    /// let (i, o) = (Game::integer, Game::from_options);
    /// // rcf({1 | 0} + ↑) = {1 | 0}: the ↑ is infinitesimal.
    /// let g = o(&[i(1)], &[i(0)]);
    /// assert_eq!((g + Game::up()).reduced_canonical_form(), g);
    /// assert_eq!(Game::up().reduced_canonical_form(), Game::ZERO);
    /// ```
    pub fn reduced_canonical_form(self) -> Game {
        with_store(|s| s.reduced_canonical_form(self))
    }

    /// The lattice companion of G (Siegel, *Combinatorial Game Theory* (2013), III.2): the
    /// automorphism of the lattice of games born by day n, e.g. 0 <-> *, ↑ <-> ↑*.
    ///
    /// ```
    /// use cg::core::Game;
    /// assert_eq!(Game::ZERO.companion(), Game::star());
    /// assert_eq!(Game::up().companion(), Game::up() + Game::star());
    /// ```
    pub fn companion(self) -> Game {
        with_store(|s| s.companion(self, &mut AHashMap::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_options(g: Game) -> Integer {
        if let Some(n) = g.nim_value() {
            return n + Integer::one();
        }
        let mut n = Integer::one();
        for h in g.left_options().into_iter().chain(g.right_options()) {
            n = n.max(by_options(h));
        }
        n
    }

    #[test]
    fn nus_far_stars_match_the_options() {
        for num in [
            Dyadic::zero(),
            Dyadic::from(1),
            Dyadic::new(Integer::from(-3), 2),
        ] {
            for ups in -5i64..=5 {
                for nimber in 0u64..=5 {
                    let nus = Nus::new(num.clone(), Integer::from(ups), Integer::from(nimber));
                    let g = Game::from_nus(nus.clone());
                    assert_eq!(nus_far_star(&nus), by_options(g), "{g}");
                }
            }
        }
    }
}
