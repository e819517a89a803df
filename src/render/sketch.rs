//! A few lines of text that sketch a thermograph in the terminal, under its printed walls.
//! Drawn as in the literature: values increase to the left, temperature upwards; `|` is a
//! vertical stretch of wall (the mast), `/` and `\` the slopes, `-` the line t = 0, and the last
//! line gives the values at t = -1 of the left wall, the mast and the right wall.
//!
//! Rows and columns have the same scale, a power of two characters per unit (at most 4, and
//! small enough that the sketch fits in 40 columns and 10 rows), so corners at halves and
//! quarters fall on the grid and walls of slope ±1 are unbroken diagonals.

use crate::core::{Dyadic, Integer, Thermograph, Trajectory};

const MAX_COLUMNS: f64 = 40.0;
const MAX_ROWS: f64 = 10.0;
/// At most 4 characters per unit.
const MAX_SCALE_EXPONENT: i32 = 2;

/// The sketch, one string per line, without trailing spaces; empty when the values are too
/// large for floating point.
pub fn thermograph_sketch(th: &Thermograph) -> Vec<String> {
    // The geometry is computed with the mast at 0 (exactly, before any rounding to floating
    // point), so games far from 0 are drawn as well as those near it; the labels are exact.
    let labels = feet_values(th);
    let th = &th.translate(&-th.mast());
    let (left, right) = (th.left_wall(), th.right_wall());
    let corners: Vec<f64> = th
        .corners(left)
        .iter()
        .chain(&th.corners(right))
        .map(|(v, _)| v.to_f64())
        .collect();
    let v_max = corners.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let v_min = corners.iter().copied().fold(f64::INFINITY, f64::min);
    let top = th.picture_top().to_f64();
    if !(v_max.is_finite() && v_min.is_finite() && top.is_finite()) {
        return Vec::new();
    }
    let exponent = scale_exponent(v_max - v_min, top + 1.0);
    let scale = 2f64.powi(exponent);
    // One column of margin on each side, so the line t = 0 shows beside a mast.
    let column = |v: f64| ((v_max - v) * scale).round() as i64 + 1;
    let width = column(v_min) + 2;

    let bottom = Dyadic::from(-1);
    let [left_foot, mast, right_foot] = labels;
    let feet = [
        (column(left.value_at(&bottom).to_f64()), left_foot),
        (column(0.0), mast),
        (column(right.value_at(&bottom).to_f64()), right_foot),
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
        let t = row_temperature(k, exponent);
        let mut row = vec![if k == 0 { '-' } else { ' ' }; width as usize];
        let l = (column(left.value_at(&t).to_f64()), wall_char(left, &t));
        let r = (column(right.value_at(&t).to_f64()), wall_char(right, &t));
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

/// The values at t = -1 of the left wall, the mast and the right wall, as they print.
fn feet_values(th: &Thermograph) -> [String; 3] {
    let bottom = Dyadic::from(-1);
    [
        th.left_wall().value_at(&bottom).to_string(),
        th.mast().to_string(),
        th.right_wall().value_at(&bottom).to_string(),
    ]
}

/// The exponent e of the largest scale 2^e characters per unit, at most 4, that fits
/// the sketch in its bounds.
fn scale_exponent(value_span: f64, temperature_span: f64) -> i32 {
    let fit = (MAX_COLUMNS / value_span).min(MAX_ROWS / temperature_span);
    let mut exponent = MAX_SCALE_EXPONENT;
    while 2f64.powi(exponent) > fit && exponent > -1000 {
        exponent -= 1;
    }
    exponent
}

/// The temperature k / 2^e of row k, exactly.
fn row_temperature(k: i64, exponent: i32) -> Dyadic {
    let k = Integer::from(k);
    if exponent >= 0 {
        Dyadic::new(k, exponent.unsigned_abs())
    } else {
        Dyadic::from(k.shl(exponent.unsigned_abs()))
    }
}

/// `|`, `/` or `\` for the wall's segment just below temperature t (at a corner, the segment
/// the eye follows downwards).
fn wall_char(wall: &Trajectory, t: &Dyadic) -> char {
    let above = wall
        .critical_temperatures()
        .iter()
        .take_while(|c| *c >= t)
        .count();
    match wall.slopes()[above].signum() {
        0 => '|',
        -1 => '/',
        _ => '\\',
    }
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
    fn far_from_zero_and_hot_games_keep_their_shape() {
        let switch = Game::switch(&[Game::integer(1)]);
        let far = Game::integer(1i64 << 62).times(&Integer::from(8));
        let near = thermograph_sketch(&switch.thermograph());
        let shifted = thermograph_sketch(&(switch + far).thermograph());
        // The same picture, only indented further for the longer labels.
        let unindent = |lines: &[String]| {
            let indent = lines
                .iter()
                .map(|l| l.len() - l.trim_start().len())
                .min()
                .unwrap_or(0);
            lines
                .iter()
                .map(|l| l[indent..].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            unindent(&near[..near.len() - 1]),
            unindent(&shifted[..shifted.len() - 1])
        );
        assert!(shifted.last().unwrap().contains("36893488147419103234"));
        // {100|-100} is scaled down to fit: at most 10 rows above the labels, 40 columns.
        let hot = Game::from_options(&[Game::integer(100)], &[Game::integer(-100)]);
        let sketch = thermograph_sketch(&hot.thermograph());
        assert!(sketch.len() <= 12, "{sketch:?}");
        assert!(sketch.iter().all(|l| l.chars().count() <= 60), "{sketch:?}");
        assert!(sketch.iter().any(|l| l.contains('/')) && sketch.iter().any(|l| l.contains('\\')));
    }

    #[test]
    fn a_number_is_a_mast() {
        let th = Game::integer(5).thermograph();
        // Temperatures 1 down to -1 at four rows per unit: nine rows.
        let expected = [
            " |",
            " |",
            " |",
            " |",
            "-|-  t = 0",
            " |",
            " |",
            " |",
            " |",
            " 5",
        ];
        assert_eq!(thermograph_sketch(&th), expected);
    }
}
