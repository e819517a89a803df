//! Builtins that produce output for papers: LaTeX source (`latex`), tables of values (`table`)
//! and SVG pictures (`plot`: thermographs, and sequences as scatter plots).

use std::rc::Rc;

use crate::core::Thermograph;
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::interp::Interpreter;
use crate::eval::latex::value_latex;
use crate::eval::table::Table;
use crate::eval::value::Value;
use crate::render::scatter::scatter_svg;
use crate::render::thermograph_svg::{thermograph_svg, thermographs_svg};
use crate::syntax::ast::Span;

use super::{builtin, builtin_with_interpreter, Arg, Arity, Builtin};

use Arity::Between;

/// Nim-sequences are laid out this many to a row unless a width is given.
const DEFAULT_WIDTH: i64 = 10;

pub static BUILTINS: &[Builtin] = &[
    builtin_with_interpreter!("latex", "latex(x) or latex(x, file)", Between(1, 2),
        r"LaTeX source for x in the conventions of the combgames package (\usepackage{combgames}, by Chen, Wolfe and Siegel): \cgup, \cgdoubleup, \cgstar3, \cgup^{2} for ^<2>, \cgup^{[2]} for ^[2], \pm, \cgtiny_{2}, fractions as \frac{a}{b}, slashes \cgslash, \cgsslash, \cgslashes{n}, and a brace form wrapped in \combgame{...}. Lists, sets and periodicities are math; a thermograph is a thermoplot environment, a table a tabular. With a file name, writes the source there.",
        r"latex({3||2|1})  # \combgame{\{3\cgsslash2\cgslash1\}}", |interp, a, _| {
            let text = latex_of(&a[0])?;
            match a.get(1) {
                None => Ok(Value::Latex(Rc::from(text.as_str()))),
                Some(file) => {
                    let path = file_name(file, None, "game.tex")?;
                    write_file(&path, file, &(text + "\n"))?;
                    interp.print(&format!("latex: wrote {path}"));
                    Ok(Value::Nothing)
                }
            }
        }),
    builtin!("table", "table(rows), table(rows, headers), table(sequence, width, first)", Between(1, 3),
        "A table of values that prints with aligned columns (and as a LaTeX tabular with latex(...)). rows is a list of rows (lists or tuples), headers a list of column names; a map gives a row per key. A list of single values is a sequence v(first), v(first+1), ... laid out width to a row (10 unless given) with the index of each row's first entry as its label, as nim-sequences are tabulated in Winning Ways (ch. 4).",
        "table([[n, n * n] for n in 0..3], [\"n\", \"square\"])", |a, _| table(a)),
    builtin_with_interpreter!("plot", "plot(x, file) or plot(x)", Between(1, 2),
        "Draws x as an SVG picture in file (a name ending in .svg); without a file, in a notebook, shows the picture below the cell. A thermograph (or a game, for its thermograph) is drawn as in the literature, values increasing to the left and temperature upwards, the mast going on above (Winning Ways ch. 6); a list of thermographs on the same axes in different colours; a list of numbers v(0), v(1), ... as a scatter plot of the points (n, v(n)), as Ottaway draws the nim-sequences of octal games (nimbers count as their nim-values).",
        "plot(thermograph({3||2|1}), \"thermograph.svg\")", |interp, a, call| {
            let (svg, what) = picture(&a[0])?;
            let Some(file) = a.get(1) else {
                return show_inline(interp, &svg, call);
            };
            let path = file_name(file, Some("svg"), "picture.svg")?;
            write_file(&path, file, &svg)?;
            interp.print(&format!("plot: wrote {what} to {path}"));
            Ok(Value::Nothing)
        }),
];

/// `plot(x)` without a file: the picture goes below the notebook cell; a terminal cannot show
/// it, so there the file is asked for.
fn show_inline(interp: &mut Interpreter, svg: &str, call: &Span) -> EvalResult<Value> {
    if interp.show_picture(svg) {
        return Ok(Value::Nothing);
    }
    Err(EvalError::new(
        "plot(x) without a file shows its picture only in a notebook",
        call.clone(),
    )
    .with_help("give a file to write the SVG picture to: plot(x, \"picture.svg\")"))
}

fn latex_of(arg: &Arg) -> EvalResult<String> {
    value_latex(&arg.value).map_err(|kind| {
        EvalError::new(format!("{kind} has no LaTeX form"), arg.span.clone()).with_help(
            "latex(...) takes games, numbers, collections of them, thermographs, periodicities and tables",
        )
    })
}

