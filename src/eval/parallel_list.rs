//! Valuing the positions of a list on several threads: `values(R, positions)`,
//! `grundy(R, positions)` and `map(R, positions)` (see `docs/parallel.md`).
//!
//! The list is cut into chunks of consecutive positions, handed out in order from one counter
//! to the asking thread and to helper threads alike. A helper values its chunks into the
//! instance's shared table, with its own interpreter and a copy of the ruleset rebuilt from
//! plain data, as `eval::parallel`'s helpers do. When no chunk is left, the asking thread goes
//! through the list in order: it takes the values it or a helper found, and values every
//! other position as one thread would (nearly always finding it in the table). A position's
//! value is its canonical form, the same whoever computes it. So the values, and
//! the first error of the list, are the ones a single thread gives, whatever the number of
//! threads: a helper's failure only leaves its position to the asking thread, which meets the
//! failure itself, with its spans, in its place in the list.
//!
//! Helpers start once the asking thread has valued `LAUNCH_AFTER` new positions: a short list
//! of small positions is done before threads would pay. Until then each position may start
//! `eval::parallel`'s helpers on its own, so that a list that begins with a large position is
//! not valued on one thread. A helper that finds no chunk left helps with the chunks others
//! are still valuing (a large position near the end of the list), each helper from its own
//! place among them.

use std::ops::Range;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use crate::core::Game;

use crate::syntax::ast::Span;

use super::compile::Globals;
use super::error::EvalResult;
use super::interp::Interpreter;
use super::parallel::{
    may_spread, spawn_helpers, threads, HelperRole, Helpers, Launch, Portable, Recipe,
};
use super::position_table::SharedPositions;
use super::ruleset::RulesetInstance;
use super::value::Value;

/// How many new positions the asking thread values before helpers start (as in
/// `eval::parallel`).
const LAUNCH_AFTER: usize = 2000;

/// Chunks a list is cut into per thread: enough that the threads finish close together, few
/// enough that taking one costs nothing beside valuing it.
const CHUNKS_PER_THREAD: usize = 64;

/// The most positions in a chunk: the last chunks of a long list are short, so that no thread
/// is left with much of the list when the others are done.
const MAX_CHUNK: usize = 1024;

/// Whether a list of `len` positions of `instance` is worth sharing out among threads: more
/// than one thread is wanted, the list has more than one position, and this is not a
/// valuation inside another on the same instance (whose helpers are already at work) or on a
/// helper.
pub(super) fn worth_sharing(instance: &RulesetInstance, len: usize) -> bool {
    len > 1
        && may_spread()
        && instance.helper.is_none()
        && instance.nesting() == 0
        && matches!(*instance.launch.borrow(), Launch::Idle)
}

/// The chunks of a list: which have been handed out, and which are finished.
struct Chunks {
    len: usize,
    size: usize,
    next: AtomicUsize,
    finished: Vec<AtomicBool>,
}

impl Chunks {
    fn new(len: usize, threads: usize) -> Chunks {
        let size = len
            .div_ceil(threads * CHUNKS_PER_THREAD)
            .clamp(1, MAX_CHUNK);
        Chunks {
            len,
            size,
            next: AtomicUsize::new(0),
            finished: (0..len.div_ceil(size))
                .map(|_| AtomicBool::new(false))
                .collect(),
        }
    }

    fn count(&self) -> usize {
        self.finished.len()
    }

    /// The places in the list of the positions of `chunk`.
    fn places(&self, chunk: usize) -> Range<usize> {
        chunk * self.size..((chunk + 1) * self.size).min(self.len)
    }

    /// The next chunk no thread has taken.
    fn take(&self) -> Option<usize> {
        let chunk = self.next.fetch_add(1, Ordering::Relaxed);
        (chunk < self.count()).then_some(chunk)
    }

    /// The first chunk not yet taken.
    fn untaken(&self) -> usize {
        self.next.load(Ordering::Relaxed).min(self.count())
    }

    /// Hands out no more chunks.
    fn close(&self) {
        self.next.fetch_max(self.count(), Ordering::Relaxed);
    }

    fn finish(&self, chunk: usize) {
        self.finished[chunk].store(true, Ordering::Relaxed);
    }

    fn is_finished(&self, chunk: usize) -> bool {
        self.finished[chunk].load(Ordering::Relaxed)
    }
}

/// What the helpers of a list share: the chunks, the positions from the first chunk not
/// taken when they started (`first`) as plain data, and the values they found for them.
struct HelperList {
    chunks: Arc<Chunks>,
    first: usize,
    positions: Vec<Portable>,
    /// A value found by a helper, by place from the first chunk's: the asking thread takes it
    /// as it is, since looking a small position up again costs nearly as much as valuing it.
    values: Vec<OnceLock<Game>>,
}

impl HelperList {
    /// The index of `place` in `positions` and `values`, if helpers value it.
    fn index(&self, place: usize) -> Option<usize> {
        place.checked_sub(self.chunks.places(self.first).start)
    }

    /// The position at `place` in the list, on this thread.
    fn position(&self, place: usize) -> Value {
        self.positions[self.index(place).expect("a helper's place")].value()
    }

    /// The value a helper found for the position at `place`.
    fn found(&self, place: usize) -> Option<Game> {
        self.values.get(self.index(place)?)?.get().copied()
    }
}

