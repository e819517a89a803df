//! Printing canonical games in the plain-text notation of the literature and CGSuite
//! (`../shared/NOTATION.md`): number-up-star values compactly (`73/16v9*8`), powers of up
//! (`^<2>*`, `v[3]`), switches (`+-{3|2}`), `Tiny`/`Miny`, and brace forms with slashes
//! (`{3||2|1}`), options in a fixed order. Every printed form parses back to the same value.

use std::cmp::Ordering;

use super::game::Game;
use super::nus::Nus;
use super::store::{Side, Store};
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// More bars than this, and a sole option keeps its braces.
const MAX_BARS: usize = 4;

/// The up part of an uptimal that prints compactly (besides multiples of ↑).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UpForm {
    /// ↑^k (`^<k>`), k >= 2.
    Power(u32),
    /// ↑ + ↑^2 + ... + ↑^k (`^[k]`), k >= 2.
    PowerTo(u32),
}

/// x + sign.U + *m for one of the `UpForm`s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UptimalForm {
    pub number: Dyadic,
    pub form: UpForm,
    pub negative: bool,
    pub nimber: Integer,
}

/// A printed game: its text, and how many bars it uses when written without braces (0 for text
/// that is atomic or braced).
pub(super) struct Rendered {
    pub(super) text: String,
    bars: usize,
}

impl Rendered {
    fn atomic(text: String) -> Rendered {
        Rendered { text, bars: 0 }
    }
}

/// Printing order of options: numbers ascending, then nimbers, then other number-up-star and
/// uptimal values, then the remaining games.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum OrderClass {
    Number,
    Nimber,
    Uptimal,
    General,
}

/// What a printing style writes for each piece of a game; the structure (which compact form,
/// the order of options, how many slashes) is decided once, in `Store::render`, so the plain
/// notation and LaTeX always describe the same form.
pub(super) trait Style {
    fn nus(&self, nus: &Nus) -> String;
    fn uptimal(&self, u: &UptimalForm) -> String;
    /// `shift` is empty for Tiny(G) itself.
    fn tiny(&self, shift: &str, tiny: bool, subscript: &str) -> String;
    fn slashes(&self, bars: usize) -> String;
    /// `inner` between the style's braces.
    fn braced(&self, inner: &str) -> String;
    /// Whether printed text starts with a brace (a switch of it needs no parentheses).
    fn starts_braced(&self, text: &str) -> bool;
    /// ±G, with G parenthesised when it is neither braced nor a plain value.
    fn plus_minus(&self, text: &str, bare: bool) -> String;
}

/// The plain notation of NOTATION.md.
pub(super) struct Plain;

impl Style for Plain {
    fn nus(&self, nus: &Nus) -> String {
        nus_notation(nus)
    }
    fn uptimal(&self, u: &UptimalForm) -> String {
        uptimal_notation(u)
    }
    fn tiny(&self, shift: &str, tiny: bool, subscript: &str) -> String {
        let name = if tiny { "Tiny" } else { "Miny" };
        format!("{shift}{name}({subscript})")
    }
    fn slashes(&self, bars: usize) -> String {
        "|".repeat(bars)
    }
    fn braced(&self, inner: &str) -> String {
        format!("{{{inner}}}")
    }
    fn starts_braced(&self, text: &str) -> bool {
        text.starts_with('{')
    }
    fn plus_minus(&self, text: &str, bare: bool) -> String {
        if bare {
            format!("+-{text}")
        } else {
            format!("+-({text})")
        }
    }
}

impl Store {
    /// The notation of G, as NOTATION.md prescribes.
    pub fn notation(&mut self, g: Game) -> String {
        self.render(&Plain, g, true).text
    }

    /// G in a style; `braced` asks for braces around a brace form even where the context
    /// would allow slashes alone.
    pub(super) fn render(&mut self, style: &impl Style, g: Game, braced: bool) -> Rendered {
        if let Some(nus) = self.nus(g) {
            return Rendered::atomic(style.nus(&nus));
        }
        if let Some(u) = self.uptimal_form(g) {
            return Rendered::atomic(style.uptimal(&u));
        }
        if let Some(text) = self.render_switch(style, g) {
            return Rendered::atomic(text);
        }
        if let Some((x, h, tiny)) = self.number_tiny(g) {
            let shift = if x.is_zero() {
                String::new()
            } else {
                self.render(style, x, true).text
            };
            let subscript = self.render(style, h, true).text;
            return Rendered::atomic(style.tiny(&shift, tiny, &subscript));
        }
        self.render_braces(style, g, braced)
    }

