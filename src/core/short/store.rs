//! The arena of canonical forms and the operation caches.
//!
//! Every canonical game that is not a small number-up-star value is stored here once, its options
//! in one shared pool, and named by its index. The operations (in `canonical`, `compare`,
//! `arith`, `properties`) are methods of `Store` that call each other directly; the public API of
//! `Game` reaches the store through `with_store`.
//!
//! There is one store for the whole process, behind a lock, so that a `Game` means the same
//! canonical form on every thread: the workers of a parallel ruleset evaluation share one table
//! of values (`eval::parallel`), and their values must be comparable by id. A thread holds the
//! lock for one public operation (a canonical form, a sum, a comparison), which in ruleset
//! evaluation is a small part of the time (see `docs/parallel.md`).

use std::hash::{BuildHasher, Hash, Hasher};
use std::ops::Range;
use std::sync::{Arc, Mutex, MutexGuard};

use ahash::{AHashMap, RandomState};
use hashbrown::HashTable;

use super::game::{Game, SmallNus};
use super::nus::Nus;
use super::quick_stops::QuickStops;
use super::thermograph::Thermograph;
use super::uptimal::UptimalExpansion;
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// Where a game's options lie in the pool: Left options first, then Right options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OptionSpan {
    start: usize,
    left: u32,
    right: u32,
}

impl OptionSpan {
    pub fn left(self) -> Range<usize> {
        self.start..self.start + self.left as usize
    }

    pub fn right(self) -> Range<usize> {
        let mid = self.start + self.left as usize;
        mid..mid + self.right as usize
    }

    pub fn left_count(self) -> usize {
        self.left as usize
    }

    pub fn right_count(self) -> usize {
        self.right as usize
    }
}

/// An arena entry: a general canonical form (its options), or a number-up-star value too large
/// for the inline encoding.
enum Node {
    General(OptionSpan),
    LargeNus(Box<Nus>),
}

/// Which player's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

pub(crate) struct Store {
    nodes: Vec<Node>,
    /// The stops of each node, by arena index (see `quick_stops`).
    node_stops: Vec<QuickStops>,
    pub(crate) pool: Vec<Game>,
    /// Interning table for general forms: holds arena indices, hashed by their option lists.
    general_index: HashTable<u32>,
    large_nus_index: AHashMap<Nus, u32>,
    hasher: RandomState,
    /// Options of number-up-star values, expanded on first use.
    nus_spans: AHashMap<Game, OptionSpan>,
    pub(crate) neg_cache: AHashMap<Game, Game>,
    pub(crate) sum_cache: AHashMap<(Game, Game), Game>,
    pub(crate) leq_cache: super::leq_cache::LeqCache,
    pub(crate) birthday_cache: AHashMap<Game, Integer>,
    pub(crate) stops_cache: AHashMap<Game, (Dyadic, Dyadic)>,
    pub(crate) all_small_cache: AHashMap<Game, bool>,
    /// Which general games are uptimals, and their expansions.
    pub(crate) uptimal_cache: AHashMap<Game, Option<UptimalExpansion>>,
    /// (↑^k, ↑^→k) for k = 1, 2, ...
    pub(crate) up_powers: Vec<(Game, Game)>,
    /// Thermographs, stop counts, naive atomic weights, far stars (see `thermal`,
    /// `infinitesimal`).
    pub(crate) thermograph_cache: AHashMap<Game, Arc<Thermograph>>,
    pub(crate) stop_count_cache: AHashMap<Game, Integer>,
    pub(crate) atomic_weight_cache: AHashMap<Game, Game>,
    pub(crate) far_star_cache: AHashMap<Game, Integer>,
    /// Products of canonical games (see `products`).
    pub(crate) norton_cache: AHashMap<(Game, Game), Game>,
    pub(crate) conway_cache: AHashMap<(Game, Game), Game>,
    pub(crate) ordinal_sum_cache: AHashMap<(Game, Game), Game>,
}

static STORE: Mutex<Option<Store>> = Mutex::new(None);

/// Runs `f` on the store. Store methods never call this (they call each other), so the lock is
/// never taken twice by one thread.
pub(crate) fn with_store<R>(f: impl FnOnce(&mut Store) -> R) -> R {
    f(lock().get_or_insert_with(Store::new))
}

/// The store's lock. An interrupt or a refusal unwinds through `with_store` while the lock is
/// held; the store is still sound then (entries are written only once computed), so the lock
/// is taken back rather than declared poisoned.
fn lock() -> MutexGuard<'static, Option<Store>> {
    STORE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Sizes of the arena and caches, for memory reports.
