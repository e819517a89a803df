//! Builtins on graphs, the positions of Geography, Vertex Deletion and the geodetic games:
//! constructing graphs (by edges, and the families with their products), querying degrees and
//! edges, deleting vertices and edges, distances, geodesic intervals, closures and hulls, and
//! vertex masks (vertex sets packed in an integer, cheap positions for large game trees).

use std::cell::RefCell;
use std::rc::Rc;

use ahash::AHashMap;

use crate::board::{BitSet, Graph, HullSymmetry, VertexLabel, MAX_ARCS};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::value::Value;
use crate::syntax::ast::Span;

use super::{builtin, Arg, Arity, Builtin};

use Arity::Exactly;

pub static BUILTINS: &[Builtin] = &[
    builtin!("graph", "graph(n, edges)", Exactly(2),
        "The undirected graph on the vertices 0..n-1 with the given edges, each a pair (u, v).",
        "graph(4, [(0, 1), (1, 2), (1, 3)])  # Graph(vertices 4, edges 3)",
        |a, _| from_edges(false, a).map(Value::Graph)),
    builtin!("digraph", "digraph(n, arcs)", Exactly(2),
        "The directed graph on the vertices 0..n-1 with the given arcs, each a pair (u, v) for u -> v.",
        "digraph(3, [(0, 1), (1, 2), (2, 0)])  # Digraph(vertices 3, arcs 3)",
        |a, _| from_edges(true, a).map(Value::Graph)),
    builtin!("path", "path(n)", Exactly(1), "The path graph on vertices 0..n-1.", "path(3)  # Graph(vertices 3, edges 2)",
        |a, _| Ok(Value::Graph(Graph::path(size(&a[0])?)))),
    builtin!("cycle", "cycle(n)", Exactly(1), "The cycle graph C_n.", "cycle(4)  # Graph(vertices 4, edges 4)",
        |a, _| Ok(Value::Graph(Graph::cycle(size(&a[0])?)))),
    builtin!("complete", "complete(n)", Exactly(1), "The complete graph K_n.", "complete(3)  # Graph(vertices 3, edges 3)",
        |a, s| {
            let n = size(&a[0])?;
            fits(n.saturating_mul(n.saturating_sub(1)), s)?;
            Ok(Value::Graph(Graph::complete(n)))
        }),
    builtin!("complete_bipartite", "complete_bipartite(m, n)", Exactly(2),
        "The complete bipartite graph K_{m,n}: vertices 0..m-1 on one side, m..m+n-1 on the other; K_{1,n} is the star.",
        "complete_bipartite(1, 3)  # Graph(vertices 4, edges 3)", |a, s| {
            let (m, n) = (size(&a[0])?, size(&a[1])?);
            fits(2 * m * n, s)?;
            Ok(Value::Graph(Graph::complete_bipartite(m, n)))
        }),
    builtin!("directed_cycle", "directed_cycle(n)", Exactly(1),
        "The directed cycle 0 -> 1 -> ... -> n-1 -> 0; `directed_cycle(5) * directed_cycle(4)` is the torus of the Geography paper.",
        "directed_cycle(3)  # Digraph(vertices 3, arcs 3)", |a, _| Ok(Value::Graph(Graph::directed_cycle(size(&a[0])?)))),
    builtin!("directed_path", "directed_path(n)", Exactly(1), "The directed path 0 -> 1 -> ... -> n-1.",
        "directed_path(3)  # Digraph(vertices 3, arcs 2)", |a, _| Ok(Value::Graph(Graph::directed_path(size(&a[0])?)))),
    builtin!("vertices", "vertices(G)", Exactly(1), "The vertices of a graph (integers, or tuples for products), in increasing order.",
        "vertices(path(2) * path(2))  # [(0,0),(0,1),(1,0),(1,1)]", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::list(g.labels().iter().map(label_value).collect()))
        }),
    builtin!("edges", "edges(G)", Exactly(1),
        "The edges of a graph as pairs (u, v), each once (u < v), or the arcs u -> v of a directed graph.",
        "edges(path(3))  # [(0,1),(1,2)]", |a, _| {
            let g = graph(&a[0])?;
            let pair = |(u, v): (usize, usize)| Value::pair(label_value(g.label(u)), label_value(g.label(v)));
            Ok(Value::list(g.edges().into_iter().map(pair).collect()))
        }),
    builtin!("vertex_count", "vertex_count(G)", Exactly(1), "The number of vertices of a graph.",
        "vertex_count(path(3) * path(2))  # 6", |a, _| Ok(Value::integer(graph(&a[0])?.vertex_count()))),
    builtin!("edge_count", "edge_count(G)", Exactly(1), "The number of edges of a graph (of arcs, if directed).",
        "edge_count(cycle(5))  # 5", |a, _| Ok(Value::integer(graph(&a[0])?.edge_count()))),
    builtin!("is_directed", "is_directed(G)", Exactly(1), "True for a directed graph.",
        "is_directed(directed_cycle(3))  # true", |a, _| Ok(Value::Bool(graph(&a[0])?.is_directed()))),
    builtin!("neighbours", "neighbours(G, v)", Exactly(2),
        "The vertices one step from v (following arcs in a directed graph).",
        "neighbours(cycle(4), 0)  # [1,3]", |a, _| {
            let g = graph(&a[0])?;
            let v = vertex(&g, &a[1])?;
            Ok(Value::list(g.out_neighbours(v).map(|w| label_value(g.label(w))).collect()))
        }),
    builtin!("degree", "degree(G, v)", Exactly(2),
        "The number of edges at v (in a directed graph, arcs in and out together).",
        "degree(path(3), 1)  # 2", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::integer(g.degree(vertex(&g, &a[1])?)))
        }),
    builtin!("in_degree", "in_degree(G, v)", Exactly(2),
        "The number of arcs into v (the degree, in an undirected graph).",
        "in_degree(directed_path(3), 0)  # 0", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::integer(g.in_degree(vertex(&g, &a[1])?)))
        }),
    builtin!("out_degree", "out_degree(G, v)", Exactly(2),
        "The number of arcs out of v (the degree, in an undirected graph).",
        "out_degree(directed_path(3), 0)  # 1", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::integer(g.out_degree(vertex(&g, &a[1])?)))
        }),
    builtin!("has_edge", "has_edge(G, u, v)", Exactly(3),
        "True when u and v are adjacent (when there is an arc u -> v, in a directed graph).",
        "has_edge(directed_path(2), 1, 0)  # false", |a, _| {
            let g = graph(&a[0])?;
            let (u, v) = (vertex(&g, &a[1])?, vertex(&g, &a[2])?);
            Ok(Value::Bool(g.has_edge(u, v)))
        }),
    builtin!("remove_vertex", "remove_vertex(G, v)", Exactly(2), "The graph without the vertex v and its edges.",
        "remove_vertex(path(3), 1)  # Graph(vertices 2, edges 0)", |a, _| {
            let g = graph(&a[0])?;
            let v = vertex(&g, &a[1])?;
            Ok(Value::Graph(g.remove_vertex(v)))
        }),
    builtin!("remove_vertices", "remove_vertices(G, S)", Exactly(2),
        "The graph without the vertices of S (a collection of vertices or a vertex mask) and their edges.",
        "remove_vertices(cycle(5), [0, 2])  # Graph(vertices 3, edges 1)", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::Graph(g.remove_vertices(&vertex_set_arg(&g, &a[1])?)))
        }),
    builtin!("remove_edge", "remove_edge(G, u, v)", Exactly(3),
        "The graph without the edge u - v (the arc u -> v, in a directed graph); an error if there is none.",
        "remove_edge(cycle(4), 0, 1)  # Graph(vertices 4, edges 3)", |a, s| {
            let g = graph(&a[0])?;
            let (u, v) = (vertex(&g, &a[1])?, vertex(&g, &a[2])?);
            if !g.has_edge(u, v) {
                return Err(EvalError::new(format!("there is no edge from {} to {}", a[1].value, a[2].value), s.clone()));
            }
            Ok(Value::Graph(g.remove_edge(u, v)))
        }),
    builtin!("components", "components(G)", Exactly(1), "The connected components of a graph (weakly connected for a directed graph), as graphs.",
        "len(components(remove_vertex(path(3), 1)))  # 2", |a, _| {
            Ok(Value::list(graph(&a[0])?.component_graphs().into_iter().map(Value::Graph).collect()))
        }),
    builtin!("reachable", "reachable(G, v)", Exactly(2),
        "The subgraph induced by the vertices that can be reached from v (along arcs, in a directed graph), v included.",
        "reachable(directed_path(4), 2)  # Digraph(vertices 2, arcs 1)", |a, _| {
            let g = graph(&a[0])?;
            let v = vertex(&g, &a[1])?;
            let keep: BitSet = g.distances_from(v).iter().enumerate().filter(|(_, d)| d.is_some()).map(|(w, _)| w).collect();
            Ok(Value::Graph(g.induced_subgraph(&keep)))
        }),
    builtin!("distance", "distance(G, u, v)", Exactly(3), "The length of a shortest path from u to v, or nothing if there is none.",
        "distance(cycle(6), 0, 3)  # 3", |a, _| {
            let g = graph(&a[0])?;
            let (u, v) = (vertex(&g, &a[1])?, vertex(&g, &a[2])?);
            Ok(g.distance(u, v).map_or(Value::Nothing, Value::integer))
        }),
    builtin!("interval", "interval(G, u, v)", Exactly(3),
        "The geodesic interval I[u, v]: every vertex on a shortest u-v path (geodetic removing games paper, section 2).",
        "interval(cycle(4), 0, 2)  # {0,1,2,3}", |a, _| {
            let g = graph(&a[0])?;
            let (u, v) = (vertex(&g, &a[1])?, vertex(&g, &a[2])?);
            Ok(vertex_set(&g, &g.interval(u, v)))
        }),
    builtin!("geodetic_closure", "geodetic_closure(G, S)", Exactly(2),
        "The geodetic closure I[S]: S and every vertex on a shortest path between two of its vertices (Harary's geodetic games; not a closure operator). S is a collection of vertices or a vertex mask, and so is the result.",
        "geodetic_closure(cycle(6), [0, 2])  # {0,1,2}", |a, _| {
            let g = graph(&a[0])?;
            let s = vertex_set_arg(&g, &a[1])?;
            same_kind(&g, &a[1], &g.geodetic_closure(&s))
        }),
    builtin!("is_geodetic_set", "is_geodetic_set(G, S)", Exactly(2),
        "True when every vertex lies on a shortest path between two vertices of S (a collection of vertices or a vertex mask).",
        "is_geodetic_set(cycle(6), [0, 3])  # true", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::Bool(g.is_geodetic_set(&vertex_set_arg(&g, &a[1])?)))
        }),
    builtin!("convex_hull", "convex_hull(G, S)", Exactly(2),
        "The convex hull [S]: the smallest geodesically convex set of vertices containing S (geodetic removing games paper, section 2). S is a collection of vertices or a vertex mask, and so is the result.",
        "convex_hull(path(5), [1, 3])  # {1,2,3}", |a, _| {
            let g = graph(&a[0])?;
            let s = vertex_set_arg(&g, &a[1])?;
            same_kind(&g, &a[1], &g.convex_hull(&s))
        }),
    builtin!("is_convex", "is_convex(G, S)", Exactly(2),
        "True when S (a collection of vertices or a vertex mask) contains every vertex on the shortest paths between its vertices.",
        "is_convex(path(5), [1, 3])  # false", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::Bool(g.is_convex(&vertex_set_arg(&g, &a[1])?)))
        }),
    builtin!("is_hull_set", "is_hull_set(G, S)", Exactly(2),
        "True when the convex hull of S (a collection of vertices or a vertex mask) is every vertex of G: the test of the geodetic removing games.",
        "is_hull_set(path(5), [0, 4])  # true", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::Bool(g.is_hull_set(&vertex_set_arg(&g, &a[1])?)))
        }),
    builtin!("vertex_mask", "vertex_mask(G, S)", Exactly(2),
        "The vertex mask of a set of vertices: the sum of 2^i over the positions i of its vertices in vertices(G). Masks are cheap positions for games that select vertices (graphs of at most 63 vertices).",
        "vertex_mask(path(4), [0, 2])  # 5", |a, _| {
            let g = graph(&a[0])?;
            mask_capacity(&g, &a[0].span)?;
            Ok(mask_value(&vertex_set_arg(&g, &a[1])?))
        }),
    builtin!("mask_vertices", "mask_vertices(G, m)", Exactly(2),
        "The set of vertices of a vertex mask (the inverse of vertex_mask).",
        "mask_vertices(path(4), 5)  # {0,2}", |a, _| {
            let g = graph(&a[0])?;
            Ok(vertex_set(&g, &mask_arg(&g, &a[1])?))
        }),
    builtin!("complement", "complement(G, S)", Exactly(2),
        "The vertices of G not in S: a vertex mask if S is one, else a set.",
        "complement(path(4), 5)  # 10", |a, _| {
            let g = graph(&a[0])?;
            let s = vertex_set_arg(&g, &a[1])?;
            same_kind(&g, &a[1], &g.all_vertices().difference(&s))
        }),
    builtin!("bits", "bits(m)", Exactly(1),
        "The powers of two that add up to a nonnegative integer, smallest first: the one-vertex masks inside a vertex mask.",
        "bits(13)  # [1,4,8]", |a, _| {
            let m = a[0].value.as_i64().filter(|&m| m >= 0).ok_or_else(|| EvalError::new("expected a nonnegative integer below 2^63", a[0].span.clone()))?;
            let mut rest = m;
            let mut out = Vec::with_capacity(rest.count_ones() as usize);
            while rest != 0 {
                out.push(Value::int(rest & rest.wrapping_neg()));
                rest &= rest - 1;
            }
            Ok(Value::list(out))
        }),
    builtin!("hull_classes", "hull_classes(G)", Exactly(1),
        "The classes of vertices that lie in the same maximal proper convex sets: swapping two vertices of a class never changes whether a set is a hull set (on a grid graph: the corners, the sides and the interior, the regions of the geodetic games paper's matrix map).",
        "len(hull_classes(path(4) * path(5)))  # 9", |a, _| {
            let g = graph(&a[0])?;
            let sym = hull_symmetry(&g, &a[0].span)?;
            Ok(Value::list(sym.classes().into_iter().map(|m| vertex_set(&g, &BitSet::from_u128(u128::from(m)))).collect()))
        }),
    builtin!("hull_game_key", "hull_game_key(G, P)", Exactly(2),
        "For the geodetic removing games (whose rules ask only whether the unselected vertices are a hull set): a position with the same nim-value as P (a vertex mask of selected vertices), the same for all positions related by a symmetry of the graph or by exchanging vertices of a hull class, with the unselected vertices lying in every maximal proper convex set reduced to their parity (delay moves, Benesh et al. Corollary 3.3 and Propositions 4.4-4.5). Meant for a ruleset's `normal` rule.",
        "hull_game_key(path(3) * path(3), 1) == hull_game_key(path(3) * path(3), 4)  # true", |a, _| {
            let g = graph(&a[0])?;
            let sym = hull_symmetry(&g, &a[0].span)?;
            let p = mask_arg(&g, &a[1])?;
            let bits = p.as_u128().map_or(0, |b| b as u64);
            Ok(Value::int(sym.key(bits) as i64))
        }),
];

