//! Slide-and-shoot moves (a queen of Amazons slides, then shoots an arrow from where it lands)
//! with each option given as its independent parts, each in its least image under a group of
//! symmetries: what a ruleset would get by splitting every option into regions and normalising
//! each, without building the option first.
//!
//! Amazons values tens of millions of options, and most of them are one region filling the
//! board. A move changes three cells, so the images of an option under the symmetries are the
//! images of its parent with three cells changed: a few word operations each, rather than a new
//! grid, its regions and its eight images computed from scratch. Options that split, or whose
//! region no longer fills the board, are rarer and take the general way.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::grid::{offsets, Coord, Grid, GridError};
use super::planes::{first_cells, Planes};
use super::symmetry::Symmetry;

/// An option as the regions it splits into that hold a piece, each in its least image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parts {
    /// One region (the usual case).
    One(Grid),
    /// None, or several: a sum.
    Many(Vec<Grid>),
}

/// The rules of a move: each mover `(cell, symbol)` slides along one of `directions` over
/// `empty` cells to an `empty` cell (the cell it leaves becoming `empty`), then a shot flies
/// from there along one of `directions` over `empty` cells and the cell where it stops becomes
/// `shot`. Regions are the cells not holding `shot`, two cells joined when they touch (a
/// king's step); a region holds a piece when one of its cells is neither `empty` nor `shot`.
pub struct Shots<'a> {
    pub movers: &'a [(Coord, u8)],
    pub directions: &'a [(isize, isize)],
    pub empty: u8,
    pub shot: u8,
}

impl Grid {
    /// Every option of the move `rules` (movers in the order given, then directions, nearest
    /// first), each as its parts in their least image under `group` (see the module
    /// documentation). `group` must be a group of symmetries that keep the game.
    ///
    /// ```
    /// use cg::board::{Grid, Parts, Shots, Symmetry};
    /// let g = Grid::parse("x..").unwrap();
    /// let rules = Shots { movers: &[((0, 0), b'x')], directions: &[(0, 1), (0, -1)], empty: b'.', shot: b'#' };
    /// let options = g.shot_parts(&rules, &Symmetry::ALL).unwrap();
    /// // x slides one cell and shoots on (.x#) or back (#x.), both `.x` once cropped and
    /// // turned; or two cells and shoots back once (.#x: the cell left alone is cut off) or
    /// // twice (#.x).
    /// let one = |s: &str| Parts::One(Grid::parse(s).unwrap());
    /// assert_eq!(options, vec![one(".x"), one(".x"), one("x"), one(".x")]);
    /// ```
    pub fn shot_parts(&self, rules: &Shots, group: &[Symmetry]) -> Result<Vec<Parts>, GridError> {
        self.check_shots(rules)?;
        match Incremental::new(self, rules, group) {
            Some(fast) => Ok(fast.options(rules)),
            None => Ok(self.general_options(rules, group)),
        }
    }

    /// Every grid after a move of `rules` (movers in the order given, then directions, nearest
    /// first): the moves of Amazons with the eight queen directions.
    pub fn slide_and_shoot(&self, rules: &Shots) -> Result<Vec<Grid>, GridError> {
        self.check_shots(rules)?;
        let mut out = Vec::new();
        self.each_move(rules, |from, to, target, piece| {
            out.push(self.after_shot(rules, from, to, target, piece));
        });
        Ok(out)
    }

    fn check_shots(&self, rules: &Shots) -> Result<(), GridError> {
        for &symbol in [rules.empty, rules.shot]
            .iter()
            .chain(rules.movers.iter().map(|(_, s)| s))
        {
            if !super::grid::is_symbol(symbol) {
                return Err(GridError::InvalidSymbol(symbol));
            }
        }
        match rules.movers.iter().find(|&&(c, _)| !self.contains(c)) {
            Some(&(c, _)) => Err(self.out_of_bounds(c)),
            None => Ok(()),
        }
    }

