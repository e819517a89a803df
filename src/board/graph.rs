//! `Graph`: finite simple graphs and digraphs with labelled vertices, their Cartesian
//! products, distances, geodesic intervals and geodetic convex hulls.
//!
//! The convexity notions follow Benesh, Ernst, Meyer, Salmon and Sieben, "Impartial geodetic
//! removing games on grid graphs" (2025), section 2.1 (after Pelayo, *Geodesic Convexity in
//! Graphs*, 2013):
//!
//! - a *geodesic* is a shortest path between two vertices;
//! - the *geodesic interval* `I[u, v]` is the set of vertices on the geodesics from `u` to `v`
//!   ([`Graph::interval`]);
//! - the *geodetic closure* `I[S]` of a set `S` is the union of the intervals between pairs of
//!   its elements ([`Graph::geodetic_closure`]); it is not a closure operator, despite its name;
//! - a set `K` is *(geodetically) convex* if it contains every vertex on the geodesics between
//!   its elements, that is `I[K] = K` ([`Graph::is_convex`]);
//! - the *convex hull* `[S]` is the smallest convex set containing `S`, the intersection of the
//!   convex sets containing `S`; it is reached by applying the geodetic closure until the set
//!   stops growing ([`Graph::convex_hull`]);
//! - `S` is a *geodetic set* if `I[S] = V` ([`Graph::is_geodetic_set`]) and a *hull set* if
//!   `[S] = V` ([`Graph::is_hull_set`]). The removing games of the paper ask whether
//!   `[V \ P] = V`: the achievement game TER ends as soon as it fails, the avoidance game DNT
//!   only allows moves that keep it.
//!
//! For digraphs the same definitions are used with directed distances: `I[u, v]` is the set of
//! vertices on shortest directed paths from `u` to `v`, and a convex set must contain both
//! `I[u, v]` and `I[v, u]` for each pair of its elements. If there is no path from `u` to `v`,
//! `I[u, v]` is empty; `I[u, u] = {u}`.

use std::cell::{OnceCell, RefCell};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::rc::Rc;

use super::bitset::BitSet;

/// A set of vertices of a [`Graph`], by vertex index.
pub type VertexSet = BitSet;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 1 << 22;

/// The most arcs a graph may have (an undirected edge counts as two arcs).
pub const MAX_ARCS: usize = 1 << 26;

/// Distance matrices are kept for graphs of at most this many vertices; larger graphs compute
/// breadth-first searches on demand.
const MATRIX_LIMIT: usize = 1024;

/// Graphs of at most this many vertices share the many-slot geodesics cache; larger ones the
/// few-slot one.
const SMALL_LIMIT: usize = 64;

/// The table of all geodesic intervals is kept for graphs of at most this many vertices.
const INTERVAL_LIMIT: usize = 256;

const INF: u32 = u32::MAX;

/// The label of a vertex: an integer, or a tuple of labels, such as `(i, j)` for the vertices
/// of a product.
///
/// Ordered with every integer before every tuple, integers by value and tuples
/// lexicographically. Displayed as `3` or `(1, 2)`.
///
/// ```
/// use cg::board::VertexLabel;
/// let v = VertexLabel::from((1, 2));
/// assert_eq!(v.to_string(), "(1, 2)");
/// assert_eq!(v.coords(), Some(vec![1, 2]));
/// assert!(VertexLabel::from(7) < v);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VertexLabel {
    /// An integer label.
    Int(i64),
    /// A tuple of labels.
    Tuple(Rc<[VertexLabel]>),
}

impl VertexLabel {
    /// The tuple of the given labels.
    pub fn tuple(parts: impl IntoIterator<Item = VertexLabel>) -> VertexLabel {
        VertexLabel::Tuple(parts.into_iter().collect())
    }

    /// The integer, if this is an integer label.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            VertexLabel::Int(i) => Some(*i),
            VertexLabel::Tuple(_) => None,
        }
    }

    /// The elements, if this is a tuple.
    pub fn as_tuple(&self) -> Option<&[VertexLabel]> {
        match self {
            VertexLabel::Int(_) => None,
            VertexLabel::Tuple(t) => Some(t),
        }
    }

    /// The coordinates: `[i]` for an integer, `[i, j, ...]` for a tuple of integers, `None` for
    /// a tuple containing a tuple.
    pub fn coords(&self) -> Option<Vec<i64>> {
        match self {
            VertexLabel::Int(i) => Some(vec![*i]),
            VertexLabel::Tuple(t) => t.iter().map(VertexLabel::as_int).collect(),
        }
    }
}

impl From<i64> for VertexLabel {
    fn from(i: i64) -> VertexLabel {
        VertexLabel::Int(i)
    }
}

impl From<i32> for VertexLabel {
    fn from(i: i32) -> VertexLabel {
        VertexLabel::Int(i64::from(i))
    }
}

impl From<(i64, i64)> for VertexLabel {
    fn from((a, b): (i64, i64)) -> VertexLabel {
        VertexLabel::tuple([VertexLabel::Int(a), VertexLabel::Int(b)])
    }
}

impl From<(i32, i32)> for VertexLabel {
    fn from((a, b): (i32, i32)) -> VertexLabel {
        VertexLabel::from((i64::from(a), i64::from(b)))
    }
}

impl From<(i64, i64, i64)> for VertexLabel {
    fn from((a, b, c): (i64, i64, i64)) -> VertexLabel {
        VertexLabel::tuple([a, b, c].map(VertexLabel::Int))
    }
}

impl From<(i32, i32, i32)> for VertexLabel {
    fn from((a, b, c): (i32, i32, i32)) -> VertexLabel {
        VertexLabel::from((i64::from(a), i64::from(b), i64::from(c)))
    }
}

impl From<&[i64]> for VertexLabel {
    fn from(t: &[i64]) -> VertexLabel {
        VertexLabel::tuple(t.iter().map(|&i| VertexLabel::Int(i)))
    }
}

impl fmt::Display for VertexLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VertexLabel::Int(i) => write!(f, "{i}"),
            VertexLabel::Tuple(t) => {
                f.write_str("(")?;
                for (k, x) in t.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                if t.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Debug for VertexLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a graph could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// An edge from a vertex to itself (graphs are simple).
    SelfLoop(VertexLabel),
    /// More than [`MAX_VERTICES`] vertices or [`MAX_ARCS`] arcs.
    TooLarge {
        /// The number of vertices asked for.
        vertices: usize,
        /// The number of arcs asked for (an upper bound for products).
        arcs: usize,
    },
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GraphError::SelfLoop(v) => write!(
                f,
                "edge from vertex {v} to itself: graphs are simple (no loops)"
            ),
            GraphError::TooLarge { vertices, arcs } => write!(
                f,
                "graph too large ({vertices} vertices, {arcs} arcs): at most {MAX_VERTICES} \
                 vertices and {MAX_ARCS} arcs"
            ),
        }
    }
}

