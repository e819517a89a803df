//! Builtins on grids, the positions of board games: parsing and querying grids (Domineering,
//! Clobber, Partizan Geography), regions and canonical representatives under symmetries.
//! Graphs have their own table (`graphs.rs`).

use std::rc::Rc;

use crate::board::{offsets, Grid, Symmetry, MAX_CELLS};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::value::Value;
use crate::syntax::ast::Span;

use super::{builtin, Arg, Arity, Builtin};

use Arity::Exactly;

pub static BUILTINS: &[Builtin] = &[
    builtin!("grid", "grid(text)", Exactly(1),
        "A grid from its rows separated by `|`, one character a cell (`.` empty, `#` blocked, letters for pieces).",
        "grid(\"..#|...\")  # grid(\"..#|...\")", |a, _| {
            let text = string(&a[0])?;
            Grid::parse(text).map(Value::Grid).map_err(|e| EvalError::new(format!("not a grid: {e}"), a[0].span.clone()))
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
            Ok(g.get((r, c)).map_or(Value::Nothing, symbol_string))
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
            let to = symbol(&a[2])?;
            with_cells(&a[1], |cells| {
                g.set_all(cells, to)
                    .map(Value::Grid)
                    .map_err(|e| EvalError::new(format!("cannot fill: {e}"), a[1].span.clone()))
            })
        }),
    builtin!("place_pairs", "place_pairs(grid, symbol, (dr, dc), new)", Exactly(4),
        "Every grid obtained by turning a pair of cells c and c + (dr, dc), both holding the symbol, into `new`: the moves of a domino-placing game, in the order of `pairs`.",
        "place_pairs(grid(\"...\"), \".\", (0, 1), \"#\")  # [grid(\"##.\"),grid(\".##\")]", |a, _| {
            let g = grid(&a[0])?;
            let from = symbol(&a[1])?;
            let (dr, dc) = offset(&a[2])?;
            let to = symbol(&a[3])?;
            g.pairs(from, (dr, dc))
                .into_iter()
                .map(|(r, c)| {
                    // `pairs` guarantees the partner cell is on the board.
                    let partner = ((r as isize + dr) as usize, (c as isize + dc) as usize);
                    g.set_all(&[(r, c), partner], to).map(Value::Grid)
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Value::list)
                .map_err(|e| EvalError::new(format!("cannot place: {e}"), a[3].span.clone()))
        }),
    builtin!("regions", "regions(grid, symbols)", Exactly(2),
        "The orthogonally connected regions of cells holding one of the symbols (a string of one or more), each as a grid of its own (other cells blocked with `#`): the independent components of a board game. `regions(g, \"xo\")` gives the groups of stones of Clobber.",
        "len(regions(grid(\".#.\"), \".\"))  # 2", |a, _| {
            let g = grid(&a[0])?;
            let wanted = symbols(&a[1])?;
            g.region_grids(|c| wanted.contains(c), offsets::ORTHOGONAL, b'#')
                .map(grid_list)
                .map_err(|e| EvalError::new(format!("cannot split into regions: {e}"), a[0].span.clone()))
        }),
    builtin!("canonical_grid", "canonical_grid(grid)", Exactly(1),
        "The least image of a grid under the reflections and the half turn, which keep rows rows and columns columns (so they suit partizan games such as Domineering): a representative for tables of values.",
        "canonical_grid(grid(\".#|..\")) == canonical_grid(grid(\"#.|..\"))  # true", |a, _| {
            Ok(Value::Grid(grid(&a[0])?.canonical_under(&Symmetry::RECTANGLE).0))
        }),
    builtin!("canonical_square", "canonical_square(grid)", Exactly(1),
        "The least image of a grid under all eight symmetries of the square (quarter turns and diagonal reflections too, so a `h x w` grid may become `w x h`): a representative for games that no symmetry changes, such as Cookie Cutter or Cram.",
        "canonical_square(grid(\"..|#.\")) == canonical_square(grid(\".#|..\"))  # true", |a, _| {
            Ok(Value::Grid(grid(&a[0])?.canonical()))
        }),
    builtin!("canonical_rotated", "canonical_rotated(grid)", Exactly(1),
        "The least image of a grid under the four rotations (no reflections): a representative for games whose rules have a handedness, such as Grand Left/Right, where Left's shots turn clockwise and a mirror would make them turn anticlockwise.",
        "canonical_rotated(grid(\"B.|..\")) == canonical_rotated(grid(\"..|.B\"))  # true", |a, _| {
            Ok(Value::Grid(grid(&a[0])?.canonical_under(&ROTATIONS).0))
        }),
    builtin!("exchange", "exchange(grid, pairs, symmetries)", Exactly(3),
        "The grid with the symbols of each pair in `pairs` exchanged (`\"xo\"` swaps `x` and `o`; `\"LRlr\"` swaps `L` with `R` and `l` with `r`), in its least image under `symmetries` (`\"square\"`, the eight of `canonical_square`; `\"rectangle\"`, the four of `canonical_grid`; or `\"none\"`): a ruleset's `negative` rule, the position with the players' pieces exchanged.",
        "exchange(grid(\"x.|.o\"), \"xo\", \"none\")  # grid(\"o.|.x\")", |a, _| {
            let g = grid(&a[0])?;
            let pairs = symbol_pairs(&a[1])?;
            let group = symmetry_group(&a[2])?;
            Ok(Value::Grid(with_exchanged(g, &pairs, &a[1])?.canonical_under(group).0))
        }),
    builtin!("transposed", "transposed(grid, symmetries)", Exactly(2),
        "The grid reflected in its main diagonal (row r becomes column r), in its least image under `symmetries` (as for `exchange`): a ruleset's `negative` rule when the players' moves differ only by direction, as in Domineering, where a vertical domino turns into a horizontal one.",
        "transposed(grid(\"#..|...\"), \"none\")  # grid(\"#.|..|..\")", |a, _| {
            let g = grid(&a[0])?;
            let group = symmetry_group(&a[1])?;
            Ok(Value::Grid(g.transform(Symmetry::TRANSPOSE).canonical_under(group).0))
        }),
    builtin!("mirrored", "mirrored(grid, pairs)", Exactly(2),
        "The grid reflected left to right, with the symbols of each pair in `pairs` exchanged (as for `exchange`): a ruleset's `negative` rule when the players move the same pieces in opposite directions, as in Toads and Frogs (`\"TF\"`) or Ski Jumps (`\"LRlr\"`).",
        "mirrored(grid(\"TT.F\"), \"TF\")  # grid(\"T.FF\")", |a, _| {
            let g = grid(&a[0])?;
            let pairs = symbol_pairs(&a[1])?;
            Ok(Value::Grid(with_exchanged(&g.transform(Symmetry::FLIP_COLUMNS), &pairs, &a[1])?))
        }),
    builtin!("clusters", "clusters(grid, symbols, (h, w))", Exactly(3),
        "The groups of cells holding one of the symbols, two cells joined when some `h x w` window holds both (they differ by less than h rows and less than w columns), each as a grid of its own cropped to its cells (other cells `#`). A piece that removes a window of cells never touches two groups at once, so the groups are independent: the components of Cookie Cutter with an `h x w` cutter.",
        "len(clusters(grid(\".#.|###\"), \".\", (2, 2)))  # 2", |a, _| {
            let g = grid(&a[0])?;
            let wanted = symbols(&a[1])?;
            // A window wider than the grid joins nothing more than one as wide as the grid.
            let (h, w) = window_size(&a[2])?;
            let (h, w) = (h.min(g.height().max(1)), w.min(g.width().max(1)));
            if let Some(grids) = g.packed_window_clusters(|c| wanted.contains(c), (h, w), b'#') {
                return Ok(grid_list(grids));
            }
            let offsets: Vec<(isize, isize)> = (0..h as isize)
                .flat_map(|dr| (1 - w as isize..w as isize).map(move |dc| (dr, dc)))
                .filter(|&p| p != (0, 0))
                .collect();
            g.region_grids(|c| wanted.contains(c), &offsets, b'#')
                .map(grid_list)
                .map_err(|e| EvalError::new(format!("cannot split into clusters: {e}"), a[0].span.clone()))
        }),
    builtin!("bordered_regions", "bordered_regions(grid, symbols)", Exactly(2),
        "The orthogonally connected regions of cells holding one of the symbols, each with the cells bordering it kept as they are, cropped (other cells `#`; a `#` neighbour may fall outside the crop, like the edge of the grid): the independent components of games whose pieces act only on the empty cells next to them, such as Grand Left/Right.",
        "bordered_regions(grid(\"B.W#|####|#..W\"), \".\")  # [grid(\"B.W\"),grid(\"..W\")]", |a, _| {
            let g = grid(&a[0])?;
            let wanted = symbols(&a[1])?;
            let mut out = Vec::new();
            for region in g.regions(|c| wanted.contains(c), offsets::ORTHOGONAL) {
                let mut with_border = region.clone();
                for i in &region {
                    for n in g.neighbours(g.coord(i), offsets::ORTHOGONAL) {
                        // A `#` neighbour is kept as the edge of the crop: both stop a piece.
                        if let Some(j) = g.index(n).filter(|_| g.get(n) != Some(b'#')) {
                            with_border.insert(j);
                        }
                    }
                }
                let part = g
                    .restrict_to(&with_border, b'#')
                    .map_err(|e| EvalError::new(format!("cannot split into regions: {e}"), a[0].span.clone()))?;
                out.push(Value::Grid(part));
            }
            Ok(Value::list(out))
        }),
    builtin!("cells_in", "cells_in(grid, symbol, (row, column), (h, w))", Exactly(4),
        "The cells holding a symbol inside the `h x w` window whose top-left corner is (row, column); the window may hang over the edges of the grid (negative corners are allowed), and only the cells inside count. Where a cookie cutter placed there would cut.",
        "cells_in(grid(\"..|..\"), \".\", (-1, -1), (2, 2))  # [(0,0)]", |a, _| {
            let g = grid(&a[0])?;
            let s = symbol(&a[1])?;
            let (top, left) = pair(&a[2])?;
            let (h, w) = window_size(&a[3])?;
            let rows = top.max(0)..top.saturating_add(h as i64).min(g.height() as i64);
            let mut found = Vec::new();
            for r in rows {
                for c in left.max(0)..left.saturating_add(w as i64).min(g.width() as i64) {
                    let at = (r as usize, c as usize);
                    if g.get(at) == Some(s) {
                        found.push(at);
                    }
                }
            }
            Ok(coords(&found))
        }),
    builtin!("windows", "windows(grid, symbol, (h, w))", Exactly(3),
        "The distinct nonempty sets of cells holding a symbol that an `h x w` window covers, over every placement of the window that meets the grid (it may hang over the edges), each as a list of cells: the cuts of a cookie cutter, each listed once however many placements make it.",
        "windows(grid(\"...\"), \".\", (1, 2))  # [[(0,0)],[(0,0),(0,1)],[(0,1),(0,2)],[(0,2)]]", |a, _| {
            let g = grid(&a[0])?;
            let cuts = window_cuts(g, symbol(&a[1])?, window_size(&a[2])?);
            Ok(Value::list(cuts.iter().map(|cut| coords(cut)).collect()))
        }),
    builtin!("place_windows", "place_windows(grid, symbol, (h, w), new)", Exactly(4),
        "Every grid obtained by turning the cells holding the symbol inside one `h x w` window (placed anywhere it covers at least one of them, over the edges too) into `new`, each once, in the order of `windows`: the moves of Cookie Cutter.",
        "place_windows(grid(\"...\"), \".\", (1, 2), \"#\")  # [grid(\"#..\"),grid(\"##.\"),grid(\".##\"),grid(\"..#\")]", |a, _| {
            let g = grid(&a[0])?;
            let to = symbol(&a[3])?;
            let (from, size) = (symbol(&a[1])?, window_size(&a[2])?);
            if let Some(grids) = g.packed_window_placements(from, size, to) {
                return Ok(grid_list(grids));
            }
            window_cuts(g, from, size)
                .iter()
                .map(|cut| g.set_all(cut, to).map(Value::Grid))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::list)
                .map_err(|e| EvalError::new(format!("cannot place: {e}"), a[3].span.clone()))
        }),
    builtin!("canonical_permuted", "canonical_permuted(grid)", Exactly(1),
        "The least image of a grid under all permutations of its rows and all permutations of its columns (exact for up to 6 rows; with more, the rows keep their order): a representative for games on rook's graphs K_m x K_n such as Partizan Geography, where any cell of a row or column is one move away from any other.",
        "canonical_permuted(grid(\"X.|.O\")) == canonical_permuted(grid(\".X|O.\"))  # true", |a, _| {
            let g = grid(&a[0])?;
            least_permuted_image(g).map(Value::Grid).map_err(|e| EvalError::new(format!("cannot permute: {e}"), a[0].span.clone()))
        }),
];

