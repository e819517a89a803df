//! Tests of `cg::board::Graph` with hand-derived expected values and the examples of Benesh,
//! Ernst, Meyer, Salmon and Sieben, "Impartial geodetic removing games on grid graphs" (2025).

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use cg::board::{BitSet, Graph, GraphError, VertexLabel, VertexSet};

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn l2(i: i64, j: i64) -> VertexLabel {
    VertexLabel::from((i, j))
}

fn l3(i: i64, j: i64, k: i64) -> VertexLabel {
    VertexLabel::from((i, j, k))
}

/// The vertex set of the given labels.
fn set(g: &Graph, labels: &[VertexLabel]) -> VertexSet {
    labels
        .iter()
        .map(|l| g.vertex(l).unwrap_or_else(|| panic!("no vertex {l}")))
        .collect()
}

fn labels_of(g: &Graph, s: &VertexSet) -> Vec<String> {
    s.iter().map(|v| g.label(v).to_string()).collect()
}

// ---------------------------------------------------------------------------------------------
// Constructors

#[test]
fn small_families_have_the_right_sizes() {
    for n in 0..8 {
        let p = Graph::path(n);
        assert_eq!((p.vertex_count(), p.edge_count()), (n, n.saturating_sub(1)));
        let k = Graph::complete(n);
        assert_eq!(
            (k.vertex_count(), k.edge_count()),
            (n, n * n.saturating_sub(1) / 2)
        );
        let dp = Graph::directed_path(n);
        assert_eq!(dp.edge_count(), n.saturating_sub(1));
        assert!(dp.is_directed() && !p.is_directed());
    }
    for n in 3..8 {
        assert_eq!(Graph::cycle(n).edge_count(), n);
        assert!((0..n).all(|v| Graph::cycle(n).degree(v) == 2));
    }
    // Simple graphs: C_2 is one edge, C_1 one vertex; the directed C_2 has two arcs.
    assert_eq!(Graph::cycle(2), Graph::path(2));
    assert_eq!(Graph::cycle(1), Graph::path(1));
    assert_eq!(Graph::directed_cycle(2).edge_count(), 2);
    assert_eq!(Graph::directed_cycle(1).edge_count(), 0);
    assert_eq!(Graph::directed_cycle(5).edge_count(), 5);
    let kb = Graph::complete_bipartite(2, 3);
    assert_eq!((kb.vertex_count(), kb.edge_count()), (5, 6));
    assert_eq!(Graph::empty(4).edge_count(), 0);
    assert_eq!(Graph::hypercube(3).edge_count(), 12);
    assert_eq!(Graph::hypercube(4).edge_count(), 32);
}

#[test]
fn grid_graph_edges() {
    // P_m x P_n has m(n - 1) + n(m - 1) edges.
    for m in 1..7 {
        for n in 1..7 {
            let g = Graph::path(m).product(&Graph::path(n));
            assert_eq!(g.vertex_count(), m * n);
            assert_eq!(g.edge_count(), m * (n - 1) + n * (m - 1), "{m} x {n}");
            assert_eq!(g, Graph::grid(m, n));
        }
    }
    let g = Graph::grid(3, 3);
    assert_eq!(g.to_string(), "Graph(vertices 9, edges 12)");
    let centre = g.vertex(&l2(1, 1)).unwrap();
    assert_eq!(g.degree(centre), 4);
    assert_eq!(g.degree(g.vertex(&l2(0, 0)).unwrap()), 2);
    assert_eq!(g.degree(g.vertex(&l2(0, 1)).unwrap()), 3);
    assert_eq!(
        g.neighbours(centre)
            .map(|v| g.label(v).to_string())
            .collect::<Vec<_>>(),
        ["(0, 1)", "(1, 0)", "(1, 2)", "(2, 1)"]
    );
}

