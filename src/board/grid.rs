//! `Grid`: a rectangular board of cells, each holding a one-byte symbol.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{BitAnd, BitOr, Mul, Not, Shl, Shr, Sub};
use std::rc::Rc;

use super::bitset::BitSet;
use super::graph::{Graph, VertexLabel};
use super::planes::Planes;
use super::symmetry::Symmetry;

/// A cell position `(row, col)`, both counted from 0 at the top-left corner.
pub type Coord = (usize, usize);

/// The most cells a grid may have.
pub const MAX_CELLS: usize = 1 << 20;

/// Neighbourhoods: lists of `(row offset, column offset)`.
pub mod offsets {
    /// The four orthogonal neighbours (up, left, right, down).
    pub const ORTHOGONAL: &[(isize, isize)] = &[(-1, 0), (0, -1), (0, 1), (1, 0)];
    /// The four diagonal neighbours.
    pub const DIAGONAL: &[(isize, isize)] = &[(-1, -1), (-1, 1), (1, -1), (1, 1)];
    /// All eight surrounding cells (a chess king's moves).
    pub const KING: &[(isize, isize)] = &[
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    /// A chess knight's moves.
    pub const KNIGHT: &[(isize, isize)] = &[
        (-2, -1),
        (-2, 1),
        (-1, -2),
        (-1, 2),
        (1, -2),
        (1, 2),
        (2, -1),
        (2, 1),
    ];
}

/// A ranked grid's cells with each symbol replaced by `swap` of it: the ranks permuted on the
/// planes, the symbols kept in increasing order. `None` when two symbols become one (then the
/// grid has fewer symbols, and is built cell by cell).
fn exchanged_ranks(
    symbols: [u8; 4],
    planes: Planes,
    n: usize,
    swap: impl Fn(u8) -> u8,
) -> Option<Cells> {
    let count = symbols.iter().filter(|&&s| s != 0).count();
    let mapped = symbols.map(|s| if s == 0 { 0 } else { swap(s) });
    let mut sorted = mapped;
    sorted[..count].sort_unstable();
    if sorted[..count].windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let mut out = Planes { high: 0, low: 0 };
    for (r, symbol) in mapped[..count].iter().enumerate() {
        let rank = sorted[..count].iter().position(|s| s == symbol)?;
        out = out.with(planes.cells_of(r, n), rank);
    }
    Some(Cells::Ranked {
        symbols: sorted,
        planes: out,
    })
}

/// Whether `b` may be a cell symbol: a printable ASCII character other than space and `|`.
pub fn is_symbol(b: u8) -> bool {
    b.is_ascii_graphic() && b != b'|'
}

/// A rectangular board of cells, each a one-byte symbol (`.` empty, `#` blocked, `O`, `X`,
/// letters ...: any printable ASCII character except space and `|`).
///
/// An immutable value: "changing" a cell returns a new grid. Cheap to clone and to compare:
/// a grid of at most 128 cells using at most two distinct symbols (a Domineering, Cram or
/// Snort board) is stored inline as a `u128` bit board (clone is a copy; equality, hashing and
/// ordering are a few word operations, `canonical()` a few dozen); a grid of at most 64 cells
/// and three or four symbols (an Amazons board) inline too, as two bit boards of ranks; one of
/// at most 42 cells and five or six symbols (a Ski Jumps board) as three bits a cell; other
/// grids share their cells through an `Rc`.
///
/// Text form: rows top to bottom separated by `|`, for example `"..#|..."`; `Display` gives the
/// same text back. A grid with no cells is `0 x 0` and prints as the empty string.
///
/// `Ord` compares the shape `(height, width)` and then the cells in row-major order; the
/// least image under the symmetries is [`canonical`](Grid::canonical).
///
/// ```
/// use cg::board::{Grid, Symmetry};
/// let g = Grid::parse("..#|...").unwrap();
/// assert_eq!((g.height(), g.width()), (2, 3));
/// assert_eq!(g.get((0, 2)), Some(b'#'));
/// let h = g.set((1, 0), b'#').unwrap();
/// assert_eq!(h.to_string(), "..#|#..");
/// assert_eq!(g.transform(Symmetry::ROTATE_90).to_string(), "..|..|.#");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    height: u16,
    width: u16,
    cells: Cells,
}

/// The cells. The representation is a function of the contents (see `Grid::from_cells`), so
/// the derived `Eq` and `Hash` are content equality.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Cells {
    /// At most 128 cells and at most two distinct symbols. Cell `i` (row-major) is bit
    /// `127 - i` of `bits`, set when the cell holds `one` and clear when it holds `zero`;
    /// the bits below the cells are clear. Either `zero < one` and both symbols occur, or
    /// `zero == one`, `bits == 0` and only that symbol occurs (`0` for the empty grid).
    /// Storing cell 0 in the most significant bit makes `bits` order like the row-major
    /// cell sequence.
    Packed { zero: u8, one: u8, bits: Bits128 },
    /// At most 64 cells and three or four distinct symbols, `symbols` in increasing order
    /// (the fourth 0 when there are three): cell `i` holds `symbols[planes.rank(i)]`, and the
    /// bits of the cells beyond the last are clear (see `board::planes`).
    Ranked { symbols: [u8; 4], planes: Planes },
    /// At most 42 cells and five or six distinct symbols (a Ski Jumps board: `L`, `R`, `l`,
    /// `r`, `.`), `symbols` in increasing order (the sixth 0 when there are five): cell `i`
    /// holds `symbols[r]`, `r` the three bits of `bits` from bit `127 - 3i` down, so that
    /// `bits` orders like the row-major cells, as in `dense_words`; the bits below the cells
    /// are clear. Such boards are built for every option of every position, and inline they
    /// take no allocation.
    Wide { symbols: [u8; 6], bits: Bits128 },
    /// Row-major cell symbols.
    Bytes(Rc<[u8]>),
}

/// 128 bits as two words: a `u128` field would align the grid, and every `Value`, to 16
/// bytes and make them 48 bytes long instead of 32. Ordered like the `u128`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Bits128 {
    high: u64,
    low: u64,
}

impl Bits128 {
    const ZERO: Bits128 = Bits128 { high: 0, low: 0 };

    fn new(bits: u128) -> Bits128 {
        Bits128 {
            high: (bits >> 64) as u64,
            low: bits as u64,
        }
    }

    fn get(self) -> u128 {
        u128::from(self.high) << 64 | u128::from(self.low)
    }
}

/// Hashes a packed grid as its three words (see `packed_words`): ruleset tables hash a grid
/// for every option of every position, and the derived hash wrote six fields.
impl Hash for Grid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.cells {
            Cells::Packed { .. } => {
                for word in self.packed_words().into_iter().flatten() {
                    state.write_u64(word);
                }
            }
            Cells::Ranked { symbols, planes } => {
                state.write_u64(self.shape_word() | (2 << 48));
                state.write_u32(u32::from_le_bytes(*symbols));
                state.write_u64(planes.high);
                state.write_u64(planes.low);
            }
            Cells::Wide { symbols, bits } => {
                state.write_u64(self.shape_word() | (3 << 48));
                state.write_u64(wide_symbols_word(symbols));
                state.write_u64(bits.high);
                state.write_u64(bits.low);
            }
            Cells::Bytes(cells) => {
                state.write_u64(self.shape_word() | (1 << 48));
                cells.hash(state);
            }
        }
    }
}

/// The distinct symbols of `cells` in increasing order (zeros after them) and how many there
/// are; `None` when there are more than `N`.
fn distinct_symbols<const N: usize>(cells: &[u8]) -> Option<([u8; N], usize)> {
    let mut present = [0u64; 4];
    for &c in cells {
        present[usize::from(c >> 6)] |= 1 << (c & 63);
    }
    let count = present.iter().map(|w| w.count_ones()).sum::<u32>() as usize;
    if count > N {
        return None;
    }
    let mut symbols = [0u8; N];
    let mut next = 0;
    for (w, &word) in present.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            symbols[next] = (w * 64 + rest.trailing_zeros() as usize) as u8;
            next += 1;
            rest &= rest - 1;
        }
    }
    Some((symbols, count))
}

/// The row-major cells of the image under `s` of an `h x w` grid whose cell `i` is `cell(i)`.
fn image_cells(s: Symmetry, h: usize, w: usize, cell: impl Fn(usize) -> u8) -> Vec<u8> {
    let (h2, w2) = s.image_shape(h, w);
    let (start, dr, dc) = source_steps(s, h, w);
    let mut out = Vec::with_capacity(h * w);
    for r2 in 0..h2 {
        let row = start + r2 as isize * dr;
        out.extend((0..w2).map(|c2| cell((row + c2 as isize * dc) as usize)));
    }
    out
}

/// The lowest bit of each of the 42 three-bit cells of a wide grid.
const WIDE_LOWS: u128 = {
    let mut lows = 0u128;
    let mut i = 0;
    while i < 42 {
        lows |= 1 << (125 - 3 * i);
        i += 1;
    }
    lows
};

/// Whether one of the first `n >= 1` cells of a wide grid's `bits` has rank `k`: all of them
/// at once, a cell matching when its three bits XOR `k` are all clear.
fn wide_holds(bits: u128, k: u128, n: usize) -> bool {
    let cells = WIDE_LOWS & (!0u128 << (128 - 3 * n));
    let x = bits ^ (k * WIDE_LOWS);
    (!(x | x >> 1 | x >> 2) & cells) != 0
}

/// The symbols of a wide grid in one word, the first in the lowest byte.
fn wide_symbols_word(symbols: &[u8; 6]) -> u64 {
    symbols
        .iter()
        .rev()
        .fold(0u64, |word, &s| word << 8 | u64::from(s))
}

/// Why [`Grid::parse`] rejected its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGridError {
    /// Byte offset in the input of the offending character (or of the start of the offending
    /// row).
    pub offset: usize,
    /// What is wrong there.
    pub kind: ParseGridErrorKind,
}

/// The kinds of [`ParseGridError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseGridErrorKind {
    /// A character that cannot be a cell symbol (cells are printable ASCII characters other
    /// than space and `|`).
    InvalidSymbol(char),
    /// A row of a different length from the first row.
    RaggedRow {
        /// The row (from 0).
        row: usize,
        /// The length of the first row.
        expected: usize,
        /// The length of this row.
        found: usize,
    },
    /// A row with no cells (in a non-empty input).
    EmptyRow {
        /// The row (from 0).
        row: usize,
    },
    /// More than [`MAX_CELLS`] cells, or more than 65535 rows or columns.
    TooLarge,
}

impl fmt::Display for ParseGridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ParseGridErrorKind::InvalidSymbol(c) => write!(
                f,
                "invalid grid cell {c:?} at offset {}: cells are printable ASCII characters \
                 other than space and '|'",
                self.offset
            ),
            ParseGridErrorKind::RaggedRow {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} of the grid (offset {}) has {found} cells but row 0 has {expected}",
                self.offset
            ),
            ParseGridErrorKind::EmptyRow { row } => {
                write!(f, "row {row} of the grid (offset {}) is empty", self.offset)
            }
            ParseGridErrorKind::TooLarge => write!(
                f,
                "grid too large at offset {}: at most {MAX_CELLS} cells and 65535 rows and \
                 columns",
                self.offset
            ),
        }
    }
}

impl std::error::Error for ParseGridError {}

/// Why a grid operation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// A cell outside the board.
    OutOfBounds {
        /// The cell asked for.
        coord: Coord,
        /// The board's height.
        height: usize,
        /// The board's width.
        width: usize,
    },
    /// A byte that cannot be a cell symbol.
    InvalidSymbol(u8),
    /// More than [`MAX_CELLS`] cells, or more than 65535 rows or columns.
    TooLarge,
    /// Cell data of the wrong length.
    WrongLength {
        /// `height * width`.
        expected: usize,
        /// The number of cells given.
        found: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::OutOfBounds {
                coord,
                height,
                width,
            } => write!(
                f,
                "cell ({}, {}) is outside the {height} x {width} grid",
                coord.0, coord.1
            ),
            GridError::InvalidSymbol(b) => write!(
                f,
                "invalid grid cell {:?}: cells are printable ASCII characters other than space \
                 and '|'",
                *b as char
            ),
            GridError::TooLarge => write!(
                f,
                "grid too large: at most {MAX_CELLS} cells and 65535 rows and columns"
            ),
            GridError::WrongLength { expected, found } => {
                write!(f, "a grid of {expected} cells was given {found}")
            }
        }
    }
}

