//! The value store (`cg --store FILE`): values come back equal to values computed afresh, an
//! edited ruleset never reads the values of its old definition, a killed writer leaves a
//! readable store, two writers at once do not corrupt it, and a damaged or foreign file gives
//! an error rather than a panic or a wrong value. Each test runs the `cg` binary, as a user
//! would, on a store in a directory of its own.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const CG: &str = env!("CARGO_BIN_EXE_cg");

#[path = "common/scratch.rs"]
mod scratch;

/// A fresh directory for one test's files, removed when the test ends.
fn scratch(name: &str) -> scratch::Scratch {
    scratch::scratch("store", name)
}

fn cg(store: Option<&Path>, program: &str) -> Output {
    let mut command = Command::new(CG);
    if let Some(store) = store {
        command.arg("--store").arg(store);
    }
    command.arg("-e").arg(program).output().unwrap()
}

/// The printed value of `program`, which must succeed.
fn value(store: Option<&Path>, program: &str) -> String {
    let out = cg(store, program);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "cg failed on {program}: {stderr}");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Values of several rulesets and heap games: partizan boards, an impartial ruleset with a
/// parameter, an impartial and a partizan heap sequence.
const WORKLOAD: &str = "[canonical_form(Domineering(grid(\"....|....|....\"))), \
    canonical_form(Domineering(grid(\"...|...|...|...\"))), \
    canonical_form(Domineering(grid(\"#...|....|...#\"))), \
    cookie_cutter(2, 7, 2), cookie_cutter(3, 3, 2), \
    grundy(octal 0.07, 0..=200), \
    [canonical_form((subtraction {1,2} vs {1,3})(n)) for n in 0..=12]]";

/// How many positions the rulesets' tables hold after computing `WORKLOAD`: all of them when
/// computed, only the ones asked for when read from the store.
const TABLE_SIZE: &str = "cache_stats()[\"positions\"]";

#[test]
fn values_read_back_equal_values_computed_afresh() {
    let dir = scratch("equal");
    let store = dir.join("values.cgstore");
    let fresh = value(None, WORKLOAD);
    let written = value(Some(&store), WORKLOAD);
    assert_eq!(written, fresh);
    let computed = value(None, &format!("{WORKLOAD}; {TABLE_SIZE}"));
    let read = value(
        Some(&store),
        &format!("let vals = {WORKLOAD}; print(vals); {TABLE_SIZE}"),
    );
    let (read_values, read_table) = read.rsplit_once('\n').unwrap();
    assert_eq!(read_values, fresh);
    // Read, not recomputed: the tables hold only the positions asked for (5 boards).
    let (computed, read_table): (u64, u64) =
        (computed.parse().unwrap(), read_table.parse().unwrap());
    // 80 on 2026-12-07: the 4 x 3 board is the 3 x 4 one transposed, so Domineering's
    // `negative` rule finds its positions as the negatives of those (118 without the rule).
    assert!(computed > 50, "{computed} positions computed");
    assert!(
        read_table <= 5,
        "{read_table} positions in the tables after reading"
    );
    let stats = value(
        Some(&store),
        "let s = store_stats(); [s[\"positions\"] > 100, s[\"sequences\"], len(s[\"rulesets\"])]",
    );
    assert_eq!(stats, "[true,2,2]");
}

/// A subtraction game whose right moves are given by a function of its own: the test edits
/// the ruleset, and then only that function.
fn ruleset(left: &str, right: &str) -> String {
    format!(
        "def right_takes() = {right}; \
         ruleset Sub {{ left n = [n - s for s in {left} if s <= n]; \
                        right n = [n - s for s in right_takes() if s <= n] }}; \
         [canonical_form(Sub(n)) for n in 0..=14]"
    )
}

