//! Benchmarks of the board values (`cg::board`): what transposition tables and rulesets do to
//! grids and graphs many times per position.
//!
//! Run with `cargo bench --bench board` (about 30 s); one group with
//! `cargo bench --bench board -- grid_canonical`.
//!
//! Grid benchmarks run over a batch of 64 deterministic random boards (about a third of the
//! cells blocked, like Domineering positions in play) and report the time per board
//! (`ItemsCount`), so a single lucky board cannot dominate. Two-symbol boards of up to 128 cells
//! are bit boards; `*_bytes` variants add a third symbol to measure the general
//! representation.
//!
//! Hull benchmarks are "warm" (the graph's distance matrix and interval table are in the
//! thread-local cache, as during a game search on one board) unless named `_cold`, which
//! clears that cache before every sample.

use cg::board::{clear_geodesics_cache, offsets, BitSet, Graph, Grid, Symmetry, VertexSet};
use divan::counter::ItemsCount;
use divan::{black_box, Bencher};

fn main() {
    divan::main();
}

/// xorshift64 (Marsaglia): deterministic and dependency-free.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEED: u64 = 0x2545_f491_4f6c_dd1d;
const BATCH: usize = 64;

/// `BATCH` random `n x n` boards of `.` and `#` (a third blocked); with `third`, one cell of
/// each is an `O`, so they use the byte representation.
fn boards(n: usize, third: bool) -> Vec<Grid> {
    let mut rng = XorShift(SEED ^ n as u64);
    (0..BATCH)
        .map(|_| {
            let mut cells: Vec<u8> = (0..n * n)
                .map(|_| if rng.below(3) == 0 { b'#' } else { b'.' })
                .collect();
            if third {
                cells[rng.below(n * n)] = b'O';
            }
            Grid::from_cells(n, n, &cells).unwrap()
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Grids

#[divan::bench(args = [5, 6])]
fn grid_hash(bencher: Bencher, n: usize) {
    let boards = boards(n, false);
    let state = ahash::RandomState::with_seeds(1, 2, 3, 4);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        boards
            .iter()
            .map(|b| state.hash_one(b))
            .fold(0, u64::wrapping_add)
    });
}

#[divan::bench(args = [5, 6])]
fn grid_hash_bytes(bencher: Bencher, n: usize) {
    let boards = boards(n, true);
    let state = ahash::RandomState::with_seeds(1, 2, 3, 4);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        boards
            .iter()
            .map(|b| state.hash_one(b))
            .fold(0, u64::wrapping_add)
    });
}

#[divan::bench(args = [5, 6])]
fn grid_eq(bencher: Bencher, n: usize) {
    // Equal boards held in distinct values (a transposition-table hit), and unequal ones.
    let a = boards(n, false);
    let b: Vec<Grid> = a
        .iter()
        .map(|g| Grid::parse(&g.to_string()).unwrap())
        .collect();
    bencher.counter(ItemsCount::new(2 * BATCH)).bench_local(|| {
        let mut k = 0usize;
        for i in 0..BATCH {
            k += usize::from(black_box(&a[i]) == black_box(&b[i]));
            k += usize::from(black_box(&a[i]) == black_box(&b[(i + 1) % BATCH]));
        }
        k
    });
}

#[divan::bench(args = [5, 6])]
fn grid_eq_bytes(bencher: Bencher, n: usize) {
    let a = boards(n, true);
    let b: Vec<Grid> = a
        .iter()
        .map(|g| Grid::parse(&g.to_string()).unwrap())
        .collect();
    bencher.counter(ItemsCount::new(2 * BATCH)).bench_local(|| {
        let mut k = 0usize;
        for i in 0..BATCH {
            k += usize::from(black_box(&a[i]) == black_box(&b[i]));
            k += usize::from(black_box(&a[i]) == black_box(&b[(i + 1) % BATCH]));
        }
        k
    });
}

#[divan::bench(args = [5, 6])]
fn grid_canonical(bencher: Bencher, n: usize) {
    let boards = boards(n, false);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        boards
            .iter()
            .map(|b| b.canonical())
            .filter(|c| c.get((0, 0)) == Some(b'#'))
            .count()
    });
}

#[divan::bench(args = [5, 6])]
fn grid_canonical_rectangle(bencher: Bencher, n: usize) {
    let boards = boards(n, false);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        boards
            .iter()
            .map(|b| b.canonical_under(&Symmetry::RECTANGLE).0)
            .filter(|c| c.get((0, 0)) == Some(b'#'))
            .count()
    });
}

#[divan::bench(args = [5, 6])]
fn grid_canonical_bytes(bencher: Bencher, n: usize) {
    let boards = boards(n, true);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        boards
            .iter()
            .map(|b| b.canonical())
            .filter(|c| c.get((0, 0)) == Some(b'#'))
            .count()
    });
}

#[divan::bench(args = [5, 6])]
fn grid_neighbours(bencher: Bencher, n: usize) {
    // The orthogonal neighbours of every cell of one board (all boards: n * n * BATCH cells).
    let boards = boards(n, false);
    bencher
        .counter(ItemsCount::new(BATCH * n * n))
        .bench_local(|| {
            let mut open = 0usize;
            for b in &boards {
                for r in 0..n {
                    for c in 0..n {
                        open += b
                            .neighbours((r, c), offsets::ORTHOGONAL)
                            .filter(|&p| b.get(p) == Some(b'.'))
                            .count();
                    }
                }
            }
            open
        });
}

