//! The lexer: text to `(start, Token, end)` triples for the LALRPOP parser.
//!
//! Lexing runs in two steps.
//!
//! 1. **Raw tokens** ([logos]): names, digit runs, runs of `^`, runs of `|`, punctuation and
//!    operators. Whitespace and `# ...` comments (to the end of the line) are skipped. A character
//!    that starts no token is an error with its span.
//! 2. **Assembly** ([`tokenize`]): adjacent raw tokens (no space between them) are merged into
//!    the compact number-up-star literals of the printed notation, and a few juxtapositions are
//!    resolved. After this step the variants marked *raw only* below never occur.
//!
//! # Compact literals
//!
//! A literal is written without internal spaces as number part, up part, star part, each
//! optional but in this order, at least one present:
//!
//! * number part: digits, or digits `/` digits (`5`, `1/2`, `73/16`);
//! * up part: `^`, `^^`, `^^^` (a run of k carets is k ups), `^7`, `^<2>`, `^[2]`, and the same
//!   with `v` for down (`v`, `vv`, `v7`, `v<3>`, `v[3]`);
//! * star part: `*` or `*` digits (`*`, `*3`).
//!
//! So `9/8*`, `6^*`, `^*6`, `73/16v9*8`, `1^^`, `^<2>*`, `v[3]*`, `^^*4` and `2*3` (= 2 + *3)
//! are each one [`Token::Literal`]. The rules at the edges:
//!
//! * A name that is exactly `v+` or `v[0-9]+` is a down part, not a name (`v`, `vv`, `v12`);
//!   `values`, `v2x`, `vv7` are names. The names `v`, `vv`, ... can therefore not be variables.
//! * After a single `^` or `v`: digits give a multiple (`^7`); `<` digits `>` an up power
//!   (`^<2>`); `[` digits `]` the sum up + ... + up^n (`^[2]`), all only when written without
//!   spaces. `^ < 2` and `^<2` are comparisons with `^`. A run of two or more carets followed by
//!   digits (`^^7`) is an error.
//! * A bare `*` (no digits) that ends a literal and is immediately followed by something that
//!   starts an operand (a name, a digit, `^`, `*`, `(`, `[`, `{`, `<`, `<|`) is the multiplication
//!   operator instead: `3*G`, `3*{1|0}`, `2*(x)`, `3*^` are products, while `3*`, `{1*|0}`,
//!   `3*+-1` contain the literal `3*`. With digits the star belongs to the literal: `3*2` is
//!   3 + *2; `3 * 2` (spaces) is the product 6.
//! * A `*` written directly after a name, `)`, `]` or `}` is always multiplication, and digits
//!   after it start a new literal: `x*3`, `f(x)*2`. A star literal `*n` standing alone is a
//!   [`Token::StarLiteral`]; where the parser expects an operator it reads it as `* n`, so
//!   `x *3` and `<2|0>*3` are products too.
//! * A bare `*` where an operand is expected, followed by a name or by `(`, is the nimber of
//!   that value, as in CGSuite: `*n`, `*(3+5)` (the grammar reads these; the lexer leaves the
//!   `*` as [`Token::Star`]).
//! * A literal immediately followed by the name `Tiny` or `Miny` gets a zero-width
//!   [`Token::Juxtapose`] between them; the parser reads `2Tiny(2)` as `2 + Tiny(2)`. Any other
//!   name directly after a literal (`2x`) is a syntax error.
//! * A unary minus is not part of a literal here: the parser attaches a `-` written directly
//!   before a literal with a number part to that number part (`-1vv*3` is -1 + vv + *3).
//!
//! # Bars and angle brackets
//!
//! Runs of one to four bars are [`Token::Bar1`] to [`Token::Bar4`]; a longer run is one
//! [`Token::WideBar`] holding its width, since papers write games with more slashes than the
//! printed notation uses (`{9/2|4||3|||2||||1|||||0}`).
//! `<|` and `|>` are the comparison operators, and also open or close an angle-bracket game with
//! a bar (`<|0>`, `<0|>`); the parser tells them apart by position. `<` directly followed by a
//! run of bars is split into `<` and a bar run one wider (`<||0>` is `<`, `||`, `0`, `>`).

