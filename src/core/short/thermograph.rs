//! Thermographs: exact piecewise-linear walls over dyadic rationals.
//!
//! A *trajectory* is a continuous piecewise-linear function of the temperature t on [-1, ∞),
//! given by its critical temperatures (where the slope changes, strictly decreasing, all above
//! -1) and the line of each segment. A *thermograph* is a pair of trajectories, the left wall
//! L_t(G) and the right wall R_t(G), with R_t <= L_t (Winning Ways, ch. 6; Siegel, *Combinatorial
//! Game Theory* (2013), II.5).
//!
//! The thermograph of G = {G^L | G^R} is the *thermographic intersection* of its scaffolds:
//! the left scaffold max_L R_t(G^L) - t and the right scaffold min_R L_t(G^R) + t. Where the left
//! scaffold lies to the left of (above) the right one the walls are the scaffolds (a hill);
//! elsewhere both walls are one vertical mast (a cave), which rises from the point where the
//! scaffolds meet, or, at the base t = -1, from the value between the scaffolds nearest 0. This is
//! Berlekamp's generalized thermography ("The Economist's View of Combinatorial Games", 1996),
//! which agrees with Winning Ways wherever both are defined; in a cave the mast is pushed along
//! by a scaffold that crosses it.
//!
//! Slopes are small integers (0 and ±1 on the walls of short games, ±1 and ±2 in differences of
//! scaffolds), so every crossing of two segments is again a dyadic rational.

use std::fmt;

use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// A continuous piecewise-linear function of the temperature on [-1, ∞) (see the module
/// documentation). Kept normalised: adjacent segments always have different slopes, so equal
/// trajectories have equal representations.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Trajectory {
    /// Critical temperatures, strictly decreasing, each greater than -1.
    critical: Vec<Dyadic>,
    /// `slopes[i]` is the slope of the segment above `critical[i]` (so `slopes[0]` is the slope
    /// of the mast); one more slope than critical temperatures.
    slopes: Vec<i64>,
    /// `intercepts[i]` is the value at t = 0 of the line through segment i.
    intercepts: Vec<Dyadic>,
}

/// A line v(t) = intercept + slope·t.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Line {
    slope: i64,
    intercept: Dyadic,
}

impl Line {
    fn at(&self, t: &Dyadic) -> Dyadic {
        &self.intercept + &(t * &Dyadic::from(self.slope))
    }

    /// Where the two lines meet (`None` if they are parallel).
    fn crossing(&self, other: &Line) -> Option<Dyadic> {
        let ds = self.slope - other.slope;
        if ds == 0 {
            return None;
        }
        Some(divide(&(&other.intercept - &self.intercept), ds))
    }

    /// Where the line takes the value v (`None` if it is horizontal).
    fn reaches(&self, v: &Dyadic) -> Option<Dyadic> {
        if self.slope == 0 {
            return None;
        }
        Some(divide(&(v - &self.intercept), self.slope))
    }
}

/// x / d for a divisor that is ± a power of two, as it always is for the slopes that occur.
fn divide(x: &Dyadic, d: i64) -> Dyadic {
    let magnitude = d.unsigned_abs();
    assert!(
        magnitude.is_power_of_two(),
        "thermograph slopes differ by {d}, which is not a power of two"
    );
    let shift = magnitude.trailing_zeros();
    let q = Dyadic::new(x.numerator().clone(), x.exponent() + shift);
    if d < 0 {
        -q
    } else {
        q
    }
}

/// A piece of a trajectory under construction: a line, valid up to `top` (`None`: to ∞).
struct Piece {
    top: Option<Dyadic>,
    line: Line,
}