#[test]
fn products_of_products_have_flat_tuple_labels() {
    let p3 = Graph::path(3);
    let cube = &(&p3 * &p3) * &p3;
    assert_eq!(cube.vertex_count(), 27);
    // 3 directions, 3 x 3 lines each, 2 edges per line.
    assert_eq!(cube.edge_count(), 54);
    assert_eq!(cube.label(0).to_string(), "(0, 0, 0)");
    assert_eq!(cube.label(26).to_string(), "(2, 2, 2)");
    assert_eq!(cube.label(5).coords(), Some(vec![0, 1, 2]));
    assert_eq!(cube, Graph::lattice(&[3, 3, 3]));
    // Associativity, up to the flattening: P3 x (P3 x P3) has the same labels and edges.
    assert_eq!(&p3 * &(&p3 * &p3), cube);
    let centre = cube.vertex(&l3(1, 1, 1)).unwrap();
    assert_eq!(cube.degree(centre), 6);
    // Lattices of dimension 4.
    let q4 = Graph::lattice(&[2, 2, 2, 2]);
    assert_eq!(q4.label(15).to_string(), "(1, 1, 1, 1)");
    assert_eq!(q4, Graph::hypercube(4));
    // The prism K_3 x K_2 of partizan geography.
    let prism = Graph::complete(3) * Graph::complete(2);
    assert_eq!((prism.vertex_count(), prism.edge_count()), (6, 9));
}

#[test]
fn products_with_mixed_labels_nest_instead_of_colliding() {
    // Labels 1 and (1, 0) would both flatten to a prefix of (1, 0, ...): the factor's labels
    // are kept whole instead.
    let g = Graph::from_edges(false, [(VertexLabel::from(1), VertexLabel::from((1, 0)))]).unwrap();
    let p = g.product(&Graph::path(2));
    let labels: Vec<String> = p.labels().iter().map(|l| l.to_string()).collect();
    assert_eq!(labels, ["(1, 0)", "(1, 1)", "((1, 0), 0)", "((1, 0), 1)"]);
    assert_eq!(p.edge_count(), 4);
    let sorted = {
        let mut v = p.labels().to_vec();
        v.sort();
        v
    };
    assert_eq!(sorted, p.labels());
}

#[test]
fn product_sizes_and_directed_products() {
    let t = Graph::directed_torus(5, 4);
    assert!(t.is_directed());
    assert_eq!(t.to_string(), "Digraph(vertices 20, arcs 40)");
    for v in 0..20 {
        assert_eq!((t.out_degree(v), t.in_degree(v), t.degree(v)), (2, 2, 4));
    }
    let v = t.vertex(&l2(4, 3)).unwrap();
    let outs: Vec<String> = t
        .out_neighbours(v)
        .map(|w| t.label(w).to_string())
        .collect();
    assert_eq!(outs, ["(0, 3)", "(4, 0)"]);
    let ins: Vec<String> = t.in_neighbours(v).map(|w| t.label(w).to_string()).collect();
    assert_eq!(ins, ["(3, 3)", "(4, 2)"]);
    // C_1 x C_4 of Hogan and Horrocks: the loop of C_1 is dropped, leaving a directed 4-cycle.
    let thin = Graph::directed_torus(1, 4);
    assert_eq!((thin.vertex_count(), thin.edge_count()), (4, 4));
    // An undirected factor times a directed one is directed, with arcs both ways along the
    // undirected factor.
    let mixed = Graph::path(2).product(&Graph::directed_path(2));
    assert!(mixed.is_directed());
    assert_eq!(mixed.edge_count(), 6);
    assert_eq!(
        mixed.format_edges(),
        "(0, 0) -> (0, 1), (0, 0) -> (1, 0), (0, 1) -> (1, 1), (1, 0) -> (0, 0), \
         (1, 0) -> (1, 1), (1, 1) -> (0, 1)"
    );
    assert!(Graph::path(3000).try_product(&Graph::path(3000)).is_err());
}