#[test]
fn an_edited_ruleset_does_not_read_the_values_of_its_old_definition() {
    let dir = scratch("edited");
    let store = dir.join("values.cgstore");
    let versions = [
        ruleset("[1, 2]", "[1, 2]"),
        // The rule itself edited.
        ruleset("[1, 3]", "[1, 2]"),
        // Only a function the rules call edited.
        ruleset("[1, 3]", "[2, 3]"),
    ];
    let fresh: Vec<String> = versions.iter().map(|p| value(None, p)).collect();
    // The definitions give different values, so reading stale ones would be seen.
    assert_ne!(fresh[0], fresh[1]);
    assert_ne!(fresh[1], fresh[2]);
    for (program, expected) in versions.iter().zip(&fresh) {
        assert_eq!(&value(Some(&store), program), expected);
    }
    // Each version is kept apart, and going back to the first reads its own values.
    assert_eq!(&value(Some(&store), &versions[0]), &fresh[0]);
    let kept = value(Some(&store), "len(store_stats()[\"rulesets\"])");
    assert_eq!(kept, "3");
    // In a session that defines only the last version, the other two are garbage.
    let gc = value(
        Some(&store),
        &format!("{}; store_gc()[\"rulesets\"]", versions[2]),
    );
    assert_eq!(gc.lines().last(), Some("2"));
    assert_eq!(&value(Some(&store), &versions[2]), &fresh[2]);
}

/// Values computed and written in many small batches, for the tests that interrupt writers.
const LONG_WORK: &str =
    "[canonical_form(Domineering(grid(b))) for b in [\"....|....|....|....\", \".....|.....|.....|.....\", \".....|.....|.....|.....|.....\"]]";

#[test]
fn a_writer_killed_in_the_middle_leaves_a_store_that_reads_correctly() {
    let dir = scratch("killed");
    let store = dir.join("values.cgstore");
    let fresh = value(None, LONG_WORK);
    let mut kept_before = 0;
    for round in 0..3 {
        let mut child = Command::new(CG)
            .env("CG_STORE_BATCH", "500")
            .arg("--store")
            .arg(&store)
            .arg("-e")
            .arg(LONG_WORK)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Kill it once it has committed more values, while it goes on writing.
        let start = Instant::now();
        while positions(&store) <= kept_before && start.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(2));
        }
        let finished = child.try_wait().unwrap().is_some();
        unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
        child.wait().unwrap();
        assert!(
            !finished,
            "round {round}: the writer finished before it could be killed"
        );
        // The store opens, passes SQLite's own check, holds more values than before, and
        // the values computed with it are the right ones.
        assert_eq!(integrity(&store), "ok");
        let kept: u64 = value(Some(&store), "store_stats()[\"positions\"]")
            .parse()
            .unwrap();
        assert!(
            kept > kept_before,
            "round {round}: nothing was written before the kill"
        );
        kept_before = kept;
    }
    assert_eq!(value(Some(&store), LONG_WORK), fresh);
    assert_eq!(value(Some(&store), LONG_WORK), fresh);
}

/// The number of positions committed to the store (0 before it has its tables).
fn positions(store: &Path) -> u64 {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let Ok(c) = rusqlite::Connection::open_with_flags(store, flags) else {
        return 0;
    };
    c.query_row("SELECT count(*) FROM positions", [], |r| r.get::<_, i64>(0))
        .map_or(0, |n| n as u64)
}

#[test]
fn two_processes_writing_one_store_at_once_do_not_corrupt_it() {
    let dir = scratch("concurrent");
    let store = dir.join("values.cgstore");
    let fresh = value(None, LONG_WORK);
    let spawn = || {
        Command::new(CG)
            .env("CG_STORE_BATCH", "300")
            .arg("--store")
            .arg(&store)
            .arg("-e")
            .arg(LONG_WORK)
            .output()
    };
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(spawn);
        let b = s.spawn(spawn);
        (a.join().unwrap().unwrap(), b.join().unwrap().unwrap())
    });
    for out in [&a, &b] {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), fresh);
    }
    assert_eq!(integrity(&store), "ok");
    assert_eq!(value(Some(&store), LONG_WORK), fresh);
}

/// SQLite's verdict on the file.
fn integrity(store: &Path) -> String {
    let c = rusqlite::Connection::open(store).unwrap();
    c.query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap()
}

