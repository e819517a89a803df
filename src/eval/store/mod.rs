//! The value store: values of ruleset positions and heap sequences kept in a file across
//! sessions (`cg --store FILE`, `store("FILE")`). It is a read-through layer under the
//! tables of rulesets and heap games: a value missing from a table is looked for here before
//! it is computed, and a value computed is queued here and written in batches, each batch one
//! transaction.
//!
//! Soundness rests on three things: a ruleset's values are filed under a hash of its
//! definition, its parameters and the engine version (`definition_hash`), so an edited ruleset
//! or another build never reads them; games and positions are written from their mathematical
//! content (`game_codec`, `position_key`); and every game record read is checked against its
//! name (a hash of it) and must be a canonical form, so a damaged file gives an error rather
//! than a wrong value.

mod database;
pub mod definition_hash;
pub mod game_codec;
pub mod merge;
pub mod position_key;
pub mod value_codec;

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use ahash::{AHashMap, AHashSet};

use crate::core::Game;

use super::value::Value;

pub use database::PartRow;
use database::{Batch, Counts, Database, ResultBlock, SequenceRow};
use definition_hash::{Key, ENGINE_VERSION};
use game_codec::{GameHash, Record};

/// Values queued before a batch is written; the environment variable `CG_STORE_BATCH` sets
/// another number (tests write small batches to be killed between them).
const BATCH_RECORDS: usize = 200_000;
/// Results of `shard_map` in one row of the store: few rows for the merge to read, and each
/// small enough to hold in memory while it is written or read.
const RESULTS_PER_BLOCK: usize = 4096;
/// The longest time a computed value waits to be written (so a killed run loses little).
const BATCH_AGE: Duration = Duration::from_secs(10);

/// Where a ruleset's values are kept in the open store: its row, and whether the store held
/// any of its positions when it was first met (if not, none is looked up).
#[derive(Clone, Copy, Debug)]
pub struct RulesetLink {
    pub id: i64,
    pub has_positions: bool,
    /// The store it is valid for (`generation`).
    pub generation: u32,
}

/// Positions that helper threads valued for a ruleset with a link in the store (which only the
/// thread that opened it can write), queued until that thread next keeps a position or writes.
static FROM_HELPERS: Mutex<Vec<HelperPosition>> = Mutex::new(Vec::new());

/// The store's generation, the ruleset's row, the position's key and its value.
type HelperPosition = (u32, i64, Vec<u8>, Game);

/// The store open in this session, with what it has read and what waits to be written.
struct OpenStore {
    path: PathBuf,
    db: Database,
    pending: Batch,
    batch_records: usize,
    since: Instant,
    /// The names of games met this session (read, or queued to be written).
    names: AHashMap<Game, GameHash>,
    /// Games read this session, by name.
    games: AHashMap<GameHash, Game>,
    /// Names of games known to be in the file or in `pending`.
    written: AHashSet<GameHash>,
}

thread_local! {
    static STORE: RefCell<Option<OpenStore>> = const { RefCell::new(None) };
    /// Counts the stores opened on this thread: a ruleset's link is valid for one of them.
    static GENERATION: Cell<u32> = const { Cell::new(0) };
}

/// Which store is open: 0 for none, else a number that changes with each `open`.
pub fn generation() -> u32 {
    if STORE.with(|s| s.borrow().is_none()) {
        0
    } else {
        GENERATION.with(Cell::get)
    }
}

/// Opens (creating if needed) the store at `path` for this session, after writing whatever
/// the previous one still had queued.
pub fn open(path: &Path) -> Result<(), String> {
    close()?;
    let db = Database::open(path)
        .map_err(|e| format!("cannot use {} as a store: {e}", path.display()))?;
    let store = OpenStore {
        path: path.to_path_buf(),
        db,
        pending: Batch::default(),
        batch_records: std::env::var("CG_STORE_BATCH")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(BATCH_RECORDS),
        since: Instant::now(),
        names: AHashMap::new(),
        games: AHashMap::new(),
        written: AHashSet::new(),
    };
    STORE.with(|s| *s.borrow_mut() = Some(store));
    GENERATION.with(|g| g.set(g.get() + 1));
    Ok(())
}

/// Writes what is queued and closes the store (before another is opened: SQLite removes a
/// closed database's log by name, which must not be the new one's).
pub fn close() -> Result<(), String> {
    flush()?;
    let store = STORE.with(|s| s.borrow_mut().take());
    drop(store);
    Ok(())
}

/// Writes everything queued, in one transaction.
pub fn flush() -> Result<(), String> {
    with_store(|s| s.flush()).unwrap_or(Ok(()))
}

fn with_store<T>(f: impl FnOnce(&mut OpenStore) -> T) -> Option<T> {
    STORE.with(|s| s.borrow_mut().as_mut().map(f))
}

