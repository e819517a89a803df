//! Stoppers in canonical (simplest) form.
//!
//! A stopper is a game from no position of which an infinite alternating play can start
//! (Siegel, CGT, ch. VI). Its simplest form is found as in Siegel, CGT ch. VI and
//! Winning Ways ch. 11: fuse equal positions, delete dominated options and bypass reversible
//! ones, each position keeping its value, until nothing changes. The simplest form of a stopper
//! is unique up to isomorphism of graphs (Siegel, "Loopy games", Games of No Chance 3, 2009), so
//! numbering the positions of the simplest form canonically makes equality of stoppers equality
//! of their graphs.

use std::rc::Rc;

use crate::core::check_interrupt;
use crate::core::short::store::Side;
use crate::core::Game;

use super::components::stopper_values;
use super::graph::Graph;
use super::solve::{stopper_leq, stopper_order};

/// A stopper in canonical form: its graph, numbered canonically, the game itself at vertex 0.
/// Two stoppers are equal when their graphs are.
#[derive(Clone)]
pub struct Stopper {
    graph: Rc<Graph>,
    /// The short game, when the stopper was made from one. Finding it again from the graph
    /// canonicalises every position anew, which for *n costs about n^3 comparisons.
    short: Option<Game>,
}

impl PartialEq for Stopper {
    fn eq(&self, other: &Stopper) -> bool {
        self.graph == other.graph
    }
}

impl Eq for Stopper {}

impl std::hash::Hash for Stopper {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.graph.hash(state);
    }
}

impl Stopper {
    /// The canonical form of the stopper at vertex `start` of `graph`. The caller has checked
    /// that it is a stopper (`Graph::is_alternating_cycle_free`).
    /// The graph is valued one strongly connected component at a time (`components`).
    pub fn canonical(graph: &Graph, start: u32) -> Stopper {
        stopper_values(graph, start)[start as usize]
            .take()
            .expect("the caller checked that the game is a stopper")
    }

    /// The stopper at vertex `v` of a graph that `simplify_all` returned (every position
    /// simplified, equal ones fused).
    pub(crate) fn from_simplified(simplified: &Graph, v: u32) -> Stopper {
        Stopper::numbered(&simplified.restrict(v))
    }

    /// The stopper of a graph in simplest form whose game is vertex 0.
    fn numbered(simplest: &Graph) -> Stopper {
        Stopper {
            graph: Rc::new(canonical_numbering(simplest)),
            short: None,
        }
    }

    /// The short game `g` as a stopper (a short game is a stopper whose graph has no cycle).
    pub fn from_game(g: Game) -> Stopper {
        let (graph, v) = Graph::from_short(g);
        Stopper {
            short: Some(g),
            ..Stopper::numbered(&graph.restrict(v))
        }
    }

    /// The graph of the canonical form; the game is vertex 0.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The position at vertex `v` of this stopper's graph, as a stopper of its own.
    pub fn follower(&self, v: u32) -> Stopper {
        if v == 0 {
            return self.clone();
        }
        Stopper::numbered(&self.graph.restrict(v))
    }

    /// The short game this stopper is, when its graph has no cycle.
    pub fn to_game(&self) -> Option<Game> {
        if self.short.is_some() {
            return self.short;
        }
        if !self.graph.is_cycle_free(0) {
            return None;
        }
        Some(short_value(&self.graph, 0))
    }

    pub fn is_loopfree(&self) -> bool {
        self.short.is_some() || self.graph.is_cycle_free(0)
    }

    /// The negative (Left and Right exchanged).
    pub fn negative(&self) -> Stopper {
        Stopper {
            short: self.short.map(|g| -g),
            ..Stopper::numbered(&self.graph.negative())
        }
    }

    /// G <= H: Left survives H - G moving second (Siegel, CGT, ch. VI). Two stoppers made from
    /// short games are compared as short games, which asks about far fewer pairs of positions.
    pub fn leq(&self, other: &Stopper) -> bool {
        if self == other {
            return true;
        }
        if let (Some(g), Some(h)) = (self.short, other.short) {
            return g.leq(h);
        }
        stopper_leq(&self.graph, 0, &other.graph, 0)
    }

