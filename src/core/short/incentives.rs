//! Incentives: what a move is worth to the player who makes it.
//!
//! The Left incentives of G are G^L - G and the Right incentives G - G^R (Winning Ways ch. 8;
//! Siegel, *Combinatorial Game Theory* (2013), II.7). A player prefers larger incentives, so
//! only the undominated ones (those no other incentive is at least) are kept, as in CGSuite.

use super::game::Game;
use super::store::{with_store, Store};

impl Store {
    /// The undominated incentives of G: Left's (G^L - G) if `left`, Right's (G - G^R) if
    /// `right`, duplicates and dominated ones removed, in printing order.
    pub fn incentives(&mut self, g: Game, left: bool, right: bool) -> Vec<Game> {
        let span = self.span(g);
        let mut all = Vec::new();
        if left {
            for i in span.left() {
                let gl = self.pool[i];
                all.push(self.difference(gl, g));
            }
        }
        if right {
            for i in span.right() {
                let gr = self.pool[i];
                all.push(self.difference(g, gr));
            }
        }
        self.maximal(all)
    }

    /// The elements no other element is at least as large as (equal ones kept once), in
    /// printing order.
    pub(crate) fn maximal(&mut self, mut games: Vec<Game>) -> Vec<Game> {
        games.sort_unstable();
        games.dedup();
        let mut keep = vec![true; games.len()];
        for i in 0..games.len() {
            for j in 0..games.len() {
                if i != j && keep[j] && self.leq(games[i], games[j]) {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut result: Vec<Game> = games
            .into_iter()
            .zip(keep)
            .filter_map(|(g, k)| k.then_some(g))
            .collect();
        result.sort_by(|&a, &b| self.print_order(a, b));
        result
    }
}

impl Game {
    /// The undominated incentives of G, Left's G^L - G and Right's G - G^R together (Winning
    /// Ways ch. 8; Siegel, *Combinatorial Game Theory* (2013), II.7), in printing order.
    ///
    /// ```
    /// use cg::core::Game;
    /// // ↑ = {0 | *}: Left's incentive 0 - ↑ = ↓, Right's ↑ - * = ↑*; ↑* > ↓.
    /// assert_eq!(Game::up().incentives(), vec![Game::up() + Game::star()]);
    /// ```
    pub fn incentives(self) -> Vec<Game> {
        with_store(|s| s.incentives(self, true, true))
    }

    /// Left's undominated incentives G^L - G, in printing order.
    ///
    /// ```
    /// use cg::core::Game;
    /// assert_eq!(Game::up().left_incentives(), vec![-Game::up()]);
    /// ```
    pub fn left_incentives(self) -> Vec<Game> {
        with_store(|s| s.incentives(self, true, false))
    }

    /// Right's undominated incentives G - G^R, in printing order.
    pub fn right_incentives(self) -> Vec<Game> {
        with_store(|s| s.incentives(self, false, true))
    }
}
