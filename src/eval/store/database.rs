//! The store's file: an SQLite database (see the commit that chose it for the measurements).
//! SQLite's write-ahead log gives what the store needs: a transaction is all or nothing even
//! when the process is killed during it, readers in other processes see only committed
//! transactions, and two processes writing take turns rather than corrupt the file.
//!
//! Tables:
//! - `meta`: what the file is (`format` = `FORMAT`), so a foreign database is refused;
//! - `rulesets`: one row per ruleset with its parameters (its key), with the hash of its
//!   definition and the engine version, for `store_stats` and garbage collection;
//! - `positions`: the value of a position of a ruleset, as the name of a game record;
//! - `games`: game records by name (`game_codec`);
//! - `sequences`: the values of heaps 0, 1, 2... of a heap game, with a checksum;
//! - `parts` (only in the store of a part of a split run, `cg --shard I/N`): which part it
//!   is, of what script with which arguments, and whether it finished, for `cg merge`;
//! - `shard_blocks` (likewise, and in a merged store): the results of `shard_map(f, xs)` for
//!   the elements of a part's share, in blocks of bytes (`value_codec`), by run (a hash of
//!   script and arguments), call and first element.

use std::path::Path;
use std::time::Duration;

use rusqlite::{params, Connection, OpenFlags, OptionalExtension};

use super::definition_hash::Key;
use super::game_codec::GameHash;

/// What the `meta` table says a cg store is; a later layout gets a new string.
pub const FORMAT: &str = "cg value store 1";

/// How long a write waits for another process's transaction to end before giving up.
const BUSY_WAIT: Duration = Duration::from_secs(120);

pub struct Database {
    connection: Connection,
}

/// An error from the database, as a message for the user.
pub type DbResult<T> = Result<T, String>;

fn message(e: rusqlite::Error) -> String {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => {
            "the file is not a cg store (not a database, or a damaged one)".to_string()
        }
        Some(rusqlite::ErrorCode::DatabaseCorrupt) => "the store is damaged".to_string(),
        Some(rusqlite::ErrorCode::CannotOpen) => {
            "the file cannot be opened or made (does its folder exist, and may cg write there?)"
                .to_string()
        }
        _ => e.to_string(),
    }
}

/// Counts of what a store keeps.
#[derive(Debug, Default)]
pub struct Counts {
    pub rulesets: u64,
    pub positions: u64,
    pub games: u64,
    pub sequences: u64,
}

/// A ruleset's row: its key, definition hash, engine version and description.
pub struct RulesetRow {
    pub id: i64,
    pub definition: Vec<u8>,
    pub engine: String,
    pub description: String,
}

impl Database {
    /// Opens the store at `path`, creating it if there is no file; refuses a file that is not a
    /// cg store of this format.
    pub fn open(path: &Path) -> DbResult<Database> {
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let connection = Connection::open_with_flags(path, flags).map_err(message)?;
        connection.busy_timeout(BUSY_WAIT).map_err(message)?;
        let db = Database { connection };
        // Reading the schema is the first thing that touches the file: a file that is not a
        // database fails here. Another program's database is refused before anything in it
        // (its journal mode) is changed.
        let tables: i64 = db
            .connection
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(message)?;
        if tables > 0 {
            db.check_format()?;
        }
        db.prepare_file(tables == 0).map_err(message)?;
        db.check_format()?;
        Ok(db)
    }

    fn prepare_file(&self, new: bool) -> rusqlite::Result<()> {
        let c = &self.connection;
        self.switch_to_wal()?;
        // In WAL mode NORMAL keeps every committed transaction through a crash of the process
        // (only a power loss may lose the last ones, never consistency).
        c.pragma_update(None, "synchronous", "NORMAL")?;
        if new {
            c.execute_batch(&format!(
                "BEGIN IMMEDIATE;
                 CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
                 INSERT OR IGNORE INTO meta VALUES ('format', '{FORMAT}');
                 CREATE TABLE IF NOT EXISTS rulesets (
                     id INTEGER PRIMARY KEY, key BLOB NOT NULL UNIQUE, definition BLOB NOT NULL,
                     engine TEXT NOT NULL, description TEXT NOT NULL);
                 CREATE TABLE IF NOT EXISTS positions (
                     ruleset INTEGER NOT NULL, position BLOB NOT NULL, game BLOB NOT NULL,
                     PRIMARY KEY (ruleset, position)) WITHOUT ROWID;
                 CREATE TABLE IF NOT EXISTS games (
                     name BLOB PRIMARY KEY, record BLOB NOT NULL) WITHOUT ROWID;
                 CREATE TABLE IF NOT EXISTS sequences (
                     key BLOB PRIMARY KEY, description TEXT NOT NULL, engine TEXT NOT NULL,
                     of_games INTEGER NOT NULL, length INTEGER NOT NULL, data BLOB NOT NULL,
                     checksum BLOB NOT NULL);
                 COMMIT;"
            ))?;
        }
        Ok(())
    }

