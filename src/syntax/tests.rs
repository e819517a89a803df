//! Tests of the lexer and parser, asserting on the AST through its S-expression rendering
//! (see `sexp.rs`): literals print as typed, games as `{L | R}`, the rest as `(op ...)`.

use proptest::prelude::*;

use super::ast::{Expr, ExprKind, NumberPart, NusLiteral, UpPart};
use super::sexp::{sexp, stmt_sexp};
use super::*;

#[track_caller]
fn p(src: &str) -> String {
    match parse_expr(src) {
        Ok(e) => sexp(&e),
        Err(e) => panic!("{src:?} did not parse: {e:?}"),
    }
}

#[track_caller]
fn expr(src: &str) -> Expr {
    parse_expr(src).unwrap_or_else(|e| panic!("{src:?} did not parse: {e:?}"))
}

#[track_caller]
fn lit(src: &str) -> NusLiteral {
    match &expr(src) {
        Expr {
            kind: ExprKind::Nus(lit),
            span,
        } => {
            assert_eq!(*span, 0..src.len(), "{src:?} should be one literal");
            lit.clone()
        }
        other => panic!("{src:?} is not one literal: {}", sexp(other)),
    }
}

#[track_caller]
fn err(src: &str) -> SyntaxError {
    match parse_program(src) {
        Ok(v) => panic!(
            "{src:?} parsed: {:?}",
            v.iter().map(stmt_sexp).collect::<Vec<_>>()
        ),
        Err(e) => e,
    }
}

fn num(numerator: &str, denominator: Option<&str>, negative: bool) -> Option<NumberPart> {
    Some(NumberPart {
        negative,
        numerator: numerator.into(),
        denominator: denominator.map(Into::into),
    })
}

fn ups(negative: bool, count: &str) -> Option<UpPart> {
    Some(UpPart::Multiple {
        negative,
        count: count.into(),
    })
}

fn star(s: &str) -> Option<String> {
    Some(s.into())
}

// ----- Compact literals ------------------------------------------------------------------------

#[test]
fn literal_numbers_and_nimbers() {
    let l = lit("5");
    assert_eq!(l.number, num("5", None, false));
    assert_eq!((l.ups, l.star), (None, None));
    assert_eq!(lit("1/2").number, num("1", Some("2"), false));
    assert_eq!(lit("73/16").number, num("73", Some("16"), false));
    assert_eq!(
        lit("-1823437481924").number,
        num("1823437481924", None, true)
    );
    assert_eq!(lit("-1/2").number, num("1", Some("2"), true));
    assert_eq!(
        lit("*"),
        NusLiteral {
            star: star(""),
            ..Default::default()
        }
    );
    assert_eq!(
        lit("*3"),
        NusLiteral {
            star: star("3"),
            ..Default::default()
        }
    );
    assert_eq!(lit("*0").star, star("0"));
}

#[test]
fn literal_ups_and_downs() {
    assert_eq!(lit("^").ups, ups(false, "1"));
    assert_eq!(lit("^^").ups, ups(false, "2"));
    assert_eq!(lit("^^^").ups, ups(false, "3"));
    assert_eq!(lit("^7").ups, ups(false, "7"));
    assert_eq!(lit("v").ups, ups(true, "1"));
    assert_eq!(lit("vv").ups, ups(true, "2"));
    assert_eq!(lit("vvv").ups, ups(true, "3"));
    assert_eq!(lit("v7").ups, ups(true, "7"));
    assert_eq!(
        lit("^<2>").ups,
        Some(UpPart::Power {
            negative: false,
            exponent: "2".into()
        })
    );
    assert_eq!(
        lit("v<3>").ups,
        Some(UpPart::Power {
            negative: true,
            exponent: "3".into()
        })
    );
    assert_eq!(
        lit("^[2]").ups,
        Some(UpPart::PowerTo {
            negative: false,
            exponent: "2".into()
        })
    );
    assert_eq!(
        lit("v[3]").ups,
        Some(UpPart::PowerTo {
            negative: true,
            exponent: "3".into()
        })
    );
}

