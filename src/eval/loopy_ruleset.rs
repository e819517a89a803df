//! Rulesets whose positions recur: the graph of every position reachable from one, explored
//! without recursion, and its loopy values.
//!
//! The recursion of `ruleset` values positions one after another; when it meets a position
//! that is still being valued, the game is loopy, and the outermost call values its position
//! here instead. Positions valued before as short games are leaves of the graph with their
//! values; the rest are explored breadth first, each rule applied once per position. A `sum`
//! option, or a position that splits, is a leaf whose value is the sum of its parts' values,
//! each part valued on its own graph. The same exploration values impartial positions whose
//! recursion would nest too deep: it refuses only positions more than `MAX_POSITION_DEPTH`
//! moves from the start (a game that never ends).
//!
//! Impartial rulesets get loopy nim-values (Smith; Fraenkel and Yesha), partizan ones the
//! stopper canonical form or the sided value of the root (`core::loopy`).

use std::collections::VecDeque;
use std::rc::Rc;

use ahash::AHashMap;

use crate::core::loopy::nim::{loopy_nim_values, ImpartialGraph, LoopyNimber};
use crate::core::loopy::Stopper;
use crate::core::short::store::Side;
use crate::core::{Game, LoopyGraph, LoopyValue};
use crate::syntax::ast::Span;

use super::error::{EvalError, EvalResult};
use super::interp::Interpreter;
use super::rule_call::RuleCall;
use super::ruleset::{collection, too_deep, RulesetInstance, MAX_POSITION_DEPTH};
use super::value::Value;

/// The positions met so far and their nodes in the graph being built.
#[derive(Default)]
struct Frontier {
    /// Each position with its node, in the order met.
    positions: Vec<(u32, Value)>,
    index: AHashMap<Value, u32>,
    /// Positions whose options are still to be read: node, position, moves from the start.
    unexplored: VecDeque<(u32, Value, usize)>,
}

impl Frontier {
    /// The node of `position`; a new position gets the node `add()` makes, and is queued to
    /// be explored `distance` moves from the start.
    fn node(&mut self, position: Value, distance: usize, add: impl FnOnce() -> u32) -> u32 {
        if let Some(&u) = self.index.get(&position) {
            return u;
        }
        let u = add();
        self.positions.push((u, position.clone()));
        self.index.insert(position.clone(), u);
        self.unexplored.push_back((u, position, distance));
        u
    }

    /// The next position to explore, refusing one too far from the start.
    fn next(
        &mut self,
        instance: &RulesetInstance,
        span: &Span,
    ) -> EvalResult<Option<(u32, Value, usize)>> {
        match self.unexplored.pop_front() {
            Some((_, _, distance)) if distance > MAX_POSITION_DEPTH => {
                Err(too_deep(instance, span))
            }
            next => Ok(next),
        }
    }
}

impl Interpreter {
    /// The value of a position of `instance` from which a position can recur.
    pub(super) fn loopy_position_value(
        &mut self,
        instance: &Rc<RulesetInstance>,
        root: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        if let Some(v) = instance.loopy.borrow().get(&root) {
            return Ok(v.clone());
        }
        if !instance.loopy_roots.borrow_mut().insert(root.clone()) {
            return Err(EvalError::new(
                format!(
                    "a cycle of `{}` passes through a sum of positions containing {root}",
                    instance.describe()
                ),
                span.clone(),
            )
            .with_help("cg values cycles among whole positions; a cycle through a part of a sum would need the graph of the sum"));
        }
        let result = if instance.def.impartial {
            self.value_impartial_graph(instance, root.clone(), span)
        } else {
            self.value_partizan_graph(instance, root.clone(), span)
        };
        instance.loopy_roots.borrow_mut().remove(&root);
        result
    }

