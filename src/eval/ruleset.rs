//! Rulesets declared in the language, and the values of their positions: memoised recursion on
//! the canonical-form engine. Each ruleset instance keeps one table of values by position; an
//! option may be a disjunctive sum of positions (`sum(a, b)`), each part valued and stored on its
//! own; the optional `split` rule breaks a position into independent components and `normal`
//! maps it to a representative before the table is consulted. Impartial rulesets compute
//! nim-values by mex and never build general canonical forms.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use ahash::{AHashMap, AHashSet};

use crate::core::{Game, Integer};
use crate::syntax::ast::Span;

use super::error::{EvalError, EvalResult};
use super::interp::Interpreter;
use super::parallel::{self, HelperRole, Launch, Valuation};
use super::position_table::{PositionTable, RecentPositions, TableKey};
use super::rule_call::RuleCall;
use super::store::{self, position_key, RulesetLink};
use super::value::Value;

/// The rules of a declared ruleset, as functions of (parameters..., position).
#[derive(Debug)]
pub struct RulesetDef {
    pub name: String,
    /// `None` when declared without parentheses: the name is then the ruleset itself.
    pub arity: Option<usize>,
    pub impartial: bool,
    pub left: Option<Value>,
    pub right: Option<Value>,
    pub moves: Option<Value>,
    pub split: Option<Value>,
    pub normal: Option<Value>,
    /// The position with the players' roles exchanged, whose value is the negative.
    pub negative: Option<Value>,
}

/// A ruleset with its parameters fixed, and its table of values.
#[derive(Debug)]
pub struct RulesetInstance {
    pub def: Rc<RulesetDef>,
    pub args: Vec<Value>,
    pub(super) rules: Rules,
    pub(super) table: RefCell<PositionTable>,
    /// Recent positions that split into parts (whose values are in `table`): a bounded memo,
    /// since they are many and cheap to recompute from their parts.
    composites: RefCell<RecentPositions>,
    /// Positions whose value is being computed: meeting one again means the game is loopy.
    in_progress: RefCell<AHashSet<Value>>,
    /// How many positions are being valued, one inside another.
    depth: Cell<usize>,
    /// How often the `negative` rule has found a position's value.
    negatives: NegativeUse,
    /// Values of positions that lie on or lead to a cycle and are not short games (loopy
    /// nim-values ∞_K): a position found here is valued in loopy mode, not by recursion.
    pub(super) loopy: RefCell<AHashMap<Value, Value>>,
    /// Positions being valued in loopy mode: meeting one again inside the parts of a sum
    /// would not end.
    pub(super) loopy_roots: RefCell<AHashSet<Value>>,
    /// Where its values are kept in the open store, for the store of that generation
    /// (`store::generation`); `None` inside when they cannot be kept.
    stored: Cell<Option<(u32, Option<RulesetLink>)>>,
    /// Helper threads of the valuation under way (`eval::parallel`).
    pub(super) launch: RefCell<Launch>,
    /// For the copy a helper thread works on: its part.
    pub(super) helper: Option<HelperRole>,
}

/// The rules of an instance, ready to call.
#[derive(Debug)]
pub(super) struct Rules {
    pub(super) left: Option<RuleCall>,
    pub(super) right: Option<RuleCall>,
    pub(super) moves: Option<RuleCall>,
    split: Option<RuleCall>,
    normal: Option<RuleCall>,
    negative: Option<RuleCall>,
}

impl Rules {
    fn new(def: &RulesetDef, args: &[Value]) -> Rules {
        let call = |rule: &Option<Value>| rule.as_ref().map(|r| RuleCall::new(r, args));
        Rules {
            left: call(&def.left),
            right: call(&def.right),
            moves: call(&def.moves),
            split: call(&def.split),
            normal: call(&def.normal),
            negative: call(&def.negative),
        }
    }
}

