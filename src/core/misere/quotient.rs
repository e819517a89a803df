//! Misère quotients of heap games (Plambeck and Siegel, "Misère quotients for impartial games",
//! JCTA 2008, and its supplementary material; Siegel, *Combinatorial Game Theory* (2013),
//! ch. V). The closure A_n of the heaps 0..=n (every sum of them) is cut down to classes of
//! games that no sum in A_n tells apart; the classes form a finite commutative monoid Q, the
//! games' P-positions a subset P of it, and each heap has its element Φ(h) (the pretending
//! function).
//!
//! The method has two halves, and only the second is trusted.
//!
//! 1. A candidate, built heap by heap. Every game of A_n is Y + j·H for the new heap H and a
//!    game Y of A_{n-1}. Given a monoid M that predicts the outcomes of A_{n-1}, with a smallest
//!    game standing for each element, the pairs (y, j) form the monoid M × C (C: the copies of
//!    H, counted until the outcome columns repeat). The outcome of (y, j) is read off the
//!    options of y's smallest game (j unchanged) and of H (one H fewer, the option's heaps
//!    added to y). This is exact when M tells apart every two games of A_{n-1} that some game
//!    of A_n tells apart; but the quotient of A_{n-1} need not: its classes can split when H
//!    comes (the gap of the previous version of this module, which printed a wrong quotient
//!    of Guiles, 0.15, at heap 20). The candidate is reduced by the indistinguishability
//!    relation x ρ y iff P(xz) = P(yz) for every z (a partition refinement: the coarsest
//!    partition that keeps P apart and is kept by multiplying by each heap's element), which
//!    maps a right (unreduced) bipartite monoid onto the misère quotient.
//! 2. The verification theorem (see `verify`): the reduced candidate is checked to predict the
//!    outcome of every game of A_n, exactly, in time |Q|² times the number of heaps. A candidate
//!    that passes is the misère quotient (a right bipartite monoid that is reduced and onto is
//!    unique). When the candidate over the quotient of A_{n-1} fails, a finer M is tried: the
//!    unreduced monoid the previous step verified (its classes are the quotient's, split by the
//!    copies of heap n-1), and then the unreduced monoids of the steps before it, one more
//!    unreduced step at a time, while the monoid stays below `MAX_CANDIDATE`. When none passes,
//!    cg refuses and names the sum of heaps the last candidate got wrong: it never prints a
//!    quotient that has not passed the check.
//!
//! This is not Siegel's MisereSolver procedure (which refines its candidates by their
//! lexicographically least failure), but it is checked by the same kind of theorem.

use std::rc::Rc;

use ahash::AHashMap;

use crate::core::check_interrupt;
use crate::core::heap::HeapRules;

use super::brute::Outcomes;
use super::verify::{verify, Witness};

/// A misère quotient of a heap game restricted to heaps 0..=n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    /// `table[x * order + y]` is the product xy; element 0 is the identity.
    table: Vec<u32>,
    p: Vec<bool>,
    /// Φ(h) for h in 0..=n.
    pretend: Vec<u32>,
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
    /// The outcomes of Y + j·H did not repeat within this many copies of heap `heap`.
    NoPeriod { heap: usize },
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
            QuotientError::NoPeriod { heap } => write!(
                f,
                "the outcomes of sums with copies of heap {heap} did not repeat within {MAX_COPIES} copies"
            ),
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
                "no candidate quotient for heaps 0..={heap} passed the verification theorem before the candidates grew past {MAX_CANDIDATE} elements, so none is printed"
            ),
        }
    }
}

/// How many copies of one heap are tried before giving up on a period.
const MAX_COPIES: usize = 256;

/// The largest unreduced candidate cg builds.
const MAX_CANDIDATE: usize = 1 << 22;

/// The largest reduced candidate cg verifies (the check keeps a word for each pair).
const MAX_VERIFIED: usize = 1 << 12;

/// How many failed candidates one heap may have.
const MAX_TRIES: usize = 24;

