//! A long comprehension spread over the cores: `[study(m) for m in 0..2^20]` runs as
//! `map(m -> study(m), 0..2^20)` does, on every core, once its loop has shown that it is worth
//! it.
//!
//! The compiler gives the outermost comprehension of a nest, when its first clause is a loop,
//! a second form: a function of that loop's element (`ir::Spread`). The loop runs as it always
//! has, with a watch at the top of its body. Every few elements the watch reads the clock;
//! once the loop has run for `SPREAD_AFTER` and its last elements took `SLOW_ELEMENT` or more
//! each, it makes the function and maps it over the element at hand and every one after it
//! (`Interpreter::map_function`), which shares them out among helper threads. A loop of
//! cheap elements never pays for a call per element, nor a short one for a thread.
//!
//! The function is mapped only when helpers could take it (`Interpreter::could_share`): code
//! that prints or assigns a global goes on in the loop, in order. When a call fails, the loop
//! goes back to the element at hand and walks on in place, on this thread: the function has
//! no effect a second run repeats, and the error is then reported as the loop reports it.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::super::bytecode::{Code, SpreadSite, SPREAD_WATCH};
use super::super::error::EvalResult;
use super::super::interp::Interpreter;
use super::super::num::Num;
use super::super::parallel_map::MapArgs;
use super::super::value::Value;
use crate::core::threads::threads;

/// How long a loop runs on its own before it may be spread: a short comprehension is over
/// before threads would pay for themselves.
const SPREAD_AFTER: Duration = Duration::from_millis(2);

/// The least time an element takes for the loop to be spread: a call of the comprehension's
/// function, and its result's way back from a helper, are then a small part of it.
const SLOW_ELEMENT: Duration = Duration::from_micros(10);

/// How often the watch aims to read the clock, and the elements before it first does: a
/// comprehension in a rule, over a handful of options, never reads it.
const LOOK_EVERY: Duration = Duration::from_micros(200);
const FIRST_LOOK: i64 = 8;

/// The loop is spread only while more than this many elements a thread are left: a few large
/// ones are better computed one by one, each on every core (as `map` decides).
const LEFT_PER_THREAD: usize = 4;

/// The registers of a watch, from its first: when the loop started and when the watch last
/// read the clock (nanoseconds since `epoch`, or nothing before the first look), the elements
/// before the next look, the elements between two looks, the elements since the clock
/// started, and the comprehension's function.
const STARTED: u32 = 0;
const LOOKED: u32 = 1;
const COUNTDOWN: u32 = 2;
const WINDOW: u32 = 3;
const COUNTED: u32 = 4;
const FUNCTION: u32 = SPREAD_WATCH - 1;

/// A countdown that never ends: the watch has decided the loop stays on this thread.
const NEVER: i64 = i64::MAX;

