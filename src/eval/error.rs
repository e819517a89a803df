//! Evaluation errors: a message a mathematician understands, the span of the expression at
//! fault (in the source it belongs to), a hint where one helps, and the chain of calls that led
//! there.

use std::fmt;
use std::rc::Rc;

use miette::{Diagnostic, LabeledSpan, SourceCode};

use crate::diag::window::WindowedSource;

use crate::syntax::ast::Span;

use super::source::Source;

/// Calls listed in a report at most; deeper chains are elided in the middle.
const MAX_TRACE: usize = 12;

/// An evaluation error. Boxed, so that results stay small on the interpreter's hot paths.
#[derive(Clone, Debug)]
pub struct EvalError(Box<ErrorData>);

#[derive(Clone, Debug)]
pub struct ErrorData {
    pub message: String,
    pub span: Span,
    pub label: String,
    pub help: Option<String>,
    /// The source the span points into; filled in as the error leaves the function it arose
    /// in (`None` until then means "the source being run").
    pub source: Option<Rc<Source>>,
    /// The calls the error passed through, innermost first.
    pub trace: Vec<CallSite>,
    /// How many calls were left out of `trace`.
    pub elided: usize,
    /// Raised where a ruleset's position was met again while being valued: the ruleset's
    /// entry point catches it and values the position as a loopy game.
    pub loop_met: bool,
}

/// A call of a user function, as listed under an error; a recursive call from the same place
/// is listed once, with the number of times.
#[derive(Clone, Debug)]
pub struct CallSite {
    pub function: String,
    pub span: Span,
    pub source: Rc<Source>,
    pub times: usize,
}

impl std::ops::Deref for EvalError {
    type Target = ErrorData;
    fn deref(&self) -> &ErrorData {
        &self.0
    }
}

impl std::ops::DerefMut for EvalError {
    fn deref_mut(&mut self) -> &mut ErrorData {
        &mut self.0
    }
}

impl EvalError {
    pub fn new(message: impl Into<String>, span: Span) -> EvalError {
        EvalError(Box::new(ErrorData {
            message: message.into(),
            span,
            label: "here".to_string(),
            help: None,
            source: None,
            trace: Vec::new(),
            elided: 0,
            loop_met: false,
        }))
    }

    pub fn with_label(mut self, label: impl Into<String>) -> EvalError {
        self.label = label.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> EvalError {
        self.help = Some(help.into());
        self
    }

    /// Records that the error left `function`, called at `span` in `caller`.
    pub fn passed_through(&mut self, function: &str, span: Span, caller: &Rc<Source>) {
        if let Some(last) = self.trace.last_mut() {
            if last.function == function && last.span == span && Rc::ptr_eq(&last.source, caller) {
                last.times += 1;
                return;
            }
        }
        let site = CallSite {
            function: function.to_string(),
            span,
            source: caller.clone(),
            times: 1,
        };
        if self.trace.len() < MAX_TRACE {
            self.trace.push(site);
        } else {
            // Keep the outermost call: replace the last kept one and count the dropped.
            self.elided += 1;
            if let Some(last) = self.trace.last_mut() {
                *last = site;
            }
        }
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

/// An `EvalError` with its source attached, as miette renders it.
pub struct Located {
    error: EvalError,
    source: WindowedSource,
    /// The error's span in the source as shown (long lines cut down to windows).
    shown: Span,
    related: Vec<CallReport>,
}

/// One line of the call chain under an error.
#[derive(Debug)]
struct CallReport {
    message: String,
    span: Span,
    source: WindowedSource,
}

impl Located {
    pub fn new(error: EvalError, fallback: &Rc<Source>) -> Located {
        let source = error.source.clone().unwrap_or_else(|| fallback.clone());
        let elided = error.elided;
        let related = error
            .trace
            .iter()
            .enumerate()
            .map(|(i, call)| {
                let mut message = format!("in `{}`, called here", call.function);
                if call.times > 1 {
                    message = format!("{message} ({} times)", call.times);
                }
                if i + 1 == error.trace.len() && elided > 0 {
                    message = format!("({elided} more calls) {message}");
                }
                let source = shown(&call.source, &call.span);
                CallReport {
                    message,
                    span: source.span(call.span.clone()),
                    source,
                }
            })
            .collect();
        let source = shown(&source, &error.span);
        Located {
            shown: source.span(error.span.clone()),
            source,
            error,
            related,
        }
    }
}

/// The source as a report shows it around `span`.
fn shown(source: &Source, span: &Span) -> WindowedSource {
    WindowedSource::new(&source.name, &source.text, std::slice::from_ref(span))
}

impl fmt::Debug for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.error, f)
    }
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.error.message)
    }
}

impl std::error::Error for Located {}

impl Diagnostic for Located {
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let label = LabeledSpan::new_with_span(Some(self.error.label.clone()), self.shown.clone());
        Some(Box::new(std::iter::once(label)))
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)))
    }
}

impl fmt::Display for CallReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CallReport {}

impl Diagnostic for CallReport {
    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Advice)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            None,
            self.span.clone(),
        ))))
    }
}

/// Why evaluation stopped early: an error, or control leaving a loop or a function.
#[derive(Debug)]
pub enum Unwind {
    Error(EvalError),
    Break,
    Continue,
    Return(Value),
}

use super::value::Value;

impl From<EvalError> for Unwind {
    fn from(e: EvalError) -> Unwind {
        Unwind::Error(e)
    }
}

pub type EvalResult<T> = Result<T, EvalError>;

/// "1 was given", "2 were given": the end of an error about a count of arguments.
pub fn were_given(n: usize) -> String {
    if n == 1 {
        "1 was given".to_string()
    } else {
        format!("{n} were given")
    }
}

/// The result of running part of a program.
pub type Flow<T> = Result<T, Unwind>;

/// Runs `f`, turning a refusal of the engine (a computation too large to attempt) into an
/// error at `span`.
pub fn guarded<T>(span: &Span, f: impl FnOnce() -> EvalResult<T>) -> EvalResult<T> {
    crate::core::catch_refusal(f)
        .unwrap_or_else(|message| Err(EvalError::new(message, span.clone())))
}
