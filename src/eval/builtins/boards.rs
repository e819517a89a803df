//! Builtins on grids and graphs, the positions of board games: parsing and querying grids
//! (Domineering, Clobber), constructing graphs and their products (Geography, geodetic games),
//! distances, geodesic intervals and convex hulls.

use crate::board::{offsets, BitSet, Graph, Grid, Symmetry, VertexLabel};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::value::Value;

use super::{builtin, Arg, Arity, Builtin};

use Arity::Exactly;

pub static BUILTINS: &[Builtin] = &[
    builtin!("grid", "grid(text)", Exactly(1),
        "A grid from its rows separated by `|`, one character a cell (`.` empty, `#` blocked, letters for pieces).",
        "grid(\"..#|...\")  # grid(\"..#|...\")", |a, _| {
            let text = string(&a[0])?;
            Grid::parse(&text).map(Value::Grid).map_err(|e| EvalError::new(format!("not a grid: {e}"), a[0].span.clone()))
        }),
    builtin!("height", "height(grid)", Exactly(1), "The number of rows of a grid.", "height(grid(\"..|..|..\"))  # 3",
        |a, _| Ok(Value::integer(grid(&a[0])?.height()))),
    builtin!("width", "width(grid)", Exactly(1), "The number of columns of a grid.", "width(grid(\"...\"))  # 3",
        |a, _| Ok(Value::integer(grid(&a[0])?.width()))),
    builtin!("cell", "cell(grid, (row, column))", Exactly(2),
        "The symbol in a cell (rows and columns count from 0 at the top left), or nothing outside the grid.",
        "cell(grid(\"L.|.R\"), (1, 1))  # \"R\"", |a, _| {
            let g = grid(&a[0])?;
            // Rules look one or two squares ahead; off the board on any side is simply no cell.
            let (r, c) = pair(&a[1])?;
            let (Ok(r), Ok(c)) = (usize::try_from(r), usize::try_from(c)) else { return Ok(Value::Nothing) };
            Ok(g.get((r, c)).map_or(Value::Nothing, |s| Value::str(&(s as char).to_string())))
        }),
    builtin!("cells", "cells(grid, symbol)", Exactly(2),
        "The cells holding a symbol, as (row, column) tuples.",
        "cells(grid(\"L.|.L\"), \"L\")  # [(0,0),(1,1)]", |a, _| {
            let g = grid(&a[0])?;
            Ok(coords(&g.cells_with(symbol(&a[1])?)))
        }),
    builtin!("pairs", "pairs(grid, symbol, (dr, dc))", Exactly(3),
        "The cells c such that c and c + (dr, dc) both hold the symbol: where a domino fits.",
        "pairs(grid(\"..|..\"), \".\", (1, 0))  # [(0,0),(0,1)]", |a, _| {
            let g = grid(&a[0])?;
            let (dr, dc) = offset(&a[2])?;
            Ok(coords(&g.pairs(symbol(&a[1])?, (dr, dc))))
        }),
    builtin!("fill", "fill(grid, cells, symbol)", Exactly(3),
        "A new grid with the given cells set to the symbol.",
        "fill(grid(\"...\"), [(0, 1)], \"#\")  # grid(\".#.\")", |a, _| {
            let g = grid(&a[0])?;
            let cells = a[1]
                .value
                .elements()
                .ok_or_else(|| EvalError::new("expected a collection of cells", a[1].span.clone()))?
                .iter()
                .map(|c| coord(&Arg { value: c.clone(), span: a[1].span.clone() }))
                .collect::<EvalResult<Vec<_>>>()?;
            g.set_all(&cells, symbol(&a[2])?)
                .map(Value::Grid)
                .map_err(|e| EvalError::new(format!("cannot fill: {e}"), a[1].span.clone()))
        }),
    builtin!("regions", "regions(grid, symbols)", Exactly(2),
        "The orthogonally connected regions of cells holding one of the symbols (a string of one or more), each as a grid of its own (other cells blocked with `#`): the independent components of a board game. `regions(g, \"xo\")` gives the groups of stones of Clobber.",
        "len(regions(grid(\".#.\"), \".\"))  # 2", |a, _| {
            let g = grid(&a[0])?;
            let wanted = symbols(&a[1])?;
            g.region_grids(|c| wanted.contains(&c), offsets::ORTHOGONAL, b'#')
                .map(|v| Value::list(v.into_iter().map(Value::Grid).collect()))
                .map_err(|e| EvalError::new(format!("cannot split into regions: {e}"), a[0].span.clone()))
        }),
    builtin!("canonical_grid", "canonical_grid(grid)", Exactly(1),
        "The least image of a grid under the reflections and the half turn, which keep rows rows and columns columns (so they suit partizan games such as Domineering): a representative for tables of values.",
        "canonical_grid(grid(\".#|..\")) == canonical_grid(grid(\"#.|..\"))  # true", |a, _| {
            Ok(Value::Grid(grid(&a[0])?.canonical_under(&Symmetry::RECTANGLE).0))
        }),
    builtin!("path", "path(n)", Exactly(1), "The path graph on vertices 0..n-1.", "path(3)  # Graph(vertices 3, edges 2)",
        |a, _| Ok(Value::Graph(Graph::path(size(&a[0])?)))),
    builtin!("cycle", "cycle(n)", Exactly(1), "The cycle graph C_n.", "cycle(4)  # Graph(vertices 4, edges 4)",
        |a, _| Ok(Value::Graph(Graph::cycle(size(&a[0])?)))),
    builtin!("complete", "complete(n)", Exactly(1), "The complete graph K_n.", "complete(3)  # Graph(vertices 3, edges 3)",
        |a, _| Ok(Value::Graph(Graph::complete(size(&a[0])?)))),
    builtin!("directed_cycle", "directed_cycle(n)", Exactly(1),
        "The directed cycle 0 -> 1 -> ... -> n-1 -> 0; `directed_cycle(5) * directed_cycle(4)` is the torus of the Geography paper.",
        "directed_cycle(3)  # Digraph(vertices 3, arcs 3)", |a, _| Ok(Value::Graph(Graph::directed_cycle(size(&a[0])?)))),
    builtin!("directed_path", "directed_path(n)", Exactly(1), "The directed path 0 -> 1 -> ... -> n-1.",
        "directed_path(3)  # Digraph(vertices 3, arcs 2)", |a, _| Ok(Value::Graph(Graph::directed_path(size(&a[0])?)))),
    builtin!("vertices", "vertices(G)", Exactly(1), "The vertices of a graph (integers, or tuples for products).",
        "vertices(path(2) * path(2))  # [(0,0),(0,1),(1,0),(1,1)]", |a, _| {
            let g = graph(&a[0])?;
            Ok(Value::list(g.labels().iter().map(label_value).collect()))
        }),
    builtin!("neighbours", "neighbours(G, v)", Exactly(2),
        "The vertices one step from v (following arcs in a directed graph).",
        "neighbours(cycle(4), 0)  # [1,3]", |a, _| {
            let g = graph(&a[0])?;
            let v = vertex(&g, &a[1])?;
            Ok(Value::list(g.out_neighbours(v).map(|w| label_value(g.label(w))).collect()))
        }),
    builtin!("remove_vertex", "remove_vertex(G, v)", Exactly(2), "The graph without the vertex v and its edges.",
        "remove_vertex(path(3), 1)  # Graph(vertices 2, edges 0)", |a, _| {
            let g = graph(&a[0])?;
            let v = vertex(&g, &a[1])?;
            Ok(Value::Graph(g.remove_vertex(v)))
        }),
    builtin!("components", "components(G)", Exactly(1), "The connected components of a graph (weakly connected for a directed graph), as graphs.",
        "len(components(remove_vertex(path(3), 1)))  # 2", |a, _| {
            Ok(Value::list(graph(&a[0])?.component_graphs().into_iter().map(Value::Graph).collect()))
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
    builtin!("convex_hull", "convex_hull(G, S)", Exactly(2),
        "The convex hull [S]: the smallest geodesically convex set of vertices containing S (geodetic removing games paper, section 2).",
        "convex_hull(path(5), [1, 3])  # {1,2,3}", |a, _| {
            let g = graph(&a[0])?;
            let s = vertices_arg(&g, &a[1])?;
            Ok(vertex_set(&g, &g.convex_hull(&s)))
        }),
    builtin!("is_hull_set", "is_hull_set(G, S)", Exactly(2),
        "True when the convex hull of S is every vertex of G (the ending condition of the geodetic removing games).",
        "is_hull_set(path(5), [0, 4])  # true", |a, _| {
            let g = graph(&a[0])?;
            let s = vertices_arg(&g, &a[1])?;
            Ok(Value::Bool(g.is_hull_set(&s)))
        }),
];

fn string(a: &Arg) -> EvalResult<String> {
    match &a.value {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(EvalError::new(
            format!("expected a string; found {}", other.kind()),
            a.span.clone(),
        )),
    }
}

fn symbol(a: &Arg) -> EvalResult<u8> {
    let s = string(a)?;
    match s.as_bytes() {
        [b] if b.is_ascii_graphic() => Ok(*b),
        _ => Err(EvalError::new(
            format!("a cell symbol is one character, not {s:?}"),
            a.span.clone(),
        )),
    }
}

/// One or more cell symbols given as a string, for the builtins that take a set of symbols.
fn symbols(a: &Arg) -> EvalResult<Vec<u8>> {
    let s = string(a)?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(EvalError::new(
            format!("expected one or more cell symbols, not {s:?}"),
            a.span.clone(),
        ));
    }
    Ok(s.bytes().collect())
}

fn grid(a: &Arg) -> EvalResult<Grid> {
    match &a.value {
        Value::Grid(g) => Ok(g.clone()),
        other => Err(EvalError::new(
            format!("expected a grid; found {}", other.kind()),
            a.span.clone(),
        )),
    }
}

fn graph(a: &Arg) -> EvalResult<Graph> {
    match &a.value {
        Value::Graph(g) => Ok(g.clone()),
        other => Err(EvalError::new(
            format!("expected a graph; found {}", other.kind()),
            a.span.clone(),
        )),
    }
}

fn size(a: &Arg) -> EvalResult<usize> {
    a.value
        .as_i64()
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n <= 1 << 16)
        .ok_or_else(|| EvalError::new("expected a size from 0 to 65536", a.span.clone()))
}