/// The most vertices a graph may have for vertex masks, which are machine integers.
const MASK_VERTICES: usize = 63;

pub fn graph(a: &Arg) -> EvalResult<Graph> {
    match &a.value {
        Value::Graph(g) => Ok(g.clone()),
        other => Err(EvalError::new(
            format!("expected a graph; found {}", other.kind()),
            a.span.clone(),
        )),
    }
}

pub fn size(a: &Arg) -> EvalResult<usize> {
    a.value
        .as_i64()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n <= 1 << 16)
        .ok_or_else(|| EvalError::new("expected a size from 0 to 65536", a.span.clone()))
}

/// An error unless a graph of `arcs` arcs (an edge counts twice) may be built.
fn fits(arcs: usize, span: &Span) -> EvalResult<()> {
    if arcs > MAX_ARCS {
        return Err(EvalError::new(
            format!("that graph would have {arcs} arcs; at most {MAX_ARCS} are allowed"),
            span.clone(),
        ));
    }
    Ok(())
}

/// `graph(n, edges)` and `digraph(n, arcs)`: vertices `0..n`, edges between them.
fn from_edges(directed: bool, a: &[Arg]) -> EvalResult<Graph> {
    let n = size(&a[0])?;
    let items = a[1].value.elements().ok_or_else(|| {
        EvalError::new(
            format!(
                "expected a list of edges (u, v); found {}",
                a[1].value.kind()
            ),
            a[1].span.clone(),
        )
    })?;
    let mut edges = Vec::with_capacity(items.len());
    for item in items {
        let endpoints = match item.sequence() {
            Some(p) if p.len() == 2 => (p[0].as_i64(), p[1].as_i64()),
            _ => (None, None),
        };
        let (Some(u), Some(v)) = endpoints else {
            return Err(EvalError::new(
                format!("an edge is a pair of vertices (u, v), not {item}"),
                a[1].span.clone(),
            ));
        };
        let in_range = |x: i64| usize::try_from(x).is_ok_and(|x| x < n);
        if !in_range(u) || !in_range(v) {
            return Err(EvalError::new(
                format!(
                    "the edge {item} leaves the vertices 0..{}",
                    n.saturating_sub(1)
                ),
                a[1].span.clone(),
            )
            .with_help(format!(
                "the first argument, {n}, is the number of vertices"
            )));
        }
        edges.push((VertexLabel::Int(u), VertexLabel::Int(v)));
    }
    let vertices = (0..n as i64).map(VertexLabel::Int);
    Graph::new(directed, vertices, edges)
        .map_err(|e| EvalError::new(format!("not a graph: {e}"), a[1].span.clone()))
}

