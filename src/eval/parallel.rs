//! Valuing a ruleset's positions on every core (see `docs/parallel.md`).
//!
//! The thread that asks for a position's value computes it as always. Once that takes a while
//! (`LAUNCH_AFTER` new positions), helper threads start on the same position, each walking the
//! options in another order, and store what they find in the table the asking thread reads: it
//! then finds many of its positions already valued. A list of positions (`values(R, list)`) is
//! shared out in chunks (`eval::parallel_list`). The helpers stop when the asking thread has
//! its value (or stops on an error or an interrupt). A value in the table is the position's
//! value whoever computed it, and canonical forms share one arena (`core::short::store`), so the
//! result is the one a single thread gives.
//!
//! Language values are tied to their thread, so a helper has its own interpreter and its own
//! copy of the ruleset, rebuilt from plain data: rules that are one builtin call on the
//! position with plain arguments (`left g = place_pairs(g, ".", (1, 0), "#")`), and rules
//! written as functions, carried with the functions and globals their code reads
//! (`eval::portable_function`, which says what stays on one thread).

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::syntax::ast::Span;

use super::builtins::Builtin;
use super::compile::Globals;
use super::interp::Interpreter;
use super::portable_function::{Carrier, PortableFunction, PortableGlobals};
use super::position_table::{PositionTable, SharedPositions, TableKey};
use super::rule_call::RuleCall;
use super::ruleset::RulesetInstance;
use super::store::RulesetLink;
use super::value::Value;

/// How many new positions the asking thread values before helpers start: small positions are
/// done before threads would be worth starting.
const LAUNCH_AFTER: usize = 2000;

/// The stack of a helper thread: as large as the main evaluation thread's, since it recurses
/// as deep.
const HELPER_STACK_BYTES: usize = 1 << 30;

/// The thread count lives in `core`, which the heap engine reads too.
pub use crate::core::threads::{set_threads, threads};

thread_local! {
    /// Whether this thread already works as one of a group (a helper, or the asking thread of
    /// a function mapped on every core, `eval::parallel_map`): its valuations start no helpers
    /// of their own, which would only compete for the same cores.
    static IN_GROUP: Cell<bool> = const { Cell::new(false) };
}

/// Whether work on this thread may start helper threads.
pub(super) fn may_spread() -> bool {
    threads() > 1 && !IN_GROUP.with(Cell::get)
}

/// While alive, this thread works as one of a group (see `IN_GROUP`).
pub(super) struct InGroup {
    was: bool,
}

impl InGroup {
    pub(super) fn enter() -> InGroup {
        InGroup {
            was: IN_GROUP.with(|g| g.replace(true)),
        }
    }
}

impl Drop for InGroup {
    fn drop(&mut self) {
        IN_GROUP.with(|g| g.set(self.was));
    }
}

pub use super::portable::Portable;

/// A rule that is one builtin call on the position, as plain data (see `RuleCall::portable`).
#[derive(Debug)]
pub struct PortableRule {
    pub builtin: &'static Builtin,
    pub args: Vec<(Portable, Span)>,
    /// Which argument is the position.
    pub position: usize,
    pub span: Span,
}

/// A rule as plain data: a builtin call (`RuleCall::Direct`) or a function of the language.
#[derive(Debug)]
pub(super) enum PortableRuleCall {
    Direct(PortableRule),
    Function(PortableFunction),
}

/// A ruleset instance's rules and parameters as plain data: what another thread needs to
/// rebuild it over the same shared table.
#[derive(Debug)]
pub(super) struct PortableRuleset {
    pub name: String,
    pub impartial: bool,
    /// `left`, `right`, `moves`, `split`, `normal`, `negative`, each if the ruleset has it.
    pub rules: [Option<PortableRuleCall>; 6],
    /// The instance's parameters, which a rule written as a function receives.
    pub args: Vec<Portable>,
    /// Where the instance keeps its values in the open store: what a helper values is kept
    /// there too.
    pub store_link: Option<RulesetLink>,
}