    /// Every position reachable from `root` gets its loopy nim-value (one pass of the
    /// algorithm values them all): finite ones go to the table as nimbers, infinite ones to
    /// the instance's loopy values.
    fn value_impartial_graph(
        &mut self,
        instance: &Rc<RulesetInstance>,
        root: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        let mut graph = ImpartialGraph::default();
        let mut frontier = Frontier::default();
        frontier.node(root.clone(), 0, || graph.add_node());
        while let Some((u, position, distance)) = frontier.next(instance, span)? {
            if let Some(value) = self.known_nim_value(instance, &position, span)? {
                graph.set_known(u, value);
                continue;
            }
            let moves = rule(&instance.rules.moves, "moves");
            let options = self.apply_rule(instance, moves, position, span)?;
            for option in collection(options, "moves", span)? {
                let v = match option {
                    Value::Sum(parts) => {
                        let value = self.nim_value_of_parts(instance, &parts, span)?;
                        let v = graph.add_node();
                        graph.set_known(v, value);
                        v
                    }
                    option => {
                        let option = self.normalise(instance, option, span)?;
                        frontier.node(option, distance + 1, || graph.add_node())
                    }
                };
                graph.add_option(u, v);
            }
            crate::progress::count_position();
        }
        let values = loopy_nim_values(&graph);
        for (u, position) in frontier.positions {
            match &values[u as usize] {
                LoopyNimber::Finite(n) => instance
                    .table
                    .borrow_mut()
                    .insert(position, Game::nimber(*n)),
                infinite => {
                    let value = Value::LoopyNimber(Rc::new(infinite.clone()));
                    instance.loopy.borrow_mut().insert(position, value);
                }
            }
        }
        Ok(instance
            .loopy
            .borrow()
            .get(&root)
            .cloned()
            .unwrap_or_else(|| {
                Value::from_game(
                    instance
                        .table
                        .borrow()
                        .get(&root)
                        .expect("the root was valued"),
                )
            }))
    }

    /// The loopy value of `root`, from the graph of the positions reachable from it. Every
    /// position of the graph is valued on the way (component by component), and all are kept:
    /// short values in the table, the others as loopy values. A position kept from an earlier
    /// graph is a leaf with its stopper value: it cannot reach `root` (else `root` would have
    /// been valued with it), so it lies in a component below, which is valued by its value.
    fn value_partizan_graph(
        &mut self,
        instance: &Rc<RulesetInstance>,
        root: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        let mut graph = LoopyGraph::new();
        let mut shorts: AHashMap<Game, u32> = AHashMap::new();
        let mut leaves: AHashMap<Value, u32> = AHashMap::new();
        let mut frontier = Frontier::default();
        let start = frontier.node(root.clone(), 0, || graph.add_vertex());
        while let Some((u, position, distance)) = frontier.next(instance, span)? {
            if let Some(g) = instance.table.borrow().get(&position) {
                let v = graph.embed_short(g, &mut shorts);
                // The position is its short value: its moves are the value's.
                copy_options(&mut graph, v, u);
                continue;
            }
            if let Some(parts) = self.split_parts(instance, &position, span)? {
                let v = self.embed_sum(instance, &parts, &mut graph, &mut shorts, span)?;
                copy_options(&mut graph, v, u);
                continue;
            }
            for (side, name, rule) in [
                (Side::Left, "left", rule(&instance.rules.left, "left")),
                (Side::Right, "right", rule(&instance.rules.right, "right")),
            ] {
                let options = self.apply_rule(instance, rule, position.clone(), span)?;
                for option in collection(options, name, span)? {
                    let v = match option {
                        Value::Sum(parts) => {
                            self.embed_sum(instance, &parts, &mut graph, &mut shorts, span)?
                        }
                        option => {
                            let option = self.normalise(instance, option, span)?;
                            match known_stopper(instance, &option) {
                                Some(stopper) => *leaves
                                    .entry(option)
                                    .or_insert_with(|| graph.append(stopper.graph())),
                                None => frontier.node(option, distance + 1, || graph.add_vertex()),
                            }
                        }
                    };
                    graph.add_edge(side, u, v);
                }
            }
            crate::progress::count_position();
        }
        let mut values = LoopyValue::all_from_graph(&graph, start).map_err(|e| {
            EvalError::new(
                format!(
                    "the position {root} of `{}` has no loopy value cg can find: {e}; by play \
                     on its graph (infinite play a draw), its outcome is {}",
                    instance.describe(),
                    super::loopy::outcome_by_play(&graph, start)
                ),
                span.clone(),
            )
        })?;
        for (u, position) in frontier.positions {
            let Some(value) = values[u as usize].take() else {
                continue;
            };
            match value.to_game() {
                Some(g) => instance.table.borrow_mut().insert(position, g),
                None => {
                    let value = Value::from_loopy(value);
                    instance.loopy.borrow_mut().insert(position, value);
                }
            }
        }
        let known = instance.loopy.borrow().get(&root).cloned();
        Ok(known.unwrap_or_else(|| {
            Value::from_game(
                instance
                    .table
                    .borrow()
                    .get(&root)
                    .expect("the root was valued"),
            )
        }))
    }

