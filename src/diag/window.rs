//! Reports about long lines: a generated script may put 6 kB on one line, and a report that
//! prints the whole line and a 6 kB underline helps nobody. A [`WindowedSource`] shows each long
//! line as windows around the ends of the spans on it, joined by `…`, and keeps the report's
//! line and column numbers those of the real source.

use std::ops::Range;

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// Lines longer than this many bytes are shown in windows.
const LONG_LINE: usize = 120;
/// Bytes shown on each side of a span's end on a long line.
const MARGIN: usize = 30;
/// A span up to this long on a long line is shown whole, with its margins.
const SHORT_SPAN: usize = 60;
/// What stands for the text left out.
const ELLIPSIS: &str = "…";

/// A source as a report shows it: long lines cut down to windows around the spans.
#[derive(Debug)]
pub struct WindowedSource {
    name: String,
    original: String,
    shown: String,
    /// The runs of original text kept in `shown`, in order.
    pieces: Vec<Piece>,
}

/// A run of `len` bytes of the original at `original`, shown at `shown`.
#[derive(Clone, Copy, Debug)]
struct Piece {
    shown: usize,
    original: usize,
    len: usize,
}

impl WindowedSource {
    /// `text` named `name`, with windows around the ends of `spans` (byte ranges of `text`).
    pub fn new(name: &str, text: &str, spans: &[Range<usize>]) -> WindowedSource {
        let mut source = WindowedSource {
            name: name.to_string(),
            original: text.to_string(),
            shown: String::with_capacity(text.len().min(4096)),
            pieces: Vec::new(),
        };
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            let body = line.trim_end_matches(['\n', '\r']);
            let end = start + body.len();
            if body.len() <= LONG_LINE {
                source.keep(start..start + line.len());
            } else {
                source.show_windows(start..end, spans);
                source.keep(end..start + line.len());
            }
            start += line.len();
        }
        source
    }

    /// Where an original span is in the shown text.
    pub fn span(&self, span: Range<usize>) -> Range<usize> {
        let start = self.to_shown(span.start);
        let end = self.to_shown(span.end).max(start);
        start..end
    }

    /// Copies original bytes `range` as they are.
    fn keep(&mut self, range: Range<usize>) {
        if range.is_empty() {
            return;
        }
        self.pieces.push(Piece {
            shown: self.shown.len(),
            original: range.start,
            len: range.len(),
        });
        self.shown.push_str(&self.original[range]);
    }

    fn elide(&mut self) {
        self.shown.push_str(ELLIPSIS);
    }

    /// The long line `line` as its windows joined by ellipses.
    fn show_windows(&mut self, line: Range<usize>, spans: &[Range<usize>]) {
        let windows = self.windows(line.clone(), spans);
        let mut at = line.start;
        for window in windows {
            if window.start > at {
                self.elide();
            }
            self.keep(window.clone());
            at = window.end;
        }
        if at < line.end {
            self.elide();
        }
    }

    /// The parts of a long line to show: around each end of a span on it (a short span whole),
    /// or its start when no span touches it; merged, on character boundaries.
    fn windows(&self, line: Range<usize>, spans: &[Range<usize>]) -> Vec<Range<usize>> {
        let around = |p: usize| p.saturating_sub(MARGIN)..p + MARGIN;
        let mut wanted = Vec::new();
        for span in spans {
            let touches = span.start <= line.end && span.end >= line.start;
            if !touches {
                continue;
            }
            if span.len() <= SHORT_SPAN {
                wanted.push(span.start.saturating_sub(MARGIN)..span.end + MARGIN);
            } else {
                for p in [span.start, span.end] {
                    if line.contains(&p) || p == line.end {
                        wanted.push(around(p));
                    }
                }
            }
        }
        if wanted.is_empty() {
            wanted.push(line.start..line.start + 2 * MARGIN);
        }
        let text = &self.original;
        let mut clipped: Vec<Range<usize>> = wanted
            .into_iter()
            .map(|w| {
                let start = floor_boundary(text, w.start.max(line.start));
                let end = ceil_boundary(text, w.end.min(line.end));
                start..end
            })
            .filter(|w| !w.is_empty())
            .collect();
        clipped.sort_by_key(|w| w.start);
        let mut merged: Vec<Range<usize>> = Vec::new();
        for w in clipped {
            match merged.last_mut() {
                Some(last) if w.start <= last.end + ELLIPSIS.len() => {
                    last.end = last.end.max(w.end)
                }
                _ => merged.push(w),
            }
        }
        merged
    }

    /// An original offset in the shown text (an offset left out goes to the next shown one).
    fn to_shown(&self, original: usize) -> usize {
        for piece in &self.pieces {
            if original < piece.original {
                return piece.shown;
            }
            if original <= piece.original + piece.len {
                return piece.shown + (original - piece.original);
            }
        }
        self.shown.len()
    }

    /// A shown offset in the original (inside an ellipsis: where the next shown text starts).
    fn to_original(&self, shown: usize) -> usize {
        for piece in &self.pieces {
            if shown < piece.shown {
                return piece.original;
            }
            if shown < piece.shown + piece.len {
                return piece.original + (shown - piece.shown);
            }
        }
        self.original.len()
    }

    /// The column (in characters, from 0) of an original offset.
    fn column(&self, original: usize) -> usize {
        let original = floor_boundary(&self.original, original.min(self.original.len()));
        let line_start = self.original[..original].rfind('\n').map_or(0, |i| i + 1);
        self.original[line_start..original].chars().count()
    }
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

impl SourceCode for WindowedSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let contents =
            self.shown
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        // Lines are the same in both texts; columns are counted in the original.
        let column = self.column(self.to_original(contents.span().offset()));
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            *contents.span(),
            contents.line(),
            column,
            contents.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_are_shown_as_they_are() {
        let text = "let x = 1\nx + y\n";
        let w = WindowedSource::new("f", text, std::slice::from_ref(&(14..15)));
        assert_eq!(w.shown, text);
        assert_eq!(w.span(14..15), 14..15);
    }

    #[test]
    fn a_long_line_shows_a_window_around_the_span() {
        let text = format!("{}oops{}\nnext", "a + ".repeat(500), " + b".repeat(500));
        let at = 2000..2004;
        let w = WindowedSource::new("f", &text, std::slice::from_ref(&at));
        let shown = w.span(at);
        assert_eq!(&w.shown[shown.clone()], "oops");
        assert!(w.shown.starts_with(ELLIPSIS));
        assert!(w.shown.len() < 200, "{} bytes shown", w.shown.len());
        assert!(w.shown.ends_with("…\nnext"));
        // The column of the span is the real one.
        assert_eq!(w.column(w.to_original(shown.start)), 2000);
    }

    #[test]
    fn a_long_span_shows_its_start_and_end() {
        let text = "x".repeat(5000);
        let w = WindowedSource::new("f", &text, std::slice::from_ref(&(100..4900)));
        let shown = w.span(100..4900);
        assert!(
            shown.len() < 2 * MARGIN + 2 * ELLIPSIS.len() + 10,
            "{shown:?}"
        );
        assert_eq!(w.shown.matches(ELLIPSIS).count(), 3);
    }

    #[test]
    fn windows_keep_characters_whole() {
        let text = "é".repeat(400);
        let w = WindowedSource::new("f", &text, std::slice::from_ref(&(401..403)));
        assert!(w.shown.chars().all(|c| c == 'é' || c == '…'));
    }
}
