//! Loopy nim-values (Smith–Fraenkel) against independent checks: the outcome by retrograde
//! analysis of win, loss and draw, the defining conditions of the generalised Sprague–Grundy
//! function, Smith's theorem on sums (valued on the product graph, not by the formula), and
//! hand-worked examples.

use cg::core::loopy::nim::{loopy_nim_values, ImpartialGraph, ImpartialOutcome, LoopyNimber};
use proptest::prelude::*;

fn graph(n: usize, edges: &[(usize, usize)]) -> ImpartialGraph {
    let mut g = ImpartialGraph::default();
    for _ in 0..n {
        g.add_node();
    }
    for &(a, b) in edges {
        g.add_option((a % n) as u32, (b % n) as u32);
    }
    g
}

/// Win, loss or draw for the player to move, by the fixpoint of the rules of play: a position
/// is lost when every option is won (in particular when there is none), won when some option
/// is lost, and drawn when neither can be forced.
fn retrograde(g: &ImpartialGraph) -> Vec<ImpartialOutcome> {
    let n = g.len();
    let mut out: Vec<Option<ImpartialOutcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            if out[u].is_some() {
                continue;
            }
            let opts = &g.options[u];
            if opts
                .iter()
                .any(|&v| out[v as usize] == Some(ImpartialOutcome::Previous))
            {
                out[u] = Some(ImpartialOutcome::Next);
                changed = true;
            } else if opts
                .iter()
                .all(|&v| out[v as usize] == Some(ImpartialOutcome::Next))
            {
                out[u] = Some(ImpartialOutcome::Previous);
                changed = true;
            }
        }
        if !changed {
            return out
                .into_iter()
                .map(|o| o.unwrap_or(ImpartialOutcome::Draw))
                .collect();
        }
    }
}

fn edges(max_nodes: usize) -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1..=max_nodes).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..3 * n)))
}

/// The finite values of u's options.
fn finite_option_values(g: &ImpartialGraph, values: &[LoopyNimber], u: usize) -> Vec<u64> {
    g.options[u]
        .iter()
        .filter_map(|&v| match values[v as usize] {
            LoopyNimber::Finite(m) => Some(m),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn outcomes_agree_with_retrograde_analysis((n, e) in edges(12)) {
        let g = graph(n, &e);
        let values = loopy_nim_values(&g);
        let expected = retrograde(&g);
        for u in 0..n {
            prop_assert_eq!(values[u].outcome(), expected[u], "node {} valued {}", u, values[u]);
        }
    }

    /// The definition: a finite value m is missing among the options, every smaller value is
    /// there, and every option of larger or infinite value has an option of value m. An infinite
    /// value's subscript is the set of its options' finite values.
    #[test]
    fn values_satisfy_the_definition((n, e) in edges(12)) {
        let g = graph(n, &e);
        let values = loopy_nim_values(&g);
        for u in 0..n {
            let finite = finite_option_values(&g, &values, u);
            match &values[u] {
                LoopyNimber::Finite(m) => {
                    prop_assert!(!finite.contains(m));
                    prop_assert!((0..*m).all(|j| finite.contains(&j)));
                    for &v in &g.options[u] {
                        let reverses = match &values[v as usize] {
                            LoopyNimber::Finite(x) if x < m => true,
                            _ => g.options[v as usize]
                                .iter()
                                .any(|&w| values[w as usize] == LoopyNimber::Finite(*m)),
                        };
                        prop_assert!(reverses, "option {} of {} is not reversed", v, u);
                    }
                }
                LoopyNimber::Infinite(k) => {
                    prop_assert_eq!(k, &LoopyNimber::infinite(finite).into_subscript());
                }
            }
        }
    }

    /// Smith's theorem: the value of a sum, computed on the graph of the sum itself, is the
    /// nim-sum of the values, with the rules for infinity.
    #[test]
    fn sums_follow_smiths_theorem((n, e) in edges(6), (m, f) in edges(6)) {
        let g = graph(n, &e);
        let h = graph(m, &f);
        let mut product = ImpartialGraph::default();
        for _ in 0..n * m {
            product.add_node();
        }
        for a in 0..n {
            for b in 0..m {
                for &a2 in &g.options[a] {
                    product.add_option((a * m + b) as u32, (a2 as usize * m + b) as u32);
                }
                for &b2 in &h.options[b] {
                    product.add_option((a * m + b) as u32, (a * m + b2 as usize) as u32);
                }
            }
        }
        let (vg, vh, vp) = (loopy_nim_values(&g), loopy_nim_values(&h), loopy_nim_values(&product));
        for a in 0..n {
            for b in 0..m {
                prop_assert_eq!(&vp[a * m + b], &vg[a].sum(&vh[b]), "{} + {}", vg[a], vh[b]);
            }
        }
    }

    /// A node whose value is given (its options not read) stands for any position of that
    /// value: the other nodes keep theirs.
    #[test]
    fn known_values_stand_for_their_positions((n, e) in edges(12), pick in 0usize..12) {
        let g = graph(n, &e);
        let values = loopy_nim_values(&g);
        let mut h = g.clone();
        h.set_known((pick % n) as u32, values[pick % n].clone());
        prop_assert_eq!(loopy_nim_values(&h), values);
    }
}

trait Subscript {
    fn into_subscript(self) -> Vec<u64>;
}

impl Subscript for LoopyNimber {
    fn into_subscript(self) -> Vec<u64> {
        match self {
            LoopyNimber::Infinite(k) => k,
            LoopyNimber::Finite(_) => panic!("not infinite"),
        }
    }
}

#[test]
fn hand_worked_examples() {
    // A position that only passes: infinite play, ∞ with nothing below (Winning Ways ch. 12).
    let values = loopy_nim_values(&graph(1, &[(0, 0)]));
    assert_eq!(values[0].to_string(), "inf_{}");
    assert_eq!(values[0].outcome(), ImpartialOutcome::Draw);
    // a -> b, b -> a, b -> t (t terminal): from a the mover must go to b, whence the opponent
    // ends the game; so a is 0, b (options 0 and a 0) is *1.
    let values = loopy_nim_values(&graph(3, &[(0, 1), (1, 0), (1, 2)]));
    assert_eq!(
        values,
        [
            LoopyNimber::Finite(0),
            LoopyNimber::Finite(1),
            LoopyNimber::Finite(0)
        ]
    );
    // A pass beside a move to 0: u -> u, u -> 0. Stage 0: the terminal gets 0 and u answers it;
    // stage 1: u's only open option is itself, which does not answer 1, so u is ∞ with {0}, a
    // first-player win.
    let values = loopy_nim_values(&graph(2, &[(0, 0), (0, 1)]));
    assert_eq!(values[0].to_string(), "inf_{0}");
    assert_eq!(values[0].outcome(), ImpartialOutcome::Next);
    // A heap of 2 that can also pass: *2 plus a pass has options 0, *, itself: ∞_{0,1}.
    let values = loopy_nim_values(&graph(3, &[(2, 2), (2, 1), (2, 0), (1, 0)]));
    assert_eq!(values[2].to_string(), "inf_{0,1}");
}