/// How far to use a ruleset's `negative` rule (see `normal_position_value_by`). Storing a
/// valued position's negative with it spares a call of the rule when the negative is met, but
/// costs a negation and a table entry when it never is: Amazons 4x4 meets 94% of its positions
/// both ways, and storing ahead took 4% fewer instructions than storing only what was met
/// (`x..#|....|....|#..o`, callgrind, one thread: 5.11 G against 5.33 G); Domineering on a
/// 5x6 board hardly ever meets a transposed region, and storing ahead cost it 15% more time
/// and 60% more games in the arena. Amazons 5x4 full of queens found 27 negatives in 131,279
/// positions, and calling the rule at all cost it a fifth more time. So the first `TRIAL`
/// positions valued store nothing ahead, and count how often a negative was found instead;
/// from then on negatives are stored ahead when one position in five was, and the rule is no
/// longer called when fewer than one in 64 was.
#[derive(Debug, Default)]
struct NegativeUse {
    valued: Cell<u32>,
    found: Cell<u32>,
}

impl NegativeUse {
    const TRIAL: u32 = 4096;

    fn valued(&self) {
        self.valued.set(self.valued.get().saturating_add(1));
    }

    fn found(&self) {
        if self.valued.get() < Self::TRIAL {
            self.found.set(self.found.get() + 1);
        }
    }

    fn store_ahead(&self) -> bool {
        self.valued.get() >= Self::TRIAL && self.found.get() * 4 >= Self::TRIAL
    }

    fn consulted(&self) -> bool {
        self.valued.get() < Self::TRIAL || self.found.get() * 64 >= Self::TRIAL
    }
}

/// Positions nested deeper than this (a position, an option of it, an option of that...) are
/// refused: the game is probably infinite.
pub const MAX_POSITION_DEPTH: usize = 100_000;

/// The most positions that split kept in each of the two generations of an instance's memo
/// (`RecentPositions`): 2^20 grids of up to 50 cells take 32 MB of slots a generation. On
/// Cookie Cutter 3x10 (`CG_THREADS=1`, callgrind), one table of 2^18 emptied when full took
/// 28.7 G instructions, 2^18 a generation 26.2 G, 2^20 23.6 G, 2^21 23.4 G, and one table of
/// up to 2^22 never emptied 23.1 G.
const MAX_COMPOSITES: usize = 1 << 20;

thread_local! {
    /// Every instance alive on this thread, so that the session can report and free the
    /// tables of values (`cache_stats()`, `clear_cache()`).
    static INSTANCES: RefCell<Vec<std::rc::Weak<RulesetInstance>>> = const { RefCell::new(Vec::new()) };
}

impl RulesetInstance {
    /// A new instance with an empty table, registered for `table_entries` and `clear_tables`.
    pub fn shared(def: Rc<RulesetDef>, args: Vec<Value>) -> Rc<RulesetInstance> {
        let rules = Rules::new(&def, &args);
        let instance = Rc::new(RulesetInstance {
            def,
            args,
            rules,
            table: RefCell::new(PositionTable::default()),
            composites: RefCell::new(RecentPositions::default()),
            in_progress: RefCell::new(AHashSet::new()),
            depth: Cell::new(0),
            negatives: NegativeUse::default(),
            loopy: RefCell::new(AHashMap::new()),
            loopy_roots: RefCell::new(AHashSet::new()),
            stored: Cell::new(None),
            launch: RefCell::new(Launch::Idle),
            helper: None,
        });
        INSTANCES.with(|all| {
            let mut all = all.borrow_mut();
            all.retain(|w| w.strong_count() > 0);
            all.push(Rc::downgrade(&instance));
        });
        instance
    }

