//! The interpreter: runs compiled programs (`ir`) on a stack of frames.
//!
//! Locals live in one value stack, a frame being a window of it; globals in a vector indexed by
//! slot. Errors leave a function with the chain of calls recorded; `break`, `continue` and
//! `return` travel the same channel (`Unwind`) to the loop or call that handles them.

use std::path::{Path, PathBuf};
use std::rc::Rc;

use ahash::AHashMap;

use crate::core::{ExplicitGame, Game, Side};
use crate::syntax::ast::{BinaryOp, CollectionKind, Span};
use crate::syntax::parse_program;

use super::builtins::{self, Arg, Builtin};
use super::compile::{Chunk, Compiler, Globals, Mode};
use super::error::{guarded, EvalError, EvalResult, Flow, Unwind};
use super::function::Function;
use super::ir::{Binder, ExplicitNode, IrClause, LoopyForm, LoopyOption, Node, Op, Slot};
use super::loopy;
use super::num::Num;
use super::ops;
use super::ruleset::{RulesetDef, RulesetInstance};
use super::source::Source;
use super::value::Value;
use super::Error;

/// Calls nested deeper than this end in an error rather than exhausting the stack.
pub const MAX_CALL_DEPTH: usize = 20_000;

struct Frame {
    base: usize,
    /// The running function; null for a top-level program. It is kept alive by `owned`, or,
    /// for a recursive call the register code made (`CallSelf`), by the frame of the call
    /// that made it: no reference count is touched on that path.
    function: *const Function,
    owned: Option<Rc<Function>>,
    /// The program's source, for a top-level frame (a function's is in its body).
    source: Option<Rc<Source>>,
    /// For a call the register code entered without recursing: where it goes back to.
    back: ReturnPoint,
}

/// Where a call made by the register code goes back to: the caller's code and the place in
/// it, the caller's registers for the arguments (where the callee's frame began) and for the
/// value, and the call's spans in the caller's code.
#[derive(Clone, Copy)]
pub(super) struct ReturnPoint {
    pub code: *const super::bytecode::Code,
    pub pc: usize,
    pub dst: super::bytecode::Reg,
    pub args: super::bytecode::Reg,
    pub span: super::bytecode::SpanId,
}

impl ReturnPoint {
    const NONE: ReturnPoint = ReturnPoint {
        code: std::ptr::null(),
        pc: 0,
        dst: 0,
        args: 0,
        span: 0,
    };
}

/// Where a front end that shows values richly takes echoed values.
type EchoSink = Box<dyn FnMut(&Value)>;
/// Where a front end that can show pictures takes SVG source.
type PictureSink = Box<dyn FnMut(&str)>;

pub struct Interpreter {
    pub globals: Globals,
    pub(super) stack: Vec<Value>,
    /// Where the running frame's locals start in `stack` (the last frame's `base`, kept here
    /// because every read of a local needs it).
    pub(super) base: usize,
    /// The frames of the running calls are `frames[..depth]`; the entries above are kept
    /// (empty) so that a call writes its frame in place.
    frames: Vec<Frame>,
    depth: usize,
    /// An empty buffer for the arguments of the next builtin call (see `vm`).
    pub(super) spare_arguments: Vec<Arg>,
    /// Where `print` and echoed values go.
    output: Box<dyn FnMut(&str)>,
    /// Where echoed values go instead of `output`, for a front end that shows values richly
    /// (the notebook kernel).
    echo: Option<EchoSink>,
    /// Where `plot(x)` without a file shows its SVG picture, for a front end that can.
    pictures: Option<PictureSink>,
    /// Files being loaded, to refuse a file that loads itself.
    loading: Vec<PathBuf>,
    /// Loop iterations and calls still allowed (see `limit_steps`).
    steps_left: u64,
    /// The last value printed by a top-level expression (the session's `_`).
    last_echoed: Option<Value>,
    /// Echoed thermographs are followed by a text sketch (the interactive session only).
    sketch_thermographs: bool,
    /// Echoed values whose text passes this many characters print abbreviated (the
    /// interactive session only: see `abbreviate`).
    screen: Option<usize>,
}

impl Default for Interpreter {
    fn default() -> Interpreter {
        Interpreter::new()
    }
}

/// The options of a game literal: short games, or (when one is loopy) all of them as values.
type GameOptions = Result<Vec<Game>, Vec<(Value, Span)>>;

impl Interpreter {
    /// An interpreter that prints to standard output, with the standard library loaded.
    pub fn new() -> Interpreter {
        let mut interpreter = Interpreter::bare();
        interpreter.load_stdlib();
        interpreter
    }

    /// An interpreter without the standard library.
    pub fn bare() -> Interpreter {
        Interpreter {
            globals: Globals::default(),
            stack: Vec::new(),
            base: 0,
            frames: Vec::new(),
            depth: 0,
            spare_arguments: Vec::new(),
            output: Box::new(print_line),
            echo: None,
            pictures: None,
            loading: Vec::new(),
            steps_left: u64::MAX,
            last_echoed: None,
            sketch_thermographs: false,
            screen: None,
        }
    }

    /// Sends `print` and echoed values to `output` (one call per line of output).
    pub fn set_output(&mut self, output: impl FnMut(&str) + 'static) {
        self.output = Box::new(output);
    }

    /// Sends echoed values to `echo` rather than printing them.
    pub fn set_echo(&mut self, echo: impl FnMut(&Value) + 'static) {
        self.echo = Some(Box::new(echo));
    }

    /// Lets `plot(x)` without a file show its picture through `show`.
    pub fn set_pictures(&mut self, show: impl FnMut(&str) + 'static) {
        self.pictures = Some(Box::new(show));
    }

    /// Shows an SVG picture where the front end can; false where it cannot (a terminal).
    pub fn show_picture(&mut self, svg: &str) -> bool {
        match &mut self.pictures {
            Some(show) => {
                show(svg);
                true
            }
            None => false,
        }
    }

    /// Whether an echoed thermograph is followed by a text sketch of it (for a person at a
    /// terminal; scripts and pipes get only the walls, which they can parse).
    pub fn sketch_thermographs(&mut self, on: bool) {
        self.sketch_thermographs = on;
    }

    /// Echoed lists longer than `chars` characters (a screenful) print their start, their end
    /// and their length; `None` prints every value whole.
    pub fn abbreviate_beyond(&mut self, chars: Option<usize>) {
        self.screen = chars;
    }

