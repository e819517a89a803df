//! Parser glue: the entry points [`parse_expr`] and [`parse_program`], the node builders the
//! grammar's actions call (spans, nesting depth, slash nesting of games, negative literals), and
//! the translation of every LALRPOP error into a [`SyntaxError`].

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use lalrpop_util::ParseError;

use super::ast::{
    BinaryOp, Body, Clause, CollectionKind, Expr, ExprKind, Ident, NumberPart, NusLiteral, Rule,
    RulesetDecl, Span, Stmt, StmtKind, UnaryOp,
};
use super::error::SyntaxError;
use super::lexer::{is_down_name, tokenize, Spanned, Token};

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, clippy::pedantic, unused_imports, unused_parens)]
    grammar,
    "/cg.rs"
);

/// The deepest expression tree the parser builds (counting every node on the way from the root
/// to a leaf, except that a left-leaning chain of binary operators is one level, so a sum of n
/// terms is 1 deep and `-(-(-x))` is 4). Deeper input is a syntax error rather than a risk
/// of exhausting the stack in later recursive passes.
pub const MAX_DEPTH: usize = 1000;

/// Parses one expression (no `;`).
pub fn parse_expr(src: &str) -> Result<Expr, SyntaxError> {
    let tokens = tokenize(src)?;
    let ctx = Ctx::new(src);
    grammar::ExpressionParser::new()
        .parse(&ctx, tokens.iter().cloned().map(Ok))
        .map_err(|e| convert_error(e, src, &tokens))
}

/// Parses a program: statements separated by line breaks or `;`. Empty input (or only
/// comments) gives an empty vector.
pub fn parse_program(src: &str) -> Result<Vec<Stmt>, SyntaxError> {
    let tokens = tokenize(src)?;
    let ctx = Ctx::new(src);
    grammar::ProgramParser::new()
        .parse(&ctx, tokens.iter().cloned().map(Ok))
        .map_err(|e| convert_error(e, src, &tokens))
}

/// What the node builders return; the grammar's actions turn the error into
/// `ParseError::User` with `?`.
pub(crate) type Built<T> = Result<T, SyntaxError>;

/// A separator inside braces or angles: a comma (width 0) or a bar of width 1 or more.
#[derive(Clone, Debug)]
pub(crate) struct Sep {
    pub(crate) width: usize,
    pub(crate) span: Span,
}

/// Whether a brace body was written with `{ }` or with `< >`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BraceKind {
    Braces,
    Angles,
}

/// State shared by the grammar's actions: the source text (for messages) and the depth of every
/// compound node built so far, keyed by its span.
pub(crate) struct Ctx<'s> {
    src: &'s str,
    depths: RefCell<HashMap<(usize, usize), usize>>,
}

fn number_part(lit: &mut NusLiteral) -> Option<&mut NumberPart> {
    lit.number.as_mut()
}

impl<'s> Ctx<'s> {
    fn new(src: &'s str) -> Self {
        Ctx {
            src,
            depths: RefCell::new(HashMap::new()),
        }
    }

    fn depth_of(&self, e: &Expr) -> usize {
        match e.kind {
            ExprKind::Nus(_) | ExprKind::Name(_) => 1,
            _ => self
                .depths
                .borrow()
                .get(&(e.span.start, e.span.end))
                .copied()
                .unwrap_or(1),
        }
    }

