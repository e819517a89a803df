//! Siegel's iterative refinement (Plambeck and Siegel, "Misère quotients for impartial games",
//! JCTA 2008, supplementary material; the procedure of Siegel's MisereSolver): the quotient of
//! heaps 0..=n from the quotient of heaps 0..n-1.
//!
//! 1. Conservative extension: when some element x of the old quotient Q can stand for the new
//!    heap (the old quotient with Φ(n) = x passes the verification theorem on heaps 0..=n), Q
//!    is already the new quotient (it is reduced, since the old games still tell its elements
//!    apart).
//! 2. Otherwise a candidate Q × C is tried, C the cyclic monoid {1, x, x², x³ | x⁴ = x²} of
//!    the new heap; its P-portion is given by the outcomes of the least words of its elements
//!    (`lex::mark_p_portion`), and it is reduced by indistinguishability.
//! 3. While the candidate fails, its lexicographically least failure G is found
//!    (`lex::least_p_failure`, `lex::least_n_failure`), and the candidate is recalibrated:
//!    for a set S of the heaps in G, one heap first, then two, ..., the heaps of S are taken
//!    out of the monoid (the rest generate a submonoid of it) and each is given a cyclic
//!    monoid of its own, with index at least its copies in G less one, so that G is told apart
//!    from the earlier game that shared its element. The first S whose candidate gets G right
//!    is kept. Siegel: the least failures strictly increase, so "strictly more of the
//!    lexicographic space is correct for each successive candidate".
//!
//! The refinement proposes; the verification theorem (`verify`) decides, on every quotient it
//! returns.

use ahash::AHashMap;

use crate::core::check_interrupt;

use super::lex::{self, Heaps, Monoid, Word};
use super::quotient::{Quotient, QuotientError};
use super::verify::verify;

/// The largest unreduced candidate built (elements reached by the heaps).
pub const MAX_CANDIDATE: usize = 1 << 20;

/// The largest reduced candidate. Its Cayley graph is small (a row of products by the heaps'
/// elements for each element), but the verification theorem marks pairs of elements, |Q|²
/// bits (128 MB at this bound), and its pair indices are u32.
pub const MAX_VERIFIED: usize = 1 << 15;

/// How many failed candidates one heap may have.
const MAX_TRIES: usize = 400;

impl Monoid for Quotient {
    fn order(&self) -> usize {
        Quotient::order(self)
    }

    fn times(&self, x: u32, h: usize) -> u32 {
        Quotient::times(self, x, h)
    }
}

/// The moves of each heap, one for each element they reach under Φ.
fn option_words<M: Monoid>(m: &M, moves: &[Vec<Vec<usize>>]) -> Vec<Vec<Vec<usize>>> {
    moves
        .iter()
        .map(|ms| {
            let mut seen: Vec<u32> = Vec::new();
            ms.iter()
                .filter(|parts| {
                    let x = m.times_all(0, parts);
                    let fresh = !seen.contains(&x);
                    seen.push(x);
                    fresh
                })
                .cloned()
                .collect()
        })
        .collect()
}

