//! The arena of canonical forms and the operation caches.
//!
//! Every canonical game that is not a small number-up-star value is stored here once, its options
//! in one shared pool, and named by its index. The operations (in `canonical`, `compare`,
//! `arith`, `properties`) are methods of `Store` that call each other directly; the public API of
//! `Game` reaches the store through `with_store`.
//!
//! The arena is one for the whole process, so that a `Game` means the same canonical form on
//! every thread: the workers of a parallel ruleset evaluation share one table of values
//! (`eval::parallel`), and their values must be comparable by id. Reading the arena (a game's
//! options, its stops) takes no lock: its items lie in chunks that never move (`chunked`), and
//! only adding a game takes the interning lock. The operation caches (sums, comparisons, stops,
//! ...) are each thread's own, in its `Store`: a thread computes without waiting for any other,
//! and a helper thread's caches go when it ends (see `docs/parallel.md`).

use std::cell::RefCell;
use std::hash::{BuildHasher, Hash, Hasher};
use std::ops::Range;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use ahash::{AHashMap, RandomState};
use hashbrown::HashTable;

use super::chunked::Chunked;
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

/// The canonical forms of the process: read by any thread without a lock, grown by one thread
/// at a time under `interning`.
struct Arena {
    nodes: Chunked<Node>,
    /// The stops of each node, by arena index (see `quick_stops`).
    stops: Chunked<QuickStops>,
    pool: Chunked<Game>,
    interning: LazyLock<Mutex<Interning>>,
}

/// The indexes that find a form already in the arena, and the proof of being its only writer.
struct Interning {
    /// General forms: arena indices, hashed by their option lists.
    general: HashTable<u32>,
    large_nus: AHashMap<Nus, u32>,
    /// Options of number-up-star values, written out on first use by any thread.
    nus_spans: AHashMap<Game, OptionSpan>,
}

static ARENA: Arena = Arena {
    nodes: Chunked::new("games"),
    stops: Chunked::new("games"),
    pool: Chunked::new("options"),
    interning: LazyLock::new(|| {
        Mutex::new(Interning {
            general: HashTable::new(),
            large_nus: AHashMap::new(),
            nus_spans: AHashMap::new(),
        })
    }),
};

/// The hasher of option lists: the same on every thread, since the interning index is shared.
const OPTION_HASHER: RandomState = RandomState::with_seeds(0x9e37, 0x79b9, 0x7f4a, 0x7c15);

/// The interning lock. A refusal (the memory limit) can unwind while it is held; the indexes
/// are still sound then (an index entry is added only after its item is published), so the lock
/// is taken back rather than declared poisoned.
fn interning() -> MutexGuard<'static, Interning> {
    ARENA
        .interning
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A thread's view of the arena, with its own operation caches.
pub(crate) struct Store {
    nodes: &'static Chunked<Node>,
    node_stops: &'static Chunked<QuickStops>,
    pub(crate) pool: &'static Chunked<Game>,
    /// The spans of number-up-star values this thread has asked for (the shared map is behind
    /// the interning lock).
    nus_spans: AHashMap<Game, OptionSpan>,
    pub(crate) neg_cache: super::neg_cache::NegCache,
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

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::new());
}

/// Runs `f` on this thread's store. Store methods never call this (they call each other), so
/// the store is never borrowed twice.
pub(crate) fn with_store<R>(f: impl FnOnce(&mut Store) -> R) -> R {
    STORE.with(|s| f(&mut s.borrow_mut()))
}

/// Sizes of the arena and caches, for memory reports.
pub fn store_stats() -> StoreStats {
    with_store(|s| s.stats())
}

