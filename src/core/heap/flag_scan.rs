//! Reading a row of option flags of the sparse-space method 64 values at a time.
//!
//! A heap's row holds one byte per value (1 when some option has it). Its value is the least
//! *common* value not flagged, unless a *rare* value below that one is not flagged either; the
//! classes interleave (a value is common when `popcount(v & mask)` has a given parity), so
//! testing them one by one costs a load and an unpredictable branch per value, a hundred or
//! more per heap on Officers. Packed into bits, 64 flags become one word, and the class is a
//! fixed word per 64 values: the least common unflagged value is one AND and one count of
//! trailing zeros per word.

/// Values the packed classes cover at most: rows up to 1024 flags, classes to twice that.
pub(crate) const MAX_WORDS: usize = 32;

/// The values of a class, as a bitmask: bit `v % 64` of word `v / 64` is set when `v` is in
/// the class.
#[derive(Clone, Debug, Default)]
pub(crate) struct ClassBits {
    words: Vec<u64>,
}

impl ClassBits {
    /// The class of the values `0..len` in `members` (ascending, below `len`), or `None` when
    /// `len` is past [`MAX_WORDS`] words or not a whole number of words.
    pub fn new(members: &[u32], len: usize) -> Option<ClassBits> {
        if len == 0 || !len.is_multiple_of(64) || len / 64 > MAX_WORDS {
            return None;
        }
        let mut words = vec![0u64; len / 64];
        for &v in members {
            words[v as usize / 64] |= 1 << (v % 64);
        }
        Some(ClassBits { words })
    }

    /// The values the class covers.
    pub fn len(&self) -> usize {
        64 * self.words.len()
    }
}

/// The least value of `common` whose flag in `flags` (each 0 or 1, at most `32 * MAX_WORDS`
/// of them) is not set, or `common.len()` if none; and, appended to `need` in ascending order,
/// the values of `rare` below it whose flag is not set either. Flags past the row count as
/// unset. Only the words up to the least common value are packed: on Officers it lies in the
/// first third of a row.
pub(crate) fn least_unflagged(
    flags: &[u8],
    common: &ClassBits,
    rare: &ClassBits,
    need: &mut Vec<u32>,
) -> u32 {
    debug_assert!(2 * flags.len() <= common.len() && common.len() == rare.len());
    let mut packed = [0u64; MAX_WORDS];
    for (w, &c) in common.words.iter().enumerate() {
        packed[w] = pack_word(flags, w);
        let free = c & !packed[w];
        if free != 0 {
            let least = 64 * w as u32 + free.trailing_zeros();
            let below = (1u64 << free.trailing_zeros()) - 1;
            for (v, (&r, &f)) in rare.words[..=w].iter().zip(&packed).enumerate() {
                let mut free = r & !f;
                if v == w {
                    free &= below;
                }
                while free != 0 {
                    need.push(64 * v as u32 + free.trailing_zeros());
                    free &= free - 1;
                }
            }
            return least;
        }
    }
    // Unreachable for rows of half the classes' length: their second half is unflagged.
    common.len() as u32
}

/// Flags `64 w .. 64 w + 64` of `flags` as bits, the first lowest; past the end, unset.
#[inline]
fn pack_word(flags: &[u8], w: usize) -> u64 {
    let start = (64 * w).min(flags.len());
    let bytes = &flags[start..flags.len().min(start + 64)];
    let (octets, rest) = bytes.as_chunks::<8>();
    let mut word = 0;
    for (i, octet) in octets.iter().enumerate() {
        word |= pack_octet(*octet) << (8 * i);
    }
    let base = 8 * octets.len();
    for (i, &f) in rest.iter().enumerate() {
        word |= u64::from(f & 1) << (base + i);
    }
    word
}

/// Eight flags (each 0 or 1) as the low eight bits of a word, the first flag lowest. The
/// multiplier moves byte `i`'s bit to bit `56 + i`; the partial products meet no other bit
/// there, so nothing carries into the top byte.
#[inline]
fn pack_octet(octet: [u8; 8]) -> u64 {
    u64::from_le_bytes(octet).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed pseudo-random row of 0/1 flags.
    fn row(len: usize, seed: u64) -> Vec<u8> {
        let mut x = seed;
        (0..len)
            .map(|_| {
                x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                !(x >> 33).is_multiple_of(3) as u8
            })
            .collect()
    }

    #[test]
    fn packing_keeps_every_flag() {
        for octet in [
            [0u8; 8],
            [1; 8],
            [1, 0, 0, 0, 0, 0, 0, 1],
            [0, 1, 1, 0, 1, 0, 0, 0],
        ] {
            let expected = octet
                .iter()
                .enumerate()
                .fold(0u64, |m, (i, &f)| m | u64::from(f) << i);
            assert_eq!(pack_octet(octet), expected);
        }
    }

    #[test]
    fn scans_agree_with_testing_each_value() {
        // Classes by the parity of `v & mask`, as the sparse-space method makes them, over
        // twice the row.
        for (len, mask, seed) in [
            (64, 0b1010, 1),
            (512, 0b1_1110_1110, 2),
            (1024, 0b11, 3),
            (32, 0b1, 4),
            (512, 0b1_0000_0000, 5),
        ] {
            let mut flags = row(len, seed);
            if seed == 5 {
                // Every value of the first half of the row flagged: the least common value
                // lies past the row.
                flags.iter_mut().for_each(|f| *f = 1);
            }
            let flagged = |v: u32| flags.get(v as usize) == Some(&1);
            let members = |parity: u32| -> Vec<u32> {
                (0..2 * len as u32)
                    .filter(|v| (v & mask).count_ones() % 2 == parity)
                    .collect()
            };
            for parity in [0, 1] {
                let (common, rare) = (members(parity), members(1 - parity));
                let (Some(common_bits), Some(rare_bits)) = (
                    ClassBits::new(&common, 2 * len),
                    ClassBits::new(&rare, 2 * len),
                ) else {
                    assert!(2 * len < 64);
                    continue;
                };
                let least = common.iter().copied().find(|&v| !flagged(v)).unwrap();
                let expected: Vec<u32> = rare
                    .iter()
                    .copied()
                    .filter(|&v| v < least && !flagged(v))
                    .collect();
                let mut need = Vec::new();
                let got = least_unflagged(&flags, &common_bits, &rare_bits, &mut need);
                assert_eq!((got, need), (least, expected), "len {len}, seed {seed}");
            }
        }
    }
}
