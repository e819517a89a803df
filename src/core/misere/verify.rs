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

use ahash::AHashMap;

use crate::core::check_interrupt;

use super::quotient::Quotient;

/// A sum of heaps whose outcome the candidate gets wrong by the theorem's conditions (the game
/// or one of its options is mispredicted), heap sizes ascending.
pub type Witness = Vec<usize>;

/// The heaps with moves, grouped by what the check sees of them: Φ(t) and W_t.
struct Kinds {
    /// A heap size of each kind: y·t is `q.times(y, heap[k])`.
    heap: Vec<usize>,
    /// W_t of each kind, as a flag per element.
    wins: Vec<Vec<bool>>,
}

fn kinds(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Result<Kinds, Witness> {
    let order = q.order();
    let mut seen: Vec<(u32, Vec<u32>)> = Vec::new();
    let mut kinds = Kinds {
        heap: Vec::new(),
        wins: Vec::new(),
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
        // One move for each element the options reach.
        let mut options: Vec<(u32, &Vec<usize>)> = m
            .iter()
            .map(|parts| (q.image(parts).expect("options are smaller heaps"), parts))
            .collect();
        options.sort_unstable_by_key(|o| o.0);
        options.dedup_by_key(|o| o.0);
        let key = (phi, options.iter().map(|o| o.0).collect());
        if seen.contains(&key) {
            continue;
        }
        let wins = (0..order as u32)
            .map(|y| {
                options
                    .iter()
                    .any(|(_, parts)| q.is_p(times_all(q, y, parts)))
            })
            .collect();
        seen.push(key);
        kinds.wins.push(wins);
        kinds.heap.push(h);
    }
    Ok(kinds)
}

fn times_all(q: &Quotient, y: u32, heaps: &[usize]) -> u32 {
    heaps.iter().fold(y, |acc, &h| q.times(acc, h))
}

/// Checks (0), (A) and (B) for the candidate `q` of the heap game whose heap h has the moves
/// `moves[h]`, h in 0..=n. `Err` carries a game the candidate gets wrong.
pub fn verify(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Result<(), Witness> {
    if q.is_p(0) {
        return Err(Vec::new());
    }
    let kinds = kinds(q, moves)?;
    // (A)
    for (k, &t) in kinds.heap.iter().enumerate() {
        check_interrupt();
        for y in 0..q.order() as u32 {
            if q.is_p(q.times(y, t)) && kinds.wins[k][y as usize] {
                let mut g = q.representative(y).to_vec();
                g.push(t);
                g.sort_unstable();
                return Err(g);
            }
        }
    }
    // (B): a search that only marks the triples it meets, and a second one that records how
    // it met them when the first finds a failure (the witness is rarely needed).
    let bad = BadSearch::new(q, &kinds);
    match bad.run(None) {
        None => Ok(()),
        Some(_) => {
            let mut steps = AHashMap::new();
            let s = bad
                .run(Some(&mut steps))
                .expect("the same search fails again");
            Err(witness(&kinds, &steps, s))
        }
    }
}

/// The least set of triples (y, c, nonzero) with nonzero = yes of the module notes, each
/// triple the index y·|Q| + c.
struct BadSearch<'a> {
    q: &'a Quotient,
    kinds: &'a Kinds,
    /// `preimages[k]`: the c with c·t_k = c', for each c', as a list per c' (offsets into
    /// `members[k]`).
    offsets: Vec<Vec<u32>>,
    members: Vec<Vec<u32>>,
}

/// How the search reached a triple: the triple it came from (or `START`) and the kind added.
type Step = (u32, u32);
const START: u32 = u32::MAX;

impl<'a> BadSearch<'a> {
    fn new(q: &'a Quotient, kinds: &'a Kinds) -> BadSearch<'a> {
        let order = q.order();
        let mut offsets = Vec::with_capacity(kinds.heap.len());
        let mut members = Vec::with_capacity(kinds.heap.len());
        for &t in &kinds.heap {
            check_interrupt();
            let mut count = vec![0u32; order + 1];
            for c in 0..order as u32 {
                count[q.times(c, t) as usize + 1] += 1;
            }
            for i in 0..order {
                count[i + 1] += count[i];
            }
            let mut fill = count.clone();
            let mut list = vec![0u32; order];
            for c in 0..order as u32 {
                let i = &mut fill[q.times(c, t) as usize];
                list[*i as usize] = c;
                *i += 1;
            }
            offsets.push(count);
            members.push(list);
        }
        BadSearch {
            q,
            kinds,
            offsets,
            members,
        }
    }

    /// (z, t_k) ∈ D: z·t ∉ P and z ∉ W_t.
    fn dead(&self, z: u32, k: usize) -> bool {
        !self.q.is_p(self.q.times(z, self.kinds.heap[k])) && !self.kinds.wins[k][z as usize]
    }

    /// A triple (x, 1, yes), if the search meets one; with `steps`, how each triple was met.
    fn run(&self, mut steps: Option<&mut AHashMap<u32, Step>>) -> Option<u32> {
        let q = self.q;
        let order = q.order();
        let mut seen = vec![0u64; (order * order).div_ceil(64)];
        let mut queue: Vec<u32> = Vec::new();
        let mut visit = |s: usize, from: Step, queue: &mut Vec<u32>| {
            if seen[s / 64] >> (s % 64) & 1 == 0 {
                seen[s / 64] |= 1 << (s % 64);
                queue.push(s as u32);
                if let Some(steps) = steps.as_deref_mut() {
                    steps.insert(s as u32, from);
                }
            }
        };
        // From (1, c', no): (t, c, yes) for c·t = c' and (c, t) ∈ D; c' ranges over all of Q.
        for (k, &t) in self.kinds.heap.iter().enumerate() {
            let y = q.times(0, t);
            for c in 0..order as u32 {
                if self.dead(c, k) {
                    visit(
                        y as usize * order + c as usize,
                        (START, k as u32),
                        &mut queue,
                    );
                }
            }
        }
        let mut popped = 0usize;
        while let Some(s) = queue.pop() {
            popped += 1;
            let (y, c1) = (s as usize / order, s as usize % order);
            if c1 == 0 {
                return Some(s);
            }
            if popped.is_multiple_of(4096) {
                check_interrupt();
            }
            for (k, &t) in self.kinds.heap.iter().enumerate() {
                let range = self.offsets[k][c1] as usize..self.offsets[k][c1 + 1] as usize;
                if range.is_empty() {
                    continue;
                }
                let next_y = q.times(y as u32, t) as usize;
                for &c in &self.members[k][range] {
                    if self.dead(q.mul(y as u32, c), k) {
                        visit(next_y * order + c as usize, (s, k as u32), &mut queue);
                    }
                }
            }
        }
        None
    }
}

/// The game of a failing (x, 1, yes): the heaps added along the steps back to (1, c, no).
fn witness(kinds: &Kinds, steps: &AHashMap<u32, Step>, mut s: u32) -> Witness {
    let mut g = Vec::new();
    loop {
        let (from, k) = steps[&s];
        g.push(kinds.heap[k as usize]);
        if from == START {
            break;
        }
        s = from;
    }
    g.sort_unstable();
    g
}
