//! Symmetries of the hull test `[U] = V`, for the geodetic removing games of Benesh, Ernst,
//! Meyer, Salmon and Sieben ("Impartial geodetic removing games on grid graphs", 2025).
//!
//! Both games depend on the unselected set `U` only through the predicate `[U] = V`. That
//! predicate fails exactly when `U` lies inside a maximal proper convex set `C` (the hull of
//! `U` is then a proper convex set, inside some maximal one), so `[U] = V` iff `U` meets every
//! complement `V \ C`. Hence:
//!
//! - two vertices lying in the same maximal proper convex sets can be swapped without changing
//!   the predicate on any set: the position depends only on how many unselected vertices each
//!   such *class* holds. On a grid graph the classes are the four corners, the four sides
//!   without corners and the interior: this is the paper's option preserving map `α` to
//!   3 x 3 matrices (section 4), found here for any graph;
//! - vertices lying in every maximal proper convex set (the interior of a grid) never change
//!   the predicate: selecting one is a delay move in the achievement game and an independent
//!   move in the avoidance game, so only the parity of their number matters (the paper's
//!   Propositions 4.4 and 4.5, through Corollary 3.3);
//! - a graph automorphism maps convex sets to convex sets, so it preserves the predicate.
//!
//! [`HullSymmetry::key`] maps a position to a representative with the same nim-value in both
//! games using all three facts.

use ahash::{AHashMap, AHashSet};

use super::bitset::BitSet;
use super::graph::Graph;

/// At most this many convex sets are visited while looking for the maximal proper ones; beyond
/// it the classes are not used (every vertex is its own class), which is slower but still right.
const CONVEX_SET_LIMIT: usize = 200_000;

/// At most this many automorphisms are used (the rest are ignored, which only makes the
/// representatives less canonical).
const AUTOMORPHISM_LIMIT: usize = 512;

impl Graph {
    /// The automorphisms of the graph (permutations of the vertices preserving adjacency, and
    /// arc directions in a digraph), as vertex maps `sigma[v]`, the identity first; at most
    /// `limit` of them, and only those found within a bounded search (a million partial maps),
    /// so possibly not all on large graphs with many look-alike vertices.
    ///
    /// A backtracking search that maps vertices in breadth-first order and keeps only partial
    /// maps preserving all distances between the vertices mapped so far (a bijection
    /// preserving distances preserves adjacency, which is distance 1), with vertices first
    /// sorted by their degrees and distance profiles.
    ///
    /// ```
    /// use cg::board::Graph;
    /// assert_eq!(Graph::grid(3, 3).automorphisms(100).len(), 8);
    /// assert_eq!(Graph::lattice(&[3, 3, 3]).automorphisms(100).len(), 48);
    /// assert_eq!(Graph::directed_cycle(5).automorphisms(100).len(), 5);
    /// ```
    pub fn automorphisms(&self, limit: usize) -> Vec<Vec<usize>> {
        let n = self.vertex_count();
        let dist: Vec<Vec<Option<usize>>> = (0..n).map(|u| self.distances_from(u)).collect();
        let colour: Vec<(usize, usize, Vec<Option<usize>>)> = (0..n)
            .map(|v| {
                let mut profile = dist[v].clone();
                profile.sort_unstable();
                (self.in_degree(v), self.out_degree(v), profile)
            })
            .collect();
        let order = self.breadth_first_order();
        let mut search = AutomorphismSearch {
            dist: &dist,
            colour: &colour,
            order: &order,
            image: vec![usize::MAX; n],
            used: vec![false; n],
            found: Vec::new(),
            limit: limit.max(1),
            steps: 0,
        };
        search.extend(0);
        // The identity is found first: each vertex tries itself before the others.
        search.found
    }

    /// Every vertex once, component by component, each in breadth-first order (ignoring arc
    /// directions), so that each vertex after the first of its component is adjacent to an
    /// earlier one.
    fn breadth_first_order(&self) -> Vec<usize> {
        let n = self.vertex_count();
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        for s in 0..n {
            if seen[s] {
                continue;
            }
            seen[s] = true;
            let start = order.len();
            order.push(s);
            let mut k = start;
            while k < order.len() {
                let v = order[k];
                k += 1;
                for w in self.neighbours(v) {
                    if !seen[w] {
                        seen[w] = true;
                        order.push(w);
                    }
                }
            }
        }
        order
    }

