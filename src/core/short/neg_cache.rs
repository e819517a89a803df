//! The negatives of arena games, in a table of bounded size.
//!
//! A game's negative is interned option by option, so negatives are remembered: a ruleset with a
//! `negative` rule negates the value of every position it finds through its negative. Kept in a
//! hash map, both ways, they grew without bound (Domineering 6x6: over a million entries a
//! thread, some 30 MB each, which took the run past its 1 GB). So they go to a direct-mapped
//! table that doubles while it is small and then stops; an entry pushed out costs only its
//! recomputation, from the options' negatives, which are mostly still there.

use super::game::Game;

const MIN_SLOTS: usize = 1 << 10;
/// 2^18 slots of 16 bytes: at most 4 MB a thread.
const MAX_SLOTS: usize = 1 << 18;

/// A game and its negative. The game is kept inverted: games in the arena have the top bit
/// clear, so an inverted one is never 0, which marks an empty slot.
#[derive(Clone, Copy, Default)]
struct Slot {
    inverted: u64,
    negative: u64,
}

pub(crate) struct NegCache {
    slots: Vec<Slot>,
    len: usize,
}

impl NegCache {
    pub fn new() -> NegCache {
        NegCache {
            slots: Vec::new(),
            len: 0,
        }
    }

    pub fn get(&self, g: Game) -> Option<Game> {
        if self.slots.is_empty() {
            return None;
        }
        let slot = self.slots[self.index(g)];
        (slot.inverted == !g.0).then_some(Game(slot.negative))
    }

    /// Remembers that `n` is the negative of `g`, and so `g` of `n`.
    pub fn insert(&mut self, g: Game, n: Game) {
        self.put(g, n);
        self.put(n, g);
    }

    pub fn clear(&mut self) {
        *self = NegCache::new();
    }

    fn put(&mut self, g: Game, n: Game) {
        if self.len * 2 >= self.slots.len() && self.slots.len() < MAX_SLOTS {
            self.grow();
        }
        let i = self.index(g);
        if self.slots[i].inverted == 0 {
            self.len += 1;
        }
        self.slots[i] = Slot {
            inverted: !g.0,
            negative: n.0,
        };
    }

    fn index(&self, g: Game) -> usize {
        let mixed = g.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let bits = self.slots.len().trailing_zeros();
        (mixed >> (64 - bits)) as usize
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).clamp(MIN_SLOTS, MAX_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        self.len = 0;
        for slot in old.into_iter().filter(|s| s.inverted != 0) {
            let i = self.index(Game(!slot.inverted));
            if self.slots[i].inverted == 0 {
                self.len += 1;
            }
            self.slots[i] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negatives_come_back_both_ways_until_pushed_out() {
        let mut cache = NegCache::new();
        assert!(cache.get(Game(7)).is_none());
        for i in 0..1000u64 {
            cache.insert(Game(2 * i), Game(2 * i + 1));
        }
        // Below the size limit a colliding entry may be pushed out, never misreported.
        let mut found = 0;
        for i in 0..1000u64 {
            for (g, n) in [(2 * i, 2 * i + 1), (2 * i + 1, 2 * i)] {
                if let Some(m) = cache.get(Game(g)) {
                    assert!(m == Game(n), "the negative of {g} came back as {}", m.0);
                    found += 1;
                }
            }
        }
        assert!(found > 1500, "{found} of 2000 found");
        for i in 0..(4 * MAX_SLOTS as u64) {
            cache.insert(Game(2 * i), Game(2 * i + 1));
        }
        assert!(cache.slots.len() == MAX_SLOTS && cache.len <= MAX_SLOTS);
    }
}