impl Quotient {
    /// The quotient of heaps 0..=0: the trivial monoid, 0 being an N-position.
    fn trivial() -> Quotient {
        Quotient {
            table: vec![0],
            p: vec![false],
            pretend: vec![0],
            reps: vec![Vec::new()],
            generators: Vec::new(),
        }
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
        let mut q = Rc::new(Quotient::trivial());
        for h in 1..=n {
            let stage = &moves[..=h];
            let mut counters: Vec<Counter> = Vec::new();
            let base_q = q.clone();
            let mut tries = 0;
            q = loop {
                let base = if counters.is_empty() && Rc::ptr_eq(&base_q, &q) {
                    Base::Reduced(q.clone())
                } else {
                    match Counted::new(base_q.clone(), counters.clone(), h - 1) {
                        Some(c) => Base::Counted(Rc::new(c)),
                        None => return Err(QuotientError::TooLarge { heap: h }),
                    }
                };
                let Some(pairs) = Pairs::build(base, stage, h)? else {
                    return Err(QuotientError::TooLarge { heap: h });
                };
                let candidate = pairs.reduce();
                if candidate.order() > MAX_VERIFIED {
                    return Err(QuotientError::TooLarge { heap: h });
                }
                match verify(&candidate, stage) {
                    Ok(()) => break Rc::new(candidate),
                    Err(witness) => {
                        let wrong = mispredicted(&candidate, stage, &witness);
                        tries += 1;
                        if tries > MAX_TRIES {
                            return Err(QuotientError::Unverified { heap: h, witness });
                        }
                        if !refine(&mut counters, &wrong, stage, &base_q) {
                            return Err(QuotientError::Unverified { heap: h, witness });
                        }
                    }
                }
            };
        }
        let mut q = Rc::try_unwrap(q).unwrap_or_else(|q| (*q).clone());
        q.generators = q.find_generators();
        Ok(q)
    }

    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The largest heap size covered.
    pub fn max_heap(&self) -> usize {
        self.pretend.len() - 1
    }

    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize * self.order() + y as usize]
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
        heaps
            .iter()
            .try_fold(0, |acc, &h| Some(self.mul(acc, self.heap_element(h)?)))
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
                    let z = self.mul(y, self.pretend[g]);
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

/// A monoid that predicts the outcomes of the sums of heaps 0..=n, with a smallest game for
/// each element: a reduced quotient, a quotient with counters of some heaps' copies, or a
/// pair monoid (unreduced).
#[derive(Clone)]
enum Base {
    Reduced(Rc<Quotient>),
    Counted(Rc<Counted>),
}

impl Base {
    fn order(&self) -> usize {
        match self {
            Base::Reduced(q) => q.order(),
            Base::Counted(c) => c.reps.len(),
        }
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        match self {
            Base::Reduced(q) => q.mul(x, y),
            Base::Counted(c) => c.mul(x, y),
        }
    }

    fn is_p(&self, x: u32) -> bool {
        match self {
            Base::Reduced(q) => q.is_p(x),
            Base::Counted(c) => c.q.is_p(c.tuples[x as usize] % c.q.order() as u32),
        }
    }

    fn heap_element(&self, h: usize) -> u32 {
        match self {
            Base::Reduced(q) => q.pretend[h],
            Base::Counted(c) => c.pretend[h],
        }
    }

    fn image(&self, heaps: &[usize]) -> u32 {
        heaps
            .iter()
            .fold(0, |acc, &h| self.mul(acc, self.heap_element(h)))
    }

    /// The heaps of x's smallest game, ascending.
    fn rep(&self, x: u32) -> &[usize] {
        match self {
            Base::Reduced(q) => &q.reps[x as usize],
            Base::Counted(c) => &c.reps[x as usize],
        }
    }

    fn rep_size(&self, x: u32) -> usize {
        self.rep(x).iter().sum()
    }
}

/// A counter of heaps: the cyclic monoid of index `index` and period 2 (0, 1, ..., index - 1
/// exactly, then parity).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Counter {
    key: Key,
    index: usize,
}

/// What a counter counts: one heap, or the heaps h > 0 of one class of the quotient (Φ(h) =
/// the class) that have no counter of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Heap(usize),
    Class(u32),
}

impl Counter {
    fn size(self) -> usize {
        self.index + 2
    }

    fn add(self, a: usize, b: usize) -> usize {
        let s = a + b;
        if s < self.size() {
            s
        } else {
            self.index + (s - self.index) % 2
        }
    }
}

/// The quotient of heaps 0..=n with counters of some heaps' copies: the elements (x, k1, k2,
/// ...) reached by sums of heaps, x the quotient's element and ki the copies of heap i as the
/// counter keeps them. It predicts outcomes as the quotient does and tells apart games that
/// the quotient merges but that have different numbers of the counted heaps: the finer base
/// tried when the classes of the quotient split with the next heap.
struct Counted {
    q: Rc<Quotient>,
    counters: Vec<Counter>,
    /// The tuple of each element, as x + |Q|·(k1 + size1·(k2 + ...)).
    tuples: Vec<u32>,
    /// The element of each tuple (u32::MAX when no sum reaches it).
    element: Vec<u32>,
    reps: Vec<Vec<usize>>,
    pretend: Vec<u32>,
}