/// Runs `program` on a damaged store: it must fail with `message` and a clean report.
fn refused(store: &Path, program: &str, message: &str) {
    let out = cg(Some(store), program);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(message), "{stderr}");
    assert!(!stderr.contains("panic"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_damaged_or_foreign_file_gives_an_error() {
    let dir = scratch("damaged");
    let program = "canonical_form(Domineering(grid(\"...|...|...\")))";

    let garbage = dir.join("garbage.cgstore");
    std::fs::write(&garbage, b"these bytes are not a database, though they are long enough to be read as a header of one; ".repeat(20)).unwrap();
    refused(&garbage, program, "not a cg store");

    let foreign = dir.join("foreign.sqlite");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hello');")
        .unwrap();
    refused(&foreign, program, "not a cg store");
    // ... and left as it was: not switched to cg's journal mode.
    let mode: String = rusqlite::Connection::open(&foreign)
        .unwrap()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "delete");

    // A store whose game records are altered: each is found out by its name.
    let store = dir.join("values.cgstore");
    let fresh = value(Some(&store), program);
    let c = rusqlite::Connection::open(&store).unwrap();
    let changed = c
        .execute(
            "UPDATE games SET record = CAST(replace(CAST(record AS TEXT), '1', '3') AS BLOB)",
            [],
        )
        .unwrap();
    assert!(changed > 0);
    drop(c);
    refused(&store, program, "the store is damaged");

    // A position that names a game the store lacks.
    let c = rusqlite::Connection::open(&store).unwrap();
    c.execute("DELETE FROM games", []).unwrap();
    drop(c);
    refused(&store, program, "the store is damaged");

    // Bytes overwritten in the middle of the file.
    let damaged = dir.join("overwritten.cgstore");
    value(Some(&damaged), program);
    let c = rusqlite::Connection::open(&damaged).unwrap();
    c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)").unwrap();
    drop(c);
    let mut bytes = std::fs::read(&damaged).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle..middle + 4096].fill(0xA5);
    std::fs::write(&damaged, &bytes).unwrap();
    let out = cg(Some(&damaged), program);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panic"), "{stderr}");
    // Either the damage is found, or it fell on pages the program does not read and the
    // value is right.
    if out.status.success() {
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), fresh);
    } else {
        assert!(stderr.contains("store"), "{stderr}");
    }
}

#[test]
fn store_in_the_language_and_without_a_store() {
    let dir = scratch("language");
    let store = dir.join("values.cgstore");
    let program = format!(
        "store({:?}); let g = canonical_form(Domineering(grid(\"..|..|..\"))); [g, store_stats()[\"positions\"] > 0]",
        store.display().to_string()
    );
    assert_eq!(
        value(None, &program),
        "[{1|-1},true]".replace(
            "{1|-1}",
            &value(None, "canonical_form(Domineering(grid(\"..|..|..\")))")
        )
    );
    let out = cg(None, "store_stats()");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no store is open"));
    let out = cg(None, "store(3)");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("takes a file name"));
    let out = cg(Some(&dir), "1");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot use"));
}

/// `cg --store` on `threads` threads, printing the value of `program`.
fn value_on_threads(threads: usize, store: &Path, program: &str) -> String {
    let out = Command::new(CG)
        .env("CG_THREADS", threads.to_string())
        .arg("--store")
        .arg(store)
        .arg("-e")
        .arg(program)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "cg failed on {program}: {stderr}");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn positions_valued_by_helper_threads_are_kept() {
    // On two threads the helpers value part of the board's positions; the store must hold
    // them too, so that a run on one thread over it keeps nothing new (a store missing the
    // helpers' share would gain it then), gives the same value, and holds what one thread
    // alone keeps.
    let dir = scratch("threads");
    let (two, one) = (dir.join("two.cgstore"), dir.join("one.cgstore"));
    let board = "canonical_form(domineering(\".....|.....|.....|....#\"))";
    let on_two = value_on_threads(2, &two, board);
    let kept = positions(&two);
    assert_eq!(value_on_threads(1, &two, board), on_two);
    assert_eq!(
        positions(&two),
        kept,
        "the second run kept positions the first had not"
    );
    assert_eq!(value_on_threads(1, &one, board), on_two);
    assert_eq!(positions(&one), kept);
}
