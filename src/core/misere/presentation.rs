//! Printing a misère quotient as the paper does: generators a, b, c, ... (the heaps that
//! added one, in order), relations, and each element as a word in the generators.
//!
//! Each element's word is its first word in degree order, ties broken towards the earlier
//! generators (ab before bc, b^2 before c^2). A relation is a word that is not an element's
//! word while every word it contains by one generator less is: these minimal words, rewritten
//! to the elements' words, present the monoid (any longer word reduces through one of them).

use super::quotient::Quotient;

/// Exponents of the generators, a first.
type Word = Vec<u32>;

/// The words and relations of a quotient.
pub struct Presentation {
    pub words: Vec<Word>,
    pub relations: Vec<(Word, Word)>,
}

impl Presentation {
    pub fn of(q: &Quotient) -> Presentation {
        let gens: Vec<u32> = q
            .generator_heaps()
            .iter()
            .map(|&h| {
                q.heap_element(h)
                    .expect("a generator heap is within the bound")
            })
            .collect();
        let mut words: Vec<Option<Word>> = vec![None; q.order()];
        words[0] = Some(vec![0; gens.len()]);
        let mut relations = Vec::new();
        let mut level: Vec<(Word, u32)> = vec![(vec![0; gens.len()], 0)];
        while !level.is_empty() {
            crate::core::check_interrupt();
            let mut candidates: Vec<(Word, u32)> = Vec::new();
            for (w, x) in &level {
                for (k, &g) in gens.iter().enumerate() {
                    let mut v = w.clone();
                    v[k] += 1;
                    candidates.push((v, q.mul(*x, g)));
                }
            }
            candidates.sort_by(|a, b| a.0.iter().rev().cmp(b.0.iter().rev()));
            candidates.dedup_by(|a, b| a.0 == b.0);
            let mut next = Vec::new();
            for (v, x) in candidates {
                match &words[x as usize] {
                    None => {
                        words[x as usize] = Some(v.clone());
                        next.push((v, x));
                    }
                    Some(w) if minimal(&v, &words, q, &gens) => {
                        relations.push((v, w.clone()));
                    }
                    Some(_) => {}
                }
            }
            level = next;
        }
        Presentation {
            words: words
                .into_iter()
                .map(|w| w.expect("every element is a product of generators"))
                .collect(),
            relations,
        }
    }
}

/// Every word of `v` with one generator less is its element's word.
fn minimal(v: &Word, words: &[Option<Word>], q: &Quotient, gens: &[u32]) -> bool {
    (0..v.len()).filter(|&k| v[k] > 0).all(|k| {
        let mut u = v.clone();
        u[k] -= 1;
        let x = u
            .iter()
            .zip(gens)
            .fold(0, |acc, (&e, &g)| (0..e).fold(acc, |a, _| q.mul(a, g)));
        words[x as usize].as_ref() == Some(&u)
    })
}

/// The name of generator k: a..z, then g27, g28, ...
pub fn generator_name(k: usize) -> String {
    if k < 26 {
        ((b'a' + k as u8) as char).to_string()
    } else {
        format!("g{}", k + 1)
    }
}

/// `1`, `a`, `b^2c`, ...
pub fn word_text(w: &[u32]) -> String {
    let mut s = String::new();
    for (k, &e) in w.iter().enumerate() {
        if e == 0 {
            continue;
        }
        s.push_str(&generator_name(k));
        if e > 1 {
            s.push_str(&format!("^{e}"));
        }
    }
    if s.is_empty() {
        "1".to_string()
    } else {
        s
    }
}

impl Quotient {
    /// `<a,b | a^2=1, b^3=b>`.
    pub fn presentation(&self) -> String {
        let p = Presentation::of(self);
        let gens: Vec<String> = (0..self.generator_heaps().len())
            .map(generator_name)
            .collect();
        let rels: Vec<String> = p
            .relations
            .iter()
            .map(|(l, r)| format!("{}={}", word_text(l), word_text(r)))
            .collect();
        if rels.is_empty() {
            format!("<{}>", gens.join(","))
        } else {
            format!("<{} | {}>", gens.join(","), rels.join(", "))
        }
    }

    /// The word of each element.
    pub fn element_words(&self) -> Vec<String> {
        Presentation::of(self)
            .words
            .iter()
            .map(|w| word_text(w))
            .collect()
    }
}
