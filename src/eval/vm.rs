//! Runs the register code of `bytecode` on the interpreter's frames.
//!
//! One call of `run` executes one function body (or top-level program) on the frame at
//! `base`; a call of a user function is a nested `run` over a frame that starts at the
//! caller's argument registers, so the arguments are never copied. Machine integers are
//! computed in place; anything else goes through the same operations (`ops`) as the tree
//! evaluator, with the same errors at the same spans.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

use crate::syntax::ast::{BinaryOp, Span, UnaryOp};

use super::builtins::{self, Arg};
use super::bytecode::{Code, Collection, Instr, Reg, SpanId};
use super::error::{EvalError, Flow, Unwind};
use super::function::Function;
use super::interp::{owns_nothing, small_comparison, small_integer_op, Interpreter, ReturnPoint};
use super::ir::Slot;
use super::num::Num;
use super::ops;
use super::value::Value;
use crate::core::refusal_message;

mod board;
mod spread;

/// The most elements `Reserve` makes room for at once (32 KB of values): a comprehension over a
/// long range that a filter thins out does not hold a large block it will not fill.
const MAX_RESERVED: usize = 1024;

impl Interpreter {
    /// Runs `code` on the current frame, whose registers are already on the stack, and leaves
    /// the value it returns in the frame's first register (where the caller's first argument
    /// was), so that no value travels back through the chain of returns.
    pub(super) fn run(&mut self, code: &Code) -> Flow<()> {
        let floor = self.depth();
        match self.dispatch(code, floor) {
            Ok(()) => Ok(()),
            Err(mut unwind) => {
                // The calls entered by this run that the error leaves, innermost first, each
                // adding its call site to the error's chain.
                while self.depth() > floor {
                    unwind = self.leave_call(unwind).into();
                }
                Err(unwind)
            }
        }
    }

