//! Temperature theory on canonical forms: thermographs, mean and temperature, cooling, heating,
//! overheating and freezing, orthodox options, and stop counts.
//!
//! Sources: Winning Ways (2nd ed.), ch. 6 ("The Heat of Battle"); Siegel, *Combinatorial Game
//! Theory* (2013), II.5 ("Temperature") and II.6 (heating and overheating); Berlekamp, "The
//! Economist's View of Combinatorial Games" (1996) for orthodox play. Conventions follow CGSuite
//! where the literature leaves a choice open: thermographs are drawn down to t = -1, a number
//! m/2^k (k >= 1) has temperature -1/2^k and an integer -1.

use std::sync::Arc;

use ahash::AHashMap;

use super::game::Game;
use super::nus::Nus;
use super::properties::TooLarge;
use super::store::{with_store, Side, Store};
use super::thermograph::{number_temperature, Thermograph, Trajectory};
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// Nimbers and multiples of up beyond this size make stop counts with millions of digits.
const STOP_COUNT_LIMIT: u32 = 100_000;

/// Which thermograph a number-up-star value that is not a number has: x + ↑-like, x + ↓-like
/// or x + *-like (see `Store::nus_thermograph`).
enum InfinitesimalClass {
    Star,
    Up,
    Down,
}

impl Store {
    /// The thermograph of G (Winning Ways ch. 6; Siegel CGT II.5), cached per game.
    pub fn thermograph(&mut self, g: Game) -> Arc<Thermograph> {
        if let Some(t) = self.thermograph_cache.get(&g) {
            return t.clone();
        }
        let result = match self.nus(g) {
            Some(nus) if nus.is_number() => return self.number_thermograph(g, &nus.number),
            Some(nus) => self.nus_thermograph(&nus),
            None => {
                let span = self.span(g);
                let mut left: Option<Trajectory> = None;
                for i in span.left() {
                    let gl = self.pool[i];
                    let t = self.thermograph(gl);
                    left = Some(match left {
                        None => t.right_wall().clone(),
                        Some(s) => s.max(t.right_wall()),
                    });
                }
                let mut right: Option<Trajectory> = None;
                for i in span.right() {
                    let gr = self.pool[i];
                    let t = self.thermograph(gr);
                    right = Some(match right {
                        None => t.left_wall().clone(),
                        Some(s) => s.min(t.left_wall()),
                    });
                }
                let left = left.map(|s| s.tilt(-1));
                let right = right.map(|s| s.tilt(1));
                Arc::new(Thermograph::from_scaffolds(left.as_ref(), right.as_ref()))
            }
        };
        self.thermograph_cache.insert(g, result.clone());
        result
    }

    /// The thermograph of a number: a vertical mast for an integer (as in CGSuite), else the
    /// thermograph of its canonical form {x - 2^-k | x + 2^-k}, built level by level from the
    /// coarsest neighbours of x so that the recursion stays shallow however fine x is.
    fn number_thermograph(&mut self, g: Game, x: &Dyadic) -> Arc<Thermograph> {
        if let Some(t) = self.thermograph_cache.get(&g) {
            return t.clone();
        }
        if x.is_integer() {
            let t = Arc::new(Thermograph::constant(x.clone()));
            self.thermograph_cache.insert(g, t.clone());
            return t;
        }
        let k = x.exponent();
        for j in 1..k {
            let below = x.numerator().shr_floor(k - j);
            for n in [below.clone(), below + Integer::one()] {
                let y = Dyadic::new(n, j);
                if y.exponent() == j {
                    let gy = self.nus_game(Nus::number(y.clone()));
                    if !self.thermograph_cache.contains_key(&gy) {
                        self.number_thermograph_from_options(gy, &y);
                    }
                }
            }
        }
        self.number_thermograph_from_options(g, x)
    }