#[test]
fn graphs_from_edge_lists() {
    let e = |a: i64, b: i64| (VertexLabel::from(a), VertexLabel::from(b));
    let g = Graph::from_edges(false, [e(2, 0), e(0, 1), e(1, 0), e(1, 2)]).unwrap();
    assert_eq!(g, Graph::cycle(3));
    assert_eq!(hash_of(&g), hash_of(&Graph::cycle(3)));
    let d = Graph::from_edges(true, [e(0, 1), e(1, 2), e(2, 0)]).unwrap();
    assert_eq!(d, Graph::directed_cycle(3));
    assert_ne!(d, Graph::cycle(3));
    assert_eq!(
        Graph::from_edges(false, [e(4, 4)]),
        Err(GraphError::SelfLoop(VertexLabel::from(4)))
    );
    let iso = Graph::new(
        false,
        [VertexLabel::from(7), VertexLabel::from(-2)],
        [e(0, 1)],
    )
    .unwrap();
    assert_eq!(labels_of(&iso, &iso.all_vertices()), ["-2", "0", "1", "7"]);
    assert_eq!(iso.components().len(), 3);
    assert_eq!(Graph::path(3).format_edges(), "0 - 1, 1 - 2");
    assert_eq!(
        format!("{:?}", Graph::path(2)),
        "Graph(vertices 2, edges 1) { vertices: [0, 1], edges: [0 - 1] }"
    );
}

// ---------------------------------------------------------------------------------------------
// New graphs from old

#[test]
fn deletions_keep_labels_and_build_equal_values() {
    let g = Graph::path(5).remove_vertex(2);
    let c = g.components();
    assert_eq!(c.len(), 2);
    assert_eq!(labels_of(&g, &c[0]), ["0", "1"]);
    assert_eq!(labels_of(&g, &c[1]), ["3", "4"]);
    let parts = g.component_graphs();
    assert_eq!(
        parts[1].labels(),
        &[VertexLabel::from(3), VertexLabel::from(4)]
    );
    assert_eq!(parts[1].edge_count(), 1);
    // Deleting in either order gives the same value.
    let grid = Graph::grid(3, 3);
    let a = grid.vertex(&l2(0, 0)).unwrap();
    let b = grid.vertex(&l2(2, 2)).unwrap();
    let x = grid.remove_vertex(a);
    let x = x.remove_vertex(x.vertex(&l2(2, 2)).unwrap());
    let y = grid.remove_vertex(b);
    let y = y.remove_vertex(y.vertex(&l2(0, 0)).unwrap());
    let z = grid.remove_vertices(&[a, b].into_iter().collect());
    assert_eq!(x, y);
    assert_eq!(x, z);
    assert_eq!(hash_of(&x), hash_of(&y));
    let distinct: HashSet<Graph> = [x.clone(), y, z, grid.clone()].into_iter().collect();
    assert_eq!(distinct.len(), 2);
    assert_eq!((x.vertex_count(), x.edge_count()), (7, 8));
    // Induced subgraph on the middle row.
    let row = grid.induced_subgraph(&set(&grid, &[l2(1, 0), l2(1, 1), l2(1, 2)]));
    assert_eq!((row.vertex_count(), row.edge_count()), (3, 2));
    // Edges.
    let c4 = Graph::cycle(4);
    let p4 = c4.remove_edge(0, 3);
    assert_eq!(p4, Graph::path(4));
    assert_eq!(p4.distance(0, 3), Some(3));
    assert_eq!(c4.remove_edge(0, 2), c4);
    assert_eq!(p4.add_edge(3, 0).unwrap(), c4);
    assert!(p4.add_edge(1, 1).is_err());
    let dc = Graph::directed_cycle(3);
    assert_eq!(dc.remove_edge(0, 1).edge_count(), 2);
    assert_eq!(dc.remove_edge(1, 0), dc);
    assert!(dc.has_edge(0, 1) && !dc.has_edge(1, 0));
    assert_eq!(dc.undirected(), Graph::cycle(3));
}

