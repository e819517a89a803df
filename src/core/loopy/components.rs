//! Valuing a game graph one strongly connected component at a time.
//!
//! The value of a position depends only on the positions it can reach, so the components of the
//! graph are valued in reverse topological order (sinks first): the positions of a component,
//! with every move that leaves the component sent to the (already canonical) value of its
//! target, form a small graph whose canonical form or sides give the values of the component's
//! positions. This is the greatest (least) fixed point of sidling taken component by component,
//! which is the fixed point of the whole graph (the approximations of a component never depend
//! on those of the components above it); for stoppers it is fusion of each exit with its
//! canonical form, which keeps every value (Siegel, CGT, ch. VI).
//!
//! Rulesets give graphs with many small components (in Fox and Geese only the fox moves back,
//! so a component is the fox moving among fixed geese; in Backsliding Toads and Frogs a jump is
//! never undone), so this costs about the sum over components of the square of their sizes,
//! where valuing the whole graph at once would cost the square of its size. A position whose
//! component is one position without a pass and whose options are short games takes the
//! short-game path.

use ahash::AHashMap;

use crate::core::check_interrupt;
use crate::core::short::store::Side;
use crate::core::Game;

use super::graph::{Graph, SharedPositions};
use super::sides::{sidle_all, LoopyError};
use super::stopper::{simplify_all, Stopper};
use super::LoopyValue;

/// The state of Tarjan's search: each vertex's discovery index and low link, and the stack of
/// vertices whose component is still open.
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    next: u32,
}

impl Tarjan {
    const UNSEEN: u32 = u32::MAX;

    fn visit(&mut self, v: u32) {
        self.index[v as usize] = self.next;
        self.low[v as usize] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
    }

    /// The component whose root is `v`, taken off the stack.
    fn close(&mut self, v: u32) -> Vec<u32> {
        let mut component = Vec::new();
        loop {
            let w = self.stack.pop().expect("v is on the stack");
            self.on_stack[w as usize] = false;
            component.push(w);
            if w == v {
                return component;
            }
        }
    }
}

/// The strongly connected components of the part of `g` reachable from `start`, sinks first
/// (Tarjan's algorithm, without recursion).
pub(crate) fn components(g: &Graph, start: u32) -> Vec<Vec<u32>> {
    let n = g.len();
    let mut t = Tarjan {
        index: vec![Tarjan::UNSEEN; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
    };
    let successor = |v: u32, i: usize| -> Option<u32> {
        let (l, r) = (&g.left[v as usize], &g.right[v as usize]);
        if i < l.len() {
            Some(l[i])
        } else {
            r.get(i - l.len()).copied()
        }
    };
    let mut found: Vec<Vec<u32>> = Vec::new();
    // The call stack of the depth-first search: a vertex and its next successor to look at.
    let mut calls: Vec<(u32, usize)> = vec![(start, 0)];
    t.visit(start);
    let mut steps = 0usize;
    while let Some(&(v, i)) = calls.last() {
        steps += 1;
        if steps.is_multiple_of(65536) {
            check_interrupt();
        }
        match successor(v, i) {
            Some(w) => {
                calls.last_mut().expect("not empty").1 += 1;
                if t.index[w as usize] == Tarjan::UNSEEN {
                    t.visit(w);
                    calls.push((w, 0));
                } else if t.on_stack[w as usize] {
                    t.low[v as usize] = t.low[v as usize].min(t.index[w as usize]);
                }
            }
            None => {
                calls.pop();
                if let Some(&(parent, _)) = calls.last() {
                    t.low[parent as usize] = t.low[parent as usize].min(t.low[v as usize]);
                }
                if t.low[v as usize] == t.index[v as usize] {
                    found.push(t.close(v));
                }
            }
        }
    }
    found
}

/// A component with its exits replaced by stoppers: the positions of the component are vertices
/// `0 .. k` (in the order of `component`), each distinct exit stopper is appended once, and the
/// exits share their equal short positions (`Graph::append_sharing`).
fn local_graph<'a>(g: &Graph, component: &[u32], exit: impl Fn(u32) -> &'a Stopper) -> Graph {
    let mut local = Graph::new();
    let mut position: AHashMap<u32, u32> = AHashMap::new();
    for &v in component {
        position.insert(v, local.add_vertex());
    }
    let mut placed: AHashMap<&Stopper, u32> = AHashMap::new();
    let mut shared = SharedPositions::new();
    for (i, &v) in component.iter().enumerate() {
        for side in [Side::Left, Side::Right] {
            for &w in g.options(v, side) {
                let target = match position.get(&w) {
                    Some(&p) => p,
                    None => {
                        let s = exit(w);
                        match placed.get(s) {
                            Some(&p) => p,
                            None => {
                                let p = local.append_sharing(s.graph(), &mut shared);
                                placed.insert(s, p);
                                p
                            }
                        }
                    }
                };
                local.add_edge(side, i as u32, target);
            }
        }
    }
    local
}

