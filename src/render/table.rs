//! Text tables with aligned columns, readable in a terminal and in a pipe: columns separated by
//! two spaces, a rule of dashes under the header, and (for tables with row labels, like a
//! nim-sequence laid out in rows of ten) a bar after the label column:
//!
//! ```text
//!   | 0  1  2  3
//! --+-----------
//! 0 | 0  1  2  3
//! 4 | 1  4  3  2
//! ```

/// How the cells of a column line up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A table of texts to lay out.
pub struct TextTable {
    pub header: Option<Vec<String>>,
    pub rows: Vec<Vec<String>>,
    /// One per column; missing columns are left-aligned.
    pub align: Vec<Align>,
    /// The first column labels the rows: a bar separates it from the others.
    pub label_column: bool,
}

impl TextTable {
    /// The lines of the table, without trailing spaces.
    pub fn lines(&self) -> Vec<String> {
        let columns = self
            .header
            .iter()
            .chain(&self.rows)
            .map(Vec::len)
            .max()
            .unwrap_or(0);
        let mut widths = vec![0; columns];
        for row in self.header.iter().chain(&self.rows) {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let mut lines = Vec::new();
        if let Some(header) = &self.header {
            lines.push(self.line(header, &widths));
            let dashes: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            // Under a grid with row labels the rule is unbroken, like the bar beside it.
            let gap = if self.label_column { "--" } else { "  " };
            lines.push(self.join(&dashes, gap, "-+-"));
        }
        for row in &self.rows {
            lines.push(self.line(row, &widths));
        }
        lines
    }

    fn line(&self, row: &[String], widths: &[usize]) -> String {
        let cells: Vec<String> = widths
            .iter()
            .enumerate()
            .map(|(i, &w)| {
                let cell = row.get(i).map_or("", String::as_str);
                let gap = " ".repeat(w - cell.chars().count());
                match self.align.get(i).copied().unwrap_or(Align::Left) {
                    Align::Left => format!("{cell}{gap}"),
                    Align::Right => format!("{gap}{cell}"),
                }
            })
            .collect();
        self.join(&cells, "  ", " | ")
    }

    /// The cells joined by `gap`, with `bar` after the label column.
    fn join(&self, cells: &[String], gap: &str, bar: &str) -> String {
        let mut text = String::new();
        for (i, cell) in cells.iter().enumerate() {
            if i == 1 && self.label_column {
                text.push_str(bar);
            } else if i > 0 {
                text.push_str(gap);
            }
            text.push_str(cell);
        }
        text.trim_end().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn columns_line_up_under_a_header() {
        let table = TextTable {
            header: Some(strings(&["n", "G", "temp"])),
            rows: vec![
                strings(&["0", "0", "-1"]),
                strings(&["10", "{3||2|1}", "3/4"]),
            ],
            align: vec![Align::Right, Align::Left, Align::Right],
            label_column: false,
        };
        let expected = [
            " n  G         temp",
            "--  --------  ----",
            " 0  0           -1",
            "10  {3||2|1}   3/4",
        ];
        assert_eq!(table.lines(), expected);
    }

    #[test]
    fn a_label_column_gets_a_bar() {
        let table = TextTable {
            header: Some(strings(&["", "0", "1"])),
            rows: vec![strings(&["0", "0", "1"]), strings(&["2", "2"])],
            align: vec![Align::Right; 3],
            label_column: true,
        };
        let expected = ["  | 0  1", "--+-----", "0 | 0  1", "2 | 2"];
        assert_eq!(table.lines(), expected);
    }
}
