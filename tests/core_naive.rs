//! The canonical-form engine checked against brute force: explicit game trees whose outcomes
//! are found by exhaustive play, with no simplification at all.

use std::collections::HashMap;

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

/// A game as an explicit graph of positions (node 0 is the start), so that sums of many small
/// games stay small: the positions of a sum are pairs of positions.
#[derive(Clone, Debug)]
struct Graph {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
}

impl Graph {
    fn from_tree(t: &Tree) -> Graph {
        let mut g = Graph {
            left: vec![],
            right: vec![],
        };
        g.add(t);
        g
    }

    fn add(&mut self, t: &Tree) -> usize {
        let id = self.left.len();
        self.left.push(vec![]);
        self.right.push(vec![]);
        let l: Vec<usize> = t.left.iter().map(|c| self.add(c)).collect();
        let r: Vec<usize> = t.right.iter().map(|c| self.add(c)).collect();
        self.left[id] = l;
        self.right[id] = r;
        id
    }

    fn neg(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    fn sum(&self, other: &Graph) -> Graph {
        let n = other.left.len();
        let mut g = Graph {
            left: vec![],
            right: vec![],
        };
        for i in 0..self.left.len() {
            for j in 0..n {
                let moves = |mine: &Vec<Vec<usize>>, theirs: &Vec<Vec<usize>>| {
                    let mut m: Vec<usize> = mine[i].iter().map(|&a| a * n + j).collect();
                    m.extend(theirs[j].iter().map(|&b| i * n + b));
                    m
                };
                g.left.push(moves(&self.left, &other.left));
                g.right.push(moves(&self.right, &other.right));
            }
        }
        g
    }

    /// Whether the player to move wins from each position, by exhaustive play with memo.
    fn wins_moving_first(
        &self,
        node: usize,
        left_to_move: bool,
        memo: &mut HashMap<(usize, bool), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(node, left_to_move)) {
            return w;
        }
        let moves = if left_to_move {
            &self.left[node]
        } else {
            &self.right[node]
        };
        let w = moves
            .iter()
            .any(|&m| !self.wins_moving_first(m, !left_to_move, memo));
        memo.insert((node, left_to_move), w);
        w
    }

    /// self <= other: Right, moving first in other - self, loses.
    fn leq(&self, other: &Graph) -> bool {
        !other
            .sum(&self.neg())
            .wins_moving_first(0, false, &mut HashMap::new())
    }

    fn game(&self) -> Game {
        fn go(g: &Graph, node: usize, memo: &mut HashMap<usize, Game>) -> Game {
            if let Some(&x) = memo.get(&node) {
                return x;
            }
            let l: Vec<Game> = g.left[node].iter().map(|&c| go(g, c, memo)).collect();
            let r: Vec<Game> = g.right[node].iter().map(|&c| go(g, c, memo)).collect();
            let x = Game::from_options(&l, &r);
            memo.insert(node, x);
            x
        }
        go(self, 0, &mut HashMap::new())
    }
}

fn leaf() -> Tree {
    Tree {
        left: vec![],
        right: vec![],
    }
}

fn star_tree(n: usize) -> Tree {
    let options: Vec<Tree> = (0..n).map(star_tree).collect();
    Tree {
        left: options.clone(),
        right: options,
    }
}

fn integer_tree(n: i64) -> Tree {
    match n {
        0 => leaf(),
        n if n > 0 => Tree {
            left: vec![integer_tree(n - 1)],
            right: vec![],
        },
        n => Tree {
            left: vec![],
            right: vec![integer_tree(n + 1)],
        },
    }
}

/// x + a.↑ + *n written out as an explicit sum, with ↑ = {0|*}.
fn nus_graph(x: i64, ups: i64, nimber: usize) -> Graph {
    let up = Tree {
        left: vec![leaf()],
        right: vec![star_tree(1)],
    };
    let up = Graph::from_tree(&if ups < 0 { up.neg() } else { up });
    let mut total = Graph::from_tree(&integer_tree(x)).sum(&Graph::from_tree(&star_tree(nimber)));
    for _ in 0..ups.abs() {
        total = total.sum(&up);
    }
    total
}

