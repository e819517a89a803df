//! Uptimals: games x + a_1.↑ + a_2.↑^2 + ... + a_k.↑^k + *m, where ↑^i is the i-th power of up
//! (`Game::pow`). Their expansions drive the compact printing of `^<k>`, `^[k]` and the printing
//! order of options, and answer `is_uptimal`.
//!
//! Recognition (after Siegel, *Combinatorial Game Theory* (2013), on the canonical forms of
//! uptimals): if G is an uptimal whose last coefficient a_k is positive, G has exactly one Right
//! option, and it is the uptimal with every coefficient one less and the nimber flipped. So the
//! expansion of G is found from that of its Right option (recursively), in one of two ways
//! (a_k > 1, or a_k = 1 with k one more than the longest expansion among the options); each
//! candidate is confirmed by building it and comparing handles, so a wrong guess can only miss an
//! uptimal, never misname a game. Negative last coefficients are found through -G.

use std::fmt;

use super::game::Game;
use super::nus::Nus;
use super::store::{Side, Store};
use crate::core::numbers::dyadic::Dyadic;
use crate::core::numbers::integer::Integer;

/// x + Σ a_i.↑^i + *m: number part, coefficients a_1..a_k (the last one nonzero; empty for
/// x + *m), nimber part.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UptimalExpansion {
    pub number: Dyadic,
    pub coefficients: Vec<Integer>,
    pub nimber: Integer,
}

impl UptimalExpansion {
    fn from_nus(nus: Nus) -> UptimalExpansion {
        let coefficients = if nus.ups.is_zero() {
            vec![]
        } else {
            vec![nus.ups]
        };
        UptimalExpansion {
            number: nus.number,
            coefficients,
            nimber: nus.nimber,
        }
    }

    pub fn negated(&self) -> UptimalExpansion {
        UptimalExpansion {
            number: -&self.number,
            coefficients: self.coefficients.iter().map(|a| -a).collect(),
            nimber: self.nimber.clone(),
        }
    }

    /// Every coefficient a_1..a_length plus one (missing ones count as 0), the nimber flipped.
    fn raised(&self, length: usize) -> UptimalExpansion {
        let one = Integer::one();
        let mut coefficients: Vec<Integer> = (0..length)
            .map(|i| {
                self.coefficients
                    .get(i)
                    .cloned()
                    .unwrap_or_else(Integer::zero)
                    + &one
            })
            .collect();
        while coefficients.last().is_some_and(Integer::is_zero) {
            coefficients.pop();
        }
        UptimalExpansion {
            number: self.number.clone(),
            coefficients,
            nimber: self.nimber.bitxor(&one),
        }
    }
}

impl Store {
    /// The uptimal expansion of G, if G is an uptimal.
    pub fn uptimal_expansion(&mut self, g: Game) -> Option<UptimalExpansion> {
        if let Some(nus) = self.nus(g) {
            return Some(UptimalExpansion::from_nus(nus));
        }
        if let Some(known) = self.uptimal_cache.get(&g) {
            return known.clone();
        }
        let found = self.expansion_with_positive_last(g).or_else(|| {
            let negative = self.neg(g);
            self.expansion_with_positive_last(negative)
                .map(|e| e.negated())
        });
        self.uptimal_cache.insert(g, found.clone());
        found
    }

    fn expansion_with_positive_last(&mut self, g: Game) -> Option<UptimalExpansion> {
        let right = self.sole_option(g, Side::Right)?;
        let below = self.uptimal_expansion(right)?;
        let mut longest = below.coefficients.len();
        for gl in self.options(g, Side::Left) {
            longest = longest.max(self.uptimal_expansion(gl)?.coefficients.len());
        }
        let mut candidates = Vec::with_capacity(2);
        if below.coefficients.last().is_some_and(Integer::is_positive) {
            candidates.push(below.raised(below.coefficients.len()));
        }
        candidates.push(below.raised(longest + 1));
        candidates
            .into_iter()
            .find(|c| self.uptimal_game(c) == Some(g))
    }

    /// The game with the given expansion (`None` if a coefficient is absurdly large).
    pub fn uptimal_game(&mut self, e: &UptimalExpansion) -> Option<Game> {
        let first = e
            .coefficients
            .first()
            .cloned()
            .unwrap_or_else(Integer::zero);
        let mut total = self.nus_game(Nus::new(e.number.clone(), first, e.nimber.clone()));
        for (i, a) in e.coefficients.iter().enumerate().skip(1) {
            if a.is_zero() {
                continue;
            }
            let power = self.up_power(u32::try_from(i + 1).ok()?).0;
            let term = self.multiple(power, a);
            total = self.sum(total, term);
        }
        Some(total)
    }

    /// (↑^k, ↑^→k), from a table extended as needed: ↑^(k+1) = {0 | * - ↑^→k}.
    pub fn up_power(&mut self, k: u32) -> (Game, Game) {
        let star = self.nus_game(Nus::nimber(Integer::one()));
        while self.up_powers.len() < k as usize {
            let next = match self.up_powers.last() {
                None => {
                    let up =
                        self.nus_game(Nus::new(Dyadic::zero(), Integer::one(), Integer::zero()));
                    (up, up)
                }
                Some(&(_, power_to)) => {
                    let right = self.difference(star, power_to);
                    let power = self.canonical(vec![Game::ZERO], vec![right]);
                    (power, self.sum(power_to, power))
                }
            };
            self.up_powers.push(next);
        }
        self.up_powers[k as usize - 1]
    }
}

impl fmt::Display for UptimalExpansion {
    /// `NUMBERSTAR.d1d2...dk` (NOTATION.md): the number part (left out when 0 and a nimber
    /// follows), the nimber (`*`, `*2`, ...), a point, then the coefficients of ↑, ↑^2, ...: a
    /// digit 0-9 or a letter A-Z (10-35), larger ones in parentheses, each negative one followed
    /// by `-`; `0` when there are none. `0.1` is ↑, `*.1-` is ↓*, `0.1111` is ↑^[4].
    ///
    /// ```
    /// use cg::core::Game;
    /// let e = |g: Game| g.uptimal_expansion().unwrap().to_string();
    /// assert_eq!(e(Game::up()), "0.1");
    /// assert_eq!(e(-Game::up() + Game::star()), "*.1-");
    /// assert_eq!(e(Game::up().pow_to(4).unwrap()), "0.1111");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let has_nimber = !self.nimber.is_zero();
        if !has_nimber || !self.number.is_zero() {
            write!(f, "{}", self.number)?;
        }
        if has_nimber {
            if self.nimber == Integer::one() {
                f.write_str("*")?;
            } else {
                write!(f, "*{}", self.nimber)?;
            }
        }
        f.write_str(".")?;
        if self.coefficients.is_empty() {
            f.write_str("0")?;
        }
        for a in &self.coefficients {
            let magnitude = a.abs();
            match magnitude.to_u32() {
                Some(d) if d < 10 => write!(f, "{d}")?,
                Some(d) if d < 36 => write!(f, "{}", char::from(b'A' + (d - 10) as u8))?,
                _ => write!(f, "({magnitude})")?,
            }
            if a.is_negative() {
                f.write_str("-")?;
            }
        }
        Ok(())
    }
}
