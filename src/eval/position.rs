//! Positions as values: a position of a ruleset that keeps its ruleset, so that one can look at
//! it, list its moves and play them, and a disjunctive sum of such positions and game values
//! that keeps its components (a move in a sum is a move in one component).
//!
//! A position never computes its value itself: it asks the ruleset's table
//! (`Interpreter::position_value`), so valuing a position, its options and the sums they make
//! fills and reads the same memo as `R(p)` does.

use std::fmt;
use std::rc::Rc;

use crate::board::Grid;
use crate::core::{Game, Side};
use crate::syntax::ast::Span;

use super::error::{EvalError, EvalResult};
use super::interp::Interpreter;
use super::ruleset::{collection, RulesetInstance};
use super::value::Value;

/// A disjunctive sum of components; a single position is a sum of one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub parts: Vec<Part>,
}

/// One component of a sum.
#[derive(Clone, Debug)]
pub enum Part {
    /// A position of a ruleset; `negated` exchanges the roles of Left and Right (the
    /// negative -G of the position G).
    Ruleset {
        ruleset: Rc<RulesetInstance>,
        state: Value,
        negated: bool,
    },
    /// A game value, played on its canonical form.
    Game(Game),
}

impl PartialEq for Part {
    fn eq(&self, other: &Part) -> bool {
        match (self, other) {
            (
                Part::Ruleset {
                    ruleset: a,
                    state: s,
                    negated: n,
                },
                Part::Ruleset {
                    ruleset: b,
                    state: t,
                    negated: m,
                },
            ) => Rc::ptr_eq(a, b) && s == t && n == m,
            (Part::Game(g), Part::Game(h)) => g == h,
            _ => false,
        }
    }
}

impl Eq for Part {}

impl std::hash::Hash for Part {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            Part::Ruleset {
                ruleset,
                state: s,
                negated,
            } => {
                (Rc::as_ptr(ruleset) as usize).hash(state);
                s.hash(state);
                negated.hash(state);
            }
            Part::Game(g) => g.hash(state),
        }
    }
}

/// A move in a sum: the component it is made in, which of that component's options (in the
/// order the rule lists them, from 0), and the sum after it.
#[derive(Clone, Debug)]
pub struct Move {
    pub part: usize,
    pub option: usize,
    /// The component's option: a position, or several when the rule gives a `sum`.
    pub replacement: Vec<Part>,
    pub after: Position,
}

impl Part {
    /// The negative of this component.
    pub fn negated(&self) -> Part {
        match self {
            Part::Ruleset {
                ruleset,
                state,
                negated,
            } => Part::Ruleset {
                ruleset: ruleset.clone(),
                state: state.clone(),
                negated: !negated,
            },
            Part::Game(g) => Part::Game(-*g),
        }
    }

    /// Whether both players have the same moves here.
    pub fn is_impartial(&self) -> bool {
        match self {
            Part::Ruleset { ruleset, .. } => ruleset.def.impartial,
            Part::Game(g) => g.is_nimber(),
        }
    }

    /// The board of this component, when it is played on a grid.
    pub fn grid(&self) -> Option<&Grid> {
        match self {
            Part::Ruleset {
                state: Value::Grid(g),
                ..
            } => Some(g),
            _ => None,
        }
    }

    /// The name to show above the component: its ruleset, or "game".
    pub fn title(&self) -> String {
        match self {
            Part::Ruleset {
                ruleset, negated, ..
            } => format!("{}{}", if *negated { "-" } else { "" }, ruleset.describe()),
            Part::Game(_) => "game".to_string(),
        }
    }
}

impl Position {
    pub fn single(part: Part) -> Position {
        Position { parts: vec![part] }
    }

    /// The position a value stands for: a position is itself, a game (or dyadic number) is
    /// played on its canonical form.
    pub fn from_value(v: &Value) -> Option<Position> {
        match v {
            Value::Position(p) => Some(p.as_ref().clone()),
            other => other.to_game().map(|g| Position::single(Part::Game(g))),
        }
    }

    /// The negative: every component negated.
    pub fn negated(&self) -> Position {
        Position {
            parts: self.parts.iter().map(Part::negated).collect(),
        }
    }

    /// The sum of two positions: the components of both.
    pub fn plus(&self, other: &Position) -> Position {
        let mut parts = self.parts.clone();
        parts.extend(other.parts.iter().cloned());
        Position { parts }
    }

    /// Whether every component is impartial (the sum is then valued by nim-values).
    pub fn is_impartial(&self) -> bool {
        self.parts.iter().all(Part::is_impartial)
    }

    /// The picture shown under an echoed position that has a board (none otherwise: the
    /// printed form says all).
    pub fn board_picture(&self) -> Vec<String> {
        if self.parts.iter().any(|p| p.grid().is_some()) {
            self.draw()
        } else {
            Vec::new()
        }
    }