    /// The maximal proper convex sets of the graph (the coatoms of its lattice of convex
    /// sets), or `None` if finding them would visit more than `limit` convex sets.
    ///
    /// For each vertex `v`, every convex set avoiding `v` is reached from the empty set by
    /// adding a vertex and taking the hull; those that cannot grow without taking in `v` are
    /// the maximal ones avoiding `v`, and the maximal proper convex sets are those among them
    /// whose hull with any further vertex is everything.
    ///
    /// ```
    /// use cg::board::Graph;
    /// // A grid graph's maximal proper convex sets leave out one side each.
    /// let sets = Graph::grid(3, 4).maximal_proper_convex_sets(10_000).unwrap();
    /// let mut sizes: Vec<usize> = sets.iter().map(|c| c.len()).collect();
    /// sizes.sort();
    /// assert_eq!(sizes, [8, 8, 9, 9]);
    /// ```
    pub fn maximal_proper_convex_sets(&self, limit: usize) -> Option<Vec<BitSet>> {
        let n = self.vertex_count();
        let all = self.all_vertices();
        let mut found: Vec<BitSet> = Vec::new();
        let mut visited = 0usize;
        for v in 0..n {
            let mut seen: AHashSet<BitSet> = AHashSet::new();
            let mut stack = vec![BitSet::default()];
            seen.insert(BitSet::default());
            while let Some(c) = stack.pop() {
                visited += 1;
                if visited > limit {
                    return None;
                }
                let mut grows = false;
                for x in (0..n).filter(|&x| x != v && !c.contains(x)) {
                    let d = self.convex_hull(&c.with(x));
                    if !d.contains(v) {
                        grows = true;
                        if seen.insert(d.clone()) {
                            stack.push(d);
                        }
                    }
                }
                let maximal = !grows
                    && (0..n)
                        .filter(|&x| !c.contains(x))
                        .all(|x| self.convex_hull(&c.with(x)) == all);
                if maximal && !found.contains(&c) {
                    found.push(c);
                }
            }
        }
        Some(found)
    }
}

/// The state of [`Graph::automorphisms`].
struct AutomorphismSearch<'a> {
    dist: &'a [Vec<Option<usize>>],
    colour: &'a [(usize, usize, Vec<Option<usize>>)],
    order: &'a [usize],
    image: Vec<usize>,
    used: Vec<bool>,
    found: Vec<Vec<usize>>,
    limit: usize,
    /// Partial maps tried so far: the search stops at `SEARCH_STEPS`, so that graphs with
    /// many look-alike vertices and few symmetries cannot make it run for long.
    steps: usize,
}

/// The most partial maps [`Graph::automorphisms`] tries (it then returns those found).
const SEARCH_STEPS: usize = 1_000_000;

impl AutomorphismSearch<'_> {
    fn extend(&mut self, k: usize) {
        self.steps += 1;
        if self.found.len() >= self.limit || self.steps > SEARCH_STEPS {
            return;
        }
        if k == self.order.len() {
            self.found.push(self.image.clone());
            return;
        }
        let v = self.order[k];
        let n = self.image.len();
        // Try v itself first, so that the identity is the first map found.
        let candidates = std::iter::once(v).chain((0..n).filter(|&w| w != v));
        for w in candidates {
            if self.used[w] || self.colour[w] != self.colour[v] || !self.consistent(k, v, w) {
                continue;
            }
            self.image[v] = w;
            self.used[w] = true;
            self.extend(k + 1);
            self.used[w] = false;
            self.image[v] = usize::MAX;
        }
    }

    /// Whether mapping `v` to `w` keeps the distances to and from the vertices mapped so far.
    fn consistent(&self, k: usize, v: usize, w: usize) -> bool {
        self.order[..k].iter().all(|&u| {
            let x = self.image[u];
            self.dist[u][v] == self.dist[x][w] && self.dist[v][u] == self.dist[w][x]
        })
    }
}

/// Images combined at a time by [`MaskPermutations::least_word`].
const LANES: usize = 8;

