//! Builtins for pieces that move along lines on a grid, as chess queens, rooks and bishops do:
//! the cells a slide can reach (`rays`), a slide followed by a shot from the landing cell
//! (`slide_and_shoot`, the move of Amazons and its variants), and the regions such pieces can
//! never leave (`king_regions`). They know no game: directions and symbols are arguments.

use std::cell::RefCell;
use std::rc::Rc;

use crate::board::{offsets, Grid, Parts, Shots};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::value::Value;

use super::boards::{
    coord, coords, grid, grid_list, offset_of, symbol, symbols, symmetry_group, Symbols,
};
use super::{builtin, Arg, Arity, Builtin};

use Arity::{Between, Exactly};

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
    builtin!("slide_and_shoot", "slide_and_shoot(grid, pieces, directions, empty, shot) or slide_and_shoot(grid, pieces, directions, empty, shot, symmetries)", Between(5, 6),
        "Every grid after a piece (the one on the cell `pieces` = (row, column), or each piece holding one of the symbols `pieces`, in row-major order) slides along one of the directions over `empty` cells to an `empty` cell (the cell it leaves becoming `empty`), and then, from where it lands, a shot flies along one of the directions over `empty` cells and turns the cell where it stops into `shot` (it may stop on the cell just left): the moves of Amazons with the eight queen directions, `\".\"` and `\"#\"`. With `symmetries` (`\"square\"`, the eight of `canonical_square`; `\"rectangle\"`, the four of `canonical_grid`; or `\"none\"`), each option comes as its independent parts instead: the regions of cells not holding `shot`, two cells joined when they touch (diagonally too), that hold a piece (a cell neither `empty` nor `shot`), each cropped (other cells `shot`) and in its least image under those symmetries; one part as a grid, none or several as a `sum`. A ruleset then needs no `normal` rule for its options, and each option costs a few word operations on a board of at most 64 cells and four symbols (its images are its parent's with three cells changed). The symmetries must keep the game's rules.",
        "len(slide_and_shoot(grid(\"x..\"), (0, 0), [(0, 1), (0, -1)], \".\", \"#\"))  # 4", |a, _| {
            if a.len() == 6 {
                return shot_parts(a);
            }
            let g = grid(&a[0])?;
            let movers = pieces(g, &a[1])?;
            let dirs = directions(&a[2])?;
            let rules = Shots { movers: &movers, directions: &dirs, empty: symbol(&a[3])?, shot: symbol(&a[4])? };
            let options = g.slide_and_shoot(&rules).map_err(|e| EvalError::new(format!("cannot move: {e}"), a[4].span.clone()))?;
            Ok(grid_list(options))
        }),
    builtin!("slides", "slides(grid, pieces, directions, empty, off_edge)", Exactly(5),
        "Every grid after a piece (the one on the cell `pieces` = (row, column), or each piece holding one of the symbols `pieces`, in row-major order) slides along one of the directions over `empty` cells to an `empty` cell (the cell it leaves becoming `empty`), nearest first; when `off_edge` is true, also the grid with the piece gone (its cell `empty`) for each direction in which nothing stops it before the edge: the moves of Ski Jumps' skiers with `[(0, 1)]` or `[(0, -1)]`, `\".\"` and `true`.",
        "len(slides(grid(\"x..\"), (0, 0), [(0, 1)], \".\", true))  # 3", |a, _| {
            let g = grid(&a[0])?;
            let dirs = directions(&a[2])?;
            let empty = symbol(&a[3])?;
            let Value::Bool(off_edge) = a[4].value else {
                return Err(EvalError::new("expected true or false", a[4].span.clone()));
            };
            let fail = |e: crate::board::GridError| EvalError::new(format!("cannot move: {e}"), a[3].span.clone());
            let mut out = Vec::new();
            for (from, piece) in pieces(g, &a[1])? {
                let left = g.set(from, empty).map_err(fail)?;
                for &d in &dirs {
                    let path = ray_cells(g, from, Symbols::single(empty), &[d]);
                    for &to in &path {
                        out.push(left.set(to, piece).map_err(fail)?);
                    }
                    let last = path.last().copied().unwrap_or(from);
                    if off_edge && d != (0, 0) && offset_cell(g, last, d, 1).is_none() {
                        out.push(left.clone());
                    }
                }
            }
            Ok(grid_list(out))
        }),
    builtin!("jumps", "jumps(grid, pieces, directions, over, empty, jumped)", Exactly(6),
        "Every grid after a piece (the one on the cell `pieces` = (row, column), or each piece holding one of the symbols `pieces`, in row-major order) jumps along one of the directions over the next cell, which must hold one of the symbols `over`, onto the cell beyond it, which must hold `empty`: the cell left becomes `empty` and the cell jumped over becomes `jumped` (`empty` for a capture, as in a single jump of Konane; a slipper in Ski Jumps, `jumps(g, \"L\", [(1, 0)], \"Rr\", \".\", \"r\")`).",
        "jumps(grid(\"xo.\"), (0, 0), [(0, 1)], \"o\", \".\", \".\")  # [grid(\"..x\")]", |a, _| {
            let g = grid(&a[0])?;
            let dirs = directions(&a[2])?;
            let over = symbols(&a[3])?;
            let empty = symbol(&a[4])?;
            let jumped = symbol(&a[5])?;
            let fail = |e: crate::board::GridError| EvalError::new(format!("cannot move: {e}"), a[5].span.clone());
            let mut out = Vec::new();
            for (from, piece) in pieces(g, &a[1])? {
                for &d in dirs.iter().filter(|&&d| d != (0, 0)) {
                    let (Some(middle), Some(beyond)) = (offset_cell(g, from, d, 1), offset_cell(g, from, d, 2)) else {
                        continue;
                    };
                    let over_ok = g.get(middle).is_some_and(|s| over.contains(s));
                    if over_ok && g.get(beyond) == Some(empty) {
                        let moved = g.set(from, empty).and_then(|m| m.set(middle, jumped)).and_then(|m| m.set(beyond, piece));
                        out.push(moved.map_err(fail)?);
                    }
                }
            }
            Ok(grid_list(out))
        }),
    builtin!("king_regions", "king_regions(grid, symbols) or king_regions(grid, symbols, holding)", Between(2, 3),
        "The regions of cells holding one of the symbols, two cells joined when they touch, diagonally too (a king's step), each as a grid of its own cropped to its cells (other cells `#`): the independent components of games whose pieces slide diagonally, such as Amazons. With `holding`, only the regions with a cell holding one of its symbols (those with a piece: `king_regions(g, \"xo.\", \"xo\")`).",
        "len(king_regions(grid(\".#|#.\"), \".\"))  # 1", |a, _| {
            let g = grid(&a[0])?;
            let wanted = symbols(&a[1])?;
            let holding = a.get(2).map(symbols).transpose()?;
            let regions = g
                .region_grids(|c| wanted.contains(c), offsets::KING, b'#')
                .map_err(|e| EvalError::new(format!("cannot split into regions: {e}"), a[0].span.clone()))?;
            Ok(grid_list(match holding {
                Some(holding) => regions.into_iter().filter(|r| r.symbols().iter().any(|&c| holding.contains(c))).collect(),
                None => regions,
            }))
        }),
];

