//! A function of the language mapped over a list on every core: `map(f, xs)` and
//! `shard_map(f, xs)` (see `docs/parallel.md`, "Functions mapped on every core").
//!
//! The asking thread starts alone, taking chunks of consecutive places in order. Once the map
//! has taken `LAUNCH_AFTER`, helpers start, if `f` can be carried to another thread
//! (`eval::portable_function` refuses code whose result could depend on the thread that ran
//! it): each helper has its own interpreter with `f`, the globals its code reads, and the
//! ruleset instances it names rebuilt over their shared tables, so that a position one thread
//! values the others find. Helpers and the asking thread take chunks from one counter, and
//! within a chunk claim each place before computing it, so that no place is computed twice
//! while chunks last. When no chunk is left the asking thread goes through the list in order:
//! it takes the results found and computes every other place itself (one a helper could not
//! carry back, or failed on, or is still at work on), and the helpers go round the places not
//! yet done: two threads on one large place share its positions through the table, as the
//! helpers of one valuation do. So the results, and the first error in the list, are exactly
//! those of one thread.

use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use crate::syntax::ast::Span;

use super::builtins::Arg;
use super::error::EvalResult;
use super::interp::Interpreter;
use super::parallel::{
    may_spread, spawn_helpers_stopped_by, threads, HelperRole, Helpers, InGroup,
};
use super::portable::Portable;
use super::portable_function::{Carrier, PortableGlobals};
use super::value::Value;

/// How long the asking thread maps alone before helpers start: a short map is done before
/// threads would pay for themselves.
const LAUNCH_AFTER: Duration = Duration::from_millis(2);

/// Helpers start only while more than this many places a thread are left: a few large
/// places left are done one by one, each on every core (`eval::parallel`).
const LAUNCH_LEFT: usize = 4;

/// Chunks a list is cut into per thread, and the most places in a chunk (as in
/// `eval::parallel_list`).
const CHUNKS_PER_THREAD: usize = 64;
const MAX_CHUNK: usize = 1024;

/// The arguments `f` is mapped over.
pub enum MapArgs {
    /// `start`, `start + stride`, ... (`len` of them): a range, or a part's share of one,
    /// without making its elements.
    Integers {
        start: i64,
        stride: i64,
        len: usize,
    },
    Values(Vec<Value>),
}