    /// The grid after `piece` moves from cell `from` to `to` and shoots at `target` (cells and
    /// symbols checked).
    fn after_shot(&self, rules: &Shots, from: usize, to: usize, target: usize, piece: u8) -> Grid {
        let w = self.width();
        let at = |i: usize| (i / w, i % w);
        self.set_each(&[
            (at(from), rules.empty),
            (at(to), piece),
            (at(target), rules.shot),
        ])
        .expect("cells and symbols were checked")
    }

    /// `shot_parts` the general way: each option built, split and normalised.
    fn general_options(&self, rules: &Shots, group: &[Symmetry]) -> Vec<Parts> {
        let mut out = Vec::new();
        self.each_move(rules, |from, to, target, piece| {
            out.push(
                self.after_shot(rules, from, to, target, piece)
                    .parts(rules, group),
            );
        });
        out
    }

    /// `for_each_move` the general way: the empty cells a flag each, rays stepped cell by cell.
    fn each_move(&self, rules: &Shots, f: impl FnMut(usize, usize, usize, u8)) {
        let empty: Vec<bool> = self.cells().iter().map(|&c| c == rules.empty).collect();
        let steps = Steps {
            h: self.height(),
            w: self.width(),
            directions: rules.directions,
        };
        for_each_move(rules, self.width(), empty, &steps, f);
    }

    /// The regions of the grid that hold a piece, cropped and in their least image.
    fn parts(&self, rules: &Shots, group: &[Symmetry]) -> Parts {
        let (empty, shot) = (rules.empty, rules.shot);
        let mut parts: Vec<Grid> = self
            .region_grids(|c| c != shot, offsets::KING, shot)
            .expect("the shot is a symbol")
            .into_iter()
            .filter(|r| r.symbols().iter().any(|&c| c != empty && c != shot))
            .map(|r| r.canonical_under(group).0)
            .collect();
        // In a sum the order of the parts is no matter: sorted, equal sums are equal lists.
        parts.sort_unstable();
        if parts.len() == 1 {
            Parts::One(parts.pop().expect("one part"))
        } else {
            Parts::Many(parts)
        }
    }
}

/// The empty cells of a board as a move changes them: a flag a cell, or a bit board of at
/// most 64 cells.
trait Vacancy {
    fn is_empty(&self, i: usize) -> bool;
    fn set_empty(&mut self, i: usize, empty: bool);
}

impl Vacancy for Vec<bool> {
    fn is_empty(&self, i: usize) -> bool {
        self[i]
    }
    fn set_empty(&mut self, i: usize, empty: bool) {
        self[i] = empty;
    }
}

impl Vacancy for u64 {
    #[inline]
    fn is_empty(&self, i: usize) -> bool {
        self & bit(i) != 0
    }
    #[inline]
    fn set_empty(&mut self, i: usize, empty: bool) {
        if empty {
            *self |= bit(i);
        } else {
            *self &= !bit(i);
        }
    }
}

/// Calls `f(from, to, target, piece)` (row-major cell indices) for every move, in order, on a
/// board whose empty cells are `empty`, the cells along each direction given by `rays`.
fn for_each_move(
    rules: &Shots,
    w: usize,
    mut empty: impl Vacancy,
    rays: &impl Rays,
    mut f: impl FnMut(usize, usize, usize, u8),
) {
    // The ray buffers of the last call are reused: a ruleset asks for every position's moves.
    let (mut landings, mut targets) = RAY_BUFFERS.with(|buffers| buffers.take());
    for &((r, c), piece) in rules.movers {
        let from = r * w + c;
        empty.set_empty(from, true);
        rays.cast(&empty, from, &mut landings);
        for &to in &landings {
            empty.set_empty(to, false);
            rays.cast(&empty, to, &mut targets);
            for &target in &targets {
                f(from, to, target, piece);
            }
            empty.set_empty(to, true);
        }
        empty.set_empty(from, false);
    }
    RAY_BUFFERS.with(|buffers| buffers.set((landings, targets)));
}