#[test]
fn literal_combinations() {
    assert_eq!(
        lit("9/8*"),
        NusLiteral {
            number: num("9", Some("8"), false),
            ups: None,
            star: star("")
        }
    );
    assert_eq!(
        lit("6^*"),
        NusLiteral {
            number: num("6", None, false),
            ups: ups(false, "1"),
            star: star("")
        }
    );
    assert_eq!(
        lit("^*6"),
        NusLiteral {
            number: None,
            ups: ups(false, "1"),
            star: star("6")
        }
    );
    assert_eq!(
        lit("73/16v9*8"),
        NusLiteral {
            number: num("73", Some("16"), false),
            ups: ups(true, "9"),
            star: star("8")
        }
    );
    assert_eq!(
        lit("1^^"),
        NusLiteral {
            number: num("1", None, false),
            ups: ups(false, "2"),
            star: None
        }
    );
    assert_eq!(
        lit("^<2>*"),
        NusLiteral {
            number: None,
            ups: Some(UpPart::Power {
                negative: false,
                exponent: "2".into()
            }),
            star: star("")
        }
    );
    assert_eq!(
        lit("v[3]*"),
        NusLiteral {
            number: None,
            ups: Some(UpPart::PowerTo {
                negative: true,
                exponent: "3".into()
            }),
            star: star("")
        }
    );
    assert_eq!(
        lit("^^*4"),
        NusLiteral {
            number: None,
            ups: ups(false, "2"),
            star: star("4")
        }
    );
    assert_eq!(
        lit("2*3"),
        NusLiteral {
            number: num("2", None, false),
            ups: None,
            star: star("3")
        }
    );
    assert_eq!(
        lit("-1vv*3"),
        NusLiteral {
            number: num("1", None, true),
            ups: ups(true, "2"),
            star: star("3")
        }
    );
    assert_eq!(
        lit("2^<3>*4").ups,
        Some(UpPart::Power {
            negative: false,
            exponent: "3".into()
        })
    );
    assert_eq!(lit("1/2v").ups, ups(true, "1"));
    assert_eq!(lit("3v<2>").number, num("3", None, false));
}

#[test]
fn names_versus_downs() {
    for name in [
        "values", "v2x", "vv7", "x", "_a1", "Tiny", "true", "L", "vx", "V",
    ] {
        assert_eq!(expr(name).kind, ExprKind::Name(name.into()), "{name}");
    }
    assert_eq!(p("v + values"), "(+ v values)");
    assert_eq!(p("v12"), "v12");
}

#[test]
fn angle_suffixes_need_no_spaces() {
    assert_eq!(p("^<2>"), "^<2>");
    assert_eq!(p("^ < 2"), "(< ^ 2)");
    assert_eq!(p("^<2"), "(< ^ 2)");
    assert_eq!(p("^< 2"), "(< ^ 2)");
    assert_eq!(p("v<3>"), "v<3>");
    assert_eq!(p("v < 3"), "(< v 3)");
    assert_eq!(p("^<2> > 0"), "(> ^<2> 0)");
    assert_eq!(p("{^<2>|0}"), "{^<2> | 0}");
    assert_eq!(p("<^<2>|v[2]>"), "{^<2> | v[2]}");
    assert_eq!(p("<0|^>"), "{0 | ^}");
    assert_eq!(p("[^[2], v]"), "(list ^[2] v)");
}

// ----- Stars and multiplication -------------------------------------------------------------

