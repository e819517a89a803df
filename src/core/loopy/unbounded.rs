//! Positions whose offside is `on` (or whose onside is `off`), found by play rather than by
//! sidling, which reaches such a side only in the limit: in Backsliding Toads and Frogs
//! `TTT..FF` the offside approximations of some positions climb through 1, 3, 5, ... and grow
//! ever deeper, so no round repeats the shape of the one before and no knot can be tied.
//!
//! Why play decides it. Sidling the offside from `off` gives approximations A_k (the game cut
//! off after k moves, every cut position `off`) that increase to the offside G- (Winning Ways
//! ch. 11; Siegel, CGT, ch. VI). If Left, moving second in G - n, wins (in finitely many moves:
//! infinite play is Right's, as in the offside), she wins within some N moves, never reaching a
//! cut of A_k for k > N, so A_k >= n and G- >= n. A stopper S >= n for every integer n is `on`:
//! were Right to win S + off moving first, he would win within some N moves, and the same play
//! with his passes in `off` made in -N' instead (N' > N) would win S - N', against S >= N'.
//!
//! Left wins G - n for every n exactly when she wins against an unending stock of Right's
//! passes counted down: W(c), the positions Left wins moving second against c passes, shrink as
//! c grows, and W(c) depends only on W(c - 1), so once two levels agree every later level does.

use crate::core::check_interrupt;
use crate::core::short::store::Side;

use super::graph::Graph;

/// For the offside (`side` Right): the positions v of `g` with G-(v) = `on`, i.e. Left wins
/// G(v) - n moving second for every integer n. For the onside (`side` Left): the positions with
/// G+(v) = `off`, by the same argument on -G.
pub(crate) fn unbounded_positions(g: &Graph, side: Side) -> Vec<bool> {
    match side {
        Side::Right => left_beats_every_integer(g),
        Side::Left => left_beats_every_integer(&g.negative()),
    }
}

/// The positions v where Left, moving second, wins g(v) - n (infinite play Right's) for every n.
fn left_beats_every_integer(g: &Graph) -> Vec<bool> {
    let n = g.len();
    let (rev_left, rev_right) = g.reverse();
    // Level 0: no passes for Right (G - 0).
    let mut level = left_wins(g, &rev_left, &rev_right, None);
    // More passes can only help Right, so the levels shrink; at most 2n + 1 of them differ.
    for _ in 0..=2 * n + 1 {
        check_interrupt();
        let next = left_wins(g, &rev_left, &rev_right, Some(&level));
        if next == level {
            break;
        }
        level = next;
    }
    level.right_to_move
}

/// Who Left beats at one level: `left_to_move[v]`, `right_to_move[v]`.
#[derive(Clone, PartialEq, Eq)]
struct LeftWins {
    left_to_move: Vec<bool>,
    right_to_move: Vec<bool>,
}

/// Left's wins in g - c when `below` holds her wins in g - (c - 1) (`None`: c = 0). Right may
/// move in g or pass (move in -c to -(c - 1), Left to move there); Left can only move in g.
/// Retrograde analysis: a state is won for Left once one Left move (Left to move) or every
/// Right move (Right to move) reaches a won state; states never reached are not wins.
fn left_wins(
    g: &Graph,
    rev_left: &[Vec<u32>],
    rev_right: &[Vec<u32>],
    below: Option<&LeftWins>,
) -> LeftWins {
    let n = g.len();
    let mut won = LeftWins {
        left_to_move: vec![false; n],
        right_to_move: vec![false; n],
    };
    // Right's moves not yet known to lose for him. A pass that loses (Left wins the level
    // below, Left to move) is no escape and is left out; one that does not is counted and never
    // counted off, so such a state is never Left's.
    let mut pending: Vec<usize> = Vec::with_capacity(n);
    // The queue holds (vertex, Right to move?) of states just found won.
    let mut queue: Vec<(u32, bool)> = Vec::new();
    for v in 0..n {
        let pass_open = match below {
            None => false,
            Some(b) => !b.left_to_move[v],
        };
        let moves = g.right[v].len() + usize::from(pass_open);
        pending.push(moves);
        if moves == 0 {
            won.right_to_move[v] = true;
            queue.push((v as u32, true));
        }
    }
    while let Some((w, right_to_move)) = queue.pop() {
        if right_to_move {
            // Left moved to w: each Left predecessor is won with Left to move.
            for &p in &rev_left[w as usize] {
                if !won.left_to_move[p as usize] {
                    won.left_to_move[p as usize] = true;
                    queue.push((p, false));
                }
            }
        } else {
            // Right moved to w: one more of each Right predecessor's moves loses for him.
            for &p in &rev_right[w as usize] {
                let p = p as usize;
                if won.right_to_move[p] {
                    continue;
                }
                pending[p] -= 1;
                if pending[p] == 0 {
                    won.right_to_move[p] = true;
                    queue.push((p as u32, true));
                }
            }
        }
    }
    won
}

#[cfg(test)]
mod tests {
    use super::*;

    /// on = {pass|}: Left passes while Right runs out of passes, so its offside is on.
    /// over = {0|pass}: Right may pass for ever, so G - n is never Left's, and 1 = {0|} loses
    /// to -2. dud = {pass|pass} neither.
    #[test]
    fn on_beats_every_integer_and_the_others_do_not() {
        let mut g = Graph::new();
        let (on, over, zero, one, dud) = (
            g.add_vertex(),
            g.add_vertex(),
            g.add_vertex(),
            g.add_vertex(),
            g.add_vertex(),
        );
        g.add_edge(Side::Left, on, on);
        g.add_edge(Side::Left, over, zero);
        g.add_edge(Side::Right, over, over);
        g.add_edge(Side::Left, one, zero);
        g.add_edge(Side::Left, dud, dud);
        g.add_edge(Side::Right, dud, dud);
        let offside_on = unbounded_positions(&g, Side::Right);
        assert_eq!(offside_on, vec![true, false, false, false, false]);
        // The onside is off only for off itself: none here; in -g, `on` becomes off.
        assert_eq!(unbounded_positions(&g, Side::Left), vec![false; 5]);
        assert_eq!(
            unbounded_positions(&g.negative(), Side::Left),
            vec![true, false, false, false, false]
        );
    }
}
