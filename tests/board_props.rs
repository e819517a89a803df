//! Property tests for `cg::board`: grids against cell-by-cell reference computations, the
//! symmetry group laws, graphs against Floyd-Warshall distances and the definition of the
//! convex hull as the intersection of all convex supersets, and bit sets against `BTreeSet`.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

use cg::board::{offsets, BitSet, Graph, Grid, Parts, Shots, Symmetry, VertexLabel, VertexSet};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

// ---------------------------------------------------------------------------------------------
// Grids

/// `(height, width, cells)` over one of a few alphabets; up to 12 x 12 = 144 cells, so the
/// bit boards (at most 128 cells, two symbols), the ranked boards (at most 64 cells, three or
/// four symbols, as Amazons' `#.ox`), the wide boards (at most 42 cells, five or six symbols,
/// as Ski Jumps' `LRlr.`) and the byte representation all occur.
fn grid_parts() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    (1usize..=12, 1usize..=12, 0usize..7).prop_flat_map(|(h, w, a)| {
        let alphabet: &'static [u8] = [
            &b".#"[..],
            b".",
            b"#.O",
            b"XYZab",
            b"#.ox",
            b"LRlr.",
            b"LRlr.#",
        ][a];
        let cell = prop::sample::select(alphabet);
        (Just(h), Just(w), prop::collection::vec(cell, h * w))
    })
}

/// `(height, width, cells)` of an Amazons board of at most 25 cells, mostly empty.
fn amazons_parts() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    (1usize..=5, 1usize..=5).prop_flat_map(|(h, w)| {
        let cell = prop::sample::select(&b"....#xo"[..]);
        (Just(h), Just(w), prop::collection::vec(cell, h * w))
    })
}

/// `(height, width, cells)` of at most 128 cells over two symbols (a packed grid), with
/// symmetric positions frequent: small boards, mostly one symbol.
fn packed_grid_parts() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    (1usize..=12, 1usize..=10, 0usize..3).prop_flat_map(|(h, w, a)| {
        let alphabet: &'static [u8] = [&b".#"[..], b"...#", b"##.#"][a];
        let (h, w) = if h * w > 128 { (h, 128 / h) } else { (h, w) };
        let cell = prop::sample::select(alphabet);
        (Just(h), Just(w), prop::collection::vec(cell, h * w))
    })
}

/// `(height, width, cells)` of `.` with a few `#`, of at most 128 cells (always packed):
/// up to 16 x 8, boards of up to 3 rows and 42 columns, and single rows up to 128 long.
fn sparse_grid_parts() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    prop_oneof![
        (1usize..=16, 1usize..=8),
        (1usize..=3, 1usize..=42),
        (Just(1usize), 60usize..=128)
    ]
    .prop_flat_map(|(h, w)| {
        let cell = prop::sample::select(&b"......#"[..]);
        (Just(h), Just(w), prop::collection::vec(cell, h * w))
    })
}

/// `(height, width, cells)` of packed boards on either side of 64 cells (the bit boards of at
/// most 64 cells are worked in a `u64`, larger ones in a `u128`) and long thin ones up to 128
/// cells, all `.` or mostly `.` with `#`.
fn word_edge_grid_parts() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    prop_oneof![
        (1usize..=8).prop_map(|h| (h, 64 / h)),
        (1usize..=8).prop_map(|h| (h, 64 / h + 1)),
        (1usize..=2, 28usize..=64).prop_map(|(h, w)| (h, w)),
        (60usize..=128).prop_map(|w| (1, w)),
        (28usize..=64).prop_map(|h| (h, 1)),
    ]
    .prop_flat_map(|(h, w)| {
        let alphabet = prop::sample::select(vec![&b"."[..], b"......#", b".#"]);
        (Just(h), Just(w), alphabet).prop_flat_map(|(h, w, alphabet)| {
            let cell = prop::sample::select(alphabet);
            (Just(h), Just(w), prop::collection::vec(cell, h * w))
        })
    })
}

/// Every placement of an `h x w` window meeting the grid, row by row, with the `sym` cells it
/// covers changed to `new`; each distinct set of cells once, cell by cell.
fn reference_placements(g: &Grid, sym: u8, (h, w): (usize, usize), new: u8) -> Vec<Grid> {
    let (gh, gw) = (g.height() as isize, g.width() as isize);
    let mut cuts: Vec<Vec<(usize, usize)>> = Vec::new();
    for top in 1 - h as isize..gh {
        for left in 1 - w as isize..gw {
            let cut: Vec<(usize, usize)> = (top..top + h as isize)
                .flat_map(|r| (left..left + w as isize).map(move |c| (r, c)))
                .filter(|&(r, c)| r >= 0 && c >= 0 && r < gh && c < gw)
                .map(|(r, c)| (r as usize, c as usize))
                .filter(|&p| g.get(p) == Some(sym))
                .collect();
            if !cut.is_empty() && !cuts.contains(&cut) {
                cuts.push(cut);
            }
        }
    }
    cuts.iter()
        .map(|cut| g.set_all(cut, new).unwrap())
        .collect()
}

