//! Tables of values, for printing sequences and results as papers do: rows of values under
//! optional headers, and nim-sequences laid out in rows of ten (or any width) with the first
//! index of each row as its label. A table prints with aligned columns in the terminal
//! (`render::table`) and as a LaTeX `tabular` (`eval::latex`).

use std::fmt;

use crate::render::table::{Align, TextTable};

use super::value::Value;

/// A table: rows of values, an optional header row, and whether the first column labels the
/// rows (drawn apart from the others).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    pub header: Option<Vec<Value>>,
    pub rows: Vec<Vec<Value>>,
    pub label_column: bool,
}

impl Table {
    /// Rows under an optional header.
    pub fn new(rows: Vec<Vec<Value>>, header: Option<Vec<Value>>) -> Table {
        Table {
            header,
            rows,
            label_column: false,
        }
    }

    /// The sequence v(first), v(first + 1), ... laid out `width` to a row: the header gives the
    /// offsets 0..width, each row is labelled with the index of its first entry, so the entry in
    /// row r and column c is v(r + c), as nim-sequences are tabulated in Winning Ways (ch. 4).
    pub fn sequence(values: &[Value], width: usize, first: i64) -> Table {
        let mut header = vec![Value::str("")];
        header.extend((0..width).map(|c| Value::int(c as i64)));
        let rows = values
            .chunks(width.max(1))
            .enumerate()
            .map(|(r, chunk)| {
                let offset = i64::try_from(r * width).unwrap_or(i64::MAX);
                let mut row = vec![Value::int(first.saturating_add(offset))];
                row.extend(chunk.iter().cloned());
                row
            })
            .collect();
        Table {
            header: Some(header),
            rows,
            label_column: true,
        }
    }

    /// The number of columns: that of the longest row (or of the header).
    pub fn columns(&self) -> usize {
        self.header
            .iter()
            .chain(&self.rows)
            .map(Vec::len)
            .max()
            .unwrap_or(0)
    }

    /// Numbers line up on the right (so their digits do), everything else on the left; row
    /// labels are numbers.
    pub fn alignment(&self) -> Vec<Align> {
        (0..self.columns())
            .map(|c| {
                let mut cells = self.rows.iter().filter_map(|row| row.get(c)).peekable();
                let numeric =
                    cells.peek().is_some() && cells.all(|v| matches!(v, Value::Number(_)));
                if numeric {
                    Align::Right
                } else {
                    Align::Left
                }
            })
            .collect()
    }
}

/// A cell as text: strings without quotes (they are labels), other values as they print.
pub fn cell_text(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => other.to_string(),
    }
}

impl fmt::Display for Table {
    /// The aligned text layout, one line per row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts = |row: &Vec<Value>| row.iter().map(cell_text).collect::<Vec<String>>();
        let layout = TextTable {
            header: self.header.as_ref().map(texts),
            rows: self.rows.iter().map(texts).collect(),
            align: self.alignment(),
            label_column: self.label_column,
        };
        f.write_str(&layout.lines().join("\n"))
    }
}