use logos::Logos;

use super::ast::{NumberPart, NusLiteral, Span, UpPart};
use super::error::SyntaxError;

/// A token with its byte span: `(start, token, end)`, as LALRPOP's `extern` block wants it.
pub type Spanned = (usize, Token, usize);

/// What can go wrong in the raw lexer; turned into a [`SyntaxError`] with the span.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LexErrorKind {
    /// A character that starts no token.
    #[default]
    UnexpectedCharacter,
    /// A string with no closing quote on its line.
    UnterminatedString,
    /// A backslash in a string not followed by `n`, `t`, `"` or `\\`.
    BadEscape,
    /// `*[` with no matching `]` (only heap digits, `&`, `;`, `#`, `-`, parentheses and
    /// brackets may come between).
    UnterminatedMisere,
    /// `inf_{` with no closing `}` (only digits, commas and spaces may come between).
    UnterminatedLoopyNimber,
}

fn unterminated(_: &mut logos::Lexer<'_, Token>) -> Result<(), LexErrorKind> {
    Err(LexErrorKind::UnterminatedString)
}

/// The text of a misère form `*[...]` between its outer brackets: everything up to the
/// matching `]`, which must come before any character the notation does not use.
fn misere_form(lex: &mut logos::Lexer<'_, Token>) -> Result<String, LexErrorKind> {
    let mut depth = 1;
    for (i, c) in lex.remainder().char_indices() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    let inner = lex.remainder()[..i].to_string();
                    lex.bump(i + 1);
                    return Ok(inner);
                }
            }
            '0'..='9' | '&' | ';' | '#' | '-' | '(' | ')' => {}
            _ => break,
        }
    }
    Err(LexErrorKind::UnterminatedMisere)
}

/// The text of a loopy nim-value `inf_{0,2}` between its braces: digits, commas and spaces up
/// to the closing `}`.
fn loopy_nimber_form(lex: &mut logos::Lexer<'_, Token>) -> Result<String, LexErrorKind> {
    for (i, c) in lex.remainder().char_indices() {
        match c {
            '}' => {
                let inner = lex.remainder()[..i].to_string();
                lex.bump(i + 1);
                return Ok(inner);
            }
            '0'..='9' | ',' | ' ' => {}
            _ => break,
        }
    }
    Err(LexErrorKind::UnterminatedLoopyNimber)
}

/// The text of a string literal, without its quotes, escapes resolved.
fn unescape(lex: &mut logos::Lexer<'_, Token>) -> Result<String, LexErrorKind> {
    let inner = &lex.slice()[1..lex.slice().len() - 1];
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(c @ ('"' | '\\')) => out.push(c),
            _ => return Err(LexErrorKind::BadEscape),
        }
    }
    Ok(out)
}

/// The tokens of the language. To add a keyword or an operator, add a variant with its
/// `#[token]` here and a line for it in the `extern` block of `grammar/cg.lalrpop`.
#[derive(Logos, Clone, Debug, PartialEq)]
#[logos(error = LexErrorKind)]
#[logos(skip r"[ \t\r\f]+")]
#[logos(skip(r"#[^\n]*", allow_greedy = true))]
pub enum Token {
    // ----- Names and literals -------------------------------------------------------------
    /// A name: `[A-Za-z_][A-Za-z0-9_]*` that is not a keyword and not a down part.
    #[regex(r"[A-Za-z_][A-Za-z0-9_]*", |lex| lex.slice().to_string())]
    Name(String),
    /// A compact number-up-star literal (made by assembly).
    Literal(NusLiteral),
    /// A star literal on its own: `*3` holds `"3"` (made by assembly). A bare `*` is
    /// [`Token::Star`].
    StarLiteral(String),
    /// Zero-width marker between a literal and a directly following `Tiny` / `Miny` (made by
    /// assembly).
    Juxtapose,
    /// The label of a loopy position, a name written directly before `{` (`a{0|a}`): `a` ... `z`
    /// (not `v`, the down glyph) or `N1`, `N2`, ... (made by assembly).
    Label(String),
    /// A take-and-break code written after `octal`, `hex` or `tb`: `0.337`, `4.07`, `0.F6`,
    /// `4!.0`, `0.[3]` (digits, modifiers and brackets around a point). Elsewhere it is an
    /// error: cg has no decimal numbers.
    #[regex(r"[0-9A-Fa-f]*[!?=]*\.[0-9A-Za-z\[\]!?=]+", |lex| lex.slice().to_string(), priority = 3)]
    Code(String),
    /// Raw only: a run of decimal digits.
    #[regex(r"[0-9]+", |lex| lex.slice().to_string())]
    Digits(String),
    /// Raw only: a run of `^`, with its length.
    #[regex(r"\^+", |lex| lex.slice().len())]
    Carets(usize),

