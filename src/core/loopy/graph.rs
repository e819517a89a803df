//! Game graphs: a finite set of positions, each with Left and Right edges to positions of the
//! same graph (Siegel, *Combinatorial Game Theory*, ch. VI). A short game embeds as the
//! graph of its canonical followers; sums and negatives are graph constructions.

use ahash::{AHashMap, AHashSet};

use crate::core::check_interrupt;
use crate::core::short::store::Side;
use crate::core::Game;

/// The most positions of a short game the loopy engine takes in (a literal such as
/// `99999999999999999999over` would otherwise build a graph of 10^20 positions).
const MAX_EMBEDDED: usize = 1 << 20;

/// The positions with no cycle below them that `Graph::append_sharing` added, by their options.
pub type SharedPositions = AHashMap<(Vec<u32>, Vec<u32>), u32>;

/// A finite game graph: vertex `v` has the Left options `left[v]` and the Right options
/// `right[v]`. Vertices are numbered from 0.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    pub(crate) left: Vec<Vec<u32>>,
    pub(crate) right: Vec<Vec<u32>>,
}

impl Graph {
    pub fn new() -> Graph {
        Graph::default()
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// A new vertex with no options.
    pub fn add_vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// A move for `side` from `from` to `to` (kept once if added twice).
    pub fn add_edge(&mut self, side: Side, from: u32, to: u32) {
        let list = match side {
            Side::Left => &mut self.left[from as usize],
            Side::Right => &mut self.right[from as usize],
        };
        if !list.contains(&to) {
            list.push(to);
        }
    }

    /// The options of `v` for `side`.
    pub fn options(&self, v: u32, side: Side) -> &[u32] {
        match side {
            Side::Left => &self.left[v as usize],
            Side::Right => &self.right[v as usize],
        }
    }

    /// Adds the canonical followers of the short game `g` (each once, shared through `memo`)
    /// and returns the vertex of `g`. Iterative: the depth of `g` does not matter.
    pub fn embed_short(&mut self, g: Game, memo: &mut AHashMap<Game, u32>) -> u32 {
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        refuse_huge_nus(g);
        // The limit is on the positions this game adds, not on the graph: a ruleset's graph
        // may pass it by itself. It is checked as followers are found, not as they are added,
        // because a deep game (a number with 10^20 in it) is found for ever before the first
        // of its positions is added.
        let mut found: AHashSet<Game> = AHashSet::new();
        found.insert(g);
        // Post-order over the canonical followers not yet embedded.
        let mut stack: Vec<(Game, bool)> = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if memo.contains_key(&h) {
                continue;
            }
            check_interrupt();
            let (left, right) = (
                h.options_unordered(Side::Left),
                h.options_unordered(Side::Right),
            );
            if expanded {
                let v = self.add_vertex();
                self.left[v as usize] = left.iter().map(|o| memo[o]).collect();
                self.right[v as usize] = right.iter().map(|o| memo[o]).collect();
                memo.insert(h, v);
            } else {
                stack.push((h, true));
                for o in left.into_iter().chain(right) {
                    if !memo.contains_key(&o) {
                        if found.insert(o) {
                            if found.len() > MAX_EMBEDDED {
                                refuse_too_large();
                            }
                            // A follower 10^20 + x is refused at once, not 2^20 moves later.
                            refuse_huge_nus(o);
                        }
                        stack.push((o, false));
                    }
                }
            }
        }
        memo[&g]
    }

    /// The graph of a short game, its root at vertex 0 when the graph is renumbered by
    /// `restrict`.
    pub fn from_short(g: Game) -> (Graph, u32) {
        let mut graph = Graph::new();
        let v = graph.embed_short(g, &mut AHashMap::new());
        (graph, v)
    }

