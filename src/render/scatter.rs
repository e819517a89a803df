//! A sequence as a scatter plot: the point (n, v(n)) for each index n, as the nim-sequences of
//! octal games are drawn in the literature (Ottaway, *Three new games*, Figures 3.4 and 5.1: the
//! first 30,000 values of 0.6). Small dots, axes with ticks; dots that fall on the same spot are
//! drawn once, so long sequences give small files.
//!
//! Geometry (in pixels): the plotting area is 800 by 400 with its top left corner at (60, 20);
//! indices 0..=max(n-1, 1) span its width and values from min(0, least) to the greatest (at least
//! one unit more) its height: index i and value v are drawn at
//! x = 60 + i * 800 / x_max, y = 20 + (y_max - v) * 400 / (y_max - y_min), both rounded to the
//! nearest half pixel.

use std::collections::HashSet;

use super::svg::{num, Anchor, Svg};
use super::ticks::{label, nice_step, ticks};

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 400.0;
const MARGIN_LEFT: f64 = 60.0;
const MARGIN_TOP: f64 = 20.0;
const MARGIN_RIGHT: f64 = 20.0;
const MARGIN_BOTTOM: f64 = 50.0;
const TICK: f64 = 5.0;
const DOT_RADIUS: f64 = 1.2;

/// The mapping from (index, value) to pixels.
struct Frame {
    x_max: f64,
    y_min: f64,
    y_max: f64,
}

impl Frame {
    fn x(&self, i: f64) -> f64 {
        MARGIN_LEFT + i * WIDTH / self.x_max
    }

    fn y(&self, v: f64) -> f64 {
        MARGIN_TOP + (self.y_max - v) * HEIGHT / (self.y_max - self.y_min)
    }
}

/// The SVG document of the scatter plot of `values` (see the module documentation), with
/// `title` as its title; `None` when a value is too large for floating point.
pub fn scatter_svg(values: &[f64], title: &str) -> Option<String> {
    if !values.iter().all(|v| v.is_finite()) {
        return None;
    }
    let least = values.iter().copied().fold(0.0, f64::min);
    let greatest = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let frame = Frame {
        x_max: (values.len() as f64 - 1.0).max(1.0),
        y_min: least,
        y_max: greatest.max(least + 1.0),
    };
    if !(frame.y_max - frame.y_min).is_finite() {
        return None;
    }
    let mut svg = Svg::new(
        MARGIN_LEFT + WIDTH + MARGIN_RIGHT,
        MARGIN_TOP + HEIGHT + MARGIN_BOTTOM,
    );
    svg.title(title);
    draw_axes(&mut svg, &frame);
    svg.open_group("points", r#"fill="black""#);
    let mut drawn = HashSet::new();
    for (i, &v) in values.iter().enumerate() {
        // On a grid of half pixels, dots that would overlap almost entirely are drawn once:
        // 30,000 values make a file of a few hundred kilobytes instead of megabytes.
        let at = (half_pixel(frame.x(i as f64)), half_pixel(frame.y(v)));
        if drawn.insert((num(at.0), num(at.1))) {
            svg.dot(at, DOT_RADIUS);
        }
    }
    svg.close_group();
    Some(svg.finish())
}

fn half_pixel(x: f64) -> f64 {
    (x * 2.0).round() / 2.0
}

/// The index axis along the bottom and the value axis along the left, with ticks and labels.
fn draw_axes(svg: &mut Svg, frame: &Frame) {
    let axis = r#"stroke="black" stroke-width="1""#;
    let (left, bottom) = (MARGIN_LEFT, MARGIN_TOP + HEIGHT);
    svg.line((left, bottom), (left + WIDTH, bottom), axis);
    svg.line((left, bottom), (left, MARGIN_TOP), axis);
    // Indices are whole numbers: no step below 1.
    let step = nice_step(frame.x_max, 10).max(1.0);
    for i in ticks(0.0, frame.x_max, step) {
        let x = frame.x(i);
        svg.line((x, bottom), (x, bottom + TICK), axis);
        svg.text((x, bottom + TICK + 15.0), Anchor::Middle, &label(i));
    }
    svg.text((left + WIDTH, bottom + TICK + 35.0), Anchor::End, "n");
    let step = nice_step(frame.y_max - frame.y_min, 8);
    for v in ticks(frame.y_min, frame.y_max, step) {
        let y = frame.y(v);
        svg.line((left - TICK, y), (left, y), axis);
        svg.text((left - TICK - 4.0, y + 5.0), Anchor::End, &label(v));
    }
}
