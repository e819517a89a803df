//! How a ruleset instance calls its rules. Most rules of the standard library are one builtin
//! call on the position (`left g = place_pairs(g, ".", (1, 0), "#")`); such a rule is called
//! straight, with its other arguments evaluated once per instance, since the interpreter's
//! frame, argument evaluation and result plumbing cost more than the builtin itself when a
//! game has millions of positions. An argument may also name a global (`QUEEN` in Amazons'
//! `slide_and_shoot(g, "x", QUEEN, ".", "#")`): it is read at each call, as the rule's code
//! would read it. Any other rule runs as the function it compiled to.

use std::cell::RefCell;
use std::rc::Rc;

use crate::syntax::ast::Span;

use super::builtins::{self, Arg, Builtin, Run};
use super::error::{guarded, EvalError, EvalResult};
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
    /// The arguments that name a global, read at each call.
    globals: Vec<GlobalArg>,
    /// The builtin's function when `builtins::call` would do nothing but call it (see
    /// `DirectRule::plain`).
    plain: Option<PlainBuiltin>,
    span: Span,
    /// The rule as compiled, run instead when a global it names has no value or the builtin
    /// fails, so that the error is the one the rule's code gives, in the rule's file and with
    /// its call chain (`None` on helper threads, whose errors are not shown).
    function: Option<Rc<Function>>,
}

/// An argument of a direct rule that names a global: the argument's place and the global's slot.
#[derive(Debug)]
struct GlobalArg {
    arg: usize,
    slot: u32,
}

