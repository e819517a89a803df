//! LaTeX source for values, in the conventions of the `combgames` package (see `core::latex`
//! for games, numbers and thermographs): collections of games, periodicities, outcome classes,
//! and tables as a `tabular`.
//!
//! Everything but a thermograph and a table is math-mode material (to be put between `$`s);
//! a thermograph is a `thermoplot` environment and a table a `tabular`, whose game entries are
//! in math mode and whose strings are text.

use crate::core::heap::{Periodicity, Saltus};
use crate::core::latex::{
    rational_latex, thermograph_latex, thermographs_latex, uptimal_expansion_latex,
};
use crate::core::ExplicitGame;
use crate::render::table::Align;

use super::table::Table;
use super::value::{sort_values, Value};

/// The LaTeX source of a value, or `Err(kind)` for a value that has none (functions, rulesets,
/// grids, graphs).
pub fn value_latex(v: &Value) -> Result<String, &'static str> {
    // A list of thermographs is one picture with several graphs.
    if let (Value::List(_), Some(all)) = (v, v.thermographs()) {
        return Ok(thermographs_latex(&all));
    }
    Ok(match v {
        Value::Nothing => String::new(),
        Value::Number(q) => match q.to_rational() {
            Some(q) => rational_latex(&q),
            None if q.signum() < 0 => r"-\infty".to_string(),
            None => r"\infty".to_string(),
        },
        Value::Game(g) => g.to_latex(),
        Value::Sum(_) => match v.to_game() {
            Some(g) => value_latex(&Value::from_game(g))?,
            None => return Err(v.kind()),
        },
        Value::Explicit(e) => explicit_latex(e),
        Value::Bool(b) => format!(r"\text{{{b}}}"),
        Value::Outcome(o) => format!(r"\mathcal{{{o}}}"),
        Value::Str(s) => format!(r"\text{{{}}}", escape_text(s)),
        Value::List(items) => items_latex("[", items, "]")?,
        Value::NimList(list) => items_latex("[", &list.items(), "]")?,
        Value::Tuple(items) => items_latex("(", items, ")")?,
        Value::Set(items) => items_latex(r"\{", items, r"\}")?,
        Value::Map(m) => {
            let mut keys: Vec<Value> = m.keys().cloned().collect();
            sort_values(&mut keys);
            let entries = keys
                .iter()
                .map(|k| {
                    Ok(format!(
                        r"{} \mapsto {}",
                        value_latex(k)?,
                        value_latex(&m[k])?
                    ))
                })
                .collect::<Result<Vec<String>, &'static str>>()?;
            format!(r"\{{{}\}}", entries.join(", "))
        }
        Value::Range { .. } => {
            let items = v.elements().unwrap_or_default();
            match (items.first(), items.last()) {
                (Some(a), Some(b)) => format!(r"\{{{a},\ldots,{b}\}}"),
                _ => r"\{\}".to_string(),
            }
        }
        Value::Thermograph(th) => thermograph_latex(th),
        Value::Periodicity(Some(p)) => periodicity_latex(p),
        Value::Periodicity(None) => r"\text{no period found}".to_string(),
        Value::UptimalExpansion(e) => uptimal_expansion_latex(e),
        Value::Heap(h) => heap_latex(&h.written),
        Value::Table(t) => table_latex(t)?,
        Value::Latex(text) => text.to_string(),
        Value::LoopyNimber(n) => loopy_nimber_latex(n),
        // The notation as it prints, in a math-mode text box (it uses `#`, `&` and `;`).
        Value::Misere(m) => format!(
            r"\texttt{{{}}}",
            m.to_string().replace('#', r"\#").replace('&', r"\&")
        ),
        Value::Function(_)
        | Value::Builtin(_)
        | Value::RulesetDef(_)
        | Value::Ruleset(_)
        | Value::Grid(_)
        | Value::Graph(_)
        | Value::Position(_)
        | Value::Loopy(_) => return Err(v.kind()),
    })
}

fn items_latex(open: &str, items: &[Value], close: &str) -> Result<String, &'static str> {
    let texts = items
        .iter()
        .map(value_latex)
        .collect::<Result<Vec<String>, _>>()?;
    Ok(format!("{open}{}{close}", texts.join(", ")))
}