    /// Builds a node, refusing trees deeper than [`MAX_DEPTH`].
    pub(crate) fn node(&self, kind: ExprKind, span: Span) -> Built<Expr> {
        let children = match &kind {
            ExprKind::Nus(_) | ExprKind::Name(_) => 0,
            ExprKind::Call { callee, args } => args
                .iter()
                .map(|a| self.depth_of(a))
                .max()
                .unwrap_or(0)
                .max(self.depth_of(callee)),
            ExprKind::Game { left, right } => left
                .iter()
                .chain(right)
                .map(|a| self.depth_of(a))
                .max()
                .unwrap_or(0),
            ExprKind::Set(items) | ExprKind::List(items) => {
                items.iter().map(|a| self.depth_of(a)).max().unwrap_or(0)
            }
            ExprKind::Unary { operand, .. } => self.depth_of(operand),
            // A left-leaning chain (`a + b - c + ...`) counts as one level: every later pass
            // walks such a chain in a loop, so only its right operands nest.
            ExprKind::Binary { lhs, rhs, .. } => match lhs.kind {
                ExprKind::Binary { .. } => self.depth_of(lhs) - 1,
                _ => self.depth_of(lhs),
            }
            .max(self.depth_of(rhs)),
            ExprKind::Str(_)
            | ExprKind::Misere(_)
            | ExprKind::LoopyNimber(_)
            | ExprKind::Heap { .. } => 0,
            ExprKind::Explicit(inner) => self.depth_of(inner),
            ExprKind::Labelled { game, .. } => self.depth_of(game),
            ExprKind::Tuple(items) => items.iter().map(|a| self.depth_of(a)).max().unwrap_or(0),
            ExprKind::Map(entries) => entries
                .iter()
                .map(|(k, v)| self.depth_of(k).max(self.depth_of(v)))
                .max()
                .unwrap_or(0),
            ExprKind::Range { start, end, .. } => self.depth_of(start).max(self.depth_of(end)),
            ExprKind::Index { target, index } => self.depth_of(target).max(self.depth_of(index)),
            ExprKind::Lambda { body, .. } => self.depth_of(body),
            ExprKind::If {
                branches,
                otherwise,
            } => branches
                .iter()
                .map(|(c, b)| self.depth_of(c).max(self.body_depth(b)))
                .chain(otherwise.iter().map(|b| self.body_depth(b)))
                .max()
                .unwrap_or(0),
            ExprKind::Comprehension {
                element, clauses, ..
            } => clauses
                .iter()
                .map(|c| match c {
                    Clause::For { iterable, .. } => self.depth_of(iterable),
                    Clause::If(e) => self.depth_of(e),
                })
                .max()
                .unwrap_or(0)
                .max(self.depth_of(element)),
        };
        let depth = children + 1;
        if depth > MAX_DEPTH {
            return Err(SyntaxError::new(
                format!("expression nested too deeply (more than {MAX_DEPTH} levels)"),
                span,
            )
            .with_label("this expression")
            .with_help("split it into smaller parts, for example with intermediate values"));
        }
        if depth > 1 {
            self.depths
                .borrow_mut()
                .insert((span.start, span.end), depth);
        }
        Ok(Expr { kind, span })
    }

    /// The depth of a branch body: an inline expression's, or that of the deepest expression
    /// statement directly in a block (blocks nest through their own nodes).
    fn body_depth(&self, body: &Body) -> usize {
        match body {
            Body::Expr(e) => self.depth_of(e),
            Body::Block(stmts) => stmts
                .iter()
                .filter_map(|s| match &s.kind {
                    StmtKind::Expr { expr, .. } => Some(self.depth_of(expr)),
                    _ => None,
                })
                .max()
                .unwrap_or(0),
        }
    }

    /// `target = value`: the target must be a name or an indexed name (`xs[i]`, `m[k][j]`).
    pub(crate) fn assign(&self, target: Expr, value: Expr, span: Span) -> Built<Stmt> {
        fn assignable(e: &Expr) -> bool {
            match &e.kind {
                ExprKind::Name(_) => true,
                ExprKind::Index { target, .. } => assignable(target),
                _ => false,
            }
        }
        if !assignable(&target) {
            return Err(
                SyntaxError::new("cannot assign to this", target.span.clone())
                    .with_label("not a name or an indexed name")
                    .with_help("write `x = ...` or `xs[i] = ...`; `==` compares"),
            );
        }
        Ok(Stmt {
            kind: StmtKind::Assign { target, value },
            span,
        })
    }

    /// `x -> body`, `(x, y) -> body`, `() -> body`.
    pub(crate) fn lambda(&self, params: Expr, body: Expr, span: Span) -> Built<Expr> {
        let as_ident = |e: &Expr| match &e.kind {
            ExprKind::Name(n) => Some(Ident {
                name: n.clone(),
                span: e.span.clone(),
            }),
            _ => None,
        };
        let params = match &params.kind {
            ExprKind::Name(_) => vec![as_ident(&params).unwrap_or_else(|| unreachable!())],
            ExprKind::Tuple(items) => {
                match items.iter().map(as_ident).collect::<Option<Vec<_>>>() {
                    Some(ids) => ids,
                    None => return Err(bad_params(&params)),
                }
            }
            _ => return Err(bad_params(&params)),
        };
        self.node(
            ExprKind::Lambda {
                params,
                body: Box::new(body),
            },
            span,
        )
    }

    pub(crate) fn inline_if(
        &self,
        condition: Expr,
        then: Expr,
        more: Vec<(Expr, Expr)>,
        otherwise: Expr,
        span: Span,
    ) -> Built<Expr> {
        let mut branches = vec![(condition, Body::Expr(Box::new(then)))];
        branches.extend(more.into_iter().map(|(c, e)| (c, Body::Expr(Box::new(e)))));
        let otherwise = Some(Body::Expr(Box::new(otherwise)));
        self.node(
            ExprKind::If {
                branches,
                otherwise,
            },
            span,
        )
    }

