//! Operations on values: literals, arithmetic, comparisons, and turning values into games. The
//! interpreter calls these; they know nothing of frames or names.

use crate::core::{Game, Integer, Nus, Rational};

use super::num::Num;
use crate::syntax::ast::{BinaryOp, NusLiteral, Span, UnaryOp, UpPart};

use super::error::{EvalError, EvalResult};
use super::value::Value;

/// Powers of up beyond this are refused: ↑^n has birthday n + 1 and costs n canonical forms.
const MAX_UP_POWER: u32 = 10_000;

/// A value as a short game, or an error naming what was expected.
pub fn to_game(v: &Value, span: Span, role: &str) -> EvalResult<Game> {
    if let Some(g) = v.to_game() {
        return Ok(g);
    }
    let err = match v {
        Value::Number(q) if !q.is_finite() => {
            EvalError::new(format!("{q} is not a short game"), span).with_help(
                "inf and -inf are numbers beyond every game; compare them, but do not play them",
            )
        }
        Value::Number(q) => EvalError::new(
            format!("{q} is not a dyadic rational, so it is not a short game"),
            span,
        )
        .with_help("only numbers whose denominator is a power of 2 are games"),
        Value::Loopy(l) => EvalError::new(
            format!("{role} must be a short game; {l} is a loopy game"),
            span,
        )
        .with_help("this operation is defined for short games only"),
        other => EvalError::new(
            format!("{role} must be a game; found {}", other.kind()),
            span,
        ),
    };
    Err(err)
}

fn parse_integer(digits: &str, span: &Span) -> EvalResult<Integer> {
    Integer::parse_decimal(digits)
        .ok_or_else(|| EvalError::new(format!("`{digits}` is not an integer"), span.clone()))
}

pub fn eval_literal(lit: &NusLiteral, span: Span) -> EvalResult<Value> {
    crate::eval::error::guarded(&span.clone(), || eval_literal_unguarded(lit, span))
}

fn eval_literal_unguarded(lit: &NusLiteral, span: Span) -> EvalResult<Value> {
    let number = match &lit.number {
        None => Rational::from_integer(Integer::zero()),
        Some(part) => {
            let mut numerator = parse_integer(&part.numerator, &span)?;
            if part.negative {
                numerator = -numerator;
            }
            let denominator = match &part.denominator {
                Some(d) => parse_integer(d, &span)?,
                None => Integer::one(),
            };
            match Rational::new(numerator.clone(), denominator) {
                Some(q) => q,
                // `1/0` is inf and `-1/0` is -inf, as in CGSuite; only 0/0 has no value.
                None if lit.ups.is_none() && lit.star.is_none() && !numerator.is_zero() => {
                    return Ok(Value::Number(Num::infinity(numerator.is_negative())));
                }
                None => return Err(EvalError::new("`0/0` is undefined", span.clone())),
            }
        }
    };
    if lit.ups.is_none() && lit.star.is_none() {
        return Ok(Value::number(number));
    }
    let Some(x) = number.to_dyadic() else {
        return Err(to_game(&Value::number(number), span, "").unwrap_err());
    };
    let nimber = match &lit.star {
        None => Integer::zero(),
        Some(d) if d.is_empty() => Integer::one(),
        Some(d) => parse_integer(d, &span)?,
    };
    if let Some(part) = loopy_part(lit.ups.as_ref()) {
        return super::loopy::literal(x, nimber, part, &span);
    }
    let base = Game::from_nus(Nus::new(x, Integer::zero(), nimber));
    let ups = match &lit.ups {
        None => Game::ZERO,
        Some(UpPart::Multiple { negative, count }) => {
            let count = parse_integer(count, &span)?;
            let count = if *negative { -count } else { count };
            Game::from_nus(Nus::new(
                crate::core::Dyadic::zero(),
                count,
                Integer::zero(),
            ))
        }
        Some(UpPart::Power { negative, exponent }) => {
            let n = up_exponent(exponent, &span)?;
            let p = Game::up().pow(n).expect("↑ = {0|*}");
            if *negative {
                -p
            } else {
                p
            }
        }
        Some(UpPart::PowerTo { negative, exponent }) => {
            let n = up_exponent(exponent, &span)?;
            let p = Game::up().pow_to(n).expect("↑ = {0|*}");
            if *negative {
                -p
            } else {
                p
            }
        }
        Some(UpPart::Pseudo { .. }) => unreachable!("a loopy part, handled above"),
    };
    Ok(Value::from_game(base + ups))
}