pub fn label_value(label: &VertexLabel) -> Value {
    match label {
        VertexLabel::Int(n) => Value::int(*n),
        VertexLabel::Tuple(parts) => Value::tuple(parts.iter().map(label_value).collect()),
    }
}

fn value_label(v: &Value) -> Option<VertexLabel> {
    match v.sequence() {
        Some(parts) => {
            let labels: Option<Vec<VertexLabel>> = parts.iter().map(value_label).collect();
            Some(VertexLabel::Tuple(labels?.into()))
        }
        None => v.as_i64().map(VertexLabel::Int),
    }
}

fn vertex(g: &Graph, a: &Arg) -> EvalResult<usize> {
    value_label(&a.value)
        .and_then(|l| g.vertex(&l))
        .ok_or_else(|| {
            EvalError::new(
                format!("{} is not a vertex of this graph", a.value),
                a.span.clone(),
            )
        })
}

/// A set of vertices given as a collection of vertices or as a vertex mask.
fn vertex_set_arg(g: &Graph, a: &Arg) -> EvalResult<BitSet> {
    if let Value::Number(_) = a.value {
        return mask_arg(g, a);
    }
    let items = a.value.elements().ok_or_else(|| {
        EvalError::new(
            format!(
                "expected a collection of vertices or a vertex mask; found {}",
                a.value.kind()
            ),
            a.span.clone(),
        )
    })?;
    let mut set = BitSet::default();
    for item in items {
        let arg = Arg {
            value: item,
            span: a.span.clone(),
        };
        set.insert(vertex(g, &arg)?);
    }
    Ok(set)
}

