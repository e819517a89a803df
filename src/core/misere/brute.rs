//! Misère outcomes of sums of heaps played out move by move, with a budget: the check of a
//! candidate quotient's failure (see `quotient`), not a way to compute quotients.

use ahash::AHashMap;

/// The options of a sum of heaps (ascending heap sizes; heaps without moves dropped).
pub fn options(moves: &[Vec<Vec<usize>>], game: &[usize]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for (i, &h) in game.iter().enumerate() {
        if i > 0 && game[i - 1] == h {
            continue;
        }
        for parts in &moves[h] {
            let mut next: Vec<usize> = game[..i].to_vec();
            next.extend_from_slice(&game[i + 1..]);
            next.extend(parts.iter().copied().filter(|&p| !moves[p].is_empty()));
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

/// A memo of outcomes, giving up past `budget` positions.
pub struct Outcomes<'a> {
    moves: &'a [Vec<Vec<usize>>],
    memo: AHashMap<Vec<usize>, bool>,
    budget: usize,
}

impl<'a> Outcomes<'a> {
    pub fn new(moves: &'a [Vec<Vec<usize>>], budget: usize) -> Outcomes<'a> {
        Outcomes {
            moves,
            memo: AHashMap::new(),
            budget,
        }
    }

    /// True for a misère P-position; None past the budget.
    pub fn is_p(&mut self, game: &[usize]) -> Option<bool> {
        let mut game: Vec<usize> = game
            .iter()
            .copied()
            .filter(|&h| !self.moves[h].is_empty())
            .collect();
        game.sort_unstable();
        self.search(game)
    }

    fn search(&mut self, game: Vec<usize>) -> Option<bool> {
        if let Some(&p) = self.memo.get(&game) {
            return Some(p);
        }
        if self.memo.len() >= self.budget {
            return None;
        }
        crate::core::check_interrupt();
        // Misère: the empty sum is won by the player to move.
        let mut p = !game.is_empty();
        for option in options(self.moves, &game) {
            if self.search(option)? {
                p = false;
                break;
            }
        }
        self.memo.insert(game, p);
        Some(p)
    }
}
