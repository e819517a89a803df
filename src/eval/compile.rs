//! Resolution: from the syntax tree to the slot-addressed program of `ir`. Every name is looked
//! up once here (innermost block first, then the enclosing functions, whose values a closure
//! captures, then the globals, then the builtins); literals are evaluated once; constant
//! subexpressions are folded.

use std::rc::Rc;

use ahash::AHashMap;

use crate::core::Game;
use crate::syntax::ast::{
    BinaryOp, Body, Clause, CollectionKind, Expr, ExprKind, Ident, Pattern, RulesetDecl, Span,
    Stmt, StmtKind,
};

use super::builtins;
use super::error::{EvalError, EvalResult};
use super::function::Proto;
use super::heap::HeapGame;
use super::ir::{Binder, ExplicitNode, IrClause, LoopyForm, LoopyOption, Node, Op, Slot, Spread};
use super::ops;
use super::source::Source;
use super::value::Value;

/// The global variables: a slot per name, `None` while a name is only referred to (a function
/// may call one defined later).
#[derive(Default)]
pub struct Globals {
    pub names: AHashMap<String, u32>,
    pub values: Vec<Option<Value>>,
    pub spellings: Vec<String>,
    /// Bound by a `let` or `def` compiled so far (possibly not yet run): such a name refers to
    /// the global even before it has a value, rather than to a builtin of the same name.
    pub declared: Vec<bool>,
}

impl Globals {
    pub fn slot(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.names.get(name) {
            return i;
        }
        let i = self.values.len() as u32;
        self.names.insert(name.to_string(), i);
        self.values.push(None);
        self.spellings.push(name.to_string());
        self.declared.push(false);
        i
    }

    pub fn define(&mut self, name: &str, value: Value) {
        let i = self.slot(name);
        self.values[i as usize] = Some(value);
    }

    /// The defined global names whose values are rulesets, in alphabetical order.
    pub fn ruleset_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .spellings
            .iter()
            .zip(&self.values)
            .filter(|(_, v)| matches!(v, Some(Value::RulesetDef(_) | Value::Ruleset(_))))
            .map(|(n, _)| n.as_str())
            .collect();
        names.sort_unstable();
        names
    }

    /// The defined global name closest to `name`, for "did you mean".
    pub fn defined_names(&self) -> impl Iterator<Item = &str> {
        self.spellings
            .iter()
            .zip(&self.values)
            .filter(|(_, v)| v.is_some())
            .map(|(n, _)| n.as_str())
    }
}

/// How a program's top-level expression statements are treated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Print each value not silenced by `;` (scripts and the interactive session).
    Echo,
    /// Print nothing; the value of the last statement is the result (`cg -e`).
    LastValue,
    /// Print nothing (`load`, the standard library).
    Quiet,
}

/// A compiled top-level program.
pub struct Chunk {
    /// The statements, then the value of the last one in `Mode::LastValue`, as register code
    /// over the program's own locals (loop variables, comprehension variables).
    pub code: super::bytecode::Code,
    pub source: Rc<Source>,
}

struct FunctionScope {
    /// Lexical blocks, innermost last. In the top-level program, block 0 is the global scope.
    blocks: Vec<AHashMap<String, u32>>,
    locals: u32,
    /// The nodes, valid in the enclosing function, whose values a closure of this one captures.
    captures: Vec<Node>,
    capture_index: AHashMap<String, u32>,
    self_name: Option<String>,
    loops: u32,
    is_top: bool,
}

impl FunctionScope {
    fn new(is_top: bool, self_name: Option<String>) -> FunctionScope {
        FunctionScope {
            blocks: vec![AHashMap::new()],
            locals: 0,
            captures: Vec::new(),
            capture_index: AHashMap::new(),
            self_name,
            loops: 0,
            is_top,
        }
    }

    fn at_global_level(&self) -> bool {
        self.is_top && self.blocks.len() == 1
    }

    /// A slot no name refers to, for a value the compiler keeps between two operations.
    fn new_temp(&mut self) -> u32 {
        self.locals += 1;
        self.locals - 1
    }

    fn new_local(&mut self, name: &str) -> u32 {
        let slot = self.locals;
        self.locals += 1;
        self.blocks
            .last_mut()
            .expect("a scope has a block")
            .insert(name.to_string(), slot);
        slot
    }
}

