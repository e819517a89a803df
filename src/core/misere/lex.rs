//! The lexicographic order on sums of heaps, as Siegel's refinement algorithm uses it
//! (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 2008, supplementary
//! material; Siegel, "Some MisereSolver questions answered", miseregames.wordpress.com, 2007).
//!
//! A sum of heaps 0..=n is a word: `word[h]` copies of heap h. Words are compared from the
//! largest heap down (more copies of a larger heap is later), so replacing one heap by an
//! option of it (one copy fewer of h, more copies of smaller heaps only) gives an earlier
//! word, and adding the same heaps to two words keeps their order. Three walks enumerate the
//! words in this order, stopping a branch as soon as it can hold nothing new:
//!
//! - the lexicographically least word of each element of a monoid;
//! - the P-portion a candidate monoid is given by the outcomes of those least words ("the
//!   outcome of an element is the outcome of its first game"), each outcome read off the
//!   elements of the word's options, which are earlier words;
//! - the least word whose outcome a candidate gets wrong.

use std::cmp::Ordering;

use crate::core::check_interrupt;

/// Copies of each heap 0..=n.
pub type Word = Vec<u32>;

/// Compares two words of the same length, the largest heap first.
pub fn lex_cmp(a: &[u32], b: &[u32]) -> Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// A finite commutative monoid with identity 0.
pub trait Monoid {
    fn order(&self) -> usize;
    fn mul(&self, x: u32, y: u32) -> u32;
}

/// What the walks need of the heaps: Φ(h), and the elements of the options of heap h (empty
/// when the heap has no move, which makes it the game 0).
pub struct Heaps<'a> {
    pub pretend: &'a [u32],
    pub options: &'a [Vec<u32>],
}

impl Heaps<'_> {
    fn len(&self) -> usize {
        self.pretend.len()
    }

    /// The elements of the options of (word of `elem`, options `trans`) plus one heap h.
    fn options_plus<M: Monoid>(&self, m: &M, elem: u32, trans: &[u32], h: usize) -> Vec<u32> {
        let mut out: Vec<u32> = trans
            .iter()
            .map(|&t| m.mul(t, self.pretend[h]))
            .chain(self.options[h].iter().map(|&o| m.mul(elem, o)))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The least word of each element reached by the heaps (None for an element no sum reaches).
pub fn least_words<M: Monoid>(m: &M, heaps: &Heaps) -> Vec<Option<Word>> {
    let mut walk = Walk {
        m,
        heaps,
        word: vec![0; heaps.len()],
        words: vec![None; m.order()],
        p: vec![false; m.order()],
        mark_p: false,
    };
    walk.run(heaps.len(), 0, &[]);
    walk.words
}

/// The P-portion that the outcomes of the least words give, and those words. Exact on every
/// least word whose options are predicted right, so the least game a candidate built this way
/// gets wrong is never the least game of its element.
pub fn mark_p_portion<M: Monoid>(m: &M, heaps: &Heaps) -> (Vec<bool>, Vec<Option<Word>>) {
    let mut walk = Walk {
        m,
        heaps,
        word: vec![0; heaps.len()],
        words: vec![None; m.order()],
        p: vec![false; m.order()],
        mark_p: true,
    };
    walk.run(heaps.len(), 0, &[]);
    (walk.p, walk.words)
}

struct Walk<'a, M: Monoid> {
    m: &'a M,
    heaps: &'a Heaps<'a>,
    word: Word,
    words: Vec<Option<Word>>,
    p: Vec<bool>,
    mark_p: bool,
}

impl<M: Monoid> Walk<'_, M> {
    /// Every word that varies heaps 0..depth after the current prefix, whose element is `elem`
    /// and whose options have the elements `trans`. A branch ends at the first copy of a heap
    /// that gives an element met before: every word past it has the element of an earlier one.
    fn run(&mut self, depth: usize, elem: u32, trans: &[u32]) {
        if depth == 0 {
            debug_assert!(self.words[elem as usize].is_none());
            if self.mark_p {
                // Misère: a game with no move (trans empty) is won by the player to move.
                self.p[elem as usize] =
                    !trans.is_empty() && trans.iter().all(|&t| !self.p[t as usize]);
            }
            self.words[elem as usize] = Some(self.word.clone());
            return;
        }
        let h = depth - 1;
        let mut elem = elem;
        let mut trans = trans.to_vec();
        loop {
            self.run(h, elem, &trans);
            if self.heaps.options[h].is_empty() {
                break;
            }
            let next = self.m.mul(elem, self.heaps.pretend[h]);
            if self.words[next as usize].is_some() {
                break;
            }
            check_interrupt();
            if self.mark_p {
                trans = self.heaps.options_plus(self.m, elem, &trans, h);
            }
            elem = next;
            self.word[h] += 1;
        }
        self.word[h] = 0;
    }
}

/// The least word that has a P-position of the candidate among its options while being
/// predicted P itself: for each element x and heap h with x·h in P and a move of h to a P
/// element, x's least word plus h (any failure y + h has y's element x, and x's least word is
/// no later than y).
pub fn least_p_failure<M: Monoid>(
    m: &M,
    p: &[bool],
    heaps: &Heaps,
    words: &[Option<Word>],
) -> Option<Word> {
    let mut least: Option<Word> = None;
    for (x, word) in words.iter().enumerate() {
        let Some(word) = word else { continue };
        for h in 0..heaps.len() {
            let x = x as u32;
            if !p[m.mul(x, heaps.pretend[h]) as usize] {
                continue;
            }
            if heaps.options[h].iter().any(|&o| p[m.mul(x, o) as usize]) {
                let mut failure = word.clone();
                failure[h] += 1;
                if least.as_ref().is_none_or(|l| lex_cmp(&failure, l).is_lt()) {
                    least = Some(failure);
                }
            }
        }
    }
    least
}

