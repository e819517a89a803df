//! The spinner on the terminal: a watcher thread started for each statement, silent for the
//! first second, then redrawing what the counters say ten times a second until the statement
//! ends.

use std::io::IsTerminal;
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use console::Term;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use super::counters::{self, grouped, Snapshot};

/// How long a statement runs before the spinner appears.
const QUIET_FOR: Duration = Duration::from_secs(1);
const REDRAW_EVERY: Duration = Duration::from_millis(100);

/// The spinner being shown, if any, so that printing can step around it.
static SHOWN: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Watches one statement; dropping it removes the spinner.
pub struct Watch {
    stop: Option<Sender<()>>,
    watcher: Option<JoinHandle<()>>,
}

impl Watch {
    /// Starts watching, when stderr is a terminal and `CG_NO_PROGRESS` is not set.
    pub fn start() -> Watch {
        counters::reset();
        let wanted =
            std::io::stderr().is_terminal() && std::env::var_os("CG_NO_PROGRESS").is_none();
        if !wanted {
            return Watch {
                stop: None,
                watcher: None,
            };
        }
        let (stop, stopped) = channel::<()>();
        let watcher = std::thread::spawn(move || {
            let began = Instant::now();
            if stopped.recv_timeout(QUIET_FOR) != Err(RecvTimeoutError::Timeout) {
                return;
            }
            let bar = spinner();
            *SHOWN.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar.clone());
            loop {
                bar.set_message(describe(began.elapsed(), counters::snapshot()));
                bar.tick();
                if stopped.recv_timeout(REDRAW_EVERY) != Err(RecvTimeoutError::Timeout) {
                    break;
                }
            }
            SHOWN.lock().unwrap_or_else(|e| e.into_inner()).take();
            bar.finish_and_clear();
        });
        Watch {
            stop: Some(stop),
            watcher: Some(watcher),
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
    }
}

fn spinner() -> ProgressBar {
    let target = ProgressDrawTarget::term_like(Box::new(NarrowTerm(Term::stderr())));
    let bar = ProgressBar::with_draw_target(None, target);
    let style = ProgressStyle::with_template("{spinner} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    bar.set_style(style);
    bar
}

/// stderr, reported a few columns narrower than it is. indicatif pads the spinner's line to the
/// full width, so the `^C` the terminal echoes when the user interrupts would wrap onto a new
/// line, and clearing the spinner would leave its old line behind; the margin keeps the echo on
/// the spinner's own line.
#[derive(Debug)]
struct NarrowTerm(Term);

const ECHO_MARGIN: u16 = 4;

impl TermLike for NarrowTerm {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(ECHO_MARGIN).max(20)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// "12.3 s · 45,678 positions · heap 40,000 of 100,000 · Ctrl-C stops".
fn describe(elapsed: Duration, now: Snapshot) -> String {
    let mut parts = vec![format!("{:.1} s", elapsed.as_secs_f64())];
    if now.positions > 0 {
        parts.push(format!("{} positions", grouped(now.positions)));
    }
    if now.sequence_total > 0 {
        parts.push(format!(
            "{} {} of {}",
            now.sequence_counts.noun(),
            grouped(now.sequence_done),
            grouped(now.sequence_total)
        ));
    }
    parts.push("Ctrl-C stops".to_string());
    parts.join(" · ")
}

/// Runs `f` (which prints) with the spinner, if one is shown, lifted off the screen.
pub fn suspended<R>(f: impl FnOnce() -> R) -> R {
    let shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner()).clone();
    match shown {
        Some(bar) => bar.suspend(f),
        None => f(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::counters::Counted;
    use super::*;

    #[test]
    fn the_message_names_what_is_known() {
        let none = Snapshot::default();
        assert_eq!(
            describe(Duration::from_millis(1500), none),
            "1.5 s · Ctrl-C stops"
        );
        let busy = Snapshot {
            positions: 12345,
            sequence_done: 40000,
            sequence_total: 100001,
            sequence_counts: Counted::Heaps,
        };
        assert_eq!(
            describe(Duration::from_secs(3), busy),
            "3.0 s · 12,345 positions · heap 40,000 of 100,001 · Ctrl-C stops"
        );
        let mapping = Snapshot {
            sequence_counts: Counted::Elements,
            ..busy
        };
        assert_eq!(
            describe(Duration::from_secs(3), mapping),
            "3.0 s · 12,345 positions · element 40,000 of 100,001 · Ctrl-C stops"
        );
    }
}
