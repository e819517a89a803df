//! A few lines of text that sketch a thermograph in the terminal, under its printed walls.
//! Drawn as in the literature: values increase to the left, temperature upwards; `|` is a
//! vertical stretch of wall (the mast), `/` and `\` the slopes, `-` the line t = 0, and the last
//! line gives the values at t = -1 of the left wall, the mast and the right wall.
//!
//! Rows and columns have the same scale, a power of two characters per unit (at most 2, and
//! small enough that the sketch fits in 40 columns and 10 rows), so corners at halves and
//! quarters fall on the grid and walls of slope ±1 are unbroken diagonals.

use crate::core::{Dyadic, Thermograph, Trajectory};

const MAX_COLUMNS: f64 = 40.0;
const MAX_ROWS: f64 = 10.0;
const MAX_SCALE: f64 = 2.0;

/// The sketch, one string per line, without trailing spaces.
pub fn thermograph_sketch(th: &Thermograph) -> Vec<String> {
    let (left, right) = (th.left_wall(), th.right_wall());
    let bottom = Dyadic::from(-1);
    let (v_max, v_min) = (
        left.value_at(&bottom).to_f64(),
        right.value_at(&bottom).to_f64(),
    );
    let mast = th.mast().to_f64();
    let v_max = v_max.max(mast);
    let v_min = v_min.min(mast);
    let top = th.picture_top().to_f64();
    let scale = scale_for(v_max - v_min, top + 1.0);
    // One column of margin on each side, so the line t = 0 shows beside a mast.
    let column = |v: f64| ((v_max - v) * scale).round() as i64 + 1;
    let width = column(v_min) + 2;

    let feet = [
        (column(v_max), label(&left.value_at(&bottom))),
        (column(mast), label(&th.mast())),
        (column(v_min), label(&right.value_at(&bottom))),
    ];
    let pad = feet
        .iter()
        .map(|(_, l)| l.len() as i64 / 2)
        .max()
        .unwrap_or(0);

    let mut lines = Vec::new();
    let first = (top * scale).round() as i64;
    let last = (-scale).round() as i64;
    for k in (last..=first).rev() {
        let t = k as f64 / scale;
        let mut row = vec![if k == 0 { '-' } else { ' ' }; width as usize];
        let l = (column(value_at(left, t)), wall_char(left, t));
        let r = (column(value_at(right, t)), wall_char(right, t));
        for (c, ch) in [l, r] {
            if let Some(cell) = usize::try_from(c).ok().and_then(|c| row.get_mut(c)) {
                // Where the walls meet the mast begins.
                *cell = if l.0 == r.0 && l.1 != r.1 { '|' } else { ch };
            }
        }
        let mut text: String = " ".repeat(pad as usize);
        text.extend(row);
        if k == 0 {
            text.push_str("  t = 0");
        }
        lines.push(text.trim_end().to_string());
    }
    lines.push(label_line(&feet, pad));
    lines
}

/// The largest power of two, at most `MAX_SCALE`, that fits the sketch in its bounds.
fn scale_for(value_span: f64, temperature_span: f64) -> f64 {
    let fit = (MAX_COLUMNS / value_span.max(1e-9)).min(MAX_ROWS / temperature_span);
    let mut scale = MAX_SCALE;
    while scale > fit && scale > 1e-6 {
        scale /= 2.0;
    }
    scale
}

fn value_at(wall: &Trajectory, t: f64) -> f64 {
    // Rows are at multiples of a power of two, which are exact in both f64 and Dyadic.
    let t = dyadic_from(t);
    wall.value_at(&t).to_f64()
}

/// `|`, `/` or `\` for the wall's segment just below temperature t (at a corner, the segment
/// the eye follows downwards).
fn wall_char(wall: &Trajectory, t: f64) -> char {
    let above = wall
        .critical_temperatures()
        .iter()
        .take_while(|c| c.to_f64() >= t)
        .count();
    match wall.slopes()[above].signum() {
        0 => '|',
        -1 => '/',
        _ => '\\',
    }
}

/// t as an exact dyadic (t is k / 2^j for the sketch's rows).
fn dyadic_from(t: f64) -> Dyadic {
    let mut exponent = 0u32;
    let mut scaled = t;
    while scaled.fract() != 0.0 && exponent < 60 {
        scaled *= 2.0;
        exponent += 1;
    }
    Dyadic::new(crate::core::Integer::from(scaled as i64), exponent)
}

fn label(x: &Dyadic) -> String {
    x.to_string()
}

/// The labels centred under their columns, left to right, leaving out any that would touch the
/// previous one.
fn label_line(feet: &[(i64, String)], pad: i64) -> String {
    let mut line = String::new();
    let mut used = 0i64;
    for (c, text) in feet {
        let start = pad + c - text.len() as i64 / 2;
        if start < used || (used > 0 && start == used) {
            continue;
        }
        line.push_str(&" ".repeat((start - used) as usize));
        line.push_str(text);
        used = start + text.len() as i64;
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Game;

    #[test]
    fn a_switch_is_a_tent_with_a_mast() {
        let th = Game::switch(&[Game::integer(1)]).thermograph();
        let expected = [
            "      |",
            "      |",
            "      |",
            "     / \\",
            " ---/---\\---  t = 0",
            "   /     \\",
            "  /       \\",
            "  2   0  -2",
        ];
        assert_eq!(thermograph_sketch(&th), expected);
    }

    #[test]
    fn a_number_is_a_mast() {
        let th = Game::integer(5).thermograph();
        let expected = [" |", " |", "-|-  t = 0", " |", " |", " 5"];
        assert_eq!(thermograph_sketch(&th), expected);
    }
}