/// The loopy up part of a literal, if it has one: `over`/`under` after a number, or `on` as the
/// exponent (`^[on]` upon, `^<on>` uponth).
fn loopy_part(ups: Option<&UpPart>) -> Option<super::loopy::LoopyPart> {
    use super::loopy::LoopyPart;
    match ups? {
        UpPart::Pseudo { over: true } => Some(LoopyPart::Over),
        UpPart::Pseudo { over: false } => Some(LoopyPart::Under),
        UpPart::PowerTo { negative, exponent } if exponent == "on" => Some(LoopyPart::Upon {
            negative: *negative,
        }),
        UpPart::Power { negative, exponent } if exponent == "on" => Some(LoopyPart::Uponth {
            negative: *negative,
        }),
        _ => None,
    }
}

fn up_exponent(digits: &str, span: &Span) -> EvalResult<u32> {
    let n = parse_integer(digits, span)?;
    match n.to_u32() {
        Some(k) if (1..=MAX_UP_POWER).contains(&k) => Ok(k),
        _ => Err(EvalError::new(
            format!("the power of up must be between 1 and {MAX_UP_POWER}"),
            span.clone(),
        )),
    }
}

pub fn unary(op: UnaryOp, v: Value, operand_span: Span, span: Span) -> EvalResult<Value> {
    crate::eval::error::guarded(&span.clone(), || unary_unguarded(op, v, operand_span, span))
}

fn unary_unguarded(op: UnaryOp, v: Value, operand_span: Span, span: Span) -> EvalResult<Value> {
    match op {
        UnaryOp::Plus => match v {
            Value::Number(_) | Value::Game(_) | Value::Loopy(_) => Ok(v),
            other => Err(EvalError::new(
                format!("cannot apply `+` to {}", other.kind()),
                operand_span,
            )),
        },
        UnaryOp::Neg => match v {
            Value::Number(q) => Ok(Value::Number(q.neg())),
            Value::Game(g) => Ok(Value::from_game(-g)),
            Value::Loopy(l) => Ok(Value::from_loopy(l.negative())),
            Value::Position(p) => Ok(Value::Position(std::rc::Rc::new(p.negated()))),
            other => Err(EvalError::new(
                format!("cannot negate {}", other.kind()),
                operand_span,
            )),
        },
        UnaryOp::Not => match v {
            Value::Bool(b) => Ok(Value::Bool(!b)),
            other => Err(EvalError::new(
                format!("`not` needs a boolean; found {}", other.kind()),
                operand_span,
            )),
        },
        UnaryOp::Nimber => match v.as_integer() {
            Some(n) if !n.is_negative() => Ok(Value::from_game(Game::from_nus(Nus::new(
                crate::core::Dyadic::zero(),
                Integer::zero(),
                n,
            )))),
            _ => Err(EvalError::new(
                match &v {
                    Value::Number(q) => {
                        format!("a nimber *n needs a nonnegative integer n; found {q}")
                    }
                    other => format!(
                        "a nimber *n needs a nonnegative integer n; found {}",
                        other.kind()
                    ),
                },
                operand_span,
            )),
        },
        UnaryOp::PlusMinus => {
            plus_minus(&v, operand_span)
                .map(Value::from_game)
                .map_err(|mut e| {
                    if e.span.is_empty() {
                        e.span = span;
                    }
                    e
                })
        }
    }
}

/// ±G = {G | -G}; for a set S of games, {S | -S}.
fn plus_minus(v: &Value, span: Span) -> EvalResult<Game> {
    match v {
        Value::Set(items) => {
            let games = items
                .iter()
                .map(|i| to_game(i, span.clone(), "an option of a switch"))
                .collect::<EvalResult<Vec<_>>>()?;
            Ok(Game::switch(&games))
        }
        other => Ok(Game::switch(&[to_game(
            other,
            span,
            "the operand of `+-`",
        )?])),
    }
}

pub fn binary(
    op: BinaryOp,
    (a, sa): (Value, Span),
    (b, sb): (Value, Span),
    span: Span,
) -> EvalResult<Value> {
    crate::eval::error::guarded(&span.clone(), || {
        binary_unguarded(op, (a, sa), (b, sb), span)
    })
}

