//! How to play a sum of positions: its winning moves, its sensible options, and, when no move
//! wins, the moves ranked by the classical strategies for sums of hot games.
//!
//! Everything here is one pass over the moves of the sum with the values of the components
//! already in their tables: the value after a move in component i is the value of the sum,
//! minus that of component i, plus that of the option (a table lookup), and comparisons of
//! canonical forms are cached by the engine.

use crate::core::{Dyadic, Game, Side, Thermograph};
use crate::syntax::ast::Span;

use super::error::EvalResult;
use super::interp::Interpreter;
use super::position::{Move, Position};

/// A move with what is known of it: the value of the sum after it, whether the mover then wins
/// moving second, and its rank by the strategy (higher first).
#[derive(Clone, Debug)]
pub struct RankedMove {
    pub the_move: Move,
    pub value_after: Game,
    /// The value of the option moved to in its component.
    pub option_value: Game,
    pub wins: bool,
    /// The strategy's measure of the component (the width or temperature it has), then of
    /// the option in it; compared as a pair, larger first.
    pub score: (Dyadic, Dyadic),
}

/// The strategies `best_moves` ranks by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Play in a hottest component (largest temperature), there to the option whose
    /// thermograph is best at that temperature (Berlekamp, "The economist's view of
    /// combinatorial games", 1996; Winning Ways ch. 6).
    Hotstrat,
    /// Berlekamp's Thermostrat (same paper): find the ambient temperature T at which the
    /// compound thermograph's wall for the mover is best, play in a component whose
    /// thermograph is widest at T, there to the option whose wall is best at T. It guarantees
    /// a score within T of the best possible.
    Thermostrat,
}

impl Strategy {
    pub fn parse(name: &str) -> Option<Strategy> {
        match name.to_ascii_lowercase().as_str() {
            "hotstrat" => Some(Strategy::Hotstrat),
            "thermostrat" => Some(Strategy::Thermostrat),
            _ => None,
        }
    }
}

/// Whether the mover `side` wins moving second from a position of value `g`: Left when
/// G >= 0, Right when G <= 0 (the fundamental theorem: G >= 0 iff Left wins when Right
/// starts).
pub fn mover_wins_second(g: Game, side: Side) -> bool {
    match side {
        Side::Left => g.geq(Game::ZERO),
        Side::Right => g.leq(Game::ZERO),
    }
}

/// The game as the mover sees it: Left's view is G, Right's is -G (Right in G is Left in -G).
fn for_left(g: Game, side: Side) -> Game {
    match side {
        Side::Left => g,
        Side::Right => -g,
    }
}

impl Interpreter {
    /// Every move of `side` with the value of the sum after it and whether it wins.
    pub fn valued_moves(
        &mut self,
        position: &Position,
        side: Side,
        span: &Span,
    ) -> EvalResult<(Vec<Game>, Vec<RankedMove>)> {
        let parts: Vec<Game> = position
            .parts
            .iter()
            .map(|p| self.part_value(p, span))
            .collect::<EvalResult<_>>()?;
        let total = parts.iter().fold(Game::ZERO, |a, &b| a + b);
        let mut ranked = Vec::new();
        for m in self.moves_of(position, side, span)? {
            crate::core::check_interrupt();
            let mut option = Game::ZERO;
            for part in &m.replacement {
                option = option + self.part_value(part, span)?;
            }
            let value_after = total - parts[m.part] + option;
            ranked.push(RankedMove {
                wins: mover_wins_second(value_after, side),
                the_move: m,
                value_after,
                option_value: option,
                score: (Dyadic::zero(), Dyadic::zero()),
            });
        }
        Ok((parts, ranked))
    }

    /// The winning moves of `side`: those after which the mover wins moving second. In an
    /// impartial sum these are the moves to nim-value 0 (Sprague-Grundy).
    pub fn winning_moves(
        &mut self,
        position: &Position,
        side: Side,
        span: &Span,
    ) -> EvalResult<Vec<RankedMove>> {
        let (_, moves) = self.valued_moves(position, side, span)?;
        Ok(moves.into_iter().filter(|m| m.wins).collect())
    }

