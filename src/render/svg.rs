//! A small SVG writer: just the elements our pictures use, with presentation attributes (not
//! CSS) so that every viewer and converter (browsers, Inkscape, rsvg, LaTeX's svg package)
//! draws them the same.

use std::fmt::Write;

/// Horizontal anchoring of a text label.
#[derive(Clone, Copy)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn attribute(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// An SVG document being written, in pixels with y downwards.
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

impl Svg {
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    /// A `<title>`: shown by viewers as a tooltip, and read by screen readers.
    pub fn title(&mut self, text: &str) {
        let _ = writeln!(self.body, "<title>{}</title>", escape(text));
    }

    /// A straight line; `attributes` are extra presentation attributes (`stroke="grey"`).
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), attributes: &str) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attributes}/>"#,
            num(from.0),
            num(from.1),
            num(to.0),
            num(to.1)
        );
    }

    /// An open polyline through `points`, identified by `id`.
    pub fn polyline(&mut self, id: &str, points: &[(f64, f64)], attributes: &str) {
        let _ = writeln!(
            self.body,
            r#"<polyline id="{id}" points="{}" fill="none" {attributes}/>"#,
            points_attribute(points)
        );
    }

    /// A text label whose baseline starts, is centred or ends at (x, y).
    pub fn text(&mut self, at: (f64, f64), anchor: Anchor, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" text-anchor="{}">{}</text>"#,
            num(at.0),
            num(at.1),
            anchor.attribute(),
            escape(text)
        );
    }

    /// Opens a group whose attributes its elements inherit (one fill for thousands of dots).
    pub fn open_group(&mut self, id: &str, attributes: &str) {
        let _ = writeln!(self.body, r#"<g id="{id}" {attributes}>"#);
    }

    pub fn close_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    /// A dot of radius r centred at (x, y).
    pub fn dot(&mut self, at: (f64, f64), r: f64) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}"/>"#,
            num(at.0),
            num(at.1),
            num(r)
        );
    }

    /// The whole document.
    pub fn finish(self) -> String {
        let (w, h) = (num(self.width), num(self.height));
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"serif\" font-size=\"14\">\n\
             <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{}</svg>\n",
            self.body
        )
    }
}

/// `x1,y1 x2,y2 ...` for a `points` attribute.
fn points_attribute(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A coordinate with at most two decimals and no trailing zeros (`80`, `66.67`, `-0.5`): exact
/// enough for a drawing, short enough for 30,000 dots.
pub fn num(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    // -0 prints as 0.
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    let text = format!("{rounded:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Text with the characters XML reserves escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(80.0), "80");
        assert_eq!(num(200.0 / 3.0), "66.67");
        assert_eq!(num(-0.5), "-0.5");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn text_is_escaped() {
        let mut svg = Svg::new(10.0, 10.0);
        svg.text((1.0, 2.0), Anchor::Middle, "{2|<0>}&");
        let doc = svg.finish();
        assert!(doc.contains(r#"<text x="1" y="2" text-anchor="middle">{2|&lt;0&gt;}&amp;</text>"#));
        assert!(doc.starts_with("<?xml"));
        assert!(doc.ends_with("</svg>\n"));
    }
}
