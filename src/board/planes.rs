//! Grids of at most 64 cells and three or four symbols (Amazons' `x`, `o`, `.`, `#`), kept as
//! two bit boards: cell `i` holds the symbol of rank `2 * h + l` among the grid's symbols
//! (in increasing order), where `h` and `l` are bit `63 - i` of the high and the low plane.
//!
//! Such a grid needs no allocation, and its symmetries, its keys and its order are a few word
//! operations: Amazons values every option of every position, tens of millions of grids.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::rc::Rc;

use super::symmetry::Symmetry;

/// The ranks of the cells, as two bit boards (cell `i` at bit `63 - i` of each).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Planes {
    pub high: u64,
    pub low: u64,
}

impl Planes {
    /// The planes of the row-major `ranks` (each below 4; at most 64 of them).
    pub fn from_ranks(ranks: impl Iterator<Item = u8>) -> Planes {
        let (mut high, mut low) = (0u64, 0u64);
        for (i, r) in ranks.enumerate() {
            let bit = 1u64 << (63 - i);
            if r & 2 != 0 {
                high |= bit;
            }
            if r & 1 != 0 {
                low |= bit;
            }
        }
        Planes { high, low }
    }

    /// The rank of cell `i`.
    #[inline]
    pub fn rank(self, i: usize) -> usize {
        let h = (self.high >> (63 - i)) & 1;
        let l = (self.low >> (63 - i)) & 1;
        (2 * h + l) as usize
    }

    /// The cells (a bit board, cell `i` at bit `63 - i`) of the first `n` cells that hold rank
    /// `r`.
    #[inline]
    pub fn cells_of(self, r: usize, n: usize) -> u64 {
        let high = if r & 2 != 0 { self.high } else { !self.high };
        let low = if r & 1 != 0 { self.low } else { !self.low };
        high & low & first_cells(n)
    }

    /// The planes with the cells of `mask` changed to rank `r`.
    #[inline]
    pub fn with(self, mask: u64, r: usize) -> Planes {
        let put = |plane: u64, on: bool| if on { plane | mask } else { plane & !mask };
        Planes {
            high: put(self.high, r & 2 != 0),
            low: put(self.low, r & 1 != 0),
        }
    }
}

/// Row-major order of the cells' ranks, so that for grids with the same symbols it is the
/// order of their cells: the first cell where they differ decides.
impl Ord for Planes {
    fn cmp(&self, other: &Planes) -> Ordering {
        let diff = (self.high ^ other.high) | (self.low ^ other.low);
        if diff == 0 {
            return Ordering::Equal;
        }
        let bit = 1u64 << (63 - diff.leading_zeros());
        let rank = |p: &Planes| (p.high & bit != 0, p.low & bit != 0);
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Planes {
    fn partial_cmp(&self, other: &Planes) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The least image of the planes of an `h x w` grid under the symmetries of `group`, as
/// (height, width, planes), with a symmetry giving it; `None` for an empty group. Images are
/// put together a nibble of cells at a time from tables made once for each shape, so that no
/// image costs more than a few lookups; and the half turn only reverses the order of the cells,
/// so a symmetry followed by it (the one whose flips are both the other way round) costs no
/// lookup once the first image is known.
pub(super) fn least_image(
    planes: Planes,
    h: usize,
    w: usize,
    group: &[Symmetry],
) -> Option<((usize, usize, Planes), Symmetry)> {
    let n = h * w;
    with_tables(h, w, |tables| {
        let mut best: Option<((usize, usize, Planes), Symmetry)> = None;
        let mut images: [Option<Planes>; 8] = [None; 8];
        for &s in group {
            let (h2, w2) = s.image_shape(h, w);
            if best
                .as_ref()
                .is_some_and(|((bh, bw, _), _)| (h2, w2) > (*bh, *bw))
            {
                continue;
            }
            let image = image_with(tables, planes, n, s, &mut images);
            let key = (h2, w2, image);
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, s));
            }
        }
        best
    })
}

/// The images of the planes of an `h x w` grid (at most 64 cells) under each of `symmetries`
/// (at most eight), in their order, from the nibble tables; a symmetry whose half-turned
/// partner came before costs no lookup.
pub(super) fn images(planes: Planes, h: usize, w: usize, symmetries: &[Symmetry]) -> [Planes; 8] {
    let n = h * w;
    let mut out = [planes; 8];
    let mut by_code: [Option<Planes>; 8] = [None; 8];
    with_tables(h, w, |tables| {
        for (slot, &s) in out.iter_mut().zip(symmetries) {
            *slot = image_with(tables, planes, n, s, &mut by_code);
        }
    });
    out
}

/// The image of the planes of `n` cells under `s`: the half turn of its partner's image when
/// `known` (indexed by `code`) holds that, else from the nibble tables; `known` then holds it.
// Always inlined: left out of line, it added 1.3% to the instructions of Amazons 5x4 full.
#[inline(always)]
fn image_with(
    tables: &ImageTables,
    planes: Planes,
    n: usize,
    s: Symmetry,
    known: &mut [Option<Planes>; 8],
) -> Planes {
    let image = match known[code(s) ^ HALF_TURN] {
        Some(turned) => Planes {
            high: half_turn(turned.high, n),
            low: half_turn(turned.low, n),
        },
        None => Planes {
            high: tables.image(s, planes.high),
            low: tables.image(s, planes.low),
        },
    };
    known[code(s)] = Some(image);
    image
}