    fn number_thermograph_from_options(&mut self, g: Game, x: &Dyadic) -> Arc<Thermograph> {
        let l = x.left_option().expect("a non-integer has a Left option");
        let r = x.right_option().expect("a non-integer has a Right option");
        let (gl, gr) = (
            self.nus_game(Nus::number(l.clone())),
            self.nus_game(Nus::number(r.clone())),
        );
        let tl = self.number_thermograph(gl, &l);
        let tr = self.number_thermograph(gr, &r);
        let t = Arc::new(Thermograph::from_scaffolds(
            Some(&tl.right_wall().tilt(-1)),
            Some(&tr.left_wall().tilt(1)),
        ));
        self.thermograph_cache.insert(g, t.clone());
        t
    }

    /// The thermograph of x + a.↑ + *n, not a number. Its walls agree with x's stops cooled
    /// above t = 0; below 0 they depend only on whether the value is ↑-like (a >= 1, except
    /// ↑*), ↓-like (a <= -1, except ↓*) or *-like (a = 0, or ↑*, ↓*). By induction on the
    /// canonical forms {x | x + (a-1).↑ + *(n^1)}, {x, x* | x} and {x + *i | x + *i}: with A, B
    /// the right and left walls of x (which satisfy B - A <= -t below 0), every ↑-like value
    /// has walls (A - t, A), every ↓-like (B, B + t) and every *-like (A - t, B + t). So the
    /// thermograph is that of x + ↑, x + ↓ or x + *, computed from their few options however
    /// large a and n are. (Checked against the options themselves in the tests.)
    fn nus_thermograph(&mut self, nus: &Nus) -> Arc<Thermograph> {
        let one = Integer::one();
        let class =
            if nus.ups.is_zero() || (nus.nimber == one && (nus.ups == one || nus.ups == -&one)) {
                InfinitesimalClass::Star
            } else if nus.ups.is_positive() {
                InfinitesimalClass::Up
            } else {
                InfinitesimalClass::Down
            };
        let x = nus.number.clone();
        let gx = self.nus_game(Nus::number(x.clone()));
        let tx = self.number_thermograph(gx, &x);
        let star = Thermograph::from_scaffolds(
            Some(&tx.right_wall().tilt(-1)),
            Some(&tx.left_wall().tilt(1)),
        );
        let result = match class {
            InfinitesimalClass::Star => star,
            InfinitesimalClass::Up => Thermograph::from_scaffolds(
                Some(&tx.right_wall().tilt(-1)),
                Some(&star.left_wall().tilt(1)),
            ),
            InfinitesimalClass::Down => Thermograph::from_scaffolds(
                Some(&star.right_wall().tilt(-1)),
                Some(&tx.left_wall().tilt(1)),
            ),
        };
        Arc::new(result)
    }

    /// The mean m(G): the mast value of the thermograph (Winning Ways ch. 6; Siegel CGT
    /// II.5). For a number-up-star value, its number part.
    pub fn mean(&mut self, g: Game) -> Dyadic {
        match self.nus(g) {
            Some(nus) => nus.number,
            None => self.thermograph(g).mast(),
        }
    }

    /// The temperature t(G): the least t >= -1 at which G cooled by t is infinitesimally close
    /// to a number (Winning Ways ch. 6; Siegel CGT II.5). A number m/2^k has temperature -1/2^k
    /// (an integer -1), another number-up-star value 0.
    pub fn temperature(&mut self, g: Game) -> Dyadic {
        match self.nus(g) {
            Some(nus) if nus.is_number() => number_temperature(&nus.number),
            Some(_) => Dyadic::zero(),
            None => self.thermograph(g).temperature(),
        }
    }

    /// G cooled by t > -1: G_t = {G^L_t - t | G^R_t + t}, unless G_t' is infinitesimally close
    /// to a number for some t' < t, in which case G_t is that number, the mean (Winning Ways
    /// ch. 6; Siegel CGT Def. II.5.12). Integers are unchanged. The caller checks t > -1.
    pub fn cool(&mut self, g: Game, t: &Dyadic, memo: &mut AHashMap<Game, Game>) -> Game {
        if let Some(&known) = memo.get(&g) {
            return known;
        }
        let result = if self.number(g).is_some_and(|x| x.is_integer()) {
            g
        } else if self.temperature(g) < *t {
            let m = self.mean(g);
            self.nus_game(Nus::number(m))
        } else {
            let minus_t = self.nus_game(Nus::number(-t));
            self.shifted_options(g, minus_t, |store, o| store.cool(o, t, memo))
        };
        memo.insert(g, result);
        result
    }

