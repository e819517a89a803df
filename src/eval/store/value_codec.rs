//! The results of `shard_map` as bytes of the store, read back without the parser: a part
//! writes them, and the merge's run of the whole script reads a million of them in the time
//! the parser took for a few thousand.
//!
//! A value is a tag byte and its content: integers and fractions in variable-length bytes,
//! games by the name of their record in the store's game table (`game_codec`: the merge
//! already copies those, and equal games share one record), strings, grids, outcomes, and
//! lists, tuples, sets and maps of values. Kinds with no layout of their own here (loopy
//! values, loopy nim-values, misère canonical forms...) are written as the text they print
//! as, and only when that text reads back as an equal value that prints the same, which
//! `Encoder::put` checks: the merge must print what one process printed.

use std::rc::Rc;

use ahash::AHashMap;

use crate::board::Grid;
use crate::core::{Game, Integer, LoopyOutcome, Rational};
use crate::eval::interp::Interpreter;

use super::super::num::Num;
use super::super::value::Value;
use super::game_codec::GameHash;
use super::position_key::{put_bytes, put_length};

const NOTHING: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;
/// An integer that fits 64 bits, zigzag-coded.
const SMALL_INTEGER: u8 = 3;
/// A fraction whose numerator and denominator fit 64 bits.
const SMALL_FRACTION: u8 = 4;
/// Any other finite number, as the decimal text of numerator and denominator.
const BIG_NUMBER: u8 = 5;
const INFINITY: u8 = 6;
const MINUS_INFINITY: u8 = 7;
const GAME: u8 = 8;
const OUTCOME: u8 = 9;
const STRING: u8 = 10;
const LIST: u8 = 11;
const TUPLE: u8 = 12;
const SET: u8 = 13;
const MAP: u8 = 14;
const GRID: u8 = 15;
const TEXT: u8 = 16;

/// The outcome classes by the number written for them.
const OUTCOMES: [LoopyOutcome; 9] = [
    LoopyOutcome::L,
    LoopyOutcome::R,
    LoopyOutcome::N,
    LoopyOutcome::P,
    LoopyOutcome::D,
    LoopyOutcome::PHat,
    LoopyOutcome::NHat,
    LoopyOutcome::PCheck,
    LoopyOutcome::NCheck,
];

/// Writes values; `name` gives the store's name of a game (queuing its record).
pub struct Encoder<'a> {
    name: &'a mut dyn FnMut(Game) -> GameHash,
    /// Reads back the values written as text, made when the first is met.
    reader: Option<Interpreter>,
}