    pub(crate) fn block_if(
        &self,
        condition: Expr,
        then: Vec<Stmt>,
        more: Vec<(Expr, Vec<Stmt>)>,
        otherwise: Option<Vec<Stmt>>,
        span: Span,
    ) -> Built<Expr> {
        let mut branches = vec![(condition, Body::Block(then))];
        branches.extend(more.into_iter().map(|(c, b)| (c, Body::Block(b))));
        self.node(
            ExprKind::If {
                branches,
                otherwise: otherwise.map(Body::Block),
            },
            span,
        )
    }

    /// A ruleset declaration: its rules must be known kinds, each given once, and fit whether
    /// the ruleset is impartial.
    pub(crate) fn ruleset(
        &self,
        name: Ident,
        params: Option<Vec<Ident>>,
        impartial: bool,
        rules: Vec<Rule>,
        span: Span,
    ) -> Built<Stmt> {
        let allowed: &[&str] = if impartial {
            &["moves", "split", "normal"]
        } else {
            &["left", "right", "split", "normal", "negative"]
        };
        let mut seen: Vec<&str> = Vec::new();
        for rule in &rules {
            let kind = rule.kind.name.as_str();
            if !allowed.contains(&kind) {
                let what = if impartial {
                    "an impartial ruleset"
                } else {
                    "a ruleset"
                };
                // The likeliest slip is writing one kind of ruleset's rules in the other.
                let hint = match (impartial, kind) {
                    (false, "moves") => {
                        "; a game where both players have the same moves is an `impartial ruleset`"
                    }
                    (true, "left" | "right") => {
                        "; a game where the players' moves differ is a `ruleset` (not impartial)"
                    }
                    (true, "negative") => {
                        "; an impartial position is its own negative, so it needs no such rule"
                    }
                    _ => "",
                };
                return Err(SyntaxError::new(
                    format!("`{kind}` is not a rule of {what}"),
                    rule.kind.span.clone(),
                )
                .with_help(format!(
                    "the rules of {what} are {}{hint}",
                    allowed.join(", ")
                )));
            }
            if seen.contains(&kind) {
                return Err(SyntaxError::new(
                    format!("the rule `{kind}` is given twice"),
                    rule.kind.span.clone(),
                ));
            }
            seen.push(kind);
        }
        let required: &[&str] = if impartial {
            &["moves"]
        } else {
            &["left", "right"]
        };
        if let Some(missing) = required.iter().find(|k| !seen.contains(k)) {
            return Err(SyntaxError::new(format!("the ruleset `{}` has no `{missing}` rule", name.name), name.span.clone())
                .with_help(if impartial {
                    "an impartial ruleset gives its options with `moves p = [...]`"
                } else {
                    "a ruleset gives Left's options with `left p = [...]` and Right's with `right p = [...]`"
                }));
        }
        let decl = RulesetDecl {
            name,
            params,
            impartial,
            rules,
        };
        Ok(Stmt {
            kind: StmtKind::Ruleset(Box::new(decl)),
            span,
        })
    }

    /// The source text of a span.
    pub(crate) fn text(&self, span: Span) -> String {
        self.src.get(span).unwrap_or("").to_string()
    }

    /// A heap game: `family operand` or `family operand vs operand`.
    pub(crate) fn heap(
        &self,
        rules: (Ident, (String, Span)),
        versus: Option<(Ident, (String, Span))>,
        span: Span,
    ) -> Built<Expr> {
        const FAMILIES: &[&str] = &[
            "octal",
            "hex",
            "tb",
            "subtraction",
            "allbut",
            "splittles",
            "turning",
        ];
        let (family, code) = rules;
        if !FAMILIES.contains(&family.name.as_str()) {
            return Err(SyntaxError::new(
                format!("`{}` is not a family of heap games", family.name),
                family.span.clone(),
            )
            .with_help(format!(
                "the families are {}; a name cannot be followed by a value",
                FAMILIES.join(", ")
            )));
        }
        let versus = match versus {
            None => None,
            Some((word, operand)) if word.name == "vs" => Some(operand),
            Some((word, _)) => {
                return Err(SyntaxError::new(
                    format!("unexpected `{}`; expected `vs`", word.name),
                    word.span,
                ))
            }
        };
        Ok(Expr {
            kind: ExprKind::Heap {
                family,
                code,
                versus,
            },
            span,
        })
    }

    /// `if c do s`: a one-line conditional statement, with no `else`.
    pub(crate) fn if_do(&self, condition: Expr, stmt: Stmt, span: Span) -> Built<Stmt> {
        let branches = vec![(condition, Body::Block(vec![stmt]))];
        let expr = self.node(
            ExprKind::If {
                branches,
                otherwise: None,
            },
            span.clone(),
        )?;
        Ok(Stmt {
            kind: StmtKind::Expr { expr, silent: true },
            span,
        })
    }

