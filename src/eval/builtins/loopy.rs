//! Builtins on loopy games (Siegel, CGT, ch. VI; Winning Ways ch. 11): sides, upsums and
//! downsums, the degree of loopiness, classes of loopy games; and the loopy versions of builtins
//! on games (`outcome`, `left_options`, `followers`, `left_stop`, `pow`, ...), which a call
//! reaches when one of its arguments is a loopy game. Every builtin here accepts short games
//! too, as the stoppers they are.

use crate::core::loopy::nim::ImpartialOutcome;
use crate::core::loopy::{self, LoopyOutcome, LoopyValue, Stopper};
use crate::core::{Game, Side};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::loopy::{engine_error, to_loopy, to_stopper};
use crate::eval::value::Value;
use crate::syntax::ast::Span;

use super::{builtin, Arg, Arity, Builtin};

use Arity::Exactly;

pub static BUILTINS: &[Builtin] = &[
    builtin!("onside", "onside(G)", Exactly(1),
        "The onside G+ of a loopy game: its value when Left wins every infinite play, a stopper (Siegel, CGT, ch. VI).",
        "onside(on + off)  # on", |a, _| Ok(stopper_value(loopy_arg(&a[0])?.onside().clone()))),
    builtin!("offside", "offside(G)", Exactly(1),
        "The offside G- of a loopy game: its value when Right wins every infinite play, a stopper (Siegel, CGT, ch. VI).",
        "offside(on + off)  # off", |a, _| Ok(stopper_value(loopy_arg(&a[0])?.offside().clone()))),
    builtin!("upsum", "upsum(G, H)", Exactly(2),
        "The upsum G (+) H: the onside of G + H, found from the onsides (Siegel, CGT, ch. VI).",
        "upsum(on, off)  # on", |a, s| {
            let (g, h) = (loopy_arg(&a[0])?, loopy_arg(&a[1])?);
            loopy::upsum(g.onside(), h.onside()).map(stopper_value).map_err(|e| engine_error(e, s.clone()))
        }),
    builtin!("downsum", "downsum(G, H)", Exactly(2),
        "The downsum G (-) H: the offside of G + H, found from the offsides (Siegel, CGT, ch. VI).",
        "downsum(on, off)  # off", |a, s| {
            let (g, h) = (loopy_arg(&a[0])?, loopy_arg(&a[1])?);
            loopy::downsum(g.offside(), h.offside()).map(stopper_value).map_err(|e| engine_error(e, s.clone()))
        }),
    builtin!("variety", "variety(G)", Exactly(1),
        "The variety of a stopper G over its degree D: G (+) ((-G) (-) -D) (Siegel, CGT, ch. VI).",
        "variety(3)  # 0", |a, s| {
            let g = stopper_arg(&a[0])?;
            match g.variety().map_err(|e| engine_error(e, s.clone()))? {
                Some(v) => Ok(stopper_value(v)),
                None => Err(EvalError::new(
                    format!("the upsum and downsum varieties of {g} differ (a counterexample to the stability conjecture)"),
                    s.clone(),
                )),
            }
        }),
    builtin!("is_loopfree", "is_loopfree(G)", Exactly(1),
        "True when G is a short game: its canonical form has no cycle.",
        "is_loopfree({0|pass})  # false", |a, _| {
            loopy_arg(&a[0])?;
            Ok(Value::Bool(!matches!(a[0].value, Value::Loopy(_))))
        }),
    builtin!("is_stopper", "is_stopper(G)", Exactly(1),
        "True when no infinite alternating play can start from any position of G (Siegel, CGT, ch. VI).",
        "is_stopper(over)  # true", |a, _| Ok(Value::Bool(loopy_arg(&a[0])?.is_stopper()))),
    builtin!("is_stopper_sided", "is_stopper_sided(G)", Exactly(1),
        "True when both sides of G are stoppers (every value cg finds is: it reports an error for the others).",
        "is_stopper_sided(dud)  # true", |a, _| {
            loopy_arg(&a[0])?;
            Ok(Value::Bool(true))
        }),
    builtin!("is_plumtree", "is_plumtree(G)", Exactly(1),
        "True when every cycle in the canonical graph of each side of G is a pass, a move to the same position (Winning Ways ch. 11).",
        "is_plumtree(upon)  # true", |a, _| {
            let g = loopy_arg(&a[0])?;
            let plum = |s: &Stopper| s.graph().is_plumtree(0);
            Ok(Value::Bool(plum(g.onside()) && plum(g.offside())))
        }),
    builtin!("is_pseudonumber", "is_pseudonumber(G)", Exactly(1),
        "True when G is a number, on, off, or a number plus over or under (Siegel, CGT, ch. VI).",
        "is_pseudonumber(5over)  # true", |a, _| {
            Ok(Value::Bool(loopy_arg(&a[0])?.as_stopper().is_some_and(|s| s.is_pseudonumber())))
        }),
    builtin!("is_idempotent", "is_idempotent(G)", Exactly(1),
        "True when G + G = G, as for 0, on, over and dud (Siegel, CGT, ch. VI).",
        "is_idempotent(over)  # true", |a, s| {
            let g = loopy_arg(&a[0])?;
            let twice = g.add(&g).map_err(|e| engine_error(e, s.clone()))?;
            Ok(Value::Bool(twice == g))
        }),
];