    /// The copy of an instance a helper thread values positions with (`eval::parallel`): the
    /// rules `left`, `right`, `moves`, `split`, `normal`, `negative` as given, and `table`
    /// shared with the instance it helps. It is not registered: it lives as long as the
    /// helper's work.
    pub(super) fn helper(
        name: &str,
        impartial: bool,
        [left, right, moves, split, normal, negative]: [Option<RuleCall>; 6],
        table: PositionTable,
        role: HelperRole,
        store_link: Option<store::RulesetLink>,
    ) -> RulesetInstance {
        RulesetInstance {
            def: Rc::new(RulesetDef {
                name: name.to_string(),
                arity: None,
                impartial,
                left: None,
                right: None,
                moves: None,
                split: None,
                normal: None,
                negative: None,
            }),
            args: Vec::new(),
            rules: Rules {
                left,
                right,
                moves,
                split,
                normal,
                negative,
            },
            table: RefCell::new(table),
            composites: RefCell::new(RecentPositions::default()),
            in_progress: RefCell::new(AHashSet::new()),
            depth: Cell::new(0),
            negatives: NegativeUse::default(),
            loopy: RefCell::new(AHashMap::new()),
            loopy_roots: RefCell::new(AHashSet::new()),
            stored: Cell::new(store_link.map(|link| (link.generation, Some(link)))),
            launch: RefCell::new(Launch::Idle),
            helper: Some(role),
        }
    }

    /// The rules `left`, `right`, `moves`, `split`, `normal`, `negative`, each if the ruleset
    /// has it.
    pub(super) fn rule_calls(&self) -> [Option<&RuleCall>; 6] {
        let r = &self.rules;
        [
            &r.left,
            &r.right,
            &r.moves,
            &r.split,
            &r.normal,
            &r.negative,
        ]
        .map(Option::as_ref)
    }

    /// Where this instance keeps its values in the store open now, if it has found out.
    pub(super) fn store_link(&self) -> Option<store::RulesetLink> {
        match self.stored.get() {
            Some((generation, link)) if generation == store::generation() => link,
            _ => None,
        }
    }

    /// How many positions are being valued, one inside another.
    pub(super) fn nesting(&self) -> usize {
        self.depth.get()
    }

    /// How the instance prints: `Name` or `Name(arg, ...)`.
    pub fn describe(&self) -> String {
        if self.def.arity.is_none() {
            return self.def.name.clone();
        }
        let args: Vec<String> = self.args.iter().map(|a| a.to_string()).collect();
        format!("{}({})", self.def.name, args.join(","))
    }
}

/// The positions held in the tables of all live ruleset instances.
pub fn table_entries() -> usize {
    INSTANCES.with(|all| {
        all.borrow()
            .iter()
            .filter_map(std::rc::Weak::upgrade)
            .map(|i| i.table.borrow().len() + i.loopy.borrow().len())
            .sum()
    })
}

/// Empties the tables of all live ruleset instances (values are recomputed when asked again).
pub fn clear_tables() {
    INSTANCES.with(|all| {
        for instance in all.borrow().iter().filter_map(std::rc::Weak::upgrade) {
            instance.table.borrow_mut().clear();
            instance.composites.borrow_mut().clear();
            instance.loopy.borrow_mut().clear();
        }
    });
}

impl Interpreter {
    /// The value of `position` in the ruleset `instance`: a short game by memoised recursion
    /// over the options, or, once a position is met again on the way, a loopy value found on
    /// the graph of every position reachable from this one.
    pub fn position_value(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        let position = self.normalise(instance, position, span)?;
        let _valuation = Valuation::begin(instance, std::slice::from_ref(&position));
        match self.normal_position_value(instance, position.clone(), span) {
            Ok(g) => Ok(Value::from_game(g)),
            Err(e) if e.loop_met => self.loopy_position_value(instance, position, span),
            Err(e) => Err(e),
        }
    }

    /// The representative the `normal` rule gives for `position` (the position itself without
    /// that rule).
    pub(super) fn normalise(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        match &instance.rules.normal {
            Some(normal) => self.apply_rule(instance, normal, position, span),
            None => Ok(position),
        }
    }

    /// Each of `positions` replaced by its representative (see `normalise`).
    fn normalise_each(
        &mut self,
        instance: &Rc<RulesetInstance>,
        positions: &mut [Value],
        span: &Span,
    ) -> EvalResult<()> {
        match &instance.rules.normal {
            Some(normal) => self.call_rule_each(normal, &instance.args, positions, span),
            None => Ok(()),
        }
    }