    /// {f(G^L) + shift | f(G^R) - shift}: the shape shared by cooling (shift -t), heating and
    /// overheating (shift T).
    fn shifted_options(
        &mut self,
        g: Game,
        shift: Game,
        mut f: impl FnMut(&mut Store, Game) -> Game,
    ) -> Game {
        let mut left = Vec::new();
        for o in self.options(g, Side::Left) {
            let v = f(self, o);
            left.push(self.sum(v, shift));
        }
        let mut right = Vec::new();
        for o in self.options(g, Side::Right) {
            let v = f(self, o);
            right.push(self.difference(v, shift));
        }
        self.canonical(left, right)
    }

    /// G heated by T: ∫^T G = G for a number, else {∫^T G^L + T | ∫^T G^R - T}
    /// (Winning Ways ch. 6; Siegel CGT II.6). T may be any game.
    pub fn heat(&mut self, g: Game, t: Game, memo: &mut AHashMap<Game, Game>) -> Game {
        if self.is_number(g) {
            return g;
        }
        if let Some(&known) = memo.get(&g) {
            return known;
        }
        let result = self.shifted_options(g, t, |store, o| store.heat(o, t, memo));
        memo.insert(g, result);
        result
    }

    /// G overheated from S to T: n.S (n copies of S) for an integer n, else
    /// {G^L overheated + T | G^R overheated - T} (Winning Ways ch. 6 "overheating"; Siegel CGT
    /// II.6; as in CGSuite, non-integer numbers are overheated through their options).
    pub fn overheat(&mut self, g: Game, s: Game, t: Game, memo: &mut AHashMap<Game, Game>) -> Game {
        if let Some(x) = self.number(g) {
            if x.is_integer() {
                return self.multiple(s, &x.floor());
            }
        }
        if let Some(&known) = memo.get(&g) {
            return known;
        }
        let result = self.shifted_options(g, t, |store, o| store.overheat(o, s, t, memo));
        memo.insert(g, result);
        result
    }

    /// The number of stops of the canonical form's game tree: 1 for a number, else the sum
    /// over all Left and Right options (CGSuite's `StopCount`; Mesdal et al., "Partizan
    /// Splittles", §7, counts 611 stops in G_14). Counted on the shared DAG of options with a
    /// cache, never by unfolding the tree; number-up-star values in closed form.
    pub fn stop_count(&mut self, g: Game) -> Result<Integer, TooLarge> {
        if let Some(nus) = self.nus(g) {
            return nus_stop_count(&nus);
        }
        if let Some(c) = self.stop_count_cache.get(&g) {
            return Ok(c.clone());
        }
        let span = self.span(g);
        let mut total = Integer::zero();
        for i in span.left().chain(span.right()) {
            let o = self.pool[i];
            total += self.stop_count(o)?;
        }
        self.stop_count_cache.insert(g, total.clone());
        Ok(total)
    }

    /// The options of G on `side` that are orthodox at t = t(G): a Left option G^L with
    /// R_t(G^L) - t = L_t(G), a Right option G^R with L_t(G^R) + t = R_t(G) (Berlekamp 1996;
    /// Mesdal et al., "Partizan Splittles", Def. 10, whose Left condition is misprinted there as
    /// R_t(G^L) = L_t(G^L) + t). In printing order.
    pub fn orthodox_options(&mut self, g: Game, side: Side) -> Vec<Game> {
        let th = self.thermograph(g);
        let t = th.temperature();
        let options = self.sorted_options(g, side);
        let mut result = Vec::new();
        for o in options {
            let to = self.thermograph(o);
            let orthodox = match side {
                Side::Left => &to.right_wall().value_at(&t) - &t == th.left_wall().value_at(&t),
                Side::Right => &to.left_wall().value_at(&t) + &t == th.right_wall().value_at(&t),
            };
            if orthodox {
                result.push(o);
            }
        }
        result
    }
}

