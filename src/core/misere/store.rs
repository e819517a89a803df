//! The arena of misère canonical forms: each distinct form is stored once and named by a
//! [`Misere`] handle, so equality of values is equality of handles. Canonicalisation, sums and
//! the values every form carries (birthday, normal and misère nim-values) live here.
//!
//! Sources: Conway, *On Numbers and Games* (ONAG), ch. 12; Berlekamp, Conway and Guy, *Winning
//! Ways* (WW), ch. 13; Siegel, *Combinatorial Game Theory* (2013), ch. V.

use std::cell::RefCell;

use ahash::AHashMap;

use crate::core::check_interrupt;

/// A misère impartial game in canonical form: a handle into this thread's arena.
///
/// ```
/// use cg::core::misere::Misere;
/// let two = Misere::heap(2);
/// // *2 + *2 is 0 in normal play but not in misère play.
/// assert_ne!(two.sum(two), Misere::ZERO);
/// // * + * is 0 in misère play too: {*} reduces to 0.
/// assert_eq!(Misere::heap(1).sum(Misere::heap(1)), Misere::ZERO);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Misere(pub(crate) u32);

/// What the arena keeps for one canonical form.
pub(crate) struct Node {
    /// Canonical options, sorted by handle, without repeats.
    pub options: Box<[Misere]>,
    pub birthday: u32,
    /// Normal-play nim-value (mex of the options').
    pub g_plus: u32,
    /// Misère nim-value: 1 for 0, else the mex of the options'. It is 0 exactly at misère
    /// P-positions, and G + *n is a misère P-position exactly when n is this value.
    pub g_minus: u32,
}

pub(crate) struct Store {
    pub nodes: Vec<Node>,
    index: AHashMap<Box<[Misere]>, Misere>,
    heaps: Vec<Misere>,
    sums: AHashMap<(Misere, Misere), Misere>,
    /// Genus sequences and tameness (see `genus`).
    pub genus_cache: AHashMap<Misere, Vec<u32>>,
    pub tame_cache: AHashMap<Misere, bool>,
    pub mate_cache: AHashMap<Misere, Misere>,
    /// P-N distinguishers of pairs (see `link`).
    pub pn_cache: AHashMap<(Misere, Misere), Misere>,
    /// Hoey's wider phyla (see `phylum`).
    pub general_cache: AHashMap<(Misere, super::phylum::Class), bool>,
}

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::new());
}

/// Runs `f` on this thread's misère arena (store methods call each other, never this).
pub(crate) fn with_store<R>(f: impl FnOnce(&mut Store) -> R) -> R {
    STORE.with(|store| f(&mut store.borrow_mut()))
}

/// The largest nim heap the arena builds: the heaps below it come too, n²/2 option words.
pub const MAX_HEAP: u32 = 4096;

impl Misere {
    /// The game with no options.
    pub const ZERO: Misere = Misere(0);

    /// The nim heap *n ({0, *, ..., *(n-1)}), canonical in misère play as in normal play.
    pub fn heap(n: u32) -> Misere {
        with_store(|s| s.heap(n))
    }

    /// The canonical form of the game whose options are `options` (ONAG ch. 12).
    pub fn from_options(options: &[Misere]) -> Misere {
        with_store(|s| s.canonical(options.to_vec()))
    }

    /// The disjunctive sum, in canonical form.
    pub fn sum(self, other: Misere) -> Misere {
        with_store(|s| s.sum(self, other))
    }

    /// The options of the canonical form, in the arena's order.
    pub fn options(self) -> Vec<Misere> {
        with_store(|s| s.node(self).options.to_vec())
    }

    /// The birthday of the canonical form.
    pub fn birthday(self) -> u32 {
        with_store(|s| s.node(self).birthday)
    }

    /// The normal-play nim-value.
    pub fn nim_value(self) -> u32 {
        with_store(|s| s.node(self).g_plus)
    }

    /// The misère nim-value (WW ch. 13): 0 exactly for misère P-positions.
    pub fn misere_nim_value(self) -> u32 {
        with_store(|s| s.node(self).g_minus)
    }

    /// True for a misère P-position (the player to move loses when the last mover loses).
    pub fn is_p_position(self) -> bool {
        self.misere_nim_value() == 0
    }

    /// True when the canonical form is a nim heap.
    pub fn is_nim_heap(self) -> bool {
        with_store(|s| s.nim_heap_size(self).is_some())
    }

    /// n when this game is the nim heap *n.
    pub fn nim_heap_size(self) -> Option<u32> {
        with_store(|s| s.nim_heap_size(self))
    }
}

impl Store {
    fn new() -> Store {
        let mut store = Store {
            nodes: Vec::new(),
            index: AHashMap::new(),
            heaps: Vec::new(),
            sums: AHashMap::new(),
            genus_cache: AHashMap::new(),
            tame_cache: AHashMap::new(),
            mate_cache: AHashMap::new(),
            pn_cache: AHashMap::new(),
            general_cache: AHashMap::new(),
        };
        let zero = store.intern(Vec::new());
        debug_assert_eq!(zero, Misere::ZERO);
        store.heaps.push(zero);
        store
    }