fn mask_capacity(g: &Graph, span: &Span) -> EvalResult<()> {
    if g.vertex_count() > MASK_VERTICES {
        return Err(EvalError::new(
            format!(
                "vertex masks serve graphs of at most {MASK_VERTICES} vertices; this one has {}",
                g.vertex_count()
            ),
            span.clone(),
        ));
    }
    Ok(())
}

/// A vertex mask: a nonnegative integer with no bit at or above the vertex count.
fn mask_arg(g: &Graph, a: &Arg) -> EvalResult<BitSet> {
    mask_capacity(g, &a.span)?;
    let n = g.vertex_count();
    match a.value.as_i64() {
        Some(m) if m >= 0 && (m as u64) >> n == 0 => Ok(BitSet::from_u128(m as u128)),
        _ => Err(EvalError::new(
            format!(
                "{} is not a vertex mask of this graph (an integer from 0 to 2^{n} - 1)",
                a.value
            ),
            a.span.clone(),
        )),
    }
}

fn mask_value(s: &BitSet) -> Value {
    Value::int(s.as_u128().map_or(0, |b| b as i64))
}

/// The result of a set operation in the kind of its argument: a mask for a mask, else a set.
fn same_kind(g: &Graph, a: &Arg, s: &BitSet) -> EvalResult<Value> {
    Ok(match a.value {
        Value::Number(_) => mask_value(s),
        _ => vertex_set(g, s),
    })
}