#[test]
fn number_up_star_closed_forms_match_explicit_sums() {
    let probes: Vec<Graph> = [star_tree(1), star_tree(2), integer_tree(1)]
        .iter()
        .map(Graph::from_tree)
        .chain([nus_graph(0, 1, 0), nus_graph(0, 1, 1), nus_graph(0, -2, 1)])
        .collect();
    for x in -1..=1 {
        for ups in -4..=4 {
            for nimber in 0..=4 {
                let graph = nus_graph(x, ups, nimber);
                let expected = Game::integer(x)
                    + Game::up().times(&cg::core::Integer::from(ups))
                    + Game::nimber(nimber as u64);
                assert_eq!(graph.game(), expected, "x={x} ups={ups} nimber={nimber}");
                if ups.abs() > 2 {
                    continue; // exhaustive play on the larger sums takes too long
                }
                for probe in &probes {
                    assert_eq!(expected.leq(probe.game()), graph.leq(probe));
                    assert_eq!(probe.game().leq(expected), probe.leq(&graph));
                }
            }
        }
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

/// G <= H by the definition alone, on canonical options, with no cache and no shortcut: no
/// G^L >= H and no H^R <= G (Conway, ONAG ch. 1; Siegel, CGT, Def. II.1.7). The engine settles
/// most comparisons from stops (the number avoidance bounds of Siegel, CGT, II.5) and caches
/// the rest; this is what they must agree with.
fn leq_by_definition(g: Game, h: Game) -> bool {
    !g.left_options().iter().any(|&gl| leq_by_definition(h, gl))
        && !h.right_options().iter().any(|&hr| leq_by_definition(hr, g))
}

/// Games built from options over number, star and up leaves: hot games with many different
/// stops, the case the stop bounds decide.
fn hot_game(depth: u32, width: usize) -> BoxedStrategy<Game> {
    let half = |n: i64| Game::number(cg::core::Dyadic::new(cg::core::Integer::from(n), 1));
    let leaves = vec![
        Game::ZERO,
        Game::integer(1),
        Game::integer(-2),
        half(1),
        half(-3),
        Game::star(),
        Game::up(),
        Game::integer(3) + Game::star(),
    ];
    prop::sample::select(leaves)
        .boxed()
        .prop_recursive(depth, 48, width as u32, move |inner| {
            (
                prop::collection::vec(inner.clone(), 0..=width),
                prop::collection::vec(inner, 0..=width),
            )
                .prop_map(|(left, right)| Game::from_options(&left, &right))
        })
        .boxed()
}

/// x + a.↑ + *n for small x, a and n: the values whose canonical options the engine recognises
/// on sight.
fn nus_value() -> BoxedStrategy<Game> {
    (-1i64..=1, -2i64..=2, 0u64..=4)
        .prop_map(|(x, ups, nimber)| {
            Game::integer(x)
                + Game::up().times(&cg::core::Integer::from(ups))
                + Game::nimber(nimber)
        })
        .boxed()
}

/// Every game with at most two options a side drawn from a few hot, tepid and infinitesimal
/// games, against every x + a.↑ + *n for small x, a and n, in both orders: the engine's order
/// is the definition's. Comparisons with such a value that is not a number are the ones the
/// engine may settle from its number part alone (each of its options has both stops x); the
/// random games of the property tests seldom reach the cases where only that settles them.
#[test]
fn order_against_number_up_star_values_matches_the_definition() {
    let half = Game::number(cg::core::Dyadic::new(cg::core::Integer::from(1), 1));
    let base = [
        Game::ZERO,
        Game::star(),
        Game::up(),
        -Game::up(),
        Game::integer(1),
        Game::integer(-1),
        half,
        Game::from_options(&[Game::integer(1)], &[Game::integer(-1)]),
        Game::from_options(&[Game::integer(1)], &[Game::star()]),
    ];
    let mut lists: Vec<Vec<Game>> = vec![vec![]];
    for (i, &a) in base.iter().enumerate() {
        lists.push(vec![a]);
        for &b in &base[i + 1..] {
            lists.push(vec![a, b]);
        }
    }
    let values: Vec<Game> = (-1i64..=1)
        .flat_map(|x| (-2i64..=2).flat_map(move |ups| (0u64..=3).map(move |n| (x, ups, n))))
        .map(|(x, ups, n)| {
            Game::integer(x) + Game::up().times(&cg::core::Integer::from(ups)) + Game::nimber(n)
        })
        .collect();
    for left in &lists {
        for right in &lists {
            let g = Game::from_options(left, right);
            for &v in &values {
                assert_eq!(g.leq(v), leq_by_definition(g, v), "{g} <= {v}");
                assert_eq!(v.leq(g), leq_by_definition(v, g), "{v} <= {g}");
            }
        }
    }
}

/// The closed forms the engine recognises in an option list, each built as a list of options
/// and compared, by the definition of the order, with the value written as a sum:
/// x + *n = {x, x*, ..., x*(n-1) | same} for n >= 1, a.↑ + *n = {0 | (a-1).↑ + *(n xor 1)} for a >= 1
/// (but ↑* = {0, * | 0}), and x + ↑* itself.
#[test]
fn closed_forms_of_number_up_star_values_agree_with_the_definition() {
    let ups = |a: i64| Game::up().times(&cg::core::Integer::from(a));
    let mut checked = 0;
    for x in -1i64..=1 {
        for n in 1u64..=5 {
            let options: Vec<Game> = (0..n).map(|k| Game::integer(x) + Game::nimber(k)).collect();
            let value = Game::integer(x) + Game::nimber(n);
            let g = Game::from_options(&options, &options);
            assert_eq!(g, value, "x={x} n={n}");
            assert!(
                explicit_leq(&options, &options, value) && leq_explicit(value, &options, &options)
            );
            checked += 1;
        }
    }
    for a in 1i64..=3 {
        for n in 0u64..=4 {
            if (a, n) == (1, 1) {
                continue;
            }
            let (left, right) = ([Game::ZERO], [ups(a - 1) + Game::nimber(n ^ 1)]);
            let value = ups(a) + Game::nimber(n);
            assert_eq!(Game::from_options(&left, &right), value, "a={a} n={n}");
            assert!(explicit_leq(&left, &right, value) && leq_explicit(value, &left, &right));
            let (left, right) = ([-right[0]], [Game::ZERO]);
            assert_eq!(
                Game::from_options(&left, &right),
                -value,
                "a={a} n={n}, negated"
            );
            assert!(explicit_leq(&left, &right, -value) && leq_explicit(-value, &left, &right));
            checked += 2;
        }
    }
    let up_star = ups(1) + Game::star();
    let (left, right) = ([Game::ZERO, Game::star()], [Game::ZERO]);
    assert_eq!(Game::from_options(&left, &right), up_star);
    assert!(explicit_leq(&left, &right, up_star) && leq_explicit(up_star, &left, &right));
    assert_eq!(checked, 15 + 28);
}

/// A nimber with many options is recognised from its list at once: *300 from
/// {0, *, ..., *299 | same}, in any order on either side.
#[test]
fn a_long_nimber_list_is_the_nimber() {
    let options: Vec<Game> = (0..300u64).map(Game::nimber).collect();
    assert_eq!(Game::from_options(&options, &options), Game::nimber(300));
    let mut shuffled = options.clone();
    shuffled.reverse();
    shuffled.swap(7, 200);
    assert_eq!(Game::from_options(&shuffled, &options), Game::nimber(300));
}

/// {left | right} <= H by the definition, for a game given by options not yet simplified.
fn explicit_leq(left: &[Game], right: &[Game], h: Game) -> bool {
    !left.iter().any(|&l| leq_by_definition(h, l))
        && !h
            .right_options()
            .iter()
            .any(|&hr| leq_explicit(hr, left, right))
}

/// G <= {left | right} by the definition.
fn leq_explicit(g: Game, left: &[Game], right: &[Game]) -> bool {
    !g.left_options()
        .iter()
        .any(|&gl| explicit_leq(left, right, gl))
        && !right.iter().any(|&r| leq_by_definition(r, g))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Long lists of options, many of them dominated or equal, as a hot board position has:
    /// the canonical form equals the game of the list by the definition of the order, and no
    /// option it keeps is dominated by another it keeps.
    #[test]
    fn wide_option_lists_simplify_to_an_equal_game(
        left in prop::collection::vec(hot_game(2, 3), 0..=10),
        right in prop::collection::vec(hot_game(2, 3), 0..=10),
    ) {
        let g = Game::from_options(&left, &right);
        prop_assert!(explicit_leq(&left, &right, g) && leq_explicit(g, &left, &right));
        let (kept_left, kept_right) = (g.left_options(), g.right_options());
        for (i, &a) in kept_left.iter().enumerate() {
            for (j, &b) in kept_left.iter().enumerate() {
                prop_assert!(i == j || !leq_by_definition(a, b), "{} <= {} both kept", a, b);
            }
        }
        for (i, &a) in kept_right.iter().enumerate() {
            for (j, &b) in kept_right.iter().enumerate() {
                prop_assert!(i == j || !leq_by_definition(a, b), "{} <= {} both kept", a, b);
            }
        }
    }

    /// Option lists of number-up-star values, some dominated, some repeated, in any order: the
    /// engine recognises the lists that are a number-up-star value's canonical options before
    /// it simplifies anything, and its answer must equal the game of the list by the definition.
    #[test]
    fn number_up_star_option_lists_give_an_equal_game(
        left in prop::collection::vec(nus_value(), 0..=5),
        right in prop::collection::vec(nus_value(), 0..=5),
    ) {
        let g = Game::from_options(&left, &right);
        prop_assert!(explicit_leq(&left, &right, g) && leq_explicit(g, &left, &right));
    }

    #[test]
    fn order_matches_the_definition_on_hot_games(g in hot_game(3, 3), h in hot_game(3, 3)) {
        prop_assert_eq!(g.leq(h), leq_by_definition(g, h));
        prop_assert_eq!(h.leq(g), leq_by_definition(h, g));
        let s = g + h;
        prop_assert_eq!(s.leq(h), leq_by_definition(s, h));
        prop_assert_eq!(g.leq(s), leq_by_definition(g, s));
    }

    #[test]
    fn outcome_matches_exhaustive_play(t in tree(4, 3)) {
        prop_assert_eq!(t.game().outcome(), t.outcome());
    }

    #[test]
    fn order_matches_exhaustive_play(a in tree(3, 2), b in tree(3, 2)) {
        prop_assert_eq!(a.game().leq(b.game()), a.leq(&b));
    }

    /// Comparisons with x + a.↑ + *n, and with a game plus it, against exhaustive play on the
    /// sums written out. The engine rules out all the options of such a value at once when a
    /// stop of the other game lies on the wrong side of x (every option has both stops x).
    #[test]
    fn order_against_number_up_star_values_matches_exhaustive_play(
        a in tree(3, 2),
        b in tree(2, 2),
        x in -1i64..=1,
        ups in -2i64..=2,
        nimber in 0usize..=4,
    ) {
        let v = nus_graph(x, ups, nimber);
        let (a_graph, b_graph) = (Graph::from_tree(&a), Graph::from_tree(&b));
        let (a_game, v_game) = (a.game(), v.game());
        prop_assert_eq!(a_game.leq(v_game), a_graph.leq(&v));
        prop_assert_eq!(v_game.leq(a_game), v.leq(&a_graph));
        let sum = a_graph.sum(&v);
        let sum_game = a_game + v_game;
        prop_assert_eq!(sum_game, sum.game());
        prop_assert_eq!(sum_game.leq(b.game()), sum.leq(&b_graph));
        prop_assert_eq!(b.game().leq(sum_game), b_graph.leq(&sum));
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
    fn inverse_commutativity_and_associativity(a in tree(3, 2), b in tree(3, 2), c in tree(3, 2)) {
        let (g, h, k) = (a.game(), b.game(), c.game());
        prop_assert_eq!(g + (-g), Game::ZERO);
        prop_assert_eq!(g - g, Game::ZERO);
        prop_assert_eq!(g + h, h + g);
        prop_assert_eq!((g + h) + k, g + (h + k));
    }

    #[test]
    fn canonical_form_is_idempotent(a in tree(4, 3)) {
        let g = a.game();
        prop_assert_eq!(Game::from_options(&g.left_options(), &g.right_options()), g);
    }

    #[test]
    fn order_is_a_partial_order_agreeing_with_outcomes(a in tree(3, 2), b in tree(3, 2), c in tree(3, 2)) {
        let (g, h, k) = (a.game(), b.game(), c.game());
        prop_assert!(g.leq(g));
        if g.leq(h) && h.leq(g) {
            prop_assert_eq!(g, h);
        }
        if g.leq(h) && h.leq(k) {
            prop_assert!(g.leq(k));
        }
        let outcome = (h - g).outcome();
        prop_assert_eq!(g.leq(h), matches!(outcome, Outcome::L | Outcome::P));
    }

    #[test]
    fn equal_games_have_equal_handles(a in tree(3, 2), b in tree(3, 2)) {
        let equal = a.leq(&b) && b.leq(&a);
        prop_assert_eq!(a.game() == b.game(), equal);
    }
}