    /// Puts the file in write-ahead-log mode. SQLite takes the exclusive lock this needs
    /// without calling the busy handler, so two processes opening a new store at once would
    /// see "database is locked" at once; the switch is tried again until `BUSY_WAIT` ends.
    fn switch_to_wal(&self) -> rusqlite::Result<()> {
        let start = std::time::Instant::now();
        loop {
            match self.connection.pragma_update(None, "journal_mode", "WAL") {
                Err(e)
                    if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy)
                        && start.elapsed() < BUSY_WAIT =>
                {
                    std::thread::sleep(Duration::from_millis(5));
                }
                done => return done,
            }
        }
    }

    fn check_format(&self) -> DbResult<()> {
        let format: Option<String> = self
            .connection
            .query_row("SELECT value FROM meta WHERE name = 'format'", [], |r| {
                r.get(0)
            })
            .optional()
            .unwrap_or(None);
        match format {
            Some(f) if f == FORMAT => Ok(()),
            Some(f) => Err(format!(
                "the store was written in another format (`{f}`; this cg reads `{FORMAT}`)"
            )),
            None => Err("the file is a database but not a cg store".to_string()),
        }
    }

    /// Notes that this store holds part `part.index` of a split run, not finished yet.
    pub fn record_part(&self, part: &PartRow) -> DbResult<()> {
        let c = &self.connection;
        c.execute_batch(
            "CREATE TABLE IF NOT EXISTS parts (
                 part INTEGER PRIMARY KEY, parts INTEGER NOT NULL, name TEXT NOT NULL,
                 text TEXT NOT NULL, args BLOB NOT NULL, expression INTEGER NOT NULL,
                 engine TEXT NOT NULL, finished INTEGER NOT NULL, splits TEXT NOT NULL)",
        )
        .map_err(message)?;
        c.execute(
            "INSERT OR REPLACE INTO parts VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                part.index as i64,
                part.count as i64,
                part.name,
                part.text,
                join_args(&part.args),
                part.expression,
                part.engine,
                part.finished,
                part.splits
            ],
        )
        .map_err(message)?;
        Ok(())
    }

    /// Notes that part `index` finished, having split enumerations of the lengths `splits`.
    pub fn finish_part(&self, index: u64, splits: &str) -> DbResult<()> {
        self.connection
            .execute(
                "UPDATE parts SET finished = 1, splits = ?2 WHERE part = ?1",
                params![index as i64, splits],
            )
            .map_err(message)?;
        Ok(())
    }

    /// The parts of split runs this store holds (none for an ordinary store).
    pub fn parts(&self) -> DbResult<Vec<PartRow>> {
        let c = &self.connection;
        let has_table: bool = c
            .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'parts'")
            .and_then(|mut s| s.exists([]))
            .map_err(message)?;
        if !has_table {
            return Ok(Vec::new());
        }
        let mut s = c
            .prepare(
                "SELECT part, parts, name, text, args, expression, engine, finished, splits
                 FROM parts ORDER BY part",
            )
            .map_err(message)?;
        let rows = s
            .query_map([], |r| {
                Ok(PartRow {
                    index: r.get::<_, i64>(0)? as u64,
                    count: r.get::<_, i64>(1)? as u64,
                    name: r.get(2)?,
                    text: r.get(3)?,
                    args: split_args(&r.get::<_, Vec<u8>>(4)?),
                    expression: r.get(5)?,
                    engine: r.get(6)?,
                    finished: r.get(7)?,
                    splits: r.get(8)?,
                })
            })
            .map_err(message)?;
        rows.collect::<Result<_, _>>().map_err(message)
    }

    /// The blocks of results kept for the `call`-th split of run `run` (see `shard_map`).
    pub fn result_blocks(&self, run: &[u8], call: u64) -> DbResult<Vec<ResultBlock>> {
        if !self.has_table("main", "shard_blocks")? {
            return Ok(Vec::new());
        }
        let mut s = self
            .connection
            .prepare_cached(
                "SELECT first, stride, count, data, checksum FROM shard_blocks
                 WHERE run = ?1 AND call = ?2 ORDER BY first",
            )
            .map_err(message)?;
        let rows = s
            .query_map(params![run, call as i64], |r| {
                Ok(ResultBlock {
                    run: run.to_vec(),
                    call,
                    first: r.get::<_, i64>(0)? as u64,
                    stride: r.get::<_, i64>(1)? as u64,
                    count: r.get::<_, i64>(2)? as u64,
                    data: r.get(3)?,
                    checksum: r.get::<_, Vec<u8>>(4)?.try_into().unwrap_or([0; 16]),
                })
            })
            .map_err(message)?;
        rows.collect::<Result<_, _>>().map_err(message)
    }

    fn has_table(&self, schema: &str, name: &str) -> DbResult<bool> {
        self.connection
            .prepare(&format!(
                "SELECT 1 FROM {schema}.sqlite_master WHERE type = 'table' AND name = ?1"
            ))
            .and_then(|mut s| s.exists([name]))
            .map_err(message)
    }

    /// Adds every value kept in the store `other` to this one, in one transaction: games,
    /// rulesets (matched by key: the two files number them differently), their positions,
    /// and sequences (a longer one replacing a shorter one). The parts table is not copied:
    /// the union is the store of a whole run.
    pub fn absorb(&mut self, other: &Path) -> DbResult<()> {
        let c = &self.connection;
        c.execute(
            "ATTACH DATABASE ?1 AS other",
            [other.to_string_lossy().as_ref()],
        )
        .map_err(message)?;
        let results = if self.has_table("other", "shard_blocks")? {
            format!(
                "{BLOCKS_TABLE};
                 INSERT OR IGNORE INTO main.shard_blocks SELECT * FROM other.shard_blocks;"
            )
        } else {
            String::new()
        };
        let c = &self.connection;
        let copied = c.execute_batch(&format!(
            "BEGIN IMMEDIATE;
             {results}
             INSERT OR IGNORE INTO games (name, record) SELECT name, record FROM other.games;
             INSERT OR IGNORE INTO rulesets (key, definition, engine, description)
                 SELECT key, definition, engine, description FROM other.rulesets;
             INSERT OR IGNORE INTO positions (ruleset, position, game)
                 SELECT mine.id, p.position, p.game
                 FROM other.positions p
                 JOIN other.rulesets theirs ON theirs.id = p.ruleset
                 JOIN main.rulesets mine ON mine.key = theirs.key;
             INSERT INTO sequences (key, description, engine, of_games, length, data, checksum)
                 SELECT key, description, engine, of_games, length, data, checksum
                 FROM other.sequences WHERE true
                 ON CONFLICT (key) DO UPDATE SET
                     length = excluded.length, data = excluded.data, checksum = excluded.checksum
                 WHERE excluded.length > sequences.length;
             COMMIT;"
        ));
        if copied.is_err() {
            let _ = c.execute_batch("ROLLBACK");
        }
        let detached = c.execute_batch("DETACH DATABASE other");
        copied.map_err(message)?;
        detached.map_err(message)
    }

    /// The id of the ruleset row with `key`, made if there is none.
    pub fn ruleset_id(
        &self,
        key: &Key,
        definition: &Key,
        engine: &str,
        description: &str,
    ) -> DbResult<i64> {
        let c = &self.connection;
        c.execute(
            "INSERT OR IGNORE INTO rulesets (key, definition, engine, description)
             VALUES (?1, ?2, ?3, ?4)",
            params![&key[..], &definition[..], engine, description],
        )
        .map_err(message)?;
        c.query_row("SELECT id FROM rulesets WHERE key = ?1", [&key[..]], |r| {
            r.get(0)
        })
        .map_err(message)
    }

    /// Whether any position of the ruleset `id` is kept (if not, looking each up is pointless).
    pub fn has_positions(&self, id: i64) -> DbResult<bool> {
        self.connection
            .prepare_cached("SELECT 1 FROM positions WHERE ruleset = ?1 LIMIT 1")
            .and_then(|mut s| s.exists([id]))
            .map_err(message)
    }

    /// The name of the game kept as the value of `position` in ruleset `id`.
    pub fn position(&self, id: i64, position: &[u8]) -> DbResult<Option<Vec<u8>>> {
        self.connection
            .prepare_cached("SELECT game FROM positions WHERE ruleset = ?1 AND position = ?2")
            .and_then(|mut s| s.query_row(params![id, position], |r| r.get(0)).optional())
            .map_err(message)
    }

    /// The record of the game named `name`.
    pub fn game(&self, name: &GameHash) -> DbResult<Option<Vec<u8>>> {
        self.connection
            .prepare_cached("SELECT record FROM games WHERE name = ?1")
            .and_then(|mut s| s.query_row([&name[..]], |r| r.get(0)).optional())
            .map_err(message)
    }

    /// A heap game's values: their count, bytes and checksum.
    pub fn sequence(&self, key: &Key) -> DbResult<Option<KeptSequence>> {
        self.connection
            .prepare_cached("SELECT length, data, checksum FROM sequences WHERE key = ?1")
            .and_then(|mut s| {
                s.query_row([&key[..]], |r| {
                    Ok(KeptSequence {
                        length: r.get::<_, i64>(0)? as u64,
                        data: r.get(1)?,
                        checksum: r.get(2)?,
                    })
                })
                .optional()
            })
            .map_err(message)
    }

    /// Writes games, positions, sequences and blocks of results in one transaction: after a
    /// crash either all of them are in the file or none is. Games go first, so a position or
    /// a result never names a game that is missing.
    pub fn write(&mut self, batch: &Batch) -> DbResult<()> {
        let tx = self.connection.transaction().map_err(message)?;
        {
            let mut games = tx
                .prepare_cached("INSERT OR IGNORE INTO games (name, record) VALUES (?1, ?2)")
                .map_err(message)?;
            for (name, record) in &batch.games {
                games.execute(params![&name[..], record]).map_err(message)?;
            }
            let mut positions = tx
                .prepare_cached(
                    "INSERT OR REPLACE INTO positions (ruleset, position, game) VALUES (?1, ?2, ?3)",
                )
                .map_err(message)?;
            for (id, position, game) in &batch.positions {
                positions
                    .execute(params![id, position, &game[..]])
                    .map_err(message)?;
            }
            let mut sequences = tx
                .prepare_cached(
                    // A longer sequence replaces a shorter one, never the reverse.
                    "INSERT INTO sequences
                     (key, description, engine, of_games, length, data, checksum)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                     ON CONFLICT (key) DO UPDATE SET
                         length = excluded.length, data = excluded.data,
                         checksum = excluded.checksum
                     WHERE excluded.length > sequences.length",
                )
                .map_err(message)?;
            for s in &batch.sequences {
                sequences
                    .execute(params![
                        &s.key[..],
                        s.description,
                        s.engine,
                        s.of_games,
                        s.length as i64,
                        s.data,
                        &s.checksum[..]
                    ])
                    .map_err(message)?;
            }
            if !batch.blocks.is_empty() {
                tx.execute_batch(BLOCKS_TABLE).map_err(message)?;
                let mut blocks = tx
                    .prepare_cached(
                        "INSERT OR REPLACE INTO shard_blocks VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    )
                    .map_err(message)?;
                for b in &batch.blocks {
                    blocks
                        .execute(params![
                            b.run,
                            b.call as i64,
                            b.first as i64,
                            b.stride as i64,
                            b.count as i64,
                            b.data,
                            &b.checksum[..]
                        ])
                        .map_err(message)?;
                }
            }
        }
        tx.commit().map_err(message)
    }

    pub fn counts(&self) -> DbResult<Counts> {
        let count = |table: &str| -> DbResult<u64> {
            self.connection
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
                    r.get::<_, i64>(0)
                })
                .map(|n| n as u64)
                .map_err(message)
        };
        Ok(Counts {
            rulesets: count("rulesets")?,
            positions: count("positions")?,
            games: count("games")?,
            sequences: count("sequences")?,
        })
    }

    /// Every ruleset row, with the number of its positions.
    pub fn rulesets(&self) -> DbResult<Vec<(RulesetRow, u64)>> {
        let mut s = self
            .connection
            .prepare(
                "SELECT id, definition, engine, description,
                        (SELECT count(*) FROM positions WHERE ruleset = rulesets.id)
                 FROM rulesets ORDER BY description",
            )
            .map_err(message)?;
        let rows = s
            .query_map([], |r| {
                Ok((
                    RulesetRow {
                        id: r.get(0)?,
                        definition: r.get(1)?,
                        engine: r.get(2)?,
                        description: r.get(3)?,
                    },
                    r.get::<_, i64>(4)? as u64,
                ))
            })
            .map_err(message)?;
        rows.collect::<Result<_, _>>().map_err(message)
    }

    /// Every sequence's key, description and engine.
    pub fn sequences(&self) -> DbResult<Vec<SequenceInfo>> {
        let mut s = self
            .connection
            .prepare("SELECT key, description, engine, length FROM sequences ORDER BY description")
            .map_err(message)?;
        let rows = s
            .query_map([], |r| {
                Ok(SequenceInfo {
                    key: r.get(0)?,
                    description: r.get(1)?,
                    engine: r.get(2)?,
                    length: r.get::<_, i64>(3)? as u64,
                })
            })
            .map_err(message)?;
        rows.collect::<Result<_, _>>().map_err(message)
    }

    /// Drops the rulesets `ids` (with their positions) and the sequences `keys`, then every
    /// game no kept value reaches, in one transaction; the counts of games dropped.
    pub fn collect_garbage(&mut self, ids: &[i64], keys: &[Vec<u8>]) -> DbResult<u64> {
        let tx = self.connection.transaction().map_err(message)?;
        for id in ids {
            tx.execute("DELETE FROM positions WHERE ruleset = ?1", [id])
                .map_err(message)?;
            tx.execute("DELETE FROM rulesets WHERE id = ?1", [id])
                .map_err(message)?;
        }
        for key in keys {
            tx.execute("DELETE FROM sequences WHERE key = ?1", [key])
                .map_err(message)?;
        }
        let live = reachable_games(&tx)?;
        let mut dead = Vec::new();
        {
            let mut s = tx.prepare("SELECT name FROM games").map_err(message)?;
            let names = s
                .query_map([], |r| r.get::<_, Vec<u8>>(0))
                .map_err(message)?;
            for name in names {
                let name = name.map_err(message)?;
                if !live.contains(name.as_slice()) {
                    dead.push(name);
                }
            }
        }
        for name in &dead {
            tx.execute("DELETE FROM games WHERE name = ?1", [name])
                .map_err(message)?;
        }
        tx.commit().map_err(message)?;
        self.connection
            .execute_batch("PRAGMA wal_checkpoint(TRUNCATE); VACUUM;")
            .map_err(message)?;
        Ok(dead.len() as u64)
    }
}