fn binary_unguarded(
    op: BinaryOp,
    (a, sa): (Value, Span),
    (b, sb): (Value, Span),
    span: Span,
) -> EvalResult<Value> {
    use BinaryOp::*;
    match op {
        Add | Sub => add_or_subtract(op == Sub, (a, sa), (b, sb), span),
        AddPlusMinus => {
            let switch = Value::from_game(plus_minus(&b, sb.clone())?);
            add_or_subtract(false, (a, sa), (switch, sb), span)
        }
        Mul => multiply((a, sa), (b, sb), span),
        Sided => super::loopy::sided((&a, &sa), (&b, &sb), &span),
        Div => divide((a, sa), (b, sb), span),
        FloorDiv | Rem => floor_division(op == Rem, (a, sa), (b, sb), span),
        OrdinalSum => {
            let h = to_game(&b, sb.clone(), "the subordinate of an ordinal sum")?;
            check_subordinate(h, sb)?;
            if let Value::Explicit(base) = &a {
                return Ok(Value::from_game(Game::ordinal_sum_explicit(base, h)));
            }
            let g = to_game(&a, sa, "the base of an ordinal sum")?;
            Ok(Value::from_game(g.ordinal_sum(h)))
        }
        And | Or => unreachable!("`and` and `or` are evaluated lazily by the interpreter"),
        Eq => Ok(Value::Bool(a == b)),
        Ne => Ok(Value::Bool(a != b)),
        In => contains(&b, &a, sb).map(Value::Bool),
        Le | Lt | Ge | Gt | Confused | LessOrConfused | GreaterOrConfused => {
            compare(op, (a, sa), (b, sb))
        }
    }
}

fn add_or_subtract(
    subtract: bool,
    (a, sa): (Value, Span),
    (b, sb): (Value, Span),
    span: Span,
) -> EvalResult<Value> {
    if let (Value::Number(x), Value::Number(y)) = (&a, &b) {
        let result = if subtract { x.sub(y) } else { x.add(y) };
        let symbol = if subtract { "-" } else { "+" };
        return result
            .map(Value::Number)
            .ok_or_else(|| EvalError::new(format!("`{x} {symbol} {y}` is undefined"), span));
    }
    if !subtract {
        // `+` also joins strings, lists and tuples.
        let as_list = |v: &Value| match v {
            Value::NimList(list) => Value::list(list.items()),
            other => other.clone(),
        };
        let (a, b) = (as_list(&a), as_list(&b));
        match (&a, &b) {
            (Value::Str(x), Value::Str(y)) => return Ok(Value::str(&format!("{x}{y}"))),
            (Value::List(x), Value::List(y)) => return Ok(Value::list([&x[..], &y[..]].concat())),
            (Value::Tuple(x), Value::Tuple(y)) => {
                return Ok(Value::tuple([&x[..], &y[..]].concat()))
            }
            _ => {}
        }
    }
    if let Some(sum) = crate::eval::position::add_or_subtract(subtract, (&a, &sa), (&b, &sb)) {
        return sum;
    }
    if let Some(sum) = loopy_nimber_sum(&a, &b, &sb)? {
        return Ok(sum);
    }
    if let Some(result) = crate::eval::misere::add_or_subtract(subtract, (&a, &sa), (&b, &sb)) {
        return result;
    }
    if matches!(a, Value::Loopy(_)) || matches!(b, Value::Loopy(_)) {
        return super::loopy::add(subtract, (&a, &sa), (&b, &sb), &span);
    }
    let verb = if subtract { "subtract" } else { "add" };
    let mismatch = |v: &Value, s: &Span| {
        EvalError::new(
            format!("cannot {verb} {} and {}", a.kind(), b.kind()),
            s.clone(),
        )
        .with_label(format!("this is {}", v.kind()))
        .with_help(format!(
            "`+` and `-` work on numbers and games; this operand is {}",
            v.kind()
        ))
    };
    let g = match &a {
        Value::Number(_) | Value::Game(_) | Value::Explicit(_) | Value::Sum(_) => {
            to_game(&a, sa, "an operand")?
        }
        other => return Err(mismatch(other, &sa)),
    };
    let h = match &b {
        Value::Number(_) | Value::Game(_) | Value::Explicit(_) | Value::Sum(_) => {
            to_game(&b, sb, "an operand")?
        }
        other => return Err(mismatch(other, &sb)),
    };
    let _ = span;
    Ok(Value::from_game(if subtract { g - h } else { g + h }))
}

