//! The values of the language and how they print.

use std::cmp::Ordering;
use std::fmt;

use crate::core::{Dyadic, Game, Integer, Outcome, Rational};

/// A value of the cg language.
///
/// Every number is a `Number`, whether it was typed (`3/4`) or computed as a game (`{0|1}`):
/// the one representation keeps arithmetic on numbers exact and lets `1/3` exist even though it
/// is not a short game. Every other game value is a `Game`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Number(Rational),
    Game(Game),
    Bool(bool),
    Outcome(Outcome),
    Str(String),
    List(Vec<Value>),
    /// Elements sorted in printing order, without repeats.
    Set(Vec<Value>),
    Thermograph(std::rc::Rc<crate::core::Thermograph>),
    UptimalExpansion(std::rc::Rc<crate::core::UptimalExpansion>),
}

impl Value {
    pub fn integer(n: impl Into<Integer>) -> Value {
        Value::Number(Rational::from_integer(n.into()))
    }

    /// A game as a value: numbers become `Number`.
    pub fn from_game(g: Game) -> Value {
        match g.to_number() {
            Some(x) => Value::Number(Rational::from(x)),
            None => Value::Game(g),
        }
    }

    /// The short game this value denotes, if any (numbers must be dyadic).
    pub fn to_game(&self) -> Option<Game> {
        match self {
            Value::Game(g) => Some(*g),
            Value::Number(q) => q.to_dyadic().map(Game::number),
            _ => None,
        }
    }

    pub fn as_integer(&self) -> Option<Integer> {
        match self {
            Value::Number(q) => q.to_integer(),
            _ => None,
        }
    }

    pub fn as_dyadic(&self) -> Option<Dyadic> {
        match self {
            Value::Number(q) => q.to_dyadic(),
            _ => None,
        }
    }

    /// A set from any values: sorted in printing order, repeats removed.
    pub fn set(mut items: Vec<Value>) -> Value {
        sort_values(&mut items);
        items.dedup();
        Value::Set(items)
    }

    /// What kind of value this is, in words for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Number(q) if q.is_integer() => "an integer",
            Value::Number(q) if q.to_dyadic().is_some() => "a number",
            Value::Number(_) => "a rational number",
            Value::Game(_) => "a game",
            Value::Bool(_) => "a boolean",
            Value::Outcome(_) => "an outcome class",
            Value::Str(_) => "a string",
            Value::List(_) => "a list",
            Value::Set(_) => "a set",
            Value::Thermograph(_) => "a thermograph",
            Value::UptimalExpansion(_) => "an uptimal expansion",
        }
    }
}

/// The order in which values print inside sets: games (numbers included) in the printing order
/// of options, then the other kinds.
pub fn sort_values(items: &mut [Value]) {
    items.sort_by(compare_for_printing);
}

fn kind_rank(v: &Value) -> u8 {
    match v {
        Value::Number(q) if q.to_dyadic().is_some() => 0,
        Value::Game(_) => 0,
        Value::Number(_) => 1,
        Value::Bool(_) => 2,
        Value::Outcome(_) => 3,
        Value::Str(_) => 4,
        Value::List(_) => 5,
        Value::Set(_) => 6,
        Value::Thermograph(_) => 7,
        Value::UptimalExpansion(_) => 8,
    }
}

fn compare_for_printing(a: &Value, b: &Value) -> Ordering {
    let (ra, rb) = (kind_rank(a), kind_rank(b));
    if ra != rb {
        return ra.cmp(&rb);
    }
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        _ if ra == 0 => {
            let (ga, gb) = (a.to_game().unwrap(), b.to_game().unwrap());
            ga.print_order(gb)
        }
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Outcome(x), Value::Outcome(y)) => x.cmp(y),
        (Value::Str(x), Value::Str(y)) => x.cmp(y),
        (Value::List(x), Value::List(y)) | (Value::Set(x), Value::Set(y)) => {
            for (p, q) in x.iter().zip(y) {
                let c = compare_for_printing(p, q);
                if c != Ordering::Equal {
                    return c;
                }
            }
            x.len().cmp(&y.len())
        }
        _ => Ordering::Equal,
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Number(q) => write!(f, "{q}"),
            Value::Game(g) => write!(f, "{g}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Outcome(o) => write!(f, "{o}"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::List(items) => write_items(f, "[", items, "]"),
            Value::Set(items) => write_items(f, "{", items, "}"),
            Value::Thermograph(t) => write!(f, "{t}"),
            Value::UptimalExpansion(e) => write!(f, "{e}"),
        }
    }
}

fn write_items(
    f: &mut fmt::Formatter<'_>,
    open: &str,
    items: &[Value],
    close: &str,
) -> fmt::Result {
    f.write_str(open)?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{item}")?;
    }
    f.write_str(close)
}
