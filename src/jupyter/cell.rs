//! The kernel's evaluating side: one session, on the thread with the large stack, running the
//! cells it is sent in order and reporting what they print and show as events. Definitions
//! stay from cell to cell as in the terminal session; an interrupt stops a cell and keeps them.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::sync::mpsc::Receiver;

use jupyter_protocol::{CompleteReply, InspectReply, Media, MediaType, ReplyError};
use tokio::sync::mpsc::UnboundedSender;
use tokio::sync::oneshot;

use crate::eval::{Mode, Source};
use crate::repl::commands::{builtin_help, overview};
use crate::repl::{completions, word_start, Failure, Session};

use super::display::{picture_bundle, value_bundle};

/// Work for the session.
pub enum Job {
    /// Runs a cell; its output comes back as events, ending with `Event::Finished`.
    Execute { code: String, number: usize },
    /// The completions at a cursor (counted in characters, as the protocol counts).
    Complete {
        code: String,
        cursor: usize,
        reply: oneshot::Sender<CompleteReply>,
    },
    /// What `:help` says about the name at a cursor.
    Inspect {
        code: String,
        cursor: usize,
        reply: oneshot::Sender<InspectReply>,
    },
}

/// What a running cell does that the notebook should see.
pub enum Event {
    /// Text printed (by `print`, or a builtin that reports what it wrote).
    Stdout(String),
    /// A value or picture to show.
    Display(Media),
    /// The cell is done: `None` when it ran to the end.
    Finished(Option<ReplyError>),
}

/// Runs the jobs in `jobs` until the channel closes, sending each cell's events to `events`.
pub fn serve(jobs: Receiver<Job>, events: UnboundedSender<Event>) {
    let mut session = notebook_session(&events);
    for job in jobs {
        match job {
            Job::Execute { code, number } => {
                let end = execute(&mut session, &events, &code, number);
                let _ = events.send(Event::Finished(end));
            }
            Job::Complete {
                code,
                cursor,
                reply,
            } => {
                let _ = reply.send(complete(&session, &code, cursor));
            }
            Job::Inspect {
                code,
                cursor,
                reply,
            } => {
                let _ = reply.send(inspect(&code, cursor));
            }
        }
    }
}

/// A session whose printing, echoed values and pictures go to the notebook.
fn notebook_session(events: &UnboundedSender<Event>) -> Session {
    let mut session = Session::new();
    let interpreter = &mut session.interpreter;
    let printed = events.clone();
    interpreter.set_output(move |line| {
        let _ = printed.send(Event::Stdout(format!("{line}\n")));
    });
    let echoed = events.clone();
    interpreter.set_echo(move |value| {
        let _ = echoed.send(Event::Display(value_bundle(value)));
    });
    let shown = events.clone();
    interpreter.set_pictures(move |svg| {
        let _ = shown.send(Event::Display(picture_bundle(svg)));
    });
    session
}

/// Runs one cell: a cg program, or one of the `:` commands that make sense in a notebook.
fn execute(
    session: &mut Session,
    events: &UnboundedSender<Event>,
    code: &str,
    number: usize,
) -> Option<ReplyError> {
    if let Some(command) = code.trim().strip_prefix(':') {
        return command_in_cell(session, events, command.trim());
    }
    let source = Rc::new(Source::new(format!("<cell {number}>"), code, None));
    // A bug in cg must cost the notebook one cell, not the kernel and every definition.
    let run = catch_unwind(AssertUnwindSafe(|| {
        session.execute(source, Mode::Echo, false)
    }));
    match run {
        Ok(Ok(_)) => None,
        Ok(Err(Failure::Error(report))) => Some(error_of_report("Error", &report)),
        Ok(Err(Failure::Interrupted)) => Some(ReplyError {
            ename: "Interrupted".to_string(),
            evalue: "interrupted".to_string(),
            traceback: vec!["interrupted".to_string()],
        }),
        Err(_) => {
            session.interpreter.recover();
            let why = "internal error (this is a bug in cg; please report it with the cell)";
            Some(error_of_report("InternalError", why))
        }
    }
}