/// A mask's image under one permutation: `u32` when the graph has at most 32 vertices (half
/// the table, and twice the images per vector instruction), else `u64`.
trait ImageWord: Copy + Default + Ord + std::ops::BitOr<Output = Self> {
    const MAX: Self;
    fn bit(v: usize) -> Self;
    /// The image as a 64-bit mask. (Not `widen`: nightly's `u32::widen` would take that name
    /// over, as cargo fuzz's nightly build warns.)
    fn to_mask(self) -> u64;
}

impl ImageWord for u32 {
    const MAX: u32 = u32::MAX;
    fn bit(v: usize) -> u32 {
        1 << v
    }
    fn to_mask(self) -> u64 {
        u64::from(self)
    }
}

impl ImageWord for u64 {
    const MAX: u64 = u64::MAX;
    fn bit(v: usize) -> u64 {
        1 << v
    }
    fn to_mask(self) -> u64 {
        self
    }
}

/// A set of vertex permutations applied to masks a byte at a time, all at once: row
/// `byte * 256 + value` holds, for each permutation in turn, the image of the vertices
/// `8 * byte + i` for the bits `i` of `value`. Keeping the permutations side by side (rather
/// than a table per permutation) makes the images of one mask under all of them a few
/// contiguous rows combined word by word, which is what [`HullSymmetry::key`] asks for at
/// every option of every position.
struct MaskPermutations<W> {
    count: usize,
    /// Bytes of a mask that carry vertices.
    bytes: usize,
    /// `bytes * 256` rows of `count` images, then one row of zeros (for absent bytes).
    table: Vec<W>,
}

impl<W: ImageWord> MaskPermutations<W> {
    fn new(sigmas: &[Vec<usize>], n: usize) -> MaskPermutations<W> {
        // Padded to whole vectors of `LANES` by repeating permutations from the start: a repeat
        // changes no least image.
        let count = sigmas.len().next_multiple_of(LANES);
        let sigmas: Vec<&Vec<usize>> = sigmas.iter().cycle().take(count).collect();
        let bytes = n.div_ceil(8);
        let mut table = vec![W::default(); (bytes * 256 + 1) * count];
        for byte in 0..bytes {
            for value in 0..256usize {
                let row = &mut table[(byte * 256 + value) * count..][..count];
                for (image, sigma) in row.iter_mut().zip(&sigmas) {
                    for i in (0..8).filter(|i| value & (1 << i) != 0) {
                        if let Some(&w) = sigma.get(8 * byte + i) {
                            *image = *image | W::bit(w);
                        }
                    }
                }
            }
        }
        MaskPermutations {
            count,
            bytes,
            table,
        }
    }

    /// The row of images of byte `byte` of `mask`, or the zero row past the vertices.
    fn row(&self, mask: u64, byte: usize) -> &[W] {
        let index = if byte < self.bytes {
            byte * 256 + ((mask >> (8 * byte)) & 0xff) as usize
        } else {
            self.bytes * 256
        };
        &self.table[index * self.count..][..self.count]
    }

    /// The least image of `mask`, kept lane by lane over vectors of `LANES` images so that
    /// the compiler can take the minima with vector instructions.
    fn least_word(&self, mask: u64) -> Option<W> {
        if self.count == 0 {
            return None;
        }
        if self.bytes > 4 {
            return self.least(mask, |m| m);
        }
        let r: [&[W]; 4] = std::array::from_fn(|b| self.row(mask, b));
        let mut best = [W::MAX; LANES];
        let vectors = r[0].chunks_exact(LANES).zip(r[1].chunks_exact(LANES));
        let vectors = vectors
            .zip(r[2].chunks_exact(LANES))
            .zip(r[3].chunks_exact(LANES));
        for (((a, b), c), d) in vectors {
            for l in 0..LANES {
                best[l] = best[l].min(a[l] | b[l] | c[l] | d[l]);
            }
        }
        best.into_iter().min()
    }

    /// The images of `mask`, one per permutation, handed to `each` (which folds them).
    fn least<T: Ord>(&self, mask: u64, each: impl Fn(W) -> T) -> Option<T> {
        let r: [&[W]; 4] = std::array::from_fn(|b| self.row(mask, b));
        if self.bytes <= 4 {
            let images = r[0].iter().zip(r[1]).zip(r[2]).zip(r[3]);
            images.map(|(((&a, &b), &c), &d)| each(a | b | c | d)).min()
        } else {
            let s: [&[W]; 4] = std::array::from_fn(|b| self.row(mask, b + 4));
            (0..self.count)
                .map(|p| each((0..4).fold(W::default(), |acc, b| acc | r[b][p] | s[b][p])))
                .min()
        }
    }
}

