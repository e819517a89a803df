//! Boards for rulesets: grids of cells and graphs, as immutable, hashable, cheaply cloned
//! values that positions can be built from. Nothing here knows about the cg language.
//!
//! - [`Grid`]: a rectangular board of one-byte cell symbols (`"..#|..."`), with neighbours,
//!   regions, the symmetries of the square and a canonical representative under them; boards
//!   of at most 128 cells and two symbols are bit boards, and those of at most 64 cells and
//!   three or four symbols pairs of bit boards.
//! - [`Graph`]: finite simple graphs and digraphs with labelled vertices, Cartesian products
//!   (grid graphs, lattices, tori), components, distances, geodesic intervals and geodetic
//!   convex hulls, as used by the geodetic games of Benesh, Ernst, Meyer, Salmon and Sieben
//!   and by Geography.
//! - [`HullSymmetry`]: the symmetries of the hull test `[U] = V` that the geodetic removing
//!   games depend on: graph automorphisms and classes of interchangeable vertices.
//! - [`Grid::shot_parts`]: the options of a slide-and-shoot move (Amazons) as their independent
//!   parts in least image, each computed from its parent's images with three cells changed.
//! - [`BitSet`]: the sets of cells and of vertices that both return.

mod bitset;
mod graph;
mod grid;
mod hull_symmetry;
mod planes;
mod shots;
mod symmetry;

pub use bitset::{BitSet, Iter as BitSetIter};
pub use graph::{
    clear_geodesics_cache, Graph, GraphError, VertexLabel, VertexSet, MAX_ARCS, MAX_VERTICES,
};
pub use grid::{
    is_symbol, offsets, Coord, Grid, GridError, ParseGridError, ParseGridErrorKind, MAX_CELLS,
};
pub use hull_symmetry::HullSymmetry;
pub use shots::{Parts, Shots};
pub use symmetry::Symmetry;