pub fn store_stats() -> StoreStats {
    with_store(|s| s.stats())
}

/// Forgets the operation caches; the arena stays, so every `Game` stays valid.
pub fn clear_caches() {
    with_store(|s| s.clear_caches())
}

/// Sizes of the arena and caches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoreStats {
    pub games: usize,
    pub option_pool: usize,
    pub sums: usize,
    pub comparisons: usize,
}

impl Store {
    fn new() -> Store {
        Store {
            nodes: Vec::new(),
            node_stops: Vec::new(),
            pool: Vec::new(),
            general_index: HashTable::new(),
            large_nus_index: AHashMap::new(),
            hasher: RandomState::with_seeds(0x9e37, 0x79b9, 0x7f4a, 0x7c15),
            nus_spans: AHashMap::new(),
            neg_cache: AHashMap::new(),
            sum_cache: AHashMap::new(),
            leq_cache: super::leq_cache::LeqCache::new(),
            birthday_cache: AHashMap::new(),
            stops_cache: AHashMap::new(),
            all_small_cache: AHashMap::new(),
            uptimal_cache: AHashMap::new(),
            up_powers: Vec::new(),
            thermograph_cache: AHashMap::new(),
            stop_count_cache: AHashMap::new(),
            atomic_weight_cache: AHashMap::new(),
            far_star_cache: AHashMap::new(),
            norton_cache: AHashMap::new(),
            conway_cache: AHashMap::new(),
            ordinal_sum_cache: AHashMap::new(),
        }
    }

    pub fn stats(&self) -> StoreStats {
        StoreStats {
            games: self.nodes.len(),
            option_pool: self.pool.len(),
            sums: self.sum_cache.len(),
            comparisons: self.leq_cache.len(),
        }
    }

    /// The number-up-star value of `g`, if it is one.
    pub fn nus(&self, g: Game) -> Option<Nus> {
        if let Some(small) = g.small() {
            return Some(small.to_nus());
        }
        match &self.nodes[g.index()?] {
            Node::LargeNus(nus) => Some((**nus).clone()),
            Node::General(_) => None,
        }
    }

    pub fn is_nus(&self, g: Game) -> bool {
        match g.index() {
            None => true,
            Some(i) => matches!(self.nodes[i], Node::LargeNus(_)),
        }
    }

    /// The number `g` equals, if it is a number.
    pub fn number(&self, g: Game) -> Option<Dyadic> {
        if let Some(s) = g.small() {
            return (s.ups == 0 && s.nimber == 0)
                .then(|| Dyadic::new(Integer::from(s.numerator), s.exponent));
        }
        self.nus(g).filter(Nus::is_number).map(|n| n.number)
    }

    pub fn is_number(&self, g: Game) -> bool {
        match g.small() {
            Some(s) => s.ups == 0 && s.nimber == 0,
            None => self.nus(g).is_some_and(|n| n.is_number()),
        }
    }

    /// The handle of a number-up-star value: inline when it fits, else interned in the arena.
    pub fn nus_game(&mut self, nus: Nus) -> Game {
        if let Some(g) = SmallNus::from_nus(&nus).and_then(SmallNus::pack) {
            return g;
        }
        if let Some(&i) = self.large_nus_index.get(&nus) {
            return Game::from_index(i);
        }
        let stops = QuickStops::of_number(&nus.number);
        let i = self.push_node(Node::LargeNus(Box::new(nus.clone())), stops);
        self.large_nus_index.insert(nus, i);
        Game::from_index(i)
    }

    fn push_node(&mut self, node: Node, stops: QuickStops) -> u32 {
        let i = u32::try_from(self.nodes.len()).expect("more than 2^31 distinct canonical games");
        assert!(i < 1 << 31, "more than 2^31 distinct canonical games");
        if self.nodes.len() == self.nodes.capacity() {
            let each = std::mem::size_of::<Node>() + std::mem::size_of::<QuickStops>();
            crate::core::memory::reserve(
                &format!("the table of canonical games ({} games)", self.nodes.len()),
                self.nodes.capacity().max(1024) * each,
            );
        }
        self.nodes.push(node);
        self.node_stops.push(stops);
        i
    }

    /// The stops of `g`, exact or NaN (see `quick_stops`).
    pub fn quick_stops(&self, g: Game) -> QuickStops {
        match g.index() {
            Some(i) => self.node_stops[i],
            None => QuickStops::of_small(g).expect("a game is inline or in the arena"),
        }
    }