    pub(crate) fn range(&self, start: Expr, end: Expr, inclusive: bool, span: Span) -> Built<Expr> {
        self.node(
            ExprKind::Range {
                start: Box::new(start),
                end: Box::new(end),
                inclusive,
            },
            span,
        )
    }

    pub(crate) fn comprehension(
        &self,
        kind: CollectionKind,
        element: Expr,
        clauses: Vec<Clause>,
        span: Span,
    ) -> Built<Expr> {
        if !matches!(clauses.first(), Some(Clause::For { .. })) {
            return Err(SyntaxError::new("a comprehension starts with `for`", span)
                .with_help("write `[e for x in xs if c]`"));
        }
        self.node(
            ExprKind::Comprehension {
                kind,
                element: Box::new(element),
                clauses,
            },
            span,
        )
    }

    pub(crate) fn binary(&self, op: BinaryOp, lhs: Expr, rhs: Expr, span: Span) -> Built<Expr> {
        self.node(
            ExprKind::Binary {
                op,
                lhs: Box::new(lhs),
                rhs: Box::new(rhs),
            },
            span,
        )
    }

    pub(crate) fn unary(&self, op: UnaryOp, operand: Expr, span: Span) -> Built<Expr> {
        self.node(
            ExprKind::Unary {
                op,
                operand: Box::new(operand),
            },
            span,
        )
    }

    /// `f(a, b)`; a bare `*` written directly before one parenthesised argument is the nimber
    /// of its value instead (`*(3+5)` is *8, as in CGSuite), since a game cannot be called.
    pub(crate) fn call(&self, callee: Expr, args: Vec<Expr>, span: Span) -> Built<Expr> {
        let bare_star = matches!(&callee.kind, ExprKind::Nus(lit)
            if lit.number.is_none() && lit.ups.is_none() && lit.star.as_deref() == Some(""));
        if bare_star && callee.span.start == span.start && args.len() == 1 {
            let operand = args.into_iter().next().expect("one argument");
            return self.unary(UnaryOp::Nimber, operand, span);
        }
        self.node(
            ExprKind::Call {
                callee: Box::new(callee),
                args,
            },
            span,
        )
    }

    /// `*` or `*n` as a star literal.
    pub(crate) fn star(&self, digits: Option<String>, span: Span) -> Expr {
        Expr {
            kind: ExprKind::Nus(NusLiteral {
                star: Some(digits.unwrap_or_default()),
                ..NusLiteral::default()
            }),
            span,
        }
    }

    /// `a *3` read as `a * 3`; `digits_span` covers the digits.
    pub(crate) fn times_digits(
        &self,
        lhs: Expr,
        digits: String,
        digits_span: Span,
        span: Span,
    ) -> Built<Expr> {
        let rhs = Expr {
            kind: ExprKind::Nus(NusLiteral {
                number: Some(NumberPart {
                    negative: false,
                    numerator: digits,
                    denominator: None,
                }),
                ..NusLiteral::default()
            }),
            span: digits_span,
        };
        self.binary(BinaryOp::Mul, lhs, rhs, span)
    }

    /// A prefix `-`. Written directly before a literal with a (non-negative) number part, it
    /// negates only that number part: `-1vv*3` is -1 + vv + *3, and `-2Tiny(2)` is
    /// -2 + Tiny(2). Otherwise it is [`UnaryOp::Neg`].
    pub(crate) fn negate(&self, minus: Span, operand: Expr, span: Span) -> Built<Expr> {
        if minus.end != operand.span.start {
            return self.unary(UnaryOp::Neg, operand, span);
        }
        // Taken apart by hand: an expression is not destructured, as it drops its chains in a
        // loop.
        let mut operand = operand;
        let operand_span = operand.span.clone();
        let kind = std::mem::replace(&mut operand.kind, ExprKind::Name(String::new()));
        match kind {
            ExprKind::Nus(mut lit) => {
                if let Some(number) = number_part(&mut lit).filter(|n| !n.negative) {
                    number.negative = true;
                    return Ok(Expr {
                        kind: ExprKind::Nus(lit),
                        span,
                    });
                }
                let operand = Expr {
                    kind: ExprKind::Nus(lit),
                    span: operand_span,
                };
                self.unary(UnaryOp::Neg, operand, span)
            }
            // The juxtaposition `2Tiny(2)`: only it can be a Binary operand of a prefix
            // operator whose left literal starts where the operand starts and ends where the
            // call begins (a parenthesised sum starts with `(`).
            ExprKind::Binary {
                op: BinaryOp::Add,
                mut lhs,
                rhs,
            } if lhs.span.start == operand_span.start
                && lhs.span.end == rhs.span.start
                && matches!(rhs.kind, ExprKind::Call { .. })
                && matches!(&lhs.kind, ExprKind::Nus(NusLiteral { number: Some(n), .. }) if !n.negative) =>
            {
                if let ExprKind::Nus(lit) = &mut lhs.kind {
                    if let Some(number) = number_part(lit) {
                        number.negative = true;
                    }
                }
                lhs.span.start = minus.start;
                self.node(
                    ExprKind::Binary {
                        op: BinaryOp::Add,
                        lhs,
                        rhs,
                    },
                    span,
                )
            }
            kind => {
                let operand = Expr {
                    kind,
                    span: operand_span,
                };
                self.unary(UnaryOp::Neg, operand, span)
            }
        }
    }

