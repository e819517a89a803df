//! The genus of a misère impartial game (WW ch. 13; ONAG ch. 12): the normal-play nim-value g
//! and the misère nim-values γ0, γ1, γ2, ... of G, G+*2, G+*2+*2, ..., a sequence that is
//! eventually periodic with period 2.

use std::fmt;

use super::store::{mex, Misere, Store};

/// A genus g^(γ0 γ1 ...): `gammas` is the shortest prefix (of length at least 2) after which
/// the sequence repeats with period 2.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    pub g_plus: u32,
    pub gammas: Vec<u32>,
    /// How the genus prints: `Plain` for the genus of a nim heap (`3`), `Short` for a tame or
    /// restive game (`1^1`, WW's abbreviation: the rest of the sequence follows from g and γ0),
    /// `Full` otherwise (`0^120`).
    pub style: GenusStyle,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenusStyle {
    Plain,
    Short,
    Full,
}

impl Genus {
    /// γk, for any k (the stored prefix continued with period 2).
    pub fn gamma(&self, k: usize) -> u32 {
        let len = self.gammas.len();
        if k < len {
            self.gammas[k]
        } else {
            self.gammas[len - 2 + (k - len) % 2]
        }
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.g_plus)?;
        let sup: &[u32] = match self.style {
            GenusStyle::Plain => return Ok(()),
            GenusStyle::Short => &self.gammas[..1],
            GenusStyle::Full => &self.gammas,
        };
        f.write_str("^")?;
        if sup.iter().any(|&d| d >= 10) {
            let parts: Vec<String> = sup.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        } else {
            sup.iter().try_for_each(|d| write!(f, "{d}"))
        }
    }
}

impl Store {
    /// The genus sequence of a canonical form, from its options' (WW ch. 13): γ0 is the misère
    /// nim-value, and for k >= 1 the options of G + k.*2 are G' + k.*2 and, from the last *2,
    /// G + (k-1).*2 + * and G + (k-1).*2, whose misère nim-values are γ(k-1) xor 1 and γ(k-1)
    /// (adding * flips the last bit of any misère nim-value: a short induction on G). So
    /// γk = mex({γk(G')} ∪ {γ(k-1), γ(k-1) xor 1}).
    pub fn gammas(&mut self, g: Misere) -> Vec<u32> {
        if let Some(gs) = self.genus_cache.get(&g) {
            return gs.clone();
        }
        let options = self.options(g).to_vec();
        let option_gammas: Vec<Vec<u32>> = options.iter().map(|&o| self.gammas(o)).collect();
        let settled = option_gammas.iter().map(Vec::len).max().unwrap_or(0);
        let at = |gs: &Vec<u32>, k: usize| {
            let len = gs.len();
            if k < len {
                gs[k]
            } else {
                gs[len - 2 + (k - len) % 2]
            }
        };
        let mut gammas = vec![self.node(g).g_minus];
        // Beyond `settled` the options repeat with period 2, so γk depends only on γ(k-1) and
        // the parity of k: one repeat γk = γ(k-2) there and the sequence repeats from then on.
        loop {
            let k = gammas.len();
            let prev = gammas[k - 1];
            let next = mex(option_gammas
                .iter()
                .map(|gs| at(gs, k))
                .chain([prev, prev ^ 1]));
            gammas.push(next);
            if k > settled && k >= 2 && gammas[k] == gammas[k - 2] {
                break;
            }
        }
        while gammas.len() > 2 && gammas[gammas.len() - 1] == gammas[gammas.len() - 3] {
            gammas.pop();
        }
        self.genus_cache.insert(g, gammas.clone());
        gammas
    }

    /// Tame in ONAG's sense (ch. 12), hereditarily: every option tame and the genus 0^1, 1^0
    /// or a^a (g and γ0 equal, or {g, γ0} = {0, 1}).
    pub fn is_tame(&mut self, g: Misere) -> bool {
        if let Some(&t) = self.tame_cache.get(&g) {
            return t;
        }
        let node = self.node(g);
        let (gp, gm) = (node.g_plus, node.g_minus);
        let tame_genus = gp == gm || (gp ^ gm == 1 && gp < 2);
        let options = self.options(g).to_vec();
        let t = tame_genus && options.into_iter().all(|o| self.is_tame(o));
        self.tame_cache.insert(g, t);
        t
    }

    /// Not tame, with every option tame: restive when g+ is 0 or 1, restless when g- is 0 or
    /// 1 (Hoey's phyla of near-tame games, as CGSuite documents them; ONAG ch. 12 calls restive
    /// games "ambivalent nim-heaps").
    fn near_tame(&mut self, g: Misere) -> bool {
        let options = self.options(g).to_vec();
        !self.is_tame(g) && options.into_iter().all(|o| self.is_tame(o))
    }

    pub fn is_restive(&mut self, g: Misere) -> bool {
        self.near_tame(g) && self.node(g).g_plus < 2
    }

    pub fn is_restless(&mut self, g: Misere) -> bool {
        self.near_tame(g) && self.node(g).g_minus < 2
    }

    pub fn genus(&mut self, g: Misere) -> Genus {
        let gammas = self.gammas(g);
        let style = if self.nim_heap_size(g).is_some() {
            GenusStyle::Plain
        } else if self.is_tame(g) || self.is_restive(g) {
            GenusStyle::Short
        } else {
            GenusStyle::Full
        };
        Genus {
            g_plus: self.node(g).g_plus,
            gammas,
            style,
        }
    }
}
