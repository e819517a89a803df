//! Products of games: Norton's product G.U, the ordinal sum G:H and Conway's product G×H.
//!
//! Norton's product and the ordinal sum depend on the *form* of one argument (the unit U, the
//! base G), so besides the versions on canonical forms they take that argument as an
//! [`ExplicitGame`], a game given by its options and not simplified.
//!
//! Sources: Winning Ways ch. 7 (Norton multiplication); Conway, *On Numbers and Games*, ch. 1
//! and 15 (the product; ordinal sums); Siegel, *Combinatorial Game Theory* (2013), II.6 and
//! II.7 (Norton product, ordinal sum).

use ahash::AHashMap;

use super::game::Game;
use super::nus::Nus;
use super::store::{with_store, Store};
use crate::core::numbers::integer::Integer;
use crate::core::numbers::nimber::nim_product;

/// A game given by its form: its options, each again an explicit game or a canonical value.
/// Two explicit games may be equal as values and yet differ as forms ({-1 | 1} and 0), which
/// matters for the base of an ordinal sum and the unit of a Norton product.
///
/// ```
/// use cg::core::{ExplicitGame, Game};
/// let star = ExplicitGame::Value(Game::star());
/// let zero_form = ExplicitGame::form(vec![star.clone()], vec![star]); // {* | *}
/// assert_eq!(zero_form.to_canonical(), Game::ZERO);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplicitGame {
    /// A canonical game, standing for its canonical form.
    Value(Game),
    /// The game {left | right}, kept in this form.
    Form {
        left: Vec<ExplicitGame>,
        right: Vec<ExplicitGame>,
    },
}

impl ExplicitGame {
    pub fn form(left: Vec<ExplicitGame>, right: Vec<ExplicitGame>) -> ExplicitGame {
        ExplicitGame::Form { left, right }
    }

    /// The canonical form of the value.
    pub fn to_canonical(&self) -> Game {
        match self {
            ExplicitGame::Value(g) => *g,
            ExplicitGame::Form { left, right } => {
                let l: Vec<Game> = left.iter().map(ExplicitGame::to_canonical).collect();
                let r: Vec<Game> = right.iter().map(ExplicitGame::to_canonical).collect();
                Game::from_options(&l, &r)
            }
        }
    }

    /// The values of the top-level options (those of the canonical form for a `Value`).
    pub fn option_values(&self) -> (Vec<Game>, Vec<Game>) {
        match self {
            ExplicitGame::Value(g) => (g.left_options(), g.right_options()),
            ExplicitGame::Form { left, right } => (
                left.iter().map(ExplicitGame::to_canonical).collect(),
                right.iter().map(ExplicitGame::to_canonical).collect(),
            ),
        }
    }
}

impl Store {
    /// U plus each undominated incentive of the form U = {left | right}: the terms Norton's
    /// product adds and subtracts.
    fn unit_terms(&mut self, u: Game, left: &[Game], right: &[Game]) -> Vec<Game> {
        let mut incentives = Vec::with_capacity(left.len() + right.len());
        for &ul in left {
            incentives.push(self.difference(ul, u));
        }
        for &ur in right {
            incentives.push(self.difference(u, ur));
        }
        let incentives = self.maximal(incentives);
        incentives.into_iter().map(|i| self.sum(u, i)).collect()
    }

    /// Norton's product G.U with U in canonical form (cached).
    pub fn norton_product(&mut self, g: Game, u: Game) -> Game {
        if let Some(&p) = self.norton_cache.get(&(g, u)) {
            return p;
        }
        let left = self.options(u, super::store::Side::Left);
        let right = self.options(u, super::store::Side::Right);
        let terms = self.unit_terms(u, &left, &right);
        let p = self.norton_with_terms(g, u, &terms, &mut AHashMap::new());
        self.norton_cache.insert((g, u), p);
        p
    }

    /// Norton's product G.U where the unit is the form {left | right} of value `u`.
    pub fn norton_product_with_unit(
        &mut self,
        g: Game,
        u: Game,
        left: &[Game],
        right: &[Game],
    ) -> Game {
        let terms = self.unit_terms(u, left, right);
        self.norton_with_terms(g, u, &terms, &mut AHashMap::new())
    }