    /// The values of `positions`, in order: on several threads, each taking chunks of the
    /// list (`eval::parallel_list`), or else as one valuation (whose helpers, if any, share
    /// out the list: `eval::parallel`).
    pub fn position_values(
        &mut self,
        instance: &Rc<RulesetInstance>,
        positions: Vec<Value>,
        span: &Span,
    ) -> EvalResult<Vec<Value>> {
        if super::parallel_list::worth_sharing(instance, positions.len()) {
            return self.shared_position_values(instance, positions, span);
        }
        let _valuation = Valuation::begin(instance, &positions);
        crate::progress::sequence_started(
            positions.len() as u64,
            crate::progress::Counted::Positions,
        );
        positions
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                crate::progress::sequence_done(i as u64);
                self.position_value(instance, p, span)
            })
            .collect()
    }

    /// For a helper thread (`eval::parallel`): the value of `root`, found by recursion alone.
    pub(super) fn helper_position_value(
        &mut self,
        instance: &Rc<RulesetInstance>,
        root: Value,
    ) -> EvalResult<Game> {
        let span = 0..0;
        let root = self.normalise(instance, root, &span)?;
        self.normal_position_value(instance, root, &span)
    }

    /// The value of a position already normalised.
    fn normal_position_value(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: Value,
        span: &Span,
    ) -> EvalResult<Game> {
        let key = TableKey::of(&position);
        self.normal_position_value_by(instance, position, key, span)
    }

    /// `normal_position_value`, with the table key of `position` already computed.
    fn normal_position_value_by(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: Value,
        key: TableKey,
        span: &Span,
    ) -> EvalResult<Game> {
        // The thread's own memo of positions that split first: it takes no lock, and a
        // position found there (on Cookie Cutter, most options split into clusters) is never in
        // the shared table, whose lookup would take a shard's lock only to miss.
        // The shared table first: most positions of most rulesets are there. Looking in the
        // thread's memo of split positions first (which takes no lock) saved nothing
        // measurable on Cookie Cutter and cost Domineering 5x6 on two threads about 5% of CPU,
        // an extra probe that misses for every position found in the shared table.
        if let Some(g) = instance.table.borrow().get_by(&position, key) {
            return Ok(g);
        }
        let memo = instance
            .composites
            .borrow_mut()
            .get_by(&position, key, MAX_COMPOSITES);
        if let Some(g) = memo {
            return Ok(g);
        }
        if !instance.loopy.borrow().is_empty() && instance.loopy.borrow().contains_key(&position) {
            return Err(loop_met(instance, &position, span));
        }
        if instance.helper.as_ref().is_some_and(HelperRole::stopped) {
            return Err(EvalError::new("stopped", span.clone()));
        }
        let _nested = Nested::enter(instance, span)?;
        if let Some(parts) = self.split_parts(instance, &position, span)? {
            // A position made of other positions is not kept for good: its parts are, and
            // adding their values again is cheap, while keeping every combination of regions
            // would fill memory. The recent ones are kept in a bounded memo, which saves most
            // recomputation. No loop can pass through it without passing through a part.
            let value = self.sum_of_positions(instance, parts, span)?;
            instance
                .composites
                .borrow_mut()
                .insert_by(position, key, value, MAX_COMPOSITES);
            return Ok(value);
        }
        // A position whose negative was valued is worth minus that: with the players' roles
        // exchanged the same work is done once, not twice (Amazons 4x4 meets 94% of its
        // positions both ways).
        let negative = if instance.negatives.consulted() {
            self.negative_position(instance, &position, span)?
        } else {
            None
        };
        if let Some(negative) = &negative {
            let known = instance.table.borrow().get(negative);
            if let Some(g) = known {
                instance.negatives.found();
                let value = -g;
                instance.table.borrow_mut().insert_by(position, key, value);
                return Ok(value);
            }
        }
        let stored = self
            .store_link(instance, span)?
            .and_then(|link| stored_form(&position, negative.as_ref()).map(|form| (link, form)));
        if let Some((link, (key, negated))) = stored.as_ref().filter(|(link, _)| link.has_positions)
        {
            if let Some(value) =
                store::position_value(link.id, key).map_err(|e| store_error(e, span))?
            {
                let value = if *negated { -value } else { value };
                instance.table.borrow_mut().insert(position, value);
                return Ok(value);
            }
        }
        if !instance.in_progress.borrow_mut().insert(position.clone()) {
            return Err(loop_met(instance, &position, span));
        }
        // Leaves the set however the computation ends, an interrupt included.
        let _visiting = Visiting {
            set: &instance.in_progress,
            position: position.clone(),
        };
        let value = self.compute_value(instance, &position, span)?;
        instance.table.borrow_mut().insert_by(position, key, value);
        if let Some(negative) = negative {
            if instance.negatives.store_ahead() {
                instance.table.borrow_mut().insert(negative, -value);
            }
            instance.negatives.valued();
        }
        if instance.helper.is_none() {
            crate::progress::count_position();
            parallel::tick(instance, &self.globals);
        }
        if let Some((link, (key, negated))) = stored {
            let kept = if negated { -value } else { value };
            store::keep_position(&link, key, kept).map_err(|e| store_error(e, span))?;
        }
        Ok(value)
    }

    /// Where `instance` keeps its values in the open store (`None` without a store, or when
    /// its parameters cannot be written as a key).
    fn store_link(
        &mut self,
        instance: &RulesetInstance,
        span: &Span,
    ) -> EvalResult<Option<RulesetLink>> {
        if instance.helper.is_some() {
            // The link of the instance helped, if it had one: what a helper values is kept by
            // the thread that holds the store (`store::keep_position`).
            return Ok(instance.stored.get().and_then(|(_, link)| link));
        }
        let generation = store::generation();
        if generation == 0 {
            return Ok(None);
        }
        if let Some((g, link)) = instance.stored.get() {
            if g == generation {
                return Ok(link);
            }
        }
        let link = match self.instance_key(instance) {
            Some((key, definition)) => store::ruleset(&key, &definition, &instance.describe())
                .map_err(|e| store_error(e, span))?,
            None => None,
        };
        instance.stored.set(Some((generation, link)));
        Ok(link)
    }

    /// The position with the players' roles exchanged, by the `negative` rule and normalised,
    /// when the ruleset has that rule and it gives another position.
    fn negative_position(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: &Value,
        span: &Span,
    ) -> EvalResult<Option<Value>> {
        let Some(rule) = &instance.rules.negative else {
            return Ok(None);
        };
        let negative = self.apply_rule(instance, rule, position.clone(), span)?;
        let negative = self.normalise(instance, negative, span)?;
        Ok((negative != *position).then_some(negative))
    }

    /// The independent parts `position` splits into by the `split` rule, or `None` if it has
    /// no such rule or is whole.
    pub(super) fn split_parts(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: &Value,
        span: &Span,
    ) -> EvalResult<Option<Vec<Value>>> {
        let Some(split) = &instance.rules.split else {
            return Ok(None);
        };
        let parts = self.apply_rule(instance, split, position.clone(), span)?;
        let parts = collection(parts, "split", span)?;
        let whole = parts.len() == 1 && parts[0] == *position;
        Ok((!whole).then_some(parts))
    }

    fn compute_value(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: &Value,
        span: &Span,
    ) -> EvalResult<Game> {
        let rules = &instance.rules;
        if instance.def.impartial {
            let moves = rules
                .moves
                .as_ref()
                .expect("an impartial ruleset has moves");
            let options = self.options(instance, moves, "moves", position, span)?;
            let mut seen: Vec<bool> = vec![false; options.len() + 1];
            for g in options {
                let Some(n) = g.nim_value() else {
                    return Err(EvalError::new(
                        format!("an option of an impartial ruleset has the value {g}, which is not a nimber"),
                        span.clone(),
                    ));
                };
                if let Some(slot) = n.to_usize().and_then(|i| seen.get_mut(i)) {
                    *slot = true;
                }
            }
            let mex = seen.iter().position(|s| !s).unwrap_or(seen.len());
            return Ok(Game::nimber(Integer::from(mex)));
        }
        let left = rules.left.as_ref().expect("a ruleset has left");
        let right = rules.right.as_ref().expect("a ruleset has right");
        let left = self.options(instance, left, "left", position, span)?;
        let right = self.options(instance, right, "right", position, span)?;
        crate::eval::error::guarded(span, || Ok(Game::from_options(&left, &right)))
    }

    /// The values of the options a rule gives: each option a position or a `sum` of positions.
    fn options(
        &mut self,
        instance: &Rc<RulesetInstance>,
        rule: &RuleCall,
        kind: &str,
        position: &Value,
        span: &Span,
    ) -> EvalResult<Vec<Game>> {
        let options = self.apply_rule(instance, rule, position.clone(), span)?;
        let mut options = collection(options, kind, span)?;
        if options.iter().any(|o| matches!(o, Value::Sum(_))) {
            // A sum's parts are normalised with the sum's value.
            for option in options.iter_mut().filter(|o| !matches!(o, Value::Sum(_))) {
                let position = std::mem::replace(option, Value::Nothing);
                *option = self.normalise(instance, position, span)?;
            }
        } else {
            self.normalise_each(instance, &mut options, span)?;
        }
        if let Some(role) = &instance.helper {
            role.reorder(&mut options);
        }
        let keys = prefetch(instance, &options);
        let mut values = Vec::with_capacity(options.len());
        for (option, key) in options.into_iter().zip(keys) {
            values.push(match option {
                Value::Sum(parts) => {
                    self.sum_of_positions(instance, Rc::unwrap_or_clone(parts), span)?
                }
                other => self.normal_position_value_by(instance, other, key, span)?,
            });
        }
        Ok(values)
    }

    /// The value of the disjunctive sum of `parts`.
    fn sum_of_positions(
        &mut self,
        instance: &Rc<RulesetInstance>,
        mut parts: Vec<Value>,
        span: &Span,
    ) -> EvalResult<Game> {
        self.normalise_each(instance, &mut parts, span)?;
        if let Some(role) = &instance.helper {
            role.reorder(&mut parts);
        }
        let keys = prefetch(instance, &parts);
        let mut total = Game::ZERO;
        for (part, key) in parts.into_iter().zip(keys) {
            total = total + self.normal_position_value_by(instance, part, key, span)?;
        }
        Ok(total)
    }

    /// For misère play (`eval::misere`): the positions an impartial ruleset's `moves` rule
    /// gives (a `sum` stays a sum), each normalised; `None` for a partizan ruleset.
    pub(crate) fn impartial_moves(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: &Value,
        span: &Span,
    ) -> EvalResult<Option<Vec<Value>>> {
        let Some(moves) = instance
            .rules
            .moves
            .as_ref()
            .filter(|_| instance.def.impartial)
        else {
            return Ok(None);
        };
        let options = self.apply_rule(instance, moves, position.clone(), span)?;
        collection(options, "moves", span).map(Some)
    }

    /// For misère play: the representative of a position, and its parts if it splits.
    pub(crate) fn normal_parts(
        &mut self,
        instance: &Rc<RulesetInstance>,
        position: Value,
        span: &Span,
    ) -> EvalResult<(Value, Option<Vec<Value>>)> {
        let position = self.normalise(instance, position, span)?;
        let parts = self.split_parts(instance, &position, span)?;
        Ok((position, parts))
    }

    pub(super) fn apply_rule(
        &mut self,
        instance: &Rc<RulesetInstance>,
        rule: &RuleCall,
        position: Value,
        span: &Span,
    ) -> EvalResult<Value> {
        self.call_rule(rule, &instance.args, position, span)
    }
}