/// The loopy versions of builtins on games, taken when an argument is a loopy game.
static OVERRIDES: &[Builtin] = &[
    builtin!("outcome", "outcome(G)", Exactly(1),
        "The outcome class, infinite play a draw: L, R, N, P, D (a draw), PHat, NHat, PCheck, NCheck (Siegel, CGT, ch. VI).",
        "outcome(dud)  # D", |a, _| match &a[0].value {
            Value::LoopyNimber(n) => Ok(Value::Outcome(impartial_outcome(n.outcome()))),
            _ => Ok(Value::Outcome(loopy_arg(&a[0])?.outcome())),
        }),
    builtin!("nim_value", "nim_value(G)", Exactly(1),
        "The loopy nim-value of a position of an impartial loopy ruleset, which is its value: inf_{K} when infinite (Smith; Winning Ways ch. 12).",
        "nim_value(inf_{0,2})  # inf_{0,2}", |a, _| match &a[0].value {
            Value::LoopyNimber(_) => Ok(a[0].value.clone()),
            other => Err(EvalError::new(
                format!("the argument must be a nimber or a loopy nim-value; found {}", other.kind()),
                a[0].span.clone(),
            )
            .with_help("loopy nim-values are those of impartial rulesets whose positions recur, as `grundy` gives them")),
        }),
    builtin!("canonical_form", "canonical_form(G)", Exactly(1),
        "The canonical (simplest) form of a stopper, or the sided value (Siegel, CGT, ch. VI).",
        "canonical_form({0|pass})  # over", |a, _| Ok(a[0].value.clone())),
    builtin!("left_options", "left_options(G)", Exactly(1),
        "The set of Left options of the canonical form of a stopper.",
        "left_options(upon)  # {^[on]}", |a, _| options(&a[0], Side::Left)),
    builtin!("right_options", "right_options(G)", Exactly(1),
        "The set of Right options of the canonical form of a stopper.",
        "right_options(upon)  # {*}", |a, _| options(&a[0], Side::Right)),
    builtin!("followers", "followers(G)", Exactly(1),
        "The set of positions of the canonical form of a stopper, G included.",
        "followers(over)  # {0,over}", |a, _| {
            let s = stopper_arg(&a[0])?;
            Ok(Value::set(s.followers().into_iter().map(stopper_value).collect()))
        }),
    builtin!("follower_count", "follower_count(G)", Exactly(1),
        "The number of positions of the canonical form of a stopper, G included.",
        "follower_count(upon)  # 3", |a, _| Ok(Value::integer(stopper_arg(&a[0])?.follower_count()))),
    builtin!("left_stop", "left_stop(G)", Exactly(1),
        "The Left stop of a stopper: a number, on or off (the stop of x over is x) (Siegel, CGT, ch. VI).",
        "left_stop(5over)  # 5", |a, _| Ok(stopper_value(stopper_arg(&a[0])?.left_stop()))),
    builtin!("right_stop", "right_stop(G)", Exactly(1),
        "The Right stop of a stopper: a number, on or off (Siegel, CGT, ch. VI).",
        "right_stop(upon)  # 0", |a, _| Ok(stopper_value(stopper_arg(&a[0])?.right_stop()))),
    builtin!("confused", "confused(G, H)", Exactly(2),
        "True when G and H are incomparable, as `G <> H`.",
        "confused(upon, *)  # true", |a, _| {
            let (g, h) = (loopy_arg(&a[0])?, loopy_arg(&a[1])?);
            Ok(Value::Bool(!g.leq(&h) && !h.leq(&g)))
        }),
    builtin!("is_infinitesimal", "is_infinitesimal(G)", Exactly(1),
        "True when both stops of a stopper are 0 (over counts as 0): -x < G < x for every positive number x.",
        "is_infinitesimal(upon)  # true", |a, _| {
            Ok(Value::Bool(stopper_arg(&a[0])?.is_infinitesimal()))
        }),
    builtin!("is_numberish", "is_numberish(G)", Exactly(1),
        "True when the stops of a stopper are the same number (over and under count as it).",
        "is_numberish(over)  # true", |a, _| {
            Ok(Value::Bool(stopper_arg(&a[0])?.is_numberish()))
        }),
    builtin!("degree", "degree(G)", Exactly(1),
        "The degree of loopiness of G: its onside minus itself, taken as an upsum; often an idempotent such as 0, over or on (Siegel, CGT, ch. VI).",
        "degree(upon)  # ^<on>", |a, s| {
            let g = loopy_arg(&a[0])?;
            g.onside().degree().map(stopper_value).map_err(|e| engine_error(e, s.clone()))
        }),
    builtin!("pow", "pow(G, on)", Exactly(2),
        "G^on for G = ^: uponth ^<on> = {0 || 0 | 0, pass}, the limit of ^<n> (Winning Ways ch. 11).",
        "pow(^, on)  # ^<on>", |a, s| upon_power(a, s, false)),
    builtin!("pow_to", "pow_to(G, on)", Exactly(2),
        "G^->on for G = ^: upon ^[on] = {pass | *}, the limit of ^[n] (Winning Ways ch. 11).",
        "pow_to(^, on)  # ^[on]", |a, s| upon_power(a, s, true)),
];

