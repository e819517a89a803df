//! Builtins on games and numbers: canonical forms, options, outcomes, classes of games,
//! nimber arithmetic.

use crate::core::nimber::nim_product;
use crate::core::short::powers::{PowerError, MAX_EXPONENT_BIRTHDAY};
use crate::core::{Game, Integer, Outcome, Rational};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::num::Num;
use crate::eval::ops::to_game;
use crate::eval::value::Value;
use crate::syntax::ast::{BinaryOp, Span};

use super::{builtin, Arg, Arity, Builtin};

/// Followers beyond this many are refused (`followers(2^40)` would exhaust memory).
const FOLLOWER_LIMIT: usize = 1_000_000;

use Arity::{AtLeast, Exactly};

pub static BUILTINS: &[Builtin] = &[
    builtin!("canonical_form", "canonical_form(G)", Exactly(1),
        "The canonical form of G: no dominated or reversible options (Siegel, CGT, II.2).",
        "canonical_form({0,* | 0})  # ^*", |a, _| Ok(Value::from_game(game(&a[0])?))),
    builtin!("left_options", "left_options(G)", Exactly(1),
        "The set of Left options of the canonical form of G.",
        "left_options({2|0})  # {2}", |a, _| Ok(games_set(game(&a[0])?.left_options()))),
    builtin!("right_options", "right_options(G)", Exactly(1),
        "The set of Right options of the canonical form of G.",
        "right_options(^)  # {*}", |a, _| Ok(games_set(game(&a[0])?.right_options()))),
    builtin!("outcome", "outcome(G)", Exactly(1),
        "The outcome class: L (Left wins), R (Right wins), N (first player wins), P (second player wins); a rational (or inf) by its sign, as a number.",
        "outcome(*)  # N", |a, _| outcome(&a[0])),
    builtin!("birthday", "birthday(G)", Exactly(1),
        "The birthday of the canonical form: 0 for 0, else one more than the latest-born option (Siegel, CGT, II.1).",
        "birthday(^)  # 2", |a, _| Ok(Value::integer(game(&a[0])?.birthday()))),
    builtin!("followers", "followers(G)", Exactly(1),
        "The set of all followers of the canonical form of G, G included.",
        "followers(^)  # {0,*,^}", |a, _| {
            let g = game(&a[0])?;
            followers(g, &a[0].span).map(games_set)
        }),
    builtin!("follower_count", "follower_count(G)", Exactly(1),
        "The number of distinct followers of the canonical form of G, G included.",
        "follower_count(^)  # 3", |a, _| {
            let g = game(&a[0])?;
            g.follower_count(FOLLOWER_LIMIT).map(Value::integer).map_err(|e| {
                EvalError::new(format!("{g} has more than {} followers", e.limit), a[0].span.clone())
            })
        }),
    builtin!("confused", "confused(G, H)", Exactly(2),
        "True when G and H are incomparable (G || H), as `G <> H`.",
        "confused(*, 0)  # true", |a, _| Ok(Value::Bool(game(&a[0])?.confused(game(&a[1])?)))),
    builtin!("is_number", "is_number(x)", Exactly(1),
        "True when x is a number (a rational; as a game, a dyadic rational).",
        "is_number({0|1})  # true", |a, _| Ok(Value::Bool(matches!(a[0].value, Value::Number(_))))),
    builtin!("is_integer", "is_integer(x)", Exactly(1),
        "True when x is an integer.",
        "is_integer(6/3)  # true", |a, _| Ok(Value::Bool(a[0].value.as_integer().is_some()))),
    builtin!("is_dyadic", "is_dyadic(x)", Exactly(1),
        "True when x is a dyadic rational (a number whose denominator is a power of 2).",
        "is_dyadic(3/8)  # true", |a, _| Ok(Value::Bool(a[0].value.as_dyadic().is_some()))),
    builtin!("is_nimber", "is_nimber(G)", Exactly(1),
        "True when G equals a nimber *n (0 included).",
        "is_nimber({0,*|0,*})  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_nimber()))),
    builtin!("is_infinitesimal", "is_infinitesimal(G)", Exactly(1),
        "True when -x < G < x for every positive number x, i.e. both stops are 0 (0 included).",
        "is_infinitesimal(^*)  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_infinitesimal()))),
    builtin!("is_numberish", "is_numberish(G)", Exactly(1),
        "True when G is a number plus an infinitesimal (its stops are equal).",
        "is_numberish(1^)  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_numberish()))),
    builtin!("is_number_tiny", "is_number_tiny(G)", Exactly(1),
        "True when G is a number, or x + Tiny(H) or x + Miny(H) for a number x: {x||x|y} or {y|x||x} with y beyond x.",
        "is_number_tiny(Tiny(1))  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_number_tiny()))),
    builtin!("is_all_small", "is_all_small(G)", Exactly(1),
        "True when every follower of G has Left options exactly when it has Right options (Winning Ways ch. 9).",
        "is_all_small(^*)  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_all_small()))),
    builtin!("is_uptimal", "is_uptimal(G)", Exactly(1),
        "True when G is a number plus ups or a power of up (^<n>, ^[n]) plus a nimber.",
        "is_uptimal(^<2>*)  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_uptimal()))),
    builtin!("is_zero", "is_zero(G)", Exactly(1),
        "True when G = 0.",
        "is_zero({*|*})  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_zero()))),
    builtin!("is_even", "is_even(G)", Exactly(1),
        "Even games (ONAG ch. 5): every option of the canonical form is odd; for integers, ordinary parity.",
        "is_even(*)  # false", |a, _| parity(&a[0], true)),
    builtin!("is_odd", "is_odd(G)", Exactly(1),
        "Odd games (ONAG ch. 5): every option of the canonical form is even, and there is one.",
        "is_odd(*)  # true", |a, _| parity(&a[0], false)),
    builtin!("is_even_tempered", "is_even_tempered(G)", Exactly(1),
        "Even-tempered: a number, or every option is odd-tempered (Siegel, CGT).",
        "is_even_tempered(1)  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_even_tempered()))),
    builtin!("is_odd_tempered", "is_odd_tempered(G)", Exactly(1),
        "Odd-tempered: not a number, and every option is even-tempered (Siegel, CGT).",
        "is_odd_tempered(*)  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_odd_tempered()))),
    builtin!("nim_value", "nim_value(G)", Exactly(1),
        "The nim-value n of an impartial game G = *n (Sprague-Grundy).",
        "nim_value({0,*|0,*})  # 2", |a, _| {
            if let Some(v) = super::misere::nim_value(&a[0]) {
                return v;
            }
            let g = game(&a[0])?;
            g.nim_value().map(Value::integer).ok_or_else(|| {
                EvalError::new(format!("{g} is not a nimber, so it has no nim-value"), a[0].span.clone())
                    .with_help("nim_value applies to games equal to impartial games, whose canonical forms are nimbers")
            })
        }),
    builtin!("nim_sum", "nim_sum(a, b, ...) or nim_sum(xs)", AtLeast(1),
        "The nim-sum (exclusive or) of nonnegative integers: the nim-value of *a + *b.",
        "nim_sum(5, 6)  # 3", |a, _| {
            let mut total = Integer::zero();
            for arg in &spread(a) {
                total = total.bitxor(&natural(arg)?);
            }
            Ok(Value::integer(total))
        }),
    builtin!("nim_product", "nim_product(a, b, ...)", AtLeast(1),
        "Conway's nim-product of nonnegative integers below 2^128 (ONAG ch. 6).",
        "nim_product(2, 2)  # 3", |a, _| {
            let mut total: u128 = 1;
            for arg in a {
                let n = natural(arg)?;
                let n = n.to_bigint().try_into().map_err(|_| {
                    EvalError::new("nim_product works on integers below 2^128", arg.span.clone())
                })?;
                total = nim_product(total, n);
            }
            Ok(Value::integer(Integer::from(num_bigint::BigInt::from(total))))
        }),
    builtin!("numerator", "numerator(x)", Exactly(1),
        "The numerator of a rational in lowest terms (1 for inf, -1 for -inf, as in CGSuite).",
        "numerator(6/4)  # 3", |a, _| Ok(Value::integer(number(&a[0])?.numerator_denominator().0))),
    builtin!("denominator", "denominator(x)", Exactly(1),
        "The (positive) denominator of a rational in lowest terms (0 for inf and -inf, as in CGSuite).",
        "denominator(6/4)  # 2", |a, _| Ok(Value::integer(number(&a[0])?.numerator_denominator().1))),
    builtin!("floor", "floor(x)", Exactly(1),
        "The greatest integer <= x.",
        "floor(-3/2)  # -2", |a, _| Ok(Value::integer(rational(&a[0])?.floor()))),
    builtin!("ceiling", "ceiling(x)", Exactly(1),
        "The least integer >= x.",
        "ceiling(-3/2)  # -1", |a, _| Ok(Value::integer(rational(&a[0])?.ceil()))),
    builtin!("abs", "abs(x)", Exactly(1),
        "The absolute value of a number.",
        "abs(-3/4)  # 3/4", |a, _| Ok(Value::Number(number(&a[0])?.abs()))),
    builtin!("max", "max(a, b, ...)", AtLeast(1),
        "The greatest of numbers or games that are comparable; an error if two are incomparable.",
        "max(1/2, ^, -1)  # 1/2", |a, _| extreme(a, true)),
    builtin!("min", "min(a, b, ...)", AtLeast(1),
        "The least of numbers or games that are comparable; an error if two are incomparable.",
        "min(1/2, ^, -1)  # -1", |a, _| extreme(a, false)),
    builtin!("clear_cache", "clear_cache()", Exactly(0),
        "Forgets the engine's caches of sums, comparisons and the like, and the tables of values of rulesets (every game stays valid; values are recomputed when asked again), to free memory in a long session.",
        "clear_cache()", |_, _| {
            crate::core::clear_caches();
            crate::eval::ruleset::clear_tables();
            Ok(Value::Nothing)
        }),
    builtin!("cache_stats", "cache_stats()", Exactly(0),
        "The sizes of the engine's tables: distinct canonical games, option pool, cached sums and comparisons, and positions in the tables of rulesets. The comparison cache is bounded (16 million entries shared by the threads, then older entries are overwritten); the others grow until `clear_cache()`.",
        "cache_stats()[\"games\"]", |_, _| {
            let stats = crate::core::store_stats();
            let entries = [
                ("games", stats.games),
                ("options", stats.option_pool),
                ("sums", stats.sums),
                ("comparisons", stats.comparisons),
                ("positions", crate::eval::ruleset::table_entries()),
            ];
            let map = entries.iter().map(|(k, v)| (Value::str(k), Value::integer(*v))).collect();
            Ok(Value::Map(std::rc::Rc::new(map)))
        }),
    builtin!("Tiny", "Tiny(G)", Exactly(1),
        "Tiny(G) = {0 || 0 | -G}, a positive infinitesimal smaller than every positive multiple of ^ (Winning Ways ch. 5).",
        "Tiny(2)  # Tiny(2)", |a, _| Ok(Value::from_game(Game::tiny(game(&a[0])?)))),
    builtin!("Miny", "Miny(G)", Exactly(1),
        "Miny(G) = {G | 0 || 0} = -Tiny(G) (Winning Ways ch. 5).",
        "Miny(2)  # Miny(2)", |a, _| Ok(Value::from_game(Game::miny(game(&a[0])?)))),
    builtin!("pow", "pow(x, n) or pow(G, n)", Exactly(2),
        "x^n for a number x and an integer n; G^x for a game G = {0|H} and a dyadic x >= 1: G^1 = G, G^x = {0 | H - G^->(x-1)} (Siegel, CGT; CGSuite's Pow); pow(^, 3) is ^<3>.",
        "pow(^, 2)  # ^<2>", |a, _| power(a, false)),
    builtin!("pow_to", "pow_to(G, n)", Exactly(2),
        "G^->x for a game G and a dyadic x >= 0, as CGSuite's PowTo: the ordinal sum G : y, with y = x - 1 for an integer x; for G = {0|H} and an integer n it is G^1 + G^2 + ... + G^n; pow_to(^, 3) is ^[3].",
        "pow_to(^, 2)  # ^[2]", |a, _| power(a, true)),
];

fn game(arg: &Arg) -> EvalResult<Game> {
    to_game(&arg.value, arg.span.clone(), "the argument")
}

fn games_set(games: Vec<Game>) -> Value {
    Value::set(games.into_iter().map(Value::from_game).collect())
}

fn followers(g: Game, span: &Span) -> EvalResult<Vec<Game>> {
    g.followers(FOLLOWER_LIMIT).map_err(|e| {
        EvalError::new(
            format!("{g} has more than {} followers", e.limit),
            span.clone(),
        )
    })
}

/// The arguments, or the elements of a single collection argument.
fn spread(args: &[Arg]) -> Vec<Arg> {
    match args {
        [single] if single.value.elements().is_some() && !matches!(single.value, Value::Str(_)) => {
            single
                .value
                .elements()
                .unwrap_or_default()
                .into_iter()
                .map(|value| Arg {
                    value,
                    span: single.span.clone(),
                })
                .collect()
        }
        _ => args.to_vec(),
    }
}

fn rational(arg: &Arg) -> EvalResult<Rational> {
    match &arg.value {
        Value::Number(q) => q.to_rational().ok_or_else(|| {
            EvalError::new(format!("{q} is not a rational number"), arg.span.clone()).with_help(
                "inf and -inf are above and below every rational, not rationals themselves",
            )
        }),
        other => Err(EvalError::new(
            format!("expected a number; found {}", other.kind()),
            arg.span.clone(),
        )),
    }
}

/// The outcome class of a game; a number that is not a short game (1/3, inf) is a number all the
/// same, won by Left when positive and by Right when negative (CGSuite: `(6/23).OutcomeClass` is
/// L).
fn outcome(arg: &Arg) -> EvalResult<Value> {
    if let Value::Number(q) = &arg.value {
        if q.to_dyadic().is_none() {
            let class = if q.signum() > 0 {
                Outcome::L
            } else {
                Outcome::R
            };
            return Ok(Value::Outcome(class.into()));
        }
    }
    Ok(Value::Outcome(game(arg)?.outcome().into()))
}

/// A number argument, the infinities included.
fn number(arg: &Arg) -> EvalResult<Num> {
    match &arg.value {
        Value::Number(q) => Ok(q.clone()),
        other => Err(EvalError::new(
            format!("expected a number; found {}", other.kind()),
            arg.span.clone(),
        )),
    }
}

fn natural(arg: &Arg) -> EvalResult<Integer> {
    match arg.value.as_integer() {
        Some(n) if !n.is_negative() => Ok(n),
        _ => Err(EvalError::new(
            format!("expected a nonnegative integer; found {}", arg.value),
            arg.span.clone(),
        )),
    }
}

fn parity(arg: &Arg, even: bool) -> EvalResult<Value> {
    if let Value::Number(q) = &arg.value {
        if q.to_dyadic().is_none() {
            return Ok(Value::Bool(false));
        }
    }
    let g = game(arg)?;
    Ok(Value::Bool(if even { g.is_even() } else { g.is_odd() }))
}

fn power(a: &[Arg], cumulative: bool) -> EvalResult<Value> {
    if let (false, Value::Number(_)) = (cumulative, &a[0].value) {
        let n = a[1]
            .value
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .filter(|n| n.abs() <= 1_000_000);
        let Some(n) = n else {
            return Err(EvalError::new(
                "the exponent must be an integer between -1000000 and 1000000",
                a[1].span.clone(),
            ));
        };
        // Machine integers first: a search over bit masks takes millions of `pow(2, k)`.
        if let (Some(base), Ok(k)) = (a[0].value.as_i64(), u32::try_from(n)) {
            if let Some(p) = base.checked_pow(k) {
                return Ok(Value::int(p));
            }
        }
        return rational(&a[0])?
            .pow(n)
            .map(Value::number)
            .ok_or_else(|| EvalError::new("0 has no negative powers", a[0].span.clone()));
    }
    let g = game(&a[0])?;
    let Some(x) = a[1].value.as_dyadic() else {
        return Err(EvalError::new(
            format!("the exponent must be a dyadic number; found {}", a[1].value),
            a[1].span.clone(),
        )
        .with_help("an integer, or a fraction m/2^k such as 7/4"));
    };
    let result = if cumulative {
        g.pow_to_number(&x)
    } else {
        g.pow_number(&x)
    };
    result.map(Value::from_game).map_err(|e| match e {
        PowerError::BaseNotZeroH => {
            EvalError::new(format!("{g} is not of the form {{0|H}}"), a[0].span.clone())
                .with_help("pow is defined for games {0|H}, such as ^ = {0|*}; pow_to for every game")
        }
        PowerError::NegativeExponent => EvalError::new(
            format!(
                "the exponent must be at least {}; found {x}",
                if cumulative { 0 } else { 1 }
            ),
            a[1].span.clone(),
        ),
        PowerError::ExponentTooLarge => EvalError::new(
            format!("the exponent {x} is too large to expand"),
            a[1].span.clone(),
        )
        .with_help(format!(
            "G^->x is the ordinal sum G : y for a number y of about the size of x; y must be born by day {MAX_EXPONENT_BIRTHDAY}"
        )),
    })
}

/// max or min: numbers compare as rationals; games (or numbers with games) by the game order,
/// which must be total on the arguments. One list or set argument stands for its elements.
fn extreme(args: &[Arg], greatest: bool) -> EvalResult<Value> {
    // The greatest or least of a compact list of nim-values, read straight from its storage.
    if let [Arg {
        value: Value::NimList(list),
        span,
    }] = args
    {
        let extreme = if greatest {
            list.iter().max()
        } else {
            list.iter().min()
        };
        return extreme
            .map(|v| Value::int(i64::from(v)))
            .ok_or_else(|| EvalError::new("max and min need at least one value", span.clone()));
    }
    let items: Vec<Arg> = match args {
        [Arg {
            value: Value::List(v) | Value::Set(v),
            span,
        }] => v
            .iter()
            .map(|x| Arg {
                value: x.clone(),
                span: span.clone(),
            })
            .collect(),
        _ => args.to_vec(),
    };
    let Some((first, rest)) = items.split_first() else {
        return Err(EvalError::new(
            "max and min need at least one value",
            args[0].span.clone(),
        ));
    };
    let mut best = first;
    for arg in rest {
        let mixed = |op| crate::eval::ops::compare_number_and_game(op, &arg.value, &best.value);
        let better = match (&arg.value, &best.value) {
            (Value::Number(x), Value::Number(y)) => {
                if greatest {
                    x > y
                } else {
                    x < y
                }
            }
            // A rational that is not a game (1/3, inf) against a game, compared by the stops.
            _ if mixed(BinaryOp::Confused).is_some() => {
                if mixed(BinaryOp::Confused) == Some(true) {
                    return Err(EvalError::new(
                        format!("{} and {} are incomparable", best.value, arg.value),
                        arg.span.clone(),
                    )
                    .with_help("max and min need values that are comparable"));
                }
                mixed(if greatest { BinaryOp::Gt } else { BinaryOp::Lt }) == Some(true)
            }
            _ => {
                let (g, h) = (game(arg)?, game(best)?);
                if g.confused(h) {
                    return Err(EvalError::new(
                        format!("{h} and {g} are incomparable"),
                        arg.span.clone(),
                    )
                    .with_help("max and min need values that are comparable"));
                }
                if greatest {
                    g.gt(h)
                } else {
                    g.lt(h)
                }
            }
        };
        if better {
            best = arg;
        }
    }
    Ok(best.value.clone())
}