    /// The options for `side`, each a stopper.
    pub fn options(&self, side: Side) -> Vec<Stopper> {
        self.graph
            .options(0, side)
            .iter()
            .map(|&v| self.follower(v))
            .collect()
    }

    /// Every position of the canonical form, each a stopper (G itself first).
    pub fn followers(&self) -> Vec<Stopper> {
        (0..self.graph.len() as u32)
            .map(|v| self.follower(v))
            .collect()
    }

    /// The number of positions of the canonical form.
    pub fn follower_count(&self) -> usize {
        self.graph.len()
    }
}

impl Stopper {
    /// G + x for a number x, by the Number Translation Theorem, which holds for stoppers
    /// (Siegel, CGT, ch. VI; Winning Ways ch. 11): a position that is not a number moves to its
    /// options plus x, so the canonical form of G + x is that of G with each short position H
    /// replaced by the canonical form of H + x (translation keeps the order, so nothing becomes
    /// dominated, reversible or equal to another position). This costs one pass over G, where
    /// the sum's graph would carry a copy of G for every position of x (`1000over + 5`).
    pub fn translate(&self, x: &crate::core::Dyadic) -> Stopper {
        let shift = Game::number(x.clone());
        let graph = self.graph();
        let short = short_positions(graph);
        let mut translated = Graph::new();
        let mut memo = ahash::AHashMap::new();
        let index: Vec<u32> = short
            .iter()
            .map(|h| match h {
                Some(h) => translated.embed_short(*h + shift, &mut memo),
                None => translated.add_vertex(),
            })
            .collect();
        for v in 0..graph.len() {
            if short[v].is_some() {
                continue;
            }
            for side in [Side::Left, Side::Right] {
                for &w in graph.options(v as u32, side) {
                    translated.add_edge(side, index[v], index[w as usize]);
                }
            }
        }
        Stopper {
            short: self.short.map(|g| g + shift),
            ..Stopper::numbered(&translated.restrict(index[0]))
        }
    }
}

/// The short game of every position of `graph` from which no cycle can be reached (`None` for
/// the others): positions are taken once all their options are known, sinks first, so the
/// positions never taken are those that reach a cycle.
pub(crate) fn short_positions(graph: &Graph) -> Vec<Option<Game>> {
    let n = graph.len();
    let (rev_left, rev_right) = graph.reverse();
    let mut pending: Vec<usize> = (0..n)
        .map(|v| graph.left[v].len() + graph.right[v].len())
        .collect();
    let mut ready: Vec<u32> = (0..n as u32)
        .filter(|&v| pending[v as usize] == 0)
        .collect();
    let mut value: Vec<Option<Game>> = vec![None; n];
    while let Some(v) = ready.pop() {
        let options = |list: &[u32]| -> Vec<Game> {
            list.iter()
                .map(|&w| value[w as usize].expect("taken"))
                .collect()
        };
        let (l, r) = (
            options(&graph.left[v as usize]),
            options(&graph.right[v as usize]),
        );
        value[v as usize] = Some(Game::from_options(&l, &r));
        for &p in rev_left[v as usize].iter().chain(&rev_right[v as usize]) {
            pending[p as usize] -= 1;
            if pending[p as usize] == 0 {
                ready.push(p);
            }
        }
    }
    value
}

/// The short game at vertex `v` of a graph with no cycle reachable from `v`. Iterative.
pub(crate) fn short_value(graph: &Graph, v: u32) -> Game {
    let mut value: Vec<Option<Game>> = vec![None; graph.len()];
    let mut stack = vec![(v, false)];
    while let Some((w, expanded)) = stack.pop() {
        if value[w as usize].is_some() {
            continue;
        }
        let (left, right) = (&graph.left[w as usize], &graph.right[w as usize]);
        if expanded {
            let l: Vec<Game> = left.iter().map(|&o| value[o as usize].unwrap()).collect();
            let r: Vec<Game> = right.iter().map(|&o| value[o as usize].unwrap()).collect();
            value[w as usize] = Some(Game::from_options(&l, &r));
        } else {
            stack.push((w, true));
            for &o in left.iter().chain(right) {
                if value[o as usize].is_none() {
                    stack.push((o, false));
                }
            }
        }
    }
    value[v as usize].unwrap()
}