/// The automorphisms as mask permutations, in the narrowest word that holds a mask.
enum Automorphisms {
    Narrow(MaskPermutations<u32>),
    Wide(MaskPermutations<u64>),
}

impl Automorphisms {
    fn new(sigmas: &[Vec<usize>], n: usize) -> Automorphisms {
        if n <= 32 {
            Automorphisms::Narrow(MaskPermutations::new(sigmas, n))
        } else {
            Automorphisms::Wide(MaskPermutations::new(sigmas, n))
        }
    }

    /// The least of `f(image)` over the images of `mask`, or `None` without permutations.
    fn min_image(&self, mask: u64, f: impl Fn(u64) -> u64) -> Option<u64> {
        match self {
            Automorphisms::Narrow(p) => p.least(mask, |m| f(m.to_mask())),
            Automorphisms::Wide(p) => p.least(mask, f),
        }
    }

    /// The least image of `mask`: `min_image` without a function, so that the minimum is
    /// taken in the narrow word.
    fn least_image(&self, mask: u64) -> Option<u64> {
        match self {
            Automorphisms::Narrow(p) => p.least_word(mask).map(u64::from),
            Automorphisms::Wide(p) => p.least_word(mask),
        }
    }
}

/// One class of interchangeable vertices: its mask, and `prefix[k]`, the mask of its `k`
/// lowest vertices.
struct Class {
    mask: u64,
    prefix: Vec<u64>,
    /// In every maximal proper convex set: only the parity of its unselected count matters.
    free: bool,
}

/// The symmetries of the hull test of a graph of at most 64 vertices; see the module notes.
pub struct HullSymmetry {
    all: u64,
    classes: Vec<Class>,
    /// Whether some class has more than one vertex (otherwise class reduction is skipped).
    merges: bool,
    automorphisms: Automorphisms,
}

impl HullSymmetry {
    /// The most vertices a graph may have here: masks are 64-bit words.
    pub const MAX_VERTICES: usize = 64;