impl std::error::Error for GraphError {}

/// A finite simple graph, undirected or directed, whose vertices carry distinct
/// [`VertexLabel`]s.
///
/// An immutable value, cheap to clone (an `Rc`), hashable (a fingerprint computed once at
/// construction) and ordered. Two graphs are equal when they have the same directedness, the
/// same vertex labels and the same edges between equal labels; no isomorphism test is made.
///
/// Vertices are numbered `0..vertex_count()` in increasing order of label, and the methods
/// take and return these indices ([`label`](Graph::label) and [`vertex`](Graph::vertex)
/// convert). Deleting vertices renumbers the rest but keeps their labels, so labels are the
/// stable names of vertices. Methods given a vertex index panic if it is not below
/// `vertex_count()` (vertex sets may hold larger indices: they are ignored).
///
/// Distances are computed on first use and kept in a small thread-local cache keyed by the
/// graph (for graphs of up to 1024 vertices; larger graphs search on demand), as is the table of
/// all geodesic intervals (up to 256 vertices); see [`clear_geodesics_cache`]. The graph value
/// itself holds no caches: it has no interior mutability and can be a hash-map key.
///
/// ```
/// use cg::board::{Graph, VertexLabel};
/// let g = Graph::path(3).product(&Graph::path(3));      // the 3 x 3 grid graph
/// assert_eq!(g.to_string(), "Graph(vertices 9, edges 12)");
/// let corner = g.vertex(&VertexLabel::from((0, 0))).unwrap();
/// let far = g.vertex(&VertexLabel::from((2, 2))).unwrap();
/// assert_eq!(g.distance(corner, far), Some(4));
/// assert_eq!(g.interval(corner, far).len(), 9);        // every vertex is on a geodesic
/// ```
#[derive(Clone)]
pub struct Graph(Rc<Inner>);

struct Inner {
    directed: bool,
    /// Strictly increasing.
    labels: Rc<[VertexLabel]>,
    /// Out-neighbours of `v`: `out[out_start[v]..out_start[v + 1]]`, increasing.
    out_start: Box<[u32]>,
    out: Box<[u32]>,
    /// In-neighbours, likewise (empty for undirected graphs, where they are the out-lists).
    in_start: Box<[u32]>,
    inn: Box<[u32]>,
    fingerprint: u64,
}

/// Distances and intervals of one graph (of at most `MATRIX_LIMIT` vertices), kept in a
/// thread-local cache rather than in the graph, so that graphs have no interior mutability
/// and can be hash-map keys (clippy's `mutable_key_type`).
struct Geodesics {
    /// Row-major `n x n` distances `d(u, v)` (`INF` if unreachable).
    fwd: Box<[u32]>,
    /// The transpose of `fwd` (`d(v, u)` at `u * n + v`), for directed graphs.
    bwd: Option<Box<[u32]>>,
    /// `I[u, v]` as `words` 64-bit words at `(u * n + v) * words`, when `n <= INTERVAL_LIMIT`.
    intervals: OnceCell<Option<Box<[u64]>>>,
    /// The eccentricity of each vertex: its largest finite distance to another vertex.
    ecc: Box<[u32]>,
}

/// Direct-mapped caches of `Geodesics`, indexed by fingerprint: many slots for small graphs,
/// a few for large ones (whose tables take megabytes).
struct GeodesicsCache {
    small: Vec<Option<(Graph, Rc<Geodesics>)>>,
    large: Vec<Option<(Graph, Rc<Geodesics>)>>,
}

thread_local! {
    static GEODESICS: RefCell<GeodesicsCache> = RefCell::new(GeodesicsCache {
        small: vec![None; 64],
        large: vec![None; 4],
    });
}

/// Empties this thread's cache of distance matrices and interval tables (they are recomputed
/// when next needed). Graphs of up to 1024 vertices keep theirs in a small direct-mapped
/// cache; this releases the memory.
pub fn clear_geodesics_cache() {
    GEODESICS.with(|c| {
        let mut c = c.borrow_mut();
        c.small.iter_mut().for_each(|s| *s = None);
        c.large.iter_mut().for_each(|s| *s = None);
    });
}

fn fingerprint(directed: bool, labels: &[VertexLabel], out_start: &[u32], out: &[u32]) -> u64 {
    let state = ahash::RandomState::with_seeds(
        0x243f_6a88_85a3_08d3,
        0x1319_8a2e_0370_7344,
        0xa409_3822_299f_31d0,
        0x082e_fa98_ec4e_6c89,
    );
    let mut h = state.build_hasher();
    directed.hash(&mut h);
    labels.hash(&mut h);
    out_start.hash(&mut h);
    out.hash(&mut h);
    h.finish()
}

