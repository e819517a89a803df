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
        memo: &mut AHashMap<(Misere, Misere), Option<Misere>>,
    ) -> Option<Misere> {
        if h == Misere::ZERO {
            return Some(g);
        }
        let star = self.heap(1);
        if h == star {
            return Some(self.sum(g, star));
        }
        if let Some(&known) = memo.get(&(g, h)) {
            return known;
        }
        memo.insert((g, h), None);
        let found = self.find_difference(g, h, memo);
        memo.insert((g, h), found);
        found
    }

    fn find_difference(
        &mut self,
        g: Misere,
        h: Misere,
        memo: &mut AHashMap<(Misere, Misere), Option<Misere>>,
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
        for &o in &options {
            if let Some(d) = self.difference_memo(o, h, memo) {
                parts.push(d);
            }
        }
        if parts.len() == options.len() {
            let c = self.canonical(parts.clone());
            if self.sum(c, h) == g {
                return Some(c);
            }
        }
        self.reduced_sum_candidate(g, h, parts, memo)
    }

    /// When X + H = G only after the sum's form reduces (Conway's rule), the form reduces to
    /// an X' + H' equal to G; then X has the option G - H', and G's options come from the
    /// sum's, among them X' + H with X' = G' - H. So X = {G' - H, G - H'}, over those that
    /// exist, is the candidate. This finds {*2} - *2 = {0, {*2}, {*2} + *} (NOTATION.md's
    /// `*[2[#-2]]`), where the form {X' + *2, X, X + *} reduces to {*2}.
    fn reduced_sum_candidate(
        &mut self,
        g: Misere,
        h: Misere,
        mut options: Vec<Misere>,
        memo: &mut AHashMap<(Misere, Misere), Option<Misere>>,
    ) -> Option<Misere> {
        for h1 in self.options(h).to_vec() {
            if let Some(d) = self.difference_memo(g, h1, memo) {
                options.push(d);
            }
        }
        if options.is_empty() {
            return None;
        }
        let c = self.canonical(options);
        (self.sum(c, h) == g).then_some(c)
    }
}
