//! Conway's and Hoey's notation for misère canonical forms, `*[...]` (NOTATION.md, "Misère
//! impartial games"; the CGSuite misère tutorial): a heap is its size (`&10;` from 10 on), a
//! game with several options the concatenation of its options, a compound option of several
//! options in parentheses; a chain of subscripts after an item's heap digit (or parenthesised
//! group) is read left to right: `k` adds *k, `-k` subtracts *k (misère difference), `#` makes
//! everything so far the single option of a new game. A chain of `#` alone is written without
//! brackets: `2#` is {*2}, `2[2]` is *2+*2, `4[2#]` is {*4+*2}.

use super::store::{Misere, Store};

/// An item as the printer builds it: a base (a heap or a parenthesised group) and its chain.
enum Repr {
    Item { base: String, chain: String },
    Several(String),
}

fn heap_text(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

impl Repr {
    /// As an item that can take a subscript: a list of options gets parentheses.
    fn into_item(self) -> (String, String) {
        match self {
            Repr::Item { base, chain } => (base, chain),
            Repr::Several(s) => (format!("({s})"), String::new()),
        }
    }

    fn with(self, op: &str) -> Repr {
        let (base, mut chain) = self.into_item();
        chain.push_str(op);
        Repr::Item { base, chain }
    }

    fn text(&self) -> String {
        match self {
            Repr::Item { base, chain } if chain.bytes().all(|b| b == b'#') => {
                format!("{base}{chain}")
            }
            Repr::Item { base, chain } => format!("{base}[{chain}]"),
            Repr::Several(s) => s.clone(),
        }
    }

    /// As an option inside a concatenation.
    fn option_text(self) -> String {
        match self {
            Repr::Several(s) => format!("({s})"),
            item => item.text(),
        }
    }
}

impl Store {
    /// The text inside `*[...]`.
    pub fn notation(&mut self, g: Misere) -> String {
        self.repr(g).text()
    }

    fn repr(&mut self, g: Misere) -> Repr {
        crate::core::check_interrupt();
        if let Some(n) = self.nim_heap_size(g) {
            return Repr::Item {
                base: heap_text(n),
                chain: String::new(),
            };
        }
        let options = self.options(g).to_vec();
        if let [x] = options[..] {
            return self.repr(x).with("#");
        }
        if let Some((base, op)) = self.older_decomposition(g) {
            return self.repr(base).with(&op);
        }
        // Compound options first (older first), then heaps from the largest down.
        let mut heaps = Vec::new();
        let mut compound = Vec::new();
        for &o in &options {
            match self.nim_heap_size(o) {
                Some(n) => heaps.push(n),
                None => compound.push(o),
            }
        }
        compound.sort_by_key(|&o| (self.node(o).birthday, o));
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        let mut text = String::new();
        for o in compound {
            let r = self.repr(o);
            text.push_str(&r.option_text());
        }
        for n in heaps {
            text.push_str(&heap_text(n));
        }
        Repr::Several(text)
    }

    /// G = H + *i, written H[i], or G = Y - *k, written Y[-k], with the base older than G.
    /// Since * + * = 0 a sum has several such forms (*2+*2 = *3+*3): an even heap *i is
    /// preferred, then the latest-born H (so {*4+*2} is `4[2#]`, not `2[4#]` or `5[3#]`). H
    /// is searched among the options and options of options, with i = g+(G) xor g+(H) (normal
    /// nim-values add by xor). A difference is used only when no sum is found, with the
    /// smallest k, and only when the parser's difference gives G back.
    fn older_decomposition(&mut self, g: Misere) -> Option<(Misere, String)> {
        let birthday = self.node(g).birthday;
        let g_plus = self.node(g).g_plus;
        let mut bases: Vec<Misere> = Vec::new();
        for &o in self.options(g) {
            bases.push(o);
            bases.extend_from_slice(self.options(o));
        }
        bases.sort_unstable();
        bases.dedup();
        let mut best: Option<((bool, std::cmp::Reverse<u32>), Misere, u32)> = None;
        for h in bases {
            let i = g_plus ^ self.node(h).g_plus;
            let hb = self.node(h).birthday;
            let rank = (i % 2 == 1, std::cmp::Reverse(hb));
            if i == 0 || hb >= birthday || best.as_ref().is_some_and(|b| b.0 <= rank) {
                continue;
            }
            let heap = self.heap(i);
            if self.sum(h, heap) == g {
                best = Some((rank, h, i));
            }
        }
        if let Some((_, h, i)) = best {
            return Some((h, heap_text(i)));
        }
        for k in 1..=3u32 {
            let heap = self.heap(k);
            let y = self.sum(g, heap);
            if self.node(y).birthday < birthday
                && self.difference(y, heap) == super::Difference::Found(g)
            {
                return Some((y, format!("-{}", heap_text(k))));
            }
        }
        None
    }
}

/// A mistake in `*[...]` notation, at a byte offset of the text inside the brackets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub offset: usize,
    pub message: String,
}

