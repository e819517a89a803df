//! Values as plain data, which another thread can turn back into the same values: positions
//! and rules carried to helper threads, and the results they carry back (`eval::parallel`,
//! `eval::parallel_list`). A language `Value` shares its parts through `Rc` and cannot cross
//! threads itself.

use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use ahash::AHashMap;

use crate::board::Grid;
use crate::core::{Game, LoopyOutcome, Rational};

use super::builtins::Builtin;
use super::num::Num;
use super::parallel::{HelperRole, PortableRuleset};
use super::portable_function::PortableFunction;
use super::position_table::{PositionTable, SharedPositions};
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
    Outcome(LoopyOutcome),
    Thermograph(crate::core::Thermograph),
    /// A map, its pairs in no particular order.
    Map(Vec<(Portable, Portable)>),
    /// A ruleset instance that a function mapped on every core names (`eval::parallel_map`).
    Ruleset(Arc<PortableInstance>),
}

/// A ruleset instance carried to a helper thread: its rules, and the table it shares with the
/// instance on the asking thread, so that what one thread values the others find.
#[derive(Debug)]
pub struct PortableInstance {
    pub(super) ruleset: PortableRuleset,
    pub(super) shared: Arc<SharedPositions>,
    /// Set when the helpers are to stop: the rebuilt instance then stops valuing.
    pub(super) stop: Arc<AtomicBool>,
}

impl Portable {
    /// The plain form of `v`, if it has one without carrying functions or rulesets.
    pub fn of(v: &Value) -> Option<Portable> {
        Portable::carry(v, &mut |_| None)
    }

    /// The plain form of `v`, if it has one, the functions and rulesets in it carried by
    /// `code` (which is given only those).
    pub fn carry(v: &Value, code: &mut dyn FnMut(&Value) -> Option<Portable>) -> Option<Portable> {
        let mut all = |items: &[Value]| {
            items
                .iter()
                .map(|item| Portable::carry(item, &mut *code))
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
            Value::Outcome(o) => Portable::Outcome(*o),
            Value::Thermograph(t) => Portable::Thermograph(crate::core::Thermograph::clone(t)),
            Value::Map(pairs) => Portable::Map(
                pairs
                    .iter()
                    .map(|(k, v)| Some((Portable::carry(k, code)?, Portable::carry(v, code)?)))
                    .collect::<Option<_>>()?,
            ),
            Value::Function(_) | Value::Ruleset(_) => code(v)?,
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
            Portable::Outcome(o) => Value::Outcome(*o),
            Portable::Thermograph(t) => Value::Thermograph(Rc::new(t.clone())),
            Portable::Map(pairs) => Value::Map(Rc::new(
                pairs
                    .iter()
                    .map(|(k, v)| (k.value(), v.value()))
                    .collect::<AHashMap<_, _>>(),
            )),
            Portable::Ruleset(r) => Value::Ruleset(Rc::new(r.instance())),
        }
    }
}

thread_local! {
    /// This helper thread's turn among the helpers, and their number with the asking thread:
    /// the instances it rebuilds walk each list of options from their own place in it, so that
    /// two threads valuing one position share the work rather than repeat it.
    static TURN: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 1)) };
}

/// Sets the turn of this helper thread (see `TURN`) for the instances it rebuilds from now on.
pub(super) fn set_helper_turn(turn: usize, of: usize) {
    TURN.with(|t| t.set((turn, of.max(1))));
}

impl PortableInstance {
    /// The instance again, on this (helper) thread, over the shared table.
    fn instance(&self) -> super::ruleset::RulesetInstance {
        let (turn, of) = TURN.with(std::cell::Cell::get);
        let role = HelperRole {
            stop: self.stop.clone(),
            turn,
            of,
        };
        self.ruleset
            .instance(PositionTable::with_shared(self.shared.clone()), role)
    }
}