    /// The text of an echoed value: whole, or abbreviated past a screenful (see
    /// [`Interpreter::abbreviate_beyond`]).
    pub fn echo_text(&self, v: &Value) -> String {
        self.screen
            .and_then(|chars| super::abbreviate::abbreviated(v, chars))
            .unwrap_or_else(|| v.to_string())
    }

    /// The last value a top-level expression printed since the previous call.
    pub fn take_last_echoed(&mut self) -> Option<Value> {
        self.last_echoed.take()
    }

    /// Stops any program that runs more than `steps` loop iterations and calls, with an error
    /// (for fuzzing and for running untrusted input with a budget).
    pub fn limit_steps(&mut self, steps: u64) {
        self.steps_left = steps;
    }

    /// Counts one step against the budget of `limit_steps`.
    #[inline]
    pub(super) fn step(&mut self, span: &Span) -> EvalResult<()> {
        if self.steps_left == 0 {
            return Err(EvalError::new("the step limit was reached", span.clone()));
        }
        self.steps_left -= 1;
        Ok(())
    }

    /// Makes the interpreter usable again after an interrupted computation, which may have
    /// left frames behind (definitions and globals are kept).
    pub fn recover(&mut self) {
        self.frames.clear();
        self.depth = 0;
        self.stack.clear();
        self.base = 0;
        self.loading.clear();
    }

    /// Runs `f`, turning a refusal of the engine (a table past the memory limit, say) into an
    /// error at `span`, with the calls `f` left behind unwound.
    pub(crate) fn refusal_to_error<T>(
        &mut self,
        span: &Span,
        f: impl FnOnce(&mut Interpreter) -> EvalResult<T>,
    ) -> EvalResult<T> {
        let saved = (
            self.frames.len(),
            self.depth,
            self.stack.len(),
            self.base,
            self.loading.len(),
        );
        match crate::core::catch_refusal(|| f(self)) {
            Ok(result) => result,
            Err(message) => {
                let (frames, depth, stack, base, loading) = saved;
                self.frames.truncate(frames);
                self.depth = depth;
                self.stack.truncate(stack);
                self.base = base;
                self.loading.truncate(loading);
                Err(EvalError::new(message, span.clone()))
            }
        }
    }

    pub fn print(&mut self, text: &str) {
        (self.output)(text);
    }

    fn load_stdlib(&mut self) {
        for (name, text) in super::stdlib::FILES {
            let source = Rc::new(Source::new(format!("stdlib/{name}"), *text, None));
            if let Err(e) = self.run_source(source.clone(), Mode::Quiet) {
                // The standard library is tested; a failure here is a bug, shown rather than hidden.
                eprint!("{}", e.render(&source, false));
            }
        }
    }

    /// Parses, compiles and runs `source`; returns the value of the last statement in
    /// `Mode::LastValue` (else `Nothing`).
    pub fn run_source(&mut self, source: Rc<Source>, mode: Mode) -> Result<Value, Error> {
        let program = parse_program(&source.text).map_err(Error::Syntax)?;
        let chunk = Compiler::new(&mut self.globals, source.clone())
            .program(&program, mode)
            .map_err(Error::Eval)?;
        let result = self.run_chunk(&chunk).map_err(Error::Eval);
        if self.depth == 0 {
            // What a program computed is kept even if the process ends right after it.
            if let Err(e) = super::store::flush() {
                eprintln!("cg: {e}");
            }
        }
        result
    }

    fn run_chunk(&mut self, chunk: &Chunk) -> EvalResult<Value> {
        let base = self.stack.len();
        self.stack.resize(base + chunk.code.frame, Value::Nothing);
        self.push_frame(base, None, Some(chunk.source.clone()));
        let result = self.run_chunk_body(chunk);
        self.pop_frame();
        self.stack.truncate(base);
        result.map_err(|u| match u {
            Unwind::Error(e) => e,
            _ => EvalError::new("`break`, `continue` or `return` outside its place", 0..0),
        })
    }

    fn run_chunk_body(&mut self, chunk: &Chunk) -> Flow<Value> {
        self.run(&chunk.code)?;
        Ok(std::mem::replace(
            &mut self.stack[self.base],
            Value::Nothing,
        ))
    }

    /// The function whose body is running.
    pub(super) fn running_function(&self) -> &Function {
        let f = self.frame().function;
        assert!(!f.is_null(), "a running function");
        // SAFETY: a frame's function is kept alive by the frame or one below it (see `Frame`).
        unsafe { &*f }
    }

    /// The running function as a shared value.
    pub(super) fn running_function_rc(&self) -> Rc<Function> {
        let f = self.running_function() as *const Function;
        // SAFETY: `f` points into a live `Rc` (see `Frame`); the count taken here is the new
        // value's own.
        unsafe {
            Rc::increment_strong_count(f);
            Rc::from_raw(f)
        }
    }

    fn frame(&self) -> &Frame {
        &self.frames[self.depth - 1]
    }

    /// The number of frames running.
    #[inline(always)]
    pub(super) fn depth(&self) -> usize {
        self.depth
    }

    /// Where the running frame goes back to, for a call the register code entered.
    #[inline(always)]
    pub(super) fn return_point(&self) -> ReturnPoint {
        self.frames[self.depth - 1].back
    }

    pub(super) fn push_frame(
        &mut self,
        base: usize,
        function: Option<Rc<Function>>,
        source: Option<Rc<Source>>,
    ) {
        let raw = function.as_ref().map_or(std::ptr::null(), Rc::as_ptr);
        self.push_call_frame(base, raw, function, source, ReturnPoint::NONE);
    }

    /// Pushes a frame: `function` is the running function, `owned` what keeps it alive when
    /// no frame below does.
    #[inline(always)]
    pub(super) fn push_call_frame(
        &mut self,
        base: usize,
        function: *const Function,
        owned: Option<Rc<Function>>,
        source: Option<Rc<Source>>,
        back: ReturnPoint,
    ) {
        if self.depth == self.frames.len() {
            self.frames.push(Frame {
                base: 0,
                function: std::ptr::null(),
                owned: None,
                source: None,
                back: ReturnPoint::NONE,
            });
        }
        // Field by field: the frame is written where it stays, not built and copied.
        let frame = &mut self.frames[self.depth];
        frame.base = base;
        frame.function = function;
        frame.owned = owned;
        frame.source = source;
        frame.back = back;
        self.depth += 1;
        self.base = base;
    }