/// The names of every game a kept position or sequence reaches, through the options of game
/// records.
fn reachable_games(tx: &rusqlite::Transaction) -> DbResult<ahash::AHashSet<Vec<u8>>> {
    let mut live = ahash::AHashSet::new();
    let mut todo: Vec<Vec<u8>> = Vec::new();
    {
        let mut s = tx
            .prepare("SELECT DISTINCT game FROM positions")
            .map_err(message)?;
        let rows = s
            .query_map([], |r| r.get::<_, Vec<u8>>(0))
            .map_err(message)?;
        for row in rows {
            todo.push(row.map_err(message)?);
        }
        let mut s = tx
            .prepare("SELECT data FROM sequences WHERE of_games = 1")
            .map_err(message)?;
        let rows = s
            .query_map([], |r| r.get::<_, Vec<u8>>(0))
            .map_err(message)?;
        for row in rows {
            todo.extend(row.map_err(message)?.chunks(16).map(<[u8]>::to_vec));
        }
        let has_blocks = tx
            .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'shard_blocks'")
            .and_then(|mut s| s.exists([]))
            .map_err(message)?;
        if has_blocks {
            let mut s = tx
                .prepare("SELECT count, data FROM shard_blocks")
                .map_err(message)?;
            let rows = s
                .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, Vec<u8>>(1)?)))
                .map_err(message)?;
            for row in rows {
                let (count, data) = row.map_err(message)?;
                let names = super::value_codec::game_names(&data, count as usize)
                    .map_err(|e| format!("the store is damaged: {e}"))?;
                todo.extend(names.iter().map(|h| h.to_vec()));
            }
        }
    }
    let mut record = tx
        .prepare("SELECT record FROM games WHERE name = ?1")
        .map_err(message)?;
    while let Some(name) = todo.pop() {
        if !live.insert(name.clone()) {
            continue;
        }
        let bytes: Option<Vec<u8>> = record
            .query_row([&name], |r| r.get(0))
            .optional()
            .map_err(message)?;
        if let Some(Ok(super::game_codec::Record::Form { left, right })) =
            bytes.as_deref().map(super::game_codec::decode)
        {
            todo.extend(left.iter().chain(&right).map(|h| h.to_vec()));
        }
    }
    Ok(live)
}