    /// `2Tiny(2)`: literal + call.
    pub(crate) fn juxtaposed(
        &self,
        lit: NusLiteral,
        lit_span: Span,
        name: String,
        name_span: Span,
        args: Vec<Expr>,
        span: Span,
    ) -> Built<Expr> {
        let callee = Expr {
            kind: ExprKind::Name(name),
            span: name_span.clone(),
        };
        let call = self.node(
            ExprKind::Call {
                callee: Box::new(callee),
                args,
            },
            name_span.start..span.end,
        )?;
        let lhs = Expr {
            kind: ExprKind::Nus(lit),
            span: lit_span,
        };
        self.binary(BinaryOp::Add, lhs, call, span)
    }

    /// A comparison; comparisons do not chain.
    pub(crate) fn compare(
        &self,
        first: Expr,
        rest: Vec<((BinaryOp, usize, usize), Expr)>,
        span: Span,
    ) -> Built<Expr> {
        let mut rest = rest.into_iter();
        let Some(((op, _, _), rhs)) = rest.next() else {
            return Ok(first);
        };
        if let Some(((_, l, r), _)) = rest.next() {
            return Err(SyntaxError::new("comparisons cannot be chained", l..r)
                .with_label("second comparison")
                .with_help(
                    "compare two values at a time; `a < b < c` has no meaning here, \
                         parenthesise one comparison if you mean to compare its result",
                ));
        }
        self.binary(op, first, rhs, span)
    }

    /// The contents of `{ }` or `< >`: a set if there is no bar, otherwise a game with slash
    /// nesting resolved. `lead` is the bar of an opening `<|`, `close` that of a closing `|>`.
    pub(crate) fn braced(
        &self,
        kind: BraceKind,
        span: Span,
        lead: Option<Span>,
        body: (Option<Expr>, Vec<(Sep, Option<Expr>)>),
        close: Option<Span>,
    ) -> Built<Expr> {
        let (first, rest) = body;
        let mut elems = Vec::with_capacity(rest.len() + 3);
        let mut seps = Vec::with_capacity(rest.len() + 2);
        if let Some(bar) = lead {
            elems.push(None);
            seps.push(Sep {
                width: 1,
                span: bar,
            });
        }
        elems.push(first);
        for (sep, elem) in rest {
            seps.push(sep);
            elems.push(elem);
        }
        if let Some(bar) = close {
            seps.push(Sep {
                width: 1,
                span: bar,
            });
            elems.push(None);
        }
        if seps.iter().all(|s| s.width == 0) {
            if kind == BraceKind::Angles {
                return Err(
                    SyntaxError::new("a game in angle brackets needs a bar `|`", span)
                        .with_help("write `<L|R>` for a game; sets are written `{a, b}`"),
                );
            }
            let items = if elems.len() == 1 && elems[0].is_none() {
                Vec::new()
            } else {
                self.options(elems, &seps)?
            };
            return self.node(ExprKind::Set(items), span);
        }
        self.game(elems, seps, span.clone(), &span)
    }

    /// `a{...}`: a labelled loopy position; the braces must hold a game (a bar).
    pub(crate) fn labelled(
        &self,
        label: String,
        label_span: Span,
        braces: Span,
        body: (Option<Expr>, Vec<(Sep, Option<Expr>)>),
    ) -> Built<Expr> {
        let game = self.braced(BraceKind::Braces, braces.clone(), None, body, None)?;
        if !matches!(game.kind, ExprKind::Game { .. }) {
            return Err(SyntaxError::new(
                format!("the label `{label}` must be followed by a game in braces"),
                braces,
            )
            .with_help("a labelled position is written like `a{0|a}`, with a bar"));
        }
        let span = label_span.start..game.span.end;
        self.node(
            ExprKind::Labelled {
                label: Ident {
                    name: label,
                    span: label_span,
                },
                game: Box::new(game),
            },
            span,
        )
    }