    /// Every move of `side`, best first: the winning moves, then the others, each group in
    /// the order of `strategy`.
    pub fn best_moves(
        &mut self,
        position: &Position,
        side: Side,
        strategy: Strategy,
        span: &Span,
    ) -> EvalResult<Vec<RankedMove>> {
        let (parts, mut moves) = self.valued_moves(position, side, span)?;
        let seen: Vec<Game> = parts.iter().map(|&g| for_left(g, side)).collect();
        let thermographs: Vec<Thermograph> = seen.iter().map(|g| g.thermograph()).collect();
        let component_score: Vec<(Dyadic, Dyadic)> = match strategy {
            Strategy::Hotstrat => seen
                .iter()
                .map(|g| {
                    let t = g.temperature();
                    (t.clone(), t)
                })
                .collect(),
            Strategy::Thermostrat => {
                let t = ambient_temperature(&thermographs);
                thermographs
                    .iter()
                    .map(|th| (width(th, &t), t.clone()))
                    .collect()
            }
        };
        for m in &mut moves {
            let (score, t) = component_score[m.the_move.part].clone();
            let option = for_left(m.option_value, side);
            // The Left option whose right wall stands highest at t is the one the component's
            // left wall comes from (Winning Ways ch. 6): the orthodox move at t.
            let wall = option.thermograph().right_wall().value_at(&t);
            m.score = (score, wall);
        }
        moves.sort_by(|a, b| {
            b.wins
                .cmp(&a.wins)
                .then_with(|| b.score.0.cmp(&a.score.0))
                .then_with(|| b.score.1.cmp(&a.score.1))
        });
        Ok(moves)
    }

    /// The sensible moves of `side` (Siegel, CGT, ch. II): those whose value is at least as
    /// good for the mover as some option of the canonical form K of the position: G^L >= K^L
    /// for some K^L (for Right, G^R <= K^R for some K^R). Every option of K is answered by
    /// at least one sensible move (if some K^L exceeded every G^L, Left's answer to Right's
    /// move to G - K^L in G - K = 0 would have to be some G - K^{LR} >= 0, making K^L
    /// reversible), so playing only sensible moves loses nothing; the others are dominated or
    /// reverse to something no better.
    pub fn sensible_moves(
        &mut self,
        position: &Position,
        side: Side,
        span: &Span,
    ) -> EvalResult<Vec<RankedMove>> {
        let (parts, moves) = self.valued_moves(position, side, span)?;
        let k = parts.iter().fold(Game::ZERO, |a, &b| a + b);
        let canonical = match side {
            Side::Left => k.left_options(),
            Side::Right => k.right_options(),
        };
        Ok(moves
            .into_iter()
            .filter(|m| {
                canonical.iter().any(|&ko| match side {
                    Side::Left => m.value_after.geq(ko),
                    Side::Right => m.value_after.leq(ko),
                })
            })
            .collect())
    }
}

/// The width L_t - R_t of a thermograph at temperature t.
fn width(th: &Thermograph, t: &Dyadic) -> Dyadic {
    &th.left_wall().value_at(t) - &th.right_wall().value_at(t)
}

/// Thermostrat's ambient temperature for Left: the largest t >= -1 at which the compound left
/// wall, the sum of the right walls plus the largest width, is greatest. Between critical
/// temperatures of the components the sum of right walls is linear and the largest width
/// convex, so the greatest value is at a critical temperature or at -1.
fn ambient_temperature(thermographs: &[Thermograph]) -> Dyadic {
    let minus_one = Dyadic::from(-1i64);
    let mut candidates = vec![minus_one.clone()];
    for th in thermographs {
        for wall in [th.left_wall(), th.right_wall()] {
            candidates.extend(
                wall.critical_temperatures()
                    .iter()
                    .filter(|t| **t >= minus_one)
                    .cloned(),
            );
        }
    }
    let compound = |t: &Dyadic| {
        let rights = thermographs
            .iter()
            .fold(Dyadic::zero(), |a, th| &a + &th.right_wall().value_at(t));
        let widest = thermographs
            .iter()
            .map(|th| width(th, t))
            .max()
            .unwrap_or_else(Dyadic::zero);
        &rights + &widest
    };
    let mut best: Option<(Dyadic, Dyadic)> = None;
    for t in candidates {
        let v = compound(&t);
        let better = match &best {
            None => true,
            Some((bv, bt)) => v > *bv || (v == *bv && t > *bt),
        };
        if better {
            best = Some((v, t));
        }
    }
    best.map_or(minus_one, |(_, t)| t)
}
