//! The interactive session: a rustyline editor with history kept across sessions, multi-line
//! input (an unfinished brace, bracket or block continues on the next line, at `... `), completion of
//! names and commands, bracket matching, and the `:` commands. Errors are reported and the
//! session goes on; Ctrl-C interrupts a computation and keeps every definition.

pub mod commands;
mod explore;
pub mod input;
mod library_help;
mod moves;
mod notation_help;
mod play;

use std::borrow::Cow;
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Instant;

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter, MatchingBracketHighlighter};
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};

use crate::core::{catch_interrupt, request_interrupt};
use crate::eval::interp::print_line;
use crate::eval::{builtins, Interpreter, Mode, Source, Value};

/// The `:` commands, for completion and `:help`.
pub const COMMANDS: &[(&str, &str)] = &[
    (":help", ":help, or :help NAME for a builtin function"),
    (":load", ":load FILE runs a script in this session"),
    (":time", ":time EXPR prints the value and how long it took"),
    (":type", ":type EXPR prints what kind of value EXPR is"),
    (":reset", ":reset forgets every definition"),
    (
        ":explore",
        ":explore G walks the game tree of a position, a sum or a game",
    ),
    (
        ":play",
        ":play S plays a sum against cg (:play S auto: cg against itself)",
    ),
    (":quit", ":quit (or Ctrl-D) ends the session"),
];

const KEYWORDS: &[&str] = &[
    "let",
    "def",
    "memo",
    "if",
    "then",
    "elif",
    "else",
    "end",
    "for",
    "in",
    "do",
    "while",
    "break",
    "continue",
    "return",
    "load",
    "ruleset",
    "impartial",
    "and",
    "or",
    "not",
    "true",
    "false",
];

/// What the editor knows about the session: the names it can complete.
struct CgHelper {
    names: Rc<RefCell<Vec<String>>>,
    brackets: MatchingBracketHighlighter,
    colour: bool,
}

impl Helper for CgHelper {}

impl Hinter for CgHelper {
    type Hint = String;
}

/// Every line the editor returns is taken as it is: an unfinished input is continued by
/// `read_input`, with a prompt of its own, which rustyline's multi-line buffer cannot show.
impl Validator for CgHelper {}

/// Whether more lines could finish `text` (an unclosed brace, bracket or block).
pub fn needs_more(text: &str) -> bool {
    !text.trim_start().starts_with(':')
        && matches!(crate::syntax::parse_program(text), Err(e) if e.incomplete)
}

/// One input: a line read at the prompt `cg> `, and while it is unfinished, lines read at
/// `... `. An empty line there, or Ctrl-D, ends the input as it stands, so the parser says what
/// is missing; Ctrl-C drops it (an empty input).
fn read_input(
    editor: &mut Editor<CgHelper, rustyline::history::DefaultHistory>,
) -> rustyline::Result<String> {
    let mut text = editor.readline("cg> ")?;
    while needs_more(&text) {
        match editor.readline("... ") {
            Ok(line) if line.trim().is_empty() => break,
            Ok(line) => {
                text.push('\n');
                text.push_str(&line);
            }
            Err(ReadlineError::Eof) => break,
            Err(ReadlineError::Interrupted) => return Ok(String::new()),
            Err(e) => return Err(e),
        }
    }
    Ok(text)
}

impl Highlighter for CgHelper {
    fn highlight<'l>(&self, line: &'l str, pos: usize) -> Cow<'l, str> {
        if self.colour {
            self.brackets.highlight(line, pos)
        } else {
            Cow::Borrowed(line)
        }
    }

    fn highlight_char(&self, line: &str, pos: usize, kind: CmdKind) -> bool {
        self.colour && self.brackets.highlight_char(line, pos, kind)
    }
}

impl Completer for CgHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let start = word_start(before);
        let word = &before[start..];
        if word.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let pairs = completions(word, &self.names.borrow())
            .into_iter()
            .map(|c| Pair {
                display: c.clone(),
                replacement: c,
            })
            .collect();
        Ok((start, pairs))
    }
}

/// Where the word that ends `before` starts (a name, or a `:` command).
pub fn word_start(before: &str) -> usize {
    before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .map_or(0, |i| i + 1)
}

/// The completions of `word`, in order: commands for `:...`, else builtins, keywords and the
/// session's own names.
pub fn completions(word: &str, defined: &[String]) -> Vec<String> {
    if word.is_empty() {
        return Vec::new();
    }
    let mut candidates: Vec<String> = if word.starts_with(':') {
        COMMANDS.iter().map(|(c, _)| c.to_string()).collect()
    } else {
        let mut all: Vec<String> = builtins::all().map(|b| b.name.to_string()).collect();
        all.extend(KEYWORDS.iter().map(|k| k.to_string()));
        all.extend(defined.iter().cloned());
        all
    };
    candidates.retain(|c| c.starts_with(word));
    candidates.sort();
    candidates.dedup();
    candidates
}

/// Where the session's history is kept: `$XDG_DATA_HOME/cg/history`, else
/// `~/.local/share/cg/history`.
fn history_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))?;
    let dir = base.join("cg");
    std::fs::create_dir_all(&dir).ok()?;
    Some(dir.join("history"))
}