/// The sum (or difference: each is its own negative) of two impartial values at least one of
/// which is a loopy nim-value ∞_K, by Smith's rules; `None` when neither is one.
fn loopy_nimber_sum(a: &Value, b: &Value, span: &Span) -> EvalResult<Option<Value>> {
    if !matches!(a, Value::LoopyNimber(_)) && !matches!(b, Value::LoopyNimber(_)) {
        return Ok(None);
    }
    match (a.to_loopy_nimber(), b.to_loopy_nimber()) {
        (Some(x), Some(y)) => Ok(Some(Value::from_loopy_nimber(x.sum(&y)))),
        _ => Err(EvalError::new(
            format!("cannot add {} and {}", a.kind(), b.kind()),
            span.clone(),
        )
        .with_help(
            "a loopy nim-value adds to nimbers and other loopy nim-values (impartial games)",
        )),
    }
}

fn multiply((a, sa): (Value, Span), (b, sb): (Value, Span), span: Span) -> EvalResult<Value> {
    match (&a, &b) {
        (Value::Number(x), Value::Number(y)) => x
            .mul(y)
            .map(Value::Number)
            .ok_or_else(|| EvalError::new(format!("`{x} * {y}` is undefined"), span)),
        (Value::Graph(g), Value::Graph(h)) => g
            .try_product(h)
            .map(Value::Graph)
            .map_err(|e| EvalError::new(format!("cannot take this product: {e}"), span)),
        // n * G is n copies of G's value; an explicit form or a sum of positions counts by its
        // value too, as in CGSuite (-2 * '{|-1}' is 4).
        (Value::Number(_), Value::Game(_) | Value::Explicit(_) | Value::Sum(_)) => {
            let g = to_game(&b, sb, "a multiplied game")?;
            Ok(Value::from_game(g.times(&integer_factor(&a, sa)?)))
        }
        (Value::Game(_) | Value::Explicit(_) | Value::Sum(_), Value::Number(_)) => {
            let g = to_game(&a, sa, "a multiplied game")?;
            Ok(Value::from_game(g.times(&integer_factor(&b, sb)?)))
        }
        (Value::Number(_), Value::Loopy(_)) => super::loopy::times(&integer_factor(&a, sa)?, &b, &span),
        (Value::Loopy(_), Value::Number(_)) => super::loopy::times(&integer_factor(&b, sb)?, &a, &span),
        (Value::Game(_) | Value::Loopy(_), Value::Game(_) | Value::Loopy(_)) => Err(EvalError::new("cannot multiply two games with `*`", span)
            .with_help("`n * G` is the sum of n copies of G; products of games are conway_product and norton_product")),
        _ => Err(EvalError::new(format!("cannot multiply {} by {}", a.kind(), b.kind()), span)),
    }
}

/// `x in collection` when the answer needs neither the engine nor an error: `x` a machine
/// integer or a string (a vertex, a cell symbol), the collection a list, tuple, set or range.
/// The interpreter asks this first, without the guard and the spans of the general operation
/// (Hackenbush's rules ask whether a vertex is reached a million times).
pub fn contains_in_place(collection: &Value, x: &Value) -> Option<bool> {
    if !matches!(x, Value::Number(Num::Small(_)) | Value::Str(_)) {
        return None;
    }
    Some(match collection {
        Value::List(v) => v.contains(x),
        Value::Tuple(v) => v.contains(x),
        Value::Set(v) => set_contains(v, x),
        Value::Range {
            start,
            end,
            inclusive,
        } => match x {
            Value::Number(Num::Small(n)) => n >= start && (n < end || (*inclusive && n == end)),
            _ => false,
        },
        _ => return None,
    })
}

/// Membership in a set: a binary search in printing order, machine integers compared at once.
fn set_contains(items: &[Value], x: &Value) -> bool {
    set_position(items, x).is_ok()
}