impl std::error::Error for GridError {}

// ---------------------------------------------------------------------------------------------
// Bit-board helpers (cell i is bit 127 - i).

#[inline]
fn cell_bit(i: usize) -> u128 {
    1u128 << (127 - i)
}

/// The bits of the first `n` cells.
#[inline]
fn valid_mask(n: usize) -> u128 {
    if n == 0 {
        0
    } else {
        u128::MAX << (128 - n)
    }
}

/// Shifts towards higher cell indices (`k > 0`) or lower ones (`k < 0`), dropping bits that
/// leave the word.
#[inline]
fn shift_cells(x: u128, k: isize) -> u128 {
    if k >= 0 {
        x.checked_shr(k as u32).unwrap_or(0)
    } else {
        x.checked_shl((-k) as u32).unwrap_or(0)
    }
}

/// The cells of an `h x w` bit board whose column `c` satisfies `keep(c)`.
fn column_mask(h: usize, w: usize, keep: impl Fn(usize) -> bool) -> u128 {
    let mut row = 0u128;
    for c in 0..w {
        if keep(c) {
            row |= 1u128 << (w - 1 - c);
        }
    }
    let mut m = 0u128;
    for r in 0..h {
        m |= row << (128 - (r + 1) * w);
    }
    m
}

/// A machine word holding a bit board, cell `i` at bit `BITS - 1 - i`: boards of at most 64
/// cells are transformed in a `u64`, where shifts and bit reversals cost half what they do in
/// a `u128` (canonical forms transform every option of every position).
trait Word:
    Copy
    + Ord
    + BitOr<Output = Self>
    + BitAnd<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
{
    const BITS: usize;
    const ZERO: Self;
    const ONE: Self;
    fn reverse(self) -> Self;
    fn ones(self) -> usize;
    fn lowest_one(self) -> usize;
    /// The index of the first cell set (the leading zeros).
    fn first_cell(self) -> usize;
    /// The board as the cell bits of a packed grid (cell i at bit 127 - i).
    fn to_cells128(self) -> u128;
    /// The first `BITS` cells of a packed grid's cell bits.
    fn from_cells128(bits: u128) -> Self;
    /// The bits folded into 64 (for hashing).
    fn fold64(self) -> u64;

    /// The lowest `k` bits.
    fn low_mask(k: usize) -> Self {
        if k >= Self::BITS {
            !Self::ZERO
        } else {
            (Self::ONE << k) - Self::ONE
        }
    }
}

impl Word for u64 {
    const BITS: usize = 64;
    const ZERO: u64 = 0;
    const ONE: u64 = 1;
    fn reverse(self) -> u64 {
        self.reverse_bits()
    }
    fn ones(self) -> usize {
        self.count_ones() as usize
    }
    fn lowest_one(self) -> usize {
        self.trailing_zeros() as usize
    }
    fn first_cell(self) -> usize {
        self.leading_zeros() as usize
    }
    fn to_cells128(self) -> u128 {
        u128::from(self) << 64
    }
    fn from_cells128(bits: u128) -> u64 {
        (bits >> 64) as u64
    }
    fn fold64(self) -> u64 {
        self
    }
}

impl Word for u128 {
    const BITS: usize = 128;
    const ZERO: u128 = 0;
    const ONE: u128 = 1;
    fn reverse(self) -> u128 {
        self.reverse_bits()
    }
    fn ones(self) -> usize {
        self.count_ones() as usize
    }
    fn lowest_one(self) -> usize {
        self.trailing_zeros() as usize
    }
    fn first_cell(self) -> usize {
        self.leading_zeros() as usize
    }
    fn to_cells128(self) -> u128 {
        self
    }
    fn from_cells128(bits: u128) -> u128 {
        bits
    }
    fn fold64(self) -> u64 {
        (self as u64) ^ ((self >> 64) as u64)
    }
}

/// The bits of row `r` of a width-`w` bit board, as the low `w` bits (column 0 highest).
#[inline]
fn row_bits<W: Word>(bits: W, r: usize, w: usize) -> W {
    (bits >> (W::BITS - (r + 1) * w)) & W::low_mask(w)
}

fn packed_flip_rows<W: Word>(bits: W, h: usize, w: usize) -> W {
    let mut out = W::ZERO;
    for r in 0..h {
        out = out | (row_bits(bits, r, w) << (W::BITS - (h - r) * w));
    }
    out
}

fn packed_rotate_180<W: Word>(bits: W, n: usize) -> W {
    if n == 0 {
        W::ZERO
    } else {
        bits.reverse() << (W::BITS - n)
    }
}

/// The transpose of an `h x w` bit board (a `w x h` one).
fn packed_transpose<W: Word>(bits: W, h: usize, w: usize) -> W {
    // Move whichever of the set and clear cells are fewer.
    let valid = !W::low_mask(W::BITS - h * w);
    if 2 * bits.ones() > h * w {
        return !packed_transpose_bits(!bits & valid, h, w) & valid;
    }
    packed_transpose_bits(bits, h, w)
}

fn packed_transpose_bits<W: Word>(bits: W, h: usize, w: usize) -> W {
    let mut out = W::ZERO;
    for r in 0..h {
        let mut row = row_bits(bits, r, w);
        while row != W::ZERO {
            let q = row.lowest_one();
            row = row & (row - W::ONE);
            let c = w - 1 - q;
            out = out | (W::ONE << (W::BITS - 1 - (c * h + r)));
        }
    }
    out
}

/// A board the symmetries move: a bit board in a machine word, or the two planes of a ranked
/// grid (each moved as a bit board). Ordered as the grids they hold are.
trait Board: Copy + Ord {
    fn flip_rows(self, h: usize, w: usize) -> Self;
    fn rotate_180(self, n: usize) -> Self;
    fn transpose(self, h: usize, w: usize) -> Self;
}

impl<W: Word> Board for W {
    fn flip_rows(self, h: usize, w: usize) -> W {
        packed_flip_rows(self, h, w)
    }
    fn rotate_180(self, n: usize) -> W {
        packed_rotate_180(self, n)
    }
    fn transpose(self, h: usize, w: usize) -> W {
        packed_transpose(self, h, w)
    }
}

impl Board for Planes {
    fn flip_rows(self, h: usize, w: usize) -> Planes {
        Planes {
            high: packed_flip_rows(self.high, h, w),
            low: packed_flip_rows(self.low, h, w),
        }
    }
    fn rotate_180(self, n: usize) -> Planes {
        Planes {
            high: packed_rotate_180(self.high, n),
            low: packed_rotate_180(self.low, n),
        }
    }
    fn transpose(self, h: usize, w: usize) -> Planes {
        Planes {
            high: packed_transpose(self.high, h, w),
            low: packed_transpose(self.low, h, w),
        }
    }
}

/// The least image under `group` of an `h x w` board, as (height, width, board), with a
/// symmetry that gives it; `None` for an empty group.
fn least_image<B: Board>(
    bits: B,
    h: usize,
    w: usize,
    group: &[Symmetry],
) -> Option<((usize, usize, B), Symmetry)> {
    let n = h * w;
    if keeps_shape_only(group, h, w) {
        // The common case (every option of a Domineering position): the four images that keep
        // the shape, straight.
        return Some(least_keeping_shape(bits, h, w));
    }
    // The row flip of each base board is shared by two images.
    let mut transposed = None;
    let mut flipped = [None, None];
    let mut best: Option<((usize, usize, B), Symmetry)> = None;
    // Shapes compare first: on a board that is not square, the images of the other shape
    // (the transposed ones, or the others) lose before their cells are computed.
    let least_shape = group.iter().map(|s| s.image_shape(h, w)).min();
    for &s in group {
        if Some(s.image_shape(h, w)) != least_shape {
            continue;
        }
        let t = usize::from(s.transposes());
        let (base, h2, w2) = if s.transposes() {
            (
                *transposed.get_or_insert_with(|| bits.transpose(h, w)),
                w,
                h,
            )
        } else {
            (bits, h, w)
        };
        let mut flip = || *flipped[t].get_or_insert_with(|| base.flip_rows(h2, w2));
        let b = match (s.flips_rows(), s.flips_cols()) {
            (false, false) => base,
            (true, false) => flip(),
            (true, true) => base.rotate_180(n),
            (false, true) => flip().rotate_180(n),
        };
        let key = (h2, w2, b);
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, s));
        }
    }
    best
}

/// [`least_image`] of a bit board, by [`least_image_all`] when `all` says the group is
/// [`Symmetry::ALL`].
fn least_packed_image<W: Word>(
    bits: W,
    h: usize,
    w: usize,
    group: &[Symmetry],
    all: bool,
) -> Option<((usize, usize, W), Symmetry)> {
    if all {
        Some(least_image_all(bits, h, w))
    } else {
        least_image(bits, h, w, group)
    }
}

/// The least of the four images of an `h x w` board that keep its shape, ties to the first of
/// identity, row flip, column flip, half turn.
fn least_keeping_shape<B: Board>(bits: B, h: usize, w: usize) -> ((usize, usize, B), Symmetry) {
    let flipped = bits.flip_rows(h, w);
    let (b, s) = first_least([
        (bits, Symmetry::IDENTITY),
        (flipped, Symmetry::FLIP_ROWS),
        (flipped.rotate_180(h * w), Symmetry::FLIP_COLUMNS),
        (bits.rotate_180(h * w), Symmetry::ROTATE_180),
    ]);
    ((h, w, b), s)
}

/// [`least_image`] under all eight symmetries ([`Symmetry::ALL`]), the same image and symmetry,
/// with no pass over the group: every option of a Cookie Cutter position takes one. On a board
/// wider than high the four images that keep the shape compete, on one higher than wide the
/// four transposed ones (in the order of the group), on a square all eight.
fn least_image_all<B: Board>(bits: B, h: usize, w: usize) -> ((usize, usize, B), Symmetry) {
    let n = h * w;
    if h < w {
        return least_keeping_shape(bits, h, w);
    }
    let t = bits.transpose(h, w);
    let ft = t.flip_rows(w, h);
    let transposed = [
        (ft.rotate_180(n), Symmetry::ROTATE_90),
        (ft, Symmetry::ROTATE_270),
        (t, Symmetry::TRANSPOSE),
        (t.rotate_180(n), Symmetry::ANTI_TRANSPOSE),
    ];
    if h > w {
        let (b, s) = first_least(transposed);
        return ((w, h, b), s);
    }
    let f = bits.flip_rows(h, w);
    let [r90, r270, tr, anti] = transposed;
    let (b, s) = first_least([
        (bits, Symmetry::IDENTITY),
        r90,
        (bits.rotate_180(n), Symmetry::ROTATE_180),
        r270,
        (f, Symmetry::FLIP_ROWS),
        (f.rotate_180(n), Symmetry::FLIP_COLUMNS),
        tr,
        anti,
    ]);
    ((h, w, b), s)
}

/// The least of some images of one shape, ties to the first.
fn first_least<B: Board, const N: usize>(images: [(B, Symmetry); N]) -> (B, Symmetry) {
    let mut best = images[0];
    for image in images {
        if image.0 < best.0 {
            best = image;
        }
    }
    best
}

/// Whether the least images of an `h x w` board under `group` are exactly those of the four
/// symmetries that keep rows as rows: the group is those four, or all eight on a board wider
/// than high (whose transposed images are taller, hence larger).
fn keeps_shape_only(group: &[Symmetry], h: usize, w: usize) -> bool {
    group == Symmetry::RECTANGLE || (h < w && group == Symmetry::ALL)
}

