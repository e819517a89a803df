//! Lowering: from the tree of `ir` to the register code of `bytecode`.
//!
//! Registers are handed out as a stack: an expression's intermediate values take the registers
//! above those in use and give them back when the expression is done. The arguments of a call
//! are always the topmost registers in use, so that they are already in place as the first
//! registers of the callee's frame.
//!
//! `expr_into(node, dst)` writes `dst` only as its last step, so a variable may be the
//! destination of an expression that reads it (`let x = f(x)`).

use crate::syntax::ast::{BinaryOp, Span};

use super::builtins;
use super::bytecode::{
    CellOperand, Code, Collection, Instr, Label, LoopExits, Reg, SpanId, SpreadSite, MAX_FILLED,
    SPREAD_WATCH,
};
use super::ir::{Binder, IrClause, Node, Op, Slot, Spread};
use super::num::Num;
use super::value::Value;
use super::vm::compares_in_place;

/// The code of a function body over `locals` variables (the parameters first). The body's
/// value is computed straight into register 0, where the caller takes it (`expr_into` writes
/// its destination last, so the parameter there is read before it is replaced).
pub fn function(body: &Node, locals: usize) -> Code {
    let mut lowerer = Lowerer::new(locals.max(1));
    lowerer.code.locals = locals as Reg;
    lowerer.expr_into(body, 0);
    lowerer.emit(Instr::Return { src: 0 });
    lowerer.finish()
}

/// The code of a top-level program: its statements, then the value of `result` (else nothing).
pub fn program(ops: &[Op], result: Option<&Node>, locals: usize) -> Code {
    let mut lowerer = Lowerer::new(locals);
    for op in ops {
        lowerer.stmt(op);
    }
    let result = match result {
        Some(node) => lowerer.expr(node),
        None => {
            let r = lowerer.temp();
            lowerer.constant(Value::Nothing, r);
            r
        }
    };
    lowerer.emit(Instr::Return { src: result });
    lowerer.finish()
}

/// What the dispatch loop relies on to fetch instructions without a bounds check: the code
/// ends with a `Return` (so the instruction after any other one exists, which is where a call
/// comes back to), and every jump lands inside it. Checked once per body lowered, a bug in the
/// lowering becoming a panic here rather than a read out of bounds later.
fn assert_well_formed(code: &Code) {
    assert!(
        matches!(code.instrs.last(), Some(Instr::Return { .. })),
        "lowered code ends with a Return"
    );
    let len = code.instrs.len() as Label;
    for instr in &code.instrs {
        let targets: [Option<Label>; 2] = match instr {
            Instr::Jump { target }
            | Instr::JumpIfFalse { target, .. }
            | Instr::CompareOrJump { target, .. }
            | Instr::CompareIntOrJump { target, .. }
            | Instr::CompareConstOrJump { target, .. }
            | Instr::LessIntOrJump { target, .. } => [Some(*target), None],
            Instr::ForNext { exit, .. } => [Some(*exit), None],
            Instr::ForLoop { body, .. } => [Some(*body), None],
            Instr::SpreadCheck { spread, site } => {
                [Some(*spread), Some(code.spreads[*site as usize].resume)]
            }
            Instr::Eval { exits, .. } | Instr::Exec { exits, .. } => match exits {
                Some(e) => [Some(e.continue_at), Some(e.break_at)],
                None => [None, None],
            },
            _ => [None, None],
        };
        for target in targets.into_iter().flatten() {
            assert!(target < len, "a jump inside the lowered code");
        }
    }
}

/// The head of a `for` loop or of a comprehension's `for` clause: what it binds, over what.
struct LoopHead<'a> {
    binder: &'a Binder,
    iterable: &'a Node,
    span: &'a Span,
}

/// What a `for` loop is part of, which decides what it emits beside the loop itself.
enum LoopKind<'a> {
    /// A statement: the target of `break` and `continue`.
    Statement,
    /// A clause of a comprehension (`break` leaves the enclosing statement loop); the first
    /// clause sizes the list being built, `reserve`.
    Clause { reserve: Option<Reg> },
    /// The first clause of a comprehension that may be spread over the cores
    /// (`eval::vm::spread`): it sizes `list`, and a watch at the top of its body may hand the
    /// elements left to `spread`'s function.
    Spread { list: Reg, spread: &'a Spread },
}

