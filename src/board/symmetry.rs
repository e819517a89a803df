//! The eight symmetries of the square (the dihedral group of order 8) acting on rectangular
//! boards.

use std::fmt;

/// A symmetry of the square, acting on the cells `(row, col)` of a `height x width` board.
///
/// Each symmetry is "optionally transpose, then optionally reverse the order of the rows, then
/// optionally reverse the order of the columns". The four with no transposition map a board to
/// one of the same shape and keep rows as rows ([`Symmetry::RECTANGLE`]); the other four
/// exchange rows and columns, so they turn a `h x w` board into a `w x h` one.
///
/// ```
/// use cg::board::Symmetry;
/// let r = Symmetry::ROTATE_90;
/// assert_eq!(r.then(r), Symmetry::ROTATE_180);
/// assert_eq!(r.inverse(), Symmetry::ROTATE_270);
/// // (0, 0), the top-left corner of a 2 x 3 board, goes to the top-right corner of the
/// // rotated 3 x 2 board.
/// assert_eq!(r.apply((0, 0), 2, 3), (0, 1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Symmetry {
    transpose: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Symmetry {
    /// Leaves every cell where it is.
    pub const IDENTITY: Symmetry = Symmetry::new(false, false, false);
    /// Reverses the order of the rows: the top row becomes the bottom row.
    pub const FLIP_ROWS: Symmetry = Symmetry::new(false, true, false);
    /// Reverses the order of the columns: the mirror image, left and right exchanged.
    pub const FLIP_COLUMNS: Symmetry = Symmetry::new(false, false, true);
    /// The half turn.
    pub const ROTATE_180: Symmetry = Symmetry::new(false, true, true);
    /// Reflection in the main diagonal: `(r, c)` goes to `(c, r)`.
    pub const TRANSPOSE: Symmetry = Symmetry::new(true, false, false);
    /// The quarter turn clockwise: the top row becomes the right-hand column.
    pub const ROTATE_90: Symmetry = Symmetry::new(true, false, true);
    /// The quarter turn anticlockwise: the top row becomes the left-hand column.
    pub const ROTATE_270: Symmetry = Symmetry::new(true, true, false);
    /// Reflection in the anti-diagonal: `(r, c)` goes to `(w - 1 - c, h - 1 - r)`.
    pub const ANTI_TRANSPOSE: Symmetry = Symmetry::new(true, true, true);

    /// All eight symmetries of the square.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::IDENTITY,
        Symmetry::ROTATE_90,
        Symmetry::ROTATE_180,
        Symmetry::ROTATE_270,
        Symmetry::FLIP_ROWS,
        Symmetry::FLIP_COLUMNS,
        Symmetry::TRANSPOSE,
        Symmetry::ANTI_TRANSPOSE,
    ];

    /// The four symmetries of a (non-square) rectangle: they keep the shape and keep rows as
    /// rows, so they also preserve "vertical" and "horizontal" (a Domineering position and its
    /// image under one of these have the same value).
    pub const RECTANGLE: [Symmetry; 4] = [
        Symmetry::IDENTITY,
        Symmetry::FLIP_ROWS,
        Symmetry::FLIP_COLUMNS,
        Symmetry::ROTATE_180,
    ];

    const fn new(transpose: bool, flip_rows: bool, flip_cols: bool) -> Symmetry {
        Symmetry {
            transpose,
            flip_rows,
            flip_cols,
        }
    }

    /// Whether this symmetry exchanges rows and columns (so changes a `h x w` board into a
    /// `w x h` one).
    pub fn transposes(self) -> bool {
        self.transpose
    }

    /// Whether the rows are reversed after the optional transposition.
    pub(crate) fn flips_rows(self) -> bool {
        self.flip_rows
    }

    /// Whether the columns are reversed after the optional transposition.
    pub(crate) fn flips_cols(self) -> bool {
        self.flip_cols
    }

    /// The symmetry "first `self`, then `next`".
    #[must_use]
    pub fn then(self, next: Symmetry) -> Symmetry {
        // next = F(a2, b2) T^t2 and self = F(a1, b1) T^t1. A transposition moves a row flip
        // applied before it to a column flip applied after it: T F(a, b) = F(b, a) T.
        let (a1, b1) = if next.transpose {
            (self.flip_cols, self.flip_rows)
        } else {
            (self.flip_rows, self.flip_cols)
        };
        Symmetry::new(
            self.transpose ^ next.transpose,
            a1 ^ next.flip_rows,
            b1 ^ next.flip_cols,
        )
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        if self.transpose {
            Symmetry::new(true, self.flip_cols, self.flip_rows)
        } else {
            self
        }
    }

    /// The shape `(height, width)` of the image of a `height x width` board.
    pub fn image_shape(self, height: usize, width: usize) -> (usize, usize) {
        if self.transpose {
            (width, height)
        } else {
            (height, width)
        }
    }

    /// Where the cell `(row, col)` of a `height x width` board goes.
    pub fn apply(self, (row, col): (usize, usize), height: usize, width: usize) -> (usize, usize) {
        let (r, c, h, w) = if self.transpose {
            (col, row, width, height)
        } else {
            (row, col, height, width)
        };
        let r = if self.flip_rows { h - 1 - r } else { r };
        let c = if self.flip_cols { w - 1 - c } else { c };
        (r, c)
    }

    /// A short name: `identity`, `rotate90`, `rotate180`, `rotate270`, `flip_rows`,
    /// `flip_columns`, `transpose`, `anti_transpose`.
    pub fn name(self) -> &'static str {
        match (self.transpose, self.flip_rows, self.flip_cols) {
            (false, false, false) => "identity",
            (false, true, false) => "flip_rows",
            (false, false, true) => "flip_columns",
            (false, true, true) => "rotate180",
            (true, false, false) => "transpose",
            (true, false, true) => "rotate90",
            (true, true, false) => "rotate270",
            (true, true, true) => "anti_transpose",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
