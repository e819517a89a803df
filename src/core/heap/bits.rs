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
        assert_eq!(b.mex(), 70);
        let mut c = Bits::with_capacity(10);
        c.union_with(&b);
        assert_eq!(c.mex(), 70);
        c.clear();
        assert_eq!(c.mex(), 0);
    }
}
