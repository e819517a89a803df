//! The table of values of a ruleset's positions, by position.
//!
//! Large games keep millions of positions, nearly all of them small bit-board grids or
//! machine integers (bit sets of vertices), and look one up for every option of every
//! position: the time goes into waiting for memory, and the memory is mostly this table. So
//! those positions are kept apart, next to their values in open-addressed arrays (a lookup
//! reads one cache line, which can be fetched ahead of time with [`PositionTable::prefetch_by`]):
//! a position that fits one word (a grid of at most 50 cells, its shape named by a small
//! number, or a non-negative integer) in a 16-byte slot, any other packed grid in three words
//! in a 32-byte slot. Every other position goes to a general hash map.
//!
//! The packed positions are shared with the threads that help value the same positions
//! (`eval::parallel`): they are spread over shards by hash, each behind its own lock, so that two
//! threads seldom wait for each other. A prefetch takes no lock: it reads where the shard's
//! slots lie from a hint kept beside the locks (`SlotsHint`). The other positions are language
//! values, which stay on their thread.

use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
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

    /// Whether the position goes to the part of the table shared with helper threads.
    pub fn is_shared(&self) -> bool {
        self.0.is_some()
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
            Some(PackedKey::Short(key)) => self.packed.shard(key.hash()).short.get(&key),
            Some(PackedKey::Long(key)) => self.packed.shard(key.hash()).long.get(&key),
            None => self.others.get(position).copied(),
        }
    }

    pub fn insert(&mut self, position: Value, value: Game) {
        let key = TableKey::of(&position);
        self.insert_by(position, key, value);
    }

    /// `insert`, with the key of `position` already computed.
    pub fn insert_by(&mut self, position: Value, key: TableKey, value: Game) {
        let packed = &self.packed;
        let new = match key.0 {
            Some(PackedKey::Short(key)) => {
                let hash = key.hash();
                let mut shard = packed.shard(hash);
                let new = shard.short.insert(key, value);
                packed.hints(hash).short.follow(&shard.short);
                new
            }
            Some(PackedKey::Long(key)) => {
                let hash = key.hash();
                let mut shard = packed.shard(hash);
                let new = shard.long.insert(key, value);
                packed.hints(hash).long.follow(&shard.long);
                new
            }
            None => {
                self.others.insert(position, value);
                false
            }
        };
        if new {
            self.packed.entries.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Starts loading the place where the position of `key` would be, so that a `get` soon
    /// after does not wait for memory. It takes no lock (see `SlotsHint`): on Cookie Cutter
    /// the prefetches' locks were half of all the shard locks taken, and with two threads
    /// each lock moves a cache line from the other core.
    pub fn prefetch_by(&self, key: TableKey) {
        match key.0 {
            Some(PackedKey::Short(key)) => {
                let hash = key.hash();
                self.packed.hints(hash).short.prefetch::<u64>(hash);
            }
            Some(PackedKey::Long(key)) => {
                let hash = key.hash();
                self.packed.hints(hash).long.prefetch::<[u64; 3]>(hash);
            }
            None => {}
        }
    }

    /// The number of positions held. Asked once for every position that splits (the bounded
    /// memo of sums), so it reads one counter rather than taking the lock of every shard, which
    /// took 16% of Cookie Cutter 3x10's time.
    pub fn len(&self) -> usize {
        self.packed.entries.load(Ordering::Relaxed) + self.others.len()
    }

    /// Forgets every position and gives back the memory.
    pub fn clear(&mut self) {
        for (shard, hints) in self.packed.shards.iter().zip(self.packed.hints.iter()) {
            let mut shard = lock(shard);
            *shard = Shard::default();
            hints.short.follow(&shard.short);
            hints.long.follow(&shard.long);
        }
        self.packed.entries.store(0, Ordering::Relaxed);
        self.others = AHashMap::new();
    }
}

/// A table of one thread's own, with no lock: the memo of the positions that split
/// (`RulesetInstance::composites`), looked up for nearly every option of a board that falls
/// apart into regions. Keyed as `PositionTable` is, by the same `TableKey`.
#[derive(Debug, Default)]
pub struct LocalPositionTable {
    short: OpenTable<u64>,
    long: OpenTable<[u64; 3]>,
    others: AHashMap<Value, Game>,
}

impl LocalPositionTable {
    pub fn get_by(&self, position: &Value, key: TableKey) -> Option<Game> {
        match key.0 {
            Some(PackedKey::Short(key)) => self.short.get(&key),
            Some(PackedKey::Long(key)) => self.long.get(&key),
            None => self.others.get(position).copied(),
        }
    }

    pub fn insert_by(&mut self, position: Value, key: TableKey, value: Game) {
        match key.0 {
            Some(PackedKey::Short(key)) => {
                self.short.insert(key, value);
            }
            Some(PackedKey::Long(key)) => {
                self.long.insert(key, value);
            }
            None => {
                self.others.insert(position, value);
            }
        }
    }

    pub fn prefetch_by(&self, key: TableKey) {
        match key.0 {
            Some(PackedKey::Short(key)) => self.short.prefetch(&key),
            Some(PackedKey::Long(key)) => self.long.prefetch(&key),
            None => {}
        }
    }

    pub fn len(&self) -> usize {
        self.short.len + self.long.len + self.others.len()
    }

    /// Forgets every position but keeps the memory for the next ones.
    pub fn empty(&mut self) {
        self.short.empty();
        self.long.empty();
        self.others.clear();
    }
}

/// A bounded memo of one thread's own, in two generations: when the recent one is full it
/// becomes the older one (the older is forgotten), and a position found in the older one is
/// copied back to the recent. Emptying one table whole when full, as this memo did before,
/// forgot the positions still in use with the rest: on Cookie Cutter 3x10, 2.24 M of its
/// 14.0 M lookups went on to split a position again, against 1.31 M with a table 16 times as
/// large that was never emptied.
#[derive(Debug, Default)]
pub struct RecentPositions {
    recent: LocalPositionTable,
    older: LocalPositionTable,
}

impl RecentPositions {
    pub fn get_by(&mut self, position: &Value, key: TableKey, limit: usize) -> Option<Game> {
        if let Some(g) = self.recent.get_by(position, key) {
            return Some(g);
        }
        let g = self.older.get_by(position, key)?;
        self.insert_by(position.clone(), key, g, limit);
        Some(g)
    }

    /// Keeps `value` for `position`; the recent generation holds at most `limit` positions.
    pub fn insert_by(&mut self, position: Value, key: TableKey, value: Game, limit: usize) {
        if self.recent.len() >= limit {
            std::mem::swap(&mut self.recent, &mut self.older);
            self.recent.empty();
        }
        self.recent.insert_by(position, key, value);
    }

    pub fn prefetch_by(&self, key: TableKey) {
        self.recent.prefetch_by(key);
        self.older.prefetch_by(key);
    }

    /// Whether no position is held (as in every ruleset without a `split` rule).
    pub fn is_empty(&self) -> bool {
        self.recent.len() == 0 && self.older.len() == 0
    }

    /// Forgets every position and gives back the memory.
    pub fn clear(&mut self) {
        *self = RecentPositions::default();
    }
}

/// The packed positions, in shards chosen by the low bits of the hash (a shard's own tables
/// use the high bits).
#[derive(Debug)]
pub struct SharedPositions {
    shards: Box<[Mutex<Shard>]>,
    /// Where each shard's slots lie, for prefetching without its lock.
    hints: Box<[ShardHints]>,
    /// The keys held by all shards, counted as they are added.
    entries: AtomicUsize,
}

/// Where a shard's two tables lie.
#[derive(Debug, Default)]
struct ShardHints {
    short: SlotsHint,
    long: SlotsHint,
}

/// Where a table's slots lie: their address and the number of index bits, written under the
/// shard's lock when the table grows, read without it. A reader may see an old address, or an
/// address and a size from two different moments; it uses them only to prefetch, which never
/// faults and never reads into the program (a prefetch of a wrong line only wastes it), and it
/// forms the address with wrapping arithmetic, so no stale hint is unsound.
#[derive(Debug, Default)]
struct SlotsHint {
    address: AtomicUsize,
    /// log2 of the number of slots; 0 for an empty table (a table has at least `MIN_SLOTS`).
    bits: AtomicU32,
}

impl SlotsHint {
    /// Records where `table`'s slots lie now (called with the shard's lock held, after every
    /// insertion, so stores only when the table has moved).
    fn follow<K>(&self, table: &OpenTable<K>) {
        let address = table.slots.as_ptr() as usize;
        let bits = if table.slots.is_empty() {
            0
        } else {
            table.slots.len().trailing_zeros()
        };
        if self.address.load(Ordering::Relaxed) != address {
            self.address.store(address, Ordering::Relaxed);
        }
        if self.bits.load(Ordering::Relaxed) != bits {
            self.bits.store(bits, Ordering::Relaxed);
        }
    }

    /// Prefetches the home slot of a key of hash `hash` in a table of keys `K`, and the line
    /// after it, as `OpenTable::prefetch` does.
    fn prefetch<K>(&self, hash: u64) {
        let bits = self.bits.load(Ordering::Relaxed);
        if bits == 0 {
            return;
        }
        let base = self.address.load(Ordering::Relaxed) as *const Slot<K>;
        let home = (hash >> (64 - bits)) as usize;
        let mask = (1usize << bits) - 1;
        prefetch_line(base.wrapping_add(home));
        prefetch_line(base.wrapping_add((home + 2) & mask));
    }
}

/// Asks the processor to bring the line of `p` into the cache: only a hint, it reads nothing
/// into the program and does not fault, whatever the address.
#[inline]
fn prefetch_line<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch does not access memory as far as the program can see, and does not
    // fault on any address.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(p.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// One shard: the positions of one-word keys and those of three-word keys.
#[derive(Debug, Default)]
struct Shard {
    short: OpenTable<u64>,
    long: OpenTable<[u64; 3]>,
}

/// Enough shards that the threads of a large machine seldom meet on one.
const SHARDS: usize = 64;

impl Default for SharedPositions {
    fn default() -> SharedPositions {
        SharedPositions {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            hints: (0..SHARDS).map(|_| ShardHints::default()).collect(),
            entries: AtomicUsize::new(0),
        }
    }
}

impl SharedPositions {
    fn shard(&self, hash: u64) -> MutexGuard<'_, Shard> {
        lock(&self.shards[hash as usize % SHARDS])
    }

    fn hints(&self, hash: u64) -> &ShardHints {
        &self.hints[hash as usize % SHARDS]
    }
}