/// The cells a piece reaches from a cell along each direction in turn.
trait Rays {
    /// Into `out` (emptied first): the row-major indices of the cells reached from cell `from`
    /// along each direction in turn over `empty` cells, nearest first.
    fn cast(&self, empty: &impl Vacancy, from: usize, out: &mut Vec<usize>);
}

/// Rays stepped cell by cell on an `h x w` board.
struct Steps<'a> {
    h: usize,
    w: usize,
    directions: &'a [(isize, isize)],
}

impl Rays for Steps<'_> {
    fn cast(&self, empty: &impl Vacancy, from: usize, out: &mut Vec<usize>) {
        let (h, w) = (self.h as isize, self.w as isize);
        out.clear();
        let (r0, c0) = ((from / self.w) as isize, (from % self.w) as isize);
        for &(dr, dc) in self.directions {
            if (dr, dc) == (0, 0) {
                continue;
            }
            let (mut r, mut c) = (r0, c0);
            // A step too large for a machine word leaves any grid, as does one off its edge.
            while let (Some(r2), Some(c2)) = (r.checked_add(dr), c.checked_add(dc)) {
                if !(0..h).contains(&r2) || !(0..w).contains(&c2) {
                    break;
                }
                let i = (r2 * w + c2) as usize;
                if !empty.is_empty(i) {
                    break;
                }
                out.push(i);
                (r, c) = (r2, c2);
            }
        }
    }
}

/// The rays of every cell of a board of at most 64 cells, listed once for its shape and
/// directions: casting one is then a walk along a list until a cell that is not empty.
struct RayTable {
    directions: Vec<(isize, isize)>,
    /// Ray `k` of cell `i` is `cells[bounds[i * d + k]..bounds[i * d + k + 1]]`, `d` the number
    /// of directions.
    bounds: Vec<u32>,
    cells: Vec<u8>,
}

impl RayTable {
    fn new(h: usize, w: usize, directions: &[(isize, isize)]) -> RayTable {
        let everything_empty = first_cells(h * w);
        let (mut bounds, mut cells, mut ray) = (vec![0u32], Vec::new(), Vec::new());
        for from in 0..h * w {
            for &d in directions {
                Steps {
                    h,
                    w,
                    directions: &[d],
                }
                .cast(&everything_empty, from, &mut ray);
                cells.extend(ray.iter().map(|&i| i as u8));
                bounds.push(cells.len() as u32);
            }
        }
        RayTable {
            directions: directions.to_vec(),
            bounds,
            cells,
        }
    }
}

impl Rays for RayTable {
    #[inline]
    fn cast(&self, empty: &impl Vacancy, from: usize, out: &mut Vec<usize>) {
        out.clear();
        let d = self.directions.len();
        let bounds = &self.bounds[from * d..=from * d + d];
        for k in 0..d {
            let ray = &self.cells[bounds[k] as usize..bounds[k + 1] as usize];
            for &i in ray {
                if !empty.is_empty(usize::from(i)) {
                    break;
                }
                out.push(usize::from(i));
            }
        }
    }
}

/// The ray table of the `h x w` shape (at most 64 cells) and `directions`, made on first use.
fn ray_table(h: usize, w: usize, directions: &[(isize, isize)]) -> Rc<RayTable> {
    RAY_TABLES.with(|all| {
        let mut all = all.borrow_mut();
        let known = all
            .iter()
            .find(|(shape, t)| *shape == (h, w) && t.directions == directions);
        if let Some((_, t)) = known {
            return t.clone();
        }
        let table = Rc::new(RayTable::new(h, w, directions));
        all.push(((h, w), table.clone()));
        table
    })
}

/// The bit of cell `i` in a bit board of at most 64 cells.
#[inline]
fn bit(i: usize) -> u64 {
    1u64 << (63 - i)
}