    #[inline(always)]
    pub(super) fn pop_frame(&mut self) {
        self.depth -= 1;
        let frame = &mut self.frames[self.depth];
        frame.function = std::ptr::null();
        if frame.owned.is_some() {
            frame.owned = None;
        }
        if frame.source.is_some() {
            frame.source = None;
        }
        self.base = match self.depth {
            0 => 0,
            d => self.frames[d - 1].base,
        };
    }

    /// Pops the frame of a call the register code entered (`enter_call`) and gives where it
    /// goes back to. One look at the frame record: the caller's base is the callee's less the
    /// argument register the callee's frame began at, and such a frame has no source of its own.
    #[inline(always)]
    pub(super) fn pop_call_frame(&mut self) -> ReturnPoint {
        self.depth -= 1;
        let frame = &mut self.frames[self.depth];
        let back = frame.back;
        frame.function = std::ptr::null();
        if frame.owned.is_some() {
            frame.owned = None;
        }
        debug_assert!(
            frame.source.is_none(),
            "a call entered by the register code"
        );
        self.base = frame.base - back.args as usize;
        back
    }

    fn source(&self) -> Rc<Source> {
        let frame = self.frame();
        match &frame.source {
            _ if !frame.function.is_null() => self.running_function().proto.source.clone(),
            Some(source) => source.clone(),
            None => unreachable!("a top-level frame has its source"),
        }
    }

    // ----- Statements ---------------------------------------------------------------------

    fn exec_all(&mut self, ops: &[Op]) -> Flow<()> {
        for op in ops {
            self.exec(op)?;
        }
        Ok(())
    }

    pub(super) fn exec(&mut self, op: &Op) -> Flow<()> {
        match op {
            Op::Eval(node) => {
                self.eval(node)?;
            }
            Op::Echo(node) => {
                let v = self.eval(node)?;
                self.echo_value(v);
            }
            Op::Bind(binder, node) => {
                let v = self.eval(node)?;
                self.bind(binder, v)?;
            }
            Op::Accumulate {
                slot,
                value,
                subtract,
                spans,
            } => {
                let v = self.eval(value)?;
                self.accumulate(*slot, v, *subtract, (&spans.0, &spans.1, &spans.2))?;
            }
            Op::SetIndex {
                slot,
                path,
                value,
                span,
            } => {
                let v = self.eval(value)?;
                let keys = path
                    .iter()
                    .map(|(n, s)| Ok((self.eval(n)?, s.clone())))
                    .collect::<Flow<Vec<_>>>()?;
                let mut target = self.take(*slot);
                let result = ops::set_index(&mut target, &keys, v, span);
                self.store(*slot, target);
                result?;
            }
            Op::For {
                binder,
                iterable,
                body,
                span,
            } => {
                let items = self.eval(iterable)?;
                self.for_each(&items, span, |me, item| {
                    me.bind(binder, item)?;
                    match me.exec_all(body) {
                        Ok(()) | Err(Unwind::Continue) => Ok(true),
                        Err(Unwind::Break) => Ok(false),
                        Err(other) => Err(other),
                    }
                })?;
            }
            Op::While { condition, body } => loop {
                crate::core::check_interrupt();
                self.step(&condition.1)?;
                if !self.truth(&condition.0, &condition.1)? {
                    break;
                }
                match self.exec_all(body) {
                    Ok(()) | Err(Unwind::Continue) => {}
                    Err(Unwind::Break) => break,
                    Err(other) => return Err(other),
                }
            },
            Op::Break => return Err(Unwind::Break),
            Op::Continue => return Err(Unwind::Continue),
            Op::Return(node) => {
                let v = match node {
                    Some(n) => self.eval(n)?,
                    None => Value::Nothing,
                };
                return Err(Unwind::Return(v));
            }
            Op::Load { path, span } => self.load(path, span)?,
        }
        Ok(())
    }

    pub(super) fn bind(&mut self, binder: &Binder, value: Value) -> Flow<()> {
        match binder {
            Binder::Slot(slot) => self.store(*slot, value),
            Binder::Tuple(parts, span) => {
                // A compact list of nim-values has no stored elements to borrow: they are made.
                let made;
                let items: &[Value] = match (&value, value.sequence()) {
                    (_, Some(v)) if v.len() == parts.len() => v,
                    (Value::NimList(list), _) if list.len() == parts.len() => {
                        made = list.items();
                        &made
                    }
                    (other, _) => {
                        return Err(EvalError::new(
                            format!(
                                "cannot unpack {} into {} names",
                                describe_length(other),
                                parts.len()
                            ),
                            span.clone(),
                        )
                        .into())
                    }
                };
                for (part, item) in parts.iter().zip(items.iter()) {
                    self.bind(part, item.clone())?;
                }
            }
        }
        Ok(())
    }

    /// `x = x + v` (`x - v` when `subtract`), updating the number in `x` in place; `spans`: of
    /// `x`, of the term, of the sum.
    pub(super) fn accumulate(
        &mut self,
        slot: Slot,
        v: Value,
        subtract: bool,
        spans: (&Span, &Span, &Span),
    ) -> Flow<()> {
        let place = match slot {
            Slot::Local(i) => &mut self.stack[self.base + i as usize],
            Slot::Global(i) => match &mut self.globals.values[i as usize] {
                Some(place) => place,
                None => return Err(self.unknown_global(i, spans.0).into()),
            },
        };
        // A running total of machine integers is updated where it lies.
        if let (Value::Number(Num::Small(total)), Value::Number(Num::Small(term))) =
            (&mut *place, &v)
        {
            let updated = if subtract {
                total.checked_sub(*term)
            } else {
                total.checked_add(*term)
            };
            if let Some(updated) = updated {
                *total = updated;
                return Ok(());
            }
        }
        let mut current = self.take(slot);
        let accumulated = match (&mut current, &v) {
            (Value::Number(total), Value::Number(term)) => total.accumulate(term, subtract),
            _ => false,
        };
        if accumulated {
            self.store(slot, current);
        } else {
            let op = if subtract {
                BinaryOp::Sub
            } else {
                BinaryOp::Add
            };
            let (lhs_span, rhs_span, span) = (spans.0.clone(), spans.1.clone(), spans.2.clone());
            let result = ops::binary(op, (current.clone(), lhs_span), (v, rhs_span), span);
            match result {
                Ok(sum) => self.store(slot, sum),
                Err(e) => {
                    self.store(slot, current);
                    return Err(e.into());
                }
            }
        }
        Ok(())
    }

