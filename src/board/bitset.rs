//! `BitSet`: an immutable-by-default, hashable set of small non-negative integers.
//!
//! Used for sets of cells of a [`Grid`](super::Grid) (cell indices, row-major) and sets of
//! vertices of a [`Graph`](super::Graph) (vertex indices). Sets whose elements are all below
//! 128 are stored inline in a `u128` (no allocation, clone is a copy); larger ones share an
//! `Rc<[u64]>`, so a clone is a reference-count increment.

use std::cmp::Ordering;
use std::fmt;
use std::rc::Rc;

/// A finite set of `usize`, as a bit set.
///
/// Invariant: the representation is unique for each set: `Inline` exactly when every element
/// is below 128, otherwise `Heap` with no trailing zero word. So the derived `Eq` and `Hash`
/// are set equality.
///
/// `Ord` compares sets as binary numbers (`sum of 2^i over the elements`): the set with the
/// largest element in their symmetric difference is the greater. So `{} < {0} < {1} < {0, 1}
/// < {2}`. It is a total order consistent with `Eq`, cheap to evaluate, and it is not the
/// lexicographic order of the sorted elements.
///
/// ```
/// use cg::board::BitSet;
/// let s: BitSet = [3, 1, 200].into_iter().collect();
/// assert_eq!(s.len(), 3);
/// assert!(s.contains(200) && !s.contains(2));
/// assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 3, 200]);
/// assert_eq!(s.to_string(), "{1, 3, 200}");
/// assert_eq!(s.without(200), BitSet::from_iter([1, 3]));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitSet(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Inline(u128),
    Heap(Rc<[u64]>),
}

impl Default for Repr {
    fn default() -> Self {
        Repr::Inline(0)
    }
}

impl BitSet {
    /// The empty set.
    pub const fn new() -> BitSet {
        BitSet(Repr::Inline(0))
    }

    /// `{0, 1, ..., n - 1}`.
    pub fn full(n: usize) -> BitSet {
        let mut words = vec![u64::MAX; n / 64];
        if !n.is_multiple_of(64) {
            words.push((1u64 << (n % 64)) - 1);
        }
        BitSet::from_words(&words)
    }

    /// The set whose element `64 * k + b` is present when bit `b` of `words[k]` is set.
    pub fn from_words(words: &[u64]) -> BitSet {
        let len = words.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
        if len <= 2 {
            let lo = words.first().copied().unwrap_or(0) as u128;
            let hi = if len == 2 { words[1] as u128 } else { 0 };
            BitSet(Repr::Inline(lo | (hi << 64)))
        } else {
            BitSet(Repr::Heap(words[..len].into()))
        }
    }

    /// The set whose elements are the set bits of `bits`.
    pub const fn from_u128(bits: u128) -> BitSet {
        BitSet(Repr::Inline(bits))
    }

    /// The elements as bits of a `u128`, if all of them are below 128.
    pub fn as_u128(&self) -> Option<u128> {
        match &self.0 {
            Repr::Inline(b) => Some(*b),
            Repr::Heap(_) => None,
        }
    }

    /// The elements as 64-bit words (element `64 * k + b` is bit `b` of word `k`), without
    /// trailing zero words.
    pub fn to_words(&self) -> Vec<u64> {
        match &self.0 {
            Repr::Inline(b) => {
                let (lo, hi) = (*b as u64, (*b >> 64) as u64);
                match (lo, hi) {
                    (0, 0) => vec![],
                    (_, 0) => vec![lo],
                    _ => vec![lo, hi],
                }
            }
            Repr::Heap(w) => w.to_vec(),
        }
    }

    /// Writes the elements into `out` (cleared first) as `nwords` words; elements at or above
    /// `64 * nwords` are dropped.
    pub(crate) fn write_words(&self, out: &mut Vec<u64>, nwords: usize) {
        out.clear();
        out.resize(nwords, 0);
        match &self.0 {
            Repr::Inline(b) => {
                if nwords > 0 {
                    out[0] = *b as u64;
                }
                if nwords > 1 {
                    out[1] = (*b >> 64) as u64;
                }
            }
            Repr::Heap(w) => {
                let k = w.len().min(nwords);
                out[..k].copy_from_slice(&w[..k]);
            }
        }
    }