/// Runs the interactive session on a terminal; returns the exit status.
pub fn run() -> u8 {
    let _ = ctrlc::set_handler(request_interrupt);
    let colour = crate::diag::colours_wanted();
    let names = Rc::new(RefCell::new(Vec::new()));
    let helper = CgHelper {
        names: names.clone(),
        brackets: MatchingBracketHighlighter::new(),
        colour,
    };
    let mut editor: Editor<CgHelper, rustyline::history::DefaultHistory> = match Editor::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("cg: cannot start the line editor: {e}");
            return 1;
        }
    };
    editor.set_helper(Some(helper));
    let history = history_path();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    print_line(&format!(
        "cg {}: combinatorial game theory. :help for help, :quit or Ctrl-D to leave.",
        env!("CARGO_PKG_VERSION")
    ));
    let mut session = Session::new();
    session.interpreter.sketch_thermographs(true);
    let mut number = 0;
    loop {
        match read_input(&mut editor) {
            Ok(line) => {
                if line.trim().is_empty() {
                    continue;
                }
                let _ = editor.add_history_entry(line.as_str());
                number += 1;
                let name = format!("<input {number}>");
                let mut lines = input::EditorLines {
                    editor: &mut editor,
                };
                session.interpreter.abbreviate_beyond(Some(screen_chars()));
                if !session.handle_with(&line, &name, colour, &mut lines) {
                    break;
                }
                *names.borrow_mut() = session
                    .interpreter
                    .globals
                    .defined_names()
                    .map(String::from)
                    .collect();
            }
            // Ctrl-C at the prompt clears the line.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("cg: {e}");
                break;
            }
        }
    }
    if let Some(path) = &history {
        let _ = editor.save_history(path);
    }
    0
}

/// The characters of a screenful of the terminal (80 by 24 when it cannot be told), less a
/// few lines for the prompt and the length.
fn screen_chars() -> usize {
    let (rows, columns) = console::Term::stdout().size_checked().unwrap_or((24, 80));
    usize::from(rows.max(4) - 3) * usize::from(columns)
}

/// Why an input gave no value.
pub enum Failure {
    /// An error, as its miette report.
    Error(String),
    /// Ctrl-C (or a notebook's interrupt) stopped the computation.
    Interrupted,
}

/// An interactive session's state, shared by the terminal editor and piped input.
pub struct Session {
    pub interpreter: Interpreter,
    /// Whether the last input was stopped by Ctrl-C (piped input then ends there).
    interrupted: bool,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            interpreter: Interpreter::new(),
            interrupted: false,
        }
    }

    /// Handles one input (statements or a `:` command); false when the session should end.
    /// A command that asks for more lines (`:explore`, `:play`) reads them from standard
    /// input.
    pub fn handle(&mut self, input: &str, name: &str, colour: bool) -> bool {
        self.handle_with(input, name, colour, &mut input::PipedLines)
    }

    /// [`handle`](Session::handle), with the lines that commands ask for read from `lines`.
    pub fn handle_with(
        &mut self,
        input: &str,
        name: &str,
        colour: bool,
        lines: &mut dyn input::LineSource,
    ) -> bool {
        let trimmed = input.trim();
        if let Some(command) = trimmed.strip_prefix(':') {
            return commands::run(self, command, colour, lines);
        }
        self.evaluate(input, name, Mode::Echo, colour);
        true
    }

    /// Whether Ctrl-C stopped a computation since the last call.
    pub fn take_interrupted(&mut self) -> bool {
        std::mem::take(&mut self.interrupted)
    }

    /// Evaluates `text`, reporting errors and interrupts; the last value is kept as `_`.
    fn evaluate(&mut self, text: &str, name: &str, mode: Mode, colour: bool) -> Option<Value> {
        self.run(Rc::new(Source::new(name, text, None)), mode, colour)
    }

    /// Runs a source with progress shown and Ctrl-C caught, reporting errors; the last value
    /// echoed is kept as `_`.
    fn run(&mut self, source: Rc<Source>, mode: Mode, colour: bool) -> Option<Value> {
        match self.execute(source, mode, colour) {
            Ok(value) => Some(value),
            Err(Failure::Error(report)) => {
                eprint!("{report}");
                None
            }
            Err(Failure::Interrupted) => {
                eprintln!("interrupted");
                None
            }
        }
    }

    /// Runs a source with progress shown and Ctrl-C caught; the last value echoed is kept as
    /// `_`, and an interrupted computation leaves the session usable with its definitions.
    pub fn execute(
        &mut self,
        source: Rc<Source>,
        mode: Mode,
        colour: bool,
    ) -> Result<Value, Failure> {
        let interpreter = &mut self.interpreter;
        let watch = crate::progress::Watch::start();
        let result = catch_interrupt(|| interpreter.run_source(source.clone(), mode));
        drop(watch);
        match result {
            Ok(Ok(value)) => {
                if let Some(last) = self.interpreter.take_last_echoed() {
                    self.interpreter.globals.define("_", last);
                }
                Ok(value)
            }
            Ok(Err(e)) => Err(Failure::Error(e.render(&source, colour))),
            Err(_) => {
                self.interpreter.recover();
                self.interrupted = true;
                Err(Failure::Interrupted)
            }
        }
    }

    /// Evaluates an expression and reports how long it took.
    fn timed(&mut self, text: &str, colour: bool) {
        let start = Instant::now();
        let value = self.evaluate(text, "<time>", Mode::LastValue, colour);
        let elapsed = start.elapsed();
        if let Some(v) = value {
            if !matches!(v, Value::Nothing) {
                let text = catch_interrupt(|| self.interpreter.echo_text(&v));
                print_line(&text.unwrap_or_else(|_| "interrupted".to_string()));
            }
            print_line(&format!("time: {}", format_duration(elapsed)));
        }
    }
}

fn format_duration(d: std::time::Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.3} s")
    } else if s >= 1e-3 {
        format!("{:.3} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}
