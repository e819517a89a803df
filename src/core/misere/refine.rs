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

/// The largest reduced candidate (its table has a word for each pair).
pub const MAX_VERIFIED: usize = 1 << 12;

/// How many failed candidates one heap may have.
const MAX_TRIES: usize = 400;

impl Monoid for Quotient {
    fn order(&self) -> usize {
        Quotient::order(self)
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        Quotient::mul(self, x, y)
    }
}

/// The elements of the options of each heap under Φ, without repeats.
fn option_images<M: Monoid>(m: &M, pretend: &[u32], moves: &[Vec<Vec<usize>>]) -> Vec<Vec<u32>> {
    moves
        .iter()
        .map(|ms| {
            let mut images: Vec<u32> = ms
                .iter()
                .map(|parts| parts.iter().fold(0, |acc, &h| m.mul(acc, pretend[h])))
                .collect();
            images.sort_unstable();
            images.dedup();
            images
        })
        .collect()
}

/// The quotient of heaps 0..=n (`moves[h]` the moves of heap h) from that of heaps 0..n-1.
pub fn extend(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Result<Quotient, QuotientError> {
    let n = moves.len() - 1;
    if moves[n].is_empty() {
        let mut next = q.clone();
        next.pretend.push(0);
        return Ok(next);
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
    let options = option_images(q, &q.pretend, &moves[n..]).remove(0);
    let heap_is_p = options.iter().all(|&o| !q.is_p(o));
    let order = q.order() as u32;
    for x in 0..order {
        if q.is_p(x) != heap_is_p {
            continue;
        }
        // No sum y + n may be P while a move in n reaches a P-position: cheap, and it rules
        // out most x before the full check.
        let p_failure =
            (0..order).any(|y| q.is_p(q.mul(y, x)) && options.iter().any(|&o| q.is_p(q.mul(y, o))));
        if p_failure {
            continue;
        }
        let mut next = q.clone();
        next.pretend.push(x);
        if verify(&next, moves).is_ok() {
            return Some(next);
        }
    }
    None
}

/// The least failure of a candidate: the least P-failure, or an N-failure before it.
fn least_failure(trial: &Quotient, moves: &[Vec<Vec<usize>>]) -> Option<Word> {
    let options = option_images(trial, &trial.pretend, moves);
    let heaps = Heaps {
        pretend: &trial.pretend,
        options: &options,
    };
    let words: Vec<Option<Word>> = lex::least_words(trial, &heaps);
    let p_failure = lex::least_p_failure(trial, &trial.p, &heaps, &words);
    lex::least_n_failure(trial, &trial.p, &heaps, p_failure.as_ref()).or(p_failure)
}

/// Q × {1, x, x², x³ | x⁴ = x²}, heap n the generator x, reduced.
fn fresh_generator(q: &Quotient, moves: &[Vec<Vec<usize>>]) -> Option<Quotient> {
    let mut pretend: Vec<Code> = q.pretend.iter().map(|&e| Code(e as u64)).collect();
    let product = Product::new(
        q.clone(),
        vec![Cyclic {
            index: 2,
            period: 2,
        }],
    );
    pretend.push(product.generator(0));
    product.candidate(&pretend, moves)
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
    let should_be_p = !trial.is_p(image(trial, &trial.pretend, failure));
    let involved: Vec<usize> = (0..failure.len()).filter(|&h| failure[h] > 0).collect();
    for size in 1..=involved.len() {
        for chosen in subsets(&involved, size) {
            check_interrupt();
            let mut rest = trial.pretend.clone();
            for &h in &chosen {
                rest[h] = 0;
            }
            let (base, renumber) = regenerate(trial, &rest);
            let cyclics: Vec<Cyclic> = chosen
                .iter()
                .map(|&h| {
                    let index = cyclic_index(trial, trial.pretend[h]).max(failure[h] as usize - 1);
                    // MisereSolver's choice of period: 2, growing with long indices.
                    let period = 2.max(2 * (index.saturating_sub(4) / 2));
                    Cyclic { index, period }
                })
                .collect();
            let product = Product::new(base, cyclics);
            let pretend: Vec<Code> = (0..rest.len())
                .map(|h| match chosen.iter().position(|&c| c == h) {
                    Some(i) => product.generator(i),
                    None => Code(renumber[rest[h] as usize] as u64),
                })
                .collect();
            let Some(candidate) = product.candidate(&pretend, moves) else {
                too_large = true;
                continue;
            };
            if candidate.is_p(image(&candidate, &candidate.pretend, failure)) == should_be_p {
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

fn image<M: Monoid>(m: &M, pretend: &[u32], word: &[u32]) -> u32 {
    let mut x = 0;
    for (h, &k) in word.iter().enumerate() {
        for _ in 0..k {
            x = m.mul(x, pretend[h]);
        }
    }
    x
}

/// The index of the cyclic submonoid of x: the first power that comes back.
fn cyclic_index(q: &Quotient, x: u32) -> usize {
    let mut seen: AHashMap<u32, usize> = AHashMap::new();
    let mut power = 0;
    let mut k = 0;
    while let std::collections::hash_map::Entry::Vacant(v) = seen.entry(power) {
        v.insert(k);
        k += 1;
        power = q.mul(power, x);
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

/// The submonoid of q generated by the elements `gens` (with the identity), renumbered from 0
/// in the order reached; `renumber[x]` is x's new number (u32::MAX outside it).
fn regenerate(q: &Quotient, gens: &[u32]) -> (Quotient, Vec<u32>) {
    let mut gens: Vec<u32> = gens.to_vec();
    gens.sort_unstable();
    gens.dedup();
    let mut renumber = vec![u32::MAX; q.order()];
    let mut members: Vec<u32> = vec![0];
    renumber[0] = 0;
    let mut i = 0;
    while i < members.len() {
        let x = members[i];
        for &g in &gens {
            let y = q.mul(x, g);
            if renumber[y as usize] == u32::MAX {
                renumber[y as usize] = members.len() as u32;
                members.push(y);
            }
        }
        i += 1;
    }
    let table = members
        .iter()
        .flat_map(|&x| members.iter().map(move |&y| (x, y)))
        .map(|(x, y)| renumber[q.mul(x, y) as usize])
        .collect();
    let sub = Quotient::from_table(
        table,
        members.iter().map(|&x| q.is_p(x)).collect(),
        Vec::new(),
    );
    (sub, renumber)
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

/// An element of a product: base element + |base|·(k1 + size1·(k2 + ...)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Code(u64);

/// The product of a monoid with cyclic monoids, multiplied componentwise.
struct Product {
    base: Quotient,
    cyclics: Vec<Cyclic>,
}

impl Product {
    fn new(base: Quotient, cyclics: Vec<Cyclic>) -> Product {
        Product { base, cyclics }
    }

    /// The number of codes.
    fn space(&self) -> u64 {
        self.cyclics
            .iter()
            .fold(self.base.order() as u64, |acc, c| {
                acc.saturating_mul(c.size() as u64)
            })
    }

    /// The generator x of cyclic component i.
    fn generator(&self, i: usize) -> Code {
        let scale: u64 = self.cyclics[..i].iter().map(|c| c.size() as u64).product();
        Code(self.base.order() as u64 * scale)
    }

    fn mul(&self, a: Code, b: Code) -> Code {
        let m = self.base.order() as u64;
        let x = self.base.mul((a.0 % m) as u32, (b.0 % m) as u32) as u64;
        let (mut ka, mut kb) = (a.0 / m, b.0 / m);
        let mut code = 0u64;
        let mut scale = 1u64;
        for c in &self.cyclics {
            let size = c.size() as u64;
            code += scale * c.add((ka % size) as usize, (kb % size) as usize) as u64;
            ka /= size;
            kb /= size;
            scale *= size;
        }
        Code(x + m * code)
    }

    /// The candidate with Φ(h) = pretend[h]: the elements the heaps reach, P by their least
    /// games, reduced by indistinguishability. None past `MAX_CANDIDATE` or `MAX_VERIFIED`.
    fn candidate(&self, pretend: &[Code], moves: &[Vec<Vec<usize>>]) -> Option<Quotient> {
        let reached = Reached::new(self, pretend)?;
        let pretend: Vec<u32> = pretend
            .iter()
            .map(|&c| reached.id.get(c).expect("the heaps' elements are reached"))
            .collect();
        let options = option_images(&reached, &pretend, moves);
        let heaps = Heaps {
            pretend: &pretend,
            options: &options,
        };
        let (p, _) = lex::mark_p_portion(&reached, &heaps);
        reduce(&reached, &p, &pretend)
    }
}

/// The elements of a product reached from the identity by the heaps' elements.
struct Reached<'a> {
    product: &'a Product,
    codes: Vec<Code>,
    id: CodeIndex,
}

/// The number of each reached code: a table over all codes when they are few (the products
/// are multiplied in the inner loops of the walks), a hash map otherwise.
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

impl<'a> Reached<'a> {
    fn new(product: &'a Product, pretend: &[Code]) -> Option<Reached<'a>> {
        let mut gens: Vec<Code> = pretend.iter().copied().filter(|&c| c != Code(0)).collect();
        gens.sort_unstable_by_key(|c| c.0);
        gens.dedup();
        let mut reached = Reached {
            product,
            codes: vec![Code(0)],
            id: CodeIndex::new(product.space()),
        };
        reached.id.insert(Code(0), 0);
        let mut i = 0;
        while i < reached.codes.len() {
            if i % 4096 == 0 {
                check_interrupt();
            }
            let x = reached.codes[i];
            for &g in &gens {
                let y = product.mul(x, g);
                if reached.id.get(y).is_none() {
                    if reached.codes.len() >= MAX_CANDIDATE {
                        return None;
                    }
                    reached.id.insert(y, reached.codes.len() as u32);
                    reached.codes.push(y);
                }
            }
            i += 1;
        }
        Some(reached)
    }
}

impl Monoid for Reached<'_> {
    fn order(&self) -> usize {
        self.codes.len()
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        let z = self
            .product
            .mul(self.codes[x as usize], self.codes[y as usize]);
        self.id
            .get(z)
            .expect("a product of reached elements is reached")
    }
}

/// The quotient of a candidate by indistinguishability, x ρ y iff P(xz) = P(yz) for every z:
/// the coarsest partition that keeps P apart and that multiplying by each heap's element
/// keeps (the heaps generate the monoid). Elements are numbered by their first member.
fn reduce<M: Monoid>(m: &M, p: &[bool], pretend: &[u32]) -> Option<Quotient> {
    let len = m.order();
    let mut gens: Vec<u32> = pretend.iter().copied().filter(|&g| g != 0).collect();
    gens.sort_unstable();
    gens.dedup();
    let products: Vec<Vec<u32>> = gens
        .iter()
        .map(|&g| (0..len as u32).map(|e| m.mul(e, g)).collect())
        .collect();
    let mut block: Vec<u32> = p.iter().map(|&b| u32::from(b)).collect();
    let mut count = 0;
    loop {
        check_interrupt();
        let mut ids: AHashMap<Vec<u32>, u32> = AHashMap::new();
        let mut sig = Vec::with_capacity(gens.len() + 1);
        let next: Vec<u32> = (0..len)
            .map(|e| {
                sig.clear();
                sig.push(block[e]);
                sig.extend(products.iter().map(|q| block[q[e] as usize]));
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
    if count > MAX_VERIFIED {
        return None;
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
    let mut table = Vec::with_capacity(count * count);
    for &x in &first {
        check_interrupt();
        table.extend(first.iter().map(|&y| class(m.mul(x, y))));
    }
    Some(Quotient::from_table(
        table,
        first.iter().map(|&x| p[x as usize]).collect(),
        pretend.iter().map(|&e| class(e)).collect(),
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