    fn store(&mut self, slot: Slot, value: Value) {
        match slot {
            Slot::Local(i) => self.stack[self.base + i as usize] = value,
            Slot::Global(i) => self.globals.values[i as usize] = Some(value),
        }
    }

    /// Moves a variable's value out (leaving nothing), so that an update in place finds it
    /// unshared.
    fn take(&mut self, slot: Slot) -> Value {
        match slot {
            Slot::Local(i) => {
                std::mem::replace(&mut self.stack[self.base + i as usize], Value::Nothing)
            }
            Slot::Global(i) => self.globals.values[i as usize]
                .take()
                .unwrap_or(Value::Nothing),
        }
    }

    fn load(&mut self, path: &str, span: &Span) -> Flow<()> {
        let here = self.source();
        let resolved = match &here.path {
            Some(p) => p.parent().unwrap_or(Path::new(".")).join(path),
            None => PathBuf::from(path),
        };
        if self.loading.contains(&resolved) {
            return Err(
                EvalError::new(format!("`{path}` is already being loaded"), span.clone())
                    .with_help("two files load each other")
                    .into(),
            );
        }
        let text = std::fs::read_to_string(&resolved).map_err(|e| {
            EvalError::new(
                format!("cannot read `{}`: {e}", resolved.display()),
                span.clone(),
            )
        })?;
        let source = Rc::new(Source::new(
            resolved.display().to_string(),
            text,
            Some(resolved.clone()),
        ));
        self.loading.push(resolved);
        let result = self.run_source(source.clone(), Mode::Quiet);
        self.loading.pop();
        match result {
            Ok(_) => Ok(()),
            Err(Error::Syntax(e)) => Err(EvalError::new(
                format!("syntax error in `{path}`: {}", e.message),
                span.clone(),
            )
            .into()),
            Err(Error::Eval(mut e)) => {
                if e.source.is_none() {
                    e.source = Some(source);
                }
                e.passed_through(&format!("load \"{path}\""), span.clone(), &here);
                Err(e.into())
            }
        }
    }

    // ----- Expressions --------------------------------------------------------------------

    /// Prints the value of a top-level expression (nothing for nothing), as the session
    /// shows it: through the echo hook if one is set, else abbreviated to the screen.
    pub(super) fn echo_value(&mut self, v: Value) {
        if matches!(v, Value::Nothing) {
            return;
        }
        if let Some(echo) = &mut self.echo {
            echo(&v);
        } else {
            let mut lines = echo_lines(&v, self.sketch_thermographs);
            if let Some(short) = self
                .screen
                .and_then(|chars| super::abbreviate::abbreviated(&v, chars))
            {
                lines[0] = short;
            }
            for line in lines {
                self.print(&line);
            }
        }
        self.last_echoed = Some(v);
    }

    pub fn eval(&mut self, node: &Node) -> Flow<Value> {
        Ok(match node {
            Node::Const(v) => duplicate(v),
            Node::Load(Slot::Local(i), _) => duplicate(&self.stack[self.base + *i as usize]),
            Node::Load(Slot::Global(i), span) => match &self.globals.values[*i as usize] {
                Some(v) => duplicate(v),
                None => return Err(self.unknown_global(*i, span).into()),
            },
            Node::Capture(i) => self.running_function().captured[*i as usize].clone(),
            Node::Binary { op, lhs, rhs, span } => {
                if let (Some(x), Some(y)) = (self.peek_small(&lhs.0), self.peek_small(&rhs.0)) {
                    if let Some(v) = small_arithmetic(*op, x, y) {
                        return Ok(v);
                    }
                }
                let a = self.operand(&lhs.0)?;
                let b = self.operand(&rhs.0)?;
                if let (Value::Number(Num::Small(x)), Value::Number(Num::Small(y))) = (&a, &b) {
                    if let Some(v) = small_arithmetic(*op, *x, *y) {
                        return Ok(v);
                    }
                }
                ops::binary(*op, (a, lhs.1.clone()), (b, rhs.1.clone()), span.clone())?
            }
            Node::And(lhs, rhs) => {
                Value::Bool(self.truth(&lhs.0, &lhs.1)? && self.truth(&rhs.0, &rhs.1)?)
            }
            Node::Or(lhs, rhs) => {
                Value::Bool(self.truth(&lhs.0, &lhs.1)? || self.truth(&rhs.0, &rhs.1)?)
            }
            Node::Call { callee, args, span } => {
                // A global function is called without copying its value first.
                let callee = match callee.as_ref() {
                    Node::Load(Slot::Global(i), _) => match &self.globals.values[*i as usize] {
                        Some(Value::Function(func)) => {
                            return self.call_with_nodes(func.clone(), args, span)
                        }
                        _ => self.eval(callee)?,
                    },
                    _ => self.eval(callee)?,
                };
                match callee {
                    Value::Function(func) => self.call_with_nodes(func, args, span)?,
                    other => {
                        let args = self.eval_args(args)?;
                        self.call_value(&other, args, span)?
                    }
                }
            }
            Node::CallBuiltin {
                builtin,
                args,
                span,
            } => {
                let args = self.eval_args(args)?;
                self.call_builtin(builtin, args, span)?
            }
            Node::If {
                branches,
                otherwise,
            } => {
                for ((condition, span), body) in branches {
                    if self.truth(condition, span)? {
                        return self.eval(body);
                    }
                }
                match otherwise {
                    Some(body) => self.eval(body)?,
                    None => Value::Nothing,
                }
            }
            Node::Index {
                target,
                index,
                span,
            } => {
                let t = self.eval(target)?;
                let i = self.eval(&index.0)?;
                ops::index(&t, &i, &index.1, span)?
            }
            other => self.eval_compound(other)?,
        })
    }

    /// `eval` with the commonest leaves (constants and locals) read in place, without a call.
    #[inline(always)]
    fn operand(&mut self, node: &Node) -> Flow<Value> {
        match node {
            Node::Const(v) => Ok(duplicate(v)),
            Node::Load(Slot::Local(i), _) => Ok(duplicate(&self.stack[self.base + *i as usize])),
            _ => self.eval(node),
        }
    }