/// Builds a trajectory from pieces listed from the base (t = -1) upwards, each valid from the top
/// of the previous one to its own top. Pieces of zero length and repeated lines are merged.
fn from_pieces_upwards(pieces: Vec<Piece>) -> Trajectory {
    let mut merged: Vec<Piece> = Vec::with_capacity(pieces.len());
    let minus_one = Dyadic::from(-1);
    for piece in pieces {
        if let Some(top) = &piece.top {
            if *top <= minus_one {
                continue;
            }
            if let Some(last) = merged.last() {
                if last.top.as_ref() == Some(top) {
                    continue;
                }
            }
        }
        match merged.last_mut() {
            Some(last) if last.line == piece.line => last.top = piece.top,
            _ => merged.push(piece),
        }
    }
    // The top piece extends to infinity.
    if let Some(last) = merged.last_mut() {
        last.top = None;
    }
    merged.reverse();
    let mut critical = Vec::with_capacity(merged.len().saturating_sub(1));
    let mut slopes = Vec::with_capacity(merged.len());
    let mut intercepts = Vec::with_capacity(merged.len());
    for piece in merged {
        if let Some(top) = piece.top {
            critical.push(top);
        }
        slopes.push(piece.line.slope);
        intercepts.push(piece.line.intercept);
    }
    Trajectory {
        critical,
        slopes,
        intercepts,
    }
}

impl Trajectory {
    /// The trajectory with constant value x.
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            critical: vec![],
            slopes: vec![0],
            intercepts: vec![x],
        }
    }

    /// A trajectory from its mast value, critical temperatures (strictly decreasing, above -1)
    /// and slopes (one more than critical temperatures, the mast's first), as it prints; `None`
    /// if the lists do not fit together.
    pub fn new(mast: Dyadic, critical: Vec<Dyadic>, slopes: Vec<i64>) -> Option<Trajectory> {
        if slopes.len() != critical.len() + 1 {
            return None;
        }
        let minus_one = Dyadic::from(-1);
        if critical.windows(2).any(|w| w[0] <= w[1]) || critical.iter().any(|c| *c <= minus_one) {
            return None;
        }
        // Segment 0 passes through (c_0, mast); segment i >= 1 through (c_{i-1}, V_{i-1}), where
        // V_i is the value at c_i, found going down from the mast.
        let mut pieces = Vec::with_capacity(slopes.len());
        let mut value = mast.clone();
        for (i, &slope) in slopes.iter().enumerate() {
            let intercept = match i.checked_sub(1).map(|j| &critical[j]).or(critical.first()) {
                None => mast.clone(),
                Some(anchor) => {
                    if i > 0 {
                        let line = &value - &(anchor * &Dyadic::from(slope));
                        if let Some(next) = critical.get(i) {
                            value = &value - &((anchor - next) * Dyadic::from(slope));
                        }
                        line
                    } else {
                        &value - &(anchor * &Dyadic::from(slope))
                    }
                }
            };
            pieces.push(Piece {
                top: if i == 0 {
                    None
                } else {
                    Some(critical[i - 1].clone())
                },
                line: Line { slope, intercept },
            });
        }
        pieces.reverse();
        Some(from_pieces_upwards(pieces))
    }

    /// The critical temperatures, highest first.
    pub fn critical_temperatures(&self) -> &[Dyadic] {
        &self.critical
    }

    /// The slopes d(value)/d(temperature) of the segments, from the mast down to -1.
    pub fn slopes(&self) -> &[i64] {
        &self.slopes
    }

    fn segment_index(&self, t: &Dyadic) -> usize {
        self.critical.iter().take_while(|c| *c > t).count()
    }

    fn line(&self, i: usize) -> Line {
        Line {
            slope: self.slopes[i],
            intercept: self.intercepts[i].clone(),
        }
    }

    /// The value at temperature t (t >= -1).
    pub fn value_at(&self, t: &Dyadic) -> Dyadic {
        self.line(self.segment_index(t)).at(t)
    }

    /// The value at the highest critical temperature (the constant value, if there is none):
    /// the mast value when the mast is vertical.
    pub fn mast_value(&self) -> Dyadic {
        match self.critical.first() {
            None => self.intercepts[0].clone(),
            Some(c) => self.value_at(c),
        }
    }

    /// The value plus r·t.
    pub fn tilt(&self, r: i64) -> Trajectory {
        Trajectory {
            critical: self.critical.clone(),
            slopes: self.slopes.iter().map(|s| s + r).collect(),
            intercepts: self.intercepts.clone(),
        }
    }

    /// The value plus x.
    pub fn translate(&self, x: &Dyadic) -> Trajectory {
        Trajectory {
            critical: self.critical.clone(),
            slopes: self.slopes.clone(),
            intercepts: self.intercepts.iter().map(|i| i + x).collect(),
        }
    }

    /// The negative -v(t).
    pub fn negate(&self) -> Trajectory {
        Trajectory {
            critical: self.critical.clone(),
            slopes: self.slopes.iter().map(|s| -s).collect(),
            intercepts: self.intercepts.iter().map(|i| -i).collect(),
        }
    }

    /// The pointwise maximum.
    pub fn max(&self, other: &Trajectory) -> Trajectory {
        self.extremum(other, true)
    }

    /// The pointwise minimum.
    pub fn min(&self, other: &Trajectory) -> Trajectory {
        self.extremum(other, false)
    }

    /// a(t) <= b(t) for every t >= -1.
    pub fn leq(&self, other: &Trajectory) -> bool {
        let points = merged_breakpoints(&self.critical, &other.critical);
        let minus_one = Dyadic::from(-1);
        let at_points = points
            .iter()
            .chain(std::iter::once(&minus_one))
            .all(|t| self.value_at(t) <= other.value_at(t));
        let (a, b) = (self.line(0), other.line(0));
        at_points && (a.slope, &a.intercept) <= (b.slope, &b.intercept)
    }

    fn extremum(&self, other: &Trajectory, max: bool) -> Trajectory {
        // Interval boundaries from the base up: -1, the critical points in increasing order, ∞.
        let mut points = merged_breakpoints(&self.critical, &other.critical);
        points.reverse();
        let mut pieces = Vec::new();
        let mut bottom = Dyadic::from(-1);
        for top in points.into_iter().map(Some).chain(std::iter::once(None)) {
            let a = self.line(self.segment_index(&bottom));
            let b = other.line(other.segment_index(&bottom));
            // Which line is larger just above `bottom`.
            let a_wins = |t: &Dyadic| {
                let (va, vb) = (a.at(t), b.at(t));
                let ka = (va, a.slope);
                let kb = (vb, b.slope);
                if max {
                    ka >= kb
                } else {
                    ka <= kb
                }
            };
            let choose = |a_first: bool| if a_first { a.clone() } else { b.clone() };
            let crossing = a
                .crossing(&b)
                .filter(|c| *c > bottom && top.as_ref().is_none_or(|t| c < t));
            match crossing {
                Some(c) => {
                    let first = a_wins(&bottom);
                    pieces.push(Piece {
                        top: Some(c.clone()),
                        line: choose(first),
                    });
                    pieces.push(Piece {
                        top: top.clone(),
                        line: choose(a_wins(&c)),
                    });
                }
                None => pieces.push(Piece {
                    top: top.clone(),
                    line: choose(a_wins(&bottom)),
                }),
            }
            if let Some(t) = top {
                bottom = t;
            }
        }
        from_pieces_upwards(pieces)
    }
}