/// The least word before `below` (all words when None) that the candidate calls N while none
/// of its options is P. A word whose element and option set contain those of an earlier word
/// with the same element is passed over with everything after it on its branch: any sum it
/// fails, the earlier word fails with the same heaps added, earlier still. The sets kept for
/// each element are the minimal ones, so the walk ends.
pub fn least_n_failure<M: Monoid>(
    m: &M,
    p: &[bool],
    heaps: &Heaps,
    below: Option<&Word>,
) -> Option<Word> {
    let mut search = Search {
        m,
        p,
        heaps,
        below,
        word: vec![0; heaps.len()],
        minimal: vec![Vec::new(); m.order()],
        width: m.order().div_ceil(64),
        steps: 0,
    };
    match search.run(heaps.len(), 0, &[]) {
        Flow::Found(w) => Some(w),
        Flow::Go | Flow::Stop => None,
    }
}

enum Flow {
    Go,
    Stop,
    Found(Word),
}

struct Search<'a, M: Monoid> {
    m: &'a M,
    p: &'a [bool],
    heaps: &'a Heaps<'a>,
    below: Option<&'a Word>,
    word: Word,
    /// The minimal option sets met so far for each element, as bit sets.
    minimal: Vec<Vec<Vec<u64>>>,
    width: usize,
    steps: usize,
}

impl<M: Monoid> Search<'_, M> {
    fn run(&mut self, depth: usize, elem: u32, trans: &[u32]) -> Flow {
        if depth == 0 {
            let fails = !trans.is_empty()
                && !self.p[elem as usize]
                && trans.iter().all(|&t| !self.p[t as usize]);
            return if fails {
                Flow::Found(self.word.clone())
            } else {
                Flow::Go
            };
        }
        let h = depth - 1;
        let mut elem = elem;
        let mut trans = trans.to_vec();
        loop {
            match self.run(h, elem, &trans) {
                Flow::Go => {}
                other => return other,
            }
            if self.heaps.options[h].is_empty() {
                break;
            }
            self.word[h] += 1;
            if self.below.is_some_and(|b| lex_cmp(&self.word, b).is_ge()) {
                return Flow::Stop;
            }
            self.steps += 1;
            if self.steps.is_multiple_of(1024) {
                check_interrupt();
            }
            trans = self.heaps.options_plus(self.m, elem, &trans, h);
            elem = self.m.mul(elem, self.heaps.pretend[h]);
            if !self.keep(elem, &trans) {
                break;
            }
        }
        self.word[h] = 0;
        Flow::Go
    }

    /// Records `trans` among the minimal option sets of `elem`; false when an earlier set of
    /// `elem` is contained in it.
    fn keep(&mut self, elem: u32, trans: &[u32]) -> bool {
        let mut bits = vec![0u64; self.width];
        for &t in trans {
            bits[t as usize / 64] |= 1 << (t % 64);
        }
        let sets = &mut self.minimal[elem as usize];
        let within = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
        if sets.iter().any(|s| within(s, &bits)) {
            return false;
        }
        sets.retain(|s| !within(&bits, s));
        sets.push(bits);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A monoid by its table.
    struct Table(Vec<Vec<u32>>);

    impl Monoid for Table {
        fn order(&self) -> usize {
            self.0.len()
        }
        fn mul(&self, x: u32, y: u32) -> u32 {
            self.0[x as usize][y as usize]
        }
    }

    /// {1, x, x², x³ | x⁴ = x²}.
    fn cyclic_2_2() -> Table {
        let add = |a: usize, b: usize| if a + b < 4 { a + b } else { 2 + (a + b) % 2 };
        Table(
            (0..4)
                .map(|a| (0..4).map(|b| add(a, b) as u32).collect())
                .collect(),
        )
    }

    /// Misère Nim with heaps of 1 only, heap 1 the generator x: k heaps of 1 are a P-position
    /// exactly when k is odd (by hand: the players take one heap each in turn, and the one who
    /// takes the last loses), so P = {x, x³}; the least words are 0, 1, 2 and 3 heaps.
    #[test]
    fn p_portion_of_heaps_of_one() {
        let m = cyclic_2_2();
        let options = vec![vec![], vec![0]];
        let heaps = Heaps {
            pretend: &[0, 1],
            options: &options,
        };
        let (p, words) = mark_p_portion(&m, &heaps);
        assert_eq!(p, vec![false, true, false, true]);
        let copies: Vec<u32> = words.iter().map(|w| w.as_ref().unwrap()[1]).collect();
        assert_eq!(copies, vec![0, 1, 2, 3]);
        assert_eq!(least_n_failure(&m, &p, &heaps, None), None);
        assert_eq!(least_p_failure(&m, &p, &heaps, &words), None);
    }

    /// {1, x | x² = 1} with nothing in P is wrong first on one heap of 1 (its only move is to
    /// the empty game, an N-position, so it is P); with everything in P, on the same heap (a
    /// P-position that moves to one).
    #[test]
    fn least_failures_of_wrong_candidates() {
        let m = Table(vec![vec![0, 1], vec![1, 0]]);
        let options = vec![vec![], vec![0]];
        let heaps = Heaps {
            pretend: &[0, 1],
            options: &options,
        };
        assert_eq!(
            least_n_failure(&m, &[false, false], &heaps, None),
            Some(vec![0, 1])
        );
        let words = least_words(&m, &heaps);
        assert_eq!(
            least_p_failure(&m, &[true, true], &heaps, &words),
            Some(vec![0, 1])
        );
        // An N-failure at or past the bound is not looked for.
        assert_eq!(
            least_n_failure(&m, &[false, false], &heaps, Some(&vec![0, 1])),
            None
        );
    }
}
