//! Heap games built into the language: `octal 0.337`, `hex 0.F6`, `tb "4!.0"`,
//! `subtraction {2,3,7}`, `allbut {2,3,7}`, `splittles {1,4}`, and partizan pairs `... vs ...`.
//! Their values come from the native sequences of `core::heap`, computed once per game up to the
//! largest heap asked for.

use std::cell::RefCell;
use std::rc::Rc;

use crate::core::heap::{
    game_periodicity, nim_periodicity, nim_values_with, CodeError, HeapRules, Method, NimSlice,
    NimValues, PartizanHeapRules, Periodicity, SubtractionSet, TakeBreakCode, TurningCode,
};
use crate::core::{check_interrupt, Game};

use super::store;

/// A heap game as written, its rules, and the values computed so far.
#[derive(Debug)]
pub struct HeapGame {
    pub written: String,
    pub rules: HeapKind,
    /// The nim-values computed so far, a byte or two per heap (see [`NimValues`]).
    nim_values: RefCell<Rc<NimValues>>,
    values: RefCell<Vec<Game>>,
}

#[derive(Debug)]
pub enum HeapKind {
    Impartial(HeapRules),
    Partizan(PartizanHeapRules),
    /// A coin-turning game: heap n is a head at position n.
    Turning(TurningCode),
}

/// A code or set that does not parse: the message and the byte offset within the operand.
pub struct HeapError {
    pub message: String,
    pub offset: usize,
}

impl From<CodeError> for HeapError {
    fn from(e: CodeError) -> HeapError {
        HeapError {
            message: e.message,
            offset: e.offset,
        }
    }
}

/// The rules of `family operand`.
fn rules(family: &str, operand: &str) -> Result<HeapRules, HeapError> {
    let set =
        |text: &str| -> Result<SubtractionSet, HeapError> { Ok(text.parse::<SubtractionSet>()?) };
    Ok(match family {
        "octal" => HeapRules::TakeBreak(TakeBreakCode::parse_octal(operand)?),
        "hex" => HeapRules::TakeBreak(TakeBreakCode::parse_hexadecimal(operand)?),
        "tb" => HeapRules::TakeBreak(TakeBreakCode::parse(operand)?),
        "subtraction" => HeapRules::Subtraction(set(operand)?),
        "allbut" => HeapRules::all_but(set(operand)?.elements().iter().copied()),
        "splittles" => HeapRules::Splittles(set(operand)?),
        other => {
            return Err(HeapError {
                message: format!("`{other}` is not a family of heap games"),
                offset: 0,
            })
        }
    })
}

impl HeapGame {
    /// `family code`, or the pair `family code vs other` (the error says which operand failed:
    /// false for the first, true for the second).
    pub fn new(
        family: &str,
        code: &str,
        versus: Option<&str>,
    ) -> Result<HeapGame, (HeapError, bool)> {
        if family == "turning" {
            return HeapGame::turning(code, versus);
        }
        let left = rules(family, code).map_err(|e| (e, false))?;
        // A CGSuite code may hold braces and signs that read as other tokens unquoted
        // (`tb "{2+}=.0"`), so it prints quoted, as it types back in.
        let operand = |code: &str| match family {
            "tb" => format!("{code:?}"),
            _ => code.to_string(),
        };
        let (kind, written) = match versus {
            None => (
                HeapKind::Impartial(left),
                format!("{family} {}", operand(code)),
            ),
            Some(other) => {
                let right = rules(family, other).map_err(|e| (e, true))?;
                let written = format!("{family} {} vs {}", operand(code), operand(other));
                (
                    HeapKind::Partizan(PartizanHeapRules::new(left, right)),
                    written,
                )
            }
        };
        Ok(HeapGame {
            written,
            rules: kind,
            nim_values: RefCell::default(),
            values: RefCell::new(Vec::new()),
        })
    }

    /// `turning "1-3"`: coin-turning games are impartial, so there is no pair.
    fn turning(code: &str, versus: Option<&str>) -> Result<HeapGame, (HeapError, bool)> {
        if versus.is_some() {
            let e = HeapError {
                message: "coin-turning games are impartial: there is no `vs` pair".to_string(),
                offset: 0,
            };
            return Err((e, true));
        }
        let rules = code.parse::<TurningCode>().map_err(|e| (e.into(), false))?;
        Ok(HeapGame {
            written: format!("turning {code:?}"),
            rules: HeapKind::Turning(rules),
            nim_values: RefCell::default(),
            values: RefCell::new(Vec::new()),
        })
    }

    pub fn is_impartial(&self) -> bool {
        matches!(self.rules, HeapKind::Impartial(_) | HeapKind::Turning(_))
    }

    /// Whether a heap's moves are moves on heaps (take-and-break and subtraction games), so
    /// that its misère play is the misère play of sums of heaps. A coin-turning game is not:
    /// its heads add as heaps only in normal play, where a coin turned twice cancels.
    pub fn is_heap_of_tokens(&self) -> bool {
        matches!(self.rules, HeapKind::Impartial(_))
    }

