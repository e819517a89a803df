//! Ruleset evaluation on several threads (`eval::parallel`) gives exactly what one thread gives:
//! each script runs in a fresh `cg` with `CG_THREADS` 1, 2 and 3, and the outputs must agree
//! line for line (canonical forms print uniquely, so equal text is equal values). The boards are
//! large enough that helper threads start (after 2000 new positions) and fill much of the table
//! the asking thread reads; the lists after them are read back from that table. A run that does
//! not end in time fails as a deadlock; Ctrl-C stops a run while its helpers work.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Numbers the runs, each with a directory of its own for its script.
static SCRIPTS: AtomicUsize = AtomicUsize::new(0);

/// How long a script may run before the test calls it a deadlock.
const DEADLINE: Duration = Duration::from_secs(300);

/// The output of `script` run by `cg` on `threads` threads.
fn run(threads: usize, script: &str) -> String {
    let (status, out, errors) = run_to_end(threads, script);
    assert!(status.success(), "cg on {threads} threads failed: {errors}");
    out
}

/// How `script` run by `cg` on `threads` threads ends: its status, output and error report.
fn run_to_end(threads: usize, script: &str) -> (ExitStatus, String, String) {
    // A directory for each run: tests run at once, and one removing a shared directory could
    // pull it from under another about to write its script there.
    let run = SCRIPTS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("cg-parallel-{}-{run}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("script-{threads}.cg"));
    std::fs::write(&file, script).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cg"))
        .arg(&file)
        .env("CG_THREADS", threads.to_string())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cg starts");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut out = String::new();
        stdout.read_to_string(&mut out).unwrap();
        out
    });
    let finished = wait_within(&mut child, DEADLINE);
    // The script is read at start-up.
    let _ = std::fs::remove_dir_all(&dir);
    let Some(status) = finished else {
        panic!("cg on {threads} threads did not finish in {DEADLINE:?}: a deadlock?");
    };
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    // Each run has a script file of its own: the report names it as `<script>`, so that the
    // reports of runs on different numbers of threads compare equal.
    let errors = errors.replace(&file.display().to_string(), "<script>");
    (status, reader.join().unwrap(), errors)
}