#[test]
fn star_versus_multiplication() {
    assert_eq!(p("3*G"), "(* 3 G)");
    assert_eq!(p("3*{1|0}"), "(* 3 {1 | 0})");
    assert_eq!(p("2*(x)"), "(* 2 x)");
    assert_eq!(p("3*<1|0>"), "(* 3 {1 | 0})");
    assert_eq!(p("3*[1]"), "(* 3 (list 1))");
    assert_eq!(p("3*^"), "(* 3 ^)");
    assert_eq!(p("3*v"), "(* 3 v)");
    assert_eq!(p("3 * 2"), "(* 3 2)");
    assert_eq!(p("3*2"), "3*2");
    assert_eq!(p("3*"), "3*");
    assert_eq!(p("3* + 1"), "(+ 3* 1)");
    assert_eq!(p("3*+-1"), "(+- 3* 1)");
    assert_eq!(p("3*-1"), "(- 3* 1)");
    assert_eq!(p("^*(x)"), "(* ^ x)");
    assert_eq!(p("3**2"), "(* 3 *2)");
    assert_eq!(p("x*3"), "(* x 3)");
    assert_eq!(p("x *3"), "(* x 3)");
    assert_eq!(p("x * 3"), "(* x 3)");
    assert_eq!(p("x*3^"), "(* x 3^)");
    assert_eq!(p("f(x)*2"), "(* (call f x) 2)");
    assert_eq!(p("{1|0}*3"), "(* {1 | 0} 3)");
    assert_eq!(p("<1|0>*3"), "(* {1 | 0} 3)");
    assert_eq!(p("[1]*2"), "(* (list 1) 2)");
    assert_eq!(p("2*x*3"), "(* (* 2 x) 3)");
    assert_eq!(p("*"), "*");
    assert_eq!(p("* * *"), "(* * *)");
    assert_eq!(p("*3 + *"), "(+ *3 *)");
    assert_eq!(p("x**"), "(* x *)");
    assert_eq!(p("{*|*}"), "{* | *}");
    assert_eq!(p("a > *3"), "(> a *3)");
    assert_eq!(p("a>*3"), "(> a *3)");
    // A star in front of a name or a parenthesised expression is the nimber of its value, as
    // in CGSuite; after an operand the star stays multiplication.
    assert_eq!(p("*(3+5)"), "(nim (+ 3 5))");
    assert_eq!(p("*n"), "(nim n)");
    assert_eq!(p("*n + *(n + 1)"), "(+ (nim n) (nim (+ n 1)))");
    assert_eq!(p("{*n | 0}"), "{(nim n) | 0}");
    assert_eq!(p("x *n"), "(* x n)");
    assert_eq!(p("x * *n"), "(* x (nim n))");
    assert_eq!(p("3*n"), "(* 3 n)");
    assert_eq!(p("3*(n)"), "(* 3 n)");
    assert_eq!(p("(*)(3)"), "(call * 3)");
    assert_eq!(p("*(1, 2)"), "(call * 1 2)");
}

// ----- Negative literals --------------------------------------------------------------------

#[test]
fn minus_before_literals() {
    assert_eq!(p("-1vv*3"), "-1vv*3");
    assert_eq!(p("-^*"), "(neg ^*)");
    assert_eq!(p("-*"), "(neg *)");
    assert_eq!(p("-x"), "(neg x)");
    assert_eq!(p("- 1"), "(neg 1)");
    assert_eq!(p("- 1vv"), "(neg 1vv)");
    assert_eq!(p("--1vv"), "(neg -1vv)");
    assert_eq!(p("-(1)"), "(neg 1)");
    assert_eq!(p("2-1vv"), "(- 2 1vv)");
    assert_eq!(p("2 + -1vv"), "(+ 2 -1vv)");
    assert_eq!(p("-2*G"), "(* -2 G)");
    assert_eq!(p("{0|-1/2}"), "{0 | -1/2}");
    assert_eq!(p("+1"), "(pos 1)");
    assert_eq!(p("-{1|0}"), "(neg {1 | 0})");
    let e = expr("-1vv*3");
    assert_eq!(e.span, 0..6);
}

// ----- Juxtaposition with Tiny and Miny ------------------------------------------------------

#[test]
fn tiny_and_miny_shifts() {
    assert_eq!(p("2Tiny(2)"), "(+ 2 (call Tiny 2))");
    assert_eq!(p("2Miny(2)"), "(+ 2 (call Miny 2))");
    assert_eq!(p("1/2Tiny({3|1})"), "(+ 1/2 (call Tiny {3 | 1}))");
    assert_eq!(p("-2Tiny(2)"), "(+ -2 (call Tiny 2))");
    assert_eq!(p("- 2Tiny(2)"), "(neg (+ 2 (call Tiny 2)))");
    assert_eq!(p("-(2Tiny(2))"), "(neg (+ 2 (call Tiny 2)))");
    assert_eq!(p("^Tiny(1)"), "(+ ^ (call Tiny 1))");
    assert_eq!(p("2*Tiny(2)"), "(* 2 (call Tiny 2))");
    assert!(parse_expr("2 Tiny(2)").is_err());
    assert!(parse_expr("2Tiny").is_err());
}

