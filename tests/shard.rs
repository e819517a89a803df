//! A run split across processes (`cg --shard I/N --store PART`, then `cg merge`): the parts'
//! shares are the enumeration dealt out every N-th element, the merge prints what one process
//! running the script whole prints, its store holds every part's values, and bad part
//! numbers or mismatched parts are refused with a clear message. Each part runs as its own
//! `cg` process, as on a cluster.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const CG: &str = env!("CARGO_BIN_EXE_cg");

#[path = "common/scratch.rs"]
mod scratch;

/// A fresh directory for one test's files, removed when the test ends.
fn scratch(name: &str) -> scratch::Scratch {
    scratch::scratch("shard", name)
}

/// Runs cg with `args` (on one thread: the tests run side by side on a small machine).
fn cg(args: &[&str]) -> Output {
    Command::new(CG)
        .arg("--threads")
        .arg("1")
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The output of a run that must succeed.
fn ok(args: &[&str]) -> String {
    let out = cg(args);
    assert!(out.status.success(), "cg {args:?} failed: {}", stderr(&out));
    stdout(&out)
}

/// The message of a run that must fail with `status`.
fn fails(args: &[&str], status: i32) -> String {
    let out = cg(args);
    assert_eq!(
        out.status.code(),
        Some(status),
        "cg {args:?}: {}{}",
        stdout(&out),
        stderr(&out)
    );
    stderr(&out)
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Every position of a 2x3 Domineering board: each of the 64 sets of cells left empty.
fn boards() -> Vec<String> {
    (0..64u32)
        .map(|mask| {
            let row = |r: u32| -> String {
                (0..3)
                    .map(|c| {
                        if mask >> (3 * r + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            };
            format!("{}|{}", row(0), row(1))
        })
        .collect()
}

/// What a researcher runs: a line per position of a sharded enumeration, then a summary that
/// needs every position (the hottest, counts by outcome); and a second, shorter enumeration
/// (3 heaps), so that with 5 parts some shares are empty.
fn search_script() -> String {
    let list: Vec<String> = boards().iter().map(|b| format!("\"{b}\"")).collect();
    format!(
        "let positions = [{}]
let hottest = -1
let where = \"\"
let counts = {{=>}}
for p in shard(positions)
  let g = canonical_form(Domineering(grid(p)))
  let t = temperature(g)
  print(p, g, t)
  if t > hottest
    hottest = t
    where = p
  end
  let o = str(outcome(g))
  counts[o] = if o in counts then counts[o] + 1 else 1
end
print(\"hottest\", where, hottest)
print(counts)
[canonical_form(Domineering(grid(p))) for p in shard([\"..|..\", \"...|...\", \"....\"])]
len(positions)
",
        list.join(", ")
    )
}

/// Runs the N parts of `script` (each `cg --shard I/N --store part-I`), gives their stores.
fn run_parts(dir: &Path, script: &Path, n: u64) -> Vec<PathBuf> {
    (1..=n)
        .map(|i| {
            let store = dir.join(format!("part-{i}-of-{n}.cgstore"));
            let part = format!("{i}/{n}");
            ok(&["--shard", &part, "--store", path(&store), path(script)]);
            store
        })
        .collect()
}

fn merge_args<'a>(parts: &'a [PathBuf], extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(|p| path(p)));
    args.extend_from_slice(extra);
    args
}

#[test]
fn the_shares_of_the_parts_are_every_nth_element_from_the_ith() {
    let seven: Vec<u64> = (0..7).collect();
    for n in [1u64, 2, 3, 5, 8] {
        let mut all = Vec::new();
        for i in 1..=n {
            let part = format!("{i}/{n}");
            // A range, a list and a set of the same 7 integers are dealt out alike.
            let shares = ok(&[
                "--shard",
                &part,
                "-e",
                "[shard(0..7), shard([0, 1, 2, 3, 4, 5, 6]), shard({6, 5, 4, 3, 2, 1, 0}), \
                 shard_index(), shard_count()]",
            ]);
            let expected: Vec<String> = seven
                .iter()
                .filter(|k| *k % n == i - 1)
                .map(u64::to_string)
                .collect();
            let share = format!("[{}]", expected.join(","));
            assert_eq!(
                shares.trim(),
                format!("[{share},{share},{share},{i},{n}]"),
                "part {part}"
            );
            all.extend(expected);
        }
        // Together the shares are the enumeration, each element once.
        all.sort_by_key(|k| k.parse::<u64>().unwrap());
        let whole: Vec<String> = seven.iter().map(u64::to_string).collect();
        assert_eq!(all, whole, "{n} parts");
    }
}

#[test]
fn without_shard_the_whole_enumeration_is_one_share() {
    let out = ok(&[
        "-e",
        "[shard(0..5) == 0..5, shard([3, 1]), shard({=>}), shard_index(), shard_count()]",
    ]);
    assert_eq!(out.trim(), "[true,[3,1],{=>},1,1]");
    let message = fails(&["-e", "shard(\"abc\")"], 1);
    assert!(
        message.contains("shard(xs) splits a list, tuple, set, map or range, not a string"),
        "{message}"
    );
}

#[test]
fn merged_parts_print_what_one_process_prints() {
    let dir = scratch("search");
    let script = dir.join("search.cg");
    std::fs::write(&script, search_script()).unwrap();
    let whole = ok(&[path(&script)]);
    // The script computes what it should: 64 position lines, a summary, the heaps, the count.
    assert_eq!(whole.lines().count(), 64 + 2 + 2, "{whole}");
    // The empty board is 0, a board with one domino's room for Left only is 1.
    assert!(whole.contains("###|### 0 -1\n"), "{whole}");
    assert!(whole.contains(".##|.## 1 "), "{whole}");
    for n in [1, 2, 3, 5] {
        let parts = run_parts(&dir, &script, n);
        let merged = ok(&merge_args(&parts, &[]));
        assert_eq!(merged, whole, "{n} parts");
    }
}

#[test]
fn the_parts_can_run_with_the_flag_after_the_script() {
    let dir = scratch("after");
    let script = dir.join("s.cg");
    std::fs::write(&script, "[x * x for x in shard(1..=10)]\n").unwrap();
    let before = ok(&["--shard", "3/4", path(&script)]);
    let after = ok(&[path(&script), "--shard", "3/4"]);
    assert_eq!(before.trim(), "[9,49]");
    assert_eq!(after, before);
}

#[test]
fn the_merged_store_holds_the_values_of_every_part() {
    let dir = scratch("store");
    let script = dir.join("search.cg");
    std::fs::write(&script, search_script()).unwrap();
    let single = dir.join("single.cgstore");
    ok(&["--store", path(&single), path(&script)]);
    let parts = run_parts(&dir, &script, 3);
    let merged = dir.join("merged.cgstore");
    let out = ok(&merge_args(&parts, &["-o", path(&merged), "--no-run"]));
    assert_eq!(out, "", "--no-run prints nothing");
    // The union of the parts' positions is what one process keeps: each part keeps its
    // positions with everything below them, and together they are below the same 64 boards.
    let counts = "let s = store_stats(); [s[\"positions\"], s[\"games\"], s[\"rulesets\"]]";
    let one = ok(&["--store", path(&single), "-e", counts]);
    let union = ok(&["--store", path(&merged), "-e", counts]);
    assert_eq!(union, one);
    for part in &parts {
        let share = ok(&["--store", path(part), "-e", "store_stats()[\"positions\"]"]);
        let whole = ok(&[
            "--store",
            path(&merged),
            "-e",
            "store_stats()[\"positions\"]",
        ]);
        let (share, whole): (u64, u64) =
            (share.trim().parse().unwrap(), whole.trim().parse().unwrap());
        assert!(share < whole, "a part keeps {share} of {whole} positions");
    }
    // The values kept under the merged store's own numbering of rulesets are the values:
    // read back, they equal values computed afresh.
    let list: Vec<String> = boards().iter().map(|b| format!("\"{b}\"")).collect();
    let program = format!(
        "[canonical_form(Domineering(grid(p))) for p in [{}]]",
        list.join(", ")
    );
    let read = ok(&["--store", path(&merged), "-e", &program]);
    assert_eq!(read, ok(&["-e", &program]));
}

/// The search of `search_script` with the work on each position done by `shard_map`, whose
/// results the parts keep: the summary is computed from all of them in the merge.
fn mapped_script() -> String {
    let list: Vec<String> = boards().iter().map(|b| format!("\"{b}\"")).collect();
    format!(
        "let positions = [{}]
def study(p)
  let g = canonical_form(Domineering(grid(p)))
  (p, g, temperature(g), outcome(g), [\"a\", {{1, *}}, grid(p)])
end
let hottest = -1
let where = \"\"
let counts = {{=>}}
for (p, g, t, o, extra) in shard_map(study, positions)
  print(p, g, t, extra)
  if t > hottest
    hottest = t
    where = p
  end
  counts[o] = if o in counts then counts[o] + 1 else 1
end
print(\"hottest\", where, hottest)
print(counts)
shard_map(n -> grundy(octal 0.77, 0..=n)[n], 0..3)
",
        list.join(", ")
    )
}

#[test]
fn the_results_of_shard_map_are_kept_by_the_parts_and_read_by_the_merge() {
    let dir = scratch("mapped");
    let script = dir.join("mapped.cg");
    std::fs::write(&script, mapped_script()).unwrap();
    let whole = ok(&[path(&script)]);
    assert_eq!(whole.lines().count(), 64 + 3, "{whole}");
    assert!(
        whole.contains("###|### 0 -1 [\"a\",{1,*},grid(\"###|###\")]\n"),
        "{whole}"
    );
    // Kayles: G(0), G(1), G(2) = 0, 1, 2.
    assert!(whole.ends_with("[0,1,2]\n"), "{whole}");
    // With 5 parts, the parts 4 and 5 have no share of `0..3`.
    for n in [1, 2, 3, 5] {
        let parts = run_parts(&dir, &script, n);
        let merged = ok(&merge_args(&parts, &[]));
        assert_eq!(merged, whole, "{n} parts");
    }
    // The merge's run reads the results: it values no position, where the whole run values
    // every one (the tables are empty after it).
    let counting = dir.join("counting.cg");
    let text = format!("{}cache_stats()[\"positions\"]\n", mapped_script());
    std::fs::write(&counting, text).unwrap();
    let computed = ok(&[path(&counting)]);
    let parts = run_parts(&dir, &counting, 2);
    let read = ok(&merge_args(&parts, &[]));
    let last = |out: &str| out.lines().last().unwrap().parse::<u64>().unwrap();
    assert!(last(&computed) > 0, "{computed}");
    assert_eq!(last(&read), 0, "{read}");
}

#[test]
fn shard_map_refuses_results_that_do_not_read_back() {
    let dir = scratch("unreadable");
    let store = dir.join("part.cgstore");
    // A thermograph has no text to type; a genus prints as `0^0`, which reads back as 1.
    for f in ["x -> thermograph({2 | -1})", "x -> [1, genus(*[2#])]"] {
        let program = format!("shard_map({f}, [1, 2, 3])");
        let message = fails(
            &["--shard", "1/2", "--store", path(&store), "-e", &program],
            1,
        );
        assert!(
            message.contains("cannot be kept as itself"),
            "{f}: {message}"
        );
    }
}

#[test]
fn bad_part_numbers_are_refused() {
    for (part, says) in [
        ("0/3", "parts are numbered from 1 to 3"),
        ("4/3", "parts are numbered from 1 to 3"),
        ("x/y", "--shard wants I/N"),
        ("3", "--shard wants I/N"),
        ("/3", "is SLURM_ARRAY_TASK_ID set?"),
        ("1/0", "at least one part"),
    ] {
        let message = fails(&["--shard", part, "-e", "1"], 2);
        assert!(message.contains(says), "--shard {part}: {message}");
    }
}

#[test]
fn mismatched_parts_are_refused() {
    let dir = scratch("mismatch");
    let a = dir.join("a.cg");
    let b = dir.join("b.cg");
    std::fs::write(&a, "[x for x in shard(0..10)]\n").unwrap();
    std::fs::write(&b, "[x + 1 for x in shard(0..10)]\n").unwrap();
    let parts_a = run_parts(&dir.join(""), &a, 3);
    let b_store = dir.join("b-part-2.cgstore");
    ok(&["--shard", "2/3", "--store", path(&b_store), path(&b)]);

    let other_script = [parts_a[0].clone(), b_store.clone(), parts_a[2].clone()];
    let message = fails(&merge_args(&other_script, &[]), 1);
    assert!(message.contains("ran another script"), "{message}");

    let missing = [parts_a[0].clone(), parts_a[2].clone()];
    let message = fails(&merge_args(&missing, &[]), 1);
    assert!(message.contains("part 2 of 3 is missing"), "{message}");

    let twice = [parts_a[0].clone(), parts_a[1].clone(), parts_a[1].clone()];
    let message = fails(&merge_args(&twice, &[]), 1);
    assert!(message.contains("part 2 of 3 is both in"), "{message}");

    let other_count = dir.join("a-part-2-of-2.cgstore");
    ok(&["--shard", "2/2", "--store", path(&other_count), path(&a)]);
    let mixed = [parts_a[0].clone(), other_count];
    let message = fails(&merge_args(&mixed, &[]), 1);
    assert!(message.contains("different numbers of parts"), "{message}");

    let other_args = dir.join("a-args.cgstore");
    ok(&[
        "--shard",
        "2/3",
        "--store",
        path(&other_args),
        path(&a),
        "x",
    ]);
    let mixed = [parts_a[0].clone(), other_args, parts_a[2].clone()];
    let message = fails(&merge_args(&mixed, &[]), 1);
    assert!(message.contains("other arguments"), "{message}");

    // A part that stopped with an error is not taken for finished.
    let failing = dir.join("failing.cg");
    std::fs::write(
        &failing,
        "let mine = shard(0..10)\nif shard_index() == 2 do error(\"no room\")\nmine\n",
    )
    .unwrap();
    let stopped: Vec<PathBuf> = (1..=2)
        .map(|i| {
            let store = dir.join(format!("failing-{i}.cgstore"));
            let part = format!("{i}/2");
            let out = cg(&["--shard", &part, "--store", path(&store), path(&failing)]);
            assert_eq!(out.status.success(), i == 1, "{}", stderr(&out));
            store
        })
        .collect();
    let message = fails(&merge_args(&stopped, &[]), 1);
    assert!(message.contains("part 2 of 2"), "{message}");
    assert!(message.contains("did not finish"), "{message}");

    let plain = dir.join("plain.cgstore");
    ok(&["--store", path(&plain), "-e", "1"]);
    let message = fails(&merge_args(&[plain], &[]), 1);
    assert!(
        message.contains("holds no part of a split run"),
        "{message}"
    );

    let absent = [dir.join("absent.cgstore")];
    let message = fails(&merge_args(&absent, &[]), 1);
    assert!(message.contains("cannot read"), "{message}");
    // Nothing was made in its place.
    assert!(!absent[0].exists());
}

/// A script whose `shard_map` gives a value of another kind for each element: every kind the
/// parts keep, in the binary form of the store or (loopy values, misère forms) as text.
const KINDS: &str = "def kind(k)
  let all = [
    7, -12, 0, 123456789012345678901234567890, -98765432109876543211/2, 7/4, -1/3, 1/0, -1/0,
    *5, ^ + *, {3 || 2 | 1}, {2 | -1} + {1 | 0}, Tiny(2), '{*|*}',
    {0|pass}, on + off, over + under, 5 + over, upon, a{0|{1|a}}, inf_{0,2},
    *[2[2]], misere_canonical_form('{{*2}}'), misere(octal 0.77)(5),
    outcome(^), outcome(dud), outcome({0|pass}), outcome(*),
    \"\", \"a \\\"quoted\\\" string\", true, false,
    grid(\"#..|.x.\"),
    [1, [2, *]], (1, \"a\", ^), {3, *2, 1/2}, {\"k\" => ^, 2 => [true]}, [], {=>},
    grundy(octal 0.77, 0..=12)
  ]
  if k == len(all) then print(\"side effect\") else all[k]
end
let results = shard_map(kind, 0..42)
for x in results do print(x)
results
";

#[test]
fn every_kind_of_result_is_merged_into_what_one_process_prints() {
    let dir = scratch("kinds");
    let script = dir.join("kinds.cg");
    std::fs::write(&script, KINDS).unwrap();
    let whole = ok(&[path(&script)]);
    // 42 results, the side effect printed once per call, then the list.
    assert_eq!(whole.lines().count(), 42 + 1 + 1, "{whole}");
    for shown in [
        "\n-98765432109876543211/2\n",
        "\n{3|2||0|-1}\n",
        "\nover & under\n",
        "\ninf_{0,2}\n",
        "\n*[2##]\n",
        "\nD\n",
        "\ngrid(\"#..|.x.\")\n",
        "\n{2 => [true],\"k\" => ^}\n",
    ] {
        assert!(whole.contains(shown), "{shown} in {whole}");
    }
    let side_effect = whole.lines().position(|l| l == "side effect").unwrap();
    for n in [1, 2, 3, 5] {
        let parts = run_parts(&dir, &script, n);
        let merged = ok(&merge_args(&parts, &[]));
        // The merge calls no `kind`: it prints the side effect nowhere, and every other line
        // as one process does.
        let mut expected: Vec<&str> = whole.lines().collect();
        expected.remove(side_effect);
        assert_eq!(merged.lines().collect::<Vec<_>>(), expected, "{n} parts");
    }
}

#[test]
fn garbage_collection_keeps_the_games_the_results_name() {
    let dir = scratch("gc");
    let script = dir.join("games.cg");
    std::fs::write(
        &script,
        "shard_map(n -> canonical_form(Domineering(grid(\"..|..|..\"))) + n * {2 | -1} + *n, 0..6)\n",
    )
    .unwrap();
    let whole = ok(&[path(&script)]);
    let parts = run_parts(&dir, &script, 2);
    for part in &parts {
        ok(&["--store", path(part), "-e", "store_gc()"]);
    }
    assert_eq!(ok(&merge_args(&parts, &[])), whole);
}

#[test]
fn damaged_results_are_an_error_not_a_wrong_value() {
    let dir = scratch("damaged");
    let script = dir.join("s.cg");
    std::fs::write(&script, "shard_map(n -> (n, n * n, \"x\"), 0..100)\n").unwrap();
    let parts = run_parts(&dir, &script, 2);
    let connection = rusqlite::Connection::open(&parts[1]).unwrap();
    // Every string "x" (tag 10, length 1, the byte x) made "y".
    let changed = connection
        .execute(
            "UPDATE shard_blocks SET data = CAST(replace(data, x'0a0178', x'0a0179') AS BLOB)",
            [],
        )
        .unwrap();
    assert!(changed > 0);
    drop(connection);
    let message = fails(&merge_args(&parts, &[]), 1);
    assert!(message.contains("the store is damaged"), "{message}");
}