/// A loop being lowered: where `continue` goes, and the jumps `break` leaves to patch.
struct Loop {
    continue_at: Label,
    breaks: Vec<usize>,
}

struct Lowerer {
    code: Code,
    /// The next free register.
    next: Reg,
    loops: Vec<Loop>,
}

/// A placeholder for a jump target not yet known.
const UNPATCHED: Label = Label::MAX;

impl Lowerer {
    fn new(locals: usize) -> Lowerer {
        let locals = locals as Reg;
        Lowerer {
            code: Code {
                frame: locals as usize,
                locals,
                ..Code::default()
            },
            next: locals,
            loops: Vec::new(),
        }
    }

    fn finish(mut self) -> Code {
        self.thread_jumps_to_returns();
        assert_well_formed(&self.code);
        self.code
    }

    /// A jump to a `Return` becomes that `Return` (the branch of an `if` that ends a
    /// function returns at once): one instruction fewer on the way out of every such call.
    fn thread_jumps_to_returns(&mut self) {
        for i in 0..self.code.instrs.len() {
            if let Instr::Jump { target } = self.code.instrs[i] {
                if let Some(&Instr::Return { src }) = self.code.instrs.get(target as usize) {
                    self.code.instrs[i] = Instr::Return { src };
                }
            }
        }
    }

    fn emit(&mut self, instr: Instr) -> usize {
        self.code.instrs.push(instr);
        self.code.instrs.len() - 1
    }

    fn here(&self) -> Label {
        self.code.instrs.len() as Label
    }

    fn temp(&mut self) -> Reg {
        let r = self.next;
        self.next += 1;
        self.code.frame = self.code.frame.max(self.next as usize);
        r
    }

    fn spans(&mut self, spans: &[&Span]) -> SpanId {
        let id = self.code.spans.len() as SpanId;
        self.code.spans.extend(spans.iter().map(|s| (*s).clone()));
        id
    }

    fn constant(&mut self, value: Value, dst: Reg) {
        if let Value::Number(Num::Small(n)) = value {
            self.emit(Instr::Int { dst, value: n });
            return;
        }
        let index = self.code.constants.len() as u32;
        self.code.constants.push(value);
        self.emit(Instr::Const { dst, index });
    }

    /// Points the jump (or the loop exit of a tree-evaluated part) at `at` to `target`.
    fn patch(&mut self, at: usize, target: Label) {
        match &mut self.code.instrs[at] {
            Instr::Jump { target: t }
            | Instr::JumpIfFalse { target: t, .. }
            | Instr::CompareOrJump { target: t, .. }
            | Instr::CompareIntOrJump { target: t, .. }
            | Instr::CompareConstOrJump { target: t, .. }
            | Instr::LessIntOrJump { target: t, .. }
            | Instr::ForNext { exit: t, .. }
            | Instr::SpreadCheck { spread: t, .. } => *t = target,
            Instr::Eval { exits, .. } | Instr::Exec { exits, .. } => {
                if let Some(exits) = exits {
                    exits.break_at = target;
                }
            }
            other => unreachable!("not a jump: {other:?}"),
        }
    }

    fn patch_all(&mut self, ats: Vec<usize>, target: Label) {
        for at in ats {
            self.patch(at, target);
        }
    }

    /// The exits of the innermost loop, for a part the tree evaluator runs (its `break` is
    /// patched with the loop's other breaks).
    fn exits(&self) -> Option<LoopExits> {
        self.loops.last().map(|l| LoopExits {
            continue_at: l.continue_at,
            break_at: UNPATCHED,
        })
    }

    fn record_break(&mut self, at: usize) {
        if let Some(l) = self.loops.last_mut() {
            l.breaks.push(at);
        }
    }

    // ----- Statements ---------------------------------------------------------------------

