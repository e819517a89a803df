//! `:play` in a terminal, driven through tmux as a person would: cg takes Left in a sum that
//! Left wins whoever starts (outcome L), the "person" moves first and answers with random
//! moves, and cg must win every game. Mistakes on purpose along the way. Skipped (with a
//! message) on a machine without tmux.

#[path = "common/terminal.rs"]
mod terminal;

use terminal::{Scope, Terminal};

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
    let Some(cg) = Terminal::start("play", 120, 50, Scope::History) else {
        return;
    };
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
        | 1;
    let mut random = Random(seed);
    // {4*2|2*2||+-(1*2)}: Left wins whoever starts (its outcome is L).
    let sum = r#"position(Domineering, grid("...|...|...")) + {2|-1} + position(Nim, 2) + 1"#;
    cg.send(&format!("outcome({sum})"));
    cg.wait_for_count("\nL\n", 1);
    let games = 4;
    for game in 1..=games {
        cg.send(&format!(":play {sum}"));
        cg.wait_for_count("side> ", game);
        if game == 1 {
            cg.send("up");
            cg.wait_for_count("is not a side", 1);
        }
        cg.send("r");
        cg.wait_for_count("first> ", game);
        // Counted before answering, so that the first prompt of this game is a new one.
        let mut prompts = cg.read().matches("your move> ").count();
        cg.send("y");
        let mut mistaken = game > 1;
        loop {
            let screen = wait_for_either(&cg, "your move> ", prompts + 1, "wins.", game);
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
                cg.send(&format!("{}", n + 1));
                cg.wait_for_count("your move> ", prompts + 1);
                assert!(cg.read().contains("there is no move"));
                prompts += 1;
                mistaken = true;
            }
            cg.send(&format!("{}", random.below(n) + 1));
        }
    }
    // The session goes on.
    cg.send("1 + 1");
    cg.wait_for_count("\n2\n", 1);
    cg.send(":quit");
}

/// Waits until `a` occurs `a_count` times or `b` occurs `b_count` times.
fn wait_for_either(cg: &Terminal, a: &str, a_count: usize, b: &str, b_count: usize) -> String {
    cg.wait_until(&format!("{a:?} or {b:?}"), |shown| {
        shown.matches(a).count() >= a_count || shown.matches(b).count() >= b_count
    })
}
