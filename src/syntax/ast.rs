//! The abstract syntax tree. Every node carries the byte span of the text it came from, so that
//! every later error can point at the source.

use std::ops::Range;

/// Byte offsets into the source text, end exclusive.
pub type Span = Range<usize>;

/// An expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// A compact number-up-star literal written without spaces, as the printer writes them:
    /// `5`, `1/2`, `*`, `*3`, `^`, `vv`, `^3`, `^<2>`, `v[3]`, `73/16v9*8`, `^*6`, `-1vv*3`.
    Nus(NusLiteral),
    /// A name: a variable or a builtin (`true`, `false` are names too).
    Name(String),
    /// `f(a, b)`: the callee is any expression (usually a name).
    Call {
        callee: Box<Expr>,
        args: Vec<Expr>,
    },
    /// A game written with braces or angles and bars: `{L1, L2 | R1}`, `<2|0>`, `{3||2|1}`.
    /// Slash nesting is resolved by the parser: `{3||2|1}` arrives as {3 | {2|1}}.
    Game {
        left: Vec<Expr>,
        right: Vec<Expr>,
    },
    /// `{a, b, c}` (braces without a bar); `{}` is the empty set.
    Set(Vec<Expr>),
    /// `[a, b, c]`.
    List(Vec<Expr>),
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// A string in double quotes, escapes resolved.
    Str(String),
    /// `*[...]`: a misère impartial form; the text between the outer brackets.
    Misere(String),
    /// `inf_{...}`: an infinite loopy nim-value; the text between the braces.
    LoopyNimber(String),
    /// A heap game: the family (`octal`, `hex`, `tb`, `subtraction`, `allbut`, `splittles`) and
    /// its code or set as written, and for a partizan pair `... vs ...` Right's code or set.
    Heap {
        family: Ident,
        code: (String, Span),
        versus: Option<(String, Span)>,
    },
    /// `a{0|a}`: a loopy position with a label, which its options (at any depth inside these
    /// braces) name to move back to it. `game` is a `Game`.
    Labelled {
        label: Ident,
        game: Box<Expr>,
    },
    /// `'{*|*}'`: a game kept in the form written (options not simplified), for the operations
    /// whose result depends on the form (ordinal sum, Norton product).
    Explicit(Box<Expr>),
    /// `(a, b)`, `(a,)`, `()`.
    Tuple(Vec<Expr>),
    /// `{k => v, ...}`; `{=>}` is the empty map.
    Map(Vec<(Expr, Expr)>),
    /// `a..b` (end excluded) or `a..=b` (end included).
    Range {
        start: Box<Expr>,
        end: Box<Expr>,
        inclusive: bool,
    },
    /// `xs[i]`.
    Index {
        target: Box<Expr>,
        index: Box<Expr>,
    },
    /// `x -> body`, `(x, y) -> body`.
    Lambda {
        params: Vec<Ident>,
        body: Box<Expr>,
    },
    /// `if c then a elif d then b else e`, or the block form ending in `end` (where `else`
    /// may be missing: the value is then nothing).
    If {
        branches: Vec<(Expr, Body)>,
        otherwise: Option<Body>,
    },
    /// `[e for x in xs if c ...]` or `{e for x in xs ...}`.
    Comprehension {
        kind: CollectionKind,
        element: Box<Expr>,
        clauses: Vec<Clause>,
    },
}

/// A name with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// The body of a branch or function: one expression (inline forms) or a block of statements
/// whose value is that of its last statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Expr(Box<Expr>),
    Block(Vec<Stmt>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollectionKind {
    List,
    Set,
}

/// A clause of a comprehension.
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    For { pattern: Pattern, iterable: Expr },
    If(Expr),
}

/// What a `let` or a `for` binds: a name, or a tuple of patterns (`(a, b)`).
#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    Name(Ident),
    Tuple(Vec<Pattern>, Span),
}

impl Expr {
    /// A left-leaning chain of binary operators, `a + b * c - d` read as ((a + b*c) - d): its
    /// first operand and then every (operator, right operand, span of the chain up to there),
    /// found in a loop, so that a chain of any length is walked without deep recursion.
    pub fn left_chain(&self) -> (&Expr, Vec<(BinaryOp, &Expr, &Span)>) {
        let mut links = Vec::new();
        let mut e = self;
        while let ExprKind::Binary { op, lhs, rhs } = &e.kind {
            links.push((*op, &**rhs, &e.span));
            e = lhs;
        }
        links.reverse();
        (e, links)
    }
}

impl Drop for Expr {
    /// A chain `a + b + ... + z` is a left spine of boxes as long as the chain; dropping it by
    /// the default recursion would exhaust the stack, so the spine is unlinked in a loop.
    fn drop(&mut self) {
        let mut next = take_chain_link(&mut self.kind);
        while let Some(mut link) = next {
            next = take_chain_link(&mut link.kind);
        }
    }
}