    /// A game from elements separated by commas and bars (at least one bar): the widest bar,
    /// which must be unique, splits Left from Right.
    fn game(
        &self,
        mut elems: Vec<Option<Expr>>,
        mut seps: Vec<Sep>,
        span: Span,
        braces: &Span,
    ) -> Built<Expr> {
        let widest = seps.iter().map(|s| s.width).max().unwrap_or(0);
        let positions: Vec<usize> = (0..seps.len())
            .filter(|&i| seps[i].width == widest)
            .collect();
        if positions.len() != 1 {
            return Err(self.ambiguous(&span, braces, &seps, &positions, widest));
        }
        let k = positions[0];
        let right_elems = elems.split_off(k + 1);
        let right_seps = seps.split_off(k + 1);
        seps.pop();
        let left = self.side(elems, seps, braces)?;
        let right = self.side(right_elems, right_seps, braces)?;
        self.node(ExprKind::Game { left, right }, span)
    }

    /// One side of a game: the options separated by commas, or, if the side contains bars, the
    /// single game option written without its braces.
    fn side(&self, elems: Vec<Option<Expr>>, seps: Vec<Sep>, braces: &Span) -> Built<Vec<Expr>> {
        if seps.iter().any(|s| s.width > 0) {
            let start = match (&elems[0], seps.first()) {
                (Some(e), _) => e.span.start,
                (None, Some(s)) => s.span.start,
                (None, None) => braces.start,
            };
            let end = match (elems.last(), seps.last()) {
                (Some(Some(e)), _) => e.span.end,
                (_, Some(s)) => s.span.end,
                _ => braces.end,
            };
            Ok(vec![self.game(elems, seps, start..end, braces)?])
        } else if elems.len() == 1 && elems[0].is_none() {
            Ok(Vec::new())
        } else {
            self.options(elems, &seps)
        }
    }

    /// Comma-separated elements, none of them empty.
    fn options(&self, elems: Vec<Option<Expr>>, seps: &[Sep]) -> Built<Vec<Expr>> {
        let mut out = Vec::with_capacity(elems.len());
        for (i, elem) in elems.into_iter().enumerate() {
            match elem {
                Some(e) => out.push(e),
                None => {
                    let (message, span) = match seps.get(i) {
                        Some(sep) => ("expected an expression before `,`", sep.span.clone()),
                        None => (
                            "expected an expression after `,`",
                            seps.get(i.wrapping_sub(1))
                                .map(|s| s.span.clone())
                                .unwrap_or(0..0),
                        ),
                    };
                    return Err(SyntaxError::new(message, span));
                }
            }
        }
        Ok(out)
    }

    fn ambiguous(
        &self,
        span: &Span,
        braces: &Span,
        seps: &[Sep],
        positions: &[usize],
        widest: usize,
    ) -> SyntaxError {
        let bar = "|".repeat(widest);
        let text = self.src.get(span.clone()).unwrap_or("");
        let help =
            "in each game exactly one bar is widest: {3||2|1} is {3|{2|1}}, {3|2||1} is {{3|2}|1}";
        let simple = text.len() <= 80 && !text.contains('\n');
        let message = if span == braces && positions.len() == 2 && simple {
            let alternatives: Vec<String> = positions
                .iter()
                .map(|&p| {
                    let sep = &seps[p].span;
                    let (a, b) = (sep.start - span.start, sep.end - span.start);
                    format!("{}{}{}", &text[..a], "|".repeat(widest + 1), &text[b..])
                })
                .collect();
            format!(
                "ambiguous: `{text}` could be {} or {}; write the slashes out",
                alternatives[0], alternatives[1]
            )
        } else {
            let times = match positions.len() {
                2 => "twice".to_string(),
                n => format!("{n} times"),
            };
            let whole = self.src.get(braces.clone()).unwrap_or("");
            if span == braces || !simple {
                format!(
                    "ambiguous: the bar `{bar}` occurs {times} in this game; write the slashes out"
                )
            } else if whole.len() <= 80 && !whole.contains('\n') {
                format!(
                    "ambiguous: the bar `{bar}` occurs {times} in `{text}`, a side of `{whole}`; \
                     write the slashes out"
                )
            } else {
                format!(
                    "ambiguous: the bar `{bar}` occurs {times} in `{text}`; write the slashes out"
                )
            }
        };
        SyntaxError::new(message, braces.clone())
            .with_label("this game")
            .with_help(help)
    }
}

fn bad_params(params: &Expr) -> SyntaxError {
    SyntaxError::new(
        "the parameters of a lambda must be names",
        params.span.clone(),
    )
    .with_help("write `x -> x + 1` or `(x, y) -> x + y`")
}

impl Stmt {
    /// The statement, marked silent when `;` ended it (only expression statements print).
    pub(crate) fn silenced(self, silent: bool) -> Stmt {
        match self.kind {
            StmtKind::Expr { expr, .. } => Stmt {
                kind: StmtKind::Expr { expr, silent },
                span: self.span,
            },
            _ => self,
        }
    }
}