/// Notes in the open store that this process runs part `part.index` of a split run
/// (`cg --shard I/N`), so that `cg merge` can find it, check it against the other parts and
/// run the script again; `false` if no store is open.
pub fn record_part(part: &PartRow) -> Result<bool, String> {
    with_store(|s| s.db.record_part(part).map(|()| true)).unwrap_or(Ok(false))
}

/// Notes in the open store that part `index` finished, after writing everything queued.
pub fn finish_part(index: u64, splits: &str) -> Result<(), String> {
    with_store(|s| {
        s.flush()?;
        s.db.finish_part(index, splits)
    })
    .unwrap_or(Ok(()))
}

/// Why the results of a share were not kept.
pub enum KeepError {
    /// A result has no form in the store that gives it back (`value_codec`).
    Unwritable(Value),
    Store(String),
}

/// Keeps the results of a share of the `call`-th split of run `run` (`results[j]` is the
/// result of element `first + j * stride`), written at once with the games they use, in
/// blocks of `RESULTS_PER_BLOCK`; `false` if no store is open.
pub fn keep_shard_results(
    run: &[u8],
    call: u64,
    first: u64,
    stride: u64,
    results: &[Value],
) -> Result<bool, KeepError> {
    let mut blocks = Vec::new();
    {
        let mut name = |g: Game| with_store(|s| s.name_of(g)).unwrap_or_default();
        let mut encoder = value_codec::Encoder::new(&mut name);
        for (j, chunk) in results.chunks(RESULTS_PER_BLOCK).enumerate() {
            let mut data = Vec::new();
            for value in chunk {
                encoder
                    .put(value, &mut data)
                    .map_err(KeepError::Unwritable)?;
            }
            blocks.push(ResultBlock {
                run: run.to_vec(),
                call,
                first: first + (j * RESULTS_PER_BLOCK) as u64 * stride,
                stride,
                count: chunk.len() as u64,
                checksum: definition_hash::hash(&data),
                data,
            });
        }
    }
    with_store(|s| {
        s.pending.blocks.extend(blocks);
        s.flush().map(|()| true)
    })
    .unwrap_or(Ok(false))
    .map_err(KeepError::Store)
}

/// The results kept for the `call`-th split of run `run`, which splits `length` elements:
/// `None` unless every element's result is kept (no store, or not the merge of all parts).
pub fn shard_results(run: &[u8], call: u64, length: u64) -> Result<Option<Vec<Value>>, String> {
    let Some(blocks) = with_store(|s| s.db.result_blocks(run, call)) else {
        return Ok(None);
    };
    let blocks = blocks?;
    if blocks.is_empty() {
        return Ok(None);
    }
    let mut results: Vec<Option<Value>> = vec![None; length as usize];
    // Games are read one borrow of the store at a time: a result written as text is read
    // by evaluating it, which must find the store free.
    let mut game = |h: &GameHash| with_store(|s| s.game_named(h)).unwrap_or(Ok(Game::ZERO));
    let mut decoder = value_codec::Decoder::new(&mut game);
    for block in blocks {
        if block.checksum != definition_hash::hash(&block.data) {
            return Err(damaged("kept results do not match their checksum"));
        }
        let values = decoder
            .values(&block.data, block.count as usize)
            .map_err(|e| damaged(&e))?;
        for (j, value) in values.into_iter().enumerate() {
            let slot = (j as u64)
                .checked_mul(block.stride)
                .and_then(|k| k.checked_add(block.first))
                .and_then(|k| results.get_mut(k as usize))
                .ok_or_else(|| damaged("a kept result of an element past the end"))?;
            if slot.replace(value).is_some() {
                return Err(damaged("two results kept for one element"));
            }
        }
    }
    Ok(results.into_iter().collect())
}

/// The link of a ruleset instance with key `key` (see `definition_hash`), made if new;
/// `None` if no store is open.
pub fn ruleset(
    key: &Key,
    definition: &Key,
    description: &str,
) -> Result<Option<RulesetLink>, String> {
    with_store(|s| {
        let id =
            s.db.ruleset_id(key, definition, ENGINE_VERSION, description)?;
        let has_positions = s.db.has_positions(id)?;
        Ok(RulesetLink {
            id,
            has_positions,
            generation: GENERATION.with(Cell::get),
        })
    })
    .transpose()
}

/// The value kept for `position` (a key from `position_key`) of ruleset `id`.
pub fn position_value(id: i64, position: &[u8]) -> Result<Option<Game>, String> {
    with_store(|s| {
        let Some(name) = s.db.position(id, position)? else {
            return Ok(None);
        };
        let name: GameHash = name
            .try_into()
            .map_err(|_| damaged("a position's value is not the name of a game"))?;
        s.game_named(&name).map(Some)
    })
    .unwrap_or(Ok(None))
}

