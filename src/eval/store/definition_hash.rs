//! What a ruleset's stored values are filed under: a hash of everything its values depend on.
//! That is the text of its rules, the text of every function they call, directly or through
//! other functions (followed through the globals they name, as they stand when the hash is
//! taken), the values those functions captured, the ruleset's parameters, and the engine's
//! version. Edit any of these and the key changes, so stale values are never read.

use ahash::AHashSet;

use super::super::function::Proto;
use super::super::interp::Interpreter;
use super::super::ir::{Binder, ExplicitNode, IrClause, LoopyForm, LoopyOption, Node, Op, Slot};
use super::super::ruleset::{RulesetDef, RulesetInstance};
use super::super::value::Value;
use super::position_key;

/// The version of the engine that computes values: the package version and a hash of the
/// source it was built from (`build.rs`), so that a store never serves values to a build
/// whose rules of computation may differ.
pub const ENGINE_VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "+", env!("CG_SOURCE_HASH"));

/// A 128-bit hash.
pub type Key = [u8; 16];

/// Bytes that describe a definition, gathered in a fixed order and then hashed.
struct Description<'a> {
    interpreter: &'a Interpreter,
    bytes: Vec<u8>,
    /// Functions and rulesets already described (by address), so that recursion ends.
    seen: AHashSet<usize>,
}

impl Interpreter {
    /// The hash of a ruleset's definition (its rules and what they call), without parameters.
    pub fn definition_hash(&self, def: &RulesetDef) -> Key {
        let mut d = Description::new(self);
        d.ruleset(def);
        d.finish()
    }

    /// The key of an instance's table in the store: its definition, its parameters and the
    /// engine version; `None` when a parameter has no stable form (a function, a game...).
    pub fn instance_key(&self, instance: &RulesetInstance) -> Option<(Key, Key)> {
        let definition = self.definition_hash(&instance.def);
        let mut bytes = b"instance\0".to_vec();
        bytes.extend_from_slice(&definition);
        bytes.extend_from_slice(ENGINE_VERSION.as_bytes());
        bytes.push(0);
        for arg in &instance.args {
            bytes.extend_from_slice(&position_key::encode(arg)?);
        }
        Some((hash(&bytes), definition))
    }
}

