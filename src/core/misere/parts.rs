//! Parts, partitions and primes (ONAG ch. 12, "How to lose when you must"). H is a part of G
//! when G = H + X for some X (the difference G - H exists); G + * is then a part too, since
//! the sum of two stars is 0: the game * is a part of every game, the one "unit" of misère
//! addition. So 0 and * are not counted as parts, a part P and its associate P + * are the
//! same part up to the unit, and a game other than 0 and * is prime when its only parts are
//! itself and its associate. A partition of G is a way to write it as a sum of primes; Conway
//! shows there are finitely many and that there may be more than one.
//!
//! Parts are searched among the parts of G's options, their differences from G, and G, G + *
//! themselves: if G = H + K with K not 0 and the sum's form does not reduce, H is a part of the
//! option H + K' of G; if it reduces to H + K'', G = H + K'' is a partition with a younger K;
//! if it reduces to H'' + K, K is found first and H as G - K. (A reduction to H' + K' leaves
//! H out of this search; each part found is confirmed by its difference, so the parts listed
//! are parts, and none are known to be missed among the games of the tests.)

use ahash::AHashMap;

use super::difference::Difference;
use super::store::{Misere, Store};

impl Store {
    /// The parts of g other than 0 and *, by handle.
    pub fn parts(&mut self, g: Misere) -> Vec<Misere> {
        let mut memo = AHashMap::new();
        self.parts_memo(g, &mut memo)
    }

    fn parts_memo(&mut self, g: Misere, memo: &mut AHashMap<Misere, Vec<Misere>>) -> Vec<Misere> {
        if let Some(p) = memo.get(&g) {
            return p.clone();
        }
        crate::core::check_interrupt();
        let star = self.heap(1);
        let mut candidates = vec![g, self.sum(g, star)];
        for o in self.options(g).to_vec() {
            candidates.extend(self.parts_memo(o, memo));
        }
        candidates.sort_unstable();
        candidates.dedup();
        let mut parts = Vec::new();
        for h in candidates {
            if h == Misere::ZERO || h == star || parts.contains(&h) {
                continue;
            }
            if let Difference::Found(k) = self.difference(g, h) {
                parts.push(h);
                let kstar = self.sum(k, star);
                for c in [k, kstar] {
                    if c != Misere::ZERO && c != star && !parts.contains(&c) {
                        parts.push(c);
                    }
                }
                let hstar = self.sum(h, star);
                if hstar != Misere::ZERO && hstar != star && !parts.contains(&hstar) {
                    parts.push(hstar);
                }
            }
        }
        parts.sort_unstable();
        memo.insert(g, parts.clone());
        parts
    }

    /// Of P and P + *, the one born first (the two birthdays differ by one).
    pub fn unit_representative(&mut self, p: Misere) -> Misere {
        let star = self.heap(1);
        let q = self.sum(p, star);
        if self.node(q).birthday < self.node(p).birthday {
            q
        } else {
            p
        }
    }

    /// Not 0 or *, and no parts but itself and its associate.
    pub fn is_prime(&mut self, g: Misere) -> bool {
        let star = self.heap(1);
        if g == Misere::ZERO || g == star {
            return false;
        }
        let g_star = self.sum(g, star);
        self.parts(g).iter().all(|&p| p == g || p == g_star)
    }

    /// The partitions of g into primes, each a list of primes (by handle) whose sum is g; a
    /// prime and its associate are not told apart, the last prime of a list carrying the *
    /// when one is needed. 0 and * have the one empty partition.
    pub fn partitions(&mut self, g: Misere) -> Vec<Vec<Misere>> {
        let star = self.heap(1);
        let reps = self.prime_partitions(g, Misere::ZERO, &mut AHashMap::new());
        let mut out = Vec::new();
        for mut parts in reps {
            let sum = parts.iter().fold(Misere::ZERO, |acc, &p| self.sum(acc, p));
            if sum != g {
                if let Some(last) = parts.last_mut() {
                    *last = self.sum(*last, star);
                }
            }
            out.push(parts);
        }
        out
    }

    /// The partitions of g (up to *) into unit representatives of primes, each at least
    /// `least` by handle, ascending.
    fn prime_partitions(
        &mut self,
        g: Misere,
        least: Misere,
        memo: &mut AHashMap<(Misere, Misere), Vec<Vec<Misere>>>,
    ) -> Vec<Vec<Misere>> {
        let star = self.heap(1);
        if g == Misere::ZERO || g == star {
            return vec![Vec::new()];
        }
        if let Some(known) = memo.get(&(g, least)) {
            return known.clone();
        }
        crate::core::check_interrupt();
        let mut primes: Vec<Misere> = Vec::new();
        for p in self.parts(g) {
            let r = self.unit_representative(p);
            if r >= least && !primes.contains(&r) && self.is_prime(r) {
                primes.push(r);
            }
        }
        primes.sort_unstable();
        let mut out = Vec::new();
        for p in primes {
            let Difference::Found(rest) = self.difference(g, p) else {
                continue;
            };
            for mut tail in self.prime_partitions(rest, p, memo) {
                tail.insert(0, p);
                if !out.contains(&tail) {
                    out.push(tail);
                }
            }
        }
        memo.insert((g, least), out.clone());
        out
    }

    /// Extraverted: a part of none of its options (the counterpart of introverted, a part of
    /// each of them; see `Misere::is_introverted`).
    pub fn is_extraverted(&mut self, g: Misere) -> bool {
        self.options(g)
            .to_vec()
            .into_iter()
            .all(|o| !matches!(self.difference(o, g), Difference::Found(_)))
    }
}