    /// The machine integer a constant or a local holds, read in place; `None` for any other
    /// node or value.
    #[inline(always)]
    fn peek_small(&self, node: &Node) -> Option<i64> {
        match node {
            Node::Const(Value::Number(Num::Small(k))) => Some(*k),
            Node::Load(Slot::Local(i), _) => match &self.stack[self.base + *i as usize] {
                Value::Number(Num::Small(k)) => Some(*k),
                _ => None,
            },
            _ => None,
        }
    }

    /// The less frequent nodes, kept out of `eval` so that its frame stays small.
    #[inline(never)]
    fn eval_compound(&mut self, node: &Node) -> Flow<Value> {
        Ok(match node {
            Node::SelfRef => Value::Function(self.running_function_rc()),
            Node::Game {
                left: left_nodes,
                right: right_nodes,
            } => {
                let (left, right) = (left_nodes, right_nodes);
                // The braces carry no span of their own: point at the options.
                let mut spans = left.iter().chain(right.iter()).map(|(_, s)| s);
                let span = match (spans.clone().next(), spans.next_back()) {
                    (Some(first), Some(last)) => first.start..last.end,
                    _ => 0..0,
                };
                let (left, right) = match (
                    self.games(left, "an option of a game")?,
                    self.games(right, "an option of a game")?,
                ) {
                    (Ok(left), Ok(right)) => (left, right),
                    // An option is a loopy game: the game is a graph.
                    (left, right) => {
                        let as_values =
                            |side: Result<Vec<Game>, Vec<(Value, Span)>>,
                             nodes: &[(Node, Span)]| match side {
                                Ok(games) => games
                                    .into_iter()
                                    .zip(nodes)
                                    .map(|(g, (_, s))| (Value::Game(g), s.clone()))
                                    .collect(),
                                Err(values) => values,
                            };
                        let (left, right) =
                            (as_values(left, left_nodes), as_values(right, right_nodes));
                        return guarded(&span, || loopy::game_of_values(&left, &right, &span))
                            .map_err(Into::into);
                    }
                };
                guarded(&span, || Ok(Game::from_options(&left, &right))).map(Value::from_game)?
            }
            Node::Loopy(form, span) => {
                let mut build = loopy::GraphBuild::new();
                let root = self.loopy_position(form, &mut Vec::new(), &mut build)?;
                guarded(span, || build.value(root, span))?
            }
            Node::List(items) => Value::list(self.eval_all(items)?),
            Node::Tuple(items) => Value::tuple(self.eval_all(items)?),
            Node::Set(items) => Value::set(self.eval_all(items)?),
            Node::Map(entries) => {
                let mut map = AHashMap::with_capacity(entries.len());
                for (k, v) in entries {
                    let key = self.eval(k)?;
                    let value = self.eval(v)?;
                    map.insert(key, value);
                }
                Value::Map(Rc::new(map))
            }
            Node::Range {
                start,
                end,
                inclusive,
            } => {
                let a = self.eval(&start.0)?;
                let b = self.eval(&end.0)?;
                Value::Range {
                    start: range_bound(&a, &start.1)?,
                    end: range_bound(&b, &end.1)?,
                    inclusive: *inclusive,
                }
            }
            Node::Unary {
                op,
                operand,
                operand_span,
                span,
            } => {
                let v = self.eval(operand)?;
                ops::unary(*op, v, operand_span.clone(), span.clone())?
            }
            Node::Closure { proto, captures } => {
                let captured = self.eval_all(captures)?;
                let memo = proto.memo.then(|| std::cell::RefCell::new(AHashMap::new()));
                Value::Function(Rc::new(Function {
                    name: proto.name.clone(),
                    proto: proto.clone(),
                    captured,
                    memo,
                }))
            }
            Node::Block { ops, result } => {
                self.exec_all(ops)?;
                match result {
                    Some(node) => self.eval(node)?,
                    None => Value::Nothing,
                }
            }
            Node::Comprehension {
                kind,
                element,
                clauses,
                ..
            } => {
                let mut out = Vec::new();
                self.comprehension(element, clauses, &mut out)?;
                match kind {
                    CollectionKind::List => Value::list(out),
                    CollectionKind::Set => Value::set(out),
                }
            }
            Node::Explicit(form) => Value::Explicit(Rc::new(self.explicit(form)?)),
            Node::Ruleset {
                name,
                arity,
                impartial,
                rules,
            } => {
                let mut def = RulesetDef {
                    name: name.clone(),
                    arity: *arity,
                    impartial: *impartial,
                    left: None,
                    right: None,
                    moves: None,
                    split: None,
                    normal: None,
                    negative: None,
                };
                for (kind, node) in rules {
                    let f = self.eval(node)?;
                    match kind.as_str() {
                        "left" => def.left = Some(f),
                        "right" => def.right = Some(f),
                        "moves" => def.moves = Some(f),
                        "split" => def.split = Some(f),
                        "negative" => def.negative = Some(f),
                        _ => def.normal = Some(f),
                    }
                }
                let def = Rc::new(def);
                match arity {
                    None => Value::Ruleset(RulesetInstance::shared(def, Vec::new())),
                    Some(_) => Value::RulesetDef(def),
                }
            }
            Node::Const(_)
            | Node::Load(..)
            | Node::Capture(_)
            | Node::Binary { .. }
            | Node::And(..)
            | Node::Or(..)
            | Node::Call { .. }
            | Node::CallBuiltin { .. }
            | Node::If { .. }
            | Node::Index { .. } => self.eval(node)?,
        })
    }

    fn explicit(&mut self, form: &ExplicitNode) -> Flow<ExplicitGame> {
        Ok(match form {
            ExplicitNode::Form { left, right } => ExplicitGame::form(
                left.iter().map(|o| self.explicit(o)).collect::<Flow<_>>()?,
                right
                    .iter()
                    .map(|o| self.explicit(o))
                    .collect::<Flow<_>>()?,
            ),
            ExplicitNode::Value(node, span) => match self.eval(node)? {
                Value::Explicit(e) => e.as_ref().clone(),
                v => ExplicitGame::Value(ops::to_game(&v, span.clone(), "an option of a game")?),
            },
        })
    }

    fn eval_all(&mut self, nodes: &[Node]) -> Flow<Vec<Value>> {
        nodes.iter().map(|n| self.eval(n)).collect()
    }

    fn eval_args(&mut self, args: &[(Node, Span)]) -> Flow<Vec<Arg>> {
        args.iter()
            .map(|(n, s)| {
                Ok(Arg {
                    value: self.eval(n)?,
                    span: s.clone(),
                })
            })
            .collect()
    }