/// A failure to read or write the store, where the value was wanted.
fn store_error(message: String, span: &Span) -> EvalError {
    EvalError::new(message, span.clone())
        .with_help("run without the store, or remove the file to start a new one")
}

/// The key under which the store keeps `position`, and whether it keeps the negative there:
/// of a position and its negative, the one with the lesser key holds the value of both, so that
/// the store keeps the same entries whichever of the two was valued (the parts of a sharded
/// run then merge into what one process keeps; an instance that stopped calling the rule,
/// having seldom met a negative, keeps each position under its own key). `None` if the
/// position has no key.
fn stored_form(position: &Value, negative: Option<&Value>) -> Option<(Vec<u8>, bool)> {
    let key = position_key::encode(position)?;
    match negative.and_then(position_key::encode) {
        Some(other) if other < key => Some((other, true)),
        _ => Some((key, false)),
    }
}

/// The error for a game whose positions go on for more than `MAX_POSITION_DEPTH` moves.
pub(super) fn too_deep(instance: &RulesetInstance, span: &Span) -> EvalError {
    EvalError::new(
        format!(
            "positions of `{}` nest deeper than {MAX_POSITION_DEPTH} moves",
            instance.describe()
        ),
        span.clone(),
    )
    .with_help("is the game finite? every sequence of moves must end")
}

