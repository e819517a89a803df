//! Misère quotients of heap games (Plambeck and Siegel, "Misère quotients for impartial games",
//! JCTA 2008, and its supplementary material; Siegel, *Combinatorial Game Theory* (2013),
//! ch. V). The closure A_n of the heaps 0..=n (every sum of them) is cut down to classes of
//! games that no sum in A_n tells apart; the classes form a finite commutative monoid Q, the
//! games' P-positions a subset P of it, and each heap has its element Φ(h) (the pretending
//! function).
//!
//! The quotient is built heap by heap by Siegel's iterative refinement (`refine`: conservative
//! extensions, new cyclic generators, and recalibration on the lexicographically least
//! failure, `lex`), and every quotient it proposes must pass the verification theorem
//! (`verify`), which a computer checks in time |Q|² times the number of heaps. A candidate that
//! passes is the misère quotient (a right bipartite monoid that is reduced and onto is
//! unique). When the refinement gives up, or its candidates grow past the sizes cg builds, cg
//! refuses: it never prints a quotient that has not passed the check.

use std::collections::BTreeSet;

use crate::core::check_interrupt;
use crate::core::heap::HeapRules;

use super::refine::{extend, MAX_CANDIDATE, MAX_VERIFIED};
use super::verify::Witness;

/// A misère quotient of a heap game restricted to heaps 0..=n.
///
/// The monoid is stored as its Cayley graph over the heaps' elements, not as a full table:
/// a row per element with its product by each distinct Φ(h) (the columns), |Q| × columns
/// entries instead of |Q|². The heaps generate the quotient, so every element is a product of
/// columns, and a general product xy walks a shortest such word of y from x (`tree`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    /// `rows[x * columns + k]` is x·`column_element[k]`.
    rows: Vec<u32>,
    /// The distinct elements Φ(h), in the order of their first heap.
    column_element: Vec<u32>,
    /// The column of Φ(h) for each heap h.
    heap_column: Vec<u32>,
    /// A shortest word of each element in the columns: x = parent·column_element[k] for
    /// `tree[x] = (parent, k)` (the identity's entry is unused).
    tree: Vec<(u32, u32)>,
    pub(super) p: Vec<bool>,
    /// Φ(h) for h in 0..=n.
    pub(super) pretend: Vec<u32>,
    /// A smallest game of each element: its heap sizes, ascending.
    reps: Vec<Vec<usize>>,
    /// The heaps that added a generator, ascending: a, b, c, ...
    generators: Vec<usize>,
}

/// Why no quotient was computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuotientError {
    /// A move adds tokens: heaps beyond n would enter the closure.
    Additive,
    /// No candidate for heaps 0..=heap passed the verification theorem; the last one
    /// mispredicted the sum of heaps `witness` (or one of its options).
    Unverified { heap: usize, witness: Witness },
    /// The candidates for heaps 0..=heap grew past the size cg builds.
    TooLarge { heap: usize },
}

impl std::fmt::Display for QuotientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QuotientError::Additive => write!(f, "the game has moves that add tokens"),
            QuotientError::Unverified { heap, witness } => {
                let game = if witness.is_empty() {
                    "0".to_string()
                } else {
                    witness
                        .iter()
                        .map(|h| h.to_string())
                        .collect::<Vec<_>>()
                        .join("+")
                };
                write!(
                    f,
                    "no candidate quotient for heaps 0..={heap} passed the verification theorem (the last one gets the sum of heaps {game} or one of its options wrong), so none is printed"
                )
            }
            QuotientError::TooLarge { heap } => write!(
                f,
                "no candidate quotient for heaps 0..={heap} passed the verification theorem while the candidates stayed within {MAX_CANDIDATE} elements before reduction and {MAX_VERIFIED} after it, so none is printed"
            ),
        }
    }
}

impl Quotient {
    /// The quotient of heaps 0..=0: the trivial monoid, 0 being an N-position.
    fn trivial() -> Quotient {
        let mut q = Quotient::build(vec![false], vec![0], |x, _| x);
        q.reps = vec![Vec::new()];
        q
    }

