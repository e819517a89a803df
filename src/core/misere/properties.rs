//! Properties of misère canonical forms that ONAG ch. 12 and WW ch. 13 name: the mate, even
//! and odd games, and a game that tells two forms apart.

use super::store::{Misere, Store};

impl Store {
    /// The mate G⁻ (ONAG ch. 12): 0⁻ = *, and G⁻ = {G'⁻} for G with options. Conway uses it to
    /// prove that distinct canonical forms differ: G + G⁻ is a misère P-position.
    pub fn mate(&mut self, g: Misere) -> Misere {
        if let Some(&m) = self.mate_cache.get(&g) {
            return m;
        }
        let options = self.options(g).to_vec();
        let m = if options.is_empty() {
            self.heap(1)
        } else {
            let mates: Vec<Misere> = options.into_iter().map(|o| self.mate(o)).collect();
            self.canonical(mates)
        };
        self.mate_cache.insert(g, m);
        m
    }

    /// Even in Conway's sense (ONAG ch. 12): adding * makes the game older, b(G) < b(G + *).
    pub fn is_even(&mut self, g: Misere) -> bool {
        let star = self.heap(1);
        let plus_star = self.sum(g, star);
        self.node(g).birthday < self.node(plus_star).birthday
    }

    /// A game X with G + X and H + X of different misère outcomes, if G ≠ H: first a small
    /// one among the mates of G, H and their options and small games, each confirmed by
    /// playing the sums; failing those, the one Conway's theorem on linked games builds
    /// (see `link`), which always exists.
    pub fn distinguisher(&mut self, g: Misere, h: Misere) -> Option<Misere> {
        if g == h {
            return None;
        }
        let mut candidates = vec![Misere::ZERO, self.heap(1), self.mate(g), self.mate(h)];
        for x in [g, h] {
            for o in self.options(x).to_vec() {
                candidates.push(self.mate(o));
                candidates.push(o);
            }
        }
        for c in candidates.clone() {
            let star = self.heap(1);
            candidates.push(self.sum(c, star));
        }
        let small = candidates.into_iter().find(|&x| {
            let gx = self.sum(g, x);
            let hx = self.sum(h, x);
            (self.node(gx).g_minus == 0) != (self.node(hx).g_minus == 0)
        });
        Some(small.unwrap_or_else(|| self.theorem_distinguisher(g, h)))
    }
}
