//! Functions of the language carried to helper threads: a rule written as a cg function
//! (`left g = clobbers(g, "x", "o")`) or the function of `map(f, xs)` (see
//! `docs/parallel.md`, "Rules written as cg functions").
//!
//! The `Carrier` turns a function into plain data (`PortableFunction`): its proto's tree
//! (`eval::portable_code`), its captured values, and, found by walking that tree and the trees
//! of every function it names, the values of the globals the code reads. A helper defines those
//! globals in its own interpreter, in the same slots, and rebuilds the function, which then
//! runs exactly as on the asking thread. Code that could make a value depend on which thread
//! ran it is refused (the carrier gives `None` and the work stays on one thread): code that
//! assigns a global (another thread would not see it), a global without a value, output and
//! other effects on the session (`print`, `plot`, the store, shards), and values without a
//! plain form (an instance of another ruleset, a heap game, ...). A `memo def` gets an empty
//! table on each thread: an entry is a pure function of its arguments.

use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use ahash::AHashMap;

use super::builtins::Builtin;
use super::compile::Globals;
use super::function::{Function, Proto};
use super::interp::Interpreter;
use super::ir::{Binder, IrClause, Node, Op, Slot};
use super::parallel::{Portable, PortableRuleset};
use super::portable::PortableInstance;
use super::portable_code::{
    PortableClause, PortableNode, PortableOp, PortableProto, PortableSource,
};
use super::ruleset::RulesetInstance;
use super::value::Value;
use crate::syntax::ast::Span;

/// Builtins whose effect is on the session rather than in their value, or whose value is the
/// session's state (the tables' sizes): a function calling them stays on the asking thread,
/// which runs them in the order one thread would.
const SESSION_BUILTINS: &[&str] = &[
    "print",
    "plot",
    "cache_stats",
    "clear_cache",
    "store",
    "store_stats",
    "store_gc",
    "shard",
    "shard_map",
    "shard_index",
    "shard_count",
];

/// A function value as plain data.
#[derive(Debug)]
pub struct PortableFunction {
    pub name: String,
    pub proto: Arc<PortableProto>,
    pub captured: Vec<Portable>,
}

impl PortableFunction {
    /// The function again, on this thread, with an empty memo table if it has one.
    pub fn function(&self) -> Rc<Function> {
        let proto = self.proto.proto();
        let memo = proto.memo.then(|| std::cell::RefCell::new(AHashMap::new()));
        Rc::new(Function {
            name: self.name.clone(),
            proto,
            captured: self.captured.iter().map(Portable::value).collect(),
            memo,
        })
    }
}

/// The globals some carried code reads, by slot, as plain data.
#[derive(Debug, Default)]
pub struct PortableGlobals {
    values: Vec<(u32, Portable)>,
    /// The names of every slot, for the rare report a helper makes (never shown).
    spellings: Vec<String>,
}

impl PortableGlobals {
    /// A helper's interpreter, with these globals in their slots. It shows nothing (what the
    /// code carried does is met again by the asking thread), and it has a top-level frame, as a
    /// script's interpreter has, to which a failing function's call chain leads back.
    pub fn interpreter(&self) -> Interpreter {
        let mut interpreter = Interpreter::bare();
        interpreter.set_output(|_| {});
        self.define(&mut interpreter);
        let source = Rc::new(super::source::Source::new("<helper>", "", None));
        interpreter.push_frame(0, None, Some(source));
        interpreter
    }