/// Grids as a list value, built without the reallocation of an in-place `collect` (a `Grid` is
/// smaller than a `Value`); rules return such lists for every position.
pub(super) fn grid_list(grids: Vec<Grid>) -> Value {
    let mut out = Vec::with_capacity(grids.len());
    out.extend(grids.into_iter().map(Value::Grid));
    Value::list(out)
}

pub(super) fn string(a: &Arg) -> EvalResult<&str> {
    match &a.value {
        Value::Str(s) => Ok(s),
        other => Err(EvalError::new(
            format!("expected a string; found {}", other.kind()),
            a.span.clone(),
        )),
    }
}

/// A cell's symbol as a one-character string. Rules ask `cell` for every square they look at,
/// so the strings of the ASCII symbols are made once and shared: `cell` allocates nothing.
pub(crate) fn symbol_string(s: u8) -> Value {
    thread_local! {
        static ASCII: Vec<Rc<str>> =
            (0..128u8).map(|b| Rc::from((b as char).to_string().as_str())).collect();
    }
    match ASCII.with(|table| table.get(s as usize).cloned()) {
        Some(shared) => Value::Str(shared),
        None => Value::str(&(s as char).to_string()),
    }
}

pub(super) fn symbol(a: &Arg) -> EvalResult<u8> {
    let s = string(a)?;
    match s.as_bytes() {
        [b] if b.is_ascii_graphic() => Ok(*b),
        _ => Err(EvalError::new(
            format!("a cell symbol is one character, not {s:?}"),
            a.span.clone(),
        )),
    }
}