type PlainBuiltin = fn(&[Arg], &Span) -> EvalResult<Value>;

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
    fn of(f: &Rc<Function>, params: &[Value]) -> Option<DirectRule> {
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
        let mut globals = Vec::new();
        let args = args
            .iter()
            .enumerate()
            .map(|(i, (node, span))| {
                let value = match node {
                    _ if is_position(node) => Value::Nothing,
                    Node::Load(Slot::Global(slot), _) => {
                        globals.push(GlobalArg {
                            arg: i,
                            slot: *slot,
                        });
                        Value::Nothing
                    }
                    _ => fixed.value(node)?,
                };
                Some(Arg {
                    value,
                    span: span.clone(),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let mut rule = DirectRule::new(builtin, args, position, span.clone());
        rule.globals = globals;
        rule.function = Some(f.clone());
        Some(rule)
    }

    /// The position a call left in `args` (the builtin's arguments), taken back out.
    fn take_position(&self, args: &mut [Arg]) -> Value {
        std::mem::replace(&mut args[self.position].value, Value::Nothing)
    }

    fn new(builtin: &'static Builtin, args: Vec<Arg>, position: usize, span: Span) -> DirectRule {
        DirectRule {
            builtin,
            lent: RefCell::new(args.clone()),
            plain: DirectRule::plain(builtin, &args),
            args,
            position,
            globals: Vec::new(),
            span,
            function: None,
        }
    }

    /// The function of `builtin` if, called with `args`, `builtins::call` would only check the
    /// number of arguments (right here, once for all calls) and call it: a builtin of plain
    /// arguments without a loopy version (which a call may choose instead), and no argument a
    /// position of another ruleset or a loopy game (each call checks the position and the
    /// globals).
    fn plain(builtin: &'static Builtin, args: &[Arg]) -> Option<PlainBuiltin> {
        let Run::Plain(f) = builtin.run else {
            return None;
        };
        let plain = builtin.arity.accepts(args.len())
            && !builtins::has_override(builtin.name)
            && !args.iter().any(|a| needs_conversion(&a.value));
        plain.then_some(f)
    }
}

/// Whether `builtins::call` would turn `v` into something else before the builtin sees it (the
/// value of a position, the loopy version of a builtin).
fn needs_conversion(v: &Value) -> bool {
    matches!(v, Value::Position(_) | Value::Loopy(_))
}

impl RuleCall {
    /// The rule as plain data another thread can rebuild (`eval::parallel`): a direct rule
    /// whose other arguments are plain data, the globals it names read from `globals` (which
    /// cannot change while helpers work: only the rules run, and a direct rule runs no code of
    /// the language); `None` for any other rule, or a global without a value.
    pub fn portable(&self, globals: &[Option<Value>]) -> Option<PortableRule> {
        let RuleCall::Direct(direct) = self else {
            return None;
        };
        let mut args = direct.args.clone();
        for g in &direct.globals {
            args[g.arg].value = globals.get(g.slot as usize)?.clone()?;
        }
        let args = args
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
        RuleCall::Direct(DirectRule::new(
            rule.builtin,
            args,
            rule.position,
            rule.span.clone(),
        ))
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
                let (ready, position) = match direct.lent.try_borrow_mut() {
                    Ok(mut args) => {
                        let ready = self.call_direct(direct, &mut args, position);
                        (ready, direct.take_position(&mut args))
                    }
                    Err(_) => {
                        let mut args = direct.args.clone();
                        let ready = self.call_direct(direct, &mut args, position);
                        (ready, direct.take_position(&mut args))
                    }
                };
                match (ready, &direct.function) {
                    // The builtin's error points into the rule's file, which the direct call
                    // does not carry (it was shown against the user's input): the rule run as
                    // its code gives the same error in its file, with the chain of calls. An
                    // error ends the computation, so running the rule twice costs nothing
                    // that matters.
                    (Ready::Called(Err(_)), Some(f)) => {
                        self.call_rule_function(f, params, position, span)
                    }
                    (Ready::Called(result), _) => result,
                    (Ready::Unset(position), Some(f)) => {
                        self.call_rule_function(f, params, position, span)
                    }
                    (Ready::Unset(_), None) => Err(EvalError::new(
                        "a global named by the rule has no value",
                        span.clone(),
                    )),
                }
            }
            RuleCall::Function(f) => self.call_rule_function(f, params, position, span),
        }
    }

    /// The rule applied to each of `positions`, each replaced by what the rule gives (on an
    /// error, some are left replaced and the rest taken). Rulesets normalise every option
    /// of every position this way: a direct rule of a plain builtin, naming no global, runs
    /// the builtin on all of them with its arguments borrowed once and under one panic guard,
    /// which saves most of what each call costs besides the builtin's own work.
    pub fn call_rule_each(
        &mut self,
        rule: &RuleCall,
        params: &[Value],
        positions: &mut [Value],
        span: &Span,
    ) -> EvalResult<()> {
        if let RuleCall::Direct(direct) = rule {
            let plain = direct
                .plain
                .filter(|_| direct.globals.is_empty() && !positions.iter().any(needs_conversion));
            if let (Some(f), Ok(mut args)) = (plain, direct.lent.try_borrow_mut()) {
                let result = guarded(&direct.span, || {
                    for p in positions.iter_mut() {
                        args[direct.position].value = std::mem::replace(p, Value::Nothing);
                        *p = f(&args, &direct.span)?;
                    }
                    Ok(())
                });
                // The position the builtin failed on, if it failed.
                let position = direct.take_position(&mut args);
                drop(args);
                if let Err(e) = result {
                    // As in `call_rule`: the rule run as its code locates the error in its file.
                    if let Some(function) = &direct.function {
                        self.call_rule_function(function, params, position, span)?;
                    }
                    return Err(e);
                }
                return Ok(());
            }
        }
        for p in positions {
            let position = std::mem::replace(p, Value::Nothing);
            *p = self.call_rule(rule, params, position, span)?;
        }
        Ok(())
    }

    fn call_rule_function(
        &mut self,
        f: &Rc<Function>,
        params: &[Value],
        position: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        let mut args = Vec::with_capacity(params.len() + 1);
        args.extend_from_slice(params);
        args.push(position);
        self.call_function(f, args, span)
    }

    /// A direct rule called on `position`, with `args` its arguments to fill in; not called
    /// if a global it names has no value.
    fn call_direct(&mut self, direct: &DirectRule, args: &mut [Arg], position: Value) -> Ready {
        let mut plain = direct.plain.filter(|_| !needs_conversion(&position));
        for g in &direct.globals {
            let Some(value) = &self.globals.values[g.slot as usize] else {
                return Ready::Unset(position);
            };
            let value = value.clone();
            if needs_conversion(&value) {
                plain = None;
            }
            args[g.arg].value = value;
        }
        args[direct.position].value = position;
        let span = &direct.span;
        Ready::Called(match plain {
            Some(f) => guarded(span, || f(args, span)),
            None => builtins::call(self, direct.builtin, args, span.clone()),
        })
    }
}

/// What came of calling a direct rule.
enum Ready {
    Called(EvalResult<Value>),
    /// A global it names has no value: the position, given back.
    Unset(Value),
}
