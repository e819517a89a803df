//! The comparison cache: G <= H by handle pair, in a direct-mapped table of bounded size.
//!
//! Comparisons are most of the engine's memo entries (hundreds per game in a Domineering
//! search), so an unbounded map grows without limit in a long session. This table doubles while
//! it is small, like a hash map, and stops growing at `MAX_SLOTS`; from then on a new entry
//! replaces whatever shared its slot. A lost entry costs only its recomputation, since `leq`
//! is a pure function of the two games.

use super::game::Game;

/// 2^23 slots of 16 bytes and a bit: at most 129 MB, touched only as it fills.
const MAX_SLOTS: usize = 1 << 23;
const MIN_SLOTS: usize = 1 << 10;

/// A pair of handles. G <= G is never asked of the cache, so the pair (0, 0) marks a slot empty.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Slot {
    g: u64,
    h: u64,
}

const EMPTY: Slot = Slot { g: 0, h: 0 };

pub struct LeqCache {
    slots: Vec<Slot>,
    /// The answer for each slot, one bit each.
    answers: Vec<u64>,
    len: usize,
}

impl LeqCache {
    pub fn new() -> LeqCache {
        LeqCache {
            slots: Vec::new(),
            answers: Vec::new(),
            len: 0,
        }
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn get(&self, g: Game, h: Game) -> Option<bool> {
        if self.slots.is_empty() {
            return None;
        }
        let i = self.index(g, h);
        (self.slots[i] == Slot { g: g.0, h: h.0 })
            .then(|| self.answers[i / 64] >> (i % 64) & 1 == 1)
    }

    pub fn insert(&mut self, g: Game, h: Game, leq: bool) {
        debug_assert!(g != h, "G <= G is answered before the cache");
        if self.len * 2 >= self.slots.len() && self.slots.len() < MAX_SLOTS {
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

    pub fn clear(&mut self) {
        *self = LeqCache::new();
    }

    fn index(&self, g: Game, h: Game) -> usize {
        // Multiplicative hashing of the pair; the high bits are the best mixed.
        let mixed =
            (g.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ h.0).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let bits = self.slots.len().trailing_zeros();
        (mixed >> (64 - bits)) as usize
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).clamp(MIN_SLOTS, MAX_SLOTS);
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

    #[test]
    fn entries_come_back_until_the_table_is_full() {
        let mut cache = LeqCache::new();
        for i in 0..5000u64 {
            cache.insert(Game(i), Game(i + 1), i % 3 == 0);
        }
        // Below the size limit a colliding entry may be overwritten, never misreported.
        let mut found = 0;
        for i in 0..5000u64 {
            if let Some(leq) = cache.get(Game(i), Game(i + 1)) {
                assert_eq!(leq, i % 3 == 0);
                found += 1;
            }
            assert_eq!(cache.get(Game(i + 1), Game(i)), None);
        }
        assert_eq!(found, cache.len());
        assert!(found > 3000, "{found}");
        cache.clear();
        assert_eq!(cache.get(Game(0), Game(1)), None);
    }
}