impl Counted {
    /// None when the tuples are more than `MAX_CANDIDATE`.
    fn new(q: Rc<Quotient>, counters: Vec<Counter>, n: usize) -> Option<Counted> {
        let space = counters
            .iter()
            .try_fold(q.order(), |acc, c| acc.checked_mul(c.size()))?;
        if space > MAX_CANDIDATE {
            return None;
        }
        let own = |h: usize| counters.iter().any(|c| c.key == Key::Heap(h));
        let tuple_of_heap = |h: usize| -> u32 {
            let mut code = 0usize;
            for c in counters.iter().rev() {
                let counts = match c.key {
                    Key::Heap(g) => g == h,
                    Key::Class(e) => h > 0 && e == q.pretend[h] && !own(h),
                };
                code = code * c.size() + usize::from(counts);
            }
            (q.pretend[h] as usize + q.order() * code) as u32
        };
        let heap_tuples: Vec<u32> = (0..=n).map(tuple_of_heap).collect();
        let mut counted = Counted {
            q,
            counters,
            tuples: Vec::new(),
            element: vec![u32::MAX; space],
            reps: Vec::new(),
            pretend: Vec::new(),
        };
        // The elements by their smallest games: a search by tokens from the empty sum, each
        // step adding a heap (ties broken by the heap lists).
        let mut frontier: std::collections::BTreeSet<(usize, Vec<usize>, u32)> =
            std::collections::BTreeSet::new();
        frontier.insert((0, Vec::new(), 0));
        while let Some((size, heaps, t)) = frontier.pop_first() {
            if counted.element[t as usize] != u32::MAX {
                continue;
            }
            check_interrupt();
            counted.element[t as usize] = counted.tuples.len() as u32;
            counted.tuples.push(t);
            for (h, &ht) in heap_tuples.iter().enumerate().skip(1) {
                let next = counted.mul_tuples(t, ht);
                if counted.element[next as usize] == u32::MAX {
                    let mut more = heaps.clone();
                    more.push(h);
                    more.sort_unstable();
                    frontier.insert((size + h, more, next));
                }
            }
            counted.reps.push(heaps);
        }
        counted.pretend = heap_tuples
            .iter()
            .map(|&t| counted.element[t as usize])
            .collect();
        Some(counted)
    }

    fn mul_tuples(&self, a: u32, b: u32) -> u32 {
        let order = self.q.order() as u32;
        let x = self.q.mul(a % order, b % order);
        let (mut ka, mut kb) = ((a / order) as usize, (b / order) as usize);
        let mut code = 0usize;
        let mut scale = 1usize;
        for c in &self.counters {
            let (da, db) = (ka % c.size(), kb % c.size());
            ka /= c.size();
            kb /= c.size();
            code += scale * c.add(da, db);
            scale *= c.size();
        }
        x + order * code as u32
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        let t = self.mul_tuples(self.tuples[x as usize], self.tuples[y as usize]);
        self.element[t as usize]
    }
}

/// The pairs (y, j): y an element of the base monoid (heaps below `heap`), j the copies of
/// heap `heap`, j taken modulo the repetition of the outcome columns.
struct Pairs {
    base: Base,
    columns: Vec<Vec<bool>>,
    /// Columns `start..columns.len()` repeat.
    start: usize,
    m: usize,
    heap: usize,
    /// The element of each heap 0..=heap.
    pretend: Vec<u32>,
}

impl Pairs {
    /// The candidate over `base` with heap n added, `moves[h]` the moves of heap h in 0..=n.
    /// None when it would have more than `MAX_CANDIDATE` elements.
    fn build(
        base: Base,
        moves: &[Vec<Vec<usize>>],
        n: usize,
    ) -> Result<Option<Pairs>, QuotientError> {
        let option_images = |m: &[Vec<usize>]| -> Vec<u32> {
            let mut images: Vec<u32> = m.iter().map(|parts| base.image(parts)).collect();
            images.sort_unstable();
            images.dedup();
            images
        };
        let heap_options: Vec<Vec<u32>> = moves[..n].iter().map(|m| option_images(m)).collect();
        let new_options = option_images(&moves[n]);
        let Some((columns, start)) = columns(&base, &heap_options, &new_options, n)? else {
            return Ok(None);
        };
        let m = base.order();
        let mut pairs = Pairs {
            base,
            columns,
            start,
            m,
            heap: n,
            pretend: Vec::new(),
        };
        let mut pretend: Vec<u32> = (0..n)
            .map(|h| pairs.index(pairs.base.heap_element(h), 0))
            .collect();
        pretend.push(pairs.index(0, 1));
        pairs.pretend = pretend;
        Ok(Some(pairs))
    }

