//! Loopy nim-values: the generalised Sprague–Grundy function of Smith and Fraenkel on the
//! finite graph of an impartial game whose positions may recur.
//!
//! Sources: C. A. B. Smith, "Graphs and composite games", J. Combin. Theory 1 (1966); A. S.
//! Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function and its invariance under
//! certain mappings", J. Combin. Theory A 43 (1986); Winning Ways ch. 12 ("Games Eternal").
//!
//! Every position u gets either a finite value γ(u) = m or an infinite one ∞_K, where K is the
//! set of finite values among u's options. A finite value m means: no option has value m, every
//! j < m is the value of an option, and every option of larger or infinite value has an option
//! of value m (so a move up can be answered by a move back). Play: 0 is a loss for the player to
//! move, any other finite value a win, ∞_K a win when 0 is in K and a draw otherwise. Sums
//! (Smith): finite values add by nim-sum, ∞_K + m = ∞_{K+m}, and ∞_K + ∞_L = ∞ with K empty.

use std::fmt;

/// The loopy nim-value of a position: finite, or infinite with the finite values of its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyNimber {
    Finite(u64),
    /// ∞_K, with K sorted ascending and without repeats.
    Infinite(Vec<u64>),
}

/// Who wins an impartial loopy game with the player to move first, when neither may be forced
/// to play forever (infinite play is a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImpartialOutcome {
    /// The player to move loses.
    Previous,
    /// The player to move wins.
    Next,
    /// Neither player can force a win.
    Draw,
}

impl LoopyNimber {
    /// ∞_K from any list of finite values.
    pub fn infinite(mut finite_options: Vec<u64>) -> LoopyNimber {
        finite_options.sort_unstable();
        finite_options.dedup();
        LoopyNimber::Infinite(finite_options)
    }

    pub fn outcome(&self) -> ImpartialOutcome {
        match self {
            LoopyNimber::Finite(0) => ImpartialOutcome::Previous,
            LoopyNimber::Finite(_) => ImpartialOutcome::Next,
            LoopyNimber::Infinite(k) if k.first() == Some(&0) => ImpartialOutcome::Next,
            LoopyNimber::Infinite(_) => ImpartialOutcome::Draw,
        }
    }

    /// The value of the disjunctive sum (Smith's theorem, see the module documentation).
    pub fn sum(&self, other: &LoopyNimber) -> LoopyNimber {
        use LoopyNimber::*;
        match (self, other) {
            (Finite(a), Finite(b)) => Finite(a ^ b),
            (Infinite(k), Finite(a)) | (Finite(a), Infinite(k)) => {
                LoopyNimber::infinite(k.iter().map(|x| x ^ a).collect())
            }
            (Infinite(_), Infinite(_)) => Infinite(Vec::new()),
        }
    }
}

/// Literature notation with ASCII letters: `*3` (`0` for zero) and `inf_{0,2}` for ∞ with the
/// subscript {0, 2} (`inf_{}` when it is empty), the ∞_{02} of Winning Ways.
impl fmt::Display for LoopyNimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyNimber::Finite(0) => f.write_str("0"),
            LoopyNimber::Finite(1) => f.write_str("*"),
            LoopyNimber::Finite(n) => write!(f, "*{n}"),
            LoopyNimber::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "inf_{{{}}}", k.join(","))
            }
        }
    }
}

/// A finite impartial game graph: each node's options, by node index. A node may instead
/// carry a value already known (a position valued before, or a sum of such): `known[u]`, in
/// which case its options are not read.
#[derive(Clone, Debug, Default)]
pub struct ImpartialGraph {
    pub options: Vec<Vec<u32>>,
    pub known: Vec<Option<LoopyNimber>>,
}

impl ImpartialGraph {
    pub fn add_node(&mut self) -> u32 {
        self.options.push(Vec::new());
        self.known.push(None);
        (self.options.len() - 1) as u32
    }

    pub fn add_option(&mut self, from: u32, to: u32) {
        self.options[from as usize].push(to);
    }

    pub fn set_known(&mut self, node: u32, value: LoopyNimber) {
        self.known[node as usize] = Some(value);
    }

    pub fn len(&self) -> usize {
        self.options.len()
    }

    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }
}

/// Where a node stands while the values are found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// A candidate for the value of the current stage or a later one.
    Open,
    /// Has a finite value (below the stage, or equal to it if labelled in this stage).
    Valued(u64),
    /// Infinite: it lacked an option of some smaller value that it could not get.
    Infinite,
}