/// Builds compressed adjacency lists from arcs, which are sorted and deduplicated here.
fn csr(n: usize, arcs: &mut Vec<(u32, u32)>) -> (Box<[u32]>, Box<[u32]>) {
    if !arcs.windows(2).all(|w| w[0] < w[1]) {
        arcs.sort_unstable();
        arcs.dedup();
    }
    let mut start = vec![0u32; n + 1];
    for &(u, _) in arcs.iter() {
        start[u as usize + 1] += 1;
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let targets: Box<[u32]> = arcs.iter().map(|&(_, v)| v).collect();
    (start.into(), targets)
}

fn check_size(vertices: usize, arcs: usize) -> Result<(), GraphError> {
    if vertices > MAX_VERTICES || arcs > MAX_ARCS {
        Err(GraphError::TooLarge { vertices, arcs })
    } else {
        Ok(())
    }
}

/// How the labels of a product's factor enter the product's tuples: a factor whose labels
/// are all tuples of one length `k` contributes their `k` elements, any other factor its
/// labels whole. So `path(3) * path(3) * path(3)` has the vertices `(i, j, k)`, and the
/// product's labels are always distinct and in the order of the pairs.
fn label_parts(labels: &[VertexLabel]) -> impl Fn(&VertexLabel) -> Vec<VertexLabel> {
    let arity = match labels.first() {
        Some(VertexLabel::Tuple(t)) => Some(t.len()),
        _ => None,
    };
    let uniform = arity.is_some()
        && labels
            .iter()
            .all(|l| matches!(l, VertexLabel::Tuple(t) if Some(t.len()) == arity));
    move |l: &VertexLabel| match l {
        VertexLabel::Tuple(t) if uniform => t.to_vec(),
        _ => vec![l.clone()],
    }
}

impl Graph {
    /// Builds a graph from labels that are strictly increasing and arcs between their indices
    /// (with no loops). For undirected graphs each edge may be given in either direction or
    /// both; repeated arcs are merged.
    pub(crate) fn from_sorted_labels(
        directed: bool,
        labels: Vec<VertexLabel>,
        arcs: &[(usize, usize)],
    ) -> Graph {
        let mut a: Vec<(u32, u32)> = Vec::with_capacity(arcs.len() * 2);
        for &(u, v) in arcs {
            debug_assert!(u != v);
            a.push((u as u32, v as u32));
            if !directed {
                a.push((v as u32, u as u32));
            }
        }
        Graph::from_arcs(directed, labels.into(), a)
    }

    fn from_arcs(directed: bool, labels: Rc<[VertexLabel]>, mut arcs: Vec<(u32, u32)>) -> Graph {
        debug_assert!(labels.windows(2).all(|w| w[0] < w[1]));
        let n = labels.len();
        let (out_start, out) = csr(n, &mut arcs);
        let (in_start, inn) = if directed {
            // Counting sort by target: scanning the sorted arcs in order leaves each vertex's
            // sources increasing.
            let mut start = vec![0u32; n + 1];
            for &t in out.iter() {
                start[t as usize + 1] += 1;
            }
            for v in 0..n {
                start[v + 1] += start[v];
            }
            let mut next = start.clone();
            let mut sources = vec![0u32; out.len()];
            for u in 0..n {
                for &t in &out[out_start[u] as usize..out_start[u + 1] as usize] {
                    sources[next[t as usize] as usize] = u as u32;
                    next[t as usize] += 1;
                }
            }
            (start.into(), sources.into())
        } else {
            (Box::from([]), Box::from([]))
        };
        let fp = fingerprint(directed, &labels, &out_start, &out);
        Graph(Rc::new(Inner {
            directed,
            labels,
            out_start,
            out,
            in_start,
            inn,
            fingerprint: fp,
        }))
    }

    /// The graph with the given vertices and edges (arcs if `directed`). The endpoints of the
    /// edges are added to the vertices; repeated vertices and edges are merged.
    ///
    /// ```
    /// use cg::board::{Graph, VertexLabel};
    /// let e = |a: i64, b: i64| (VertexLabel::from(a), VertexLabel::from(b));
    /// let g = Graph::new(false, [VertexLabel::from(9)], [e(0, 1), e(1, 2), e(2, 1)]).unwrap();
    /// assert_eq!((g.vertex_count(), g.edge_count()), (4, 2));
    /// assert!(Graph::from_edges(true, [e(3, 3)]).is_err());
    /// ```
    pub fn new(
        directed: bool,
        vertices: impl IntoIterator<Item = VertexLabel>,
        edges: impl IntoIterator<Item = (VertexLabel, VertexLabel)>,
    ) -> Result<Graph, GraphError> {
        let edges: Vec<(VertexLabel, VertexLabel)> = edges.into_iter().collect();
        let mut labels: Vec<VertexLabel> = vertices.into_iter().collect();
        for (a, b) in &edges {
            if a == b {
                return Err(GraphError::SelfLoop(a.clone()));
            }
            labels.push(a.clone());
            labels.push(b.clone());
        }
        labels.sort_unstable();
        labels.dedup();
        let arcs = if directed {
            edges.len()
        } else {
            2 * edges.len()
        };
        check_size(labels.len(), arcs)?;
        let index = |l: &VertexLabel| labels.binary_search(l).expect("endpoint was added");
        let pairs: Vec<(usize, usize)> = edges.iter().map(|(a, b)| (index(a), index(b))).collect();
        Ok(Graph::from_sorted_labels(directed, labels, &pairs))
    }

    /// The graph with the given edges and no other vertices.
    pub fn from_edges(
        directed: bool,
        edges: impl IntoIterator<Item = (VertexLabel, VertexLabel)>,
    ) -> Result<Graph, GraphError> {
        Graph::new(directed, [], edges)
    }

    fn int_labels(n: usize) -> Vec<VertexLabel> {
        check_size(n, 0).expect("too many vertices");
        (0..n as i64).map(VertexLabel::Int).collect()
    }

    /// `n` vertices `0, ..., n - 1` and no edges.
    ///
    /// Panics if `n > MAX_VERTICES`, as do the other constructors when their result would be
    /// too large.
    pub fn empty(n: usize) -> Graph {
        Graph::from_sorted_labels(false, Graph::int_labels(n), &[])
    }

    /// The path `P_n`: vertices `0, ..., n - 1`, edges `i - (i + 1)`.
    pub fn path(n: usize) -> Graph {
        let arcs: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        Graph::from_sorted_labels(false, Graph::int_labels(n), &arcs)
    }

    /// The directed path: arcs `i -> i + 1`.
    pub fn directed_path(n: usize) -> Graph {
        let arcs: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        Graph::from_sorted_labels(true, Graph::int_labels(n), &arcs)
    }

    /// The cycle `C_n`: the path plus the edge `(n - 1) - 0`. Graphs are simple, so `C_2` is a
    /// single edge and `C_1` a single vertex.
    pub fn cycle(n: usize) -> Graph {
        let mut arcs: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        if n >= 3 {
            arcs.push((n - 1, 0));
        }
        Graph::from_sorted_labels(false, Graph::int_labels(n), &arcs)
    }

    /// The directed cycle: arcs `i -> i + 1 (mod n)`, as in Geography on `C_m x C_n` (Hogan
    /// and Horrocks, "Geography played on an n-cycle times a 4-cycle", 2003). `n = 2` gives
    /// the two arcs `0 -> 1 -> 0`; the loop of `n = 1` is left out (graphs are simple; a token
    /// can never move along it anyway).
    pub fn directed_cycle(n: usize) -> Graph {
        let mut arcs: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        if n >= 2 {
            arcs.push((n - 1, 0));
        }
        Graph::from_sorted_labels(true, Graph::int_labels(n), &arcs)
    }

    /// The complete graph `K_n`.
    pub fn complete(n: usize) -> Graph {
        check_size(n, n.saturating_mul(n.saturating_sub(1))).expect("graph too large");
        let arcs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        Graph::from_sorted_labels(false, Graph::int_labels(n), &arcs)
    }

    /// The complete bipartite graph `K_{m,n}`: vertices `0..m` on one side, `m..m + n` on the
    /// other.
    pub fn complete_bipartite(m: usize, n: usize) -> Graph {
        check_size(m + n, 2 * m.saturating_mul(n)).expect("graph too large");
        let arcs: Vec<(usize, usize)> = (0..m)
            .flat_map(|i| (m..m + n).map(move |j| (i, j)))
            .collect();
        Graph::from_sorted_labels(false, Graph::int_labels(m + n), &arcs)
    }

    /// The grid graph `P_m x P_n`, vertices `(i, j)`.
    pub fn grid(m: usize, n: usize) -> Graph {
        Graph::path(m).product(&Graph::path(n))
    }

    /// The lattice graph `P_{n_1} x ... x P_{n_d}`, vertices `(i_1, ..., i_d)` (for `d = 1`,
    /// the path itself, with integer labels; for `d = 0`, the one-vertex graph).
    pub fn lattice(sizes: &[usize]) -> Graph {
        let mut g = match sizes.first() {
            None => return Graph::empty(1),
            Some(&n) => Graph::path(n),
        };
        for &n in &sizes[1..] {
            g = g.product(&Graph::path(n));
        }
        g
    }

    /// The torus `C_m x C_n`.
    pub fn torus(m: usize, n: usize) -> Graph {
        Graph::cycle(m).product(&Graph::cycle(n))
    }

    /// The directed torus `C_m x C_n` of directed cycles: from `(a, b)` the arcs go to
    /// `(a + 1, b)` and `(a, b + 1)` (mod `m`, `n`), the board of Geography in Hogan and
    /// Horrocks (2003).
    pub fn directed_torus(m: usize, n: usize) -> Graph {
        Graph::directed_cycle(m).product(&Graph::directed_cycle(n))
    }

    /// The hypercube `Q_d = P_2 x ... x P_2`.
    pub fn hypercube(d: usize) -> Graph {
        Graph::lattice(&vec![2; d])
    }

    /// The Cartesian (box) product `G x H`: vertices are the pairs `(g, h)`, and `(g, h)` is
    /// joined to `(g', h)` for each edge `g - g'` of `G` and to `(g, h')` for each edge
    /// `h - h'` of `H`. Labels are flattened into tuples (`(i, j)`, and `(i, j, k)` for a
    /// product of products) when a factor's labels are all tuples of one length; otherwise
    /// that factor's labels are kept whole. The product is directed if either factor is
    /// (an undirected edge then gives arcs both ways).
    ///
    /// Panics if the product has more than [`MAX_VERTICES`] vertices or [`MAX_ARCS`] arcs;
    /// [`try_product`](Graph::try_product) returns an error instead.
    pub fn product(&self, other: &Graph) -> Graph {
        self.try_product(other).expect("graph too large")
    }

    /// The Cartesian product, or an error if it would be too large.
    pub fn try_product(&self, other: &Graph) -> Result<Graph, GraphError> {
        let (n, m) = (self.vertex_count(), other.vertex_count());
        let vertices = n.saturating_mul(m);
        let arcs = self
            .0
            .out
            .len()
            .saturating_mul(m)
            .saturating_add(other.0.out.len().saturating_mul(n));
        check_size(vertices, arcs)?;
        let left = label_parts(&self.0.labels);
        let right = label_parts(&other.0.labels);
        let right_parts: Vec<Vec<VertexLabel>> = other.0.labels.iter().map(&right).collect();
        let mut labels = Vec::with_capacity(vertices);
        for g in self.0.labels.iter() {
            let lp = left(g);
            for rp in &right_parts {
                labels.push(VertexLabel::tuple(lp.iter().chain(rp).cloned()));
            }
        }
        let mut a = Vec::with_capacity(arcs);
        for g in 0..n {
            for h in 0..m {
                let v = (g * m + h) as u32;
                for g2 in self.out_neighbours(g) {
                    a.push((v, (g2 * m + h) as u32));
                }
                for h2 in other.out_neighbours(h) {
                    a.push((v, (g * m + h2) as u32));
                }
            }
        }
        Ok(Graph::from_arcs(
            self.is_directed() || other.is_directed(),
            labels.into(),
            a,
        ))
    }

    // -----------------------------------------------------------------------------------------
    // Basic queries

    /// Whether the graph is directed.
    pub fn is_directed(&self) -> bool {
        self.0.directed
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.0.labels.len()
    }

    /// The number of edges (of arcs, for a digraph).
    pub fn edge_count(&self) -> usize {
        if self.0.directed {
            self.0.out.len()
        } else {
            self.0.out.len() / 2
        }
    }

    /// The vertex labels, in increasing order (the label of vertex `v` is `labels()[v]`).
    pub fn labels(&self) -> &[VertexLabel] {
        &self.0.labels
    }

    /// The label of vertex `v`.
    pub fn label(&self, v: usize) -> &VertexLabel {
        &self.0.labels[v]
    }

    /// The vertex with the given label.
    pub fn vertex(&self, label: &VertexLabel) -> Option<usize> {
        self.0.labels.binary_search(label).ok()
    }

    /// The set of all vertices.
    pub fn all_vertices(&self) -> VertexSet {
        BitSet::full(self.vertex_count())
    }

    #[inline]
    fn out_slice(&self, v: usize) -> &[u32] {
        let s = &self.0.out_start;
        &self.0.out[s[v] as usize..s[v + 1] as usize]
    }

    #[inline]
    fn in_slice(&self, v: usize) -> &[u32] {
        if !self.0.directed {
            return self.out_slice(v);
        }
        let s = &self.0.in_start;
        &self.0.inn[s[v] as usize..s[v + 1] as usize]
    }

    /// The vertices `w` with an arc `v -> w` (the neighbours, if undirected), increasing.
    pub fn out_neighbours(&self, v: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.out_slice(v).iter().map(|&w| w as usize)
    }

    /// The vertices `u` with an arc `u -> v` (the neighbours, if undirected), increasing.
    pub fn in_neighbours(&self, v: usize) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.in_slice(v).iter().map(|&w| w as usize)
    }

    /// The vertices adjacent to `v` in either direction, increasing, each once.
    pub fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        let (a, b) = (self.out_slice(v), self.in_slice(v));
        let b = if self.0.directed { b } else { &[][..] };
        MergeUnique { a, b }.map(|w| w as usize)
    }

    /// The number of arcs leaving `v`.
    pub fn out_degree(&self, v: usize) -> usize {
        self.out_slice(v).len()
    }

    /// The number of arcs entering `v`.
    pub fn in_degree(&self, v: usize) -> usize {
        self.in_slice(v).len()
    }

    /// The degree of `v`: its number of neighbours if undirected, `in + out` degree if
    /// directed.
    pub fn degree(&self, v: usize) -> usize {
        if self.0.directed {
            self.out_degree(v) + self.in_degree(v)
        } else {
            self.out_degree(v)
        }
    }

    /// Whether there is an edge `u - v` (an arc `u -> v`, if directed).
    pub fn has_edge(&self, u: usize, v: usize) -> bool {
        self.out_slice(u).binary_search(&(v as u32)).is_ok()
    }

    /// The edges as vertex pairs, in increasing order: `(u, v)` with `u < v` for an undirected
    /// graph, every arc `(u, v)` for a directed one.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(self.edge_count());
        for u in 0..self.vertex_count() {
            for v in self.out_neighbours(u) {
                if self.0.directed || u < v {
                    out.push((u, v));
                }
            }
        }
        out
    }

    /// The edges by label, `a - b` (or `a -> b`), separated by `, `.
    ///
    /// ```
    /// use cg::board::Graph;
    /// assert_eq!(Graph::path(3).format_edges(), "0 - 1, 1 - 2");
    /// assert_eq!(Graph::directed_cycle(2).format_edges(), "0 -> 1, 1 -> 0");
    /// ```
    pub fn format_edges(&self) -> String {
        let sep = if self.0.directed { " -> " } else { " - " };
        let mut s = String::new();
        for (k, (u, v)) in self.edges().into_iter().enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            s.push_str(&format!("{}{sep}{}", self.label(u), self.label(v)));
        }
        s
    }

    // -----------------------------------------------------------------------------------------
    // New graphs

    /// The subgraph induced by the vertices in `keep` (indices at or above `vertex_count()`
    /// are ignored). Labels are kept; indices are renumbered.
    pub fn induced_subgraph(&self, keep: &VertexSet) -> Graph {
        let n = self.vertex_count();
        let mut new_index = vec![u32::MAX; n];
        let mut labels = Vec::new();
        for v in keep.iter().take_while(|&v| v < n) {
            new_index[v] = labels.len() as u32;
            labels.push(self.0.labels[v].clone());
        }
        let mut arcs = Vec::new();
        for v in keep.iter().take_while(|&v| v < n) {
            for &w in self.out_slice(v) {
                let w2 = new_index[w as usize];
                if w2 != u32::MAX {
                    arcs.push((new_index[v], w2));
                }
            }
        }
        Graph::from_arcs(self.0.directed, labels.into(), arcs)
    }

    /// The graph without vertex `v` and its edges.
    pub fn remove_vertex(&self, v: usize) -> Graph {
        self.induced_subgraph(&self.all_vertices().without(v))
    }

    /// The graph without the vertices in `remove` and their edges.
    pub fn remove_vertices(&self, remove: &VertexSet) -> Graph {
        self.induced_subgraph(&self.all_vertices().difference(remove))
    }

    fn arcs(&self) -> Vec<(u32, u32)> {
        let mut a = Vec::with_capacity(self.0.out.len());
        for u in 0..self.vertex_count() {
            for &v in self.out_slice(u) {
                a.push((u as u32, v));
            }
        }
        a
    }

    /// The graph without the edge `u - v` (the arc `u -> v`, if directed); the same graph if
    /// there is no such edge.
    pub fn remove_edge(&self, u: usize, v: usize) -> Graph {
        if !self.has_edge(u, v) {
            return self.clone();
        }
        let (u, v) = (u as u32, v as u32);
        let directed = self.0.directed;
        let arcs: Vec<(u32, u32)> = self
            .arcs()
            .into_iter()
            .filter(|&a| a != (u, v) && (directed || a != (v, u)))
            .collect();
        Graph::from_arcs(directed, self.0.labels.clone(), arcs)
    }

    /// The graph with the edge `u - v` (the arc `u -> v`, if directed) added.
    pub fn add_edge(&self, u: usize, v: usize) -> Result<Graph, GraphError> {
        if u == v {
            return Err(GraphError::SelfLoop(self.label(u).clone()));
        }
        let mut arcs = self.arcs();
        arcs.push((u as u32, v as u32));
        if !self.0.directed {
            arcs.push((v as u32, u as u32));
        }
        check_size(self.vertex_count(), arcs.len())?;
        Ok(Graph::from_arcs(
            self.0.directed,
            self.0.labels.clone(),
            arcs,
        ))
    }

    /// The underlying undirected graph (arcs become edges); the same graph if undirected.
    pub fn undirected(&self) -> Graph {
        if !self.0.directed {
            return self.clone();
        }
        let mut arcs = self.arcs();
        let rev: Vec<(u32, u32)> = arcs.iter().map(|&(u, v)| (v, u)).collect();
        arcs.extend(rev);
        Graph::from_arcs(false, self.0.labels.clone(), arcs)
    }

    // -----------------------------------------------------------------------------------------
    // Components

    /// The connected components (weakly connected, for a digraph), each a vertex set, in order
    /// of least vertex.
    ///
    /// ```
    /// use cg::board::Graph;
    /// let g = Graph::path(5).remove_vertex(2);
    /// let c = g.components();
    /// assert_eq!(c.len(), 2);
    /// assert_eq!(c[1].iter().map(|v| g.label(v).to_string()).collect::<Vec<_>>(), ["3", "4"]);
    /// ```
    pub fn components(&self) -> Vec<VertexSet> {
        let n = self.vertex_count();
        let mut comp = vec![u32::MAX; n];
        let mut out = Vec::new();
        let mut queue = Vec::new();
        for s in 0..n {
            if comp[s] != u32::MAX {
                continue;
            }
            let id = out.len() as u32;
            comp[s] = id;
            queue.clear();
            queue.push(s as u32);
            let mut k = 0;
            while k < queue.len() {
                let v = queue[k] as usize;
                k += 1;
                let both = self.out_slice(v).iter().chain(if self.0.directed {
                    self.in_slice(v)
                } else {
                    &[]
                });
                for &w in both {
                    if comp[w as usize] == u32::MAX {
                        comp[w as usize] = id;
                        queue.push(w);
                    }
                }
            }
            out.push(queue.iter().map(|&v| v as usize).collect());
        }
        out
    }

    /// The components as induced subgraphs, in order of least vertex.
    pub fn component_graphs(&self) -> Vec<Graph> {
        let comps = self.components();
        if comps.len() == 1 {
            return vec![self.clone()];
        }
        comps.iter().map(|c| self.induced_subgraph(c)).collect()
    }

    /// Whether the graph is (weakly) connected. The graph with no vertices is connected.
    pub fn is_connected(&self) -> bool {
        self.components().len() <= 1
    }

    // -----------------------------------------------------------------------------------------
    // Distances

    /// Breadth-first distances from `s` along out-arcs (`forward`) or in-arcs.
    fn bfs(&self, s: usize, forward: bool, dist: &mut [u32], queue: &mut Vec<u32>) {
        dist.fill(INF);
        dist[s] = 0;
        queue.clear();
        queue.push(s as u32);
        let mut k = 0;
        while k < queue.len() {
            let v = queue[k] as usize;
            k += 1;
            let d = dist[v] + 1;
            let next = if forward {
                self.out_slice(v)
            } else {
                self.in_slice(v)
            };
            for &w in next {
                if dist[w as usize] == INF {
                    dist[w as usize] = d;
                    queue.push(w);
                }
            }
        }
    }

    /// This graph's distances, from the thread's cache or computed now; `None` for graphs of
    /// more than `MATRIX_LIMIT` vertices.
    fn geodesics(&self) -> Option<Rc<Geodesics>> {
        let n = self.vertex_count();
        if n > MATRIX_LIMIT {
            return None;
        }
        let hit = GEODESICS.with(|c| {
            let c = c.borrow();
            let slots = if n <= SMALL_LIMIT { &c.small } else { &c.large };
            match &slots[self.0.fingerprint as usize % slots.len()] {
                Some((g, geo)) if g == self => Some(geo.clone()),
                _ => None,
            }
        });
        if hit.is_some() {
            return hit;
        }
        let mut queue = Vec::with_capacity(n);
        let mut fwd = vec![INF; n * n];
        for s in 0..n {
            self.bfs(s, true, &mut fwd[s * n..(s + 1) * n], &mut queue);
        }
        let bwd = self.0.directed.then(|| {
            let mut bwd = vec![INF; n * n];
            for s in 0..n {
                self.bfs(s, false, &mut bwd[s * n..(s + 1) * n], &mut queue);
            }
            bwd.into_boxed_slice()
        });
        let ecc = (0..n)
            .map(|v| {
                fwd[v * n..(v + 1) * n]
                    .iter()
                    .filter(|&&d| d != INF)
                    .max()
                    .copied()
                    .unwrap_or(0)
            })
            .collect();
        let geo = Rc::new(Geodesics {
            fwd: fwd.into(),
            bwd,
            intervals: OnceCell::new(),
            ecc,
        });
        GEODESICS.with(|c| {
            let mut c = c.borrow_mut();
            let slots = if n <= SMALL_LIMIT {
                &mut c.small
            } else {
                &mut c.large
            };
            let k = self.0.fingerprint as usize % slots.len();
            slots[k] = Some((self.clone(), geo.clone()));
        });
        Some(geo)
    }

    /// `d(s, w)` for all `w` (forward) or `d(w, s)` for all `w` (backward), `INF` if none.
    fn distance_row(&self, s: usize, forward: bool) -> Vec<u32> {
        let n = self.vertex_count();
        match self.geodesics() {
            Some(geo) => geo.row(s, forward, n).to_vec(),
            None => {
                let mut d = vec![INF; n];
                let mut q = Vec::new();
                self.bfs(s, forward, &mut d, &mut q);
                d
            }
        }
    }

    /// The length of a shortest path (directed, in a digraph) from `u` to `v`, or `None` if
    /// there is none.
    pub fn distance(&self, u: usize, v: usize) -> Option<usize> {
        let n = self.vertex_count();
        let d = match self.geodesics() {
            Some(geo) => geo.fwd[u * n + v],
            None => self.distance_row(u, true)[v],
        };
        (d != INF).then_some(d as usize)
    }

    /// The distances from `u` to every vertex (`None` where unreachable).
    pub fn distances_from(&self, u: usize) -> Vec<Option<usize>> {
        self.distance_row(u, true)
            .iter()
            .map(|&d| (d != INF).then_some(d as usize))
            .collect()
    }

    /// The largest distance between two vertices, or `None` if some vertex cannot reach
    /// another (or there are no vertices).
    pub fn diameter(&self) -> Option<usize> {
        let n = self.vertex_count();
        let mut best = 0;
        for u in 0..n {
            for &d in &self.distance_row(u, true) {
                if d == INF {
                    return None;
                }
                best = best.max(d as usize);
            }
        }
        (n > 0).then_some(best)
    }

    // -----------------------------------------------------------------------------------------
    // Geodesic intervals and convexity

    fn words(&self) -> usize {
        self.vertex_count().div_ceil(64)
    }

    /// ORs `I[u, v]` into `out` (`words()` words), given `d(u, .)` and `d(., v)`.
    fn interval_from_rows(from_u: &[u32], to_v: &[u32], v: usize, out: &mut [u64]) {
        let duv = from_u[v];
        if duv == INF {
            return;
        }
        for (w, (&a, &b)) in from_u.iter().zip(to_v).enumerate() {
            if a != INF && b != INF && a + b == duv {
                out[w / 64] |= 1u64 << (w % 64);
            }
        }
    }

    /// The geodesic interval `I[u, v]`: the vertices on shortest paths from `u` to `v`
    /// (including both ends; empty if `v` cannot be reached from `u`).
    pub fn interval(&self, u: usize, v: usize) -> VertexSet {
        let nw = self.words();
        let mut out = vec![0u64; nw];
        Intervals::new(self).or_into(u, v, &mut out);
        BitSet::from_words(&out)
    }

    /// The geodetic closure `I[S]`: `S` together with every vertex on a geodesic between two
    /// elements of `S` (both directions, in a digraph).
    pub fn geodetic_closure(&self, s: &VertexSet) -> VertexSet {
        if let Some((geo, bits)) = self.small(s) {
            let n = self.vertex_count();
            let t = geo.interval_table(n).expect("n <= 64");
            let full = low_bits(n);
            let mut acc = bits;
            let mut rest = bits;
            while rest != 0 && acc != full {
                let u = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut others = rest;
                while others != 0 {
                    let v = others.trailing_zeros() as usize;
                    others &= others - 1;
                    acc |= t[u * n + v] | t[v * n + u];
                }
            }
            return BitSet::from_u128(u128::from(acc));
        }
        let nw = self.words();
        let mut acc = Vec::new();
        s.write_words(&mut acc, nw);
        let elems: Vec<usize> = s.iter().take_while(|&v| v < self.vertex_count()).collect();
        let mut iv = Intervals::new(self);
        for (k, &u) in elems.iter().enumerate() {
            for &v in &elems[..k] {
                iv.or_into(u, v, &mut acc);
                if self.0.directed {
                    iv.or_into(v, u, &mut acc);
                }
            }
        }
        BitSet::from_words(&acc)
    }

    /// The convex hull `[S]`: the smallest geodetically convex set containing `S` (indices at
    /// or above `vertex_count()` are ignored).
    ///
    /// Computed by a work list: each vertex added to the hull is paired once with every vertex
    /// already in it and the interval(s) between them are added, so the result contains the
    /// intervals between all its pairs (it is convex) and only vertices forced by them (it is
    /// the least convex superset). This is the iterated geodetic closure of the paper, without
    /// recomputing the intervals of pairs already seen.
    ///
    /// ```
    /// use cg::board::{Graph, VertexLabel, VertexSet};
    /// // Example 2.1 of Benesh et al.: in the grid graph P_3 x P_5 the hull of a set is the
    /// // smallest rectangle containing it.
    /// let g = Graph::grid(3, 5);
    /// let v = |i: i64, j: i64| g.vertex(&VertexLabel::from((i, j))).unwrap();
    /// let s: VertexSet = [v(0, 1), v(1, 3)].into_iter().collect();
    /// let hull = g.convex_hull(&s);
    /// assert_eq!(hull.len(), 6); // rows 0..=1, columns 1..=3
    /// ```
    pub fn convex_hull(&self, s: &VertexSet) -> VertexSet {
        if let Some((geo, bits)) = self.small(s) {
            return BitSet::from_u128(u128::from(self.hull_small(&geo, bits)));
        }
        BitSet::from_words(&self.hull_words(s))
    }

    /// For graphs of at most 64 vertices: the geodesics and `S` as a bit mask.
    fn small(&self, s: &VertexSet) -> Option<(Rc<Geodesics>, u64)> {
        let n = self.vertex_count();
        if n > 64 {
            return None;
        }
        let bits = match s.as_u128() {
            Some(b) => b as u64,
            None => s.to_words()[0],
        } & low_bits(n);
        Some((self.geodesics().expect("n <= 64"), bits))
    }

    /// The work-list hull of a graph of at most 64 vertices, on bit masks. The first pair
    /// examined is a vertex of greatest eccentricity and the element of `S` farthest from it,
    /// whose interval is often large (opposite corners of a grid span it), so that the loop
    /// often ends early with every vertex in the hull.
    fn hull_small(&self, geo: &Geodesics, s: u64) -> u64 {
        let n = self.vertex_count();
        let t = geo.interval_table(n).expect("n <= 64");
        let full = low_bits(n);
        let mut list = [0u8; 64];
        let mut len = 0;
        let mut x = s;
        while x != 0 {
            list[len] = x.trailing_zeros() as u8;
            len += 1;
            x &= x - 1;
        }
        if len < 2 {
            return s;
        }
        let i0 = (0..len)
            .max_by_key(|&i| geo.ecc[list[i] as usize])
            .expect("len >= 2");
        list.swap(0, i0);
        let u0 = list[0] as usize;
        // Unreachable (INF) wraps to 0, the least preferred.
        let i1 = (1..len)
            .max_by_key(|&i| geo.fwd[u0 * n + list[i] as usize].wrapping_add(1))
            .expect("len >= 2");
        list.swap(1, i1);
        let mut hull = s;
        let directed = self.0.directed;
        let mut k = 1;
        while k < len && hull != full {
            let w = list[k] as usize;
            let row = &t[w * n..(w + 1) * n];
            let mut add = 0u64;
            if directed {
                for &u in &list[..k] {
                    add |= row[u as usize] | t[u as usize * n + w];
                }
            } else {
                for &u in &list[..k] {
                    add |= row[u as usize];
                }
            }
            let mut new = add & !hull;
            hull |= new;
            while new != 0 {
                list[len] = new.trailing_zeros() as u8;
                len += 1;
                new &= new - 1;
            }
            k += 1;
        }
        hull
    }

    /// The work-list hull on words, stopping as soon as every vertex is in it.
    fn hull_words(&self, s: &VertexSet) -> Vec<u64> {
        let n = self.vertex_count();
        let nw = self.words();
        let mut hull = Vec::new();
        s.write_words(&mut hull, nw);
        let mut list: Vec<usize> = s.iter().take_while(|&v| v < n).collect();
        let mut count = list.len();
        let mut iv = Intervals::new(self);
        let mut tmp = vec![0u64; nw];
        let directed = self.0.directed;
        let mut k = 1;
        while k < list.len() {
            if count == n {
                break;
            }
            let w = list[k];
            for j in 0..k {
                let u = list[j];
                tmp.fill(0);
                iv.or_into(u, w, &mut tmp);
                if directed {
                    iv.or_into(w, u, &mut tmp);
                }
                for (i, (h, &t)) in hull.iter_mut().zip(&tmp).enumerate() {
                    let mut new = t & !*h;
                    if new != 0 {
                        *h |= new;
                        count += new.count_ones() as usize;
                        while new != 0 {
                            list.push(64 * i + new.trailing_zeros() as usize);
                            new &= new - 1;
                        }
                    }
                }
            }
            k += 1;
        }
        hull
    }

    /// Whether `S` is geodetically convex: it contains every vertex on every geodesic between
    /// two of its elements.
    pub fn is_convex(&self, s: &VertexSet) -> bool {
        &self.geodetic_closure(s) == s
    }

    /// Whether `S` is a geodetic set: `I[S] = V`, every vertex lies on a geodesic between two
    /// elements of `S`.
    pub fn is_geodetic_set(&self, s: &VertexSet) -> bool {
        self.geodetic_closure(s).len() == self.vertex_count()
    }

    /// Whether `S` is a hull set: `[S] = V`. In the removing games of Benesh et al. a position
    /// `P` (the selected vertices) continues exactly while `[V \ P] = V`.
    ///
    /// ```
    /// use cg::board::{Graph, VertexLabel, VertexSet};
    /// // The hull of a set of lattice vertices is everything iff the set meets every face.
    /// let g = Graph::lattice(&[2, 2, 3]);
    /// let v = |a: i64, b: i64, c: i64| g.vertex(&VertexLabel::from((a, b, c))).unwrap();
    /// let s: VertexSet = [v(0, 0, 0), v(1, 1, 1), v(0, 1, 2)].into_iter().collect();
    /// assert!(g.is_hull_set(&s));
    /// assert!(!g.is_geodetic_set(&s)); // (1, 0, 2) is on no geodesic between them
    /// ```
    pub fn is_hull_set(&self, s: &VertexSet) -> bool {
        let n = self.vertex_count();
        if let Some((geo, bits)) = self.small(s) {
            return self.hull_small(&geo, bits) == low_bits(n);
        }
        let h = self.hull_words(s);
        h.iter().map(|w| w.count_ones() as usize).sum::<usize>() == n
    }
}

