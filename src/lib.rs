//! cg: a language, interpreter and REPL for combinatorial game theory.
//!
//! The data flows one way: text -> tokens -> AST (`syntax`) -> evaluator (`eval`) -> canonical
//! forms (`core`) -> printed values. `core` knows nothing of the language.

pub mod board;
pub mod core;
pub mod diag;
pub mod eval;
pub mod huge_pages;
pub mod jupyter;
pub mod progress;
pub mod render;
pub mod repl;
pub mod syntax;
