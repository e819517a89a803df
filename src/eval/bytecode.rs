//! The code the interpreter runs: a function body (or a top-level program) lowered from the
//! slot-addressed tree of `ir` to a flat list of instructions over registers, in the manner of
//! Lua's virtual machine.
//!
//! A register is a slot of the running frame: the first `locals` are the variables the
//! resolver assigned (`Slot::Local`), the others hold intermediate values. An instruction reads
//! its operands in place and writes its result into its destination register, so evaluating
//! `n - 1` or `n < 2` moves no value through a chain of returns, and a comparison that decides
//! a branch makes no boolean at all. What the instruction set does not cover (game literals,
//! closures, loopy forms, ...) stays a tree and is run by the tree evaluator from an `Eval`
//! instruction, on the same frame.

use crate::syntax::ast::{BinaryOp, CollectionKind, Span, UnaryOp};

use super::builtins::{Builtin, PlainFn};
use super::ir::{Binder, Node, Op, Slot};
use super::value::Value;

/// A register: an index into the running frame.
pub type Reg = u32;

/// An index into `Code::spans` (a binary operation keeps three in a row: left operand, right
/// operand, whole expression).
pub type SpanId = u32;

/// A position in `Code::instrs`.
pub type Label = u32;

/// The innermost loop around a tree-evaluated statement, whose `break` and `continue` (which
/// the tree evaluator reports as unwinding) jump to these places.
#[derive(Clone, Copy, Debug)]
pub struct LoopExits {
    pub continue_at: Label,
    pub break_at: Label,
}