/// A list being shared out on the asking thread: its chunks, and whether helpers were tried.
struct Sharing<'a> {
    instance: &'a RulesetInstance,
    chunks: Arc<Chunks>,
    /// The table's size when the list began, to count the new positions.
    table_at_start: usize,
    tried: bool,
    /// What the helpers share, once they have started.
    list: Option<Arc<HelperList>>,
}

impl<'a> Sharing<'a> {
    fn new(instance: &'a RulesetInstance, len: usize) -> Sharing<'a> {
        Sharing {
            instance,
            chunks: Arc::new(Chunks::new(len, threads())),
            table_at_start: instance.table.borrow().len(),
            tried: false,
            list: None,
        }
    }

    /// Starts the helpers once the asking thread has valued enough new positions (once: if
    /// the ruleset or a position cannot be carried to another thread, the list is valued on
    /// this one).
    fn start_when_due(&mut self, positions: &[Value], globals: &Globals) {
        if self.tried
            || self.instance.table.borrow().len() < self.table_at_start + LAUNCH_AFTER
            || !matches!(*self.instance.launch.borrow(), Launch::Idle)
        {
            return;
        }
        self.tried = true;
        let first = self.chunks.untaken();
        let from = self.chunks.places(first).start.min(positions.len());
        let Some(recipe) = Recipe::of(self.instance, globals) else {
            return;
        };
        let Some(portable) = positions[from..]
            .iter()
            .map(Portable::of)
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        let list = Arc::new(HelperList {
            chunks: self.chunks.clone(),
            first,
            values: (0..portable.len()).map(|_| OnceLock::new()).collect(),
            positions: portable,
        });
        self.list = Some(list.clone());
        let shared = self.instance.table.borrow().shared();
        // A running launch also keeps `eval::parallel`'s helpers of single positions from
        // starting while the list's helpers work.
        *self.instance.launch.borrow_mut() = Launch::Running {
            _helpers: start(Arc::new(recipe), list, shared),
        };
    }
}

impl Drop for Sharing<'_> {
    fn drop(&mut self) {
        if self.tried {
            // Dropping the running launch stops the helpers and waits for them.
            let old = std::mem::take(&mut *self.instance.launch.borrow_mut());
            drop(old);
        }
    }
}

impl Interpreter {
    /// The values of `positions` in order, the list shared out among threads (see the
    /// module's note); for lists `worth_sharing`.
    pub(super) fn shared_position_values(
        &mut self,
        instance: &Rc<RulesetInstance>,
        positions: Vec<Value>,
        span: &Span,
    ) -> EvalResult<Vec<Value>> {
        let mut sharing = Sharing::new(instance, positions.len());
        crate::progress::sequence_started(
            positions.len() as u64,
            crate::progress::Counted::Positions,
        );
        // Each position is replaced by its value where it stands, so that a list of millions
        // needs no second list.
        let mut values = positions;
        let mut valued = vec![false; values.len()];
        'taking: while let Some(chunk) = sharing.chunks.take() {
            for place in sharing.chunks.places(chunk) {
                crate::progress::sequence_done(place as u64);
                match self.position_value(instance, values[place].clone(), span) {
                    Ok(value) => {
                        values[place] = value;
                        valued[place] = true;
                    }
                    Err(_) => {
                        // Met again below in its place, after every position before it.
                        sharing.chunks.close();
                        break 'taking;
                    }
                }
                sharing.start_when_due(&values, &self.globals);
            }
            sharing.chunks.finish(chunk);
        }
        for place in (0..values.len()).filter(|&place| !valued[place]) {
            crate::progress::sequence_done(place as u64);
            let by_helper = sharing.list.as_ref().and_then(|list| list.found(place));
            values[place] = match by_helper {
                Some(game) => Value::from_game(game),
                None => self.position_value(instance, values[place].clone(), span)?,
            };
        }
        Ok(values)
    }
}

/// Starts `threads() - 1` helpers on the chunks of `list`.
fn start(recipe: Arc<Recipe>, list: Arc<HelperList>, shared: Arc<SharedPositions>) -> Helpers {
    spawn_helpers("cg list helper", move |role| {
        help(&recipe, &list, shared.clone(), role)
    })
}

/// A helper's work: the chunks it takes, then the chunks others are still valuing, keeping
/// what it finds in the shared table. The stop signal or an interrupt ends it; an error at a
/// position leaves that position to the asking thread.
fn help(recipe: &Recipe, list: &HelperList, shared: Arc<SharedPositions>, role: HelperRole) {
    crate::core::become_helper();
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let (mut interpreter, instance) = recipe.instance(shared, role);
        let role = instance
            .helper
            .as_ref()
            .expect("a helper's instance has its role");
        let chunks = &list.chunks;
        // Values the positions of `chunk`; false when told to stop.
        let mut value_chunk = |chunk: usize| {
            for place in chunks.places(chunk) {
                if role.stopped() {
                    return false;
                }
                if let Ok(game) = interpreter.helper_position_value(&instance, list.position(place))
                {
                    if let Some(index) = list.index(place) {
                        let _ = list.values[index].set(game);
                    }
                }
            }
            chunks.finish(chunk);
            true
        };
        while let Some(chunk) = chunks.take() {
            if !value_chunk(chunk) {
                return;
            }
        }
        let mut open: Vec<usize> = (list.first..chunks.count())
            .filter(|&c| !chunks.is_finished(c))
            .collect();
        role.reorder(&mut open);
        for chunk in open {
            if !chunks.is_finished(chunk) && !value_chunk(chunk) {
                return;
            }
        }
    }));
}
