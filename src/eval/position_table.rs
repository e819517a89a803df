//! The table of values of a ruleset's positions, by position.
//!
//! Large games keep millions of positions, nearly all of them small bit-board grids or
//! machine integers (bit sets of vertices), and look one up for every option of every
//! position: the time goes into waiting for memory. So those positions are kept apart, each as
//! three words next to its value in a 32-byte slot of an open-addressed array (a lookup reads
//! one cache line, which can be fetched ahead of time with [`PositionTable::prefetch`]); every
//! other position goes to a general hash map.
//!
//! The packed positions are shared with the threads that help value the same positions
//! (`eval::parallel`): they are spread over shards by hash, each behind its own lock, so that two
//! threads seldom wait for each other. The other positions are language values, which stay on
//! their thread.

use std::sync::{Arc, Mutex, MutexGuard};

use ahash::AHashMap;

use crate::core::Game;

use super::num::Num;
use super::value::Value;

/// Values by position.
#[derive(Debug, Default)]
pub struct PositionTable {
    packed: Arc<SharedPositions>,
    others: AHashMap<Value, Game>,
}

/// The key of a position in a table, computed once for the several lookups of one position
/// (in two tables, before and after its value is computed): for grids of several symbols,
/// computing it is a good part of a lookup.
#[derive(Clone, Copy, Debug)]
pub struct TableKey(Option<PackedKey>);

impl TableKey {
    pub fn of(position: &Value) -> TableKey {
        TableKey(packed_key(position))
    }
}

impl PositionTable {
    /// A table whose packed positions are `shared` (see `shared`).
    pub fn with_shared(shared: Arc<SharedPositions>) -> PositionTable {
        PositionTable {
            packed: shared,
            others: AHashMap::new(),
        }
    }

    /// The packed positions, to be shared with another thread.
    pub fn shared(&self) -> Arc<SharedPositions> {
        self.packed.clone()
    }

    pub fn get(&self, position: &Value) -> Option<Game> {
        self.get_by(position, TableKey::of(position))
    }

    /// `get`, with the key of `position` already computed.
    pub fn get_by(&self, position: &Value, key: TableKey) -> Option<Game> {
        match key.0 {
            Some(key) => self.packed.shard(&key).get(&key),
            None => self.others.get(position).copied(),
        }
    }

    pub fn insert(&mut self, position: Value, value: Game) {
        let key = TableKey::of(&position);
        self.insert_by(position, key, value);
    }

    /// `insert`, with the key of `position` already computed.
    pub fn insert_by(&mut self, position: Value, key: TableKey, value: Game) {
        match key.0 {
            Some(key) => self.packed.shard(&key).insert(key, value),
            None => {
                self.others.insert(position, value);
            }
        }
    }

    /// Starts loading the place where the position of `key` would be, so that a `get` soon
    /// after does not wait for memory.
    pub fn prefetch_by(&self, key: TableKey) {
        if let Some(key) = key.0 {
            self.packed.shard(&key).prefetch(&key);
        }
    }

    pub fn len(&self) -> usize {
        self.packed
            .shards
            .iter()
            .map(|s| lock(s).len)
            .sum::<usize>()
            + self.others.len()
    }

    /// Forgets every position and gives back the memory.
    pub fn clear(&mut self) {
        for shard in self.packed.shards.iter() {
            *lock(shard) = PackedTable::default();
        }
        self.others = AHashMap::new();
    }

    /// Forgets every position but keeps the memory for the next ones.
    pub fn empty(&mut self) {
        for shard in self.packed.shards.iter() {
            lock(shard).empty();
        }
        self.others.clear();
    }
}

/// The packed positions, in shards chosen by the low bits of the hash (a shard's own table
/// uses the high bits).
#[derive(Debug)]
pub struct SharedPositions {
    shards: Box<[Mutex<PackedTable>]>,
}

/// Enough shards that the threads of a large machine seldom meet on one.
const SHARDS: usize = 64;

impl Default for SharedPositions {
    fn default() -> SharedPositions {
        SharedPositions {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
        }
    }
}

impl SharedPositions {
    fn shard(&self, key: &PackedKey) -> MutexGuard<'_, PackedTable> {
        lock(&self.shards[hash(key) as usize % SHARDS])
    }
}