impl<'a> Encoder<'a> {
    pub fn new(name: &'a mut dyn FnMut(Game) -> GameHash) -> Encoder<'a> {
        Encoder { name, reader: None }
    }

    /// Appends `value` to `out`; `Err` with the value that cannot be written (a function, a
    /// thermograph, a genus, whose text `0^0` reads back as 1...).
    pub fn put(&mut self, value: &Value, out: &mut Vec<u8>) -> Result<(), Value> {
        match value {
            Value::Nothing => out.push(NOTHING),
            Value::Bool(false) => out.push(FALSE),
            Value::Bool(true) => out.push(TRUE),
            Value::Number(n) => put_number(n, out),
            Value::Game(g) => {
                out.push(GAME);
                out.extend_from_slice(&(self.name)(*g));
            }
            Value::Outcome(o) => {
                out.push(OUTCOME);
                let index = OUTCOMES.iter().position(|x| x == o).expect("every outcome");
                out.push(index as u8);
            }
            Value::Str(s) => {
                out.push(STRING);
                put_bytes(s.as_bytes(), out);
            }
            // A nim-value list is a list to the user; it comes back as a plain one.
            Value::NimList(list) => self.put_sequence(LIST, &list.items(), out)?,
            Value::List(items) => self.put_sequence(LIST, items, out)?,
            Value::Tuple(items) => self.put_sequence(TUPLE, items, out)?,
            Value::Set(items) => self.put_sequence(SET, items, out)?,
            Value::Map(map) => {
                out.push(MAP);
                put_length(map.len() as u64, out);
                for (k, v) in map.iter() {
                    self.put(k, out)?;
                    self.put(v, out)?;
                }
            }
            Value::Grid(g) => {
                out.push(GRID);
                put_length(g.height() as u64, out);
                put_length(g.width() as u64, out);
                out.extend_from_slice(&g.cells());
            }
            _ => {
                let text = value.to_string();
                if !self.reads_back(value, &text) {
                    return Err(value.clone());
                }
                out.push(TEXT);
                put_bytes(text.as_bytes(), out);
            }
        }
        Ok(())
    }

    fn put_sequence(&mut self, tag: u8, items: &[Value], out: &mut Vec<u8>) -> Result<(), Value> {
        out.push(tag);
        put_length(items.len() as u64, out);
        items.iter().try_for_each(|v| self.put(v, out))
    }

    /// Whether `text`, the printed form of `value`, gives back an equal value that prints the
    /// same. Ranges, functions, rulesets and the like are refused without trying: their text
    /// names a function or builds a fresh one, which is no copy of the value.
    fn reads_back(&mut self, value: &Value, text: &str) -> bool {
        if !matches!(
            value,
            Value::Loopy(_)
                | Value::LoopyNimber(_)
                | Value::Misere(_)
                | Value::Explicit(_)
                | Value::UptimalExpansion(_)
        ) {
            return false;
        }
        let reader = self.reader.get_or_insert_with(Interpreter::new);
        crate::eval::evaluate(reader, text)
            .is_ok_and(|read| read == *value && read.to_string() == text)
    }
}

/// Reads values; `game` gives the game the store names so.
pub struct Decoder<'a> {
    game: &'a mut dyn FnMut(&GameHash) -> Result<Game, String>,
    reader: Option<Interpreter>,
    /// Whether values written as text are read (`false`: they are skipped, as `nothing`).
    read_text: bool,
}

