//! From text to the abstract syntax tree: the logos lexer, the LALRPOP parser, spans.

pub mod ast;
