//! The canonical-form engine for short games: the interned `Game` handle and its arena,
//! canonical forms, sums and comparisons, and the analysis built on them (temperature theory,
//! infinitesimals, incentives, products, notation and LaTeX).

pub(crate) mod arith;
pub(crate) mod canonical;
mod chunked;
pub(crate) mod compare;
pub(crate) mod game;
pub(crate) mod incentives;
pub(crate) mod infinitesimal;
pub mod latex;
pub(crate) mod leq_cache;
pub(crate) mod neg_cache;
pub(crate) mod notation;
pub(crate) mod nus;
pub mod powers;
pub(crate) mod products;
pub(crate) mod properties;
pub(crate) mod quick_stops;
pub(crate) mod store;
pub(crate) mod thermal;
pub(crate) mod thermograph;
pub(crate) mod uptimal;