/// What the incremental way keeps of a board of at most 64 cells and at most four symbols
/// (those on the board, `empty` and `shot`), ranked in increasing order so that comparing
/// ranks compares symbols.
struct Incremental<'g> {
    h: usize,
    w: usize,
    /// The symbols in increasing order (unused places 0), and how many there are.
    alphabet: [u8; 4],
    count: usize,
    /// The ranks of `empty` and `shot`.
    empty: usize,
    shot: usize,
    /// The symmetries to try: those of the group whose images have the least shape, as the
    /// first `tried` places of `least` (indices in `Symmetry::ALL`).
    group: &'g [Symmetry],
    least: [usize; 8],
    tried: usize,
    shape: (usize, usize),
    /// The parent, and its image under each symmetry tried.
    planes: Planes,
    images: [Planes; 8],
    /// The parent's cells not holding `shot`, and those holding a piece.
    free: u64,
    pieces: u64,
    tables: Rc<ShapeTables>,
    rays: Rc<RayTable>,
}

impl<'g> Incremental<'g> {
    /// `None` when the board or its symbols do not fit, or the rules are degenerate.
    fn new(g: &Grid, rules: &Shots, group: &'g [Symmetry]) -> Option<Incremental<'g>> {
        let (h, w) = (g.height(), g.width());
        let n = h * w;
        let degenerate = rules.empty == rules.shot
            || rules
                .movers
                .iter()
                .any(|&(_, p)| p == rules.empty || p == rules.shot);
        if n == 0 || n > 64 || group.is_empty() || degenerate {
            return None;
        }
        let (mut alphabet, mut count) = g.few_symbols()?;
        for symbol in [rules.empty, rules.shot] {
            if !alphabet[..count].contains(&symbol) {
                *alphabet.get_mut(count)? = symbol;
                count += 1;
            }
        }
        alphabet[..count].sort_unstable();
        let rank = |symbol: u8| alphabet[..count].iter().position(|&a| a == symbol);
        let (empty, shot) = (rank(rules.empty)?, rank(rules.shot)?);
        let planes = g.planes_in(&alphabet[..count])?;
        let shape = group.iter().map(|s| s.image_shape(h, w)).min()?;
        let (mut least, mut symmetries, mut tried) = ([0; 8], [Symmetry::IDENTITY; 8], 0);
        for (k, &s) in Symmetry::ALL.iter().enumerate() {
            if group.contains(&s) && s.image_shape(h, w) == shape {
                (least[tried], symmetries[tried]) = (k, s);
                tried += 1;
            }
        }
        let free = first_cells(n) & !planes.cells_of(shot, n);
        Some(Incremental {
            h,
            w,
            alphabet,
            count,
            empty,
            shot,
            group,
            least,
            tried,
            shape,
            planes,
            images: super::planes::images(planes, h, w, &symmetries[..tried]),
            free,
            pieces: free & !planes.cells_of(empty, n),
            tables: shape_tables(h, w),
            rays: ray_table(h, w, rules.directions),
        })
    }

    fn options(&self, rules: &Shots) -> Vec<Parts> {
        let empty = self.planes.cells_of(self.empty, self.h * self.w);
        // The options are gathered in a vector as large as the last board's options, and that
        // board's successor is as large again: a vector grown option by option took five or
        // six reallocations a board.
        SCRATCH.with(|scratch| {
            let mut out = scratch.take();
            for_each_move(
                rules,
                self.w,
                empty,
                &*self.rays,
                |from, to, target, piece| {
                    out.push(self.option(from, to, target, piece));
                },
            );
            scratch.set(Vec::with_capacity(out.len().max(16)));
            out
        })
    }

    /// The option after `piece` moves from `from` to `to` and shoots at `target`, as its
    /// parts. One region touching every edge of the board (the usual case) keeps the shape:
    /// its images are the parent's with the changed cells changed. Other regions are cropped
    /// and their least images computed from the nibble tables.
    fn option(&self, from: usize, to: usize, target: usize, piece: u8) -> Parts {
        let free = self.free & !bit(target);
        let pieces = (self.pieces & !bit(from)) | bit(to);
        let board = &self.tables.king;
        let shot = self.shot;
        let piece = self.alphabet[..self.count]
            .iter()
            .position(|&a| a == piece)
            .expect("the pieces are in the alphabet");
        let region = board.region(bit(to), free);
        if pieces & !region == 0 && board.touches_every_edge(region) {
            return Parts::One(self.whole((from, to, target), piece, free & !region));
        }
        let changes = [(from, self.empty), (to, piece), (target, shot)];
        let planes = changes
            .iter()
            .fold(self.planes, |p, &(i, r)| p.with(bit(i), r));
        let part = |region: u64| self.cropped(planes.with(!region & board.valid, shot), region);
        let region = board.region(pieces & pieces.wrapping_neg(), free);
        let mut rest = pieces & !region;
        if rest == 0 {
            return Parts::One(part(region));
        }
        let mut parts = Vec::with_capacity(4);
        parts.push(part(region));
        while rest != 0 {
            let region = board.region(rest & rest.wrapping_neg(), free);
            rest &= !region;
            parts.push(part(region));
        }
        parts.sort_unstable();
        Parts::Many(parts)
    }

    /// The least image of the parent after the piece of rank `piece` moves from `from` to
    /// `to` and shoots at `target`, with the (empty) cells `cut_off` shot too.
    fn whole(&self, (from, to, target): (usize, usize, usize), piece: usize, cut_off: u64) -> Grid {
        let n = self.h * self.w;
        // A change of rank flips the plane bits where the two ranks differ: the same bits at
        // both cells of the move, and those of empty against shot at each shot cell (the
        // target may be the cell just left, where the flips compose).
        let flips = |a: usize, b: usize| {
            let all = |on: bool| if on { u64::MAX } else { 0 };
            (all((a ^ b) & 2 != 0), all((a ^ b) & 1 != 0))
        };
        let (moved_high, moved_low) = flips(piece, self.empty);
        let (shot_high, shot_low) = flips(self.empty, self.shot);
        let mut best: Option<Planes> = None;
        for (&k, &image) in self.least[..self.tried].iter().zip(&self.images) {
            let to_bit = &self.tables.to[k * n..][..n];
            let moved = to_bit[from] ^ to_bit[to];
            let mut shots = to_bit[target];
            let mut rest = cut_off;
            while rest != 0 {
                let i = rest.leading_zeros() as usize;
                shots |= to_bit[i];
                rest &= !bit(i);
            }
            let image = Planes {
                high: image.high ^ (moved & moved_high) ^ (shots & shot_high),
                low: image.low ^ (moved & moved_low) ^ (shots & shot_low),
            };
            if best.is_none_or(|b| image < b) {
                best = Some(image);
            }
        }
        let (h2, w2) = self.shape;
        let best = best.expect("the group is not empty");
        Grid::from_alphabet_planes(h2, w2, &self.alphabet[..self.count], best)
    }

    /// The planes cropped to the rectangle around `region`, in their least image.
    fn cropped(&self, planes: Planes, region: u64) -> Grid {
        let t = &self.tables;
        // A region is connected, so its rows and columns are contiguous.
        let span = |lines: &[u64]| {
            let mut met = lines.iter().enumerate().filter(|(_, &l)| l & region != 0);
            let first = met.next().map_or(0, |(i, _)| i);
            (first, 1 + met.count())
        };
        let ((r0, h2), (c0, w2)) = (span(&t.rows), span(&t.columns));
        let crop = |x: u64| {
            (0..h2).fold(0u64, |out, k| {
                let row = (x << ((r0 + k) * self.w + c0)) >> (64 - w2);
                out | row << (64 - (k + 1) * w2)
            })
        };
        let planes = Planes {
            high: crop(planes.high),
            low: crop(planes.low),
        };
        let ((h3, w3, least), _) =
            super::planes::least_image(planes, h2, w2, self.group).expect("the group is not empty");
        Grid::from_alphabet_planes(h3, w3, &self.alphabet[..self.count], least)
    }
}

/// What a slide-and-shoot option needs of a board's shape: where each cell goes under each
/// symmetry, its rows and columns, and king steps.
struct ShapeTables {
    /// `to[k * n + i]`: the bit of cell i's image under `Symmetry::ALL[k]`.
    to: Vec<u64>,
    rows: Vec<u64>,
    columns: Vec<u64>,
    king: KingBoard,
}

/// The ray tables met, by (height, width) and, inside each, directions.
type RayTables = Vec<((usize, usize), Rc<RayTable>)>;

/// The tables of each shape met, by (height, width).
type Shapes = Vec<((usize, usize), Rc<ShapeTables>)>;

thread_local! {
    /// The buffers of `for_each_move`'s landing cells and targets.
    static RAY_BUFFERS: Cell<(Vec<usize>, Vec<usize>)> =
        const { Cell::new((Vec::new(), Vec::new())) };

    /// The ray tables made so far on this thread, by shape and directions.
    static RAY_TABLES: RefCell<RayTables> = const { RefCell::new(Vec::new()) };

    /// Where `Incremental::options` gathers the next board's options.
    static SCRATCH: Cell<Vec<Parts>> = const { Cell::new(Vec::new()) };

    /// The tables of the shapes met so far on this thread.
    static SHAPES: RefCell<Shapes> = const { RefCell::new(Vec::new()) };
}

/// The tables of the `h x w` shape (at most 64 cells), made on first use.
fn shape_tables(h: usize, w: usize) -> Rc<ShapeTables> {
    SHAPES.with(|all| {
        let mut all = all.borrow_mut();
        if let Some((_, t)) = all.iter().find(|(shape, _)| *shape == (h, w)) {
            return t.clone();
        }
        let n = h * w;
        let to = Symmetry::ALL
            .iter()
            .flat_map(|s| {
                let (_, w2) = s.image_shape(h, w);
                (0..n).map(move |i| {
                    let (r2, c2) = s.apply((i / w, i % w), h, w);
                    bit(r2 * w2 + c2)
                })
            })
            .collect();
        let tables = Rc::new(ShapeTables {
            to,
            rows: (0..h).map(|r| row_cells(w, r)).collect(),
            columns: (0..w).map(|c| column_cells(h, w, c)).collect(),
            king: KingBoard::new(h, w),
        });
        all.push(((h, w), tables.clone()));
        tables
    })
}

fn row_cells(w: usize, r: usize) -> u64 {
    (0..w).fold(0u64, |m, c| m | bit(r * w + c))
}

fn column_cells(h: usize, w: usize, c: usize) -> u64 {
    (0..h).fold(0u64, |m, r| m | bit(r * w + c))
}

/// King steps on a bit board of `h x w` cells (at most 64, cell `i` at bit `63 - i`).
struct KingBoard {
    w: u32,
    valid: u64,
    not_first_column: u64,
    not_last_column: u64,
    /// The cells of the top and bottom rows and of the first and last columns.
    edges: [u64; 4],
}

impl KingBoard {
    fn new(h: usize, w: usize) -> KingBoard {
        let valid = first_cells(h * w);
        KingBoard {
            w: w as u32,
            valid,
            not_first_column: valid & !column_cells(h, w, 0),
            not_last_column: valid & !column_cells(h, w, w - 1),
            edges: [
                row_cells(w, 0),
                row_cells(w, h - 1),
                column_cells(h, w, 0),
                column_cells(h, w, w - 1),
            ],
        }
    }

