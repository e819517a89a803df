//! The comparison cache: G <= H by handle pair, in tables of bounded size.
//!
//! Comparisons are most of the engine's memo entries (hundreds per game in a Domineering
//! search, about 20 for each Amazons position valued), so an unbounded map grows without limit in
//! a long session. The tables double while they are small, like a hash map, and stop growing at
//! a fixed size; from then on a new entry may push out an old one. A lost entry costs only its
//! recomputation, since `leq` is a pure function of the two games.
//!
//! Nearly every pair asked about is two games of the arena, whose indices fit 31 bits each: such
//! a pair and its answer fit one word, and eight words fill one cache line, which is what a
//! lookup in a table far larger than the processor's caches costs. So those pairs are kept in
//! buckets of eight words, one line each: a lookup reads one line, and a pair is pushed out
//! only when eight others share its bucket, so the table can run three quarters full. Pairs
//! with an inline number-up-star value go to a smaller table of two-word slots. (Amazons 4x4,
//! against one table of two-word slots, direct-mapped and at most half full: 6.48 rather than
//! 6.97 million comparisons computed, 5.6 rather than 4.0 million held, in 64 MB rather than
//! 128 MB.)

use super::game::Game;

/// 2^20 buckets of 64 bytes: at most 64 MB (8 million pairs) a thread. Only the largest
/// searches reach it: Domineering 6x6 on two threads peaked at 886-899 MB with this bound and
/// at 1,009-1,016 MB with twice it, in 55.0-56.4 s against 53.9-61.0 s (two runs each,
/// alternating); Amazons 4x4, Clobber 4x4, Domineering 5x6 and Cookie Cutter 3x12 never fill
/// it.
const MAX_BUCKETS: usize = 1 << 20;
const MIN_BUCKETS: usize = 1 << 7;
/// 2^20 slots of 16 bytes and a bit for pairs with an inline game: at most 16 MB.
const MAX_WIDE_SLOTS: usize = 1 << 20;
const MIN_WIDE_SLOTS: usize = 1 << 10;

/// Bit 63 marks a word in use (so 0 is an empty word), bit 62 holds the answer, and the two
/// indices take 31 bits each below.
const USED: u64 = 1 << 63;
const ANSWER: u64 = 1 << 62;
const INDEX_BITS: u32 = 31;

/// Eight pairs with their answers, aligned to share one cache line.
#[derive(Clone, Copy, Default)]
#[repr(align(64))]
struct Bucket([u64; 8]);

pub struct LeqCache {
    buckets: Vec<Bucket>,
    len: usize,
    wide: WideCache,
}

impl LeqCache {
    pub fn new() -> LeqCache {
        LeqCache {
            buckets: Vec::new(),
            len: 0,
            wide: WideCache::new(),
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.len + self.wide.len
    }

    pub fn get(&self, g: Game, h: Game) -> Option<bool> {
        let Some(word) = packed_pair(g, h) else {
            return self.wide.get(g, h);
        };
        if self.buckets.is_empty() {
            return None;
        }
        let bucket = &self.buckets[self.bucket_index(word)];
        bucket
            .0
            .iter()
            .find(|&&w| w & !ANSWER == word)
            .map(|&w| w & ANSWER != 0)
    }

    pub fn insert(&mut self, g: Game, h: Game, leq: bool) {
        debug_assert!(g != h, "G <= G is answered before the cache");
        let Some(word) = packed_pair(g, h) else {
            return self.wide.insert(g, h, leq);
        };
        // Eight ways a bucket keep nearly every pair up to three quarters full.
        if self.len * 4 >= self.buckets.len() * 8 * 3 && self.buckets.len() < MAX_BUCKETS {
            self.grow();
        }
        self.put(word | if leq { ANSWER } else { 0 });
    }

    /// Puts a word (pair and answer) in its bucket: over the same pair, else in an empty
    /// place, else in front of the others, pushing out the oldest.
    fn put(&mut self, entry: u64) {
        let i = self.bucket_index(entry & !ANSWER);
        let words = &mut self.buckets[i].0;
        if let Some(w) = words.iter_mut().find(|w| **w & !ANSWER == entry & !ANSWER) {
            *w = entry;
            return;
        }
        if let Some(w) = words.iter_mut().find(|w| **w == 0) {
            *w = entry;
            self.len += 1;
            return;
        }
        words.copy_within(0..7, 1);
        words[0] = entry;
    }

    pub fn clear(&mut self) {
        *self = LeqCache::new();
    }

    fn bucket_index(&self, word: u64) -> usize {
        // Two rounds of multiplication, the high half folded in between, so that both
        // indices reach the high bits, which are the best mixed and pick the bucket.
        let x = word.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mixed = (x ^ x >> 32).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let bits = self.buckets.len().trailing_zeros();
        (mixed >> (64 - bits)) as usize
    }

    fn grow(&mut self) {
        let size = (self.buckets.len() * 2).clamp(MIN_BUCKETS, MAX_BUCKETS);
        let old = std::mem::replace(&mut self.buckets, vec![Bucket::default(); size]);
        self.len = 0;
        for word in old.iter().flat_map(|b| b.0) {
            if word != 0 {
                self.put(word);
            }
        }
    }
}

/// The word of the pair (g, h) without its answer, when both are games of the arena.
fn packed_pair(g: Game, h: Game) -> Option<u64> {
    let (g, h) = (g.index()? as u64, h.index()? as u64);
    (g >> INDEX_BITS == 0 && h >> INDEX_BITS == 0).then_some(USED | g << INDEX_BITS | h)
}

/// The pairs with an inline game: a direct-mapped table, one pair a slot.
struct WideCache {
    slots: Vec<Slot>,
    /// The answer for each slot, one bit each.
    answers: Vec<u64>,
    len: usize,
}

/// A pair of handles. G <= G is never asked of the cache, so the pair (0, 0) marks a slot empty.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Slot {
    g: u64,
    h: u64,
}