/// A set of cell symbols (printable ASCII), one bit each: rules ask it of every cell.
#[derive(Clone, Copy)]
pub(super) struct Symbols(u128);

impl Symbols {
    /// The set of one symbol.
    pub(super) fn single(c: u8) -> Symbols {
        Symbols(if c < 128 { 1 << c } else { 0 })
    }

    pub(super) fn contains(self, c: u8) -> bool {
        c < 128 && self.0 & (1 << c) != 0
    }
}

/// One or more cell symbols given as a string, for the builtins that take a set of symbols.
pub(super) fn symbols(a: &Arg) -> EvalResult<Symbols> {
    let s = string(a)?;
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(EvalError::new(
            format!("expected one or more cell symbols, not {s:?}"),
            a.span.clone(),
        ));
    }
    Ok(Symbols(s.bytes().fold(0, |m, b| m | (1 << b))))
}

/// The pairs of symbols to exchange, given as a string of even length: `"xoLR"` is x with o and
/// L with R. A symbol in two pairs would make the exchange ambiguous, so it is refused.
fn symbol_pairs(a: &Arg) -> EvalResult<Vec<(u8, u8)>> {
    let s = string(a)?;
    let bytes = s.as_bytes();
    let distinct = bytes
        .iter()
        .enumerate()
        .all(|(i, b)| !bytes[..i].contains(b));
    if bytes.is_empty()
        || bytes.len() % 2 != 0
        || !distinct
        || !s.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(EvalError::new(
            format!("expected pairs of distinct cell symbols, such as \"xo\"; found {s:?}"),
            a.span.clone(),
        ));
    }
    Ok(bytes.chunks_exact(2).map(|p| (p[0], p[1])).collect())
}