/// A shard's lock. A thread interrupted while holding it leaves the table sound (an insertion
/// is not interrupted), so the lock is taken back rather than declared poisoned.
fn lock(shard: &Mutex<Shard>) -> MutexGuard<'_, Shard> {
    shard
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A packed position: in one word when it fits, else in three.
#[derive(Clone, Copy, Debug)]
enum PackedKey {
    Short(u64),
    Long([u64; 3]),
}

/// Long keys. For a packed grid: its shape and symbols, then its 128 cell bits; for a grid of
/// bytes with a few symbols, the same with a few bits a cell (see `Grid::dense_words`); for an
/// integer, a marker and the integer. Word 0 is never zero (it carries a marker bit), so an
/// all-zero slot is free.
const GRID: u64 = 1 << 48;
const INTEGER: u64 = 1 << 49;

/// Short keys, never zero. A packed grid whose cells (at the top of its 128 bits) fit in
/// `SHORT_CELLS` bits, or a grid of a few symbols whose dense cells do (an Amazons board of
/// up to 25 cells): bit 63, the number of its shape (`shape_number`) and the cells. A
/// non-negative integer below 2^62: bit 62 and the integer.
const SHORT_GRID: u64 = 1 << 63;
const SHORT_CELLS: u32 = 50;
const SHORT_INTEGER: u64 = 1 << 62;