#[derive(Debug)]
pub enum Instr {
    /// dst = constants[index].
    Const {
        dst: Reg,
        index: u32,
    },
    /// dst = a machine integer.
    Int {
        dst: Reg,
        value: i64,
    },
    Move {
        dst: Reg,
        src: Reg,
    },
    LoadGlobal {
        dst: Reg,
        slot: u32,
        span: SpanId,
    },
    StoreGlobal {
        slot: u32,
        src: Reg,
    },
    /// dst = the value the running closure captured at `index`.
    Capture {
        dst: Reg,
        index: u32,
    },
    /// dst = the running function itself.
    SelfRef {
        dst: Reg,
    },
    /// dst = lhs op rhs.
    Binary {
        op: BinaryOp,
        dst: Reg,
        lhs: Reg,
        rhs: Reg,
        spans: SpanId,
    },
    /// dst = lhs op k, for a machine integer k written in the program (`n - 1`, `i % 7`).
    BinaryInt {
        op: BinaryOp,
        dst: Reg,
        lhs: Reg,
        k: i64,
        spans: SpanId,
    },
    /// dst = lhs + addend: `n + 1` (`sub` false) or `n - 1` (`sub` true, the addend being
    /// -1), the commonest arithmetic of all, with no operator to decode on the fast path.
    /// Anything but a machine integer in `lhs`, or an overflow, takes the general path of the
    /// operator written.
    AddIntK {
        dst: Reg,
        lhs: Reg,
        addend: i64,
        sub: bool,
        spans: SpanId,
    },
    /// dst = lhs % k for a machine integer k > 0 written in the program (`i % 7`): the floor
    /// remainder is then the Euclidean one and never overflows.
    RemIntK {
        dst: Reg,
        lhs: Reg,
        k: i64,
        spans: SpanId,
    },
    /// dst = lhs + rhs.
    AddInt {
        dst: Reg,
        lhs: Reg,
        rhs: Reg,
        spans: SpanId,
    },
    Unary {
        op: UnaryOp,
        dst: Reg,
        src: Reg,
        spans: SpanId,
    },
    /// Goes on to `target` unless lhs op rhs holds (a comparison that decides a branch).
    CompareOrJump {
        op: BinaryOp,
        lhs: Reg,
        rhs: Reg,
        target: Label,
        spans: SpanId,
    },
    /// The same with a machine integer on the right.
    CompareIntOrJump {
        op: BinaryOp,
        lhs: Reg,
        k: i64,
        target: Label,
        spans: SpanId,
    },
    /// `CompareIntOrJump` for `lhs < k` (`if n < 2`), with no operator to decode.
    LessIntOrJump {
        lhs: Reg,
        k: i64,
        target: Label,
        spans: SpanId,
    },
    /// Goes on to `target` when `cond` is false (an error unless it is true or false).
    JumpIfFalse {
        cond: Reg,
        target: Label,
        span: SpanId,
    },
    Jump {
        target: Label,
    },
    Bool {
        dst: Reg,
        value: bool,
    },
    /// dst = target[index].
    Index {
        dst: Reg,
        target: Reg,
        index: Reg,
        spans: SpanId,
    },
    /// dst = target[k] for an index written as a non-negative integer constant (`c[0]`), which
    /// needs no register of its own.
    IndexK {
        dst: Reg,
        target: Reg,
        k: u32,
        spans: SpanId,
    },
    /// Calls the value of global `slot` with the arguments in registers args..args + count;
    /// the spans of the call, of each argument, then of the name, are at `span`...
    CallGlobal {
        dst: Reg,
        slot: u32,
        args: Reg,
        count: u32,
        span: SpanId,
    },
    /// Calls the running function itself (a recursive call by its own name; spans as for
    /// `CallGlobal`).
    CallSelf {
        dst: Reg,
        args: Reg,
        count: u32,
        span: SpanId,
    },
    /// Calls the value in `callee` (spans as for `CallGlobal`).
    Call {
        dst: Reg,
        callee: Reg,
        args: Reg,
        count: u32,
        span: SpanId,
    },
    /// Calls a builtin; the arguments' spans are at spans + 1 .., the call's at spans.
    CallBuiltin {
        dst: Reg,
        builtin: &'static Builtin,
        args: Reg,
        count: u32,
        spans: SpanId,
    },
    /// Calls a builtin whose checks are known to pass (`builtins::plain_for`) through its
    /// function, with the arguments in the registers `Code::arg_registers[args..args + count]`
    /// (distinct registers: a variable's own, so that it is lent to the builtin rather than
    /// copied, or an intermediate one); spans as for `CallBuiltin`.
    CallPlain {
        dst: Reg,
        run: PlainFn,
        args: u32,
        count: u32,
        spans: SpanId,
    },
    /// `cell(grid, at)`: the cell is read with no argument buffer filled, and with no tuple
    /// made when `at` is written as a pair. Anything but a grid and a pair of machine integers
    /// takes the builtin's own path (`run`), with its errors. The call's span is at `spans`,
    /// the grid's and the cell's after it.
    CellAt {
        dst: Reg,
        grid: Reg,
        at: CellOperand,
        run: PlainFn,
        spans: SpanId,
    },
    /// `fill(grid, [cells], symbol)` with the cells written as a list of at most
    /// `MAX_FILLED` (`Code::cell_operands[cells..cells + count]`): the new grid is made with
    /// no list and no tuples built. Anything the fast path does not take (a cell that is not
    /// a pair of machine integers, an error) goes through the builtin's own path (`run`).
    /// Spans as for `CellAt` (call, grid, list, symbol).
    FillAt {
        dst: Reg,
        grid: Reg,
        cells: u32,
        count: u32,
        symbol: Reg,
        run: PlainFn,
        spans: SpanId,
    },
    /// Goes on to `target` unless `lhs op constants[index]` holds, for `==` or `!=` and a
    /// constant other than a machine integer (`cell(g, c) == "."`): compared where the value
    /// lies, with no copy of the constant.
    CompareConstOrJump {
        op: BinaryOp,
        lhs: Reg,
        index: u32,
        target: Label,
        spans: SpanId,
    },
    /// dst = a list, tuple or set of the values in registers first..first + count.
    Collect {
        dst: Reg,
        kind: Collection,
        first: Reg,
        count: u32,
    },
    /// Appends src to the list being built in `list` (a comprehension).
    Push {
        list: Reg,
        src: Reg,
    },
    /// Makes room in the list being built in `list` for as many elements as the `for` loop
    /// whose state is in `state` walks (a comprehension's first loop), so that the list is not
    /// grown again and again as it is filled.
    Reserve {
        list: Reg,
        state: Reg,
    },
    /// dst = the list built in `list`, as a list or a set.
    Finish {
        dst: Reg,
        list: Reg,
        kind: Collection,
    },
    /// Starts a `for` over the value in `src`: `state` holds what is walked and `state + 1`
    /// the position reached.
    ForStart {
        state: Reg,
        src: Reg,
        span: SpanId,
    },
    /// The next element into `var`, or on to `exit` when there is none.
    ForNext {
        state: Reg,
        var: Reg,
        exit: Label,
        span: SpanId,
    },
    /// The bottom of a `for` loop: the next element into `var` and back to `body` (the
    /// instruction after the loop's `ForNext`), or on past this instruction when there is
    /// none. One instruction per iteration instead of a `Jump` back to `ForNext`.
    ForLoop {
        state: Reg,
        var: Reg,
        body: Label,
        span: SpanId,
    },
    /// Prints the value in `src`, a top-level expression's (`Interpreter::echo_value`).
    Echo {
        src: Reg,
    },
    /// Starts the watch of a comprehension's first loop, which may be spread over the cores
    /// (`eval::spread`): `watch..watch + SPREAD_WATCH` hold its counters and, once made, the
    /// comprehension's function.
    SpreadStart {
        watch: Reg,
    },
    /// At the top of that loop's body: counts the element, and on to `spread` when the loop
    /// has run long enough, its elements are slow, and many are left.
    SpreadCheck {
        site: u32,
        spread: Label,
    },
    /// Maps the comprehension's function (made just before, in its watch) over the element in
    /// the loop's variable and every one after it, appends the results to the list, and ends
    /// the loop; or, when a call fails, goes back to `resume` and walks on in place, so that
    /// the error is reported as the loop reports it.
    SpreadMap {
        site: u32,
    },
    /// Counts a step of a `while` loop (interrupts and the step budget).
    LoopStep {
        span: SpanId,
    },
    /// A running total updated in place: `x = x + value` (or `-`).
    Accumulate {
        slot: Slot,
        value: Reg,
        subtract: bool,
        spans: SpanId,
    },
    /// Binds a tuple pattern (or a global) to the value in `src`.
    Bind {
        binder: Box<Binder>,
        src: Reg,
    },
    /// A subtree the instructions do not cover, run by the tree evaluator.
    Eval {
        dst: Reg,
        node: Box<Node>,
        exits: Option<LoopExits>,
    },
    /// A statement the instructions do not cover, run by the tree evaluator.
    Exec {
        op: Box<Op>,
        exits: Option<LoopExits>,
    },
    Return {
        src: Reg,
    },
}

