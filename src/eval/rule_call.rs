//! How a ruleset instance calls its rules. Most rules of the standard library are one builtin
//! call on the position (`left g = place_pairs(g, ".", (1, 0), "#")`); such a rule is called
//! straight, with its other arguments evaluated once per instance, since the interpreter's
//! frame, argument evaluation and result plumbing cost more than the builtin itself when a
//! game has millions of positions. Any other rule runs as the function it compiled to.

use std::cell::RefCell;
use std::rc::Rc;

use crate::syntax::ast::Span;

use super::builtins::{self, Arg, Builtin};
use super::error::EvalResult;
use super::function::Function;
use super::interp::Interpreter;
use super::ir::{Binder, Node, Op, Slot};
use super::parallel::{Portable, PortableRule};
use super::value::Value;

/// A rule of one instance, ready to be called on positions.
#[derive(Debug)]
pub enum RuleCall {
    Direct(DirectRule),
    Function(Rc<Function>),
}

/// A rule that is one builtin call on the position: its arguments, the position's among them
/// (at `position`) a placeholder. The arguments are lent to each call, not copied, unless a call
/// is already using them (a builtin that runs code could reach the same rule again).
#[derive(Debug)]
pub struct DirectRule {
    builtin: &'static Builtin,
    args: Vec<Arg>,
    lent: RefCell<Vec<Arg>>,
    position: usize,
    span: Span,
}

impl RuleCall {
    /// The rule `rule` (a compiled rule function) with the ruleset's parameters `params`.
    pub fn new(rule: &Value, params: &[Value]) -> RuleCall {
        let Value::Function(f) = rule else {
            unreachable!("rules compile to functions");
        };
        match DirectRule::of(f, params) {
            Some(direct) => RuleCall::Direct(direct),
            None => RuleCall::Function(f.clone()),
        }
    }
}

impl DirectRule {
    /// The direct form of `f`, if its body is `let <name> = position; builtin(args...)` with
    /// every argument the position or a value fixed by the parameters.
    fn of(f: &Function, params: &[Value]) -> Option<DirectRule> {
        let position = Slot::Local(u32::try_from(params.len()).ok()?);
        let Node::Block { ops, result } = &f.proto.body else {
            return None;
        };
        let [Op::Bind(Binder::Slot(name), Node::Load(bound, _))] = ops.as_slice() else {
            return None;
        };
        if *bound != position {
            return None;
        }
        let Some(Node::CallBuiltin {
            builtin,
            args,
            span,
        }) = result.as_deref()
        else {
            return None;
        };
        let fixed = Fixed {
            params,
            captured: &f.captured,
            position: [position, *name],
        };
        let is_position =
            |node: &Node| matches!(node, Node::Load(slot, _) if fixed.position.contains(slot));
        let mut at = args
            .iter()
            .enumerate()
            .filter(|(_, (node, _))| is_position(node));
        let (Some((position, _)), None) = (at.next(), at.next()) else {
            return None;
        };
        let args = args
            .iter()
            .map(|(node, span)| {
                let value = if is_position(node) {
                    Value::Nothing
                } else {
                    fixed.value(node)?
                };
                Some(Arg {
                    value,
                    span: span.clone(),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        Some(DirectRule {
            builtin,
            lent: RefCell::new(args.clone()),
            args,
            position,
            span: span.clone(),
        })
    }
}

impl RuleCall {
    /// The rule as plain data another thread can rebuild (`eval::parallel`): a direct rule
    /// whose other arguments are plain data; `None` for any other rule.
    pub fn portable(&self) -> Option<PortableRule> {
        let RuleCall::Direct(direct) = self else {
            return None;
        };
        let args = direct
            .args
            .iter()
            .map(|a| Some((Portable::of(&a.value)?, a.span.clone())))
            .collect::<Option<Vec<_>>>()?;
        Some(PortableRule {
            builtin: direct.builtin,
            args,
            position: direct.position,
            span: direct.span.clone(),
        })
    }

    /// The rule again, on this thread.
    pub fn rebuild(rule: &PortableRule) -> RuleCall {
        let args: Vec<Arg> = rule
            .args
            .iter()
            .map(|(value, span)| Arg {
                value: value.value(),
                span: span.clone(),
            })
            .collect();
        RuleCall::Direct(DirectRule {
            builtin: rule.builtin,
            lent: RefCell::new(args.clone()),
            args,
            position: rule.position,
            span: rule.span.clone(),
        })
    }
}

/// The values an argument may be built from without running the rule.
struct Fixed<'a> {
    params: &'a [Value],
    captured: &'a [Value],
    /// The slots that hold the position: the parameter and the rule's own name for it.
    position: [Slot; 2],
}

impl Fixed<'_> {
    /// The value of `node` if it depends only on parameters, captures and constants.
    fn value(&self, node: &Node) -> Option<Value> {
        Some(match node {
            Node::Const(v) => v.clone(),
            Node::Load(Slot::Local(i), _) => self.params.get(*i as usize)?.clone(),
            Node::Capture(i) => self.captured.get(*i as usize)?.clone(),
            Node::Tuple(items) => Value::tuple(self.all(items)?),
            Node::List(items) => Value::list(self.all(items)?),
            _ => return None,
        })
    }

    fn all(&self, nodes: &[Node]) -> Option<Vec<Value>> {
        nodes.iter().map(|n| self.value(n)).collect()
    }
}

impl Interpreter {
    /// The rule applied to `position`, with the instance's parameters `params`.
    pub fn call_rule(
        &mut self,
        rule: &RuleCall,
        params: &[Value],
        position: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        match rule {
            RuleCall::Direct(direct) => {
                let (builtin, at, span) = (direct.builtin, direct.position, direct.span.clone());
                match direct.lent.try_borrow_mut() {
                    Ok(mut args) => {
                        args[at].value = position;
                        let result = builtins::call(self, builtin, &args, span);
                        args[at].value = Value::Nothing;
                        result
                    }
                    Err(_) => {
                        let mut args = direct.args.clone();
                        args[at].value = position;
                        builtins::call(self, builtin, &args, span)
                    }
                }
            }
            RuleCall::Function(f) => {
                let mut args = Vec::with_capacity(params.len() + 1);
                args.extend_from_slice(params);
                args.push(position);
                self.call_function(f, args, span)
            }
        }
    }
}