    /// The loop of `run`. A call of a user function does not recurse: the caller's place is
    /// kept in `returns` and the loop goes on in the callee's code, so a call costs no Rust
    /// frame, and `Return` goes back to the caller's code (or ends the loop when it leaves
    /// the frame `run` started on, `floor` being the depth of `returns` then).
    fn dispatch<'c>(&mut self, entry: &'c Code, floor: usize) -> Flow<()> {
        let mut code: &'c Code = entry;
        let mut pc = 0;
        loop {
            // SAFETY: `pc` is 0, a jump target or the instruction after one that is not the
            // last (which is a `Return`), and the lowering checked that all of these lie
            // inside the code (`lower::assert_well_formed`).
            debug_assert!(pc < code.instrs.len());
            let instr = unsafe { code.instrs.get_unchecked(pc) };
            pc += 1;
            match instr {
                Instr::Int { dst, value } => self.set_int(*dst, *value),
                Instr::Const { dst, index } => {
                    self.set(*dst, code.constants[*index as usize].clone())
                }
                Instr::Move { dst, src } => match *self.register(*src) {
                    Value::Number(Num::Small(n)) => self.set_int(*dst, n),
                    Value::Bool(b) => self.set(*dst, Value::Bool(b)),
                    // A board handed to a builtin (`cell(g, ...)`): copied in place.
                    Value::Grid(ref g) => {
                        let v = Value::Grid(g.clone());
                        self.set(*dst, v);
                    }
                    ref other => {
                        let v = other.clone();
                        self.set(*dst, v);
                    }
                },
                Instr::Bool { dst, value } => self.set(*dst, Value::Bool(*value)),
                Instr::BinaryInt {
                    op,
                    dst,
                    lhs,
                    k,
                    spans,
                } => {
                    if let Value::Number(Num::Small(x)) = self.register(*lhs) {
                        let x = *x;
                        if let Some(n) = small_integer_op(*op, x, *k) {
                            self.set_int(*dst, n);
                            continue;
                        }
                        if let Some(b) = small_comparison(*op, x, *k) {
                            self.set(*dst, Value::Bool(b));
                            continue;
                        }
                    }
                    let a = self.consume(code, *lhs);
                    let v = self.binary(code, *op, a, Value::int(*k), *spans)?;
                    self.set(*dst, v);
                }
                Instr::AddIntK {
                    dst,
                    lhs,
                    addend,
                    sub,
                    spans,
                } => {
                    if let Value::Number(Num::Small(x)) = *self.register(*lhs) {
                        if let Some(n) = x.checked_add(*addend) {
                            self.set_int(*dst, n);
                            continue;
                        }
                    }
                    // The operator and constant as written, for the general path's value (an
                    // overflow) and errors.
                    let (op, k) = if *sub {
                        (BinaryOp::Sub, -*addend)
                    } else {
                        (BinaryOp::Add, *addend)
                    };
                    let a = self.consume(code, *lhs);
                    let v = self.binary(code, op, a, Value::int(k), *spans)?;
                    self.set(*dst, v);
                }
                Instr::RemIntK { dst, lhs, k, spans } => {
                    if let Value::Number(Num::Small(x)) = *self.register(*lhs) {
                        self.set_int(*dst, x.rem_euclid(*k));
                        continue;
                    }
                    let a = self.consume(code, *lhs);
                    let v = self.binary(code, BinaryOp::Rem, a, Value::int(*k), *spans)?;
                    self.set(*dst, v);
                }
                Instr::AddInt {
                    dst,
                    lhs,
                    rhs,
                    spans,
                } => {
                    if let (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) =
                        (self.register(*lhs), self.register(*rhs))
                    {
                        if let Some(n) = x.checked_add(*y) {
                            self.set_int(*dst, n);
                            continue;
                        }
                    }
                    let a = self.consume(code, *lhs);
                    let b = self.consume(code, *rhs);
                    let v = self.binary(code, BinaryOp::Add, a, b, *spans)?;
                    self.set(*dst, v);
                }
                Instr::Binary {
                    op,
                    dst,
                    lhs,
                    rhs,
                    spans,
                } => {
                    if let (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) =
                        (self.register(*lhs), self.register(*rhs))
                    {
                        let (x, y) = (*x, *y);
                        if let Some(n) = small_integer_op(*op, x, y) {
                            self.set_int(*dst, n);
                            continue;
                        }
                        if let Some(b) = small_comparison(*op, x, y) {
                            self.set(*dst, Value::Bool(b));
                            continue;
                        }
                    }
                    let a = self.consume(code, *lhs);
                    let b = self.consume(code, *rhs);
                    let v = self.binary(code, *op, a, b, *spans)?;
                    self.set(*dst, v);
                }
                Instr::CompareIntOrJump {
                    op,
                    lhs,
                    k,
                    target,
                    spans,
                } => {
                    let holds = match self.register(*lhs) {
                        Value::Number(Num::Small(x)) => small_comparison(*op, *x, *k),
                        _ => None,
                    };
                    let holds = match holds {
                        Some(b) => b,
                        None => {
                            let a = self.consume(code, *lhs);
                            self.comparison(code, *op, a, Value::int(*k), *spans)?
                        }
                    };
                    if !holds {
                        pc = *target as usize;
                    }
                }
                Instr::LessIntOrJump {
                    lhs,
                    k,
                    target,
                    spans,
                } => {
                    let holds = match *self.register(*lhs) {
                        Value::Number(Num::Small(x)) => x < *k,
                        _ => {
                            let a = self.consume(code, *lhs);
                            self.comparison(code, BinaryOp::Lt, a, Value::int(*k), *spans)?
                        }
                    };
                    if !holds {
                        pc = *target as usize;
                    }
                }
                Instr::CompareOrJump {
                    op,
                    lhs,
                    rhs,
                    target,
                    spans,
                } => {
                    let holds = match (self.register(*lhs), self.register(*rhs)) {
                        (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) => {
                            small_comparison(*op, *x, *y)
                        }
                        // Equality decided by the parts (`cell(g, c) == "."`): compared where
                        // the values lie, with no copy and no call of the general operation.
                        (a, b)
                            if matches!(op, BinaryOp::Eq | BinaryOp::Ne)
                                && compares_in_place(a) =>
                        {
                            let holds = (a == b) == (*op == BinaryOp::Eq);
                            self.discard(code, *lhs);
                            self.discard(code, *rhs);
                            Some(holds)
                        }
                        _ => None,
                    };
                    let holds = match holds {
                        Some(b) => b,
                        None => {
                            let a = self.consume(code, *lhs);
                            let b = self.consume(code, *rhs);
                            self.comparison(code, *op, a, b, *spans)?
                        }
                    };
                    if !holds {
                        pc = *target as usize;
                    }
                }
                Instr::CompareConstOrJump {
                    op,
                    lhs,
                    index,
                    target,
                    spans,
                } => {
                    let k = &code.constants[*index as usize];
                    let a = self.register(*lhs);
                    let holds = if compares_in_place(a) {
                        let holds = (a == k) == (*op == BinaryOp::Eq);
                        self.discard(code, *lhs);
                        holds
                    } else {
                        let a = self.consume(code, *lhs);
                        self.comparison(code, *op, a, k.clone(), *spans)?
                    };
                    if !holds {
                        pc = *target as usize;
                    }
                }
                Instr::JumpIfFalse { cond, target, span } => match self.register(*cond) {
                    Value::Bool(true) => {}
                    Value::Bool(false) => pc = *target as usize,
                    other => return Err(not_a_condition(other, &code.spans[*span as usize]).into()),
                },
                Instr::Jump { target } => pc = *target as usize,
                Instr::LoadGlobal { dst, slot, span } => match &self.globals.values[*slot as usize]
                {
                    Some(v) => {
                        let v = v.clone();
                        self.set(*dst, v);
                    }
                    None => {
                        let span = &code.spans[*span as usize];
                        return Err(self.unknown_global(*slot, span).into());
                    }
                },
                Instr::StoreGlobal { slot, src } => {
                    let v = self.consume(code, *src);
                    self.globals.values[*slot as usize] = Some(v);
                }
                Instr::Capture { dst, index } => {
                    let v = self.running_function().captured[*index as usize].clone();
                    self.set(*dst, v);
                }
                Instr::CallSelf {
                    dst,
                    args,
                    count,
                    span,
                } => {
                    let f: *const Function = self.running_function();
                    if let Some(callee) =
                        self.enter_call(code, pc, f, None, *dst, *args, *count, *span)?
                    {
                        (code, pc) = (callee, 0);
                    }
                }
                Instr::SelfRef { dst } => {
                    let f = self.running_function_rc();
                    self.set(*dst, Value::Function(f));
                }
                Instr::Unary {
                    op,
                    dst,
                    src,
                    spans,
                } => {
                    let fast = match (op, self.register(*src)) {
                        (UnaryOp::Neg, Value::Number(Num::Small(x))) => {
                            x.checked_neg().map(Value::int)
                        }
                        (UnaryOp::Not, Value::Bool(b)) => Some(Value::Bool(!b)),
                        _ => None,
                    };
                    let v = match fast {
                        Some(v) => v,
                        None => {
                            let v = self.consume(code, *src);
                            let s = *spans as usize;
                            let (operand_span, span) = (&code.spans[s], &code.spans[s + 1]);
                            ops::unary(*op, v, operand_span.clone(), span.clone())?
                        }
                    };
                    self.set(*dst, v);
                }
                Instr::Index {
                    dst,
                    target,
                    index,
                    spans,
                } => {
                    // An element of a list or tuple at a machine index in range, as
                    // `c[0]`: copied out with no call of the general operation.
                    if let (Some(items), Value::Number(Num::Small(k))) =
                        (self.register(*target).sequence(), self.register(*index))
                    {
                        if let Some(item) = usize::try_from(*k).ok().and_then(|k| items.get(k)) {
                            // A coordinate (`c[0]`) is written as a number, with no call of
                            // `Value::clone`.
                            if let Value::Number(Num::Small(n)) = *item {
                                self.set_int(*dst, n);
                            } else {
                                let v = item.clone();
                                self.set(*dst, v);
                            }
                            continue;
                        }
                    }
                    let s = *spans as usize;
                    let v = ops::index(
                        self.register(*target),
                        self.register(*index),
                        &code.spans[s],
                        &code.spans[s + 1],
                    )?;
                    self.set(*dst, v);
                }
                Instr::IndexK {
                    dst,
                    target,
                    k,
                    spans,
                } => {
                    if let Some(item) = self
                        .register(*target)
                        .sequence()
                        .and_then(|items| items.get(*k as usize))
                    {
                        if let Value::Number(Num::Small(n)) = *item {
                            self.set_int(*dst, n);
                        } else {
                            let v = item.clone();
                            self.set(*dst, v);
                        }
                        continue;
                    }
                    // Out of range, or not a list or tuple: the general operation, for its
                    // value (a nim list, a string, a map's key) or its error.
                    let s = *spans as usize;
                    let v = ops::index(
                        self.register(*target),
                        &Value::int(i64::from(*k)),
                        &code.spans[s],
                        &code.spans[s + 1],
                    )?;
                    self.set(*dst, v);
                }
                Instr::CallGlobal {
                    dst,
                    slot,
                    args,
                    count,
                    span,
                } => {
                    let callee = match &self.globals.values[*slot as usize] {
                        Some(Value::Function(f)) => {
                            let f = f.clone();
                            let raw = Rc::as_ptr(&f);
                            if let Some(callee) =
                                self.enter_call(code, pc, raw, Some(f), *dst, *args, *count, *span)?
                            {
                                (code, pc) = (callee, 0);
                            }
                            continue;
                        }
                        Some(other) => other.clone(),
                        None => {
                            let name_span = &code.spans[(*span + 1 + *count) as usize];
                            return Err(self.unknown_global(*slot, name_span).into());
                        }
                    };
                    let v = self.call_other(code, &callee, *args, *count, *span)?;
                    self.set(*dst, v);
                }
                Instr::Call {
                    dst,
                    callee,
                    args,
                    count,
                    span,
                } => match self.consume(code, *callee) {
                    Value::Function(f) => {
                        let raw = Rc::as_ptr(&f);
                        if let Some(callee) =
                            self.enter_call(code, pc, raw, Some(f), *dst, *args, *count, *span)?
                        {
                            (code, pc) = (callee, 0);
                        }
                    }
                    other => {
                        let v = self.call_other(code, &other, *args, *count, *span)?;
                        self.set(*dst, v);
                    }
                },
                Instr::CallBuiltin {
                    dst,
                    builtin,
                    args,
                    count,
                    spans,
                } => {
                    let values = self.arguments(code, *args, *count, *spans);
                    let span = code.spans[*spans as usize].clone();
                    let result = builtins::call(self, builtin, &values, span);
                    self.recycle(values);
                    let v = result?;
                    self.set(*dst, v);
                }
                Instr::CallPlain {
                    dst,
                    run,
                    args,
                    count,
                    spans,
                } => {
                    let v = self.call_plain(code, *run, *args, *count, *spans)?;
                    self.set(*dst, v);
                }
                Instr::CellAt {
                    dst,
                    grid,
                    at,
                    run,
                    spans,
                } => self.cell_at(code, [*dst, *grid], *at, *run, *spans)?,
                Instr::FillAt {
                    dst,
                    grid,
                    cells,
                    count,
                    symbol,
                    run,
                    spans,
                } => self.fill_at(code, [*dst, *grid, *symbol], *cells, *count, *run, *spans)?,
                Instr::Collect {
                    dst,
                    kind,
                    first,
                    count,
                } => {
                    let registers = *first..*first + *count;
                    let v = match kind {
                        // Made in place, one allocation (the registers are counted).
                        Collection::Tuple if *count == 2 => {
                            let a = self.consume(code, *first);
                            let b = self.consume(code, *first + 1);
                            Value::pair(a, b)
                        }
                        Collection::Tuple => {
                            Value::Tuple(registers.map(|r| self.consume(code, r)).collect())
                        }
                        Collection::List => {
                            Value::list(registers.map(|r| self.consume(code, r)).collect())
                        }
                        Collection::Set => {
                            Value::set(registers.map(|r| self.consume(code, r)).collect())
                        }
                    };
                    self.set(*dst, v);
                }
                Instr::Push { list, src } => {
                    let v = self.consume(code, *src);
                    if let Value::List(items) = self.register_mut(*list) {
                        Rc::make_mut(items).push(v);
                    }
                }
                Instr::Reserve { list, state } => {
                    let wanted = match self.register(*state) {
                        Value::Range {
                            start,
                            end,
                            inclusive,
                        } => {
                            let n = i128::from(*end) - i128::from(*start) + i128::from(*inclusive);
                            usize::try_from(n.clamp(0, MAX_RESERVED as i128)).unwrap_or(0)
                        }
                        other => other.stored_elements().map_or(0, <[Value]>::len),
                    };
                    if let Value::List(items) = self.register_mut(*list) {
                        Rc::make_mut(items).reserve_exact(wanted.min(MAX_RESERVED));
                    }
                }
                Instr::Finish { dst, list, kind } => {
                    let items = match std::mem::replace(self.register_mut(*list), Value::Nothing) {
                        // The list built is the value: kept in its allocation, given back what
                        // `Reserve` asked for beyond what a filter let through.
                        Value::List(mut items) if !matches!(kind, Collection::Set) => {
                            if let Some(built) = Rc::get_mut(&mut items) {
                                if built.capacity() > 2 * built.len() + 16 {
                                    built.shrink_to_fit();
                                }
                            }
                            self.set(*dst, Value::List(items));
                            continue;
                        }
                        Value::List(items) => {
                            Rc::try_unwrap(items).unwrap_or_else(|rc| (*rc).clone())
                        }
                        _ => Vec::new(),
                    };
                    let v = match kind {
                        Collection::Set => Value::set(items),
                        _ => Value::list(items),
                    };
                    self.set(*dst, v);
                }
                Instr::ForStart { state, src, span } => {
                    let items = self.consume(code, *src);
                    let (walked, position) = match items {
                        Value::Range { start, .. } => (items, Value::int(start)),
                        Value::List(_) | Value::Tuple(_) | Value::Set(_) | Value::NimList(_) => {
                            (items, Value::int(0))
                        }
                        other => match other.elements() {
                            Some(elements) => (Value::list(elements), Value::int(0)),
                            None => {
                                return Err(EvalError::new(
                                    format!("cannot iterate over {}", other.kind()),
                                    code.spans[*span as usize].clone(),
                                )
                                .into())
                            }
                        },
                    };
                    self.set(*state, walked);
                    self.set(*state + 1, position);
                }
                Instr::ForNext {
                    state,
                    var,
                    exit,
                    span,
                } => {
                    if !self.next_item(*state, *var) {
                        self.set(*state, Value::Nothing);
                        pc = *exit as usize;
                        continue;
                    }
                    crate::core::check_interrupt();
                    self.step(&code.spans[*span as usize])?;
                }
                Instr::ForLoop {
                    state,
                    var,
                    body,
                    span,
                } => {
                    if !self.next_item(*state, *var) {
                        self.set(*state, Value::Nothing);
                        continue;
                    }
                    pc = *body as usize;
                    crate::core::check_interrupt();
                    self.step(&code.spans[*span as usize])?;
                }
                Instr::Echo { src } => {
                    let v = self.consume(code, *src);
                    self.echo_value(v);
                }
                Instr::SpreadStart { watch } => self.start_watch(*watch),
                Instr::SpreadCheck { site, spread } => {
                    if self.watch_says_spread(&code.spreads[*site as usize]) {
                        pc = *spread as usize;
                        continue;
                    }
                }
                Instr::SpreadMap { site } => {
                    let site = code.spreads[*site as usize];
                    if !self.spread_loop(code, &site)? {
                        pc = site.resume as usize;
                        continue;
                    }
                }
                Instr::LoopStep { span } => {
                    crate::core::check_interrupt();
                    self.step(&code.spans[*span as usize])?;
                }
                Instr::Accumulate {
                    slot,
                    value,
                    subtract,
                    spans,
                } => {
                    if let Value::Number(Num::Small(term)) = *self.register(*value) {
                        let place = match slot {
                            Slot::Local(i) => Some(self.register_mut(*i)),
                            Slot::Global(g) => self.globals.values[*g as usize].as_mut(),
                        };
                        if let Some(Value::Number(Num::Small(total))) = place {
                            let updated = if *subtract {
                                total.checked_sub(term)
                            } else {
                                total.checked_add(term)
                            };
                            if let Some(updated) = updated {
                                *total = updated;
                                continue;
                            }
                        }
                    }
                    let v = self.consume(code, *value);
                    let s = *spans as usize;
                    let spans = (&code.spans[s], &code.spans[s + 1], &code.spans[s + 2]);
                    self.accumulate(*slot, v, *subtract, spans)?;
                }
                Instr::Bind { binder, src } => {
                    let v = self.consume(code, *src);
                    self.bind(binder, v)?;
                }
                Instr::Eval { dst, node, exits } => match self.eval(node) {
                    Ok(v) => self.set(*dst, v),
                    Err(Unwind::Break) if exits.is_some() => {
                        pc = exits.expect("checked").break_at as usize
                    }
                    Err(Unwind::Continue) if exits.is_some() => {
                        pc = exits.expect("checked").continue_at as usize
                    }
                    Err(Unwind::Return(v)) => {
                        self.set(0, v);
                        if self.depth() == floor {
                            return Ok(());
                        }
                        (code, pc) = self.return_to_caller(code);
                    }
                    Err(other) => return Err(other),
                },
                Instr::Exec { op, exits } => match self.exec(op) {
                    Ok(()) => {}
                    Err(Unwind::Break) if exits.is_some() => {
                        pc = exits.expect("checked").break_at as usize
                    }
                    Err(Unwind::Continue) if exits.is_some() => {
                        pc = exits.expect("checked").continue_at as usize
                    }
                    Err(Unwind::Return(v)) => {
                        self.set(0, v);
                        if self.depth() == floor {
                            return Ok(());
                        }
                        (code, pc) = self.return_to_caller(code);
                    }
                    Err(other) => return Err(other),
                },
                Instr::Return { src } => {
                    if *src != 0 {
                        self.move_register(*src, 0);
                    }
                    if self.depth() == floor {
                        return Ok(());
                    }
                    (code, pc) = self.return_to_caller(code);
                }
            }
        }
    }

    // Registers are read without a bounds check, by the invariant that a running frame's
    // registers are on the stack: every call makes the stack at least as long as the frame
    // (`enter_call`, `run_function`, `run_chunk`), nothing shortens it below a running frame
    // (what pushes values above it truncates back to where it started), and the lowering
    // numbers registers below the frame size it records.
    #[inline(always)]
    fn register(&self, r: Reg) -> &Value {
        let i = self.base + r as usize;
        debug_assert!(i < self.stack.len(), "register {r} outside the frame");
        // SAFETY: the invariant above.
        unsafe { self.stack.get_unchecked(i) }
    }

    #[inline(always)]
    fn register_mut(&mut self, r: Reg) -> &mut Value {
        let i = self.base + r as usize;
        debug_assert!(i < self.stack.len(), "register {r} outside the frame");
        // SAFETY: as in `register`.
        unsafe { self.stack.get_unchecked_mut(i) }
    }

    /// Writes `v` into register `r`. The old value is dropped only when it owns something:
    /// otherwise it is overwritten without being read, so that the new value's fields go
    /// straight into the register.
    #[inline(always)]
    fn set(&mut self, r: Reg, v: Value) {
        let slot = self.register_mut(r);
        if owns_nothing(slot) {
            std::mem::forget(std::mem::replace(slot, v));
        } else {
            *slot = v;
        }
    }

    /// Moves the value in register `from` to register `to`, a machine integer or a boolean by
    /// its fields (so that it is not read back whole just after being written by them).
    #[inline(always)]
    fn move_register(&mut self, from: Reg, to: Reg) {
        match *self.register(from) {
            Value::Number(Num::Small(n)) => self.set_int(to, n),
            Value::Bool(b) => self.set(to, Value::Bool(b)),
            _ => {
                let v = std::mem::replace(self.register_mut(from), Value::Nothing);
                self.set(to, v);
            }
        }
    }

    /// `set` of a machine integer: only the number is written when the register holds one.
    #[inline(always)]
    fn set_int(&mut self, r: Reg, n: i64) {
        match self.register_mut(r) {
            Value::Number(Num::Small(slot)) => *slot = n,
            _ => self.set(r, Value::int(n)),
        }
    }

    /// The value in `r` for an instruction that consumes it: an intermediate value is moved
    /// out (it is used once), a variable's copied.
    #[inline(always)]
    fn consume(&mut self, code: &Code, r: Reg) -> Value {
        match self.register(r) {
            // Read by its fields: the register may have been written that way.
            Value::Number(Num::Small(n)) => Value::int(*n),
            Value::Bool(b) => Value::Bool(*b),
            _ if r >= code.locals => std::mem::replace(self.register_mut(r), Value::Nothing),
            other => other.clone(),
        }
    }

    /// Empties register `r` when it holds an intermediate value (used once, and now used).
    #[inline(always)]
    fn discard(&mut self, code: &Code, r: Reg) {
        if r >= code.locals && !owns_nothing(self.register(r)) {
            *self.register_mut(r) = Value::Nothing;
        }
    }

    fn binary(&mut self, code: &Code, op: BinaryOp, a: Value, b: Value, spans: u32) -> Flow<Value> {
        if matches!(op, BinaryOp::Eq | BinaryOp::Ne) && compares_in_place(&a) {
            // Equality of these kinds is a comparison of their parts: no engine computation
            // that could be refused, so no guard is needed.
            return Ok(Value::Bool((a == b) == (op == BinaryOp::Eq)));
        }
        if op == BinaryOp::In {
            if let Some(found) = ops::contains_in_place(&b, &a) {
                return Ok(Value::Bool(found));
            }
        }
        let s = spans as usize;
        let (sa, sb, span) = (&code.spans[s], &code.spans[s + 1], &code.spans[s + 2]);
        Ok(ops::binary(
            op,
            (a, sa.clone()),
            (b, sb.clone()),
            span.clone(),
        )?)
    }

    /// A comparison that decides a branch: its value must be true or false.
    fn comparison(
        &mut self,
        code: &Code,
        op: BinaryOp,
        a: Value,
        b: Value,
        spans: u32,
    ) -> Flow<bool> {
        match self.binary(code, op, a, b, spans)? {
            Value::Bool(holds) => Ok(holds),
            other => Err(not_a_condition(&other, &code.spans[spans as usize + 2]).into()),
        }
    }

    /// Starts a call of `f` on the arguments in registers args..args + count, which become
    /// the first registers of its frame, the caller being at `pc` in `code`; `owned` keeps `f`
    /// alive (`None` for a recursive call, whose caller's frame does). Returns the callee's
    /// code for the loop to run; `None` when the call was made to completion here (a memoised
    /// function, or an arity error's path), its value already in `dst`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn enter_call<'c>(
        &mut self,
        code: &'c Code,
        pc: usize,
        f: *const Function,
        owned: Option<Rc<Function>>,
        dst: Reg,
        args: Reg,
        count: u32,
        span: SpanId,
    ) -> Flow<Option<&'c Code>> {
        // SAFETY: `f` is kept alive by `owned` or by the running frame, and then by the frame
        // this call pushes, which is popped (in `return_to_caller` or `leave_call`) only after
        // the loop has left the code returned here.
        let func: &'c Function = unsafe { &*f };
        // Registers above the arguments hold nothing live (they are handed out as a stack), so
        // the callee's frame may overlap them.
        let callee_base = self.base + args as usize;
        if func.memo.is_some() || count as usize != func.proto.arity {
            let f = owned.unwrap_or_else(|| self.running_function_rc());
            self.enter(f, callee_base, count as usize, &code.spans[span as usize])?;
            if args != dst {
                self.move_register(args, dst);
            }
            return Ok(None);
        }
        self.check_call(&code.spans[span as usize])?;
        let end = callee_base + func.proto.code.frame;
        if self.stack.len() < end {
            self.stack.resize(end, Value::Nothing);
        }
        let back = ReturnPoint {
            code,
            pc,
            dst,
            args,
            span,
        };
        self.push_call_frame(callee_base, f, owned, None, back);
        Ok(Some(&func.proto.code))
    }

    /// Leaves the running call, whose value is in its first register, for its caller: the
    /// callee's other registers are emptied (so no dead register keeps a value shared) and
    /// the value goes to the caller's destination register. Gives the caller's code and the
    /// place to go on from.
    #[inline(always)]
    fn return_to_caller<'c>(&mut self, callee: &Code) -> (&'c Code, usize) {
        let base = self.base;
        self.clear_registers(base + 1, base + callee.frame);
        let back = self.pop_call_frame();
        // The lowering most often computes a call straight into its first argument's
        // register, where the value already is.
        if back.args != back.dst {
            self.move_register(back.args, back.dst);
        }
        // SAFETY: the caller's code belongs to a function held by a frame still on the stack
        // (or to the code `run` was given, which outlives the loop).
        (unsafe { &*back.code }, back.pc)
    }

    /// Leaves the running call on an error (or a stray `break`): its frame is emptied and
    /// popped, and the error records the call site.
    #[cold]
    fn leave_call(&mut self, unwind: Unwind) -> EvalError {
        let back = self.return_point();
        let func = self.running_function_rc();
        let base = self.base;
        self.clear_registers(base, base + func.proto.code.frame);
        self.pop_frame();
        // SAFETY: as in `return_to_caller`.
        let caller = unsafe { &*back.code };
        self.left_function(&func, unwind, &caller.spans[back.span as usize])
    }

    /// Calls a value that is not a user function (a builtin value, a ruleset, a heap game...).
    fn call_other(
        &mut self,
        code: &Code,
        callee: &Value,
        args: Reg,
        count: u32,
        spans: u32,
    ) -> Flow<Value> {
        let values = self.arguments(code, args, count, spans);
        let span = code.spans[spans as usize].clone();
        Ok(self.call_value(callee, values, &span)?)
    }

    /// The arguments of a call, moved out of their registers; the call's spans are at
    /// `spans` (the call) and after it (each argument).
    fn arguments(&mut self, code: &Code, args: Reg, count: u32, spans: u32) -> Vec<Arg> {
        let mut values = std::mem::take(&mut self.spare_arguments);
        for k in 0..count {
            values.push(Arg {
                value: self.consume(code, args + k),
                span: code.spans[(spans + 1 + k) as usize].clone(),
            });
        }
        values
    }

    /// Runs a plain builtin on the arguments in `code.arg_registers[args..args + count]`, each
    /// moved out of its register for the call. A variable's value goes back to its register
    /// afterwards, on an error and while unwinding from an interrupt too (so a REPL variable
    /// survives Ctrl-C), and the builtin cannot see the registers: lending it is the same as
    /// copying it, without the reference counts or the copy of a grid.
    fn call_plain(
        &mut self,
        code: &Code,
        run: builtins::PlainFn,
        args: u32,
        count: u32,
        spans: SpanId,
    ) -> Flow<Value> {
        let registers = &code.arg_registers[args as usize..(args + count) as usize];
        let arg_spans = &code.spans[spans as usize + 1..(spans + 1 + count) as usize];
        let mut values = std::mem::take(&mut self.spare_arguments);
        for (&r, span) in registers.iter().zip(arg_spans) {
            values.push(Arg {
                value: std::mem::replace(self.register_mut(r), Value::Nothing),
                span: span.clone(),
            });
        }
        let span = &code.spans[spans as usize];
        let outcome = catch_unwind(AssertUnwindSafe(|| run(&values, span)));
        for (arg, &r) in values.iter_mut().zip(registers) {
            if r < code.locals {
                // The register holds `Nothing`, which needs no drop.
                let v = std::mem::replace(&mut arg.value, Value::Nothing);
                std::mem::forget(std::mem::replace(self.register_mut(r), v));
            }
        }
        // The intermediate values the call used are dropped with the buffer's contents.
        self.recycle(values);
        match outcome {
            Ok(result) => Ok(result?),
            Err(payload) => Err(EvalError::new(refusal_message(payload), span.clone()).into()),
        }
    }

    /// Keeps the buffer of a builtin's arguments for the next call, so calls allocate nothing.
    fn recycle(&mut self, mut values: Vec<Arg>) {
        values.clear();
        if self.spare_arguments.capacity() < values.capacity() {
            self.spare_arguments = values;
        }
    }

    /// Puts the next element of the `for` loop whose state is in `state` and `state + 1` into
    /// `var`; false when there is none.
    #[inline(always)]
    fn next_item(&mut self, state: Reg, var: Reg) -> bool {
        let position = match self.register(state + 1) {
            Value::Number(Num::Small(k)) => *k,
            _ => return false,
        };
        let (item, next) = match self.register(state) {
            Value::Range { end, inclusive, .. } => {
                if !(position < *end || (*inclusive && position == *end)) {
                    return false;
                }
                match position.checked_add(1) {
                    Some(next) => self.set_int(state + 1, next),
                    None => self.set(state + 1, Value::Nothing),
                }
                self.set_int(var, position);
                return true;
            }
            other => match other.stored_elements() {
                Some(items) => match items.get(position as usize) {
                    Some(item) => (item.clone(), Some(position + 1)),
                    None => return false,
                },
                None => match other {
                    Value::NimList(list) if (position as usize) < list.len() => (
                        Value::int(i64::from(list.get(position as usize))),
                        Some(position + 1),
                    ),
                    _ => return false,
                },
            },
        };
        match next {
            Some(next) => self.set_int(state + 1, next),
            None => self.set(state + 1, Value::Nothing),
        }
        self.set(var, item);
        true
    }
}

/// Values whose equality with any value is decided without the engine.
pub(super) fn compares_in_place(v: &Value) -> bool {
    matches!(
        v,
        Value::Nothing
            | Value::Bool(_)
            | Value::Number(_)
            | Value::Str(_)
            | Value::Game(_)
            | Value::Grid(_)
    )
}

fn not_a_condition(v: &Value, span: &Span) -> EvalError {
    EvalError::new(
        format!("a condition must be true or false; found {}", v.kind()),
        span.clone(),
    )
}
