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
        "h" | "help" if rest.is_empty() => print_line(&overview(session)),
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

/// What `:help` says: how input works, the commands, the builtin functions and the rulesets
/// defined (by the standard library, and by the session so far).
pub fn overview(session: &Session) -> String {
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
    for (heading, group) in builtins::groups() {
        let names: Vec<&str> = group.iter().map(|b| b.name).collect();
        lines.push(format!("  {heading}:"));
        lines.extend(filled(&names, "    ", HELP_WIDTH));
    }
    lines.push(String::new());
    lines.push(
        "Rulesets (R(position) is a value; most have a shorthand taking the position as drawn,"
            .to_string(),
    );
    lines.push("as amazons(\"x...|...o\"): README, \"Builtin rulesets\"):".to_string());
    let rulesets = session.interpreter.globals.ruleset_names();
    lines.extend(filled(&rulesets, "  ", HELP_WIDTH));
    lines.push(String::new());
    lines.push("Heap families, written as in the literature (:help octal, ...):".to_string());
    lines.extend(filled(super::notation_help::FAMILIES, "  ", HELP_WIDTH));
    lines.push(
        "Loopy games by name, and the move to the position itself (:help on, ...):".to_string(),
    );
    lines.extend(filled(super::notation_help::CONSTANTS, "  ", HELP_WIDTH));
    lines.join("\n")
}

/// The width `:help` fills its lists to: narrower than most terminals.
const HELP_WIDTH: usize = 88;

/// `words` joined by ", " into lines of at most `width` characters, each after `indent`.
fn filled(words: &[&str], indent: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::from(indent);
    for (i, word) in words.iter().enumerate() {
        let piece = if i + 1 < words.len() {
            format!("{word},")
        } else {
            word.to_string()
        };
        if line.len() > indent.len() && line.len() + 1 + piece.len() > width {
            lines.push(std::mem::replace(&mut line, String::from(indent)));
        }
        if line.len() > indent.len() {
            line.push(' ');
        }
        line.push_str(&piece);
    }
    if line.len() > indent.len() {
        lines.push(line);
    }
    lines
}

fn print_builtin(name: &str) {
    match builtin_help(name) {
        Ok(text) => print_line(&text),
        Err(message) => eprintln!("{message}"),
    }
}

/// What `:help NAME` says about a builtin (its signature, description and an example) or a
/// definition of the standard library (its comment), or why there is nothing to say.
pub fn builtin_help(name: &str) -> Result<String, String> {
    match builtins::lookup(name) {
        Some(b) => Ok(format!(
            "{}\n  {}\n  example: {}",
            b.signature, b.doc, b.example
        )),
        None => {
            if let Some(help) = super::library_help::library_help(name) {
                return Ok(help);
            }
            if let Some(help) = super::notation_help::notation_help(name) {
                return Ok(help.to_string());
            }
            let candidates = builtins::all().map(|b| b.name);
            Err(match builtins::closest(name, candidates) {
                Some(s) => format!("no builtin `{name}`; did you mean `{s}`?"),
                None => format!("no builtin or library definition `{name}`; :help lists them"),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_names_every_builtin_and_stdlib_ruleset_within_its_width() {
        let session = Session::new();
        let text = overview(&session);
        let listed: std::collections::HashSet<&str> = text
            .lines()
            .filter(|l| l.starts_with("  ") && !l.trim_end().ends_with(':'))
            .flat_map(|l| l.split(',').map(str::trim))
            .collect();
        for b in builtins::all() {
            assert!(listed.contains(b.name), "{} is not listed", b.name);
        }
        for ruleset in ["Amazons", "Domineering", "FoxAndGeese", "Nim", "Wythoff"] {
            assert!(listed.contains(ruleset), "{ruleset} is not listed");
        }
        for line in text.lines().filter(|l| l.starts_with("    ")) {
            assert!(line.len() <= HELP_WIDTH, "too long: {line}");
        }
    }

    #[test]
    fn filled_lines_break_between_words() {
        let lines = filled(&["ab", "cd", "ef"], "  ", 9);
        assert_eq!(lines, ["  ab, cd,", "  ef"]);
        assert!(filled(&[], "  ", 9).is_empty());
    }
}