    pub fn node(&self, g: Misere) -> &Node {
        &self.nodes[g.0 as usize]
    }

    pub fn options(&self, g: Misere) -> &[Misere] {
        &self.node(g).options
    }

    pub fn heap(&mut self, n: u32) -> Misere {
        if n > MAX_HEAP {
            crate::core::refuse(format!(
                "the nim heap *{n} is too large for a misère canonical form (at most *{MAX_HEAP})"
            ));
        }
        while self.heaps.len() <= n as usize {
            // *k's options are the heaps below it, all canonical, and no reduction applies
            // (a reduction would need an option of an option with every smaller heap as option).
            let options = self.heaps.clone();
            let h = self.intern(options);
            self.heaps.push(h);
        }
        self.heaps[n as usize]
    }

    /// n when g is *n: the nim heap of its birthday is the only candidate.
    pub fn nim_heap_size(&mut self, g: Misere) -> Option<u32> {
        let b = self.node(g).birthday;
        (self.heaps.get(b as usize) == Some(&g) || self.heap(b) == g).then_some(b)
    }

    /// Stores a form whose options are canonical, sorted and free of reductions.
    fn intern(&mut self, options: Vec<Misere>) -> Misere {
        if let Some(&g) = self.index.get(options.as_slice()) {
            return g;
        }
        let birthday = options
            .iter()
            .map(|&o| self.node(o).birthday + 1)
            .max()
            .unwrap_or(0);
        let g_plus = mex(options.iter().map(|&o| self.node(o).g_plus));
        let g_minus = if options.is_empty() {
            1
        } else {
            mex(options.iter().map(|&o| self.node(o).g_minus))
        };
        let g = Misere(u32::try_from(self.nodes.len()).expect("misère arena overflow"));
        let options: Box<[Misere]> = options.into_boxed_slice();
        self.nodes.push(Node {
            options: options.clone(),
            birthday,
            g_plus,
            g_minus,
        });
        self.index.insert(options, g);
        g
    }

    /// The canonical form of the game with these (canonical) options.
    ///
    /// Conway's simplification (ONAG ch. 12, after Grundy and Smith): if some option of an
    /// option, T, has all its options among ours and every other option of ours has T as an
    /// option, the game equals T. For T = 0 the proviso applies: one of our options must be a
    /// misère P-position (so that the game, like 0, is a win for the player to move; {*} = 0
    /// but {*2} is not). Without such a T the form is canonical (Conway's simplest form
    /// theorem), and T, when it exists, is already canonical.
    pub fn canonical(&mut self, mut options: Vec<Misere>) -> Misere {
        check_interrupt();
        options.sort_unstable();
        options.dedup();
        if let Some(&g) = self.index.get(options.as_slice()) {
            return g;
        }
        if let Some(t) = self.reduction(&options) {
            return t;
        }
        self.intern(options)
    }

    /// The T of [`Store::canonical`], if there is one. T is an option of the latest-born
    /// option B0: T is born before some option, so before B0, and cannot have B0 as an option;
    /// so B0 is one of the other options, which all have T as an option. T equals the game, so
    /// it also has the game's normal and misère nim-values: a cheap filter before the subset
    /// test.
    fn reduction(&self, options: &[Misere]) -> Option<Misere> {
        let &b0 = options.iter().max_by_key(|&&o| self.node(o).birthday)?;
        let g_plus = mex(options.iter().map(|&o| self.node(o).g_plus));
        let g_minus = mex(options.iter().map(|&o| self.node(o).g_minus));
        self.options(b0).iter().copied().find(|&t| {
            let node = self.node(t);
            node.g_plus == g_plus && node.g_minus == g_minus && self.reduces_to(options, t)
        })
    }

    fn reduces_to(&self, options: &[Misere], t: Misere) -> bool {
        let t_options = self.options(t);
        if !t_options.iter().all(|o| options.binary_search(o).is_ok()) {
            return false;
        }
        let mut extra_p_position = false;
        for &x in options {
            if t_options.binary_search(&x).is_ok() {
                continue;
            }
            if self.options(x).binary_search(&t).is_err() {
                return false;
            }
            extra_p_position |= self.node(x).g_minus == 0;
        }
        !t_options.is_empty() || extra_p_position
    }

    pub fn sum(&mut self, a: Misere, b: Misere) -> Misere {
        if a == Misere::ZERO {
            return b;
        }
        if b == Misere::ZERO {
            return a;
        }
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sums.get(&key) {
            return s;
        }
        let mut options = Vec::with_capacity(self.options(a).len() + self.options(b).len());
        for i in 0..self.options(a).len() {
            let a1 = self.options(a)[i];
            options.push(self.sum(a1, b));
        }
        for i in 0..self.options(b).len() {
            let b1 = self.options(b)[i];
            options.push(self.sum(a, b1));
        }
        let s = self.canonical(options);
        self.sums.insert(key, s);
        s
    }
}

/// The least natural number not among `values`.
pub(crate) fn mex(values: impl Iterator<Item = u32>) -> u32 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        let v = v as usize;
        if v >= seen.len() {
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}