    /// Nim-values of heaps 0..=n at least (impartial games only), shared with the cache: 10^8
    /// of them are 100 or 200 MB, not worth copying.
    pub fn nim_values(&self, n: usize) -> Option<Rc<NimValues>> {
        if self.nim_values.borrow().len() <= n {
            if let Some(kept) = kept(n, store::nim_sequence(&self.written)) {
                let kept = Rc::new(NimValues::from(kept));
                *self.nim_values.borrow_mut() = kept.clone();
                return Some(kept);
            }
            crate::progress::sequence_started(n as u64 + 1, crate::progress::Counted::Heaps);
            let mut progress = |h: usize| {
                check_interrupt();
                crate::progress::sequence_done(h as u64);
            };
            let computed = match &self.rules {
                HeapKind::Impartial(rules) => {
                    nim_values_with(rules, n, Method::Auto, &mut progress)
                }
                HeapKind::Turning(code) => NimValues::from(code.nim_values(n, &mut progress)),
                HeapKind::Partizan(_) => return None,
            };
            if store::generation() != 0 {
                warn(store::keep_nim_sequence(&self.written, &computed.to_vec()));
            }
            *self.nim_values.borrow_mut() = Rc::new(computed);
        }
        Some(self.nim_values.borrow().clone())
    }

    /// Values of heaps 0..=n.
    pub fn values(&self, n: usize) -> Vec<Game> {
        match &self.rules {
            HeapKind::Impartial(_) | HeapKind::Turning(_) => {
                let nim = self
                    .nim_values(n)
                    .expect("an impartial game has nim-values");
                let nim = nim.slice().range(0..n + 1);
                nim.iter().map(|v| Game::nimber(u64::from(v))).collect()
            }
            HeapKind::Partizan(rules) => {
                if self.values.borrow().len() <= n {
                    if let Some(kept) = kept(n, store::game_sequence(&self.written)) {
                        *self.values.borrow_mut() = kept;
                        return self.values.borrow()[..=n].to_vec();
                    }
                    crate::progress::sequence_started(
                        n as u64 + 1,
                        crate::progress::Counted::Heaps,
                    );
                    let computed = rules.canonical_forms(n, &mut |h| {
                        check_interrupt();
                        crate::progress::sequence_done(h as u64);
                    });
                    warn(store::keep_game_sequence(&self.written, &computed));
                    *self.values.borrow_mut() = computed;
                }
                self.values.borrow()[..=n].to_vec()
            }
        }
    }

    /// The periodicity of the values of heaps 0..=n: proven (Guy-Smith) for impartial codes,
    /// arithmetic-periodic (possibly with a game saltus) for partizan pairs.
    pub fn periodicity(&self, n: usize) -> Option<Periodicity> {
        match &self.rules {
            HeapKind::Impartial(rules) => {
                let all = self.nim_values(n)?;
                match all.slice().range(0..n + 1) {
                    NimSlice::Bytes(g) => nim_periodicity(rules, g),
                    NimSlice::Halves(g) => nim_periodicity(rules, g),
                    NimSlice::Words(g) => nim_periodicity(rules, g),
                }
            }
            // No periodicity theorem for coin-turning games: the sequence is searched as it is.
            HeapKind::Turning(_) => {
                let g: Vec<Game> = self.values(n);
                game_periodicity(&g, 2)
            }
            HeapKind::Partizan(_) => game_periodicity(&self.values(n), 2),
        }
    }
}

/// A sequence read from the store, if it reaches heap `n`. A store that cannot be read is
/// reported and the values are computed instead (this layer has no source span to point at).
fn kept<T>(n: usize, read: Result<Option<Vec<T>>, String>) -> Option<Vec<T>> {
    match read {
        Ok(Some(values)) if values.len() > n => Some(values),
        Ok(_) => None,
        Err(e) => {
            warn(Err(e));
            None
        }
    }
}

fn warn(result: Result<(), String>) {
    if let Err(e) = result {
        eprintln!("cg: {e}");
    }
}

/// How the codes of `family` are written, for the help under a bad one.
pub fn code_help(family: &str) -> &'static str {
    match family {
        "octal" => "octal codes use digits 0-7 after a point (`0.337`, `4.07`, `0.[3]`)",
        "hex" => "hexadecimal codes use digits 0-9 and A-F after a point (`hex 0.F6`)",
        "tb" => "take-and-break codes are digits to base 32 or `&N;`, with `!`, `?`, `=`, `{2+}` (`tb \"4!.0\"`)",
        "turning" => "turning codes are a count (`3`, `1-3`, `2+`) then C, C(w), E, S or F (`turning \"1-3C\"`)",
        _ => "sets are written `{1,4}`, or end in `odds` or `evens` (`{1,odds}`)",
    }
}