/// The signal that `position` was met again (or leads to a loop valued before), caught by
/// `position_value`, which then values the position as a loopy game. Its message is what a
/// caller that does not catch it shows.
fn loop_met(instance: &RulesetInstance, position: &Value, span: &Span) -> EvalError {
    let mut error = EvalError::new(
        format!(
            "the position {position} of `{}` can be reached from itself",
            instance.describe()
        ),
        span.clone(),
    );
    error.loop_met = true;
    error
}

/// Starts loading the table entries of positions about to be looked up: each lookup in a
/// large table waits for memory, and this way the waits overlap. Gives the positions' keys,
/// for the lookups themselves (computing a grid's key is a good part of a lookup).
fn prefetch(instance: &RulesetInstance, positions: &[Value]) -> Vec<TableKey> {
    let table = instance.table.borrow();
    let composites = instance.composites.borrow();
    // Most rulesets never split, and their memo of split positions stays empty: probing it
    // for every option cost 2% of geodetic 3x3x3's instructions.
    let composites = (!composites.is_empty()).then_some(&*composites);
    positions
        .iter()
        .map(|p| {
            let key = TableKey::of(p);
            table.prefetch_by(key);
            if let Some(composites) = composites {
                composites.prefetch_by(key);
            }
            key
        })
        .collect()
}

