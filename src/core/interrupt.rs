//! Interrupting long computations (Ctrl-C). A request sets a flag; the engine polls it at the
//! start of every canonical form and the interpreter in every loop and call, and stops by
//! unwinding with an `Interrupted` payload, which `catch_interrupt` turns back into a value.
//! Caches stay consistent: entries are written only once their computation has finished.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Whether this thread helps another one (a worker of a parallel evaluation): it stops on
    /// an interrupt but leaves the request for the thread it helps, which must stop too.
    static HELPER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Marks this thread as a helper (see `HELPER`): an interrupt stops it without being consumed.
pub fn become_helper() {
    HELPER.with(|h| h.set(true));
}

/// The computation was interrupted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// Asks the running computation to stop (safe to call from a signal handler's thread).
pub fn request_interrupt() {
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Whether an interrupt was requested and not yet taken by a computation.
pub fn interrupt_requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Stops the computation if an interrupt was requested.
#[inline]
pub fn check_interrupt() {
    if REQUESTED.load(Ordering::Relaxed) {
        if !HELPER.with(|h| h.get()) {
            REQUESTED.store(false, Ordering::Relaxed);
        }
        std::panic::panic_any(Interrupted);
    }
}

/// Runs `f`, returning `Err(Interrupted)` if it was interrupted; other panics pass through.
pub fn catch_interrupt<R>(f: impl FnOnce() -> R) -> Result<R, Interrupted> {
    if !HELPER.with(|h| h.get()) {
        REQUESTED.store(false, Ordering::Relaxed);
    }
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => Ok(r),
        Err(payload) if payload.is::<Interrupted>() => Err(Interrupted),
        Err(payload) => resume_unwind(payload),
    }
}

/// A computation the engine declines because its size is beyond reason (say, the options of
/// *n for n in the billions): it stops the way an interrupt does, with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

/// Stops the computation with a refusal; `catch_refusal` turns it back into a value.
pub fn refuse(message: String) -> ! {
    std::panic::panic_any(Refused(message))
}

/// Runs `f`, returning `Err(message)` if the engine refused; other panics (interrupts
/// included) pass through.
pub fn catch_refusal<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(refusal_message)
}

/// The message of a refusal that `catch_unwind` caught; any other panic (an interrupt) goes on
/// unwinding. For callers that must tidy up between the two.
pub fn refusal_message(payload: Box<dyn std::any::Any + Send>) -> String {
    match payload.downcast::<Refused>() {
        Ok(refused) => refused.0,
        Err(payload) => resume_unwind(payload),
    }
}

/// Installs a panic hook that stays silent for interrupts and refusals and reports other
/// panics as before.
pub fn quiet_interrupt_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.payload().is::<Interrupted>() || info.payload().is::<Refused>() {
            return;
        }
        default(info);
    }));
}