impl<'a> Decoder<'a> {
    pub fn new(game: &'a mut dyn FnMut(&GameHash) -> Result<Game, String>) -> Decoder<'a> {
        Decoder {
            game,
            reader: None,
            read_text: true,
        }
    }

    /// Reads `count` values from `bytes`, which must hold exactly those.
    pub fn values(&mut self, bytes: &[u8], count: usize) -> Result<Vec<Value>, String> {
        let mut r = Reader { bytes };
        let mut values = Vec::with_capacity(count);
        for _ in 0..count {
            values.push(self.value(&mut r)?);
        }
        if !r.bytes.is_empty() {
            return Err("bytes after the last result".into());
        }
        Ok(values)
    }

    fn value(&mut self, r: &mut Reader) -> Result<Value, String> {
        Ok(match r.byte()? {
            NOTHING => Value::Nothing,
            FALSE => Value::Bool(false),
            TRUE => Value::Bool(true),
            SMALL_INTEGER => Value::int(unzigzag(r.length()?)),
            SMALL_FRACTION => {
                let numerator = Integer::from(unzigzag(r.length()?));
                let denominator = Integer::from(r.length()? as i64);
                fraction(numerator, denominator)?
            }
            BIG_NUMBER => {
                let numerator = r.integer()?;
                let denominator = r.integer()?;
                fraction(numerator, denominator)?
            }
            INFINITY => Value::Number(Num::infinity(false)),
            MINUS_INFINITY => Value::Number(Num::infinity(true)),
            GAME => Value::Game((self.game)(&r.array()?)?),
            OUTCOME => {
                let index = r.byte()? as usize;
                Value::Outcome(*OUTCOMES.get(index).ok_or("an unknown outcome class")?)
            }
            STRING => Value::str(r.text()?),
            LIST => Value::list(self.sequence(r)?),
            TUPLE => Value::tuple(self.sequence(r)?),
            SET => Value::set(self.sequence(r)?),
            MAP => {
                let n = r.length()? as usize;
                let mut map = AHashMap::with_capacity(n.min(r.bytes.len()));
                for _ in 0..n {
                    let k = self.value(r)?;
                    let v = self.value(r)?;
                    map.insert(k, v);
                }
                Value::Map(Rc::new(map))
            }
            GRID => {
                let height = r.length()? as usize;
                let width = r.length()? as usize;
                let cells = r.take(height.saturating_mul(width))?;
                Value::Grid(
                    Grid::from_cells(height, width, cells).map_err(|e| format!("a grid: {e}"))?,
                )
            }
            TEXT => {
                let text = r.text()?;
                if !self.read_text {
                    return Ok(Value::Nothing);
                }
                let reader = self.reader.get_or_insert_with(Interpreter::new);
                crate::eval::evaluate(reader, text)
                    .map_err(|_| format!("`{text}` does not read back"))?
            }
            other => return Err(format!("an unknown kind of result {other}")),
        })
    }

    fn sequence(&mut self, r: &mut Reader) -> Result<Vec<Value>, String> {
        let n = r.length()? as usize;
        // Every value takes a byte at least: a damaged length cannot reserve more than that.
        let mut items = Vec::with_capacity(n.min(r.bytes.len()));
        for _ in 0..n {
            items.push(self.value(r)?);
        }
        Ok(items)
    }
}

/// The names of the games that `count` values written in `bytes` use (for garbage
/// collection, which must keep their records). Values written as text name none, and are not
/// read: reading them would need an interpreter, which uses the store being collected.
pub fn game_names(bytes: &[u8], count: usize) -> Result<Vec<GameHash>, String> {
    let mut names = Vec::new();
    let mut note = |h: &GameHash| {
        names.push(*h);
        Ok(Game::ZERO)
    };
    let mut decoder = Decoder::new(&mut note);
    decoder.read_text = false;
    decoder.values(bytes, count)?;
    Ok(names)
}

fn fraction(numerator: Integer, denominator: Integer) -> Result<Value, String> {
    Rational::new(numerator, denominator)
        .map(Value::number)
        .ok_or_else(|| "a fraction with denominator 0".to_string())
}

fn put_number(n: &Num, out: &mut Vec<u8>) {
    match n {
        Num::Small(k) => {
            out.push(SMALL_INTEGER);
            put_length(zigzag(*k), out);
        }
        Num::Infinite { negative: false } => out.push(INFINITY),
        Num::Infinite { negative: true } => out.push(MINUS_INFINITY),
        Num::Big(q) => match (q.numerator().to_i64(), q.denominator().to_i64()) {
            (Some(numerator), Some(denominator)) => {
                out.push(SMALL_FRACTION);
                put_length(zigzag(numerator), out);
                put_length(denominator as u64, out);
            }
            _ => {
                out.push(BIG_NUMBER);
                put_bytes(q.numerator().to_string().as_bytes(), out);
                put_bytes(q.denominator().to_string().as_bytes(), out);
            }
        },
    }
}

/// Small magnitudes of either sign in few bytes: 0, -1, 1, -2... as 0, 1, 2, 3...
fn zigzag(k: i64) -> u64 {
    ((k << 1) ^ (k >> 63)) as u64
}

fn unzigzag(n: u64) -> i64 {
    (n >> 1) as i64 ^ -((n & 1) as i64)
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        if self.bytes.len() < n {
            return Err("the results end early".into());
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], String> {
        Ok(self.take(N)?.try_into().expect("N bytes"))
    }

    fn length(&mut self) -> Result<u64, String> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err("a number longer than 64 bits".into())
    }