    /// The misère quotient of `rules` restricted to heaps 0..=n, checked by the verification
    /// theorem (see the module notes); an error rather than an unchecked quotient.
    ///
    /// ```
    /// use cg::core::heap::{HeapRules, TakeBreakCode};
    /// use cg::core::misere::Quotient;
    /// // Nim up to three tokens: heaps 0..=3 generate T2 = <a,b | a^2=1, b^3=b>, order 6.
    /// let nim = HeapRules::TakeBreak(TakeBreakCode::parse_octal("0.333").unwrap());
    /// let q = Quotient::of_heaps(&nim, 3).unwrap();
    /// assert_eq!(q.order(), 6);
    /// assert_eq!(q.presentation(), "<a,b | a^2=1, b^3=b>");
    /// ```
    pub fn of_heaps(rules: &HeapRules, n: usize) -> Result<Quotient, QuotientError> {
        if rules.max_addition() > 0 {
            return Err(QuotientError::Additive);
        }
        let moves: Vec<Vec<Vec<usize>>> = (0..=n).map(|h| rules.moves(h)).collect();
        Quotient::of_moves(&moves)
    }

    /// The quotient of the heaps 0..=n whose heap h has the moves `moves[h]` (each move the
    /// list of heaps it leaves, all smaller than h).
    pub fn of_moves(moves: &[Vec<Vec<usize>>]) -> Result<Quotient, QuotientError> {
        let n = moves.len() - 1;
        let mut q = Quotient::trivial();
        for h in 1..=n {
            q = extend(&q, &moves[..=h])?;
        }
        q.number_by_representatives();
        q.generators = q.find_generators();
        Ok(q)
    }

    /// Numbers the elements by their smallest games (tokens, then heap lists), the identity
    /// first, so that what is printed element by element (the P-portion) does not depend on
    /// the order in which the refinement met them.
    fn number_by_representatives(&mut self) {
        let order = self.order();
        let mut old: Vec<usize> = (0..order).collect();
        old.sort_by_key(|&x| (self.reps[x].iter().sum::<usize>(), self.reps[x].clone()));
        let mut new = vec![0u32; order];
        for (i, &x) in old.iter().enumerate() {
            new[x] = i as u32;
        }
        let columns = self.column_element.len();
        let mut rows = Vec::with_capacity(order * columns);
        for &x in &old {
            let row = &self.rows[x * columns..(x + 1) * columns];
            rows.extend(row.iter().map(|&y| new[y as usize]));
        }
        self.rows = rows;
        self.column_element = self
            .column_element
            .iter()
            .map(|&x| new[x as usize])
            .collect();
        self.p = old.iter().map(|&x| self.p[x]).collect();
        self.reps = old.iter().map(|&x| self.reps[x].clone()).collect();
        self.pretend = self.pretend.iter().map(|&x| new[x as usize]).collect();
        self.tree = self.shortest_words();
    }

    /// A monoid generated by the heaps' elements, from its P-portion, pretending function and
    /// `times(x, h)` = x·Φ(h), asked once per element and distinct Φ(h); no representatives yet.
    pub(super) fn build(
        p: Vec<bool>,
        pretend: Vec<u32>,
        times: impl Fn(u32, usize) -> u32,
    ) -> Quotient {
        let mut column_element: Vec<u32> = Vec::new();
        let mut column_heap: Vec<usize> = Vec::new();
        let heap_column = pretend
            .iter()
            .enumerate()
            .map(
                |(h, &x)| match column_element.iter().position(|&c| c == x) {
                    Some(k) => k as u32,
                    None => {
                        column_element.push(x);
                        column_heap.push(h);
                        (column_element.len() - 1) as u32
                    }
                },
            )
            .collect();
        let order = p.len();
        let mut rows = Vec::with_capacity(order * column_element.len());
        for x in 0..order as u32 {
            if x % 4096 == 0 {
                check_interrupt();
            }
            rows.extend(column_heap.iter().map(|&h| times(x, h)));
        }
        let mut q = Quotient {
            rows,
            column_element,
            heap_column,
            tree: Vec::new(),
            p,
            pretend,
            reps: Vec::new(),
            generators: Vec::new(),
        };
        q.tree = q.shortest_words();
        q
    }

    /// The quotient with one more heap, of element x (a new column when no heap had x).
    pub(super) fn with_heap(&self, x: u32) -> Quotient {
        let mut next = self.clone();
        next.pretend.push(x);
        if let Some(k) = self.column_element.iter().position(|&c| c == x) {
            next.heap_column.push(k as u32);
            return next;
        }
        let columns = self.column_element.len();
        next.rows = (0..self.order())
            .flat_map(|y| {
                let row = &self.rows[y * columns..(y + 1) * columns];
                row.iter().copied().chain([self.mul(y as u32, x)])
            })
            .collect();
        next.column_element.push(x);
        next.heap_column.push(columns as u32);
        next
    }

