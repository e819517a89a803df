//! Builtins on positions: making them, their values and moves, winning and sensible moves, and
//! the moves ranked by the strategies for hot sums.

use std::rc::Rc;

use crate::core::{LoopyOutcome, Side};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::interp::Interpreter;
use crate::eval::position::{Part, Position};
use crate::eval::strategy::{RankedMove, Strategy};
use crate::eval::value::Value;
use crate::syntax::ast::Span;

use super::{builtin_with_interpreter, Arg, Arity, Builtin};

use Arity::{Between, Exactly};

pub static BUILTINS: &[Builtin] = &[
    builtin_with_interpreter!("position", "position(R, p) or position(G)", Between(1, 2),
        "The position p of the ruleset R as a value that keeps its ruleset: it prints as the position (a board is drawn), and left_moves, winning_moves, :explore and :play work on it. `p + q + *3` is a sum that keeps its components; `-p` exchanges Left and Right. position(G) plays the game G on its canonical form.",
        "position(Nim, 3) + *2  # position(Nim,3) + *2", |_, a, _| make_position(a)),
    builtin_with_interpreter!("value", "value(p)", Exactly(1),
        "The value of a position (or sum of positions), from its ruleset's table of values; of a game, the game.",
        "value(position(Nim, 3) + *2)  # *", |interp, a, s| {
            let p = position_arg(&a[0])?;
            interp.value_of_position(&p, s)
        }),
    builtin_with_interpreter!("summands", "summands(S)", Exactly(1),
        "The components of a sum of positions, each a position.",
        "summands(position(Nim, 3) + *2)  # [position(Nim,3),*2]", |_, a, _| {
            let p = position_arg(&a[0])?;
            Ok(Value::list(p.parts.into_iter().map(|part| position_value(Position::single(part))).collect()))
        }),
    builtin_with_interpreter!("left_moves", "left_moves(p)", Exactly(1),
        "The positions after each move of Left, component by component in the order the rules list them (a move in a sum is a move in one component).",
        "left_moves(position(Nim, 2) + 1)  # [position(Nim,0) + 1,position(Nim,1) + 1,position(Nim,2) + 0]", |interp, a, s| {
            moves(interp, &a[0], Side::Left, s)
        }),
    builtin_with_interpreter!("right_moves", "right_moves(p)", Exactly(1),
        "The positions after each move of Right, component by component in the order the rules list them.",
        "right_moves(-position(Nim, 1))  # [-position(Nim,0)]", |interp, a, s| {
            moves(interp, &a[0], Side::Right, s)
        }),
    builtin_with_interpreter!("moves", "moves(p)", Exactly(1),
        "The positions after each move of an impartial position or sum (both players have the same moves).",
        "moves(position(Kayles, 3))  # [position(Kayles,0) + position(Kayles,2),position(Kayles,1) + position(Kayles,1),position(Kayles,0) + position(Kayles,1)]", |interp, a, s| {
            let p = position_arg(&a[0])?;
            if !p.is_impartial() {
                return Err(EvalError::new("this position is partizan: its players have different moves", a[0].span.clone())
                    .with_help("use left_moves(p) and right_moves(p)"));
            }
            moves(interp, &a[0], Side::Left, s)
        }),
    builtin_with_interpreter!("winning_moves", "winning_moves(S, side) or winning_moves(S)", Between(1, 2),
        "The winning moves of \"Left\" or \"Right\" in a sum of positions and games: the positions after which the mover wins moving second (value >= 0 for Left, <= 0 for Right). In an impartial sum (side optional) the moves to nim-value 0. Empty when no move wins.",
        "winning_moves(position(Nim, 3) + *2)  # [position(Nim,2) + *2]", |interp, a, s| {
            let p = position_arg(&a[0])?;
            let side = side_arg(a.get(1), &p, s)?;
            let moves = interp.winning_moves(&p, side, s)?;
            Ok(after_positions(moves))
        }),
    builtin_with_interpreter!("best_moves", "best_moves(S, side) or best_moves(S, side, strategy)", Between(2, 3),
        "Every move of \"Left\" or \"Right\" in a sum, best first: the winning moves, then the others, each group ranked by the strategy, \"Thermostrat\" (the default; Berlekamp 1996: play in the widest component at the ambient temperature) or \"Hotstrat\" (play in the hottest component); in a component, the option whose thermograph wall is best at that temperature.",
        "best_moves(position({3|-3}) + {1|-1}, \"Left\")[0]  # 3 + +-1", |interp, a, s| {
            let p = position_arg(&a[0])?;
            let side = side_arg(a.get(1), &p, s)?;
            let strategy = match a.get(2) {
                None => Strategy::Thermostrat,
                Some(arg) => match &arg.value {
                    Value::Str(name) => Strategy::parse(name),
                    _ => None,
                }
                .ok_or_else(|| EvalError::new(format!("unknown strategy {}", arg.value), arg.span.clone())
                    .with_help("the strategies are \"Thermostrat\" and \"Hotstrat\""))?,
            };
            Ok(after_positions(interp.best_moves(&p, side, strategy, s)?))
        }),
    builtin_with_interpreter!("sensible_left_options", "sensible_left_options(G)", Exactly(1),
        "The sensible Left moves of a position or game G (Siegel, CGT, ch. II): the G^L with G^L >= K^L for some Left option K^L of the canonical form K of G. Every K^L is answered by one of them, so Left loses nothing playing only these. Of a canonical form, its own Left options.",
        "sensible_left_options(position({2|0}) + position({2|0}))  # [2 + {2|0},{2|0} + 2]", |interp, a, s| {
            sensible(interp, &a[0], Side::Left, s)
        }),
    builtin_with_interpreter!("sensible_right_options", "sensible_right_options(G)", Exactly(1),
        "The sensible Right moves of a position or game G (Siegel, CGT, ch. II): the G^R with G^R <= K^R for some Right option K^R of the canonical form K of G.",
        "sensible_right_options(position({2|0}) + 1)  # [0 + 1]", |interp, a, s| {
            sensible(interp, &a[0], Side::Right, s)
        }),
];