impl Geodesics {
    /// `d(s, .)` (forward) or `d(., s)`.
    fn row(&self, s: usize, forward: bool, n: usize) -> &[u32] {
        let m = match (&self.bwd, forward) {
            (Some(b), false) => b,
            _ => &self.fwd,
        };
        &m[s * n..(s + 1) * n]
    }

    /// The table of all intervals, computed on first use, for graphs of at most
    /// `INTERVAL_LIMIT` vertices.
    fn interval_table(&self, n: usize) -> Option<&[u64]> {
        self.intervals
            .get_or_init(|| {
                if n > INTERVAL_LIMIT {
                    return None;
                }
                let nw = n.div_ceil(64);
                let mut t = vec![0u64; n * n * nw];
                for u in 0..n {
                    for v in 0..n {
                        let at = (u * n + v) * nw;
                        Graph::interval_from_rows(
                            self.row(u, true, n),
                            self.row(v, false, n),
                            v,
                            &mut t[at..at + nw],
                        );
                    }
                }
                Some(t.into())
            })
            .as_deref()
    }
}

/// The mask of the lowest `n` bits, `n <= 64`.
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Looks up or computes geodesic intervals.
struct Intervals<'a> {
    g: &'a Graph,
    geo: Option<Rc<Geodesics>>,
    /// Breadth-first rows computed on demand when there is no distance matrix.
    fwd_rows: Vec<Option<Box<[u32]>>>,
    bwd_rows: Vec<Option<Box<[u32]>>>,
}