#[test]
fn directed_neighbourhoods() {
    let g = Graph::directed_path(3);
    assert_eq!(g.out_neighbours(1).collect::<Vec<_>>(), vec![2]);
    assert_eq!(g.in_neighbours(1).collect::<Vec<_>>(), vec![0]);
    assert_eq!(g.neighbours(1).collect::<Vec<_>>(), vec![0, 2]);
    assert_eq!(g.degree(1), 2);
    let c2 = Graph::directed_cycle(2);
    assert_eq!(c2.neighbours(0).collect::<Vec<_>>(), vec![1]);
    assert_eq!(c2.degree(0), 2);
    // Weak components of a digraph.
    let e = |a: i64, b: i64| (VertexLabel::from(a), VertexLabel::from(b));
    let d = Graph::from_edges(true, [e(0, 1), e(2, 1), e(3, 4)]).unwrap();
    assert_eq!(d.components().len(), 2);
    assert!(!d.is_connected());
    assert!(Graph::directed_torus(3, 3).is_connected());
}

// ---------------------------------------------------------------------------------------------
// Distances

#[test]
fn distances_in_c5_times_c4() {
    // In the torus C_5 x C_4 the distance is the sum of the cyclic distances of the
    // coordinates: d((a, b), (c, d)) = min(|a - c|, 5 - |a - c|) + min(|b - d|, 4 - |b - d|).
    let t = Graph::cycle(5) * Graph::cycle(4);
    assert_eq!((t.vertex_count(), t.edge_count()), (20, 40));
    let cyc = |x: i64, y: i64, n: i64| (x - y).abs().min(n - (x - y).abs());
    for u in 0..20 {
        for v in 0..20 {
            let (a, b) = (t.label(u).coords().unwrap(), t.label(v).coords().unwrap());
            let d = cyc(a[0], b[0], 5) + cyc(a[1], b[1], 4);
            assert_eq!(
                t.distance(u, v),
                Some(d as usize),
                "{} {}",
                t.label(u),
                t.label(v)
            );
        }
    }
    assert_eq!(t.diameter(), Some(4));
    let from = t.distances_from(t.vertex(&l2(0, 0)).unwrap());
    assert_eq!(from.iter().filter(|d| **d == Some(4)).count(), 2); // (2, 2) and (3, 2)
                                                                   // The directed torus: d = (c - a mod 5) + (d - b mod 4).
    let dt = Graph::directed_torus(5, 4);
    for u in 0..20 {
        for v in 0..20 {
            let (a, b) = (dt.label(u).coords().unwrap(), dt.label(v).coords().unwrap());
            let d = (b[0] - a[0]).rem_euclid(5) + (b[1] - a[1]).rem_euclid(4);
            assert_eq!(dt.distance(u, v), Some(d as usize));
        }
    }
    assert_eq!(dt.diameter(), Some(7));
}

#[test]
fn unreachable_vertices() {
    let g = Graph::directed_path(3);
    assert_eq!(g.distance(0, 2), Some(2));
    assert_eq!(g.distance(2, 0), None);
    assert_eq!(g.distances_from(1), vec![None, Some(0), Some(1)]);
    assert_eq!(g.diameter(), None);
    assert!(g.interval(2, 0).is_empty());
    let two = Graph::empty(2);
    assert_eq!(two.distance(0, 1), None);
    assert_eq!(two.interval(0, 0), BitSet::from_iter([0]));
    assert_eq!(Graph::empty(0).diameter(), None);
    assert_eq!(Graph::empty(1).diameter(), Some(0));
}

#[test]
fn large_graphs_search_on_demand() {
    // Beyond the distance matrix (1024 vertices) and the interval table (256).
    let p = Graph::path(2000);
    assert_eq!(p.distance(0, 1999), Some(1999));
    assert_eq!(p.distance(1999, 3), Some(1996));
    assert_eq!(p.interval(5, 1005).len(), 1001);
    assert_eq!(p.convex_hull(&BitSet::from_iter([10, 20])).len(), 11);
    assert!(p.is_hull_set(&BitSet::from_iter([0, 1999])));
    let c = Graph::cycle(300);
    assert_eq!(c.interval(0, 150).len(), 300);
    assert_eq!(c.interval(0, 149).len(), 150);
    assert_eq!(c.convex_hull(&BitSet::from_iter([0, 100, 200])).len(), 300);
    let dc = Graph::directed_cycle(1500);
    assert_eq!(dc.distance(1, 0), Some(1499));
    assert_eq!(dc.interval(1, 0).len(), 1500);
}

