//! Values as plain data, which another thread can turn back into the same values: positions
//! and rules carried to helper threads, and the results they carry back (`eval::parallel`,
//! `eval::parallel_list`). A language `Value` shares its parts through `Rc` and cannot cross
//! threads itself.

use std::rc::Rc;
use std::sync::Arc;

use crate::board::Grid;
use crate::core::{Game, Rational};

use super::builtins::Builtin;
use super::num::Num;
use super::portable_function::PortableFunction;
use super::value::Value;

/// A value as plain data, which another thread can turn back into the same value.
#[derive(Clone, Debug)]
pub enum Portable {
    Nothing,
    Int(i64),
    /// A number that is not a machine integer (a big integer or a fraction).
    Rational(Rational),
    Bool(bool),
    Game(Game),
    Str(String),
    Tuple(Vec<Portable>),
    List(Vec<Portable>),
    /// A set, its elements in the order the set keeps them.
    Set(Vec<Portable>),
    Range {
        start: i64,
        end: i64,
        inclusive: bool,
    },
    /// A grid by its text, which parses back to the same grid.
    Grid(String),
    /// A grid of at most 128 cells and two symbols, by its `packed_words`: a list of millions
    /// of small boards travels without text.
    PackedGrid([u64; 3]),
    Builtin(&'static Builtin),
    /// A function of the language, with the code it runs (`eval::portable_function`).
    Function(Arc<PortableFunction>),
}

impl Portable {
    /// The plain form of `v`, if it has one without carrying functions.
    pub fn of(v: &Value) -> Option<Portable> {
        Portable::carry(v, &mut |_| None)
    }

    /// The plain form of `v`, if it has one, the functions in it carried by `function`.
    pub fn carry(
        v: &Value,
        function: &mut dyn FnMut(&super::function::Function) -> Option<Arc<PortableFunction>>,
    ) -> Option<Portable> {
        let mut all = |items: &[Value]| {
            items
                .iter()
                .map(|item| Portable::carry(item, &mut *function))
                .collect::<Option<Vec<_>>>()
        };
        Some(match v {
            Value::Nothing => Portable::Nothing,
            Value::Number(Num::Small(n)) => Portable::Int(*n),
            Value::Number(Num::Big(q)) => Portable::Rational(Rational::clone(q)),
            Value::Bool(b) => Portable::Bool(*b),
            Value::Game(g) => Portable::Game(*g),
            Value::Str(s) => Portable::Str(s.to_string()),
            Value::Tuple(items) => Portable::Tuple(all(items)?),
            Value::List(items) => Portable::List(all(items)?),
            Value::Set(items) => Portable::Set(all(items)?),
            Value::Range {
                start,
                end,
                inclusive,
            } => Portable::Range {
                start: *start,
                end: *end,
                inclusive: *inclusive,
            },
            Value::Grid(g) => match g.packed_words() {
                Some(words) => Portable::PackedGrid(words),
                None => Portable::Grid(g.to_string()),
            },
            Value::Builtin(b) => Portable::Builtin(b),
            Value::Function(f) => Portable::Function(function(f)?),
            _ => return None,
        })
    }

    /// The value again, on this thread.
    pub fn value(&self) -> Value {
        let all = |items: &[Portable]| items.iter().map(Portable::value).collect();
        match self {
            Portable::Nothing => Value::Nothing,
            Portable::Int(n) => Value::int(*n),
            Portable::Rational(q) => Value::Number(Num::Big(Rc::new(q.clone()))),
            Portable::Bool(b) => Value::Bool(*b),
            Portable::Game(g) => Value::Game(*g),
            Portable::Str(s) => Value::str(s),
            Portable::Tuple(items) => Value::tuple(all(items)),
            Portable::List(items) => Value::list(all(items)),
            Portable::Set(items) => Value::Set(Rc::new(all(items))),
            Portable::Range {
                start,
                end,
                inclusive,
            } => Value::Range {
                start: *start,
                end: *end,
                inclusive: *inclusive,
            },
            Portable::Grid(text) => {
                Value::Grid(Grid::parse(text).expect("a grid's text parses back"))
            }
            Portable::PackedGrid(words) => {
                Value::Grid(Grid::from_packed_words(*words).expect("a packed grid's words unpack"))
            }
            Portable::Builtin(b) => Value::Builtin(b),
            Portable::Function(f) => Value::Function(f.function()),
        }
    }
}