#[divan::bench(args = [5, 6])]
fn grid_domineering_moves(bencher: Bencher, n: usize) {
    // Left's and Right's moves, each as a new board: the inner loop of a Domineering search.
    let boards = boards(n, false);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        let mut count = 0usize;
        for b in &boards {
            for (r, c) in b.pairs(b'.', (1, 0)) {
                count += b.set_all(&[(r, c), (r + 1, c)], b'#').unwrap().len();
            }
            for (r, c) in b.pairs(b'.', (0, 1)) {
                count += b.set_all(&[(r, c), (r, c + 1)], b'#').unwrap().len();
            }
        }
        count
    });
}

#[divan::bench(args = [5, 6])]
fn grid_regions(bencher: Bencher, n: usize) {
    let boards = boards(n, false);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        boards
            .iter()
            .map(|b| b.regions_of(b'.', offsets::ORTHOGONAL).len())
            .sum::<usize>()
    });
}

#[divan::bench(args = [5, 6])]
fn grid_region_grids(bencher: Bencher, n: usize) {
    let boards = boards(n, false);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        boards
            .iter()
            .map(|b| {
                b.region_grids(|c| c == b'.', offsets::ORTHOGONAL, b'#')
                    .unwrap()
                    .len()
            })
            .sum::<usize>()
    });
}

// ---------------------------------------------------------------------------------------------
// Graphs

fn random_sets(g: &Graph, size: usize) -> Vec<VertexSet> {
    let mut rng = XorShift(SEED ^ (g.vertex_count() * 31 + size) as u64);
    (0..BATCH)
        .map(|_| (0..size).map(|_| rng.below(g.vertex_count())).collect())
        .collect()
}

fn graph(name: &str) -> Graph {
    match name {
        "grid5x5" => Graph::grid(5, 5),
        "lattice3x3x3" => Graph::lattice(&[3, 3, 3]),
        _ => unreachable!(),
    }
}

const GRAPHS: [&str; 2] = ["grid5x5", "lattice3x3x3"];

#[divan::bench(args = GRAPHS)]
fn graph_neighbours(bencher: Bencher, name: &str) {
    let g = graph(name);
    let n = g.vertex_count();
    bencher.counter(ItemsCount::new(n)).bench_local(|| {
        (0..n)
            .map(|v| black_box(&g).neighbours(v).sum::<usize>())
            .sum::<usize>()
    });
}

#[divan::bench(args = GRAPHS)]
fn graph_hash_eq(bencher: Bencher, name: &str) {
    let g = graph(name);
    let h = graph(name); // equal, not the same allocation
    let state = ahash::RandomState::with_seeds(1, 2, 3, 4);
    bencher
        .bench_local(|| state.hash_one(black_box(&g)) ^ u64::from(black_box(&g) == black_box(&h)));
}

/// Hulls of random sets of 2 and 3 vertices (warm cache).
#[divan::bench(args = GRAPHS, consts = [2, 3])]
fn graph_hull<const K: usize>(bencher: Bencher, name: &str) {
    let g = graph(name);
    let sets = random_sets(&g, K);
    g.convex_hull(&sets[0]);
    bencher
        .counter(ItemsCount::new(BATCH))
        .bench_local(|| sets.iter().map(|s| g.convex_hull(s).len()).sum::<usize>());
}

/// The removing games' test `[V \ P] = V` for random positions `P` of 3 selected vertices.
#[divan::bench(args = GRAPHS)]
fn graph_is_hull_set_of_complement(bencher: Bencher, name: &str) {
    let g = graph(name);
    let all = g.all_vertices();
    let rest: Vec<VertexSet> = random_sets(&g, 3)
        .iter()
        .map(|p| all.difference(p))
        .collect();
    g.is_hull_set(&rest[0]);
    bencher
        .counter(ItemsCount::new(BATCH))
        .bench_local(|| rest.iter().filter(|s| g.is_hull_set(s)).count());
}

/// The same with an empty cache each time: the distance matrix and interval table are
/// recomputed (cost of the first query on a new graph).
#[divan::bench(args = GRAPHS, sample_size = 1)]
fn graph_hull_cold(bencher: Bencher, name: &str) {
    let g = graph(name);
    let s: VertexSet = BitSet::from_iter([0, g.vertex_count() - 1]);
    bencher
        .with_inputs(clear_geodesics_cache)
        .bench_local_values(|()| g.convex_hull(&s).len());
}

#[divan::bench(args = GRAPHS)]
fn graph_geodetic_closure(bencher: Bencher, name: &str) {
    let g = graph(name);
    let sets = random_sets(&g, 3);
    g.geodetic_closure(&sets[0]);
    bencher.counter(ItemsCount::new(BATCH)).bench_local(|| {
        sets.iter()
            .map(|s| g.geodetic_closure(s).len())
            .sum::<usize>()
    });
}

#[divan::bench]
fn graph_product_3x3x3(bencher: Bencher) {
    let p = Graph::path(3);
    bencher.bench_local(|| (&(&p * &p) * &p).edge_count());
}

/// One Geography move on C_11 x C_4: delete the coin's vertex (a new graph value).
#[divan::bench]
fn graph_remove_vertex_torus_11x4(bencher: Bencher) {
    let g = Graph::directed_torus(11, 4);
    bencher.bench_local(|| black_box(&g).remove_vertex(black_box(17)).edge_count());
}