/// The union of two decreasing lists of critical points, decreasing, without repeats.
fn merged_breakpoints(a: &[Dyadic], b: &[Dyadic]) -> Vec<Dyadic> {
    let mut all: Vec<Dyadic> = a.iter().chain(b).cloned().collect();
    all.sort_unstable_by(|x, y| y.cmp(x));
    all.dedup();
    all
}

impl fmt::Display for Trajectory {
    /// `mast,[t1,...,tk],[s0,...,sk]` (NOTATION.md).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},[", self.mast_value())?;
        for (i, c) in self.critical.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("],[")?;
        for (i, s) in self.slopes.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{s}")?;
        }
        f.write_str("]")
    }
}

impl fmt::Debug for Trajectory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Trajectory({self})")
    }
}

/// The thermograph of a short game: its left and right walls (see the module documentation).
///
/// ```
/// use cg::core::Game;
/// let g = Game::switch(&[Game::integer(1)]); // ±1
/// assert_eq!(g.thermograph().to_string(), "Thermograph(0,[1],[0,-1],0,[1],[0,1])");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Thermograph {
    left: Trajectory,
    right: Trajectory,
}

impl Thermograph {
    /// The thermograph of a number-like constant: both walls the vertical mast at x.
    pub fn constant(x: Dyadic) -> Thermograph {
        let wall = Trajectory::constant(x);
        Thermograph {
            left: wall.clone(),
            right: wall,
        }
    }

