//! The canonical-form engine: exact numbers, nimbers, number-up-star values and interned
//! canonical short games. Nothing here knows about the cg language.

pub mod dyadic;
pub mod integer;
pub mod rational;

pub use dyadic::Dyadic;
pub use integer::Integer;
pub use rational::Rational;
