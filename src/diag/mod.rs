//! Turning errors into miette reports: one place decides how diagnostics look (colours only on a
//! terminal and without `NO_COLOR`; a fixed width so that golden tests are stable).

use std::io::IsTerminal;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource};

/// Width reports are wrapped to.
const REPORT_WIDTH: usize = 100;

/// Whether stderr should get colours.
pub fn colours_wanted() -> bool {
    std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal()
}

/// The report for `error` about `source` (named `name`, a file name or `<expr>`), as text.
pub fn render<E>(error: E, name: &str, source: &str, colours: bool) -> String
where
    E: Diagnostic + Send + Sync + 'static,
{
    let theme = if colours {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(REPORT_WIDTH);
    let report =
        miette::Report::new(error).with_source_code(NamedSource::new(name, source.to_string()));
    let mut out = String::new();
    match handler.render_report(&mut out, report.as_ref()) {
        Ok(()) => out,
        Err(_) => format!("error: {report}\n"),
    }
}
