//! `:play` in a terminal, driven through tmux as a person would: cg takes Left in a sum that
//! Left wins whoever starts (outcome L), the "person" moves first and answers with random
//! moves, and cg must win every game. Mistakes on purpose along the way. Skipped (with a
//! message) on a machine without tmux.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The whole session so far, scrolled-off lines included.
fn history(session: &str) -> String {
    tmux(&["capture-pane", "-t", session, "-p", "-J", "-S", "-100000"])
}

fn send(session: &str, keys: &str) {
    tmux(&["send-keys", "-t", session, "-l", keys]);
    tmux(&["send-keys", "-t", session, "Enter"]);
}

/// Waits until `text` occurs `count` times in the history.
fn wait_for_count(session: &str, text: &str, count: usize) -> String {
    let start = Instant::now();
    loop {
        let screen = history(session);
        if screen.matches(text).count() >= count {
            return screen;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "never saw {text:?} {count} times; the screen:\n{screen}"
        );
        sleep(Duration::from_millis(40));
    }
}

/// A small pseudo-random generator (xorshift), seeded from the clock so that every run plays
/// other games.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The number of moves in the last list `your moves (...)` on the screen.
fn listed_moves(screen: &str) -> usize {
    let list = &screen[screen.rfind("your moves (").expect("a list of moves")..];
    list.lines()
        .skip(1)
        .take_while(|l| !l.starts_with("your move>"))
        .filter(|l| {
            l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .count()
}

#[test]
fn cg_wins_a_won_game_against_random_moves_every_time() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("tmux is not installed: skipping the terminal play test");
        return;
    }
    let session = format!("cg-play-{}", std::process::id());
    let home = std::env::temp_dir().join(&session);
    std::fs::create_dir_all(&home).expect("a temporary home");
    let command = format!(
        "HOME={} NO_COLOR=1 {}",
        home.display(),
        env!("CARGO_BIN_EXE_cg")
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "120",
        "-y",
        "50",
        &command,
    ]);
    wait_for_count(&session, "cg>", 1);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
        | 1;
    let mut random = Random(seed);
    // {4*2|2*2||+-(1*2)}: Left wins whoever starts (its outcome is L).
    let sum = r#"position(Domineering, grid("...|...|...")) + {2|-1} + position(Nim, 2) + 1"#;
    send(&session, &format!("outcome({sum})"));
    wait_for_count(&session, "\nL\n", 1);
    let games = 4;
    for game in 1..=games {
        send(&session, &format!(":play {sum}"));
        wait_for_count(&session, "side> ", game);
        if game == 1 {
            send(&session, "up");
            wait_for_count(&session, "is not a side", 1);
        }
        send(&session, "r");
        wait_for_count(&session, "first> ", game);
        // Counted before answering, so that the first prompt of this game is a new one.
        let mut prompts = history(&session).matches("your move> ").count();
        send(&session, "y");
        let mut mistaken = game > 1;
        loop {
            let screen = wait_for_either(&session, "your move> ", prompts + 1, "wins.", game);
            if screen.matches("wins.").count() >= game {
                let last = &screen[screen.rfind("has no move").expect("an ending")..];
                assert!(
                    last.starts_with("has no move: Left (cg) wins."),
                    "seed {seed}: cg lost:\n{screen}"
                );
                break;
            }
            prompts += 1;
            let n = listed_moves(&screen);
            assert!(n > 0, "{screen}");
            if !mistaken {
                // A move that does not exist is refused, and asked for again.
                send(&session, &format!("{}", n + 1));
                wait_for_count(&session, "your move> ", prompts + 1);
                assert!(history(&session).contains("there is no move"));
                prompts += 1;
                mistaken = true;
            }
            send(&session, &format!("{}", random.below(n) + 1));
        }
    }
    // The session goes on.
    send(&session, "1 + 1");
    wait_for_count(&session, "\n2\n", 1);
    send(&session, ":quit");
    tmux(&["kill-session", "-t", &session]);
}

/// Waits until `a` occurs `a_count` times or `b` occurs `b_count` times.
fn wait_for_either(session: &str, a: &str, a_count: usize, b: &str, b_count: usize) -> String {
    let start = Instant::now();
    loop {
        let screen = history(session);
        if screen.matches(a).count() >= a_count || screen.matches(b).count() >= b_count {
            return screen;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "never saw {a:?} or {b:?}; the screen:\n{screen}"
        );
        sleep(Duration::from_millis(40));
    }
}