    fn stmt(&mut self, op: &Op) {
        let mark = self.next;
        match op {
            Op::Eval(node) => {
                self.expr(node);
            }
            Op::Bind(Binder::Slot(Slot::Local(i)), node) => self.expr_into(node, *i),
            Op::Bind(Binder::Slot(Slot::Global(slot)), node) => {
                let src = self.expr(node);
                self.emit(Instr::StoreGlobal { slot: *slot, src });
            }
            Op::Bind(binder, node) => {
                let src = self.expr(node);
                self.emit(Instr::Bind {
                    binder: Box::new(binder.clone()),
                    src,
                });
            }
            Op::Accumulate {
                slot,
                value,
                subtract,
                spans,
            } => {
                let value = self.expr(value);
                let spans = self.spans(&[&spans.0, &spans.1, &spans.2]);
                self.emit(Instr::Accumulate {
                    slot: *slot,
                    value,
                    subtract: *subtract,
                    spans,
                });
            }
            Op::For {
                binder,
                iterable,
                body,
                span,
            } => {
                let head = LoopHead {
                    binder,
                    iterable,
                    span,
                };
                self.for_loop(head, LoopKind::Statement, |me| {
                    for op in body {
                        me.stmt(op);
                    }
                })
            }
            Op::While { condition, body } => {
                let head = self.here();
                let span = self.spans(&[&condition.1]);
                self.emit(Instr::LoopStep { span });
                let fails = self.branch_unless(&condition.0, &condition.1);
                self.loops.push(Loop {
                    continue_at: head,
                    breaks: fails,
                });
                for op in body {
                    self.stmt(op);
                }
                self.emit(Instr::Jump { target: head });
                let done = self.loops.pop().expect("the loop pushed above");
                let end = self.here();
                self.patch_all(done.breaks, end);
            }
            Op::Break if !self.loops.is_empty() => {
                let at = self.emit(Instr::Jump { target: UNPATCHED });
                self.record_break(at);
            }
            Op::Continue if !self.loops.is_empty() => {
                let target = self.loops.last().expect("checked").continue_at;
                self.emit(Instr::Jump { target });
            }
            Op::Return(node) => {
                let src = match node {
                    Some(node) => self.expr(node),
                    None => {
                        let r = self.temp();
                        self.constant(Value::Nothing, r);
                        r
                    }
                };
                self.emit(Instr::Return { src });
            }
            // Lowered like any expression, so that a top-level comprehension runs as register
            // code too (and may be spread over the cores, `vm::spread`).
            Op::Echo(node) => {
                let src = self.expr(node);
                self.emit(Instr::Echo { src });
            }
            Op::SetIndex { .. } | Op::Load { .. } | Op::Break | Op::Continue => {
                let exits = self.exits();
                let at = self.emit(Instr::Exec {
                    op: Box::new(op.clone()),
                    exits,
                });
                if exits.is_some() {
                    self.record_break(at);
                }
            }
        }
        self.next = mark;
    }

    /// A `for` loop over `head.iterable`, with its body lowered by `lower_body` once the element
    /// is bound.
    fn for_loop(&mut self, head: LoopHead, kind: LoopKind, lower_body: impl FnOnce(&mut Lowerer)) {
        let mark = self.next;
        let src = self.expr(head.iterable);
        self.next = mark;
        let state = self.temp();
        let _position = self.temp();
        // A spread loop's list, function and watch.
        let spread = match kind {
            LoopKind::Spread { list, spread } => Some((list, spread, self.watch_registers())),
            _ => None,
        };
        let span = self.spans(&[head.span]);
        self.emit(Instr::ForStart { state, src, span });
        match kind {
            LoopKind::Clause {
                reserve: Some(list),
            }
            | LoopKind::Spread { list, .. } => {
                self.emit(Instr::Reserve { list, state });
            }
            LoopKind::Statement | LoopKind::Clause { reserve: None } => {}
        }
        if let Some((_, _, watch)) = spread {
            self.emit(Instr::SpreadStart { watch });
        }
        let top = self.here();
        let var = match head.binder {
            Binder::Slot(Slot::Local(i)) => *i,
            _ => self.temp(),
        };
        let next = self.emit(Instr::ForNext {
            state,
            var,
            exit: UNPATCHED,
            span,
        });
        let check = spread.map(|(list, spread, watch)| {
            self.spread_check(SpreadSite {
                watch,
                state,
                var,
                list,
                flatten: spread.flatten,
                resume: UNPATCHED,
                span,
            })
        });
        if !matches!(head.binder, Binder::Slot(Slot::Local(_))) {
            self.emit(Instr::Bind {
                binder: Box::new(head.binder.clone()),
                src: var,
            });
        }
        let breakable = matches!(kind, LoopKind::Statement);
        if breakable {
            self.loops.push(Loop {
                continue_at: top,
                breaks: Vec::new(),
            });
        }
        lower_body(self);
        self.emit(Instr::ForLoop {
            state,
            var,
            body: top + 1,
            span,
        });
        let end = self.here();
        self.patch(next, end);
        if breakable {
            let done = self.loops.pop().expect("the loop pushed above");
            self.patch_all(done.breaks, end);
        }
        if let (Some((_, spread, watch)), Some((site, check))) = (spread, check) {
            self.spread_side(spread, watch, site, check);
        }
        self.next = mark;
    }