/// `g` with the symbols of each of `pairs` exchanged (`at` is the argument that gave them).
fn with_exchanged(g: &Grid, pairs: &[(u8, u8)], at: &Arg) -> EvalResult<Grid> {
    g.exchange(pairs)
        .map_err(|e| EvalError::new(format!("cannot exchange: {e}"), at.span.clone()))
}

/// The symmetries a builtin's last argument names: `"square"`, `"rectangle"` or `"none"`.
pub(super) fn symmetry_group(a: &Arg) -> EvalResult<&'static [Symmetry]> {
    match string(a)? {
        "square" => Ok(&Symmetry::ALL),
        "rectangle" => Ok(&Symmetry::RECTANGLE),
        "none" => Ok(&[Symmetry::IDENTITY]),
        _ => Err(EvalError::new(
            "expected \"square\", \"rectangle\" or \"none\"",
            a.span.clone(),
        )),
    }
}

pub(super) fn grid(a: &Arg) -> EvalResult<&Grid> {
    match &a.value {
        Value::Grid(g) => Ok(g),
        Value::Str(_) => Err(
            EvalError::new("expected a grid; found a string", a.span.clone())
                .with_help("a board is made from its rows with `grid(\"..|..\")`"),
        ),
        other => Err(EvalError::new(
            format!("expected a grid; found {}", other.kind()),
            a.span.clone(),
        )),
    }
}

