//! Where an interactive command (`:explore`, `:play`) reads the lines it asks for: the line
//! editor at a terminal, or the rest of the piped input, so that the same commands run in a
//! terminal, in scripts of input and in golden tests.

use rustyline::error::ReadlineError;

/// A source of typed lines.
pub trait LineSource {
    /// The next line, after showing `prompt` where there is someone to show it to; `None` at
    /// the end of input (Ctrl-D, or Ctrl-C, which leaves the command).
    fn read_line(&mut self, prompt: &str) -> Option<String>;
}

/// The rest of standard input, when it is not a terminal: no prompt is shown.
pub struct PipedLines;

impl LineSource for PipedLines {
    fn read_line(&mut self, _prompt: &str) -> Option<String> {
        let mut line = String::new();
        match std::io::stdin().read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim_end_matches(['\n', '\r']).to_string()),
        }
    }
}

/// The line editor of the interactive session.
pub struct EditorLines<'a, H: rustyline::Helper> {
    pub editor: &'a mut rustyline::Editor<H, rustyline::history::DefaultHistory>,
}

impl<H: rustyline::Helper> LineSource for EditorLines<'_, H> {
    fn read_line(&mut self, prompt: &str) -> Option<String> {
        match self.editor.readline(prompt) {
            Ok(line) => Some(line),
            Err(ReadlineError::Interrupted | ReadlineError::Eof) => None,
            Err(e) => {
                eprintln!("cg: {e}");
                None
            }
        }
    }
}

/// Lines given in advance (for tests).
pub struct ScriptedLines(pub std::collections::VecDeque<String>);

impl LineSource for ScriptedLines {
    fn read_line(&mut self, _prompt: &str) -> Option<String> {
        self.0.pop_front()
    }
}