pub struct Compiler<'g> {
    globals: &'g mut Globals,
    source: Rc<Source>,
    functions: Vec<FunctionScope>,
    /// How many comprehensions enclose the code being compiled.
    comprehensions: u32,
}

impl<'g> Compiler<'g> {
    pub fn new(globals: &'g mut Globals, source: Rc<Source>) -> Compiler<'g> {
        Compiler {
            globals,
            source,
            functions: vec![FunctionScope::new(true, None)],
            comprehensions: 0,
        }
    }

    /// Compiles a whole program.
    pub fn program(mut self, stmts: &[Stmt], mode: Mode) -> EvalResult<Chunk> {
        let mut ops = Vec::with_capacity(stmts.len());
        let mut result = None;
        for (i, stmt) in stmts.iter().enumerate() {
            let last = i + 1 == stmts.len();
            match &stmt.kind {
                StmtKind::Expr { expr, silent } => {
                    let node = self.expr(expr)?;
                    match mode {
                        Mode::LastValue if last => result = Some(node),
                        Mode::Echo if !silent => ops.push(Op::Echo(node)),
                        _ => ops.push(Op::Eval(node)),
                    }
                }
                _ => ops.push(self.stmt(stmt)?),
            }
        }
        let top = self.functions.pop().expect("the top-level scope");
        let code = super::lower::program(&ops, result.as_ref(), top.locals as usize);
        Ok(Chunk {
            code,
            source: self.source,
        })
    }

    fn scope(&mut self) -> &mut FunctionScope {
        self.functions.last_mut().expect("a function scope")
    }

    // ----- Names --------------------------------------------------------------------------

    /// The node reading `name` in the innermost function.
    fn resolve(&mut self, name: &str, span: &Span) -> Node {
        let depth = self.functions.len() - 1;
        if let Some(node) = self.resolve_in(depth, name, span) {
            return node;
        }
        if let Some(b) = builtins::lookup(name) {
            return Node::Const(Value::Builtin(b));
        }
        if let Some(value) = builtins::constant(name) {
            return Node::Const(value);
        }
        Node::Load(Slot::Global(self.globals.slot(name)), span.clone())
    }

    /// The node reading `name` in function `depth` of the stack, capturing it from enclosing
    /// functions as needed; `None` when it is neither a local anywhere nor a global.
    fn resolve_in(&mut self, depth: usize, name: &str, span: &Span) -> Option<Node> {
        let scope = &self.functions[depth];
        let first_block = usize::from(scope.is_top);
        for block in scope.blocks[first_block..].iter().rev() {
            if let Some(&slot) = block.get(name) {
                return Some(Node::Load(Slot::Local(slot), span.clone()));
            }
        }
        if scope.self_name.as_deref() == Some(name) {
            return Some(Node::SelfRef);
        }
        if let Some(&i) = scope.capture_index.get(name) {
            return Some(Node::Capture(i));
        }
        if depth == 0 {
            let &i = self.globals.names.get(name)?;
            let known =
                self.globals.declared[i as usize] || self.globals.values[i as usize].is_some();
            return known.then(|| Node::Load(Slot::Global(i), span.clone()));
        }
        let outer = self.resolve_in(depth - 1, name, span)?;
        if matches!(outer, Node::Load(Slot::Global(_), _)) {
            return Some(outer);
        }
        let scope = &mut self.functions[depth];
        let i = scope.captures.len() as u32;
        scope.captures.push(outer);
        scope.capture_index.insert(name.to_string(), i);
        Some(Node::Capture(i))
    }

    /// Where `let` puts a new variable `name`.
    fn declare(&mut self, name: &str) -> Slot {
        if self.scope().at_global_level() {
            let i = self.globals.slot(name);
            self.globals.declared[i as usize] = true;
            Slot::Global(i)
        } else {
            Slot::Local(self.scope().new_local(name))
        }
    }

    fn binder(&mut self, pattern: &Pattern) -> Binder {
        match pattern {
            Pattern::Name(id) => Binder::Slot(self.declare(&id.name)),
            Pattern::Tuple(items, span) => {
                Binder::Tuple(items.iter().map(|p| self.binder(p)).collect(), span.clone())
            }
        }
    }

    /// The slot an assignment `name = ...` writes.
    fn assignable(&mut self, id: &Ident) -> EvalResult<Slot> {
        let depth = self.functions.len() - 1;
        let scope = &self.functions[depth];
        let first_block = usize::from(scope.is_top);
        for block in scope.blocks[first_block..].iter().rev() {
            if let Some(&slot) = block.get(&id.name) {
                return Ok(Slot::Local(slot));
            }
        }
        let captured = (0..depth).rev().any(|d| {
            let s = &self.functions[d];
            let first = usize::from(s.is_top);
            s.blocks[first..].iter().any(|b| b.contains_key(&id.name))
        });
        if captured || scope.self_name.as_deref() == Some(&id.name) {
            return Err(EvalError::new(
                format!(
                    "cannot assign to `{}`, a variable of an enclosing function",
                    id.name
                ),
                id.span.clone(),
            )
            .with_help(
                "a function keeps copies of the variables around it; return a value instead",
            ));
        }
        match self.globals.names.get(&id.name) {
            Some(&i)
                if self.globals.values[i as usize].is_some()
                    || self.globals.declared[i as usize] =>
            {
                Ok(Slot::Global(i))
            }
            _ => Err(
                EvalError::new(format!("unknown name `{}`", id.name), id.span.clone())
                    .with_help(format!("introduce it first with `let {} = ...`", id.name)),
            ),
        }
    }

    // ----- Statements ---------------------------------------------------------------------

    fn block(&mut self, stmts: &[Stmt]) -> EvalResult<Vec<Op>> {
        stmts.iter().map(|s| self.stmt(s)).collect()
    }

    /// A block whose value is that of its last statement, in a scope of its own.
    fn valued_block(&mut self, stmts: &[Stmt]) -> EvalResult<Node> {
        self.scope().blocks.push(AHashMap::new());
        let result = self.valued_block_inner(stmts);
        self.scope().blocks.pop();
        result
    }

    fn valued_block_inner(&mut self, stmts: &[Stmt]) -> EvalResult<Node> {
        let (last, init) = match stmts.split_last() {
            Some((last, init)) => (Some(last), init),
            None => (None, stmts),
        };
        let mut ops = self.block(init)?;
        let mut result = None;
        if let Some(last) = last {
            match &last.kind {
                StmtKind::Expr { expr, .. } => result = Some(Box::new(self.expr(expr)?)),
                _ => ops.push(self.stmt(last)?),
            }
        }
        Ok(Node::Block { ops, result })
    }

    fn stmt(&mut self, stmt: &Stmt) -> EvalResult<Op> {
        let span = stmt.span.clone();
        Ok(match &stmt.kind {
            StmtKind::Expr { expr, .. } => Op::Eval(self.expr(expr)?),
            StmtKind::Let { pattern, value } => {
                let value = self.expr(value)?;
                Op::Bind(self.binder(pattern), value)
            }
            StmtKind::Assign { target, value } => self.assign(target, value, span)?,
            StmtKind::Def {
                name,
                params,
                body,
                memo,
            } => {
                // The name is bound before the body is compiled, so that a global function
                // can call itself and later functions; a local one refers to itself directly.
                let slot = self.declare(&name.name);
                let closure = self.function(&name.name, params, body, *memo, span)?;
                Op::Bind(Binder::Slot(slot), closure)
            }
            StmtKind::For {
                pattern,
                iterable,
                body,
            } => {
                let iterable = self.expr(iterable)?;
                self.scope().blocks.push(AHashMap::new());
                let binder = match pattern {
                    Pattern::Name(id) => {
                        Binder::Slot(Slot::Local(self.scope().new_local(&id.name)))
                    }
                    _ => self.local_binder(pattern),
                };
                self.scope().loops += 1;
                let body = self.block(body);
                self.scope().loops -= 1;
                self.scope().blocks.pop();
                Op::For {
                    binder,
                    iterable,
                    body: body?,
                    span,
                }
            }
            StmtKind::While { condition, body } => {
                let condition = (self.expr(condition)?, condition.span.clone());
                self.scope().blocks.push(AHashMap::new());
                self.scope().loops += 1;
                let body = self.block(body);
                self.scope().loops -= 1;
                self.scope().blocks.pop();
                Op::While {
                    condition,
                    body: body?,
                }
            }
            StmtKind::Break | StmtKind::Continue => {
                if self.scope().loops == 0 {
                    let word = if matches!(stmt.kind, StmtKind::Break) {
                        "break"
                    } else {
                        "continue"
                    };
                    return Err(EvalError::new(format!("`{word}` outside a loop"), span));
                }
                if matches!(stmt.kind, StmtKind::Break) {
                    Op::Break
                } else {
                    Op::Continue
                }
            }
            StmtKind::Return(value) => {
                if self.scope().is_top {
                    return Err(EvalError::new("`return` outside a function", span));
                }
                Op::Return(value.as_ref().map(|v| self.expr(v)).transpose()?)
            }
            StmtKind::Ruleset(decl) => {
                let slot = self.declare(&decl.name.name);
                let node = self.ruleset(decl)?;
                Op::Bind(Binder::Slot(slot), node)
            }
            StmtKind::Load(path) => {
                if !self.scope().at_global_level() {
                    return Err(EvalError::new(
                        "`load` belongs at the top level of a script",
                        span,
                    ));
                }
                Op::Load {
                    path: path.clone(),
                    span,
                }
            }
        })
    }

    /// A binder whose names are all new locals (loop and comprehension variables).
    fn local_binder(&mut self, pattern: &Pattern) -> Binder {
        match pattern {
            Pattern::Name(id) => Binder::Slot(Slot::Local(self.scope().new_local(&id.name))),
            Pattern::Tuple(items, span) => Binder::Tuple(
                items.iter().map(|p| self.local_binder(p)).collect(),
                span.clone(),
            ),
        }
    }

    fn assign(&mut self, target: &Expr, value: &Expr, span: Span) -> EvalResult<Op> {
        let value = self.expr(value)?;
        let mut path = Vec::new();
        let mut base = target;
        while let ExprKind::Index { target, index } = &base.kind {
            path.push((self.expr(index)?, index.span.clone()));
            base = target;
        }
        path.reverse();
        let ExprKind::Name(name) = &base.kind else {
            return Err(EvalError::new("cannot assign to this", target.span.clone()));
        };
        let slot = self.assignable(&Ident {
            name: name.clone(),
            span: base.span.clone(),
        })?;
        Ok(if path.is_empty() {
            accumulation(slot, value)
        } else {
            Op::SetIndex {
                slot,
                path,
                value,
                span,
            }
        })
    }

    /// Each rule of a ruleset becomes a function of (the ruleset's parameters..., position).
    fn ruleset(&mut self, decl: &RulesetDecl) -> EvalResult<Node> {
        let params = decl.params.clone().unwrap_or_default();
        let mut rules = Vec::with_capacity(decl.rules.len());
        for rule in &decl.rules {
            let position = Ident {
                name: "$position".to_string(),
                span: rule.pattern.span(),
            };
            let mut all = params.clone();
            all.push(position.clone());
            let bind = Stmt {
                kind: StmtKind::Let {
                    pattern: rule.pattern.clone(),
                    value: Expr {
                        kind: ExprKind::Name(position.name.clone()),
                        span: position.span.clone(),
                    },
                },
                span: rule.pattern.span(),
            };
            let result = Stmt {
                kind: StmtKind::Expr {
                    expr: rule.body.clone(),
                    silent: false,
                },
                span: rule.body.span.clone(),
            };
            let body = Body::Block(vec![bind, result]);
            let name = format!("{}.{}", decl.name.name, rule.kind.name);
            let closure = self.function(&name, &all, &body, false, rule.body.span.clone())?;
            rules.push((rule.kind.name.clone(), closure));
        }
        Ok(Node::Ruleset {
            name: decl.name.name.clone(),
            arity: decl.params.as_ref().map(Vec::len),
            impartial: decl.impartial,
            rules,
        })
    }

    /// A function (named or lambda) as a closure node.
    fn function(
        &mut self,
        name: &str,
        params: &[Ident],
        body: &Body,
        memo: bool,
        span: Span,
    ) -> EvalResult<Node> {
        let self_name = (name != "<lambda>").then(|| name.to_string());
        let mut scope = FunctionScope::new(false, self_name);
        for p in params {
            if scope.blocks[0].contains_key(&p.name) {
                return Err(EvalError::new(
                    format!("the parameter `{}` appears twice", p.name),
                    p.span.clone(),
                ));
            }
            scope.new_local(&p.name);
        }
        self.functions.push(scope);
        let compiled = match body {
            Body::Expr(e) => self.expr(e),
            Body::Block(stmts) => self.valued_block_inner(stmts),
        };
        let scope = self.functions.pop().expect("the function's scope");
        let body = compiled?;
        let proto = Proto {
            name: name.to_string(),
            arity: params.len(),
            locals: scope.locals as usize,
            code: super::lower::function(&body, scope.locals as usize),
            body,
            source: self.source.clone(),
            span,
            memo,
        };
        Ok(Node::Closure {
            proto: Rc::new(proto),
            captures: scope.captures,
        })
    }

    // ----- Expressions --------------------------------------------------------------------

    pub fn expr(&mut self, e: &Expr) -> EvalResult<Node> {
        let span = e.span.clone();
        Ok(match &e.kind {
            ExprKind::Nus(lit) => Node::Const(ops::eval_literal(lit, span)?),
            ExprKind::Str(s) => Node::Const(Value::str(s)),
            ExprKind::Misere(text) => Node::Const(super::misere::literal(text, span)?),
            ExprKind::LoopyNimber(text) => Node::Const(super::loopy::nimber_literal(text, span)?),
            ExprKind::Heap {
                family,
                code,
                versus,
            } => {
                let game =
                    HeapGame::new(&family.name, &code.0, versus.as_ref().map(|v| v.0.as_str()));
                match game {
                    Ok(g) => Node::Const(Value::Heap(std::rc::Rc::new(g))),
                    Err((e, second)) => {
                        let operand = if second {
                            versus.as_ref().map_or(&code.1, |v| &v.1)
                        } else {
                            &code.1
                        };
                        return Err(EvalError::new(
                            format!("bad {} code: {}", family.name, e.message),
                            operand.clone(),
                        )
                        .with_help(super::heap::code_help(&family.name)));
                    }
                }
            }
            ExprKind::Explicit(inner) => Node::Explicit(Box::new(self.explicit(inner)?)),
            ExprKind::Name(name) => self.resolve(name, &span),
            ExprKind::Call { callee, args } => {
                let args = self.spanned_all(args)?;
                match self.expr(callee)? {
                    Node::Const(Value::Builtin(builtin)) => Node::CallBuiltin {
                        builtin,
                        args,
                        span,
                    },
                    callee => Node::Call {
                        callee: Box::new(callee),
                        args,
                        span,
                    },
                }
            }
            ExprKind::Labelled { .. } => {
                Node::Loopy(Box::new(self.loopy_form(e, &mut Vec::new())?), span)
            }
            ExprKind::Game { .. } if is_loopy_form(e) => {
                Node::Loopy(Box::new(self.loopy_form(e, &mut Vec::new())?), span)
            }
            ExprKind::Game { left, right } => {
                let left = self.spanned_all(left)?;
                let right = self.spanned_all(right)?;
                fold_game(&left, &right).unwrap_or(Node::Game { left, right })
            }
            ExprKind::Set(items) => Node::Set(self.all(items)?),
            ExprKind::List(items) => {
                let items = self.all(items)?;
                fold_sequence(&items, Value::list).unwrap_or(Node::List(items))
            }
            ExprKind::Tuple(items) => {
                let items = self.all(items)?;
                fold_sequence(&items, Value::tuple).unwrap_or(Node::Tuple(items))
            }
            ExprKind::Map(entries) => Node::Map(
                entries
                    .iter()
                    .map(|(k, v)| Ok((self.expr(k)?, self.expr(v)?)))
                    .collect::<EvalResult<_>>()?,
            ),
            ExprKind::Range {
                start,
                end,
                inclusive,
            } => Node::Range {
                start: Box::new(self.spanned(start)?),
                end: Box::new(self.spanned(end)?),
                inclusive: *inclusive,
            },
            ExprKind::Index { target, index } => Node::Index {
                target: Box::new(self.expr(target)?),
                index: Box::new(self.spanned(index)?),
                span,
            },
            ExprKind::Unary { op, operand } => {
                let node = self.expr(operand)?;
                if let Node::Const(v) = &node {
                    if let Ok(folded) =
                        ops::unary(*op, v.clone(), operand.span.clone(), span.clone())
                    {
                        return Ok(Node::Const(folded));
                    }
                }
                Node::Unary {
                    op: *op,
                    operand: Box::new(node),
                    operand_span: operand.span.clone(),
                    span,
                }
            }
            ExprKind::Binary { .. } => self.chain(e)?,
            ExprKind::Lambda { params, body } => {
                let body = Body::Expr(body.clone());
                self.function("<lambda>", params, &body, false, span)?
            }
            ExprKind::If {
                branches,
                otherwise,
            } => {
                let mut compiled = Vec::with_capacity(branches.len());
                for (condition, body) in branches {
                    compiled.push((self.spanned(condition)?, self.body(body)?));
                }
                let otherwise = otherwise
                    .as_ref()
                    .map(|b| self.body(b))
                    .transpose()?
                    .map(Box::new);
                Node::If {
                    branches: compiled,
                    otherwise,
                }
            }
            ExprKind::Comprehension {
                kind,
                element,
                clauses,
            } => {
                self.comprehensions += 1;
                self.scope().blocks.push(AHashMap::new());
                let result = self.comprehension(element, clauses);
                self.scope().blocks.pop();
                self.comprehensions -= 1;
                let (compiled, compiled_clauses) = result?;
                // Only the outermost comprehension of a nest is spread (its inner ones run in
                // its calls), so a nest is compiled twice, not once per level.
                let spread = if self.comprehensions == 0 {
                    self.comprehensions += 1;
                    let spread = self.spread(element, clauses, &span);
                    self.comprehensions -= 1;
                    spread.map(Box::new)
                } else {
                    None
                };
                Node::Comprehension {
                    kind: *kind,
                    element: Box::new(compiled),
                    clauses: compiled_clauses,
                    spread,
                }
            }
        })
    }

    /// The parts of a quoted game: brace forms are kept, other expressions evaluated.
    /// A loopy brace form: `labels` holds the label of each enclosing form (outermost first).
    fn loopy_form(&mut self, e: &Expr, labels: &mut Vec<Option<String>>) -> EvalResult<LoopyForm> {
        let (label, game) = match &e.kind {
            ExprKind::Labelled { label, game } => (Some(label.name.clone()), game.as_ref()),
            _ => (None, e),
        };
        let ExprKind::Game { left, right } = &game.kind else {
            unreachable!("the parser puts a game after a label")
        };
        labels.push(label);
        let mut sides = [Vec::new(), Vec::new()];
        for (list, options) in [left, right].into_iter().zip(&mut sides) {
            for o in list {
                options.push(self.loopy_option(o, labels)?);
            }
        }
        labels.pop();
        let [left, right] = sides;
        Ok(LoopyForm { left, right })
    }

    fn loopy_option(
        &mut self,
        o: &Expr,
        labels: &mut Vec<Option<String>>,
    ) -> EvalResult<LoopyOption> {
        Ok(match &o.kind {
            ExprKind::Name(n) if n == "pass" => LoopyOption::Pass,
            ExprKind::Name(n) if labels.iter().any(|l| l.as_deref() == Some(n)) => {
                let depth = labels.iter().rposition(|l| l.as_deref() == Some(n));
                LoopyOption::Label(depth.expect("found above"))
            }
            ExprKind::Game { .. } | ExprKind::Labelled { .. } => {
                LoopyOption::Form(self.loopy_form(o, labels)?)
            }
            _ => LoopyOption::Value(self.expr(o)?, o.span.clone()),
        })
    }

    fn explicit(&mut self, e: &Expr) -> EvalResult<ExplicitNode> {
        Ok(match &e.kind {
            ExprKind::Game { left, right } => ExplicitNode::Form {
                left: left
                    .iter()
                    .map(|o| self.explicit(o))
                    .collect::<EvalResult<_>>()?,
                right: right
                    .iter()
                    .map(|o| self.explicit(o))
                    .collect::<EvalResult<_>>()?,
            },
            ExprKind::Explicit(inner) => self.explicit(inner)?,
            // A brace without a bar inside quotes is an impartial form: the same options for
            // both players, `'{*2, 0}'`.
            ExprKind::Set(options) => ExplicitNode::Form {
                left: options
                    .iter()
                    .map(|o| self.explicit(o))
                    .collect::<EvalResult<_>>()?,
                right: options
                    .iter()
                    .map(|o| self.explicit(o))
                    .collect::<EvalResult<_>>()?,
            },
            _ => ExplicitNode::Value(self.expr(e)?, e.span.clone()),
        })
    }

    /// A comprehension whose first clause is a loop, as a function of that loop's element
    /// (see [`Spread`]); `None` when it has no such clause, or when its code cannot be a
    /// function's (it breaks out of an enclosing loop, or assigns an enclosing variable).
    fn spread(&mut self, element: &Expr, clauses: &[Clause], span: &Span) -> Option<Spread> {
        let (Clause::For { pattern, .. }, rest) = clauses.split_first()? else {
            return None;
        };
        let list_of = |element: &Expr, clauses: Vec<Clause>| Expr {
            kind: ExprKind::Comprehension {
                kind: CollectionKind::List,
                element: Box::new(element.clone()),
                clauses,
            },
            span: span.clone(),
        };
        let (param, body, flatten) = match pattern {
            Pattern::Name(id) if rest.is_empty() => (id.clone(), element.clone(), false),
            Pattern::Name(id) => (id.clone(), list_of(element, rest.to_vec()), true),
            Pattern::Tuple(..) => {
                // Not a name a program can write, so it hides none of the program's.
                let item = Ident {
                    name: "<element>".to_string(),
                    span: span.clone(),
                };
                let one = Expr {
                    kind: ExprKind::List(vec![Expr {
                        kind: ExprKind::Name(item.name.clone()),
                        span: span.clone(),
                    }]),
                    span: span.clone(),
                };
                let mut all = vec![Clause::For {
                    pattern: pattern.clone(),
                    iterable: one,
                }];
                all.extend(rest.iter().cloned());
                (item, list_of(element, all), true)
            }
        };
        let closure = self
            .function(
                "<comprehension>",
                &[param],
                &Body::Expr(Box::new(body)),
                false,
                span.clone(),
            )
            .ok()?;
        Some(Spread { closure, flatten })
    }

    fn comprehension(
        &mut self,
        element: &Expr,
        clauses: &[Clause],
    ) -> EvalResult<(Node, Vec<IrClause>)> {
        let mut compiled = Vec::with_capacity(clauses.len());
        for clause in clauses {
            compiled.push(match clause {
                Clause::For { pattern, iterable } => {
                    let span = iterable.span.clone();
                    let iterable = self.expr(iterable)?;
                    IrClause::For {
                        binder: self.local_binder(pattern),
                        iterable,
                        span,
                    }
                }
                Clause::If(condition) => {
                    IrClause::If(self.expr(condition)?, condition.span.clone())
                }
            });
        }
        Ok((self.expr(element)?, compiled))
    }

    /// A chain `a + b * c - d` (any left-leaning binary operators), compiled link by link in a
    /// loop. Constant prefixes are folded. A long chain is cut every [`CHAIN_SPILL`] links into
    /// a temporary slot, so the node trees that later passes walk recursively stay shallow
    /// whatever the chain's length (a sum of 100,000 terms).
    fn chain(&mut self, e: &Expr) -> EvalResult<Node> {
        let (first, links) = e.left_chain();
        let mut acc = self.spanned(first)?;
        let mut spilled: Option<(Slot, Vec<Op>)> = None;
        let mut nesting = 0;
        for (op, rhs, span) in links {
            if nesting == CHAIN_SPILL {
                let (slot, ops) = match spilled.as_mut() {
                    Some((slot, ops)) => (*slot, ops),
                    None => {
                        let slot = Slot::Local(self.scope().new_temp());
                        (slot, &mut spilled.insert((slot, Vec::new())).1)
                    }
                };
                let span = acc.1.clone();
                ops.push(Op::Bind(Binder::Slot(slot), acc.0));
                acc = (Node::Load(slot, span.clone()), span);
                nesting = 0;
            }
            let rhs = self.spanned(rhs)?;
            acc = (link(op, acc, rhs, span.clone()), span.clone());
            nesting = if matches!(acc.0, Node::Const(_)) {
                0
            } else {
                nesting + 1
            };
        }
        Ok(match spilled {
            None => acc.0,
            Some((_, ops)) => Node::Block {
                ops,
                result: Some(Box::new(acc.0)),
            },
        })
    }

    fn body(&mut self, body: &Body) -> EvalResult<Node> {
        match body {
            Body::Expr(e) => self.expr(e),
            Body::Block(stmts) => self.valued_block(stmts),
        }
    }

    fn spanned(&mut self, e: &Expr) -> EvalResult<(Node, Span)> {
        Ok((self.expr(e)?, e.span.clone()))
    }

    fn spanned_all(&mut self, items: &[Expr]) -> EvalResult<Vec<(Node, Span)>> {
        items.iter().map(|e| self.spanned(e)).collect()
    }

    fn all(&mut self, items: &[Expr]) -> EvalResult<Vec<Node>> {
        items.iter().map(|e| self.expr(e)).collect()
    }
}

/// How many links of a chain the compiler nests before it stores the value so far in a
/// temporary slot (see `Compiler::chain`).
const CHAIN_SPILL: usize = 64;

/// One link of a chain: `lhs op rhs`, folded when both sides are constants and the operation
/// succeeds (a failing one is left for run time, which reports it at its span).
fn link(op: BinaryOp, lhs: (Node, Span), rhs: (Node, Span), span: Span) -> Node {
    match op {
        BinaryOp::And => Node::And(Box::new(lhs), Box::new(rhs)),
        BinaryOp::Or => Node::Or(Box::new(lhs), Box::new(rhs)),
        _ => {
            if let (Node::Const(a), Node::Const(b)) = (&lhs.0, &rhs.0) {
                let folded = ops::binary(
                    op,
                    (a.clone(), lhs.1.clone()),
                    (b.clone(), rhs.1.clone()),
                    span.clone(),
                );
                if let Ok(v) = folded {
                    return Node::Const(v);
                }
            }
            Node::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
                span,
            }
        }
    }
}

