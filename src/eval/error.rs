//! Evaluation errors: a message a mathematician understands, the span of the expression at
//! fault, and a hint where one helps.

use std::fmt;

use crate::syntax::ast::Span;

#[derive(Clone, Debug, PartialEq, Eq, miette::Diagnostic)]
pub struct EvalError {
    pub message: String,
    #[label("{label}")]
    pub span: Span,
    pub label: String,
    #[help]
    pub help: Option<String>,
}

impl EvalError {
    pub fn new(message: impl Into<String>, span: Span) -> EvalError {
        EvalError {
            message: message.into(),
            span,
            label: "here".to_string(),
            help: None,
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> EvalError {
        self.label = label.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> EvalError {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

pub type EvalResult<T> = Result<T, EvalError>;