    /// The picture of the position, one string per line: boards drawn as boards with their
    /// coordinates (columns a, b, ..., rows 1, 2, ... from the top), other components as they
    /// print, side by side with `+` between them.
    pub fn draw(&self) -> Vec<String> {
        if self.parts.is_empty() {
            return vec!["0".to_string()];
        }
        let blocks: Vec<Vec<String>> = self.parts.iter().map(draw_part).collect();
        let height = blocks.iter().map(Vec::len).max().unwrap_or(1);
        let widths: Vec<usize> = blocks
            .iter()
            .map(|b| b.iter().map(|l| l.chars().count()).max().unwrap_or(0))
            .collect();
        let middle = 0;
        (0..height)
            .map(|row| {
                let mut line = String::new();
                for (i, block) in blocks.iter().enumerate() {
                    if i > 0 {
                        line.push_str(if row == middle { "  +  " } else { "     " });
                    }
                    let text = block.get(row).map_or("", String::as_str);
                    line.push_str(text);
                    let pad = widths[i] - text.chars().count();
                    line.extend(std::iter::repeat_n(' ', pad));
                }
                line.trim_end().to_string()
            })
            .collect()
    }
}

/// The lines of one component: a title line, then the board, or the position as it prints.
fn draw_part(part: &Part) -> Vec<String> {
    match (part, part.grid()) {
        (Part::Ruleset { .. }, Some(g)) => {
            let mut lines = vec![part.title()];
            lines.extend(draw_grid(g));
            lines
        }
        (Part::Ruleset { state, .. }, None) => vec![part.title(), format!("{state}")],
        (Part::Game(g), _) => vec![Value::from_game(*g).to_string()],
    }
}

/// A board with column letters above and row numbers beside it.
pub fn draw_grid(g: &Grid) -> Vec<String> {
    let rows = g.height();
    let label_width = rows.to_string().len();
    let mut header = " ".repeat(label_width + 1);
    for c in 0..g.width() {
        header.push_str(&column_name(c));
        header.push(' ');
    }
    let mut lines = vec![header.trim_end().to_string()];
    for r in 0..rows {
        let cells: Vec<String> = g.row(r).chars().map(|c| c.to_string()).collect();
        lines.push(format!("{:>label_width$} {}", r + 1, cells.join(" ")));
    }
    lines
}

/// Column c's name: a ... z, then aa, ab, ...
pub fn column_name(c: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    if c < 26 {
        (letters[c] as char).to_string()
    } else {
        format!("{}{}", column_name(c / 26 - 1), letters[c % 26] as char)
    }
}

/// A cell's name, as `draw_grid` labels it: `b3` is row 3 (from the top), column b.
pub fn cell_name((r, c): (usize, usize)) -> String {
    format!("{}{}", column_name(c), r + 1)
}

/// The cell a name such as `b3` denotes (0-based row, column).
pub fn parse_cell(name: &str) -> Option<(usize, usize)> {
    let name = name.trim().to_ascii_lowercase();
    let split = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = name.split_at(split);
    if letters.is_empty() || !letters.chars().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    let mut column = 0usize;
    for b in letters.bytes() {
        column = column
            .checked_mul(26)?
            .checked_add(usize::from(b - b'a') + 1)?;
    }
    let row: usize = digits.parse().ok()?;
    Some((row.checked_sub(1)?, column - 1))
}

/// The cells where two boards of one shape differ: what a move on a board changed.
pub fn changed_cells(before: &Grid, after: &Grid) -> Vec<(usize, usize)> {
    if before.height() != after.height() || before.width() != after.width() {
        return Vec::new();
    }
    let (a, b) = (before.cells(), after.cells());
    (0..a.len())
        .filter(|&i| a[i] != b[i])
        .map(|i| before.coord(i))
        .collect()
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Ruleset {
                ruleset,
                state,
                negated,
            } => {
                let sign = if *negated { "-" } else { "" };
                write!(f, "{sign}position({},{state})", ruleset.describe())
            }
            Part::Game(g) => write!(f, "{}", Value::from_game(*g)),
        }
    }
}

impl fmt::Display for Position {
    /// As it can be typed back: `position(Domineering,grid("..|..")) + *3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.parts.is_empty() {
            return f.write_str("0");
        }
        for (i, part) in self.parts.iter().enumerate() {
            let text = part.to_string();
            match (i, text.strip_prefix('-')) {
                (0, _) => f.write_str(&text)?,
                (_, Some(rest)) => write!(f, " - {rest}")?,
                (_, None) => write!(f, " + {text}")?,
            }
        }
        Ok(())
    }
}

