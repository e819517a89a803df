//! A cg session in a terminal, driven through tmux as a person would: start it, type lines,
//! press Ctrl-C, and wait for text to appear. Shared by the tests that need a real terminal
//! (the prompt's abbreviation, Ctrl-C, `:play`); each uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// How long a wait may take before the test fails: generous, as CI machines are often loaded.
const PATIENCE: Duration = Duration::from_secs(60);

/// What the waits read: the visible screen, or the whole session with scrolled-off lines.
#[derive(Clone, Copy)]
pub enum Scope {
    Screen,
    History,
}

/// A `cg` REPL running in a detached tmux session, with a home directory of its own (so that
/// no history file or configuration of the machine leaks in). Killed when dropped.
pub struct Terminal {
    session: String,
    home: PathBuf,
    scope: Scope,
}

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl Terminal {
    /// Starts cg in a `width` x `height` terminal and waits for its prompt; `None` (after saying
    /// so) on a machine without tmux, where the calling test is skipped.
    pub fn start(name: &str, width: u16, height: u16, scope: Scope) -> Option<Terminal> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("tmux is not installed: skipping the terminal test {name}");
            return None;
        }
        let session = format!("cg-{name}-{}", std::process::id());
        let home = std::env::temp_dir().join(&session);
        std::fs::create_dir_all(&home).expect("a temporary home");
        let command = format!(
            "HOME={} NO_COLOR=1 {}",
            home.display(),
            env!("CARGO_BIN_EXE_cg")
        );
        let (width, height) = (width.to_string(), height.to_string());
        tmux(&[
            "new-session",
            "-d",
            "-s",
            &session,
            "-x",
            &width,
            "-y",
            &height,
            &command,
        ]);
        let terminal = Terminal {
            session,
            home,
            scope,
        };
        terminal.wait_for("cg>");
        Some(terminal)
    }

    /// The home directory cg runs with, for files a test hands to it.
    pub fn home(&self) -> &Path {
        &self.home
    }

    /// What the waits read, with lines the terminal wrapped joined again.
    pub fn read(&self) -> String {
        let mut args = vec!["capture-pane", "-t", &self.session, "-p", "-J"];
        if let Scope::History = self.scope {
            args.extend(["-S", "-100000"]);
        }
        tmux(&args)
    }

    /// Types `keys` and Enter.
    pub fn send(&self, keys: &str) {
        tmux(&["send-keys", "-t", &self.session, "-l", keys]);
        tmux(&["send-keys", "-t", &self.session, "Enter"]);
    }

    /// Clears the screen (Ctrl-L at the prompt) and waits until `gone` is no longer shown, so
    /// that a message an earlier step printed cannot be mistaken for a new one even when a
    /// long output has scrolled it away.
    #[allow(dead_code)]
    pub fn clear_screen(&self, gone: &str) {
        tmux(&["send-keys", "-t", &self.session, "C-l"]);
        self.wait_until(&format!("the screen cleared of {gone:?}"), |shown| {
            !shown.contains(gone)
        });
    }

    pub fn ctrl_c(&self) {
        tmux(&["send-keys", "-t", &self.session, "C-c"]);
    }

    /// Waits until `done` holds of what is read, and returns it; fails after a while, showing
    /// the screen and `waiting_for`.
    pub fn wait_until(&self, waiting_for: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let shown = self.read();
            if done(&shown) {
                return shown;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "never saw {waiting_for}; the screen:\n{shown}"
            );
            sleep(Duration::from_millis(20));
        }
    }

    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |shown| shown.contains(text))
    }

    /// Waits until `text` is read `count` times: a message an earlier step already printed
    /// (`interrupted`) is only new when it appears once more.
    pub fn wait_for_count(&self, text: &str, count: usize) -> String {
        self.wait_until(&format!("{text:?} {count} times"), |shown| {
            shown.matches(text).count() >= count
        })
    }

    /// Presses Ctrl-C after `delay`, and returns how long cg took to say `interrupted` for the
    /// `count`-th time.
    pub fn interrupt_after(&self, delay: Duration, count: usize) -> Duration {
        sleep(delay);
        let start = Instant::now();
        self.ctrl_c();
        self.wait_for_count("interrupted", count);
        start.elapsed()
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        tmux(&["kill-session", "-t", &self.session]);
        let _ = std::fs::remove_dir_all(&self.home);
    }
}