/// `slide_and_shoot` with its sixth argument: each option as its parts in normal form.
fn shot_parts(a: &[Arg]) -> EvalResult<Value> {
    let g = grid(&a[0])?;
    let movers = pieces(g, &a[1])?;
    let dirs = list_of_directions(&a[2])?;
    let group = symmetry_group(&a[5])?;
    let rules = Shots {
        movers: &movers,
        directions: &dirs,
        empty: symbol(&a[3])?,
        shot: symbol(&a[4])?,
    };
    let options = g
        .shot_parts(&rules, group)
        .map_err(|e| EvalError::new(format!("cannot move: {e}"), a[4].span.clone()))?;
    Ok(Value::list(
        options
            .into_iter()
            .map(|parts| match parts {
                Parts::One(g) => Value::Grid(g),
                Parts::Many(gs) => Value::Sum(Rc::new(gs.into_iter().map(Value::Grid).collect())),
            })
            .collect(),
    ))
}

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
        let mut at = from;
        // A step too large for a machine word leaves any grid, as does one off its edge.
        while let Some(next) = offset_cell(g, at, (dr, dc), 1) {
            match g.get(next) {
                Some(s) if wanted.contains(s) => out.push(next),
                _ => break,
            }
            at = next;
        }
    }
    out
}

/// The cell k steps `d` away from `c`, if it is on the grid.
fn offset_cell(
    g: &Grid,
    c: (usize, usize),
    (dr, dc): (isize, isize),
    k: isize,
) -> Option<(usize, usize)> {
    let away =
        |x: usize, d: isize| usize::try_from(k.checked_mul(d)?.checked_add(x as isize)?).ok();
    let (r, col) = (away(c.0, dr)?, away(c.1, dc)?);
    g.get((r, col)).map(|_| (r, col))
}

/// The pieces a move builtin moves, with their symbols: the one on a cell (row, column), or,
/// for a string of symbols, every cell holding one of them, in row-major order (one call then
/// gives a player's every move, without a loop in the ruleset).
fn pieces(g: &Grid, a: &Arg) -> EvalResult<Vec<((usize, usize), u8)>> {
    if let Value::Str(_) = &a.value {
        let wanted = symbols(a)?;
        return Ok(g.symbols_where(|s| wanted.contains(s)));
    }
    let from = coord(a)?;
    let piece = g
        .get(from)
        .ok_or_else(|| EvalError::new("that cell is not on the grid", a.span.clone()))?;
    Ok(vec![(from, piece)])
}

/// A list of directions as a value, and as the steps it holds.
type ReadDirections = (Rc<Vec<Value>>, Rc<[(isize, isize)]>);

thread_local! {
    /// The last list of directions `list_of_directions` read, and what it read.
    static LAST_DIRECTIONS: RefCell<Option<ReadDirections>> = const { RefCell::new(None) };
}

/// `directions`, remembered for the list last read: a ruleset passes the same list (Amazons'
/// `QUEEN`) for every position it values. Holding the list keeps its address from being reused.
fn list_of_directions(a: &Arg) -> EvalResult<Rc<[(isize, isize)]>> {
    let Value::List(list) = &a.value else {
        return directions(a).map(Rc::from);
    };
    let known = LAST_DIRECTIONS.with(|last| {
        last.borrow()
            .as_ref()
            .filter(|(seen, _)| Rc::ptr_eq(seen, list))
            .map(|(_, dirs)| dirs.clone())
    });
    if let Some(dirs) = known {
        return Ok(dirs);
    }
    let dirs: Rc<[(isize, isize)]> = directions(a)?.into();
    LAST_DIRECTIONS.with(|last| *last.borrow_mut() = Some((list.clone(), dirs.clone())));
    Ok(dirs)
}

/// A list of (dr, dc) steps.
fn directions(a: &Arg) -> EvalResult<Vec<(isize, isize)>> {
    // Read in place: rules call this for every position they value.
    let items = a
        .value
        .stored_elements()
        .ok_or_else(|| EvalError::new("expected a list of directions (dr, dc)", a.span.clone()))?;
    items.iter().map(|d| offset_of(d, &a.span)).collect()
}
