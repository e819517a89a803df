//! Sides of games that are not stoppers: the onside G+ (infinite play won by Left) and the
//! offside G- (won by Right), each a stopper when G is stopper-sided, found by sidling (Winning
//! Ways ch. 11 "Sidling"; Siegel, CGT, ch. VI): start with every position equal to `on` (for
//! the onside; `off` for the offside; a position that is a stopper at its value) and replace
//! each position by the canonical form of {its Left options | its Right options}, all at once,
//! until nothing changes. The values only decrease (increase), and when they stop changing they
//! are the sides.

use ahash::AHashMap;

use crate::core::check_interrupt;
use crate::core::short::store::Side;

use super::components::stopper_values;
use super::graph::Graph;
use super::limits::pseudonumber_limits;
use super::stopper::{simplify_all, Stopper};
use super::unbounded::unbounded_positions;

/// How many rounds of sidling are tried for a graph of n positions: `SIDLING_ROUNDS + 4n`.
const SIDLING_ROUNDS: usize = 16;

/// Why a loopy value could not be found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyError {
    /// Sidling did not settle: the game may not be stopper-sided, or its side is a stopper that
    /// sidling only reaches in the limit (as `over` = lim {0|1/2^n}).
    SidlingDiverged { side: Side, rounds: usize },
    /// The sides found by sidling do not give the outcome of the game itself (a check on
    /// sidling that should never fail).
    SidesDisagree,
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
            LoopyError::SidesDisagree => f.write_str(
                "the sides found by sidling do not give the outcome of this game, so cg declines \
                 to give them",
            ),
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
/// leaves it unchanged at every position (it is a fixed point of sidling), and only once the
/// shape of a round (each position's options, as positions or as stoppers) is the shape of the
/// round before: the approximations then grow by repeating one step, and their limit is the
/// knot. (A knot tied earlier can be a smaller fixed point than the side.)
///
/// Positions whose offside is `on` (onside `off`) are found first by play (`unbounded`) and held
/// there in every round. The rounds then stay below the side and above the plain
/// approximations, so a round that repeats is still the side: `TTT..FF` settles so, where its
/// approximations climb for ever. When the rounds still do not settle, positions whose side is
/// a pseudonumber that the approximations approach for ever (x over for the onside, as 1/2^n
/// approaches `over`; x under for the offside) are found by play (`limits`), held there, and the
/// rounds run again; such a position must then be a fixed point of sidling as well.
pub fn sidle(graph: &Graph, start: u32, side: Side) -> Result<Stopper, LoopyError> {
    let g = graph.restrict(start);
    Ok(sidle_all(&g, side)?.swap_remove(0))
}

/// The `side` of every vertex of `g`, a graph whose vertices are all reachable from vertex 0
/// (see `sidle`).
pub(crate) fn sidle_all(g: &Graph, side: Side) -> Result<Vec<Stopper>, LoopyError> {
    let n = g.len();
    let seed = match side {
        Side::Left => super::on(),
        Side::Right => super::off(),
    };
    // A position that is a stopper starts at its value, which sidling keeps (sidling `off` from
    // `on` would only reach it in the limit: -1, -2, ...).
    let stoppers = stopper_values(g, 0);
    if stoppers.iter().all(Option::is_some) {
        return Ok(stoppers.into_iter().map(Option::unwrap).collect());
    }
    let seeds: Vec<Stopper> = stoppers
        .into_iter()
        .map(|s| s.unwrap_or_else(|| seed.clone()))
        .collect();
    // Positions whose side is the far end (`on` for the offside, `off` for the onside), which
    // sidling would only approach for ever, are held there from the start (see `unbounded`).
    let far = match side {
        Side::Left => super::off(),
        Side::Right => super::on(),
    };
    let mut pins: Vec<Option<Stopper>> = unbounded_positions(g, side)
        .into_iter()
        .map(|p| p.then(|| far.clone()))
        .collect();
    // When the rounds do not settle, positions whose side is a pseudonumber approached in the
    // limit (x over for the onside) are found by play (see `limits`), held there too, and the
    // rounds start again; each try pins at least one more position.
    loop {
        let (last, changing) = match rounds(g, &seeds, &pins) {
            Ok(values) => return Ok(values),
            Err(diverged) => diverged,
        };
        let found = pseudonumber_limits(g, side, &changing, &last);
        let mut added = false;
        for (pin, limit) in pins.iter_mut().zip(found) {
            if pin.is_none() && limit.is_some() {
                *pin = limit;
                added = true;
            }
        }
        if !added {
            return Err(LoopyError::SidlingDiverged {
                side,
                rounds: SIDLING_ROUNDS + 4 * n,
            });
        }
    }
}

