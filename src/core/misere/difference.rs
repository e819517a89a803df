//! Misère differences: the game X with X + H = G. By Conway's cancellation theorem (ONAG
//! ch. 12) there is at most one such X; unlike normal play there is not always one (0 - *2
//! does not exist: no sum with *2 is 0).
//!
//! The search is complete, by this case analysis. Let X + H = G with X and H canonical and H
//! not 0. The sum's form S = {X' + H, X + H'} either is canonical once its options are, or
//! reduces by Conway's rule to a follower T of an option of S, T = G.
//!
//! - No reduction: G's options are the X' + H and the X + H'. So X = G' - H' for an option G'
//!   of G and any option H' of H, and X's options are differences G' - H.
//! - Reduction to T = X + H'': then X = G - H'' for a follower H'' of an option of H.
//! - Reduction to T = X' + H' (T = X'' + H is impossible: X would equal a follower of its own).
//!   The options of S are those of T = G and games that have G as an option. An option X' + H
//!   is then an option G' of G (X' = G' - H), or has G as an option: G = X'' + H is
//!   impossible again, so G = X' + H' and X' = G - H'.
//!
//! So X is a G' - H', a G - H'', or a game whose options are among A = {G' - H} ∪ {G - H'}:
//! every candidate is tried (the subsets of A by the normal nim-value X must have, g+(G) xor
//! g+(H)), and each is confirmed by adding H back. The subsets are tried only while A has at
//! most `MAX_SUBSET_OPTIONS` elements; beyond, the answer says the search was cut short.

use ahash::AHashMap;

use super::store::{Misere, Store};

/// The most candidate options whose subsets are tried (2^12 subsets).
const MAX_SUBSET_OPTIONS: usize = 12;

/// The result of a difference search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difference {
    /// X with X + H = G.
    Found(Misere),
    /// No X exists.
    None,
    /// None was found, but the search was cut short (too many candidate options).
    Unknown,
}

type Memo = AHashMap<(Misere, Misere), Difference>;

impl Store {
    /// X with X + h = g (see the module notes).
    pub fn difference(&mut self, g: Misere, h: Misere) -> Difference {
        let mut memo = Memo::new();
        self.difference_memo(g, h, &mut memo)
    }

    fn difference_memo(&mut self, g: Misere, h: Misere, memo: &mut Memo) -> Difference {
        if h == Misere::ZERO {
            return Difference::Found(g);
        }
        let star = self.heap(1);
        if h == star {
            return Difference::Found(self.sum(g, star));
        }
        if let Some(&known) = memo.get(&(g, h)) {
            return known;
        }
        crate::core::check_interrupt();
        // A pair met again on the way down has no answer there (X cannot be its own follower).
        memo.insert((g, h), Difference::None);
        let found = self.find_difference(g, h, memo);
        memo.insert((g, h), found);
        found
    }

    fn find_difference(&mut self, g: Misere, h: Misere, memo: &mut Memo) -> Difference {
        let mut complete = true;
        let mut tried: Vec<Misere> = Vec::new();
        let mut try_candidate = |s: &mut Store, x: Misere| -> bool {
            if tried.contains(&x) {
                return false;
            }
            tried.push(x);
            s.sum(x, h) == g
        };
        let note = |d: Difference, out: &mut Vec<Misere>, complete: &mut bool| match d {
            Difference::Found(x) => out.push(x),
            Difference::None => {}
            Difference::Unknown => *complete = false,
        };
        let g_options = self.options(g).to_vec();
        let h_options = self.options(h).to_vec();
        // G' - H' (no reduction); one option H' of H suffices, but each is cheap to try.
        let mut direct = Vec::new();
        for &g1 in &g_options {
            for &h1 in &h_options {
                let d = self.difference_memo(g1, h1, memo);
                note(d, &mut direct, &mut complete);
            }
        }
        // G - H'' (reduction to X + H'').
        for &h1 in &h_options {
            for h2 in self.options(h1).to_vec() {
                let d = self.difference_memo(g, h2, memo);
                note(d, &mut direct, &mut complete);
            }
        }
        for x in direct {
            if try_candidate(self, x) {
                return Difference::Found(x);
            }
        }
        // Games whose options are among A = {G' - H} ∪ {G - H'}.
        let mut a = Vec::new();
        for &g1 in &g_options {
            let d = self.difference_memo(g1, h, memo);
            note(d, &mut a, &mut complete);
        }
        for &h1 in &h_options {
            let d = self.difference_memo(g, h1, memo);
            note(d, &mut a, &mut complete);
        }
        a.sort_unstable();
        a.dedup();
        if a.len() > MAX_SUBSET_OPTIONS {
            return Difference::Unknown;
        }
        let target = self.node(g).g_plus ^ self.node(h).g_plus;
        for mask in 0u32..(1 << a.len()) {
            let options: Vec<Misere> = (0..a.len())
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| a[i])
                .collect();
            let nim = super::store::mex(options.iter().map(|&o| self.node(o).g_plus));
            if nim != target {
                continue;
            }
            let x = self.canonical(options);
            if try_candidate(self, x) {
                return Difference::Found(x);
            }
        }
        if complete {
            Difference::None
        } else {
            Difference::Unknown
        }
    }
}