fn vertex_set(g: &Graph, s: &BitSet) -> Value {
    Value::set(s.iter().map(|v| label_value(g.label(v))).collect())
}

thread_local! {
    static HULL_SYMMETRIES: RefCell<HullSymmetries> = RefCell::default();
}

/// The hull symmetries of the graphs seen lately: finding them takes a search, and a ruleset
/// asks for the same graph at every option of every position, so the last one is checked
/// first (a pointer comparison, where the table costs a hash and a probe: together they took
/// 7% of geodetic 3x3x3's instructions).
#[derive(Default)]
struct HullSymmetries {
    last: Option<(Graph, Rc<HullSymmetry>)>,
    seen: AHashMap<Graph, Rc<HullSymmetry>>,
}

fn hull_symmetry(g: &Graph, span: &Span) -> EvalResult<Rc<HullSymmetry>> {
    mask_capacity(g, span)?;
    HULL_SYMMETRIES.with(|c| {
        let mut c = c.borrow_mut();
        if let Some((last, sym)) = &c.last {
            if last.same(g) {
                return Ok(sym.clone());
            }
        }
        let sym = match c.seen.get(g) {
            Some(sym) => sym.clone(),
            None => {
                if c.seen.len() >= 16 {
                    c.seen.clear();
                }
                let sym = Rc::new(HullSymmetry::new(g).expect("at most 63 vertices"));
                c.seen.insert(g.clone(), sym.clone());
                sym
            }
        };
        c.last = Some((g.clone(), sym.clone()));
        Ok(sym)
    })
}
