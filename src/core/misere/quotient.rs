//! Misère quotients of heap games (Plambeck and Siegel, "Misère quotients for impartial games",
//! JCTA 2008; Siegel, *Combinatorial Game Theory* (2013), ch. V). The closure A_n of the heaps
//! 0..=n (every sum of them) is cut down to classes of games no sum in A_n tells apart; the
//! classes form a finite commutative monoid Q, the games' P-positions a subset P of it, and each
//! heap has its element Φ(h) (the pretending function).
//!
//! The quotient is built heap by heap. Q(A_{n-1}) is known, with a smallest game (a multiset
//! of heaps) standing for each element. Every game of A_n is Y + j·H for the new heap H and a
//! game Y of A_{n-1}, so the candidate elements are the pairs (y, j). The outcome of (y, j)
//! follows from its options: those of y's game (with j unchanged) and y times an option image
//! of H (with one H fewer). The outcomes of the columns j = 0, 1, 2, ... repeat, so finitely
//! many pairs carry everything; the coarsest congruence of the pair monoid that keeps P
//! together is Q(A_n). When H's class is an old element, no generator is added; otherwise H is
//! a new generator.
//!
//! Standing for a class by one game assumes the classes of A_{n-1} do not split in A_n; each
//! new quotient is checked against every heap's options (a P-element may not move to a
//! P-element), and a failure is reported rather than a wrong quotient.

use ahash::AHashMap;

use crate::core::check_interrupt;
use crate::core::heap::HeapRules;

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
    /// The quotient found for heaps 0..=heap fails the outcome check (see the module notes).
    Inconsistent { heap: usize },
}

impl std::fmt::Display for QuotientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QuotientError::Additive => write!(f, "the game has moves that add tokens"),
            QuotientError::NoPeriod { heap } => write!(
                f,
                "the outcomes of sums with copies of heap {heap} did not repeat within {MAX_COPIES} copies"
            ),
            QuotientError::Inconsistent { heap } => write!(
                f,
                "the quotient found at heap {heap} fails the outcome check (a class of smaller heaps splits)"
            ),
        }
    }
}

/// How many copies of one heap are tried before giving up on a period.
const MAX_COPIES: usize = 256;

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

    /// The misère quotient of `rules` restricted to heaps 0..=n (Siegel's iterative
    /// algorithm, see the module notes).
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
        let mut q = Quotient::trivial();
        for h in 1..=n {
            q = q.extend(&moves[..=h])?;
        }
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

    /// The heaps that are generators (a, b, c, ... in this order).
    pub fn generator_heaps(&self) -> &[usize] {
        &self.generators
    }

    /// The image of each option of a heap whose moves are `moves`.
    fn option_images(&self, moves: &[Vec<usize>]) -> Vec<u32> {
        let mut images: Vec<u32> = moves
            .iter()
            .map(|parts| self.image(parts).expect("options are smaller heaps"))
            .collect();
        images.sort_unstable();
        images.dedup();
        images
    }

    /// The images of the options of each element's smallest game: remove one heap h and add
    /// an option of h.
    fn element_options(&self, heap_options: &[Vec<u32>]) -> Vec<Vec<u32>> {
        self.reps
            .iter()
            .map(|rep| {
                let mut out = Vec::new();
                for (i, &h) in rep.iter().enumerate() {
                    if i > 0 && rep[i - 1] == h {
                        continue;
                    }
                    let mut rest = rep.clone();
                    rest.remove(i);
                    let rest = self.image(&rest).expect("heaps within the bound");
                    out.extend(heap_options[h].iter().map(|&s| self.mul(rest, s)));
                }
                out.sort_unstable();
                out.dedup();
                out
            })
            .collect()
    }

    /// Q(A_n) from Q(A_{n-1}) (self), `moves[h]` being the moves of heap h for h in 0..=n.
    fn extend(&self, moves: &[Vec<Vec<usize>>]) -> Result<Quotient, QuotientError> {
        let n = moves.len() - 1;
        let heap_options: Vec<Vec<u32>> =
            moves[..n].iter().map(|m| self.option_images(m)).collect();
        let new_options = self.option_images(&moves[n]);
        let columns = self.columns(&heap_options, &new_options, n)?;
        let pairs = PairMonoid::new(self, columns, n);
        let blocks = pairs.congruence(self);
        let q = pairs.quotient(self, &blocks);
        q.check_outcomes(moves)?;
        Ok(q)
    }

    /// The outcomes of (y, j) for j = 0, 1, ... until a column repeats: the columns and the
    /// index of the column the last one repeats.
    fn columns(
        &self,
        heap_options: &[Vec<u32>],
        new_options: &[u32],
        n: usize,
    ) -> Result<(Vec<Vec<bool>>, usize), QuotientError> {
        let element_options = self.element_options(heap_options);
        // A smaller game comes first: an option of a smallest game is smaller still.
        let mut order: Vec<usize> = (0..self.order()).collect();
        order.sort_by_key(|&x| (self.reps[x].iter().sum::<usize>(), x));
        let mut columns: Vec<Vec<bool>> = vec![self.p.clone()];
        loop {
            check_interrupt();
            let prev = columns.last().expect("column 0");
            let mut col = vec![false; self.order()];
            for &x in &order {
                // Misère: a game without options is N (its player has no move and so wins).
                let has_option = !element_options[x].is_empty() || !new_options.is_empty();
                let no_p_option = element_options[x].iter().all(|&y| !col[y as usize])
                    && new_options
                        .iter()
                        .all(|&t| !prev[self.mul(x as u32, t) as usize]);
                col[x] = has_option && no_p_option;
            }
            if let Some(i) = columns.iter().position(|c| *c == col) {
                return Ok((columns, i));
            }
            if columns.len() > MAX_COPIES {
                return Err(QuotientError::NoPeriod { heap: n });
            }
            columns.push(col);
        }
    }

    /// Every element that is P has no option that is P, whichever heap of it is moved in:
    /// for all x and heaps h, if x·Φ(h) is P then x·Φ(h') is N for each option h'.
    fn check_outcomes(&self, moves: &[Vec<Vec<usize>>]) -> Result<(), QuotientError> {
        for (h, m) in moves.iter().enumerate() {
            check_interrupt();
            let options = self.option_images(m);
            let ph = self.pretend[h];
            for x in 0..self.order() as u32 {
                if self.is_p(self.mul(x, ph)) && options.iter().any(|&s| self.is_p(self.mul(x, s)))
                {
                    return Err(QuotientError::Inconsistent {
                        heap: moves.len() - 1,
                    });
                }
            }
        }
        Ok(())
    }
}