    /// The registers of a spread loop's watch (`SPREAD_WATCH` in a row), the first returned.
    fn watch_registers(&mut self) -> Reg {
        let watch = self.temp();
        for _ in 1..SPREAD_WATCH {
            self.temp();
        }
        watch
    }

    /// The check of a spread loop's watch, at the top of its body, and the site it reports:
    /// the loop resumes just after the check. Returns the site's number and the check's place,
    /// to patch with the side code `spread_side` emits.
    fn spread_check(&mut self, mut site: SpreadSite) -> (u32, usize) {
        let number = self.code.spreads.len() as u32;
        let check = self.emit(Instr::SpreadCheck {
            site: number,
            spread: UNPATCHED,
        });
        site.resume = self.here();
        self.code.spreads.push(site);
        (number, check)
    }

    /// After a spread loop, code reached only from its watch: it makes the comprehension's
    /// function in the watch's last register and maps it over the elements left. The loop's
    /// own exit jumps over it.
    fn spread_side(&mut self, spread: &Spread, watch: Reg, site: u32, check: usize) {
        let done = self.emit(Instr::Jump { target: UNPATCHED });
        let side = self.here();
        self.patch(check, side);
        self.expr_into(&spread.closure, watch + SPREAD_WATCH - 1);
        self.emit(Instr::SpreadMap { site });
        let after = self.here();
        self.patch(done, after);
    }

    // ----- Conditions ---------------------------------------------------------------------

    /// Code that goes on when `node` (a condition at `span`) is true and jumps when it is
    /// false; the jumps to patch with the place to go.
    fn branch_unless(&mut self, node: &Node, span: &Span) -> Vec<usize> {
        let mark = self.next;
        let jumps = match node {
            Node::Binary { op, lhs, rhs, span } if is_comparison(*op) => {
                let spans = self.spans(&[&lhs.1, &rhs.1, span]);
                let lhs = self.operand(&lhs.0, &rhs.0);
                let at = match small_constant(&rhs.0) {
                    Some(k) if *op == BinaryOp::Lt => self.emit(Instr::LessIntOrJump {
                        lhs,
                        k,
                        target: UNPATCHED,
                        spans,
                    }),
                    Some(k) => self.emit(Instr::CompareIntOrJump {
                        op: *op,
                        lhs,
                        k,
                        target: UNPATCHED,
                        spans,
                    }),
                    None if matches!(op, BinaryOp::Eq | BinaryOp::Ne)
                        && is_plain_constant(&rhs.0) =>
                    {
                        let Node::Const(k) = &rhs.0 else {
                            unreachable!("checked by is_plain_constant")
                        };
                        let index = self.code.constants.len() as u32;
                        self.code.constants.push(k.clone());
                        self.emit(Instr::CompareConstOrJump {
                            op: *op,
                            lhs,
                            index,
                            target: UNPATCHED,
                            spans,
                        })
                    }
                    None => {
                        let rhs = self.expr(&rhs.0);
                        self.emit(Instr::CompareOrJump {
                            op: *op,
                            lhs,
                            rhs,
                            target: UNPATCHED,
                            spans,
                        })
                    }
                };
                vec![at]
            }
            Node::And(lhs, rhs) => {
                let mut jumps = self.branch_unless(&lhs.0, &lhs.1);
                jumps.extend(self.branch_unless(&rhs.0, &rhs.1));
                jumps
            }
            Node::Or(lhs, rhs) => {
                let lhs_false = self.branch_unless(&lhs.0, &lhs.1);
                let lhs_true = self.emit(Instr::Jump { target: UNPATCHED });
                let here = self.here();
                self.patch_all(lhs_false, here);
                let jumps = self.branch_unless(&rhs.0, &rhs.1);
                let here = self.here();
                self.patch(lhs_true, here);
                jumps
            }
            _ => {
                let cond = self.expr(node);
                let span = self.spans(&[span]);
                vec![self.emit(Instr::JumpIfFalse {
                    cond,
                    target: UNPATCHED,
                    span,
                })]
            }
        };
        self.next = mark;
        jumps
    }