/// Stop counts of number-up-star values in closed form, following their canonical forms:
/// x is 1; x + *n = {x + *i | x + *i} (i < n) has 2.3^(n-1); x + a.↑ + *n (a >= 1) =
/// {x | x + (a-1).↑ + *(n^1)} has one more than its Right option, except ↑* = {x, x* | x},
/// which has 4; negatives mirror.
fn nus_stop_count(nus: &Nus) -> Result<Integer, TooLarge> {
    let too_large = TooLarge {
        what: "stop count",
        limit: STOP_COUNT_LIMIT as usize,
    };
    let small = |n: &Integer| n.to_u32().filter(|&n| n <= STOP_COUNT_LIMIT);
    let a = small(&nus.ups.abs()).ok_or(too_large.clone())?;
    let n = small(&nus.nimber).ok_or(too_large)?;
    let star_count = |m: u32| {
        if m == 0 {
            Integer::one()
        } else {
            Integer::from(2) * Integer::from(3).pow(m - 1)
        }
    };
    if a == 0 {
        return Ok(star_count(n));
    }
    // Level i carries nimber n ^ ((a - i) & 1); level 0 is x + *m.
    let nimber_at = |i: u32| n ^ ((a - i) & 1);
    let mut count = star_count(nimber_at(0));
    for i in 1..=a {
        count = if i == 1 && nimber_at(1) == 1 {
            Integer::from(4)
        } else {
            count + Integer::one()
        };
    }
    Ok(count)
}

/// Temperature theory.
impl Game {
    /// The thermograph of G: its left and right walls L_t(G), R_t(G) for t >= -1 (Winning
    /// Ways ch. 6; Siegel, *Combinatorial Game Theory* (2013), II.5). Prints as NOTATION.md says.
    ///
    /// ```
    /// use cg::core::Game;
    /// // {3 || 2* | 1*}, the example of NOTATION.md.
    /// let (i, s) = (Game::integer, Game::star());
    /// let inner = Game::from_options(&[i(2) + s], &[i(1) + s]);
    /// let g = Game::from_options(&[i(3)], &[inner]);
    /// assert_eq!(g.thermograph().to_string(),
    ///            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])");
    /// ```
    pub fn thermograph(self) -> Thermograph {
        with_store(|s| (*s.thermograph(self)).clone())
    }

    /// The mean m(G) = lim L(n.G)/n, the mast value of the thermograph (Winning Ways ch. 6;
    /// Siegel CGT II.5). Means add: m(G + H) = m(G) + m(H).
    ///
    /// ```
    /// use cg::core::{Dyadic, Game};
    /// let g = Game::from_options(&[Game::integer(3)], &[Game::integer(1)]); // {3|1}
    /// assert_eq!(g.mean(), Dyadic::from(2));
    /// ```
    pub fn mean(self) -> Dyadic {
        with_store(|s| s.mean(self))
    }

    /// The temperature t(G): the least t >= -1 such that G cooled by t is infinitesimally close
    /// to a number (Winning Ways ch. 6; Siegel CGT II.5). Numbers have negative temperature,
    /// -1/2^k for m/2^k (k >= 1) and -1 for integers; other number-up-star values 0.
    ///
    /// ```
    /// use cg::core::{Dyadic, Game, Integer};
    /// let g = Game::from_options(&[Game::integer(3)], &[Game::integer(1)]); // {3|1}
    /// assert_eq!(g.temperature(), Dyadic::from(1));
    /// assert_eq!(Game::number(Dyadic::new(Integer::from(3), 2)).temperature(),
    ///            Dyadic::new(Integer::from(-1), 2));
    /// ```
    pub fn temperature(self) -> Dyadic {
        with_store(|s| s.temperature(self))
    }

    /// G cooled by t, for t > -1 (`None` otherwise): G_t = {G^L_t - t | G^R_t + t} unless some
    /// G_t' with t' < t is infinitesimally close to a number, which G_t then is (Winning Ways
    /// ch. 6; Siegel CGT Def. II.5.12).
    ///
    /// ```
    /// use cg::core::{Dyadic, Game};
    /// let pm1 = Game::switch(&[Game::integer(1)]);
    /// assert_eq!(pm1.cool(&Dyadic::from(1)), Some(Game::star()));
    /// assert_eq!(pm1.cool(&Dyadic::from(2)), Some(Game::ZERO));
    /// ```
    pub fn cool(self, t: &Dyadic) -> Option<Game> {
        if *t <= Dyadic::from(-1) {
            return None;
        }
        Some(with_store(|s| s.cool(self, t, &mut AHashMap::new())))
    }