/// Records waiting to be written in one transaction.
#[derive(Default)]
pub struct Batch {
    pub games: Vec<(GameHash, Vec<u8>)>,
    pub positions: Vec<(i64, Vec<u8>, GameHash)>,
    pub sequences: Vec<SequenceRow>,
    pub blocks: Vec<ResultBlock>,
}

impl Batch {
    pub fn len(&self) -> usize {
        self.games.len() + self.positions.len() + self.sequences.len() + self.blocks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

pub struct SequenceRow {
    pub key: Key,
    pub description: String,
    pub engine: String,
    /// Whether `data` holds names of game records (16 bytes each) rather than nim-values.
    pub of_games: bool,
    pub length: u64,
    pub data: Vec<u8>,
    pub checksum: Key,
}

/// A sequence as read back: the number of values, their bytes and the checksum written.
pub struct KeptSequence {
    pub length: u64,
    pub data: Vec<u8>,
    pub checksum: Vec<u8>,
}

/// What `store_stats` and garbage collection need to know of a sequence.
pub struct SequenceInfo {
    pub key: Vec<u8>,
    pub description: String,
    pub engine: String,
    pub length: u64,
}

/// Results of `shard_map` in blocks (`value_codec`): a row holds the results of the elements
/// `first`, `first + stride`, ... (`count` of them), as a part's share deals them out. A row
/// per block rather than per element: the merge reads 10^6 results from a few hundred rows.
const BLOCKS_TABLE: &str = "CREATE TABLE IF NOT EXISTS main.shard_blocks (
    run BLOB NOT NULL, call INTEGER NOT NULL, first INTEGER NOT NULL, stride INTEGER NOT NULL,
    count INTEGER NOT NULL, data BLOB NOT NULL, checksum BLOB NOT NULL,
    PRIMARY KEY (run, call, first))";

/// A block of results of `shard_map` (see `BLOCKS_TABLE`).
pub struct ResultBlock {
    pub run: Vec<u8>,
    pub call: u64,
    pub first: u64,
    pub stride: u64,
    pub count: u64,
    pub data: Vec<u8>,
    pub checksum: Key,
}

/// What a part of a split run (`cg --shard I/N`) notes in its store.
#[derive(Clone, Debug, PartialEq)]
pub struct PartRow {
    /// I, from 1.
    pub index: u64,
    /// N.
    pub count: u64,
    /// The script's file name as given (`<expr>` for `-e`).
    pub name: String,
    /// The text run.
    pub text: String,
    /// The script's arguments.
    pub args: Vec<String>,
    /// Whether the text came from `-e` (its last value is printed) rather than a file.
    pub expression: bool,
    pub engine: String,
    pub finished: bool,
    /// The lengths of the enumerations split, comma-separated.
    pub splits: String,
}

/// Arguments each ended by a NUL, which no command-line argument contains.
fn join_args(args: &[String]) -> Vec<u8> {
    args.iter().flat_map(|a| a.bytes().chain([0])).collect()
}

fn split_args(bytes: &[u8]) -> Vec<String> {
    let mut args: Vec<String> = bytes
        .split(|&b| b == 0)
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    // The NUL after the last argument leaves an empty piece behind it.
    args.pop();
    args
}