/// The left operand of a binary node when it is itself a binary node (the next link of a
/// chain), replaced by a leaf.
fn take_chain_link(kind: &mut ExprKind) -> Option<Box<Expr>> {
    match kind {
        ExprKind::Binary { lhs, .. } if matches!(lhs.kind, ExprKind::Binary { .. }) => {
            let leaf = Expr {
                kind: ExprKind::Name(String::new()),
                span: 0..0,
            };
            Some(std::mem::replace(lhs, Box::new(leaf)))
        }
        _ => None,
    }
}

impl Pattern {
    pub fn span(&self) -> Span {
        match self {
            Pattern::Name(id) => id.span.clone(),
            Pattern::Tuple(_, span) => span.clone(),
        }
    }
}

/// A statement with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// An expression; at the top level of a script its value is printed unless `silent` (the
    /// statement was ended by `;`).
    Expr {
        expr: Expr,
        silent: bool,
    },
    /// `let x = e`, `let (a, b) = e`.
    Let {
        pattern: Pattern,
        value: Expr,
    },
    /// `x = e` (x already bound) or `xs[i] = e`.
    Assign {
        target: Expr,
        value: Expr,
    },
    /// `def f(x, y) = e`, or with a block body ending in `end`; `memo def` keeps results.
    Def {
        name: Ident,
        params: Vec<Ident>,
        body: Body,
        memo: bool,
    },
    /// `for x in xs do s`, or with a block ending in `end`.
    For {
        pattern: Pattern,
        iterable: Expr,
        body: Vec<Stmt>,
    },
    /// `while c do s`, or with a block ending in `end`.
    While {
        condition: Expr,
        body: Vec<Stmt>,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    /// `load "file.cg"`: runs another script, keeping its definitions.
    Load(String),
    /// `ruleset Name(params) { left p = ...; right p = ... }`, or `impartial ruleset Name
    /// { moves p = ... }`; without parameters the name is the ruleset itself.
    Ruleset(Box<RulesetDecl>),
}

/// A ruleset declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesetDecl {
    pub name: Ident,
    pub params: Option<Vec<Ident>>,
    pub impartial: bool,
    pub rules: Vec<Rule>,
}

/// One rule of a ruleset: `left p = e`, `right p = e`, `moves p = e`, `split p = e` (the
/// independent components of a position) or `normal p = e` (a representative of the position,
/// for the table of values).
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub kind: Ident,
    pub pattern: Pattern,
    pub body: Expr,
}

/// The parts of a compact literal, as written (digits kept as text; the evaluator converts them
/// and reports out-of-range values with the literal's span).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct NusLiteral {
    /// The number part: sign, numerator digits, optional denominator digits. A unary minus written
    /// directly before a literal with a number part belongs to the number part only: `-1vv*3`
    /// is -1 + vv + *3, as the printed notation means it.
    pub number: Option<NumberPart>,
    pub ups: Option<UpPart>,
    /// The star part: `None` when absent, `Some("")` for `*`, `Some("3")` for `*3`.
    pub star: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NumberPart {
    pub negative: bool,
    pub numerator: String,
    pub denominator: Option<String>,
}

/// The up part of a compact literal; `negative` is true for the `v` forms.
#[derive(Clone, Debug, PartialEq)]
pub enum UpPart {
    /// `^`, `^^`, `^7`, `v`, `vv`, `v7`: a multiple of up.
    Multiple { negative: bool, count: String },
    /// `^<n>`, `v<n>`: up to the n-th power.
    Power { negative: bool, exponent: String },
    /// `^[n]`, `v[n]`: up + up^2 + ... + up^n.
    PowerTo { negative: bool, exponent: String },
    /// `over` or `under` after a number part: the pseudonumber `5over` = 5 + over.
    Pseudo { over: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-G`
    Neg,
    /// `+G`
    Plus,
    /// `+-G`, the switch {G | -G}; applied to a set S, {S | -S}.
    PlusMinus,
    /// `not b`.
    Not,
    /// `*n`, `*(3+5)`: the nimber of a nonnegative integer given by an expression, as CGSuite
    /// reads a star in front of a name or a parenthesised expression (`*3` is a literal).
    Nimber,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    /// `a // b`: integer division rounding down.
    FloorDiv,
    /// `a % b`: the remainder of floor division.
    Rem,
    /// `G : H`, the ordinal sum.
    OrdinalSum,
    /// `x in xs`: membership in a collection (keys of a map, a substring of a string).
    In,
    /// `a and b`, `a or b`: evaluated left to right, stopping early.
    And,
    Or,
    /// `a +- b`, that is a + (+-b), as in "3±1".
    AddPlusMinus,
    Eq,
    Ne,
    Le,
    Lt,
    Ge,
    Gt,
    /// `<>`: confused with (incomparable).
    Confused,
    /// `<|`: less than or confused with.
    LessOrConfused,
    /// `s & t`: the sided value with onside s and offside t (loopy games).
    Sided,
    /// `|>`: greater than or confused with.
    GreaterOrConfused,
}