    /// The options as short games; if one is a loopy game, all of them as values (`Err`), for
    /// the graph of a loopy game.
    fn games(&mut self, options: &[(Node, Span)], role: &str) -> Flow<GameOptions> {
        let mut games = Vec::with_capacity(options.len());
        for (i, (n, s)) in options.iter().enumerate() {
            let v = self.eval(n)?;
            if let Value::Loopy(_) = v {
                let mut values: Vec<(Value, Span)> = games
                    .into_iter()
                    .zip(options)
                    .map(|(g, (_, s)): (Game, &(Node, Span))| (Value::Game(g), s.clone()))
                    .collect();
                values.push((v, s.clone()));
                for (n, s) in &options[i + 1..] {
                    values.push((self.eval(n)?, s.clone()));
                }
                return Ok(Err(values));
            }
            games.push(ops::to_game(&v, s.clone(), role)?);
        }
        Ok(Ok(games))
    }

    /// Adds the position of a loopy brace form to the graph; `stack` holds the vertices of the
    /// enclosing forms, outermost first (what labels refer to).
    fn loopy_position(
        &mut self,
        form: &LoopyForm,
        stack: &mut Vec<u32>,
        build: &mut loopy::GraphBuild,
    ) -> Flow<u32> {
        let v = build.position();
        stack.push(v);
        for (side, options) in [(Side::Left, &form.left), (Side::Right, &form.right)] {
            for option in options {
                let w = match option {
                    LoopyOption::Pass => v,
                    LoopyOption::Label(depth) => stack[*depth],
                    LoopyOption::Form(inner) => self.loopy_position(inner, stack, build)?,
                    LoopyOption::Value(node, span) => {
                        let value = self.eval(node)?;
                        build.option(&value, span)?
                    }
                };
                build.edge(side, v, w);
            }
        }
        stack.pop();
        Ok(v)
    }

