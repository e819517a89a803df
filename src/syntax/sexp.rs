//! A compact S-expression rendering of the AST, for tests and debugging: literals are written as
//! they would be typed (`-1vv*3`, `^<2>*`), names as themselves, games as `{3 | {2 | 1}}` and
//! everything else as `(op child ...)`, e.g. `(+ 1 (* 2 x))`, `(neg x)`, `(call f a b)`,
//! `(set 1 2)`, `(list 1 2)`.

use super::ast::{
    BinaryOp, Body, Clause, CollectionKind, Expr, ExprKind, NusLiteral, Pattern, Stmt, StmtKind,
    UnaryOp, UpPart,
};

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
            UpPart::Pseudo { over } => out.push_str(if *over { "over" } else { "under" }),
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
        BinaryOp::FloorDiv => "//",
        BinaryOp::Rem => "%",
        BinaryOp::OrdinalSum => ":",
        BinaryOp::In => "in",
        BinaryOp::And => "and",
        BinaryOp::Or => "or",
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
        BinaryOp::Sided => "&",
    }
}

fn unary_name(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Neg => "neg",
        UnaryOp::Plus => "pos",
        UnaryOp::PlusMinus => "pm",
        UnaryOp::Not => "not",
        UnaryOp::Nimber => "nim",
    }
}

/// The S-expression of a statement: an expression statement as its expression (followed by
/// `;` when silenced), other statements as `(let x e)`, `(def f (x) e)`, `(for x xs n)` with
/// the number of statements in the body, and so on.
pub fn stmt_sexp(stmt: &Stmt) -> String {
    let pattern = |p: &Pattern| -> String {
        fn go(p: &Pattern, out: &mut String) {
            match p {
                Pattern::Name(id) => out.push_str(&id.name),
                Pattern::Tuple(items, _) => {
                    out.push('(');
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            out.push(' ');
                        }
                        go(item, out);
                    }
                    out.push(')');
                }
            }
        }
        let mut out = String::new();
        go(p, &mut out);
        out
    };
    match &stmt.kind {
        StmtKind::Expr { expr, silent } => {
            format!("{}{}", sexp(expr), if *silent { ";" } else { "" })
        }
        StmtKind::Let { pattern: p, value } => format!("(let {} {})", pattern(p), sexp(value)),
        StmtKind::Assign { target, value } => format!("(set {} {})", sexp(target), sexp(value)),
        StmtKind::Def {
            name,
            params,
            body,
            memo,
        } => {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            let mut out = String::new();
            write_body(body, &mut out);
            let head = if *memo { "memo-def" } else { "def" };
            format!("({head} {} ({}) {out})", name.name, names.join(" "))
        }
        StmtKind::For {
            pattern: p,
            iterable,
            body,
        } => {
            format!("(for {} {} {})", pattern(p), sexp(iterable), body.len())
        }
        StmtKind::While { condition, body } => {
            format!("(while {} {})", sexp(condition), body.len())
        }
        StmtKind::Break => "(break)".to_string(),
        StmtKind::Continue => "(continue)".to_string(),
        StmtKind::Return(value) => match value {
            Some(v) => format!("(return {})", sexp(v)),
            None => "(return)".to_string(),
        },
        StmtKind::Load(path) => format!("(load {path:?})"),
        StmtKind::Ruleset(decl) => {
            let rules: Vec<String> = decl
                .rules
                .iter()
                .map(|r| {
                    format!(
                        "({} {} {})",
                        r.kind.name,
                        pattern(&r.pattern),
                        sexp(&r.body)
                    )
                })
                .collect();
            let head = if decl.impartial {
                "impartial-ruleset"
            } else {
                "ruleset"
            };
            format!("({head} {} {})", decl.name.name, rules.join(" "))
        }
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

/// `a + b - c` as `(- (+ a b) c)`, written in loops so that a chain of any length is fine.
fn write_chain(expr: &Expr, out: &mut String) {
    let (first, links) = expr.left_chain();
    for (op, _, _) in links.iter().rev() {
        out.push('(');
        out.push_str(binary_name(*op));
        out.push(' ');
    }
    write_sexp(first, out);
    for (_, rhs, _) in &links {
        out.push(' ');
        write_sexp(rhs, out);
        out.push(')');
    }
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
        ExprKind::Binary { .. } => write_chain(expr, out),
        ExprKind::Str(text) => out.push_str(&format!("{text:?}")),
        ExprKind::Misere(text) => out.push_str(&format!("*[{text}]")),
        ExprKind::LoopyNimber(text) => out.push_str(&format!("inf_{{{text}}}")),
        ExprKind::Heap {
            family,
            code,
            versus,
        } => {
            out.push_str(&format!("({} {}", family.name, code.0));
            if let Some((v, _)) = versus {
                out.push_str(&format!(" vs {v}"));
            }
            out.push(')');
        }
        ExprKind::Explicit(inner) => write_list("quote", &[inner], out),
        ExprKind::Labelled { label, game } => {
            write_list(&format!("label {}", label.name), &[game], out)
        }
        ExprKind::Tuple(items) => write_list("tuple", &items.iter().collect::<Vec<_>>(), out),
        ExprKind::Map(entries) => {
            let items: Vec<&Expr> = entries.iter().flat_map(|(k, v)| [k, v]).collect();
            write_list("map", &items, out);
        }
        ExprKind::Range {
            start,
            end,
            inclusive,
        } => write_list(if *inclusive { "..=" } else { ".." }, &[start, end], out),
        ExprKind::Index { target, index } => write_list("index", &[target, index], out),
        ExprKind::Lambda { params, body } => {
            let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
            out.push_str(&format!("(lambda ({}) ", names.join(" ")));
            write_sexp(body, out);
            out.push(')');
        }
        ExprKind::If {
            branches,
            otherwise,
        } => {
            out.push_str("(if");
            for (condition, body) in branches {
                out.push(' ');
                write_sexp(condition, out);
                out.push(' ');
                write_body(body, out);
            }
            if let Some(body) = otherwise {
                out.push_str(" else ");
                write_body(body, out);
            }
            out.push(')');
        }
        ExprKind::Comprehension {
            kind,
            element,
            clauses,
        } => {
            out.push_str(match kind {
                CollectionKind::List => "(list-for ",
                CollectionKind::Set => "(set-for ",
            });
            write_sexp(element, out);
            for clause in clauses {
                match clause {
                    Clause::For { iterable, .. } => {
                        out.push_str(" for ");
                        write_sexp(iterable, out);
                    }
                    Clause::If(condition) => {
                        out.push_str(" if ");
                        write_sexp(condition, out);
                    }
                }
            }
            out.push(')');
        }
    }
}

fn write_body(body: &Body, out: &mut String) {
    match body {
        Body::Expr(e) => write_sexp(e, out),
        Body::Block(stmts) => out.push_str(&format!("(block {})", stmts.len())),
    }
}