/// A game as written (`'{*|*}'`): braces with single slashes, canonical parts in their notation.
fn explicit_latex(e: &ExplicitGame) -> String {
    fn inner(e: &ExplicitGame) -> String {
        match e {
            ExplicitGame::Value(g) => g.to_latex(),
            ExplicitGame::Form { left, right } => {
                let side = |options: &[ExplicitGame]| {
                    options.iter().map(inner).collect::<Vec<_>>().join(",")
                };
                format!(r"\{{{}\cgslash{}\}}", side(left), side(right))
            }
        }
    }
    let text = inner(e);
    // One \combgame around the whole form (inner canonical parts may carry their own).
    match e {
        ExplicitGame::Form { .. } => format!(r"\combgame{{{text}}}"),
        ExplicitGame::Value(_) => text,
    }
}

/// `\text{period }12\text{, preperiod }71\text{, saltus }0`.
fn periodicity_latex(p: &Periodicity) -> String {
    let saltus = match &p.saltus {
        Saltus::Integer(i) => i.to_string(),
        Saltus::Game(g) => g.to_latex(),
    };
    format!(
        r"\text{{period }}{}\text{{, preperiod }}{}\text{{, saltus }}{saltus}",
        p.period, p.preperiod
    )
}

/// Octal and hexadecimal codes in bold, as the literature writes them (**0.77**); other heap
/// games by name.
fn heap_latex(written: &str) -> String {
    for family in ["octal ", "hex "] {
        if let Some(code) = written.strip_prefix(family) {
            if !code.contains(' ') {
                return format!(r"\mathbf{{{code}}}");
            }
        }
    }
    format!(r"\text{{{}}}", escape_text(written))
}

/// The table as a `tabular`: numbers right-aligned, other columns left-aligned, a rule under
/// the header and after a label column.
fn table_latex(t: &Table) -> Result<String, &'static str> {
    let mut spec = String::new();
    for (i, align) in t.alignment().iter().enumerate() {
        spec.push(if *align == Align::Right { 'r' } else { 'l' });
        if i == 0 && t.label_column {
            spec.push('|');
        }
    }
    let mut lines = vec![format!(r"\begin{{tabular}}{{{spec}}}")];
    let columns = t.columns();
    if let Some(header) = &t.header {
        lines.push(row_latex(header, columns)?);
        lines.push(r"\hline".to_string());
    }
    for row in &t.rows {
        lines.push(row_latex(row, columns)?);
    }
    lines.push(r"\end{tabular}".to_string());
    Ok(lines.join("\n"))
}

/// One row, padded to the number of columns: `a & b & c \\`.
fn row_latex(row: &[Value], columns: usize) -> Result<String, &'static str> {
    let mut cells = row
        .iter()
        .map(cell_latex)
        .collect::<Result<Vec<String>, _>>()?;
    cells.resize(columns, String::new());
    Ok(format!(r"{} \\", cells.join(" & ")))
}

/// A cell: a string is text (taken as it is when it is already math, `$G_n$`), anything else is
/// math.
fn cell_latex(v: &Value) -> Result<String, &'static str> {
    match v {
        Value::Str(s) if s.is_empty() => Ok(String::new()),
        Value::Str(s) if s.len() >= 2 && s.starts_with('$') && s.ends_with('$') => {
            Ok(s.to_string())
        }
        Value::Str(s) => Ok(escape_text(s)),
        other => Ok(format!("${}$", value_latex(other)?)),
    }
}

/// Text with LaTeX's special characters escaped.
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str(r"\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str(r"\^{}"),
            '~' => out.push_str(r"\textasciitilde{}"),
            _ => out.push(c),
        }
    }
    out
}

/// ∞ with its subscript of finite option values, as Winning Ways writes it: `\infty_{0,2}`.
fn loopy_nimber_latex(n: &crate::core::loopy::nim::LoopyNimber) -> String {
    use crate::core::loopy::nim::LoopyNimber;
    match n {
        LoopyNimber::Finite(m) => crate::core::Game::nimber(*m).to_latex(),
        LoopyNimber::Infinite(k) => {
            let k: Vec<String> = k.iter().map(u64::to_string).collect();
            format!(r"\infty_{{{}}}", k.join(","))
        }
    }
}
