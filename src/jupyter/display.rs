//! How a value looks in a notebook: the bundle of MIME types a front end chooses from. The
//! plain text is always exactly what the terminal session prints; beside it, games and numbers
//! come as mathematics (their `latex()` form), thermographs as SVG pictures and tables as HTML.

use jupyter_protocol::{Media, MediaType};

use crate::eval::interp::echo_lines;
use crate::eval::latex::value_latex;
use crate::eval::table::{cell_text, Table};
use crate::eval::Value;
use crate::render::table::Align;
use crate::render::thermograph_svg::thermograph_svg;

/// The MIME bundle of an echoed value.
pub fn value_bundle(v: &Value) -> Media {
    let mut content = vec![MediaType::Plain(echo_lines(v, true).join("\n"))];
    match v {
        Value::Thermograph(th) => content.extend(thermograph_svg(th).map(MediaType::Svg)),
        Value::Table(t) => content.push(MediaType::Html(table_html(t))),
        _ => content.extend(math_latex(v).map(MediaType::Latex)),
    }
    Media::new(content)
}

/// The bundle of a picture that `plot(x)` shows.
pub fn picture_bundle(svg: &str) -> Media {
    Media::new(vec![
        MediaType::Plain("<an SVG picture>".to_string()),
        MediaType::Svg(svg.to_string()),
    ])
}

/// Whether a value is mathematics that a notebook should typeset: games, numbers, outcomes,
/// periodicities, and lists, tuples and sets of them. (Thermographs and tables have pictures
/// of their own; strings, truth values and the rest read best as text.)
fn is_math(v: &Value) -> bool {
    match v {
        Value::Number(_)
        | Value::Game(_)
        | Value::Sum(_)
        | Value::Explicit(_)
        | Value::Outcome(_)
        | Value::Periodicity(_)
        | Value::UptimalExpansion(_)
        | Value::LoopyNimber(_) => true,
        Value::List(items) => !items.is_empty() && items.iter().all(is_math),
        Value::Tuple(items) => !items.is_empty() && items.iter().all(is_math),
        Value::NimList(list) => !list.is_empty(),
        Value::Set(items) => !items.is_empty() && items.iter().all(is_math),
        _ => false,
    }
}

/// The `latex()` form of a value as display mathematics, with MathJax definitions of the
/// `combgames` macros it uses (a notebook has no LaTeX preamble to load the package from).
fn math_latex(v: &Value) -> Option<String> {
    if !is_math(v) {
        return None;
    }
    let body = value_latex(v).ok()?;
    let definitions: String = COMBGAMES_FOR_MATHJAX
        .iter()
        .filter(|(name, _)| uses_macro(&body, name))
        .map(|(_, definition)| *definition)
        .collect();
    Some(format!("$\\displaystyle {definitions}{body}$"))
}

/// Whether `text` calls the control word `name` (not merely a longer word that starts so).
fn uses_macro(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        !text[at + name.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
    })
}

/// The `combgames` macros that `latex()` writes, defined with what MathJax knows, looking as
/// close to the package's glyphs as its symbols allow.
const COMBGAMES_FOR_MATHJAX: &[(&str, &str)] = &[
    (r"\combgame", r"\def\combgame#1{#1}"),
    (r"\cgslash", r"\def\cgslash{\mathbin{|}}"),
    (r"\cgsslash", r"\def\cgsslash{\mathbin{\|}}"),
    (r"\cgslashes", r"\def\cgslashes#1{\mathbin{|^{#1}}}"),
    (r"\cgstar", r"\def\cgstar{{\ast}}"),
    (r"\cgup", r"\def\cgup{{\uparrow}}"),
    (r"\cgdown", r"\def\cgdown{{\downarrow}}"),
    (r"\cgdoubleup", r"\def\cgdoubleup{{\Uparrow}}"),
    (r"\cgdoubledown", r"\def\cgdoubledown{{\Downarrow}}"),
    (r"\cgtripleup", r"\def\cgtripleup{{\Uparrow\!\!\uparrow}}"),
    (
        r"\cgtripledown",
        r"\def\cgtripledown{{\Downarrow\!\!\downarrow}}",
    ),
    (r"\cgquadup", r"\def\cgquadup{{\Uparrow\!\!\Uparrow}}"),
    (
        r"\cgquaddown",
        r"\def\cgquaddown{{\Downarrow\!\!\Downarrow}}",
    ),
    (r"\cgtiny", r"\def\cgtiny{{+}}"),
    (r"\cgminy", r"\def\cgminy{{-}}"),
];

/// A table as HTML: the header as a head row, row labels (of a laid-out sequence) as header
/// cells, numbers aligned on the right as in the text layout.
fn table_html(t: &Table) -> String {
    let align = t.alignment();
    let style = |c: usize| match align.get(c) {
        Some(Align::Right) => " style=\"text-align:right\"",
        _ => " style=\"text-align:left\"",
    };
    let mut html = String::from("<table>\n");
    if let Some(header) = &t.header {
        html.push_str("<thead><tr>");
        for (c, v) in header.iter().enumerate() {
            html.push_str(&format!("<th{}>{}</th>", style(c), escape(&cell_text(v))));
        }
        html.push_str("</tr></thead>\n");
    }
    html.push_str("<tbody>\n");
    for row in &t.rows {
        html.push_str("<tr>");
        for (c, v) in row.iter().enumerate() {
            let tag = if c == 0 && t.label_column { "th" } else { "td" };
            html.push_str(&format!(
                "<{tag}{}>{}</{tag}>",
                style(c),
                escape(&cell_text(v))
            ));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>");
    html
}

/// Text made safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_macro_is_found_only_as_a_whole_control_word() {
        assert!(uses_macro(r"\cgup\cgstar", r"\cgup"));
        assert!(uses_macro(r"\cgstar3", r"\cgstar"));
        assert!(!uses_macro(r"\cgupstar", r"\cgup"));
        assert!(!uses_macro(r"\cgslashes{3}", r"\cgslash"));
    }

    #[test]
    fn html_escapes_what_would_be_markup() {
        assert_eq!(escape("a<b & c>d"), "a&lt;b &amp; c&gt;d");
    }
}
