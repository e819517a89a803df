//! Hoey's phyla beyond hereditary tameness (WW ch. 13, "tame games may have wild positions";
//! the phyla as CGSuite documents them): a game can act like a tame (or restive) game in sums
//! with tame games even though some options are wild, when each wild option is *reversible*:
//! it has an option of the game's own genus from the class, so a move to it can be answered by
//! a move back to a game that plays like the original.
//!
//! A class C (generally tame, tameable, generally restive) is then closed under: G has the
//! class's kind of genus, every option of G is in C or reverses through an option in C with
//! the same g+ and g- as G, and the options in C alone give G its g+ and g- (mex of theirs).

use super::store::{mex, Misere, Store};

/// The genus of a tame game: g+ = g-, or {g+, g-} = {0, 1} (0^1 and 1^0).
fn tame_genus(g_plus: u32, g_minus: u32) -> bool {
    g_plus == g_minus || (g_plus < 2 && g_minus < 2)
}

impl Store {
    fn values(&self, g: Misere) -> (u32, u32) {
        let n = self.node(g);
        (n.g_plus, n.g_minus)
    }

    /// The closure rule of the module comment: options in `counts` give G its values; any
    /// other option must reverse through an option in `reverts` with G's values.
    fn closed_under(
        &mut self,
        g: Misere,
        counts: &mut dyn FnMut(&mut Store, Misere) -> bool,
        reverts: &mut dyn FnMut(&mut Store, Misere) -> bool,
    ) -> bool {
        let (gp, gm) = self.values(g);
        let mut inside = Vec::new();
        for o in self.options(g).to_vec() {
            if counts(self, o) {
                inside.push(self.values(o));
                continue;
            }
            let reversible = self
                .options(o)
                .to_vec()
                .into_iter()
                .any(|o2| self.values(o2) == (gp, gm) && reverts(self, o2));
            if !reversible {
                return false;
            }
        }
        mex(inside.iter().map(|v| v.0)) == gp && mex(inside.iter().map(|v| v.1)) == gm
    }

    /// Generally tame: tame, or tame through reversible wild options (Hoey's "reversibly
    /// tame"). Every hereditarily tame game is generally tame.
    pub fn is_generally_tame(&mut self, g: Misere) -> bool {
        if let Some(&t) = self.general_cache.get(&(g, Class::Tame)) {
            return t;
        }
        let (gp, gm) = self.values(g);
        let t = self.is_tame(g)
            || (tame_genus(gp, gm)
                && self.closed_under(g, &mut |s, o| s.is_generally_tame(o), &mut |s, o| {
                    s.is_generally_tame(o)
                }));
        self.general_cache.insert((g, Class::Tame), t);
        t
    }

    /// Tameable: of tame genus and closed as above under tameable options (a wider class than
    /// the generally tame games: a tameable option counts as a tame one would).
    pub fn is_tameable(&mut self, g: Misere) -> bool {
        if let Some(&t) = self.general_cache.get(&(g, Class::Tameable)) {
            return t;
        }
        let (gp, gm) = self.values(g);
        let t = self.is_generally_tame(g)
            || (tame_genus(gp, gm)
                && self.closed_under(g, &mut |s, o| s.is_tameable(o), &mut |s, o| {
                    s.is_tameable(o)
                }));
        self.general_cache.insert((g, Class::Tameable), t);
        t
    }

    /// Generally restive: of restive genus (not tame, g+ at most 1), its generally tame options
    /// giving its values and any other option reversing through a generally restive option of
    /// G's values (a tame option cannot have them: its genus is tame). Every restive game is
    /// generally restive.
    pub fn is_generally_restive(&mut self, g: Misere) -> bool {
        if let Some(&t) = self.general_cache.get(&(g, Class::Restive)) {
            return t;
        }
        let (gp, gm) = self.values(g);
        let t = !tame_genus(gp, gm)
            && gp < 2
            && self.closed_under(g, &mut |s, o| s.is_generally_tame(o), &mut |s, o| {
                s.is_generally_restive(o)
            });
        self.general_cache.insert((g, Class::Restive), t);
        t
    }

    /// Half-tame: not generally tame, while G + G is generally tame of genus 0^0.
    pub fn is_half_tame(&mut self, g: Misere) -> bool {
        if self.is_generally_tame(g) {
            return false;
        }
        let double = self.sum(g, g);
        self.values(double) == (0, 0) && self.is_generally_tame(double)
    }
}

/// Which closure a cached answer belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    Tame,
    Tameable,
    Restive,
}