    // ----- Expressions --------------------------------------------------------------------

    /// A register holding the value of `node`: a variable's own, or a new one.
    fn expr(&mut self, node: &Node) -> Reg {
        if let Node::Load(Slot::Local(i), _) = node {
            return *i;
        }
        let dst = self.temp();
        self.expr_into(node, dst);
        dst
    }

    /// `expr` for an operand evaluated before `later`: a variable is read in place only if
    /// `later` cannot assign it in the meantime.
    fn operand(&mut self, node: &Node, later: &Node) -> Reg {
        if matches!(node, Node::Load(Slot::Local(_), _)) && assigns_nothing(later) {
            return self.expr(node);
        }
        let dst = self.temp();
        self.expr_into(node, dst);
        dst
    }

    /// Values in consecutive new registers; the first of them.
    fn consecutive(&mut self, nodes: &[&Node]) -> Reg {
        let first = self.next;
        for node in nodes {
            let r = self.temp();
            self.expr_into(node, r);
            self.next = r + 1;
        }
        first
    }

    /// The arguments of a call whose value goes to `dst`, in consecutive registers; the first
    /// of them. When `dst` is the topmost register in use and holds no variable (a fresh
    /// intermediate, as for each operand of `fib(n - 1) + fib(n - 2)`), the arguments start
    /// there: the callee's frame begins at `dst`, leaves its value where the caller wants it
    /// (no move on return), and the caller's frame is a register smaller.
    fn arguments_at(&mut self, nodes: &[&Node], dst: Reg) -> Reg {
        if dst + 1 == self.next && dst >= self.code.locals {
            self.next = dst;
        }
        self.consecutive(nodes)
    }

    /// The registers of a plain builtin call's arguments, recorded in `Code::arg_registers`;
    /// where they start there. A variable is passed in its own register (the call lends it to
    /// the builtin and puts it back: no copy), unless it is passed twice or an argument could
    /// assign it before the call; any other argument is computed into a new register.
    fn lent_arguments(&mut self, nodes: &[&Node]) -> u32 {
        let all_plain = nodes.iter().all(|n| assigns_nothing(n));
        let mut registers = Vec::with_capacity(nodes.len());
        for node in nodes {
            let lent = match node {
                Node::Load(Slot::Local(i), _) if all_plain && !registers.contains(i) => Some(*i),
                _ => None,
            };
            registers.push(match lent {
                Some(i) => i,
                None => {
                    let r = self.temp();
                    self.expr_into(node, r);
                    self.next = r + 1;
                    r
                }
            });
        }
        let start = self.code.arg_registers.len() as u32;
        self.code.arg_registers.extend(registers);
        start
    }

    /// A register holding the value of `node` for an instruction that reads its operands
    /// where they lie (and moves none out): a variable's own when `in_place` (no operand of
    /// the instruction can assign it first), else a new one.
    fn read_in_place(&mut self, node: &Node, in_place: bool) -> Reg {
        match node {
            Node::Load(Slot::Local(i), _) if in_place => *i,
            _ => {
                let r = self.temp();
                self.expr_into(node, r);
                self.next = r + 1;
                r
            }
        }
    }

    /// A cell of `cell` or `fill`: a pair written out as its two coordinates, else one value.
    fn cell_operand(&mut self, node: &Node, in_place: bool) -> CellOperand {
        match node {
            Node::Tuple(pair) if pair.len() == 2 => CellOperand::Pair(
                self.read_in_place(&pair[0], in_place),
                self.read_in_place(&pair[1], in_place),
            ),
            other => CellOperand::Value(self.read_in_place(other, in_place)),
        }
    }