/// The pairs (y, j): y an element of the old quotient, j the copies of the new heap, j taken
/// modulo the repetition of the outcome columns.
struct PairMonoid {
    columns: Vec<Vec<bool>>,
    /// Columns `start..columns.len()` repeat.
    start: usize,
    m: usize,
    heap: usize,
}

impl PairMonoid {
    fn new(old: &Quotient, (columns, start): (Vec<Vec<bool>>, usize), heap: usize) -> PairMonoid {
        PairMonoid {
            columns,
            start,
            m: old.order(),
            heap,
        }
    }

    fn len(&self) -> usize {
        self.m * self.columns.len()
    }

    /// j copies, reduced into the stored columns.
    fn reduce(&self, j: usize) -> usize {
        let len = self.columns.len();
        if j < len {
            j
        } else {
            self.start + (j - self.start) % (len - self.start)
        }
    }

    fn index(&self, y: u32, j: usize) -> usize {
        self.reduce(j) * self.m + y as usize
    }

    fn split(&self, e: usize) -> (u32, usize) {
        ((e % self.m) as u32, e / self.m)
    }

    fn times(&self, old: &Quotient, e: usize, f: usize) -> usize {
        let ((x, j), (y, k)) = (self.split(e), self.split(f));
        self.index(old.mul(x, y), j + k)
    }

    /// The coarsest partition that keeps P and N apart and is kept by multiplying with each
    /// generator (old heap images and the new heap): the congruence whose classes are Q(A_n).
    fn congruence(&self, old: &Quotient) -> Vec<u32> {
        let mut gens: Vec<usize> = old.pretend.iter().map(|&x| self.index(x, 0)).collect();
        gens.push(self.index(0, 1));
        gens.sort_unstable();
        gens.dedup();
        let mut block: Vec<u32> = (0..self.len())
            .map(|e| {
                let (y, j) = self.split(e);
                u32::from(self.columns[j][y as usize])
            })
            .collect();
        let mut count = 2;
        loop {
            check_interrupt();
            let mut ids: AHashMap<Vec<u32>, u32> = AHashMap::new();
            let next: Vec<u32> = (0..self.len())
                .map(|e| {
                    let mut sig = vec![block[e]];
                    sig.extend(gens.iter().map(|&g| block[self.times(old, e, g)]));
                    let fresh = ids.len() as u32;
                    *ids.entry(sig).or_insert(fresh)
                })
                .collect();
            block = next;
            if ids.len() == count {
                return block;
            }
            count = ids.len();
        }
    }

    /// The quotient whose elements are the blocks, each standing for its smallest game.
    fn quotient(&self, old: &Quotient, block: &[u32]) -> Quotient {
        let size = |e: usize| {
            let (y, j) = self.split(e);
            old.reps[y as usize].iter().sum::<usize>() + j * self.heap
        };
        // The smallest pair of each block, blocks ordered by it (the identity first).
        let mut best: AHashMap<u32, usize> = AHashMap::new();
        for (e, &b) in block.iter().enumerate() {
            let entry = best.entry(b).or_insert(e);
            if (size(e), e) < (size(*entry), *entry) {
                *entry = e;
            }
        }
        let mut reps: Vec<usize> = best.into_values().collect();
        reps.sort_by_key(|&e| (size(e), e));
        let mut number = vec![0u32; reps.len()];
        for (i, &e) in reps.iter().enumerate() {
            number[block[e] as usize] = i as u32;
        }
        let element = |e: usize| number[block[e] as usize];
        let order = reps.len();
        let mut table = Vec::with_capacity(order * order);
        for &e in &reps {
            check_interrupt();
            table.extend(reps.iter().map(|&f| element(self.times(old, e, f))));
        }
        let p = reps
            .iter()
            .map(|&e| {
                let (y, j) = self.split(e);
                self.columns[j][y as usize]
            })
            .collect();
        let mut pretend: Vec<u32> = old
            .pretend
            .iter()
            .map(|&x| element(self.index(x, 0)))
            .collect();
        let new_heap = element(self.index(0, 1));
        pretend.push(new_heap);
        let mut generators = old.generators.clone();
        let old_element = (0..old.order()).any(|y| element(y) == new_heap);
        if !old_element {
            generators.push(self.heap);
        }
        let reps = reps
            .iter()
            .map(|&e| {
                let (y, j) = self.split(e);
                let mut heaps = old.reps[y as usize].clone();
                heaps.extend(std::iter::repeat_n(self.heap, j));
                heaps
            })
            .collect();
        Quotient {
            table,
            p,
            pretend,
            reps,
            generators,
        }
    }
}