/// Forgets this thread's operation caches; the arena stays, so every `Game` stays valid.
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
            nodes: &ARENA.nodes,
            node_stops: &ARENA.stops,
            pool: &ARENA.pool,
            nus_spans: AHashMap::new(),
            neg_cache: super::neg_cache::NegCache::new(),
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
        let mut interning = interning();
        if let Some(&i) = interning.large_nus.get(&nus) {
            return Game::from_index(i);
        }
        let stops = QuickStops::of_number(&nus.number);
        let i = push_node(&mut interning, Node::LargeNus(Box::new(nus.clone())), stops);
        interning.large_nus.insert(nus, i);
        Game::from_index(i)
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
        let known = interning().nus_spans.get(&g).copied();
        let span = match known {
            Some(span) => span,
            None => self.expand_nus(g),
        };
        self.nus_spans.insert(g, span);
        span
    }

    /// Writes out the options of a number-up-star value, unless another thread just did.
    fn expand_nus(&mut self, g: Game) -> OptionSpan {
        let nus = self.nus(g).expect("a game is general or number-up-star");
        refuse_huge_expansion(&nus);
        let (left, right) = nus.options();
        // The options' handles first: a large one takes the interning lock itself.
        let left: Vec<Game> = left.into_iter().map(|n| self.nus_game(n)).collect();
        let right: Vec<Game> = right.into_iter().map(|n| self.nus_game(n)).collect();
        let mut interning = interning();
        if let Some(&span) = interning.nus_spans.get(&g) {
            return span;
        }
        let span = push_options(&mut interning, &left, &right);
        interning.nus_spans.insert(g, span);
        span
    }

    pub fn options(&mut self, g: Game, side: Side) -> Vec<Game> {
        self.option_places(g, side).map(|i| self.pool[i]).collect()
    }

    /// Where `g`'s options on `side` are in the pool (`self.pool[i]`): a loop that compares
    /// as it goes reads them there, with no list allocated (the pool only grows).
    pub fn option_places(&mut self, g: Game, side: Side) -> Range<usize> {
        let span = self.span(g);
        match side {
            Side::Left => span.left(),
            Side::Right => span.right(),
        }
    }

    /// The handle of the general canonical form with these options (which must be canonical,
    /// free of dominated and reversible options, and not a number-up-star form).
    pub fn intern(&mut self, mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
        left.sort_unstable();
        right.sort_unstable();
        let hash = hash_options(left.iter().copied(), right.iter().copied());
        let same = |&i: &u32| match ARENA.nodes[i as usize] {
            Node::General(span) => {
                options_equal(span.left(), &left) && options_equal(span.right(), &right)
            }
            Node::LargeNus(_) => false,
        };
        let mut interning = interning();
        if let Some(&i) = interning.general.find(hash, same) {
            return Game::from_index(i);
        }
        let stops = QuickStops::of_options(
            left.iter().map(|&g| self.quick_stops(g)),
            right.iter().map(|&g| self.quick_stops(g)),
        );
        let span = push_options(&mut interning, &left, &right);
        let i = push_node(&mut interning, Node::General(span), stops);
        interning
            .general
            .insert_unique(hash, i, |&j| match ARENA.nodes[j as usize] {
                Node::General(span) => hash_options(
                    span.left().map(|k| ARENA.pool[k]),
                    span.right().map(|k| ARENA.pool[k]),
                ),
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

/// Adds a node to the arena (under the interning lock, whose guard `interning` is).
fn push_node(interning: &mut Interning, node: Node, stops: QuickStops) -> u32 {
    // A node's stops are read only through its index, after the node itself is found: push
    // them first, so that they are published when the node is.
    let j = ARENA.stops.push(interning, stops);
    let i = ARENA.nodes.push(interning, node);
    debug_assert_eq!(i, j);
    assert!(i < 1 << 31, "more than 2^31 distinct canonical games");
    i as u32
}

/// Adds a game's options to the pool (under the interning lock).
fn push_options(interning: &mut Interning, left: &[Game], right: &[Game]) -> OptionSpan {
    let start = ARENA.pool.len();
    for &g in left.iter().chain(right) {
        ARENA.pool.push(interning, g);
    }
    OptionSpan {
        start,
        left: left.len() as u32,
        right: right.len() as u32,
    }
}

fn options_equal(range: Range<usize>, options: &[Game]) -> bool {
    range.len() == options.len() && range.zip(options).all(|(i, &g)| ARENA.pool[i] == g)
}

/// The hash of an option list, the same whether the options are read from the pool or given.
fn hash_options(
    left: impl ExactSizeIterator<Item = Game>,
    right: impl ExactSizeIterator<Item = Game>,
) -> u64 {
    let mut h = OPTION_HASHER.build_hasher();
    h.write_usize(left.len());
    left.for_each(|g| g.hash(&mut h));
    h.write_usize(right.len());
    right.for_each(|g| g.hash(&mut h));
    h.finish()
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