/// One more position being valued inside the others; dropping it leaves.
struct Nested<'a> {
    depth: &'a Cell<usize>,
}

impl<'a> Nested<'a> {
    /// Refuses to nest deeper than `MAX_POSITION_DEPTH`: the position is then valued on its
    /// graph, explored without recursion (`loopy_ruleset`), which refuses only positions that
    /// many moves away (a game that never ends).
    fn enter(instance: &'a RulesetInstance, span: &Span) -> EvalResult<Nested<'a>> {
        let depth = instance.depth.get() + 1;
        if depth > MAX_POSITION_DEPTH {
            let mut error = too_deep(instance, span);
            error.loop_met = true;
            return Err(error);
        }
        instance.depth.set(depth);
        Ok(Nested {
            depth: &instance.depth,
        })
    }
}

impl Drop for Nested<'_> {
    fn drop(&mut self) {
        self.depth.set(self.depth.get() - 1);
    }
}

/// A position being valued; dropping it takes the position out of the in-progress set.
struct Visiting<'a> {
    set: &'a RefCell<AHashSet<Value>>,
    position: Value,
}

impl Drop for Visiting<'_> {
    fn drop(&mut self) {
        self.set.borrow_mut().remove(&self.position);
    }
}

pub(super) fn collection(v: Value, kind: &str, span: &Span) -> EvalResult<Vec<Value>> {
    let kind_of_v = v.kind();
    v.into_elements().ok_or_else(|| {
        EvalError::new(
            format!("the rule `{kind}` must give a list or set; it gave {kind_of_v}"),
            span.clone(),
        )
    })
}