// ---------------------------------------------------------------------------------------------
// Intervals and hulls

#[test]
fn geodesic_intervals_in_the_3x3_grid() {
    let g = Graph::grid(3, 3);
    let v = |i, j| g.vertex(&l2(i, j)).unwrap();
    // Opposite corners: every vertex lies on a shortest path.
    assert_eq!(g.interval(v(0, 0), v(2, 2)).len(), 9);
    assert_eq!(g.interval(v(2, 0), v(0, 2)).len(), 9);
    assert_eq!(
        labels_of(&g, &g.interval(v(0, 0), v(0, 2))),
        ["(0, 0)", "(0, 1)", "(0, 2)"]
    );
    assert_eq!(
        labels_of(&g, &g.interval(v(0, 0), v(1, 1))),
        ["(0, 0)", "(0, 1)", "(1, 0)", "(1, 1)"]
    );
    assert_eq!(labels_of(&g, &g.interval(v(1, 1), v(1, 1))), ["(1, 1)"]);
    assert_eq!(g.interval(v(0, 1), v(2, 2)).len(), 6);
}

#[test]
fn intervals_on_cycles() {
    let c6 = Graph::cycle(6);
    assert_eq!(c6.interval(0, 3).len(), 6); // both ways round are geodesics
    assert_eq!(labels_of(&c6, &c6.interval(0, 2)), ["0", "1", "2"]);
    assert_eq!(labels_of(&c6, &c6.interval(5, 1)), ["0", "1", "5"]);
    let c5 = Graph::cycle(5);
    assert_eq!(labels_of(&c5, &c5.interval(0, 2)), ["0", "1", "2"]);
    assert_eq!(labels_of(&c5, &c5.interval(0, 3)), ["0", "3", "4"]);
    // Directed: one way round only.
    let d4 = Graph::directed_cycle(4);
    assert_eq!(labels_of(&d4, &d4.interval(0, 2)), ["0", "1", "2"]);
    assert_eq!(labels_of(&d4, &d4.interval(2, 0)), ["0", "2", "3"]);
    assert_eq!(d4.convex_hull(&BitSet::from_iter([0, 2])).len(), 4);
    assert_eq!(d4.convex_hull(&BitSet::from_iter([0, 1])).len(), 4); // I[1, 0] = {1, 2, 3, 0}
}

#[test]
fn hulls_in_the_grid_graph_are_rectangles() {
    // Example 2.1 of Benesh et al.: in P_3 x P_5 the hull of S is the smallest rectangle
    // containing S, and [S] = V exactly when S meets the top, bottom, left and right sides.
    let g = Graph::grid(3, 5);
    let s = set(&g, &[l2(0, 4), l2(2, 1)]);
    let hull = g.convex_hull(&s);
    assert_eq!(hull.len(), 12);
    assert!(labels_of(&g, &hull).iter().all(|l| !l.ends_with(" 0)")));
    assert!(g.is_convex(&hull));
    assert!(!g.is_convex(&s));
    let s = set(&g, &[l2(1, 1), l2(0, 2), l2(1, 3)]);
    assert_eq!(
        labels_of(&g, &g.convex_hull(&s)),
        ["(0, 1)", "(0, 2)", "(0, 3)", "(1, 1)", "(1, 2)", "(1, 3)"]
    );
    // A minimal hull set: one vertex on each side.
    let s = set(&g, &[l2(0, 2), l2(1, 0), l2(2, 3), l2(1, 4)]);
    assert!(g.is_hull_set(&s));
    for v in s.iter() {
        assert!(!g.is_hull_set(&s.without(v)));
    }
    // Corners count for two sides.
    assert!(g.is_hull_set(&set(&g, &[l2(0, 0), l2(2, 4)])));
    assert!(!g.is_hull_set(&set(&g, &[l2(0, 0), l2(1, 4)])));
    // In a grid graph the geodetic closure of S is already its hull... for two points.
    let two = set(&g, &[l2(0, 0), l2(2, 4)]);
    assert!(g.is_geodetic_set(&two));
}

