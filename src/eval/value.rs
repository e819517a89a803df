//! The values of the language and how they print.
//!
//! Values are immutable (collections are shared behind `Rc` and copied on write), so any value
//! can be a key of a map, an element of a set, an argument of a memoised function, or a position
//! of a ruleset.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use ahash::AHashMap;

use crate::core::{Dyadic, Game, Integer, LoopyOutcome, Rational};

use super::builtins::Builtin;
use super::function::Function;
use super::num::Num;
use super::ruleset::{RulesetDef, RulesetInstance};

/// A value of the cg language.
///
/// Every number is a `Number`, whether it was typed (`3/4`) or computed as a game (`{0|1}`):
/// one representation keeps arithmetic on numbers exact and lets `1/3` exist although it is not a
/// short game. Every other game value is a `Game`.
#[derive(Clone, Debug)]
pub enum Value {
    /// The value of statements and of `print`: shown as nothing.
    Nothing,
    Number(Num),
    Game(Game),
    Bool(bool),
    /// An outcome class: `L`, `R`, `N`, `P` for short games, and with draws `D`, `PHat`,
    /// `NHat`, `PCheck`, `NCheck` for loopy ones.
    Outcome(LoopyOutcome),
    Str(Rc<str>),
    List(Rc<Vec<Value>>),
    /// A list of nim-values stored compactly (`grundy(octal 0.6, 0..=10^8)`): to the user a
    /// list like any other.
    NimList(Rc<super::nim_list::NimList>),
    /// One allocation holding the elements (a tuple never grows; coordinates such as
    /// `(r, c)` are made by the million in board rulesets).
    Tuple(Rc<[Value]>),
    /// Elements sorted in printing order, without repeats.
    Set(Rc<Vec<Value>>),
    Map(Rc<AHashMap<Value, Value>>),
    /// `start..end` (`inclusive`: `start..=end`) over machine-size integers.
    Range {
        start: i64,
        end: i64,
        inclusive: bool,
    },
    Function(Rc<Function>),
    Builtin(&'static Builtin),
    /// A declared ruleset that still needs its parameters.
    RulesetDef(Rc<RulesetDef>),
    /// A ruleset ready to value positions: `R(position)`.
    Ruleset(Rc<RulesetInstance>),
    /// `sum(a, b, ...)`: a disjunctive sum kept formal, so that a ruleset option can be a sum of
    /// positions; used as a game it is the sum of its parts.
    Sum(Rc<Vec<Value>>),
    Thermograph(Rc<crate::core::Thermograph>),
    Grid(crate::board::Grid),
    Graph(crate::board::Graph),
    /// A heap game (`octal 0.77`): `R(n)` is the value of a heap of n.
    Heap(Rc<super::heap::HeapGame>),
    /// The periodicity of a sequence, or `Nothing` when none was found.
    Periodicity(Option<Rc<crate::core::heap::Periodicity>>),
    /// `'{*|*}'`: a game kept in the form written; used as a game it is its canonical form.
    Explicit(Rc<crate::core::ExplicitGame>),
    UptimalExpansion(Rc<crate::core::UptimalExpansion>),
    /// `table(...)`: rows of values that print with aligned columns.
    Table(Rc<super::table::Table>),
    /// `latex(x)`: LaTeX source, printed as it is (so it can be pasted into a paper).
    Latex(Rc<str>),
    /// The infinite loopy nim-value ∞_K of a position of a loopy impartial ruleset (finite
    /// ones are nimbers).
    LoopyNimber(Rc<crate::core::loopy::nim::LoopyNimber>),
    /// A misère impartial game (`*[2#0]`) or a genus (`0^120`).
    Misere(super::misere::MisereValue),
    /// A loopy game that is not short: a stopper or a sided value (`on`, `{0|pass}`,
    /// `over & under`). A loopy value whose canonical form has no cycle is a `Game` instead.
    Loopy(Rc<crate::core::LoopyValue>),
    /// A position that keeps its ruleset, or a sum of positions and games that keeps its
    /// components (`position(Domineering, grid("..|.."))`): its moves can be listed and played.
    Position(Rc<super::position::Position>),
}

impl Value {
    pub fn integer(n: impl Into<Integer>) -> Value {
        Value::Number(Num::from_integer(n.into()))
    }