    fn order(&self) -> usize {
        self.m * self.columns.len()
    }

    /// j copies, reduced into the stored columns.
    fn reduce_copies(&self, j: usize) -> usize {
        let len = self.columns.len();
        if j < len {
            j
        } else {
            self.start + (j - self.start) % (len - self.start)
        }
    }

    fn index(&self, y: u32, j: usize) -> u32 {
        (self.reduce_copies(j) * self.m + y as usize) as u32
    }

    fn split(&self, e: u32) -> (u32, usize) {
        let e = e as usize;
        ((e % self.m) as u32, e / self.m)
    }

    fn mul(&self, e: u32, f: u32) -> u32 {
        let ((x, j), (y, k)) = (self.split(e), self.split(f));
        self.index(self.base.mul(x, y), j + k)
    }

    fn is_p(&self, e: u32) -> bool {
        let (y, j) = self.split(e);
        self.columns[j][y as usize]
    }

    fn rep(&self, e: u32) -> Vec<usize> {
        let (y, j) = self.split(e);
        let mut heaps = self.base.rep(y).to_vec();
        heaps.extend(std::iter::repeat_n(self.heap, j));
        heaps
    }

    fn rep_size(&self, e: u32) -> usize {
        let (y, j) = self.split(e);
        self.base.rep_size(y) + j * self.heap
    }

    /// The coarsest partition that keeps P and N apart and is kept by multiplying with each
    /// heap's element (the indistinguishability relation ρ, since the heaps generate the
    /// monoid), as the reduced quotient: each block stands for its smallest game.
    fn reduce(&self) -> Quotient {
        let len = self.order();
        let mut gens: Vec<u32> = self.pretend[1..].to_vec();
        gens.sort_unstable();
        gens.dedup();
        gens.retain(|&g| g != 0);
        // products[g][e] = e·g.
        let products: Vec<Vec<u32>> = gens
            .iter()
            .map(|&g| (0..len as u32).map(|e| self.mul(e, g)).collect())
            .collect();
        let mut block: Vec<u32> = (0..len as u32).map(|e| u32::from(self.is_p(e))).collect();
        let mut count = 0;
        loop {
            check_interrupt();
            let mut ids: AHashMap<Vec<u32>, u32> = AHashMap::new();
            let mut sig = Vec::with_capacity(gens.len() + 1);
            let next: Vec<u32> = (0..len)
                .map(|e| {
                    sig.clear();
                    sig.push(block[e]);
                    sig.extend(products.iter().map(|p| block[p[e] as usize]));
                    let fresh = ids.len() as u32;
                    *ids.entry(sig.clone()).or_insert(fresh)
                })
                .collect();
            block = next;
            if ids.len() == count {
                break;
            }
            count = ids.len();
        }
        // The smallest game of each block, blocks ordered by it (the identity first).
        let mut best: AHashMap<u32, (usize, Vec<usize>, u32)> = AHashMap::new();
        for e in 0..len as u32 {
            let key = (self.rep_size(e), self.rep(e), e);
            match best.get(&block[e as usize]) {
                Some(b) if (b.0, &b.1) <= (key.0, &key.1) => {}
                _ => {
                    best.insert(block[e as usize], key);
                }
            }
        }
        let mut reps: Vec<(usize, Vec<usize>, u32)> = best.into_values().collect();
        reps.sort();
        let mut number = vec![0u32; reps.len()];
        for (i, r) in reps.iter().enumerate() {
            number[block[r.2 as usize] as usize] = i as u32;
        }
        let element = |e: u32| number[block[e as usize] as usize];
        let order = reps.len();
        let mut table = Vec::with_capacity(order * order);
        for r in &reps {
            check_interrupt();
            table.extend(reps.iter().map(|s| element(self.mul(r.2, s.2))));
        }
        Quotient {
            table,
            p: reps.iter().map(|r| self.is_p(r.2)).collect(),
            pretend: self.pretend.iter().map(|&e| element(e)).collect(),
            reps: reps.into_iter().map(|r| r.1).collect(),
            generators: Vec::new(),
        }
    }
}

