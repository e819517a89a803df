//! The order of games: G <= H, computed from options and cached by handle pair.

use super::game::Game;
use super::nus::Sign;
use super::store::Store;

impl Store {
    /// G <= H: no Left option of G is >= H, and no Right option of H is <= G
    /// (Conway, *On Numbers and Games*, ch. 7; Siegel, CGT, Def. II.1.7).
    ///
    /// Number-up-star pairs compare in closed form. Most other pairs are settled by their stops
    /// (see `quick_stops`). Against a number x, a game G that is not a number needs only its
    /// own options (number avoidance: x <= G iff no G^R <= x).
    pub fn leq(&mut self, g: Game, h: Game) -> bool {
        if g == h {
            return true;
        }
        if let (Some(a), Some(b)) = (g.small(), h.small()) {
            return matches!(b.difference_sign(a), Sign::Zero | Sign::Positive);
        }
        if let Some(known) = self.quick_stops(g).leq(self.quick_stops(h)) {
            return known;
        }
        // Looked up before the nus check: a hit then needs no read of the games' nodes (nus
        // pairs are never cached, so the order changes no answer).
        if let Some(known) = self.leq_cache.get(g, h) {
            return known;
        }
        if self.is_nus(g) && self.is_nus(h) {
            let (a, b) = (self.nus(g).unwrap(), self.nus(h).unwrap());
            return a.leq(&b);
        }
        let result = if self.is_number(g) {
            !self.some_right_option_leq(h, g)
        } else if self.is_number(h) {
            !self.some_left_option_geq(g, h)
        } else {
            !self.some_left_option_geq(g, h) && !self.some_right_option_leq(h, g)
        };
        self.leq_cache.insert(g, h, result);
        result
    }

    /// Some G^L >= H.
    fn some_left_option_geq(&mut self, g: Game, h: Game) -> bool {
        if let Some(x) = self.infinitesimal_shift(g) {
            // Each G^L has both stops x, and G^L >= H needs both of H's stops at most x.
            let stops = self.quick_stops(h);
            if stops.left > x || stops.right > x {
                return false;
            }
        }
        let span = self.span(g);
        span.left().any(|i| {
            let gl = self.pool[i];
            self.leq(h, gl)
        })
    }

    /// Some H^R <= G.
    fn some_right_option_leq(&mut self, h: Game, g: Game) -> bool {
        if let Some(x) = self.infinitesimal_shift(h) {
            // Each H^R has both stops x, and H^R <= G needs both of G's stops at least x.
            let stops = self.quick_stops(g);
            if stops.left < x || stops.right < x {
                return false;
            }
        }
        let span = self.span(h);
        span.right().any(|i| {
            let hr = self.pool[i];
            self.leq(hr, g)
        })
    }

    /// x when G is a number-up-star value x + k.^ + *n that is not a number. Its canonical
    /// options are x plus infinitesimal number-up-star values (number translation), so every
    /// option has both stops x, and a comparison can often rule them all out at once. Without
    /// this, G <= x + *n looked at all n options x + *m, and `*1000 + {3|2}` (whose canonical
    /// form {3*1000 | 2*1000} comes from a thousand sums {3|2} + *m) compared n^3 / 3 pairs.
    fn infinitesimal_shift(&self, g: Game) -> Option<f64> {
        (self.is_nus(g) && !self.is_number(g)).then(|| self.quick_stops(g).left)
    }

    /// The sign of G: its outcome class as an order relation with 0.
    pub fn sign(&mut self, g: Game) -> Sign {
        if let Some(nus) = self.nus(g) {
            return nus.sign();
        }
        match (self.leq(Game::ZERO, g), self.leq(g, Game::ZERO)) {
            (true, true) => Sign::Zero,
            (true, false) => Sign::Positive,
            (false, true) => Sign::Negative,
            (false, false) => Sign::Fuzzy,
        }
    }

    /// x <= G for a game G = {left | right} that is not yet canonical (used while bypassing
    /// reversible options, before G has a handle).
    pub(crate) fn leq_pending(&mut self, x: Game, left: &[Game], right: &[Game]) -> bool {
        if right.iter().any(|&gr| self.leq(gr, x)) {
            return false;
        }
        let span = self.span(x);
        !span.left().any(|i| {
            let xl = self.pool[i];
            self.pending_leq(left, right, xl)
        })
    }

    /// G <= y for a game G = {left | right} that is not yet canonical.
    pub(crate) fn pending_leq(&mut self, left: &[Game], right: &[Game], y: Game) -> bool {
        if left.iter().any(|&gl| self.leq(y, gl)) {
            return false;
        }
        let span = self.span(y);
        !span.right().any(|i| {
            let yr = self.pool[i];
            self.leq_pending(yr, left, right)
        })
    }
}