/// Every position of a stopper graph simplified and equal positions fused: the graph (same
/// vertex numbers, every edge pointing to the representative of its class) and each vertex's
/// representative. Every position first loses its dominated and reversible options, then equal
/// positions are fused. (Fusing first could close an alternating cycle: {*|*} and 0 are equal,
/// and sending the edges of 0 to {*|*} would make * = {{*|*}|{*|*}} loop.)
pub(crate) fn simplify_all(graph: Graph) -> (Graph, Vec<u32>) {
    let n = graph.len();
    let le = stopper_order(&graph);
    let leq = |u: u32, v: u32| le[u as usize * n + v as usize];
    let mut g = graph;
    // Each position keeps its value, so the order computed above stays valid throughout. In a
    // stopper the rounds end (each bypass follows an alternating play, and those are finite);
    // the bound only keeps a wrong caller from looping, every round keeping the values.
    for _ in 0..4 * n + 16 {
        let mut changed = false;
        for v in 0..n as u32 {
            check_interrupt();
            changed |= bypass_reversible(&mut g, v, Side::Left, &leq);
            changed |= bypass_reversible(&mut g, v, Side::Right, &leq);
            changed |= delete_dominated(&mut g, v, Side::Left, &leq);
            changed |= delete_dominated(&mut g, v, Side::Right, &leq);
        }
        if !changed {
            break;
        }
    }
    // Fuse equal positions: every edge points to the least vertex of its class.
    let mut representative: Vec<u32> = (0..n as u32).collect();
    for v in 0..n as u32 {
        for u in 0..v {
            if representative[u as usize] == u && leq(u, v) && leq(v, u) {
                representative[v as usize] = u;
                break;
            }
        }
    }
    let fuse = |list: &[u32]| -> Vec<u32> {
        let mut out: Vec<u32> = Vec::new();
        for &w in list {
            let r = representative[w as usize];
            if !out.contains(&r) {
                out.push(r);
            }
        }
        out
    };
    let fused = Graph {
        left: g.left.iter().map(|l| fuse(l)).collect(),
        right: g.right.iter().map(|r| fuse(r)).collect(),
    };
    (fused, representative)
}

/// Bypasses the reversible options of `v` for `side`: a Left option x is reversible when some
/// Right option y of x has y <= v, and is then replaced by y's Left options (Siegel, CGT,
/// ch. VI; in a stopper the replacement terminates, no alternating play being infinite).
fn bypass_reversible(g: &mut Graph, v: u32, side: Side, leq: &impl Fn(u32, u32) -> bool) -> bool {
    let mut changed = false;
    let mut steps = 0usize;
    'restart: loop {
        let options = g.options(v, side).to_vec();
        for (i, &x) in options.iter().enumerate() {
            let reversal = g
                .options(x, opposite(side))
                .iter()
                .copied()
                .find(|&y| match side {
                    Side::Left => leq(y, v),
                    Side::Right => leq(v, y),
                });
            if let Some(y) = reversal {
                let mut replaced: Vec<u32> = options.clone();
                replaced.remove(i);
                for &z in g.options(y, side) {
                    if !replaced.contains(&z) {
                        replaced.push(z);
                    }
                }
                match side {
                    Side::Left => g.left[v as usize] = replaced,
                    Side::Right => g.right[v as usize] = replaced,
                }
                changed = true;
                steps += 1;
                // A stopper has no infinite alternating play, so this ends; the bound only
                // guards against a caller that passed a game that is not a stopper.
                if steps > 4 * g.len() * g.len() + 16 {
                    break 'restart;
                }
                continue 'restart;
            }
        }
        break;
    }
    changed
}

/// Deletes the options of `v` for `side` that another option dominates.
fn delete_dominated(g: &mut Graph, v: u32, side: Side, leq: &impl Fn(u32, u32) -> bool) -> bool {
    let options = g.options(v, side).to_vec();
    let kept: Vec<u32> = options
        .iter()
        .copied()
        .filter(|&x| {
            !options.iter().any(|&z| {
                let (below, above) = match side {
                    Side::Left => (x, z),
                    Side::Right => (z, x),
                };
                // x is dominated by z, or equal to z and z comes first.
                z != x && leq(below, above) && (!leq(above, below) || z < x)
            })
        })
        .collect();
    if kept.len() == options.len() {
        return false;
    }
    match side {
        Side::Left => g.left[v as usize] = kept,
        Side::Right => g.right[v as usize] = kept,
    }
    true
}

