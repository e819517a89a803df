//! The pairs of a batch pass of the sparse-space method, described by stretches rather than
//! listed.
//!
//! A pass flags, in row `j` of a batch, `x ^ G(p + j)` for each source `(x, p)`. Its sources
//! are, for each splitting removal, runs of consecutive smaller heaps `a` (source
//! `(G(a), m0 - a)`) and runs of consecutive rare heaps `r` with value `x` (source
//! `(x, m0 - r)`): a few stretches, where a list would hold some 2,500 sources a batch. The
//! list used to be written by the calling thread and read by the helper on the other core, so
//! every batch moved 40 KB between the two cores' caches (Officers to 3 * 10^6 on two threads:
//! 12% of the samples in writing it). Now each thread writes only the chunk of sources it
//! claims, into a buffer of its own that stays in its cache.

use std::ops::Range;
use std::sync::Arc;

/// The rare heaps and their values `(r, x)`, ascending, as passes read them.
pub(crate) type RarePairs = Arc<[(u32, u32)]>;

/// A run of sources.
#[derive(Clone, Debug)]
enum Stretch {
    /// The smaller heaps `a` in `heaps`, each paired with `m0 - a`: source `(G(a), m0 - a)`.
    Heaps { heaps: Range<usize>, m0: usize },
    /// The rare heaps at `places` of the pass's list, each `(r, x)` giving source
    /// `(x, m0 - r)`.
    Rare { places: Range<usize>, m0: usize },
}

impl Stretch {
    fn len(&self) -> usize {
        match self {
            Stretch::Heaps { heaps: r, .. } | Stretch::Rare { places: r, .. } => r.len(),
        }
    }
}

/// The sources of one batch pass.
#[derive(Debug)]
pub(crate) struct Pass {
    stretches: Vec<Stretch>,
    /// The rare heaps and their values, ascending, as they were when the pass was made.
    rare: RarePairs,
    len: usize,
}

impl Pass {
    /// A pass with no sources yet, whose rare stretches index `rare`.
    pub fn new(rare: RarePairs) -> Pass {
        Pass {
            stretches: Vec::new(),
            rare,
            len: 0,
        }
    }

    /// Adds the sources `(G(a), m0 - a)` for the smaller heaps `a` in `heaps`.
    pub fn add_heaps(&mut self, heaps: Range<usize>, m0: usize) {
        self.add(Stretch::Heaps { heaps, m0 });
    }

    /// Adds the sources `(x, m0 - r)` for the rare heaps `(r, x)` at `places` of the list.
    pub fn add_rare(&mut self, places: Range<usize>, m0: usize) {
        assert!(places.end <= self.rare.len(), "rare places beyond the list");
        self.add(Stretch::Rare { places, m0 });
    }

    fn add(&mut self, stretch: Stretch) {
        if stretch.len() > 0 {
            self.len += stretch.len();
            self.stretches.push(stretch);
        }
    }

    /// How many sources the pass has.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Sources `range` of the pass (in the order the stretches were added), into `out`,
    /// emptied first; `value(a)` is `G(a)`.
    pub fn write(
        &self,
        range: Range<usize>,
        value: impl Fn(usize) -> u32,
        out: &mut Vec<(u32, usize)>,
    ) {
        out.clear();
        let mut first = 0;
        for stretch in &self.stretches {
            let len = stretch.len();
            let wanted = range.start.max(first)..range.end.min(first + len);
            if !wanted.is_empty() {
                let inside = wanted.start - first..wanted.end - first;
                match stretch {
                    Stretch::Heaps { heaps, m0 } => {
                        let heaps = heaps.start + inside.start..heaps.start + inside.end;
                        out.extend(heaps.map(|a| (value(a), m0 - a)));
                    }
                    Stretch::Rare { places, m0 } => {
                        let places = places.start + inside.start..places.start + inside.end;
                        out.extend(self.rare[places].iter().map(|&(r, x)| (x, m0 - r as usize)));
                    }
                }
            }
            first += len;
            if first >= range.end {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Pass {
        let rare: RarePairs = Arc::from(vec![(3, 7), (5, 1), (8, 2), (13, 4)]);
        let mut pass = Pass::new(rare);
        pass.add_heaps(4..7, 40);
        pass.add_rare(1..3, 40);
        pass.add_heaps(9..9, 40);
        pass.add_rare(0..4, 60);
        pass
    }

    /// Every source of `sample`, written out by hand.
    fn by_hand() -> Vec<(u32, usize)> {
        let value = |a: usize| (a * 10) as u32;
        vec![
            (value(4), 36),
            (value(5), 35),
            (value(6), 34),
            (1, 35),
            (2, 32),
            (7, 57),
            (1, 55),
            (2, 52),
            (4, 47),
        ]
    }

    #[test]
    fn every_range_of_sources_is_the_same_range_of_the_list() {
        let pass = sample();
        let all = by_hand();
        assert_eq!(pass.len(), all.len());
        let mut out = vec![(99, 99)];
        for start in 0..=all.len() {
            for end in start..=all.len() + 2 {
                pass.write(start..end, |a| (a * 10) as u32, &mut out);
                assert_eq!(out, all[start..end.min(all.len())], "{start}..{end}");
            }
        }
    }
}
