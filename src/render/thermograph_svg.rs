//! A thermograph as an SVG picture, drawn as in the literature (Winning Ways ch. 6; Siegel,
//! CGT, II.5): values increase to the LEFT, temperature upwards, both on the same scale so that
//! the walls' slopes of ±1 are at 45 degrees; the mast is drawn a little above the temperature
//! (it goes on for ever). A base line at t = -1 carries the value ticks, a dashed line marks
//! t = 0, and the temperature axis stands at the right edge. Several thermographs can share the
//! axes, each in its colour.
//!
//! Geometry (in pixels): with the walls' extreme values v_max and v_min, the picture spans the
//! values v_max + 1/2 down to v_min - 1/2 and the temperatures -1 up to `picture_top`; one unit
//! is `unit = min(400 / value span, 400 / temperature span)` pixels, and a point (v, t) is drawn
//! at x = 20 + (v_max + 1/2 - v) * unit, y = 20 + (top - t) * unit.

use crate::core::{Dyadic, Thermograph, Trajectory};

use super::svg::{Anchor, Svg};
use super::ticks::{label, nice_step, ticks};

/// The largest extent of the plotting area, in pixels.
const PLOT: f64 = 400.0;
const MARGIN_LEFT: f64 = 20.0;
const MARGIN_TOP: f64 = 20.0;
/// Room for the temperature labels.
const MARGIN_RIGHT: f64 = 60.0;
/// Room for the value labels.
const MARGIN_BOTTOM: f64 = 40.0;
const TICK: f64 = 5.0;

/// The mapping from (value, temperature) to pixels.
struct Frame {
    v_left: f64,
    v_right: f64,
    t_top: f64,
    unit: f64,
}

impl Frame {
    fn x(&self, v: f64) -> f64 {
        MARGIN_LEFT + (self.v_left - v) * self.unit
    }

    fn y(&self, t: f64) -> f64 {
        MARGIN_TOP + (self.t_top - t) * self.unit
    }

    fn point(&self, (v, t): (f64, f64)) -> (f64, f64) {
        (self.x(v), self.y(t))
    }
}

/// Wall colours, one per thermograph drawn together (black first).
const COLOURS: [&str; 6] = [
    "black", "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
];

/// The SVG document of the thermograph (see the module documentation for the geometry);
/// `None` when its values are too large for floating point.
pub fn thermograph_svg(th: &Thermograph) -> Option<String> {
    thermographs_svg(std::slice::from_ref(th))
}

/// Several thermographs on the same axes, as they are compared in the literature, in different
/// colours; the walls of the first are `left-wall` and `right-wall`, those of the k-th (k >= 2)
/// `left-wall-k` and `right-wall-k`. `None` when there are none or their values are too large
/// for floating point.
pub fn thermographs_svg(thermographs: &[Thermograph]) -> Option<String> {
    let top = thermographs.iter().map(Thermograph::picture_top).max()?;
    let walls: Vec<[Vec<(f64, f64)>; 2]> = thermographs
        .iter()
        .map(|th| {
            [
                wall_points(th, th.left_wall(), &top),
                wall_points(th, th.right_wall(), &top),
            ]
        })
        .collect();
    let values = walls.iter().flatten().flatten().map(|p| p.0);
    let v_max = values.clone().fold(f64::NEG_INFINITY, f64::max);
    let v_min = values.fold(f64::INFINITY, f64::min);
    let t_top = top.to_f64();
    if !((v_max - v_min).is_finite() && t_top.is_finite()) {
        return None;
    }
    let (v_left, v_right) = (v_max + 0.5, v_min - 0.5);
    let unit = (PLOT / (v_left - v_right)).min(PLOT / (t_top + 1.0));
    let frame = Frame {
        v_left,
        v_right,
        t_top,
        unit,
    };
    let width = MARGIN_LEFT + (v_left - v_right) * unit + MARGIN_RIGHT;
    let height = MARGIN_TOP + (t_top + 1.0) * unit + MARGIN_BOTTOM;
    let mut svg = Svg::new(width, height);
    let titles: Vec<String> = thermographs.iter().map(|th| th.to_string()).collect();
    svg.title(&titles.join("; "));
    draw_value_axis(&mut svg, &frame);
    draw_temperature_axis(&mut svg, &frame);
    let to_pixels =
        |points: &[(f64, f64)]| points.iter().map(|&p| frame.point(p)).collect::<Vec<_>>();
    for (i, [left, right]) in walls.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let style = format!(r#"stroke="{colour}" stroke-width="2" stroke-linejoin="round""#);
        let suffix = if i == 0 {
            String::new()
        } else {
            format!("-{}", i + 1)
        };
        svg.polyline(&format!("left-wall{suffix}"), &to_pixels(left), &style);
        svg.polyline(&format!("right-wall{suffix}"), &to_pixels(right), &style);
    }
    Some(svg.finish())
}

/// A wall as (value, temperature) points from the top of the picture down to t = -1.
fn wall_points(th: &Thermograph, wall: &Trajectory, top: &Dyadic) -> Vec<(f64, f64)> {
    let mut points = vec![(wall.value_at(top).to_f64(), top.to_f64())];
    points.extend(
        th.corners(wall)
            .iter()
            .map(|(v, t)| (v.to_f64(), t.to_f64())),
    );
    points
}

/// The base line at t = -1 with the value ticks, and the dashed line of t = 0.
fn draw_value_axis(svg: &mut Svg, frame: &Frame) {
    let base = frame.y(-1.0);
    let axis = r#"stroke="black" stroke-width="1""#;
    svg.line(
        (frame.x(frame.v_left), base),
        (frame.x(frame.v_right), base),
        axis,
    );
    let step = nice_step(frame.v_left - frame.v_right, 6);
    for v in ticks(frame.v_right, frame.v_left, step) {
        let x = frame.x(v);
        svg.line((x, base), (x, base + TICK), axis);
        svg.text((x, base + TICK + 15.0), Anchor::Middle, &label(v));
    }
    let zero = frame.y(0.0);
    svg.line(
        (frame.x(frame.v_left), zero),
        (frame.x(frame.v_right), zero),
        r##"stroke="#999999" stroke-width="1" stroke-dasharray="4 3""##,
    );
}

/// The temperature axis at the right edge, with its ticks and labels.
fn draw_temperature_axis(svg: &mut Svg, frame: &Frame) {
    let x = frame.x(frame.v_right);
    let axis = r#"stroke="black" stroke-width="1""#;
    svg.line((x, frame.y(-1.0)), (x, frame.y(frame.t_top)), axis);
    let step = nice_step(frame.t_top + 1.0, 8);
    for t in ticks(-1.0, frame.t_top, step) {
        let y = frame.y(t);
        svg.line((x, y), (x + TICK, y), axis);
        svg.text((x + TICK + 4.0, y + 5.0), Anchor::Start, &label(t));
    }
}
