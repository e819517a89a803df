//! Misère differences: the game X with X + H = G, when cg can find it. By Conway's cancellation
//! theorem (ONAG ch. 12) there is at most one such X; unlike normal play there is not always one
//! (0 - *2 does not exist: no sum with *2 is 0).

use ahash::AHashMap;

use super::store::{Misere, Store};

impl Store {
    /// X with X + h = g, searched among candidates and confirmed by adding: g + * when h is *
    /// (since * + * = 0); the followers of g of depth at most two and those plus *; and the game
    /// whose options are the differences of g's options (the candidate when every option of
    /// g is an X' + h). `None` when no candidate passes.
    pub fn difference(&mut self, g: Misere, h: Misere) -> Option<Misere> {
        let mut memo = AHashMap::new();
        self.difference_memo(g, h, &mut memo)
    }

    fn difference_memo(
        &mut self,
        g: Misere,
        h: Misere,
        memo: &mut AHashMap<Misere, Option<Misere>>,
    ) -> Option<Misere> {
        if h == Misere::ZERO {
            return Some(g);
        }
        let star = self.heap(1);
        if h == star {
            return Some(self.sum(g, star));
        }
        if let Some(&known) = memo.get(&g) {
            return known;
        }
        memo.insert(g, None);
        let found = self.find_difference(g, h, memo);
        memo.insert(g, found);
        found
    }

    fn find_difference(
        &mut self,
        g: Misere,
        h: Misere,
        memo: &mut AHashMap<Misere, Option<Misere>>,
    ) -> Option<Misere> {
        let star = self.heap(1);
        let mut candidates = vec![g];
        for &o in self.options(g) {
            candidates.push(o);
            candidates.extend_from_slice(self.options(o));
        }
        for c in candidates.clone() {
            candidates.push(self.sum(c, star));
        }
        for c in candidates {
            if self.sum(c, h) == g {
                return Some(c);
            }
        }
        let options = self.options(g).to_vec();
        let mut parts = Vec::with_capacity(options.len());
        for o in options {
            parts.push(self.difference_memo(o, h, memo)?);
        }
        let c = self.canonical(parts);
        (self.sum(c, h) == g).then_some(c)
    }
}
