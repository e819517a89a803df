//! The canonical-form engine checked against brute force: explicit game trees whose outcomes
//! are found by exhaustive play, with no simplification at all.

use cg::core::{Game, Outcome};
use proptest::prelude::*;

/// A game given by its whole tree of options.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

impl Tree {
    fn left_wins_moving_first(&self) -> bool {
        self.left.iter().any(|t| !t.right_wins_moving_first())
    }

    fn right_wins_moving_first(&self) -> bool {
        self.right.iter().any(|t| !t.left_wins_moving_first())
    }

    fn outcome(&self) -> Outcome {
        match (
            self.left_wins_moving_first(),
            self.right_wins_moving_first(),
        ) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    fn neg(&self) -> Tree {
        Tree {
            left: self.right.iter().map(Tree::neg).collect(),
            right: self.left.iter().map(Tree::neg).collect(),
        }
    }

    fn sum(&self, other: &Tree) -> Tree {
        let mut left: Vec<Tree> = self.left.iter().map(|t| t.sum(other)).collect();
        left.extend(other.left.iter().map(|t| self.sum(t)));
        let mut right: Vec<Tree> = self.right.iter().map(|t| t.sum(other)).collect();
        right.extend(other.right.iter().map(|t| self.sum(t)));
        Tree { left, right }
    }

    /// G <= H iff H - G >= 0 iff Right, moving first in H - G, loses.
    fn leq(&self, other: &Tree) -> bool {
        !other.sum(&self.neg()).right_wins_moving_first()
    }

    fn game(&self) -> Game {
        let left: Vec<Game> = self.left.iter().map(Tree::game).collect();
        let right: Vec<Game> = self.right.iter().map(Tree::game).collect();
        Game::from_options(&left, &right)
    }
}

fn tree(depth: u32, width: usize) -> BoxedStrategy<Tree> {
    let leaf = Just(Tree {
        left: vec![],
        right: vec![],
    })
    .boxed();
    leaf.prop_recursive(depth, 64, width as u32, move |inner| {
        (
            prop::collection::vec(inner.clone(), 0..=width),
            prop::collection::vec(inner, 0..=width),
        )
            .prop_map(|(left, right)| Tree { left, right })
    })
    .boxed()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn outcome_matches_exhaustive_play(t in tree(4, 3)) {
        prop_assert_eq!(t.game().outcome(), t.outcome());
    }

    #[test]
    fn order_matches_exhaustive_play(a in tree(3, 2), b in tree(3, 2)) {
        prop_assert_eq!(a.game().leq(b.game()), a.leq(&b));
    }

    #[test]
    fn sum_of_canonical_forms_is_canonical_form_of_sum(a in tree(3, 2), b in tree(3, 2)) {
        prop_assert_eq!(a.game() + b.game(), a.sum(&b).game());
    }

    #[test]
    fn negation_matches_the_mirror_tree(a in tree(4, 3)) {
        prop_assert_eq!(-a.game(), a.neg().game());
    }

    #[test]
    fn equal_games_have_equal_handles(a in tree(3, 2), b in tree(3, 2)) {
        let equal = a.leq(&b) && b.leq(&a);
        prop_assert_eq!(a.game() == b.game(), equal);
    }
}