    /// Defines the globals in `interpreter` (a helper's, built bare), in their slots.
    fn define(&self, interpreter: &mut Interpreter) {
        let globals = &mut interpreter.globals;
        let len = self.spellings.len().max(globals.values.len());
        globals.values.resize(len, None);
        globals.declared.resize(len, false);
        globals.spellings.clone_from(&self.spellings);
        for (slot, value) in &self.values {
            globals.values[*slot as usize] = Some(value.value());
        }
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// Turns functions and values into plain data, collecting the globals their code reads.
pub struct Carrier<'a> {
    globals: &'a [Option<Value>],
    spellings: &'a [String],
    /// The globals met so far: `None` while a global's own value is being carried (a function
    /// that names itself, or two that name each other).
    carried: BTreeMap<u32, Option<Portable>>,
    /// Sources already carried, by address, so that the protos of one file share one copy.
    sources: AHashMap<*const super::source::Source, Arc<PortableSource>>,
    /// For a function mapped on every core: the helpers' stop signal, given to the ruleset
    /// instances the code names, which are carried over their shared tables. Rules carried to
    /// help with one valuation (`eval::parallel`) take no ruleset.
    rulesets: Option<Arc<AtomicBool>>,
}

impl<'a> Carrier<'a> {
    /// A carrier reading the values of `globals`.
    pub fn new(globals: &'a Globals) -> Carrier<'a> {
        Carrier {
            globals: &globals.values,
            spellings: &globals.spellings,
            carried: BTreeMap::new(),
            sources: AHashMap::new(),
            rulesets: None,
        }
    }

    /// A carrier for a function mapped on every core (`eval::parallel_map`): the ruleset
    /// instances the code names travel too, sharing their tables, and stop on `stop`.
    pub fn for_map(globals: &'a Globals, stop: Arc<AtomicBool>) -> Carrier<'a> {
        Carrier {
            rulesets: Some(stop),
            ..Carrier::new(globals)
        }
    }

    /// The values of the globals, by slot, as the carrier reads them.
    pub fn global_values(&self) -> &'a [Option<Value>] {
        self.globals
    }

    /// The plain form of `v`, functions in it included, and ruleset instances if this
    /// carrier takes them (`for_map`).
    pub fn value(&mut self, v: &Value) -> Option<Portable> {
        Portable::carry(v, &mut |v| match v {
            Value::Function(f) => Some(Portable::Function(Arc::new(self.function(f)?))),
            Value::Ruleset(instance) => self.ruleset(instance),
            _ => None,
        })
    }

    /// A ruleset instance, carried with its shared table when this carrier takes rulesets.
    fn ruleset(&mut self, instance: &RulesetInstance) -> Option<Portable> {
        let stop = self.rulesets.clone()?;
        // A helper's copy of an instance (`eval::parallel`) is not carried further: a map on
        // a helper thread runs on that thread.
        if instance.helper.is_some() {
            return None;
        }
        let ruleset = PortableRuleset::of(instance, self)?;
        Some(Portable::Ruleset(Arc::new(PortableInstance {
            ruleset,
            shared: instance.table.borrow().shared(),
            stop,
        })))
    }

    /// The plain form of the function `f`.
    pub fn function(&mut self, f: &Function) -> Option<PortableFunction> {
        let proto = self.proto(&f.proto)?;
        let captured = f
            .captured
            .iter()
            .map(|v| self.value(v))
            .collect::<Option<Vec<_>>>()?;
        Some(PortableFunction {
            name: f.name.clone(),
            proto,
            captured,
        })
    }

    /// The globals read by everything carried so far.
    pub fn globals(self) -> Option<PortableGlobals> {
        let values = self
            .carried
            .into_iter()
            .map(|(slot, v)| Some((slot, v?)))
            .collect::<Option<Vec<_>>>()?;
        Some(PortableGlobals {
            values,
            spellings: self.spellings.to_vec(),
        })
    }

    fn proto(&mut self, p: &Proto) -> Option<Arc<PortableProto>> {
        let body = self.node(&p.body)?;
        let source = self
            .sources
            .entry(Rc::as_ptr(&p.source))
            .or_insert_with(|| Arc::new(PortableSource::of(&p.source)))
            .clone();
        Some(Arc::new(PortableProto {
            name: p.name.clone(),
            arity: p.arity,
            locals: p.locals,
            body,
            source,
            span: p.span.clone(),
            memo: p.memo,
        }))
    }

    /// Carries the value of global `slot`, once.
    fn global(&mut self, slot: u32) -> Option<()> {
        if self.carried.contains_key(&slot) {
            return Some(());
        }
        self.carried.insert(slot, None);
        let globals = self.globals;
        let value = globals.get(slot as usize)?.as_ref()?;
        let portable = self.value(value)?;
        self.carried.insert(slot, Some(portable));
        Some(())
    }

    /// A slot the code reads: a global is carried.
    fn read(&mut self, slot: Slot) -> Option<()> {
        match slot {
            Slot::Local(_) => Some(()),
            Slot::Global(g) => self.global(g),
        }
    }

    /// A binder the code assigns: a global is refused.
    fn binder(&self, binder: &Binder) -> Option<Binder> {
        match binder {
            Binder::Slot(Slot::Global(_)) => None,
            Binder::Slot(_) => Some(binder.clone()),
            Binder::Tuple(items, _) => {
                for b in items {
                    self.binder(b)?;
                }
                Some(binder.clone())
            }
        }
    }

    fn spanned(&mut self, (node, span): &(Node, Span)) -> Option<(PortableNode, Span)> {
        Some((self.node(node)?, span.clone()))
    }

    fn boxed(&mut self, item: &(Node, Span)) -> Option<Box<(PortableNode, Span)>> {
        self.spanned(item).map(Box::new)
    }

    fn all_spanned(&mut self, items: &[(Node, Span)]) -> Option<Vec<(PortableNode, Span)>> {
        items.iter().map(|item| self.spanned(item)).collect()
    }

    fn all(&mut self, items: &[Node]) -> Option<Vec<PortableNode>> {
        items.iter().map(|n| self.node(n)).collect()
    }

    fn all_ops(&mut self, ops: &[Op]) -> Option<Vec<PortableOp>> {
        ops.iter().map(|op| self.op(op)).collect()
    }

    fn builtin(&self, builtin: &'static Builtin) -> Option<&'static Builtin> {
        (!SESSION_BUILTINS.contains(&builtin.name)).then_some(builtin)
    }

    fn node(&mut self, node: &Node) -> Option<PortableNode> {
        use PortableNode as P;
        Some(match node {
            Node::Const(v) => P::Const(self.value(v)?),
            Node::Load(slot, span) => {
                self.read(*slot)?;
                P::Load(*slot, span.clone())
            }
            Node::Capture(i) => P::Capture(*i),
            Node::SelfRef => P::SelfRef,
            Node::Game { left, right } => P::Game {
                left: self.all_spanned(left)?,
                right: self.all_spanned(right)?,
            },
            Node::List(items) => P::List(self.all(items)?),
            Node::Set(items) => P::Set(self.all(items)?),
            Node::Tuple(items) => P::Tuple(self.all(items)?),
            Node::Map(pairs) => P::Map(
                pairs
                    .iter()
                    .map(|(k, v)| Some((self.node(k)?, self.node(v)?)))
                    .collect::<Option<_>>()?,
            ),
            Node::Range {
                start,
                end,
                inclusive,
            } => P::Range {
                start: self.boxed(start)?,
                end: self.boxed(end)?,
                inclusive: *inclusive,
            },
            Node::Unary {
                op,
                operand,
                operand_span,
                span,
            } => P::Unary {
                op: *op,
                operand: Box::new(self.node(operand)?),
                operand_span: operand_span.clone(),
                span: span.clone(),
            },
            Node::Binary { op, lhs, rhs, span } => P::Binary {
                op: *op,
                lhs: self.boxed(lhs)?,
                rhs: self.boxed(rhs)?,
                span: span.clone(),
            },
            Node::And(a, b) => P::And(self.boxed(a)?, self.boxed(b)?),
            Node::Or(a, b) => P::Or(self.boxed(a)?, self.boxed(b)?),
            Node::Index {
                target,
                index,
                span,
            } => P::Index {
                target: Box::new(self.node(target)?),
                index: self.boxed(index)?,
                span: span.clone(),
            },
            Node::Call { callee, args, span } => P::Call {
                callee: Box::new(self.node(callee)?),
                args: self.all_spanned(args)?,
                span: span.clone(),
            },
            Node::CallBuiltin {
                builtin,
                args,
                span,
            } => P::CallBuiltin {
                builtin: self.builtin(builtin)?,
                args: self.all_spanned(args)?,
                span: span.clone(),
            },
            Node::Closure { proto, captures } => P::Closure {
                proto: self.proto(proto)?,
                captures: self.all(captures)?,
            },
            Node::If {
                branches,
                otherwise,
            } => P::If {
                branches: branches
                    .iter()
                    .map(|(cond, then)| Some((self.spanned(cond)?, self.node(then)?)))
                    .collect::<Option<_>>()?,
                otherwise: match otherwise {
                    Some(n) => Some(Box::new(self.node(n)?)),
                    None => None,
                },
            },
            Node::Block { ops, result } => P::Block {
                ops: self.all_ops(ops)?,
                result: match result {
                    Some(n) => Some(Box::new(self.node(n)?)),
                    None => None,
                },
            },
            // A helper spreads nothing (`eval::parallel`, `InGroup`): the comprehension travels
            // without its function form.
            Node::Comprehension {
                kind,
                element,
                clauses,
                ..
            } => P::Comprehension {
                kind: *kind,
                element: Box::new(self.node(element)?),
                clauses: clauses
                    .iter()
                    .map(|c| self.clause(c))
                    .collect::<Option<_>>()?,
            },
            Node::Loopy(..) | Node::Explicit(_) | Node::Ruleset { .. } => return None,
        })
    }

    fn clause(&mut self, clause: &IrClause) -> Option<PortableClause> {
        Some(match clause {
            IrClause::For {
                binder,
                iterable,
                span,
            } => PortableClause::For {
                binder: self.binder(binder)?,
                iterable: self.node(iterable)?,
                span: span.clone(),
            },
            IrClause::If(cond, span) => PortableClause::If(self.node(cond)?, span.clone()),
        })
    }

    fn op(&mut self, op: &Op) -> Option<PortableOp> {
        use PortableOp as P;
        Some(match op {
            Op::Eval(n) => P::Eval(self.node(n)?),
            Op::Bind(binder, n) => P::Bind(self.binder(binder)?, self.node(n)?),
            Op::Accumulate {
                slot: Slot::Global(_),
                ..
            }
            | Op::SetIndex {
                slot: Slot::Global(_),
                ..
            } => return None,
            Op::Accumulate {
                slot,
                value,
                subtract,
                spans,
            } => P::Accumulate {
                slot: *slot,
                value: self.node(value)?,
                subtract: *subtract,
                spans: spans.clone(),
            },
            Op::SetIndex {
                slot,
                path,
                value,
                span,
            } => P::SetIndex {
                slot: *slot,
                path: self.all_spanned(path)?,
                value: self.node(value)?,
                span: span.clone(),
            },
            Op::For {
                binder,
                iterable,
                body,
                span,
            } => P::For {
                binder: self.binder(binder)?,
                iterable: self.node(iterable)?,
                body: self.all_ops(body)?,
                span: span.clone(),
            },
            Op::While { condition, body } => P::While {
                condition: self.spanned(condition)?,
                body: self.all_ops(body)?,
            },
            Op::Break => P::Break,
            Op::Continue => P::Continue,
            Op::Return(n) => P::Return(match n {
                Some(n) => Some(self.node(n)?),
                None => None,
            }),
            Op::Echo(_) | Op::Load { .. } => return None,
        })
    }
}