    fn text(&mut self) -> Result<&'a str, String> {
        let n = self.length()? as usize;
        std::str::from_utf8(self.take(n)?).map_err(|_| "a string that is not UTF-8".to_string())
    }

    fn integer(&mut self) -> Result<Integer, String> {
        Integer::parse_decimal(self.text()?).ok_or_else(|| "a number that is not decimal".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Dyadic;

    /// Writes `values` with games named by a table of this test, reads them back.
    fn round_trip(values: &[Value]) -> Vec<Value> {
        let mut games: Vec<Game> = Vec::new();
        let mut bytes = Vec::new();
        {
            let mut name = |g: Game| {
                let i = games.iter().position(|x| *x == g).unwrap_or_else(|| {
                    games.push(g);
                    games.len() - 1
                });
                (i as u128).to_le_bytes()
            };
            let mut encoder = Encoder::new(&mut name);
            for v in values {
                encoder.put(v, &mut bytes).unwrap();
            }
        }
        let mut game = |h: &GameHash| Ok(games[u128::from_le_bytes(*h) as usize]);
        Decoder::new(&mut game)
            .values(&bytes, values.len())
            .unwrap()
    }

    fn number(text: &str) -> Value {
        let (n, d) = text.split_once('/').unwrap_or((text, "1"));
        let n = Integer::parse_decimal(n).unwrap();
        let d = Integer::parse_decimal(d).unwrap();
        Value::number(Rational::new(n, d).unwrap())
    }

    #[test]
    fn every_kind_comes_back_equal_and_prints_the_same() {
        let switch = Game::from_options(&[Game::integer(3)], &[Game::number(Dyadic::from(-1))]);
        let mut map = AHashMap::new();
        map.insert(Value::str("k"), Value::int(1));
        map.insert(Value::Outcome(LoopyOutcome::N), Value::list(vec![]));
        let values = vec![
            Value::Nothing,
            Value::Bool(true),
            Value::Bool(false),
            Value::int(0),
            Value::int(-1),
            Value::int(i64::MAX),
            Value::int(i64::MIN),
            number("7/4"),
            number("-1/3"),
            number("123456789012345678901234567890/7"),
            number("-1/123456789012345678901234567890"),
            Value::Number(Num::infinity(false)),
            Value::Number(Num::infinity(true)),
            Value::Game(switch),
            Value::Game(Game::up() + Game::star()),
            Value::Outcome(LoopyOutcome::P),
            Value::Outcome(LoopyOutcome::NCheck),
            Value::str(""),
            Value::str("a \"quoted\" ↑ string"),
            Value::Grid(Grid::parse("#.x|..o").unwrap()),
            Value::tuple(vec![Value::int(1), Value::Game(switch)]),
            Value::set(vec![Value::int(2), Value::Game(Game::star())]),
            Value::list(vec![Value::list(vec![]), Value::Map(Rc::new(map))]),
        ];
        let read = round_trip(&values);
        for (a, b) in values.iter().zip(&read) {
            assert_eq!(a, b);
            assert_eq!(a.to_string(), b.to_string());
            assert_eq!(std::mem::discriminant(a), std::mem::discriminant(b), "{a}");
        }
    }

    #[test]
    fn loopy_values_and_misere_forms_come_back_through_their_text() {
        let mut interpreter = Interpreter::new();
        let values: Vec<Value> = ["over + under", "upon", "inf_{0,2}", "*[2[2]]", "'{*|*}'"]
            .iter()
            .map(|text| crate::eval::evaluate(&mut interpreter, text).unwrap())
            .collect();
        let read = round_trip(&values);
        for (a, b) in values.iter().zip(&read) {
            assert_eq!(a, b);
            assert_eq!(a.to_string(), b.to_string());
        }
    }

    #[test]
    fn values_without_a_faithful_form_are_refused() {
        let mut name = |_: Game| [0; 16];
        let mut encoder = Encoder::new(&mut name);
        let mut out = Vec::new();
        let range = Value::Range {
            start: 0,
            end: 3,
            inclusive: false,
        };
        assert!(encoder.put(&range, &mut out).is_err());
        let nested = Value::list(vec![Value::int(1), range]);
        assert!(encoder.put(&nested, &mut out).is_err());
        // A genus prints as `0^0`, which reads back as the number 1.
        let genus = crate::eval::evaluate(&mut Interpreter::new(), "genus(*[2#])").unwrap();
        assert_eq!(genus.to_string(), "0^0");
        assert!(encoder.put(&genus, &mut out).is_err());
    }

    #[test]
    fn damaged_bytes_are_refused() {
        let mut game = |_: &GameHash| Ok(Game::ZERO);
        let mut decoder = Decoder::new(&mut game);
        // A list of 3 that holds 1 value; an unknown tag; a grid of the wrong size; an
        // outcome numbered past the classes; a value left over.
        for bytes in [
            &[LIST, 3, NOTHING][..],
            &[99],
            &[GRID, 2, 2, b'.'],
            &[OUTCOME, 9],
            &[TRUE, TRUE],
            &[SMALL_FRACTION, 2, 0],
            &[SMALL_INTEGER, 0xff],
        ] {
            assert!(decoder.values(bytes, 1).is_err(), "{bytes:?}");
        }
    }
}