/// The cells of an `h x w` bit board (`h, w >= 1`) that may move one column right
/// (`not_last`) or left (`not_first`) without leaving their row.
#[derive(Clone, Copy)]
struct ColumnGuards<W> {
    not_first: W,
    not_last: W,
}

impl<W: Word> ColumnGuards<W> {
    fn new(h: usize, w: usize) -> ColumnGuards<W> {
        let mut first = W::ZERO;
        for r in 0..h {
            first = first | (W::ONE << (W::BITS - 1 - r * w));
        }
        let valid = !W::low_mask(W::BITS - h * w);
        ColumnGuards {
            not_first: valid & !first,
            not_last: valid & !(first >> (w - 1)),
        }
    }

    /// `x` with each cell also moved one column left and one right, within its row.
    fn spread(self, x: W) -> W {
        x | ((x & self.not_last) >> 1) | ((x & self.not_first) << 1)
    }
}

/// Fills the runs of a set of cells along rows, doubling the distance at each step
/// (a Kogge-Stone fill): a row of `w` cells takes `ceil(log2(w))` steps each way instead of
/// `w - 1`. `right[k]` holds the cells whose `2^k` nearest cells on the left in their row
/// (themselves included) all lie in the set, `left[k]` the same on the right.
struct RowFill<W> {
    right: [W; 7],
    left: [W; 7],
    steps: usize,
}

impl<W: Word> RowFill<W> {
    fn new(through: W, guards: ColumnGuards<W>, w: usize) -> RowFill<W> {
        // 2^steps - 1 >= w - 1 moves cross any run of a row.
        let steps = (usize::BITS - (w - 1).leading_zeros()) as usize;
        let mut right = [W::ZERO; 7];
        let mut left = [W::ZERO; 7];
        let (mut r, mut l) = (through & guards.not_first, through & guards.not_last);
        for k in 0..steps {
            right[k] = r;
            left[k] = l;
            r = r & (r >> (1 << k));
            l = l & (l << (1 << k));
        }
        RowFill { right, left, steps }
    }

    /// The cells of the runs (within rows) of the set that hold a cell of `seeds`, with
    /// `seeds` (which should lie in the set).
    fn fill(&self, seeds: W) -> W {
        let (mut r, mut l) = (seeds, seeds);
        for k in 0..self.steps {
            r = r | ((r >> (1 << k)) & self.right[k]);
            l = l | ((l << (1 << k)) & self.left[k]);
        }
        r | l
    }
}

/// The clusters of the cells of `allowed` on a `gh x gw` bit board, two cells joined when
/// they differ by less than `h` rows and less than `w` columns (`1 <= h <= gh`,
/// `1 <= w <= gw`), each passed to `each` in the order of their first cells.
///
/// A cluster grows from its first cell, alternately along whole rows (cells of a row closer
/// than `w` columns are joined through the gaps between them) and by one window step, until
/// it stops growing: on a board of few rows this takes a few rounds where window steps alone
/// took as many as the cluster is wide.
fn window_clusters<W: Word>(
    allowed: W,
    (gh, gw): (usize, usize),
    (h, w): (usize, usize),
    each: impl FnMut(W),
) {
    if allowed == W::ZERO {
        return;
    }
    let guards = ColumnGuards::new(gh, gw);
    // The allowed cells stretched `w - 2` columns right cover the gaps of fewer than `w - 1`
    // cells between allowed cells of a row, and no others: its runs are the chains of a row.
    let rows = (w >= 2).then(|| {
        let mut bridged = allowed;
        for _ in 2..w {
            bridged = bridged | ((bridged & guards.not_last) >> 1);
        }
        RowFill::new(bridged, guards, gw)
    });
    // Shifts by whole rows: `h >= 2` means at least two rows, so `gw` is at most half a word.
    let step = |mut x: W| {
        for _ in 1..w {
            x = guards.spread(x);
        }
        for _ in 1..h {
            x = x | (x >> gw) | (x << gw);
        }
        x
    };
    grow_clusters(allowed, rows.as_ref(), step, each);
}

/// The regions of the cells of `allowed` on a `gh x gw` bit board, orthogonal neighbours
/// joined (`king` false) or all eight (`king` true), each passed to `each` in the order of
/// their first cells. Grown a step at a time: filling whole row runs first, as clusters do,
/// cost more than it saved on the small boards of Domineering.
fn neighbour_regions<W: Word>(
    allowed: W,
    (gh, gw): (usize, usize),
    king: bool,
    each: impl FnMut(W),
) {
    if allowed == W::ZERO {
        return;
    }
    let guards = ColumnGuards::new(gh, gw);
    // Shifts by whole rows only on boards of two rows or more, where `gw` is at most half a
    // word.
    let vertical = |x: W| {
        if gh >= 2 {
            (x >> gw) | (x << gw)
        } else {
            W::ZERO
        }
    };
    let step = |x: W| {
        let across = guards.spread(x);
        across | vertical(if king { across } else { x })
    };
    grow_clusters(allowed, None, step, each);
}

/// The components of the cells of `allowed`, each grown from its first cell, alternately
/// along the runs of `rows` (when given) and by `step` (the cells one step away, the given ones
/// included), until it stops growing; passed to `each` in the order of their first cells.
fn grow_clusters<W: Word>(
    allowed: W,
    rows: Option<&RowFill<W>>,
    step: impl Fn(W) -> W,
    mut each: impl FnMut(W),
) {
    let mut remaining = allowed;
    while remaining != W::ZERO {
        let mut part = W::ONE << (W::BITS - 1 - remaining.first_cell());
        loop {
            if let Some(rows) = rows {
                part = rows.fill(part) & allowed;
            }
            let grown = step(part) & allowed;
            if grown == part {
                break;
            }
            part = grown;
        }
        remaining = remaining & !part;
        each(part);
    }
}

