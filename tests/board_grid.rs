//! Tests of `cg::board::Grid` and `cg::board::Symmetry` with hand-derived expected values.

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use cg::board::{offsets, BitSet, Grid, GridError, ParseGridErrorKind, Symmetry};

fn g(s: &str) -> Grid {
    Grid::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn coords(grid: &Grid, set: &BitSet) -> Vec<(usize, usize)> {
    set.iter().map(|i| grid.coord(i)).collect()
}

// ---------------------------------------------------------------------------------------------
// Parsing and printing

#[test]
fn parse_and_display_round_trip() {
    for s in [
        "",
        ".",
        "..#|...",
        "OX.|.X.|..O",
        "abcdefghijklmnopqrstuvwxyz",
        "#|#|#|#",
        "ABC|DEF|GHI|JKL",
    ] {
        assert_eq!(g(s).to_string(), s);
        assert_eq!(s.parse::<Grid>().unwrap(), g(s));
    }
    let big = vec![".".repeat(20); 20].join("|");
    assert_eq!(g(&big).to_string(), big);
    assert_eq!((g(&big).height(), g(&big).width()), (20, 20));
}

#[test]
fn packed_words_unpack_to_the_same_grid_and_nothing_else_unpacks() {
    // Every grid of up to 3 x 3 cells over `.` and `#`, plus the empty grid, one-symbol
    // grids and the largest packed shapes: each packs to three words and unpacks to itself.
    let mut grids = vec![
        g(""),
        g("x"),
        g("...."),
        g(&"#".repeat(128)),
        g(&vec!["..#.".repeat(8); 4].join("|")),
    ];
    for (h, w) in [(1, 1), (1, 3), (2, 2), (3, 2), (3, 3)] {
        for mask in 0u32..1 << (h * w) {
            let cells: Vec<u8> = (0..h * w)
                .map(|i| if mask >> i & 1 == 1 { b'#' } else { b'.' })
                .collect();
            grids.push(Grid::from_cells(h, w, &cells).unwrap());
        }
    }
    for grid in &grids {
        let words = grid.packed_words().unwrap();
        assert_eq!(
            Grid::from_packed_words(words).as_ref(),
            Some(grid),
            "{grid}"
        );
    }
    // Words no grid packs to: a bit past the last cell, the two symbols out of order or
    // equal with a cell set, a symbol that is not one, a grid of one symbol written as two,
    // a shape of more than 128 cells.
    let shape = |h: u64, w: u64, zero: u8, one: u8| {
        h | w << 16 | u64::from(zero) << 32 | u64::from(one) << 40
    };
    let top = 1u64 << 63;
    for words in [
        [shape(2, 3, b'#', b'.'), 0, 1],
        [shape(2, 3, b'.', b'#'), top, 0],
        [shape(2, 3, b'#', b'#'), top, 0],
        [shape(2, 3, b' ', b'.'), top, 0],
        [shape(2, 3, b'#', b'.'), u64::MAX << 58, 0],
        [shape(3, 50, b'#', b'.'), top, 0],
        [shape(0, 3, 0, 0), 0, 0],
    ] {
        assert_eq!(Grid::from_packed_words(words), None, "{words:?}");
    }
}

#[test]
fn parse_errors_point_at_the_problem() {
    let e = Grid::parse("...|..|...").unwrap_err();
    assert_eq!(e.offset, 4);
    assert_eq!(
        e.kind,
        ParseGridErrorKind::RaggedRow {
            row: 1,
            expected: 3,
            found: 2
        }
    );
    assert!(e.to_string().contains("row 1"), "{e}");

    let e = Grid::parse("..|.. ").unwrap_err();
    assert_eq!(e.offset, 5);
    assert_eq!(e.kind, ParseGridErrorKind::InvalidSymbol(' '));

    let e = Grid::parse("..|.é").unwrap_err();
    assert_eq!(e.offset, 4);
    assert_eq!(e.kind, ParseGridErrorKind::InvalidSymbol('é'));

    let e = Grid::parse("..||..").unwrap_err();
    assert_eq!(e.offset, 3);
    assert_eq!(e.kind, ParseGridErrorKind::EmptyRow { row: 1 });

    let e = Grid::parse("|").unwrap_err();
    assert_eq!(e.kind, ParseGridErrorKind::EmptyRow { row: 0 });

    let e = Grid::parse("..\n..").unwrap_err();
    assert_eq!(
        (e.offset, e.kind),
        (2, ParseGridErrorKind::InvalidSymbol('\n'))
    );

    let huge = ".".repeat(70_000);
    assert_eq!(
        Grid::parse(&huge).unwrap_err().kind,
        ParseGridErrorKind::TooLarge
    );
}

#[test]
fn basic_accessors() {
    let b = g("..#|.O.");
    assert_eq!((b.height(), b.width(), b.len()), (2, 3, 6));
    assert_eq!(b.get((0, 2)), Some(b'#'));
    assert_eq!(b.get((1, 1)), Some(b'O'));
    assert_eq!(b.get((2, 0)), None);
    assert_eq!(b.get((0, 3)), None);
    assert_eq!(b.symbols(), b"#.O".to_vec());
    assert_eq!(b.count(b'.'), 4);
    assert_eq!(b.cells_with(b'.'), vec![(0, 0), (0, 1), (1, 0), (1, 2)]);
    assert_eq!(b.find(b'O'), Some((1, 1)));
    assert_eq!(b.find(b'X'), None);
    assert_eq!(b.row(1), ".O.");
    assert_eq!(b.cells(), b"..#.O.".to_vec());
    assert_eq!(b.index((1, 2)), Some(5));
    assert_eq!(b.coord(5), (1, 2));
    assert!(Grid::new(0, 5, b'.').unwrap().is_empty());
    assert_eq!(Grid::new(2, 2, b'#').unwrap().to_string(), "##|##");
    assert_eq!(Grid::new(2, 2, b'|'), Err(GridError::InvalidSymbol(b'|')));
    assert_eq!(g("").symbols(), Vec::<u8>::new());
    // Two-symbol boards report both symbols, one-symbol boards one.
    assert_eq!(g("..|#.").symbols(), b"#.".to_vec());
    assert_eq!(g("..|..").symbols(), b".".to_vec());
}

#[test]
fn set_returns_a_new_grid_and_keeps_values_canonical() {
    let a = g("...|...");
    let b = a.set((0, 1), b'#').unwrap();
    assert_eq!(a.to_string(), "...|...");
    assert_eq!(b.to_string(), ".#.|...");
    // Back to one symbol: equal (and equal hash) to the grid parsed directly.
    let c = b.set((0, 1), b'.').unwrap();
    assert_eq!(c, a);
    assert_eq!(hash_of(&c), hash_of(&a));
    // Three symbols, then two again.
    let d = b.set((1, 2), b'O').unwrap();
    assert_eq!(d.to_string(), ".#.|..O");
    assert_eq!(d.packed(), None);
    let e = d.set((1, 2), b'.').unwrap();
    assert_eq!(e, b);
    assert_eq!(hash_of(&e), hash_of(&b));
    assert!(e.packed().is_some());
    // Filling every cell with the second symbol.
    let f = g("#.|..").set_all(&[(0, 1), (1, 0), (1, 1)], b'#').unwrap();
    assert_eq!(f, g("##|##"));
    assert_eq!(f.packed(), g("##|##").packed());
    // A symbol smaller than the only one.
    let h = g("..|..").set((1, 1), b'#').unwrap();
    assert_eq!(h, g("..|.#"));
    assert_eq!(hash_of(&h), hash_of(&g("..|.#")));
    // Errors.
    assert_eq!(
        a.set((2, 0), b'#'),
        Err(GridError::OutOfBounds {
            coord: (2, 0),
            height: 2,
            width: 3
        })
    );
    assert_eq!(a.set((0, 0), b' '), Err(GridError::InvalidSymbol(b' ')));
}

#[test]
fn large_grids_use_bytes_and_still_compare_by_value() {
    // 12 x 12 = 144 cells: beyond the 128-cell bit board.
    let empty = Grid::new(12, 12, b'.').unwrap();
    let a = empty.set((11, 11), b'#').unwrap();
    let b = g(&format!(
        "{}|{}#",
        vec![".".repeat(12); 11].join("|"),
        ".".repeat(11)
    ));
    assert_eq!(a, b);
    assert_eq!(hash_of(&a), hash_of(&b));
    assert_eq!(a.packed(), None);
    assert_eq!(a.canonical(), a.transform(Symmetry::ROTATE_90).canonical());
    assert_eq!(a.canonical().get((0, 0)), Some(b'#'));
    assert_eq!(a.regions_of(b'.', offsets::ORTHOGONAL).len(), 1);
    assert_eq!(a.count(b'.'), 143);
}

#[test]
fn one_row_and_one_column_of_128() {
    for (h, w) in [(1, 128), (128, 1), (2, 64), (64, 2)] {
        let g = Grid::new(h, w, b'.').unwrap();
        let blocked = g.set((h / 2, w / 2), b'#').unwrap();
        let expected = if h == 1 || w == 1 { 2 } else { 1 };
        assert_eq!(
            blocked.regions_of(b'.', offsets::ORTHOGONAL).len(),
            expected,
            "{h}x{w}"
        );
        assert_eq!(
            blocked.regions_of(b'.', offsets::KING).len(),
            expected,
            "{h}x{w}"
        );
        assert_eq!(g.regions_of(b'.', offsets::KING).len(), 1);
        assert_eq!(g.pairs(b'.', (1, 0)).len(), (h - 1) * w);
        assert_eq!(g.pairs(b'.', (0, 1)).len(), h * (w - 1));
        let c = blocked.canonical();
        assert_eq!((c.height(), c.width()), (h.min(w), h.max(w)));
        for s in Symmetry::ALL {
            assert_eq!(blocked.transform(s).canonical(), c);
        }
    }
}

#[test]
fn exactly_128_cells_is_packed() {
    let a = Grid::new(8, 16, b'.').unwrap().set((7, 15), b'#').unwrap();
    assert!(a.packed().is_some());
    assert_eq!(a.cells_with(b'#'), vec![(7, 15)]);
    assert_eq!(
        a.transform(Symmetry::ROTATE_180).cells_with(b'#'),
        vec![(0, 0)]
    );
    assert_eq!(
        a.transform(Symmetry::TRANSPOSE).cells_with(b'#'),
        vec![(15, 7)]
    );
    assert_eq!(a.canonical().cells_with(b'#'), vec![(0, 0)]);
    assert_eq!((a.canonical().height(), a.canonical().width()), (8, 16));
}

// ---------------------------------------------------------------------------------------------
// Neighbours

#[test]
fn neighbours_respect_the_edges_of_the_board() {
    let b = Grid::new(3, 4, b'.').unwrap();
    let n = |c, o| b.neighbours(c, o).collect::<Vec<_>>();
    assert_eq!(n((0, 0), offsets::ORTHOGONAL), vec![(0, 1), (1, 0)]);
    assert_eq!(
        n((1, 1), offsets::ORTHOGONAL),
        vec![(0, 1), (1, 0), (1, 2), (2, 1)]
    );
    assert_eq!(n((2, 3), offsets::ORTHOGONAL), vec![(1, 3), (2, 2)]);
    assert_eq!(n((0, 0), offsets::DIAGONAL), vec![(1, 1)]);
    assert_eq!(
        n((1, 1), offsets::DIAGONAL),
        vec![(0, 0), (0, 2), (2, 0), (2, 2)]
    );
    assert_eq!(n((0, 0), offsets::KING), vec![(0, 1), (1, 0), (1, 1)]);
    assert_eq!(n((1, 1), offsets::KING).len(), 8);
    assert_eq!(n((0, 0), offsets::KNIGHT), vec![(1, 2), (2, 1)]);
    assert_eq!(n((1, 1), offsets::KNIGHT), vec![(0, 3), (2, 3)]);
    // Custom offsets: the moves of Geography on a board (right or down, no wrapping).
    assert_eq!(n((1, 3), &[(0, 1), (1, 0)]), vec![(2, 3)]);
    assert_eq!(n((5, 5), offsets::ORTHOGONAL), Vec::<(usize, usize)>::new());
}

#[test]
fn domineering_move_counts() {
    // On an empty m x n board Left (vertical) has (m - 1) n moves, Right m (n - 1).
    for (m, n) in [
        (1, 1),
        (2, 2),
        (3, 5),
        (5, 5),
        (6, 6),
        (4, 7),
        (8, 16),
        (9, 15),
    ] {
        let b = Grid::new(m, n, b'.').unwrap();
        assert_eq!(b.pairs(b'.', (1, 0)).len(), (m - 1) * n, "{m}x{n}");
        assert_eq!(b.pairs(b'.', (0, 1)).len(), m * (n - 1), "{m}x{n}");
        assert_eq!(b.pairs(b'.', (-1, 0)).len(), (m - 1) * n, "{m}x{n}");
    }
    let b = g("..#|#..|...");
    assert_eq!(b.pairs(b'.', (1, 0)), vec![(0, 1), (1, 1), (1, 2)]);
    assert_eq!(b.pairs(b'.', (0, 1)), vec![(0, 0), (1, 1), (2, 0), (2, 1)]);
    assert_eq!(b.pairs(b'#', (1, 1)), Vec::<(usize, usize)>::new());
    assert_eq!(b.pairs(b'.', (1, -1)), vec![(1, 1), (1, 2)]);
    // Three symbols (not packed) give the same answers.
    let c = g("..#|#..|..O");
    assert_eq!(c.pairs(b'.', (1, 0)), vec![(0, 1), (1, 1)]);
    assert_eq!(c.pairs(b'.', (0, 1)), vec![(0, 0), (1, 1), (2, 0)]);
}

// ---------------------------------------------------------------------------------------------
// Regions

#[test]
fn regions_of_a_parsed_grid() {
    let b = g(".#..|.#.#|..##|##..");
    let r = b.regions_of(b'.', offsets::ORTHOGONAL);
    assert_eq!(r.len(), 3);
    assert_eq!(
        coords(&b, &r[0]),
        vec![(0, 0), (1, 0), (2, 0), (2, 1)],
        "the left-hand L"
    );
    assert_eq!(coords(&b, &r[1]), vec![(0, 2), (0, 3), (1, 2)]);
    assert_eq!(coords(&b, &r[2]), vec![(3, 2), (3, 3)]);
    // With diagonal adjacency (2, 1) touches (1, 2) and (3, 2): one region.
    let k = b.regions_of(b'.', offsets::KING);
    assert_eq!(k.len(), 1);
    assert_eq!(k[0].len(), 9);
    // The blocked cells.
    let w = b.regions_of(b'#', offsets::ORTHOGONAL);
    assert_eq!(w.len(), 3);
    assert_eq!(coords(&b, &w[0]), vec![(0, 1), (1, 1)]);
    assert_eq!(coords(&b, &w[1]), vec![(1, 3), (2, 2), (2, 3)]);
    assert_eq!(coords(&b, &w[2]), vec![(3, 0), (3, 1)]);
    // Predicates: everything that is not blocked, on a three-symbol board.
    let c = g("O.#|.X#|##.");
    let open = c.regions(|s| s != b'#', offsets::ORTHOGONAL);
    assert_eq!(open.len(), 2);
    assert_eq!(coords(&c, &open[0]), vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
    assert_eq!(coords(&c, &open[1]), vec![(2, 2)]);
    // A U shape: the search must go up as well as down, left and right.
    let u = g(".#.|...");
    assert_eq!(u.regions_of(b'.', offsets::ORTHOGONAL).len(), 1);
    assert_eq!(g("..|#.|..").regions_of(b'.', offsets::ORTHOGONAL).len(), 1);
    assert_eq!(g(".#|.#|..").regions_of(b'#', offsets::ORTHOGONAL).len(), 1);
    // One-directional offsets are made symmetric.
    assert_eq!(b.regions_of(b'.', &[(0, 1), (1, 0)]), r);
    // Custom offsets: knight-connected components of a 3 x 3 board (the centre is alone).
    let nine = Grid::new(3, 3, b'.').unwrap();
    let kn = nine.regions_of(b'.', offsets::KNIGHT);
    assert_eq!(kn.len(), 2);
    assert_eq!(kn[0].len(), 8);
    assert_eq!(coords(&nine, &kn[1]), vec![(1, 1)]);
}

#[test]
fn region_grids_split_a_domineering_position() {
    let b = g("..#...|..#...|####.#|...#..");
    let parts: Vec<String> = b
        .region_grids(|s| s == b'.', offsets::ORTHOGONAL, b'#')
        .unwrap()
        .iter()
        .map(Grid::to_string)
        .collect();
    assert_eq!(parts, vec!["..|..", "...|...|#.#|#..", "..."]);
    assert!(b
        .region_grids(|s| s == b'.', offsets::ORTHOGONAL, b' ')
        .is_err());
    let set = b.cell_set(b'#');
    assert_eq!(set.len(), 8);
    assert_eq!(b.restrict_to(&set, b'.').unwrap(), b);
    let one = b
        .cell_set(b'#')
        .intersection(&[14usize, 15, 16, 17].into_iter().collect());
    assert_eq!(b.restrict_to(&one, b'.').unwrap().to_string(), "##.#");
    assert!(b.restrict_to(&BitSet::from_iter([24]), b'.').is_err());
}

#[test]
fn crop_and_replace() {
    let b = g("abc|def|ghi");
    assert_eq!(b.crop((1, 1), 2, 2).unwrap().to_string(), "ef|hi");
    assert_eq!(b.crop((0, 0), 0, 2).unwrap().to_string(), "");
    assert!(b.crop((2, 2), 2, 1).is_err());
    assert_eq!(b.replace(b'e', b'#').unwrap().to_string(), "abc|d#f|ghi");
}

// ---------------------------------------------------------------------------------------------
// Symmetries

#[test]
fn symmetries_of_a_labelled_board() {
    let b = g("abc|def");
    let t = |s| b.transform(s).to_string();
    assert_eq!(t(Symmetry::IDENTITY), "abc|def");
    assert_eq!(t(Symmetry::FLIP_ROWS), "def|abc");
    assert_eq!(t(Symmetry::FLIP_COLUMNS), "cba|fed");
    assert_eq!(t(Symmetry::ROTATE_180), "fed|cba");
    assert_eq!(t(Symmetry::TRANSPOSE), "ad|be|cf");
    assert_eq!(t(Symmetry::ROTATE_90), "da|eb|fc");
    assert_eq!(t(Symmetry::ROTATE_270), "cf|be|ad");
    assert_eq!(t(Symmetry::ANTI_TRANSPOSE), "fc|eb|da");
}

#[test]
fn packed_and_byte_transforms_agree() {
    // The same pattern with two symbols (bit board) and with a third symbol added in a corner
    // that is then compared cell by cell.
    let two = g("#..#.|..#..|.#...|#...#");
    let three = g("#..#.|..#..|.#...|#...O");
    assert!(two.packed().is_some() && three.packed().is_none());
    for s in Symmetry::ALL {
        let a = two.transform(s);
        let b = three.transform(s);
        assert_eq!((a.height(), a.width()), (b.height(), b.width()));
        let diff: Vec<_> = (0..a.len())
            .filter(|&i| a.cells()[i] != b.cells()[i])
            .collect();
        assert_eq!(diff.len(), 1, "{s}");
        let (r, c) = a.coord(diff[0]);
        assert_eq!((r, c), s.apply((3, 4), 4, 5), "{s}");
    }
}

#[test]
fn the_rotation_has_order_four_and_the_group_is_closed() {
    let r = Symmetry::ROTATE_90;
    assert_eq!(r.then(r).then(r).then(r), Symmetry::IDENTITY);
    assert_eq!(r.then(r), Symmetry::ROTATE_180);
    assert_eq!(r.then(r).then(r), Symmetry::ROTATE_270);
    let mut products = HashSet::new();
    for a in Symmetry::ALL {
        assert_eq!(a.then(a.inverse()), Symmetry::IDENTITY);
        assert_eq!(a.inverse().then(a), Symmetry::IDENTITY);
        for b in Symmetry::ALL {
            products.insert(a.then(b));
        }
    }
    assert_eq!(products.len(), 8);
    // Reflections are involutions; the rectangle group is closed.
    for s in [
        Symmetry::FLIP_ROWS,
        Symmetry::FLIP_COLUMNS,
        Symmetry::TRANSPOSE,
        Symmetry::ANTI_TRANSPOSE,
    ] {
        assert_eq!(s.then(s), Symmetry::IDENTITY);
    }
    for a in Symmetry::RECTANGLE {
        for b in Symmetry::RECTANGLE {
            assert!(Symmetry::RECTANGLE.contains(&a.then(b)));
        }
    }
    // Rotation then mirror is a diagonal reflection.
    assert_eq!(
        Symmetry::ROTATE_90.then(Symmetry::FLIP_COLUMNS),
        Symmetry::TRANSPOSE
    );
}

#[test]
fn grid_symmetries_compose_to_the_identity() {
    let b = g("#.O|..#|X..|.#.");
    for s in Symmetry::ALL {
        assert_eq!(b.transform(s).transform(s.inverse()), b);
        for t in Symmetry::ALL {
            assert_eq!(b.transform(s).transform(t), b.transform(s.then(t)));
        }
    }
    let mut x = b.clone();
    for _ in 0..4 {
        x = x.transform(Symmetry::ROTATE_90);
    }
    assert_eq!(x, b);
}

#[test]
fn canonical_is_invariant_under_each_symmetry() {
    for s in [
        "#..|...|...",
        ".#.|#..|...",
        "#....|.....",
        "O.X|...|..#|.#.",
        "#.#.|.#.#",
    ] {
        let b = g(s);
        let c = b.canonical();
        for sym in Symmetry::ALL {
            assert_eq!(b.transform(sym).canonical(), c, "{s} under {sym}");
        }
        assert!(b.images(&Symmetry::ALL).iter().all(|i| c <= *i));
        assert!(b.images(&Symmetry::ALL).contains(&c));
    }
    // Corners of a square are one orbit; the centre of an edge another; '#' sorts before '.'.
    let corner = g("#..|...|...");
    assert_eq!(g("..#|...|...").canonical(), corner.canonical());
    assert_eq!(g("...|...|..#").canonical(), corner.canonical());
    assert_ne!(g(".#.|...|...").canonical(), corner.canonical());
    assert_eq!(corner.canonical().to_string(), "#..|...|...");
    // A 2 x 3 board and its quarter turn have the same representative, of height 2.
    let wide = g("#..|...");
    let tall = wide.transform(Symmetry::ROTATE_90);
    assert_eq!(tall.to_string(), ".#|..|..");
    assert_eq!(tall.canonical(), wide.canonical());
    assert_eq!(wide.canonical().height(), 2);
}

#[test]
fn canonical_under_the_rectangle_group_keeps_orientation() {
    // For Domineering, only the four symmetries that keep vertical moves vertical may be used.
    let b = g("#..|...|...");
    let (c, s) = b.canonical_under(&Symmetry::RECTANGLE);
    assert!(Symmetry::RECTANGLE.contains(&s));
    assert_eq!(b.transform(s), c);
    // A vertical domino hole is not identified with a horizontal one.
    let v = g("#..|#..|...");
    let h = g("##.|...|...");
    assert_eq!(v.canonical(), h.canonical());
    assert_ne!(
        v.canonical_under(&Symmetry::RECTANGLE).0,
        h.canonical_under(&Symmetry::RECTANGLE).0
    );
    assert_eq!(b.shape_symmetries().len(), 8);
    assert_eq!(g("...|...").shape_symmetries().len(), 4);
    assert_eq!(b.canonical_under(&[]).0, b);
}

#[test]
fn ordering_is_by_shape_then_cells() {
    let mut v = [g("..|.."), g(".#"), g("#.|.."), g("..|.#"), g("a"), g("#")];
    v.sort();
    let s: Vec<String> = v.iter().map(Grid::to_string).collect();
    assert_eq!(s, vec!["#", "a", ".#", "#.|..", "..|.#", "..|.."]);
    // A packed board compared with a three-symbol board, cell by cell.
    assert!(g("#.|..") < g("#O|.."));
    assert!(g("..|.O") > g("..|.#"));
}

#[test]
fn cell_grids_become_graphs() {
    let b = g("...|.#.|...");
    let graph = b.to_graph(|c| c == b'.', offsets::ORTHOGONAL);
    // The 3 x 3 grid graph minus its centre is the 8-cycle.
    assert_eq!((graph.vertex_count(), graph.edge_count()), (8, 8));
    assert!(!graph.is_directed());
    assert!((0..8).all(|v| graph.degree(v) == 2));
    assert_eq!(graph.label(3).to_string(), "(1, 0)");
    // Geography on a board: arcs right and down only.
    let geo = Grid::new(2, 2, b'.')
        .unwrap()
        .to_graph(|_| true, &[(0, 1), (1, 0)]);
    assert!(geo.is_directed());
    assert_eq!(
        geo.format_edges(),
        "(0, 0) -> (0, 1), (0, 0) -> (1, 0), (0, 1) -> (1, 1), (1, 0) -> (1, 1)"
    );
}

/// `set_all` against the grid written out by hand, for lists of 0 to 12 cells (repeats
/// included): on packed grids that stay two-symbol (one mask), on grids that become
/// three-symbol (the cells rewritten one by one) and on a grid of more than 128 cells (bytes).
/// A cell off the board is an error wherever it stands in the list.
#[test]
fn set_all_agrees_with_the_grid_written_out() {
    for (h, w) in [(3, 4), (5, 5), (12, 12)] {
        for background in [".", ".o"] {
            let rows: Vec<Vec<u8>> = (0..h)
                .map(|r| {
                    (0..w)
                        .map(|c| background.as_bytes()[(r + c) % background.len()])
                        .collect()
                })
                .collect();
            let start = g(&rows
                .iter()
                .map(|row| String::from_utf8(row.clone()).unwrap())
                .collect::<Vec<_>>()
                .join("|"));
            for k in 0..=12 {
                let cells: Vec<(usize, usize)> =
                    (0..k).map(|i| ((i * 7) % h, (i * 5) % w)).collect();
                for symbol in [b'#', b'.', b'o'] {
                    let mut expected = rows.clone();
                    for &(r, c) in &cells {
                        expected[r][c] = symbol;
                    }
                    let text = expected
                        .iter()
                        .map(|row| String::from_utf8(row.clone()).unwrap())
                        .collect::<Vec<_>>()
                        .join("|");
                    assert_eq!(
                        start.set_all(&cells, symbol).unwrap(),
                        g(&text),
                        "{h}x{w} {background:?} {cells:?} {}",
                        symbol as char
                    );
                }
                let mut off = cells.clone();
                off.insert(k / 2, (h, 0));
                assert!(matches!(
                    start.set_all(&off, b'#'),
                    Err(GridError::OutOfBounds { coord: (r, 0), .. }) if r == h
                ));
            }
        }
    }
}