// ----- Error translation -------------------------------------------------------------------------

fn unquote(s: &str) -> &str {
    s.strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s)
}

fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let cut: String = text.chars().take(MAX).collect();
        format!("{cut}…")
    }
}

fn describe_token(src: &str, token: &Token, span: &Span) -> String {
    match token {
        Token::Juxtapose => "name directly after a number".to_string(),
        _ => match src.get(span.clone()) {
            Some(text) if !text.is_empty() => format!("`{}`", shorten(text)),
            _ => format!("{token:?}"),
        },
    }
}

/// Joins phrases as "a", "a or b", "a, b or c".
fn one_of(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// What the parser expected, in words: "an expression or `)`", "`,`, `|` or `}`".
fn describe_expected(expected: &[String]) -> String {
    let set: HashSet<&str> = expected.iter().map(|s| unquote(s)).collect();
    let has = |t: &str| set.contains(t);
    let expression = has("Name");
    let operator = ["+", "*", "/", "=="].iter().any(|t| has(t)) && !expression;
    let mut parts: Vec<String> = Vec::new();
    if expression {
        parts.push("an expression".into());
    }
    let mut closers: Vec<String> = Vec::new();
    if has(",") && !expression {
        closers.push("`,`".into());
    }
    if ["|", "||", "|||", "||||"].iter().any(|t| has(t)) {
        closers.push("`|`".into());
    }
    for t in [")", "]", "}", "end"] {
        if has(t) {
            closers.push(format!("`{t}`"));
        }
    }
    if (has(">") || has("|>")) && !has("<") {
        closers.push("`>`".into());
    }
    if has("for") && !expression {
        closers.push("`for`".into());
    }
    // After an operand with nothing to close, the expression may go on or end here.
    let may_end = operator && closers.is_empty();
    if may_end {
        parts.push("an operator".into());
    }
    parts.extend(closers);
    if has(";") && !expression {
        parts.push("`;`".into());
    }
    if may_end {
        parts.push("the end of the input".into());
    }
    if parts.is_empty() {
        let mut names: Vec<String> = expected
            .iter()
            .map(|s| format!("`{}`", unquote(s)))
            .collect();
        names.sort();
        return one_of(&names);
    }
    one_of(&parts)
}

fn line_column(src: &str, offset: usize) -> (usize, usize) {
    let before = src.get(..offset).unwrap_or(src);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

fn closer_of(open: &Token) -> &'static str {
    match open {
        Token::LParen => ")",
        Token::LBracket => "]",
        _ => "}",
    }
}

fn opener_text(open: &Token) -> &'static str {
    match open {
        Token::LParen => "(",
        Token::LBracket => "[",
        _ => "{",
    }
}

/// The brackets `(`, `[`, `{` still open before token index `upto`.
fn open_brackets(tokens: &[Spanned], upto: usize) -> Vec<(Token, Span)> {
    let mut stack: Vec<(Token, Span)> = Vec::new();
    for (start, token, end) in tokens.iter().take(upto) {
        match token {
            Token::LParen | Token::LBracket | Token::LBrace => {
                stack.push((token.clone(), *start..*end));
            }
            Token::RParen | Token::RBracket | Token::RBrace => {
                let wanted = match token {
                    Token::RParen => Token::LParen,
                    Token::RBracket => Token::LBracket,
                    _ => Token::LBrace,
                };
                if stack.last().is_some_and(|(t, _)| *t == wanted) {
                    stack.pop();
                }
            }
            _ => {}
        }
    }
    stack
}

/// Whether `token` is a down part written as a name (`v`, `vv`, `v3`), which a newcomer may
/// take for a variable.
fn is_down_literal(src: &str, token: &Token, span: &Span) -> bool {
    matches!(token, Token::Literal(_)) && src.get(span.clone()).is_some_and(is_down_name)
}

fn is_keyword(token: &Token) -> bool {
    matches!(
        token,
        Token::Let
            | Token::Def
            | Token::If
            | Token::Then
            | Token::Else
            | Token::For
            | Token::In
            | Token::Ruleset
            | Token::Impartial
            | Token::Elif
            | Token::Do
            | Token::End
            | Token::While
            | Token::Break
            | Token::Continue
            | Token::Return
            | Token::Memo
            | Token::Load
            | Token::And
            | Token::Or
            | Token::Not
    )
}

fn starts_operand(token: &Token) -> bool {
    matches!(
        token,
        Token::Name(_)
            | Token::Literal(_)
            | Token::StarLiteral(_)
            | Token::LParen
            | Token::LBracket
            | Token::LBrace
    )
}