impl<'a> Intervals<'a> {
    fn new(g: &'a Graph) -> Intervals<'a> {
        Intervals {
            g,
            geo: g.geodesics(),
            fwd_rows: Vec::new(),
            bwd_rows: Vec::new(),
        }
    }

    fn ensure(rows: &mut Vec<Option<Box<[u32]>>>, g: &Graph, s: usize, forward: bool) {
        let n = g.vertex_count();
        if rows.len() < n {
            rows.resize(n, None);
        }
        if rows[s].is_none() {
            let mut d = vec![INF; n];
            let mut q = Vec::new();
            g.bfs(s, forward, &mut d, &mut q);
            rows[s] = Some(d.into());
        }
    }

    /// ORs `I[u, v]` into `out`.
    #[inline]
    fn or_into(&mut self, u: usize, v: usize, out: &mut [u64]) {
        let n = self.g.vertex_count();
        if let Some(geo) = &self.geo {
            if let Some(t) = geo.interval_table(n) {
                let nw = out.len();
                let at = (u * n + v) * nw;
                for (o, &x) in out.iter_mut().zip(&t[at..at + nw]) {
                    *o |= x;
                }
            } else {
                Graph::interval_from_rows(geo.row(u, true, n), geo.row(v, false, n), v, out);
            }
            return;
        }
        Intervals::ensure(&mut self.fwd_rows, self.g, u, true);
        Intervals::ensure(&mut self.bwd_rows, self.g, v, false);
        let f = self.fwd_rows[u].as_deref().expect("computed");
        let b = self.bwd_rows[v].as_deref().expect("computed");
        Graph::interval_from_rows(f, b, v, out);
    }
}

/// Merges two increasing slices, yielding each value once.
struct MergeUnique<'a> {
    a: &'a [u32],
    b: &'a [u32],
}