    /// `cell(g, c)`, and `fill(g, [cells], s)` with its cells written out: the calls on every
    /// square a board rule written in cg looks at, as instructions of their own (`CellAt`,
    /// `FillAt`) that fill no argument buffer and make no list, nor a tuple for a pair written
    /// out. False (nothing emitted) for any other call.
    fn board_call(
        &mut self,
        builtin: &builtins::Builtin,
        args: &[(Node, Span)],
        dst: Reg,
        spans: SpanId,
    ) -> bool {
        let Some(run) = builtins::plain_for(builtin, args.len()) else {
            return false;
        };
        let in_place = args.iter().all(|(n, _)| assigns_nothing(n));
        match (builtin.name, args) {
            ("cell", [(g, _), (at, _)]) => {
                let grid = self.read_in_place(g, in_place);
                let at = self.cell_operand(at, in_place);
                self.emit(Instr::CellAt {
                    dst,
                    grid,
                    at,
                    run,
                    spans,
                });
                true
            }
            ("fill", [(g, _), (Node::List(items), _), (s, _)])
                if (1..=MAX_FILLED).contains(&items.len()) =>
            {
                let grid = self.read_in_place(g, in_place);
                let operands: Vec<CellOperand> = items
                    .iter()
                    .map(|item| self.cell_operand(item, in_place))
                    .collect();
                let symbol = self.read_in_place(s, in_place);
                let cells = self.code.cell_operands.len() as u32;
                self.code.cell_operands.extend(operands);
                self.emit(Instr::FillAt {
                    dst,
                    grid,
                    cells,
                    count: items.len() as u32,
                    symbol,
                    run,
                    spans,
                });
                true
            }
            _ => false,
        }
    }