/// A shard's lock. A thread interrupted while holding it leaves the table sound (an insertion
/// is not interrupted), so the lock is taken back rather than declared poisoned.
fn lock(shard: &Mutex<PackedTable>) -> MutexGuard<'_, PackedTable> {
    shard
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A position in three words: for a packed grid, its shape and symbols, then its 128 cell
/// bits; for a grid of bytes with a few symbols, the same with a few bits a cell (see
/// `Grid::dense_words`); for an integer, a marker and the integer. Word 0 is never zero (it carries a marker
/// bit), so an all-zero slot is free.
type PackedKey = [u64; 3];

const GRID: u64 = 1 << 48;
const INTEGER: u64 = 1 << 49;

fn packed_key(position: &Value) -> Option<PackedKey> {
    match position {
        Value::Grid(g) => match g.packed_words() {
            Some([shape, high, low]) => Some([shape | GRID, high, low]),
            // Its first word has bit 63 set, which no other key has.
            None => g.dense_words(),
        },
        // Integers that fit a word are always `Small` (see `Num`), so this is equality.
        Value::Number(Num::Small(n)) => Some([INTEGER, *n as u64, 0]),
        _ => None,
    }
}

/// Mixes the key so that its top bits, which choose the slot, depend on every bit of it.
fn hash(key: &PackedKey) -> u64 {
    let a = (key[1] ^ key[0].rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let b = (key[2] ^ a.rotate_left(29)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
    b ^ b >> 31
}

/// A key and its value; 32 bytes, so that no slot straddles two cache lines of a table
/// allocated on a 32-byte boundary (large tables come whole pages from the system).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Slot {
    key: PackedKey,
    value: Game,
}

const FREE: Slot = Slot {
    key: [0; 3],
    value: Game::ZERO,
};

/// Open addressing with linear probing over a power-of-two number of slots, at most
/// `MAX_LOAD_PERCENT` full. No removal: tables only grow or are emptied whole.
#[derive(Debug, Default)]
struct PackedTable {
    slots: Vec<Slot>,
    len: usize,
}

const MAX_LOAD_PERCENT: usize = 70;
const MIN_SLOTS: usize = 64;

impl PackedTable {
    fn home(&self, key: &PackedKey) -> usize {
        // The top bits of the hash, as many as the table has index bits.
        let bits = self.slots.len().trailing_zeros();
        (hash(key) >> (64 - bits)) as usize
    }

    fn get(&self, key: &PackedKey) -> Option<Game> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &self.slots[i];
            if slot.key == *key {
                return Some(slot.value);
            }
            if slot.key[0] == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, key: PackedKey, value: Game) {
        if (self.len + 1) * 100 > self.slots.len() * MAX_LOAD_PERCENT {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(&key);
        loop {
            let slot = &mut self.slots[i];
            if slot.key == key {
                slot.value = value;
                return;
            }
            if slot.key[0] == 0 {
                *slot = Slot { key, value };
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        crate::core::memory::reserve(
            &format!("the position table of a ruleset ({} positions)", self.len),
            size * std::mem::size_of::<Slot>(),
        );
        let old = std::mem::replace(&mut self.slots, vec![FREE; size]);
        let mask = size - 1;
        for slot in old.into_iter().filter(|s| s.key[0] != 0) {
            let mut i = self.home(&slot.key);
            while self.slots[i].key[0] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }

    fn prefetch(&self, key: &PackedKey) {
        if self.slots.is_empty() {
            return;
        }
        let i = self.home(key);
        let slot: *const Slot = &self.slots[i];
        let next: *const Slot = &self.slots[(i + 2) & (self.slots.len() - 1)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints the cache; the address is inside the table.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            _mm_prefetch::<_MM_HINT_T0>(slot.cast());
            _mm_prefetch::<_MM_HINT_T0>(next.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }

    fn empty(&mut self) {
        self.slots.fill(FREE);
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Grid;

    fn grid(s: &str) -> Value {
        Value::Grid(Grid::parse(s).unwrap())
    }

    /// Every 2 x 3 and 3 x 2 board over four symbols, and some over five and over two: each
    /// comes back with its own value, so no two share a key.
    #[test]
    fn grids_of_several_symbols_have_keys_of_their_own() {
        let board = |n: usize, symbols: &[u8], rows: usize| {
            let k = symbols.len();
            let cells: Vec<u8> = (0..6).map(|i| symbols[n / k.pow(i) % k]).collect();
            let rows: Vec<String> = cells
                .chunks(6 / rows)
                .map(|r| String::from_utf8(r.to_vec()).unwrap())
                .collect();
            grid(&rows.join("|"))
        };
        let mut t = PositionTable::default();
        let mut all = Vec::new();
        for n in 0..4096 {
            all.push(board(n, b"xo.#", 2));
            all.push(board(n, b"xo.#", 3));
        }
        for n in (0..15625).step_by(7) {
            all.push(board(n, b"LRlr.", 2));
        }
        for n in 0..64 {
            all.push(board(n, b"x.", 2));
        }
        // Boards over fewer symbols turn up in several families: keep each once.
        let mut seen = ahash::AHashSet::new();
        all.retain(|b| seen.insert(b.clone()));
        for (i, b) in all.iter().enumerate() {
            t.insert(b.clone(), Game::integer(i as i64));
        }
        assert_eq!(t.len(), all.len());
        assert!(
            t.others.is_empty(),
            "every one of these grids has a packed key"
        );
        for (i, b) in all.iter().enumerate() {
            assert_eq!(t.get(b), Some(Game::integer(i as i64)), "{b}");
        }
        assert_eq!(t.get(&grid("xo.#|xo.#|xo.#")), None);
    }

    /// Threads sharing a table, each storing its own boards and a common stretch of boards,
    /// all find every board stored by any of them, with its value.
    #[test]
    fn threads_sharing_a_table_find_each_others_positions() {
        let board = |n: u32| {
            let row = |r: u32| -> String {
                (0..10)
                    .map(|b| if n >> (10 * r + b) & 1 == 1 { '#' } else { '.' })
                    .collect()
            };
            grid(&format!("{}|{}", row(0), row(1)))
        };
        let value = |n: u32| Game::integer(i64::from(n) - 5000);
        let first = PositionTable::default();
        let shared = first.shared();
        let threads = 4u32;
        let each = 5000u32;
        std::thread::scope(|scope| {
            for t in 0..threads {
                let shared = shared.clone();
                scope.spawn(move || {
                    let mut table = PositionTable::with_shared(shared);
                    let mine = t * each..(t + 1) * each;
                    let common = threads * each..threads * each + 1000;
                    for n in mine.chain(common) {
                        table.insert(board(n), value(n));
                    }
                });
            }
        });
        assert_eq!(first.len(), (threads * each + 1000) as usize);
        for n in 0..threads * each + 1000 {
            assert_eq!(first.get(&board(n)), Some(value(n)), "board {n}");
        }
        assert_eq!(first.get(&board(threads * each + 1000)), None);
    }

    #[test]
    fn finds_what_was_stored_and_nothing_else() {
        let mut t = PositionTable::default();
        let boards: Vec<Value> = (0..2000)
            .map(|n: u32| {
                let row: String = (0..12)
                    .map(|b| if n >> b & 1 == 1 { '#' } else { '.' })
                    .collect();
                grid(&format!("{row}|{}", ".".repeat(12)))
            })
            .collect();
        for (n, b) in boards.iter().enumerate().step_by(2) {
            t.insert(b.clone(), Game::integer(n as i64));
        }
        t.insert(Value::Number(3i64.into()), Game::integer(-1));
        t.insert(Value::str("3"), Game::integer(-2));
        assert_eq!(t.len(), 1002);
        for (n, b) in boards.iter().enumerate() {
            let expected = (n % 2 == 0).then(|| Game::integer(n as i64));
            assert_eq!(t.get(b), expected, "board {n}");
        }
        assert_eq!(t.get(&Value::Number(3i64.into())), Some(Game::integer(-1)));
        assert_eq!(t.get(&Value::Number(4i64.into())), None);
        assert_eq!(t.get(&Value::Number((-3i64).into())), None);
        assert_eq!(t.get(&Value::str("3")), Some(Game::integer(-2)));
        assert_eq!(t.get(&Value::Game(Game::integer(3))), None);
        // Same cells, other shape or symbols: other positions.
        assert_eq!(t.get(&grid("............|............")), Some(Game::ZERO));
        assert_eq!(t.get(&grid("........................")), None);
        assert_eq!(t.get(&grid("xxxxxxxxxxxx|xxxxxxxxxxxx")), None);
        t.empty();
        assert_eq!((t.len(), t.get(&boards[0])), (0, None));
    }
}