    /// The cells of `within` reached from `seed` by king steps within it.
    fn region(&self, seed: u64, within: u64) -> u64 {
        let mut region = seed & within;
        loop {
            let row = region
                | (region & self.not_last_column) >> 1
                | (region & self.not_first_column) << 1;
            let grown =
                (row | row.checked_shr(self.w).unwrap_or(0) | row.checked_shl(self.w).unwrap_or(0))
                    & self.valid
                    & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    fn touches_every_edge(&self, cells: u64) -> bool {
        self.edges.iter().all(|&e| cells & e != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUEEN: [(isize, isize); 8] = [
        (0, 1),
        (0, -1),
        (1, 0),
        (-1, 0),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];

    /// Each option the general way (built, split into king regions, each normalised) against
    /// the incremental way, on boards with splits, cut-off cells, crops and missing symbols.
    #[test]
    fn incremental_options_are_the_general_ones() {
        let boards = [
            "x...|....|....|...o",
            "x...|.#..|..#.|...o",
            "x.#.|.#o.|#...|....",
            "xo.x|o#.o|.#x.|x.#o|o.xo",
            "x..|...",
            "x..x|....",
            // An empty corner cut off from the start, shot in every option's image.
            ".#..|##..|..x.|...o",
            "x#..|##..|...o",
            "x..|...|..o|...|...",
            "x.......|.......o",
            "x...o",
            "x",
            // Two symbols (a bit board) and one (no empty cell, no arrow), whose ranks the
            // incremental way must place among `empty` and `shot`.
            "x..|...",
            "x..x|....",
            // An empty corner cut off from the start, shot in every option's image.
            ".#..|##..|..x.|...o",
            "xx|xx",
            "o#|#.",
        ];
        for board in boards {
            let g = Grid::parse(board).unwrap();
            for player in [b'x', b'o'] {
                let movers: Vec<(Coord, u8)> = g
                    .cells_with(player)
                    .into_iter()
                    .map(|c| (c, player))
                    .collect();
                let rules = Shots {
                    movers: &movers,
                    directions: &QUEEN,
                    empty: b'.',
                    shot: b'#',
                };
                for group in [
                    &Symmetry::ALL[..],
                    &Symmetry::RECTANGLE[..],
                    &[Symmetry::IDENTITY],
                ] {
                    assert!(Incremental::new(&g, &rules, group).is_some());
                    let fast = g.shot_parts(&rules, group).unwrap();
                    let slow = g.general_options(&rules, group);
                    assert_eq!(fast, slow, "{board} {}", player as char);
                }
            }
        }
    }

    /// The listed rays against rays stepped cell by cell, on every cell of boards of several
    /// shapes with pseudo-random empty cells, for queen steps and for odd ones (a knight's, a
    /// long one, none).
    #[test]
    fn listed_rays_are_the_stepped_ones() {
        let odd = [(1, 2), (2, -1), (0, 0), (-3, 0), (isize::MAX, 1)];
        let mut seed = 20261206u64;
        for (h, w) in [(1, 1), (1, 7), (4, 4), (5, 4), (3, 8), (8, 8)] {
            for directions in [&QUEEN[..], &odd[..]] {
                let table = RayTable::new(h, w, directions);
                let steps = Steps { h, w, directions };
                for _ in 0..20 {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let empty = seed & first_cells(h * w);
                    for from in 0..h * w {
                        let (mut listed, mut stepped) = (Vec::new(), Vec::new());
                        table.cast(&empty, from, &mut listed);
                        steps.cast(&empty, from, &mut stepped);
                        assert_eq!(listed, stepped, "{h}x{w} from {from}, empty {empty:x}");
                    }
                }
            }
        }
    }

    #[test]
    fn bad_symbols_and_cells_are_errors() {
        let g = Grid::parse("x..").unwrap();
        let mut rules = Shots {
            movers: &[((0, 0), b'x')],
            directions: &QUEEN,
            empty: b'.',
            shot: 0,
        };
        assert!(g.shot_parts(&rules, &Symmetry::ALL).is_err());
        rules.shot = b'#';
        rules.movers = &[((3, 0), b'x')];
        assert!(g.shot_parts(&rules, &Symmetry::ALL).is_err());
    }
}