/// The predicted outcomes of (y, j) for j = 0, 1, ... until a column repeats: the columns and
/// the index of the column the last one repeats. The outcome of (y, j) is read off y's
/// smallest game: its options (a heap h of it replaced by an option of h, j unchanged) and the
/// options of the new heap (one copy fewer). None when the pairs would be too many.
#[allow(clippy::type_complexity)]
fn columns(
    base: &Base,
    heap_options: &[Vec<u32>],
    new_options: &[u32],
    n: usize,
) -> Result<Option<(Vec<Vec<bool>>, usize)>, QuotientError> {
    let m = base.order();
    let element_options: Vec<Vec<u32>> = (0..m as u32)
        .map(|x| {
            let rep = base.rep(x);
            let mut out = Vec::new();
            for (i, &h) in rep.iter().enumerate() {
                if i > 0 && rep[i - 1] == h {
                    continue;
                }
                let mut rest = rep.to_vec();
                rest.remove(i);
                let rest = base.image(&rest);
                out.extend(heap_options[h].iter().map(|&s| base.mul(rest, s)));
            }
            out.sort_unstable();
            out.dedup();
            out
        })
        .collect();
    // A smaller game comes first: an option of a smallest game is smaller still.
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by_key(|&x| (base.rep_size(x as u32), x));
    let mut columns: Vec<Vec<bool>> = vec![(0..m as u32).map(|x| base.is_p(x)).collect()];
    loop {
        check_interrupt();
        let prev = columns.last().expect("column 0");
        let mut col = vec![false; m];
        for &x in &order {
            // Misère: a game without options is N (its player has no move and so wins).
            let has_option = !element_options[x].is_empty() || !new_options.is_empty();
            let no_p_option = element_options[x].iter().all(|&y| !col[y as usize])
                && new_options
                    .iter()
                    .all(|&t| !prev[base.mul(x as u32, t) as usize]);
            col[x] = has_option && no_p_option;
        }
        if let Some(i) = columns.iter().position(|c| *c == col) {
            return Ok(Some((columns, i)));
        }
        if columns.len() >= MAX_COPIES {
            return Err(QuotientError::NoPeriod { heap: n });
        }
        if m * (columns.len() + 1) > MAX_CANDIDATE {
            return Ok(None);
        }
        columns.push(col);
    }
}

/// The game the candidate gets wrong: the witness of the failed check or one of its options,
/// found by playing them out (within a budget; the witness itself past it).
fn mispredicted(q: &Quotient, moves: &[Vec<Vec<usize>>], witness: &[usize]) -> Vec<usize> {
    let mut outcomes = Outcomes::new(moves, 1 << 16);
    let predicted = |g: &[usize]| q.is_p(q.image(g).expect("heaps within the bound"));
    match outcomes.is_p(witness) {
        Some(p) if p != predicted(witness) => return witness.to_vec(),
        None => return witness.to_vec(),
        _ => {}
    }
    for option in super::brute::options(moves, witness) {
        if outcomes.is_p(&option) == Some(!predicted(&option)) {
            return option;
        }
    }
    witness.to_vec()
}

/// Counts the heaps of `game` (below the new one, with moves) one further than `game` has
/// them: by class of the quotient first, and by heap when the class is counted far enough
/// already; false when no counter changes.
fn refine(
    counters: &mut Vec<Counter>,
    game: &[usize],
    moves: &[Vec<Vec<usize>>],
    q: &Quotient,
) -> bool {
    let n = moves.len() - 1;
    let heaps: Vec<usize> = game
        .iter()
        .copied()
        .filter(|&h| h < n && !moves[h].is_empty())
        .collect();
    let mut changed = false;
    let bump = |counters: &mut Vec<Counter>, key: Key, copies: usize| -> bool {
        match counters.iter_mut().find(|c| c.key == key) {
            None => {
                counters.push(Counter {
                    key,
                    index: copies + 1,
                });
                true
            }
            Some(c) if c.index < copies + 2 => {
                c.index = copies + 2;
                true
            }
            Some(_) => false,
        }
    };
    let mut classes: Vec<u32> = heaps.iter().map(|&h| q.pretend[h]).collect();
    classes.sort_unstable();
    classes.dedup();
    for class in classes {
        let members: Vec<usize> = heaps
            .iter()
            .copied()
            .filter(|&h| q.pretend[h] == class)
            .collect();
        if bump(counters, Key::Class(class), members.len()) {
            changed = true;
            continue;
        }
        for (i, &h) in members.iter().enumerate() {
            if i == 0 || members[i - 1] != h {
                let copies = members.iter().filter(|&&g| g == h).count();
                changed |= bump(counters, Key::Heap(h), copies);
            }
        }
    }
    changed
}
