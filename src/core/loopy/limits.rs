//! Sides that sidling approaches only in the limit at a pseudonumber: an onside x over, which the
//! approximations approach from above as x + 1/2^n (so no round repeats the one before), and by
//! negation an offside x under. The smallest game found so is B = {B, C | A, B}, A = {C | B},
//! C = {| A, B}, whose onside approximations at A are 1, 1/2, 1/4, ... (README, "Loopy games").
//!
//! Such a position is found by play and held at its side while the others are sidled again, as
//! `unbounded` holds positions whose side is `off` or `on`. Two facts make play decide it
//! (Siegel, CGT, ch. VI; Winning Ways ch. 11):
//!
//! - For a stopper X, X <= G+ exactly when Left, moving second, wins G - X with every infinite
//!   play counted as hers (the onside's rule): G+ and G have the same such outcome in every sum
//!   with a stopper. So "x over <= G+" is one retrograde analysis of the graph of G - x over.
//! - For a number y, G+ - y has no infinite play (a number ends, and a stopper alone cannot run
//!   on for ever), so G+ <= y exactly when Left, moving first, does not win G - y under the same
//!   rule. And a stopper S with S <= y for every number y > x has its left stop at most x over,
//!   so S <= x over: Right, moving second in S - x over, answers each of Left's moves (and her
//!   passes in -x over = -x under) by a move of S to an option whose left stop is at most x over,
//!   and either play goes on for ever (a draw, which Right survives) or Left runs out of moves.
//!
//! The second test cannot try every y > x; it tries y = x + 1/2^m for an m well below every
//! number that sidling's last round produced (`MARGIN` bits below the finest), so a left stop of
//! G+ strictly between x and x + 1/2^m would be missed. The candidate x is read from the last
//! approximation, whose stops are at least those of G+: the simplest truncations of its least
//! strong stop. What is found is checked again by the caller (the whole assignment must be a
//! fixed point of sidling) and by the outcome check of `LoopyValue::all_from_graph`.

use crate::core::short::store::Side;
use crate::core::{check_interrupt, Dyadic, Game, Integer};

use super::graph::Graph;
use super::solve::{play_alone, solve_sum, zero_graph, Play};
use super::stopper::Stopper;
use super::Pseudo;

/// How many bits below the finest number of the last approximation the test y = x + 1/2^m
/// goes.
const MARGIN: u32 = 16;

/// For the onside (`side` Left): the positions of `g` among `changing` whose onside is x over
/// for some number x, with that stopper; for the offside the positions whose offside is x under
/// (by the same argument on -g). `approx` holds sidling's last approximations of the side.
pub(crate) fn pseudonumber_limits(
    g: &Graph,
    side: Side,
    changing: &[bool],
    approx: &[Stopper],
) -> Vec<Option<Stopper>> {
    match side {
        Side::Left => onsides_over(g, changing, approx),
        Side::Right => {
            let negated: Vec<Stopper> = approx.iter().map(Stopper::negative).collect();
            onsides_over(&g.negative(), changing, &negated)
                .into_iter()
                .map(|p| p.map(|s| s.negative()))
                .collect()
        }
    }
}

/// The positions v (among `changing`) with G+(v) = x over, found by the two tests of the
/// module comment.
fn onsides_over(g: &Graph, changing: &[bool], approx: &[Stopper]) -> Vec<Option<Stopper>> {
    (0..g.len())
        .map(|v| {
            if !changing[v] {
                return None;
            }
            check_interrupt();
            let stop = least_strong_stop(&approx[v])?;
            let finest = stop.exponent() + MARGIN;
            candidates(&stop).into_iter().find_map(|x| {
                let over = Pseudo::Number(x.clone(), 1).to_stopper();
                let above = plus_power_of_half(&x, finest.max(x.exponent() + MARGIN));
                (at_least(g, v as u32, &over) && at_most_number(g, v as u32, &above))
                    .then_some(over)
            })
        })
        .collect()
}

/// The lesser of the strong stops of a stopper, when it is a number.
fn least_strong_stop(s: &Stopper) -> Option<Dyadic> {
    let (l, r) = s.strong_stops();
    match l.min(r) {
        Pseudo::Number(x, _) => Some(x),
        _ => None,
    }
}

/// The candidates x <= `stop` for a limit x over approached from above: `stop` cut to 0, 1, 2,
/// ... binary places, the simplest first, without repeats.
fn candidates(stop: &Dyadic) -> Vec<Dyadic> {
    let mut out: Vec<Dyadic> = Vec::new();
    for places in 0..=stop.exponent() {
        let cut = Dyadic::new(stop.numerator().shr_floor(stop.exponent() - places), places);
        if !out.contains(&cut) {
            out.push(cut);
        }
    }
    out
}

/// x + 1/2^m, for m at least the exponent of x.
fn plus_power_of_half(x: &Dyadic, m: u32) -> Dyadic {
    let mut num = x.numerator().shl(m - x.exponent());
    num += &Integer::from(1);
    Dyadic::new(num, m)
}

/// X <= G+(v): Left, moving second, wins G(v) - X with infinite play hers, i.e. Right, moving
/// first, does not force a win.
fn at_least(g: &Graph, v: u32, x: &Stopper) -> bool {
    let difference = g.sum(v, x.negative().graph(), 0);
    let solved = solve_sum(&difference, &zero_graph());
    play_alone(&solved, 0, Side::Right) != Play::MoverWins
}

/// G+(v) <= y for a number y: Left, moving first, does not win G(v) - y with infinite play
/// hers, i.e. Right forces a win.
fn at_most_number(g: &Graph, v: u32, y: &Dyadic) -> bool {
    let minus_y = Stopper::from_game(Game::number(y.clone())).negative();
    let difference = g.sum(v, minus_y.graph(), 0);
    let solved = solve_sum(&difference, &zero_graph());
    play_alone(&solved, 0, Side::Left) == Play::MoverLoses
}