struct Parser<'a> {
    text: &'a [u8],
    at: usize,
}

impl Store {
    /// Reads the text inside `*[...]`.
    pub fn parse_notation(&mut self, text: &str) -> Result<Misere, NotationError> {
        let mut p = Parser {
            text: text.as_bytes(),
            at: 0,
        };
        let g = p.game(self)?;
        if p.at < p.text.len() {
            return Err(p.error(format!("unexpected `{}`", p.text[p.at] as char)));
        }
        Ok(g)
    }
}

impl Parser<'_> {
    fn error(&self, message: String) -> NotationError {
        NotationError {
            offset: self.at,
            message,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    /// One item, or several as the options of a game.
    fn game(&mut self, store: &mut Store) -> Result<Misere, NotationError> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() || c == b'&' || c == b'(' {
                items.push(self.item(store)?);
            } else {
                break;
            }
        }
        match items[..] {
            [] => Err(self.error("expected a heap size, `&n;` or `(`".to_string())),
            [single] => Ok(single),
            _ => Ok(store.canonical(items)),
        }
    }

    fn item(&mut self, store: &mut Store) -> Result<Misere, NotationError> {
        let mut g = if self.peek() == Some(b'(') {
            self.at += 1;
            let g = self.game(store)?;
            if self.peek() != Some(b')') {
                return Err(self.error("expected `)`".to_string()));
            }
            self.at += 1;
            g
        } else {
            let n = self.heap_size()?;
            store.heap(n)
        };
        loop {
            match self.peek() {
                Some(b'#') => {
                    self.at += 1;
                    g = store.canonical(vec![g]);
                }
                Some(b'[') => {
                    self.at += 1;
                    g = self.chain(store, g)?;
                }
                _ => return Ok(g),
            }
        }
    }

    /// The inside of `[...]`, applied to `g`, through the closing bracket.
    fn chain(&mut self, store: &mut Store, mut g: Misere) -> Result<Misere, NotationError> {
        loop {
            match self.peek() {
                Some(b']') => {
                    self.at += 1;
                    return Ok(g);
                }
                Some(b'#') => {
                    self.at += 1;
                    g = store.canonical(vec![g]);
                }
                Some(b'-') => {
                    let start = self.at;
                    self.at += 1;
                    let n = self.heap_size()?;
                    let heap = store.heap(n);
                    g = match store.difference(g, heap) {
                        super::Difference::Found(x) => x,
                        super::Difference::None => {
                            return Err(NotationError {
                                offset: start,
                                message: format!("no game X has X + *{n} equal to this game"),
                            })
                        }
                        super::Difference::Unknown => {
                            return Err(NotationError {
                                offset: start,
                                message: format!("cg's search finds no game X with X + *{n} equal to this game (it was cut short)"),
                            })
                        }
                    };
                }
                Some(c) if c.is_ascii_digit() || c == b'&' => {
                    let n = self.heap_size()?;
                    let heap = store.heap(n);
                    g = store.sum(g, heap);
                }
                _ => return Err(self.error("expected a heap size, `-`, `#` or `]`".to_string())),
            }
        }
    }

    /// A digit, or `&n;` for a heap of any size.
    fn heap_size(&mut self) -> Result<u32, NotationError> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() => {
                self.at += 1;
                Ok(u32::from(c - b'0'))
            }
            Some(b'&') => {
                self.at += 1;
                let start = self.at;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.at += 1;
                }
                let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or("");
                let n = digits
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n <= super::store::MAX_HEAP)
                    .ok_or_else(|| NotationError {
                        offset: start,
                        message: "expected a heap size after `&`".to_string(),
                    })?;
                if self.peek() != Some(b';') {
                    return Err(self.error("expected `;` after the heap size".to_string()));
                }
                self.at += 1;
                Ok(n)
            }
            _ => Err(self.error("expected a heap size".to_string())),
        }
    }
}
