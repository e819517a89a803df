//! Loopy games: finite game graphs whose plays may repeat positions (Siegel, *Combinatorial Game
//! Theory*, ch. VI; Winning Ways ch. 11; ONAG ch. 16). A sibling engine of `short`: its own
//! types, and nothing in the short-game `Game` or its caches knows about it. A short game enters
//! through one conversion, [`Stopper::from_game`] (or [`LoopyValue::from_game`]).
//!
//! - [`Graph`]: positions with Left and Right edges; sums and negatives as graphs.
//! - [`Stopper`]: a game with no infinite alternating play, in canonical (simplest) form, so that
//!   equal stoppers are equal Rust values and print the same.
//! - [`SidedValue`]: `onside & offside`, the value of a stopper-sided game that is not a stopper.
//! - [`LoopyValue`]: either; what the language shows.
//! - [`LoopyBuilder`]: the entry point for ruleset positions whose moves form cycles: add nodes,
//!   nodes that stand for short games already valued, Left and Right edges, then ask for the
//!   value of a node.
//! - [`LoopyOutcome`]: outcome classes with draws (infinite play is a draw).
//!
//! ```
//! use cg::core::{Game, LoopyBuilder};
//! // over = {0 | pass}: a position whose Right option is itself.
//! let mut b = LoopyBuilder::new();
//! let over = b.add_node();
//! let zero = b.add_short(Game::ZERO);
//! b.add_left_edge(over, zero);
//! b.add_right_edge(over, over);
//! let value = b.value(over).unwrap();
//! assert_eq!(value.to_string(), "over");
//! assert!(value.is_stopper());
//! ```

mod components;
pub mod graph;
mod limits;
pub mod nim;
mod notation;
pub mod sides;
pub(crate) mod solve;
pub mod stopper;
mod unbounded;

use std::fmt;

use ahash::AHashMap;

use crate::core::short::store::Side;
use crate::core::{Dyadic, Game};

pub use graph::Graph;
pub use sides::LoopyError;
pub use stopper::Stopper;

use solve::{play_alone, solve_sum, zero_graph, Play};

/// A sided value `onside & offside` (Siegel, CGT, ch. VI): two stoppers s >= t, the value of
/// every game G with G+ = s and G- = t. When s = t the value is the stopper itself, so a
/// `SidedValue` always has s > t.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SidedValue {
    pub onside: Stopper,
    pub offside: Stopper,
}

/// The value of a loopy game: a stopper, or a sided value.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    Stopper(Stopper),
    Sided(SidedValue),
}

/// Outcome classes with draws (Siegel, CGT, ch. VI): who wins when Left moves first, and
/// when Right moves first, infinite play being a draw. `PHat` is (draw, Left), `PCheck`
/// (Right, draw), `NHat` (Left, draw), `NCheck` (draw, Right), written as Left-first then
/// Right-first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyOutcome {
    L,
    R,
    N,
    P,
    D,
    PHat,
    NHat,
    PCheck,
    NCheck,
}

/// The result of a loopy game for one starting player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    Left,
    Right,
    Draw,
}

impl LoopyOutcome {
    /// The class with these results when Left, then Right, moves first.
    pub fn from_results(left_first: Winner, right_first: Winner) -> LoopyOutcome {
        use Winner::*;
        match (left_first, right_first) {
            (Left, Left) => LoopyOutcome::L,
            (Right, Right) => LoopyOutcome::R,
            (Left, Right) => LoopyOutcome::N,
            (Right, Left) => LoopyOutcome::P,
            (Draw, Draw) => LoopyOutcome::D,
            (Draw, Left) => LoopyOutcome::PHat,
            (Left, Draw) => LoopyOutcome::NHat,
            (Right, Draw) => LoopyOutcome::PCheck,
            (Draw, Right) => LoopyOutcome::NCheck,
        }
    }
}