pub(super) fn pair(a: &Arg) -> EvalResult<(i64, i64)> {
    pair_of(&a.value, &a.span)
}

/// `pair` of a value that is not itself an argument (an element of one), reported at `span`.
fn pair_of(value: &Value, span: &Span) -> EvalResult<(i64, i64)> {
    match (value, value.sequence()) {
        (_, Some(v)) if v.len() == 2 => match (v[0].as_i64(), v[1].as_i64()) {
            (Some(x), Some(y)) => Ok((x, y)),
            _ => Err(EvalError::new("expected a pair of integers", span.clone())),
        },
        (other, _) => Err(EvalError::new(
            format!("expected a pair (row, column); found {}", other.kind()),
            span.clone(),
        )),
    }
}

pub(super) fn coord(a: &Arg) -> EvalResult<(usize, usize)> {
    coord_of(&a.value, &a.span)
}

fn coord_of(value: &Value, span: &Span) -> EvalResult<(usize, usize)> {
    let (r, c) = pair_of(value, span)?;
    match (usize::try_from(r), usize::try_from(c)) {
        (Ok(r), Ok(c)) => Ok((r, c)),
        _ => Err(EvalError::new(
            "a cell has nonnegative coordinates",
            span.clone(),
        )),
    }
}

pub(super) fn offset(a: &Arg) -> EvalResult<(isize, isize)> {
    offset_of(&a.value, &a.span)
}

/// `offset` of a value that is not itself an argument (an element of one), reported at `span`.
pub(super) fn offset_of(value: &Value, span: &Span) -> EvalResult<(isize, isize)> {
    let (r, c) = pair_of(value, span)?;
    match (isize::try_from(r), isize::try_from(c)) {
        (Ok(r), Ok(c)) => Ok((r, c)),
        _ => Err(EvalError::new("that offset is too large", span.clone())),
    }
}

/// A window's size (h, w): both at least 1, and at most the largest grid (a larger window
/// covers nothing more).
fn window_size(a: &Arg) -> EvalResult<(usize, usize)> {
    let (h, w) = pair(a)?;
    if h < 1 || w < 1 {
        return Err(EvalError::new(
            format!("a window is at least 1 x 1, not {h} x {w}"),
            a.span.clone(),
        ));
    }
    let limit = MAX_CELLS as i64;
    Ok((h.min(limit) as usize, w.min(limit) as usize))
}

