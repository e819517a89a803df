//! A second thread for the batch pass of the sparse-space method, which is most of the time of
//! a long sequence such as Officers. The pass of a batch reads only values from before the
//! batch ahead of it, so it is handed over one batch early: the helper flags the next batch's
//! pairs while the calling thread values the heaps of the current batch one by one. The pairs
//! are taken in chunks of [`CHUNK`] from a shared counter, so when the caller comes for the
//! pass it flags the chunks the helper has not reached, and the two threads share the work in
//! whatever proportion their speeds give, batch by batch.
//!
//! A batch pass takes tens of microseconds, too short to hand over by waking a sleeping thread
//! (on a virtual machine a wake-up alone can take that long), so the helper waits by spinning
//! while work comes often and naps once it has been idle a while. The caller never depends on
//! it: a busy or missing second core costs nothing but the hand-over.
//!
//! Nor does the caller wait long for a chunk the helper has started: on a loaded machine the
//! helper's thread is often preempted in the middle of a job, and waiting for it to be
//! scheduled again costs a time slice of the scheduler (milliseconds, a hundred batches).
//! After waiting as long as the job has already had, the caller abandons it and flags the
//! helper's chunks itself (flagging is idempotent, and the helper's rows are its own copy, so
//! nothing is lost but the helper's work); it posts nothing more until the helper has finished
//! the abandoned job. And when the helper keeps missing its jobs, it is left out for a while
//! (see [`ROUND`]). Officers to 10^6 under a load of 12 to 14 on the 2 cores (`/usr/bin/time
//! cg -e 'len(grundy(octal 0.6, 0..=1000000))'`), measured when the helper flagged half of
//! each batch's rows: 9.0 s of wall time and 2.45 s of CPU with an unbounded wait, 5.4 to 5.7 s
//! and 1.54 s with the bound and the rests, 4.5 s and 1.28 s on one core (`taskset -c 0`).
//!
//! The helper owns what it writes (its rows of flags) and its copy of the values behind a
//! mutex, and the state word says who holds them; the pairs are shared read-only, and the
//! chunk counter is the only memory both threads write.

use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::pass::Pass;

/// Flags rows of a batch: `(flags, values, sources, first_row)`, as
/// `mark_windows_narrow` in `nim_sequence`.
pub(crate) type Kernel = fn(&mut [u8], &[u16], &[(u32, usize)], usize);

/// The pairs of a batch: shared by the caller and the helper, each writing out and flagging
/// the chunks it claims.
pub(crate) type Sources = Arc<Pass>;

/// Pairs a claim takes: enough that a claim (an atomic add on a line both cores write) is a
/// small part of flagging them, few enough that the caller seldom waits long for the
/// helper's last chunk.
const CHUNK: usize = 256;

/// The pairs of chunk `i` of `len`.
fn chunk(i: usize, len: usize) -> Range<usize> {
    i * CHUNK..((i + 1) * CHUNK).min(len)
}

/// The work of one hand-over, and the helper's copy of the values it reads.
struct Job {
    kernel: Kernel,
    values: Vec<u16>,
    sources: Sources,
    /// The chunk of sources being flagged, written out.
    chunk: Vec<(u32, usize)>,
    flags_len: usize,
    flags: Vec<u8>,
}

/// Who holds the job.
const IDLE: u8 = 0;
const POSTED: u8 = 1;
const RUNNING: u8 = 2;
const DONE: u8 = 3;
const FAILED: u8 = 4;
const STOP: u8 = 5;
/// The caller gave up waiting for a running job: the helper drops its result.
const ABANDONED: u8 = 6;

struct Shared {
    state: AtomicU8,
    /// The next chunk of the job's pairs to claim.
    next: AtomicUsize,
    job: Mutex<Job>,
}