    // ----- Keywords (reserved for the statements of the language) --------------------------
    #[token("let")]
    Let,
    #[token("def")]
    Def,
    #[token("if")]
    If,
    #[token("then")]
    Then,
    #[token("else")]
    Else,
    #[token("for")]
    For,
    #[token("in")]
    In,
    #[token("ruleset")]
    Ruleset,
    #[token("impartial")]
    Impartial,
    #[token("elif")]
    Elif,
    #[token("do")]
    Do,
    #[token("end")]
    End,
    #[token("while")]
    While,
    #[token("break")]
    Break,
    #[token("continue")]
    Continue,
    #[token("return")]
    Return,
    #[token("memo")]
    Memo,
    #[token("load")]
    Load,
    #[token("and")]
    And,
    #[token("or")]
    Or,
    #[token("not")]
    Not,

    /// A misère impartial form in Conway's and Hoey's notation, `*[2#0]`: the text between the
    /// outer brackets (NOTATION.md, "Misère impartial games").
    #[token("*[", misere_form)]
    MisereLiteral(String),

    /// An infinite loopy nim-value in Smith's and Winning Ways' notation with ASCII letters,
    /// `inf_{0,2}` for ∞ subscript 02: the text between the braces.
    #[token("inf_{", loopy_nimber_form)]
    LoopyNimberLiteral(String),

    // ----- Strings and line breaks --------------------------------------------------------
    /// A string in double quotes; `\"`, `\\`, `\n` and `\t` are escapes.
    #[regex(r#""([^"\\\n]|\\.)*""#, unescape)]
    Str(String),
    /// Raw only: a string with no closing quote on its line.
    #[regex(r#""([^"\\\n]|\\.)*"#, unterminated)]
    Unterminated,
    /// The end of a line: separates statements (assembly drops the ones inside brackets and
    /// after a token that cannot end a statement).
    #[token("\n")]
    Newline,

    // ----- Brackets and separators ------------------------------------------------------------
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token(",")]
    Comma,
    #[token(";")]
    Semicolon,
    /// Bars of width one to four: `|`, `||`, `|||`, `||||`.
    #[token("|")]
    Bar1,
    #[token("||")]
    Bar2,
    #[token("|||")]
    Bar3,
    #[token("||||")]
    Bar4,
    /// Five or more bars in a row, with their number.
    #[regex(r"\|\|\|\|\|+", |lex| lex.slice().len())]
    WideBar(usize),

    // ----- Operators ----------------------------------------------------------------------
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    /// `+-` or `±`.
    #[token("+-")]
    #[token("±")]
    PlusMinus,
    /// `*`: multiplication, or the star literal `*` where an operand is expected.
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("//")]
    SlashSlash,
    #[token("%")]
    Percent,
    #[token("=")]
    Assign,
    #[token("->")]
    Arrow,
    #[token("=>")]
    FatArrow,
    /// `'`: quotes a game written explicitly, kept in that form (`'{*|*}'`).
    #[token("'")]
    Quote,
    #[token(":")]
    Colon,
    #[token("..")]
    DotDot,
    #[token("..=")]
    DotDotEq,
    #[token("==")]
    EqEq,
    #[token("!=")]
    NotEq,
    #[token("<=")]
    LessEq,
    #[token(">=")]
    GreaterEq,
    /// `<`: less than, or the opening angle bracket of a game.
    #[token("<")]
    Less,
    /// `>`: greater than, or the closing angle bracket of a game.
    #[token(">")]
    Greater,
    /// `<>`: confused with.
    #[token("<>")]
    Confused,
    /// `<|`: less than or confused with; or `<` followed by a bar.
    #[token("<|")]
    LessBar,
    /// `&`: joins an onside and an offside into a sided value (`1 & 0`).
    #[token("&")]
    Ampersand,
    /// `|>`: greater than or confused with; or a bar followed by `>`.
    #[token("|>")]
    BarGreater,
}

