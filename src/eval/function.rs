//! User functions: compiled bodies (`Proto`) and the closures made from them.

use std::cell::RefCell;
use std::rc::Rc;

use ahash::AHashMap;

use crate::syntax::ast::Span;

use super::bytecode::Code;
use super::ir::Node;
use super::source::Source;
use super::value::Value;

/// A compiled function body.
#[derive(Debug)]
pub struct Proto {
    pub name: String,
    pub arity: usize,
    /// Frame size: parameters first, then every local the body binds.
    pub locals: usize,
    pub body: Node,
    /// The body lowered to register code: what runs.
    pub code: Code,
    pub source: Rc<Source>,
    pub span: Span,
    pub memo: bool,
}

/// A function value: a body and the values it captured when it was made.
#[derive(Debug)]
pub struct Function {
    pub name: String,
    pub proto: Rc<Proto>,
    pub captured: Vec<Value>,
    /// Results by arguments, for `memo def`.
    pub memo: Option<RefCell<AHashMap<Vec<Value>, Value>>>,
}
