//! Misère impartial games (ONAG ch. 12, WW ch. 13): canonical forms in their own arena, sums,
//! outcomes, nim-values and the genus, and Conway's and Hoey's `*[...]` notation. The short-game
//! engine knows nothing of these; a misère form comes from an impartial form by
//! `Misere::from_options`, one explicit conversion.

mod difference;
mod genus;
mod heap_game;
mod lex;
mod link;
mod notation;
mod parts;
mod phylum;
mod presentation;
mod properties;
mod quotient;
mod refine;
mod store;
#[cfg(test)]
mod tests;
mod verify;

pub use difference::Difference;
pub use genus::{Genus, GenusStyle};
pub use heap_game::heap_forms;
pub use notation::NotationError;
pub use quotient::{Quotient, QuotientError};
pub use store::{Misere, MAX_HEAP};

use store::with_store;

impl Misere {
    /// The genus (WW ch. 13).
    ///
    /// ```
    /// use cg::core::misere::Misere;
    /// assert_eq!(Misere::ZERO.genus().to_string(), "0");
    /// assert_eq!(Misere::ZERO.genus().gammas, vec![1, 2, 0]); // 0^120 in full
    /// ```
    pub fn genus(self) -> Genus {
        with_store(|s| s.genus(self))
    }

    /// Reads the text inside `*[...]`.
    ///
    /// ```
    /// use cg::core::misere::Misere;
    /// let two = Misere::heap(2);
    /// assert_eq!(Misere::parse("2[2]").unwrap(), two.sum(two));
    /// assert_eq!(Misere::parse("2#").unwrap(), Misere::from_options(&[two]));
    /// ```
    pub fn parse(text: &str) -> Result<Misere, NotationError> {
        with_store(|s| s.parse_notation(text))
    }

    /// The text inside `*[...]` (see `notation`).
    pub fn notation(self) -> String {
        with_store(|s| s.notation(self))
    }

    /// X with X + h = self: found, proved not to exist, or unknown when the search was cut
    /// short (see `difference`).
    ///
    /// ```
    /// use cg::core::misere::{Difference, Misere};
    /// let (two, three) = (Misere::heap(2), Misere::heap(3));
    /// assert_eq!(three.difference(two), Difference::Found(Misere::heap(1)));
    /// assert_eq!(Misere::ZERO.difference(two), Difference::None);
    /// ```
    pub fn difference(self, h: Misere) -> Difference {
        with_store(|s| s.difference(self, h))
    }

    /// The mate (ONAG ch. 12).
    pub fn mate(self) -> Misere {
        with_store(|s| s.mate(self))
    }

    /// Even: b(G) < b(G + *) (ONAG ch. 12).
    pub fn is_even(self) -> bool {
        with_store(|s| s.is_even(self))
    }

    /// Tame, hereditarily (ONAG ch. 12).
    pub fn is_tame(self) -> bool {
        with_store(|s| s.is_tame(self))
    }

    /// Restive: not tame, every option tame, normal nim-value 0 or 1 (Hoey's phylum).
    pub fn is_restive(self) -> bool {
        with_store(|s| s.is_restive(self))
    }

    /// Restless: not tame, every option tame, misère nim-value 0 or 1 (Hoey's phylum).
    pub fn is_restless(self) -> bool {
        with_store(|s| s.is_restless(self))
    }

    /// Generally tame: tame, or tame but for wild options that reverse (Hoey; see `phylum`).
    pub fn is_generally_tame(self) -> bool {
        with_store(|s| s.is_generally_tame(self))
    }

    /// Tameable: generally tame, or the same closure with tameable options (see `phylum`).
    pub fn is_tameable(self) -> bool {
        with_store(|s| s.is_tameable(self))
    }

    /// Generally restive: restive but for wild options that reverse (see `phylum`).
    pub fn is_generally_restive(self) -> bool {
        with_store(|s| s.is_generally_restive(self))
    }

    /// Half-tame: not generally tame, but G + G is generally tame of genus 0^0.
    pub fn is_half_tame(self) -> bool {
        with_store(|s| s.is_half_tame(self))
    }

    /// Introverted: a part of each of its own options. By the extraversion-introversion
    /// theorem only 0 (vacuously) and * (0 = * + *) are.
    pub fn is_introverted(self) -> bool {
        self == Misere::ZERO || self == Misere::heap(1)
    }

    /// The parts of this game other than 0 and * (ONAG ch. 12): the H with self = H + X for
    /// some X, by handle. With each part P comes its associate P + * (* is a part of
    /// everything: * + * = 0).
    ///
    /// ```
    /// use cg::core::misere::Misere;
    /// let two = Misere::heap(2);
    /// let parts = two.sum(two).parts();
    /// assert!(parts.contains(&two) && parts.contains(&two.sum(Misere::heap(1))));
    /// ```
    pub fn parts(self) -> Vec<Misere> {
        with_store(|s| s.parts(self))
    }

    /// The ways to write this game as a sum of primes (ONAG ch. 12), each a list of primes
    /// whose sum is the game; a prime and its associate P + * count as one, the last prime of
    /// a list carrying the * when one is needed. 0 and * have the one empty partition.
    ///
    /// ```
    /// use cg::core::misere::Misere;
    /// let two = Misere::heap(2);
    /// assert_eq!(two.sum(two).partitions(), vec![vec![two, two]]);
    /// ```
    pub fn partitions(self) -> Vec<Vec<Misere>> {
        with_store(|s| s.partitions(self))
    }

    /// Prime (ONAG ch. 12): not 0 or *, and no parts but itself and its associate.
    ///
    /// ```
    /// use cg::core::misere::Misere;
    /// assert!(Misere::heap(2).is_prime());
    /// assert!(Misere::heap(3).is_prime()); // *3 = *2 + *: the associate of *2
    /// assert!(!Misere::heap(2).sum(Misere::heap(2)).is_prime());
    /// ```
    pub fn is_prime(self) -> bool {
        with_store(|s| s.is_prime(self))
    }

    /// Extraverted: a part of none of its options (see `parts`).
    pub fn is_extraverted(self) -> bool {
        with_store(|s| s.is_extraverted(self))
    }

    /// Linked (ONAG ch. 12): some T makes both `self + T` and `other + T` misère P-positions;
    /// exactly when neither is an option of the other (see `link`).
    pub fn is_linked(self, other: Misere) -> bool {
        with_store(|s| s.is_linked(self, other))
    }

    /// A T with `self + T` and `other + T` both misère P-positions, when they are linked.
    pub fn link(self, other: Misere) -> Option<Misere> {
        with_store(|s| s.link(self, other))
    }

    /// A game that tells `self` and `other` apart in misère play (none when they are equal).
    pub fn distinguisher(self, other: Misere) -> Option<Misere> {
        with_store(|s| s.distinguisher(self, other))
    }
}

impl std::fmt::Display for Misere {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "*[{}]", self.notation())
    }
}
