//! A compact S-expression rendering of the AST, for tests and debugging: literals are written as
//! they would be typed (`-1vv*3`, `^<2>*`), names as themselves, games as `{3 | {2 | 1}}` and
//! everything else as `(op child ...)`, e.g. `(+ 1 (* 2 x))`, `(neg x)`, `(call f a b)`,
//! `(set 1 2)`, `(list 1 2)`.

use super::ast::{BinaryOp, Expr, ExprKind, NusLiteral, UnaryOp, UpPart};

/// The literal in the compact notation: number part, up part, star part.
pub fn literal_text(lit: &NusLiteral) -> String {
    let mut out = String::new();
    if let Some(n) = &lit.number {
        if n.negative {
            out.push('-');
        }
        out.push_str(&n.numerator);
        if let Some(d) = &n.denominator {
            out.push('/');
            out.push_str(d);
        }
    }
    if let Some(ups) = &lit.ups {
        let sign = |negative: bool| if negative { 'v' } else { '^' };
        match ups {
            UpPart::Multiple { negative, count } => {
                let c = sign(*negative);
                match count.as_str() {
                    "1" => out.push(c),
                    "2" => {
                        out.push(c);
                        out.push(c);
                    }
                    _ => {
                        out.push(c);
                        out.push_str(count);
                    }
                }
            }
            UpPart::Power { negative, exponent } => {
                out.push(sign(*negative));
                out.push('<');
                out.push_str(exponent);
                out.push('>');
            }
            UpPart::PowerTo { negative, exponent } => {
                out.push(sign(*negative));
                out.push('[');
                out.push_str(exponent);
                out.push(']');
            }
        }
    }
    if let Some(star) = &lit.star {
        out.push('*');
        out.push_str(star);
    }
    out
}

fn binary_name(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::AddPlusMinus => "+-",
        BinaryOp::Eq => "==",
        BinaryOp::Ne => "!=",
        BinaryOp::Le => "<=",
        BinaryOp::Lt => "<",
        BinaryOp::Ge => ">=",
        BinaryOp::Gt => ">",
        BinaryOp::Confused => "<>",
        BinaryOp::LessOrConfused => "<|",
        BinaryOp::GreaterOrConfused => "|>",
    }
}

fn unary_name(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Neg => "neg",
        UnaryOp::Plus => "pos",
        UnaryOp::PlusMinus => "pm",
    }
}

/// The S-expression of `expr` (see the module documentation).
pub fn sexp(expr: &Expr) -> String {
    let mut out = String::new();
    write_sexp(expr, &mut out);
    out
}

fn write_list(head: &str, items: &[&Expr], out: &mut String) {
    out.push('(');
    out.push_str(head);
    for item in items {
        out.push(' ');
        write_sexp(item, out);
    }
    out.push(')');
}

fn write_sexp(expr: &Expr, out: &mut String) {
    match &expr.kind {
        ExprKind::Nus(lit) => out.push_str(&literal_text(lit)),
        ExprKind::Name(name) => out.push_str(name),
        ExprKind::Call { callee, args } => {
            let mut items = vec![&**callee];
            items.extend(args.iter());
            write_list("call", &items, out);
        }
        ExprKind::Game { left, right } => {
            out.push('{');
            for (i, option) in left.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_sexp(option, out);
            }
            out.push_str(if left.is_empty() { "|" } else { " |" });
            if !right.is_empty() {
                out.push(' ');
            }
            for (i, option) in right.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_sexp(option, out);
            }
            out.push('}');
        }
        ExprKind::Set(items) => write_list("set", &items.iter().collect::<Vec<_>>(), out),
        ExprKind::List(items) => write_list("list", &items.iter().collect::<Vec<_>>(), out),
        ExprKind::Unary { op, operand } => write_list(unary_name(*op), &[operand], out),
        ExprKind::Binary { op, lhs, rhs } => write_list(binary_name(*op), &[lhs, rhs], out),
    }
}