impl PortableRuleset {
    /// The rules and parameters of `instance`, if every rule it has can be carried to another
    /// thread (see `eval::portable_function` for what cannot); `carrier` collects the globals
    /// the rules' code reads, and gives the values of those a direct rule names.
    pub(super) fn of(instance: &RulesetInstance, carrier: &mut Carrier) -> Option<PortableRuleset> {
        let globals = carrier.global_values();
        let rules = instance.rule_calls().map(|rule| {
            rule.map(|r| match r {
                RuleCall::Direct(_) => r.portable(globals).map(PortableRuleCall::Direct),
                RuleCall::Function(f) => carrier.function(f).map(PortableRuleCall::Function),
            })
        });
        if rules.iter().any(|r| matches!(r, Some(None))) {
            return None;
        }
        let args = instance
            .args
            .iter()
            .map(|a| carrier.value(a))
            .collect::<Option<Vec<_>>>()?;
        Some(PortableRuleset {
            name: instance.def.name.clone(),
            impartial: instance.def.impartial,
            rules: rules.map(Option::flatten),
            args,
            store_link: instance.store_link(),
        })
    }

    /// The instance again, on this thread, its table `table`, doing a helper's part `role`.
    pub(super) fn instance(&self, table: PositionTable, role: HelperRole) -> RulesetInstance {
        let rules = self.rules.each_ref().map(|r| {
            r.as_ref().map(|r| match r {
                PortableRuleCall::Direct(direct) => RuleCall::rebuild(direct),
                PortableRuleCall::Function(f) => RuleCall::Function(f.function()),
            })
        });
        let mut instance = RulesetInstance::helper(
            &self.name,
            self.impartial,
            rules,
            table,
            role,
            self.store_link,
        );
        instance.args = self.args.iter().map(Portable::value).collect();
        instance
    }
}

/// What a helper needs to value an instance's positions: its rules and parameters, and the
/// globals the rules' code reads, as plain data.
#[derive(Debug)]
pub(super) struct Recipe {
    pub ruleset: PortableRuleset,
    pub globals: PortableGlobals,
}

impl Recipe {
    /// The recipe of `instance`, if every rule it has can be carried to another thread, the
    /// globals its rules name read from `globals`.
    pub(super) fn of(instance: &RulesetInstance, globals: &Globals) -> Option<Recipe> {
        let mut carrier = Carrier::new(globals);
        let ruleset = PortableRuleset::of(instance, &mut carrier)?;
        Some(Recipe {
            ruleset,
            globals: carrier.globals()?,
        })
    }

    /// On a helper thread: an interpreter, and the instance rebuilt from this recipe over the
    /// `shared` table, doing the helper's part `role`.
    pub(super) fn instance(
        &self,
        shared: Arc<SharedPositions>,
        role: HelperRole,
    ) -> (Interpreter, Rc<RulesetInstance>) {
        let interpreter = self.globals.interpreter();
        let instance = self
            .ruleset
            .instance(PositionTable::with_shared(shared), role);
        (interpreter, Rc::new(instance))
    }
}

/// A helper's part: when to stop, and how far round to turn each list of options, so that
/// helpers start on different options.
#[derive(Debug)]
pub(super) struct HelperRole {
    pub stop: Arc<AtomicBool>,
    pub turn: usize,
    pub of: usize,
}

