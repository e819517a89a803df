//! Who wins a loopy game under "infinite play is a draw": retrograde analysis over the states
//! (position, player to move) of a sum A + B of two game graphs, kept implicit (a state of the
//! sum is a pair of vertices). A player who cannot move loses; a state from which neither player
//! can force a win is a draw (Siegel, CGT, ch. VI; Winning Ways ch. 11).
//!
//! Comparison of stoppers reads the same table: G <= H exactly when Left, moving second,
//! survives (wins or draws) H - G (Siegel, CGT, ch. VI; Winning Ways ch. 11).

use crate::core::check_interrupt;
use crate::core::short::store::Side;

use super::graph::Graph;

/// The result of a state for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    MoverWins,
    MoverLoses,
    Draw,
}

/// The solved states of A + B: `play(a, b, mover)`.
pub struct Solved {
    width: usize,
    /// 0 unknown (draw), 1 mover wins, 2 mover loses; index 2 * (a * width + b) + mover.
    marks: Vec<u8>,
}

impl Solved {
    pub fn play(&self, a: u32, b: u32, mover: Side) -> Play {
        match self.marks[state(a as usize * self.width + b as usize, mover)] {
            1 => Play::MoverWins,
            2 => Play::MoverLoses,
            _ => Play::Draw,
        }
    }
}

fn state(pair: usize, mover: Side) -> usize {
    2 * pair + usize::from(mover == Side::Right)
}

fn other(side: Side) -> Side {
    match side {
        Side::Left => Side::Right,
        Side::Right => Side::Left,
    }
}

/// Solves every state of A + B.
pub fn solve_sum(a: &Graph, b: &Graph) -> Solved {
    let (na, nb) = (a.len(), b.len());
    let total = na * nb;
    let (a_rev_left, a_rev_right) = a.reverse();
    let (b_rev_left, b_rev_right) = b.reverse();
    // counter[s]: moves of the mover not yet known to win for the opponent.
    let mut counter = vec![0u32; 2 * total];
    let mut marks = vec![0u8; 2 * total];
    let mut queue: Vec<usize> = Vec::new();
    for x in 0..na {
        for y in 0..nb {
            let pair = x * nb + y;
            for mover in [Side::Left, Side::Right] {
                let moves = a.options(x as u32, mover).len() + b.options(y as u32, mover).len();
                let s = state(pair, mover);
                counter[s] = moves as u32;
                if moves == 0 {
                    marks[s] = 2;
                    queue.push(s);
                }
            }
        }
    }
    let mut done = 0usize;
    while let Some(s) = queue.pop() {
        done += 1;
        if done.is_multiple_of(65536) {
            check_interrupt();
        }
        let (pair, mover) = (s / 2, if s % 2 == 0 { Side::Left } else { Side::Right });
        let (x, y) = (pair / nb, pair % nb);
        let mover_lost = marks[s] == 2;
        // The predecessors: states where the opponent moved here.
        let previous = other(mover);
        let (a_pred, b_pred) = match previous {
            Side::Left => (&a_rev_left[x], &b_rev_left[y]),
            Side::Right => (&a_rev_right[x], &b_rev_right[y]),
        };
        let preds = a_pred
            .iter()
            .map(|&px| px as usize * nb + y)
            .chain(b_pred.iter().map(|&py| x * nb + py as usize));
        for p in preds {
            let t = state(p, previous);
            if marks[t] != 0 {
                continue;
            }
            if mover_lost {
                marks[t] = 1;
                queue.push(t);
            } else {
                counter[t] -= 1;
                if counter[t] == 0 {
                    marks[t] = 2;
                    queue.push(t);
                }
            }
        }
    }
    Solved { width: nb, marks }
}

/// The graph of 0: one vertex, no moves.
pub fn zero_graph() -> Graph {
    let mut g = Graph::new();
    g.add_vertex();
    g
}

/// The result when `mover` starts in the game at vertex `v` of `g`.
pub fn play_alone(solved: &Solved, v: u32, mover: Side) -> Play {
    solved.play(v, 0, mover)
}

/// `le[u * n + v]`: u <= v, for all vertices u, v of a stopper graph of n vertices (Left
/// survives v - u moving second).
pub fn stopper_order(g: &Graph) -> Vec<bool> {
    let n = g.len();
    let solved = solve_sum(g, &g.negative());
    let mut le = vec![false; n * n];
    for u in 0..n {
        for v in 0..n {
            le[u * n + v] = solved.play(v as u32, u as u32, Side::Right) != Play::MoverWins;
        }
    }
    le
}

/// G <= H for stoppers G (vertex `g` of `a`) and H (vertex `h` of `b`).
pub fn stopper_leq(a: &Graph, g: u32, b: &Graph, h: u32) -> bool {
    let difference = b.sum(h, &a.negative(), g);
    let solved = solve_sum(&difference, &zero_graph());
    play_alone(&solved, 0, Side::Right) != Play::MoverWins
}