impl Token {
    /// The width of a bar token, or `None` for other tokens.
    pub fn bar_width(&self) -> Option<usize> {
        match self {
            Token::Bar1 => Some(1),
            Token::Bar2 => Some(2),
            Token::Bar3 => Some(3),
            Token::Bar4 => Some(4),
            Token::WideBar(width) => Some(*width),
            _ => None,
        }
    }

    /// The bar token of the given width (at least 1).
    pub fn bar(width: usize) -> Token {
        match width {
            0 | 1 => Token::Bar1,
            2 => Token::Bar2,
            3 => Token::Bar3,
            4 => Token::Bar4,
            _ => Token::WideBar(width),
        }
    }

    /// True for a token after which a directly following `*` must be multiplication.
    fn ends_operand(&self) -> bool {
        matches!(
            self,
            Token::Name(_)
                | Token::RParen
                | Token::RBracket
                | Token::RBrace
                | Token::MisereLiteral(_)
                | Token::LoopyNimberLiteral(_)
        )
    }

    /// True for a raw token that can begin an operand (used for the bare-`*` rule).
    fn starts_operand(&self) -> bool {
        matches!(
            self,
            Token::Name(_)
                | Token::Digits(_)
                | Token::Carets(_)
                | Token::Star
                | Token::LParen
                | Token::LBracket
                | Token::LBrace
                | Token::Less
                | Token::LessBar
                | Token::MisereLiteral(_)
                | Token::LoopyNimberLiteral(_)
        )
    }
}

/// True for a name that is a down part: `v+` or `v[0-9]+`.
pub fn is_down_name(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('v') else {
        return false;
    };
    rest.bytes().all(|b| b == b'v') || rest.bytes().all(|b| b.is_ascii_digit())
}

