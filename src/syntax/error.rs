//! The one error type of the front end: every lexing and parsing failure becomes a
//! [`SyntaxError`], a miette diagnostic with a message, the span it points at, a short label
//! under that span and an optional hint.

use std::fmt;

use super::ast::Span;

/// A lexing or parsing error, ready to be shown with miette.
///
/// `message` is a sentence a mathematician can act on ("unexpected `)`; expected an
/// expression"), `span` the byte range of the source it is about (empty at the end of the input),
/// `label` the short text miette writes under the span, `help` an optional hint.
#[derive(Clone, Debug, PartialEq, Eq, miette::Diagnostic)]
pub struct SyntaxError {
    pub message: String,
    #[label("{label}")]
    pub span: Span,
    pub label: String,
    #[help]
    pub help: Option<String>,
    /// The input ended before the construct did: more lines could complete it (the interactive
    /// session then asks for them).
    pub incomplete: bool,
}

impl SyntaxError {
    /// An error with the label "here" and no hint.
    pub fn new(message: impl Into<String>, span: Span) -> Self {
        SyntaxError {
            message: message.into(),
            span,
            label: "here".to_string(),
            help: None,
            incomplete: false,
        }
    }

    /// Replaces the label written under the span.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Adds (or replaces) the hint.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SyntaxError {}
