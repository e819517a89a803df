//! Loopy games: games whose positions may recur.

pub mod nim;