    pub fn int(n: i64) -> Value {
        Value::Number(Num::Small(n))
    }

    pub fn number(q: Rational) -> Value {
        Value::Number(Num::from_rational(q))
    }

    /// The exact rational this value is, if it is a number.
    pub fn as_rational(&self) -> Option<Rational> {
        match self {
            Value::Number(q) => q.to_rational(),
            _ => None,
        }
    }

    pub fn str(s: &str) -> Value {
        Value::Str(Rc::from(s))
    }

    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(items))
    }

    pub fn tuple(items: Vec<Value>) -> Value {
        if let [Value::Number(Num::Small(x)), Value::Number(Num::Small(y))] = items[..] {
            if let Some(shared) = super::small_pairs::small_pair(x, y) {
                return shared;
            }
        }
        Value::Tuple(Rc::from(items))
    }

    /// The tuple `(a, b)`, in one allocation, or none for two small integers (shared, see
    /// `small_pairs`).
    pub fn pair(a: Value, b: Value) -> Value {
        if let (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) = (&a, &b) {
            let (x, y) = (*x, *y);
            // Machine integers own nothing: forgetting them saves the two calls of their drop.
            std::mem::forget(a);
            std::mem::forget(b);
            return super::small_pairs::small_pair(x, y)
                .unwrap_or_else(|| Value::Tuple(Rc::new([Value::int(x), Value::int(y)])));
        }
        Value::Tuple(Rc::new([a, b]))
    }

    /// The elements of a list or a tuple.
    pub fn sequence(&self) -> Option<&[Value]> {
        match self {
            Value::List(items) => Some(items),
            Value::Tuple(items) => Some(items),
            _ => None,
        }
    }

    /// The elements of a list, a tuple or a set, in their order.
    pub fn stored_elements(&self) -> Option<&[Value]> {
        match self {
            Value::List(items) | Value::Set(items) => Some(items),
            Value::Tuple(items) => Some(items),
            _ => None,
        }
    }

    /// A game as a value: numbers become `Number`.
    pub fn from_game(g: Game) -> Value {
        match g.to_number() {
            Some(x) => Value::number(Rational::from(x)),
            None => Value::Game(g),
        }
    }

    /// A loopy nim-value as a value: a finite one is the nimber.
    pub fn from_loopy_nimber(n: crate::core::loopy::nim::LoopyNimber) -> Value {
        match n {
            crate::core::loopy::nim::LoopyNimber::Finite(m) => Value::from_game(Game::nimber(m)),
            infinite => Value::LoopyNimber(Rc::new(infinite)),
        }
    }

    /// The loopy nim-value this value is: an infinite one, or a nimber as a finite one.
    pub fn to_loopy_nimber(&self) -> Option<crate::core::loopy::nim::LoopyNimber> {
        match self {
            Value::LoopyNimber(n) => Some((**n).clone()),
            other => other
                .to_game()
                .and_then(|g| g.nim_value())
                .and_then(|n| n.to_usize())
                .map(|n| crate::core::loopy::nim::LoopyNimber::Finite(n as u64)),
        }
    }

    /// A loopy value as a language value: a short game when its canonical form has no cycle.
    pub fn from_loopy(v: crate::core::LoopyValue) -> Value {
        match v.to_game() {
            Some(g) => Value::from_game(g),
            None => Value::Loopy(Rc::new(v)),
        }
    }

    /// The loopy value this value denotes: a loopy game, or a short game converted.
    pub fn to_loopy(&self) -> Option<crate::core::LoopyValue> {
        match self {
            Value::Loopy(v) => Some(v.as_ref().clone()),
            other => other.to_game().map(crate::core::LoopyValue::from_game),
        }
    }

    /// The short game this value denotes, if any (numbers must be dyadic).
    pub fn to_game(&self) -> Option<Game> {
        match self {
            Value::Game(g) => Some(*g),
            Value::Number(q) => q.to_dyadic().map(Game::number),
            Value::Explicit(e) => Some(e.to_canonical()),
            Value::Sum(parts) => {
                let mut total = Game::ZERO;
                for part in parts.iter() {
                    total = total + part.to_game()?;
                }
                Some(total)
            }
            _ => None,
        }
    }

    pub fn as_integer(&self) -> Option<Integer> {
        match self {
            Value::Number(q) => q.to_integer(),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(q) => q.to_i64(),
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
        Value::Set(Rc::new(items))
    }

    /// What kind of value this is, in words for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Nothing => "nothing",
            Value::Number(q) if q.is_integer() => "an integer",
            Value::Number(q) if q.to_dyadic().is_some() => "a number",
            Value::Number(_) => "a rational number",
            Value::Game(_) => "a game",
            Value::Loopy(_) => "a loopy game",
            Value::Bool(_) => "a boolean",
            Value::Outcome(_) => "an outcome class",
            Value::Str(_) => "a string",
            Value::List(_) | Value::NimList(_) => "a list",
            Value::Tuple(_) => "a tuple",
            Value::Set(_) => "a set",
            Value::Map(_) => "a map",
            Value::Range { .. } => "a range",
            Value::Function(_) | Value::Builtin(_) => "a function",
            Value::RulesetDef(_) | Value::Ruleset(_) => "a ruleset",
            Value::Sum(_) => "a sum",
            Value::Thermograph(_) => "a thermograph",
            Value::Heap(_) => "a heap game",
            Value::Grid(_) => "a grid",
            Value::Graph(_) => "a graph",
            Value::Periodicity(_) => "a periodicity",
            Value::Explicit(_) => "an explicit game",
            Value::LoopyNimber(_) => "a loopy nim-value",
            Value::UptimalExpansion(_) => "an uptimal expansion",
            Value::Table(_) => "a table",
            Value::Latex(_) => "LaTeX source",
            Value::Misere(m) => m.kind(),
            Value::Position(_) => "a position",
        }
    }

    /// (start, end, inclusive) of a range, for comparing and hashing ranges as one key.
    fn range_bounds(&self) -> Option<(i64, i64, bool)> {
        match self {
            Value::Range {
                start,
                end,
                inclusive,
            } => Some((*start, *end, *inclusive)),
            _ => None,
        }
    }

    /// The integers of a range, as a Rust range (empty when the end comes first); `None` for
    /// other values, and for an inclusive range ending at `i64::MAX`.
    pub fn integer_range(&self) -> Option<std::ops::Range<i64>> {
        let (start, end, inclusive) = self.range_bounds()?;
        let stop = if inclusive { end.checked_add(1)? } else { end };
        Some(start..stop.max(start))
    }

    /// The elements of a collection, in iteration order (a map gives its keys in printing
    /// order); `None` for values that are not collections.
    /// The thermographs of a nonempty list or tuple of thermographs (drawn or typeset together).
    pub fn thermographs(&self) -> Option<Vec<crate::core::Thermograph>> {
        let items = self.sequence()?;
        let all: Option<Vec<_>> = items
            .iter()
            .map(|v| match v {
                Value::Thermograph(th) => Some(th.as_ref().clone()),
                _ => None,
            })
            .collect();
        all.filter(|all| !all.is_empty())
    }

    /// [`elements`](Value::elements), taking the list's storage when no one else holds it.
    pub fn into_elements(self) -> Option<Vec<Value>> {
        match self {
            Value::List(v) | Value::Set(v) => {
                Some(Rc::try_unwrap(v).unwrap_or_else(|shared| shared.as_ref().clone()))
            }
            Value::Tuple(v) => Some(v.to_vec()),
            other => other.elements(),
        }
    }

    pub fn elements(&self) -> Option<Vec<Value>> {
        Some(match self {
            Value::List(v) | Value::Set(v) => v.as_ref().clone(),
            Value::Tuple(v) => v.to_vec(),
            Value::Map(m) => {
                let mut keys: Vec<Value> = m.keys().cloned().collect();
                sort_values(&mut keys);
                keys
            }
            Value::Range { .. } => self.integer_range()?.map(Value::int).collect(),
            Value::NimList(list) => list.items(),
            Value::Str(s) => s.chars().map(|c| Value::str(&c.to_string())).collect(),
            _ => return None,
        })
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        // Ruleset tables compare grids for every option; the full match below costs more.
        if let (Value::Grid(a), Value::Grid(b)) = (self, other) {
            return a == b;
        }
        match (self, other) {
            (Value::Nothing, Value::Nothing) => true,
            (Value::Number(a), Value::Number(b)) => a == b,
            (Value::Game(a), Value::Game(b)) => a == b,
            (Value::Loopy(a), Value::Loopy(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Outcome(a), Value::Outcome(b)) => a == b,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::List(a), Value::List(b)) | (Value::Set(a), Value::Set(b)) => a == b,
            (Value::Tuple(a), Value::Tuple(b)) => Rc::ptr_eq(a, b) || a == b,
            (Value::Map(a), Value::Map(b)) => a == b,
            (Value::NimList(a), Value::NimList(b)) => a == b,
            (Value::NimList(a), Value::List(b)) | (Value::List(b), Value::NimList(a)) => {
                a.equals_items(b)
            }
            (Value::Range { .. }, Value::Range { .. }) => {
                self.range_bounds() == other.range_bounds()
            }
            (Value::Function(a), Value::Function(b)) => Rc::ptr_eq(a, b),
            (Value::Builtin(a), Value::Builtin(b)) => std::ptr::eq(*a, *b),
            (Value::RulesetDef(a), Value::RulesetDef(b)) => Rc::ptr_eq(a, b),
            (Value::Ruleset(a), Value::Ruleset(b)) => Rc::ptr_eq(a, b),
            (Value::Sum(a), Value::Sum(b)) => a == b,
            (Value::Thermograph(a), Value::Thermograph(b)) => a == b,
            // Two heap games written alike are the same game (`octal 0.77 == octal 0.77`).
            (Value::Heap(a), Value::Heap(b)) => a.written == b.written,
            (Value::Grid(a), Value::Grid(b)) => a == b,
            (Value::Graph(a), Value::Graph(b)) => a == b,
            (Value::Periodicity(a), Value::Periodicity(b)) => a == b,
            (Value::Explicit(a), Value::Explicit(b)) => a == b,
            (Value::UptimalExpansion(a), Value::UptimalExpansion(b)) => a == b,
            (Value::Table(a), Value::Table(b)) => a == b,
            (Value::Latex(a), Value::Latex(b)) => a == b,
            (Value::LoopyNimber(a), Value::LoopyNimber(b)) => a == b,
            (Value::Misere(a), Value::Misere(b)) => a == b,
            (Value::Position(a), Value::Position(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        if let Value::NimList(list) = self {
            // As the list of its values, which it equals.
            return Value::list(list.items()).hash(state);
        }
        std::mem::discriminant(self).hash(state);
        match self {
            Value::Nothing => {}
            Value::Number(q) => q.hash(state),
            Value::Game(g) => g.hash(state),
            Value::Loopy(v) => v.hash(state),
            Value::Bool(b) => b.hash(state),
            Value::Outcome(o) => o.hash(state),
            Value::Str(s) => s.hash(state),
            Value::List(v) | Value::Set(v) => v.hash(state),
            Value::Tuple(v) => v.hash(state),
            Value::Map(m) => {
                // Order-independent: the sum of the entries' own hashes.
                let mut total: u64 = 0;
                for (k, v) in m.iter() {
                    let mut h = ahash::AHasher::default();
                    k.hash(&mut h);
                    v.hash(&mut h);
                    total = total.wrapping_add(h.finish());
                }
                total.hash(state);
            }
            Value::Range { .. } => self.range_bounds().hash(state),
            Value::Function(f) => (Rc::as_ptr(f) as usize).hash(state),
            Value::Builtin(b) => (*b as *const Builtin as usize).hash(state),
            Value::RulesetDef(r) => (Rc::as_ptr(r) as usize).hash(state),
            Value::Ruleset(r) => (Rc::as_ptr(r) as usize).hash(state),
            Value::Sum(parts) => parts.hash(state),
            Value::Thermograph(t) => t.to_string().hash(state),
            Value::Heap(h) => h.written.hash(state),
            Value::Grid(g) => g.hash(state),
            Value::Graph(g) => g.hash(state),
            Value::Periodicity(p) => p.as_ref().map(|p| p.to_string()).hash(state),
            Value::Explicit(e) => explicit_text(e).hash(state),
            Value::Misere(m) => m.hash(state),
            Value::UptimalExpansion(e) => e.hash(state),
            Value::Table(t) => t.hash(state),
            Value::Latex(text) => text.hash(state),
            Value::LoopyNimber(v) => v.hash(state),
            Value::Position(p) => p.hash(state),
            Value::NimList(_) => unreachable!("hashed as a list above"),
        }
    }
}

/// Sorts values in printing order: games (numbers included) in the printing order of options,
/// then the other kinds.
pub fn sort_values(items: &mut [Value]) {
    items.sort_by(compare_for_printing);
}

fn kind_rank(v: &Value) -> u8 {
    match v {
        Value::Number(Num::Small(_)) => 0,
        Value::Number(q) if q.to_dyadic().is_some() => 0,
        Value::Game(_) => 0,
        Value::Loopy(_) => 0,
        Value::Number(_) => 1,
        Value::Bool(_) => 2,
        Value::Outcome(_) => 3,
        Value::Str(_) => 4,
        Value::Tuple(_) => 5,
        Value::List(_) | Value::NimList(_) => 6,
        Value::Set(_) => 7,
        Value::Map(_) => 8,
        Value::Range { .. } => 9,
        Value::Nothing => 10,
        Value::Sum(_) => 11,
        Value::Thermograph(_)
        | Value::UptimalExpansion(_)
        | Value::Explicit(_)
        | Value::Heap(_)
        | Value::Periodicity(_)
        | Value::Table(_)
        | Value::Latex(_)
        | Value::LoopyNimber(_)
        | Value::Misere(_) => 13,
        Value::Grid(_) => 14,
        Value::Graph(_) => 15,
        Value::Position(_) => 16,
        Value::Function(_) | Value::Builtin(_) | Value::RulesetDef(_) | Value::Ruleset(_) => 12,
    }
}

/// A total order on values, for printing sets and map keys.
pub fn compare_for_printing(a: &Value, b: &Value) -> Ordering {
    // The commonest elements of sets and keys first, without ranking their kinds: machine
    // integers (vertices, heap sizes) and strings (colours, symbols).
    match (a, b) {
        (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) => return x.cmp(y),
        (Value::Str(x), Value::Str(y)) => return x.cmp(y),
        _ => {}
    }
    let (ra, rb) = (kind_rank(a), kind_rank(b));
    if ra != rb {
        return ra.cmp(&rb);
    }
    match (a, b) {
        (Value::NimList(_), _) | (_, Value::NimList(_)) => {
            let items = |v: &Value| v.elements().unwrap_or_default();
            compare_sequences(&items(a), &items(b))
        }
        (Value::Number(x), Value::Number(y)) => x.cmp(y),
        // Loopy games after short ones, in the order of their printed forms.
        (Value::Loopy(x), Value::Loopy(y)) => x.to_string().cmp(&y.to_string()),
        (Value::Loopy(_), _) => Ordering::Greater,
        (_, Value::Loopy(_)) => Ordering::Less,
        (Value::Game(_), _) | (_, Value::Game(_)) => match (a.to_game(), b.to_game()) {
            (Some(g), Some(h)) => g.print_order(h),
            _ => Ordering::Equal,
        },
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Outcome(x), Value::Outcome(y)) => x.cmp(y),
        (Value::Str(x), Value::Str(y)) => x.cmp(y),
        (Value::Grid(x), Value::Grid(y)) => x.cmp(y),
        (Value::Graph(x), Value::Graph(y)) => x.cmp(y),
        (Value::Position(x), Value::Position(y)) => x.to_string().cmp(&y.to_string()),
        (Value::List(x), Value::List(y))
        | (Value::Set(x), Value::Set(y))
        | (Value::Sum(x), Value::Sum(y)) => compare_sequences(x, y),
        (Value::Tuple(x), Value::Tuple(y)) => compare_sequences(x, y),
        (Value::Map(x), Value::Map(y)) => {
            let entries = |m: &AHashMap<Value, Value>| {
                let mut e: Vec<Value> = m
                    .iter()
                    .map(|(k, v)| Value::pair(k.clone(), v.clone()))
                    .collect();
                sort_values(&mut e);
                e
            };
            compare_sequences(&entries(x), &entries(y))
        }
        (Value::Range { .. }, Value::Range { .. }) => a.range_bounds().cmp(&b.range_bounds()),
        _ => Ordering::Equal,
    }
}

fn compare_sequences(x: &[Value], y: &[Value]) -> Ordering {
    for (p, q) in x.iter().zip(y) {
        let c = compare_for_printing(p, q);
        if c != Ordering::Equal {
            return c;
        }
    }
    x.len().cmp(&y.len())
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nothing => Ok(()),
            Value::Number(q) => write!(f, "{q}"),
            Value::Game(g) => write!(f, "{g}"),
            Value::Loopy(v) => write!(f, "{v}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Outcome(o) => write!(f, "{o}"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::List(items) => write_items(f, "[", items, "]"),
            Value::NimList(list) => write!(f, "{list}"),
            Value::Tuple(items) if items.len() == 1 => write!(f, "({},)", items[0]),
            Value::Tuple(items) => write_items(f, "(", items, ")"),
            Value::Set(items) => write_items(f, "{", items, "}"),
            Value::Map(m) if m.is_empty() => f.write_str("{=>}"),
            Value::Map(m) => {
                let mut keys: Vec<&Value> = m.keys().collect();
                keys.sort_by(|a, b| compare_for_printing(a, b));
                f.write_str("{")?;
                for (i, k) in keys.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{k} => {}", m[*k])?;
                }
                f.write_str("}")
            }
            Value::Range {
                start,
                end,
                inclusive,
            } => {
                write!(f, "{start}{}{end}", if *inclusive { "..=" } else { ".." })
            }
            Value::Function(func) => write!(f, "<function {}>", func.name),
            Value::Builtin(b) => write!(f, "<builtin {}>", b.name),
            Value::RulesetDef(r) => write!(f, "<ruleset {}>", r.name),
            Value::Ruleset(r) => write!(f, "<ruleset {}>", r.describe()),
            Value::Thermograph(t) => write!(f, "{t}"),
            Value::Heap(h) => f.write_str(&h.written),
            Value::Grid(g) => write!(f, "grid({:?})", g.to_string()),
            Value::Graph(g) => write!(f, "{g}"),
            Value::Periodicity(Some(p)) => write!(f, "{p}"),
            Value::Periodicity(None) => f.write_str("Nothing"),
            Value::Explicit(e) => write!(f, "'{}'", explicit_text(e)),
            Value::UptimalExpansion(e) => write!(f, "{e}"),
            Value::Table(t) => write!(f, "{t}"),
            Value::Latex(text) => f.write_str(text),
            Value::LoopyNimber(v) => write!(f, "{v}"),
            Value::Misere(m) => write!(f, "{m}"),
            Value::Position(p) => write!(f, "{p}"),
            Value::Sum(parts) => match self.to_game() {
                Some(g) => write!(f, "{}", Value::from_game(g)),
                None => write_items(f, "sum(", parts, ")"),
            },
        }
    }
}

/// An explicit game as written: forms in braces, canonical parts in their notation.
fn explicit_text(e: &crate::core::ExplicitGame) -> String {
    match e {
        crate::core::ExplicitGame::Value(g) => g.to_string(),
        // An impartial form prints as it is typed: a brace without a bar.
        crate::core::ExplicitGame::Form { left, right } if left == right && !left.is_empty() => {
            let options: Vec<String> = left.iter().map(explicit_text).collect();
            format!("{{{}}}", options.join(","))
        }
        crate::core::ExplicitGame::Form { left, right } => {
            let side = |options: &[crate::core::ExplicitGame]| {
                options
                    .iter()
                    .map(explicit_text)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            format!("{{{}|{}}}", side(left), side(right))
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
            // A list of 10^8 values takes seconds to write out: Ctrl-C must stop it.
            if i % (1 << 16) == 0 {
                crate::core::check_interrupt();
            }
            f.write_str(",")?;
        }
        write!(f, "{item}")?;
    }
    f.write_str(close)
}
