//! Games as records of the store, written so that any engine reads them: a game is named by a
//! 128-bit hash of its record, and its record is either its value as number + ups + nimber
//! (x + a.↑ + *n, written in decimal) or its canonical form's two sets of options, each option
//! named by its hash. No arena id or other detail of this engine goes to disk, so a store
//! outlives the process that wrote it, and a record read back is checked against its name.

use crate::core::{Dyadic, Game, Integer, Nus};

/// The name of a game record: the hash of its bytes.
pub type GameHash = [u8; 16];

const NUS: u8 = 1;
const FORM: u8 = 2;

/// The hash that names a record.
pub fn hash_record(record: &[u8]) -> GameHash {
    xxhash_rust::xxh3::xxh3_128(record).to_le_bytes()
}

/// The record of `g`, given the names of its options (`name` is called on each option).
/// Options are listed in the order of their names, so that equal games give equal records
/// whatever order an engine keeps them in.
pub fn encode(g: Game, mut name: impl FnMut(Game) -> GameHash) -> Vec<u8> {
    if let Some(nus) = g.to_nus() {
        let mut out = vec![NUS];
        put_text(&mut out, &nus.number.numerator().to_string());
        out.extend_from_slice(&nus.number.exponent().to_le_bytes());
        put_text(&mut out, &nus.ups.to_string());
        put_text(&mut out, &nus.nimber.to_string());
        return out;
    }
    let side = |options: Vec<Game>, name: &mut dyn FnMut(Game) -> GameHash| {
        let mut names: Vec<GameHash> = options.into_iter().map(name).collect();
        names.sort_unstable();
        names
    };
    let left = side(g.left_options(), &mut name);
    let right = side(g.right_options(), &mut name);
    let mut out = Vec::with_capacity(9 + 16 * (left.len() + right.len()));
    out.push(FORM);
    out.extend_from_slice(&(left.len() as u32).to_le_bytes());
    out.extend_from_slice(&(right.len() as u32).to_le_bytes());
    for h in left.iter().chain(&right) {
        out.extend_from_slice(h);
    }
    out
}

/// What a record says, before its options are read.
#[derive(Debug)]
pub enum Record {
    Nus(Nus),
    Form {
        left: Vec<GameHash>,
        right: Vec<GameHash>,
    },
}

/// Reads a record; `Err` with the reason when it is not one this codec writes.
pub fn decode(record: &[u8]) -> Result<Record, String> {
    let mut r = Reader { bytes: record };
    let record = match r.byte()? {
        NUS => {
            let numerator = r.integer()?;
            let exponent = u32::from_le_bytes(r.array()?);
            if exponent > 0 && numerator.is_even() {
                return Err("a number not in lowest terms".into());
            }
            let number = Dyadic::new(numerator, exponent);
            Record::Nus(Nus::new(number, r.integer()?, r.integer()?))
        }
        FORM => {
            let nl = u32::from_le_bytes(r.array()?) as usize;
            let nr = u32::from_le_bytes(r.array()?) as usize;
            if r.bytes.len() != 16 * (nl.saturating_add(nr)) {
                return Err("a game's options do not fill its record".into());
            }
            let left = (0..nl).map(|_| r.array()).collect::<Result<_, _>>()?;
            let right = (0..nr).map(|_| r.array()).collect::<Result<_, _>>()?;
            Record::Form { left, right }
        }
        other => return Err(format!("unknown kind of game record {other}")),
    };
    if !r.bytes.is_empty() {
        return Err("bytes after the end of a game record".into());
    }
    Ok(record)
}