/// What `code` changes when a symmetry is followed by the half turn: both flips (a
/// transposition commutes with the half turn).
const HALF_TURN: usize = 0b011;

/// The half turn of a board of `n` cells (`0 < n <= 64`, cell `i` at bit `63 - i`): cell `i`
/// goes to cell `n - 1 - i`, whatever the shape.
#[inline]
fn half_turn(board: u64, n: usize) -> u64 {
    board.reverse_bits() << (64 - n)
}

/// For bit boards of one shape (at most 64 cells, cell `i` at bit `63 - i`): the image under
/// each symmetry of each nibble of cells, so that a board's image is the union of its
/// nibbles'. Nibbles rather than bytes keep the tables of a 4 x 4 board in 4 KB, where they
/// stay in the nearest cache between uses.
struct ImageTables {
    /// How many nibbles the cells take.
    nibbles: usize,
    /// At `code(s) * nibbles + j`: for each value of nibble `j` (cells `4 j` to `4 j + 3`),
    /// the image of those cells under `s`.
    images: Vec<[u64; 16]>,
}

impl ImageTables {
    fn new(h: usize, w: usize) -> ImageTables {
        let n = h * w;
        let nibbles = n.div_ceil(4);
        let mut images = vec![[0u64; 16]; 8 * nibbles];
        for s in Symmetry::ALL {
            let (_, w2) = s.image_shape(h, w);
            // Where each cell goes.
            let to: Vec<u64> = (0..n)
                .map(|i| {
                    let (r2, c2) = s.apply((i / w, i % w), h, w);
                    1u64 << (63 - (r2 * w2 + c2))
                })
                .collect();
            for j in 0..nibbles {
                let table = &mut images[code(s) * nibbles + j];
                for (v, image) in table.iter_mut().enumerate() {
                    *image = (0..4)
                        .filter(|k| v & (0x8 >> k) != 0 && 4 * j + k < n)
                        .fold(0, |acc, k| acc | to[4 * j + k]);
                }
            }
        }
        ImageTables { nibbles, images }
    }

    #[inline]
    fn image(&self, s: Symmetry, board: u64) -> u64 {
        let tables = &self.images[code(s) * self.nibbles..][..self.nibbles];
        tables.iter().enumerate().fold(0, |acc, (j, t)| {
            acc | t[(board >> (60 - 4 * j)) as usize & 0xf]
        })
    }
}

/// A number for each of the eight symmetries, below 8.
fn code(s: Symmetry) -> usize {
    usize::from(s.transposes()) << 2
        | usize::from(s.flips_rows()) << 1
        | usize::from(s.flips_cols())
}

/// Shapes of at most 64 cells have a height and a width of at most 64.
const SIDES: usize = 65;

thread_local! {
    /// The tables of the shapes met so far on this thread, by `height * SIDES + width`.
    static TABLES: RefCell<Vec<Option<Rc<ImageTables>>>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with the tables of the `h x w` shape (at most 64 cells), made on first use.
fn with_tables<T>(h: usize, w: usize, f: impl FnOnce(&ImageTables) -> T) -> T {
    let tables = TABLES.with(|all| {
        let mut all = all.borrow_mut();
        if all.is_empty() {
            all.resize(SIDES * SIDES, None);
        }
        all[h * SIDES + w]
            .get_or_insert_with(|| Rc::new(ImageTables::new(h, w)))
            .clone()
    });
    f(&tables)
}

/// The bits of the first `n` cells (`n <= 64`).
#[inline]
pub(super) fn first_cells(n: usize) -> u64 {
    if n == 0 {
        0
    } else {
        u64::MAX << (64 - n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_move_each_cell_as_the_symmetry_says() {
        for (h, w) in [(1, 1), (3, 5), (4, 4), (8, 8), (2, 9), (7, 9)] {
            let n = h * w;
            if n > 64 {
                continue;
            }
            let tables = ImageTables::new(h, w);
            for s in Symmetry::ALL {
                let (_, w2) = s.image_shape(h, w);
                for i in 0..n {
                    let (r2, c2) = s.apply((i / w, i % w), h, w);
                    let image = tables.image(s, 1u64 << (63 - i));
                    assert_eq!(
                        image,
                        1u64 << (63 - (r2 * w2 + c2)),
                        "{h}x{w} {s:?} cell {i}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_half_turn_reverses_the_cells_and_flips_both_ways() {
        for (h, w) in [(1, 1), (3, 5), (4, 4), (8, 8), (2, 9), (7, 9), (1, 64)] {
            let n = h * w;
            if n > 64 {
                continue;
            }
            let tables = ImageTables::new(h, w);
            for s in Symmetry::ALL {
                let turned = s.then(Symmetry::ROTATE_180);
                assert_eq!(code(turned), code(s) ^ HALF_TURN, "{s:?}");
                for i in 0..n {
                    let board = 1u64 << (63 - i) | 1 << (63 - (i * 7 + 3) % n);
                    assert_eq!(
                        half_turn(tables.image(s, board), n),
                        tables.image(turned, board),
                        "{h}x{w} {s:?} cell {i}"
                    );
                }
            }
        }
    }

    #[test]
    fn order_is_that_of_the_first_differing_rank() {
        let p = |r: &[u8]| Planes::from_ranks(r.iter().copied());
        assert!(p(&[0, 2, 3]) < p(&[0, 3, 0]));
        assert!(p(&[1, 0]) > p(&[0, 3]));
        assert_eq!(p(&[2, 1]).cmp(&p(&[2, 1])), Ordering::Equal);
    }
}