/// The exit status of `child` if it ends within `limit`; else it is killed and `None`.
fn wait_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        if started.elapsed() > limit {
            child.kill().unwrap();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `script` on 1, 2 and 3 threads and checks the outputs agree; returns the output.
fn same_on_any_number_of_threads(script: &str) -> String {
    let one = run(1, script);
    for threads in [2, 3] {
        let several = run(threads, script);
        for (n, (a, b)) in one.lines().zip(several.lines()).enumerate() {
            assert_eq!(a, b, "line {} differs on {threads} threads", n + 1);
        }
        assert_eq!(one.lines().count(), several.lines().count());
    }
    one
}

#[test]
fn domineering_values_agree_on_one_and_several_threads() {
    // The 5 x 5 board, then every board two moves on (a Left and a Right domino), most of them
    // valued by now in the shared table, then the same board with its corner taken, valued
    // from the table as well.
    let out = same_on_any_number_of_threads(
        r##"
let B = grid(".....|.....|.....|.....|.....")
Domineering(B)
let after = [h for g in place_pairs(B, ".", (1, 0), "#") for h in place_pairs(g, ".", (0, 1), "#")]
len(after)
[Domineering(h) for h in after]
Domineering(grid("#....|.....|.....|.....|....."))
Domineering(grid("....|....|....|....|....|...."))
"##,
    );
    // By hand: 20 places for the vertical domino (4 in each column); the 20 places for the
    // horizontal one lose the 2 that touch a domino in an edge column (8 of them) and the 4
    // that touch one in a middle column (12): 8 x 18 + 12 x 16.
    let count: usize = out.lines().nth(1).unwrap().trim().parse().unwrap();
    assert_eq!(count, 8 * 18 + 12 * 16);
}

#[test]
fn values_of_a_list_agree_on_one_and_several_threads() {
    // Every subset of the 4 x 4 board left empty: the helpers share the list out, each starting
    // at its own place in it.
    let out = same_on_any_number_of_threads(
        r##"
let B = grid("....|....|....|....")
let C = cells(B, ".")
let P = [pow(2, i) for i in 0..16]
let boards = [fill(B, [C[i] for i in 0..16 if (m // P[i]) % 2 == 1], "#") for m in 0..pow(2, 16)]
let vs = values(Domineering, boards)
len(vs)
vs
[temperature(x) for x in vs]
"##,
    );
    assert_eq!(out.lines().next(), Some("65536"));
}

#[test]
fn lists_taken_in_chunks_agree_on_one_and_several_threads() {
    // Lists long enough that helpers take chunks of them (`eval::parallel_list`): `grundy` and
    // `map` over Cookie Cutter's boards, which split into clusters, and `values` over
    // Domineering boards of growing size, the last ones the largest, so that the helpers are
    // still at work on them when the asking thread has taken the last chunk.
    let out = same_on_any_number_of_threads(
        r##"
def row(n) = join(["." for j in 0..n], "")
def board(rows, n) = grid(join([row(n) for i in 0..rows], "|"))
let cookies = [fill(board(3, n), [(r, c)], "#") for n in 1..=7 for r in 0..3 for c in 0..n]
len(cookies)
let nims = grundy(CookieCutter(2), cookies)
nims
map(CookieCutter(2), cookies) == [CookieCutter(2)(b) for b in cookies]
[*n for n in nims] == values(CookieCutter(2), cookies)
let boards = [fill(board(r, n), [(0, c)], "#") for r in 1..=4 for n in 1..=5 for c in 0..n]
len(boards)
let vs = values(Domineering, boards)
vs
vs == [Domineering(b) for b in boards]
map(Domineering, boards) == vs
"##,
    );
    let lines: Vec<&str> = out.lines().collect();
    // 3n boards of 3 x n with one cell taken, for n from 1 to 7; r x n boards with a cell of
    // the top row taken, n of them for each r and n.
    assert_eq!(lines[0], (1..=7).map(|n| 3 * n).sum::<usize>().to_string());
    assert_eq!(lines[4], (4 * (1..=5).sum::<usize>()).to_string());
    for (k, line) in lines
        .iter()
        .enumerate()
        .filter(|(_, l)| **l == "true" || **l == "false")
    {
        assert_eq!(*line, "true", "line {}", k + 1);
    }
}

#[test]
fn the_first_error_of_a_list_is_reported_whatever_the_threads() {
    // Two positions that are not grids, in the middle of a list long enough for helpers to
    // start: whichever thread meets one first, the report is the one for the earlier (a
    // string), as on one thread, after every position before it was valued.
    let script = r##"
let B = grid("....|....|....|....")
let C = cells(B, ".")
let P = [pow(2, i) for i in 0..16]
let boards = [fill(B, [C[i] for i in 0..16 if (m // P[i]) % 2 == 1], "#") for m in 0..pow(2, 16)]
boards[40000] = "oops"
boards[50000] = 7
"before"
values(Domineering, boards)
"after"
"##;
    let (status, out, errors) = run_to_end(1, script);
    assert!(!status.success());
    assert_eq!(out.trim(), "\"before\"");
    assert!(
        errors.contains("expected a grid; found a string"),
        "{errors}"
    );
    for threads in [2, 3] {
        let (several_status, several_out, several_errors) = run_to_end(threads, script);
        assert_eq!(several_status.code(), status.code(), "{threads} threads");
        assert_eq!(several_out, out, "{threads} threads");
        assert_eq!(several_errors, errors, "{threads} threads");
    }
}

/// The search of `examples/shard_domineering.cg` on the 3 x 4 board, written as functions of
/// the script mapped over every subset of its cells.
const SEARCH_3X4: &str = r##"
let empty = grid("....|....|....")
let order = cells(empty, ".")
let bits = [pow(2, k) for k in 0..12]
def board(mask) = fill(empty, [order[k] for k in 0..12 if (mask // bits[k]) % 2 == 0], "#")
def study(mask)
  let g = canonical_form(Domineering(board(mask)))
  (mask, temperature(g), outcome(g), str(g), {"left" => left_stop(g)}, thermograph(g))
end
"##;

/// Runs `script`, which prints `"before"` and then fails on `board("oops")`: on 2 and 3
/// threads the status, output and report must be byte for byte those of one thread.
fn fails_at_oops_as_on_one_thread(script: &str) {
    let (status, out, errors) = run_to_end(1, script);
    assert!(!status.success());
    assert_eq!(out.trim(), "\"before\"");
    assert!(errors.contains("oops"), "{errors}");
    for threads in [2, 3] {
        let (several_status, several_out, several_errors) = run_to_end(threads, script);
        assert_eq!(several_status.code(), status.code(), "{threads} threads");
        assert_eq!(several_out, out, "{threads} threads");
        assert_eq!(several_errors, errors, "{threads} threads");
    }
}

#[test]
fn functions_mapped_over_a_list_agree_on_one_and_several_threads() {
    // `map` and `shard_map` of a function that values positions of a ruleset it names, its
    // results of several kinds (numbers, outcomes, strings, maps, thermographs); the
    // comprehension must give the same list.
    let script = format!(
        "{SEARCH_3X4}{}",
        r##"
let found = map(study, 0..pow(2, 12))
found == [study(m) for m in 0..pow(2, 12)]
shard_map(study, 0..pow(2, 12)) == found
map(study, [m for m in 0..pow(2, 12)]) == found
def value(b) = canonical_form(Domineering(b))
let boards = [board(m) for m in 0..pow(2, 12)] + [grid(".....|.....|.....|.....")]
map(value, boards) == [value(b) for b in boards]
let counts = {=>}
for (m, t, o, s, l, th) in found do counts[o] = if o in counts then counts[o] + 1 else 1
[counts[o] for o in [L, R, N, P]]
max([t for (m, t, o, s, l, th) in found])
"##
    );
    let out = same_on_any_number_of_threads(&script);
    let lines: Vec<&str> = out.lines().collect();
    // The last check ends the list with a larger board, which the asking thread and a helper
    // value together once the chunks have run out.
    assert_eq!(&lines[..4], ["true", "true", "true", "true"]);
    // The outcomes of the 4096 positions of the 3 x 4 board as cgt 0.11.0 counts them
    // (`bench/compare_cgt.sh`, `SEARCH_BOARD=3x4`).
    assert_eq!(lines[4], "[741,1100,1655,600]");
}

#[test]
fn the_first_error_of_a_mapped_function_is_reported_whatever_the_threads() {
    // Two places fail, far into a list long enough for helpers to start: the report is the
    // earlier one's, after nothing else, as on one thread.
    let script = format!(
        "{SEARCH_3X4}{}",
        r##"
def checked(m) = if m == 3000 then board("oops") else if m == 3500 then 1 // 0 else study(m)
"before"
map(checked, 0..4096)
"after"
"##
    );
    fails_at_oops_as_on_one_thread(&script);
}

#[test]
fn a_mapped_function_that_prints_or_counts_stays_on_one_thread() {
    // Output, and a global the function assigns, are effects on the session: the map runs on
    // the asking thread alone, in order.
    let script = format!(
        "{SEARCH_3X4}{}",
        r##"
let calls = 0
def counted(m)
  calls = calls + 1
  study(m)
end
len(map(counted, 0..4096))
calls
def shown(m)
  if m % 1000 == 0
    print(m)
  end
  study(m)
end
len(map(shown, 0..4096))
"##
    );
    let out = same_on_any_number_of_threads(&script);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["4096", "4096", "0", "1000", "2000", "3000", "4000", "4096"]
    );
}

/// `m`, slowly (about a tenth of a millisecond): a comprehension over it runs long enough, and
/// its elements are slow enough, for it to be spread over the cores (`vm::spread`). The sum of
/// k^2 for k < 3000 is 2999 * 3000 * 5999 / 6.
const SLOW: &str = "def slow(m) = sum([k * k for k in 0..3000]) - 8995500500 + m\n";

#[test]
fn comprehensions_spread_over_the_cores_agree_with_one_thread() {
    // A first loop over a range and over a list, a tuple pattern, filters and further loops,
    // a set, a function's argument and local: each list is checked against one built another
    // way.
    let script = format!(
        "{SEARCH_3X4}{SLOW}{}",
        r##"
let found = [study(slow(m)) for m in 0..1024]
found == map(study, 0..1024)
let pairs = [(m, m % 7) for m in 0..1024]
let kept = [(m, t) for (m, k) in pairs if k != 3 for (n, t, o, s, l, th) in [study(slow(m))] if o != P]
kept == [(m, t) for (m, t, o, s, l, th) in found if m % 7 != 3 and o != P]
{o for (m, k) in pairs for (n, t, o, s, l, th) in [study(slow(m))]} == set([o for (m, t, o, s, l, th) in found])
def shifted(xs, d)
  let base = 10 * d
  [slow(x) + base + d for x in xs]
end
shifted([m for m in 0..1024], 2) == [m + 22 for m in 0..1024]
"##
    );
    let out = same_on_any_number_of_threads(&script);
    assert_eq!(out.lines().collect::<Vec<_>>(), ["true"; 4]);
}

#[test]
fn the_first_error_of_a_spread_comprehension_is_reported_as_on_one_thread() {
    // The loop goes back to where it was spread and meets the error itself: the report names
    // the comprehension's own code, as on one thread, not the function it was spread as.
    let script = format!(
        "{SEARCH_3X4}{SLOW}{}",
        r##"
def checked(m) = if m == 700 then board("oops") else if m == 800 then 1 // 0 else study(slow(m))
"before"
[checked(m) for m in 0..1024]
"after"
"##
    );
    fails_at_oops_as_on_one_thread(&script);
}

#[test]
fn a_comprehension_that_prints_or_counts_stays_in_order() {
    // Output, and a global its code assigns, are effects a second run would repeat: such a
    // comprehension is never spread, and each element is computed once, in order.
    let script = format!(
        "{SLOW}{}",
        r##"
let calls = 0
def counted(m)
  calls = calls + 1
  slow(m)
end
len([counted(m) for m in 0..1024])
calls
def shown(m)
  if m % 300 == 0
    print(m)
  end
  slow(m)
end
len([shown(m) for m in 0..1024])
"##
    );
    let out = same_on_any_number_of_threads(&script);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["1024", "1024", "0", "300", "600", "900", "1024"]
    );
}

#[test]
fn a_comprehension_that_prints_then_fails_prints_each_line_once() {
    // Were the loop spread, it would go back to where it was spread when the error came, and
    // print again what it had printed since.
    let script = format!(
        "{SLOW}{}",
        r##"
def shown(m)
  if m % 300 == 0
    print(m)
  end
  if m == 700 then 1 // 0 else slow(m)
end
[shown(m) for m in 0..1024]
"##
    );
    for threads in [1, 2, 3] {
        let (status, out, errors) = run_to_end(threads, &script);
        assert!(!status.success(), "{threads} threads");
        assert_eq!(
            out.lines().collect::<Vec<_>>(),
            ["0", "300", "600"],
            "{threads} threads"
        );
        assert!(errors.contains("division by zero"), "{errors}");
    }
}

#[test]
fn impartial_values_agree_on_one_and_several_threads() {
    // Cram by mex of nim-values, and Cookie Cutter, whose boards split into clusters.
    same_on_any_number_of_threads(
        r##"
Cram(grid(".....|.....|.....|....."))
[Cram(grid(join([join(["." for j in 0..n], "") for i in 1..=3], "|"))) for n in 1..=6]
CookieCutter(2)(grid("........|........|........"))
[cookie_cutter(3, n, 2) for n in 1..=8]
"##,
    );
}

#[test]
fn amazons_values_agree_on_one_and_several_threads() {
    // Amazons' rules name the global QUEEN, and run on helper threads with its value: a board
    // of 22,161 positions, boards one arrow on, and the same game with the directions written
    // out in the rules, which must be the same game.
    let out = same_on_any_number_of_threads(
        r##"
amazons("x...|....|...o")
[amazons(b) for b in ["x#..|....|...o", "x...|.#..|...o", "x...|....|.#.o"]]
ruleset Written {
    left g = slide_and_shoot(g, "x", [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)], ".", "#")
    right g = slide_and_shoot(g, "o", [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)], ".", "#")
}
Written(grid("x...|....|...o")) == amazons("x...|....|...o")
"##,
    );
    assert_eq!(out.lines().last(), Some("true"));
}

#[test]
fn rules_written_as_functions_agree_on_one_and_several_threads() {
    // Rulesets of the standard library whose rules are cg functions run on helper threads
    // with those functions and the globals they call: Clobber (`clobbers`), Toads and Frogs
    // (`hops`), Hackenbush (`standing`, `without`, `hackenbush_parts`), Konane, each on a
    // position of more than 2000 positions, so that helpers start, then smaller ones.
    let out = same_on_any_number_of_threads(
        r##"
clobber("xoxox|oxoxo|xoxox")
[clobber(b) for b in ["xoxo|oxox|xoxo", "xxoo|ooxx|xoxo", "x.ox|oxox|xo.o"]]
toads_and_frogs("TTTT.....FFFF")
[toads_and_frogs(s) for s in ["TTT..FF", "TT.T.F.F", "T.T.T.FFF", "TTT...FFF"]]
hackenbush([(0, 1, "B"), (1, 2, "R"), (2, 3, "G"), (3, 1, "B"), (0, 4, "R"), (4, 5, "B"), (5, 6, "G"), (6, 4, "R"), (0, 7, "G"), (7, 8, "B"), (8, 9, "R")])
hackenbush(stalk(["B", "R", "R", "B", "G", "B"]))
hackenbush(stalk(["B", "R", "R", "B"]))
"##,
    );
    // By hand (Winning Ways ch. 2, Berlekamp's rule for a stalk): blue, red, red, blue is
    // 1 - 1/2 - 1/4 + 1/8.
    assert_eq!(out.lines().last(), Some("3/8"));
}

#[test]
fn a_rule_that_counts_its_calls_in_a_global_stays_on_one_thread() {
    // The rule assigns a global: on helpers the count would go to their own copies and the
    // asking thread would find positions valued by them, so the count would fall. Refused to
    // helpers, the count is the single thread's on any number of threads.
    let out = same_on_any_number_of_threads(
        r##"
let calls = 0
def counted(g, d)
    calls = calls + 1
    place_pairs(g, ".", d, "#")
end
ruleset Counted {
    left g = counted(g, (1, 0))
    right g = counted(g, (0, 1))
}
Counted(grid(".....|.....|.....|....."))
calls
Counted(grid(".....|.....|.....|.....")) == domineering(".....|.....|.....|.....")
"##,
    );
    assert_eq!(out.lines().last(), Some("true"));
}

#[test]
fn print_in_a_rule_prints_as_on_one_thread() {
    // A rule prints when it meets one position, late in the search: run on helpers, the
    // asking thread would find it valued and never print (a helper shows nothing).
    let out = same_on_any_number_of_threads(
        r##"
let E = grid(".....|.....|....#|....#")
def shown(g, d)
    if g == E
        print("reached", g)
    end
    place_pairs(g, ".", d, "#")
end
ruleset Shown {
    left g = shown(g, (1, 0))
    right g = shown(g, (0, 1))
}
Shown(grid(".....|.....|.....|....."))
"##,
    );
    assert!(out.starts_with("reached"), "{out}");
}

#[test]
fn an_error_in_a_rule_on_a_helper_is_reported_as_on_one_thread() {
    // The rule fails on Left's last move from the start, which the asking thread reaches
    // after most of the game and a helper (starting halfway round the options) much sooner:
    // the helper drops its root, the asking thread meets the error itself, with the same
    // report (span and call chain) as on one thread.
    let script = r##"
let E = grid(".....|.....|....#|....#")
def faulty(g, d)
    if g == E
        error("this position is not allowed:", g)
    end
    place_pairs(g, ".", d, "#")
end
ruleset Faulty {
    left g = faulty(g, (1, 0))
    right g = faulty(g, (0, 1))
}
"before"
Faulty(grid(".....|.....|.....|....."))
"after"
"##;
    let (status, out, errors) = run_to_end(1, script);
    assert!(!status.success());
    assert_eq!(out.trim(), "\"before\"");
    assert!(errors.contains("this position is not allowed"), "{errors}");
    for threads in [2, 3] {
        let (several_status, several_out, several_errors) = run_to_end(threads, script);
        assert_eq!(several_status.code(), status.code(), "{threads} threads");
        assert_eq!(several_out, out, "{threads} threads");
        assert_eq!(several_errors, errors, "{threads} threads");
    }
}

#[test]
fn ctrl_c_stops_helpers_running_rules_written_as_functions() {
    ctrl_c_stops(b"clobber(\"xoxoxo|oxoxox|xoxoxo|oxoxox\")");
}

#[test]
fn ctrl_c_stops_a_computation_with_helpers() {
    ctrl_c_stops(
        b"canonical_form(Domineering(grid(\"......|......|......|......|......|......|......\")))",
    );
}

#[test]
fn ctrl_c_stops_a_list_shared_out_among_threads() {
    // The 4 x 5 board (over 2000 positions, so that the list's helpers start after it), then
    // the 6 x 6 boards with one cell taken: far more than 1.5 s of work, in chunks of one.
    ctrl_c_stops(b"let B = grid(\"......|......|......|......|......|......\"); values(Domineering, [grid(\".....|.....|.....|.....\")] + [fill(B, [c], \"#\") for c in cells(B, \".\")])");
}

#[test]
fn ctrl_c_stops_a_function_mapped_on_every_core() {
    // Every subset of the 4 x 5 board, studied: several seconds of work.
    ctrl_c_stops(b"let e = grid(\".....|.....|.....|.....\"); let o = cells(e, \".\"); let b = [pow(2, k) for k in 0..20]; len(map(m -> temperature(Domineering(fill(e, [o[k] for k in 0..20 if (m // b[k]) % 2 == 0], \"#\"))), 0..pow(2, 20)))");
}

/// Starts `cg` on two threads, has it compute `work` (one line) and interrupts it once helpers
/// have started: it must stop, as Ctrl-C stops it.
fn ctrl_c_stops(work: &[u8]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cg"))
        .env("CG_THREADS", "2")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cg starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(&[b"1 + 1\n", work, b"\n\"after\"\n"].concat())
        .unwrap();
    drop(stdin);
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first.trim(), "2");
    // Long enough for the helpers to start (2000 positions take well under a second).
    std::thread::sleep(Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let Some(status) = wait_within(&mut child, Duration::from_secs(20)) else {
        panic!("cg did not stop after Ctrl-C");
    };
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    assert_eq!(status.code(), Some(130), "stderr: {errors}");
    assert!(errors.contains("interrupted"), "stderr: {errors}");
}