fn pair(a: &Arg) -> EvalResult<(i64, i64)> {
    match &a.value {
        Value::Tuple(v) | Value::List(v) if v.len() == 2 => match (v[0].as_i64(), v[1].as_i64()) {
            (Some(x), Some(y)) => Ok((x, y)),
            _ => Err(EvalError::new(
                "expected a pair of integers",
                a.span.clone(),
            )),
        },
        other => Err(EvalError::new(
            format!("expected a pair (row, column); found {}", other.kind()),
            a.span.clone(),
        )),
    }
}

fn coord(a: &Arg) -> EvalResult<(usize, usize)> {
    let (r, c) = pair(a)?;
    match (usize::try_from(r), usize::try_from(c)) {
        (Ok(r), Ok(c)) => Ok((r, c)),
        _ => Err(EvalError::new(
            "a cell has nonnegative coordinates",
            a.span.clone(),
        )),
    }
}

fn offset(a: &Arg) -> EvalResult<(isize, isize)> {
    let (r, c) = pair(a)?;
    match (isize::try_from(r), isize::try_from(c)) {
        (Ok(r), Ok(c)) => Ok((r, c)),
        _ => Err(EvalError::new("that offset is too large", a.span.clone())),
    }
}

fn coords(cells: &[(usize, usize)]) -> Value {
    Value::list(
        cells
            .iter()
            .map(|&(r, c)| Value::tuple(vec![Value::integer(r), Value::integer(c)]))
            .collect(),
    )
}

pub fn label_value(label: &VertexLabel) -> Value {
    match label {
        VertexLabel::Int(n) => Value::int(*n),
        VertexLabel::Tuple(parts) => Value::tuple(parts.iter().map(label_value).collect()),
    }
}

fn value_label(v: &Value) -> Option<VertexLabel> {
    match v {
        Value::Tuple(parts) | Value::List(parts) => {
            let labels: Option<Vec<VertexLabel>> = parts.iter().map(value_label).collect();
            Some(VertexLabel::Tuple(labels?.into()))
        }
        other => other.as_i64().map(VertexLabel::Int),
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

fn vertices_arg(g: &Graph, a: &Arg) -> EvalResult<BitSet> {
    let items = a
        .value
        .elements()
        .ok_or_else(|| EvalError::new("expected a collection of vertices", a.span.clone()))?;
    let mut set = BitSet::default();
    for item in items {
        set.insert(vertex(
            g,
            &Arg {
                value: item,
                span: a.span.clone(),
            },
        )?);
    }
    Ok(set)
}

fn vertex_set(g: &Graph, s: &BitSet) -> Value {
    Value::set(s.iter().map(|v| label_value(g.label(v))).collect())
}
