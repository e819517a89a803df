//! The least value of a class whose flag is not set, in a row of option flags (one byte each,
//! 0 or 1), read 64 flags a word at a time.
//!
//! The sparse-space method asks this of every heap: the least common value not flagged, and
//! the rare values below it not flagged either. Testing value by value takes a branch per value
//! that the processor cannot predict (a flag is as likely set as not); packed into words, the
//! classes are masks and the answers come from `trailing_zeros`.

/// A set of values below `limit`, as bits.
pub(crate) struct ClassBits {
    words: Vec<u64>,
    limit: u32,
}

impl ClassBits {
    /// The set of `members` (each below `limit`).
    pub fn new(members: &[u32], limit: u32) -> ClassBits {
        let mut words = vec![0u64; (limit as usize).div_ceil(64)];
        for &v in members {
            debug_assert!(v < limit);
            words[v as usize / 64] |= 1 << (v % 64);
        }
        ClassBits { words, limit }
    }
}

/// The least member of `common` whose flag in `flags` is not set (flags past the row's end
/// count as unset), or `common`'s limit if every member is flagged; and, appended to `need`
/// in ascending order, the members of `rare` below it whose flags are not set either. Only the
/// words up to the answer are packed: on Officers it lies in the first third of a row.
pub(crate) fn least_unflagged(
    flags: &[u8],
    common: &ClassBits,
    rare: &ClassBits,
    need: &mut Vec<u32>,
) -> u32 {
    debug_assert_eq!(common.words.len(), rare.words.len());
    let least = (0..common.words.len())
        .find_map(|w| {
            let free = common.words[w] & !pack_word(flags, w);
            (free != 0).then(|| 64 * w as u32 + free.trailing_zeros())
        })
        .unwrap_or(common.limit);
    let last = (least as usize / 64).min(rare.words.len().saturating_sub(1));
    for (v, &members) in rare.words.iter().enumerate().take(last + 1) {
        let mut free = members & !pack_word(flags, v);
        if v == least as usize / 64 {
            free &= below(least % 64);
        }
        while free != 0 {
            need.push(64 * v as u32 + free.trailing_zeros());
            free &= free - 1;
        }
    }
    least
}

/// The bits below `bit`.
fn below(bit: u32) -> u64 {
    (1u64 << bit) - 1
}

/// Flags `64 w .. 64 w + 64` of `flags` as bits, the first lowest; past the end, unset.
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
                u8::from(!(x >> 33).is_multiple_of(3))
            })
            .collect()
    }

    #[test]
    fn packing_keeps_every_flag() {
        for seed in 0..50 {
            let flags = row(200, seed);
            for w in 0..4 {
                let word = pack_word(&flags, w);
                for i in 0..64 {
                    let expected = flags.get(64 * w + i) == Some(&1);
                    assert_eq!(
                        word >> i & 1 == 1,
                        expected,
                        "seed {seed}, flag {}",
                        64 * w + i
                    );
                }
            }
        }
    }

    #[test]
    fn scans_agree_with_testing_each_value() {
        // Classes by the parity of `v & mask`, as the sparse-space method makes them, over
        // twice the row; rows from 1 to 512 flags, sparse and dense. With the mask 10 and
        // a row of one flag, no value is common: every rare one unflagged is needed.
        for (len, mask, seed) in [
            (1, 0b10, 7),
            (8, 0b101, 1),
            (32, 0b1010, 2),
            (64, 0b110, 3),
            (128, 0b1_0110, 4),
            (512, 0b1_1110_1110, 5),
            (512, 0b1_0000_0001, 6),
        ] {
            for round in 0..40 {
                let mut flags = row(len, seed * 1000 + round);
                // Dense rows too: the least common value then lies further on.
                if round % 2 == 0 {
                    for f in flags.iter_mut().take(len * 3 / 4) {
                        *f |= u8::from(round % 4 == 0);
                    }
                }
                let limit = 2 * len as u32;
                let (common, rare): (Vec<u32>, Vec<u32>) =
                    (0..limit).partition(|v| (v & mask).count_ones() % 2 == 1);
                let flagged = |v: u32| flags.get(v as usize) == Some(&1);
                let least = common
                    .iter()
                    .copied()
                    .find(|&v| !flagged(v))
                    .unwrap_or(limit);
                let needed: Vec<u32> = rare
                    .iter()
                    .copied()
                    .filter(|&v| v < least && !flagged(v))
                    .collect();
                let mut need = Vec::new();
                let found = least_unflagged(
                    &flags,
                    &ClassBits::new(&common, limit),
                    &ClassBits::new(&rare, limit),
                    &mut need,
                );
                assert_eq!((found, need), (least, needed), "len {len}, round {round}");
            }
        }
    }
}