fn grid() -> impl Strategy<Value = Grid> {
    grid_parts().prop_map(|(h, w, cells)| Grid::from_cells(h, w, &cells).unwrap())
}

fn symmetry() -> impl Strategy<Value = Symmetry> {
    prop::sample::select(Symmetry::ALL.to_vec())
}

/// The image under `s`, cell by cell, without the grid's own transform.
fn reference_transform(g: &Grid, s: Symmetry) -> Grid {
    let (h, w) = (g.height(), g.width());
    let (h2, w2) = s.image_shape(h, w);
    let mut cells = vec![0u8; h * w];
    for r in 0..h {
        for c in 0..w {
            let (r2, c2) = s.apply((r, c), h, w);
            cells[r2 * w2 + c2] = g.get((r, c)).unwrap();
        }
    }
    Grid::from_cells(h2, w2, &cells).unwrap()
}

/// Components by breadth-first search on `neighbours`, with symmetric adjacency.
fn reference_regions(g: &Grid, pred: impl Fn(u8) -> bool, offs: &[(isize, isize)]) -> Vec<BitSet> {
    let sym: Vec<(isize, isize)> = offs.iter().flat_map(|&(a, b)| [(a, b), (-a, -b)]).collect();
    let mut seen = vec![false; g.len()];
    let mut out = Vec::new();
    for s in 0..g.len() {
        if seen[s] || !pred(g.get(g.coord(s)).unwrap()) {
            continue;
        }
        seen[s] = true;
        let mut stack = vec![s];
        let mut region = BTreeSet::new();
        while let Some(i) = stack.pop() {
            region.insert(i);
            for n in g.neighbours(g.coord(i), &sym) {
                let j = g.index(n).unwrap();
                if !seen[j] && pred(g.get(n).unwrap()) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        out.push(region.into_iter().collect());
    }
    out
}

/// The smallest rectangle holding `region`, its cells as in `g` and the others `fill`.
fn reference_crop(g: &Grid, region: &BitSet, fill: u8) -> Grid {
    let coords: Vec<(usize, usize)> = region.iter().map(|i| g.coord(i)).collect();
    let r0 = coords.iter().map(|p| p.0).min().unwrap();
    let r1 = coords.iter().map(|p| p.0).max().unwrap();
    let c0 = coords.iter().map(|p| p.1).min().unwrap();
    let c1 = coords.iter().map(|p| p.1).max().unwrap();
    let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
    let mut cells = vec![fill; h * w];
    for (r, c) in coords {
        cells[(r - r0) * w + (c - c0)] = g.get((r, c)).unwrap();
    }
    Grid::from_cells(h, w, &cells).unwrap()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn grid_text_round_trips(g in grid()) {
        let text = g.to_string();
        prop_assert_eq!(Grid::parse(&text).unwrap(), g.clone());
        prop_assert_eq!(text.split('|').count(), g.height());
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(s in "[.#|Oa \u{e9}\n]{0,30}") {
        match Grid::parse(&s) {
            Ok(g) => prop_assert_eq!(g.to_string(), s),
            Err(e) => {
                prop_assert!(e.offset <= s.len());
                prop_assert!(s.is_char_boundary(e.offset));
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn grids_built_cell_by_cell_are_equal((h, w, cells) in grid_parts(), fill_at in 0usize..144) {
        let direct = Grid::from_cells(h, w, &cells).unwrap();
        // Start from a board filled with one of the symbols and set every cell.
        let mut g = Grid::new(h, w, cells[fill_at % cells.len()]).unwrap();
        for (i, &c) in cells.iter().enumerate() {
            g = g.set((i / w, i % w), c).unwrap();
        }
        prop_assert_eq!(&g, &direct);
        prop_assert_eq!(hash_of(&g), hash_of(&direct));
        prop_assert_eq!(g.cmp(&direct), Ordering::Equal);
        prop_assert_eq!(g.packed().is_some(), direct.packed().is_some());
        prop_assert_eq!(g.cells(), cells);
    }

    #[test]
    fn set_changes_exactly_one_cell(g in grid(), r in 0usize..12, c in 0usize..12, sym in prop::sample::select(b".#OXaLr".to_vec())) {
        let (r, c) = (r % g.height(), c % g.width());
        let g2 = g.set((r, c), sym).unwrap();
        for i in 0..g.len() {
            let p = g.coord(i);
            let expected = if p == (r, c) { sym } else { g.get(p).unwrap() };
            prop_assert_eq!(g2.get(p), Some(expected));
        }
        prop_assert_eq!(g2.set((r, c), g.get((r, c)).unwrap()).unwrap(), g);
    }

    #[test]
    fn set_each_changes_the_cells_in_order(g in grid(), changes in prop::collection::vec((0usize..12, 0usize..12, prop::sample::select(b".#oxLl".to_vec())), 0..5)) {
        let changes: Vec<((usize, usize), u8)> = changes
            .into_iter()
            .map(|(r, c, s)| ((r % g.height(), c % g.width()), s))
            .collect();
        let mut cells = g.cells();
        for &((r, c), s) in &changes {
            cells[r * g.width() + c] = s;
        }
        let expected = Grid::from_cells(g.height(), g.width(), &cells).unwrap();
        let moved = g.set_each(&changes).unwrap();
        prop_assert_eq!(hash_of(&moved), hash_of(&expected));
        prop_assert_eq!(&moved, &expected);
        prop_assert_eq!(moved.dense_words(), expected.dense_words());
    }

    #[test]
    fn set_all_changes_the_cells_to_one_symbol(g in grid(), cells in prop::collection::vec((0usize..12, 0usize..12), 0..6), sym in prop::sample::select(b".#oxLlR".to_vec())) {
        // On the wide boards a symbol written over may vanish, or a sixth or seventh arrive.
        let coords: Vec<(usize, usize)> = cells
            .into_iter()
            .map(|(r, c)| (r % g.height(), c % g.width()))
            .collect();
        let mut expected = g.cells();
        for &(r, c) in &coords {
            expected[r * g.width() + c] = sym;
        }
        let expected = Grid::from_cells(g.height(), g.width(), &expected).unwrap();
        let filled = g.set_all(&coords, sym).unwrap();
        prop_assert_eq!(hash_of(&filled), hash_of(&expected));
        prop_assert_eq!(&filled, &expected);
        prop_assert_eq!(filled.cmp(&expected), Ordering::Equal);
        prop_assert_eq!(filled.dense_words(), expected.dense_words());
        prop_assert_eq!(filled.to_string(), expected.to_string());
    }

    #[test]
    fn symbols_where_lists_the_cells_read_one_by_one(g in grid(), wanted in prop::collection::vec(prop::sample::select(b".#oxLlRr".to_vec()), 0..4)) {
        let w = g.width();
        let expected: Vec<((usize, usize), u8)> = g
            .cells()
            .into_iter()
            .enumerate()
            .filter(|(_, s)| wanted.contains(s))
            .map(|(i, s)| ((i / w, i % w), s))
            .collect();
        prop_assert_eq!(g.symbols_where(|s| wanted.contains(&s)), expected);
    }

    #[test]
    fn dense_words_follow_their_layout(g in grid()) {
        // Bit 63, the height, the width (7 bits each), the distinct symbols from bit 14 a byte
        // each; then each cell's rank among the symbols in as few bits as they need, cell 0
        // highest. Only for grids of bytes and ranked grids with at most six symbols. Three
        // or four symbols on at most 64 cells: the high bits of the ranks, cell 0 highest,
        // then their low bits, right after them in the same word when both fit.
        let symbols = g.symbols();
        let n = g.len();
        let bits_a_cell = (usize::BITS - (symbols.len() - 1).leading_zeros()).max(1) as usize;
        let expected = (g.packed().is_none() && symbols.len() <= 6 && n * bits_a_cell <= 128).then(|| {
            let mut first = 1u64 << 63 | g.height() as u64 | (g.width() as u64) << 7;
            for (k, &s) in symbols.iter().enumerate() {
                first |= u64::from(s) << (14 + 8 * k);
            }
            let ranks: Vec<u128> = g
                .cells()
                .into_iter()
                .map(|c| symbols.iter().position(|&s| s == c).unwrap() as u128)
                .collect();
            let mut bits = 0u128;
            if (3..=4).contains(&symbols.len()) {
                let second_at = if 2 * n <= 64 { n } else { 64 };
                for (i, r) in ranks.iter().enumerate() {
                    bits |= (r >> 1) << (127 - i);
                    bits |= (r & 1) << (127 - second_at - i);
                }
            } else {
                for (i, r) in ranks.iter().enumerate() {
                    bits |= r << (128 - (i + 1) * bits_a_cell);
                }
            }
            [first, (bits >> 64) as u64, bits as u64]
        });
        prop_assert_eq!(g.dense_words(), expected);
    }

    #[test]
    fn grid_order_is_shape_then_cells(a in grid(), b in grid()) {
        let key = |g: &Grid| (g.height(), g.width(), g.cells());
        prop_assert_eq!(a.cmp(&b), key(&a).cmp(&key(&b)));
        prop_assert_eq!(a == b, key(&a) == key(&b));
    }

    #[test]
    fn grid_order_on_same_shape_boards((h, w, x) in grid_parts(), y in prop::collection::vec(prop::sample::select(b".#".to_vec()), 144)) {
        // Two boards of one shape and (often) the same two symbols: the bit-board comparison.
        let a = Grid::from_cells(h, w, &x).unwrap();
        let b = Grid::from_cells(h, w, &y[..h * w]).unwrap();
        prop_assert_eq!(a.cmp(&b), x.as_slice().cmp(&y[..h * w]));
    }

    #[test]
    fn transforms_move_cells_as_the_symmetry_says(g in grid(), s in symmetry()) {
        prop_assert_eq!(g.transform(s), reference_transform(&g, s));
    }

    #[test]
    fn symmetry_group_laws(g in grid(), s in symmetry(), t in symmetry(), u in symmetry()) {
        prop_assert_eq!(g.transform(s).transform(t), g.transform(s.then(t)));
        prop_assert_eq!(g.transform(s).transform(s.inverse()), g.clone());
        prop_assert_eq!(s.then(t).then(u), s.then(t.then(u)));
        prop_assert_eq!(s.then(Symmetry::IDENTITY), s);
        prop_assert_eq!(Symmetry::IDENTITY.then(s), s);
        let (h, w) = (g.height(), g.width());
        for r in 0..h {
            for c in 0..w {
                let (h1, w1) = s.image_shape(h, w);
                prop_assert_eq!(s.then(t).apply((r, c), h, w), t.apply(s.apply((r, c), h, w), h1, w1));
            }
        }
    }

    #[test]
    fn canonical_is_the_least_image_and_invariant(g in grid(), s in symmetry()) {
        let c = g.canonical();
        let least = Symmetry::ALL.iter().map(|&t| reference_transform(&g, t)).min().unwrap();
        prop_assert_eq!(&c, &least);
        prop_assert_eq!(g.transform(s).canonical(), c.clone());
        prop_assert_eq!(hash_of(&g.transform(s).canonical()), hash_of(&c));
        // Under all eight the symmetry given must give the least image too (grids of at most
        // 64 cells and four symbols find half their images by the half turn).
        let (r8, sym8) = g.canonical_under(&Symmetry::ALL);
        prop_assert_eq!(g.transform(sym8), r8.clone());
        prop_assert_eq!(&r8, &least);
        let (r, sym) = g.canonical_under(&Symmetry::RECTANGLE);
        prop_assert_eq!(g.transform(sym), r.clone());
        let least4 = Symmetry::RECTANGLE.iter().map(|&t| reference_transform(&g, t)).min().unwrap();
        prop_assert_eq!(&r, &least4);
        for t in Symmetry::RECTANGLE {
            prop_assert_eq!(g.transform(t).canonical_under(&Symmetry::RECTANGLE).0, r.clone());
        }
    }

    #[test]
    fn canonical_symmetry_of_packed_grids_is_the_first_least_image((h, w, cells) in packed_grid_parts(), s in symmetry()) {
        // Callers use the symmetry too: ties go to the first symmetry giving the least image,
        // in the order of `Symmetry::ALL`, except that on a board wider than high (where only
        // the four that keep the shape can win) the order is that of `Symmetry::RECTANGLE`.
        // Boards made symmetric under `s` (when it keeps the shape) have such ties.
        let mut g = Grid::from_cells(h, w, &cells).unwrap();
        if s.image_shape(h, w) == (h, w) {
            // The `#` cells of the images under s, s^2 and s^3 (s^4 is the identity) too.
            for _ in 0..3 {
                g = g.set_all(&g.transform(s).cells_with(b'#'), b'#').unwrap();
            }
            prop_assert_eq!(g.transform(s), g.clone());
        }
        let (h, w) = (g.height(), g.width());
        for (group, order) in [
            (&Symmetry::ALL[..], if h < w { &Symmetry::RECTANGLE[..] } else { &Symmetry::ALL[..] }),
            (&Symmetry::RECTANGLE[..], &Symmetry::RECTANGLE[..]),
        ] {
            let images: Vec<Grid> = order.iter().map(|&s| reference_transform(&g, s)).collect();
            let least = images.iter().min().unwrap();
            let first = images.iter().position(|image| image == least).unwrap();
            prop_assert_eq!(g.canonical_under(group), (least.clone(), order[first]));
        }
        prop_assert_eq!(g.canonical(), g.canonical_under(&Symmetry::ALL).0);
    }

    /// `exchange` against the cells swapped one by one (ranked grids permute their ranks on
    /// the bit planes instead).
    #[test]
    fn exchange_swaps_the_cells_read_one_by_one(g in grid(), pairs in prop::collection::vec((prop::sample::select(b".#oxLlRr".to_vec()), prop::sample::select(b".#oxLlRr".to_vec())), 1..3)) {
        let swap = |c: u8| pairs.iter().find_map(|&(x, y)| if c == x { Some(y) } else if c == y { Some(x) } else { None }).unwrap_or(c);
        let cells: Vec<u8> = g.cells().into_iter().map(swap).collect();
        let expected = Grid::from_cells(g.height(), g.width(), &cells).unwrap();
        prop_assert_eq!(g.exchange(&pairs).unwrap(), expected);
    }

    /// The parts of a slide-and-shoot option are their own least images under the group, as
    /// `canonical_square` and `canonical_grid` compute them: a ruleset whose `negative` rule
    /// exchanges the pieces and takes the least image (Amazons) then finds a position's
    /// negative under the very key its options give it.
    #[test]
    fn shot_parts_are_their_own_least_images((h, w, cells) in amazons_parts(), square in any::<bool>()) {
        let g = Grid::from_cells(h, w, &cells).unwrap();
        let group: &[Symmetry] = if square { &Symmetry::ALL } else { &Symmetry::RECTANGLE };
        let queen = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];
        for piece in [b'x', b'o'] {
            let movers: Vec<((usize, usize), u8)> = g.cells_with(piece).into_iter().map(|c| (c, piece)).collect();
            let rules = Shots { movers: &movers, directions: &queen, empty: b'.', shot: b'#' };
            for option in g.shot_parts(&rules, group).unwrap() {
                let parts = match option {
                    Parts::One(p) => vec![p],
                    Parts::Many(ps) => ps,
                };
                for p in parts {
                    prop_assert_eq!(&p.canonical_under(group).0, &p);
                }
            }
        }
    }

    #[test]
    fn regions_match_a_breadth_first_search(g in grid(), which in 0usize..5, sym in prop::sample::select(b".#X".to_vec())) {
        let offs: &[(isize, isize)] = [
            offsets::ORTHOGONAL,
            offsets::KING,
            offsets::DIAGONAL,
            offsets::KNIGHT,
            &[(0, 1), (1, 0)],
        ][which];
        let got = g.regions_of(sym, offs);
        prop_assert_eq!(&got, &reference_regions(&g, |c| c == sym, offs));
        let total: usize = got.iter().map(BitSet::len).sum();
        prop_assert_eq!(total, g.count(sym));
        let not = g.regions(|c| c != sym, offs);
        prop_assert_eq!(&not, &reference_regions(&g, |c| c != sym, offs));
        // The region grids hold exactly the region's cells.
        for (region, part) in got.iter().zip(g.region_grids(|c| c == sym, offs, b'~').unwrap()) {
            prop_assert_eq!(part.count(sym), region.len());
        }
    }

    #[test]
    fn region_grids_are_the_regions_cropped_cell_by_cell(g in grid(), king in any::<bool>(), sym in prop::sample::select(b".#X".to_vec()), fill in prop::sample::select(b"#.~".to_vec())) {
        let offs = if king { offsets::KING } else { offsets::ORTHOGONAL };
        let expected: Vec<Grid> = reference_regions(&g, |c| c != sym, offs)
            .iter()
            .map(|region| reference_crop(&g, region, fill))
            .collect();
        prop_assert_eq!(g.region_grids(|c| c != sym, offs, fill).unwrap(), expected);
    }

    #[test]
    fn window_placements_match_a_cell_by_cell_search(g in grid(), h in 1usize..5, w in 1usize..5, sym in prop::sample::select(b".#X".to_vec()), new in prop::sample::select(b"#.~".to_vec())) {
        // Every placement meeting the grid, row by row; each distinct set of cells once.
        let expected = reference_placements(&g, sym, (h, w), new);
        if let Some(got) = g.packed_window_placements(sym, (h, w), new) {
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn window_placements_on_either_side_of_64_cells_match_the_search((h, w, cells) in word_edge_grid_parts(), wh in 1usize..7, ww in 1usize..7, new in prop::sample::select(b"#.~".to_vec())) {
        // Boards of at most 64 cells take the cuts in a u64, larger ones in a u128; windows
        // may be larger than the board. A third symbol `~` leaves no packed result.
        let g = Grid::from_cells(h, w, &cells).unwrap();
        let got = g.packed_window_placements(b'.', (wh, ww), new);
        if new != b'~' || g.count(b'#') == 0 {
            prop_assert_eq!(got, Some(reference_placements(&g, b'.', (wh, ww), new)));
        } else {
            prop_assert_eq!(got, None);
        }
        let got = g.packed_window_placements(b'#', (wh, ww), b'.');
        prop_assert_eq!(got, Some(reference_placements(&g, b'#', (wh, ww), b'.')));
    }

    #[test]
    fn regions_on_either_side_of_64_cells_match_a_breadth_first_search((h, w, cells) in word_edge_grid_parts(), king in any::<bool>(), sym in prop::sample::select(b".#".to_vec())) {
        // Boards of at most 64 cells are flooded in a u64, larger ones in a u128.
        let g = Grid::from_cells(h, w, &cells).unwrap();
        let offs = if king { offsets::KING } else { offsets::ORTHOGONAL };
        let expected = reference_regions(&g, |c| c == sym, offs);
        prop_assert_eq!(&g.regions(|c| c == sym, offs), &expected);
        let crops: Vec<Grid> = expected.iter().map(|region| reference_crop(&g, region, b'~')).collect();
        prop_assert_eq!(g.region_grids(|c| c == sym, offs, b'~').unwrap(), crops);
    }

    #[test]
    fn window_clusters_are_regions_of_the_window_neighbourhood(g in grid(), h in 1usize..5, w in 1usize..5, sym in prop::sample::select(b".#X".to_vec())) {
        // Two cells are joined when they differ by less than h rows and less than w columns.
        let offs: Vec<(isize, isize)> = (0..h as isize)
            .flat_map(|dr| (1 - w as isize..w as isize).map(move |dc| (dr, dc)))
            .filter(|&p| p != (0, 0))
            .collect();
        let expected: Vec<Grid> = reference_regions(&g, |c| c != sym, &offs)
            .iter()
            .map(|region| reference_crop(&g, region, b'#'))
            .collect();
        if let Some(got) = g.packed_window_clusters(|c| c != sym, (h, w), b'#') {
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn window_clusters_of_sparse_boards_match_the_regions((h, w, cells) in sparse_grid_parts(), wh in 1usize..7, ww in 1usize..7) {
        // Mostly empty boards, where clusters run along whole rows (filled a run at a time).
        let g = Grid::from_cells(h, w, &cells).unwrap();
        let offs: Vec<(isize, isize)> = (0..wh as isize)
            .flat_map(|dr| (1 - ww as isize..ww as isize).map(move |dc| (dr, dc)))
            .filter(|&p| p != (0, 0))
            .collect();
        let expected: Vec<Grid> = reference_regions(&g, |c| c == b'.', &offs)
            .iter()
            .map(|region| reference_crop(&g, region, b'#'))
            .collect();
        prop_assert_eq!(g.packed_window_clusters(|c| c == b'.', (wh, ww), b'#'), Some(expected));
    }

    #[test]
    fn pairs_and_counts_match_the_cells(g in grid(), dr in -2isize..=2, dc in -2isize..=2, sym in prop::sample::select(b".#X".to_vec())) {
        let mut expected = Vec::new();
        for i in 0..g.len() {
            let (r, c) = g.coord(i);
            let other = r.checked_add_signed(dr).zip(c.checked_add_signed(dc)).and_then(|p| g.get(p));
            if g.get((r, c)) == Some(sym) && other == Some(sym) {
                expected.push((r, c));
            }
        }
        prop_assert_eq!(g.pairs(sym, (dr, dc)), expected);
        let cells: Vec<(usize, usize)> = (0..g.len()).map(|i| g.coord(i)).filter(|&p| g.get(p) == Some(sym)).collect();
        prop_assert_eq!(g.cells_with(sym), cells.clone());
        prop_assert_eq!(g.count(sym), cells.len());
        prop_assert_eq!(g.find(sym), cells.first().copied());
    }
}

// ---------------------------------------------------------------------------------------------
// Graphs

/// A graph on the vertices `0..n` (n <= 8) with random edges.
fn small_graph() -> impl Strategy<Value = Graph> {
    (1usize..=8, any::<bool>()).prop_flat_map(|(n, directed)| {
        prop::collection::vec((0..n, 0..n), 0..=2 * n).prop_map(move |edges| {
            let e = edges
                .into_iter()
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (VertexLabel::from(a as i64), VertexLabel::from(b as i64)));
            Graph::new(directed, (0..n as i64).map(VertexLabel::from), e).unwrap()
        })
    })
}

fn subset(n: usize) -> impl Strategy<Value = VertexSet> {
    prop::collection::vec(any::<bool>(), n).prop_map(|bits| {
        bits.iter()
            .enumerate()
            .filter(|(_, &b)| b)
            .map(|(i, _)| i)
            .collect()
    })
}

fn graph_and_set() -> impl Strategy<Value = (Graph, VertexSet)> {
    small_graph().prop_flat_map(|g| {
        let n = g.vertex_count();
        (Just(g), subset(n))
    })
}

const INF: usize = usize::MAX / 4;

fn floyd_warshall(g: &Graph) -> Vec<Vec<usize>> {
    let n = g.vertex_count();
    let mut d = vec![vec![INF; n]; n];
    for (v, row) in d.iter_mut().enumerate() {
        row[v] = 0;
    }
    for (u, v) in g.edges() {
        d[u][v] = 1;
        if !g.is_directed() {
            d[v][u] = 1;
        }
    }
    for k in 0..n {
        for i in 0..n {
            for j in 0..n {
                if d[i][k] + d[k][j] < d[i][j] {
                    d[i][j] = d[i][k] + d[k][j];
                }
            }
        }
    }
    d
}

fn reference_interval(d: &[Vec<usize>], u: usize, v: usize) -> BTreeSet<usize> {
    if d[u][v] >= INF {
        return BTreeSet::new();
    }
    (0..d.len())
        .filter(|&w| d[u][w] + d[w][v] == d[u][v])
        .collect()
}

fn reference_is_convex(d: &[Vec<usize>], k: &BTreeSet<usize>) -> bool {
    k.iter()
        .all(|&u| k.iter().all(|&v| reference_interval(d, u, v).is_subset(k)))
}

/// The convex hull as defined: the intersection of all convex sets containing `s`.
fn reference_hull(d: &[Vec<usize>], s: &BTreeSet<usize>) -> BTreeSet<usize> {
    let n = d.len();
    let mut hull: BTreeSet<usize> = (0..n).collect();
    for bits in 0u32..(1 << n) {
        let k: BTreeSet<usize> = (0..n).filter(|&i| bits & (1 << i) != 0).collect();
        if s.is_subset(&k) && reference_is_convex(d, &k) {
            hull = hull.intersection(&k).copied().collect();
        }
    }
    hull
}

fn to_btree(s: &VertexSet) -> BTreeSet<usize> {
    s.iter().collect()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn distances_match_floyd_warshall_and_obey_the_triangle_inequality(g in small_graph()) {
        let d = floyd_warshall(&g);
        let n = g.vertex_count();
        for u in 0..n {
            let row = g.distances_from(u);
            for v in 0..n {
                let expected = (d[u][v] < INF).then_some(d[u][v]);
                prop_assert_eq!(g.distance(u, v), expected);
                prop_assert_eq!(row[v], expected);
                for w in 0..n {
                    if let (Some(a), Some(b)) = (g.distance(u, v), g.distance(v, w)) {
                        prop_assert!(g.distance(u, w).unwrap() <= a + b);
                    }
                }
                prop_assert_eq!(to_btree(&g.interval(u, v)), reference_interval(&d, u, v));
            }
        }
    }

    #[test]
    fn hull_is_the_least_convex_superset((g, s) in graph_and_set()) {
        let d = floyd_warshall(&g);
        let hull = g.convex_hull(&s);
        prop_assert_eq!(to_btree(&hull), reference_hull(&d, &to_btree(&s)));
        prop_assert!(s.is_subset(&hull));
        prop_assert!(g.is_convex(&hull));
        prop_assert_eq!(g.is_convex(&s), reference_is_convex(&d, &to_btree(&s)));
        prop_assert_eq!(g.convex_hull(&hull), hull.clone());
        // The paper's description: iterate the geodetic closure until it stabilises.
        let mut x = s.clone();
        loop {
            let y = g.geodetic_closure(&x);
            prop_assert!(x.is_subset(&y));
            if y == x {
                break;
            }
            x = y;
        }
        prop_assert_eq!(&x, &hull);
        let closure = g.geodetic_closure(&s);
        prop_assert!(s.is_subset(&closure) && closure.is_subset(&hull));
        let n = g.vertex_count();
        prop_assert_eq!(g.is_hull_set(&s), hull.len() == n);
        prop_assert_eq!(g.is_geodetic_set(&s), closure.len() == n);
    }

    #[test]
    fn hulls_are_the_same_in_padded_graphs((g, s) in graph_and_set(), pad in prop::sample::select(vec![70usize, 300, 1100])) {
        // Isolated vertices added after the others change no distance between them, but move
        // the graph onto the general paths: more than 64 vertices (words), more than 256 (no
        // interval table), more than 1024 (no distance matrix).
        let extra = (0..pad as i64).map(|i| VertexLabel::from(1000 + i));
        let edges = g.edges().into_iter().map(|(u, v)| (g.label(u).clone(), g.label(v).clone()));
        let big = Graph::new(g.is_directed(), g.labels().iter().cloned().chain(extra), edges).unwrap();
        prop_assert_eq!(big.convex_hull(&s), g.convex_hull(&s));
        prop_assert_eq!(big.geodetic_closure(&s), g.geodetic_closure(&s));
        prop_assert!(!big.is_hull_set(&s));
        let everything = big.all_vertices();
        prop_assert!(big.is_hull_set(&everything));
        prop_assert_eq!(big.convex_hull(&everything), everything);
        for u in s.iter() {
            for v in s.iter() {
                prop_assert_eq!(big.interval(u, v), g.interval(u, v));
            }
        }
    }

    #[test]
    fn hull_is_monotone((g, s) in graph_and_set(), extra in prop::collection::vec(0usize..8, 0..4)) {
        let mut t = s.clone();
        for v in extra.into_iter().filter(|&v| v < g.vertex_count()) {
            t.insert(v);
        }
        prop_assert!(g.convex_hull(&s).is_subset(&g.convex_hull(&t)));
        prop_assert!(g.geodetic_closure(&s).is_subset(&g.geodetic_closure(&t)));
    }

    #[test]
    fn product_sizes_and_distances(g in small_graph(), h in small_graph()) {
        let p = g.product(&h);
        let (n, m) = (g.vertex_count(), h.vertex_count());
        prop_assert_eq!(p.vertex_count(), n * m);
        prop_assert_eq!(p.is_directed(), g.is_directed() || h.is_directed());
        let arcs = |x: &Graph| if x.is_directed() { x.edge_count() } else { 2 * x.edge_count() };
        let expected_arcs = arcs(&g) * m + arcs(&h) * n;
        prop_assert_eq!(arcs(&p), expected_arcs);
        // d((a, b), (c, d)) = d(a, c) + d(b, d).
        for u in 0..p.vertex_count() {
            for v in 0..p.vertex_count() {
                let (a, b) = (u / m, u % m);
                let (c, d) = (v / m, v % m);
                let expected = g.distance(a, c).zip(h.distance(b, d)).map(|(x, y)| x + y);
                prop_assert_eq!(p.distance(u, v), expected);
            }
        }
        prop_assert_eq!(p.labels()[m.min(p.vertex_count() - 1)].as_tuple().map(<[_]>::len), Some(2));
    }

    #[test]
    fn lattice_hulls_are_bounding_boxes(sizes in prop::collection::vec(1usize..=4, 2..=3), picks in prop::collection::vec(0usize..64, 1..5)) {
        let g = Graph::lattice(&sizes);
        let n = g.vertex_count();
        let s: VertexSet = picks.iter().map(|p| p % n).collect();
        let coords: Vec<Vec<i64>> = s.iter().map(|v| g.label(v).coords().unwrap()).collect();
        let d = sizes.len();
        let lo: Vec<i64> = (0..d).map(|k| coords.iter().map(|c| c[k]).min().unwrap()).collect();
        let hi: Vec<i64> = (0..d).map(|k| coords.iter().map(|c| c[k]).max().unwrap()).collect();
        let bbox: VertexSet = (0..n)
            .filter(|&v| {
                let c = g.label(v).coords().unwrap();
                (0..d).all(|k| lo[k] <= c[k] && c[k] <= hi[k])
            })
            .collect();
        prop_assert_eq!(g.convex_hull(&s), bbox.clone());
        // [S] = V iff S meets every face of the box.
        let meets_all_faces = (0..d).all(|k| lo[k] == 0 && hi[k] == sizes[k] as i64 - 1);
        prop_assert_eq!(g.is_hull_set(&s), meets_all_faces);
    }

    #[test]
    fn deletion_order_does_not_matter((g, s) in graph_and_set()) {
        let all_at_once = g.remove_vertices(&s);
        let mut one_by_one = g.clone();
        for v in s.iter().collect::<Vec<_>>().into_iter().rev() {
            one_by_one = one_by_one.remove_vertex(one_by_one.vertex(g.label(v)).unwrap());
        }
        prop_assert_eq!(&all_at_once, &one_by_one);
        prop_assert_eq!(hash_of(&all_at_once), hash_of(&one_by_one));
        prop_assert_eq!(all_at_once.vertex_count(), g.vertex_count() - s.len());
        let kept = g.all_vertices().difference(&s);
        prop_assert_eq!(g.induced_subgraph(&kept), all_at_once.clone());
        // Components partition the vertices.
        let comps = g.components();
        let total: usize = comps.iter().map(BitSet::len).sum();
        prop_assert_eq!(total, g.vertex_count());
        let union = comps.iter().fold(BitSet::new(), |a, c| a.union(c));
        prop_assert_eq!(union, g.all_vertices());
    }

    #[test]
    fn graphs_from_shuffled_edges_are_equal(g in small_graph(), seed in any::<u64>()) {
        let mut edges: Vec<(VertexLabel, VertexLabel)> =
            g.edges().into_iter().map(|(u, v)| (g.label(u).clone(), g.label(v).clone())).collect();
        // A deterministic shuffle, and reversed edges for undirected graphs.
        let mut x = seed | 1;
        for i in (1..edges.len()).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            edges.swap(i, (x % (i as u64 + 1)) as usize);
        }
        if !g.is_directed() {
            for e in edges.iter_mut().step_by(2) {
                *e = (e.1.clone(), e.0.clone());
            }
        }
        let h = Graph::new(g.is_directed(), g.labels().to_vec(), edges).unwrap();
        prop_assert_eq!(&h, &g);
        prop_assert_eq!(hash_of(&h), hash_of(&g));
        prop_assert_eq!(h.cmp(&g), Ordering::Equal);
    }
}

// ---------------------------------------------------------------------------------------------
// Bit sets

fn elements() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(prop_oneof![0usize..130, 0usize..400], 0..20)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn bitsets_behave_like_btreesets(a in elements(), b in elements()) {
        let (sa, sb): (BitSet, BitSet) = (a.iter().copied().collect(), b.iter().copied().collect());
        let (ra, rb): (BTreeSet<usize>, BTreeSet<usize>) = (a.iter().copied().collect(), b.iter().copied().collect());
        prop_assert_eq!(sa.iter().collect::<Vec<_>>(), ra.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(sa.len(), ra.len());
        prop_assert_eq!(sa.first(), ra.first().copied());
        prop_assert_eq!(sa.last(), ra.last().copied());
        prop_assert_eq!(to_btree(&sa.union(&sb)), ra.union(&rb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(to_btree(&sa.intersection(&sb)), ra.intersection(&rb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(to_btree(&sa.difference(&sb)), ra.difference(&rb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(to_btree(&sa.symmetric_difference(&sb)), ra.symmetric_difference(&rb).copied().collect::<BTreeSet<_>>());
        prop_assert_eq!(sa.is_subset(&sb), ra.is_subset(&rb));
        prop_assert_eq!(sa.is_disjoint(&sb), ra.is_disjoint(&rb));
        // Equality is set equality whatever the history.
        let rebuilt = sa.union(&sb).difference(&sb.difference(&sa));
        prop_assert_eq!(&rebuilt, &sa);
        prop_assert_eq!(hash_of(&rebuilt), hash_of(&sa));
        prop_assert_eq!(BitSet::from_words(&sa.to_words()), sa.clone());
        // Order: as binary numbers, i.e. the descending sequences lexicographically.
        let desc = |r: &BTreeSet<usize>| r.iter().rev().copied().collect::<Vec<_>>();
        prop_assert_eq!(sa.cmp(&sb), desc(&ra).cmp(&desc(&rb)));
        for &x in a.iter().take(3) {
            prop_assert!(!sa.without(x).contains(x));
            prop_assert_eq!(sa.without(x).with(x), sa.clone());
        }
    }
}