/// The most cells a `FillAt` takes written out (a domino, a move from one cell to another,
/// a small piece); longer lists are built as values.
pub const MAX_FILLED: usize = 8;

/// A cell of a `FillAt`'s list: a pair written out, its row and column in two registers, or
/// any other expression, its value in one.
#[derive(Clone, Copy, Debug)]
pub enum CellOperand {
    Pair(Reg, Reg),
    Value(Reg),
}

/// What a `Collect` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Collection {
    List,
    Tuple,
    Set,
}

impl From<CollectionKind> for Collection {
    fn from(kind: CollectionKind) -> Collection {
        match kind {
            CollectionKind::List => Collection::List,
            CollectionKind::Set => Collection::Set,
        }
    }
}

/// A lowered body.
#[derive(Debug, Default)]
pub struct Code {
    pub instrs: Vec<Instr>,
    pub constants: Vec<Value>,
    pub spans: Vec<Span>,
    /// Registers a frame needs: the locals, then the intermediate values.
    pub frame: usize,
    /// How many of them are locals: the others hold values used once, which are moved out
    /// rather than copied.
    pub locals: Reg,
    /// The argument registers of the `CallPlain` instructions, each call's in a run.
    pub arg_registers: Vec<Reg>,
    /// The cells of the `FillAt` instructions, each one's in a run.
    pub cell_operands: Vec<CellOperand>,
    /// The comprehensions that may be spread, by the `site` of their instructions.
    pub spreads: Vec<SpreadSite>,
}

/// The registers of a comprehension's watch (`vm::spread`): its counters, then the
/// comprehension's function.
pub const SPREAD_WATCH: Reg = 6;

/// A comprehension whose first loop may be spread over the cores (`eval::spread`).
#[derive(Clone, Copy, Debug)]
pub struct SpreadSite {
    pub watch: Reg,
    /// The first loop's state (`ForStart`) and variable, which holds the element at hand.
    pub state: Reg,
    pub var: Reg,
    /// The list being built.
    pub list: Reg,
    /// Whether each call of the function gives a list of elements (see `ir::Spread`).
    pub flatten: bool,
    /// The instruction after the `SpreadCheck`, where the loop's body goes on.
    pub resume: Label,
    pub span: SpanId,
}