    /// The negative: Left's and Right's edges exchanged (Siegel, CGT, ch. VI).
    pub fn negative(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The disjoint union: the vertices of `other` follow those of `self`; returns the offset
    /// added to `other`'s vertices.
    pub fn append(&mut self, other: &Graph) -> u32 {
        let offset = self.len() as u32;
        let shift = |list: &Vec<u32>| list.iter().map(|&w| w + offset).collect::<Vec<u32>>();
        self.left.extend(other.left.iter().map(shift));
        self.right.extend(other.right.iter().map(shift));
        offset
    }

    /// The height of each vertex: 0 with no option, else one more than its highest option; and
    /// `u32::MAX` for a vertex from which play can go on for ever (it reaches a cycle). Found from
    /// the ends of play backwards, so without recursion.
    pub(crate) fn heights(&self) -> Vec<u32> {
        let n = self.len();
        let mut before: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut unknown: Vec<usize> = vec![0; n];
        for (v, (left, right)) in self.left.iter().zip(&self.right).enumerate() {
            for &w in left.iter().chain(right) {
                before[w as usize].push(v as u32);
            }
            unknown[v] = left.len() + right.len();
        }
        let mut height = vec![u32::MAX; n];
        let mut ready: Vec<u32> = (0..n as u32)
            .filter(|&v| unknown[v as usize] == 0)
            .collect();
        while let Some(w) = ready.pop() {
            let w = w as usize;
            height[w] = self.left[w]
                .iter()
                .chain(&self.right[w])
                .map(|&x| height[x as usize] + 1)
                .max()
                .unwrap_or(0);
            for &v in &before[w] {
                unknown[v as usize] -= 1;
                if unknown[v as usize] == 0 {
                    ready.push(v);
                }
            }
        }
        height
    }

    /// Adds the positions of `other` and returns the vertex of its vertex 0, sharing each
    /// position with no cycle below it with an equal one added before through the same
    /// `shared` table: two such positions with the same options are the same game. The exits of
    /// one component are stoppers in simplest form, where equal short games are identical
    /// trees, so upon + *k for every k < n brings one copy of each nimber, not n; the graph
    /// they are appended to is compared pair by pair, so its size counts twice.
    pub fn append_sharing(&mut self, other: &Graph, shared: &mut SharedPositions) -> u32 {
        let heights = other.heights();
        let mut cycle_free: Vec<u32> = (0..other.len() as u32)
            .filter(|&v| heights[v as usize] != u32::MAX)
            .collect();
        cycle_free.sort_unstable_by_key(|&v| heights[v as usize]);
        let mut at = vec![u32::MAX; other.len()];
        let mapped = |at: &[u32], list: &[u32]| -> Vec<u32> {
            let mut out: Vec<u32> = list.iter().map(|&w| at[w as usize]).collect();
            out.sort_unstable();
            out.dedup();
            out
        };
        for v in cycle_free {
            let key = (
                mapped(&at, &other.left[v as usize]),
                mapped(&at, &other.right[v as usize]),
            );
            at[v as usize] = match shared.get(&key) {
                Some(&u) => u,
                None => {
                    let u = self.add_vertex();
                    self.left[u as usize] = key.0.clone();
                    self.right[u as usize] = key.1.clone();
                    shared.insert(key, u);
                    u
                }
            };
        }
        let looping: Vec<u32> = (0..other.len() as u32)
            .filter(|&v| at[v as usize] == u32::MAX)
            .collect();
        for &v in &looping {
            at[v as usize] = self.add_vertex();
        }
        for &v in &looping {
            let u = at[v as usize] as usize;
            self.left[u] = mapped(&at, &other.left[v as usize]);
            self.right[u] = mapped(&at, &other.right[v as usize]);
        }
        at[0]
    }

    /// The vertices reachable from `start` (itself included), in breadth-first order.
    pub fn reachable(&self, start: u32) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            i += 1;
            for &w in self.left[v as usize].iter().chain(&self.right[v as usize]) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
        }
        order
    }

    /// The subgraph reachable from `start`, renumbered so that `start` is vertex 0.
    pub fn restrict(&self, start: u32) -> Graph {
        let order = self.reachable(start);
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let map = |list: &Vec<u32>| list.iter().map(|&w| index[w as usize]).collect();
        Graph {
            left: order.iter().map(|&v| map(&self.left[v as usize])).collect(),
            right: order
                .iter()
                .map(|&v| map(&self.right[v as usize]))
                .collect(),
        }
    }

    /// The part of the sum `self + other` (Siegel, CGT, ch. VI) reachable from (a, b), with
    /// (a, b) at vertex 0. A move in the sum is a move in one component.
    pub fn sum(&self, a: u32, other: &Graph, b: u32) -> Graph {
        let mut index: AHashMap<(u32, u32), u32> = AHashMap::new();
        let mut pairs = vec![(a, b)];
        index.insert((a, b), 0);
        let mut graph = Graph::new();
        let mut i = 0;
        while i < pairs.len() {
            if i.is_multiple_of(4096) {
                check_interrupt();
            }
            let (x, y) = pairs[i];
            graph.add_vertex();
            for side in [Side::Left, Side::Right] {
                let targets = self
                    .options(x, side)
                    .iter()
                    .map(|&x2| (x2, y))
                    .chain(other.options(y, side).iter().map(|&y2| (x, y2)));
                let mut list = Vec::new();
                for pair in targets {
                    let next = index.len() as u32;
                    let w = *index.entry(pair).or_insert_with(|| {
                        pairs.push(pair);
                        next
                    });
                    if !list.contains(&w) {
                        list.push(w);
                    }
                }
                match side {
                    Side::Left => graph.left[i] = list,
                    Side::Right => graph.right[i] = list,
                }
            }
            i += 1;
        }
        graph
    }

    /// Whether no cycle can be reached from `start` (the game is loopfree, i.e. short).
    pub fn is_cycle_free(&self, start: u32) -> bool {
        let order = self.reachable(start);
        acyclic(self.len(), &order, |v, out| {
            out.extend(self.left[v as usize].iter().chain(&self.right[v as usize]));
        })
    }

    /// Whether no infinite alternating play can start from a position reachable from `start`:
    /// the game is a stopper (Siegel, CGT, ch. VI).
    pub fn is_alternating_cycle_free(&self, start: u32) -> bool {
        // States 2v (Left to move at v) and 2v + 1 (Right to move).
        let order: Vec<u32> = self
            .reachable(start)
            .iter()
            .flat_map(|&v| [2 * v, 2 * v + 1])
            .collect();
        acyclic(2 * self.len(), &order, |s, out| {
            let (v, side) = (s / 2, if s % 2 == 0 { Side::Left } else { Side::Right });
            let next = 1 - s % 2;
            out.extend(self.options(v, side).iter().map(|&w| 2 * w + next));
        })
    }

    /// Whether every cycle reachable from `start` is a pass (an edge from a vertex to itself):
    /// a plumtree (Winning Ways ch. 11).
    pub fn is_plumtree(&self, start: u32) -> bool {
        let order = self.reachable(start);
        acyclic(self.len(), &order, |v, out| {
            out.extend(
                self.left[v as usize]
                    .iter()
                    .chain(&self.right[v as usize])
                    .filter(|&&w| w != v),
            );
        })
    }

    /// Each vertex's predecessors for each side: `(left, right)` where `left[w]` lists the
    /// vertices with a Left edge to `w`.
    pub(crate) fn reverse(&self) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let n = self.len();
        let (mut left, mut right) = (vec![Vec::new(); n], vec![Vec::new(); n]);
        for v in 0..n {
            for &w in &self.left[v] {
                left[w as usize].push(v as u32);
            }
            for &w in &self.right[v] {
                right[w as usize].push(v as u32);
            }
        }
        (left, right)
    }
}