/// `x = x + e` (or `- e`) with a simple `e` becomes an in-place update; anything else a plain
/// assignment.
fn accumulation(slot: Slot, value: Node) -> Op {
    match value {
        Node::Binary {
            op: op @ (BinaryOp::Add | BinaryOp::Sub),
            lhs,
            rhs,
            span,
        } if matches!(lhs.0, Node::Load(s, _) if s == slot) && is_simple(&rhs.0) => {
            let (lhs, rhs) = (*lhs, *rhs);
            Op::Accumulate {
                slot,
                value: rhs.0,
                subtract: op == BinaryOp::Sub,
                spans: Box::new((lhs.1, rhs.1, span)),
            }
        }
        value => Op::Bind(Binder::Slot(slot), value),
    }
}

/// True for an expression that calls nothing, so evaluating it cannot change a variable.
fn is_simple(node: &Node) -> bool {
    match node {
        Node::Const(_) | Node::Load(..) | Node::Capture(_) => true,
        Node::Binary { lhs, rhs, .. } => is_simple(&lhs.0) && is_simple(&rhs.0),
        Node::Unary { operand, .. } => is_simple(operand),
        Node::Index { target, index, .. } => is_simple(target) && is_simple(&index.0),
        _ => false,
    }
}

/// A game literal whose options are all constants is computed once, here.
/// Whether a brace form is loopy: some option, at any depth of braces, is `pass` or labelled.
fn is_loopy_form(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Labelled { .. } => true,
        ExprKind::Game { left, right } => left
            .iter()
            .chain(right)
            .any(|o| matches!(&o.kind, ExprKind::Name(n) if n == "pass") || is_loopy_form(o)),
        _ => false,
    }
}

