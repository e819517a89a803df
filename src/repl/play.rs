//! `:play S`: a game against cg. The person chooses a side and who starts, then types moves
//! (a number from the list, or on a board the cells the move changes); cg answers with a
//! winning move whenever it has one, else with the move Thermostrat ranks first, and says who
//! won when the player to move has none. `:play S auto` lets cg play both sides, Left first.

use crate::core::Side;
use crate::eval::interp::print_line;
use crate::eval::position::Position;
use crate::eval::strategy::{RankedMove, Strategy};
use crate::eval::{Mode, Value};

use super::input::LineSource;
use super::moves::{choose, describe, Choice};
use super::Session;

/// Who plays a side.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Player {
    Person,
    Cg,
}

pub fn play(session: &mut Session, text: &str, colour: bool, lines: &mut dyn LineSource) {
    let (expr, auto) = match text.strip_suffix("auto") {
        Some(rest) if rest.ends_with(char::is_whitespace) => (rest.trim(), true),
        _ => (text, false),
    };
    if expr.is_empty() {
        eprintln!("usage: :play S (you against cg), or :play S auto (cg against itself)");
        return;
    }
    let Some(value) = session.evaluate(expr, "<play>", Mode::LastValue, colour) else {
        return;
    };
    let Some(start) = Position::from_value(&value) else {
        eprintln!(
            "cannot play {}: :play takes a position (position(R, p)), a sum of them, or a game",
            value.kind()
        );
        return;
    };
    let (players, first) = if auto {
        print_line("cg plays both sides; Left moves first");
        ([Player::Cg, Player::Cg], Side::Left)
    } else {
        let Some(side) = ask_side(lines) else { return };
        let Some(person_first) = ask_first(lines) else {
            return;
        };
        let players = match side {
            Side::Left => [Player::Person, Player::Cg],
            Side::Right => [Player::Cg, Player::Person],
        };
        let first = if person_first { side } else { other(side) };
        (players, first)
    };
    game(session, start, players, first, colour, lines);
}

fn game(
    session: &mut Session,
    start: Position,
    players: [Player; 2],
    first: Side,
    colour: bool,
    lines: &mut dyn LineSource,
) {
    let span = crate::syntax::ast::Span::default();
    let mut here = start;
    let mut mover = first;
    loop {
        print_line("");
        for line in here.draw() {
            print_line(&line);
        }
        let interp = &mut session.interpreter;
        let ranked = crate::core::catch_interrupt(|| {
            let value = interp.sum_value(&here, &span)?;
            let moves = interp.best_moves(&here, mover, Strategy::Thermostrat, &span)?;
            Ok::<_, crate::eval::EvalError>((value, moves))
        });
        let (value, mut moves) = match ranked {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => {
                eprintln!("cannot play this position: {}", e.message);
                return;
            }
            Err(_) => {
                session.interpreter.recover();
                eprintln!("interrupted; the game is over");
                return;
            }
        };
        print_line(&format!("value {}", Value::from_game(value)));
        let who = player_name(players, mover);
        if moves.is_empty() {
            let winner = other(mover);
            print_line(&format!(
                "{} ({who}) has no move: {} ({}) wins.",
                side_name(mover),
                side_name(winner),
                player_name(players, winner)
            ));
            return;
        }
        let chosen = match players[index(mover)] {
            Player::Cg => {
                let best = moves.swap_remove(0);
                let why = if best.wins {
                    "a winning move"
                } else {
                    "no move wins; Thermostrat's choice"
                };
                print_line(&format!(
                    "cg ({}) plays {}  ({why})",
                    side_name(mover),
                    describe(&here, &best.the_move)
                ));
                best
            }
            Player::Person => {
                // The list in the rules' order, not cg's ranking, which would give it away.
                moves.sort_by_key(|m| (m.the_move.part, m.the_move.option));
                match ask_move(&here, &moves, mover, lines, colour) {
                    Some(i) => moves.swap_remove(i),
                    None => {
                        print_line("you leave the game");
                        return;
                    }
                }
            }
        };
        here = chosen.the_move.after;
        mover = other(mover);
    }
}

/// Lists the person's moves and reads one; `None` when the person leaves.
fn ask_move(
    here: &Position,
    moves: &[RankedMove],
    side: Side,
    lines: &mut dyn LineSource,
    colour: bool,
) -> Option<usize> {
    let _ = colour;
    print_line(&format!("your moves ({}):", side_name(side)));
    let plain: Vec<_> = moves.iter().map(|m| m.the_move.clone()).collect();
    for (i, m) in plain.iter().enumerate() {
        print_line(&format!("{:>4}. {}", i + 1, describe(here, m)));
    }
    loop {
        let line = lines.read_line("your move> ")?;
        let line = line.trim();
        match line {
            ":q" | "q" | ":quit" | "quit" | "resign" => return None,
            "?" | "hint" => {
                let best = moves
                    .iter()
                    .enumerate()
                    .max_by(|(_, a), (_, b)| a.wins.cmp(&b.wins).then(a.score.cmp(&b.score)));
                if let Some((i, m)) = best {
                    let verdict = if m.wins { "it wins" } else { "no move wins" };
                    print_line(&format!(
                        "hint: {}. {} ({verdict})",
                        i + 1,
                        describe(here, &m.the_move)
                    ));
                }
            }
            "" => {}
            _ => match choose(here, &plain, line) {
                Choice::Move(i) => return Some(i),
                Choice::Invalid(why) => eprintln!(
                    "{why}; type a number from 1 to {}, `?` for a hint or `:q` to leave",
                    plain.len()
                ),
            },
        }
    }
}

fn ask_side(lines: &mut dyn LineSource) -> Option<Side> {
    print_line("Which side do you play, Left or Right? (l/r)");
    loop {
        let line = lines.read_line("side> ")?;
        match line.trim().to_ascii_lowercase().as_str() {
            "l" | "left" => return Some(Side::Left),
            "r" | "right" => return Some(Side::Right),
            ":q" | "q" => return None,
            other => eprintln!("`{other}` is not a side: type l (Left) or r (Right)"),
        }
    }
}

fn ask_first(lines: &mut dyn LineSource) -> Option<bool> {
    print_line("Do you move first? (y/n)");
    loop {
        let line = lines.read_line("first> ")?;
        match line.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => return Some(true),
            "n" | "no" => return Some(false),
            ":q" | "q" => return None,
            other => eprintln!("`{other}`: type y (you move first) or n (cg moves first)"),
        }
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

fn index(side: Side) -> usize {
    match side {
        Side::Left => 0,
        Side::Right => 1,
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "Left",
        Side::Right => "Right",
    }
}

fn player_name(players: [Player; 2], side: Side) -> &'static str {
    match players[index(side)] {
        Player::Person => "you",
        Player::Cg => "cg",
    }
}