    fn expr_into(&mut self, node: &Node, dst: Reg) {
        let mark = self.next;
        match node {
            Node::Const(v) => self.constant(v.clone(), dst),
            Node::Load(Slot::Local(i), _) => {
                if *i != dst {
                    self.emit(Instr::Move { dst, src: *i });
                }
            }
            Node::Load(Slot::Global(slot), span) => {
                let span = self.spans(&[span]);
                self.emit(Instr::LoadGlobal {
                    dst,
                    slot: *slot,
                    span,
                });
            }
            Node::Capture(index) => {
                self.emit(Instr::Capture { dst, index: *index });
            }
            Node::SelfRef => {
                self.emit(Instr::SelfRef { dst });
            }
            Node::Binary { op, lhs, rhs, span } => {
                let spans = self.spans(&[&lhs.1, &rhs.1, span]);
                let l = self.operand(&lhs.0, &rhs.0);
                match (op, small_constant(&rhs.0)) {
                    (BinaryOp::Add, Some(k)) => self.emit(Instr::AddIntK {
                        dst,
                        lhs: l,
                        addend: k,
                        sub: false,
                        spans,
                    }),
                    (BinaryOp::Sub, Some(k)) if k != i64::MIN => self.emit(Instr::AddIntK {
                        dst,
                        lhs: l,
                        addend: -k,
                        sub: true,
                        spans,
                    }),
                    (BinaryOp::Rem, Some(k)) if k > 0 => self.emit(Instr::RemIntK {
                        dst,
                        lhs: l,
                        k,
                        spans,
                    }),
                    (_, Some(k)) => self.emit(Instr::BinaryInt {
                        op: *op,
                        dst,
                        lhs: l,
                        k,
                        spans,
                    }),
                    (BinaryOp::Add, None) => {
                        let r = self.expr(&rhs.0);
                        self.emit(Instr::AddInt {
                            dst,
                            lhs: l,
                            rhs: r,
                            spans,
                        })
                    }
                    (_, None) => {
                        let r = self.expr(&rhs.0);
                        self.emit(Instr::Binary {
                            op: *op,
                            dst,
                            lhs: l,
                            rhs: r,
                            spans,
                        })
                    }
                };
            }
            Node::And(..) | Node::Or(..) => {
                let fails = self.branch_unless(node, &(0..0));
                self.emit(Instr::Bool { dst, value: true });
                let done = self.emit(Instr::Jump { target: UNPATCHED });
                let here = self.here();
                self.patch_all(fails, here);
                self.emit(Instr::Bool { dst, value: false });
                let here = self.here();
                self.patch(done, here);
            }
            Node::If {
                branches,
                otherwise,
            } => {
                let mut ends = Vec::new();
                for ((condition, span), body) in branches {
                    let fails = self.branch_unless(condition, span);
                    self.expr_into(body, dst);
                    ends.push(self.emit(Instr::Jump { target: UNPATCHED }));
                    let here = self.here();
                    self.patch_all(fails, here);
                }
                match otherwise {
                    Some(body) => self.expr_into(body, dst),
                    None => self.constant(Value::Nothing, dst),
                }
                let here = self.here();
                self.patch_all(ends, here);
            }
            Node::Block { ops, result } => {
                for op in ops {
                    self.stmt(op);
                }
                match result {
                    Some(node) => self.expr_into(node, dst),
                    None => self.constant(Value::Nothing, dst),
                }
            }
            Node::Call { callee, args, span } => {
                let mut spans: Vec<&Span> = vec![span];
                spans.extend(args.iter().map(|(_, s)| s));
                // The callee's name, after the arguments: where "unknown name" points.
                if let Node::Load(_, name) = callee.as_ref() {
                    spans.push(name);
                }
                let spans = self.spans(&spans);
                let nodes: Vec<&Node> = args.iter().map(|(n, _)| n).collect();
                match callee.as_ref() {
                    Node::Load(Slot::Global(slot), _) => {
                        let args = self.arguments_at(&nodes, dst);
                        self.emit(Instr::CallGlobal {
                            dst,
                            slot: *slot,
                            args,
                            count: nodes.len() as u32,
                            span: spans,
                        });
                    }
                    Node::SelfRef => {
                        let args = self.arguments_at(&nodes, dst);
                        self.emit(Instr::CallSelf {
                            dst,
                            args,
                            count: nodes.len() as u32,
                            span: spans,
                        });
                    }
                    callee => {
                        let callee = self.consecutive(&[callee]);
                        let args = self.consecutive(&nodes);
                        self.emit(Instr::Call {
                            dst,
                            callee,
                            args,
                            count: nodes.len() as u32,
                            span: spans,
                        });
                    }
                }
            }
            Node::CallBuiltin {
                builtin,
                args,
                span,
            } => {
                let mut spans: Vec<&Span> = vec![span];
                spans.extend(args.iter().map(|(_, s)| s));
                let spans = self.spans(&spans);
                let nodes: Vec<&Node> = args.iter().map(|(n, _)| n).collect();
                let count = nodes.len() as u32;
                if self.board_call(builtin, args, dst, spans) {
                    // Lowered to an instruction of its own.
                } else if let Some(run) = builtins::plain_for(builtin, nodes.len()) {
                    let args = self.lent_arguments(&nodes);
                    self.emit(Instr::CallPlain {
                        dst,
                        run,
                        args,
                        count,
                        spans,
                    });
                } else {
                    let args = self.arguments_at(&nodes, dst);
                    self.emit(Instr::CallBuiltin {
                        dst,
                        builtin,
                        args,
                        count,
                        spans,
                    });
                }
            }
            Node::Index {
                target,
                index,
                span,
            } => {
                let spans = self.spans(&[&index.1, span]);
                let t = self.operand(target, &index.0);
                if let Some(k) = small_constant(&index.0).and_then(|k| u32::try_from(k).ok()) {
                    self.emit(Instr::IndexK {
                        dst,
                        target: t,
                        k,
                        spans,
                    });
                } else {
                    let i = self.expr(&index.0);
                    self.emit(Instr::Index {
                        dst,
                        target: t,
                        index: i,
                        spans,
                    });
                }
            }
            Node::Unary {
                op,
                operand,
                operand_span,
                span,
            } => {
                let spans = self.spans(&[operand_span, span]);
                let src = self.expr(operand);
                self.emit(Instr::Unary {
                    op: *op,
                    dst,
                    src,
                    spans,
                });
            }
            Node::List(items) | Node::Tuple(items) | Node::Set(items) => {
                let kind = match node {
                    Node::List(_) => Collection::List,
                    Node::Tuple(_) => Collection::Tuple,
                    _ => Collection::Set,
                };
                let nodes: Vec<&Node> = items.iter().collect();
                let first = self.consecutive(&nodes);
                self.emit(Instr::Collect {
                    dst,
                    kind,
                    first,
                    count: nodes.len() as u32,
                });
            }
            Node::Comprehension {
                kind,
                element,
                clauses,
                spread,
            } => {
                let list = self.temp();
                self.emit(Instr::Collect {
                    dst: list,
                    kind: Collection::List,
                    first: list,
                    count: 0,
                });
                match (spread, clauses.split_first()) {
                    (
                        Some(spread),
                        Some((
                            IrClause::For {
                                binder,
                                iterable,
                                span,
                            },
                            rest,
                        )),
                    ) => {
                        let head = LoopHead {
                            binder,
                            iterable,
                            span,
                        };
                        let kind = LoopKind::Spread { list, spread };
                        self.for_loop(head, kind, |me| {
                            me.comprehension(element, rest, list, false)
                        });
                    }
                    _ => self.comprehension(element, clauses, list, true),
                }
                self.emit(Instr::Finish {
                    dst,
                    list,
                    kind: (*kind).into(),
                });
            }
            _ => {
                let exits = self.exits();
                let at = self.emit(Instr::Eval {
                    dst,
                    node: Box::new(node.clone()),
                    exits,
                });
                if exits.is_some() {
                    self.record_break(at);
                }
            }
        }
        self.next = mark;
    }