/// A list or tuple whose elements are all constants, made once: `for s in [1, 2]` or the
/// four directions `[(1, 1), (1, -1), (-1, 1), (-1, -1)]` of a rule were otherwise built
/// (and freed) at every run of the loop around them. Sharing the value is safe, as every
/// update of a list copies a shared one first (`Rc::make_mut`).
fn fold_sequence(items: &[Node], make: fn(Vec<Value>) -> Value) -> Option<Node> {
    let values = items
        .iter()
        .map(|n| match n {
            Node::Const(v) => Some(v.clone()),
            _ => None,
        })
        .collect::<Option<Vec<Value>>>()?;
    Some(Node::Const(make(values)))
}

fn fold_game(left: &[(Node, Span)], right: &[(Node, Span)]) -> Option<Node> {
    let games = |options: &[(Node, Span)]| -> Option<Vec<Game>> {
        options
            .iter()
            .map(|(n, _)| match n {
                Node::Const(v) => v.to_game(),
                _ => None,
            })
            .collect()
    };
    let (l, r) = (games(left)?, games(right)?);
    // A game too large to fold is left for run time, which reports it at its span.
    let g = crate::core::catch_refusal(|| Game::from_options(&l, &r)).ok()?;
    Some(Node::Const(Value::from_game(g)))
}