/// Where `x` is, or would go, among a set's elements (sorted in printing order): the binary
/// search of `slice::binary_search`, comparing machine integers at once.
#[inline]
pub fn set_position(items: &[Value], x: &Value) -> Result<usize, usize> {
    match x {
        Value::Number(Num::Small(n)) => items.binary_search_by(|e| match e {
            Value::Number(Num::Small(m)) => m.cmp(n),
            e => super::value::compare_for_printing(e, x),
        }),
        _ => items.binary_search_by(|e| super::value::compare_for_printing(e, x)),
    }
}

/// `x in collection`.
fn contains(collection: &Value, x: &Value, span: Span) -> EvalResult<bool> {
    Ok(match collection {
        Value::List(v) => v.contains(x),
        Value::Tuple(v) => v.contains(x),
        Value::NimList(list) => x
            .as_i64()
            .is_some_and(|x| list.iter().any(|v| i64::from(v) == x)),
        Value::Set(v) => set_contains(v, x),
        Value::Map(m) => m.contains_key(x),
        Value::Range {
            start,
            end,
            inclusive,
        } => match x.as_i64() {
            Some(n) => n >= *start && (n < *end || (*inclusive && n == *end)),
            None => false,
        },
        Value::Str(s) => match x {
            Value::Str(t) => s.contains(&**t),
            _ => false,
        },
        other => {
            return Err(EvalError::new(
                format!(
                    "`in` needs a collection on its right; found {}",
                    other.kind()
                ),
                span,
            ))
        }
    })
}

/// The ordinal sum G : H has a follower for every follower of H, and canonical forms of games
/// this deep are compared by recursion on the evaluation thread's stack; past this H is
/// refused (`ordinal_sum(1, 10000000000000)` would never end).
const MAX_SUBORDINATE_BIRTHDAY: u32 = 500_000;

/// An error unless H is born early enough to be the subordinate of an ordinal sum.
pub fn check_subordinate(h: Game, span: Span) -> EvalResult<()> {
    if h.birthday() > Integer::from(MAX_SUBORDINATE_BIRTHDAY) {
        return Err(EvalError::new(
            format!("{h} is born too late to be the subordinate of an ordinal sum"),
            span,
        )
        .with_help(format!(
            "G : H has a follower for every follower of H; H must be born by day {MAX_SUBORDINATE_BIRTHDAY}"
        )));
    }
    Ok(())
}

/// `a // b` (rounded down) and `a % b` (the remainder, with the sign of b) on rationals.
fn floor_division(
    remainder: bool,
    (a, sa): (Value, Span),
    (b, sb): (Value, Span),
    span: Span,
) -> EvalResult<Value> {
    let symbol = if remainder { "%" } else { "//" };
    let (Value::Number(x), Value::Number(y)) = (&a, &b) else {
        let (v, s) = if matches!(a, Value::Number(_)) {
            (&b, sb)
        } else {
            (&a, sa)
        };
        return Err(EvalError::new(
            format!("`{symbol}` works on numbers; this is {}", v.kind()),
            s,
        ));
    };
    if let (Value::Number(Num::Small(p)), Value::Number(Num::Small(q))) = (&a, &b) {
        if *q != 0 {
            if let (Some(d), Some(m)) = (p.checked_div_euclid(*q), p.checked_rem_euclid(*q)) {
                // Floor semantics: the remainder takes the sign of the divisor.
                let (d, m) = if m != 0 && *q < 0 {
                    (d - 1, m + q)
                } else {
                    (d, m)
                };
                return Ok(Value::int(if remainder { m } else { d }));
            }
        }
    }
    if y.is_zero() {
        return Err(EvalError::new("division by zero", sb));
    }
    // x - y * floor(x / y) for finite x and y; with an infinity there is no floor.
    let floor = x.checked_div(y).and_then(|q| q.floor());
    let result = floor.and_then(|f| {
        if remainder {
            y.mul(&f).and_then(|p| x.sub(&p))
        } else {
            Some(f)
        }
    });
    result
        .map(Value::Number)
        .ok_or_else(|| EvalError::new(format!("`{symbol}` needs finite numbers"), span))
}

fn integer_factor(v: &Value, span: Span) -> EvalResult<Integer> {
    v.as_integer().ok_or_else(|| {
        EvalError::new(
            format!("a game can be multiplied only by an integer, not by {v}"),
            span,
        )
        .with_help("`n * G` is the sum of n copies of G")
    })
}

