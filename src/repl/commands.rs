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
    print_line(
        "Type expressions and statements; their values are printed (a `;` at the end keeps quiet).",
    );
    print_line(
        "`_` is the last value. A line left unfinished (a brace, a `def` without `end`) continues.",
    );
    print_line("");
    print_line("Commands:");
    for (_, usage) in COMMANDS {
        print_line(&format!("  {usage}"));
    }
    print_line("");
    print_line("Builtin functions (:help NAME for one):");
    let names: Vec<&str> = builtins::all().map(|b| b.name).collect();
    for line in names.chunks(8) {
        print_line(&format!("  {}", line.join(", ")));
    }
}

fn print_builtin(name: &str) {
    match builtins::lookup(name) {
        Some(b) => {
            print_line(b.signature);
            print_line(&format!("  {}", b.doc));
            print_line(&format!("  example: {}", b.example));
        }
        None => {
            let candidates = builtins::all().map(|b| b.name);
            match builtins::closest(name, candidates) {
                Some(s) => eprintln!("no builtin `{name}`; did you mean `{s}`?"),
                None => eprintln!("no builtin `{name}`; :help lists them"),
            }
        }
    }
}