/// `+` and `-` when an operand is a position: the sum keeps its components. `None` when
/// neither operand is a position.
pub fn add_or_subtract(
    subtract: bool,
    (a, sa): (&Value, &Span),
    (b, sb): (&Value, &Span),
) -> Option<EvalResult<Value>> {
    if !matches!(a, Value::Position(_)) && !matches!(b, Value::Position(_)) {
        return None;
    }
    let operand = |v: &Value, s: &Span| {
        Position::from_value(v).ok_or_else(|| {
            EvalError::new(format!("cannot add {} to a position", v.kind()), s.clone())
                .with_help("a sum of positions takes positions and games (`p + q + *3`)")
        })
    };
    Some((|| {
        let p = operand(a, sa)?;
        let q = operand(b, sb)?;
        let q = if subtract { q.negated() } else { q };
        Ok(Value::Position(Rc::new(p.plus(&q))))
    })())
}

impl Interpreter {
    /// The value of a component: from its ruleset's table (a short game), negated if it is.
    pub fn part_value(&mut self, part: &Part, span: &Span) -> EvalResult<Game> {
        match part {
            Part::Game(g) => Ok(*g),
            Part::Ruleset {
                ruleset,
                state,
                negated,
            } => {
                let v = self.position_value(ruleset, state.clone(), span)?;
                let g = v.to_game().ok_or_else(|| {
                    EvalError::new(
                        format!(
                            "the position {state} of `{}` has the value {v}, which is not a short game",
                            ruleset.describe()
                        ),
                        span.clone(),
                    )
                    .with_help("winning moves and strategies need short (loopfree) games")
                })?;
                Ok(if *negated { -g } else { g })
            }
        }
    }

    /// The value of a sum: the sum of its components' values.
    pub fn sum_value(&mut self, position: &Position, span: &Span) -> EvalResult<Game> {
        let mut total = Game::ZERO;
        for part in &position.parts {
            total = total + self.part_value(part, span)?;
        }
        Ok(total)
    }

    /// The value of a position as the language shows it: a short game, or for a lone
    /// component of a loopy ruleset its loopy value.
    pub fn value_of_position(&mut self, position: &Position, span: &Span) -> EvalResult<Value> {
        if let [Part::Ruleset {
            ruleset,
            state,
            negated: false,
        }] = position.parts.as_slice()
        {
            return self.position_value(ruleset, state.clone(), span);
        }
        self.sum_value(position, span).map(Value::from_game)
    }

    /// The options of one component for `side`, each a list of components (a rule may give a
    /// `sum` of positions), in the order the rule lists them.
    pub fn part_options(
        &mut self,
        part: &Part,
        side: Side,
        span: &Span,
    ) -> EvalResult<Vec<Vec<Part>>> {
        match part {
            Part::Game(g) => {
                let options = match side {
                    Side::Left => g.left_options(),
                    Side::Right => g.right_options(),
                };
                Ok(options.into_iter().map(|o| vec![Part::Game(o)]).collect())
            }
            Part::Ruleset {
                ruleset,
                state,
                negated,
            } => {
                let rules = &ruleset.rules;
                let (rule, kind) = if ruleset.def.impartial {
                    (rules.moves.as_ref(), "moves")
                } else if (side == Side::Left) != *negated {
                    (rules.left.as_ref(), "left")
                } else {
                    (rules.right.as_ref(), "right")
                };
                let Some(rule) = rule else {
                    return Err(EvalError::new(
                        format!("`{}` has no `{kind}` rule", ruleset.describe()),
                        span.clone(),
                    ));
                };
                let options = self.apply_rule(ruleset, rule, state.clone(), span)?;
                let options = collection(options, kind, span)?;
                let component = |state: Value| Part::Ruleset {
                    ruleset: ruleset.clone(),
                    state,
                    negated: *negated,
                };
                Ok(options
                    .into_iter()
                    .map(|o| match o {
                        Value::Sum(states) => states.iter().cloned().map(component).collect(),
                        state => vec![component(state)],
                    })
                    .collect())
            }
        }
    }

    /// Every move of `side` in the sum: component by component, each in its rule's order.
    pub fn moves_of(
        &mut self,
        position: &Position,
        side: Side,
        span: &Span,
    ) -> EvalResult<Vec<Move>> {
        let mut moves = Vec::new();
        for (i, part) in position.parts.iter().enumerate() {
            crate::core::check_interrupt();
            for (j, replacement) in self.part_options(part, side, span)?.into_iter().enumerate() {
                let mut parts = position.parts[..i].to_vec();
                parts.extend(replacement.iter().cloned());
                parts.extend(position.parts[i + 1..].iter().cloned());
                moves.push(Move {
                    part: i,
                    option: j,
                    replacement,
                    after: Position { parts },
                });
            }
        }
        Ok(moves)
    }
}