    /// G cooled by its temperature (Winning Ways ch. 6, "freezing"): infinitesimally close to
    /// the mean. A number is its own frozen value (it is cooled by max(t(G), 0) = 0).
    ///
    /// ```
    /// use cg::core::Game;
    /// let pm1 = Game::switch(&[Game::integer(1)]);
    /// assert_eq!(pm1.freeze(), Game::star());
    /// ```
    pub fn freeze(self) -> Game {
        with_store(|s| {
            let t = s.temperature(self).max(Dyadic::zero());
            s.cool(self, &t, &mut AHashMap::new())
        })
    }

    /// G heated by T: ∫^T G = G if G is a number, else {∫^T G^L + T | ∫^T G^R - T} (Winning
    /// Ways ch. 6; Siegel CGT II.6). Heating undoes cooling where the cooled game has no
    /// number-avoidance shortcut (see the property tests).
    ///
    /// ```
    /// use cg::core::Game;
    /// assert_eq!(Game::star().heat(Game::integer(1)), Game::switch(&[Game::integer(1)]));
    /// ```
    pub fn heat(self, t: Game) -> Game {
        with_store(|s| s.heat(self, t, &mut AHashMap::new()))
    }

    /// G overheated from S to T: n.S for an integer n, else {G^L + T | G^R - T} with the options
    /// overheated (Winning Ways ch. 6; Siegel CGT II.6). Overheating from 1* to 1 is Norton
    /// multiplication by 1* (Mesdal et al., "Partizan Splittles", §7).
    ///
    /// ```
    /// use cg::core::Game;
    /// let one_star = Game::integer(1) + Game::star();
    /// let half = Game::from_options(&[Game::ZERO], &[Game::integer(1)]);
    /// assert_eq!(half.overheat(one_star, Game::integer(1)), half.norton_product(one_star));
    /// ```
    pub fn overheat(self, s: Game, t: Game) -> Game {
        with_store(|st| st.overheat(self, s, t, &mut AHashMap::new()))
    }

    /// The number of stops (leaves) of the canonical form's game tree: 1 for a number, else the
    /// sum over all options (CGSuite's `StopCount`). Counted on the shared DAG, so it is fast
    /// however large the count; `TooLarge` for nimbers or multiples of ↑ beyond 100000.
    ///
    /// ```
    /// use cg::core::{Game, Integer};
    /// assert_eq!(Game::nimber(3).stop_count(), Ok(Integer::from(18)));
    /// assert_eq!(Game::up().stop_count(), Ok(Integer::from(3)));
    /// ```
    pub fn stop_count(self) -> Result<Integer, TooLarge> {
        with_store(|s| s.stop_count(self))
    }

    /// The Left options orthodox at t(G): those G^L with R_t(G^L) - t = L_t(G) (Berlekamp 1996;
    /// Mesdal et al., "Partizan Splittles", Def. 10), in printing order.
    ///
    /// ```
    /// use cg::core::Game;
    /// // {4, {5|2} | 0} has temperature 2: there Left's 4 scores 4 - 2 = 2 = L_2(G), but
    /// // {5|2} only R_2({5|2}) - 2 = 7/2 - 2.
    /// let (i, o) = (Game::integer, Game::from_options);
    /// let g = o(&[i(4), o(&[i(5)], &[i(2)])], &[i(0)]);
    /// assert_eq!(g.left_orthodox_options(), vec![i(4)]);
    /// ```
    pub fn left_orthodox_options(self) -> Vec<Game> {
        with_store(|s| s.orthodox_options(self, Side::Left))
    }

