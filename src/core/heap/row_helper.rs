//! A second thread for the batch pass of the sparse-space method, which is most of the time of
//! a long sequence such as Officers: the rows of a batch are independent, so the helper flags
//! half of them while the calling thread flags the other half.
//!
//! A batch pass takes tens of microseconds, too short to hand over by waking a sleeping thread
//! (on a virtual machine a wake-up alone can take that long), so the helper waits by spinning
//! while work comes often and naps once it has been idle a while. The caller never depends on
//! it: rows the helper has not started when the caller is done with its own are taken back and
//! flagged by the caller, so a busy or missing second core costs nothing but the hand-over.
//!
//! The helper owns everything it reads and writes (its copy of the values, the pairs to flag,
//! its rows of flags) behind a mutex, and the state word says who holds them; no memory is
//! shared otherwise, and the two halves of the work lie in separate allocations.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// Flags rows of a batch: `(flags, values, sources, first_row)`, as
/// `mark_windows_narrow` in `nim_sequence`.
pub(crate) type Kernel = fn(&mut [u8], &[u16], &[(u32, usize)], usize);

/// The work of one hand-over, and the helper's copy of the values it reads.
struct Job {
    kernel: Kernel,
    values: Vec<u16>,
    sources: Vec<(u32, usize)>,
    first_row: usize,
    flags: Vec<u8>,
}

/// Who holds the job.
const IDLE: u8 = 0;
const POSTED: u8 = 1;
const RUNNING: u8 = 2;
const DONE: u8 = 3;
const FAILED: u8 = 4;
const STOP: u8 = 5;

struct Shared {
    state: AtomicU8,
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
}

/// Spins without work before the helper starts napping, and the length of a nap.
const SPINS_BEFORE_NAP: u32 = 1 << 18;
const NAP: Duration = Duration::from_micros(200);
/// Spins of the caller waiting for the helper's rows before it yields its core instead.
const SPINS_BEFORE_YIELD: u32 = 1 << 14;

impl RowHelper {
    /// A helper, if the machine has a second core for it.
    pub fn start() -> Option<RowHelper> {
        if std::thread::available_parallelism().map_or(1, |n| n.get()) < 2 {
            return None;
        }
        let shared = Arc::new(Shared {
            state: AtomicU8::new(IDLE),
            job: Mutex::new(Job {
                kernel: |_, _, _, _| {},
                values: Vec::new(),
                sources: Vec::new(),
                first_row: 0,
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
        })
    }

    /// Hands over the flagging of `flags_len` bytes of rows from `first_row` on: `values` is
    /// every value so far (the helper copies the ones it lacks).
    pub fn post(
        &mut self,
        kernel: Kernel,
        values: &[u16],
        sources: &[(u32, usize)],
        first_row: usize,
        flags_len: usize,
    ) {
        debug_assert_eq!(self.shared.state.load(Ordering::Acquire), IDLE);
        {
            let mut job = self.shared.job();
            let have = job.values.len().min(values.len());
            job.values.truncate(have);
            job.values.extend_from_slice(&values[have..]);
            job.sources.clear();
            job.sources.extend_from_slice(sources);
            job.kernel = kernel;
            job.first_row = first_row;
            job.flags.clear();
            job.flags.resize(flags_len, 0);
        }
        self.shared.state.store(POSTED, Ordering::Release);
    }

    /// The rows posted, added to `flags`: flagged by the helper, or here by `mark` if the
    /// helper had not started them (or failed).
    pub fn finish(&mut self, flags: &mut [u8], mark: impl FnOnce(&mut [u8])) {
        let state = &self.shared.state;
        if state
            .compare_exchange(POSTED, IDLE, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            mark(flags);
            return;
        }
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
                    mark(flags);
                    break;
                }
                // The helper may have lost its core to another thread: let it run.
                _ if spins >= SPINS_BEFORE_YIELD => std::thread::yield_now(),
                _ => {
                    spins += 1;
                    std::hint::spin_loop();
                }
            }
        }
        state.store(IDLE, Ordering::Release);
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
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    let job = &mut *shared.job();
                    (job.kernel)(&mut job.flags, &job.values, &job.sources, job.first_row);
                }));
                let state = if outcome.is_ok() { DONE } else { FAILED };
                // Not over a STOP that came meanwhile.
                let _ = shared.state.compare_exchange(
                    RUNNING,
                    state,
                    Ordering::AcqRel,
                    Ordering::Acquire,
                );
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Flags `x ^ values[p + row]` in each row (of 8 bytes) from `first_row` on.
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
        for round in 0..200u16 {
            values.extend((0..16).map(|i| (round * 7 + i * 3) % 8));
            let sources: Vec<(u32, usize)> = (0..5).map(|i| (i, (round as usize) % 4)).collect();
            helper.post(kernel, &values, &sources, 4, 32);
            let mut helped = vec![0; 32];
            helper.finish(&mut helped, |f| kernel(f, &values, &sources, 4));
            let mut here = vec![0; 32];
            kernel(&mut here, &values, &sources, 4);
            assert_eq!(helped, here, "round {round}");
        }
    }
}