impl HelperRole {
    /// Turns `items` round by this helper's share of their length.
    pub fn reorder<T>(&self, items: &mut [T]) {
        let n = items.len();
        if n > 1 {
            items.rotate_left(self.turn * n / self.of);
        }
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Where an instance's top-level valuation stands with its helpers.
#[derive(Debug, Default)]
pub(super) enum Launch {
    /// No valuation, or one inside another, or helpers are not possible.
    #[default]
    Idle,
    /// A valuation of `roots` has begun: helpers start after `countdown` more new positions.
    Pending { roots: Vec<Value>, countdown: usize },
    /// Helpers are working; they stop when this is dropped.
    Running { _helpers: Helpers },
}

/// Running helper threads; dropping this stops them and waits for them.
#[derive(Debug)]
pub(super) struct Helpers {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Drop for Helpers {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// The top-level valuation of a position: helpers may start while it lasts, and stop when it
/// ends, however it ends.
pub(super) struct Valuation<'a> {
    launch: Option<&'a RefCell<Launch>>,
}

impl<'a> Valuation<'a> {
    /// Begins valuing `roots` in `instance`: helpers are armed if this is the outermost
    /// valuation on this instance, more than one thread is wanted, and a root is not known.
    pub fn begin(instance: &'a RulesetInstance, roots: &[Value]) -> Valuation<'a> {
        let idle = matches!(*instance.launch.borrow(), Launch::Idle);
        if !idle
            || instance.helper.is_some()
            || instance.nesting() > 0
            || !may_spread()
            || roots
                .iter()
                .all(|r| instance.table.borrow().get(r).is_some())
        {
            return Valuation { launch: None };
        }
        *instance.launch.borrow_mut() = Launch::Pending {
            roots: roots.to_vec(),
            countdown: LAUNCH_AFTER,
        };
        Valuation {
            launch: Some(&instance.launch),
        }
    }
}

impl Drop for Valuation<'_> {
    fn drop(&mut self) {
        if let Some(launch) = self.launch {
            // Dropping `Running` stops the helpers.
            let old = std::mem::take(&mut *launch.borrow_mut());
            drop(old);
        }
    }
}

/// One more position valued by the asking thread: starts the helpers when it is time (the
/// interpreter's `globals` give the values of the globals the rules name).
pub(super) fn tick(instance: &RulesetInstance, globals: &Globals) {
    let mut launch = instance.launch.borrow_mut();
    let Launch::Pending { roots, countdown } = &mut *launch else {
        return;
    };
    *countdown -= 1;
    if *countdown > 0 {
        return;
    }
    // Helpers of a position help only through the shared table, which holds grids and
    // integers: the positions of other games (Hackenbush's lists of edges) stay on each
    // thread, and a helper valuing them would only repeat the asking thread's work.
    if !roots.iter().any(|r| TableKey::of(r).is_shared()) {
        *launch = Launch::Idle;
        return;
    }
    let roots = roots.iter().map(Portable::of).collect::<Option<Vec<_>>>();
    let recipe = Recipe::of(instance, globals);
    *launch = match (roots, recipe) {
        (Some(roots), Some(recipe)) => {
            let shared = instance.table.borrow().shared();
            Launch::Running {
                _helpers: start(Arc::new(recipe), Arc::new(roots), shared),
            }
        }
        _ => Launch::Idle,
    };
}

/// Starts `threads() - 1` helpers on `roots`.
fn start(recipe: Arc<Recipe>, roots: Arc<Vec<Portable>>, shared: Arc<SharedPositions>) -> Helpers {
    spawn_helpers("cg helper", move |role| {
        help(&recipe, &roots, shared.clone(), role)
    })
}

/// Starts `threads() - 1` threads, named `name` and their turn, each doing `work` in its role;
/// dropping the `Helpers` stops and joins them. A thread the system refuses is done without.
pub(super) fn spawn_helpers<F>(name: &str, work: F) -> Helpers
where
    F: Fn(HelperRole) + Clone + Send + 'static,
{
    spawn_helpers_stopped_by(name, Arc::new(AtomicBool::new(false)), work)
}

/// `spawn_helpers`, with `stop` as the signal that dropping the `Helpers` sets.
pub(super) fn spawn_helpers_stopped_by<F>(name: &str, stop: Arc<AtomicBool>, work: F) -> Helpers
where
    F: Fn(HelperRole) + Clone + Send + 'static,
{
    let of = threads();
    let threads = (1..of)
        .filter_map(|turn| {
            let work = work.clone();
            let role = HelperRole {
                stop: stop.clone(),
                turn,
                of,
            };
            std::thread::Builder::new()
                .name(format!("{name} {turn}"))
                .stack_size(HELPER_STACK_BYTES)
                .spawn(move || {
                    let _group = InGroup::enter();
                    work(role)
                })
                .ok()
        })
        .collect();
    Helpers { stop, threads }
}

/// A helper's work: value `roots`, from its own place in the list round to the start, with its
/// own interpreter and copy of the ruleset, keeping what it finds in the shared table. The
/// signal or an interrupt ends it; an error in a root's rules ends that root (the asking
/// thread meets the same error itself).
fn help(recipe: &Recipe, roots: &[Portable], shared: Arc<SharedPositions>, role: HelperRole) {
    crate::core::become_helper();
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let (mut interpreter, instance) = recipe.instance(shared, role);
        let mut order: Vec<usize> = (0..roots.len()).collect();
        if let Some(role) = &instance.helper {
            role.reorder(&mut order);
        }
        for i in order {
            if instance.helper.as_ref().is_some_and(HelperRole::stopped) {
                break;
            }
            let _ = interpreter.helper_position_value(&instance, roots[i].value());
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{evaluate, Interpreter};

    /// The recipe helpers are started with, for the ruleset `name` after `script`.
    fn recipe(script: &str, name: &str) -> Option<Recipe> {
        let mut interpreter = Interpreter::new();
        evaluate(&mut interpreter, script).unwrap();
        let Ok(Value::Ruleset(instance)) = evaluate(&mut interpreter, name) else {
            panic!("{name} is a ruleset");
        };
        Recipe::of(&instance, &interpreter.globals)
    }

    /// Amazons' rules name the global `QUEEN` (its eight directions): such rules still travel
    /// to helper threads, with the global's value, so Amazons is valued on every core. A rule
    /// that calls a function of the script does not travel.
    #[test]
    fn rules_naming_a_global_travel_to_helpers() {
        let amazons = recipe("1", "Amazons").expect("Amazons' rules travel");
        let Some(PortableRuleCall::Direct(left)) = &amazons.ruleset.rules[0] else {
            panic!("Amazons has a left rule");
        };
        assert_eq!(left.builtin.name, "slide_and_shoot");
        let Portable::List(directions) = &left.args[2].0 else {
            panic!("the directions are a list: {:?}", left.args[2].0);
        };
        assert_eq!(directions.len(), 8);
    }

    /// Rules written as functions travel with the functions and globals they name; code that
    /// assigns a global, or prints, does not (a helper would change or show nothing the asking
    /// thread sees).
    #[test]
    fn rules_written_as_functions_travel_unless_they_act_on_the_session() {
        let clobber = recipe("1", "Clobber").expect("Clobber's rules travel");
        assert!(matches!(
            clobber.ruleset.rules[0],
            Some(PortableRuleCall::Function(_))
        ));
        // `clobbers`, which the rules call, and nothing else the rules do not name.
        assert!(!clobber.globals.is_empty());
        let by_function = "def steps(g) = place_pairs(g, \".\", (1, 0), \"#\")
ruleset Steps {
    left g = steps(g)
    right g = place_pairs(g, \".\", (0, 1), \"#\")
}";
        assert!(recipe(by_function, "Steps").is_some());
        let counting = "let calls = 0
def counted(g)
    calls = calls + 1
    place_pairs(g, \".\", (1, 0), \"#\")
end
ruleset Counted {
    left g = counted(g)
    right g = place_pairs(g, \".\", (0, 1), \"#\")
}";
        assert!(recipe(counting, "Counted").is_none());
        let printing = "ruleset Printing {
    left g = [print(g)]
    right g = []
}";
        assert!(recipe(printing, "Printing").is_none());
        // The tables' sizes differ from thread to thread.
        let measuring = "ruleset Measuring {
    left g = [cache_stats()[\"positions\"]]
    right g = []
}";
        assert!(recipe(measuring, "Measuring").is_none());
        let unset = "ruleset Unset {
    left g = later(g)
    right g = []
}";
        assert!(recipe(unset, "Unset").is_none());
    }
}