impl Shared {
    fn job(&self) -> MutexGuard<'_, Job> {
        self.job.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The helper thread; dropping it stops the thread.
pub(crate) struct RowHelper {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
    /// Jobs posted and jobs the caller flagged itself in the current round of [`ROUND`].
    posted: u32,
    missed: u32,
    /// Batches still to be flagged without help (see [`REST`]).
    resting: u32,
    /// The chunks the caller claimed in the current job.
    claimed: Vec<usize>,
}

/// Posts between reviews of the help: when more than a quarter of a round's jobs came back
/// to the caller, the cores are busy with other work, and the caller flags its batches alone
/// for [`REST`] batches while the helper naps. Its spinning would only take time from the
/// caller then (Officers to 10^6 under a load of 12 on 2 cores: 4.5 s of wall time alone,
/// 9 s with a helper that was seldom there).
const ROUND: u32 = 64;
const REST: u32 = 1024;

/// Spins without work before the helper starts napping, and the length of a nap.
const SPINS_BEFORE_NAP: u32 = 1 << 18;
const NAP: Duration = Duration::from_micros(200);
/// The least time the caller waits for a chunk the helper is flagging: below a few
/// microseconds, the clock and the hand-over are as slow as the chunk.
const LEAST_PATIENCE: Duration = Duration::from_micros(5);

impl RowHelper {
    /// A helper, if a second thread is allowed (`--threads`, `CG_THREADS`, the cores).
    pub fn start() -> Option<RowHelper> {
        if crate::core::threads::threads() < 2 {
            return None;
        }
        let shared = Arc::new(Shared {
            state: AtomicU8::new(IDLE),
            next: AtomicUsize::new(0),
            job: Mutex::new(Job {
                kernel: |_, _, _, _| {},
                values: Vec::new(),
                sources: Arc::new(Pass::new(Arc::from(Vec::new()))),
                chunk: Vec::new(),
                flags_len: 0,
                flags: Vec::new(),
            }),
        });
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("cg-batch-helper".into())
            .spawn(move || serve(&theirs))
            .ok()?;
        Some(RowHelper {
            shared,
            thread: Some(thread),
            posted: 0,
            missed: 0,
            resting: 0,
            claimed: Vec::new(),
        })
    }

    /// Hands over the flagging of `sources` in `flags_len` bytes of rows: `values` is every
    /// value so far (the helper copies the ones it lacks). False, with nothing posted, while
    /// the helper is still busy with a job the caller abandoned, or resting.
    pub fn post(
        &mut self,
        kernel: Kernel,
        values: &[u16],
        sources: &Sources,
        flags_len: usize,
    ) -> bool {
        if self.resting > 0 {
            self.resting -= 1;
            return false;
        }
        if self.shared.state.load(Ordering::Acquire) != IDLE {
            return false;
        }
        self.posted += 1;
        if self.posted == ROUND {
            if self.missed * 4 > ROUND {
                self.resting = REST;
            }
            self.posted = 0;
            self.missed = 0;
        }
        {
            let mut job = self.shared.job();
            let have = job.values.len().min(values.len());
            job.values.truncate(have);
            job.values.extend_from_slice(&values[have..]);
            job.sources = Arc::clone(sources);
            job.kernel = kernel;
            job.flags_len = flags_len;
        }
        self.shared.next.store(0, Ordering::Release);
        self.shared.state.store(POSTED, Ordering::Release);
        true
    }