    #[inline]
    fn truth(&mut self, node: &Node, span: &Span) -> Flow<bool> {
        // A comparison of machine integers is decided without making a value.
        if let Node::Binary { op, lhs, rhs, .. } = node {
            if let (Some(x), Some(y)) = (self.peek_small(&lhs.0), self.peek_small(&rhs.0)) {
                if let Some(b) = small_comparison(*op, x, y) {
                    return Ok(b);
                }
            }
        }
        match self.operand(node)? {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::new(
                format!("a condition must be true or false; found {}", other.kind()),
                span.clone(),
            )
            .into()),
        }
    }

    pub(super) fn unknown_global(&self, slot: u32, span: &Span) -> EvalError {
        let name = &self.globals.spellings[slot as usize];
        let err = EvalError::new(format!("unknown name `{name}`"), span.clone());
        if name == "pass" {
            return err.with_help(
                "`pass` is an option of a loopy game, a move to the position itself: `{0|pass}`",
            );
        }
        // A newcomer's first words at the prompt: say where the session's commands are.
        if matches!(name.as_str(), "help" | "quit" | "exit") {
            return err.with_help(format!(
                "at the prompt, commands begin with a colon: `:{}`",
                if name == "help" { "help" } else { "quit" }
            ));
        }
        let candidates = builtins::all()
            .map(|b| b.name)
            .chain(self.globals.defined_names())
            .filter(|n| n != name);
        match builtins::closest(name, candidates) {
            Some(suggestion) => err.with_help(format!("did you mean `{suggestion}`?")),
            None => err,
        }
    }

    fn comprehension(
        &mut self,
        element: &Node,
        clauses: &[IrClause],
        out: &mut Vec<Value>,
    ) -> Flow<()> {
        let Some((clause, rest)) = clauses.split_first() else {
            out.push(self.eval(element)?);
            return Ok(());
        };
        match clause {
            IrClause::If(condition, span) => {
                if self.truth(condition, span)? {
                    self.comprehension(element, rest, out)?;
                }
            }
            IrClause::For {
                binder,
                iterable,
                span,
            } => {
                let items = self.eval(iterable)?;
                self.for_each(&items, span, |me, item| {
                    me.bind(binder, item)?;
                    me.comprehension(element, rest, out)?;
                    Ok(true)
                })?;
            }
        }
        Ok(())
    }

    /// Runs `step` on each element of `items` until it returns false.
    fn for_each(
        &mut self,
        items: &Value,
        span: &Span,
        mut step: impl FnMut(&mut Interpreter, Value) -> Flow<bool>,
    ) -> Flow<()> {
        if let Value::Range {
            start,
            end,
            inclusive,
        } = items
        {
            // Ranges are walked without making their elements first.
            let mut i = *start;
            while i < *end || (*inclusive && i == *end) {
                crate::core::check_interrupt();
                self.step(span)?;
                if !step(self, Value::int(i))? {
                    break;
                }
                match i.checked_add(1) {
                    Some(next) => i = next,
                    None => break,
                }
            }
            return Ok(());
        }
        let Some(elements) = items.elements() else {
            return Err(EvalError::new(
                format!("cannot iterate over {}", items.kind()),
                span.clone(),
            )
            .into());
        };
        for item in elements {
            crate::core::check_interrupt();
            self.step(span)?;
            if !step(self, item)? {
                break;
            }
        }
        Ok(())
    }

    // ----- Calls --------------------------------------------------------------------------

    /// Calls a function value (user or builtin) with already evaluated arguments.
    pub fn call_value(&mut self, f: &Value, args: Vec<Arg>, span: &Span) -> EvalResult<Value> {
        match f {
            Value::Function(func) => {
                let values = args.into_iter().map(|a| a.value).collect();
                self.call_function(func, values, span)
            }
            Value::Builtin(b) => self.call_builtin(b, args, span),
            Value::RulesetDef(def) => {
                let arity = def.arity.unwrap_or(0);
                if args.len() != arity {
                    return Err(EvalError::new(
                        format!(
                            "the ruleset `{}` takes {arity} parameter{}, but {}",
                            def.name,
                            if arity == 1 { "" } else { "s" },
                            super::error::were_given(args.len())
                        ),
                        span.clone(),
                    ));
                }
                let args = args.into_iter().map(|a| a.value).collect();
                Ok(Value::Ruleset(RulesetInstance::shared(def.clone(), args)))
            }
            Value::Heap(heap) => {
                let n = match args.as_slice() {
                    [a] => a.value.as_i64().filter(|n| *n >= 0).ok_or_else(|| {
                        EvalError::new(
                            format!("a heap has a nonnegative integer size, not {}", a.value),
                            a.span.clone(),
                        )
                    })?,
                    _ => {
                        return Err(EvalError::new(
                            "a heap game takes one heap size",
                            span.clone(),
                        ))
                    }
                };
                let n = usize::try_from(n)
                    .map_err(|_| EvalError::new("that heap is too large", span.clone()))?;
                crate::eval::error::guarded(span, || Ok(Value::from_game(heap.values(n)[n])))
            }
            Value::Ruleset(instance) => {
                let [position] = <[Arg; 1]>::try_from(args).map_err(|args| {
                    EvalError::new(
                        format!(
                            "a ruleset takes one position, but {}",
                            super::error::were_given(args.len())
                        ),
                        span.clone(),
                    )
                })?;
                self.refusal_to_error(span, |interp| {
                    interp.position_value(instance, position.value, span)
                })
            }
            Value::Misere(m) => super::misere::call(self, m, &args, span),
            other => Err(EvalError::new(
                format!("{} cannot be called", other.kind()),
                span.clone(),
            )),
        }
    }

    fn call_builtin(
        &mut self,
        builtin: &'static Builtin,
        args: Vec<Arg>,
        span: &Span,
    ) -> EvalResult<Value> {
        builtins::call(self, builtin, &args, span.clone())
    }

    pub fn call_function(
        &mut self,
        func: &Rc<Function>,
        args: Vec<Value>,
        span: &Span,
    ) -> EvalResult<Value> {
        let base = self.stack.len();
        let count = args.len();
        self.stack.extend(args);
        let result = self.enter(func.clone(), base, count, span);
        let value = self.returned(base);
        self.stack.truncate(base);
        result.map(|()| value)
    }

    /// The value a call at `base` left in its first register.
    fn returned(&mut self, base: usize) -> Value {
        match self.stack.get_mut(base) {
            Some(v) => std::mem::replace(v, Value::Nothing),
            None => Value::Nothing,
        }
    }

    /// Calls `func`, evaluating the arguments straight onto the value stack.
    #[inline]
    fn call_with_nodes(
        &mut self,
        func: Rc<Function>,
        args: &[(Node, Span)],
        span: &Span,
    ) -> Flow<Value> {
        let base = self.stack.len();
        for (node, _) in args {
            match self.operand(node) {
                Ok(v) => self.stack.push(v),
                Err(e) => {
                    self.stack.truncate(base);
                    return Err(e);
                }
            }
        }
        let count = self.stack.len() - base;
        let result = self.enter(func, base, count, span);
        let value = self.returned(base);
        self.stack.truncate(base);
        result?;
        Ok(value)
    }

    /// Runs `func` on the `count` arguments at `stack[base..]`, which become the first
    /// registers of its frame. The value is left at `stack[base]` and the frame's other
    /// registers hold nothing; the stack is no shorter than it was (the caller decides what to
    /// drop).
    #[inline]
    pub(super) fn enter(
        &mut self,
        func: Rc<Function>,
        base: usize,
        count: usize,
        span: &Span,
    ) -> EvalResult<()> {
        if count != func.proto.arity {
            return Err(arity_error(&func, count, span));
        }
        if func.memo.is_some() {
            return self.enter_memoised(func, base, span);
        }
        self.run_function(func, base, span)
    }

    /// `enter` for a `memo def`: the remembered result, or the result computed and remembered.
    #[inline(never)]
    fn enter_memoised(&mut self, func: Rc<Function>, base: usize, span: &Span) -> EvalResult<()> {
        let memo = func.memo.as_ref().expect("a memoised function");
        let arguments = base..base + func.proto.arity;
        let remembered = memo.borrow().get(&self.stack[arguments.clone()]).cloned();
        if let Some(v) = remembered {
            while self.stack.len() <= base {
                self.stack.push(Value::Nothing);
            }
            self.stack[base] = v;
            return Ok(());
        }
        let key = self.stack[arguments].to_vec();
        self.run_function(func.clone(), base, span)?;
        memo.borrow_mut().insert(key, self.stack[base].clone());
        Ok(())
    }

    /// Runs the body of `func` in a new frame at `base` (the arguments in place).
    #[inline]
    fn run_function(&mut self, func: Rc<Function>, base: usize, span: &Span) -> EvalResult<()> {
        self.check_call(span)?;
        let code = &func.proto.code;
        let end = base + code.frame;
        if self.stack.len() < end {
            self.stack.resize(end, Value::Nothing);
        }
        self.push_frame(base, Some(func.clone()), None);
        let result = self.run(code);
        self.pop_frame();
        // The first register keeps the value for the caller.
        self.clear_registers(base + 1, end);
        match result {
            Ok(()) => Ok(()),
            Err(Unwind::Return(v)) => {
                self.stack[base] = v;
                Ok(())
            }
            Err(other) => Err(self.left_function(&func, other, span)),
        }
    }

    /// What every call checks first: the recursion limit, Ctrl-C and the step budget.
    #[inline(always)]
    pub(super) fn check_call(&mut self, span: &Span) -> EvalResult<()> {
        if self.depth >= MAX_CALL_DEPTH {
            return Err(too_deep(span));
        }
        crate::core::check_interrupt();
        self.step(span)
    }

    /// Empties `stack[from..to]` (what a returning frame leaves) of every value that owns
    /// something, so that no dead register keeps a list or a game shared.
    ///
    /// A value that owns nothing (a machine integer, an emptied register) is left as it is,
    /// unwritten: it keeps nothing alive, and every register is written before it is read
    /// (the resolver admits no read of a variable before its assignment, and an instruction
    /// writes its intermediate registers before the instructions that read them), so a stale
    /// integer is never seen. Most registers of a returning frame are of these two kinds.
    #[inline]
    pub(super) fn clear_registers(&mut self, from: usize, to: usize) {
        let to = to.min(self.stack.len());
        for v in &mut self.stack[from.min(to)..to] {
            // Emptied registers first: one compare of the tag (the test of a machine integer
            // decodes the niche-packed tag).
            if matches!(v, Value::Nothing) || owns_nothing(v) {
                continue;
            }
            *v = Value::Nothing;
        }
    }

    /// The error `unwind` becomes as it leaves `func`, called at `span`: its call chain grows.
    #[cold]
    pub(super) fn left_function(&self, func: &Function, unwind: Unwind, span: &Span) -> EvalError {
        match unwind {
            Unwind::Error(mut e) => {
                if e.source.is_none() {
                    e.source = Some(func.proto.source.clone());
                }
                let caller = self.source();
                e.passed_through(&func.name, span.clone(), &caller);
                e
            }
            _ => EvalError::new("`break` or `continue` outside a loop", span.clone()),
        }
    }
}

