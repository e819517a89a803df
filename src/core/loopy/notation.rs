//! Printing loopy values as `../shared/NOTATION.md` (section "Loopy games") says: `on`, `off`,
//! pseudonumbers (`over`, `5over`, `-3/2under`), the upon family with a number in front and a
//! star after (`^[on]`, `5^[on]*`, `-1/4v<on>`), brace forms in which a move to the position
//! itself is `pass` and a cycle back to an enclosing position is that position's label
//! (`a{0|{1|a}}`), slashes as for short games except that a labelled position or one with an
//! empty side keeps its braces, and sided values `ONSIDE & OFFSIDE` (`dud` for `on & off`).
//! Options print short games first (in the short-game order), then `pass`, then the other loopy
//! options in the canonical order of the graph.

use std::fmt;

use crate::core::short::notation::sole_option_notation;
use crate::core::short::store::Side;
use crate::core::Game;

use super::graph::Graph;
use super::stopper::{short_value, Stopper};
use super::{off, on, pseudonumber, upon, uponth, LoopyValue, Pseudo};

/// More bars than this, and a sole option keeps its braces (as for short games).
const MAX_BARS: usize = 4;

thread_local! {
    /// The upon family (the stopper and its name), for recognising x + member.
    static UPON_FAMILY: Vec<(Stopper, &'static str)> = upon_family();
}

fn upon_family() -> Vec<(Stopper, &'static str)> {
    let star = Stopper::from_game(Game::star());
    let with_star = |s: &Stopper| match s.sum(&star) {
        Ok(LoopyValue::Stopper(t)) => t,
        _ => unreachable!("a stopper plus * is a stopper"),
    };
    let (up, upth) = (upon(), uponth());
    vec![
        (up.clone(), "^[on]"),
        (with_star(&up), "^[on]*"),
        (up.negative(), "v[on]"),
        (with_star(&up.negative()), "v[on]*"),
        (upth.clone(), "^<on>"),
        (with_star(&upth), "^<on>*"),
        (upth.negative(), "v<on>"),
        (with_star(&upth.negative()), "v<on>*"),
    ]
}

/// The name of a stopper that has one: a pseudonumber or a number plus a member of the upon
/// family.
fn named(s: &Stopper) -> Option<String> {
    match pseudonumber(s.graph(), 0) {
        Some(Pseudo::On) => return Some("on".into()),
        Some(Pseudo::Off) => return Some("off".into()),
        Some(Pseudo::Number(x, tilt)) if tilt != 0 => {
            let shift = if x.is_zero() {
                String::new()
            } else {
                x.to_string()
            };
            let word = if tilt > 0 { "over" } else { "under" };
            return Some(format!("{shift}{word}"));
        }
        _ => {}
    }
    let (left, right) = s.stops();
    let x = match (left, right) {
        (Pseudo::Number(x, 0), Pseudo::Number(y, 0)) if x == y => x,
        _ => return None,
    };
    let shifted = if x.is_zero() {
        s.clone()
    } else {
        match s.sum(&Stopper::from_game(-Game::number(x.clone()))) {
            Ok(LoopyValue::Stopper(t)) => t,
            _ => return None,
        }
    };
    let name = UPON_FAMILY.with(|family| {
        family
            .iter()
            .find(|(member, _)| *member == shifted)
            .map(|(_, name)| *name)
    })?;
    let shift = if x.is_zero() {
        String::new()
    } else {
        x.to_string()
    };
    Some(format!("{shift}{name}"))
}

/// Label names: `a` ... `z` (without `v`, which is the down glyph), then `N1`, `N2`, ...
fn label_name(i: usize) -> String {
    const LETTERS: &str = "abcdefghijklmnopqrstuwxyz";
    match LETTERS.as_bytes().get(i) {
        Some(&c) => (c as char).to_string(),
        None => format!("N{}", i - LETTERS.len() + 1),
    }
}

struct Printer<'a> {
    stopper: &'a Stopper,
    graph: &'a Graph,
    /// The positions being printed, outermost first, with the label each was given.
    stack: Vec<(u32, Option<String>)>,
    labels: usize,
}