/// The loopy version of the builtin `name` for these arguments, if it has one and an argument
/// is loopy or a loopy nim-value (`degree` of one game also takes it, the graph builtin of
/// that name needing two).
pub fn override_for(name: &str, args: &[Arg]) -> Option<&'static Builtin> {
    let loopy_argument = args
        .iter()
        .any(|a| matches!(a.value, Value::Loopy(_) | Value::LoopyNimber(_)));
    let game_degree = name == "degree" && args.len() == 1 && args[0].value.to_game().is_some();
    if !loopy_argument && !game_degree {
        return None;
    }
    OVERRIDES.iter().find(|b| b.name == name)
}

/// Whether the builtin `name` has a loopy version, which `override_for` may choose at a call.
pub fn has_override(name: &str) -> bool {
    OVERRIDES.iter().any(|b| b.name == name)
}

/// Every loopy version, for the tests of their examples.
#[cfg(test)]
pub fn overrides() -> &'static [Builtin] {
    OVERRIDES
}

/// The outcome class of an impartial loopy game: who wins moving first decides it.
fn impartial_outcome(outcome: ImpartialOutcome) -> LoopyOutcome {
    match outcome {
        ImpartialOutcome::Previous => LoopyOutcome::P,
        ImpartialOutcome::Next => LoopyOutcome::N,
        ImpartialOutcome::Draw => LoopyOutcome::D,
    }
}

fn loopy_arg(arg: &Arg) -> EvalResult<LoopyValue> {
    to_loopy(&arg.value, &arg.span, "the argument")
}

fn stopper_arg(arg: &Arg) -> EvalResult<Stopper> {
    to_stopper(&arg.value, &arg.span, "the argument")
}

fn stopper_value(s: Stopper) -> Value {
    Value::from_loopy(LoopyValue::Stopper(s))
}

fn options(arg: &Arg, side: Side) -> EvalResult<Value> {
    let s = stopper_arg(arg)?;
    Ok(Value::set(
        s.options(side).into_iter().map(stopper_value).collect(),
    ))
}

/// `pow(^, on)` and `pow_to(^, on)`.
fn upon_power(a: &[Arg], span: &Span, to: bool) -> EvalResult<Value> {
    let exponent_is_on =
        matches!(&a[1].value, Value::Loopy(v) if v.as_stopper() == Some(&loopy::on()));
    let base_is_up = a[0].value.to_game() == Some(Game::up());
    if !exponent_is_on || !base_is_up {
        return Err(EvalError::new(
            "a loopy power is defined here only as pow(^, on) and pow_to(^, on)",
            span.clone(),
        )
        .with_help("for an integer n, pow(G, n) and pow_to(G, n) take any G = {0|H}"));
    }
    Ok(stopper_value(if to {
        loopy::upon()
    } else {
        loopy::uponth()
    }))
}
