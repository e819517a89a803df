//! LaTeX source for canonical games, numbers and thermographs, in the conventions of the
//! `combgames` package (Chen, Wolfe and Siegel: `combgames.sty`), the macros of CGT papers.
//!
//! The convention, form by form (the plain notation of NOTATION.md on the left):
//!
//! | plain | LaTeX |
//! | --- | --- |
//! | `5`, `-3/8` | `5`, `-\frac{3}{8}` |
//! | `*`, `*3` | `\cgstar`, `\cgstar3` |
//! | `^`, `^^`, `^3`, `^4`, `^7` | `\cgup`, `\cgdoubleup`, `\cgtripleup`, `\cgquadup`, `7\cdot\cgup` (`v`: `\cgdown`...) |
//! | `1/2^*`, `73/16v9*8` | `\frac{1}{2}\cgup\cgstar`, `\frac{73}{16}+9\cdot\cgdown\cgstar8` |
//! | `^<3>`, `v[2]*` | `\cgup^{3}`, `\cgdown^{[2]}\cgstar` |
//! | `+-1`, `+-(1*)`, `+-{1,1*}` | `\pm1`, `\pm(1\cgstar)`, `\pm\{1,1\cgstar\}` |
//! | `2Tiny(2)`, `Miny({3\|1})` | `2\cgtiny_{2}`, `\cgminy_{\{3\cgslash1\}}` |
//! | `{3\|\|2\|1}` | `\combgame{\{3\cgsslash2\cgslash1\}}` |
//!
//! Slashes are the package's macros `\cgslash`, `\cgsslash` and `\cgslashes{n}` (which work
//! anywhere, also inside other macros and table cells, unlike a bare `|`), and a value containing
//! braces is wrapped once in `\combgame{...}`, which sizes its braces and slashes. Options, the
//! choice of slashes and the compact forms are exactly those of the plain printer, so the two
//! always describe the same form.

use super::game::Game;
use super::notation::{Style, UpForm, UptimalForm};
use super::nus::Nus;
use super::store::with_store;
use super::thermograph::Thermograph;
use super::uptimal::UptimalExpansion;
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;
use crate::core::numbers::rational::Rational;

impl Game {
    /// The LaTeX source of the canonical form in the `combgames` conventions (see the module
    /// documentation).
    ///
    /// ```
    /// use cg::core::Game;
    /// let g = Game::from_options(&[Game::integer(2)], &[Game::integer(0)]);
    /// assert_eq!(g.to_latex(), r"\combgame{\{2\cgslash0\}}");
    /// assert_eq!((Game::up() + Game::star()).to_latex(), r"\cgup\cgstar");
    /// ```
    pub fn to_latex(self) -> String {
        wrap_braces(with_store(|s| s.render(&Latex, self, true).text))
    }
}

/// `\combgame{...}` around text that has braces, so the package sizes them and their slashes.
fn wrap_braces(text: String) -> String {
    if text.contains(r"\{") {
        format!(r"\combgame{{{text}}}")
    } else {
        text
    }
}

/// A dyadic rational in LaTeX: `5`, `-\frac{3}{8}`.
pub fn dyadic_latex(x: &Dyadic) -> String {
    rational_latex(&Rational::from(x.clone()))
}

/// A rational in LaTeX: integers in decimal, others as `\frac{p}{q}` with the sign in front.
///
/// ```
/// use cg::core::{latex::rational_latex, Rational, Integer};
/// let q = Rational::new(Integer::from(-1), Integer::from(3)).unwrap();
/// assert_eq!(rational_latex(&q), r"-\frac{1}{3}");
/// ```
pub fn rational_latex(q: &Rational) -> String {
    if q.is_integer() {
        return q.numerator().to_string();
    }
    let sign = if q.signum() < 0 { "-" } else { "" };
    format!(
        r"{sign}\frac{{{}}}{{{}}}",
        q.numerator().abs(),
        q.denominator()
    )
}

