//! A growable set of small nonnegative integers (nim-values), one bit each.

#[derive(Clone, Debug, Default)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    pub fn new() -> Bits {
        Bits { words: Vec::new() }
    }

    /// A set that can hold `0..bits` without growing.
    pub fn with_capacity(bits: usize) -> Bits {
        Bits {
            words: vec![0; bits.div_ceil(64)],
        }
    }

    pub fn words(&self) -> &[u64] {
        &self.words
    }

    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    #[inline]
    pub fn insert(&mut self, v: u32) {
        let w = (v >> 6) as usize;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v & 63);
    }

    /// Removes `v`, returning whether it was present.
    #[inline]
    pub fn remove(&mut self, v: u32) -> bool {
        match self.words.get_mut((v >> 6) as usize) {
            Some(w) if *w >> (v & 63) & 1 == 1 => {
                *w &= !(1 << (v & 63));
                true
            }
            _ => false,
        }
    }

    pub fn union_with(&mut self, other: &Bits) {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// The least value not in the set (the minimal excludant).
    pub fn mex(&self) -> u32 {
        for (i, &w) in self.words.iter().enumerate() {
            if w != u64::MAX {
                return (i as u32) * 64 + w.trailing_ones();
            }
        }
        (self.words.len() as u32) * 64
    }

    /// The least element, if any.
    pub fn first(&self) -> Option<u32> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| (i as u32) * 64 + w.trailing_zeros())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_and_membership() {
        let mut b = Bits::new();
        assert_eq!(b.mex(), 0);
        for v in 0..70 {
            b.insert(v);
        }
        assert_eq!(b.mex(), 70);
        b.insert(200);
        assert!(b.remove(200) && !b.remove(199) && !b.remove(5000));
        assert!(b.remove(3) && !b.remove(3));
        assert_eq!(b.mex(), 3);
        assert_eq!(b.first(), Some(0));
        let mut c = Bits::with_capacity(10);
        c.union_with(&b);
        assert_eq!(c.mex(), 3);
        c.clear();
        assert_eq!(c.first(), None);
    }
}