fn make_position(a: &[Arg]) -> EvalResult<Value> {
    match a {
        [g] => match Position::from_value(&g.value) {
            Some(p) => Ok(position_value(p)),
            None => Err(EvalError::new(
                format!("position(G) needs a game; found {}", g.value.kind()),
                g.span.clone(),
            )
            .with_help("for a position of a ruleset write position(R, p)")),
        },
        [r, state] => {
            let Value::Ruleset(ruleset) = &r.value else {
                let help = match &r.value {
                    Value::RulesetDef(def) => format!(
                        "`{}` takes parameters: write position({}(...), p)",
                        def.name, def.name
                    ),
                    _ => "a ruleset is declared with `ruleset Name { ... }`".to_string(),
                };
                return Err(EvalError::new(
                    format!("expected a ruleset; found {}", r.value.kind()),
                    r.span.clone(),
                )
                .with_help(help));
            };
            let component = |state: Value| Part::Ruleset {
                ruleset: ruleset.clone(),
                state,
                negated: false,
            };
            let parts = match &state.value {
                Value::Sum(states) => states.iter().cloned().map(component).collect(),
                Value::Position(_) => {
                    return Err(EvalError::new(
                        "this is already a position",
                        state.span.clone(),
                    ))
                }
                other => vec![component(other.clone())],
            };
            Ok(position_value(Position { parts }))
        }
        _ => unreachable!("the arity is checked"),
    }
}

pub fn position_value(p: Position) -> Value {
    Value::Position(Rc::new(p))
}

/// A position argument: a position, or a game played on its canonical form.
fn position_arg(arg: &Arg) -> EvalResult<Position> {
    Position::from_value(&arg.value).ok_or_else(|| {
        EvalError::new(
            format!("expected a position or a game; found {}", arg.value.kind()),
            arg.span.clone(),
        )
        .with_help("make a position with position(R, p), for example position(Domineering, grid(\"..|..\"))")
    })
}

/// The side named by an argument: "Left" or "Right" (or `L`, `R`); optional for an
/// impartial sum, where both sides have the same moves.
fn side_arg(arg: Option<&Arg>, p: &Position, span: &Span) -> EvalResult<Side> {
    let Some(arg) = arg else {
        if p.is_impartial() {
            return Ok(Side::Left);
        }
        return Err(
            EvalError::new("this sum is partizan: say whose move it is", span.clone())
                .with_help("add \"Left\" or \"Right\", as in winning_moves(S, \"Left\")"),
        );
    };
    parse_side(&arg.value).ok_or_else(|| {
        EvalError::new(
            format!("expected \"Left\" or \"Right\"; found {}", arg.value),
            arg.span.clone(),
        )
    })
}

/// "Left", "left", "L" (and the outcome constants L and R) name a side.
pub fn parse_side(v: &Value) -> Option<Side> {
    match v {
        Value::Str(s) => match s.to_ascii_lowercase().as_str() {
            "left" | "l" => Some(Side::Left),
            "right" | "r" => Some(Side::Right),
            _ => None,
        },
        Value::Outcome(LoopyOutcome::L) => Some(Side::Left),
        Value::Outcome(LoopyOutcome::R) => Some(Side::Right),
        _ => None,
    }
}

fn moves(interp: &mut Interpreter, arg: &Arg, side: Side, span: &Span) -> EvalResult<Value> {
    let p = position_arg(arg)?;
    let moves = interp.moves_of(&p, side, span)?;
    Ok(Value::list(
        moves.into_iter().map(|m| position_value(m.after)).collect(),
    ))
}

fn after_positions(moves: Vec<RankedMove>) -> Value {
    Value::list(
        moves
            .into_iter()
            .map(|m| position_value(m.the_move.after))
            .collect(),
    )
}

fn sensible(interp: &mut Interpreter, arg: &Arg, side: Side, span: &Span) -> EvalResult<Value> {
    let p = position_arg(arg)?;
    Ok(after_positions(interp.sensible_moves(&p, side, span)?))
}

/// The arguments of a builtin on games with every position replaced by its value (from its
/// ruleset's table), so that `temperature(p)`, `canonical_form(p)` or `outcome(p)` work on
/// positions; `None` when no argument is a position or the builtin is not one on games.
/// Whether `builtin` is one on games, whose position arguments `valued_arguments` replaces by
/// their values.
pub(super) fn values_positions(builtin: &Builtin) -> bool {
    super::games::BUILTINS
        .iter()
        .chain(super::thermal::BUILTINS)
        .any(|b| b.name == builtin.name)
}

pub(super) fn valued_arguments(
    interp: &mut Interpreter,
    builtin: &Builtin,
    args: &[Arg],
    span: &Span,
) -> EvalResult<Option<Vec<Arg>>> {
    if !args.iter().any(|a| matches!(a.value, Value::Position(_))) || !values_positions(builtin) {
        return Ok(None);
    }
    let _ = span;
    args.iter()
        .map(|a| {
            let value = match &a.value {
                Value::Position(p) => interp.value_of_position(p, &a.span)?,
                other => other.clone(),
            };
            Ok(Arg {
                value,
                span: a.span.clone(),
            })
        })
        .collect::<EvalResult<Vec<Arg>>>()
        .map(Some)
}