/// The loopy nim-value of every node, by Fraenkel and Yesha's stage-by-stage labelling.
///
/// Stage m looks at the nodes without a finite value below m. Among them it finds, by the
/// retrograde analysis of win and loss, those all of whose such options have an option of
/// value m: these get m (they are the losses when moving to a value below m is forbidden).
/// An open node that then has no option of value m can never get a value: it is infinite.
/// Each stage costs one pass over the edges, and there are at most as many stages as nodes.
pub fn loopy_nim_values(graph: &ImpartialGraph) -> Vec<LoopyNimber> {
    let n = graph.len();
    let predecessors = predecessors(graph);
    let mut state: Vec<State> = (0..n)
        .map(|u| match &graph.known[u] {
            Some(LoopyNimber::Infinite(_)) => State::Infinite,
            _ => State::Open,
        })
        .collect();
    let mut stage: u64 = 0;
    // `answers[u]`: u has an option labelled with the current stage's value.
    let mut answers = vec![false; n];
    let mut pending = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    while state.contains(&State::Open) {
        crate::core::check_interrupt();
        answers.fill(false);
        queue.clear();
        for u in 0..n {
            if state[u] != State::Open {
                continue;
            }
            match known_stage(&graph.known[u], stage) {
                // A known value above the stage has an option of the stage's value.
                Some(std::cmp::Ordering::Greater) => answers[u] = true,
                Some(std::cmp::Ordering::Equal) => queue.push(u as u32),
                Some(std::cmp::Ordering::Less) => unreachable!("known values below are labelled"),
                None => {
                    pending[u] = graph.options[u]
                        .iter()
                        .filter(|&&v| !below(state[v as usize], stage))
                        .count() as u32;
                    if pending[u] == 0 {
                        queue.push(u as u32);
                    }
                }
            }
        }
        // Known infinite nodes answer a move to them when one of their finite options is m.
        for (known, answers) in graph.known.iter().zip(answers.iter_mut()) {
            if let Some(LoopyNimber::Infinite(k)) = known {
                *answers = k.binary_search(&stage).is_ok();
            }
        }
        // Propagate: each answering node (known or not) decrements its predecessors' counts.
        let mut answered: Vec<u32> = (0..n as u32).filter(|&u| answers[u as usize]).collect();
        let mut labelled: Vec<u32> = Vec::new();
        loop {
            while let Some(u) = answered.pop() {
                for &p in &predecessors[u as usize] {
                    let p = p as usize;
                    if state[p] == State::Open && graph.known[p].is_none() && !answers[p] {
                        pending[p] -= 1;
                        if pending[p] == 0 {
                            queue.push(p as u32);
                        }
                    }
                }
            }
            let Some(u) = queue.pop() else { break };
            let u = u as usize;
            if state[u] != State::Open || answers[u] {
                continue;
            }
            state[u] = State::Valued(stage);
            labelled.push(u as u32);
            for &p in &predecessors[u] {
                let p = p as usize;
                if !answers[p] && !below(state[p], stage) && state[p] != State::Valued(stage) {
                    answers[p] = true;
                    answered.push(p as u32);
                }
            }
        }
        for u in 0..n {
            if state[u] == State::Open && !answers[u] {
                state[u] = State::Infinite;
            }
        }
        stage += 1;
    }
    (0..n)
        .map(|u| match (&graph.known[u], state[u]) {
            (Some(value), _) => value.clone(),
            (None, State::Valued(m)) => LoopyNimber::Finite(m),
            (None, _) => LoopyNimber::infinite(
                graph.options[u]
                    .iter()
                    .filter_map(|&v| match state[v as usize] {
                        State::Valued(m) => Some(m),
                        _ => None,
                    })
                    .collect(),
            ),
        })
        .collect()
}

/// Whether a node in state `s` has a finite value below `stage` (and so is out of play there).
fn below(s: State, stage: u64) -> bool {
    matches!(s, State::Valued(m) if m < stage)
}

/// How a node's known finite value compares with the stage (`None` if not known finite).
fn known_stage(known: &Option<LoopyNimber>, stage: u64) -> Option<std::cmp::Ordering> {
    match known {
        Some(LoopyNimber::Finite(m)) => Some(m.cmp(&stage)),
        _ => None,
    }
}

fn predecessors(graph: &ImpartialGraph) -> Vec<Vec<u32>> {
    let mut predecessors = vec![Vec::new(); graph.len()];
    for (u, options) in graph.options.iter().enumerate() {
        if graph.known[u].is_some() {
            continue;
        }
        for &v in options {
            predecessors[v as usize].push(u as u32);
        }
    }
    predecessors
}