#[test]
fn hull_sets_of_a_three_dimensional_lattice() {
    // Example 2.2: in P_2 x P_2 x P_3 a set is a hull set iff it meets all six faces, and a
    // minimal hull set need not be a geodetic set: here (1, 0, 2) is on no geodesic between
    // two elements of S.
    let g = Graph::lattice(&[2, 2, 3]);
    let s = set(&g, &[l3(0, 0, 0), l3(1, 1, 1), l3(0, 1, 2)]);
    assert!(g.is_hull_set(&s));
    assert_eq!(g.convex_hull(&s).len(), 12);
    let closure = g.geodetic_closure(&s);
    assert_eq!(closure.len(), 11);
    assert!(!closure.contains(g.vertex(&l3(1, 0, 2)).unwrap()));
    assert!(!g.is_geodetic_set(&s));
    for v in s.iter() {
        assert!(!g.is_hull_set(&s.without(v)), "S is minimal");
    }
    // Opposite corners form a geodetic set.
    assert!(g.is_geodetic_set(&set(&g, &[l3(0, 0, 0), l3(1, 1, 2)])));
}

#[test]
fn geodetic_closure_differs_from_the_hull_on_hypercubes_and_bipartite_graphs() {
    // Q_3, S = {000, 011, 101}: I[S] misses 110, which I[010, 100] then adds.
    let q = Graph::hypercube(3);
    let s = set(&q, &[l3(0, 0, 0), l3(0, 1, 1), l3(1, 0, 1)]);
    let closure = q.geodetic_closure(&s);
    assert_eq!(closure.len(), 7);
    assert!(!closure.contains(q.vertex(&l3(1, 1, 0)).unwrap()));
    assert_eq!(q.convex_hull(&s).len(), 8);
    assert_eq!(q.geodetic_closure(&closure).len(), 8);
    // K_{2,3} with sides {0, 1} and {2, 3, 4}: I[2, 3] = {0, 1, 2, 3}, then I[0, 1] adds 4.
    let k = Graph::complete_bipartite(2, 3);
    let s = BitSet::from_iter([2, 3]);
    assert_eq!(labels_of(&k, &k.geodetic_closure(&s)), ["0", "1", "2", "3"]);
    assert_eq!(k.convex_hull(&s).len(), 5);
    // In a complete graph every set is convex.
    let k5 = Graph::complete(5);
    for bits in 0u128..32 {
        let s = BitSet::from_u128(bits);
        assert!(k5.is_convex(&s));
        assert_eq!(k5.convex_hull(&s), s);
    }
}

#[test]
fn hulls_in_a_3x3x3_lattice_are_boxes() {
    let g = Graph::lattice(&[3, 3, 3]);
    let s = set(&g, &[l3(0, 1, 2), l3(1, 2, 1)]);
    assert_eq!(g.convex_hull(&s).len(), 2 * 2 * 2);
    let s = set(&g, &[l3(0, 0, 0), l3(2, 2, 2)]);
    assert_eq!(g.interval(s.first().unwrap(), s.last().unwrap()).len(), 27);
    // One vertex on each of the six faces, none a corner: a hull set.
    let faces = set(
        &g,
        &[
            l3(0, 1, 1),
            l3(2, 1, 1),
            l3(1, 0, 1),
            l3(1, 2, 1),
            l3(1, 1, 0),
            l3(1, 1, 2),
        ],
    );
    assert!(g.is_hull_set(&faces));
    assert!(!g.is_hull_set(&faces.without(g.vertex(&l3(1, 1, 2)).unwrap())));
    assert_eq!(
        g.convex_hull(&faces.without(g.vertex(&l3(1, 1, 2)).unwrap()))
            .len(),
        18
    );
}