    /// The thermograph with the given walls; `None` unless the right wall lies at or below the
    /// left wall everywhere.
    pub fn from_walls(left: Trajectory, right: Trajectory) -> Option<Thermograph> {
        right.leq(&left).then_some(Thermograph { left, right })
    }

    /// The left wall L_t(G): Left's stop of G cooled by t.
    pub fn left_wall(&self) -> &Trajectory {
        &self.left
    }

    /// The right wall R_t(G): Right's stop of G cooled by t.
    pub fn right_wall(&self) -> &Trajectory {
        &self.right
    }

    /// The temperature: the largest critical temperature of either wall, or -1 when both walls
    /// are one vertical mast (integers).
    pub fn temperature(&self) -> Dyadic {
        let top = |w: &Trajectory| w.critical.first().cloned();
        match (top(&self.left), top(&self.right)) {
            (Some(a), Some(b)) => a.max(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => Dyadic::from(-1),
        }
    }

    /// The mast value (the mean of the game): the value of the walls at the temperature.
    pub fn mast(&self) -> Dyadic {
        self.left.value_at(&self.temperature())
    }

    /// The (value, temperature) corners of one of the walls, for drawing it: from the foot of
    /// the mast (at the temperature) down through the critical temperatures to t = -1.
    pub fn corners(&self, wall: &Trajectory) -> Vec<(Dyadic, Dyadic)> {
        let minus_one = Dyadic::from(-1);
        let top = self.temperature();
        let mut temperatures = vec![top.clone()];
        let below = wall.critical.iter().filter(|c| **c < top).cloned();
        temperatures.extend(below);
        if top > minus_one {
            temperatures.push(minus_one);
        }
        temperatures
            .into_iter()
            .map(|t| (wall.value_at(&t), t))
            .collect()
    }

    /// How high a picture of the thermograph reaches, so that the mast shows: one unit above
    /// the temperature (or above 0 if that is higher), or a fifth of the height when the
    /// temperature is large (then rounded up to an integer).
    pub fn picture_top(&self) -> Dyadic {
        let t = self.temperature().max(Dyadic::zero());
        let fifth = (t.to_f64() + 1.0) / 5.0;
        let extra = if fifth > 1.0 { fifth.ceil() as i64 } else { 1 };
        t + Dyadic::from(extra)
    }

    /// The thermograph translated by the number x (the thermograph of G + x).
    pub fn translate(&self, x: &Dyadic) -> Thermograph {
        Thermograph {
            left: self.left.translate(x),
            right: self.right.translate(x),
        }
    }

    /// The thermograph of -G: walls swapped and negated.
    pub fn negate(&self) -> Thermograph {
        Thermograph {
            left: self.right.negate(),
            right: self.left.negate(),
        }
    }

    /// The thermograph of a game whose left scaffold is `left` (max over G^L of R_t(G^L) - t,
    /// `None` for -∞ when Left has no option) and whose right scaffold is `right` (min over G^R
    /// of L_t(G^R) + t, `None` for +∞).
    pub fn from_scaffolds(left: Option<&Trajectory>, right: Option<&Trajectory>) -> Thermograph {
        intersect(left, right)
    }
}

impl fmt::Display for Thermograph {
    /// `Thermograph(LEFT,RIGHT)` (NOTATION.md).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thermograph({},{})", self.left, self.right)
    }
}

impl fmt::Debug for Thermograph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// A scaffold restricted to one interval: a line, or ∓∞.
#[derive(Clone)]
enum Side {
    Line(Line),
    Infinite,
}

/// The state of the walls while the intersection climbs from the base.
enum State {
    /// The walls are the scaffolds.
    Hill,
    /// Both walls are the vertical mast at this value.
    Cave(Dyadic),
    /// Both walls follow the left scaffold, which pushes the mast to the left.
    FollowLeft,
    /// Both walls follow the right scaffold, which pushes the mast to the right.
    FollowRight,
}

