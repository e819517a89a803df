//! Compiled code as plain data, so that a rule or a mapped function written in the language
//! can run on a helper thread (`eval::parallel`, `eval::parallel_list`).
//!
//! A `Proto`'s tree (`ir::Node`) is plain data but for its constants (`Value`s, which share
//! their parts through `Rc`) and the protos of the lambdas inside it (`Rc<Proto>`). The forms
//! here mirror the tree with those two replaced by `Portable`s and `Arc`s; a helper rebuilds
//! the tree and lowers it to register code itself (`lower::function`), which gives the code
//! the asking thread runs, since lowering depends on the tree alone.
//!
//! Which code may travel, and which globals it needs, is decided in `eval::portable_function`
//! (the `Carrier` walks the tree once, turning it into these forms); this module only holds
//! the forms and turns them back.

use std::rc::Rc;
use std::sync::Arc;

use crate::syntax::ast::{BinaryOp, CollectionKind, Span, UnaryOp};

use super::builtins::Builtin;
use super::function::Proto;
use super::ir::{Binder, IrClause, Node, Op, Slot};
use super::parallel::Portable;
use super::source::Source;

/// An `ir::Node` as plain data (the forms a helper cannot run, loopy and explicit games and
/// ruleset declarations, have none: code holding them stays on its thread).
#[derive(Clone, Debug)]
pub enum PortableNode {
    Const(Portable),
    Load(Slot, Span),
    Capture(u32),
    SelfRef,
    Game {
        left: Vec<(PortableNode, Span)>,
        right: Vec<(PortableNode, Span)>,
    },
    List(Vec<PortableNode>),
    Set(Vec<PortableNode>),
    Tuple(Vec<PortableNode>),
    Map(Vec<(PortableNode, PortableNode)>),
    Range {
        start: Box<(PortableNode, Span)>,
        end: Box<(PortableNode, Span)>,
        inclusive: bool,
    },
    Unary {
        op: UnaryOp,
        operand: Box<PortableNode>,
        operand_span: Span,
        span: Span,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<(PortableNode, Span)>,
        rhs: Box<(PortableNode, Span)>,
        span: Span,
    },
    And(Box<(PortableNode, Span)>, Box<(PortableNode, Span)>),
    Or(Box<(PortableNode, Span)>, Box<(PortableNode, Span)>),
    Index {
        target: Box<PortableNode>,
        index: Box<(PortableNode, Span)>,
        span: Span,
    },
    Call {
        callee: Box<PortableNode>,
        args: Vec<(PortableNode, Span)>,
        span: Span,
    },
    CallBuiltin {
        builtin: &'static Builtin,
        args: Vec<(PortableNode, Span)>,
        span: Span,
    },
    Closure {
        proto: Arc<PortableProto>,
        captures: Vec<PortableNode>,
    },
    If {
        branches: Vec<((PortableNode, Span), PortableNode)>,
        otherwise: Option<Box<PortableNode>>,
    },
    Block {
        ops: Vec<PortableOp>,
        result: Option<Box<PortableNode>>,
    },
    Comprehension {
        kind: CollectionKind,
        element: Box<PortableNode>,
        clauses: Vec<PortableClause>,
    },
}

/// An `ir::IrClause` as plain data.
#[derive(Clone, Debug)]
pub enum PortableClause {
    For {
        binder: Binder,
        iterable: PortableNode,
        span: Span,
    },
    If(PortableNode, Span),
}

/// An `ir::Op` as plain data (`Echo` and `load` have none: they act on the session).
#[derive(Clone, Debug)]
pub enum PortableOp {
    Eval(PortableNode),
    Bind(Binder, PortableNode),
    Accumulate {
        slot: Slot,
        value: PortableNode,
        subtract: bool,
        spans: Box<(Span, Span, Span)>,
    },
    SetIndex {
        slot: Slot,
        path: Vec<(PortableNode, Span)>,
        value: PortableNode,
        span: Span,
    },
    For {
        binder: Binder,
        iterable: PortableNode,
        body: Vec<PortableOp>,
        span: Span,
    },
    While {
        condition: (PortableNode, Span),
        body: Vec<PortableOp>,
    },
    Break,
    Continue,
    Return(Option<PortableNode>),
}

/// A source text as plain data (errors on a helper are never shown, but a rebuilt proto
/// keeps its source so that it is the proto the asking thread has).
#[derive(Debug)]
pub struct PortableSource {
    pub name: String,
    pub text: String,
    pub path: Option<std::path::PathBuf>,
}

/// A `Proto` as plain data: everything but its register code, which the helper lowers again.
#[derive(Debug)]
pub struct PortableProto {
    pub name: String,
    pub arity: usize,
    pub locals: usize,
    pub body: PortableNode,
    pub source: Arc<PortableSource>,
    pub span: Span,
    pub memo: bool,
}

impl PortableSource {
    pub fn of(source: &Source) -> PortableSource {
        PortableSource {
            name: source.name.clone(),
            text: source.text.clone(),
            path: source.path.clone(),
        }
    }
}