/// Queues the value of `position` of the ruleset at `link` to be written; on a helper thread,
/// for the thread that holds the store to write.
pub fn keep_position(link: &RulesetLink, position: Vec<u8>, value: Game) -> Result<(), String> {
    if generation() == 0 {
        let mut queue = FROM_HELPERS.lock().unwrap_or_else(|e| e.into_inner());
        queue.push((link.generation, link.id, position, value));
        return Ok(());
    }
    with_store(|s| {
        s.take_from_helpers();
        let name = s.name_of(value);
        s.pending.positions.push((link.id, position, name));
        s.flush_if_due()
    })
    .unwrap_or(Ok(()))
}

/// The nim-values kept for the heap game written `written` (heaps 0, 1, 2...).
pub fn nim_sequence(written: &str) -> Result<Option<Vec<u32>>, String> {
    let Some(data) = sequence_data(written, false)? else {
        return Ok(None);
    };
    Ok(Some(
        data.chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect(),
    ))
}

/// The values kept for the partizan heap game written `written`.
pub fn game_sequence(written: &str) -> Result<Option<Vec<Game>>, String> {
    let Some(data) = sequence_data(written, true)? else {
        return Ok(None);
    };
    with_store(|s| {
        data.chunks_exact(16)
            .map(|c| s.game_named(&c.try_into().expect("16 bytes")))
            .collect::<Result<Vec<Game>, String>>()
    })
    .transpose()
}

/// Queues the nim-values of heaps 0..values.len() of `written` to be written.
pub fn keep_nim_sequence(written: &str, values: &[u32]) -> Result<(), String> {
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    keep_sequence(written, values.len(), data, false)
}

/// Queues the values of heaps 0..values.len() of the partizan game `written`.
pub fn keep_game_sequence(written: &str, values: &[Game]) -> Result<(), String> {
    let data = with_store(|s| {
        values
            .iter()
            .flat_map(|&g| s.name_of(g))
            .collect::<Vec<u8>>()
    });
    match data {
        Some(data) => keep_sequence(written, values.len(), data, true),
        None => Ok(()),
    }
}

fn keep_sequence(
    written: &str,
    length: usize,
    data: Vec<u8>,
    of_games: bool,
) -> Result<(), String> {
    with_store(|s| {
        let row = SequenceRow {
            key: definition_hash::sequence_key(written),
            description: written.to_string(),
            engine: ENGINE_VERSION.to_string(),
            of_games,
            length: length as u64,
            checksum: definition_hash::hash(&data),
            data,
        };
        s.pending.sequences.push(row);
        s.flush_if_due()
    })
    .unwrap_or(Ok(()))
}

/// The data of a kept sequence, checked against its checksum and length.
fn sequence_data(written: &str, of_games: bool) -> Result<Option<Vec<u8>>, String> {
    let key = definition_hash::sequence_key(written);
    let Some(found) = with_store(|s| s.db.sequence(&key)) else {
        return Ok(None);
    };
    let Some(database::KeptSequence {
        length,
        data,
        checksum,
    }) = found?
    else {
        return Ok(None);
    };
    let width = if of_games { 16 } else { 4 };
    if checksum != definition_hash::hash(&data) || data.len() as u64 != length * width {
        return Err(damaged(&format!(
            "the values kept for `{written}` do not match their checksum"
        )));
    }
    Ok(Some(data))
}

fn damaged(what: &str) -> String {
    format!("the store is damaged: {what}")
}

impl OpenStore {
    /// The name of `g`, queuing its record (and those of its options) if the file may not
    /// hold it yet.
    fn name_of(&mut self, g: Game) -> GameHash {
        if let Some(name) = self.names.get(&g) {
            return *name;
        }
        let record = game_codec::encode(g, |o| self.name_of(o));
        let name = game_codec::hash_record(&record);
        if self.written.insert(name) {
            self.pending.games.push((name, record));
        }
        self.names.insert(g, name);
        name
    }

    /// The game named `name`, read from the file and checked.
    fn game_named(&mut self, name: &GameHash) -> Result<Game, String> {
        if let Some(g) = self.games.get(name) {
            return Ok(*g);
        }
        let record = self
            .db
            .game(name)?
            .ok_or_else(|| damaged("a value names a game the store does not hold"))?;
        if game_codec::hash_record(&record) != *name {
            return Err(damaged("a game record does not match its name"));
        }
        let g = match game_codec::decode(&record).map_err(|e| damaged(&e))? {
            Record::Nus(nus) => Game::from_nus(nus),
            Record::Form { left, right } => {
                let left = self.games_named(&left)?;
                let right = self.games_named(&right)?;
                game_codec::game_of_form(&left, &right).map_err(|e| damaged(&e))?
            }
        };
        self.games.insert(*name, g);
        self.names.insert(g, *name);
        self.written.insert(*name);
        Ok(g)
    }