/// The thermographic intersection of a left and a right scaffold (see the module documentation).
fn intersect(left: Option<&Trajectory>, right: Option<&Trajectory>) -> Thermograph {
    let minus_one = Dyadic::from(-1);
    let no_points: Vec<Dyadic> = vec![];
    let mut points = merged_breakpoints(
        left.map_or(&no_points, |t| &t.critical),
        right.map_or(&no_points, |t| &t.critical),
    );
    points.reverse();
    let side_at = |s: Option<&Trajectory>, t: &Dyadic| match s {
        Some(tr) => Side::Line(tr.line(tr.segment_index(t))),
        None => Side::Infinite,
    };

    // The state at the base.
    let mut state = {
        let l = side_at(left, &minus_one);
        let r = side_at(right, &minus_one);
        match (&l, &r) {
            (Side::Line(l), Side::Line(r)) => {
                let (lv, rv) = (l.at(&minus_one), r.at(&minus_one));
                if lv > rv || (lv == rv && l.slope >= r.slope) {
                    State::Hill
                } else {
                    State::Cave(clamp_zero(Some(&lv), Some(&rv)))
                }
            }
            (Side::Line(l), Side::Infinite) => {
                State::Cave(clamp_zero(Some(&l.at(&minus_one)), None))
            }
            (Side::Infinite, Side::Line(r)) => {
                State::Cave(clamp_zero(None, Some(&r.at(&minus_one))))
            }
            (Side::Infinite, Side::Infinite) => State::Cave(Dyadic::zero()),
        }
    };

    let mut left_pieces: Vec<Piece> = Vec::new();
    let mut right_pieces: Vec<Piece> = Vec::new();
    let mut bottom = minus_one;
    for top in points.into_iter().map(Some).chain(std::iter::once(None)) {
        let l = side_at(left, &bottom);
        let r = side_at(right, &bottom);
        let below_top = |c: &Dyadic| top.as_ref().is_none_or(|t| c < t);
        let mut t0 = bottom.clone();
        // A mast pushed along by a scaffold stays vertical once the scaffold turns away.
        state = match state {
            State::FollowLeft => match &l {
                Side::Line(line) => State::Cave(line.at(&t0)),
                Side::Infinite => unreachable!("a mast follows a finite scaffold"),
            },
            State::FollowRight => match &r {
                Side::Line(line) => State::Cave(line.at(&t0)),
                Side::Infinite => unreachable!("a mast follows a finite scaffold"),
            },
            other => other,
        };
        loop {
            match state {
                State::Hill => {
                    let (Side::Line(ll), Side::Line(rl)) = (&l, &r) else {
                        unreachable!("a hill has finite scaffolds")
                    };
                    // Where the left scaffold first falls below the right one, if it does.
                    let d = Line {
                        slope: ll.slope - rl.slope,
                        intercept: &ll.intercept - &rl.intercept,
                    };
                    let split = if d.slope < 0 {
                        d.reaches(&Dyadic::zero())
                            .map(|c| if c < t0 { t0.clone() } else { c })
                            .filter(&below_top)
                    } else {
                        None
                    };
                    match split {
                        None => {
                            left_pieces.push(Piece {
                                top: top.clone(),
                                line: ll.clone(),
                            });
                            right_pieces.push(Piece {
                                top: top.clone(),
                                line: rl.clone(),
                            });
                            break;
                        }
                        Some(c) => {
                            left_pieces.push(Piece {
                                top: Some(c.clone()),
                                line: ll.clone(),
                            });
                            right_pieces.push(Piece {
                                top: Some(c.clone()),
                                line: rl.clone(),
                            });
                            state = State::Cave(ll.at(&c));
                            t0 = c;
                        }
                    }
                }
                State::Cave(ref v) => {
                    let v = v.clone();
                    // Where the left scaffold starts to pass the mast to the left, or the right
                    // scaffold to the right.
                    let pass = |side: &Side, rising: bool| match side {
                        Side::Line(line)
                            if (rising && line.slope > 0) || (!rising && line.slope < 0) =>
                        {
                            line.reaches(&v)
                                .map(|c| if c < t0 { t0.clone() } else { c })
                                .filter(&below_top)
                        }
                        _ => None,
                    };
                    let c1 = pass(&l, true);
                    let c2 = pass(&r, false);
                    let next = match (c1, c2) {
                        (None, None) => None,
                        (Some(a), None) => Some((a, true)),
                        (None, Some(b)) => Some((b, false)),
                        (Some(a), Some(b)) => {
                            if a <= b {
                                Some((a, true))
                            } else {
                                Some((b, false))
                            }
                        }
                    };
                    let mast = Line {
                        slope: 0,
                        intercept: v.clone(),
                    };
                    match next {
                        None => {
                            left_pieces.push(Piece {
                                top: top.clone(),
                                line: mast.clone(),
                            });
                            right_pieces.push(Piece {
                                top: top.clone(),
                                line: mast,
                            });
                            break;
                        }
                        Some((c, by_left)) => {
                            left_pieces.push(Piece {
                                top: Some(c.clone()),
                                line: mast.clone(),
                            });
                            right_pieces.push(Piece {
                                top: Some(c.clone()),
                                line: mast,
                            });
                            state = if by_left {
                                State::FollowLeft
                            } else {
                                State::FollowRight
                            };
                            t0 = c;
                        }
                    }
                }
                State::FollowLeft | State::FollowRight => {
                    let by_left = matches!(state, State::FollowLeft);
                    let (Side::Line(ll), Side::Line(rl)) = (&l, &r) else {
                        // The other scaffold is infinite: the mast follows to the top.
                        let line = match (&l, &r) {
                            (Side::Line(x), _) if by_left => x.clone(),
                            (_, Side::Line(x)) => x.clone(),
                            _ => unreachable!("a mast follows a finite scaffold"),
                        };
                        left_pieces.push(Piece {
                            top: top.clone(),
                            line: line.clone(),
                        });
                        right_pieces.push(Piece {
                            top: top.clone(),
                            line,
                        });
                        break;
                    };
                    let followed = if by_left { ll.clone() } else { rl.clone() };
                    // The scaffolds meet again where a hill begins.
                    let d = Line {
                        slope: ll.slope - rl.slope,
                        intercept: &ll.intercept - &rl.intercept,
                    };
                    let meet = if d.slope > 0 {
                        d.reaches(&Dyadic::zero())
                            .map(|c| if c < t0 { t0.clone() } else { c })
                            .filter(&below_top)
                    } else {
                        None
                    };
                    match meet {
                        None => {
                            left_pieces.push(Piece {
                                top: top.clone(),
                                line: followed.clone(),
                            });
                            right_pieces.push(Piece {
                                top: top.clone(),
                                line: followed,
                            });
                            break;
                        }
                        Some(c) => {
                            left_pieces.push(Piece {
                                top: Some(c.clone()),
                                line: followed.clone(),
                            });
                            right_pieces.push(Piece {
                                top: Some(c.clone()),
                                line: followed,
                            });
                            state = State::Hill;
                            t0 = c;
                        }
                    }
                }
            }
        }
        if let Some(t) = top {
            bottom = t;
        }
    }
    Thermograph {
        left: from_pieces_upwards(left_pieces),
        right: from_pieces_upwards(right_pieces),
    }
}