fn divide((a, _sa): (Value, Span), (b, sb): (Value, Span), span: Span) -> EvalResult<Value> {
    match (&a, &b) {
        (Value::Number(x), Value::Number(y)) => x
            .checked_div(y)
            .map(Value::Number)
            .ok_or_else(|| EvalError::new(format!("`{x}/{y}` is undefined"), sb)),
        _ => Err(EvalError::new(
            format!("cannot divide {} by {}", a.kind(), b.kind()),
            span,
        )),
    }
}

fn compare(op: BinaryOp, (a, sa): (Value, Span), (b, sb): (Value, Span)) -> EvalResult<Value> {
    use BinaryOp::*;
    if let (Value::Str(x), Value::Str(y)) = (&a, &b) {
        let result = match op {
            Le => x <= y,
            Lt => x < y,
            Ge => x >= y,
            Gt => x > y,
            _ => {
                return Err(EvalError::new(
                    "strings compare only with == != < <= > >=",
                    sa,
                ))
            }
        };
        return Ok(Value::Bool(result));
    }
    // Rationals that are not games still have their usual order.
    if let (Value::Number(x), Value::Number(y)) = (&a, &b) {
        let result = match op {
            Le => x <= y,
            Lt => x < y,
            Ge => x >= y,
            Gt => x > y,
            Confused => false,
            LessOrConfused => x < y,
            GreaterOrConfused => x > y,
            _ => unreachable!("equality is not an order comparison"),
        };
        return Ok(Value::Bool(result));
    }
    if matches!(a, Value::Loopy(_)) || matches!(b, Value::Loopy(_)) {
        return super::loopy::compare(op, (&a, &sa), (&b, &sb));
    }
    if let Some(result) = compare_number_and_game(op, &a, &b) {
        return Ok(Value::Bool(result));
    }
    let g = to_game(&a, sa, "a compared value")?;
    let h = to_game(&b, sb, "a compared value")?;
    let result = match op {
        Le => g.leq(h),
        Lt => g.lt(h),
        Ge => g.geq(h),
        Gt => g.gt(h),
        Confused => g.confused(h),
        LessOrConfused => !h.leq(g),
        GreaterOrConfused => !g.leq(h),
        _ => unreachable!("equality is not an order comparison"),
    };
    Ok(Value::Bool(result))
}

/// A comparison between a number that is not a short game (a non-dyadic rational such as 1/3,
/// or inf) and a game: x differs from every stop of G, so G > x when x is below the right stop,
/// G < x when x is above the left stop, and G is confused with x when x lies strictly between
/// (the number-avoidance and stop theorems, Siegel, CGT, II.3 and II.5). `None` unless exactly
/// one side is such a number and the other a game.
pub fn compare_number_and_game(op: BinaryOp, a: &Value, b: &Value) -> Option<bool> {
    use std::cmp::Ordering::{Greater, Less};
    use BinaryOp::*;
    let (x, g, flipped) = match (a, b) {
        (Value::Number(x), other) if x.to_dyadic().is_none() => (x, other.to_game()?, false),
        (other, Value::Number(x)) if x.to_dyadic().is_none() => (x, other.to_game()?, true),
        _ => return None,
    };
    let stop_vs_x = |stop: crate::core::Dyadic| Num::from_rational(Rational::from(stop)).cmp(x);
    // The order of G against x, or None when they are confused.
    let g_vs_x = if stop_vs_x(g.right_stop()) == Greater {
        Some(Greater)
    } else if stop_vs_x(g.left_stop()) == Less {
        Some(Less)
    } else {
        None
    };
    // The order of the left operand against the right one.
    let order = if flipped {
        g_vs_x
    } else {
        g_vs_x.map(|o| o.reverse())
    };
    Some(match op {
        Le | Lt => order == Some(Less),
        Ge | Gt => order == Some(Greater),
        Confused => order.is_none(),
        LessOrConfused => order != Some(Greater),
        GreaterOrConfused => order != Some(Less),
        _ => return None,
    })
}

