//! The check that a candidate misère quotient is right: a bipartite monoid (Q, P) with a
//! pretending function Φ on the heaps 0..=n predicts the misère outcome of every sum of those
//! heaps, P exactly when Φ(G) ∈ P. This is the verification theorem of Plambeck and Siegel
//! ("Misère quotients for impartial games", JCTA 2008) in a form that a computer checks in
//! time |Q|² times the number of heaps, and nothing the candidate says goes unchecked.
//!
//! Write the heaps with moves as the alphabet (a heap without moves is the game 0 and must be
//! the identity), y·t for y·Φ(t), and for a heap t let W_t be the set of y ∈ Q with y·Φ(t') ∈ P
//! for some option t' of t: "a game of element y plus a heap t can move in t to a predicted
//! P-position". By induction on games (options are smaller), the prediction is right for every
//! G if and only if
//!
//! - (0) the identity (the empty game, which the player to move wins) is not in P;
//! - (A) for every y ∈ Q and heap t: if y·t ∈ P then y ∉ W_t (a P-position has no move to a
//!   P-position; every y is Φ of some game since Φ is onto, so this is exact);
//! - (B) no nonzero game G has Φ(G) ∉ P while Φ(G − t) ∉ W_t for every heap t of G (an
//!   N-position has a move to a P-position).
//!
//! (B) is a statement about infinitely many games; it becomes finite through the relation
//! Bad(G, c): "for every heap t of G, (Φ(G − t)·c, t) ∈ D", with D the pairs (z, t) such that
//! z·t ∉ P and z ∉ W_t. Bad(0, c) holds, and Bad(Y + t, c) holds exactly when (Φ(Y)·c, t) ∈ D
//! and Bad(Y, c·t) (the heap t itself gives the first condition; each heap s of Y gives
//! Φ(Y + t − s)·c = Φ(Y − s)·(c·t)). So the set of (Φ(Y), c, Y ≠ 0) with Bad(Y, c) is the
//! least set containing (1, c, no) for all c and closed under that step: at most 2|Q|²
//! triples. (B) fails exactly when some (x, 1, yes) is in it; following the steps back gives the
//! game that fails.

use crate::core::check_interrupt;

use super::quotient::Quotient;

/// A sum of heaps whose outcome the candidate gets wrong by the theorem's conditions (the game
/// or one of its options is mispredicted), heap sizes ascending.
pub type Witness = Vec<usize>;

/// The heaps with moves, grouped by what the check sees of them: Φ(t) and W_t.
struct Kinds {
    /// Φ(t) of each kind.
    element: Vec<u32>,
    /// W_t of each kind, as a flag per element.
    wins: Vec<Vec<bool>>,
    /// A heap size of each kind (for witnesses).
    heap: Vec<usize>,
}

fn kinds(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Result<Kinds, Witness> {
    let order = q.order();
    let mut seen: Vec<(u32, Vec<u32>)> = Vec::new();
    let mut kinds = Kinds {
        element: Vec::new(),
        wins: Vec::new(),
        heap: Vec::new(),
    };
    for (h, m) in moves.iter().enumerate().skip(1) {
        let phi = q.heap_element(h).expect("a heap within the bound");
        if m.is_empty() {
            // A heap without moves is the game 0.
            if phi != 0 {
                return Err(vec![h]);
            }
            continue;
        }
        let mut options: Vec<u32> = m
            .iter()
            .map(|parts| q.image(parts).expect("options are smaller heaps"))
            .collect();
        options.sort_unstable();
        options.dedup();
        let key = (phi, options);
        if seen.contains(&key) {
            continue;
        }
        let wins = (0..order as u32)
            .map(|y| key.1.iter().any(|&o| q.is_p(q.mul(y, o))))
            .collect();
        seen.push(key);
        kinds.element.push(phi);
        kinds.wins.push(wins);
        kinds.heap.push(h);
    }
    Ok(kinds)
}

/// Checks (0), (A) and (B) for the candidate `q` of the heap game whose heap h has the moves
/// `moves[h]`, h in 0..=n. `Err` carries a game the candidate gets wrong.
pub fn verify(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Result<(), Witness> {
    if q.is_p(0) {
        return Err(Vec::new());
    }
    let kinds = kinds(q, moves)?;
    let order = q.order();
    // (A)
    for (k, &t) in kinds.element.iter().enumerate() {
        check_interrupt();
        for y in 0..order as u32 {
            if q.is_p(q.mul(y, t)) && kinds.wins[k][y as usize] {
                let mut g = q.representative(y).to_vec();
                g.push(kinds.heap[k]);
                g.sort_unstable();
                return Err(g);
            }
        }
    }
    // (B): the triples (y, c, nonzero) with nonzero = yes, as y * order + c; `step[s]` is the
    // state and kind it came from (for the witness).
    let dead = |z: u32, k: usize| !q.is_p(q.mul(z, kinds.element[k])) && !kinds.wins[k][z as usize];
    // preimages[k][c'] = the c with c·t_k = c'.
    let preimages: Vec<Vec<Vec<u32>>> = kinds
        .element
        .iter()
        .map(|&t| {
            let mut pre = vec![Vec::new(); order];
            for c in 0..order as u32 {
                pre[q.mul(c, t) as usize].push(c);
            }
            pre
        })
        .collect();
    const NONE: (u32, u32) = (u32::MAX, u32::MAX);
    let mut step: Vec<(u32, u32)> = vec![NONE; order * order];
    let mut queue: Vec<usize> = Vec::new();
    // From (1, c', no): (t, c, yes) for c·t = c' and (c, t) ∈ D; c' ranges over all of Q.
    for (k, &t) in kinds.element.iter().enumerate() {
        for c in 0..order as u32 {
            if dead(c, k) {
                let s = t as usize * order + c as usize;
                if step[s] == NONE {
                    step[s] = (u32::MAX - 1, k as u32);
                    queue.push(s);
                }
            }
        }
    }
    let mut popped = 0usize;
    while let Some(s) = queue.pop() {
        popped += 1;
        let (y, c1) = ((s / order) as u32, (s % order) as u32);
        if c1 == 0 {
            return Err(witness(&kinds, &step, s));
        }
        if popped.is_multiple_of(4096) {
            check_interrupt();
        }
        for (k, &t) in kinds.element.iter().enumerate() {
            for &c in &preimages[k][c1 as usize] {
                if dead(q.mul(y, c), k) {
                    let next = q.mul(y, t) as usize * order + c as usize;
                    if step[next] == NONE {
                        step[next] = (s as u32, k as u32);
                        queue.push(next);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The game of a failing (x, 1, yes): the heaps added along the steps back to (1, c, no).
fn witness(kinds: &Kinds, step: &[(u32, u32)], mut s: usize) -> Witness {
    let mut g = Vec::new();
    loop {
        let (from, k) = step[s];
        g.push(kinds.heap[k as usize]);
        if from == u32::MAX - 1 {
            break;
        }
        s = from as usize;
    }
    g.sort_unstable();
    g
}