    /// G.U = n copies of U for an integer n, else {G^L.U + (U + I) | G^R.U - (U + I)} over the
    /// incentives I of U (Winning Ways ch. 7; Siegel CGT II.7).
    fn norton_with_terms(
        &mut self,
        g: Game,
        u: Game,
        terms: &[Game],
        memo: &mut AHashMap<Game, Game>,
    ) -> Game {
        if let Some(x) = self.number(g) {
            if x.is_integer() {
                return self.multiple(u, &x.floor());
            }
        }
        if let Some(&known) = memo.get(&g) {
            return known;
        }
        let span = self.span(g);
        let mut left = Vec::with_capacity(span.left_count() * terms.len());
        for i in span.left() {
            let gl = self.pool[i];
            let p = self.norton_with_terms(gl, u, terms, memo);
            for &t in terms {
                left.push(self.sum(p, t));
            }
        }
        let mut right = Vec::with_capacity(span.right_count() * terms.len());
        for i in span.right() {
            let gr = self.pool[i];
            let p = self.norton_with_terms(gr, u, terms, memo);
            for &t in terms {
                right.push(self.difference(p, t));
            }
        }
        let result = self.canonical(left, right);
        memo.insert(g, result);
        result
    }

    /// The ordinal sum G:H with G in canonical form (cached). x + *n : *m = x + *(n + m).
    pub fn ordinal_sum(&mut self, g: Game, h: Game) -> Game {
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            if a.ups.is_zero() && b.is_nimber() {
                return self.nus_game(Nus::new(a.number, Integer::zero(), &a.nimber + &b.nimber));
            }
        }
        if let Some(&s) = self.ordinal_sum_cache.get(&(g, h)) {
            return s;
        }
        let left = self.options(g, super::store::Side::Left);
        let right = self.options(g, super::store::Side::Right);
        let s = self.ordinal_sum_with_base(&left, &right, h, &mut AHashMap::new());
        self.ordinal_sum_cache.insert((g, h), s);
        s
    }

    /// The ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R} where the base G is the form
    /// {left | right} (ONAG ch. 15; Siegel CGT II.6). H enters only through its canonical form.
    /// The followers of H are visited from an explicit stack, children first, so that H's
    /// birthday (up to 500,000 days) is not a depth of recursion.
    pub fn ordinal_sum_with_base(
        &mut self,
        left: &[Game],
        right: &[Game],
        h: Game,
        memo: &mut AHashMap<Game, Game>,
    ) -> Game {
        let mut stack = vec![(h, false)];
        while let Some((k, expanded)) = stack.pop() {
            if memo.contains_key(&k) {
                continue;
            }
            let span = self.span(k);
            if expanded {
                let sum_with = |places: std::ops::Range<usize>| -> Vec<Game> {
                    places.map(|i| memo[&self.pool[i]]).collect()
                };
                let mut new_left = left.to_vec();
                new_left.extend(sum_with(span.left()));
                let mut new_right = right.to_vec();
                new_right.extend(sum_with(span.right()));
                let result = self.canonical(new_left, new_right);
                memo.insert(k, result);
            } else {
                stack.push((k, true));
                for i in span.left().chain(span.right()) {
                    let option = self.pool[i];
                    if !memo.contains_key(&option) {
                        stack.push((option, false));
                    }
                }
            }
        }
        memo[&h]
    }

    /// Conway's product on canonical forms: G×H = {G^L H + G H^L - G^L H^L, G^R H + G H^R -
    /// G^R H^R | G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L} (ONAG ch. 1), with numbers
    /// multiplied as numbers and nimbers by the nim-product (ONAG ch. 6).
    pub fn conway_product(&mut self, g: Game, h: Game) -> Game {
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            if a.is_number() && b.is_number() {
                return self.nus_game(Nus::number(a.number * b.number));
            }
            if a.is_nimber() && b.is_nimber() {
                let small = |n: &Integer| n.to_i64().and_then(|v| u128::try_from(v).ok());
                if let (Some(x), Some(y)) = (small(&a.nimber), small(&b.nimber)) {
                    let p = nim_product(x, y);
                    let n = Integer::from(num_bigint::BigInt::from(p));
                    return self.nus_game(Nus::nimber(n));
                }
            }
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&p) = self.conway_cache.get(&key) {
            return p;
        }
        let gs = self.span(g);
        let hs = self.span(h);
        let gl: Vec<Game> = gs.left().map(|i| self.pool[i]).collect();
        let gr: Vec<Game> = gs.right().map(|i| self.pool[i]).collect();
        let hl: Vec<Game> = hs.left().map(|i| self.pool[i]).collect();
        let hr: Vec<Game> = hs.right().map(|i| self.pool[i]).collect();
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (a_side, b_side, to_left) in [
            (&gl, &hl, true),
            (&gr, &hr, true),
            (&gl, &hr, false),
            (&gr, &hl, false),
        ] {
            for &a in a_side.iter() {
                for &b in b_side.iter() {
                    let ah = self.conway_product(a, h);
                    let gb = self.conway_product(g, b);
                    let ab = self.conway_product(a, b);
                    let s = self.sum(ah, gb);
                    let term = self.difference(s, ab);
                    if to_left {
                        left.push(term);
                    } else {
                        right.push(term);
                    }
                }
            }
        }
        let p = self.canonical(left, right);
        self.conway_cache.insert(key, p);
        p
    }
}

