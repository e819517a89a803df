//! Exact numbers: integers of any size, dyadic rationals (the numbers that are short games),
//! rationals (temperatures, means, atomic weights) and nimber arithmetic on nim-values.

pub mod dyadic;
pub mod integer;
pub mod nimber;
pub mod rational;

pub use dyadic::Dyadic;
pub use integer::Integer;
pub use rational::Rational;