/// The key of a heap game's sequence of values: its code as written and the engine version.
pub fn sequence_key(written: &str) -> Key {
    let mut bytes = b"heap\0".to_vec();
    bytes.extend_from_slice(ENGINE_VERSION.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(written.as_bytes());
    hash(&bytes)
}

pub fn hash(bytes: &[u8]) -> Key {
    xxhash_rust::xxh3::xxh3_128(bytes).to_le_bytes()
}

impl<'a> Description<'a> {
    fn new(interpreter: &'a Interpreter) -> Description<'a> {
        Description {
            interpreter,
            bytes: Vec::new(),
            seen: AHashSet::new(),
        }
    }

    fn finish(self) -> Key {
        hash(&self.bytes)
    }

    fn text(&mut self, s: &str) {
        self.bytes
            .extend_from_slice(&(s.len() as u64).to_le_bytes());
        self.bytes.extend_from_slice(s.as_bytes());
    }

    /// Marks `address` as described; false if it already was (then only a back reference is
    /// written).
    fn first_visit(&mut self, address: usize) -> bool {
        self.seen.insert(address)
    }

    fn ruleset(&mut self, def: &RulesetDef) {
        self.text("ruleset");
        if !self.first_visit(def as *const RulesetDef as usize) {
            self.text(&def.name);
            return;
        }
        self.text(&def.name);
        self.text(&format!("{:?} {}", def.arity, def.impartial));
        let rules = [
            ("left", &def.left),
            ("right", &def.right),
            ("moves", &def.moves),
            ("split", &def.split),
            ("normal", &def.normal),
        ];
        // A rule added to the language after stores were written is hashed only when given, so
        // that the definitions written before keep their hashes.
        let later = [("negative", &def.negative)];
        let rules = rules
            .into_iter()
            .chain(later.into_iter().filter(|(_, r)| r.is_some()));
        for (kind, rule) in rules {
            self.text(kind);
            match rule {
                Some(rule) => self.value(rule),
                None => self.text("none"),
            }
        }
    }

    fn value(&mut self, v: &Value) {
        match v {
            Value::Function(f) => {
                self.text("function");
                self.proto(&f.proto);
                for c in &f.captured {
                    self.value(c);
                }
            }
            Value::Builtin(b) => {
                self.text("builtin");
                self.text(b.name);
            }
            Value::RulesetDef(def) => self.ruleset(def),
            Value::Ruleset(instance) => {
                self.ruleset(&instance.def);
                for arg in &instance.args {
                    self.value(arg);
                }
            }
            Value::Heap(h) => {
                self.text("heap");
                self.text(&h.written);
            }
            other => match position_key::encode(other) {
                Some(key) => {
                    self.text("value");
                    self.bytes.extend_from_slice(&key);
                }
                None => {
                    self.text(other.kind());
                    self.text(&other.to_string());
                }
            },
        }
    }

    fn proto(&mut self, proto: &Proto) {
        if !self.first_visit(proto as *const Proto as usize) {
            self.text("again");
            self.text(&proto.name);
            return;
        }
        let source = proto.source.text.get(proto.span.clone()).unwrap_or("");
        self.text(&proto.name);
        self.text(source);
        self.node(&proto.body);
    }

    fn global(&mut self, slot: u32) {
        let globals = &self.interpreter.globals;
        let name = globals.spellings.get(slot as usize).cloned();
        self.text(name.as_deref().unwrap_or("?"));
        match globals.values.get(slot as usize).cloned().flatten() {
            Some(v) => self.value(&v),
            None => self.text("undefined"),
        }
    }

    /// A constant of the body. The compiler folds a list or tuple of constants into one
    /// constant; it is hashed element by element, as the unfolded literal was, so that the
    /// folding changed no definition's hash (results stored before it are still found).
    fn constant(&mut self, v: &Value) {
        match v {
            Value::List(items) => items.iter().for_each(|item| self.constant(item)),
            Value::Tuple(items) => items.iter().for_each(|item| self.constant(item)),
            other => self.value(other),
        }
    }

    fn node(&mut self, node: &Node) {
        match node {
            Node::Const(v) => self.constant(v),
            Node::Load(Slot::Global(slot), _) => self.global(*slot),
            Node::Load(Slot::Local(_), _) | Node::Capture(_) | Node::SelfRef => {}
            Node::Game { left, right } => {
                left.iter().chain(right).for_each(|(n, _)| self.node(n));
            }
            Node::Loopy(form, _) => self.loopy(form),
            Node::List(items) | Node::Set(items) | Node::Tuple(items) => {
                items.iter().for_each(|n| self.node(n));
            }
            Node::Map(pairs) => pairs.iter().for_each(|(k, v)| {
                self.node(k);
                self.node(v);
            }),
            Node::Range { start, end, .. } => {
                self.node(&start.0);
                self.node(&end.0);
            }
            Node::Unary { operand, .. } => self.node(operand),
            Node::Binary { lhs, rhs, .. } | Node::And(lhs, rhs) | Node::Or(lhs, rhs) => {
                self.node(&lhs.0);
                self.node(&rhs.0);
            }
            Node::Index { target, index, .. } => {
                self.node(target);
                self.node(&index.0);
            }
            Node::Call { callee, args, .. } => {
                self.node(callee);
                args.iter().for_each(|(n, _)| self.node(n));
            }
            Node::CallBuiltin { builtin, args, .. } => {
                self.text(builtin.name);
                args.iter().for_each(|(n, _)| self.node(n));
            }
            Node::Closure { proto, captures } => {
                self.proto(proto);
                captures.iter().for_each(|n| self.node(n));
            }
            Node::If {
                branches,
                otherwise,
            } => {
                for ((condition, _), body) in branches {
                    self.node(condition);
                    self.node(body);
                }
                if let Some(n) = otherwise {
                    self.node(n);
                }
            }
            Node::Block { ops, result } => {
                self.ops(ops);
                if let Some(n) = result {
                    self.node(n);
                }
            }
            Node::Comprehension {
                element, clauses, ..
            } => {
                self.node(element);
                for clause in clauses {
                    match clause {
                        IrClause::For {
                            binder, iterable, ..
                        } => {
                            self.binder(binder);
                            self.node(iterable);
                        }
                        IrClause::If(n, _) => self.node(n),
                    }
                }
            }
            Node::Explicit(form) => self.explicit(form),
            Node::Ruleset { rules, .. } => rules.iter().for_each(|(_, n)| self.node(n)),
        }
    }

    fn ops(&mut self, ops: &[Op]) {
        for op in ops {
            match op {
                Op::Eval(n) | Op::Echo(n) => self.node(n),
                Op::Bind(binder, n) => {
                    self.binder(binder);
                    self.node(n);
                }
                Op::Accumulate { slot, value, .. } => {
                    self.slot(*slot);
                    self.node(value);
                }
                Op::SetIndex {
                    slot, path, value, ..
                } => {
                    self.slot(*slot);
                    path.iter().for_each(|(n, _)| self.node(n));
                    self.node(value);
                }
                Op::For {
                    binder,
                    iterable,
                    body,
                    ..
                } => {
                    self.binder(binder);
                    self.node(iterable);
                    self.ops(body);
                }
                Op::While { condition, body } => {
                    self.node(&condition.0);
                    self.ops(body);
                }
                Op::Return(Some(n)) => self.node(n),
                Op::Break | Op::Continue | Op::Return(None) => {}
                Op::Load { path, .. } => self.text(path),
            }
        }
    }

    fn slot(&mut self, slot: Slot) {
        if let Slot::Global(g) = slot {
            self.global(g);
        }
    }

    fn binder(&mut self, binder: &Binder) {
        match binder {
            Binder::Slot(slot) => self.slot(*slot),
            Binder::Tuple(parts, _) => parts.iter().for_each(|b| self.binder(b)),
        }
    }

    fn loopy(&mut self, form: &LoopyForm) {
        for option in form.left.iter().chain(&form.right) {
            match option {
                LoopyOption::Form(f) => self.loopy(f),
                LoopyOption::Value(n, _) => self.node(n),
                LoopyOption::Pass | LoopyOption::Label(_) => {}
            }
        }
    }

    fn explicit(&mut self, form: &ExplicitNode) {
        match form {
            ExplicitNode::Form { left, right } => {
                left.iter().chain(right).for_each(|f| self.explicit(f));
            }
            ExplicitNode::Value(n, _) => self.node(n),
        }
    }
}