fn packed_key(position: &Value) -> Option<PackedKey> {
    match position {
        Value::Grid(g) => match g.packed_words() {
            Some([shape, high, low]) => Some(
                short_grid(shape, high, low)
                    .map_or(PackedKey::Long([shape | GRID, high, low]), PackedKey::Short),
            ),
            // Its first word has bit 63 set, which no other long key has, nor any shape word
            // of a packed grid: a short key of either kind names its shape apart.
            None => g.dense_words().map(|[first, high, low]| {
                short_grid(first, high, low)
                    .map_or(PackedKey::Long([first, high, low]), PackedKey::Short)
            }),
        },
        // Integers that fit a word are always `Small` (see `Num`), so this is equality.
        Value::Number(Num::Small(n)) => Some(if (0..1 << 62).contains(n) {
            PackedKey::Short(SHORT_INTEGER | *n as u64)
        } else {
            PackedKey::Long([INTEGER, *n as u64, 0])
        }),
        _ => None,
    }
}

/// The one-word key of a packed grid, if its cells fit.
fn short_grid(shape: u64, high: u64, low: u64) -> Option<u64> {
    let spare = 64 - SHORT_CELLS;
    if low != 0 || high & ((1 << spare) - 1) != 0 {
        return None;
    }
    Some(SHORT_GRID | shape_number(shape)? << SHORT_CELLS | high >> spare)
}

