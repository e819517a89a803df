//! The resolved program the interpreter runs: the syntax tree with every name turned into a slot
//! (a local of the current frame, a value captured by a closure, or a global), literals
//! evaluated once, and builtin calls bound to their table entries. No string is looked up while
//! the program runs.

use std::rc::Rc;

use crate::syntax::ast::{BinaryOp, CollectionKind, Span, UnaryOp};

use super::builtins::Builtin;
use super::function::Proto;
use super::value::Value;

/// One position of a loopy brace form: `{0, pass | a}`.
#[derive(Clone, Debug)]
pub struct LoopyForm {
    pub left: Vec<LoopyOption>,
    pub right: Vec<LoopyOption>,
}

/// An option of a loopy brace form.
#[derive(Clone, Debug)]
pub enum LoopyOption {
    /// `pass`: a move to the position itself.
    Pass,
    /// A label: a move to the enclosing form at this depth (0 the outermost).
    Label(usize),
    /// Braces inside the form (labels bind through them).
    Form(LoopyForm),
    /// Any other expression: its value (a short game or a stopper) is the option.
    Value(Node, Span),
}

/// Where a variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// In the current frame.
    Local(u32),
    /// In the interpreter's globals.
    Global(u32),
}

/// An expression.
#[derive(Clone, Debug)]
pub enum Node {
    Const(Value),
    Load(Slot, Span),
    /// A value captured by the running closure when it was made.
    Capture(u32),
    /// The running function itself (so nested definitions can recurse).
    SelfRef,
    Game {
        left: Vec<(Node, Span)>,
        right: Vec<(Node, Span)>,
    },
    /// A loopy brace form (with `pass` or labels), valued as a game graph.
    Loopy(Box<LoopyForm>, Span),
    List(Vec<Node>),
    Set(Vec<Node>),
    Tuple(Vec<Node>),
    Map(Vec<(Node, Node)>),
    Range {
        start: Box<(Node, Span)>,
        end: Box<(Node, Span)>,
        inclusive: bool,
    },
    Unary {
        op: UnaryOp,
        operand: Box<Node>,
        operand_span: Span,
        span: Span,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<(Node, Span)>,
        rhs: Box<(Node, Span)>,
        span: Span,
    },
    And(Box<(Node, Span)>, Box<(Node, Span)>),
    Or(Box<(Node, Span)>, Box<(Node, Span)>),
    Index {
        target: Box<Node>,
        index: Box<(Node, Span)>,
        span: Span,
    },
    Call {
        callee: Box<Node>,
        args: Vec<(Node, Span)>,
        span: Span,
    },
    CallBuiltin {
        builtin: &'static Builtin,
        args: Vec<(Node, Span)>,
        span: Span,
    },
    /// A function value: the compiled body and the nodes whose values it captures.
    Closure {
        proto: Rc<Proto>,
        captures: Vec<Node>,
    },
    If {
        branches: Vec<((Node, Span), Node)>,
        otherwise: Option<Box<Node>>,
    },
    /// Statements, then the value of the last one when it is an expression.
    Block {
        ops: Vec<Op>,
        result: Option<Box<Node>>,
    },
    Comprehension {
        kind: CollectionKind,
        element: Box<Node>,
        clauses: Vec<IrClause>,
        /// The same comprehension as a function of its first loop's element, which a long
        /// comprehension maps over the elements left on every core (`eval::spread`); `None`
        /// when it cannot be one (its first clause is not a loop, or its code leaves the loop).
        spread: Option<Box<Spread>>,
    },
    /// `'{...}'`: a game kept in the form written.
    Explicit(Box<ExplicitNode>),
    /// A ruleset declaration: its rules as closures, by kind (`left`, `right`, `moves`, ...).
    Ruleset {
        name: String,
        arity: Option<usize>,
        impartial: bool,
        rules: Vec<(String, Node)>,
    },
}

/// The parts of an explicit game: forms stay forms, anything else is evaluated to a game.
#[derive(Clone, Debug)]
pub enum ExplicitNode {
    Form {
        left: Vec<ExplicitNode>,
        right: Vec<ExplicitNode>,
    },
    Value(Node, Span),
}

/// A comprehension `[e for x in xs ...]` as a function of `x`, for `eval::spread`.
#[derive(Clone, Debug)]
pub struct Spread {
    /// The closure: `x -> e` when the loop is the only clause, else `x -> [e ...]` with the
    /// other clauses (a tuple pattern is bound inside, from a list of the one element).
    pub closure: Node,
    /// Whether each call gives a list of elements rather than one element.
    pub flatten: bool,
}

#[derive(Clone, Debug)]
pub enum IrClause {
    For {
        binder: Binder,
        iterable: Node,
        span: Span,
    },
    If(Node, Span),
}

/// What a `let`, a `for` or a comprehension binds.
#[derive(Clone, Debug)]
pub enum Binder {
    Slot(Slot),
    Tuple(Vec<Binder>, Span),
}

/// A statement.
#[derive(Clone, Debug)]
pub enum Op {
    Eval(Node),
    /// A top-level expression whose value the script prints.
    Echo(Node),
    Bind(Binder, Node),
    /// `x = x + e` or `x = x - e` with a simple `e` (no calls): the number in `x` is updated in
    /// place, so a running total reuses its storage. `spans`: of `x`, of `e`, of the sum.
    Accumulate {
        slot: Slot,
        value: Node,
        subtract: bool,
        spans: Box<(Span, Span, Span)>,
    },
    /// `xs[i][j] = value`: the variable, the index path, the value.
    SetIndex {
        slot: Slot,
        path: Vec<(Node, Span)>,
        value: Node,
        span: Span,
    },
    For {
        binder: Binder,
        iterable: Node,
        body: Vec<Op>,
        span: Span,
    },
    While {
        condition: (Node, Span),
        body: Vec<Op>,
    },
    Break,
    Continue,
    Return(Option<Node>),
    Load {
        path: String,
        span: Span,
    },
}