/// The file name in a string argument; with `extension`, the name must end in it. `example`
/// is a name to suggest.
fn file_name(arg: &Arg, extension: Option<&str>, example: &str) -> EvalResult<String> {
    let Value::Str(path) = &arg.value else {
        return Err(EvalError::new(
            format!("the file name must be a string, not {}", arg.value.kind()),
            arg.span.clone(),
        )
        .with_help(format!("for example \"{example}\"")));
    };
    if let Some(ext) = extension {
        let has_it = std::path::Path::new(path.as_ref())
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(ext));
        if !has_it {
            return Err(EvalError::new(
                format!("plot writes SVG pictures, so the file name must end in .{ext}"),
                arg.span.clone(),
            )
            .with_help(format!("for example \"{}.{ext}\"", stem(path))));
        }
    }
    Ok(path.to_string())
}

/// The name without its extension, for suggesting a better one.
fn stem(path: &str) -> String {
    std::path::Path::new(path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "picture".to_string())
}

/// Writes `contents` to `path`; a failure is a diagnostic at the file name.
fn write_file(path: &str, arg: &Arg, contents: &str) -> EvalResult<()> {
    std::fs::write(path, contents).map_err(|e| {
        // The OS's message without its "(os error N)" suffix.
        let message = e.to_string();
        let message = message
            .split(" (os error")
            .next()
            .unwrap_or(&message)
            .to_string();
        EvalError::new(format!("cannot write {path}: {message}"), arg.span.clone())
            .with_help("check that the directory exists and that you may write there")
    })
}

/// The SVG picture of a thermograph, a game or a sequence, and a few words saying what it is.
fn picture(arg: &Arg) -> EvalResult<(String, String)> {
    let too_large = || {
        EvalError::new(
            "the values are too large to draw (beyond floating point)",
            arg.span.clone(),
        )
    };
    if let Value::Thermograph(th) = &arg.value {
        let svg = thermograph_svg(th).ok_or_else(too_large)?;
        return Ok((svg, "the thermograph".to_string()));
    }
    if let Some(g) = arg.value.to_game() {
        let th: Thermograph = g.thermograph();
        let svg = thermograph_svg(&th).ok_or_else(too_large)?;
        return Ok((svg, format!("the thermograph of {}", Value::from_game(g))));
    }
    if let Some(all) = arg.value.thermographs() {
        let svg = thermographs_svg(&all).ok_or_else(too_large)?;
        return Ok((svg, format!("{} thermographs", all.len())));
    }
    match &arg.value {
        Value::List(_) | Value::NimList(_) | Value::Tuple(_) | Value::Range { .. } => {
            let items = arg.value.elements().unwrap_or_default();
            let values = sequence_values(&items, &arg.span)?;
            let title = format!("{} values", values.len());
            let svg = scatter_svg(&values, &title).ok_or_else(too_large)?;
            Ok((svg, format!("{} points", values.len())))
        }
        other => Err(EvalError::new(
            format!(
                "plot draws a thermograph, a game or a list of numbers, not {}",
                other.kind()
            ),
            arg.span.clone(),
        )
        .with_help(
            "plot(thermograph(G), \"t.svg\") or plot(grundy(octal 0.6, 0..30000), \"s.svg\")",
        )),
    }
}