    /// The symmetries of `g`'s hull test, or `None` if `g` has more than 64 vertices.
    pub fn new(g: &Graph) -> Option<HullSymmetry> {
        let n = g.vertex_count();
        if n > Self::MAX_VERTICES {
            return None;
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let classes = match g.maximal_proper_convex_sets(CONVEX_SET_LIMIT) {
            Some(sets) => classes_by_membership(n, &sets),
            None => (0..n)
                .map(|v| Class {
                    mask: 1 << v,
                    prefix: vec![0, 1 << v],
                    free: false,
                })
                .collect(),
        };
        let merges = classes.iter().any(|c| c.mask.count_ones() > 1);
        let automorphisms = Automorphisms::new(&g.automorphisms(AUTOMORPHISM_LIMIT), n);
        Some(HullSymmetry {
            all,
            classes,
            merges,
            automorphisms,
        })
    }

    /// The classes of interchangeable vertices, as masks, in increasing order of least vertex.
    pub fn classes(&self) -> Vec<u64> {
        self.classes.iter().map(|c| c.mask).collect()
    }

    /// A representative of the position whose selected vertices are `selected` (a mask),
    /// with the same nim-value in both removing games: the least, over the automorphisms, of
    /// the images with each class's unselected vertices moved to its lowest ones (and the
    /// unselected vertices of free classes reduced to their parity). Returns selected
    /// vertices, as the argument.
    pub fn key(&self, selected: u64) -> u64 {
        let unselected = self.all & !selected;
        // Without merged classes the reduction is the identity: a loop the compiler can keep
        // tight (about a third of the time of the 3 x 3 x 3 games goes here).
        let best = if self.merges {
            self.automorphisms.min_image(unselected, |m| self.reduce(m))
        } else {
            self.automorphisms.least_image(unselected)
        }
        .unwrap_or_else(|| self.reduce(unselected));
        self.all & !best
    }

    /// Each class's unselected vertices moved to its lowest ones.
    fn reduce(&self, unselected: u64) -> u64 {
        if !self.merges {
            return unselected;
        }
        self.classes.iter().fold(0, |acc, c| {
            let mut k = (unselected & c.mask).count_ones() as usize;
            if c.free {
                k %= 2;
            }
            acc | c.prefix[k]
        })
    }
}

/// Groups vertices by the maximal proper convex sets containing them.
fn classes_by_membership(n: usize, sets: &[BitSet]) -> Vec<Class> {
    let mut by_type: AHashMap<Vec<bool>, u64> = AHashMap::new();
    let mut order: Vec<Vec<bool>> = Vec::new();
    for v in 0..n {
        let membership: Vec<bool> = sets.iter().map(|c| c.contains(v)).collect();
        let mask = by_type.entry(membership.clone()).or_insert_with(|| {
            order.push(membership.clone());
            0
        });
        *mask |= 1 << v;
    }
    order
        .into_iter()
        .map(|membership| {
            let mask = by_type[&membership];
            let mut prefix = vec![0u64];
            let mut rest = mask;
            while rest != 0 {
                let low = rest & rest.wrapping_neg();
                prefix.push(prefix.last().expect("nonempty") | low);
                rest &= rest - 1;
            }
            Class {
                mask,
                prefix,
                free: !sets.is_empty() && membership.iter().all(|&m| m),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::VertexLabel;

    fn petersen() -> Graph {
        let e = |a: i64, b: i64| (VertexLabel::from(a), VertexLabel::from(b));
        let mut edges = Vec::new();
        for i in 0..5 {
            edges.push(e(i, (i + 1) % 5));
            edges.push(e(i, i + 5));
            edges.push(e(i + 5, (i + 2) % 5 + 5));
        }
        Graph::from_edges(false, edges).unwrap()
    }

    #[test]
    fn automorphism_counts() {
        assert_eq!(petersen().automorphisms(1000).len(), 120);
        assert_eq!(Graph::complete(6).automorphisms(100).len(), 100);
        assert_eq!(Graph::cycle(7).automorphisms(100).len(), 14);
        assert_eq!(Graph::empty(0).automorphisms(10).len(), 1);
        let identity: Vec<usize> = (0..10).collect();
        assert_eq!(petersen().automorphisms(5)[0], identity);
    }

    #[test]
    fn keys_are_representatives() {
        let g = Graph::grid(4, 5);
        let sym = HullSymmetry::new(&g).unwrap();
        assert_eq!(sym.classes().len(), 9);
        for p in [0u64, 1, 6, 0b1011_0110_0101, (1 << 20) - 1] {
            let k = sym.key(p);
            // A key is its own key.
            assert_eq!(sym.key(k), k);
        }
        // In a tree the maximal proper convex sets leave out one leaf each: the three leaves
        // are classes of their own, the four inner vertices one class (of delay moves).
        let e = |a: i64, b: i64| (VertexLabel::from(a), VertexLabel::from(b));
        let tree = Graph::from_edges(
            false,
            [e(0, 1), e(1, 2), e(2, 3), e(3, 4), e(2, 5), e(5, 6)],
        )
        .unwrap();
        let sym = HullSymmetry::new(&tree).unwrap();
        assert_eq!(sym.classes().len(), 4);
        // Selecting two inner vertices does not change the key.
        assert_eq!(sym.key(0), sym.key((1 << 1) | (1 << 2)));
    }

    /// The least image computed a bit at a time, straight from the vertex maps.
    fn least_image(sigmas: &[Vec<usize>], mask: u64) -> u64 {
        let image = |sigma: &Vec<usize>| {
            (0..sigma.len())
                .filter(|&v| mask >> v & 1 == 1)
                .fold(0u64, |acc, v| acc | 1 << sigma[v])
        };
        sigmas.iter().map(image).min().unwrap()
    }

    #[test]
    fn images_match_the_vertex_maps() {
        // 27 vertices (four bytes) and 45 (six): both paths of `min_image`.
        for g in [
            Graph::lattice(&[3, 3, 3]),
            Graph::lattice(&[3, 3, 5]),
            petersen(),
        ] {
            let n = g.vertex_count();
            let sigmas = g.automorphisms(AUTOMORPHISM_LIMIT);
            let table = Automorphisms::new(&sigmas, n);
            let mut x = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..200 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let mask = x & ((1u64 << n) - 1);
                let least = Some(least_image(&sigmas, mask));
                assert_eq!(table.least_image(mask), least);
                assert_eq!(table.min_image(mask, |m| m), least);
            }
        }
    }
}