/// How many shapes (dimensions and symbols of a grid) get a number: 2^13, the bits left in a
/// short key beside the marker and the cells.
const SHAPE_NUMBERS: usize = 1 << (63 - SHORT_CELLS);

/// The numbers given to shapes, for every table of the process: a shape's number is the slot
/// it took here (open addressing, never emptied, so a number is never reused). Threads read it
/// without a lock; a new shape takes its slot by compare-and-swap.
static SHAPES: [AtomicU64; SHAPE_NUMBERS] = [const { AtomicU64::new(0) }; SHAPE_NUMBERS];

/// The number of a shape word, or `None` once every number is taken (or for a zero word, which
/// marks a free slot here).
fn shape_number(shape: u64) -> Option<u64> {
    if shape == 0 {
        return None;
    }
    let mut i = (shape.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as usize % SHAPE_NUMBERS;
    for _ in 0..SHAPE_NUMBERS {
        match SHAPES[i].load(Ordering::Acquire) {
            s if s == shape => return Some(i as u64),
            0 => match SHAPES[i].compare_exchange(0, shape, Ordering::AcqRel, Ordering::Acquire) {
                Ok(_) => return Some(i as u64),
                Err(s) if s == shape => return Some(i as u64),
                Err(_) => {}
            },
            _ => {}
        }
        i = (i + 1) % SHAPE_NUMBERS;
    }
    None
}

/// A key of an open-addressed table.
trait SlotKey: Copy + Eq {
    /// The key of a free slot, never a real key.
    const FREE: Self;
    /// Mixed so that its top bits (the slot) and low bits (the shard) depend on every bit.
    fn hash(&self) -> u64;
    fn is_free(&self) -> bool;
}

impl SlotKey for u64 {
    const FREE: u64 = 0;

    fn hash(&self) -> u64 {
        let a = self.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let b = (a ^ a >> 29).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        b ^ b >> 31
    }

    fn is_free(&self) -> bool {
        *self == 0
    }
}

impl SlotKey for [u64; 3] {
    const FREE: [u64; 3] = [0; 3];

    fn hash(&self) -> u64 {
        let a = (self[1] ^ self[0].rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let b = (self[2] ^ a.rotate_left(29)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        b ^ b >> 31
    }

    fn is_free(&self) -> bool {
        self[0] == 0
    }
}

/// A key and its value: 16 or 32 bytes, so that no slot straddles two cache lines of a table
/// allocated on a 32-byte boundary (large tables come whole pages from the system).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Slot<K> {
    key: K,
    value: Game,
}

/// Open addressing with linear probing over a power-of-two number of slots, at most
/// `MAX_LOAD_PERCENT` full. No removal: tables only grow or are emptied whole.
#[derive(Debug)]
struct OpenTable<K> {
    slots: Vec<Slot<K>>,
    len: usize,
}

impl<K> Default for OpenTable<K> {
    fn default() -> OpenTable<K> {
        OpenTable {
            slots: Vec::new(),
            len: 0,
        }
    }
}

const MAX_LOAD_PERCENT: usize = 70;
const MIN_SLOTS: usize = 64;

impl<K: SlotKey> OpenTable<K> {
    const FREE_SLOT: Slot<K> = Slot {
        key: K::FREE,
        value: Game::ZERO,
    };

    fn home(&self, key: &K) -> usize {
        // The top bits of the hash, as many as the table has index bits.
        let bits = self.slots.len().trailing_zeros();
        (key.hash() >> (64 - bits)) as usize
    }

    fn get(&self, key: &K) -> Option<Game> {
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
            if slot.key.is_free() {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets the value of `key`; true if the key is new.
    fn insert(&mut self, key: K, value: Game) -> bool {
        if (self.len + 1) * 100 > self.slots.len() * MAX_LOAD_PERCENT {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(&key);
        loop {
            let slot = &mut self.slots[i];
            if slot.key == key {
                slot.value = value;
                return false;
            }
            if slot.key.is_free() {
                *slot = Slot { key, value };
                self.len += 1;
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        crate::core::memory::reserve(
            &format!("the position table of a ruleset ({} positions)", self.len),
            size * std::mem::size_of::<Slot<K>>(),
        );
        let old = std::mem::replace(&mut self.slots, vec![Self::FREE_SLOT; size]);
        let mask = size - 1;
        for slot in old.into_iter().filter(|s| !s.key.is_free()) {
            let mut i = self.home(&slot.key);
            while !self.slots[i].key.is_free() {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }

    fn prefetch(&self, key: &K) {
        if self.slots.is_empty() {
            return;
        }
        let i = self.home(key);
        prefetch_line(&self.slots[i]);
        prefetch_line(&self.slots[(i + 2) & (self.slots.len() - 1)]);
    }

    fn empty(&mut self) {
        self.slots.fill(Self::FREE_SLOT);
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

    /// The hints a prefetch reads without a lock follow every shard's tables as they grow
    /// (from empty, through several doublings, and after `clear`): a hint left behind would
    /// prefetch memory the table has given back, and every prefetch would miss.
    #[test]
    fn prefetch_hints_follow_the_tables_as_they_grow() {
        let hints_agree = |table: &PositionTable| {
            let packed = &table.packed;
            for (shard, hints) in packed.shards.iter().zip(packed.hints.iter()) {
                let shard = lock(shard);
                let short = &shard.short.slots;
                let long = &shard.long.slots;
                for (slots, hint) in [
                    ((short.as_ptr() as usize, short.len()), &hints.short),
                    ((long.as_ptr() as usize, long.len()), &hints.long),
                ] {
                    let bits = hint.bits.load(Ordering::Relaxed);
                    let len = if bits == 0 { 0 } else { 1 << bits };
                    assert_eq!(len, slots.1);
                    if len > 0 {
                        assert_eq!(hint.address.load(Ordering::Relaxed), slots.0);
                    }
                }
            }
        };
        let mut table = PositionTable::default();
        hints_agree(&table);
        for n in 0..200_000i64 {
            // Short keys (small integers) and long ones (integers past 2^62).
            table.insert(Value::int(n), Game::integer(n));
            if n % 4 == 0 {
                table.insert(Value::int(i64::MAX - n), Game::integer(n));
            }
            if n % 20_000 == 0 {
                hints_agree(&table);
            }
        }
        hints_agree(&table);
        table.clear();
        hints_agree(&table);
        table.insert(Value::int(7), Game::integer(7));
        hints_agree(&table);
        assert_eq!(table.get(&Value::int(7)), Some(Game::integer(7)));
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

    /// Grids of every shape up to 8 x 8 over two symbol pairs (one-word keys up to 50 cells,
    /// three-word keys beyond), and integers at the edges of one-word keys: each comes back
    /// with its own value.
    #[test]
    fn one_word_and_three_word_keys_never_meet() {
        let mut all = Vec::new();
        for (h, w) in (1..=8).flat_map(|h| (1..=8).map(move |w| (h, w))) {
            for (a, b) in [('.', '#'), ('x', '.')] {
                for n in [0u64, 1, 5, u64::MAX] {
                    let text: Vec<String> = (0..h)
                        .map(|r| {
                            (0..w)
                                .map(|c| {
                                    if n >> ((r * w + c) % 64) & 1 == 1 {
                                        b
                                    } else {
                                        a
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    all.push(grid(&text.join("|")));
                }
            }
        }
        for n in [0i64, 1, (1 << 62) - 1, 1 << 62, i64::MAX, -1, i64::MIN] {
            all.push(Value::Number(n.into()));
        }
        let mut seen = ahash::AHashSet::new();
        all.retain(|b| seen.insert(b.clone()));
        let mut t = PositionTable::default();
        for (i, b) in all.iter().enumerate() {
            t.insert(b.clone(), Game::integer(i as i64));
        }
        assert_eq!(t.len(), all.len());
        assert!(t.others.is_empty(), "every one of these has a packed key");
        for (i, b) in all.iter().enumerate() {
            assert_eq!(t.get(b), Some(Game::integer(i as i64)), "{b:?}");
        }
        let short = |v: &Value| matches!(packed_key(v), Some(PackedKey::Short(_)));
        assert!(short(&grid("......|......|......|......|......|......")));
        // A cell past the 50th taken: three words (an empty board of 56 cells fits in one).
        assert!(!short(&grid(
            "........|........|........|........|........|........|.......#"
        )));
        assert!(short(&grid(
            "........|........|........|........|........|........|........"
        )));
        assert!(short(&Value::Number(((1i64 << 62) - 1).into())));
        assert!(!short(&Value::Number((1i64 << 62).into())));
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
        t.clear();
        assert_eq!((t.len(), t.get(&boards[0])), (0, None));
    }

    /// The lock-free table of one thread answers as the shared one does, for short, long and
    /// general keys, counts a position set twice once, and forgets everything when emptied.
    #[test]
    fn the_local_table_agrees_with_the_shared_one() {
        let mut shared = PositionTable::default();
        let mut local = LocalPositionTable::default();
        let mut positions: Vec<Value> = (0..600)
            .map(|n: u32| {
                let row: String = (0..10)
                    .map(|b| if n >> b & 1 == 1 { '#' } else { '.' })
                    .collect();
                grid(&format!("{row}|{}", ".".repeat(10)))
            })
            .collect();
        positions.push(grid(&".".repeat(80)));
        positions.push(Value::Number(7i64.into()));
        positions.push(Value::Number((1i64 << 62).into()));
        positions.push(Value::str("7"));
        for (n, p) in positions.iter().enumerate().step_by(3) {
            for table_value in [Game::integer(-1), Game::integer(n as i64)] {
                shared.insert(p.clone(), table_value);
                local.insert_by(p.clone(), TableKey::of(p), table_value);
            }
        }
        assert_eq!(shared.len(), positions.len().div_ceil(3));
        assert_eq!(local.len(), shared.len());
        for p in &positions {
            assert_eq!(local.get_by(p, TableKey::of(p)), shared.get(p), "{p}");
        }
        local.empty();
        assert_eq!(local.len(), 0);
        assert!(positions
            .iter()
            .all(|p| local.get_by(p, TableKey::of(p)).is_none()));
    }

    /// The two generations: a position is kept while it is in the recent one or the older one,
    /// forgotten two rotations after it was last looked up, and looking it up in the older one
    /// brings it back to the recent one.
    #[test]
    fn recent_positions_keep_two_generations() {
        let limit = 4;
        let numbers: Vec<Value> = (0..20).map(|n: i64| Value::Number(n.into())).collect();
        let key = |p: &Value| TableKey::of(p);
        let mut memo = RecentPositions::default();
        // 0..4 fill the recent generation; 4 rotates them into the older one.
        for (n, p) in numbers.iter().enumerate().take(5) {
            memo.insert_by(p.clone(), key(p), Game::integer(n as i64), limit);
        }
        for (n, p) in numbers.iter().enumerate().take(5) {
            assert_eq!(memo.get_by(p, key(p), limit), Some(Game::integer(n as i64)));
        }
        // Each was brought back to the recent generation; 3 found it full (4, 0, 1, 2) and
        // rotated it, so the recent one holds 3 and 4 and the older one 4, 0, 1, 2.
        for (n, p) in numbers.iter().enumerate().skip(5).take(3) {
            memo.insert_by(p.clone(), key(p), Game::integer(n as i64), limit);
        }
        // 5 and 6 filled the recent generation and 7 rotated it: the older one is 3, 4, 5, 6,
        // and 0, 1, 2 are forgotten.
        for p in &numbers[..3] {
            assert_eq!(memo.get_by(p, key(p), limit), None, "{p}");
        }
        assert_eq!(
            memo.get_by(&numbers[3], key(&numbers[3]), limit),
            Some(Game::integer(3))
        );
        assert_eq!(memo.get_by(&numbers[8], key(&numbers[8]), limit), None);
        memo.clear();
        assert!(numbers
            .iter()
            .all(|p| memo.get_by(p, key(p), limit).is_none()));
    }
}