/// Products.
impl Game {
    /// Norton's product G.U (Winning Ways ch. 7; Siegel, *Combinatorial Game Theory* (2013),
    /// II.7): n copies of U when G is an integer n, else {G^L.U + (U + I) | G^R.U - (U + I)},
    /// I ranging over the (undominated) incentives of U. For U > 0 it depends only on the value
    /// of G, is monotone and distributes over sums (Mesdal et al., "Partizan Splittles",
    /// Prop. 13); it depends on the form of U, here the canonical one (see
    /// `norton_product_explicit`).
    ///
    /// ```
    /// use cg::core::Game;
    /// let (half, up) = (Game::from_options(&[Game::ZERO], &[Game::integer(1)]), Game::up());
    /// // Norton's product distributes over sums, so 1/2.↑ + 1/2.↑ = 1.↑ = ↑.
    /// let p = half.norton_product(up);
    /// assert_eq!(p + p, up);
    /// ```
    pub fn norton_product(self, u: Game) -> Game {
        with_store(|s| s.norton_product(self, u))
    }

    /// Norton's product G.U with the unit U given as an explicit form.
    pub fn norton_product_explicit(self, u: &ExplicitGame) -> Game {
        let value = u.to_canonical();
        let (left, right) = u.option_values();
        with_store(|s| s.norton_product_with_unit(self, value, &left, &right))
    }

    /// The ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R}: play in H until a player moves in G,
    /// which ends H (Conway, ONAG ch. 15; Siegel, *Combinatorial Game Theory* (2013), II.6). The
    /// base G is taken in canonical form (see `ordinal_sum_explicit`).
    ///
    /// ```
    /// use cg::core::Game;
    /// // 1:1 = {1 | } = 2, *:* = *2, 1:-1 = {0 | 1} = 1/2.
    /// let one = Game::integer(1);
    /// assert_eq!(one.ordinal_sum(one), Game::integer(2));
    /// assert_eq!(Game::star().ordinal_sum(Game::star()), Game::nimber(2));
    /// assert_eq!(one.ordinal_sum(-one).to_string(), "1/2");
    /// ```
    pub fn ordinal_sum(self, h: Game) -> Game {
        with_store(|s| s.ordinal_sum(self, h))
    }

    /// The ordinal sum G:H with the base G given as an explicit form, e.g. {* | *} : 1, whose
    /// value differs from 0 : 1 = 1.
    ///
    /// ```
    /// use cg::core::{ExplicitGame, Game};
    /// let star = ExplicitGame::Value(Game::star());
    /// let base = ExplicitGame::form(vec![star.clone()], vec![star]); // {*|*}, equal to 0
    /// // {*|*} : 1 = {*, {*|*} : 0 | *} = {*, 0 | *} = ↑ (the * reverses), not 0 : 1 = 1.
    /// assert_eq!(Game::ordinal_sum_explicit(&base, Game::integer(1)), Game::up());
    /// ```
    pub fn ordinal_sum_explicit(base: &ExplicitGame, h: Game) -> Game {
        let (left, right) = base.option_values();
        with_store(|s| s.ordinal_sum_with_base(&left, &right, h, &mut AHashMap::new()))
    }

    /// Conway's product G×H on canonical forms (ONAG ch. 1): the product of numbers for numbers,
    /// the nim-product for nimbers (ONAG ch. 6).
    ///
    /// ```
    /// use cg::core::{Dyadic, Game, Integer};
    /// let half = Game::number(Dyadic::new(Integer::from(1), 1));
    /// assert_eq!(half.conway_product(Game::integer(3)), Game::number(Dyadic::new(Integer::from(3), 1)));
    /// assert_eq!(Game::nimber(2).conway_product(Game::nimber(2)), Game::nimber(3));
    /// ```
    pub fn conway_product(self, h: Game) -> Game {
        with_store(|s| s.conway_product(self, h))
    }
}