    /// A breadth-first spanning tree of the Cayley graph from the identity: shortest words.
    fn shortest_words(&self) -> Vec<(u32, u32)> {
        let columns = self.column_element.len();
        let mut tree = vec![(u32::MAX, u32::MAX); self.order()];
        tree[0] = (0, 0);
        let mut queue = std::collections::VecDeque::from([0u32]);
        while let Some(x) = queue.pop_front() {
            for k in 0..columns {
                let y = self.rows[x as usize * columns + k];
                if tree[y as usize].0 == u32::MAX {
                    tree[y as usize] = (x, k as u32);
                    queue.push_back(y);
                }
            }
        }
        debug_assert!(tree.iter().all(|t| t.0 != u32::MAX), "the heaps generate Q");
        tree
    }

    /// A smallest game (by tokens, then heap list) of each element, by a search from the
    /// empty sum adding one heap at a time.
    pub(super) fn find_representatives(&mut self, moves: &[Vec<Vec<usize>>]) {
        let mut reps: Vec<Option<Vec<usize>>> = vec![None; self.order()];
        let mut frontier: BTreeSet<(usize, Vec<usize>, u32)> = BTreeSet::new();
        frontier.insert((0, Vec::new(), 0));
        while let Some((size, heaps, x)) = frontier.pop_first() {
            if reps[x as usize].is_some() {
                continue;
            }
            check_interrupt();
            for (h, m) in moves.iter().enumerate() {
                let y = self.times(x, h);
                if m.is_empty() || reps[y as usize].is_some() {
                    continue;
                }
                let mut more = heaps.clone();
                more.push(h);
                more.sort_unstable();
                frontier.insert((size + h, more, y));
            }
            reps[x as usize] = Some(heaps);
        }
        self.reps = reps.into_iter().map(|r| r.unwrap_or_default()).collect();
    }

    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The largest heap size covered.
    pub fn max_heap(&self) -> usize {
        self.pretend.len() - 1
    }

    /// The product xy: x times the columns of a shortest word of y.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        let columns = self.column_element.len();
        let (mut z, mut w) = (x, y);
        while w != 0 {
            let (parent, k) = self.tree[w as usize];
            z = self.rows[z as usize * columns + k as usize];
            w = parent;
        }
        z
    }

    /// x·Φ(h), one step in the Cayley graph.
    pub fn times(&self, x: u32, h: usize) -> u32 {
        let columns = self.column_element.len();
        self.rows[x as usize * columns + self.heap_column[h] as usize]
    }

    pub fn is_p(&self, x: u32) -> bool {
        self.p[x as usize]
    }

    /// Φ(h), the element of heap h (None past the bound).
    pub fn heap_element(&self, h: usize) -> Option<u32> {
        self.pretend.get(h).copied()
    }

    /// The element of a sum of heaps (None when a heap is past the bound).
    pub fn image(&self, heaps: &[usize]) -> Option<u32> {
        heaps.iter().try_fold(0, |acc, &h| {
            (h < self.pretend.len()).then(|| self.times(acc, h))
        })
    }

    /// The P-portion, ascending.
    pub fn p_portion(&self) -> Vec<u32> {
        (0..self.order() as u32).filter(|&x| self.is_p(x)).collect()
    }

    /// Φ(0), Φ(1), ..., Φ(n).
    pub fn pretending(&self) -> &[u32] {
        &self.pretend
    }

    /// The heaps that are generators (a, b, c, ... in this order): each heap whose element
    /// is not a product of the elements of the generators before it.
    pub fn generator_heaps(&self) -> &[usize] {
        &self.generators
    }

    /// A smallest sum of heaps (by tokens) whose element is `x`, heap sizes ascending.
    pub fn representative(&self, x: u32) -> &[usize] {
        &self.reps[x as usize]
    }

    fn find_generators(&self) -> Vec<usize> {
        let mut gens: Vec<usize> = Vec::new();
        let mut span = vec![false; self.order()];
        span[0] = true;
        for (h, &x) in self.pretend.iter().enumerate().skip(1) {
            if span[x as usize] {
                continue;
            }
            gens.push(h);
            // The submonoid generated so far, closed again under the new generator.
            let mut stack: Vec<u32> = (0..self.order() as u32)
                .filter(|&y| span[y as usize])
                .collect();
            while let Some(y) = stack.pop() {
                for &g in &gens {
                    let z = self.times(y, g);
                    if !span[z as usize] {
                        span[z as usize] = true;
                        stack.push(z);
                    }
                }
            }
        }
        gens
    }
}