/// Translates any LALRPOP error into a [`SyntaxError`]; the one place where parse errors are
/// worded.
fn convert_error(
    err: ParseError<usize, Token, SyntaxError>,
    src: &str,
    tokens: &[Spanned],
) -> SyntaxError {
    match err {
        ParseError::User { error } => error,
        ParseError::InvalidToken { location } => {
            SyntaxError::new("invalid token", location..location)
        }
        ParseError::UnrecognizedEof { location, expected } => {
            let open = open_brackets(tokens, tokens.len());
            let wanted = describe_expected(&expected);
            if let Some((token, span)) = open.last() {
                let closer = closer_of(token);
                if expected.iter().any(|e| unquote(e) == closer) {
                    let mut e = SyntaxError::new(
                        format!("unclosed `{}`", opener_text(token)),
                        span.clone(),
                    )
                    .with_label("opened here")
                    .with_help(format!("expected {wanted} before the end of the input"));
                    e.incomplete = true;
                    return e;
                }
            }
            // miette draws no label on an empty span at the very end, so point at the last
            // token.
            let (span, label) = match tokens.last() {
                Some((start, _, end)) => (*start..*end, "the input ends after this"),
                None => (location..location, "the input is empty"),
            };
            let mut e =
                SyntaxError::new(format!("unexpected end of input; expected {wanted}"), span)
                    .with_label(label);
            e.incomplete = true;
            e
        }
        ParseError::UnrecognizedToken {
            token: (l, token, r),
            expected,
        } => {
            let index = tokens.partition_point(|t| t.0 < l);
            let open = open_brackets(tokens, index);
            let shown = describe_token(src, &token, &(l..r));
            let wanted = describe_expected(&expected);
            let mut error =
                SyntaxError::new(format!("unexpected {shown}; expected {wanted}"), l..r);
            let after_operand = !expected.iter().any(|e| e == "Name");
            let previous = index.checked_sub(1).and_then(|i| tokens.get(i));
            if let Token::Code(text) = &token {
                error = error.with_help(format!(
                    "cg has no decimal numbers: write a fraction (`3/2`); `{text}` reads as a \
                     take-and-break code after `octal`, `hex` or `tb`"
                ));
            } else if !after_operand && is_down_literal(src, &token, &(l..r)) {
                error = error.with_help(format!(
                    "{shown} is a value, not a name: `v` is down, `vv` double down, `v3` \
                     three downs"
                ));
            } else if is_keyword(&token) {
                error = error.with_help(format!(
                    "{shown} is a reserved word and cannot be used as a name"
                ));
            } else if expected.iter().any(|e| unquote(e) == "for")
                && matches!(
                    token,
                    Token::Bar1
                        | Token::Bar2
                        | Token::Bar3
                        | Token::Bar4
                        | Token::WideBar(_)
                        | Token::Comma
                        | Token::RBrace
                )
            {
                error = error.with_help(
                    "inside braces, put a comparison in parentheses (`{(a < b) | 0}`); braces around \
                     an expression followed by `for` make a set comprehension",
                );
            } else if matches!(token, Token::RParen | Token::RBracket | Token::RBrace) {
                error = match open.last() {
                    Some((open_token, open_span)) => {
                        let (line, column) = line_column(src, open_span.start);
                        error.with_help(format!(
                            "the innermost open bracket is the `{}` at line {line}, column {column}",
                            opener_text(open_token)
                        ))
                    }
                    None => error.with_help(format!("{shown} closes no open bracket")),
                };
            } else if after_operand && starts_operand(&token) {
                let glued_name = matches!(token, Token::Name(_))
                    && matches!(previous, Some((_, Token::Literal(_), e)) if *e == l);
                error = if glued_name {
                    error.with_help(
                        "a name cannot follow a number directly; write `2*x` for a product \
                         (only `Tiny` and `Miny` may, as in `2Tiny(2)`)",
                    )
                } else {
                    error.with_help(
                        "two values cannot stand side by side; put an operator such as `+` \
                         between them",
                    )
                };
            } else if matches!(
                token,
                Token::Less
                    | Token::LessEq
                    | Token::Greater
                    | Token::GreaterEq
                    | Token::EqEq
                    | Token::NotEq
                    | Token::Confused
                    | Token::LessBar
                    | Token::BarGreater
            ) && after_operand
                && !open.is_empty()
            {
                error = error
                    .with_help("inside braces and angle brackets, put a comparison in parentheses");
            }
            error
        }
        ParseError::ExtraToken {
            token: (l, token, r),
        } => SyntaxError::new(
            format!(
                "unexpected {} after the end of the expression",
                describe_token(src, &token, &(l..r))
            ),
            l..r,
        ),
    }
}
