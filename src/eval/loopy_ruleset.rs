//! Rulesets whose positions recur: the graph of every position reachable from one, explored
//! without recursion, and its loopy values.
//!
//! The recursion of `ruleset` values positions one after another; when it meets a position
//! that is still being valued, the game is loopy, and the outermost call values its position
//! here instead. Positions valued before (short ones, and loopy ones of earlier graphs) are
//! leaves of the graph with their values; the rest are explored breadth first, each rule
//! applied once per position. The same exploration values impartial positions whose
//! recursion would nest too deep: it refuses only positions more than `MAX_POSITION_DEPTH`
//! moves from the start (a game that never ends). A `sum` option, or a position that splits, is a leaf whose value
//! is the sum of its parts' values, each part valued on its own graph.

use std::collections::VecDeque;
use std::rc::Rc;

use ahash::AHashMap;

use crate::core::loopy::nim::{loopy_nim_values, ImpartialGraph, LoopyNimber};
use crate::core::Game;
use crate::syntax::ast::Span;

use super::error::{EvalError, EvalResult};
use super::interp::Interpreter;
use super::ruleset::{collection, too_deep, RulesetInstance, MAX_POSITION_DEPTH};
use super::value::Value;

/// The positions of an impartial graph being explored, and their nodes.
#[derive(Default)]
struct Explored {
    graph: ImpartialGraph,
    /// The position of each node; `None` for a sum of positions.
    positions: Vec<Option<Value>>,
    index: AHashMap<Value, u32>,
    /// Nodes whose options are still to be read, with their distance from the start.
    unexplored: VecDeque<(u32, usize)>,
}

impl Explored {
    /// The node of `position`, added (to be explored) if it is new; `distance` is its number
    /// of moves from the start.
    fn node(&mut self, position: Value, distance: usize) -> u32 {
        if let Some(&u) = self.index.get(&position) {
            return u;
        }
        let u = self.graph.add_node();
        self.positions.push(Some(position.clone()));
        self.index.insert(position, u);
        self.unexplored.push_back((u, distance));
        u
    }

    /// A node for a sum of positions, whose value is known.
    fn sum_node(&mut self, value: LoopyNimber) -> u32 {
        let u = self.graph.add_node();
        self.positions.push(None);
        self.graph.set_known(u, value);
        u
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
        if !instance.def.impartial {
            return Err(EvalError::new(
                format!(
                    "the position {root} of `{}` can be reached from itself",
                    instance.describe()
                ),
                span.clone(),
            )
            .with_help(
                "cg values loopy impartial rulesets; loopy partizan rulesets are not supported yet",
            ));
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
        let result = self.value_impartial_graph(instance, root.clone(), span);
        instance.loopy_roots.borrow_mut().remove(&root);
        result
    }

    fn value_impartial_graph(
        &mut self,
        instance: &Rc<RulesetInstance>,
        root: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        let mut explored = Explored::default();
        explored.node(root.clone(), 0);
        while let Some((u, distance)) = explored.unexplored.pop_front() {
            if distance > MAX_POSITION_DEPTH {
                return Err(too_deep(instance, span));
            }
            let position = explored.positions[u as usize]
                .clone()
                .expect("a position node");
            if let Some(value) = self.known_value(instance, &position, span)? {
                explored.graph.set_known(u, value);
                continue;
            }
            let moves = instance
                .rules
                .moves
                .as_ref()
                .expect("an impartial ruleset has moves");
            let options = self.apply_rule(instance, moves, position, span)?;
            for option in collection(options, "moves", span)? {
                let v = match option {
                    Value::Sum(parts) => {
                        let value = self.value_of_parts(instance, &parts, span)?;
                        explored.sum_node(value)
                    }
                    option => {
                        let option = self.normalise(instance, option, span)?;
                        explored.node(option, distance + 1)
                    }
                };
                explored.graph.add_option(u, v);
            }
            crate::progress::count_position();
        }
        let values = loopy_nim_values(&explored.graph);
        for (position, value) in explored.positions.into_iter().zip(values) {
            let Some(position) = position else { continue };
            match value {
                LoopyNimber::Finite(n) => instance
                    .table
                    .borrow_mut()
                    .insert(position, Game::nimber(n)),
                infinite => {
                    instance
                        .loopy
                        .borrow_mut()
                        .insert(position, Value::LoopyNimber(Rc::new(infinite)));
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

    /// The value of a position valued before, or of one that splits into parts (valued now).
    fn known_value(
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
            Some(parts) => Ok(Some(self.value_of_parts(instance, &parts, span)?)),
            None => Ok(None),
        }
    }

    /// The loopy nim-value of a sum of positions, from the values of the parts (Smith).
    fn value_of_parts(
        &mut self,
        instance: &Rc<RulesetInstance>,
        parts: &[Value],
        span: &Span,
    ) -> EvalResult<LoopyNimber> {
        let mut total = LoopyNimber::Finite(0);
        for part in parts {
            let value = match self.position_value(instance, part.clone(), span)? {
                Value::LoopyNimber(v) => (*v).clone(),
                other => {
                    let g = super::ops::to_game(&other, span.clone(), "a value")?;
                    LoopyNimber::Finite(nim_value(g, span)?)
                }
            };
            total = total.sum(&value);
        }
        Ok(total)
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