/// The quotient of heaps 0..=n (`moves[h]` the moves of heap h) from that of heaps 0..n-1.
pub fn extend(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Result<Quotient, QuotientError> {
    let n = moves.len() - 1;
    if moves[n].is_empty() {
        return Ok(q.with_heap(0));
    }
    if let Some(mut next) = conservative(q, moves) {
        next.find_representatives(moves);
        return Ok(next);
    }
    let mut trial = fresh_generator(q, moves).ok_or(QuotientError::TooLarge { heap: n })?;
    for _ in 0..MAX_TRIES {
        check_interrupt();
        let Some(failure) = least_failure(&trial, moves) else {
            // The independent check: the refinement's own searches said "no failure".
            trial.find_representatives(moves);
            return match verify(&trial, moves) {
                Ok(()) => Ok(trial),
                Err(witness) => Err(QuotientError::Unverified { heap: n, witness }),
            };
        };
        trial = match recalibrate(&trial, moves, &failure) {
            Recalibrated::To(next) => next,
            Recalibrated::TooLarge => return Err(QuotientError::TooLarge { heap: n }),
            Recalibrated::Stuck => {
                return Err(QuotientError::Unverified {
                    heap: n,
                    witness: heaps_of(&failure),
                })
            }
        };
    }
    Err(QuotientError::Unverified {
        heap: n,
        witness: heaps_of(&least_failure(&trial, moves).unwrap_or_default()),
    })
}

/// A word as its heap sizes, ascending.
fn heaps_of(word: &[u32]) -> Vec<usize> {
    word.iter()
        .enumerate()
        .flat_map(|(h, &k)| std::iter::repeat_n(h, k as usize))
        .collect()
}

/// Q with Φ(n) = x for the first x that passes the verification theorem on heaps 0..=n.
fn conservative(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Option<Quotient> {
    let n = moves.len() - 1;
    let options = option_words(q, &moves[n..]).remove(0);
    let heap_is_p = options.iter().all(|o| !q.is_p(q.times_all(0, o)));
    let order = q.order() as u32;
    // wins[y]: a sum of element y plus heap n has a move in n to a P-position.
    let wins: Vec<bool> = (0..order)
        .map(|y| options.iter().any(|o| q.is_p(q.times_all(y, o))))
        .collect();
    for x in 0..order {
        if q.is_p(x) != heap_is_p {
            continue;
        }
        // No sum y + n may be P while a move in n reaches a P-position: cheap, and it rules
        // out most x before the full check.
        if (0..order).any(|y| wins[y as usize] && q.is_p(q.mul(y, x))) {
            continue;
        }
        let next = q.with_heap(x);
        if verify(&next, moves).is_ok() {
            return Some(next);
        }
    }
    None
}

/// The least failure of a candidate: the least P-failure, or an N-failure before it.
fn least_failure(trial: &Quotient, moves: &[Vec<Vec<usize>>]) -> Option<Word> {
    let options = option_words(trial, moves);
    let heaps = Heaps { options: &options };
    let words: Vec<Option<Word>> = lex::least_words(trial, &heaps);
    let p_failure = lex::least_p_failure(trial, &trial.p, &heaps, &words);
    lex::least_n_failure(trial, &trial.p, &heaps, p_failure.as_ref()).or(p_failure)
}

/// Q × {1, x, x², x³ | x⁴ = x²}, heap n the generator x, reduced.
fn fresh_generator(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Option<Quotient> {
    let mut parts = vec![Part::Base; q.pretend.len()];
    parts.push(Part::Cyclic(0));
    let product = Product::new(
        q.clone(),
        vec![Cyclic {
            index: 2,
            period: 2,
        }],
        parts,
    );
    product.candidate(moves)
}

/// What recalibration gives: the next candidate, or why there is none.
enum Recalibrated {
    To(Quotient),
    /// Every candidate that could have fixed the failure was past the size bounds.
    TooLarge,
    /// None of the candidates gets the failure right.
    Stuck,
}

/// The next candidate after `trial` failed on `failure` (see the module notes).
fn recalibrate(trial: &Quotient, moves: &[Vec<Vec<usize>>], failure: &Word) -> Recalibrated {
    let mut too_large = false;
    let should_be_p = !trial.is_p(image(trial, failure));
    let involved: Vec<usize> = (0..failure.len()).filter(|&h| failure[h] > 0).collect();
    for size in 1..=involved.len() {
        for chosen in subsets(&involved, size) {
            check_interrupt();
            let mut rest = trial.pretend.clone();
            for &h in &chosen {
                rest[h] = 0;
            }
            let base = regenerate(trial, &rest);
            let cyclics: Vec<Cyclic> = chosen
                .iter()
                .map(|&h| {
                    let index = cyclic_index(trial, h).max(failure[h] as usize - 1);
                    // MisereSolver's choice of period: 2, growing with long indices.
                    let period = 2.max(2 * (index.saturating_sub(4) / 2));
                    Cyclic { index, period }
                })
                .collect();
            let parts: Vec<Part> = (0..rest.len())
                .map(|h| match chosen.iter().position(|&c| c == h) {
                    Some(i) => Part::Cyclic(i),
                    None => Part::Base,
                })
                .collect();
            let product = Product::new(base, cyclics, parts);
            let Some(candidate) = product.candidate(moves) else {
                too_large = true;
                continue;
            };
            if candidate.is_p(image(&candidate, failure)) == should_be_p {
                return Recalibrated::To(candidate);
            }
        }
    }
    if too_large {
        Recalibrated::TooLarge
    } else {
        Recalibrated::Stuck
    }
}

fn image<M: Monoid>(m: &M, word: &[u32]) -> u32 {
    let mut x = 0;
    for (h, &k) in word.iter().enumerate() {
        for _ in 0..k {
            x = m.times(x, h);
        }
    }
    x
}

/// The index of the cyclic submonoid of Φ(h): the first power that comes back.
fn cyclic_index(q: &Quotient, h: usize) -> usize {
    let mut seen: AHashMap<u32, usize> = AHashMap::new();
    let mut power = 0;
    let mut k = 0;
    while let std::collections::hash_map::Entry::Vacant(v) = seen.entry(power) {
        v.insert(k);
        k += 1;
        power = q.times(power, h);
    }
    seen[&power]
}

/// The subsets of `items` with `size` elements, in lexicographic order.
fn subsets(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..size).collect();
    loop {
        out.push(pick.iter().map(|&i| items[i]).collect());
        let Some(i) = (0..size).rev().find(|&i| pick[i] < items.len() - size + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The submonoid of q generated by the elements `rest[h]` of the heaps (`rest[h]` is Φ(h), or
/// the identity for a heap taken out), its elements numbered from 0 in the order reached.
fn regenerate(q: &Quotient, rest: &[u32]) -> Quotient {
    let mut gens: Vec<usize> = Vec::new();
    for (h, &x) in rest.iter().enumerate() {
        if x != 0 && !gens.iter().any(|&g| rest[g] == x) {
            gens.push(h);
        }
    }
    let mut renumber = vec![u32::MAX; q.order()];
    let mut members: Vec<u32> = vec![0];
    renumber[0] = 0;
    let mut i = 0;
    while i < members.len() {
        let x = members[i];
        for &g in &gens {
            let y = q.times(x, g);
            if renumber[y as usize] == u32::MAX {
                renumber[y as usize] = members.len() as u32;
                members.push(y);
            }
        }
        i += 1;
    }
    Quotient::build(
        members.iter().map(|&x| q.is_p(x)).collect(),
        rest.iter().map(|&x| renumber[x as usize]).collect(),
        |x, h| {
            if rest[h] == 0 {
                x
            } else {
                renumber[q.times(members[x as usize], h) as usize]
            }
        },
    )
}

/// The cyclic monoid {1, x, ..., x^(index+period-1)} with x^(index+period) = x^index.
#[derive(Clone, Copy, Debug)]
struct Cyclic {
    index: usize,
    period: usize,
}

impl Cyclic {
    fn size(self) -> usize {
        self.index + self.period
    }

    fn add(self, a: usize, b: usize) -> usize {
        let s = a + b;
        if s < self.size() {
            s
        } else {
            self.index + (s - self.index) % self.period
        }
    }
}

/// Where the element of a heap lies in a product: in the base monoid, or the generator of a
/// cyclic factor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Base,
    Cyclic(usize),
}

/// An element of a product: base element + |base|·(k1 + size1·(k2 + ...)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Code(u64);

/// The product of a monoid with cyclic monoids, each heap's element in one factor.
struct Product {
    base: Quotient,
    cyclics: Vec<Cyclic>,
    parts: Vec<Part>,
    /// The weight of each cyclic factor's exponent in a code.
    scales: Vec<u64>,
}

impl Product {
    fn new(base: Quotient, cyclics: Vec<Cyclic>, parts: Vec<Part>) -> Product {
        let mut scale = base.order() as u64;
        let scales = cyclics
            .iter()
            .map(|c| {
                let s = scale;
                scale = scale.saturating_mul(c.size() as u64);
                s
            })
            .collect();
        Product {
            base,
            cyclics,
            parts,
            scales,
        }
    }

    /// The number of codes.
    fn space(&self) -> u64 {
        self.cyclics
            .iter()
            .fold(self.base.order() as u64, |acc, c| {
                acc.saturating_mul(c.size() as u64)
            })
    }

    /// The code of Φ(h).
    fn heap_code(&self, h: usize) -> Code {
        match self.parts[h] {
            Part::Base => Code(self.base.pretend[h] as u64),
            Part::Cyclic(i) => Code(self.scales[i]),
        }
    }

    /// a·Φ(h): a step in the base's Cayley graph, or one more power of a cyclic generator.
    fn times(&self, a: Code, h: usize) -> Code {
        match self.parts[h] {
            Part::Base => {
                let m = self.base.order() as u64;
                let x = a.0 % m;
                Code(a.0 - x + self.base.times(x as u32, h) as u64)
            }
            Part::Cyclic(i) => {
                let c = self.cyclics[i];
                let k = (a.0 / self.scales[i]) % c.size() as u64;
                let next = c.add(k as usize, 1) as u64;
                Code(a.0 - k * self.scales[i] + next * self.scales[i])
            }
        }
    }

    /// The candidate the heaps give: the elements they reach, P by their least games, reduced
    /// by indistinguishability. None past `MAX_CANDIDATE` or `MAX_VERIFIED`.
    fn candidate(&self, moves: &[Vec<Vec<usize>>]) -> Option<Quotient> {
        let reached = Reached::new(self)?;
        let options = option_words(&reached, moves);
        let heaps = Heaps { options: &options };
        let (p, _) = lex::mark_p_portion(&reached, &heaps);
        reduce(&reached, &p, &reached.pretend)
    }
}

/// The elements of a product reached from the identity by the heaps' elements, as a Cayley
/// graph: the walks multiply by heaps in their inner loops.
struct Reached {
    /// `rows[x * columns + column[h]]` is x·Φ(h).
    rows: Vec<u32>,
    column: Vec<usize>,
    columns: usize,
    /// The number of Φ(h) of each heap.
    pretend: Vec<u32>,
}

/// The number of each reached code while the product is explored: a table over all codes
/// when they are few, a hash map otherwise.
enum CodeIndex {
    Dense(Vec<u32>),
    Sparse(AHashMap<Code, u32>),
}

/// The largest code space indexed by a table.
const MAX_DENSE: u64 = 1 << 22;

impl CodeIndex {
    fn new(space: u64) -> CodeIndex {
        if space <= MAX_DENSE {
            CodeIndex::Dense(vec![u32::MAX; space as usize])
        } else {
            CodeIndex::Sparse(AHashMap::new())
        }
    }

    fn get(&self, c: Code) -> Option<u32> {
        match self {
            CodeIndex::Dense(v) => Some(v[c.0 as usize]).filter(|&i| i != u32::MAX),
            CodeIndex::Sparse(m) => m.get(&c).copied(),
        }
    }

    fn insert(&mut self, c: Code, i: u32) {
        match self {
            CodeIndex::Dense(v) => v[c.0 as usize] = i,
            CodeIndex::Sparse(m) => {
                m.insert(c, i);
            }
        }
    }
}

impl Reached {
    fn new(product: &Product) -> Option<Reached> {
        // One column for each distinct element of a heap other than the identity.
        let mut gens: Vec<usize> = Vec::new();
        let column: Vec<usize> = (0..product.parts.len())
            .map(|h| {
                let c = product.heap_code(h);
                if c == Code(0) {
                    return usize::MAX;
                }
                match gens.iter().position(|&g| product.heap_code(g) == c) {
                    Some(k) => k,
                    None => {
                        gens.push(h);
                        gens.len() - 1
                    }
                }
            })
            .collect();
        let mut codes = vec![Code(0)];
        let mut id = CodeIndex::new(product.space());
        id.insert(Code(0), 0);
        let mut rows: Vec<u32> = Vec::new();
        let mut i = 0;
        while i < codes.len() {
            if i % 4096 == 0 {
                check_interrupt();
            }
            let x = codes[i];
            for &g in &gens {
                let y = product.times(x, g);
                let j = match id.get(y) {
                    Some(j) => j,
                    None => {
                        if codes.len() >= MAX_CANDIDATE {
                            return None;
                        }
                        id.insert(y, codes.len() as u32);
                        codes.push(y);
                        (codes.len() - 1) as u32
                    }
                };
                rows.push(j);
            }
            i += 1;
        }
        let pretend = (0..product.parts.len())
            .map(|h| {
                id.get(product.heap_code(h))
                    .expect("the heaps' elements are reached")
            })
            .collect();
        Some(Reached {
            rows,
            column,
            columns: gens.len(),
            pretend,
        })
    }
}

impl Monoid for Reached {
    fn order(&self) -> usize {
        self.rows.len().checked_div(self.columns).unwrap_or(1)
    }

    fn times(&self, x: u32, h: usize) -> u32 {
        match self.column[h] {
            usize::MAX => x,
            k => self.rows[x as usize * self.columns + k],
        }
    }
}

/// The quotient of a candidate by indistinguishability, x ρ y iff P(xz) = P(yz) for every z:
/// the coarsest partition that keeps P apart and that multiplying by each heap's element
/// keeps (the heaps generate the monoid), refined until it splits no more. Elements are
/// numbered by their first member. None past `MAX_VERIFIED` classes.
fn reduce<M: Monoid>(m: &M, p: &[bool], pretend: &[u32]) -> Option<Quotient> {
    let len = m.order();
    let mut gens: Vec<usize> = Vec::new();
    for (h, &x) in pretend.iter().enumerate() {
        if x != 0 && !gens.iter().any(|&g| pretend[g] == x) {
            gens.push(h);
        }
    }
    let mut block: Vec<u32> = p.iter().map(|&b| u32::from(b)).collect();
    let mut count = 0;
    let width = gens.len() + 1;
    let mut sigs: Vec<u32> = vec![0; len * width];
    loop {
        check_interrupt();
        // The signature of e: its block and the blocks of its products by the heaps.
        for (e, sig) in sigs.chunks_exact_mut(width).enumerate() {
            sig[0] = block[e];
            for (s, &h) in sig[1..].iter_mut().zip(&gens) {
                *s = block[m.times(e as u32, h) as usize];
            }
        }
        let mut ids: AHashMap<&[u32], u32> = AHashMap::with_capacity(2 * count);
        for (e, sig) in sigs.chunks_exact(width).enumerate() {
            let fresh = ids.len() as u32;
            block[e] = *ids.entry(sig).or_insert(fresh);
        }
        let before = count;
        count = ids.len();
        // Blocks only ever split: past the bound now, past it at the end.
        if count > MAX_VERIFIED {
            return None;
        }
        if count == before {
            break;
        }
    }
    // Blocks numbered by their first element (the identity's block first).
    let mut number = vec![u32::MAX; count];
    let mut first: Vec<u32> = Vec::with_capacity(count);
    for (e, &b) in block.iter().enumerate() {
        if number[b as usize] == u32::MAX {
            number[b as usize] = first.len() as u32;
            first.push(e as u32);
        }
    }
    let class = |e: u32| number[block[e as usize] as usize];
    Some(Quotient::build(
        first.iter().map(|&x| p[x as usize]).collect(),
        pretend.iter().map(|&e| class(e)).collect(),
        |x, h| class(m.times(first[x as usize], h)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_in_order() {
        assert_eq!(
            subsets(&[3, 5, 7], 2),
            vec![vec![3, 5], vec![3, 7], vec![5, 7]]
        );
        assert_eq!(subsets(&[4], 1), vec![vec![4]]);
    }

    #[test]
    fn cyclic_monoid_wraps_at_its_index() {
        let c = Cyclic {
            index: 2,
            period: 2,
        };
        assert_eq!(c.add(3, 1), 2);
        assert_eq!(c.add(3, 2), 3);
        assert_eq!(c.add(1, 1), 2);
    }

    #[test]
    fn lex_order_puts_the_largest_heap_first() {
        // 1+1+1 (three heaps of 1) comes before a single heap of 2.
        assert!(super::lex::lex_cmp(&[0, 3, 0], &[0, 0, 1]).is_lt());
    }
}
