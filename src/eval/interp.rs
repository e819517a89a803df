//! The evaluator: walks the syntax tree and computes values with the core.

use crate::core::{Game, Integer, Nus, Rational};
use crate::syntax::ast::{BinaryOp, Expr, ExprKind, NusLiteral, Span, UnaryOp, UpPart};

use super::builtins::{self, Arg};
use super::error::{EvalError, EvalResult};
use super::value::Value;

/// Deeper nesting than this is refused rather than risking the stack.
const MAX_DEPTH: usize = 2_000;

/// Powers of up beyond this are refused: ↑^n has birthday n + 1 and costs n canonical forms.
const MAX_UP_POWER: u32 = 10_000;

#[derive(Default)]
pub struct Interpreter {
    depth: usize,
}

impl Interpreter {
    pub fn new() -> Interpreter {
        Interpreter::default()
    }

    pub fn eval(&mut self, e: &Expr) -> EvalResult<Value> {
        if self.depth >= MAX_DEPTH {
            return Err(
                EvalError::new("expression nested too deeply", e.span.clone()).with_help(format!(
                    "cg evaluates at most {MAX_DEPTH} nested expressions"
                )),
            );
        }
        self.depth += 1;
        let result = self.eval_kind(e);
        self.depth -= 1;
        result
    }

    fn eval_kind(&mut self, e: &Expr) -> EvalResult<Value> {
        let span = e.span.clone();
        match &e.kind {
            ExprKind::Nus(lit) => eval_literal(lit, span),
            ExprKind::Name(name) => eval_name(name, span),
            ExprKind::Call { callee, args } => self.eval_call(callee, args, span),
            ExprKind::Game { left, right } => {
                let left = self.eval_options(left)?;
                let right = self.eval_options(right)?;
                Ok(Value::from_game(Game::from_options(&left, &right)))
            }
            ExprKind::Set(items) => {
                let values = items
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<EvalResult<Vec<_>>>()?;
                Ok(Value::set(values))
            }
            ExprKind::List(items) => {
                let values = items
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<EvalResult<Vec<_>>>()?;
                Ok(Value::List(values))
            }
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand)?;
                unary(*op, v, operand.span.clone(), span)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                binary(*op, (a, lhs.span.clone()), (b, rhs.span.clone()), span)
            }
        }
    }

    fn eval_options(&mut self, options: &[Expr]) -> EvalResult<Vec<Game>> {
        options
            .iter()
            .map(|o| {
                let v = self.eval(o)?;
                to_game(&v, o.span.clone(), "an option of a game")
            })
            .collect()
    }

    fn eval_call(&mut self, callee: &Expr, args: &[Expr], span: Span) -> EvalResult<Value> {
        let ExprKind::Name(name) = &callee.kind else {
            return Err(EvalError::new(
                "only named functions can be called",
                callee.span.clone(),
            ));
        };
        let Some(builtin) = builtins::lookup(name) else {
            return Err(unknown_name(name, callee.span.clone()));
        };
        let values = args
            .iter()
            .map(|a| {
                Ok(Arg {
                    value: self.eval(a)?,
                    span: a.span.clone(),
                })
            })
            .collect::<EvalResult<Vec<_>>>()?;
        builtins::call(builtin, &values, span)
    }
}

fn eval_name(name: &str, span: Span) -> EvalResult<Value> {
    match name {
        "true" => Ok(Value::Bool(true)),
        "false" => Ok(Value::Bool(false)),
        _ if builtins::lookup(name).is_some() => {
            Err(EvalError::new(format!("`{name}` is a function"), span)
                .with_help(format!("call it with arguments: `{name}(...)`")))
        }
        _ => Err(unknown_name(name, span)),
    }
}

fn unknown_name(name: &str, span: Span) -> EvalError {
    let err = EvalError::new(format!("unknown name `{name}`"), span);
    match builtins::closest_name(name) {
        Some(suggestion) => err.with_help(format!("did you mean `{suggestion}`?")),
        None => err,
    }
}

