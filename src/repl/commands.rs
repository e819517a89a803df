//! The session's `:` commands.

use std::rc::Rc;

use crate::eval::interp::print_line;
use crate::eval::{builtins, Interpreter, Mode, Source};

use super::{Session, COMMANDS};

/// Runs `:command args`; false when the session should end.
pub fn run(
    session: &mut Session,
    command: &str,
    colour: bool,
    lines: &mut dyn super::input::LineSource,
) -> bool {
    let (name, rest) = match command.split_once(char::is_whitespace) {
        Some((n, r)) => (n, r.trim()),
        None => (command, ""),
    };
    match name {
        "q" | "quit" | "exit" => return false,
        "h" | "help" if rest.is_empty() => print_overview(),
        "h" | "help" => print_builtin(rest),
        "load" | "l" => load(session, rest, colour),
        "time" | "t" => session.timed(rest, colour),
        "type" => {
            if let Some(v) = session.evaluate(rest, "<type>", Mode::LastValue, colour) {
                print_line(v.kind());
            }
        }
        "explore" | "e" => super::explore::explore(session, rest, colour, lines),
        "play" | "p" => super::play::play(session, rest, colour, lines),
        "reset" => {
            session.interpreter = Interpreter::new();
            print_line("every definition is forgotten");
        }
        other => {
            eprintln!("unknown command `:{other}`; the commands are:");
            for (_, usage) in COMMANDS {
                eprintln!("  {usage}");
            }
        }
    }
    true
}

fn load(session: &mut Session, path: &str, colour: bool) {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let source = Rc::new(Source::new(path, text, Some(path.into())));
            session.run(source, Mode::Echo, colour);
        }
        Err(e) => eprintln!("cannot read {path}: {e}"),
    }
}

fn print_overview() {
    print_line(&overview());
}

/// What `:help` says: how input works, the commands, and the builtin functions.
pub fn overview() -> String {
    let mut lines = vec![
        "Type expressions and statements; their values are printed (a `;` at the end keeps quiet)."
            .to_string(),
        "`_` is the last value. A line left unfinished (a brace, a `def` without `end`) continues."
            .to_string(),
        String::new(),
        "Commands:".to_string(),
    ];
    lines.extend(COMMANDS.iter().map(|(_, usage)| format!("  {usage}")));
    lines.push(String::new());
    lines.push("Builtin functions (:help NAME for one):".to_string());
    let names: Vec<&str> = builtins::all().map(|b| b.name).collect();
    lines.extend(names.chunks(8).map(|line| format!("  {}", line.join(", "))));
    lines.join("\n")
}

fn print_builtin(name: &str) {
    match builtin_help(name) {
        Ok(text) => print_line(&text),
        Err(message) => eprintln!("{message}"),
    }
}

/// What `:help NAME` says about a builtin (its signature, description and an example), or why
/// there is nothing to say.
pub fn builtin_help(name: &str) -> Result<String, String> {
    match builtins::lookup(name) {
        Some(b) => Ok(format!(
            "{}\n  {}\n  example: {}",
            b.signature, b.doc, b.example
        )),
        None => {
            let candidates = builtins::all().map(|b| b.name);
            Err(match builtins::closest(name, candidates) {
                Some(s) => format!("no builtin `{name}`; did you mean `{s}`?"),
                None => format!("no builtin `{name}`; :help lists them"),
            })
        }
    }
}