/// The distinct cuts `window & targets` (not empty) of an `h x w` window placed anywhere it
/// meets a `gh x gw` bit board (over the edges too, `1 <= h <= gh`, `1 <= w <= gw`), in the
/// order of the first placement giving each, row by row.
///
/// A window is the cells of its block of rows that lie in its block of columns: the targets
/// of a block of rows are taken once for every placement along it, and a block of columns is
/// its pattern within a row times one bit a row, so each placement costs a few word operations.
fn window_cuts<W: Word>(targets: W, (gh, gw): (usize, usize), (h, w): (usize, usize)) -> Vec<W> {
    let mut cuts = Vec::with_capacity((gh + h - 1) * (gw + w - 1));
    if targets == W::ZERO {
        return cuts;
    }
    // The last column of each row: a pattern of the low `gw` bits times this is the pattern
    // in every row (the copies do not overlap, so nothing carries).
    let row_ends = (0..gh).fold(W::ZERO, |m, r| m | (W::ONE << (W::BITS - (r + 1) * gw)));
    // A filter of the cuts seen: most cuts are new, and the filter says so without
    // comparing with every earlier cut.
    let mut seen = [0u64; 4];
    for top in 0..gh + h - 1 {
        let (r0, r1) = (top.saturating_sub(h - 1), (top + 1).min(gh));
        let in_rows = targets & (W::low_mask((r1 - r0) * gw) << (W::BITS - r1 * gw));
        if in_rows == W::ZERO {
            continue;
        }
        for left in 0..gw + w - 1 {
            let (c0, c1) = (left.saturating_sub(w - 1), (left + 1).min(gw));
            let columns = (W::low_mask(c1 - c0) << (gw - c1)) * row_ends;
            let cut = in_rows & columns;
            if cut == W::ZERO {
                continue;
            }
            let slot = (cut.fold64().wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as usize;
            let bit = 1u64 << (slot % 64);
            if seen[slot / 64] & bit == 0 || !cuts.contains(&cut) {
                seen[slot / 64] |= bit;
                cuts.push(cut);
            }
        }
    }
    cuts
}

/// The cells of a packed grid after the cells of a mask change to one symbol, worked out once
/// for many masks (every option of a Cookie Cutter position changes one grid): the symbols
/// after the change, the bits of the cells left alone, and the bit the changed cells take.
struct MaskSetter<W> {
    zero: u8,
    one: u8,
    base: W,
    to_one: bool,
    valid: W,
}

impl<W: Word> MaskSetter<W> {
    /// For the packed grid of `n` cells `(zero, one, bits)` and the new `symbol`; `None` when
    /// that would make a third symbol.
    fn new(zero: u8, one: u8, bits: W, n: usize, symbol: u8) -> Option<MaskSetter<W>> {
        let valid = !W::low_mask(W::BITS - n);
        // Stay packed when the new symbol is one of the two (or the grid has one symbol).
        let (zero, one, base, to_one) = if zero == one {
            if symbol == zero {
                (zero, one, W::ZERO, false)
            } else if symbol < zero {
                // The old symbol becomes `one`.
                (symbol, zero, valid, false)
            } else {
                (zero, symbol, W::ZERO, true)
            }
        } else if symbol == one || symbol == zero {
            (zero, one, bits, symbol == one)
        } else {
            return None;
        };
        Some(MaskSetter {
            zero,
            one,
            base,
            to_one,
            valid,
        })
    }

    /// The cells with those of `m` changed, the packed invariant restored (a symbol may be gone).
    fn cells(&self, m: W) -> Cells {
        let bits = if self.to_one {
            self.base | m
        } else {
            self.base & !m
        };
        let (zero, one, bits) = if self.zero == self.one || bits == W::ZERO {
            (self.zero, self.zero, W::ZERO)
        } else if bits == self.valid {
            (self.one, self.one, W::ZERO)
        } else {
            (self.zero, self.one, bits)
        };
        Cells::Packed {
            zero,
            one,
            bits: Bits128::new(bits.to_cells128()),
        }
    }
}

/// The smallest rectangle holding the cells of `mask` (not empty) on a bit board of width `w`,
/// as `(height, width, cells of bits in mask, cells outside mask)`, the last two bit boards
/// of the rectangle.
fn crop_bits<W: Word>(mask: W, bits: W, w: usize) -> (usize, usize, W, W) {
    // Cell indices fit in 32 bits, and dividing them there is cheaper.
    let row_of = |i: usize| (i as u32 / w as u32) as usize;
    let (r0, r1) = (
        row_of(mask.first_cell()),
        row_of(W::BITS - 1 - mask.lowest_one()),
    );
    let mut columns = W::ZERO;
    for r in r0..=r1 {
        columns = columns | row_bits(mask, r, w);
    }
    // Column c is bit w - 1 - c of a row.
    let (c0, c1) = (
        w + columns.first_cell() - W::BITS,
        w - 1 - columns.lowest_one(),
    );
    let (h2, w2) = (r1 - r0 + 1, c1 - c0 + 1);
    let row_mask = W::low_mask(w2);
    let (mut ones, mut outside) = (W::ZERO, W::ZERO);
    for r in r0..=r1 {
        let take = |x: W| (row_bits(x, r, w) >> (w - 1 - c1)) & row_mask;
        let region = take(mask);
        let at = W::BITS - (r - r0 + 1) * w2;
        ones = ones | ((take(bits) & region) << at);
        outside = outside | ((!region & row_mask) << at);
    }
    (h2, w2, ones, outside)
}

/// The image of an `h x w` board under `s`.
fn board_transform<B: Board>(bits: B, h: usize, w: usize, s: Symmetry) -> B {
    let (mut b, h2, w2) = if s.transposes() {
        (bits.transpose(h, w), w, h)
    } else {
        (bits, h, w)
    };
    match (s.flips_rows(), s.flips_cols()) {
        (false, false) => {}
        (true, false) => b = b.flip_rows(h2, w2),
        (true, true) => b = b.rotate_180(h2 * w2),
        (false, true) => b = b.flip_rows(h2, w2).rotate_180(h2 * w2),
    }
    b
}

/// For the image of an `h x w` board under `s`: the source index of image cell `(0, 0)` and the
/// source index steps for one image row down and one image column right (the map is affine).
fn source_steps(s: Symmetry, h: usize, w: usize) -> (isize, isize, isize) {
    let (h2, w2) = s.image_shape(h, w);
    if h2 == 0 || w2 == 0 {
        return (0, 0, 0);
    }
    let inv = s.inverse();
    let index = |p: (usize, usize)| {
        let (r, c) = inv.apply(p, h2, w2);
        (r * w + c) as isize
    };
    let start = index((0, 0));
    let dr = if h2 > 1 { index((1, 0)) - start } else { 0 };
    let dc = if w2 > 1 { index((0, 1)) - start } else { 0 };
    (start, dr, dc)
}

/// Compares two images (of the same `h2 x w2` shape) of the cells `b`, given by their
/// `source_steps`, in row-major order.
fn compare_images(
    b: &[u8],
    h2: usize,
    w2: usize,
    (s1, dr1, dc1): (isize, isize, isize),
    (s2, dr2, dc2): (isize, isize, isize),
) -> Ordering {
    for r in 0..h2 as isize {
        let (mut i, mut j) = (s1 + r * dr1, s2 + r * dr2);
        for _ in 0..w2 {
            let o = b[i as usize].cmp(&b[j as usize]);
            if o.is_ne() {
                return o;
            }
            i += dc1;
            j += dc2;
        }
    }
    Ordering::Equal
}

/// Converts a bit board mask (cell i at bit 127 - i) to the set of cell indices.
#[inline]
fn mask_to_set(mask: u128) -> BitSet {
    BitSet::from_u128(mask.reverse_bits())
}

// ---------------------------------------------------------------------------------------------

impl Grid {
    /// Builds a grid from its row-major cells, choosing the representation.
    fn from_cells_unchecked(height: usize, width: usize, cells: &[u8]) -> Grid {
        let n = height * width;
        debug_assert_eq!(cells.len(), n);
        if n == 0 {
            return Grid {
                height: 0,
                width: 0,
                cells: Cells::Packed {
                    zero: 0,
                    one: 0,
                    bits: Bits128::ZERO,
                },
            };
        }
        if n <= 128 {
            let a = cells[0];
            let b = cells.iter().copied().find(|&c| c != a);
            let two = match b {
                None => true,
                Some(b) => cells.iter().all(|&c| c == a || c == b),
            };
            if two {
                let (zero, one) = match b {
                    None => (a, a),
                    Some(b) => (a.min(b), a.max(b)),
                };
                let mut bits = 0u128;
                if zero != one {
                    for (i, &c) in cells.iter().enumerate() {
                        if c == one {
                            bits |= cell_bit(i);
                        }
                    }
                }
                return Grid {
                    height: height as u16,
                    width: width as u16,
                    cells: Cells::Packed {
                        zero,
                        one,
                        bits: Bits128::new(bits),
                    },
                };
            }
        }
        Grid {
            height: height as u16,
            width: width as u16,
            cells: Grid::ranked(cells)
                .or_else(|| Grid::wide(cells))
                .unwrap_or_else(|| Cells::Bytes(cells.into())),
        }
    }

    /// The wide form of at most 42 cells holding five or six distinct symbols.
    fn wide(cells: &[u8]) -> Option<Cells> {
        if cells.len() > 42 {
            return None;
        }
        let (symbols, count) = distinct_symbols::<6>(cells)?;
        if count < 5 {
            return None;
        }
        let mut rank = [0u8; 256];
        for (k, &symbol) in symbols[..count].iter().enumerate() {
            rank[usize::from(symbol)] = k as u8;
        }
        let bits = cells.iter().enumerate().fold(0u128, |bits, (i, &c)| {
            bits | u128::from(rank[usize::from(c)]) << (125 - 3 * i)
        });
        Some(Cells::Wide {
            symbols,
            bits: Bits128::new(bits),
        })
    }

    /// The ranked form of at most 64 cells holding three or four distinct symbols.
    fn ranked(cells: &[u8]) -> Option<Cells> {
        if cells.len() > 64 {
            return None;
        }
        let (symbols, count) = distinct_symbols::<4>(cells)?;
        if count < 3 {
            return None;
        }
        let rank = |c: u8| symbols.iter().position(|&s| s == c).unwrap_or(0) as u8;
        Some(Cells::Ranked {
            symbols,
            planes: Planes::from_ranks(cells.iter().map(|&c| rank(c))),
        })
    }

    /// The grid's cells as planes of their ranks in `alphabet` (increasing, at most four
    /// symbols, every symbol of the grid among them), for a grid of at most 64 cells. Ranked
    /// and bit-board grids give theirs in a few word operations, with no cell read one by one.
    pub(super) fn planes_in(&self, alphabet: &[u8]) -> Option<Planes> {
        let n = self.len();
        if n > 64 || alphabet.len() > 4 {
            return None;
        }
        let rank = |s: u8| alphabet.iter().position(|&a| a == s);
        let mut planes = Planes { high: 0, low: 0 };
        match self.cells {
            Cells::Ranked {
                symbols,
                planes: own,
            } => {
                for (k, &s) in symbols.iter().enumerate() {
                    let cells = own.cells_of(k, n);
                    if cells != 0 {
                        planes = planes.with(cells, rank(s)?);
                    }
                }
            }
            Cells::Packed { zero, one, bits } => {
                let ones = (bits.get() >> 64) as u64;
                let all = super::planes::first_cells(n);
                if all & !ones != 0 {
                    planes = planes.with(all & !ones, rank(zero)?);
                }
                if ones != 0 {
                    planes = planes.with(ones, rank(one)?);
                }
            }
            Cells::Wide { .. } | Cells::Bytes(_) => {
                for i in 0..n {
                    planes = planes.with(1u64 << (63 - i), rank(self.at(i))?);
                }
            }
        }
        Some(planes)
    }

    /// The `h x w` grid (at most 64 cells) whose cell `i` holds `alphabet[r]`, `r` the rank of
    /// cell `i` in `planes`, `alphabet` in increasing order: ranked when three or four of the
    /// symbols occur (re-ranked when one of the alphabet is missing, which moves those above it
    /// down), a bit board when one or two occur, and built from its cells when it has none.
    pub(super) fn from_alphabet_planes(
        h: usize,
        w: usize,
        alphabet: &[u8],
        planes: Planes,
    ) -> Grid {
        let n = h * w;
        let mut symbols = [0u8; 4];
        if let 3..=4 = alphabet.len() {
            // Usually every symbol of the alphabet occurs, and the planes are the grid's own:
            // checked with a few word operations, no rank rebuilt (each Amazons option is one).
            let all = super::planes::first_cells(n);
            let (high, low) = (planes.high, planes.low);
            let each = [!high & !low, !high & low, high & !low, high & low];
            if each[..alphabet.len()].iter().all(|&cells| cells & all != 0) {
                symbols[..alphabet.len()].copy_from_slice(alphabet);
                return Grid {
                    height: h as u16,
                    width: w as u16,
                    cells: Cells::Ranked {
                        symbols,
                        planes: Planes {
                            high: high & all,
                            low: low & all,
                        },
                    },
                };
            }
        }
        let mut ranked = Planes { high: 0, low: 0 };
        let mut count = 0;
        for (r, &symbol) in alphabet.iter().enumerate() {
            let cells = planes.cells_of(r, n);
            if cells != 0 && count < 4 {
                // A symbol missing moves those above it down one rank.
                symbols[count] = symbol;
                ranked = ranked.with(cells, count);
                count += 1;
            }
        }
        if (3..=4).contains(&count) {
            return Grid {
                height: h as u16,
                width: w as u16,
                cells: Cells::Ranked {
                    symbols,
                    planes: ranked,
                },
            };
        }
        if (1..=2).contains(&count) {
            // Two symbols (or one) make a bit board of the cells of the greater (rank 1).
            return Grid {
                height: h as u16,
                width: w as u16,
                cells: Cells::Packed {
                    zero: symbols[0],
                    one: symbols[count - 1],
                    bits: Bits128::new(u128::from(ranked.low) << 64),
                },
            };
        }
        let cells: Vec<u8> = (0..n).map(|i| alphabet[planes.rank(i)]).collect();
        Grid::from_cells_unchecked(h, w, &cells)
    }

    fn check_shape(height: usize, width: usize) -> Result<(), GridError> {
        if height > u16::MAX as usize
            || width > u16::MAX as usize
            || height.saturating_mul(width) > MAX_CELLS
        {
            Err(GridError::TooLarge)
        } else {
            Ok(())
        }
    }

    /// A `height x width` grid with every cell `fill`. A grid with no cells is `0 x 0`.
    pub fn new(height: usize, width: usize, fill: u8) -> Result<Grid, GridError> {
        if !is_symbol(fill) {
            return Err(GridError::InvalidSymbol(fill));
        }
        Grid::check_shape(height, width)?;
        Ok(Grid::from_cells_unchecked(
            height,
            width,
            &vec![fill; height * width],
        ))
    }

    /// A `height x width` grid from its cells in row-major order.
    pub fn from_cells(height: usize, width: usize, cells: &[u8]) -> Result<Grid, GridError> {
        Grid::check_shape(height, width)?;
        if cells.len() != height * width {
            return Err(GridError::WrongLength {
                expected: height * width,
                found: cells.len(),
            });
        }
        if let Some(&b) = cells.iter().find(|&&b| !is_symbol(b)) {
            return Err(GridError::InvalidSymbol(b));
        }
        Ok(Grid::from_cells_unchecked(height, width, cells))
    }

    /// Parses the text form: rows separated by `|`, each the same non-zero number of cell
    /// symbols. The empty string is the `0 x 0` grid.
    ///
    /// ```
    /// use cg::board::{Grid, ParseGridErrorKind};
    /// assert_eq!(Grid::parse("..#|...").unwrap().to_string(), "..#|...");
    /// let e = Grid::parse("..#|..").unwrap_err();
    /// assert_eq!(e.offset, 4);
    /// assert_eq!(e.kind, ParseGridErrorKind::RaggedRow { row: 1, expected: 3, found: 2 });
    /// assert_eq!(Grid::parse("a b").unwrap_err().offset, 1);
    /// ```
    pub fn parse(s: &str) -> Result<Grid, ParseGridError> {
        if s.is_empty() {
            return Ok(Grid::from_cells_unchecked(0, 0, &[]));
        }
        let mut cells = Vec::new();
        let mut width = None;
        let mut height = 0usize;
        let mut row_start = 0usize;
        let mut row_len = 0usize;
        let too_large = |offset| ParseGridError {
            offset,
            kind: ParseGridErrorKind::TooLarge,
        };
        let mut end_row = |height: &mut usize, row_start: usize, row_len: usize| {
            if row_len == 0 {
                return Err(ParseGridError {
                    offset: row_start,
                    kind: ParseGridErrorKind::EmptyRow { row: *height },
                });
            }
            match width {
                None => width = Some(row_len),
                Some(w) if w != row_len => {
                    return Err(ParseGridError {
                        offset: row_start,
                        kind: ParseGridErrorKind::RaggedRow {
                            row: *height,
                            expected: w,
                            found: row_len,
                        },
                    })
                }
                Some(_) => {}
            }
            *height += 1;
            Ok(())
        };
        for (offset, ch) in s.char_indices() {
            if ch == '|' {
                end_row(&mut height, row_start, row_len)?;
                row_start = offset + 1;
                row_len = 0;
            } else if ch.is_ascii() && is_symbol(ch as u8) {
                cells.push(ch as u8);
                row_len += 1;
                if cells.len() > MAX_CELLS || row_len > u16::MAX as usize {
                    return Err(too_large(offset));
                }
            } else {
                return Err(ParseGridError {
                    offset,
                    kind: ParseGridErrorKind::InvalidSymbol(ch),
                });
            }
        }
        end_row(&mut height, row_start, row_len)?;
        if height > u16::MAX as usize {
            return Err(too_large(s.len()));
        }
        let width = cells.len() / height;
        Ok(Grid::from_cells_unchecked(height, width, &cells))
    }

    /// The number of rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// The number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.height() * self.width()
    }

    /// Whether the grid has no cells.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `(row, col)` is on the board.
    #[inline]
    pub fn contains(&self, (r, c): Coord) -> bool {
        r < self.height() && c < self.width()
    }

    /// The row-major index of a cell on the board.
    #[inline]
    pub fn index(&self, coord: Coord) -> Option<usize> {
        self.contains(coord)
            .then(|| coord.0 * self.width() + coord.1)
    }

    /// The cell with row-major index `i`. Panics on the `0 x 0` grid; `i` should be below
    /// `len()`.
    #[inline]
    pub fn coord(&self, i: usize) -> Coord {
        (i / self.width(), i % self.width())
    }

    #[inline]
    fn at(&self, i: usize) -> u8 {
        match &self.cells {
            Cells::Packed { zero, one, bits } => {
                if (bits.get() >> (127 - i)) & 1 == 1 {
                    *one
                } else {
                    *zero
                }
            }
            Cells::Ranked { symbols, planes } => symbols[planes.rank(i)],
            Cells::Wide { symbols, bits } => symbols[(bits.get() >> (125 - 3 * i)) as usize & 7],
            Cells::Bytes(b) => b[i],
        }
    }

    /// The symbol at a cell, or `None` off the board.
    #[inline]
    pub fn get(&self, coord: Coord) -> Option<u8> {
        self.index(coord).map(|i| self.at(i))
    }

    /// The cells in row-major order.
    pub fn cells(&self) -> Vec<u8> {
        match &self.cells {
            Cells::Bytes(b) => b.to_vec(),
            Cells::Packed { .. } | Cells::Ranked { .. } | Cells::Wide { .. } => {
                (0..self.len()).map(|i| self.at(i)).collect()
            }
        }
    }

    /// Row `r` as a string (empty if off the board).
    pub fn row(&self, r: usize) -> String {
        if r >= self.height() {
            return String::new();
        }
        let w = self.width();
        (r * w..(r + 1) * w).map(|i| self.at(i) as char).collect()
    }

    pub(super) fn out_of_bounds(&self, coord: Coord) -> GridError {
        GridError::OutOfBounds {
            coord,
            height: self.height(),
            width: self.width(),
        }
    }

    /// The grid with the cell at `coord` changed to `symbol`.
    ///
    /// ```
    /// use cg::board::Grid;
    /// let g = Grid::parse("...|...").unwrap();
    /// assert_eq!(g.set((1, 2), b'#').unwrap().to_string(), "...|..#");
    /// assert!(g.set((2, 0), b'#').is_err());
    /// ```
    pub fn set(&self, coord: Coord, symbol: u8) -> Result<Grid, GridError> {
        self.set_all(&[coord], symbol)
    }

    /// The grid with every cell in `coords` changed to `symbol` (for example both cells of a
    /// domino).
    pub fn set_all(&self, coords: &[Coord], symbol: u8) -> Result<Grid, GridError> {
        if !is_symbol(symbol) {
            return Err(GridError::InvalidSymbol(symbol));
        }
        // Checked and turned into a mask in one pass, with no list of indices: rules written
        // in cg fill a domino or two per option, millions of times.
        let mut m = 0u128;
        for &c in coords {
            let i = self.index(c).ok_or_else(|| self.out_of_bounds(c))?;
            if i < 128 {
                m |= cell_bit(i);
            }
        }
        if let Some(g) = self.set_mask(m, symbol) {
            return Ok(g);
        }
        let mut cells = self.cells();
        for &c in coords {
            // Every coordinate was checked above.
            cells[c.0 * self.width() + c.1] = symbol;
        }
        Ok(Grid::from_cells_unchecked(
            self.height(),
            self.width(),
            &cells,
        ))
    }

    /// The grid with each cell of `changes` changed to its symbol, in order (a later change of
    /// a cell wins): a piece taken from one cell to another, say.
    ///
    /// ```
    /// use cg::board::Grid;
    /// let g = Grid::parse("x..|.o.").unwrap();
    /// let moved = g.set_each(&[((0, 0), b'.'), ((0, 2), b'x'), ((1, 0), b'#')]).unwrap();
    /// assert_eq!(moved.to_string(), "..x|#o.");
    /// ```
    pub fn set_each(&self, changes: &[(Coord, u8)]) -> Result<Grid, GridError> {
        let mut masks = [0u64; 4];
        for &(c, symbol) in changes {
            if !is_symbol(symbol) {
                return Err(GridError::InvalidSymbol(symbol));
            }
            let i = self.index(c).ok_or_else(|| self.out_of_bounds(c))?;
            if let Cells::Ranked { symbols, .. } = self.cells {
                let bit = 1u64 << (63 - i);
                for (k, m) in masks.iter_mut().enumerate() {
                    *m = if symbols[k] == symbol {
                        *m | bit
                    } else {
                        *m & !bit
                    };
                }
            }
        }
        // A ranked grid keeps its ranks when every new symbol is one of its own and none of its
        // own is gone: the moves of its pieces, the common case, take a few word operations.
        if let Cells::Ranked {
            symbols,
            mut planes,
        } = self.cells
        {
            let changed = changes.iter().fold(0u64, |m, &(c, _)| {
                m | 1u64 << (63 - c.0 * self.width() - c.1)
            });
            if masks.iter().fold(0, |a, m| a | m) == changed {
                for (k, &m) in masks.iter().enumerate() {
                    planes = planes.with(m, k);
                }
                let n = self.len();
                let count = if symbols[3] == 0 { 3 } else { 4 };
                if (0..count).all(|k| planes.cells_of(k, n) != 0) {
                    return Ok(Grid {
                        height: self.height,
                        width: self.width,
                        cells: Cells::Ranked { symbols, planes },
                    });
                }
            }
        }
        let mut cells = self.cells();
        for &(c, symbol) in changes {
            cells[c.0 * self.width() + c.1] = symbol;
        }
        Ok(Grid::from_cells_unchecked(
            self.height(),
            self.width(),
            &cells,
        ))
    }

    /// The packed grid with the cells of the bit mask `m` changed to `symbol`; `None` when the
    /// grid is not packed or would hold three symbols.
    fn set_mask(&self, m: u128, symbol: u8) -> Option<Grid> {
        match self.cells {
            Cells::Ranked { symbols, planes } => {
                self.set_ranked(symbols, planes, (m >> 64) as u64, symbol)
            }
            Cells::Packed { zero, one, bits } => {
                let setter = MaskSetter::new(zero, one, bits.get(), self.len(), symbol)?;
                Some(self.with_cells(setter.cells(m)))
            }
            Cells::Wide { symbols, bits } => self.set_wide(symbols, bits.get(), m, symbol),
            Cells::Bytes(_) => None,
        }
    }

    /// The wide grid with the cells of `mask` (cell `i` at bit `127 - i`) changed to `symbol`;
    /// `None` unless it holds the same symbols afterwards (a symbol that comes or goes changes
    /// the ranks, or the form).
    fn set_wide(&self, symbols: [u8; 6], mut bits: u128, mask: u128, symbol: u8) -> Option<Grid> {
        let count = if symbols[5] == 0 { 5 } else { 6 };
        let r = symbols[..count].iter().position(|&s| s == symbol)?;
        // Only a symbol written over can be gone afterwards.
        let mut overwritten = 0u8;
        let mut rest = mask;
        while rest != 0 {
            let i = rest.leading_zeros() as usize;
            let shift = 125 - 3 * i;
            overwritten |= 1 << ((bits >> shift) & 7);
            bits = bits & !(7 << shift) | (r as u128) << shift;
            rest &= !(1u128 << (127 - i));
        }
        overwritten &= !(1 << r);
        let n = self.len();
        let all_stay = (0..count as u128)
            .filter(|&k| overwritten >> k & 1 == 1)
            .all(|k| wide_holds(bits, k, n));
        all_stay.then(|| {
            self.with_cells(Cells::Wide {
                symbols,
                bits: Bits128::new(bits),
            })
        })
    }

    /// A grid of the same shape with `cells`.
    fn with_cells(&self, cells: Cells) -> Grid {
        Grid {
            height: self.height,
            width: self.width,
            cells,
        }
    }

    /// The ranked grid with the cells of `mask` changed to `symbol`; `None` unless it holds the
    /// same symbols afterwards (a symbol that comes or goes changes the ranks).
    fn set_ranked(&self, symbols: [u8; 4], planes: Planes, mask: u64, symbol: u8) -> Option<Grid> {
        let count = if symbols[3] == 0 { 3 } else { 4 };
        let r = symbols[..count].iter().position(|&s| s == symbol)?;
        let planes = planes.with(mask, r);
        let n = self.len();
        if (0..count).any(|k| planes.cells_of(k, n) == 0) {
            return None;
        }
        Some(Grid {
            height: self.height,
            width: self.width,
            cells: Cells::Ranked { symbols, planes },
        })
    }

    /// Every grid obtained by changing to `new` the `symbol` cells inside one `h x w` window,
    /// placed anywhere it covers at least one of them (over the edges too), each distinct set of
    /// cells once, in the order of the first placement covering it (row by row). Done on bit
    /// masks; `None` when the grid is not packed or `new` would make a third symbol.
    pub fn packed_window_placements(
        &self,
        symbol: u8,
        (h, w): (usize, usize),
        new: u8,
    ) -> Option<Vec<Grid>> {
        if !is_symbol(new) {
            return None;
        }
        let targets = self.packed_mask(|c| c == symbol)?;
        let (gh, gw) = (self.height(), self.width());
        // A window larger than the grid covers what one as large as the grid does.
        let window = (h.clamp(1, gh.max(1)), w.clamp(1, gw.max(1)));
        // A board of at most 64 cells lies in the high half of the bits.
        if self.len() <= 64 {
            let cuts = window_cuts(u64::from_cells128(targets), (gh, gw), window);
            self.cut_grids(&cuts, new)
        } else {
            self.cut_grids(&window_cuts(targets, (gh, gw), window), new)
        }
    }

    /// The grids with the cells of each of `cuts` (masks of a packed or ranked grid in the
    /// word `W`) changed to `new`; `None` when that would make a third symbol.
    fn cut_grids<W: Word>(&self, cuts: &[W], new: u8) -> Option<Vec<Grid>> {
        // No cut makes no third symbol either.
        if cuts.is_empty() {
            return Some(Vec::new());
        }
        if let Cells::Packed { zero, one, bits } = self.cells {
            let bits = W::from_cells128(bits.get());
            let setter = MaskSetter::new(zero, one, bits, self.len(), new)?;
            return Some(
                cuts.iter()
                    .map(|&cut| self.with_cells(setter.cells(cut)))
                    .collect(),
            );
        }
        cuts.iter()
            .map(|&cut| self.set_mask(cut.to_cells128(), new))
            .collect()
    }

    /// The inline bit board, for fast rulesets: `Some((zero, one, bits))` when the grid has at
    /// most 128 cells and at most two symbols. Cell `i = row * width + col` is bit `127 - i`
    /// of `bits` (cell 0 is the most significant bit), set when the cell holds `one` and clear
    /// when it holds `zero`; `zero < one`, or `zero == one` and `bits == 0` when all cells are
    /// alike. `None` for other grids.
    pub fn packed(&self) -> Option<(u8, u8, u128)> {
        match self.cells {
            Cells::Packed { zero, one, bits } => Some((zero, one, bits.get())),
            Cells::Ranked { .. } | Cells::Wide { .. } | Cells::Bytes(_) => None,
        }
    }

    /// A packed grid as three words that are equal only for equal grids: the shape and
    /// symbols (`height | width << 16 | zero << 32 | one << 40`), then the high and low halves
    /// of the cell bits of [`packed`](Grid::packed). `None` for other grids.
    pub fn packed_words(&self) -> Option<[u64; 3]> {
        match self.cells {
            Cells::Packed { zero, one, bits } => {
                let symbols = u64::from(zero) << 32 | u64::from(one) << 40;
                Some([self.shape_word() | symbols, bits.high, bits.low])
            }
            Cells::Ranked { .. } | Cells::Wide { .. } | Cells::Bytes(_) => None,
        }
    }

    /// The packed grid whose [`packed_words`](Grid::packed_words) are `words`, so that a grid
    /// can travel between threads as three words; `None` for words no grid packs to.
    ///
    /// ```
    /// use cg::board::Grid;
    /// let g = Grid::parse("..#|#..").unwrap();
    /// assert_eq!(Grid::from_packed_words(g.packed_words().unwrap()), Some(g));
    /// assert_eq!(Grid::from_packed_words([2 | 3 << 16 | 35 << 32 | 46 << 40, 0, 1]), None);
    /// ```
    pub fn from_packed_words([shape, high, low]: [u64; 3]) -> Option<Grid> {
        let (height, width) = ((shape & 0xffff) as usize, (shape >> 16 & 0xffff) as usize);
        let (zero, one) = ((shape >> 32) as u8, (shape >> 40) as u8);
        let bits = u128::from(high) << 64 | u128::from(low);
        let n = height * width;
        let cells_mask = if n == 0 { 0 } else { u128::MAX << (128 - n) };
        let valid = shape >> 48 == 0
            && n <= 128
            && (height == 0) == (width == 0)
            && bits & !cells_mask == 0
            && if n == 0 {
                zero == 0 && one == 0
            } else if zero == one {
                is_symbol(zero) && bits == 0
            } else {
                // Both symbols occur, the lesser where the bits are clear.
                is_symbol(zero) && is_symbol(one) && zero < one && bits != 0 && bits != cells_mask
            };
        valid.then_some(Grid {
            height: height as u16,
            width: width as u16,
            cells: Cells::Packed {
                zero,
                one,
                bits: Bits128::new(bits),
            },
        })
    }

    /// A grid of bytes with few symbols as three words that are equal only for equal grids,
    /// for tables keyed by position (Amazons' `xo.#`, Ski Jumps' `LRlr.`): the first word
    /// holds bit 63, the height, the width (7 bits each) and the distinct symbols in increasing
    /// order (a byte each, at most six, zero bytes after them). For three or four symbols (at
    /// most 64 cells, always ranked) the other two are the planes of the ranks (see
    /// `board::planes`), the low plane's cells right after the high plane's in the second
    /// word when both fit there; otherwise they hold each cell's rank among the symbols in as
    /// few bits as the symbols need, cell 0 highest. `None` for packed grids (see
    /// [`packed_words`](Grid::packed_words)) and for grids too large.
    pub fn dense_words(&self) -> Option<[u64; 3]> {
        const MAX_SYMBOLS: u32 = 6;
        if let Cells::Ranked { symbols, planes } = self.cells {
            // Keys are taken for every option of every position: the planes as they are cost
            // a shift, where spreading them to two bits a cell cost 60 operations (a fifth of
            // a key). No grid of bytes has three or four symbols, so no other layout need agree.
            // Symbol k a byte from bit 14 + 8k (an unused fourth is the zero byte).
            let first = 1 << 63
                | u64::from(self.height)
                | u64::from(self.width) << 7
                | u64::from(u32::from_le_bytes(symbols)) << 14;
            let n = self.len();
            return Some(if 2 * n <= 64 {
                [first, planes.high | planes.low >> n, 0]
            } else {
                [first, planes.high, planes.low]
            });
        }
        if let Cells::Wide { symbols, bits } = self.cells {
            // The layout the loop below gives five or six symbols: three bits a cell from the
            // top, the symbols a byte each from bit 14.
            let first = 1 << 63
                | u64::from(self.height)
                | u64::from(self.width) << 7
                | wide_symbols_word(&symbols) << 14;
            return Some([first, bits.high, bits.low]);
        }
        let Cells::Bytes(cells) = &self.cells else {
            return None;
        };
        if self.height >= 128 || self.width >= 128 {
            return None;
        }
        // Positions are looked up once for every option of every position: a bit set of the
        // symbols present and a table of ranks keep this to two passes without allocating.
        let mut present = [0u64; 4];
        for &c in cells.iter() {
            present[usize::from(c >> 6)] |= 1 << (c & 63);
        }
        let count: u32 = present.iter().map(|w| w.count_ones()).sum();
        if count > MAX_SYMBOLS || present[0] & 1 == 1 {
            return None;
        }
        let width = (u32::BITS - count.saturating_sub(1).leading_zeros()).max(1);
        if cells.len() * width as usize > 128 {
            return None;
        }
        let mut first = 1 << 63 | u64::from(self.height) | u64::from(self.width) << 7;
        let mut rank = [0u8; 256];
        let mut next = 0;
        for (w, &word) in present.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let symbol = w * 64 + rest.trailing_zeros() as usize;
                rank[symbol] = next;
                first |= (symbol as u64) << (14 + 8 * u32::from(next));
                next += 1;
                rest &= rest - 1;
            }
        }
        // Ranks enter at the bottom, a machine word at a time, and the whole moves to the top.
        let mut acc: u128 = 0;
        for chunk in cells.chunks(64 / width as usize) {
            let mut word = 0u64;
            for &c in chunk {
                word = word << width | u64::from(rank[usize::from(c)]);
            }
            acc = acc << (chunk.len() as u32 * width) | u128::from(word);
        }
        let bits = acc
            .checked_shl(128 - cells.len() as u32 * width)
            .unwrap_or(0);
        Some([first, (bits >> 64) as u64, bits as u64])
    }

    fn shape_word(&self) -> u64 {
        u64::from(self.height) | u64::from(self.width) << 16
    }

    /// The bit board (cell i at bit 127 - i) of the cells satisfying `pred`, for grids of at
    /// most 128 cells kept in bits (not for grids of bytes).
    fn packed_mask(&self, pred: impl Fn(u8) -> bool) -> Option<u128> {
        match self.cells {
            Cells::Packed { zero, one, bits } => {
                let bits = bits.get();
                let valid = valid_mask(self.len());
                let mut m = 0;
                if pred(zero) {
                    m |= !bits & valid;
                }
                if zero != one && pred(one) {
                    m |= bits;
                }
                Some(m)
            }
            Cells::Ranked { symbols, planes } => {
                let n = self.len();
                let mut m = 0u64;
                for (k, &s) in symbols.iter().enumerate() {
                    if s != 0 && pred(s) {
                        m |= planes.cells_of(k, n);
                    }
                }
                Some(u128::from(m) << 64)
            }
            Cells::Wide { symbols, bits } => {
                // `pred` once a symbol, then a rank test a cell (Ski Jumps finds its movers so
                // in every position: a call of `pred` and a decoding a cell cost 2,000
                // instructions a board). No cell holds the rank of an unused symbol.
                let wanted = (0..symbols.len())
                    .filter(|&k| pred(symbols[k]))
                    .fold(0u8, |w, k| w | 1 << k);
                let bits = bits.get();
                let m = (0..self.len())
                    .filter(|&i| wanted >> ((bits >> (125 - 3 * i)) as usize & 7) & 1 == 1)
                    .fold(0u128, |m, i| m | cell_bit(i));
                Some(m)
            }
            Cells::Bytes(_) => None,
        }
    }

    /// The distinct symbols used, in increasing order, and how many there are, when there are
    /// at most four: `symbols` without an allocation.
    pub(super) fn few_symbols(&self) -> Option<([u8; 4], usize)> {
        match self.cells {
            Cells::Packed { zero, .. } if self.is_empty() => Some(([zero, 0, 0, 0], 0)),
            Cells::Packed { zero, one, .. } if zero == one => Some(([zero, 0, 0, 0], 1)),
            Cells::Packed { zero, one, .. } => Some(([zero, one, 0, 0], 2)),
            Cells::Ranked { symbols, .. } => {
                Some((symbols, symbols.iter().filter(|&&s| s != 0).count()))
            }
            Cells::Wide { .. } => None,
            Cells::Bytes(ref b) => distinct_symbols::<4>(b),
        }
    }

    /// The distinct symbols used, in increasing order.
    pub fn symbols(&self) -> Vec<u8> {
        if let Some((symbols, count)) = self.few_symbols() {
            return symbols[..count].to_vec();
        }
        if let Cells::Wide { symbols, .. } = self.cells {
            return symbols.into_iter().filter(|&s| s != 0).collect();
        }
        let mut seen = [false; 256];
        for i in 0..self.len() {
            seen[usize::from(self.at(i))] = true;
        }
        (0..=255u8).filter(|&c| seen[usize::from(c)]).collect()
    }

    /// The set of (row-major indices of) cells satisfying `pred`.
    pub fn cell_set_where(&self, pred: impl Fn(u8) -> bool) -> BitSet {
        match self.packed_mask(&pred) {
            Some(m) => mask_to_set(m),
            None => (0..self.len()).filter(|&i| pred(self.at(i))).collect(),
        }
    }

    /// The set of (row-major indices of) cells holding `symbol`.
    pub fn cell_set(&self, symbol: u8) -> BitSet {
        self.cell_set_where(|c| c == symbol)
    }

    /// The cells whose symbols satisfy `pred`, each with its symbol, in row-major order (the
    /// pieces a rule moves: a packed grid finds them a word at a time).
    pub fn symbols_where(&self, pred: impl Fn(u8) -> bool) -> Vec<(Coord, u8)> {
        let w = self.width();
        let Some(mut mask) = self.packed_mask(&pred) else {
            return (0..self.len())
                .filter(|&i| pred(self.at(i)))
                .map(|i| ((i / w, i % w), self.at(i)))
                .collect();
        };
        let mut out = Vec::with_capacity(mask.count_ones() as usize);
        while mask != 0 {
            let i = mask.leading_zeros() as usize;
            out.push(((i / w, i % w), self.at(i)));
            mask &= !cell_bit(i);
        }
        out
    }

    /// The cells holding `symbol`, in row-major order.
    pub fn cells_with(&self, symbol: u8) -> Vec<Coord> {
        self.cell_set(symbol)
            .iter()
            .map(|i| self.coord(i))
            .collect()
    }

    /// The number of cells holding `symbol`.
    pub fn count(&self, symbol: u8) -> usize {
        match self.packed_mask(|c| c == symbol) {
            Some(m) => m.count_ones() as usize,
            None => (0..self.len()).filter(|&i| self.at(i) == symbol).count(),
        }
    }

    /// The first cell (row-major) holding `symbol`.
    pub fn find(&self, symbol: u8) -> Option<Coord> {
        match self.packed_mask(|c| c == symbol) {
            Some(0) => None,
            Some(m) => Some(self.coord(m.leading_zeros() as usize)),
            None => (0..self.len())
                .find(|&i| self.at(i) == symbol)
                .map(|i| self.coord(i)),
        }
    }

    /// The cells `coord + offset` that are on the board, for each offset in turn (see
    /// [`offsets`] for the usual neighbourhoods).
    ///
    /// ```
    /// use cg::board::{offsets, Grid};
    /// let g = Grid::parse("...|...|...").unwrap();
    /// let n: Vec<_> = g.neighbours((0, 0), offsets::ORTHOGONAL).collect();
    /// assert_eq!(n, vec![(0, 1), (1, 0)]);
    /// assert_eq!(g.neighbours((1, 1), offsets::KING).count(), 8);
    /// ```
    pub fn neighbours<'a>(
        &'a self,
        (r, c): Coord,
        offsets: &'a [(isize, isize)],
    ) -> impl Iterator<Item = Coord> + 'a {
        let (h, w) = (self.height(), self.width());
        offsets.iter().filter_map(move |&(dr, dc)| {
            let r2 = r.checked_add_signed(dr)?;
            let c2 = c.checked_add_signed(dc)?;
            (r2 < h && c2 < w).then_some((r2, c2))
        })
    }

    /// The cells `c` such that both `c` and `c + offset` hold `symbol`, in row-major order.
    /// With `offset = (1, 0)` on a Domineering board these are the top cells of Left's
    /// (vertical) moves; with `(0, 1)` the left cells of Right's.
    ///
    /// ```
    /// use cg::board::Grid;
    /// let g = Grid::parse("..#|...").unwrap();
    /// assert_eq!(g.pairs(b'.', (1, 0)), vec![(0, 0), (0, 1)]);
    /// assert_eq!(g.pairs(b'.', (0, 1)), vec![(0, 0), (1, 0), (1, 1)]);
    /// ```
    pub fn pairs(&self, symbol: u8, (dr, dc): (isize, isize)) -> Vec<Coord> {
        let (h, w) = (self.height(), self.width());
        if let Some(m) = self.packed_mask(|c| c == symbol) {
            // Bring cell i + offset to cell i, then keep the cells i whose column + dc is on
            // the board (no wrapping from one row to the next).
            let cols = column_mask(h, w, |c| c.checked_add_signed(dc).is_some_and(|c2| c2 < w));
            let k = dr * w as isize + dc;
            let moved = shift_cells(m, -k) & cols;
            let mut both = m & moved;
            let mut out = Vec::with_capacity(both.count_ones() as usize);
            while both != 0 {
                let i = both.leading_zeros() as usize;
                both &= !cell_bit(i);
                out.push(self.coord(i));
            }
            return out;
        }
        let mut out = Vec::new();
        for i in 0..self.len() {
            if self.at(i) != symbol {
                continue;
            }
            let (r, c) = self.coord(i);
            let other = r
                .checked_add_signed(dr)
                .zip(c.checked_add_signed(dc))
                .and_then(|p| self.get(p));
            if other == Some(symbol) {
                out.push((r, c));
            }
        }
        out
    }

    /// The connected components ("regions") of the cells satisfying `pred`, where two cells
    /// are adjacent when one is the other plus an offset in `offsets` (or minus one: adjacency
    /// is made symmetric). Each region is a set of row-major cell indices; the regions are in
    /// order of their first cell.
    ///
    /// ```
    /// use cg::board::{offsets, Grid};
    /// let g = Grid::parse("..#.|###.|.#..").unwrap();
    /// let r = g.regions_of(b'.', offsets::ORTHOGONAL);
    /// assert_eq!(r.len(), 3);
    /// assert_eq!(r[1].iter().map(|i| g.coord(i)).collect::<Vec<_>>(),
    ///            vec![(0, 3), (1, 3), (2, 2), (2, 3)]);
    /// let d = Grid::parse(".#|#.").unwrap();
    /// assert_eq!(d.regions_of(b'.', offsets::ORTHOGONAL).len(), 2);
    /// assert_eq!(d.regions_of(b'.', offsets::KING).len(), 1);
    /// ```
    pub fn regions(&self, pred: impl Fn(u8) -> bool, offsets: &[(isize, isize)]) -> Vec<BitSet> {
        if let Some(masks) = self.packed_regions(&pred, offsets) {
            return masks.into_iter().map(mask_to_set).collect();
        }
        // General case: breadth-first search over the cells.
        let n = self.len();
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        let mut queue = Vec::new();
        for start in 0..n {
            if seen[start] || !pred(self.at(start)) {
                continue;
            }
            seen[start] = true;
            queue.clear();
            queue.push(start);
            let mut k = 0;
            while k < queue.len() {
                let i = queue[k];
                k += 1;
                let (r, c) = self.coord(i);
                for &(dr, dc) in offsets {
                    for (dr, dc) in [(dr, dc), (-dr, -dc)] {
                        let Some(j) = r
                            .checked_add_signed(dr)
                            .zip(c.checked_add_signed(dc))
                            .and_then(|p| self.index(p))
                        else {
                            continue;
                        };
                        if !seen[j] && pred(self.at(j)) {
                            seen[j] = true;
                            queue.push(j);
                        }
                    }
                }
            }
            out.push(queue.iter().copied().collect());
        }
        out
    }

    /// The regions as bit masks of the packed cells, flooded a row run at a time, when the grid
    /// is packed (or ranked) and the neighbourhood is the orthogonal or the king's one.
    fn packed_regions(
        &self,
        pred: impl Fn(u8) -> bool,
        offsets: &[(isize, isize)],
    ) -> Option<Vec<u128>> {
        let (h, w) = (self.height(), self.width());
        let king = neighbourhood_kind(offsets)?;
        let allowed = self.packed_mask(&pred)?;
        let mut out = Vec::with_capacity(4);
        // A board of at most 64 cells lies in the high half of the bits.
        if h * w <= 64 {
            neighbour_regions(u64::from_cells128(allowed), (h, w), king, |part| {
                out.push(part.to_cells128());
            });
        } else {
            neighbour_regions(allowed, (h, w), king, |part| out.push(part));
        }
        Some(out)
    }

    /// The clusters of the cells satisfying `pred`, two cells joined when some `h x w` window
    /// holds both (they differ by less than `h` rows and less than `w` columns), each cropped as
    /// by [`region_grids`](Grid::region_grids) with `fill` around it. Flooded on bit masks, a
    /// window step at a time; `None` when the grid is not packed.
    pub fn packed_window_clusters(
        &self,
        pred: impl Fn(u8) -> bool,
        (h, w): (usize, usize),
        fill: u8,
    ) -> Option<Vec<Grid>> {
        if !is_symbol(fill) {
            return None;
        }
        let allowed = self.packed_mask(pred)?;
        let (gh, gw) = (self.height(), self.width());
        let window = (h.clamp(1, gh.max(1)), w.clamp(1, gw.max(1)));
        let mut out = Vec::with_capacity(4);
        let mut crop = |part: u128| out.push(self.crop_mask(part, fill));
        if gh * gw <= 64 {
            window_clusters(u64::from_cells128(allowed), (gh, gw), window, |part| {
                crop(part.to_cells128());
            });
        } else {
            window_clusters(allowed, (gh, gw), window, crop);
        }
        Some(out)
    }

    /// [`restrict`](Grid::restrict) for a region given as a bit mask of a packed grid.
    fn crop_mask(&self, mask: u128, fill: u8) -> Grid {
        self.restrict_mask(mask, fill)
            .unwrap_or_else(|| self.restrict(&mask_to_set(mask), fill))
    }

    /// [`restrict`](Grid::restrict) for a packed grid and a region given as a bit mask, done on
    /// whole rows of bits; `None` when the result would hold three symbols (the region's two
    /// and a third `fill`), which the packed form cannot.
    fn restrict_mask(&self, mask: u128, fill: u8) -> Option<Grid> {
        let Cells::Packed { zero, one, bits } = self.cells else {
            return None;
        };
        if mask == 0 {
            return Some(Grid::from_cells_unchecked(0, 0, &[]));
        }
        let w = self.width();
        // A board of at most 64 cells lies in the high half of the bits.
        let (h2, w2, ones, outside) = if self.len() <= 64 {
            let (h2, w2, ones, outside) = crop_bits(u64::from_cells128(mask), bits.high, w);
            (h2, w2, ones.to_cells128(), outside.to_cells128())
        } else {
            crop_bits(mask, bits.get(), w)
        };
        let valid = valid_mask(h2 * w2);
        let zeros = valid & !ones & !outside;
        // The symbols held by some cell, with their cells; at most two may be left.
        let mut held = [(zero, zeros), (one, ones), (fill, outside)];
        if fill == zero {
            held[0].1 |= outside;
            held[2].1 = 0;
        } else if fill == one {
            held[1].1 |= outside;
            held[2].1 = 0;
        }
        let mut used = held.iter().filter(|(_, m)| *m != 0);
        let cells = match (used.next(), used.next(), used.next()) {
            (Some(&(s, _)), None, _) => Cells::Packed {
                zero: s,
                one: s,
                bits: Bits128::ZERO,
            },
            (Some(&a), Some(&b), None) => {
                let ((z, _), (o, m)) = if a.0 < b.0 { (a, b) } else { (b, a) };
                Cells::Packed {
                    zero: z,
                    one: o,
                    bits: Bits128::new(m),
                }
            }
            _ => return None,
        };
        Some(Grid {
            height: h2 as u16,
            width: w2 as u16,
            cells,
        })
    }

    /// The regions of the cells holding `symbol` (see [`regions`](Grid::regions)).
    pub fn regions_of(&self, symbol: u8, offsets: &[(isize, isize)]) -> Vec<BitSet> {
        self.regions(|c| c == symbol, offsets)
    }

    /// The regions of the cells satisfying `pred`, each as a grid: the smallest rectangle
    /// containing the region, with the cells outside the region changed to `fill`. This is how
    /// a Domineering position splits into a disjunctive sum.
    ///
    /// ```
    /// use cg::board::{offsets, Grid};
    /// let g = Grid::parse("..#.|###.|.#..").unwrap();
    /// let parts: Vec<String> = g
    ///     .region_grids(|c| c == b'.', offsets::ORTHOGONAL, b'#')
    ///     .unwrap()
    ///     .iter()
    ///     .map(|p| p.to_string())
    ///     .collect();
    /// assert_eq!(parts, vec!["..", "#.|#.|..", "."]);
    /// ```
    pub fn region_grids(
        &self,
        pred: impl Fn(u8) -> bool,
        offsets: &[(isize, isize)],
        fill: u8,
    ) -> Result<Vec<Grid>, GridError> {
        if !is_symbol(fill) {
            return Err(GridError::InvalidSymbol(fill));
        }
        if let Some(masks) = self.packed_regions(&pred, offsets) {
            return Ok(masks.into_iter().map(|m| self.crop_mask(m, fill)).collect());
        }
        Ok(self
            .regions(pred, offsets)
            .iter()
            .map(|region| self.restrict(region, fill))
            .collect())
    }

    /// The smallest rectangle containing the cells of `set` (row-major indices), with the
    /// cells not in `set` changed to `fill`. The empty set gives the `0 x 0` grid.
    fn restrict(&self, set: &BitSet, fill: u8) -> Grid {
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for i in set {
            let (r, c) = self.coord(i);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        if r0 == usize::MAX {
            return Grid::from_cells_unchecked(0, 0, &[]);
        }
        let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut cells = vec![fill; h * w];
        for i in set {
            let (r, c) = self.coord(i);
            cells[(r - r0) * w + (c - c0)] = self.at(i);
        }
        Grid::from_cells_unchecked(h, w, &cells)
    }

    /// The grid with the cells not in `set` (row-major indices) changed to `fill` and cropped
    /// to the smallest rectangle containing `set`.
    pub fn restrict_to(&self, set: &BitSet, fill: u8) -> Result<Grid, GridError> {
        if !is_symbol(fill) {
            return Err(GridError::InvalidSymbol(fill));
        }
        if let Some(i) = set.last().filter(|&i| i >= self.len()) {
            return Err(self.out_of_bounds(self.coord(i)));
        }
        Ok(self.restrict(set, fill))
    }

    /// The `height x width` sub-grid whose top-left cell is `(top, left)`.
    pub fn crop(&self, (top, left): Coord, height: usize, width: usize) -> Result<Grid, GridError> {
        if top + height > self.height() || left + width > self.width() {
            return Err(self.out_of_bounds((top + height, left + width)));
        }
        let mut cells = Vec::with_capacity(height * width);
        for r in top..top + height {
            for c in left..left + width {
                cells.push(self.at(r * self.width() + c));
            }
        }
        Ok(Grid::from_cells_unchecked(height, width, &cells))
    }

    /// The grid with every `from` cell changed to `to`.
    pub fn replace(&self, from: u8, to: u8) -> Result<Grid, GridError> {
        if !is_symbol(to) {
            return Err(GridError::InvalidSymbol(to));
        }
        let cells: Vec<u8> = self
            .cells()
            .into_iter()
            .map(|c| if c == from { to } else { c })
            .collect();
        Ok(Grid::from_cells_unchecked(
            self.height(),
            self.width(),
            &cells,
        ))
    }

    /// The grid with the symbols of each of `pairs` exchanged (`x` and `o` for `(b'x', b'o')`);
    /// a symbol in two pairs takes the first. A grid of three or four symbols (Amazons')
    /// permutes its ranks with a few word operations; others are rebuilt cell by cell.
    pub fn exchange(&self, pairs: &[(u8, u8)]) -> Result<Grid, GridError> {
        let swap = |c: u8| {
            pairs
                .iter()
                .find_map(|&(x, y)| (c == x).then_some(y).or((c == y).then_some(x)))
                .unwrap_or(c)
        };
        if let Some(bad) = pairs
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .find(|&c| !is_symbol(c))
        {
            return Err(GridError::InvalidSymbol(bad));
        }
        if let Cells::Ranked { symbols, planes } = self.cells {
            if let Some(cells) = exchanged_ranks(symbols, planes, self.len(), swap) {
                return Ok(Grid {
                    height: self.height,
                    width: self.width,
                    cells,
                });
            }
        }
        let cells: Vec<u8> = self.cells().into_iter().map(swap).collect();
        Ok(Grid::from_cells_unchecked(
            self.height(),
            self.width(),
            &cells,
        ))
    }

    /// The image of the grid under a symmetry. The quarter turns and the two diagonal
    /// reflections turn a `h x w` grid into a `w x h` one.
    ///
    /// ```
    /// use cg::board::{Grid, Symmetry};
    /// let g = Grid::parse("ab|cd|ef").unwrap();
    /// assert_eq!(g.transform(Symmetry::ROTATE_90).to_string(), "eca|fdb");
    /// assert_eq!(g.transform(Symmetry::FLIP_COLUMNS).to_string(), "ba|dc|fe");
    /// assert_eq!(g.transform(Symmetry::TRANSPOSE).to_string(), "ace|bdf");
    /// ```
    #[must_use]
    pub fn transform(&self, s: Symmetry) -> Grid {
        let (h, w) = (self.height(), self.width());
        let (h2, w2) = s.image_shape(h, w);
        match &self.cells {
            Cells::Packed { zero, one, bits } => Grid {
                height: h2 as u16,
                width: w2 as u16,
                cells: Cells::Packed {
                    zero: *zero,
                    one: *one,
                    bits: Bits128::new(board_transform(bits.get(), h, w, s)),
                },
            },
            Cells::Ranked { symbols, planes } => Grid {
                height: h2 as u16,
                width: w2 as u16,
                cells: Cells::Ranked {
                    symbols: *symbols,
                    planes: board_transform(*planes, h, w, s),
                },
            },
            Cells::Bytes(b) => Grid {
                height: h2 as u16,
                width: w2 as u16,
                cells: Cells::Bytes(image_cells(s, h, w, |i| b[i]).into()),
            },
            // Rare (Ski Jumps has no symmetry): through the cells, built again.
            Cells::Wide { .. } => {
                Grid::from_cells_unchecked(h2, w2, &image_cells(s, h, w, |i| self.at(i)))
            }
        }
    }

    /// The symmetries of this grid's shape: all eight of [`Symmetry::ALL`] for a square, the
    /// four of [`Symmetry::RECTANGLE`] otherwise.
    pub fn shape_symmetries(&self) -> &'static [Symmetry] {
        if self.height() == self.width() {
            &Symmetry::ALL
        } else {
            &Symmetry::RECTANGLE
        }
    }

    /// The images of the grid under each of `group`, in order.
    pub fn images(&self, group: &[Symmetry]) -> Vec<Grid> {
        group.iter().map(|&s| self.transform(s)).collect()
    }

    /// The least (by `Ord`) image of the grid under the eight symmetries of the square, and a
    /// symmetry taking the grid to it. Equal for all grids in one orbit, so it is a key for
    /// transposition tables of games that all eight symmetries preserve (Cram, Snort, geodetic
    /// games on the grid graph...). For a non-square grid the quarter turns give images of the
    /// transposed shape, and the least image has `height <= width`.
    ///
    /// ```
    /// use cg::board::{Grid, Symmetry};
    /// let g = Grid::parse("...|..#").unwrap();
    /// let c = g.canonical();
    /// assert_eq!(c.to_string(), "#..|..."); // '#' sorts before '.' (ASCII)
    /// for s in Symmetry::ALL {
    ///     assert_eq!(g.transform(s).canonical(), c);
    /// }
    /// ```
    #[must_use]
    pub fn canonical(&self) -> Grid {
        self.least_under(&Symmetry::ALL, true).0
    }

    /// The least image of the grid under the symmetries in `group` and one symmetry of `group`
    /// that produces it. For this to be a canonical representative, `group` must be a group
    /// (closed under composition and inverses), such as [`Symmetry::ALL`],
    /// [`Symmetry::RECTANGLE`] (the symmetries that keep vertical moves vertical, as
    /// Domineering needs), or `[IDENTITY, FLIP_COLUMNS]`. If `group` is empty the grid itself is
    /// returned with the identity.
    pub fn canonical_under(&self, group: &[Symmetry]) -> (Grid, Symmetry) {
        // Slices of other lengths differ from `ALL` at once.
        self.least_under(group, group == Symmetry::ALL)
    }

    /// [`canonical_under`](Grid::canonical_under), told whether `group` is [`Symmetry::ALL`].
    fn least_under(&self, group: &[Symmetry], all: bool) -> (Grid, Symmetry) {
        let (h, w) = (self.height(), self.width());
        if let Cells::Packed { zero, one, bits } = self.cells {
            if zero == one {
                // Every image is equal up to shape; the least shape has height <= width.
                let s = group
                    .iter()
                    .copied()
                    .min_by_key(|s| s.image_shape(h, w))
                    .unwrap_or(Symmetry::IDENTITY);
                return (self.transform(s), s);
            }
            // A board of at most 64 cells lies in the high half of `bits`.
            let best = if h * w <= 64 {
                least_packed_image(bits.high, h, w, group, all)
                    .map(|((h2, w2, b), s)| ((h2, w2, b.to_cells128()), s))
            } else {
                least_packed_image(bits.get(), h, w, group, all)
            };
            return match best {
                None => (self.clone(), Symmetry::IDENTITY),
                Some(((h2, w2, b), s)) => (
                    Grid {
                        height: h2 as u16,
                        width: w2 as u16,
                        cells: Cells::Packed {
                            zero,
                            one,
                            bits: Bits128::new(b),
                        },
                    },
                    s,
                ),
            };
        }
        if let Cells::Ranked { symbols, planes } = self.cells {
            return match super::planes::least_image(planes, h, w, group) {
                None => (self.clone(), Symmetry::IDENTITY),
                Some(((h2, w2, planes), s)) => (
                    Grid {
                        height: h2 as u16,
                        width: w2 as u16,
                        cells: Cells::Ranked { symbols, planes },
                    },
                    s,
                ),
            };
        }
        if let Cells::Wide { .. } = self.cells {
            // Each image built and compared whole: the first least one, as below.
            let mut best: Option<(Grid, Symmetry)> = None;
            for &s in group {
                let image = self.transform(s);
                if best.as_ref().is_none_or(|(b, _)| image < *b) {
                    best = Some((image, s));
                }
            }
            return best.unwrap_or((self.clone(), Symmetry::IDENTITY));
        }
        let Cells::Bytes(b) = &self.cells else {
            unreachable!("packed, ranked and wide grids are handled above")
        };
        // Compare each image with the best so far as it is read, without building it.
        let mut best: Option<Symmetry> = None;
        let mut best_steps = (0isize, 0isize, 0isize);
        for &s in group {
            let (h2, w2) = s.image_shape(h, w);
            let steps = source_steps(s, h, w);
            let better = match best {
                None => true,
                Some(t) => {
                    let shape = (h2, w2).cmp(&t.image_shape(h, w));
                    shape.is_lt()
                        || (shape.is_eq() && compare_images(b, h2, w2, steps, best_steps).is_lt())
                }
            };
            if better {
                best = Some(s);
                best_steps = steps;
            }
        }
        match best {
            None => (self.clone(), Symmetry::IDENTITY),
            Some(s) => (self.transform(s), s),
        }
    }

    /// The graph whose vertices are the cells satisfying `pred`, labelled `(row, col)`, with
    /// an edge from each such cell to each such cell at one of the `offsets`. If `offsets` is
    /// closed under negation (as [`offsets::ORTHOGONAL`], [`offsets::KING`]...) the graph is
    /// undirected, otherwise directed.
    ///
    /// ```
    /// use cg::board::{offsets, Grid};
    /// let g = Grid::parse("...|.#.").unwrap();
    /// let graph = g.to_graph(|c| c == b'.', offsets::ORTHOGONAL);
    /// assert_eq!((graph.vertex_count(), graph.edge_count()), (5, 4));
    /// ```
    pub fn to_graph(&self, pred: impl Fn(u8) -> bool, offsets: &[(isize, isize)]) -> Graph {
        let directed = !offsets.iter().all(|&(a, b)| offsets.contains(&(-a, -b)));
        let cells: Vec<usize> = (0..self.len()).filter(|&i| pred(self.at(i))).collect();
        let mut vertex_of = vec![usize::MAX; self.len()];
        for (v, &i) in cells.iter().enumerate() {
            vertex_of[i] = v;
        }
        let labels: Vec<VertexLabel> = cells
            .iter()
            .map(|&i| {
                let (r, c) = self.coord(i);
                VertexLabel::from((r as i64, c as i64))
            })
            .collect();
        let mut edges = Vec::new();
        for (v, &i) in cells.iter().enumerate() {
            for (r, c) in self.neighbours(self.coord(i), offsets) {
                let u = vertex_of[r * self.width() + c];
                if u != usize::MAX && u != v {
                    edges.push((v, u));
                }
            }
        }
        Graph::from_sorted_labels(directed, labels, &edges)
    }
}

