//! Loopy games in the language: building graphs from brace forms with `pass` and labels, the
//! literals of the notation (`on`, `5over`, `-1/4v[on]`), and arithmetic and comparison between
//! loopy values and short ones (a short game converts). Only reached when a value is loopy, so
//! short games never pay for it.

use std::rc::Rc;

use ahash::AHashMap;

use crate::core::loopy::{self, LoopyValue, Stopper};
use crate::core::{Dyadic, Game, Integer, LoopyError, LoopyGraph, Nus, Side};
use crate::syntax::ast::{BinaryOp, Span};

use super::error::{EvalError, EvalResult};
use super::ops::to_game;
use super::value::Value;

/// The named loopy constants: `on`, `off`, `over`, `under`, `dud`, `upon`.
pub fn constant(name: &str) -> Option<Value> {
    let v = match name {
        "on" => LoopyValue::Stopper(loopy::on()),
        "off" => LoopyValue::Stopper(loopy::off()),
        "over" => LoopyValue::Stopper(loopy::over()),
        "under" => LoopyValue::Stopper(loopy::under()),
        "upon" => LoopyValue::Stopper(loopy::upon()),
        "dud" => loopy::on().sum(&loopy::off()).expect("on + off = dud"),
        _ => return None,
    };
    Some(Value::Loopy(Rc::new(v)))
}

/// The literal `inf_{0,2}`: ∞ with the finite values among its options (the braces' text).
pub fn nimber_literal(text: &str, span: Span) -> EvalResult<Value> {
    let mut values = Vec::new();
    if !text.trim().is_empty() {
        for part in text.split(',').map(str::trim) {
            let value = part.parse::<u64>().map_err(|_| {
                EvalError::new(format!("`{part}` is not a nim-value"), span.clone()).with_help(
                    "an infinite loopy nim-value lists finite nim-values, as in `inf_{0,2}` or `inf_{}`",
                )
            })?;
            values.push(value);
        }
    }
    Ok(Value::LoopyNimber(Rc::new(
        loopy::nim::LoopyNimber::infinite(values),
    )))
}

/// The outcome with draws of the position `v` of `graph`, by retrograde analysis of the graph
/// itself: known even when its value is not (the outcome needs no sides).
pub fn outcome_by_play(graph: &LoopyGraph, v: u32) -> loopy::LoopyOutcome {
    let winner = |mover| loopy::graph_winner(graph, v, mover);
    loopy::LoopyOutcome::from_results(winner(Side::Left), winner(Side::Right))
}

/// An error of the loopy engine for the position `v` of `graph`, at `span`, with the outcome
/// that play on the graph gives.
pub fn graph_error(e: LoopyError, graph: &LoopyGraph, v: u32, span: Span) -> EvalError {
    let outcome = outcome_by_play(graph, v);
    EvalError::new(
        format!("{e}; by play on its graph (infinite play a draw), its outcome is {outcome}"),
        span,
    )
    .with_help(SIDLING_HELP)
}

const SIDLING_HELP: &str =
    "cg finds sides by sidling (Winning Ways ch. 11); this game's side was not reached";

/// An error of the loopy engine, at `span`.
pub fn engine_error(e: LoopyError, span: Span) -> EvalError {
    EvalError::new(e.to_string(), span).with_help(SIDLING_HELP)
}

/// The literal x + U + *n where U is a loopy up part: `over`/`under` (pseudonumbers, `5over`)
/// or a member of the upon family (`^[on]`, `v<on>`).
pub fn literal(x: Dyadic, nimber: Integer, part: LoopyPart, span: &Span) -> EvalResult<Value> {
    let base = match part {
        LoopyPart::Over => loopy::over(),
        LoopyPart::Under => loopy::under(),
        LoopyPart::Upon { negative } => signed(loopy::upon(), negative),
        LoopyPart::Uponth { negative } => signed(loopy::uponth(), negative),
    };
    let shift = Game::from_nus(Nus::new(x, Integer::zero(), nimber));
    let v = base
        .sum(&Stopper::from_game(shift))
        .map_err(|e| engine_error(e, span.clone()))?;
    Ok(Value::from_loopy(v))
}

fn signed(s: Stopper, negative: bool) -> Stopper {
    if negative {
        s.negative()
    } else {
        s
    }
}

/// The loopy up parts a literal can have.
#[derive(Clone, Copy, Debug)]
pub enum LoopyPart {
    Over,
    Under,
    Upon { negative: bool },
    Uponth { negative: bool },
}

/// A value as a loopy value (a short game converts), or an error naming the role.
pub fn to_loopy(v: &Value, span: &Span, role: &str) -> EvalResult<LoopyValue> {
    match v {
        Value::Loopy(l) => Ok(l.as_ref().clone()),
        other => Ok(LoopyValue::from_game(to_game(other, span.clone(), role)?)),
    }
}

/// A value as a stopper, or an error: a sided value is not a stopper.
pub fn to_stopper(v: &Value, span: &Span, role: &str) -> EvalResult<Stopper> {
    match to_loopy(v, span, role)? {
        LoopyValue::Stopper(s) => Ok(s),
        LoopyValue::Sided(_) => Err(EvalError::new(
            format!("{role} must be a stopper; {v} is a sided value"),
            span.clone(),
        )
        .with_help("apply onside(G) or offside(G) to take one side")),
    }
}