impl MapArgs {
    pub fn len(&self) -> usize {
        match self {
            MapArgs::Integers { len, .. } => *len,
            MapArgs::Values(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn get(&self, place: usize) -> Value {
        match self {
            MapArgs::Integers { start, stride, .. } => Value::int(integer(*start, *stride, place)),
            MapArgs::Values(v) => v[place].clone(),
        }
    }

    /// The arguments from `from` on, as plain data for the helpers.
    fn portable(&self, from: usize) -> Option<HelperArgs> {
        Some(match self {
            MapArgs::Integers { start, stride, .. } => HelperArgs::Integers {
                start: *start,
                stride: *stride,
            },
            MapArgs::Values(v) => HelperArgs::Values {
                from,
                items: v[from.min(v.len())..]
                    .iter()
                    .map(Portable::of)
                    .collect::<Option<_>>()?,
            },
        })
    }
}

fn integer(start: i64, stride: i64, place: usize) -> i64 {
    start.wrapping_add(stride.wrapping_mul(place as i64))
}

/// The arguments as the helpers see them.
enum HelperArgs {
    Integers { start: i64, stride: i64 },
    Values { from: usize, items: Vec<Portable> },
}

impl HelperArgs {
    fn get(&self, place: usize) -> Value {
        match self {
            HelperArgs::Integers { start, stride } => Value::int(integer(*start, *stride, place)),
            HelperArgs::Values { from, items } => items[place - from].value(),
        }
    }
}

/// Places computed by helpers since the process began: tests check that a map they expect to
/// share out was shared out, not quietly done on one thread.
pub(in crate::eval) static HELPED: AtomicUsize = AtomicUsize::new(0);

/// Where a place stands.
const FREE: u8 = 0;
const CLAIMED: u8 = 1;
const DONE: u8 = 2;

/// The places of the list, shared by every thread: which chunks are handed out, which places
/// are claimed, and the results the helpers found.
struct Places {
    len: usize,
    chunk: usize,
    next_chunk: AtomicUsize,
    state: Vec<AtomicU8>,
    /// Places done by any thread, for the progress line.
    completed: AtomicUsize,
    /// A helper's result, carried back; empty where the asking thread computed the place, or a
    /// helper failed or found a result with no plain form.
    found: Vec<OnceLock<Portable>>,
}

impl Places {
    fn new(len: usize) -> Places {
        Places {
            len,
            chunk: len
                .div_ceil(threads() * CHUNKS_PER_THREAD)
                .clamp(1, MAX_CHUNK),
            next_chunk: AtomicUsize::new(0),
            state: (0..len).map(|_| AtomicU8::new(FREE)).collect(),
            completed: AtomicUsize::new(0),
            found: (0..len).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The places of the next chunk no thread has taken.
    fn take(&self) -> Option<Range<usize>> {
        let chunk = self.next_chunk.fetch_add(1, Ordering::Relaxed);
        let start = chunk.checked_mul(self.chunk)?;
        (start < self.len).then(|| start..(start + self.chunk).min(self.len))
    }

    /// Hands out no more chunks.
    fn close(&self) {
        self.next_chunk.store(usize::MAX / 2, Ordering::Relaxed);
    }

    /// Claims `place` for this thread; false if another has it.
    fn claim(&self, place: usize) -> bool {
        self.state[place]
            .compare_exchange(FREE, CLAIMED, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    /// Marks `place` done (a second thread finishing it too counts once).
    fn done(&self, place: usize) {
        if self.state[place].swap(DONE, Ordering::Release) != DONE {
            self.completed.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Shows how many places are done on the progress line.
    fn report(&self) {
        crate::progress::sequence_done(self.completed.load(Ordering::Relaxed) as u64);
    }

    fn is_done(&self, place: usize) -> bool {
        self.state[place].load(Ordering::Acquire) == DONE
    }
}

/// Marks a place done however a helper's computation of it ends (an error, or an interrupt
/// that unwinds), so that the other helpers stop going round it.
struct Claim<'a> {
    places: &'a Places,
    place: usize,
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        self.places.done(self.place);
    }
}

/// What the helpers of one map share.
struct Job {
    f: Portable,
    globals: PortableGlobals,
    args: HelperArgs,
    places: Arc<Places>,
}

impl Interpreter {
    /// `[f(x) for x in args]`, on every core when `f` can be carried to other threads (see the
    /// module's note); the results and the first error are those of one thread.
    pub fn map_function(
        &mut self,
        f: &Value,
        args: MapArgs,
        span: &Span,
    ) -> EvalResult<Vec<Value>> {
        let len = args.len();
        if len < 2 || !may_spread() {
            return (0..len).map(|k| self.apply(f, args.get(k), span)).collect();
        }
        let places = Arc::new(Places::new(len));
        crate::progress::sequence_started(len as u64, crate::progress::Counted::Elements);
        let mut results: Vec<Option<Value>> = vec![None; len];
        let began = Instant::now();
        let mut helpers: Option<(Helpers, InGroup)> = None;
        let mut tried = false;
        let mut first_error = None;
        'taking: while let Some(chunk) = places.take() {
            for place in chunk {
                if !places.claim(place) {
                    continue;
                }
                let result = self.apply(f, args.get(place), span);
                places.done(place);
                places.report();
                match result {
                    Ok(v) => results[place] = Some(v),
                    Err(e) => {
                        // Reported after every place before it, in its place.
                        first_error = Some((place, e));
                        places.close();
                        break 'taking;
                    }
                }
                if !tried
                    && began.elapsed() >= LAUNCH_AFTER
                    && len - place > LAUNCH_LEFT * threads()
                {
                    tried = true;
                    // While helpers work, the asking thread's valuations start none of their
                    // own.
                    helpers = self
                        .start_map_helpers(f, &args, &places)
                        .map(|h| (h, InGroup::enter()));
                }
            }
        }
        let end = first_error.as_ref().map_or(len, |(place, _)| *place);
        for (place, result) in results.iter_mut().enumerate().take(end) {
            if result.is_none() {
                *result = Some(self.gather(f, &args, &places, place, span)?);
                places.report();
            }
        }
        drop(helpers);
        if let Some((_, e)) = first_error {
            return Err(e);
        }
        Ok(results
            .into_iter()
            .map(|r| r.expect("every place"))
            .collect())
    }

    /// Whether `map_function` would share `f` out among helper threads: this thread may
    /// start them, and `f` (its code, the globals it reads, the rulesets it names) can be
    /// carried to them, so that it has no effect a second run would repeat (it neither prints
    /// nor assigns a global).
    pub fn could_share(&self, f: &Value) -> bool {
        if !may_spread() {
            return false;
        }
        let mut carrier = Carrier::for_map(&self.globals, Arc::new(AtomicBool::new(false)));
        carrier.value(f).is_some() && carrier.globals().is_some()
    }

    /// The result at `place`, which the asking thread did not compute while taking chunks:
    /// a helper's, or else computed here. A place a helper is still at work on is computed
    /// here too, rather than waited for: the two threads then share the place's positions
    /// through the shared table, each walking the options in its own order, as the helpers of
    /// one valuation do (`eval::parallel`); a large position at the end of the list is then
    /// not valued by one thread while the other waits.
    fn gather(
        &mut self,
        f: &Value,
        args: &MapArgs,
        places: &Places,
        place: usize,
        span: &Span,
    ) -> EvalResult<Value> {
        if places.is_done(place) {
            if let Some(found) = places.found[place].get() {
                return Ok(found.value());
            }
        }
        // Free, failed on a helper, with a result that has no plain form, or in progress.
        let result = self.apply(f, args.get(place), span);
        places.done(place);
        result
    }

    fn apply(&mut self, f: &Value, x: Value, span: &Span) -> EvalResult<Value> {
        crate::core::check_interrupt();
        let arg = Arg {
            value: x,
            span: span.clone(),
        };
        self.call_value(f, vec![arg], span)
    }

    /// Starts the helpers of a map, from the first chunk not yet taken, if `f` and the
    /// arguments left can be carried to other threads.
    fn start_map_helpers(
        &self,
        f: &Value,
        args: &MapArgs,
        places: &Arc<Places>,
    ) -> Option<Helpers> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut carrier = Carrier::for_map(&self.globals, stop.clone());
        let f = carrier.value(f)?;
        let globals = carrier.globals()?;
        let from = places
            .next_chunk
            .load(Ordering::Relaxed)
            .saturating_mul(places.chunk)
            .min(places.len);
        let job = Arc::new(Job {
            f,
            globals,
            args: args.portable(from)?,
            places: places.clone(),
        });
        Some(spawn_helpers_stopped_by(
            "cg map helper",
            stop,
            move |role| {
                help(&job, &role);
            },
        ))
    }
}

/// A helper's work: the chunks it takes, then any place of the list not yet done, computing
/// `f` with its own interpreter. The stop signal or an interrupt ends it; a place it fails on
/// is left to the asking thread.
fn help(job: &Job, role: &HelperRole) {
    crate::core::become_helper();
    super::portable::set_helper_turn(role.turn, role.of);
    let _ = catch_unwind(AssertUnwindSafe(|| {
        let mut interpreter = job.globals.interpreter();
        let f = job.f.value();
        let span = 0..0;
        let places = &job.places;
        let first = match &job.args {
            HelperArgs::Integers { .. } => 0,
            HelperArgs::Values { from, .. } => *from,
        };
        // Computes `place` if it is free, or, once no chunk is left (`shared`), if it is not
        // done: another thread at work on it then finds this one's positions in the table.
        // False when its result has no plain form: the asking thread computes that result
        // again, and most likely every other, so the helper stops.
        let mut compute = |place: usize, shared: bool| {
            if place < first || !(places.claim(place) || shared && !places.is_done(place)) {
                return true;
            }
            let _claim = Claim { places, place };
            let x = job.args.get(place);
            if let Ok(v) = interpreter.apply(&f, x, &span) {
                let Some(p) = Portable::of(&v) else {
                    return false;
                };
                let _ = places.found[place].set(p);
                HELPED.fetch_add(1, Ordering::Relaxed);
            }
            true
        };
        while let Some(chunk) = places.take() {
            for place in chunk {
                if role.stopped() || !compute(place, false) {
                    return;
                }
            }
        }
        // Then what is left of the chunks others took, from this helper's own place on.
        let mut rest: Vec<usize> = (first..places.len).collect();
        role.reorder(&mut rest);
        for place in rest {
            if role.stopped() || !compute(place, true) {
                return;
            }
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{evaluate, Interpreter};

    /// A function that values positions of a ruleset it names is carried to helpers, which
    /// compute part of the list; the results are those of the comprehension, which runs on
    /// one thread. (If the function stopped travelling, say because ruleset instances no
    /// longer had a plain form, the map would still be right, but on one thread.)
    #[test]
    fn a_function_naming_a_ruleset_is_mapped_by_helpers_too() {
        crate::core::threads::set_threads(2);
        let mut interpreter = Interpreter::new();
        let script = r##"
let e = grid("....|....|....|....")
let o = cells(e, ".")
let b = [pow(2, k) for k in 0..16]
def study(m) = temperature(Domineering(fill(e, [o[k] for k in 0..16 if (m // b[k]) % 2 == 0], "#")))
"##;
        evaluate(&mut interpreter, script).unwrap();
        let before = HELPED.load(Ordering::Relaxed);
        let mapped = evaluate(&mut interpreter, "map(study, 0..65536)").unwrap();
        assert!(
            HELPED.load(Ordering::Relaxed) > before,
            "no helper computed a place"
        );
        let one_thread = evaluate(&mut interpreter, "[study(m) for m in 0..65536]").unwrap();
        assert_eq!(mapped.to_string(), one_thread.to_string());
    }
}