    /// The Right options orthodox at t(G): those G^R with L_t(G^R) + t = R_t(G).
    pub fn right_orthodox_options(self) -> Vec<Game> {
        with_store(|s| s.orthodox_options(self, Side::Right))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn i(n: i64) -> Game {
        Game::integer(n)
    }

    fn o(l: &[Game], r: &[Game]) -> Game {
        Game::from_options(l, r)
    }

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(Integer::from(n), k)
    }

    /// The thermograph computed from the options themselves, with no closed forms.
    fn from_options(g: Game) -> Thermograph {
        let mut left: Option<Trajectory> = None;
        for gl in g.left_options() {
            let t = gl.thermograph();
            left = Some(match left {
                None => t.right_wall().clone(),
                Some(s) => s.max(t.right_wall()),
            });
        }
        let mut right: Option<Trajectory> = None;
        for gr in g.right_options() {
            let t = gr.thermograph();
            right = Some(match right {
                None => t.left_wall().clone(),
                Some(s) => s.min(t.left_wall()),
            });
        }
        let left = left.map(|s| s.tilt(-1));
        let right = right.map(|s| s.tilt(1));
        Thermograph::from_scaffolds(left.as_ref(), right.as_ref())
    }

    #[test]
    fn number_up_star_thermographs_agree_with_their_options() {
        for num in [d(0, 0), d(1, 1), d(3, 2), d(-5, 3), d(2, 0)] {
            for ups in -4i64..=4 {
                for nimber in 0u64..=4 {
                    let g = Game::from_nus(Nus::new(
                        num.clone(),
                        Integer::from(ups),
                        Integer::from(nimber),
                    ));
                    if g.is_integer() {
                        continue;
                    }
                    assert_eq!(g.thermograph(), from_options(g), "{g}");
                }
            }
        }
    }

    #[test]
    fn number_temperatures_follow_cgsuite() {
        // CGSuite: t(m/2^n) = -1/2^n; integers -1.
        assert_eq!(Game::number(d(3, 2)).temperature(), d(-1, 2));
        assert_eq!(Game::number(d(3, 2)).thermograph().temperature(), d(-1, 2));
        assert_eq!(i(7).temperature(), d(-1, 0));
        assert_eq!(Game::up().temperature(), d(0, 0));
        assert_eq!(Game::number(d(1, 1)).to_string(), "1/2");
        assert_eq!(
            Game::number(d(1, 1)).thermograph().to_string(),
            "Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])"
        );
    }

    #[test]
    fn fine_numbers_do_not_recurse_deeply() {
        let x = Game::number(Dyadic::new(Integer::from(1), 3000));
        assert_eq!(x.temperature(), Dyadic::new(Integer::from(-1), 3000));
        assert_eq!(
            x.thermograph().temperature(),
            Dyadic::new(Integer::from(-1), 3000)
        );
        assert_eq!(x.mean(), Dyadic::new(Integer::from(1), 3000));
    }

    #[test]
    fn nus_stop_counts_match_the_options() {
        fn by_options(g: Game) -> Integer {
            if g.is_number() {
                return Integer::one();
            }
            let mut total = Integer::zero();
            for h in g.left_options().into_iter().chain(g.right_options()) {
                total += by_options(h);
            }
            total
        }
        for ups in -5i64..=5 {
            for nimber in 0u64..=4 {
                let g =
                    Game::from_nus(Nus::new(d(1, 1), Integer::from(ups), Integer::from(nimber)));
                assert_eq!(g.stop_count().unwrap(), by_options(g), "{g}");
            }
        }
    }

    #[test]
    fn cooling_a_hot_game() {
        // {3 | 1} cooled by 1/2 is {5/2 | 3/2}, by 1 is 2*, by 2 is 2 (Winning Ways ch. 6).
        let g = o(&[i(3)], &[i(1)]);
        assert_eq!(
            g.cool(&d(1, 1)),
            Some(o(&[Game::number(d(5, 1))], &[Game::number(d(3, 1))]))
        );
        assert_eq!(g.cool(&d(1, 0)), Some(i(2) + Game::star()));
        assert_eq!(g.cool(&d(2, 0)), Some(i(2)));
        assert_eq!(g.cool(&d(-1, 0)), None);
    }
}