/// A short game's outcome class is the loopy class of the same name (no draws).
impl From<crate::core::Outcome> for LoopyOutcome {
    fn from(o: crate::core::Outcome) -> LoopyOutcome {
        match o {
            crate::core::Outcome::L => LoopyOutcome::L,
            crate::core::Outcome::R => LoopyOutcome::R,
            crate::core::Outcome::N => LoopyOutcome::N,
            crate::core::Outcome::P => LoopyOutcome::P,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Builds a game graph node by node and values its nodes: the entry point for ruleset
/// positions whose moves form cycles.
///
/// `add_node` makes a position with no moves yet; `add_left_edge` / `add_right_edge` give it
/// moves; `add_short` adds a node that stands for a short game already valued (its canonical
/// followers are added behind it, shared between calls; give such a node no edges of its own).
/// `value(node)` is the stopper canonical form of the node, or its sided value when it is not a
/// stopper.
#[derive(Default)]
pub struct LoopyBuilder {
    graph: Graph,
    short: AHashMap<Game, u32>,
}

impl LoopyBuilder {
    pub fn new() -> LoopyBuilder {
        LoopyBuilder::default()
    }

    /// A new position with no moves; returns its node.
    pub fn add_node(&mut self) -> u32 {
        self.graph.add_vertex()
    }

    /// A node standing for the short game `g` (the same node for the same game).
    pub fn add_short(&mut self, g: Game) -> u32 {
        self.graph.embed_short(g, &mut self.short)
    }

    /// A Left move from `from` to `to`.
    pub fn add_left_edge(&mut self, from: u32, to: u32) {
        self.graph.add_edge(Side::Left, from, to);
    }

    /// A Right move from `from` to `to`.
    pub fn add_right_edge(&mut self, from: u32, to: u32) {
        self.graph.add_edge(Side::Right, from, to);
    }

    /// The number of nodes so far (short games' followers included).
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    pub fn is_empty(&self) -> bool {
        self.graph.is_empty()
    }

    /// The graph built so far.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The loopy value of `node`.
    pub fn value(&self, node: u32) -> Result<LoopyValue, LoopyError> {
        LoopyValue::from_graph(&self.graph, node)
    }
}

fn single(left: &[u32], right: &[u32]) -> Graph {
    let mut g = Graph::new();
    g.add_vertex();
    g.left[0] = left.to_vec();
    g.right[0] = right.to_vec();
    g
}

/// on = {pass | } (Winning Ways ch. 11).
pub fn on() -> Stopper {
    Stopper::canonical(&single(&[0], &[]), 0)
}

/// off = { | pass} = -on.
pub fn off() -> Stopper {
    Stopper::canonical(&single(&[], &[0]), 0)
}

/// A game whose Left (or Right) options are the short game `x` and whose other side is a pass.
fn pass_against(x: Game, pass_side: Side) -> Stopper {
    let mut g = Graph::new();
    let v = g.add_vertex();
    let w = g.embed_short(x, &mut AHashMap::new());
    g.add_edge(pass_side, v, v);
    g.add_edge(stopper::opposite(pass_side), v, w);
    Stopper::canonical(&g, v)
}

/// over = {0 | pass}: positive, and less than every positive number (Winning Ways ch. 11).
pub fn over() -> Stopper {
    pass_against(Game::ZERO, Side::Right)
}

/// under = {pass | 0} = -over.
pub fn under() -> Stopper {
    pass_against(Game::ZERO, Side::Left)
}

/// upon = ^[on] = {pass | *} (Winning Ways ch. 11; Siegel, CGT, ch. VI).
pub fn upon() -> Stopper {
    pass_against(Game::star(), Side::Left)
}

/// uponth = ^<on> = {0 || 0 | 0, pass} (Winning Ways ch. 11).
pub fn uponth() -> Stopper {
    let mut g = Graph::new();
    let top = g.add_vertex();
    let inner = g.add_vertex();
    let zero = g.add_vertex();
    g.add_edge(Side::Left, top, zero);
    g.add_edge(Side::Right, top, inner);
    g.add_edge(Side::Left, inner, zero);
    g.add_edge(Side::Right, inner, zero);
    g.add_edge(Side::Right, inner, inner);
    Stopper::canonical(&g, top)
}

/// The stops of stoppers: pseudonumbers ordered off < ... < x under < x < x over < ... < on.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Pseudo {
    Off,
    /// x, x over (+1) or x under (-1).
    Number(Dyadic, i8),
    On,
}

impl Pseudo {
    fn to_stopper(&self) -> Stopper {
        match self {
            Pseudo::Off => off(),
            Pseudo::On => on(),
            Pseudo::Number(x, 0) => Stopper::from_game(Game::number(x.clone())),
            Pseudo::Number(x, tilt) => pass_against(
                Game::number(x.clone()),
                if *tilt > 0 { Side::Right } else { Side::Left },
            ),
        }
    }
}

/// The pseudonumber at vertex `v` of a canonical stopper graph, if it is one: a short number,
/// `on`, `off`, or x over = {x | pass}, x under = {pass | x}.
pub(crate) fn pseudonumber(g: &Graph, v: u32) -> Option<Pseudo> {
    let (l, r) = (g.options(v, Side::Left), g.options(v, Side::Right));
    let number_at = |w: u32| -> Option<Dyadic> {
        if w == v || !g.is_cycle_free(w) {
            return None;
        }
        stopper::short_value(g, w).to_number()
    };
    match (l, r) {
        ([a], []) if *a == v => Some(Pseudo::On),
        ([], [b]) if *b == v => Some(Pseudo::Off),
        ([a], [b]) if *b == v => number_at(*a).map(|x| Pseudo::Number(x, 1)),
        ([a], [b]) if *a == v => number_at(*b).map(|x| Pseudo::Number(x, -1)),
        _ if g.is_cycle_free(v) => stopper::short_value(g, v)
            .to_number()
            .map(|x| Pseudo::Number(x, 0)),
        _ => None,
    }
}

impl Stopper {
    /// The left and right stops (Siegel, CGT, ch. VI): play alternates, the given player
    /// first, until a pseudonumber is reached; in a stopper such play always ends.
    pub(crate) fn stops(&self) -> (Pseudo, Pseudo) {
        let g = self.graph();
        let n = g.len();
        // memo[2v] left stop of v, memo[2v + 1] right stop.
        let mut memo: Vec<Option<Pseudo>> = vec![None; 2 * n];
        let mut stack: Vec<(usize, bool)> = vec![(0, false), (1, false)];
        while let Some((s, expanded)) = stack.pop() {
            if memo[s].is_some() {
                continue;
            }
            let v = (s / 2) as u32;
            if let Some(p) = pseudonumber(g, v) {
                memo[s] = Some(p);
                continue;
            }
            let side = if s % 2 == 0 { Side::Left } else { Side::Right };
            let next: Vec<usize> = g
                .options(v, side)
                .iter()
                .map(|&w| 2 * w as usize + 1 - s % 2)
                .collect();
            if expanded {
                let values = next.iter().map(|&t| memo[t].clone().unwrap_or(Pseudo::Off));
                memo[s] = Some(match side {
                    Side::Left => values.max().unwrap_or(Pseudo::Off),
                    Side::Right => values.min().unwrap_or(Pseudo::On),
                });
            } else {
                stack.push((s, true));
                stack.extend(
                    next.into_iter()
                        .filter(|&t| memo[t].is_none())
                        .map(|t| (t, false)),
                );
            }
        }
        (memo[0].clone().unwrap(), memo[1].clone().unwrap())
    }

    /// A pseudonumber: a number, `on`, `off`, or x over, x under (Siegel, CGT, ch. VI).
    pub fn is_pseudonumber(&self) -> bool {
        pseudonumber(self.graph(), 0).is_some()
    }

    /// The stops without their tilt (x for x over): the strong stops (CGSuite's `strongStop`).
    fn strong_stops(&self) -> (Pseudo, Pseudo) {
        let strong = |p: Pseudo| match p {
            Pseudo::Number(x, _) => Pseudo::Number(x, 0),
            other => other,
        };
        let (l, r) = self.stops();
        (strong(l), strong(r))
    }

    /// Infinitesimal: both strong stops are 0, so -x < G < x for every number x > 0 (`over`
    /// and `upon` are).
    pub fn is_infinitesimal(&self) -> bool {
        let zero = Pseudo::Number(Dyadic::zero(), 0);
        self.strong_stops() == (zero.clone(), zero)
    }

    /// Numberish: the strong stops are one number.
    pub fn is_numberish(&self) -> bool {
        let (l, r) = self.strong_stops();
        matches!(l, Pseudo::Number(..)) && l == r
    }

    /// The degree of loopiness: G (+) -G (0 for a short game; Siegel, CGT, ch. VI). Often an
    /// idempotent (on, over, ^<on>), but not always: the degree of {0|Tiny(on)} is not.
    pub fn degree(&self) -> Result<Stopper, LoopyError> {
        if self.is_loopfree() {
            return Ok(Stopper::from_game(Game::ZERO));
        }
        upsum(self, &self.negative())
    }

    /// The variety of G over its degree D: G (+) ((-G) (-) -D), which equals
    /// G (-) ((-G) (+) D) (the stability conjecture; Siegel, CGT, ch. VI). `None` if they
    /// differ.
    pub fn variety(&self) -> Result<Option<Stopper>, LoopyError> {
        let degree = self.degree()?;
        let minus = self.negative();
        let up = upsum(self, &downsum(&minus, &degree.negative())?)?;
        let down = downsum(self, &upsum(&minus, &degree)?)?;
        Ok((up == down).then_some(up))
    }

    /// The left stop: a number, `on` or `off` (the stop of x over is x, as CGSuite gives it).
    pub fn left_stop(&self) -> Stopper {
        self.strong_stops().0.to_stopper()
    }

    /// The right stop: a number, `on` or `off`.
    pub fn right_stop(&self) -> Stopper {
        self.strong_stops().1.to_stopper()
    }

    /// The sum of two stoppers: a stopper when no infinite alternating play arises, otherwise
    /// the sided value of the sum.
    pub fn sum(&self, other: &Stopper) -> Result<LoopyValue, LoopyError> {
        if let Some(sum) = self.sum_without_graph(other) {
            return sum;
        }
        let g = self.graph().sum(0, other.graph(), 0);
        LoopyValue::from_graph(&g, 0)
    }

    /// The sum, when it can be found without the product of the two graphs, whose size is the
    /// product of theirs (`2 * (1666 & 0)` once built a graph of 1667^2 positions): a short
    /// game plus a short game is their short sum; a number x plus a stopper is the stopper
    /// translated by x; x over (x under) plus H is (over + H) translated by x.
    fn sum_without_graph(&self, other: &Stopper) -> Option<Result<LoopyValue, LoopyError>> {
        let (short, short_other) = (self.to_game(), other.to_game());
        if let (Some(g), Some(h)) = (short, short_other) {
            return Some(Ok(LoopyValue::from_game(g + h)));
        }
        if let Some(x) = short_other.and_then(Game::to_number) {
            return Some(Ok(LoopyValue::Stopper(self.translate(&x))));
        }
        if let Some(x) = short.and_then(Game::to_number) {
            return Some(Ok(LoopyValue::Stopper(other.translate(&x))));
        }
        // x over + H = (over + H) + x, translated again: the sum's graph would carry a copy of
        // the number part of x over in each of its positions (`1000over + ^`).
        if let Some((x, tilt)) = self.number_and_tilt() {
            return Some(tilt.sum(other).map(|v| v.translate(&x)));
        }
        if let Some((x, tilt)) = other.number_and_tilt() {
            return Some(self.sum(&tilt).map(|v| v.translate(&x)));
        }
        None
    }

    /// x and over (or under) when this is x over (x under) with x not 0.
    fn number_and_tilt(&self) -> Option<(Dyadic, Stopper)> {
        match pseudonumber(self.graph(), 0)? {
            Pseudo::Number(x, tilt) if tilt != 0 && !x.is_zero() => {
                Some((x, if tilt > 0 { over() } else { under() }))
            }
            _ => None,
        }
    }

    /// Who wins when `mover` starts (no draws: play in a stopper alone ends).
    fn winner(&self, mover: Side) -> Winner {
        graph_winner(self.graph(), 0, mover)
    }
}

impl LoopyValue {
    /// The value of the game at vertex `v` of `graph`: its stopper canonical form, or its sided
    /// value (found by sidling) when it is not a stopper.
    pub fn from_graph(graph: &Graph, v: u32) -> Result<LoopyValue, LoopyError> {
        Ok(LoopyValue::all_from_graph(graph, v)?[v as usize]
            .take()
            .expect("the start is reachable from itself"))
    }

    /// The value of every vertex of `graph` reachable from `v` (`None` for the others), found
    /// one strongly connected component at a time.
    pub fn all_from_graph(graph: &Graph, v: u32) -> Result<Vec<Option<LoopyValue>>, LoopyError> {
        let values = components::loopy_values(graph, v)?;
        if values.iter().flatten().all(LoopyValue::is_stopper) {
            return Ok(values);
        }
        // A check that costs one retrograde analysis: equal games have equal outcomes, so the
        // sides must give the outcome of the graph itself.
        let solved = solve_sum(graph, &zero_graph());
        for (w, value) in values.iter().enumerate() {
            let Some(LoopyValue::Sided(_)) = value else {
                continue;
            };
            for mover in [Side::Left, Side::Right] {
                if value.as_ref().unwrap().winner(mover) != solved_winner(&solved, w as u32, mover)
                {
                    return Err(LoopyError::SidesDisagree);
                }
            }
        }
        Ok(values)
    }

    /// A short game as a loopy value.
    pub fn from_game(g: Game) -> LoopyValue {
        LoopyValue::Stopper(Stopper::from_game(g))
    }

    /// `onside & offside`, which must satisfy onside >= offside; equal sides give the stopper.
    pub fn sided(onside: Stopper, offside: Stopper) -> Option<LoopyValue> {
        offside
            .leq(&onside)
            .then(|| LoopyValue::from_sides(onside, offside))
    }

    fn from_sides(onside: Stopper, offside: Stopper) -> LoopyValue {
        if onside == offside {
            LoopyValue::Stopper(onside)
        } else {
            LoopyValue::Sided(SidedValue { onside, offside })
        }
    }

    pub fn onside(&self) -> &Stopper {
        match self {
            LoopyValue::Stopper(s) => s,
            LoopyValue::Sided(v) => &v.onside,
        }
    }

    pub fn offside(&self) -> &Stopper {
        match self {
            LoopyValue::Stopper(s) => s,
            LoopyValue::Sided(v) => &v.offside,
        }
    }

    pub fn as_stopper(&self) -> Option<&Stopper> {
        match self {
            LoopyValue::Stopper(s) => Some(s),
            LoopyValue::Sided(_) => None,
        }
    }

    pub fn is_stopper(&self) -> bool {
        matches!(self, LoopyValue::Stopper(_))
    }

    /// The short game this value is, if its canonical form has no cycle.
    pub fn to_game(&self) -> Option<Game> {
        self.as_stopper()?.to_game()
    }

    /// G + x for a number x: each side translated (the Number Translation Theorem holds for
    /// stoppers, and the sides of G + x are those of G plus x).
    pub fn translate(&self, x: &Dyadic) -> LoopyValue {
        match self {
            LoopyValue::Stopper(s) => LoopyValue::Stopper(s.translate(x)),
            LoopyValue::Sided(v) => LoopyValue::Sided(SidedValue {
                onside: v.onside.translate(x),
                offside: v.offside.translate(x),
            }),
        }
    }

    /// -G: both sides negated and exchanged.
    pub fn negative(&self) -> LoopyValue {
        match self {
            LoopyValue::Stopper(s) => LoopyValue::Stopper(s.negative()),
            LoopyValue::Sided(v) => LoopyValue::Sided(SidedValue {
                onside: v.offside.negative(),
                offside: v.onside.negative(),
            }),
        }
    }

    /// G + H: onsides add by upsum, offsides by downsum (Siegel, CGT, ch. VI).
    pub fn add(&self, other: &LoopyValue) -> Result<LoopyValue, LoopyError> {
        if let (LoopyValue::Stopper(a), LoopyValue::Stopper(b)) = (self, other) {
            return a.sum(b);
        }
        let onside = upsum(self.onside(), other.onside())?;
        let offside = downsum(self.offside(), other.offside())?;
        Ok(LoopyValue::from_sides(onside, offside))
    }

    /// G <= H: G+ <= H+ and G- <= H- (Siegel, CGT, ch. VI).
    pub fn leq(&self, other: &LoopyValue) -> bool {
        self.onside().leq(other.onside()) && self.offside().leq(other.offside())
    }

    /// Who wins when `mover` starts, infinite play a draw: Left wins G exactly when Left wins
    /// G- (where infinite play is Right's), Right wins G exactly when Right wins G+.
    pub fn winner(&self, mover: Side) -> Winner {
        if self.offside().winner(mover) == Winner::Left {
            Winner::Left
        } else if self.onside().winner(mover) == Winner::Right {
            Winner::Right
        } else {
            Winner::Draw
        }
    }

    /// The outcome class with draws.
    pub fn outcome(&self) -> LoopyOutcome {
        LoopyOutcome::from_results(self.winner(Side::Left), self.winner(Side::Right))
    }
}

/// s (+) t, the upsum of stoppers: the onside of s + t (Siegel, CGT, ch. VI).
pub fn upsum(s: &Stopper, t: &Stopper) -> Result<Stopper, LoopyError> {
    if let Some(sum) = s.sum_without_graph(t) {
        return sum.map(|v| v.onside().clone());
    }
    let g = s.graph().sum(0, t.graph(), 0);
    sides::sidle(&g, 0, Side::Left)
}

/// s (-) t, the downsum of stoppers: the offside of s + t.
pub fn downsum(s: &Stopper, t: &Stopper) -> Result<Stopper, LoopyError> {
    if let Some(sum) = s.sum_without_graph(t) {
        return sum.map(|v| v.offside().clone());
    }
    let g = s.graph().sum(0, t.graph(), 0);
    sides::sidle(&g, 0, Side::Right)
}

/// Who wins the game at vertex `v` of `graph` when `mover` starts, by retrograde analysis of the
/// graph itself (infinite play a draw).
pub fn graph_winner(graph: &Graph, v: u32, mover: Side) -> Winner {
    solved_winner(&solve_sum(graph, &zero_graph()), v, mover)
}

/// Who wins at every vertex of `graph` when Left, and when Right, starts: one retrograde
/// analysis for the whole graph.
pub fn graph_winners(graph: &Graph) -> Vec<(Winner, Winner)> {
    let solved = solve_sum(graph, &zero_graph());
    (0..graph.len() as u32)
        .map(|v| {
            (
                solved_winner(&solved, v, Side::Left),
                solved_winner(&solved, v, Side::Right),
            )
        })
        .collect()
}

/// Who wins at vertex `v` of a graph solved alone when `mover` starts.
fn solved_winner(solved: &solve::Solved, v: u32, mover: Side) -> Winner {
    match (play_alone(solved, v, mover), mover) {
        (Play::MoverWins, Side::Left) | (Play::MoverLoses, Side::Right) => Winner::Left,
        (Play::MoverWins, Side::Right) | (Play::MoverLoses, Side::Left) => Winner::Right,
        (Play::Draw, _) => Winner::Draw,
    }
}