#[test]
fn tiny_shift_spans() {
    let e = expr("2Tiny(2)");
    assert_eq!(e.span, 0..8);
    let ExprKind::Binary { lhs, rhs, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(lhs.span, 0..1);
    assert_eq!(rhs.span, 1..8);
    let e = expr("-2Tiny(2)");
    assert_eq!(e.span, 0..9);
    let ExprKind::Binary { lhs, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(lhs.span, 0..2);
}

// ----- Games -------------------------------------------------------------------------------------

#[test]
fn simple_games() {
    assert_eq!(p("{|}"), "{|}");
    assert_eq!(p("{1|}"), "{1 |}");
    assert_eq!(p("{|1}"), "{| 1}");
    assert_eq!(p("{1,2|3}"), "{1, 2 | 3}");
    assert_eq!(p("{ 1 , 2 | 3 , x + 1 }"), "{1, 2 | 3, (+ x 1)}");
    assert_eq!(p("{2|0} + *3"), "(+ {2 | 0} *3)");
    assert_eq!(p("{0,*|0,*}"), "{0, * | 0, *}");
    assert_eq!(p("{1*|0}"), "{1* | 0}");
    assert_eq!(p("{(a < b)|0}"), "{(< a b) | 0}");
}

#[test]
fn slash_nesting() {
    assert_eq!(p("{3||2|1}"), "{3 | {2 | 1}}");
    assert_eq!(p("{3|2||1}"), "{{3 | 2} | 1}");
    assert_eq!(p("{1,2|3||4}"), "{{1, 2 | 3} | 4}");
    assert_eq!(p("{1|2,3||4}"), "{{1 | 2, 3} | 4}");
    assert_eq!(
        p("{3|||2||1|0,*||||-1/2}"),
        "{{3 | {2 | {1 | 0, *}}} | -1/2}"
    );
    assert_eq!(p("{0||0|-2}"), "{0 | {0 | -2}}");
    assert_eq!(p("{2|0||0}"), "{{2 | 0} | 0}");
    assert_eq!(p("{3||2*|1*}"), "{3 | {2* | 1*}}");
    assert_eq!(p("{0|||0||0|0}"), "{0 | {0 | {0 | 0}}}");
    assert_eq!(p("{||}"), "{|}");
    assert_eq!(p("{1||0}"), "{1 | 0}");
    assert_eq!(p("{||0|1}"), "{| {0 | 1}}");
    assert_eq!(p("{0|1||}"), "{{0 | 1} |}");
    assert_eq!(p("{|0||1}"), "{{| 0} | 1}");
    assert_eq!(p("{a||b|c|||d}"), "{{a | {b | c}} | d}");
    // More bars than the printed notation uses: the widest bar still splits the game
    // (the Partizan Geography tables write `{9/2|4||3|||2||||1|||||0}`).
    assert_eq!(
        p("{9/2|4||3|||2||||1|||||0}"),
        "{{{{{9/2 | 4} | 3} | 2} | 1} | 0}"
    );
    assert_eq!(p("{0||||||1|||||2}"), "{0 | {1 | 2}}");
    assert_eq!(p("<|||||0>"), "{| 0}");
}

#[test]
fn slash_spans() {
    let e = expr("{3||2|1}");
    assert_eq!(e.span, 0..8);
    let ExprKind::Game { left, right } = &e.kind else {
        panic!()
    };
    assert_eq!(left[0].span, 1..2);
    assert_eq!(right[0].span, 4..7);
    let ExprKind::Game { left, right } = &right[0].kind else {
        panic!()
    };
    assert_eq!((left[0].span.clone(), right[0].span.clone()), (4..5, 6..7));
    let e = expr("{||0|1}");
    let ExprKind::Game { right, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(right[0].span, 3..6);
    let e = expr("{0|1||}");
    let ExprKind::Game { left, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(left[0].span, 1..4);
}

#[test]
fn printed_games_from_notation() {
    assert_eq!(p("{1,{1,+-1|-1}|-1}"), "{1, {1, (pm 1) | -1} | -1}");
    assert_eq!(p("+-{1,1*}"), "(pm (set 1 1*))");
    assert_eq!(p("+-(1*)"), "(pm 1*)");
    assert_eq!(p("+-1"), "(pm 1)");
    assert_eq!(p("+-1/2"), "(pm 1/2)");
    assert_eq!(p("+-^^"), "(pm ^^)");
    assert_eq!(p("+-{3|2}"), "(pm {3 | 2})");
    assert_eq!(p("±1"), "(pm 1)");
    assert_eq!(p("Tiny({3|1})"), "(call Tiny {3 | 1})");
    assert_eq!(p("{2*3|*3}"), "{2*3 | *3}");
    assert_eq!(p("25/16"), "25/16");
    assert_eq!(p("{0|v*}"), "{0 | v*}");
    assert_eq!(p("{^|*}"), "{^ | *}");
    assert_eq!(
        p("Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"),
        "(call Thermograph 9/4 (list 3/4) (list 0 -1) 9/4 (list 3/4 1/2 0) (list 0 1 0 1))"
    );
    assert_eq!(p("[0,1,2,3,1,4]"), "(list 0 1 2 3 1 4)");
    assert_eq!(p("{1,2,3}"), "(set 1 2 3)");
}

#[test]
fn angle_games() {
    assert_eq!(p("<2|0>"), "{2 | 0}");
    assert_eq!(p("<2|0> + *3"), "(+ {2 | 0} *3)");
    assert_eq!(p("<|0>"), "{| 0}");
    assert_eq!(p("<0|>"), "{0 |}");
    assert_eq!(p("<|>"), "{|}");
    assert_eq!(p("<||>"), "{|}");
    assert_eq!(p("< | >"), "{|}");
    assert_eq!(p("<||0|1>"), "{| {0 | 1}}");
    assert_eq!(p("<3||2|1>"), "{3 | {2 | 1}}");
    assert_eq!(p("<0|1||>"), "{{0 | 1} |}");
    assert_eq!(p("<<1|0>|0>"), "{{1 | 0} | 0}");
    assert_eq!(p("<0|<0|1>>"), "{0 | {0 | 1}}");
    assert_eq!(p("<<0|>|>"), "{{0 |} |}");
    assert_eq!(p("<0|<|0>>"), "{0 | {| 0}}");
    assert_eq!(p("{<|0>|1}"), "{{| 0} | 1}");
    assert_eq!(p("<1 + 2|x - 1>"), "{(+ 1 2) | (- x 1)}");
    assert_eq!(p("<2|0> > 0"), "(> {2 | 0} 0)");
    assert_eq!(p("0 < <2|0>"), "(< 0 {2 | 0})");
    assert_eq!(p("<(a > b)|0>"), "{(> a b) | 0}");
    let e = expr("<2|0> + *3");
    let ExprKind::Binary { lhs, rhs, .. } = &e.kind else {
        panic!()
    };
    assert_eq!((lhs.span.clone(), rhs.span.clone()), (0..5, 8..10));
}

#[test]
fn sets_and_lists() {
    assert_eq!(p("{}"), "(set)");
    assert_eq!(p("{ }"), "(set)");
    assert_eq!(p("{1, 2}"), "(set 1 2)");
    assert_eq!(p("{x}"), "(set x)");
    assert_eq!(p("{{}}"), "(set (set))");
    assert_eq!(p("[]"), "(list)");
    assert_eq!(p("[1, 2]"), "(list 1 2)");
    assert_eq!(p("[1, 2,]"), "(list 1 2)");
    assert_eq!(p("[a < b, c]"), "(list (< a b) c)");
    assert_eq!(p("[[1], {}]"), "(list (list 1) (set))");
}

// ----- Operators and precedence ------------------------------------------------------------

#[test]
fn precedence() {
    assert_eq!(p("1 + 2 * 3"), "(+ 1 (* 2 3))");
    assert_eq!(p("1 * 2 + 3"), "(+ (* 1 2) 3)");
    assert_eq!(p("1 - 2 - 3"), "(- (- 1 2) 3)");
    assert_eq!(p("a / b * c"), "(* (/ a b) c)");
    assert_eq!(p("a +- b + c"), "(+ (+- a b) c)");
    assert_eq!(p("3+-1"), "(+- 3 1)");
    assert_eq!(p("3 + -1"), "(+ 3 -1)");
    assert_eq!(p("-a * b"), "(* (neg a) b)");
    assert_eq!(p("a * -b"), "(* a (neg b))");
    assert_eq!(p("+-a * b"), "(* (pm a) b)");
    assert_eq!(p("-f(x)"), "(neg (call f x))");
    assert_eq!(p("f(a)(b)"), "(call (call f a) b)");
    assert_eq!(p("f()"), "(call f)");
    assert_eq!(p("f(a, b + 1)"), "(call f a (+ b 1))");
    assert_eq!(p("f(a < b)"), "(call f (< a b))");
    assert_eq!(p("a + b < c * d"), "(< (+ a b) (* c d))");
    assert_eq!(p("(a < b) == c"), "(== (< a b) c)");
    assert_eq!(p("(1 + 2) * 3"), "(* (+ 1 2) 3)");
    assert_eq!(p("- - x"), "(neg (neg x))");
    assert_eq!(p("+-+-x"), "(pm (pm x))");
}

#[test]
fn comparisons() {
    for (op, name) in [
        ("==", "=="),
        ("!=", "!="),
        ("<=", "<="),
        (">=", ">="),
        ("<", "<"),
        (">", ">"),
        ("<>", "<>"),
        ("<|", "<|"),
        ("|>", "|>"),
    ] {
        assert_eq!(p(&format!("g {op} 0")), format!("({name} g 0)"));
        assert_eq!(p(&format!("g{op}*")), format!("({name} g *)"));
    }
    assert_eq!(p("g <| 0"), "(<| g 0)");
    assert_eq!(p("{1|0} |> 0"), "(|> {1 | 0} 0)");
}

#[test]
fn spans() {
    let e = expr("1 + 2");
    assert_eq!(e.span, 0..5);
    let e = expr("(1)");
    assert_eq!(e.span, 1..2);
    let e = expr("f(a, b)");
    assert_eq!(e.span, 0..7);
    let e = expr("  x  ");
    assert_eq!(e.span, 2..3);
    let e = expr("x *3");
    let ExprKind::Binary { rhs, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(rhs.span, 3..4);
    let e = expr("73/16v9*8 # comment");
    assert_eq!(e.span, 0..9);
}

#[test]
fn programs() {
    let v = parse_program("1; {2|0} + *3; x;").unwrap();
    assert_eq!(
        v.iter().map(stmt_sexp).collect::<Vec<_>>(),
        ["1;", "(+ {2 | 0} *3);", "x;"]
    );
    assert_eq!(parse_program("").unwrap(), vec![]);
    assert_eq!(parse_program("  # only a comment\n").unwrap(), vec![]);
    let v = parse_program("a\n# note\n;\nb").unwrap();
    assert_eq!(v.len(), 2);
    assert_eq!(v[1].span, 11..12);
    // Separators may repeat; a program may be only separators.
    assert_eq!(parse_program("1;;").unwrap().len(), 1);
    assert_eq!(parse_program(";\n;").unwrap(), vec![]);
    assert!(parse_expr("1; 2").is_err());
}

// ----- Errors -----------------------------------------------------------------------------------

#[test]
fn ambiguous_bars() {
    let e = err("{3|2|1}");
    assert_eq!(
        e.message,
        "ambiguous: `{3|2|1}` could be {3||2|1} or {3|2||1}; write the slashes out"
    );
    assert_eq!(e.span, 0..7);
    let e = err("x + <3|2|1>");
    assert_eq!(
        e.message,
        "ambiguous: `<3|2|1>` could be <3||2|1> or <3|2||1>; write the slashes out"
    );
    assert_eq!(e.span, 4..11);
    let e = err("{3||2||1}");
    assert!(
        e.message.contains("{3|||2||1} or {3||2|||1}"),
        "{}",
        e.message
    );
    let e = err("{3|2|1|0}");
    assert!(e.message.contains("occurs 3 times"), "{}", e.message);
    assert_eq!(e.span, 0..9);
    let e = err("{3||2|1|0}");
    assert!(e.message.contains("`2|1|0`"), "{}", e.message);
    assert_eq!(e.span, 0..10);
    let e = err("{1||||2||||3}");
    assert!(
        e.message.contains("{1|||||2||||3} or {1||||2|||||3}"),
        "{}",
        e.message
    );
    let e = err("{1|||||2|||||3|||||0}");
    assert!(
        e.message.contains("the bar `|||||` occurs 3 times"),
        "{}",
        e.message
    );
    let e = err("<|0|1>");
    assert!(e.message.contains("<||0|1> or <|0||1>"), "{}", e.message);
}

#[test]
fn error_messages() {
    let e = err("a < b < c");
    assert_eq!(e.message, "comparisons cannot be chained");
    assert_eq!(e.span, 6..7);

    let e = err("{1|2");
    assert_eq!(e.message, "unclosed `{`");
    assert_eq!(e.label, "opened here");
    assert_eq!(e.span, 0..1);
    assert!(e.help.unwrap().contains("`|` or `}`"));

    let e = err("f(1, [2, 3)");
    assert_eq!(e.message, "unexpected `)`; expected `]`");
    assert_eq!(e.span, 10..11);

    let e = err("(1+");
    assert_eq!(e.message, "unexpected end of input; expected an expression");
    assert_eq!(e.span, 2..3);
    assert_eq!(e.label, "the input ends after this");
    let e = parse_expr(
        "  # nothing
",
    )
    .unwrap_err();
    assert_eq!(e.message, "unexpected end of input; expected an expression");
    assert_eq!(e.span, 0..0);

    let e = err(")");
    assert_eq!(e.message, "unexpected `)`; expected an expression");

    let e = err("{1|2)");
    assert_eq!(e.message, "unexpected `)`; expected `,`, `|` or `}`");

    let e = err("1 2");
    assert_eq!(
        e.message,
        "unexpected `2`; expected an operator, `;` or the end of the input"
    );
    assert!(e.help.is_some());
    let e = parse_expr("1 2").unwrap_err();
    assert_eq!(
        e.message,
        "unexpected `2`; expected an operator or the end of the input"
    );

    let e = err("2x");
    assert_eq!(e.span, 1..2);
    assert!(e.help.unwrap().contains("2*x"));

    let e = err("2Tiny");
    assert_eq!(e.message, "unexpected end of input; expected `(`");

    let e = err("f(1 2)");
    assert_eq!(e.message, "unexpected `2`; expected `,` or `)`");

    let e = err("<1 2>");
    assert_eq!(e.message, "unexpected `2`; expected `,`, `|` or `>`");

    let e = err("{a < b}");
    assert!(e.help.unwrap().contains("parentheses"));
    let e = err("{1 == 2 | 0}");
    assert!(e.help.unwrap().contains("parentheses"));

    let e = err("{1,,2}");
    assert_eq!(e.message, "expected an expression before `,`");
    assert_eq!(e.span, 3..4);
    let e = err("{1,|2}");
    assert_eq!(e.message, "expected an expression after `,`");
    let e = err("{,}");
    assert_eq!(e.span, 1..2);

    let e = err("<1>");
    assert!(e.message.contains("needs a bar"));
    let e = err("<>");
    assert!(e.message.starts_with("unexpected `<>`"));

    let e = err("let end = 1");
    assert!(e.help.unwrap().contains("reserved"));

    let e = err("f(x) = 1");
    assert_eq!(e.message, "cannot assign to this");
}

#[test]
fn lexing_errors() {
    assert_eq!(p("<||||0>"), "{| 0}");
    let e = err("1 @ 2");
    assert_eq!(e.message, "unexpected character `@`");
    assert_eq!(e.span, 2..3);
    let e = err("x ! y");
    assert!(e.help.is_some());
    let e = err("^^7");
    assert_eq!(e.span, 0..3);
    let e = err("é");
    assert_eq!(e.span, 0..2);
    let e = err("\"text");
    assert_eq!(e.message, "unterminated string");
}

#[test]
fn depth_is_bounded() {
    let deep = format!("{}1", "-".repeat(5000));
    let e = err(&deep);
    assert!(e.message.contains("nested too deeply"), "{}", e.message);
    // A chain of one operator is one level, however long: later passes walk it in a loop.
    let long_sum = vec!["1"; 3000].join("+");
    assert!(parse_expr(&long_sum).is_ok());
    let mixed = vec!["x"; 3000].join(" - 2 * ");
    assert!(parse_expr(&mixed).is_ok());
    // Right-nested sums are real nesting.
    let right_nested = format!("{}1{}", "(1 + ".repeat(1500), ")".repeat(1500));
    assert!(err(&right_nested).message.contains("nested too deeply"));
    let parens = format!("{}1{}", "(".repeat(20000), ")".repeat(20000));
    assert_eq!(p(&parens), "1");
    let braces = format!("{}{}", "{".repeat(1500), "}".repeat(1500));
    assert!(err(&braces).message.contains("nested too deeply"));
    let unclosed = format!("{}1", "(".repeat(100_000));
    assert_eq!(err(&unclosed).message, "unclosed `(`");
    let fine = vec!["1"; 900].join("+");
    assert!(parse_expr(&fine).is_ok());
    let wide = format!("[{}]", vec!["{1|0}"; 20000].join(","));
    assert!(parse_expr(&wide).is_ok());
}

#[test]
fn errors_render_with_miette() {
    for src in ["{3|2|1}", "{1|2", "1 @ 2", "(1+", "a < b < c", "x\n  + )"] {
        let e = err(src);
        let message = e.message.clone();
        let report = miette::Report::new(e).with_source_code(src.to_string());
        let mut out = String::new();
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .render_report(&mut out, report.as_ref())
            .unwrap();
        assert!(out.contains(&message) && out.contains('╰'), "{out}");
    }
}

// ----- Never panic --------------------------------------------------------------------------

const SEEDS: &[&str] = &[
    "{3|||2||1|0,*||||-1/2}",
    "{1,{1,+-1|-1}|-1}",
    "+-{1,1*}",
    "2Tiny(2) + -2Miny(1/2)",
    "<2|0> + *3; ^<2>* <| v[3]*",
    "73/16v9*8 - -1vv*3 * {2*3|*3}",
    "f(a, [b, {c}], <|0>, <0|>)",
];

fn check_no_panic(src: &str) {
    let _ = parse_program(src);
    let _ = parse_expr(src);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        check_no_panic(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_token_soup_never_panics(
        pieces in proptest::collection::vec(
            prop_oneof![
                Just("{"), Just("}"), Just("<"), Just(">"), Just("|"), Just("||"), Just("|||"),
                Just("||||"), Just("<|"), Just("|>"), Just(","), Just(";"), Just("("), Just(")"),
                Just("["), Just("]"), Just("^"), Just("v"), Just("*"), Just("-"), Just("+"),
                Just("+-"), Just("/"), Just("1"), Just("2"), Just("x"), Just("Tiny"), Just(" "),
                Just("<>"), Just("=="), Just("<="), Just("±"), Just("#"), Just("\n"),
            ],
            0..40,
        )
    ) {
        check_no_panic(&pieces.concat());
    }

    #[test]
    fn mutated_seeds_never_panic(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0..3u8), 1..6),
    ) {
        let mut bytes = SEEDS[seed].as_bytes().to_vec();
        for (pos, byte, kind) in edits {
            let at = if bytes.is_empty() { 0 } else { pos % (bytes.len() + 1) };
            match kind {
                0 => bytes.insert(at, byte),
                1 if at < bytes.len() => { bytes.remove(at); }
                _ if at < bytes.len() => bytes[at] = byte,
                _ => bytes.push(byte),
            }
        }
        check_no_panic(&String::from_utf8_lossy(&bytes));
    }
}