/// The game a form record describes, once its options are read; `Err` unless the record is
/// the canonical form of that game (no dominated or reversible option, not a number + ups +
/// nimber), which is what `encode` writes.
pub fn game_of_form(left: &[Game], right: &[Game]) -> Result<Game, String> {
    let g = Game::from_options(left, right);
    let same = |mut stored: Vec<Game>, mut actual: Vec<Game>| {
        stored.sort_unstable();
        stored.dedup();
        actual.sort_unstable();
        stored == actual
    };
    if g.to_nus().is_some()
        || !same(left.to_vec(), g.left_options())
        || !same(right.to_vec(), g.right_options())
    {
        return Err("a game record that is not a canonical form".into());
    }
    Ok(g)
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.array::<1>()?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], String> {
        if self.bytes.len() < N {
            return Err("a game record ends early".into());
        }
        let (head, rest) = self.bytes.split_at(N);
        self.bytes = rest;
        Ok(head.try_into().expect("N bytes"))
    }

    fn integer(&mut self) -> Result<Integer, String> {
        let len = u32::from_le_bytes(self.array()?) as usize;
        if self.bytes.len() < len {
            return Err("a game record ends early".into());
        }
        let (text, rest) = self.bytes.split_at(len);
        self.bytes = rest;
        std::str::from_utf8(text)
            .ok()
            .and_then(Integer::parse_decimal)
            .ok_or_else(|| "a number in a game record is not a decimal integer".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ahash::AHashMap;

    /// Encodes `g` and everything under it, then decodes from the records alone.
    fn round_trip(g: Game) -> Game {
        fn put(g: Game, records: &mut AHashMap<GameHash, Vec<u8>>) -> GameHash {
            let record = encode(g, |o| put(o, records));
            let h = hash_record(&record);
            records.insert(h, record);
            h
        }
        fn get(h: &GameHash, records: &AHashMap<GameHash, Vec<u8>>) -> Game {
            match decode(&records[h]).unwrap() {
                Record::Nus(nus) => Game::from_nus(nus),
                Record::Form { left, right } => {
                    let l: Vec<Game> = left.iter().map(|o| get(o, records)).collect();
                    let r: Vec<Game> = right.iter().map(|o| get(o, records)).collect();
                    game_of_form(&l, &r).unwrap()
                }
            }
        }
        let mut records = AHashMap::new();
        let h = put(g, &mut records);
        get(&h, &records)
    }

    #[test]
    fn games_come_back_equal() {
        let half = Game::number(Dyadic::new(Integer::from(-3), 3));
        let switch = Game::from_options(&[Game::integer(3)], &[half]);
        let g = Game::from_options(&[switch, Game::up()], &[Game::star(), -switch]);
        for game in [
            Game::ZERO,
            half,
            Game::up() + Game::nimber(5),
            switch,
            g,
            g + g,
        ] {
            assert_eq!(round_trip(game), game, "{game}");
        }
    }

    #[test]
    fn a_non_canonical_record_is_refused() {
        // {0, * | } is not a canonical form: {0,*|} reduces to 1.
        assert!(game_of_form(&[Game::ZERO, Game::star()], &[]).is_err());
        // {0 | 0} is *, which is written as a nimber.
        assert!(game_of_form(&[Game::ZERO], &[Game::ZERO]).is_err());
        let up_star = Game::up() + Game::star();
        let form = Game::from_options(&[Game::integer(1)], &[up_star]);
        assert_eq!(
            game_of_form(&form.left_options(), &form.right_options()),
            Ok(form)
        );
    }

    #[test]
    fn damaged_records_are_refused() {
        let record = encode(
            Game::from_options(&[Game::integer(2)], &[Game::ZERO]),
            |o| hash_record(&encode(o, |_| unreachable!())),
        );
        assert!(decode(&record).is_ok());
        assert!(decode(&record[..record.len() - 1]).is_err());
        assert!(decode(&[record.as_slice(), &[0]].concat()).is_err());
        assert!(decode(&[9]).is_err());
        assert!(decode(&[]).is_err());
        let mut bad = encode(Game::nimber(3), |_| unreachable!());
        *bad.last_mut().unwrap() = b'x';
        assert!(decode(&bad).is_err());
    }
}