/// G + H or G - H where one of them is loopy.
pub fn add(
    subtract: bool,
    (a, sa): (&Value, &Span),
    (b, sb): (&Value, &Span),
    span: &Span,
) -> EvalResult<Value> {
    let g = to_loopy(a, sa, "an operand")?;
    let mut h = to_loopy(b, sb, "an operand")?;
    if subtract {
        h = h.negative();
    }
    g.add(&h)
        .map(Value::from_loopy)
        .map_err(|e| engine_error(e, span.clone()))
}

/// n.G, the sum of n copies of a loopy G (by doubling).
pub fn times(n: &Integer, g: &Value, span: &Span) -> EvalResult<Value> {
    let mut base = to_loopy(g, span, "a multiple")?;
    if n.is_negative() {
        base = base.negative();
    }
    let mut count = n.abs();
    let mut total = LoopyValue::from_game(Game::ZERO);
    let fail = |e| engine_error(e, span.clone());
    while !count.is_zero() {
        if count.is_odd() {
            total = total.add(&base).map_err(fail)?;
        }
        count = count.shr_floor(1);
        if !count.is_zero() {
            base = base.add(&base).map_err(fail)?;
        }
    }
    Ok(Value::from_loopy(total))
}

/// An order comparison where one side is loopy.
pub fn compare(
    op: BinaryOp,
    (a, sa): (&Value, &Span),
    (b, sb): (&Value, &Span),
) -> EvalResult<Value> {
    use BinaryOp::*;
    let g = to_loopy(a, sa, "a compared value")?;
    let h = to_loopy(b, sb, "a compared value")?;
    let (le, ge) = (g.leq(&h), h.leq(&g));
    let result = match op {
        Le => le,
        Lt => le && !ge,
        Ge => ge,
        Gt => ge && !le,
        Confused => !le && !ge,
        LessOrConfused => !ge,
        GreaterOrConfused => !le,
        _ => unreachable!("equality is not an order comparison"),
    };
    Ok(Value::Bool(result))
}

/// `s & t`: the sided value with onside s and offside t.
pub fn sided((a, sa): (&Value, &Span), (b, sb): (&Value, &Span), span: &Span) -> EvalResult<Value> {
    let not_sided = || {
        EvalError::new(
            format!("{a} & {b} is not a sided value: the onside must be >= the offside"),
            span.clone(),
        )
    };
    // Two short sides are compared by the short engine, which holds a number such as 10^20
    // in a few positions where the loopy engine would need one per follower.
    if !matches!(a, Value::Loopy(_)) && !matches!(b, Value::Loopy(_)) {
        let s = to_game(a, sa.clone(), "an onside")?;
        let t = to_game(b, sb.clone(), "an offside")?;
        if !t.leq(s) {
            return Err(not_sided());
        }
        if t == s {
            return Ok(Value::from_game(s));
        }
    }
    let s = to_stopper(a, sa, "an onside")?;
    let t = to_stopper(b, sb, "an offside")?;
    LoopyValue::sided(s, t)
        .map(Value::from_loopy)
        .ok_or_else(not_sided)
}

/// A game graph under construction from brace forms and option values.
#[derive(Default)]
pub struct GraphBuild {
    graph: LoopyGraph,
    short: AHashMap<Game, u32>,
}

impl GraphBuild {
    pub fn new() -> GraphBuild {
        GraphBuild::default()
    }

    /// A new position with no options yet.
    pub fn position(&mut self) -> u32 {
        self.graph.add_vertex()
    }

    pub fn edge(&mut self, side: Side, from: u32, to: u32) {
        self.graph.add_edge(side, from, to);
    }

    /// The vertex of an option given as a value: a short game or a stopper (its graph is
    /// copied in). A sided value has no graph of its own and cannot be an option.
    pub fn option(&mut self, v: &Value, span: &Span) -> EvalResult<u32> {
        match v {
            Value::Loopy(l) => match l.as_ref() {
                LoopyValue::Stopper(s) => Ok(self.graph.append(s.graph())),
                LoopyValue::Sided(_) => Err(EvalError::new(
                    format!(
                        "an option of a game must be a game with positions; {v} is a sided value"
                    ),
                    span.clone(),
                )
                .with_help("use one of its sides: onside(G) or offside(G)")),
            },
            other => {
                let g = to_game(other, span.clone(), "an option of a game")?;
                Ok(self.graph.embed_short(g, &mut self.short))
            }
        }
    }

    /// The value of the position `root`.
    pub fn value(&self, root: u32, span: &Span) -> EvalResult<Value> {
        LoopyValue::from_graph(&self.graph, root)
            .map(Value::from_loopy)
            .map_err(|e| graph_error(e, &self.graph, root, span.clone()))
    }
}

/// {left | right} where some option is a loopy value (no `pass`, no labels).
pub fn game_of_values(
    left: &[(Value, Span)],
    right: &[(Value, Span)],
    span: &Span,
) -> EvalResult<Value> {
    let mut build = GraphBuild::new();
    let root = build.position();
    for (side, options) in [(Side::Left, left), (Side::Right, right)] {
        for (v, s) in options {
            let w = build.option(v, s)?;
            build.edge(side, root, w);
        }
    }
    build.value(root, span)
}