    /// Whether `i` is an element.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        match &self.0 {
            Repr::Inline(b) => i < 128 && (b >> i) & 1 == 1,
            Repr::Heap(w) => w.get(i / 64).is_some_and(|x| (x >> (i % 64)) & 1 == 1),
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Inline(b) => b.count_ones() as usize,
            Repr::Heap(w) => w.iter().map(|x| x.count_ones() as usize).sum(),
        }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        matches!(self.0, Repr::Inline(0))
    }

    /// The least element.
    pub fn first(&self) -> Option<usize> {
        self.iter().next()
    }

    /// The greatest element.
    pub fn last(&self) -> Option<usize> {
        match &self.0 {
            Repr::Inline(0) => None,
            Repr::Inline(b) => Some(127 - b.leading_zeros() as usize),
            Repr::Heap(w) => {
                let k = w.len() - 1;
                Some(64 * k + 63 - w[k].leading_zeros() as usize)
            }
        }
    }

    /// Adds `i` (copy-on-write if the words are shared).
    pub fn insert(&mut self, i: usize) {
        match &mut self.0 {
            Repr::Inline(b) if i < 128 => *b |= 1u128 << i,
            _ => {
                let mut words = self.to_words();
                if words.len() <= i / 64 {
                    words.resize(i / 64 + 1, 0);
                }
                words[i / 64] |= 1u64 << (i % 64);
                *self = BitSet::from_words(&words);
            }
        }
    }

    /// Removes `i`.
    pub fn remove(&mut self, i: usize) {
        if !self.contains(i) {
            return;
        }
        match &mut self.0 {
            Repr::Inline(b) => *b &= !(1u128 << i),
            Repr::Heap(_) => {
                let mut words = self.to_words();
                words[i / 64] &= !(1u64 << (i % 64));
                *self = BitSet::from_words(&words);
            }
        }
    }

    /// This set with `i` added.
    #[must_use]
    pub fn with(&self, i: usize) -> BitSet {
        let mut s = self.clone();
        s.insert(i);
        s
    }

    /// This set with `i` removed.
    #[must_use]
    pub fn without(&self, i: usize) -> BitSet {
        let mut s = self.clone();
        s.remove(i);
        s
    }

    /// The elements in increasing order.
    pub fn iter(&self) -> Iter<'_> {
        match &self.0 {
            Repr::Inline(b) => Iter {
                words: &[],
                current: *b as u64,
                next_inline: Some((*b >> 64) as u64),
                base: 0,
                next_index: 0,
            },
            Repr::Heap(w) => Iter {
                words: w,
                current: w[0],
                next_inline: None,
                base: 0,
                next_index: 1,
            },
        }
    }

    fn zip_words(&self, other: &BitSet, f: impl Fn(u64, u64) -> u64) -> BitSet {
        match (&self.0, &other.0) {
            (Repr::Inline(a), Repr::Inline(b)) => {
                let lo = f(*a as u64, *b as u64) as u128;
                let hi = f((*a >> 64) as u64, (*b >> 64) as u64) as u128;
                BitSet::from_words(&[lo as u64, hi as u64])
            }
            _ => {
                let (a, b) = (self.to_words(), other.to_words());
                let n = a.len().max(b.len());
                let words: Vec<u64> = (0..n)
                    .map(|k| {
                        f(
                            a.get(k).copied().unwrap_or(0),
                            b.get(k).copied().unwrap_or(0),
                        )
                    })
                    .collect();
                BitSet::from_words(&words)
            }
        }
    }

    /// `self ∪ other`.
    #[must_use]
    pub fn union(&self, other: &BitSet) -> BitSet {
        if let (Repr::Inline(a), Repr::Inline(b)) = (&self.0, &other.0) {
            return BitSet(Repr::Inline(a | b));
        }
        self.zip_words(other, |a, b| a | b)
    }

    /// `self ∩ other`.
    #[must_use]
    pub fn intersection(&self, other: &BitSet) -> BitSet {
        if let (Repr::Inline(a), Repr::Inline(b)) = (&self.0, &other.0) {
            return BitSet(Repr::Inline(a & b));
        }
        self.zip_words(other, |a, b| a & b)
    }

    /// `self \ other`.
    #[must_use]
    pub fn difference(&self, other: &BitSet) -> BitSet {
        if let (Repr::Inline(a), Repr::Inline(b)) = (&self.0, &other.0) {
            return BitSet(Repr::Inline(a & !b));
        }
        self.zip_words(other, |a, b| a & !b)
    }

    /// The elements in exactly one of the two sets.
    #[must_use]
    pub fn symmetric_difference(&self, other: &BitSet) -> BitSet {
        if let (Repr::Inline(a), Repr::Inline(b)) = (&self.0, &other.0) {
            return BitSet(Repr::Inline(a ^ b));
        }
        self.zip_words(other, |a, b| a ^ b)
    }

    /// Whether every element of `self` is in `other`.
    pub fn is_subset(&self, other: &BitSet) -> bool {
        match (&self.0, &other.0) {
            (Repr::Inline(a), Repr::Inline(b)) => a & !b == 0,
            _ => self.difference(other).is_empty(),
        }
    }

    /// Whether the sets have no common element.
    pub fn is_disjoint(&self, other: &BitSet) -> bool {
        self.intersection(other).is_empty()
    }
}