/// `Some(false)` for the orthogonal neighbourhood, `Some(true)` for the king's, as sets;
/// `None` for others.
fn neighbourhood_kind(offs: &[(isize, isize)]) -> Option<bool> {
    // Which of the eight neighbours are joined, each offset counting both ways; any longer
    // offset is neither neighbourhood. (Called for every split of a position: no allocation.)
    let mut joined = [[false; 3]; 3];
    for &(a, b) in offs {
        if a.abs() > 1 || b.abs() > 1 {
            return None;
        }
        joined[(1 + a) as usize][(1 + b) as usize] = true;
        joined[(1 - a) as usize][(1 - b) as usize] = true;
    }
    let orthogonal = joined[0][1] && joined[2][1] && joined[1][0] && joined[1][2];
    let diagonals = [joined[0][0], joined[0][2], joined[2][0], joined[2][2]];
    match (orthogonal, diagonals) {
        (true, [false, false, false, false]) => Some(false),
        (true, [true, true, true, true]) => Some(true),
        _ => None,
    }
}

impl Ord for Grid {
    fn cmp(&self, other: &Grid) -> Ordering {
        let shape = (self.height, self.width).cmp(&(other.height, other.width));
        if shape != Ordering::Equal {
            return shape;
        }
        // Two inline grids over the same symbols order like their bits.
        let same_form = match (&self.cells, &other.cells) {
            (
                Cells::Packed { zero, one, bits },
                Cells::Packed {
                    zero: z2,
                    one: o2,
                    bits: b2,
                },
            ) if zero == z2 && one == o2 => Some(bits.cmp(b2)),
            (
                Cells::Ranked { symbols, planes },
                Cells::Ranked {
                    symbols: s2,
                    planes: p2,
                },
            ) if symbols == s2 => Some(planes.cmp(p2)),
            (
                Cells::Wide { symbols, bits },
                Cells::Wide {
                    symbols: s2,
                    bits: b2,
                },
            ) if symbols == s2 => Some(bits.cmp(b2)),
            _ => None,
        };
        if let Some(order) = same_form {
            return order;
        }
        (0..self.len())
            .map(|i| self.at(i).cmp(&other.at(i)))
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(Ordering::Equal)
    }
}

impl PartialOrd for Grid {
    fn partial_cmp(&self, other: &Grid) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.width();
        let mut s = String::with_capacity(self.len() + self.height());
        for i in 0..self.len() {
            if i > 0 && i % w == 0 {
                s.push('|');
            }
            s.push(self.at(i) as char);
        }
        f.write_str(&s)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid(\"{self}\")")
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseGridError;
    fn from_str(s: &str) -> Result<Grid, ParseGridError> {
        Grid::parse(s)
    }
}
