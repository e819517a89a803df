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
    /// The running function; `None` for a top-level program.
    function: Option<Rc<Function>>,
    /// The program's source, for a top-level frame (a function's is in its body).
    source: Option<Rc<Source>>,
}

pub struct Interpreter {
    pub globals: Globals,
    stack: Vec<Value>,
    frames: Vec<Frame>,
    /// Where `print` and echoed values go.
    output: Box<dyn FnMut(&str)>,
    /// Files being loaded, to refuse a file that loads itself.
    loading: Vec<PathBuf>,
    /// Loop iterations and calls still allowed (see `limit_steps`).
    steps_left: u64,
    /// The last value printed by a top-level expression (the session's `_`).
    last_echoed: Option<Value>,
    /// Echoed thermographs are followed by a text sketch (the interactive session only).
    sketch_thermographs: bool,
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
            frames: Vec::new(),
            output: Box::new(print_line),
            loading: Vec::new(),
            steps_left: u64::MAX,
            last_echoed: None,
            sketch_thermographs: false,
        }
    }

    /// Sends `print` and echoed values to `output` (one call per line of output).
    pub fn set_output(&mut self, output: impl FnMut(&str) + 'static) {
        self.output = Box::new(output);
    }

    /// Whether an echoed thermograph is followed by a text sketch of it (for a person at a
    /// terminal; scripts and pipes get only the walls, which they can parse).
    pub fn sketch_thermographs(&mut self, on: bool) {
        self.sketch_thermographs = on;
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
    fn step(&mut self, span: &Span) -> EvalResult<()> {
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
        self.stack.clear();
        self.loading.clear();
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
        self.run_chunk(&chunk).map_err(Error::Eval)
    }

    fn run_chunk(&mut self, chunk: &Chunk) -> EvalResult<Value> {
        let base = self.stack.len();
        self.stack.resize(base + chunk.locals, Value::Nothing);
        self.frames.push(Frame {
            base,
            function: None,
            source: Some(chunk.source.clone()),
        });
        let result = self.run_chunk_body(chunk);
        self.frames.pop();
        self.stack.truncate(base);
        result.map_err(|u| match u {
            Unwind::Error(e) => e,
            _ => EvalError::new("`break`, `continue` or `return` outside its place", 0..0),
        })
    }

    fn run_chunk_body(&mut self, chunk: &Chunk) -> Flow<Value> {
        self.exec_all(&chunk.ops)?;
        match &chunk.result {
            Some(node) => self.eval(node),
            None => Ok(Value::Nothing),
        }
    }

    fn source(&self) -> Rc<Source> {
        let frame = self.frames.last().expect("a running frame");
        match (&frame.function, &frame.source) {
            (Some(f), _) => f.proto.source.clone(),
            (None, Some(source)) => source.clone(),
            (None, None) => unreachable!("a top-level frame has its source"),
        }
    }

    // ----- Statements ---------------------------------------------------------------------

    fn exec_all(&mut self, ops: &[Op]) -> Flow<()> {
        for op in ops {
            self.exec(op)?;
        }
        Ok(())
    }

    fn exec(&mut self, op: &Op) -> Flow<()> {
        match op {
            Op::Eval(node) => {
                self.eval(node)?;
            }
            Op::Echo(node) => {
                let v = self.eval(node)?;
                if !matches!(v, Value::Nothing) {
                    let text = v.to_string();
                    self.print(&text);
                    if let (Value::Thermograph(th), true) = (&v, self.sketch_thermographs) {
                        for line in crate::render::sketch::thermograph_sketch(th) {
                            self.print(&line);
                        }
                    }
                    self.last_echoed = Some(v);
                }
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
                if let Slot::Global(i) = slot {
                    if self.globals.values[*i as usize].is_none() {
                        return Err(self.unknown_global(*i, &spans.0).into());
                    }
                }
                let mut current = self.take(*slot);
                let accumulated = match (&mut current, &v) {
                    (Value::Number(total), Value::Number(term)) => {
                        total.accumulate(term, *subtract)
                    }
                    _ => false,
                };
                if accumulated {
                    self.store(*slot, current);
                } else {
                    let op = if *subtract {
                        BinaryOp::Sub
                    } else {
                        BinaryOp::Add
                    };
                    let (lhs_span, rhs_span, span) = spans.as_ref().clone();
                    let result = ops::binary(op, (current.clone(), lhs_span), (v, rhs_span), span);
                    match result {
                        Ok(sum) => self.store(*slot, sum),
                        Err(e) => {
                            self.store(*slot, current);
                            return Err(e.into());
                        }
                    }
                }
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

    fn bind(&mut self, binder: &Binder, value: Value) -> Flow<()> {
        match binder {
            Binder::Slot(slot) => self.store(*slot, value),
            Binder::Tuple(parts, span) => {
                let items = match &value {
                    Value::Tuple(v) | Value::List(v) if v.len() == parts.len() => v.clone(),
                    other => {
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

    fn store(&mut self, slot: Slot, value: Value) {
        match slot {
            Slot::Local(i) => {
                let base = self.frames.last().expect("a running frame").base;
                self.stack[base + i as usize] = value;
            }
            Slot::Global(i) => self.globals.values[i as usize] = Some(value),
        }
    }

    /// Moves a variable's value out (leaving nothing), so that an update in place finds it
    /// unshared.
    fn take(&mut self, slot: Slot) -> Value {
        match slot {
            Slot::Local(i) => {
                let base = self.frames.last().expect("a running frame").base;
                std::mem::replace(&mut self.stack[base + i as usize], Value::Nothing)
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

    pub fn eval(&mut self, node: &Node) -> Flow<Value> {
        Ok(match node {
            Node::Const(v) => v.clone(),
            Node::Load(Slot::Local(i), _) => {
                let base = self.frames.last().expect("a running frame").base;
                self.stack[base + *i as usize].clone()
            }
            Node::Load(Slot::Global(i), span) => match &self.globals.values[*i as usize] {
                Some(v) => v.clone(),
                None => return Err(self.unknown_global(*i, span).into()),
            },
            Node::Capture(i) => {
                let f = self
                    .frames
                    .last()
                    .and_then(|f| f.function.as_ref())
                    .expect("a closure");
                f.captured[*i as usize].clone()
            }
            Node::Binary { op, lhs, rhs, span } => {
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
            Node::Call { callee, args, span } => match self.eval(callee)? {
                Value::Function(func) => self.call_with_nodes(&func, args, span)?,
                other => {
                    let args = self.eval_args(args)?;
                    self.call_value(&other, args, span)?
                }
            },
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
            Node::Const(v) => Ok(v.clone()),
            Node::Load(Slot::Local(i), _) => {
                let base = self.frames.last().expect("a running frame").base;
                Ok(self.stack[base + *i as usize].clone())
            }
            _ => self.eval(node),
        }
    }

    /// The less frequent nodes, kept out of `eval` so that its frame stays small.
    #[inline(never)]
    fn eval_compound(&mut self, node: &Node) -> Flow<Value> {
        Ok(match node {
            Node::SelfRef => {
                let f = self
                    .frames
                    .last()
                    .and_then(|f| f.function.clone())
                    .expect("a function");
                Value::Function(f)
            }
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
                };
                for (kind, node) in rules {
                    let f = self.eval(node)?;
                    match kind.as_str() {
                        "left" => def.left = Some(f),
                        "right" => def.right = Some(f),
                        "moves" => def.moves = Some(f),
                        "split" => def.split = Some(f),
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
        match self.operand(node)? {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::new(
                format!("a condition must be true or false; found {}", other.kind()),
                span.clone(),
            )
            .into()),
        }
    }

    fn unknown_global(&self, slot: u32, span: &Span) -> EvalError {
        let name = &self.globals.spellings[slot as usize];
        let err = EvalError::new(format!("unknown name `{name}`"), span.clone());
        if name == "pass" {
            return err.with_help(
                "`pass` is an option of a loopy game, a move to the position itself: `{0|pass}`",
            );
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
                if !step(self, Value::integer(i))? {
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
                            "the ruleset `{}` takes {arity} parameters, but {} were given",
                            def.name,
                            args.len()
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
                Ok(Value::from_game(heap.values(n)[n]))
            }
            Value::Ruleset(instance) => {
                let [position] = <[Arg; 1]>::try_from(args).map_err(|args| {
                    EvalError::new(
                        format!(
                            "a ruleset takes one position, but {} were given",
                            args.len()
                        ),
                        span.clone(),
                    )
                })?;
                self.position_value(instance, position.value, span)
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
        self.stack.extend(args);
        self.enter(func, base, span)
    }

    /// Calls `func`, evaluating the arguments straight onto the value stack.
    fn call_with_nodes(
        &mut self,
        func: &Rc<Function>,
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
        Ok(self.enter(func, base, span)?)
    }

    /// Runs `func` on the arguments at `stack[base..]`, leaving the stack at `base`.
    fn enter(&mut self, func: &Rc<Function>, base: usize, span: &Span) -> EvalResult<Value> {
        let proto = &func.proto;
        let given = self.stack.len() - base;
        if given != proto.arity {
            self.stack.truncate(base);
            let plural = if proto.arity == 1 { "" } else { "s" };
            return Err(EvalError::new(
                format!(
                    "`{}` takes {} argument{plural}, but {given} were given",
                    func.name, proto.arity
                ),
                span.clone(),
            ));
        }
        if let Some(memo) = &func.memo {
            if let Some(v) = memo.borrow().get(&self.stack[base..]) {
                let v = v.clone();
                self.stack.truncate(base);
                return Ok(v);
            }
        }
        let key = func.memo.as_ref().map(|_| self.stack[base..].to_vec());
        if self.frames.len() >= MAX_CALL_DEPTH {
            self.stack.truncate(base);
            return Err(EvalError::new(
                format!("recursion deeper than {MAX_CALL_DEPTH} calls"),
                span.clone(),
            )
            .with_help("a function probably calls itself without end; check its base case"));
        }
        crate::core::check_interrupt();
        if let Err(e) = self.step(span) {
            self.stack.truncate(base);
            return Err(e);
        }
        self.stack.resize(base + proto.locals, Value::Nothing);
        self.frames.push(Frame {
            base,
            function: Some(func.clone()),
            source: None,
        });
        let result = self.eval(&proto.body);
        self.frames.pop();
        self.stack.truncate(base);
        let value = match result {
            Ok(v) | Err(Unwind::Return(v)) => v,
            Err(Unwind::Error(mut e)) => {
                if e.source.is_none() {
                    e.source = Some(proto.source.clone());
                }
                let caller = self.source();
                e.passed_through(&func.name, span.clone(), &caller);
                return Err(e);
            }
            Err(Unwind::Break | Unwind::Continue) => {
                return Err(EvalError::new(
                    "`break` or `continue` outside a loop",
                    span.clone(),
                ))
            }
        };
        if let (Some(memo), Some(key)) = (&func.memo, key) {
            memo.borrow_mut().insert(key, value.clone());
        }
        Ok(value)
    }
}

/// Writes a line to standard output. When the reader has gone (`cg script | head`), there is no
/// one left to tell: the program ends quietly, as command-line tools do, instead of panicking.
pub fn print_line(text: &str) {
    use std::io::Write;
    let written = crate::progress::suspended(|| writeln!(std::io::stdout().lock(), "{text}"));
    if written.is_err() {
        std::process::exit(0);
    }
}

/// Arithmetic and comparison of two machine integers, when the result needs nothing more
/// (no overflow, no fraction); `None` sends the operation down the general path.
#[inline]
fn small_arithmetic(op: BinaryOp, x: i64, y: i64) -> Option<Value> {
    Some(match op {
        BinaryOp::Add => Value::int(x.checked_add(y)?),
        BinaryOp::Sub => Value::int(x.checked_sub(y)?),
        BinaryOp::Mul => Value::int(x.checked_mul(y)?),
        BinaryOp::Lt => Value::Bool(x < y),
        BinaryOp::Le => Value::Bool(x <= y),
        BinaryOp::Gt => Value::Bool(x > y),
        BinaryOp::Ge => Value::Bool(x >= y),
        BinaryOp::Eq => Value::Bool(x == y),
        BinaryOp::Ne => Value::Bool(x != y),
        _ => return None,
    })
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
    match v {
        Value::Tuple(items) | Value::List(items) => format!("{} values", items.len()),
        other => other.kind().to_string(),
    }
}