    /// Lowers the clauses of a comprehension building its list in `list`; `first` for the
    /// first clause, whose loop (if it is one) sizes the list.
    fn comprehension(&mut self, element: &Node, clauses: &[IrClause], list: Reg, first: bool) {
        let Some((clause, rest)) = clauses.split_first() else {
            let src = self.expr(element);
            self.emit(Instr::Push { list, src });
            return;
        };
        match clause {
            IrClause::If(condition, span) => {
                let fails = self.branch_unless(condition, span);
                self.comprehension(element, rest, list, false);
                let here = self.here();
                self.patch_all(fails, here);
            }
            IrClause::For {
                binder,
                iterable,
                span,
            } => {
                let head = LoopHead {
                    binder,
                    iterable,
                    span,
                };
                let reserve = first.then_some(list);
                self.for_loop(head, LoopKind::Clause { reserve }, |me| {
                    me.comprehension(element, rest, list, false)
                });
            }
        }
    }
}

fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne
    )
}

/// True for a constant that `==` compares by its parts and that is not a machine integer
/// (those have `CompareIntOrJump`).
fn is_plain_constant(node: &Node) -> bool {
    match node {
        Node::Const(Value::Number(Num::Small(_))) => false,
        Node::Const(v) => compares_in_place(v),
        _ => false,
    }
}

/// The machine integer a node is, when it is a constant one.
fn small_constant(node: &Node) -> Option<i64> {
    match node {
        Node::Const(Value::Number(Num::Small(k))) => Some(*k),
        _ => None,
    }
}

/// True when evaluating `node` certainly assigns no variable of the running frame (it runs no
/// statements of this frame; calls run in frames of their own).
fn assigns_nothing(node: &Node) -> bool {
    match node {
        Node::Const(_) | Node::Load(..) | Node::Capture(_) | Node::SelfRef => true,
        Node::Binary { lhs, rhs, .. } | Node::And(lhs, rhs) | Node::Or(lhs, rhs) => {
            assigns_nothing(&lhs.0) && assigns_nothing(&rhs.0)
        }
        Node::Unary { operand, .. } => assigns_nothing(operand),
        Node::Index { target, index, .. } => assigns_nothing(target) && assigns_nothing(&index.0),
        Node::Call { callee, args, .. } => {
            assigns_nothing(callee) && args.iter().all(|(n, _)| assigns_nothing(n))
        }
        Node::CallBuiltin { args, .. } => args.iter().all(|(n, _)| assigns_nothing(n)),
        Node::List(items) | Node::Tuple(items) | Node::Set(items) => {
            items.iter().all(assigns_nothing)
        }
        _ => false,
    }
}