#[cold]
fn arity_error(func: &Function, given: usize, span: &Span) -> EvalError {
    let arity = func.proto.arity;
    let plural = if arity == 1 { "" } else { "s" };
    EvalError::new(
        format!(
            "`{}` takes {arity} argument{plural}, but {}",
            func.name,
            super::error::were_given(given)
        ),
        span.clone(),
    )
}

/// True for the values whose drop does nothing (no shared storage) among the two kinds that
/// fill most registers, machine integers and emptied registers; false for every other kind,
/// which is then dropped in the general way (a no-op for a boolean).
///
/// Asked for every register written and every register a returning call empties, so it asks
/// one kind at a time: a test of three or more kinds at once compiles to a jump through a
/// table indexed by the niche-packed tag of `Value`, an indirect branch that took a fifth of
/// fib's samples (mispredicted as the kinds alternate).
#[inline(always)]
pub(super) fn owns_nothing(v: &Value) -> bool {
    if let Value::Number(Num::Small(_)) = v {
        return true;
    }
    matches!(v, Value::Nothing)
}

#[cold]
fn too_deep(span: &Span) -> EvalError {
    EvalError::new(
        format!("recursion deeper than {MAX_CALL_DEPTH} calls"),
        span.clone(),
    )
    .with_help("a function probably calls itself without end; check its base case")
}

/// Writes a line to standard output. When the reader has gone (`cg script | head`), there is no
/// one left to tell: the program ends quietly, as command-line tools do, instead of panicking.
/// The lines an echoed value prints as: its notation, then the board of a position, then (with
/// `sketch`) the text sketch of a thermograph.
pub fn echo_lines(v: &Value, sketch: bool) -> Vec<String> {
    let mut lines = vec![v.to_string()];
    if let Value::Position(p) = v {
        lines.extend(p.board_picture());
    }
    if let (Value::Thermograph(th), true) = (v, sketch) {
        lines.extend(crate::render::sketch::thermograph_sketch(th));
    }
    if let (Value::Heap(heap), true) = (v, sketch) {
        lines.extend(super::heap_sketch::heap_sketch(heap));
    }
    lines
}

pub fn print_line(text: &str) {
    use std::io::Write;
    // A long text (a list of 10^8 values is hundreds of MB) goes out in pieces, with a check
    // for Ctrl-C between them: a terminal takes its time to show it.
    const PIECE: usize = 1 << 16;
    let mut rest = text;
    while rest.len() > PIECE {
        let mut cut = PIECE;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let (piece, after) = rest.split_at(cut);
        let written =
            crate::progress::suspended(|| std::io::stdout().lock().write_all(piece.as_bytes()));
        if written.is_err() {
            std::process::exit(0);
        }
        crate::core::check_interrupt();
        rest = after;
    }
    let written = crate::progress::suspended(|| writeln!(std::io::stdout().lock(), "{rest}"));
    if written.is_err() {
        std::process::exit(0);
    }
}

/// Arithmetic and comparison of two machine integers, when the result needs nothing more
/// (no overflow, no fraction); `None` sends the operation down the general path.
#[inline]
fn small_arithmetic(op: BinaryOp, x: i64, y: i64) -> Option<Value> {
    match small_integer_op(op, x, y) {
        Some(n) => Some(Value::int(n)),
        None => Some(Value::Bool(small_comparison(op, x, y)?)),
    }
}

/// An arithmetic operation on two machine integers whose result is one (no overflow, no
/// fraction); `None` for anything else.
#[inline]
pub(super) fn small_integer_op(op: BinaryOp, x: i64, y: i64) -> Option<i64> {
    match op {
        BinaryOp::Add => x.checked_add(y),
        BinaryOp::Sub => x.checked_sub(y),
        BinaryOp::Mul => x.checked_mul(y),
        BinaryOp::Rem => floor_rem(x, y),
        BinaryOp::FloorDiv => floor_div(x, y),
        // An exact quotient stays an integer; any other goes to the rationals.
        BinaryOp::Div if y != 0 && x.checked_rem(y)? == 0 => x.checked_div(y),
        _ => None,
    }
}

/// A comparison of two machine integers; `None` for any other operation.
#[inline]
pub(super) fn small_comparison(op: BinaryOp, x: i64, y: i64) -> Option<bool> {
    Some(match op {
        BinaryOp::Lt => x < y,
        BinaryOp::Le => x <= y,
        BinaryOp::Gt => x > y,
        BinaryOp::Ge => x >= y,
        BinaryOp::Eq => x == y,
        BinaryOp::Ne => x != y,
        _ => return None,
    })
}

/// x % y with the sign of y (the floor convention of `%`); `None` for y = 0 or overflow.
#[inline]
fn floor_rem(x: i64, y: i64) -> Option<i64> {
    let r = x.checked_rem(y)?;
    Some(if r != 0 && (r < 0) != (y < 0) {
        r + y
    } else {
        r
    })
}

/// floor(x / y); `None` for y = 0 or overflow (i64::MIN // -1).
#[inline]
fn floor_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    let r = x - q * y;
    Some(if r != 0 && (r < 0) != (y < 0) {
        q - 1
    } else {
        q
    })
}

/// A copy of a value, with the commonest kinds (small integers, booleans) copied inline rather
/// than through the general `clone`, which is a call.
#[inline(always)]
fn duplicate(v: &Value) -> Value {
    match v {
        Value::Number(Num::Small(n)) => Value::Number(Num::Small(*n)),
        Value::Bool(b) => Value::Bool(*b),
        _ => v.clone(),
    }
}

fn range_bound(v: &Value, span: &Span) -> EvalResult<i64> {
    v.as_i64().ok_or_else(|| match v.as_integer() {
        Some(_) => EvalError::new("range bounds must fit in 64 bits", span.clone()),
        None => EvalError::new(
            format!("a range needs integer bounds; found {}", v.kind()),
            span.clone(),
        ),
    })
}

fn describe_length(v: &Value) -> String {
    if let Value::NimList(list) = v {
        return format!("{} values", list.len());
    }
    match v.sequence() {
        Some(items) => format!("{} values", items.len()),
        None => v.kind().to_string(),
    }
}
