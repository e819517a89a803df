//! Linked games (ONAG ch. 12): G and H are linked when some T makes both G + T and H + T
//! misère P-positions. Two theorems of Conway's make this decidable and constructive:
//!
//! - G and H are linked exactly when neither is an option of the other (on canonical forms,
//!   where equal values are identical forms). If H is an option of G, G + T can move to the
//!   P-position H + T, so they are not linked. Otherwise T = {T_G', T_H'} works, where T_G' is
//!   a game with G' + T_G' a P-position and H + T_G' an N-position (it exists because G' ≠ H),
//!   and T_H' likewise: every option of G + T is an N-position (G' + T moves to the P-position
//!   G' + T_G'; G + T_G' moves to G' + T_G' too; G + T_H' is an N-position by choice), and the
//!   same for H + T. The one exception is G = H = 0, where T would be 0, an N-position: there
//!   T = * works.
//! - If G ≠ H, some G' is linked to H or some H' is linked to G. A link T of G' and H then
//!   tells G and H apart: H + T is a P-position and G + T moves to the P-position G' + T.
//!
//! So links and distinguishers are built by a recursion on the birthdays of the pair.

use super::store::{Misere, Store};

impl Store {
    /// Neither is an option of the other.
    pub fn is_linked(&self, g: Misere, h: Misere) -> bool {
        self.options(g).binary_search(&h).is_err() && self.options(h).binary_search(&g).is_err()
    }

    /// A game T with g + T and h + T both misère P-positions, when g and h are linked.
    pub fn link(&mut self, g: Misere, h: Misere) -> Option<Misere> {
        if !self.is_linked(g, h) {
            return None;
        }
        if g == Misere::ZERO && h == Misere::ZERO {
            return Some(self.heap(1));
        }
        let mut options = Vec::new();
        for g1 in self.options(g).to_vec() {
            options.push(self.p_n_distinguisher(g1, h));
        }
        for h1 in self.options(h).to_vec() {
            options.push(self.p_n_distinguisher(h1, g));
        }
        Some(self.canonical(options))
    }

    /// For a ≠ b, a game T with a + T a P-position and b + T an N-position. From any T
    /// telling them apart: if a + T is the N-position, T2 = {a'⁻ for every a', T} turns it
    /// round: a + T2 moves only to a' + T2 (which answers to the P-position a' + a'⁻) and to
    /// the N-position a + T, so it is a P-position; b + T2 moves to the P-position b + T.
    pub fn p_n_distinguisher(&mut self, a: Misere, b: Misere) -> Misere {
        if let Some(&t) = self.pn_cache.get(&(a, b)) {
            return t;
        }
        crate::core::check_interrupt();
        let t = self.fresh_p_n_distinguisher(a, b);
        self.pn_cache.insert((a, b), t);
        t
    }

    fn fresh_p_n_distinguisher(&mut self, a: Misere, b: Misere) -> Misere {
        let t = self.theorem_distinguisher(a, b);
        let at = self.sum(a, t);
        if self.node(at).g_minus == 0 {
            return t;
        }
        let mut options: Vec<Misere> = self.options(a).to_vec();
        for o in options.iter_mut() {
            *o = self.mate(*o);
        }
        options.push(t);
        self.canonical(options)
    }

    /// For g ≠ h, a distinguisher by the second theorem: a link of an option of one with the
    /// other. 0 is the quick answer when one of them is 0 and the other a P-position.
    pub fn theorem_distinguisher(&mut self, g: Misere, h: Misere) -> Misere {
        debug_assert_ne!(g, h);
        for (x, y) in [(g, h), (h, g)] {
            if x == Misere::ZERO && self.node(y).g_minus == 0 {
                return Misere::ZERO;
            }
        }
        for (x, y) in [(g, h), (h, g)] {
            for x1 in self.options(x).to_vec() {
                if let Some(t) = self.link(x1, y) {
                    return t;
                }
            }
        }
        unreachable!("Conway's theorem: distinct games have an option linked to the other")
    }
}