/// Whether the options of every vertex, on each side, have distinct colours.
fn options_told_apart(graph: &Graph, colour: &[u32]) -> bool {
    let mut seen: Vec<u32> = Vec::new();
    graph.left.iter().chain(&graph.right).all(|list| {
        if list.len() < 2 {
            return true;
        }
        seen.clear();
        seen.extend(list.iter().map(|&w| colour[w as usize]));
        seen.sort_unstable();
        seen.windows(2).all(|pair| pair[0] != pair[1])
    })
}

pub(crate) fn opposite(side: Side) -> Side {
    match side {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

/// Renumbers a graph whose game is vertex 0 so that isomorphic graphs come out identical.
///
/// Colour refinement (each vertex's colour refined by the sets of its options' colours, new
/// colours ranked by their sorted signatures) is invariant under isomorphism; in a simplest form
/// no two vertices are equal, so none are bisimilar, so the stable colours are all distinct and
/// give a canonical order. Vertices are then numbered breadth-first from 0, options in colour
/// order, and option lists are sorted by the new numbers.
///
/// The numbering only needs the options of each vertex told apart, so refinement stops at the
/// first round where they are (the round and the colours are themselves invariant), without
/// waiting for every vertex to be told apart: the integer n, a chain of n + 1 positions each
/// with one option, needs no round at all where the stable colours would take n rounds.
/// Refinement starts from the heights of the vertices (`Graph::heights`), an invariant that already
/// tells apart the options of *n, which would otherwise take n rounds over its n^2 / 2 edges.
pub(crate) fn canonical_numbering(graph: &Graph) -> Graph {
    let n = graph.len();
    let mut colour = graph.heights();
    let mut classes = {
        let mut distinct = colour.clone();
        distinct.sort_unstable();
        distinct.dedup();
        distinct.len()
    };
    loop {
        check_interrupt();
        if options_told_apart(graph, &colour) {
            break;
        }
        let signature = |v: usize| {
            let mut l: Vec<u32> = graph.left[v].iter().map(|&w| colour[w as usize]).collect();
            let mut r: Vec<u32> = graph.right[v].iter().map(|&w| colour[w as usize]).collect();
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            (colour[v], l, r)
        };
        let signatures: Vec<_> = (0..n).map(signature).collect();
        let mut sorted: Vec<&_> = signatures.iter().collect();
        sorted.sort();
        sorted.dedup();
        let next: Vec<u32> = signatures
            .iter()
            .map(|s| sorted.binary_search(&s).unwrap() as u32)
            .collect();
        let count = sorted.len();
        colour = next;
        if count == classes {
            break;
        }
        classes = count;
    }
    // Breadth-first from 0, options visited in colour order (ties, which only a graph that is
    // not simplest can have, keep the given order).
    let by_colour = |list: &Vec<u32>| {
        let mut l = list.clone();
        l.sort_by_key(|&w| colour[w as usize]);
        l
    };
    let mut index = vec![u32::MAX; n];
    let mut order = vec![0u32];
    index[0] = 0;
    let mut i = 0;
    while i < order.len() {
        let v = order[i] as usize;
        i += 1;
        for w in by_colour(&graph.left[v])
            .into_iter()
            .chain(by_colour(&graph.right[v]))
        {
            if index[w as usize] == u32::MAX {
                index[w as usize] = order.len() as u32;
                order.push(w);
            }
        }
    }
    let map = |list: &Vec<u32>| {
        let mut l: Vec<u32> = list.iter().map(|&w| index[w as usize]).collect();
        l.sort_unstable();
        l.dedup();
        l
    };
    Graph {
        left: order
            .iter()
            .map(|&v| map(&graph.left[v as usize]))
            .collect(),
        right: order
            .iter()
            .map(|&v| map(&graph.right[v as usize]))
            .collect(),
    }
}