    /// A vertex of `graph` standing for the sum of the positions `parts`, each valued on its
    /// own: a short sum embeds as its canonical form, a loopy one as its stopper's graph.
    fn embed_sum(
        &mut self,
        instance: &Rc<RulesetInstance>,
        parts: &[Value],
        graph: &mut LoopyGraph,
        shorts: &mut AHashMap<Game, u32>,
        span: &Span,
    ) -> EvalResult<u32> {
        let mut total = LoopyValue::from_game(Game::ZERO);
        for part in parts {
            let value = self.position_value(instance, part.clone(), span)?;
            let value = value.to_loopy().ok_or_else(|| {
                EvalError::new(
                    format!("a part of a sum has the value {value}, which is not a game"),
                    span.clone(),
                )
            })?;
            total = total.add(&value).map_err(|e| {
                EvalError::new(
                    format!("cannot add the parts of a sum of positions: {e}"),
                    span.clone(),
                )
            })?;
        }
        if let Some(g) = total.to_game() {
            return Ok(graph.embed_short(g, shorts));
        }
        match total.as_stopper() {
            Some(stopper) => Ok(graph.append(stopper.graph())),
            None => Err(EvalError::new(
                format!("a sum of positions has the sided value {}, which cannot be one position of a graph", Value::from_loopy(total.clone())),
                span.clone(),
            )),
        }
    }

    /// The loopy nim-value of a position valued before, or of one that splits into parts
    /// (valued now).
    fn known_nim_value(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: &Value,
        span: &Span,
    ) -> EvalResult<Option<LoopyNimber>> {
        if let Some(g) = instance.table.borrow().get(position) {
            return Ok(Some(LoopyNimber::Finite(nim_value(g, span)?)));
        }
        if let Some(Value::LoopyNimber(v)) = instance.loopy.borrow().get(position) {
            return Ok(Some((**v).clone()));
        }
        match self.split_parts(instance, position, span)? {
            Some(parts) => Ok(Some(self.nim_value_of_parts(instance, &parts, span)?)),
            None => Ok(None),
        }
    }

    /// The loopy nim-value of a sum of positions, from the values of the parts (Smith).
    fn nim_value_of_parts(
        &mut self,
        instance: &Rc<RulesetInstance>,
        parts: &[Value],
        span: &Span,
    ) -> EvalResult<LoopyNimber> {
        let mut total = LoopyNimber::Finite(0);
        for part in parts {
            let value = self.position_value(instance, part.clone(), span)?;
            let value = value.to_loopy_nimber().ok_or_else(|| {
                EvalError::new(
                    format!("a part of a sum of impartial positions has the value {value}, which is not a nimber"),
                    span.clone(),
                )
            })?;
            total = total.sum(&value);
        }
        Ok(total)
    }
}

/// The stopper value of a position valued with an earlier graph, if it has one.
fn known_stopper(instance: &RulesetInstance, position: &Value) -> Option<Stopper> {
    match instance.loopy.borrow().get(position)?.to_loopy()? {
        LoopyValue::Stopper(s) => Some(s),
        LoopyValue::Sided(_) => None,
    }
}

/// The rule a ruleset of this kind always has.
fn rule<'a>(rule: &'a Option<RuleCall>, name: &str) -> &'a RuleCall {
    rule.as_ref()
        .unwrap_or_else(|| panic!("a ruleset of this kind has `{name}`"))
}

/// Gives `to` the options of `from` (a position that is another vertex's value).
fn copy_options(graph: &mut LoopyGraph, from: u32, to: u32) {
    for side in [Side::Left, Side::Right] {
        for w in graph.options(from, side).to_vec() {
            graph.add_edge(side, to, w);
        }
    }
}

fn nim_value(g: Game, span: &Span) -> EvalResult<u64> {
    g.nim_value()
        .and_then(|n| n.to_usize())
        .map(|n| n as u64)
        .ok_or_else(|| {
            EvalError::new(
                format!(
                    "an option of an impartial ruleset has the value {g}, which is not a nimber"
                ),
                span.clone(),
            )
        })
}
