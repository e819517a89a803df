//! Builtins of temperature theory and the infinitesimals: stops, mean, temperature,
//! thermographs, cooling and heating, atomic weight, reduced canonical form, incentives, orthodox
//! options, and the products of games.

use std::rc::Rc;

use crate::core::{Dyadic, Game, NotAtomic, Rational};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::ops::to_game;
use crate::eval::value::Value;

use super::{builtin, Arg, Arity, Builtin};

use Arity::Exactly;

pub static BUILTINS: &[Builtin] = &[
    builtin!("left_stop", "left_stop(G)", Exactly(1),
        "The Left stop: the number reached when Left moves first and both play well until a number is reached (Siegel, CGT, II.5).",
        "left_stop({3|1})  # 3", |a, _| Ok(number(game(&a[0])?.left_stop()))),
    builtin!("right_stop", "right_stop(G)", Exactly(1),
        "The Right stop: the number reached when Right moves first (Siegel, CGT, II.5).",
        "right_stop({3|1})  # 1", |a, _| Ok(number(game(&a[0])?.right_stop()))),
    builtin!("stop_count", "stop_count(G)", Exactly(1),
        "The number of stops (leaves) of the canonical form's game tree: 1 for a number, else the sum over all options (CGSuite's StopCount).",
        "stop_count(*2)  # 6", |a, _| {
            let g = game(&a[0])?;
            g.stop_count().map(Value::integer).map_err(|e| {
                EvalError::new(format!("the stop count of {g} is too large to compute"), a[0].span.clone())
                    .with_help(format!("nimbers and multiples of ^ up to {} are counted", e.limit))
            })
        }),
    builtin!("mean", "mean(G)", Exactly(1),
        "The mean value m(G) = lim L(n.G)/n, the mast of the thermograph (Winning Ways ch. 6; Siegel, CGT, II.5).",
        "mean({3|1})  # 2", |a, _| Ok(number(game(&a[0])?.mean()))),
    builtin!("temperature", "temperature(G)", Exactly(1),
        "The temperature: the least t >= -1 at which G cooled by t is infinitesimally close to a number (Winning Ways ch. 6). Numbers m/2^k have -1/2^k, integers -1.",
        "temperature({3||2|1})  # 3/4", |a, _| Ok(number(game(&a[0])?.temperature()))),
    builtin!("thermograph", "thermograph(G)", Exactly(1),
        "The thermograph of G: its left and right walls from t = -1 up, each as mast,[critical temperatures],[slopes] (Winning Ways ch. 6).",
        "thermograph(+-1)  # Thermograph(0,[1],[0,-1],0,[1],[0,1])",
        |a, _| Ok(Value::Thermograph(Rc::new(game(&a[0])?.thermograph())))),
    builtin!("cool", "cool(G, t)", Exactly(2),
        "G cooled by the number t > -1: {G^L_t - t | G^R_t + t}, until it is infinitesimally close to a number (Winning Ways ch. 6; Siegel, CGT, II.5).",
        "cool({3|1}, 1/2)  # {5/2|3/2}", |a, _| {
            let g = game(&a[0])?;
            let t = dyadic(&a[1], "the temperature")?;
            g.cool(&t).map(Value::from_game).ok_or_else(|| {
                EvalError::new(format!("cannot cool by {t}"), a[1].span.clone())
                    .with_help("cooling temperatures must be greater than -1")
            })
        }),
    builtin!("freeze", "freeze(G)", Exactly(1),
        "G cooled by its temperature (a number is its own frozen value): infinitesimally close to the mean (Winning Ways ch. 6).",
        "freeze({3|1})  # 2*", |a, _| Ok(Value::from_game(game(&a[0])?.freeze()))),
    builtin!("heat", "heat(G, t)", Exactly(2),
        "G heated by the game t: G if G is a number, else {heat(G^L) + t | heat(G^R) - t} (Winning Ways ch. 6; Siegel, CGT, II.6).",
        "heat(*, 1)  # +-1", |a, _| Ok(Value::from_game(game(&a[0])?.heat(game(&a[1])?)))),
    builtin!("overheat", "overheat(G, s, t)", Exactly(3),
        "G overheated from s to t: n.s for an integer n, else {G^L + t | G^R - t} with the options overheated (Winning Ways ch. 6; Siegel, CGT, II.6).",
        "overheat(1/2, 1*, 1)  # {1|*}", |a, _| {
            let g = game(&a[0])?;
            Ok(Value::from_game(g.overheat(game(&a[1])?, game(&a[2])?)))
        }),
    builtin!("atomic_weight", "atomic_weight(G)", Exactly(1),
        "The atomic weight: the W with G ~ W.^ (Winning Ways ch. 9; Siegel, CGT, II.7). Defined for every all-small game and some other infinitesimals.",
        "atomic_weight(^^*)  # 2", |a, _| {
            let g = game(&a[0])?;
            g.atomic_weight().map(Value::from_game).map_err(|e| {
                let help = match e {
                    NotAtomic::NotInfinitesimal => format!(
                        "its stops are {} and {}; atomic weights are defined for infinitesimals (both stops 0)",
                        g.left_stop(), g.right_stop()),
                    NotAtomic::NoAtomicWeight => "is_atomic(G) tests for an atomic weight without an error".to_string(),
                };
                EvalError::new(format!("{g} has no atomic weight: {e}"), a[0].span.clone()).with_help(help)
            })
        }),
    builtin!("is_atomic", "is_atomic(G)", Exactly(1),
        "True when G has an atomic weight (every all-small game does).",
        "is_atomic(^<2>)  # true", |a, _| Ok(Value::Bool(game(&a[0])?.is_atomic()))),
    builtin!("reduced_canonical_form", "reduced_canonical_form(G)", Exactly(1),
        "The simplest game infinitesimally close to G (Grossman & Siegel 2009; Siegel, CGT, II.6).",
        "reduced_canonical_form({1|0} + ^)  # {1|0}",
        |a, _| Ok(Value::from_game(game(&a[0])?.reduced_canonical_form()))),
    builtin!("companion", "companion(G)", Exactly(1),
        "The lattice companion of G, the automorphism of the games born by day n: 0 <-> *, ^ <-> ^* (Siegel, CGT, III.2).",
        "companion(^)  # ^*", |a, _| Ok(Value::from_game(game(&a[0])?.companion()))),
    builtin!("incentives", "incentives(G)", Exactly(1),
        "The undominated incentives of G: Left's G^L - G and Right's G - G^R (Winning Ways ch. 8; Siegel, CGT, II.7).",
        "incentives(^)  # {^*}", |a, _| Ok(games_set(game(&a[0])?.incentives()))),
    builtin!("left_incentives", "left_incentives(G)", Exactly(1),
        "Left's undominated incentives G^L - G.",
        "left_incentives(^)  # {v}", |a, _| Ok(games_set(game(&a[0])?.left_incentives()))),
    builtin!("right_incentives", "right_incentives(G)", Exactly(1),
        "Right's undominated incentives G - G^R.",
        "right_incentives(^)  # {^*}", |a, _| Ok(games_set(game(&a[0])?.right_incentives()))),
    builtin!("norton_product", "norton_product(G, U)", Exactly(2),
        "Norton's product G.U: n copies of U for an integer n, else {G^L.U + U + I | G^R.U - U - I} over the incentives I of U (Winning Ways ch. 7; Siegel, CGT, II.7).",
        "norton_product(1/2, ^)  # {^^*|v*}", |a, _| {
            // A unit written explicitly ('{...}') keeps its form: the product depends on it.
            if let Value::Explicit(unit) = &a[1].value {
                return Ok(Value::from_game(game(&a[0])?.norton_product_explicit(unit)));
            }
            Ok(Value::from_game(game(&a[0])?.norton_product(game(&a[1])?)))
        }),
    builtin!("conway_product", "conway_product(G, H)", Exactly(2),
        "Conway's product of canonical forms (ONAG ch. 1): the product of numbers, the nim-product of nimbers.",
        "conway_product(*2, *3)  # *", |a, _| {
            Ok(Value::from_game(game(&a[0])?.conway_product(game(&a[1])?)))
        }),
    builtin!("ordinal_sum", "ordinal_sum(G, H)", Exactly(2),
        "The ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R}: a move in G ends H (ONAG ch. 15; Siegel, CGT, II.6). G is taken in canonical form.",
        "ordinal_sum(1, -1)  # 1/2", |a, _| {
            let h = game(&a[1])?;
            crate::eval::ops::check_subordinate(h, a[1].span.clone())?;
            Ok(Value::from_game(game(&a[0])?.ordinal_sum(h)))
        }),
    builtin!("uptimal_expansion", "uptimal_expansion(G)", Exactly(1),
        "The uptimal expansion x*.d1d2...dk of G = x + d1.^ + d2.^<2> + ... + dk.^<k> (+ *): Siegel, CGT.",
        "uptimal_expansion(^[4])  # 0.1111", |a, _| {
            let g = game(&a[0])?;
            g.uptimal_expansion().map(|e| Value::UptimalExpansion(Rc::new(e))).ok_or_else(|| {
                EvalError::new(format!("{g} is not an uptimal"), a[0].span.clone())
                    .with_help("uptimals are x + a1.^ + a2.^<2> + ... + ak.^<k> plus a nimber; is_uptimal(G) tests for one")
            })
        }),
    builtin!("left_orthodox_options", "left_orthodox_options(G)", Exactly(1),
        "The Left options orthodox at t = temperature(G): those G^L with R_t(G^L) - t = L_t(G) (Berlekamp 1996).",
        "left_orthodox_options({4,{5|2}|0})  # {4}", |a, _| Ok(games_set(game(&a[0])?.left_orthodox_options()))),
    builtin!("right_orthodox_options", "right_orthodox_options(G)", Exactly(1),
        "The Right options orthodox at t = temperature(G): those G^R with L_t(G^R) + t = R_t(G) (Berlekamp 1996).",
        "right_orthodox_options({4,{5|2}|0})  # {0}", |a, _| Ok(games_set(game(&a[0])?.right_orthodox_options()))),
];

fn game(arg: &Arg) -> EvalResult<Game> {
    to_game(&arg.value, arg.span.clone(), "the argument")
}

fn number(x: Dyadic) -> Value {
    Value::number(Rational::from(x))
}

fn games_set(games: Vec<Game>) -> Value {
    Value::set(games.into_iter().map(Value::from_game).collect())
}

fn dyadic(arg: &Arg, role: &str) -> EvalResult<Dyadic> {
    match &arg.value {
        Value::Number(q) => q.to_dyadic().ok_or_else(|| {
            EvalError::new(
                format!("{role} {q} is not a dyadic rational"),
                arg.span.clone(),
            )
            .with_help("temperatures are numbers whose denominator is a power of 2")
        }),
        other => Err(EvalError::new(
            format!("{role} must be a number; found {}", other.kind()),
            arg.span.clone(),
        )),
    }
}