    fn games_named(&mut self, names: &[GameHash]) -> Result<Vec<Game>, String> {
        names.iter().map(|n| self.game_named(n)).collect()
    }

    fn flush_if_due(&mut self) -> Result<(), String> {
        if self.pending.len() >= self.batch_records || self.since.elapsed() >= BATCH_AGE {
            self.flush()?;
        }
        Ok(())
    }

    /// Queues what helper threads valued for this store (a store opened since drops theirs).
    fn take_from_helpers(&mut self) {
        let taken = std::mem::take(&mut *FROM_HELPERS.lock().unwrap_or_else(|e| e.into_inner()));
        let generation = GENERATION.with(Cell::get);
        for (g, id, position, value) in taken {
            if g == generation {
                let name = self.name_of(value);
                self.pending.positions.push((id, position, name));
            }
        }
    }

    fn flush(&mut self) -> Result<(), String> {
        self.take_from_helpers();
        self.since = Instant::now();
        if self.pending.is_empty() {
            return Ok(());
        }
        // Keys in order: B-tree inserts in order touch each page once (measured: 3 times
        // faster than in the order computed).
        self.pending.games.sort_unstable();
        self.pending.positions.sort_unstable();
        let result = self.db.write(&self.pending);
        self.pending = Batch::default();
        result.map_err(|e| format!("cannot write to the store {}: {e}", self.path.display()))
    }
}

impl Drop for OpenStore {
    fn drop(&mut self) {
        if let Err(e) = self.flush() {
            eprintln!("cg: {e}");
        }
    }
}

/// What the open store keeps: its file, size and counts, and each ruleset with how many of
/// its positions are kept and whether this engine can read them.
pub struct Stats {
    pub file: PathBuf,
    pub bytes: u64,
    pub counts: Counts,
    pub rulesets: Vec<(String, u64, bool)>,
    pub sequences: Vec<(String, u64, bool)>,
}

pub fn stats() -> Option<Result<Stats, String>> {
    with_store(|s| {
        s.flush()?;
        let rulesets =
            s.db.rulesets()?
                .into_iter()
                .map(|(row, n)| (row.description, n, row.engine == ENGINE_VERSION))
                .collect();
        let sequences =
            s.db.sequences()?
                .into_iter()
                .map(|q| {
                    let current = q.engine == ENGINE_VERSION;
                    (q.description, q.length, current)
                })
                .collect();
        Ok(Stats {
            bytes: file_size(&s.path),
            file: s.path.clone(),
            counts: s.db.counts()?,
            rulesets,
            sequences,
        })
    })
}

/// The size on disk of the store's file with its write-ahead log.
fn file_size(path: &Path) -> u64 {
    let with = |suffix: &str| {
        let mut p = path.as_os_str().to_os_string();
        p.push(suffix);
        std::fs::metadata(p).map(|m| m.len()).unwrap_or(0)
    };
    with("") + with("-wal")
}

/// What garbage collection dropped.
pub struct Collected {
    pub rulesets: u64,
    pub positions: u64,
    pub sequences: u64,
    pub games: u64,
}

/// Drops every ruleset whose definition is not in `live` or that another engine wrote (with
/// its positions), every sequence another engine wrote, then every game no kept value needs.
pub fn collect_garbage(live: &AHashSet<Key>) -> Option<Result<Collected, String>> {
    with_store(|s| {
        s.flush()?;
        let mut dropped = Collected {
            rulesets: 0,
            positions: 0,
            sequences: 0,
            games: 0,
        };
        let mut ids = Vec::new();
        for (row, n) in s.db.rulesets()? {
            let current = row.engine == ENGINE_VERSION
                && row
                    .definition
                    .as_slice()
                    .try_into()
                    .is_ok_and(|d: Key| live.contains(&d));
            if !current {
                ids.push(row.id);
                dropped.rulesets += 1;
                dropped.positions += n;
            }
        }
        let keys: Vec<Vec<u8>> =
            s.db.sequences()?
                .into_iter()
                .filter(|q| q.engine != ENGINE_VERSION)
                .map(|q| q.key)
                .collect();
        dropped.sequences = keys.len() as u64;
        dropped.games = s.db.collect_garbage(&ids, &keys)?;
        // Rulesets look up their rows again.
        GENERATION.with(|g| g.set(g.get() + 1));
        // Games this session knows as written may have been dropped.
        s.written.clear();
        s.names.clear();
        s.games.clear();
        Ok(dropped)
    })
}