/// `:help`, `:help NAME` and `:reset` in a cell; the other commands need a terminal.
fn command_in_cell(
    session: &mut Session,
    events: &UnboundedSender<Event>,
    command: &str,
) -> Option<ReplyError> {
    let (name, rest) = match command.split_once(char::is_whitespace) {
        Some((n, r)) => (n, r.trim()),
        None => (command, ""),
    };
    let say = |text: String| {
        let _ = events.send(Event::Stdout(text + "\n"));
    };
    match name {
        "h" | "help" if rest.is_empty() => say(overview(session)),
        "h" | "help" => match builtin_help(rest) {
            Ok(text) => say(text),
            Err(message) => return Some(error_of_report("Error", &message)),
        },
        "reset" => {
            *session = notebook_session(events);
            say("every definition is forgotten".to_string());
        }
        other => {
            return Some(error_of_report(
                "Error",
                &format!(
                    "`:{other}` is not available in a notebook (:help and :reset are; the others need a terminal)"
                ),
            ))
        }
    }
    None
}

/// A Jupyter error from a miette report: its first line is the message.
fn error_of_report(ename: &str, report: &str) -> ReplyError {
    let message = report
        .lines()
        .map(|l| l.trim().trim_start_matches('×').trim())
        .find(|l| !l.is_empty())
        .unwrap_or("error");
    ReplyError {
        ename: ename.to_string(),
        evalue: message.to_string(),
        traceback: report.trim_end().lines().map(str::to_string).collect(),
    }
}

/// The byte offset of the `cursor`th character of `code` (the protocol counts characters).
fn byte_offset(code: &str, cursor: usize) -> usize {
    code.char_indices()
        .nth(cursor)
        .map_or(code.len(), |(at, _)| at)
}

fn complete(session: &Session, code: &str, cursor: usize) -> CompleteReply {
    let end = byte_offset(code, cursor);
    let before = &code[..end];
    let start = word_start(before);
    let defined: Vec<String> = session
        .interpreter
        .globals
        .defined_names()
        .map(String::from)
        .collect();
    CompleteReply {
        matches: completions(&before[start..], &defined),
        cursor_start: before[..start].chars().count(),
        cursor_end: cursor,
        ..CompleteReply::default()
    }
}

/// The name under (or just before) the cursor.
fn name_at(code: &str, cursor: usize) -> &str {
    let at = byte_offset(code, cursor);
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let start = code[..at].rfind(|c| !is_name(c)).map_or(0, |i| i + 1);
    let end = code[at..]
        .find(|c| !is_name(c))
        .map_or(code.len(), |i| at + i);
    &code[start..end]
}

fn inspect(code: &str, cursor: usize) -> InspectReply {
    match builtin_help(name_at(code, cursor)) {
        Ok(text) => InspectReply {
            found: true,
            data: Media::new(vec![MediaType::Plain(text)]),
            ..InspectReply::default()
        },
        Err(_) => InspectReply::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_count_characters() {
        assert_eq!(byte_offset("↑x", 1), "↑".len());
        assert_eq!(byte_offset("ab", 5), 2);
    }

    #[test]
    fn the_name_at_a_cursor_spans_both_sides() {
        assert_eq!(name_at("1 + temperature(g)", 7), "temperature");
        assert_eq!(name_at("grundy", 6), "grundy");
        assert_eq!(name_at("", 0), "");
    }

    #[test]
    fn an_error_takes_the_report_s_first_line_as_its_value() {
        let e = error_of_report("Error", "  × no such name `x`\n   ╭─[<cell 1>:1:1]\n");
        assert_eq!(e.evalue, "no such name `x`");
        assert_eq!(e.traceback.len(), 2);
    }
}