/// Rounds of sidling from `seeds`, the positions of `pins` held at their stoppers: the sides
/// when the rounds settle (and the held positions are fixed points too), or else the last
/// approximations and which positions changed in the last round.
fn rounds(
    g: &Graph,
    seeds: &[Stopper],
    pins: &[Option<Stopper>],
) -> Result<Vec<Stopper>, (Vec<Stopper>, Vec<bool>)> {
    let pin = |values: &mut Vec<Stopper>| {
        for (v, p) in pins.iter().enumerate() {
            if let Some(p) = p {
                values[v] = p.clone();
            }
        }
    };
    let mut approx = seeds.to_vec();
    pin(&mut approx);
    let mut last_shape: Vec<Shape> = Vec::new();
    let mut changing = vec![true; g.len()];
    for _ in 0..SIDLING_ROUNDS + 4 * g.len() {
        check_interrupt();
        let step = Step::new(g, &approx);
        let simplified = step.simplified();
        let unpinned = step.values(&simplified);
        let mut next = unpinned.clone();
        pin(&mut next);
        if next == approx {
            // A position held at a limit found by play must be a fixed point as well: its
            // options' sides give it back (the far ends of `unbounded` are not checked so, as
            // sidling never reaches them).
            let limits_hold = pins.iter().zip(&unpinned).all(|(p, u)| match p {
                Some(p) if *p != super::on() && *p != super::off() => p == u,
                _ => true,
            });
            return if limits_hold {
                Ok(approx)
            } else {
                Err((approx, vec![false; g.len()]))
            };
        }
        let (knot, shape) = tie_knot(g, &step, simplified);
        if shape == last_shape {
            if let Some(fixed) = knot {
                return Ok(fixed);
            }
        }
        last_shape = shape;
        changing = approx.iter().zip(&next).map(|(a, b)| a != b).collect();
        approx = next;
    }
    Err((approx, changing))
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

    /// The whole union simplified once (each vertex's representative, every edge to one).
    fn simplified(&self) -> (Graph, Vec<u32>) {
        simplify_all(self.union.clone())
    }

    /// The new approximations, read from the simplified union.
    fn values(&self, (simplified, rep): &(Graph, Vec<u32>)) -> Vec<Stopper> {
        (0..self.starts.len())
            .map(|v| Stopper::from_simplified(simplified, rep[self.base as usize + v]))
            .collect()
    }
}

/// An option in the shape of a round: the approximation of a position, or a stopper.
#[derive(Clone, PartialEq, Eq)]
enum Shaped {
    Position(u32),
    Value(Stopper),
}

/// The options of one position in a round, Left then Right.
type Shape = (Vec<Shaped>, Vec<Shaped>);

/// The knot tied in a round of sidling (see `sidle`), if it is a stopper and a fixed point (the
/// value of every position), and the shape of the round.
fn tie_knot(
    g: &Graph,
    step: &Step,
    simplified: (Graph, Vec<u32>),
) -> (Option<Vec<Stopper>>, Vec<Shape>) {
    let n = g.len();
    let (mut knot, rep) = simplified;
    // The (first) position whose old approximation starts at each vertex.
    let mut position_of: AHashMap<u32, u32> = AHashMap::new();
    for w in 0..n {
        position_of
            .entry(rep[step.starts[w] as usize])
            .or_insert(w as u32);
    }
    let shaped = |list: &[u32]| -> Vec<Shaped> {
        let mut out: Vec<Shaped> = list
            .iter()
            .map(|t| match position_of.get(t) {
                Some(&w) => Shaped::Position(w),
                None => Shaped::Value(Stopper::canonical(&knot, *t)),
            })
            .collect();
        out.sort_by_key(|s| match s {
            Shaped::Position(w) => (0, *w, String::new()),
            Shaped::Value(v) => (1, 0, v.to_string()),
        });
        out
    };
    let shape: Vec<Shape> = (0..n)
        .map(|v| {
            let top = rep[step.base as usize + v];
            (
                shaped(knot.options(top, Side::Left)),
                shaped(knot.options(top, Side::Right)),
            )
        })
        .collect();
    // Each position gets a vertex of its own, with the options of its new approximation and
    // every edge to the old approximation of a position sent to that position's vertex. (A
    // new approximation may be a vertex of the old ones, as n + 1 is a follower of n + 2 when
    // the approximations climb the integers towards `on`; rewiring it in place would change
    // the old approximations too.)
    let own: Vec<u32> = (0..n).map(|_| knot.add_vertex()).collect();
    for v in 0..n {
        let top = rep[step.base as usize + v];
        for side in [Side::Left, Side::Right] {
            let targets: Vec<u32> = knot
                .options(top, side)
                .iter()
                .map(|t| match position_of.get(t) {
                    Some(&w) => own[w as usize],
                    None => *t,
                })
                .collect();
            for t in targets {
                knot.add_edge(side, own[v], t);
            }
        }
    }
    // Every position's vertex, as one graph reached from an extra root.
    let root = knot.add_vertex();
    for &o in &own {
        knot.add_edge(Side::Left, root, o);
    }
    let values = stopper_values(&knot, root);
    let mut candidate = Vec::with_capacity(n);
    for v in 0..n {
        match &values[own[v] as usize] {
            Some(s) => candidate.push(s.clone()),
            None => return (None, shape),
        }
    }
    let check = Step::new(g, &candidate);
    let fixed = check.values(&check.simplified()) == candidate;
    (fixed.then_some(candidate), shape)
}
