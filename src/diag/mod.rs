//! Turning errors into miette reports: one place decides how diagnostics look (colours only on a
//! terminal and without `NO_COLOR`; a fixed width so that golden tests are stable).

pub mod window;

use std::fmt;
use std::io::IsTerminal;

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceCode, SourceSpan,
};

use window::WindowedSource;

/// Width reports are wrapped to.
const REPORT_WIDTH: usize = 100;

/// Whether stderr should get colours.
pub fn colours_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// The report of a diagnostic that carries its own source code.
pub fn render_diagnostic(diagnostic: &dyn Diagnostic, colours: bool) -> String {
    let theme = if colours {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(REPORT_WIDTH);
    let mut out = String::new();
    match handler.render_report(&mut out, diagnostic) {
        // miette heads each related diagnostic with its severity; the calls that led to an
        // error are related to it, but "Advice:" above each says nothing, so it goes.
        Ok(()) => out.replace("\nAdvice: \n", "\n"),
        Err(_) => format!("error: {diagnostic}\n"),
    }
}

/// The report for `error` about `source` (named `name`: a file name or `<expr>`).
pub fn render(error: &dyn Diagnostic, name: &str, source: &str, colours: bool) -> String {
    let spans: Vec<_> = error
        .labels()
        .into_iter()
        .flatten()
        .map(|l| l.offset()..l.offset() + l.len())
        .collect();
    let attached = Attached {
        inner: error,
        source: WindowedSource::new(name, source, &spans),
    };
    render_diagnostic(&attached, colours)
}

/// A diagnostic with a source attached to it.
struct Attached<'a> {
    inner: &'a dyn Diagnostic,
    source: WindowedSource,
}

impl fmt::Debug for Attached<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for Attached<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner, f)
    }
}

impl std::error::Error for Attached<'_> {}

impl Diagnostic for Attached<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.help()
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels = self.inner.labels()?.map(|l| {
            let shown = self.source.span(l.offset()..l.offset() + l.len());
            LabeledSpan::new_with_span(l.label().map(str::to_string), SourceSpan::from(shown))
        });
        Some(Box::new(labels))
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        self.inner.related()
    }
}