/// The distinct nonempty sets of `symbol` cells that an `h x w` window covers, over every
/// placement meeting the grid, in the order of their first placement (row by row).
fn window_cuts(g: &Grid, symbol: u8, (h, w): (usize, usize)) -> Vec<Vec<(usize, usize)>> {
    // A window taller or wider than the grid covers what one as tall or as wide does at the
    // grid's edge; clamping keeps the number of placements small.
    let (h, w) = (h.min(g.height().max(1)), w.min(g.width().max(1)));
    let (gh, gw) = (g.height() as isize, g.width() as isize);
    let (h, w) = (h as isize, w as isize);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for top in 1 - h..gh {
        for left in 1 - w..gw {
            let mut cut = Vec::new();
            for r in top.max(0)..(top + h).min(gh) {
                for c in left.max(0)..(left + w).min(gw) {
                    let at = (r as usize, c as usize);
                    if g.get(at) == Some(symbol) {
                        cut.push(at);
                    }
                }
            }
            if !cut.is_empty() && seen.insert(cut.clone()) {
                out.push(cut);
            }
        }
    }
    out
}

/// The four rotations, a group: they keep the handedness of turns.
const ROTATIONS: [Symmetry; 4] = [
    Symmetry::IDENTITY,
    Symmetry::ROTATE_90,
    Symmetry::ROTATE_180,
    Symmetry::ROTATE_270,
];

pub(super) fn coords(cells: &[(usize, usize)]) -> Value {
    Value::list(crate::eval::small_pairs::pairs(cells))
}

/// Runs `f` on the cells a collection names (`fill(g, [c, d], "#")`), read where they lie: a
/// list, tuple or set is not copied first, and up to eight cells (a rule fills a domino or two
/// per option) stay off the heap.
fn with_cells<T>(a: &Arg, f: impl FnOnce(&[(usize, usize)]) -> EvalResult<T>) -> EvalResult<T> {
    let copied;
    let items = match a.value.stored_elements() {
        Some(items) => items,
        None => {
            copied = a
                .value
                .elements()
                .ok_or_else(|| EvalError::new("expected a collection of cells", a.span.clone()))?;
            &copied[..]
        }
    };
    if items.len() <= 8 {
        let mut cells = [(0, 0); 8];
        for (cell, item) in cells.iter_mut().zip(items) {
            *cell = coord_of(item, &a.span)?;
        }
        f(&cells[..items.len()])
    } else {
        let cells = items
            .iter()
            .map(|item| coord_of(item, &a.span))
            .collect::<EvalResult<Vec<_>>>()?;
        f(&cells)
    }
}

/// The rows of a grid up to which [`least_permuted_image`] tries every order.
const PERMUTED_ROWS: usize = 6;

/// The least grid (in row-major byte order) among the images of `g` under row and column
/// permutations: for each order of the rows, the columns sorted.
fn least_permuted_image(g: &Grid) -> Result<Grid, crate::board::GridError> {
    let (h, w) = (g.height(), g.width());
    let cell = |r: usize, c: usize| g.get((r, c)).expect("inside the grid");
    let orders = if h <= PERMUTED_ROWS {
        permutations(h)
    } else {
        vec![(0..h).collect()]
    };
    let mut best: Option<Vec<u8>> = None;
    for order in orders {
        let mut columns: Vec<Vec<u8>> = (0..w)
            .map(|c| order.iter().map(|&r| cell(r, c)).collect())
            .collect();
        columns.sort_unstable();
        let cells: Vec<u8> = (0..h)
            .flat_map(|r| columns.iter().map(move |col| col[r]))
            .collect();
        if best.as_ref().is_none_or(|b| cells < *b) {
            best = Some(cells);
        }
    }
    Grid::from_cells(h, w, &best.unwrap_or_default())
}

/// Every ordering of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for shorter in permutations(n - 1) {
        for at in 0..n {
            let mut p = shorter.clone();
            p.insert(at, n - 1);
            out.push(p);
        }
    }
    out
}
