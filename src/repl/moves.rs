//! Moves as a person reads and types them: a move on a board is named by the cells it changes
//! (`a1 a2` for a domino, `d2` for a token's new cell), any other move by the component and
//! what it becomes; a move is chosen by its number in the list, or on a board by its cells.

use crate::eval::position::{cell_name, changed_cells, parse_cell, Move, Part, Position};
use crate::eval::Value;

/// How a move reads: `a1 a2` on a board, `Nim: 3 -> 1`, `{1|-1} -> 1`; in a sum of several
/// components, prefixed by the component's number.
pub fn describe(position: &Position, m: &Move) -> String {
    let part = &position.parts[m.part];
    let what = match (part.grid(), m.replacement.as_slice()) {
        (Some(before), [after]) if after.grid().is_some() => {
            let cells = changed_cells(before, after.grid().expect("a board"));
            let names: Vec<String> = cells.into_iter().map(cell_name).collect();
            names.join(" ")
        }
        _ => format!(
            "{} -> {}",
            component_text(part),
            replacement_text(&m.replacement)
        ),
    };
    if position.parts.len() > 1 {
        format!("[{}] {what}", m.part + 1)
    } else {
        what
    }
}

/// A component as it reads in a move: `Nim: 3`, `-Kayles: 5`, or a game's value.
fn component_text(part: &Part) -> String {
    match part {
        Part::Ruleset { state, .. } => format!("{}: {}", part.title(), state_text(state)),
        Part::Game(g) => Value::from_game(*g).to_string(),
    }
}

fn state_text(state: &Value) -> String {
    match state {
        Value::Grid(g) => format!("{:?}", g.to_string()),
        other => other.to_string(),
    }
}

fn replacement_text(parts: &[Part]) -> String {
    if parts.is_empty() {
        return "0".to_string();
    }
    let texts: Vec<String> = parts
        .iter()
        .map(|p| match p {
            Part::Ruleset { state, .. } => state_text(state),
            Part::Game(g) => Value::from_game(*g).to_string(),
        })
        .collect();
    texts.join(" + ")
}

/// What a typed move chose.
pub enum Choice {
    /// The index of the move in the list.
    Move(usize),
    /// Why the text chose no move, to show the person.
    Invalid(String),
}

/// The move `text` names among `moves` of `position`: its number (from 1), or cells on a
/// board (`a1 a2`, `a1-a2`, `2: d2` for component 2), which every cell the move changes must
/// include.
pub fn choose(position: &Position, moves: &[Move], text: &str) -> Choice {
    let text = text.trim();
    if text.starts_with(':') {
        return Choice::Invalid(format!("`{text}` cannot be used here (`:q` leaves first)"));
    }
    if let Ok(n) = text.parse::<usize>() {
        return if (1..=moves.len()).contains(&n) {
            Choice::Move(n - 1)
        } else if moves.is_empty() {
            Choice::Invalid("there is no move to make".to_string())
        } else {
            Choice::Invalid(format!(
                "there is no move {n}: the moves are 1 to {}",
                moves.len()
            ))
        };
    }
    let (component, cells_text) = match text.split_once(':') {
        Some((c, rest)) => match c.trim().parse::<usize>() {
            Ok(c) if (1..=position.parts.len()).contains(&c) => (Some(c - 1), rest),
            _ => return Choice::Invalid(format!("there is no component {}", c.trim())),
        },
        None => (None, text),
    };
    let Some(cells) = cell_names(cells_text) else {
        return Choice::Invalid(format!(
            "`{text}` is not a move: type its number, or on a board the cells it changes (a1 a2)"
        ));
    };
    let matching: Vec<usize> = moves
        .iter()
        .enumerate()
        .filter(|(_, m)| component.is_none_or(|c| m.part == c))
        .filter(|(_, m)| {
            let before = position.parts[m.part].grid();
            let after = match m.replacement.as_slice() {
                [p] => p.grid(),
                _ => None,
            };
            match (before, after) {
                (Some(b), Some(a)) => {
                    let changed = changed_cells(b, a);
                    cells.iter().all(|c| changed.contains(c))
                }
                _ => false,
            }
        })
        .map(|(i, _)| i)
        .collect();
    match matching.as_slice() {
        [i] => Choice::Move(*i),
        [] => Choice::Invalid(format!("no move changes the cells {cells_text}")),
        several => {
            let numbers: Vec<String> = several.iter().map(|i| (i + 1).to_string()).collect();
            Choice::Invalid(format!(
                "the cells {} fit several moves ({}): name more cells or type a number",
                cells_text.trim(),
                numbers.join(", ")
            ))
        }
    }
}

/// The cells named in text such as `a1 a2`, `a1-a2` or `a1a2`; `None` unless the text is
/// nothing but cell names.
fn cell_names(text: &str) -> Option<Vec<(usize, usize)>> {
    let mut cells = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == '-' || c == ',' {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_alphabetic() {
            i += 1;
        }
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let name: String = chars[start..i].iter().collect();
        if name.is_empty() {
            return None;
        }
        cells.push(parse_cell(&name)?);
    }
    (!cells.is_empty()).then_some(cells)
}
