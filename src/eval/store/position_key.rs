//! Positions (and ruleset parameters) as keys of the store: bytes that are equal exactly when
//! the values are, written from what the values are (digits, characters, cells) and not from
//! how this engine holds them, so that another build reads the same keys. Values that have no
//! such form here (functions, graphs, games...) are not kept: their positions are always
//! computed.

use crate::board::Grid;

use super::super::num::Num;
use super::super::value::Value;

const NOTHING: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;
const SMALL_INTEGER: u8 = 3;
const NUMBER: u8 = 4;
const STRING: u8 = 5;
const LIST: u8 = 6;
const TUPLE: u8 = 7;
const SET: u8 = 8;
const GRID: u8 = 9;

/// The key of `value`, or `None` if it cannot be written as one.
pub fn encode(value: &Value) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(16);
    put(value, &mut out)?;
    Some(out)
}

fn put(value: &Value, out: &mut Vec<u8>) -> Option<()> {
    match value {
        Value::Nothing => out.push(NOTHING),
        Value::Bool(false) => out.push(FALSE),
        Value::Bool(true) => out.push(TRUE),
        Value::Number(n) => put_number(n, out)?,
        Value::Str(s) => {
            out.push(STRING);
            put_bytes(s.as_bytes(), out);
        }
        Value::List(items) => put_sequence(LIST, items, out)?,
        Value::NimList(list) => put_sequence(LIST, &list.items(), out)?,
        Value::Tuple(items) => put_sequence(TUPLE, items, out)?,
        // Sets keep their elements sorted and without repeats, so equal sets list the same
        // elements in the same order.
        Value::Set(items) => put_sequence(SET, items, out)?,
        Value::Grid(g) => put_grid(g, out),
        _ => return None,
    }
    Some(())
}

fn put_number(n: &Num, out: &mut Vec<u8>) -> Option<()> {
    if let Some(i) = n.to_i64() {
        out.push(SMALL_INTEGER);
        out.extend_from_slice(&i.to_le_bytes());
        return Some(());
    }
    // Larger integers and fractions as `numerator/denominator` in lowest terms.
    let q = n.to_rational()?;
    out.push(NUMBER);
    put_bytes(q.to_string().as_bytes(), out);
    Some(())
}

fn put_sequence(tag: u8, items: &[Value], out: &mut Vec<u8>) -> Option<()> {
    out.push(tag);
    put_length(items.len() as u64, out);
    items.iter().try_for_each(|v| put(v, out))
}

pub(super) fn put_bytes(bytes: &[u8], out: &mut Vec<u8>) {
    put_length(bytes.len() as u64, out);
    out.extend_from_slice(bytes);
}

/// A length in 7-bit groups, low first, the high bit set on all but the last: one byte below
/// 128, which is nearly always (keys are a large part of a store's size).
pub(super) fn put_length(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// The shape, the symbols that occur (in byte order), then each cell as the index of its
/// symbol in as few bits as that list needs, row by row: 5 bytes for a 6 x 6 board of two
/// symbols after a header of 6 bytes.
fn put_grid(g: &Grid, out: &mut Vec<u8>) {
    let cells = g.cells();
    let mut present = [false; 256];
    for &c in &cells {
        present[c as usize] = true;
    }
    let symbols: Vec<u8> = (0..=255u8).filter(|&c| present[c as usize]).collect();
    let mut index = [0u8; 256];
    for (i, &s) in symbols.iter().enumerate() {
        index[s as usize] = i as u8;
    }
    let width = usize::BITS - (symbols.len().max(1) - 1).leading_zeros();
    out.push(GRID);
    put_length(g.height() as u64, out);
    put_length(g.width() as u64, out);
    put_bytes(&symbols, out);
    let (mut acc, mut filled) = (0u32, 0u32);
    for &c in &cells {
        acc |= u32::from(index[c as usize]) << filled;
        filled += width;
        while filled >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            filled -= 8;
        }
    }
    if filled > 0 {
        out.push(acc as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Value {
        Value::Grid(Grid::parse(s).unwrap())
    }

    #[test]
    fn equal_values_have_equal_keys_and_others_differ() {
        let values = [
            Value::integer(3),
            Value::integer(-3),
            Value::Number(Num::from_integer(crate::core::Integer::from(1u64 << 63))),
            Value::str("3"),
            Value::list(vec![Value::integer(1), Value::integer(2)]),
            Value::tuple(vec![Value::integer(1), Value::integer(2)]),
            Value::list(vec![Value::integer(12)]),
            grid("..|.."),
            grid("....."),
            grid(".#|.."),
            grid("#.|.."),
            grid("##|##"),
            grid("xx|xx"),
            grid("..#|.x.|..."),
            grid(".#x|..."),
            Value::Bool(true),
            Value::Nothing,
        ];
        let keys: Vec<Vec<u8>> = values.iter().map(|v| encode(v).unwrap()).collect();
        for (i, a) in keys.iter().enumerate() {
            for (j, b) in keys.iter().enumerate() {
                assert_eq!(a == b, i == j, "{} and {}", values[i], values[j]);
            }
        }
        // The same board made another way has the same key.
        let filled = match grid("..|..") {
            Value::Grid(g) => Value::Grid(g.set((0, 1), b'#').unwrap()),
            _ => unreachable!(),
        };
        assert_eq!(encode(&filled), encode(&grid(".#|..")));
        assert_eq!(encode(&Value::str("f")), encode(&Value::str("f")));
    }

    #[test]
    fn values_without_a_key_are_refused() {
        assert_eq!(encode(&Value::from_game(crate::core::Game::up())), None);
        assert_eq!(
            encode(&Value::list(vec![
                Value::from_game(crate::core::Game::up())
            ])),
            None
        );
    }
}