/// The value in [lo, hi] nearest 0 (a missing bound is infinite).
fn clamp_zero(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
    if let Some(l) = lo {
        if l.is_positive() {
            return l.clone();
        }
    }
    if let Some(h) = hi {
        if h.is_negative() {
            return h.clone();
        }
    }
    Dyadic::zero()
}

/// -1/2^k for a number m/2^k with k >= 1, -1 for an integer: the temperature of a number
/// (Winning Ways ch. 6; CGSuite's convention).
pub(crate) fn number_temperature(x: &Dyadic) -> Dyadic {
    Dyadic::new(Integer::from(-1), x.exponent())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(Integer::from(n), k)
    }

    #[test]
    fn constant_trajectory_prints_as_a_mast() {
        assert_eq!(Trajectory::constant(d(5, 0)).to_string(), "5,[],[0]");
    }

    #[test]
    fn new_round_trips_through_display() {
        // The right wall of {3||2*|1*} (NOTATION.md).
        let t =
            Trajectory::new(d(9, 2), vec![d(3, 2), d(1, 1), d(0, 0)], vec![0, 1, 0, 1]).unwrap();
        assert_eq!(t.to_string(), "9/4,[3/4,1/2,0],[0,1,0,1]");
        assert_eq!(t.value_at(&d(-1, 0)), d(1, 0));
        assert_eq!(t.value_at(&d(1, 2)), d(2, 0));
        assert_eq!(t.value_at(&d(5, 0)), d(9, 2));
        assert!(Trajectory::new(d(0, 0), vec![d(-1, 0)], vec![0, 1]).is_none());
        assert!(Trajectory::new(d(0, 0), vec![], vec![0, 1]).is_none());
    }

    #[test]
    fn max_and_min_find_crossings() {
        // 1 - t against t: they cross at 1/2.
        let a = Trajectory::constant(d(1, 0)).tilt(-1);
        let b = Trajectory::constant(d(0, 0)).tilt(1);
        let hi = a.max(&b);
        assert_eq!(hi.critical_temperatures(), &[d(1, 1)]);
        assert_eq!(hi.slopes(), &[1, -1]);
        let lo = a.min(&b);
        assert_eq!(lo.slopes(), &[-1, 1]);
        assert_eq!(lo.value_at(&d(1, 1)), d(1, 1));
        assert!(lo.leq(&hi));
        assert!(!hi.leq(&lo));
    }

    #[test]
    fn a_switch_has_a_hill_then_a_mast() {
        // ±1: left scaffold 1 - t, right scaffold -1 + t, meeting at t = 1.
        let ls = Trajectory::constant(d(1, 0)).tilt(-1);
        let rs = Trajectory::constant(d(-1, 0)).tilt(1);
        let th = Thermograph::from_scaffolds(Some(&ls), Some(&rs));
        assert_eq!(th.to_string(), "Thermograph(0,[1],[0,-1],0,[1],[0,1])");
        assert_eq!(th.temperature(), d(1, 0));
        assert_eq!(th.mast(), d(0, 0));
    }

    #[test]
    fn a_cave_at_the_base_takes_the_value_nearest_zero() {
        // {4 | } (the integer 5): left scaffold 4 - t is 5 at the base; no right scaffold.
        let ls = Trajectory::constant(d(4, 0)).tilt(-1);
        let th = Thermograph::from_scaffolds(Some(&ls), None);
        assert_eq!(th.to_string(), "Thermograph(5,[],[0],5,[],[0])");
        assert_eq!(th.temperature(), d(-1, 0));
        // { | } = 0 and {-1 | 1} = 0 in form: the mast stands at 0.
        let empty = Thermograph::from_scaffolds(None, None);
        assert_eq!(empty, Thermograph::constant(Dyadic::zero()));
        let ls = Trajectory::constant(d(-1, 0)).tilt(-1);
        let rs = Trajectory::constant(d(1, 0)).tilt(1);
        assert_eq!(
            Thermograph::from_scaffolds(Some(&ls), Some(&rs)),
            Thermograph::constant(Dyadic::zero())
        );
    }

    #[test]
    fn a_scaffold_can_push_the_mast() {
        // Generalized thermography: a left scaffold of slope +1 rising through a cave drags the
        // mast with it until it meets the right scaffold. Left scaffold -1/2 + t, right scaffold
        // 1: a cave at the base with the mast at 0, pushed from t = 1/2, a hill from t = 3/2.
        let ls = Trajectory::constant(d(-1, 1)).tilt(1);
        let rs = Trajectory::constant(d(1, 0));
        let th = Thermograph::from_scaffolds(Some(&ls), Some(&rs));
        assert_eq!(th.left_wall().to_string(), "0,[1/2],[1,0]");
        assert_eq!(th.right_wall().to_string(), "1,[3/2,1/2],[0,1,0]");
    }
}