/// A value as a short game, or an error naming what was expected.
pub fn to_game(v: &Value, span: Span, role: &str) -> EvalResult<Game> {
    if let Some(g) = v.to_game() {
        return Ok(g);
    }
    let err = match v {
        Value::Number(q) => EvalError::new(
            format!("{q} is not a dyadic rational, so it is not a short game"),
            span,
        )
        .with_help("only numbers whose denominator is a power of 2 are games"),
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

fn eval_literal(lit: &NusLiteral, span: Span) -> EvalResult<Value> {
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
            Rational::new(numerator, denominator)
                .ok_or_else(|| EvalError::new("division by zero", span.clone()))?
        }
    };
    if lit.ups.is_none() && lit.star.is_none() {
        return Ok(Value::Number(number));
    }
    let Some(x) = number.to_dyadic() else {
        return Err(to_game(&Value::Number(number), span, "").unwrap_err());
    };
    let nimber = match &lit.star {
        None => Integer::zero(),
        Some(d) if d.is_empty() => Integer::one(),
        Some(d) => parse_integer(d, &span)?,
    };
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
    };
    Ok(Value::from_game(base + ups))
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

fn unary(op: UnaryOp, v: Value, operand_span: Span, span: Span) -> EvalResult<Value> {
    match op {
        UnaryOp::Plus => match v {
            Value::Number(_) | Value::Game(_) => Ok(v),
            other => Err(EvalError::new(
                format!("cannot apply `+` to {}", other.kind()),
                operand_span,
            )),
        },
        UnaryOp::Neg => match v {
            Value::Number(q) => Ok(Value::Number(-q)),
            Value::Game(g) => Ok(Value::from_game(-g)),
            other => Err(EvalError::new(
                format!("cannot negate {}", other.kind()),
                operand_span,
            )),
        },
        UnaryOp::PlusMinus => plus_minus(&v, operand_span)
            .map(Value::from_game)
            .map_err(|e| {
                if e.span.is_empty() {
                    EvalError { span, ..e }
                } else {
                    e
                }
            }),
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

fn binary(
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
        Div => divide((a, sa), (b, sb), span),
        Eq => Ok(Value::Bool(a == b)),
        Ne => Ok(Value::Bool(a != b)),
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
        return Ok(Value::Number(if subtract { x - y } else { x + y }));
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
        Value::Number(_) | Value::Game(_) => to_game(&a, sa, "an operand")?,
        other => return Err(mismatch(other, &sa)),
    };
    let h = match &b {
        Value::Number(_) | Value::Game(_) => to_game(&b, sb, "an operand")?,
        other => return Err(mismatch(other, &sb)),
    };
    let _ = span;
    Ok(Value::from_game(if subtract { g - h } else { g + h }))
}

fn multiply((a, sa): (Value, Span), (b, sb): (Value, Span), span: Span) -> EvalResult<Value> {
    match (&a, &b) {
        (Value::Number(x), Value::Number(y)) => Ok(Value::Number(x * y)),
        (Value::Number(_), Value::Game(g)) => Ok(Value::from_game(g.times(&integer_factor(&a, sa)?))),
        (Value::Game(g), Value::Number(_)) => Ok(Value::from_game(g.times(&integer_factor(&b, sb)?))),
        (Value::Game(_), Value::Game(_)) => Err(EvalError::new("cannot multiply two games with `*`", span)
            .with_help("`n * G` is the sum of n copies of G; products of games are conway_product and norton_product")),
        _ => Err(EvalError::new(format!("cannot multiply {} by {}", a.kind(), b.kind()), span)),
    }
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
            .ok_or_else(|| EvalError::new("division by zero", sb)),
        _ => Err(EvalError::new(
            format!("cannot divide {} by {}", a.kind(), b.kind()),
            span,
        )),
    }
}

fn compare(op: BinaryOp, (a, sa): (Value, Span), (b, sb): (Value, Span)) -> EvalResult<Value> {
    use BinaryOp::*;
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
