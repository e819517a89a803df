//! Nim-sequences stored compactly: a byte per heap while every value is below 256, two while
//! below 65536, four beyond. Octal games' values stay small for a long time (Kayles' never pass
//! 8, Officers' reach the hundreds by 10^6 heaps), so a sequence of 10^8 heaps takes 100 or
//! 200 MB instead of 400.

/// A nim-value as stored in a sequence: `u8`, `u16` or `u32`.
pub trait NimValue: Copy + Default + PartialEq + Send + Sync + 'static {
    /// The largest value this width holds.
    const MAX: u32;
    fn get(self) -> u32;
    /// `v`, which must not exceed [`NimValue::MAX`].
    fn from_u32(v: u32) -> Self;
    /// The values as 16-bit ones, if that is their width (the vectorised kernels' input).
    fn halves(_g: &[Self]) -> Option<&[u16]> {
        None
    }
}

macro_rules! nim_value {
    ($t:ty $(, $halves:item)?) => {
        impl NimValue for $t {
            $($halves)?
            const MAX: u32 = <$t>::MAX as u32;
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn from_u32(v: u32) -> $t {
                debug_assert!(v <= <Self as NimValue>::MAX);
                v as $t
            }
        }
    };
}
nim_value!(u8);
nim_value!(
    u16,
    fn halves(g: &[u16]) -> Option<&[u16]> {
        Some(g)
    }
);
nim_value!(u32);

/// The values `G(0), G(1), ...` of a nim-sequence in the narrowest width that holds them all;
/// a push that does not fit widens the whole sequence once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NimValues {
    Bytes(Vec<u8>),
    Halves(Vec<u16>),
    Words(Vec<u32>),
}