/// Whether the subgraph on `vertices` (closed under `successors`) has no cycle: Kahn's
/// algorithm, so no recursion.
fn acyclic(size: usize, vertices: &[u32], successors: impl Fn(u32, &mut Vec<u32>)) -> bool {
    let mut indegree = vec![0u32; size];
    let mut out = Vec::new();
    for &v in vertices {
        out.clear();
        successors(v, &mut out);
        for &w in &out {
            indegree[w as usize] += 1;
        }
    }
    let mut ready: Vec<u32> = vertices
        .iter()
        .copied()
        .filter(|&v| indegree[v as usize] == 0)
        .collect();
    let mut removed = 0;
    while let Some(v) = ready.pop() {
        removed += 1;
        out.clear();
        successors(v, &mut out);
        for &w in &out {
            indegree[w as usize] -= 1;
            if indegree[w as usize] == 0 {
                ready.push(w);
            }
        }
    }
    removed == vertices.len()
}

/// Refuses a number, up-multiple or nimber part too large to take in position by position
/// (`99999999999999999999over`): its followers alone would pass [`MAX_EMBEDDED`].
fn refuse_huge_nus(g: Game) {
    let Some(nus) = g.to_nus() else {
        return;
    };
    let limit = crate::core::Integer::from(MAX_EMBEDDED as i64);
    let parts = [nus.number.floor().abs(), nus.ups.abs(), nus.nimber.abs()];
    if parts.iter().any(|p| *p > limit) {
        refuse_too_large();
    }
}

fn refuse_too_large() -> ! {
    crate::core::refuse(format!(
        "a short game with more than {MAX_EMBEDDED} positions is too large for the loopy engine"
    ))
}
