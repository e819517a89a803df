//! Builtins for pieces that move along lines on a grid, as chess queens, rooks and bishops do:
//! the cells a slide can reach (`rays`), a slide followed by a shot from the landing cell
//! (`slide_and_shoot`, the move of Amazons and its variants), and the regions such pieces can
//! never leave (`king_regions`). They know no game: directions and symbols are arguments.

use crate::board::{offsets, Grid};
use crate::eval::error::{EvalError, EvalResult};

use super::boards::{coord, coords, grid, grid_list, offset, symbol, symbols, Symbols};
use super::{builtin, Arg, Arity, Builtin};

use Arity::Exactly;

pub static BUILTINS: &[Builtin] = &[
    builtin!("rays", "rays(grid, (row, column), symbols, directions)", Exactly(4),
        "The cells a piece on (row, column) reaches by sliding in one of the directions (a list of (dr, dc) steps) over cells holding one of the symbols, stopping before the first other cell or the edge: in the order of the directions, nearest first. The eight queen directions give a chess queen's moves onto empty cells with `\".\"`.",
        "rays(grid(\"...|.#.\"), (1, 0), \".\", [(0, 1), (-1, 0), (-1, 1)])  # [(0,0),(0,1)]", |a, _| {
            let g = grid(&a[0])?;
            let from = coord(&a[1])?;
            let wanted = symbols(&a[2])?;
            let dirs = directions(&a[3])?;
            Ok(coords(&ray_cells(g, from, wanted, &dirs)))
        }),
    builtin!("slide_and_shoot", "slide_and_shoot(grid, (row, column), directions, empty, shot)", Exactly(5),
        "Every grid after the piece on (row, column) slides along one of the directions over `empty` cells to an `empty` cell (the cell it leaves becoming `empty`), and then, from where it lands, a shot flies along one of the directions over `empty` cells and turns the cell where it stops into `shot` (it may stop on the cell just left): the moves of Amazons with the eight queen directions, `\".\"` and `\"#\"`.",
        "len(slide_and_shoot(grid(\"x..\"), (0, 0), [(0, 1), (0, -1)], \".\", \"#\"))  # 4", |a, _| {
            let g = grid(&a[0])?;
            let from = coord(&a[1])?;
            let piece = g
                .get(from)
                .ok_or_else(|| EvalError::new("that cell is not on the grid", a[1].span.clone()))?;
            let dirs = directions(&a[2])?;
            let empty = symbol(&a[3])?;
            let shot = symbol(&a[4])?;
            let path = Symbols::single(empty);
            let fail = |e: crate::board::GridError| EvalError::new(format!("cannot move: {e}"), a[4].span.clone());
            let left = g.set(from, empty).map_err(fail)?;
            let mut out = Vec::new();
            for to in ray_cells(g, from, path, &dirs) {
                let landed = left.set(to, piece).map_err(fail)?;
                for target in ray_cells(&landed, to, path, &dirs) {
                    out.push(landed.set(target, shot).map_err(fail)?);
                }
            }
            Ok(grid_list(out))
        }),
    builtin!("king_regions", "king_regions(grid, symbols)", Exactly(2),
        "The regions of cells holding one of the symbols, two cells joined when they touch, diagonally too (a king's step), each as a grid of its own cropped to its cells (other cells `#`): the independent components of games whose pieces slide diagonally, such as Amazons.",
        "len(king_regions(grid(\".#|#.\"), \".\"))  # 1", |a, _| {
            let g = grid(&a[0])?;
            let wanted = symbols(&a[1])?;
            g.region_grids(|c| wanted.contains(c), offsets::KING, b'#')
                .map(grid_list)
                .map_err(|e| EvalError::new(format!("cannot split into regions: {e}"), a[0].span.clone()))
        }),
];

/// The cells reached from `from` along each direction in turn, over cells holding `wanted`.
fn ray_cells(
    g: &Grid,
    from: (usize, usize),
    wanted: Symbols,
    dirs: &[(isize, isize)],
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for &(dr, dc) in dirs {
        if (dr, dc) == (0, 0) {
            continue;
        }
        let (mut r, mut c) = (from.0 as isize, from.1 as isize);
        loop {
            r += dr;
            c += dc;
            let (Ok(ru), Ok(cu)) = (usize::try_from(r), usize::try_from(c)) else {
                break;
            };
            match g.get((ru, cu)) {
                Some(s) if wanted.contains(s) => out.push((ru, cu)),
                _ => break,
            }
        }
    }
    out
}

/// A list of (dr, dc) steps.
fn directions(a: &Arg) -> EvalResult<Vec<(isize, isize)>> {
    let items = a
        .value
        .elements()
        .ok_or_else(|| EvalError::new("expected a list of directions (dr, dc)", a.span.clone()))?;
    items
        .iter()
        .map(|d| {
            offset(&Arg {
                value: d.clone(),
                span: a.span.clone(),
            })
        })
        .collect()
}