/// A borrowed [`NimValues`], or a prefix of one.
#[derive(Clone, Copy, Debug)]
pub enum NimSlice<'a> {
    Bytes(&'a [u8]),
    Halves(&'a [u16]),
    Words(&'a [u32]),
}

impl Default for NimValues {
    fn default() -> NimValues {
        NimValues::new()
    }
}

impl NimValues {
    pub fn new() -> NimValues {
        NimValues::Bytes(Vec::new())
    }

    /// An empty sequence in 16 bits with room for `n` values: the width the sparse-space
    /// method reads ([`NimValues::narrowed`] makes it a byte each at the end when it can).
    pub fn halves_with_capacity(n: usize) -> NimValues {
        NimValues::Halves(Vec::with_capacity(n))
    }

    pub fn len(&self) -> usize {
        self.slice().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(i)`; panics past the end, like a slice.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        self.slice().get(i)
    }

    /// Bytes per value: 1, 2 or 4.
    pub fn width(&self) -> usize {
        match self {
            NimValues::Bytes(_) => 1,
            NimValues::Halves(_) => 2,
            NimValues::Words(_) => 4,
        }
    }

    pub fn push(&mut self, v: u32) {
        match self {
            NimValues::Bytes(g) if v <= u8::MAX as u32 => g.push(v as u8),
            NimValues::Halves(g) if v <= u16::MAX as u32 => g.push(v as u16),
            NimValues::Words(g) => g.push(v),
            _ => {
                self.widen_for(v);
                self.push(v);
            }
        }
    }

    /// Widens the storage so that `v` fits (one pass over the values).
    fn widen_for(&mut self, v: u32) {
        let widened = match std::mem::take(self) {
            NimValues::Bytes(g) if v <= u16::MAX as u32 => {
                NimValues::Halves(g.into_iter().map(u16::from).collect())
            }
            NimValues::Bytes(g) => NimValues::Words(g.into_iter().map(u32::from).collect()),
            NimValues::Halves(g) => NimValues::Words(g.into_iter().map(u32::from).collect()),
            words => words,
        };
        *self = widened;
    }

    /// The same values in the narrowest width that holds them, with no spare capacity.
    pub fn narrowed(self) -> NimValues {
        let max = self.slice().iter().max().unwrap_or(0);
        let mut narrow = match self {
            NimValues::Halves(g) if max <= u8::MAX as u32 => {
                NimValues::Bytes(g.into_iter().map(|v| v as u8).collect())
            }
            NimValues::Words(g) if max <= u8::MAX as u32 => {
                NimValues::Bytes(g.into_iter().map(|v| v as u8).collect())
            }
            NimValues::Words(g) if max <= u16::MAX as u32 => {
                NimValues::Halves(g.into_iter().map(|v| v as u16).collect())
            }
            other => other,
        };
        match &mut narrow {
            NimValues::Bytes(g) => g.shrink_to_fit(),
            NimValues::Halves(g) => g.shrink_to_fit(),
            NimValues::Words(g) => g.shrink_to_fit(),
        }
        narrow
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            NimValues::Bytes(g) => g.truncate(len),
            NimValues::Halves(g) => g.truncate(len),
            NimValues::Words(g) => g.truncate(len),
        }
    }

    pub fn slice(&self) -> NimSlice<'_> {
        match self {
            NimValues::Bytes(g) => NimSlice::Bytes(g),
            NimValues::Halves(g) => NimSlice::Halves(g),
            NimValues::Words(g) => NimSlice::Words(g),
        }
    }

    pub fn to_vec(&self) -> Vec<u32> {
        self.slice().iter().collect()
    }

    /// The heap memory the values take, in bytes.
    pub fn memory(&self) -> usize {
        match self {
            NimValues::Bytes(g) => g.capacity(),
            NimValues::Halves(g) => 2 * g.capacity(),
            NimValues::Words(g) => 4 * g.capacity(),
        }
    }
}

impl From<Vec<u32>> for NimValues {
    fn from(g: Vec<u32>) -> NimValues {
        NimValues::Words(g).narrowed()
    }
}

impl<'a> NimSlice<'a> {
    pub fn len(&self) -> usize {
        match self {
            NimSlice::Bytes(g) => g.len(),
            NimSlice::Halves(g) => g.len(),
            NimSlice::Words(g) => g.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match self {
            NimSlice::Bytes(g) => u32::from(g[i]),
            NimSlice::Halves(g) => u32::from(g[i]),
            NimSlice::Words(g) => g[i],
        }
    }

    /// The values `range`.
    pub fn range(&self, range: std::ops::Range<usize>) -> NimSlice<'a> {
        match *self {
            NimSlice::Bytes(g) => NimSlice::Bytes(&g[range]),
            NimSlice::Halves(g) => NimSlice::Halves(&g[range]),
            NimSlice::Words(g) => NimSlice::Words(&g[range]),
        }
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = u32> + ExactSizeIterator + 'a {
        let (bytes, halves, words): (&[u8], &[u16], &[u32]) = match *self {
            NimSlice::Bytes(g) => (g, &[], &[]),
            NimSlice::Halves(g) => (&[], g, &[]),
            NimSlice::Words(g) => (&[], &[], g),
        };
        // Two of the three are empty: chaining them costs a test per value at most.
        Chained {
            bytes: bytes.iter(),
            halves: halves.iter(),
            words: words.iter(),
        }
    }
}

/// The values of whichever of the three slices is not empty.
struct Chained<'a> {
    bytes: std::slice::Iter<'a, u8>,
    halves: std::slice::Iter<'a, u16>,
    words: std::slice::Iter<'a, u32>,
}

impl Iterator for Chained<'_> {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if let Some(&v) = self.bytes.next() {
            return Some(u32::from(v));
        }
        if let Some(&v) = self.halves.next() {
            return Some(u32::from(v));
        }
        self.words.next().copied()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bytes.len() + self.halves.len() + self.words.len();
        (n, Some(n))
    }
}

impl DoubleEndedIterator for Chained<'_> {
    fn next_back(&mut self) -> Option<u32> {
        if let Some(&v) = self.words.next_back() {
            return Some(v);
        }
        if let Some(&v) = self.halves.next_back() {
            return Some(u32::from(v));
        }
        self.bytes.next_back().map(|&v| u32::from(v))
    }
}

impl ExactSizeIterator for Chained<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_only_when_a_value_needs_it() {
        let mut g = NimValues::new();
        for v in [0, 1, 255] {
            g.push(v);
        }
        assert_eq!(g.width(), 1);
        g.push(256);
        assert_eq!(g.width(), 2);
        g.push(65_536);
        assert_eq!(g.width(), 4);
        assert_eq!(g.to_vec(), [0, 1, 255, 256, 65_536]);
        let mut h = NimValues::new();
        h.push(70_000);
        assert_eq!((h.width(), h.get(0)), (4, 70_000));
    }

    #[test]
    fn narrowing_keeps_the_values() {
        let values: Vec<u32> = (0..1000).map(|i| (i * 7) % 200).collect();
        let g = NimValues::from(values.clone());
        assert_eq!(g.width(), 1);
        assert_eq!(g.to_vec(), values);
        let mut wide = NimValues::halves_with_capacity(4);
        for &v in &values {
            wide.push(v);
        }
        assert_eq!(wide.width(), 2);
        assert_eq!(wide.clone().narrowed().width(), 1);
        assert_eq!(wide.narrowed().to_vec(), values);
        assert_eq!(NimValues::from(vec![3, 300]).width(), 2);
    }

    #[test]
    fn slices_read_like_the_values() {
        let g = NimValues::from(vec![5, 1, 4, 1, 70_000]);
        let s = g.slice().range(1..4);
        assert_eq!(s.iter().collect::<Vec<_>>(), [1, 4, 1]);
        assert_eq!(s.iter().rev().collect::<Vec<_>>(), [1, 4, 1]);
        assert_eq!((s.len(), s.get(1)), (3, 4));
    }
}