const EMPTY: Slot = Slot { g: 0, h: 0 };

impl WideCache {
    fn new() -> WideCache {
        WideCache {
            slots: Vec::new(),
            answers: Vec::new(),
            len: 0,
        }
    }

    fn get(&self, g: Game, h: Game) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let i = self.index(g, h);
        (self.slots[i] == Slot { g: g.0, h: h.0 })
            .then(|| self.answers[i / 64] >> (i % 64) & 1 == 1)
    }

    fn insert(&mut self, g: Game, h: Game, leq: bool) {
        if self.len * 2 >= self.slots.len() && self.slots.len() < MAX_WIDE_SLOTS {
            self.grow();
        }
        let i = self.index(g, h);
        self.put(i, Slot { g: g.0, h: h.0 }, leq);
    }

    fn put(&mut self, i: usize, slot: Slot, leq: bool) {
        if self.slots[i] == EMPTY {
            self.len += 1;
        }
        self.slots[i] = slot;
        let bit = 1u64 << (i % 64);
        if leq {
            self.answers[i / 64] |= bit;
        } else {
            self.answers[i / 64] &= !bit;
        }
    }

    fn index(&self, g: Game, h: Game) -> usize {
        let mixed =
            (g.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ h.0).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let bits = self.slots.len().trailing_zeros();
        (mixed >> (64 - bits)) as usize
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).clamp(MIN_WIDE_SLOTS, MAX_WIDE_SLOTS);
        let old_slots = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        let old_answers = std::mem::replace(&mut self.answers, vec![0; size / 64]);
        self.len = 0;
        for (j, slot) in old_slots.into_iter().enumerate() {
            if slot != EMPTY {
                let i = self.index(Game(slot.g), Game(slot.h));
                self.put(i, slot, old_answers[j / 64] >> (j % 64) & 1 == 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// An inline game (a small number-up-star value has the top bit set).
    fn inline(i: u64) -> Game {
        Game(1 << 63 | i << 20)
    }

    #[test]
    fn entries_come_back_until_the_table_is_full() {
        for make in [Game as fn(u64) -> Game, inline] {
            let mut cache = LeqCache::new();
            for i in 0..5000u64 {
                cache.insert(make(i), make(i + 1), i % 3 == 0);
            }
            // Below the size limit a colliding entry may be pushed out, never misreported.
            let mut found = 0;
            for i in 0..5000u64 {
                if let Some(leq) = cache.get(make(i), make(i + 1)) {
                    assert_eq!(leq, i % 3 == 0);
                    found += 1;
                }
                assert_eq!(cache.get(make(i + 1), make(i)), None);
            }
            assert!(found <= cache.len());
            assert!(found > 3000, "{found}");
            cache.clear();
            assert_eq!(cache.get(make(0), make(1)), None);
        }
    }

    #[test]
    fn buckets_keep_most_pairs_at_three_quarters_load() {
        // The table stops doubling once three quarters of its words hold pairs, so a pair is
        // lost only to eight others in its bucket: here about one in eleven, where a
        // direct-mapped table of as many slots would lose 1 - (1 - e^-0.76) / 0.76, three in
        // ten. Every pair counted is found, with its answer.
        let mut cache = LeqCache::new();
        let n = 100_000u64;
        for i in 0..n {
            cache.insert(Game(i), Game(n - i + 7), i % 5 < 2);
        }
        let kept = (0..n)
            .filter(|&i| cache.get(Game(i), Game(n - i + 7)) == Some(i % 5 < 2))
            .count();
        assert_eq!(kept, cache.len());
        assert!(kept as u64 > n * 85 / 100, "{kept} of {n}");
    }

    proptest! {
        /// Against a map that forgets nothing: every answer the cache gives is the last one
        /// inserted for that pair, whichever table holds it.
        #[test]
        fn never_misreports(ops in proptest::collection::vec((0u64..64, 0u64..64, any::<bool>(), any::<bool>()), 1..3000)) {
            let mut cache = LeqCache::new();
            let mut truth: HashMap<(u64, u64), bool> = HashMap::new();
            for (a, b, wide, answer) in ops {
                if a == b {
                    continue;
                }
                // Indices near 2^31 and inline games exercise both tables.
                let g = if wide { inline(a) } else { Game(a << 25) };
                let h = Game(b << 25);
                if let Some(known) = cache.get(g, h) {
                    prop_assert_eq!(Some(&known), truth.get(&(g.0, h.0)));
                }
                cache.insert(g, h, answer);
                truth.insert((g.0, h.0), answer);
                prop_assert_eq!(cache.get(g, h), Some(answer));
            }
        }
    }
}