    fn render_braces(&mut self, style: &impl Style, g: Game, braced: bool) -> Rendered {
        let (left, left_bars) = self.render_side(style, g, Side::Left);
        let (right, right_bars) = self.render_side(style, g, Side::Right);
        let bars = left_bars.max(right_bars);
        let inner = format!("{left}{}{right}", style.slashes(bars));
        if braced || bars == MAX_BARS {
            Rendered::atomic(style.braced(&inner))
        } else {
            Rendered { text: inner, bars }
        }
    }

    /// One side of a brace form and the bars it needs: a sole option is written without its
    /// braces, so the separator needs one bar more than it uses.
    fn render_side(&mut self, style: &impl Style, g: Game, side: Side) -> (String, usize) {
        let options = self.sorted_options(g, side);
        if let [sole] = options.as_slice() {
            let r = self.render(style, *sole, false);
            return (r.text, r.bars + 1);
        }
        let texts: Vec<String> = options
            .iter()
            .map(|&o| self.render(style, o, true).text)
            .collect();
        (texts.join(","), 1)
    }

    /// ±G when G's Right options are exactly the negatives of its Left options.
    fn render_switch(&mut self, style: &impl Style, g: Game) -> Option<String> {
        let left = self.switch_options(g)?;
        if let [sole] = left.as_slice() {
            let text = self.render(style, *sole, true).text;
            let bare = style.starts_braced(&text) || self.is_pure_number_nimber_or_ups(*sole);
            return Some(style.plus_minus(&text, bare));
        }
        let texts: Vec<String> = left
            .iter()
            .map(|&o| self.render(style, o, true).text)
            .collect();
        Some(style.plus_minus(&style.braced(&texts.join(",")), true))
    }

    /// G's Left options in printing order when its Right options are exactly their negatives
    /// (G = ±{those options}).
    pub(super) fn switch_options(&mut self, g: Game) -> Option<Vec<Game>> {
        let left = self.sorted_options(g, Side::Left);
        let mut negated: Vec<Game> = left.iter().map(|&l| self.neg(l)).collect();
        let mut right = self.options(g, Side::Right);
        negated.sort_unstable();
        right.sort_unstable();
        (negated == right).then_some(left)
    }

    /// A number, a nimber, or an up part alone (`^^`, `^<3>`, `v[2]`): what follows `+-`
    /// without parentheses.
    pub(super) fn is_pure_number_nimber_or_ups(&mut self, g: Game) -> bool {
        if let Some(nus) = self.nus(g) {
            return nus.is_number()
                || nus.is_nimber()
                || (nus.number.is_zero() && nus.nimber.is_zero());
        }
        self.uptimal_form(g)
            .is_some_and(|u| u.number.is_zero() && u.nimber.is_zero())
    }

    /// The options on `side` in printing order.
    pub fn sorted_options(&mut self, g: Game, side: Side) -> Vec<Game> {
        let mut options = self.options(g, side);
        // Insertion sort: option lists are short and the comparison needs `&mut self`.
        for i in 1..options.len() {
            let mut j = i;
            while j > 0 && self.print_order(options[j - 1], options[j]) == Ordering::Greater {
                options.swap(j - 1, j);
                j -= 1;
            }
        }
        options
    }

    fn order_class(&mut self, g: Game) -> OrderClass {
        match self.nus(g) {
            Some(n) if n.is_number() => OrderClass::Number,
            Some(n) if n.is_nimber() => OrderClass::Nimber,
            Some(_) => OrderClass::Uptimal,
            None if self.uptimal_expansion(g).is_some() => OrderClass::Uptimal,
            None => OrderClass::General,
        }
    }

