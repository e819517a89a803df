//! From text to the abstract syntax tree: the logos lexer, the LALRPOP parser, spans.
//!
//! [`parse_expr`] and [`parse_program`] are the entry points; every failure is a
//! [`SyntaxError`] (a miette diagnostic with the span of the offending text).

pub mod ast;
pub mod error;
pub mod lexer;
pub mod parse;
pub mod sexp;

pub use error::SyntaxError;
pub use parse::{parse_expr, parse_program, MAX_DEPTH};

#[cfg(test)]
mod tests;