/// The thermograph as a `thermoplot` environment of `combgames`: each wall listed by its
/// (value, temperature) corners from the foot of the mast down to t = -1, left wall first, the
/// plot's `left`/`right` edges half a unit beyond the walls and its `top` above the mast.
///
/// ```
/// use cg::core::Game;
/// let th = Game::switch(&[Game::integer(1)]).thermograph(); // ±1
/// assert_eq!(
///     cg::core::latex::thermograph_latex(&th),
///     "\\begin{thermoplot}[left=5/2,right=-5/2,top=2]\n\\thermograph{0}(0,1)(2,-1);(0,1)(-2,-1)\n\\end{thermoplot}"
/// );
/// ```
pub fn thermograph_latex(th: &Thermograph) -> String {
    thermographs_latex(std::slice::from_ref(th))
}

/// Pstricks colours of the walls of thermographs drawn together (the first in the default).
const COLOURS: [&str; 6] = ["", "blue", "red", "green", "magenta", "orange"];

/// Several thermographs in one `thermoplot`, one `\thermograph` line each (the second and later
/// in colour), framed to hold them all.
pub fn thermographs_latex(thermographs: &[Thermograph]) -> String {
    let mut lines = Vec::new();
    let mut highest: Option<Dyadic> = None;
    let mut lowest: Option<Dyadic> = None;
    let mut top: Option<Dyadic> = None;
    for (i, th) in thermographs.iter().enumerate() {
        let left = th.corners(th.left_wall());
        let right = th.corners(th.right_wall());
        for (v, _) in left.iter().chain(&right) {
            highest = Some(highest.map_or(v.clone(), |h| h.max(v.clone())));
            lowest = Some(lowest.map_or(v.clone(), |l| l.min(v.clone())));
        }
        let picture_top = th.picture_top();
        top = Some(top.map_or(picture_top.clone(), |t| t.max(picture_top)));
        let points = |corners: &[(Dyadic, Dyadic)]| {
            corners
                .iter()
                .map(|(v, t)| format!("({v},{t})"))
                .collect::<String>()
        };
        let colour = match COLOURS[i % COLOURS.len()] {
            "" => String::new(),
            c => format!("[linecolor={c}]"),
        };
        lines.push(format!(
            "\\thermograph{colour}{{{}}}{};{}",
            th.mast(),
            points(&left),
            points(&right)
        ));
    }
    let half = Dyadic::new(Integer::one(), 1);
    let frame = match (highest, lowest, top) {
        (Some(h), Some(l), Some(t)) => format!("[left={},right={},top={t}]", h + &half, l - &half),
        _ => String::new(),
    };
    format!(
        "\\begin{{thermoplot}}{frame}\n{}\n\\end{{thermoplot}}",
        lines.join("\n")
    )
}

/// The uptimal expansion in LaTeX: `0.11\overline{1}` for ^ + ^<2> - ^<3> (negative digits
/// carry a bar, as in Siegel, CGT).
pub fn uptimal_expansion_latex(e: &UptimalExpansion) -> String {
    let mut text = String::new();
    if !e.number.is_zero() || e.nimber.is_zero() {
        text.push_str(&dyadic_latex(&e.number));
    }
    text.push_str(&star_latex(&e.nimber));
    text.push('.');
    for d in &e.coefficients {
        if d.is_negative() {
            text.push_str(&format!(r"\overline{{{}}}", d.abs()));
        } else {
            text.push_str(&d.to_string());
        }
    }
    text
}

/// The `combgames` style for `Store::render`.
struct Latex;

impl Style for Latex {
    fn nus(&self, nus: &Nus) -> String {
        nus_latex(nus)
    }
    fn uptimal(&self, u: &UptimalForm) -> String {
        uptimal_latex(u)
    }
    fn tiny(&self, shift: &str, tiny: bool, subscript: &str) -> String {
        let glyph = if tiny { r"\cgtiny" } else { r"\cgminy" };
        format!("{shift}{glyph}_{{{subscript}}}")
    }
    fn slashes(&self, bars: usize) -> String {
        slash_macro(bars)
    }
    fn braced(&self, inner: &str) -> String {
        format!(r"\{{{inner}\}}")
    }
    fn starts_braced(&self, text: &str) -> bool {
        text.starts_with(r"\{")
    }
    fn plus_minus(&self, text: &str, bare: bool) -> String {
        if bare {
            format!(r"\pm{text}")
        } else {
            format!(r"\pm({text})")
        }
    }
}

/// `\cgslash`, `\cgsslash`, then `\cgslashes{n}`.
fn slash_macro(bars: usize) -> String {
    match bars {
        1 => r"\cgslash".to_string(),
        2 => r"\cgsslash".to_string(),
        n => format!(r"\cgslashes{{{n}}}"),
    }
}