/// The canonical forms of vertices `0 .. k` of a stopper graph.
fn canonical_positions(local: Graph, k: usize) -> Vec<Stopper> {
    let (fused, representative) = simplify_all(local);
    (0..k)
        .map(|i| Stopper::from_simplified(&fused, representative[i]))
        .collect()
}

/// Whether an alternating cycle passes through the component at vertices `0 .. k` of `local`,
/// whose other vertices are stoppers. The component's vertices reach each other, so vertex 0
/// reaches any such cycle, and then none of them is a stopper.
fn has_alternating_cycle(local: &Graph) -> bool {
    !local.is_alternating_cycle_free(0)
}

/// The short game of a component of one position with no pass whose options are short games.
fn short_position(g: &Graph, v: u32, short: &[Option<Game>]) -> Option<Game> {
    let options = |side: Side| -> Option<Vec<Game>> {
        g.options(v, side)
            .iter()
            .map(|&w| if w == v { None } else { short[w as usize] })
            .collect()
    };
    Some(Game::from_options(
        &options(Side::Left)?,
        &options(Side::Right)?,
    ))
}

/// The stopper canonical form of every position reachable from `start` whose followers are all
/// stoppers (`None` for the others).
pub(crate) fn stopper_values(g: &Graph, start: u32) -> Vec<Option<Stopper>> {
    let mut value: Vec<Option<Stopper>> = vec![None; g.len()];
    let mut short: Vec<Option<Game>> = vec![None; g.len()];
    'components: for component in components(g, start) {
        check_interrupt();
        if let [v] = component[..] {
            if let Some(game) = short_position(g, v, &short) {
                value[v as usize] = Some(Stopper::from_game(game));
                short[v as usize] = Some(game);
                continue;
            }
        }
        for &v in &component {
            for side in [Side::Left, Side::Right] {
                for &w in g.options(v, side) {
                    if value[w as usize].is_none() && !component.contains(&w) {
                        continue 'components;
                    }
                }
            }
        }
        let local = local_graph(g, &component, |w| value[w as usize].as_ref().unwrap());
        if has_alternating_cycle(&local) {
            continue;
        }
        for (v, s) in component
            .iter()
            .zip(canonical_positions(local, component.len()))
        {
            value[*v as usize] = Some(s);
        }
    }
    value
}

/// The loopy value of every position reachable from `start` (`None` for the others): the
/// stopper canonical form, or the sides found by sidling each component.
pub(crate) fn loopy_values(g: &Graph, start: u32) -> Result<Vec<Option<LoopyValue>>, LoopyError> {
    let mut value: Vec<Option<LoopyValue>> = vec![None; g.len()];
    let mut short: Vec<Option<Game>> = vec![None; g.len()];
    for component in components(g, start) {
        check_interrupt();
        if let [v] = component[..] {
            if let Some(game) = short_position(g, v, &short) {
                value[v as usize] = Some(LoopyValue::from_game(game));
                short[v as usize] = Some(game);
                continue;
            }
        }
        let k = component.len();
        let known = |w: u32| value[w as usize].as_ref().unwrap();
        let exits_are_stoppers = component.iter().all(|&v| {
            [Side::Left, Side::Right].iter().all(|&side| {
                g.options(v, side)
                    .iter()
                    .all(|&w| component.contains(&w) || known(w).is_stopper())
            })
        });
        let values: Vec<LoopyValue> = if exits_are_stoppers {
            let local = local_graph(g, &component, |w| known(w).onside());
            if has_alternating_cycle(&local) {
                sided_positions(g, &component, &value)?
            } else {
                canonical_positions(local, k)
                    .into_iter()
                    .map(LoopyValue::Stopper)
                    .collect()
            }
        } else {
            sided_positions(g, &component, &value)?
        };
        for (v, x) in component.iter().zip(values) {
            value[*v as usize] = Some(x);
        }
    }
    Ok(value)
}

/// The sides of the positions of a component, by sidling it with its exits at their onsides
/// (for the onside) and offsides (for the offside).
fn sided_positions(
    g: &Graph,
    component: &[u32],
    value: &[Option<LoopyValue>],
) -> Result<Vec<LoopyValue>, LoopyError> {
    let k = component.len();
    let known = |w: u32| value[w as usize].as_ref().unwrap();
    let on = local_graph(g, component, |w| known(w).onside());
    let off = local_graph(g, component, |w| known(w).offside());
    let onsides = sidle_all(&on, Side::Left)?;
    let offsides = sidle_all(&off, Side::Right)?;
    Ok(onsides
        .into_iter()
        .zip(offsides)
        .take(k)
        .map(|(on, off)| LoopyValue::from_sides(on, off))
        .collect())
}