impl PortableProto {
    /// The proto again, on this thread, lowered to register code.
    pub fn proto(&self) -> Rc<Proto> {
        let body = self.body.node();
        let source = &self.source;
        Rc::new(Proto {
            name: self.name.clone(),
            arity: self.arity,
            locals: self.locals,
            code: super::lower::function(&body, self.locals),
            body,
            source: Rc::new(Source::new(
                source.name.clone(),
                source.text.clone(),
                source.path.clone(),
            )),
            span: self.span.clone(),
            memo: self.memo,
        })
    }
}

fn spanned(item: &(PortableNode, Span)) -> (Node, Span) {
    (item.0.node(), item.1.clone())
}

fn boxed(item: &(PortableNode, Span)) -> Box<(Node, Span)> {
    Box::new(spanned(item))
}

fn all_spanned(items: &[(PortableNode, Span)]) -> Vec<(Node, Span)> {
    items.iter().map(spanned).collect()
}

fn all(items: &[PortableNode]) -> Vec<Node> {
    items.iter().map(PortableNode::node).collect()
}

fn all_ops(ops: &[PortableOp]) -> Vec<Op> {
    ops.iter().map(PortableOp::op).collect()
}

impl PortableNode {
    /// The node again, on this thread.
    pub fn node(&self) -> Node {
        use PortableNode as P;
        match self {
            P::Const(v) => Node::Const(v.value()),
            P::Load(slot, span) => Node::Load(*slot, span.clone()),
            P::Capture(i) => Node::Capture(*i),
            P::SelfRef => Node::SelfRef,
            P::Game { left, right } => Node::Game {
                left: all_spanned(left),
                right: all_spanned(right),
            },
            P::List(items) => Node::List(all(items)),
            P::Set(items) => Node::Set(all(items)),
            P::Tuple(items) => Node::Tuple(all(items)),
            P::Map(pairs) => Node::Map(pairs.iter().map(|(k, v)| (k.node(), v.node())).collect()),
            P::Range {
                start,
                end,
                inclusive,
            } => Node::Range {
                start: boxed(start),
                end: boxed(end),
                inclusive: *inclusive,
            },
            P::Unary {
                op,
                operand,
                operand_span,
                span,
            } => Node::Unary {
                op: *op,
                operand: Box::new(operand.node()),
                operand_span: operand_span.clone(),
                span: span.clone(),
            },
            P::Binary { op, lhs, rhs, span } => Node::Binary {
                op: *op,
                lhs: boxed(lhs),
                rhs: boxed(rhs),
                span: span.clone(),
            },
            P::And(a, b) => Node::And(boxed(a), boxed(b)),
            P::Or(a, b) => Node::Or(boxed(a), boxed(b)),
            P::Index {
                target,
                index,
                span,
            } => Node::Index {
                target: Box::new(target.node()),
                index: boxed(index),
                span: span.clone(),
            },
            P::Call { callee, args, span } => Node::Call {
                callee: Box::new(callee.node()),
                args: all_spanned(args),
                span: span.clone(),
            },
            P::CallBuiltin {
                builtin,
                args,
                span,
            } => Node::CallBuiltin {
                builtin,
                args: all_spanned(args),
                span: span.clone(),
            },
            P::Closure { proto, captures } => Node::Closure {
                proto: proto.proto(),
                captures: all(captures),
            },
            P::If {
                branches,
                otherwise,
            } => Node::If {
                branches: branches
                    .iter()
                    .map(|(cond, then)| (spanned(cond), then.node()))
                    .collect(),
                otherwise: otherwise.as_ref().map(|n| Box::new(n.node())),
            },
            P::Block { ops, result } => Node::Block {
                ops: all_ops(ops),
                result: result.as_ref().map(|n| Box::new(n.node())),
            },
            P::Comprehension {
                kind,
                element,
                clauses,
            } => Node::Comprehension {
                kind: *kind,
                element: Box::new(element.node()),
                clauses: clauses.iter().map(PortableClause::clause).collect(),
                spread: None,
            },
        }
    }
}

impl PortableClause {
    fn clause(&self) -> IrClause {
        match self {
            PortableClause::For {
                binder,
                iterable,
                span,
            } => IrClause::For {
                binder: binder.clone(),
                iterable: iterable.node(),
                span: span.clone(),
            },
            PortableClause::If(cond, span) => IrClause::If(cond.node(), span.clone()),
        }
    }
}

impl PortableOp {
    fn op(&self) -> Op {
        use PortableOp as P;
        match self {
            P::Eval(n) => Op::Eval(n.node()),
            P::Bind(binder, n) => Op::Bind(binder.clone(), n.node()),
            P::Accumulate {
                slot,
                value,
                subtract,
                spans,
            } => Op::Accumulate {
                slot: *slot,
                value: value.node(),
                subtract: *subtract,
                spans: spans.clone(),
            },
            P::SetIndex {
                slot,
                path,
                value,
                span,
            } => Op::SetIndex {
                slot: *slot,
                path: all_spanned(path),
                value: value.node(),
                span: span.clone(),
            },
            P::For {
                binder,
                iterable,
                body,
                span,
            } => Op::For {
                binder: binder.clone(),
                iterable: iterable.node(),
                body: all_ops(body),
                span: span.clone(),
            },
            P::While { condition, body } => Op::While {
                condition: spanned(condition),
                body: all_ops(body),
            },
            P::Break => Op::Break,
            P::Continue => Op::Continue,
            P::Return(n) => Op::Return(n.as_ref().map(PortableNode::node)),
        }
    }
}