    /// The deterministic order in which options print (and sets list their games).
    pub fn print_order(&mut self, g: Game, h: Game) -> Ordering {
        if g == h {
            return Ordering::Equal;
        }
        let (cg, ch) = (self.order_class(g), self.order_class(h));
        if cg != ch {
            return cg.cmp(&ch);
        }
        match cg {
            OrderClass::Number | OrderClass::Nimber | OrderClass::Uptimal => {
                self.uptimal_expansion(g).cmp(&self.uptimal_expansion(h))
            }
            OrderClass::General => {
                let lg = self.sorted_options(g, Side::Left);
                let lh = self.sorted_options(h, Side::Left);
                let by_left = self.compare_lists(&lg, &lh);
                if by_left != Ordering::Equal {
                    return by_left;
                }
                let rg = self.sorted_options(g, Side::Right);
                let rh = self.sorted_options(h, Side::Right);
                self.compare_lists(&rg, &rh)
            }
        }
    }

    fn compare_lists(&mut self, a: &[Game], b: &[Game]) -> Ordering {
        for (&x, &y) in a.iter().zip(b) {
            let c = self.print_order(x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        a.len().cmp(&b.len())
    }

    /// x + ↑^k + *m, x + ↑^[k] + *m or a negative (k >= 2): the uptimals with a compact
    /// printed form besides the number-up-star values.
    pub fn uptimal_form(&mut self, g: Game) -> Option<UptimalForm> {
        if self.is_nus(g) {
            return None;
        }
        let e = self.uptimal_expansion(g)?;
        let (last, rest) = e.coefficients.split_last()?;
        let negative = last.is_negative();
        let unit = if negative {
            -Integer::one()
        } else {
            Integer::one()
        };
        if *last != unit || rest.is_empty() {
            return None;
        }
        let k = u32::try_from(e.coefficients.len()).ok()?;
        let form = if rest.iter().all(Integer::is_zero) {
            UpForm::Power(k)
        } else if rest.iter().all(|a| *a == unit) {
            UpForm::PowerTo(k)
        } else {
            return None;
        };
        Some(UptimalForm {
            number: e.number,
            form,
            negative,
            nimber: e.nimber,
        })
    }
}

/// `9/8*`, `6^*`, `^*6`, `73/16v9*8`, `-1vv*3`, `0`.
pub fn nus_notation(nus: &Nus) -> String {
    let mut text = String::new();
    if !nus.number.is_zero() || (nus.ups.is_zero() && nus.nimber.is_zero()) {
        text.push_str(&nus.number.to_string());
    }
    text.push_str(&ups_notation(&nus.ups));
    text.push_str(&star_notation(&nus.nimber));
    text
}

fn ups_notation(ups: &Integer) -> String {
    let glyph = if ups.is_negative() { "v" } else { "^" };
    let count = ups.abs();
    match count.to_u32() {
        Some(0) => String::new(),
        Some(1) => glyph.to_string(),
        Some(2) => glyph.repeat(2),
        _ => format!("{glyph}{count}"),
    }
}

fn star_notation(nimber: &Integer) -> String {
    match nimber.to_u32() {
        Some(0) => String::new(),
        Some(1) => "*".to_string(),
        _ => format!("*{nimber}"),
    }
}

fn uptimal_notation(u: &UptimalForm) -> String {
    let mut text = String::new();
    if !u.number.is_zero() {
        text.push_str(&u.number.to_string());
    }
    let glyph = if u.negative { "v" } else { "^" };
    match u.form {
        UpForm::Power(k) => text.push_str(&format!("{glyph}<{k}>")),
        UpForm::PowerTo(k) => text.push_str(&format!("{glyph}[{k}]")),
    }
    text.push_str(&star_notation(&u.nimber));
    text
}

/// The notation of `g` as the sole option on one side of a brace form: its text written without
/// its own braces where the slash rules allow, and the bars that text uses (0 when atomic). For
/// printers of other kinds of game (loopy games) that contain short games.
pub(crate) fn sole_option_notation(g: Game) -> (String, usize) {
    super::store::with_store(|s| {
        let r = s.render(&Plain, g, false);
        (r.text, r.bars)
    })
}
