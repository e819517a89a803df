//! The canonical-form engine: exact numbers, nimbers, number-up-star values and interned
//! canonical short games. Nothing here knows about the cg language.

mod arith;
mod canonical;
mod compare;
pub mod dyadic;
mod game;
pub mod heap;
mod incentives;
mod infinitesimal;
pub mod integer;
mod interrupt;
pub mod latex;
mod leq_cache;
pub mod nimber;
mod notation;
mod nus;
mod products;
mod properties;
pub mod rational;
mod store;
mod thermal;
mod thermograph;
mod uptimal;

pub use dyadic::Dyadic;
pub use game::{Game, Outcome};
pub use infinitesimal::NotAtomic;
pub use integer::Integer;
pub use interrupt::{
    catch_interrupt, catch_refusal, check_interrupt, quiet_interrupt_panics, refuse,
    request_interrupt, Interrupted, Refused,
};
pub use notation::{UpForm, UptimalForm};
pub use nus::{Nus, Sign};
pub use products::ExplicitGame;
pub use properties::TooLarge;
pub use rational::Rational;
pub use store::{clear_caches, store_stats, Side, StoreStats};
pub use thermograph::{Thermograph, Trajectory};
pub use uptimal::UptimalExpansion;