/// The values of a sequence as floating-point numbers; nimbers count as their nim-values.
fn sequence_values(items: &[Value], span: &Span) -> EvalResult<Vec<f64>> {
    if items.is_empty() {
        return Err(EvalError::new(
            "there is nothing to plot: the list is empty",
            span.clone(),
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if let Value::Number(q) = v {
                if let Some(q) = q.to_rational() {
                    return Ok(q.numerator().to_f64() / q.denominator().to_f64());
                }
            }
            match v.to_game().and_then(|g| g.nim_value()) {
                Some(n) => Ok(n.to_f64()),
                None => Err(EvalError::new(
                    format!("element {i} of the list is {v}, which is not a number or a nimber"),
                    span.clone(),
                )
                .with_help("a scatter plot needs a number for each index; to draw thermographs together, give a list of thermograph(G)")),
            }
        })
        .collect()
}

fn table(a: &[Arg]) -> EvalResult<Value> {
    let source = &a[0];
    let items = match &source.value {
        Value::Map(m) => {
            let mut keys: Vec<Value> = m.keys().cloned().collect();
            crate::eval::value::sort_values(&mut keys);
            let rows = keys
                .into_iter()
                .map(|k| vec![k.clone(), m[&k].clone()])
                .collect();
            let header = a.get(1).map(headers).transpose()?;
            return finish(Table::new(rows, header), a);
        }
        Value::List(_) | Value::NimList(_) | Value::Tuple(_) | Value::Range { .. } => {
            source.value.elements().unwrap_or_default()
        }
        other => {
            return Err(EvalError::new(
                format!(
                    "a table is made from a list of rows or of values, not {}",
                    other.kind()
                ),
                source.span.clone(),
            )
            .with_help("table([[1, ^], [2, ^^]]) or table(grundy(octal 0.77, 0..=30))"))
        }
    };
    let is_row = |v: &Value| matches!(v, Value::List(_) | Value::Tuple(_));
    let rows = items.iter().filter(|v| is_row(v)).count();
    if rows > 0 && rows < items.len() {
        return Err(EvalError::new(
            "some elements are rows (lists or tuples) and some are single values",
            source.span.clone(),
        )
        .with_help("give a list of rows, or a list of values to lay out as a sequence"));
    }
    if rows > 0 || items.is_empty() {
        let rows: Vec<Vec<Value>> = items
            .iter()
            .map(|r| r.elements().unwrap_or_default())
            .collect();
        let header = match a.get(1) {
            Some(arg) if arg.value.as_integer().is_some() => {
                return Err(EvalError::new(
                    "a width lays out a sequence of values, but these are rows",
                    arg.span.clone(),
                )
                .with_help("give a list of column names, or a list of values"))
            }
            Some(arg) => Some(headers(arg)?),
            None => None,
        };
        return finish(Table::new(rows, header), a);
    }
    sequence_table(&items, a)
}

/// A list of single values: laid out as a sequence, or as one column under one header.
fn sequence_table(items: &[Value], a: &[Arg]) -> EvalResult<Value> {
    let width_arg = a.get(1);
    if let Some(arg) = width_arg.filter(|arg| arg.value.as_integer().is_none()) {
        let header = headers(arg)?;
        let rows = items.iter().map(|v| vec![v.clone()]).collect();
        return finish(Table::new(rows, Some(header)), a);
    }
    let width = match width_arg {
        Some(arg) => match arg.value.as_i64() {
            Some(w) if (1..=1000).contains(&w) => w,
            _ => {
                return Err(EvalError::new(
                    format!("the width must be between 1 and 1000, not {}", arg.value),
                    arg.span.clone(),
                ))
            }
        },
        None => DEFAULT_WIDTH,
    };
    let first = match a.get(2) {
        Some(arg) => arg.value.as_i64().ok_or_else(|| {
            EvalError::new(
                format!(
                    "the first index must be an integer, not {}",
                    arg.value.kind()
                ),
                arg.span.clone(),
            )
        })?,
        None => 0,
    };
    Ok(Value::Table(Rc::new(Table::sequence(
        items,
        width as usize,
        first,
    ))))
}

/// Column names: a list or tuple of values (usually strings).
fn headers(arg: &Arg) -> EvalResult<Vec<Value>> {
    match (&arg.value, arg.value.sequence()) {
        (_, Some(v)) => Ok(v.to_vec()),
        (other, None) => Err(EvalError::new(
            format!(
                "the headers must be a list of column names, not {}",
                other.kind()
            ),
            arg.span.clone(),
        )
        .with_help("for example [\"n\", \"G(n)\"]")),
    }
}

/// Checks what only a finished table can tell: a header for every column, and no third
/// argument (which only a sequence takes).
fn finish(table: Table, a: &[Arg]) -> EvalResult<Value> {
    if let Some(arg) = a.get(2) {
        return Err(EvalError::new(
            "only a sequence laid out by width takes a first index",
            arg.span.clone(),
        ));
    }
    if let (Some(header), Some(arg)) = (&table.header, a.get(1)) {
        let columns = table
            .rows
            .iter()
            .map(Vec::len)
            .max()
            .unwrap_or(header.len());
        if header.len() != columns {
            return Err(EvalError::new(
                format!(
                    "{} header{} for {} column{}",
                    header.len(),
                    if header.len() == 1 { "" } else { "s" },
                    columns,
                    if columns == 1 { "" } else { "s" }
                ),
                arg.span.clone(),
            )
            .with_help("give one name per column"));
        }
    }
    Ok(Value::Table(Rc::new(table)))
}