impl Iterator for MergeUnique<'_> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        match (self.a.first(), self.b.first()) {
            (None, None) => None,
            (Some(&x), None) => {
                self.a = &self.a[1..];
                Some(x)
            }
            (None, Some(&y)) => {
                self.b = &self.b[1..];
                Some(y)
            }
            (Some(&x), Some(&y)) => {
                if x <= y {
                    self.a = &self.a[1..];
                }
                if y <= x {
                    self.b = &self.b[1..];
                }
                Some(x.min(y))
            }
        }
    }
}

impl Graph {
    /// Whether `other` is this very graph (shares its storage): a cheaper test than `==`
    /// for caches that see the same graph again and again.
    pub fn same(&self, other: &Graph) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl PartialEq for Graph {
    fn eq(&self, other: &Graph) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
            || (self.0.fingerprint == other.0.fingerprint
                && self.0.directed == other.0.directed
                && self.0.labels == other.0.labels
                && self.0.out_start == other.0.out_start
                && self.0.out == other.0.out)
    }
}

impl Eq for Graph {}

impl Hash for Graph {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.fingerprint);
    }
}

impl Ord for Graph {
    /// Undirected before directed, then by labels, then by adjacency lists.
    fn cmp(&self, other: &Graph) -> Ordering {
        if Rc::ptr_eq(&self.0, &other.0) {
            return Ordering::Equal;
        }
        self.0
            .directed
            .cmp(&other.0.directed)
            .then_with(|| self.0.labels.cmp(&other.0.labels))
            .then_with(|| self.0.out_start.cmp(&other.0.out_start))
            .then_with(|| self.0.out.cmp(&other.0.out))
    }
}

impl PartialOrd for Graph {
    fn partial_cmp(&self, other: &Graph) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Graph {
    /// `Graph(vertices 9, edges 12)`, or `Digraph(vertices 9, arcs 18)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.directed {
            write!(
                f,
                "Digraph(vertices {}, arcs {})",
                self.vertex_count(),
                self.edge_count()
            )
        } else {
            write!(
                f,
                "Graph(vertices {}, edges {})",
                self.vertex_count(),
                self.edge_count()
            )
        }
    }
}

impl fmt::Debug for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let labels: Vec<String> = self.labels().iter().map(|l| l.to_string()).collect();
        write!(
            f,
            "{self} {{ vertices: [{}], edges: [{}] }}",
            labels.join(", "),
            self.format_edges()
        )
    }
}

impl std::ops::Mul for &Graph {
    type Output = Graph;
    /// The Cartesian product (see [`Graph::product`]).
    fn mul(self, rhs: &Graph) -> Graph {
        self.product(rhs)
    }
}

impl std::ops::Mul for Graph {
    type Output = Graph;
    /// The Cartesian product (see [`Graph::product`]).
    fn mul(self, rhs: Graph) -> Graph {
        self.product(&rhs)
    }
}