/// `\frac{9}{8}\cgstar`, `6\cgup\cgstar`, `\cgup\cgstar6`, `\frac{73}{16}+9\cdot\cgdown\cgstar8`.
fn nus_latex(nus: &Nus) -> String {
    let number_shown = !nus.number.is_zero() || (nus.ups.is_zero() && nus.nimber.is_zero());
    let mut text = String::new();
    if number_shown {
        text.push_str(&dyadic_latex(&nus.number));
    }
    let ups = ups_latex(&nus.ups);
    // A multiple written with a digit would run into the number part: 3 then 7.↑ is 3 + 7.↑.
    if number_shown && ups.starts_with(|c: char| c.is_ascii_digit()) {
        text.push('+');
    }
    text.push_str(&ups);
    text.push_str(&star_latex(&nus.nimber));
    text
}

/// The glyphs of `combgames` up to four arrows, then `k\cdot\cgup`.
fn ups_latex(ups: &Integer) -> String {
    let (glyphs, single) = if ups.is_negative() {
        (
            [
                r"\cgdown",
                r"\cgdoubledown",
                r"\cgtripledown",
                r"\cgquaddown",
            ],
            r"\cgdown",
        )
    } else {
        (
            [r"\cgup", r"\cgdoubleup", r"\cgtripleup", r"\cgquadup"],
            r"\cgup",
        )
    };
    let count = ups.abs();
    match count.to_u32() {
        Some(0) => String::new(),
        Some(k @ 1..=4) => glyphs[k as usize - 1].to_string(),
        _ => format!(r"{count}\cdot{single}"),
    }
}

fn star_latex(nimber: &Integer) -> String {
    match nimber.to_u32() {
        Some(0) => String::new(),
        Some(1) => r"\cgstar".to_string(),
        _ => format!(r"\cgstar{nimber}"),
    }
}

/// `\cgup^{3}` for ↑³ (`^<3>`), `\cgup^{[3]}` for ↑ + ↑² + ↑³ (`^[3]`), with number and star.
fn uptimal_latex(u: &UptimalForm) -> String {
    let mut text = String::new();
    if !u.number.is_zero() {
        text.push_str(&dyadic_latex(&u.number));
    }
    let glyph = if u.negative { r"\cgdown" } else { r"\cgup" };
    match u.form {
        UpForm::Power(k) => text.push_str(&format!("{glyph}^{{{k}}}")),
        UpForm::PowerTo(k) => text.push_str(&format!("{glyph}^{{[{k}]}}")),
    }
    text.push_str(&star_latex(&u.nimber));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn braces(left: &[Game], right: &[Game]) -> Game {
        Game::from_options(left, right)
    }

    #[test]
    fn numbers_nimbers_and_ups() {
        assert_eq!(Game::integer(-3).to_latex(), "-3");
        assert_eq!(
            Game::number(Dyadic::new(Integer::from(-3), 3)).to_latex(),
            r"-\frac{3}{8}"
        );
        assert_eq!(Game::nimber(1).to_latex(), r"\cgstar");
        assert_eq!(Game::nimber(12).to_latex(), r"\cgstar12");
        let up = Game::up();
        assert_eq!((up + up + up).to_latex(), r"\cgtripleup");
        assert_eq!((-(up + up)).to_latex(), r"\cgdoubledown");
        let seven_ups = up.times(&Integer::from(7));
        assert_eq!(seven_ups.to_latex(), r"7\cdot\cgup");
        assert_eq!((seven_ups + Game::integer(3)).to_latex(), r"3+7\cdot\cgup");
    }

    #[test]
    fn braces_and_slashes() {
        let two_one = braces(&[Game::integer(2)], &[Game::integer(1)]);
        let g = braces(&[Game::integer(3)], &[two_one]);
        assert_eq!(g.to_latex(), r"\combgame{\{3\cgsslash2\cgslash1\}}");
    }

    #[test]
    fn tiny_and_switches() {
        assert_eq!(Game::tiny(Game::integer(2)).to_latex(), r"\cgtiny_{2}");
        let g = Game::switch(&[Game::integer(1) + Game::star()]);
        assert_eq!(g.to_latex(), r"\pm(1\cgstar)");
    }
}
