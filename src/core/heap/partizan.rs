//! Partizan heap games: Left and Right move by different rules.
//!
//! A heap of `n` tokens has a Left option for every move of Left's rules and a Right option
//! for every move of Right's; a move that leaves heaps `a_1, ..., a_k` leads to the disjunctive
//! sum `G(a_1) + ... + G(a_k)` (Winning Ways, ch. 2; Siegel, CGT, §II.1). Examples from
//! Mesdal, *Partizan Splittles* (Games of No Chance 3, 2009): partizan octal games such as
//! `0.7007 vs 0.70007`, which is Splittles `{1,4} vs {1,5}` (a player removes a number of tokens
//! from their set and may split the rest into two heaps), and partizan subtraction games
//! `subtraction {1} vs {3}` (Plambeck's partizan subtraction games: no splitting).

use std::fmt;

use crate::core::{check_interrupt, Game};

use super::code::{HeapRules, SubtractionSet};

/// The rules of a partizan heap game: Left's and Right's.
///
/// ```
/// use cg::core::heap::PartizanHeapRules;
/// // Mesdal, Partizan Splittles, Theorem 2: {1} vs {k} has G(k) = {k-1|0}.
/// let rules = PartizanHeapRules::splittles("{1}".parse().unwrap(), "{3}".parse().unwrap());
/// assert_eq!(rules.to_string(), "splittles {1} vs {3}");
/// let g = rules.canonical_forms(3, &mut |_| {});
/// assert_eq!(g[3].to_string(), "{2|0}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartizanHeapRules {
    pub left: HeapRules,
    pub right: HeapRules,
}

impl PartizanHeapRules {
    pub fn new(left: HeapRules, right: HeapRules) -> PartizanHeapRules {
        PartizanHeapRules { left, right }
    }

    /// Partizan Splittles: each player removes a number of tokens from their own set and may
    /// split what is left into two heaps (Mesdal, §1).
    pub fn splittles(left: SubtractionSet, right: SubtractionSet) -> PartizanHeapRules {
        PartizanHeapRules::new(HeapRules::Splittles(left), HeapRules::Splittles(right))
    }

    /// A partizan subtraction game: each player removes a number of tokens from their own set,
    /// leaving the rest as one heap.
    pub fn subtraction(left: SubtractionSet, right: SubtractionSet) -> PartizanHeapRules {
        PartizanHeapRules::new(HeapRules::Subtraction(left), HeapRules::Subtraction(right))
    }

    /// The options of a heap of `n` under `rules`, given `values = G(0..n)` (or more): each
    /// move's sum of heap values, duplicates removed.
    pub fn options(rules: &HeapRules, values: &[Game], n: usize) -> Vec<Game> {
        let mut options = Vec::new();
        rules.for_each_move(n, &mut |heaps| {
            let sum = heaps.iter().fold(Game::ZERO, |sum, &h| sum + values[h]);
            options.push(sum);
        });
        options.sort_unstable();
        options.dedup();
        options
    }

    /// The canonical forms `G(0), ..., G(n)` of single heaps, by memoised recursion: `G(m)` is
    /// `{ Left's options | Right's options }` with each option the sum of the values of the heaps
    /// a move leaves. `progress(m)` is called after each heap (and may unwind); interrupts are
    /// checked as often.
    ///
    /// ```
    /// use cg::core::heap::{PartizanHeapRules, SubtractionSet};
    /// // Mesdal, Theorem 1: {1, odds} vs {1, odds} alternates 0, *.
    /// let s: SubtractionSet = "{1,odds}".parse().unwrap();
    /// let rules = PartizanHeapRules::splittles(s.clone(), s);
    /// let g = rules.canonical_forms(5, &mut |_| {});
    /// let printed: Vec<String> = g.iter().map(|x| x.to_string()).collect();
    /// assert_eq!(printed, ["0", "*", "0", "*", "0", "*"]);
    /// ```
    pub fn canonical_forms(&self, n: usize, progress: &mut dyn FnMut(usize)) -> Vec<Game> {
        let mut values = Vec::with_capacity(n + 1);
        values.push(Game::ZERO);
        for m in 1..=n {
            check_interrupt();
            let left = PartizanHeapRules::options(&self.left, &values, m);
            let right = PartizanHeapRules::options(&self.right, &values, m);
            values.push(Game::from_options(&left, &right));
            progress(m);
        }
        values
    }
}

impl fmt::Display for PartizanHeapRules {
    /// `splittles {1,4} vs {1,5}`, `subtraction {1} vs {3}`, `0.7007 vs 0.70007`: the keyword
    /// once when both rules are of one kind, else each rule with its own.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let right = match &self.right {
            r if std::mem::discriminant(r) != std::mem::discriminant(&self.left) => r.to_string(),
            HeapRules::TakeBreak(code) => code.to_string(),
            HeapRules::Subtraction(set) | HeapRules::Splittles(set) => set.to_string(),
            HeapRules::AllBut(excluded) => {
                SubtractionSet::finite(excluded.iter().copied()).to_string()
            }
        };
        write!(f, "{} vs {right}", self.left)
    }
}
