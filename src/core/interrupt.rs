//! Interrupting long computations (Ctrl-C). A request sets a flag; the engine polls it at the
//! start of every canonical form and the interpreter in every loop and call, and stops by
//! unwinding with an `Interrupted` payload, which `catch_interrupt` turns back into a value.
//! Caches stay consistent: entries are written only once their computation has finished.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The computation was interrupted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interrupted;

/// Asks the running computation to stop (safe to call from a signal handler's thread).
pub fn request_interrupt() {
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Stops the computation if an interrupt was requested.
#[inline]
pub fn check_interrupt() {
    if REQUESTED.load(Ordering::Relaxed) {
        REQUESTED.store(false, Ordering::Relaxed);
        std::panic::panic_any(Interrupted);
    }
}

/// Runs `f`, returning `Err(Interrupted)` if it was interrupted; other panics pass through.
pub fn catch_interrupt<R>(f: impl FnOnce() -> R) -> Result<R, Interrupted> {
    REQUESTED.store(false, Ordering::Relaxed);
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => Ok(r),
        Err(payload) if payload.is::<Interrupted>() => Err(Interrupted),
        Err(payload) => resume_unwind(payload),
    }
}

/// Installs a panic hook that stays silent for interrupts and reports other panics as before.
pub fn quiet_interrupt_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.payload().is::<Interrupted>() {
            return;
        }
        default(info);
    }));
}