/// `target[index]`: lists and tuples by position (negative counts from the end), strings by
/// position, maps by key.
pub fn index(target: &Value, index: &Value, index_span: &Span, span: &Span) -> EvalResult<Value> {
    if let Value::Range {
        start,
        end,
        inclusive,
    } = index
    {
        return slice(target, *start, *end, *inclusive, span);
    }
    if let Some(items) = target.sequence() {
        let i = position(index, items.len(), index_span)?;
        return Ok(items[i].clone());
    }
    match target {
        Value::NimList(list) => {
            let i = position(index, list.len(), index_span)?;
            Ok(Value::int(i64::from(list.get(i))))
        }
        Value::Str(s) => {
            let chars: Vec<char> = s.chars().collect();
            let i = position(index, chars.len(), index_span)?;
            Ok(Value::str(&chars[i].to_string()))
        }
        Value::Map(m) => m.get(index).cloned().ok_or_else(|| {
            EvalError::new(
                format!("the key {index} is not in the map"),
                index_span.clone(),
            )
        }),
        other => Err(EvalError::new(
            format!("cannot index into {}", other.kind()),
            span.clone(),
        )),
    }
}

/// `target[a..b]`: the elements from a up to b (b excluded, or included with `..=`), clamped to
/// the sequence.
fn slice(target: &Value, start: i64, end: i64, inclusive: bool, span: &Span) -> EvalResult<Value> {
    let clamp = |i: i64, len: usize| i.clamp(0, len as i64) as usize;
    let end = if inclusive {
        end.saturating_add(1)
    } else {
        end
    };
    match target {
        Value::List(_) | Value::Tuple(_) => {
            let items = target.sequence().expect("a list or tuple");
            let (a, b) = (clamp(start, items.len()), clamp(end, items.len()));
            let part = if a < b {
                items[a..b].to_vec()
            } else {
                Vec::new()
            };
            Ok(if matches!(target, Value::List(_)) {
                Value::list(part)
            } else {
                Value::tuple(part)
            })
        }
        Value::NimList(list) => {
            let (a, b) = (clamp(start, list.len()), clamp(end, list.len()));
            Ok(Value::NimList(std::rc::Rc::new(list.sublist(a, b.max(a)))))
        }
        Value::Str(s) => {
            let chars: Vec<char> = s.chars().collect();
            let (a, b) = (clamp(start, chars.len()), clamp(end, chars.len()));
            Ok(Value::str(&if a < b {
                chars[a..b].iter().collect::<String>()
            } else {
                String::new()
            }))
        }
        other => Err(EvalError::new(
            format!("cannot take a slice of {}", other.kind()),
            span.clone(),
        )),
    }
}

/// The position `index` denotes in a sequence of `len` elements.
fn position(index: &Value, len: usize, span: &Span) -> EvalResult<usize> {
    let Some(i) = index.as_i64() else {
        return Err(EvalError::new(
            format!("an index must be an integer; found {}", index.kind()),
            span.clone(),
        ));
    };
    let resolved = if i < 0 { i + len as i64 } else { i };
    if resolved < 0 || resolved >= len as i64 {
        return Err(EvalError::new(
            format!(
                "index {i} is out of range for {len} element{}",
                if len == 1 { "" } else { "s" }
            ),
            span.clone(),
        ));
    }
    Ok(resolved as usize)
}

/// `target[k1][k2]... = value`, updating lists and maps in place when they are not shared.
pub fn set_index(
    target: &mut Value,
    path: &[(Value, Span)],
    value: Value,
    span: &Span,
) -> EvalResult<()> {
    let Some(((key, key_span), rest)) = path.split_first() else {
        *target = value;
        return Ok(());
    };
    match target {
        Value::List(items) => {
            let i = position(key, items.len(), key_span)?;
            set_index(&mut std::rc::Rc::make_mut(items)[i], rest, value, span)
        }
        Value::Map(map) => {
            let map = std::rc::Rc::make_mut(map);
            if rest.is_empty() {
                map.insert(key.clone(), value);
                return Ok(());
            }
            match map.get_mut(key) {
                Some(inner) => set_index(inner, rest, value, span),
                None => Err(EvalError::new(
                    format!("the key {key} is not in the map"),
                    key_span.clone(),
                )),
            }
        }
        other => Err(EvalError::new(
            format!(
                "cannot assign into {}; only lists and maps change",
                other.kind()
            ),
            span.clone(),
        )),
    }
}