    /// The pass posted, added to `flags`: `mark(flags, range)` flags here the sources
    /// `range` of the chunks of `sources` (the posted ones) the helper has not claimed, and of
    /// those it claimed if it failed or is still at one after `patience`.
    pub fn finish(
        &mut self,
        flags: &mut [u8],
        sources: &Pass,
        patience: Duration,
        mut mark: impl FnMut(&mut [u8], Range<usize>),
    ) {
        let chunks = sources.len().div_ceil(CHUNK);
        self.claimed.clear();
        loop {
            let i = self.shared.next.fetch_add(1, Ordering::AcqRel);
            if i >= chunks {
                break;
            }
            mark(flags, chunk(i, sources.len()));
            self.claimed.push(i);
        }
        let state = &self.shared.state;
        if state
            .compare_exchange(POSTED, IDLE, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            // The helper never came: every chunk was flagged here.
            self.missed += 1;
            return;
        }
        let patience = patience.max(LEAST_PATIENCE);
        let waiting = Instant::now();
        let mut spins = 0u32;
        loop {
            match state.load(Ordering::Acquire) {
                DONE => {
                    for (f, &theirs) in flags.iter_mut().zip(&self.shared.job().flags) {
                        *f |= theirs;
                    }
                    break;
                }
                FAILED => {
                    self.missed += 1;
                    mark_unclaimed(&mut self.claimed, flags, sources, mark);
                    break;
                }
                // The helper has most likely lost its core: flag its chunks here rather than
                // wait for it to be scheduled again. (Failing, the exchange saw it finish.)
                RUNNING
                    if spins.is_multiple_of(64)
                        && waiting.elapsed() > patience
                        && state
                            .compare_exchange(
                                RUNNING,
                                ABANDONED,
                                Ordering::AcqRel,
                                Ordering::Acquire,
                            )
                            .is_ok() =>
                {
                    self.missed += 1;
                    mark_unclaimed(&mut self.claimed, flags, sources, mark);
                    return;
                }
                _ => {
                    spins = spins.wrapping_add(1);
                    std::hint::spin_loop();
                }
            }
        }
        state.store(IDLE, Ordering::Release);
    }
}

/// Flags the chunks of `sources` not in `claimed` (the helper's).
fn mark_unclaimed(
    claimed: &mut [usize],
    flags: &mut [u8],
    sources: &Pass,
    mut mark: impl FnMut(&mut [u8], Range<usize>),
) {
    claimed.sort_unstable();
    for i in 0..sources.len().div_ceil(CHUNK) {
        if claimed.binary_search(&i).is_err() {
            mark(flags, chunk(i, sources.len()));
        }
    }
}

impl Drop for RowHelper {
    fn drop(&mut self) {
        self.shared.state.store(STOP, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            thread.thread().unpark();
            let _ = thread.join();
        }
    }
}

/// The helper thread: runs each job posted until told to stop.
fn serve(shared: &Shared) {
    let mut idle = 0u32;
    loop {
        match shared.state.load(Ordering::Acquire) {
            STOP => return,
            POSTED => {
                if shared
                    .state
                    .compare_exchange(POSTED, RUNNING, Ordering::AcqRel, Ordering::Acquire)
                    .is_err()
                {
                    continue;
                }
                let outcome = catch_unwind(AssertUnwindSafe(|| run(shared)));
                let state = if outcome.is_ok() { DONE } else { FAILED };
                // Not over a STOP that came meanwhile; an abandoned job's rows are dropped,
                // and the caller may post again.
                if shared
                    .state
                    .compare_exchange(RUNNING, state, Ordering::AcqRel, Ordering::Acquire)
                    .is_err()
                {
                    let _ = shared.state.compare_exchange(
                        ABANDONED,
                        IDLE,
                        Ordering::AcqRel,
                        Ordering::Acquire,
                    );
                }
                idle = 0;
            }
            _ if idle < SPINS_BEFORE_NAP => {
                idle += 1;
                std::hint::spin_loop();
            }
            _ => std::thread::park_timeout(NAP),
        }
    }
}

/// Flags the chunks of the job the helper claims, into its own rows.
fn run(shared: &Shared) {
    let job = &mut *shared.job();
    job.flags.clear();
    job.flags.resize(job.flags_len, 0);
    let chunks = job.sources.len().div_ceil(CHUNK);
    loop {
        let i = shared.next.fetch_add(1, Ordering::AcqRel);
        if i >= chunks {
            return;
        }
        let values = &job.values;
        let range = chunk(i, job.sources.len());
        job.sources
            .write(range, |a| u32::from(values[a]), &mut job.chunk);
        (job.kernel)(&mut job.flags, values, &job.chunk, 0);
    }
}

#[cfg(test)]
mod tests {
    use super::super::pass::RarePairs;
    use super::*;

    /// Flags `x ^ values[p + row]` in each row (of 8 bytes).
    fn kernel(flags: &mut [u8], values: &[u16], sources: &[(u32, usize)], first_row: usize) {
        for (j, row) in flags.chunks_exact_mut(8).enumerate() {
            for &(x, p) in sources {
                row[(x as usize ^ values[p + first_row + j] as usize) % 8] = 1;
            }
        }
    }

    #[test]
    fn helped_rows_equal_rows_flagged_here() {
        let Some(mut helper) = RowHelper::start() else {
            return;
        };
        let mut values: Vec<u16> = Vec::new();
        let rare: RarePairs = (0..500u32).map(|i| (i % 4, i % 8)).collect();
        for round in 0..200u16 {
            values.extend((0..16).map(|i| (round * 7 + i * 3) % 8));
            // From one pair to several chunks, so that both threads claim some, of both kinds.
            let count = usize::from(round) * 3 % 500 + 1;
            let mut pass = Pass::new(rare.clone());
            pass.add_heaps(1..usize::from(round % 5) + 1, 8);
            pass.add_rare(0..count, usize::from(round % 4) + 3);
            let sources: Sources = Arc::new(pass);
            let mut list = Vec::new();
            sources.write(0..sources.len(), |a| u32::from(values[a]), &mut list);
            let mut helped = vec![0; 32];
            let patience = Duration::from_micros(u64::from(round % 3) * 20);
            if helper.post(kernel, &values, &sources, 32) {
                // Sometimes the helper is given a head start, sometimes none.
                if round % 2 == 0 {
                    std::thread::sleep(Duration::from_micros(50));
                }
                helper.finish(&mut helped, &sources, patience, |f, range| {
                    kernel(f, &values, &list[range], 0)
                });
            } else {
                kernel(&mut helped, &values, &list, 0);
            }
            let mut here = vec![0; 32];
            kernel(&mut here, &values, &list, 0);
            assert_eq!(helped, here, "round {round}");
        }
    }
}