impl Printer<'_> {
    /// The text of vertex `v`, and its bars when it is written without braces (0 if atomic).
    fn render(&mut self, v: u32, braced: bool) -> (String, usize) {
        // The stopper itself may know its short game; a follower is read off the graph.
        let short = match v {
            0 => self.stopper.to_game(),
            _ => self
                .graph
                .is_cycle_free(v)
                .then(|| short_value(self.graph, v)),
        };
        if let Some(g) = short {
            return if braced {
                (g.to_string(), 0)
            } else {
                sole_option_notation(g)
            };
        }
        if let Some(name) = named(&self.stopper.follower(v)) {
            return (name, 0);
        }
        self.stack.push((v, None));
        let (left, left_bars, left_empty) = self.render_side(v, Side::Left);
        let (right, right_bars, right_empty) = self.render_side(v, Side::Right);
        let (_, label) = self.stack.pop().expect("pushed above");
        let bars = left_bars.max(right_bars);
        let inner = format!("{left}{}{right}", "|".repeat(bars));
        if braced || bars >= MAX_BARS || label.is_some() || left_empty || right_empty {
            (format!("{}{{{inner}}}", label.unwrap_or_default()), 0)
        } else {
            (inner, bars)
        }
    }

    /// One side: its text, the bars it needs, and whether it is empty.
    fn render_side(&mut self, v: u32, side: Side) -> (String, usize, bool) {
        let options = self.ordered_options(v, side);
        if let [sole] = options.as_slice() {
            let (text, bars) = self.render_option(v, *sole, false);
            return (text, bars + 1, false);
        }
        let texts: Vec<String> = options
            .iter()
            .map(|&w| self.render_option(v, w, true).0)
            .collect();
        (texts.join(","), 1, options.is_empty())
    }

    fn render_option(&mut self, v: u32, w: u32, braced: bool) -> (String, usize) {
        if w == v {
            return ("pass".into(), 0);
        }
        if let Some(i) = self.stack.iter().position(|(u, _)| *u == w) {
            if self.stack[i].1.is_none() {
                self.stack[i].1 = Some(label_name(self.labels));
                self.labels += 1;
            }
            return (self.stack[i].1.clone().unwrap(), 0);
        }
        self.render(w, braced)
    }

    /// Short options in the short-game order, then `pass`, then the rest by vertex number.
    fn ordered_options(&self, v: u32, side: Side) -> Vec<u32> {
        let options = self.graph.options(v, side);
        let mut short: Vec<(Game, u32)> = options
            .iter()
            .filter(|&&w| w != v && self.graph.is_cycle_free(w))
            .map(|&w| (short_value(self.graph, w), w))
            .collect();
        short.sort_by(|a, b| a.0.print_order(b.0));
        let mut ordered: Vec<u32> = short.into_iter().map(|(_, w)| w).collect();
        if options.contains(&v) {
            ordered.push(v);
        }
        let mut rest: Vec<u32> = options
            .iter()
            .copied()
            .filter(|&w| w != v && !self.graph.is_cycle_free(w))
            .collect();
        rest.sort_unstable();
        ordered.extend(rest);
        ordered
    }
}

impl fmt::Display for Stopper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut printer = Printer {
            stopper: self,
            graph: self.graph(),
            stack: Vec::new(),
            labels: 0,
        };
        f.write_str(&printer.render(0, true).0)
    }
}

impl fmt::Debug for Stopper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stopper({self})")
    }
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Stopper(s) => write!(f, "{s}"),
            LoopyValue::Sided(v) if v.onside == on() && v.offside == off() => f.write_str("dud"),
            LoopyValue::Sided(v) => write!(f, "{} & {}", v.onside, v.offside),
        }
    }
}

impl fmt::Debug for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LoopyValue({self})")
    }
}
