//! Where axes get their tick marks: steps of 1, 2 or 5 times a power of ten, or the dyadic
//! steps 1/2 and 1/4 for the small ranges of thermographs, labelled exactly (`-1/2`, `3/4`).

/// The smallest step among 1/4, 1/2, 1, 2, 5, 10, 20, 50, ... that puts at most `max_ticks`
/// ticks on a range of the given length.
pub fn nice_step(length: f64, max_ticks: usize) -> f64 {
    let max_ticks = max_ticks.max(1) as f64;
    for step in [0.25, 0.5] {
        if length / step <= max_ticks {
            return step;
        }
    }
    let mut power = 1.0;
    loop {
        for factor in [1.0, 2.0, 5.0] {
            let step = factor * power;
            if length / step <= max_ticks || !step.is_finite() {
                return step;
            }
        }
        power *= 10.0;
    }
}

/// The multiples of `step` in [lo, hi], ascending.
pub fn ticks(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// A tick value as a label: an integer, or a fraction in quarters reduced (`1/2`, `-3/4`).
pub fn label(x: f64) -> String {
    if x.fract() == 0.0 {
        return format!("{}", x as i64);
    }
    let quarters = (x * 4.0).round() as i64;
    let (num, den) = if quarters % 2 == 0 {
        (quarters / 2, 2)
    } else {
        (quarters, 4)
    };
    format!("{num}/{den}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps() {
        assert_eq!(nice_step(2.0, 8), 0.25);
        assert_eq!(nice_step(5.0, 8), 1.0);
        assert_eq!(nice_step(30000.0, 10), 5000.0);
        assert_eq!(nice_step(7.0, 10), 1.0);
        assert_eq!(nice_step(15.0, 10), 2.0);
    }

    #[test]
    fn ticks_and_labels() {
        assert_eq!(ticks(-1.0, 1.2, 0.5), vec![-1.0, -0.5, 0.0, 0.5, 1.0]);
        assert_eq!(label(-0.5), "-1/2");
        assert_eq!(label(0.75), "3/4");
        assert_eq!(label(3.0), "3");
    }
}