    /// Where the options of `g` lie in the pool (expanding a number-up-star value on first use).
    pub fn span(&mut self, g: Game) -> OptionSpan {
        if let Some(i) = g.index() {
            if let Node::General(span) = self.nodes[i] {
                return span;
            }
        }
        if let Some(&span) = self.nus_spans.get(&g) {
            return span;
        }
        let nus = self.nus(g).expect("a game is general or number-up-star");
        refuse_huge_expansion(&nus);
        let (left, right) = nus.options();
        let left: Vec<Game> = left.into_iter().map(|n| self.nus_game(n)).collect();
        let right: Vec<Game> = right.into_iter().map(|n| self.nus_game(n)).collect();
        let span = self.push_options(&left, &right);
        self.nus_spans.insert(g, span);
        span
    }

    fn push_options(&mut self, left: &[Game], right: &[Game]) -> OptionSpan {
        let start = self.pool.len();
        self.pool.extend_from_slice(left);
        self.pool.extend_from_slice(right);
        OptionSpan {
            start,
            left: left.len() as u32,
            right: right.len() as u32,
        }
    }

    pub fn options(&mut self, g: Game, side: Side) -> Vec<Game> {
        let span = self.span(g);
        let range = match side {
            Side::Left => span.left(),
            Side::Right => span.right(),
        };
        self.pool[range].to_vec()
    }

    fn hash_options(&self, left: &[Game], right: &[Game]) -> u64 {
        let mut h = self.hasher.build_hasher();
        left.hash(&mut h);
        right.hash(&mut h);
        h.finish()
    }

    /// The handle of the general canonical form with these options (which must be canonical,
    /// free of dominated and reversible options, and not a number-up-star form).
    pub fn intern(&mut self, mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
        left.sort_unstable();
        right.sort_unstable();
        let hash = self.hash_options(&left, &right);
        let Store {
            nodes,
            pool,
            general_index,
            ..
        } = self;
        let same = |&i: &u32| match &nodes[i as usize] {
            Node::General(span) => pool[span.left()] == left[..] && pool[span.right()] == right[..],
            Node::LargeNus(_) => false,
        };
        if let Some(&i) = general_index.find(hash, same) {
            return Game::from_index(i);
        }
        let stops = QuickStops::of_options(
            left.iter().map(|&g| self.quick_stops(g)),
            right.iter().map(|&g| self.quick_stops(g)),
        );
        let span = self.push_options(&left, &right);
        let i = self.push_node(Node::General(span), stops);
        let Store {
            nodes,
            pool,
            general_index,
            hasher,
            ..
        } = self;
        general_index.insert_unique(hash, i, |&j| match &nodes[j as usize] {
            Node::General(span) => {
                let mut h = hasher.build_hasher();
                pool[span.left()].hash(&mut h);
                pool[span.right()].hash(&mut h);
                h.finish()
            }
            Node::LargeNus(_) => 0,
        });
        Game::from_index(i)
    }

    /// Forgets the operation caches (not the arena: handles stay valid).
    pub fn clear_caches(&mut self) {
        self.sum_cache.clear();
        self.leq_cache.clear();
        self.neg_cache.clear();
        self.birthday_cache.clear();
        self.stops_cache.clear();
        self.all_small_cache.clear();
        self.thermograph_cache.clear();
        self.stop_count_cache.clear();
        self.atomic_weight_cache.clear();
        self.far_star_cache.clear();
        self.norton_cache.clear();
        self.conway_cache.clear();
        self.ordinal_sum_cache.clear();
    }
}

/// The largest nimber, and number of ups, whose options the engine writes out: *n has n
/// options and n.^ a chain of n, so beyond this a sum with a general game would exhaust
/// memory or the stack before it could be interrupted.
pub const MAX_EXPANDED: u64 = 1 << 20;

fn refuse_huge_expansion(nus: &super::nus::Nus) {
    // The message is built from the parts: the store is borrowed here, so no `Game` may print.
    let limit = Integer::from(MAX_EXPANDED);
    let huge = if nus.nimber > limit {
        format!("*{}", nus.nimber)
    } else if nus.ups.abs() > limit {
        format!("{} ups", nus.ups)
    } else {
        return;
    };
    crate::core::interrupt::refuse(format!(
        "{huge} is too large to play out: nimbers and multiples of ^ combine with games other than numbers, ups and stars only up to {MAX_EXPANDED}"
    ));
}