thread_local! {
    /// Loops this thread has spread: tests check that a loop they expect to stay on its
    /// thread did.
    static SPREAD_HERE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The clock the watches read, as nanoseconds in a machine integer.
fn now() -> i64 {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    let epoch = *EPOCH.get_or_init(Instant::now);
    i64::try_from(epoch.elapsed().as_nanos()).unwrap_or(i64::MAX)
}

impl Interpreter {
    /// `SpreadStart`.
    pub(super) fn start_watch(&mut self, watch: u32) {
        self.set(watch + STARTED, Value::Nothing);
        self.set(watch + LOOKED, Value::Nothing);
        self.set_int(watch + COUNTDOWN, FIRST_LOOK);
        self.set_int(watch + WINDOW, FIRST_LOOK);
    }

    /// `SpreadCheck`: whether to spread the loop now.
    pub(super) fn watch_says_spread(&mut self, site: &SpreadSite) -> bool {
        let countdown = match *self.register(site.watch + COUNTDOWN) {
            Value::Number(Num::Small(n)) => n,
            _ => NEVER,
        };
        if countdown > 1 {
            self.set_int(site.watch + COUNTDOWN, countdown - 1);
            return false;
        }
        self.look(site)
    }

    /// Reads the clock: spreads the loop if it has run long enough, its last elements were
    /// slow and many are left, and otherwise sets when to look next.
    fn look(&mut self, site: &SpreadSite) -> bool {
        let watch = site.watch;
        let at = now();
        let small = |v: &Value| match v {
            Value::Number(Num::Small(n)) => Some(*n),
            _ => None,
        };
        let (Some(started), Some(looked)) = (
            small(self.register(watch + STARTED)),
            small(self.register(watch + LOOKED)),
        ) else {
            // The first look: the clock starts, and the next look times one element.
            self.set_int(watch + STARTED, at);
            self.set_int(watch + LOOKED, at);
            self.set_int(watch + COUNTDOWN, 1);
            self.set_int(watch + WINDOW, 1);
            self.set_int(watch + COUNTED, 0);
            return false;
        };
        let window = small(self.register(watch + WINDOW)).unwrap_or(1).max(1);
        let counted = small(self.register(watch + COUNTED)).unwrap_or(0) + window;
        self.set_int(watch + COUNTED, counted);
        self.set_int(watch + LOOKED, at);
        let ran = (at - started).max(0);
        let each = (at - looked).max(0) / window;
        // The last elements must be slow, and the loop's elements on the whole not fast: one
        // slow moment in a loop of cheap elements (the list growing into a new allocation,
        // fresh pages) does not make them worth a call each.
        let slow = SLOW_ELEMENT.as_nanos() as i64;
        if Duration::from_nanos(ran as u64) >= SPREAD_AFTER
            && each >= slow
            && 4 * ran >= slow * counted
        {
            let worth_it = self
                .elements_left(site)
                .is_some_and(|left| left > LEFT_PER_THREAD * threads());
            if worth_it && self.may_share() {
                return true;
            }
            // Fewer elements are left at every look, and a thread that may not spread now
            // may not later in the loop.
            self.set_int(watch + COUNTDOWN, NEVER);
            return false;
        }
        // The next window at most doubles, so that one quick element (say, one a filter
        // dropped) does not put the next look far off.
        let next = (LOOK_EVERY.as_nanos() as i64 / each.max(1)).clamp(1, 2 * window);
        self.set_int(watch + COUNTDOWN, next);
        self.set_int(watch + WINDOW, next);
        false
    }

    /// Whether this thread may start helpers at all (the function is checked once made).
    fn may_share(&self) -> bool {
        super::super::parallel::may_spread()
    }

    /// How many elements the loop has left, the one at hand included.
    fn elements_left(&self, site: &SpreadSite) -> Option<usize> {
        Some(match self.register(site.state) {
            Value::Range { end, inclusive, .. } => {
                let Value::Number(Num::Small(at)) = *self.register(site.var) else {
                    return None;
                };
                let left = i128::from(*end) - i128::from(at) + i128::from(*inclusive);
                usize::try_from(left).ok()?
            }
            Value::NimList(list) => list.len().checked_sub(self.place_at_hand(site)?)?,
            walked => walked
                .stored_elements()?
                .len()
                .checked_sub(self.place_at_hand(site)?)?,
        })
    }

    /// The index of the element at hand in a list, tuple or set the loop walks.
    fn place_at_hand(&self, site: &SpreadSite) -> Option<usize> {
        match *self.register(site.state + 1) {
            Value::Number(Num::Small(next)) => usize::try_from(next - 1).ok(),
            _ => None,
        }
    }

    /// The elements from the one at hand on, as `map_function` takes them.
    fn elements_from_here(&self, site: &SpreadSite) -> Option<MapArgs> {
        let len = self.elements_left(site)?;
        Some(match self.register(site.state) {
            Value::Range { .. } => {
                let Value::Number(Num::Small(start)) = *self.register(site.var) else {
                    return None;
                };
                MapArgs::Integers {
                    start,
                    stride: 1,
                    len,
                }
            }
            Value::NimList(list) => {
                let from = self.place_at_hand(site)?;
                MapArgs::Values(
                    (from..list.len())
                        .map(|i| Value::int(i64::from(list.get(i))))
                        .collect(),
                )
            }
            walked => {
                let from = self.place_at_hand(site)?;
                MapArgs::Values(walked.stored_elements()?.get(from..)?.to_vec())
            }
        })
    }

    /// `SpreadMap`: maps the comprehension's function over the elements left and ends the
    /// loop (true), or goes on with the loop on this thread (false: the function cannot be
    /// shared, or a call failed).
    pub(super) fn spread_loop(&mut self, code: &Code, site: &SpreadSite) -> EvalResult<bool> {
        let f = self.register(site.watch + FUNCTION).clone();
        self.set_int(site.watch + COUNTDOWN, NEVER);
        let Some(args) = self.elements_from_here(site) else {
            return Ok(false);
        };
        if !self.could_share(&f) {
            return Ok(false);
        }
        let span = code.spans[site.span as usize].clone();
        SPREAD_HERE.with(|n| n.set(n.get() + 1));
        let Ok(results) = self.map_function(&f, args, &span) else {
            return Ok(false);
        };
        let Value::List(list) = self.register_mut(site.list) else {
            unreachable!("a comprehension builds its list in this register");
        };
        let list = std::rc::Rc::make_mut(list);
        for result in results {
            match result {
                Value::List(items) if site.flatten => {
                    list.extend(std::rc::Rc::try_unwrap(items).unwrap_or_else(|rc| (*rc).clone()))
                }
                other => list.push(other),
            }
        }
        self.set(site.state, Value::Nothing);
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::SPREAD_HERE;
    use crate::eval::parallel_map::HELPED;
    use crate::eval::{evaluate, Interpreter};

    /// `m`, slowly (about a tenth of a millisecond): the sum of k^2 for k < 3000 is
    /// 2999 * 3000 * 5999 / 6.
    const SLOW: &str = "def slow(m) = sum([k * k for k in 0..3000]) - 8995500500 + m";

    /// The value of `expr`, whether it spread a loop on this thread, and whether a helper
    /// (of this test or another running beside it) computed something meanwhile.
    fn helped_with(interpreter: &mut Interpreter, expr: &str) -> (String, bool, bool) {
        let (spread, helped) = (
            SPREAD_HERE.with(|n| n.get()),
            HELPED.load(Ordering::Relaxed),
        );
        let value = evaluate(interpreter, expr).unwrap().to_string();
        (
            value,
            SPREAD_HERE.with(|n| n.get()) > spread,
            HELPED.load(Ordering::Relaxed) > helped,
        )
    }

    /// A long comprehension of slow elements is spread: helpers compute some of them, and the
    /// list is the one the elements make, in order. (Were spreading lost, say by a compiler
    /// that no longer gave comprehensions their function form, the list would still be right,
    /// but on one thread.)
    #[test]
    fn a_long_comprehension_of_slow_elements_is_shared_with_helpers() {
        crate::core::threads::set_threads(2);
        let mut interpreter = Interpreter::new();
        evaluate(&mut interpreter, SLOW).unwrap();
        let expected = format!(
            "[{}]",
            (0..400)
                .map(|m| (m * 3).to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let (value, spread, helped) =
            helped_with(&mut interpreter, "[slow(m) * 3 for m in 0..400]");
        assert_eq!(value, expected);
        assert!(spread && helped, "no helper computed an element");
        // A tuple pattern, filters and a second loop, over a list: each call gives a list.
        let (value, spread, helped) = helped_with(
            &mut interpreter,
            "[x + y for (x, y) in [(m, 2 * m) for m in 0..400] if x % 2 == 0 for z in [slow(x)] if z % 4 == 0 for y in [y, z]]",
        );
        let expected: Vec<String> = (0..400)
            .filter(|m| m % 4 == 0)
            .flat_map(|m| [m + 2 * m, m + m])
            .map(|v| v.to_string())
            .collect();
        assert_eq!(value, format!("[{}]", expected.join(",")));
        assert!(
            spread && helped,
            "no helper computed an element of the tuple pattern"
        );
    }

    /// A comprehension of cheap elements, however long, and one of few elements, stay on
    /// this thread: a call per element would cost more than it saves.
    #[test]
    fn cheap_or_short_comprehensions_stay_on_this_thread() {
        crate::core::threads::set_threads(2);
        let mut interpreter = Interpreter::new();
        evaluate(&mut interpreter, SLOW).unwrap();
        // Ten million elements: the list moves to larger allocations on the way, slow
        // moments that must not be taken for slow elements. (At the prompt the first watch
        // spread this loop; `tests/long_results.rs` caught it, by Ctrl-C taking 34 s.)
        let (value, spread, _) = helped_with(
            &mut interpreter,
            "len([x + 1 for x in grundy(octal 0.77, 0..=10000000)])",
        );
        assert_eq!(value, "10000001");
        assert!(!spread, "a cheap comprehension was spread");
        let (value, spread, _) = helped_with(&mut interpreter, "[slow(m) for m in 0..6]");
        assert_eq!(value, "[0,1,2,3,4,5]");
        assert!(!spread, "a short comprehension was spread");
    }
}