/// Iterator over the elements of a [`BitSet`], in increasing order.
pub struct Iter<'a> {
    words: &'a [u64],
    current: u64,
    next_inline: Option<u64>,
    base: usize,
    next_index: usize,
}

impl Iterator for Iter<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.current != 0 {
                let t = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(self.base + t);
            }
            if let Some(hi) = self.next_inline.take() {
                self.current = hi;
                self.base = 64;
                continue;
            }
            let w = *self.words.get(self.next_index)?;
            self.current = w;
            self.base = 64 * self.next_index;
            self.next_index += 1;
        }
    }
}

impl<'a> IntoIterator for &'a BitSet {
    type Item = usize;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl FromIterator<usize> for BitSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> BitSet {
        let mut words: Vec<u64> = Vec::new();
        for i in iter {
            if words.len() <= i / 64 {
                words.resize(i / 64 + 1, 0);
            }
            words[i / 64] |= 1u64 << (i % 64);
        }
        BitSet::from_words(&words)
    }
}

impl Extend<usize> for BitSet {
    fn extend<I: IntoIterator<Item = usize>>(&mut self, iter: I) {
        for i in iter {
            self.insert(i);
        }
    }
}

impl Ord for BitSet {
    fn cmp(&self, other: &BitSet) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Inline(a), Repr::Inline(b)) => a.cmp(b),
            (Repr::Inline(_), Repr::Heap(_)) => Ordering::Less,
            (Repr::Heap(_), Repr::Inline(_)) => Ordering::Greater,
            (Repr::Heap(a), Repr::Heap(b)) => a
                .len()
                .cmp(&b.len())
                .then_with(|| a.iter().rev().cmp(b.iter().rev())),
        }
    }
}

impl PartialOrd for BitSet {
    fn partial_cmp(&self, other: &BitSet) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for BitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (k, i) in self.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{i}")?;
        }
        f.write_str("}")
    }
}

impl fmt::Debug for BitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::ops::BitOr for &BitSet {
    type Output = BitSet;
    fn bitor(self, rhs: &BitSet) -> BitSet {
        self.union(rhs)
    }
}

impl std::ops::BitAnd for &BitSet {
    type Output = BitSet;
    fn bitand(self, rhs: &BitSet) -> BitSet {
        self.intersection(rhs)
    }
}

impl std::ops::Sub for &BitSet {
    type Output = BitSet;
    fn sub(self, rhs: &BitSet) -> BitSet {
        self.difference(rhs)
    }
}

impl std::ops::BitXor for &BitSet {
    type Output = BitSet;
    fn bitxor(self, rhs: &BitSet) -> BitSet {
        self.symmetric_difference(rhs)
    }
}