/// True for a name that can label a loopy position: `a` ... `z` except `v`, or `N` digits.
pub fn is_label(s: &str) -> bool {
    match s.as_bytes() {
        [c] => c.is_ascii_lowercase() && *c != b'v',
        [b'N', rest @ ..] => !rest.is_empty() && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// The raw logos tokens of `src`, or the first lexing error.
pub fn raw_tokens(src: &str) -> Result<Vec<Spanned>, SyntaxError> {
    let mut lexer = Token::lexer(src);
    let mut out = Vec::new();
    while let Some(result) = lexer.next() {
        let span = lexer.span();
        let misere = matches!(
            result,
            Ok(Token::MisereLiteral(_)) | Err(LexErrorKind::UnterminatedMisere)
        );
        if misere && follows_operand(&out, span.start) {
            // `3*[1]`, `f(x)*[2]`: a product with a list, not a misère form. Lex again from the
            // bracket on.
            out.push((span.start, Token::Star, span.start + 1));
            let rest = raw_tokens(&src[span.start + 1..]).map_err(|mut e| {
                e.span = (e.span.start + span.start + 1)..(e.span.end + span.start + 1);
                e
            })?;
            let shift = span.start + 1;
            out.extend(rest.into_iter().map(|(a, t, b)| (a + shift, t, b + shift)));
            return Ok(out);
        }
        match result {
            Ok(token) => out.push((span.start, token, span.end)),
            Err(kind) => return Err(lex_error(src, kind, span)),
        }
    }
    Ok(out)
}

/// True when the last raw token ends at `at` and ends an operand (`3`, `x`, `)`, `]`, `}`).
fn follows_operand(out: &[Spanned], at: usize) -> bool {
    matches!(
        out.last(),
        Some((_, Token::Digits(_) | Token::Carets(_) | Token::Name(_) | Token::RParen | Token::RBracket | Token::RBrace, end)) if *end == at
    )
}

fn lex_error(src: &str, kind: LexErrorKind, span: Span) -> SyntaxError {
    let text = src.get(span.clone()).unwrap_or("");
    match kind {
        LexErrorKind::UnterminatedString => SyntaxError::new("unterminated string", span)
            .with_label("this string")
            .with_help("close it with `\"` on the same line"),
        LexErrorKind::BadEscape => SyntaxError::new("unknown escape in a string", span)
            .with_label("this string")
            .with_help("the escapes are \\n, \\t, \\\" and \\\\"),
        LexErrorKind::UnterminatedMisere => SyntaxError::new("unterminated misère form", span)
            .with_label("this `*[`")
            .with_help("a misère form is written `*[...]` with heap digits, `&n;`, `#`, `-`, `(`, `)` and `[...]` inside, as in `*[2#0]`"),
        LexErrorKind::UnterminatedLoopyNimber => {
            SyntaxError::new("unterminated loopy nim-value", span)
                .with_label("this `inf_{`")
                .with_help("an infinite loopy nim-value lists the finite values among its options, as in `inf_{0,2}` or `inf_{}`")
        }
        LexErrorKind::UnexpectedCharacter => {
            let ch = text.chars().next();
            let shown = match ch {
                Some(c) if c.is_control() || c == '\u{FFFD}' => format!("{c:?}"),
                Some(c) => format!("`{c}`"),
                None => "end of input".to_string(),
            };
            let err = SyntaxError::new(format!("unexpected character {shown}"), span);
            match ch {
                Some('!') => err.with_help("`!=` means \"not equal\""),
                Some('.') => err.with_help("ranges are written `a..b` or `a..=b`"),
                Some('↑') => err.with_help("up is written `^`"),
                Some('↓') => err.with_help("down is written `v`"),
                _ => err,
            }
        }
    }
}

/// Lexes `src` into the tokens the parser reads (see the module documentation), or the first
/// lexing error.
pub fn tokenize(src: &str) -> Result<Vec<Spanned>, SyntaxError> {
    Ok(place_newlines(assemble(raw_tokens(src)?)?))
}

/// Keeps only the line breaks that end statements: not inside brackets, not after a token that
/// cannot end one (an infix operator, `=`, `,`, `then`, `else`, `do`, `in`, ...), and one for a
/// run of empty lines. A `{` opened right after `ruleset NAME(...)` is a block, in which line
/// breaks count.
fn place_newlines(tokens: Vec<Spanned>) -> Vec<Spanned> {
    let mut out: Vec<Spanned> = Vec::with_capacity(tokens.len());
    // For each open bracket: whether line breaks count inside it.
    let mut open: Vec<bool> = Vec::new();
    for (start, token, end) in tokens {
        match token {
            Token::Newline => {
                let counts = open.last().copied().unwrap_or(true);
                let after = out.last().map(|t| &t.1);
                if counts && after.is_some_and(|t| !continues_line(t)) {
                    out.push((start, Token::Newline, end));
                }
            }
            Token::LParen | Token::LBracket => {
                open.push(false);
                out.push((start, token, end));
            }
            Token::LBrace => {
                open.push(opens_block(&out));
                out.push((start, token, end));
            }
            Token::RParen | Token::RBracket | Token::RBrace => {
                open.pop();
                out.push((start, token, end));
            }
            _ => out.push((start, token, end)),
        }
    }
    out
}

/// After these tokens a statement cannot end, so a line break continues it.
fn continues_line(token: &Token) -> bool {
    matches!(
        token,
        Token::Newline
            | Token::Semicolon
            | Token::Plus
            | Token::Minus
            | Token::PlusMinus
            | Token::Slash
            | Token::SlashSlash
            | Token::Percent
            | Token::Assign
            | Token::Arrow
            | Token::FatArrow
            | Token::Colon
            | Token::DotDot
            | Token::DotDotEq
            | Token::EqEq
            | Token::NotEq
            | Token::LessEq
            | Token::GreaterEq
            | Token::Confused
            | Token::Comma
            | Token::Then
            | Token::Else
            | Token::Do
            | Token::In
            | Token::And
            | Token::Or
            | Token::Not
            | Token::LParen
            | Token::LBracket
            | Token::LBrace
    )
}

/// True when the `{` about to be pushed opens a ruleset body: `ruleset NAME {` or
/// `ruleset NAME(...) {` (also after `impartial`).
fn opens_block(out: &[Spanned]) -> bool {
    let mut i = out.len();
    if i > 0 && out[i - 1].1 == Token::RParen {
        let mut depth = 0usize;
        while i > 0 {
            i -= 1;
            match out[i].1 {
                Token::RParen => depth += 1,
                Token::LParen => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    i >= 2 && matches!(out[i - 1].1, Token::Name(_)) && out[i - 2].1 == Token::Ruleset
}

/// The raw token at `i` if it starts exactly at byte `at` (that is, with no space before it).
fn adjacent(raw: &[Spanned], i: usize, at: usize) -> Option<&Spanned> {
    raw.get(i).filter(|t| t.0 == at)
}

fn digits_at(raw: &[Spanned], i: usize, at: usize) -> Option<(String, usize)> {
    match adjacent(raw, i, at) {
        Some((_, Token::Digits(d), end)) => Some((d.clone(), *end)),
        _ => None,
    }
}

/// `<` digits `>` (or `[` digits `]`, or `on` in place of the digits) starting at raw index
/// `i`, all adjacent, beginning at `at`.
fn bracketed_digits(
    raw: &[Spanned],
    i: usize,
    at: usize,
    open: &Token,
    close: &Token,
) -> Option<(String, usize)> {
    let (_, first, first_end) = adjacent(raw, i, at)?;
    if first != open {
        return None;
    }
    let (digits, digits_end) = digits_at(raw, i + 1, *first_end).or_else(|| {
        // `^[on]`, `^<on>`: the loopy members of the family (upon, uponth).
        match adjacent(raw, i + 1, *first_end) {
            Some((_, Token::Name(name), end)) if name == "on" => Some((name.clone(), *end)),
            _ => None,
        }
    })?;
    let (_, last, last_end) = adjacent(raw, i + 2, digits_end)?;
    (last == close).then_some((digits, *last_end))
}

fn assemble(raw: Vec<Spanned>) -> Result<Vec<Spanned>, SyntaxError> {
    let mut out: Vec<Spanned> = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let (start, ref token, end) = raw[i];
        match token {
            Token::Digits(_) | Token::Carets(_) => i = literal(&raw, i, &mut out)?,
            Token::Name(name) if is_down_name(name) => i = literal(&raw, i, &mut out)?,
            Token::Name(name)
                if is_label(name)
                    && matches!(adjacent(&raw, i + 1, end), Some((_, Token::LBrace, _)))
                    && !matches!(out.last(), Some((_, Token::Ruleset, _))) =>
            {
                out.push((start, Token::Label(name.clone()), end));
                i += 1;
            }
            Token::Star => {
                let after_operand =
                    matches!(out.last(), Some((_, t, e)) if *e == start && t.ends_operand());
                match digits_at(&raw, i + 1, end) {
                    Some((digits, digits_end)) if !after_operand => {
                        out.push((start, Token::StarLiteral(digits), digits_end));
                        i += 2;
                    }
                    _ => {
                        out.push((start, Token::Star, end));
                        i += 1;
                    }
                }
            }
            Token::LessBar => match adjacent(&raw, i + 1, end) {
                Some((_, bar, bar_end)) if bar.bar_width().is_some() => {
                    let wider = Token::bar(bar.bar_width().unwrap_or(0) + 1);
                    out.push((start, Token::Less, start + 1));
                    out.push((start + 1, wider, *bar_end));
                    i += 2;
                }
                Some((bar_start, Token::BarGreater, greater_end)) => {
                    out.push((start, Token::Less, start + 1));
                    out.push((start + 1, Token::Bar2, bar_start + 1));
                    out.push((bar_start + 1, Token::Greater, *greater_end));
                    i += 2;
                }
                _ => {
                    out.push((start, Token::LessBar, end));
                    i += 1;
                }
            },
            _ => {
                out.push(raw[i].clone());
                i += 1;
            }
        }
    }
    Ok(out)
}

/// Reads the compact literal starting at raw index `i` (a digit run, a caret run or a down name),
/// pushes it (and a [`Token::Juxtapose`] if a `Tiny`/`Miny` follows), and returns the index of
/// the first raw token after it.
fn literal(raw: &[Spanned], i: usize, out: &mut Vec<Spanned>) -> Result<usize, SyntaxError> {
    let start = raw[i].0;
    let mut j = i;
    let mut end = start;
    let mut lit = NusLiteral::default();

    // Number part.
    if let Some((numerator, numerator_end)) = digits_at(raw, j, end) {
        j += 1;
        end = numerator_end;
        let mut denominator = None;
        if let Some((_, Token::Slash, slash_end)) = adjacent(raw, j, end) {
            if let Some((d, d_end)) = digits_at(raw, j + 1, *slash_end) {
                denominator = Some(d);
                j += 2;
                end = d_end;
            }
        }
        lit.number = Some(NumberPart {
            negative: false,
            numerator,
            denominator,
        });
    }

    // Up part.
    match adjacent(raw, j, end) {
        // `5over`, `3/2under`: a pseudonumber (the number part is required).
        Some((_, Token::Name(name), name_end))
            if lit.number.is_some() && (name == "over" || name == "under") =>
        {
            lit.ups = Some(UpPart::Pseudo {
                over: name == "over",
            });
            j += 1;
            end = *name_end;
        }
        Some((_, Token::Carets(1), caret_end)) => {
            let (ups, used, ups_end) = up_suffix(raw, j + 1, *caret_end, false);
            lit.ups = Some(ups);
            j += 1 + used;
            end = ups_end;
        }
        Some((caret_start, Token::Carets(n), caret_end)) => {
            if let Some((digits, digits_end)) = digits_at(raw, j + 1, *caret_end) {
                return Err(SyntaxError::new(
                    format!("`{}{digits}` is not a literal", "^".repeat(*n)),
                    *caret_start..digits_end,
                )
                .with_help(format!(
                    "k ups are written `^k` (`^{digits}`), or `^^` for two; \
                     separate a following number with a space"
                )));
            }
            lit.ups = Some(UpPart::Multiple {
                negative: false,
                count: n.to_string(),
            });
            j += 1;
            end = *caret_end;
        }
        Some((_, Token::Name(name), name_end)) if is_down_name(name) => {
            let rest = &name[1..];
            if rest.is_empty() {
                let (ups, used, ups_end) = up_suffix(raw, j + 1, *name_end, true);
                lit.ups = Some(ups);
                j += 1 + used;
                end = ups_end;
            } else {
                let count = if rest.bytes().all(|b| b == b'v') {
                    name.len().to_string()
                } else {
                    rest.to_string()
                };
                lit.ups = Some(UpPart::Multiple {
                    negative: true,
                    count,
                });
                j += 1;
                end = *name_end;
            }
        }
        _ => {}
    }

    // Star part.
    if let Some((_, Token::Star, star_end)) = adjacent(raw, j, end) {
        if let Some((digits, digits_end)) = digits_at(raw, j + 1, *star_end) {
            lit.star = Some(digits);
            j += 2;
            end = digits_end;
        } else if adjacent(raw, j + 1, *star_end).is_some_and(|t| t.1.starts_operand()) {
            // `3*G`: the star is multiplication; leave it for the main loop.
        } else {
            lit.star = Some(String::new());
            j += 1;
            end = *star_end;
        }
    }

    out.push((start, Token::Literal(lit), end));
    if let Some((_, Token::Name(name), _)) = adjacent(raw, j, end) {
        if name == "Tiny" || name == "Miny" {
            out.push((end, Token::Juxtapose, end));
        }
    }
    Ok(j)
}

/// What follows a single `^` (or `v`) at raw index `i`, starting at byte `at`: digits, `<n>`,
/// `[n]` or nothing. Returns the up part, the number of raw tokens used after the caret, and the
/// end of the up part.
fn up_suffix(raw: &[Spanned], i: usize, at: usize, negative: bool) -> (UpPart, usize, usize) {
    if let Some((count, end)) = digits_at(raw, i, at) {
        return (UpPart::Multiple { negative, count }, 1, end);
    }
    if let Some((exponent, end)) = bracketed_digits(raw, i, at, &Token::Less, &Token::Greater) {
        return (UpPart::Power { negative, exponent }, 3, end);
    }
    if let Some((exponent, end)) = bracketed_digits(raw, i, at, &Token::LBracket, &Token::RBracket)
    {
        return (UpPart::PowerTo { negative, exponent }, 3, end);
    }
    let count = "1".to_string();
    (UpPart::Multiple { negative, count }, 0, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Token> {
        tokenize(src).unwrap().into_iter().map(|t| t.1).collect()
    }

    #[test]
    fn names_and_downs() {
        assert!(is_down_name("v"));
        assert!(is_down_name("vvv"));
        assert!(is_down_name("v12"));
        assert!(!is_down_name("values"));
        assert!(!is_down_name("v2x"));
        assert!(!is_down_name("vv7"));
        assert_eq!(kinds("values"), vec![Token::Name("values".into())]);
        assert_eq!(kinds("v2x"), vec![Token::Name("v2x".into())]);
        assert!(matches!(kinds("vv")[..], [Token::Literal(_)]));
    }

    #[test]
    fn bars_and_angles() {
        assert_eq!(kinds("|| |||"), vec![Token::Bar2, Token::Bar3]);
        assert_eq!(kinds("|||||| ||||"), vec![Token::WideBar(6), Token::Bar4]);
        assert_eq!(kinds("<|||||"), vec![Token::Less, Token::WideBar(5)]);
        assert_eq!(
            kinds("<||0>"),
            vec![
                Token::Less,
                Token::Bar2,
                Token::Literal(NusLiteral {
                    number: Some(NumberPart {
                        negative: false,
                        numerator: "0".into(),
                        denominator: None
                    }),
                    ..Default::default()
                }),
                Token::Greater
            ]
        );
        assert_eq!(
            kinds("<||>"),
            vec![Token::Less, Token::Bar2, Token::Greater]
        );
        let spans: Vec<_> = tokenize("<||>")
            .unwrap()
            .into_iter()
            .map(|t| (t.0, t.2))
            .collect();
        assert_eq!(spans, vec![(0, 1), (1, 3), (3, 4)]);
        assert_eq!(kinds("<|>"), vec![Token::LessBar, Token::Greater]);
        assert_eq!(kinds("|>"), vec![Token::BarGreater]);
        assert_eq!(kinds("||>"), vec![Token::Bar2, Token::Greater]);
    }

    #[test]
    fn comments_and_errors() {
        assert_eq!(
            kinds("x # a comment\n y"),
            vec![
                Token::Name("x".into()),
                Token::Newline,
                Token::Name("y".into())
            ]
        );
        let err = tokenize("1 @ 2").unwrap_err();
        assert_eq!(err.span, 2..3);
        assert!(err.message.contains("`@`"), "{}", err.message);
        let err = tokenize("^^7").unwrap_err();
        assert_eq!(err.span, 0..3);
        assert!(tokenize("é").is_err());
    }

    #[test]
    fn keywords_and_operators() {
        assert_eq!(
            kinds("let def -> .. ..= % // == ; = ±"),
            vec![
                Token::Let,
                Token::Def,
                Token::Arrow,
                Token::DotDot,
                Token::DotDotEq,
                Token::Percent,
                Token::SlashSlash,
                Token::EqEq,
                Token::Semicolon,
                Token::Assign,
                Token::PlusMinus
            ]
        );
    }

    #[test]
    fn stars() {
        assert_eq!(
            kinds("x*3"),
            vec![
                Token::Name("x".into()),
                Token::Star,
                Token::Literal(NusLiteral {
                    number: Some(NumberPart {
                        negative: false,
                        numerator: "3".into(),
                        denominator: None
                    }),
                    ..Default::default()
                })
            ]
        );
        assert_eq!(kinds("*3"), vec![Token::StarLiteral("3".into())]);
        assert_eq!(kinds("* 3").len(), 2);
        assert_eq!(kinds("3*G")[1], Token::Star);
        assert_eq!(kinds("2Tiny(2)")[1], Token::Juxtapose);
    }
}
