//! `:explore G`: walking the game tree of a position, a sum of positions or a game value. At
//! each step the position is drawn with its value, and its Left and Right moves are listed,
//! numbered, with the value after each and a mark on those that win for the mover; a number
//! moves there, `..` goes back, `:q` leaves.

use crate::core::Side;
use crate::eval::interp::print_line;
use crate::eval::position::{Move, Part, Position};
use crate::eval::strategy::RankedMove;
use crate::eval::{Mode, Value};

use super::input::LineSource;
use super::moves::{choose, describe, Choice};
use super::Session;

const HELP: &str =
    "a number (or the cells of a board move) moves there, `..` goes back, `:q` leaves";

pub fn explore(session: &mut Session, text: &str, colour: bool, lines: &mut dyn LineSource) {
    if text.is_empty() {
        eprintln!("usage: :explore G, for a position, a sum of positions or a game");
        return;
    }
    let Some(value) = session.evaluate(text, "<explore>", Mode::LastValue, colour) else {
        return;
    };
    let Some(start) = Position::from_value(&value) else {
        eprintln!(
            "cannot explore {}: :explore takes a position (position(R, p)), a sum of them, or a game",
            value.kind()
        );
        return;
    };
    print_line(&format!("exploring; {HELP}"));
    let mut path: Vec<Position> = vec![start];
    loop {
        let here = path.last().expect("the path is never empty").clone();
        let Some(listed) = show(session, &here, path.len() - 1, colour) else {
            // The position could not be valued; go back where it could.
            if path.len() > 1 {
                path.pop();
                continue;
            }
            return;
        };
        let Some(line) = read_choice(lines, &here, &listed, &mut path) else {
            return;
        };
        if let Some(next) = line {
            path.push(next);
        }
    }
}

/// Reads until the person chooses: `Some(Some(p))` to move to p, `Some(None)` after going
/// back, `None` to leave.
fn read_choice(
    lines: &mut dyn LineSource,
    here: &Position,
    listed: &[Move],
    path: &mut Vec<Position>,
) -> Option<Option<Position>> {
    loop {
        let line = lines.read_line("explore> ")?;
        let line = line.trim();
        match line {
            ":q" | "q" | ":quit" | "quit" => return None,
            ".." | "back" => {
                if path.len() > 1 {
                    path.pop();
                    return Some(None);
                }
                eprintln!("this is where the exploration started; `:q` leaves");
            }
            "" => return Some(None),
            "?" | "help" | ":help" => print_line(HELP),
            _ => match choose(here, listed, line) {
                Choice::Move(i) => return Some(Some(listed[i].after.clone())),
                Choice::Invalid(why) => eprintln!("{why}; {HELP}"),
            },
        }
    }
}

/// Draws the position and lists its moves, numbered Left's first; returns the moves in the
/// order of their numbers, or `None` (after reporting why) when they cannot be valued.
fn show(session: &mut Session, here: &Position, depth: usize, colour: bool) -> Option<Vec<Move>> {
    let span = crate::syntax::ast::Span::default();
    let interp = &mut session.interpreter;
    let value = match crate::core::catch_interrupt(|| interp.value_of_position(here, &span)) {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => {
            eprintln!("cannot value this position: {}", e.message);
            return None;
        }
        Err(_) => {
            session.interpreter.recover();
            eprintln!("interrupted");
            return None;
        }
    };
    print_line("");
    for line in here.draw() {
        print_line(&line);
    }
    print_line(&format!("value {value}{}", depth_note(depth)));
    let mut listed = Vec::new();
    for side in [Side::Left, Side::Right] {
        let interp = &mut session.interpreter;
        let moves = match crate::core::catch_interrupt(|| valued_or_plain(interp, here, side)) {
            Ok(Ok(m)) => m,
            Ok(Err(e)) => {
                eprintln!("cannot list the moves: {}", e.message);
                return None;
            }
            Err(_) => {
                session.interpreter.recover();
                eprintln!("interrupted");
                return None;
            }
        };
        let name = if side == Side::Left { "Left" } else { "Right" };
        if moves.is_empty() {
            print_line(&format!("{name} has no move"));
            continue;
        }
        print_line(&format!("{name} moves:"));
        let width = moves
            .iter()
            .map(|(m, _)| describe(here, m).chars().count())
            .max()
            .unwrap_or(0);
        // A lone game's move already reads `G -> H`: its value after would say H again.
        let lone_game = matches!(here.parts.as_slice(), [Part::Game(_)]);
        for (m, valued) in moves {
            let number = listed.len() + 1;
            let text = describe(here, &m);
            let line = match &valued {
                Some(v) if lone_game => {
                    let mark = if v.wins { "  wins" } else { "" };
                    format!("{number:>4}. {text:<width$}{mark}")
                }
                Some(v) => {
                    let mark = if v.wins { "  wins" } else { "" };
                    format!(
                        "{number:>4}. {text:<width$}  -> {}{mark}",
                        Value::from_game(v.value_after)
                    )
                }
                None => format!("{number:>4}. {text}"),
            };
            let wins = valued.as_ref().is_some_and(|v| v.wins);
            print_line(&paint(&line, wins && colour));
            listed.push(m);
        }
    }
    Some(listed)
}

/// The moves with the value after each when the position is a short game; without values
/// (a loopy ruleset's position) otherwise.
fn valued_or_plain(
    interp: &mut crate::eval::Interpreter,
    here: &Position,
    side: Side,
) -> crate::eval::EvalResult<Vec<(Move, Option<RankedMove>)>> {
    let span = crate::syntax::ast::Span::default();
    match interp.valued_moves(here, side, &span) {
        Ok((_, moves)) => Ok(moves
            .into_iter()
            .map(|m| (m.the_move.clone(), Some(m)))
            .collect()),
        Err(_) => Ok(interp
            .moves_of(here, side, &span)?
            .into_iter()
            .map(|m| (m, None))
            .collect()),
    }
}

fn depth_note(depth: usize) -> String {
    match depth {
        0 => String::new(),
        1 => "  (1 move in; `..` goes back)".to_string(),
        n => format!("  ({n} moves in; `..` goes back)"),
    }
}

/// A winning move in green, where the terminal shows colour.
fn paint(line: &str, green: bool) -> String {
    if green {
        format!("\x1b[32m{line}\x1b[0m")
    } else {
        line.to_string()
    }
}
