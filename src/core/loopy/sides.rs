//! Sides of games that are not stoppers: the onside G+ (infinite play won by Left) and the
//! offside G- (won by Right), each a stopper when G is stopper-sided, found by sidling (Winning
//! Ways ch. 11 "Sidling"; Siegel, CGT, Sec. VI.5): start with every position equal to `on`
//! (for the onside; `off` for the offside) and replace each position by the canonical form of
//! {its Left options | its Right options}, all at once, until nothing changes. The values only
//! decrease (increase), and when they stop changing they are the sides.

use ahash::AHashMap;

use crate::core::check_interrupt;
use crate::core::short::store::Side;

use super::graph::Graph;
use super::stopper::{simplify_all, Stopper};

/// How many rounds of sidling are tried for a graph of n positions: `SIDLING_ROUNDS + 4n`.
const SIDLING_ROUNDS: usize = 16;

/// Why a loopy value could not be found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyError {
    /// Sidling did not settle: the game may not be stopper-sided, or its side is a stopper that
    /// sidling only reaches in the limit (as `over` = lim {0|1/2^n}).
    SidlingDiverged { side: Side, rounds: usize },
}

impl std::fmt::Display for LoopyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoopyError::SidlingDiverged { side, rounds } => {
                let name = match side {
                    Side::Left => "onside",
                    Side::Right => "offside",
                };
                write!(
                    f,
                    "the {name} of this game was not found by sidling in {rounds} rounds (it may \
                     not be stopper-sided)"
                )
            }
        }
    }
}

/// The `side` (Left: onside, Right: offside) of the game at vertex `start` of `graph`.
///
/// Each round of sidling replaces every position by {its options' approximations}. When the
/// approximations settle, they are the side. When they do not (the side of `over + under` is
/// approached as {on|over}, {{on|over}|over}, ...), each round also ties the knot: in the
/// simplified new approximations, the edges to the old approximation of a position are sent to
/// that position itself; a stopper found so that is accepted when one more round of sidling
/// leaves it unchanged at every position (it is a fixed point of sidling).
pub fn sidle(graph: &Graph, start: u32, side: Side) -> Result<Stopper, LoopyError> {
    let g = graph.restrict(start);
    if g.is_alternating_cycle_free(0) {
        return Ok(Stopper::canonical(&g, 0));
    }
    let n = g.len();
    let seed = match side {
        Side::Left => super::on(),
        Side::Right => super::off(),
    };
    let mut approx: Vec<Stopper> = vec![seed; n];
    let rounds = SIDLING_ROUNDS + 4 * n;
    for _ in 0..rounds {
        check_interrupt();
        let step = Step::new(&g, &approx);
        let next = step.values();
        if next == approx {
            return Ok(approx.swap_remove(0));
        }
        if let Some(fixed) = tie_knot(&g, &step) {
            return Ok(fixed);
        }
        approx = next;
    }
    Err(LoopyError::SidlingDiverged { side, rounds })
}

/// One round of sidling: the distinct approximations side by side, then one new vertex per
/// position whose options are the approximations of its options.
struct Step {
    union: Graph,
    /// Position v is the new vertex `base + v`.
    base: u32,
    /// Where the approximation of position v starts.
    starts: Vec<u32>,
}

impl Step {
    fn new(g: &Graph, approx: &[Stopper]) -> Step {
        let n = g.len();
        let mut union = Graph::new();
        let mut placed: AHashMap<&Stopper, u32> = AHashMap::new();
        let starts: Vec<u32> = approx
            .iter()
            .map(|s| *placed.entry(s).or_insert_with(|| union.append(s.graph())))
            .collect();
        let base = union.len() as u32;
        for _ in 0..n {
            union.add_vertex();
        }
        for v in 0..n as u32 {
            for side in [Side::Left, Side::Right] {
                for &w in g.options(v, side) {
                    union.add_edge(side, base + v, starts[w as usize]);
                }
            }
        }
        Step {
            union,
            base,
            starts,
        }
    }

    /// The new approximations.
    fn values(&self) -> Vec<Stopper> {
        (0..self.starts.len() as u32)
            .map(|v| Stopper::canonical(&self.union, self.base + v))
            .collect()
    }
}

/// The knot tied in a round of sidling (see `sidle`), if it is a stopper and a fixed point.
fn tie_knot(g: &Graph, step: &Step) -> Option<Stopper> {
    let n = g.len();
    let (mut knot, rep) = simplify_all(step.union.clone());
    let mut to_position: AHashMap<u32, u32> = AHashMap::new();
    for w in 0..n {
        to_position
            .entry(rep[step.starts[w] as usize])
            .or_insert(rep[step.base as usize + w]);
    }
    for v in 0..n {
        let top = rep[step.base as usize + v] as usize;
        if top < step.base as usize {
            continue;
        }
        for list in [&mut knot.left[top], &mut knot.right[top]] {
            for t in list.iter_mut() {
                if let Some(&p) = to_position.get(t) {
                    *t = p;
                }
            }
        }
    }
    let mut candidate = Vec::with_capacity(n);
    for v in 0..n {
        let top = rep[step.base as usize + v];
        if !knot.is_alternating_cycle_free(top) {
            return None;
        }
        candidate.push(Stopper::canonical(&knot, top));
    }
    (Step::new(g, &candidate).values() == candidate).then(|| candidate.swap_remove(0))
}
