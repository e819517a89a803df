//! The game engines, with no knowledge of the cg language: exact numbers (`numbers`), the
//! canonical-form engine for short games (`short`), heap games by their rule codes (`heap`) and
//! loopy games (`loopy`: stoppers and sided values).

pub mod heap;
mod interrupt;
pub mod loopy;
pub mod memory;
pub mod misere;
pub mod numbers;
pub mod short;
pub mod threads;

pub use numbers::{dyadic, integer, nimber, rational};
pub use short::latex;

pub use dyadic::Dyadic;
pub use integer::Integer;
pub use interrupt::{
    become_helper, catch_interrupt, catch_refusal, check_interrupt, interrupt_requested,
    quiet_interrupt_panics, refusal_message, refuse, request_interrupt, Interrupted, Refused,
};
pub use loopy::{
    Graph as LoopyGraph, LoopyBuilder, LoopyError, LoopyOutcome, LoopyValue, SidedValue, Stopper,
    Winner,
};
pub use rational::Rational;
pub use short::game::{Game, Outcome};
pub use short::infinitesimal::NotAtomic;
pub use short::notation::{UpForm, UptimalForm};
pub use short::nus::{Nus, Sign};
pub use short::products::ExplicitGame;
pub use short::properties::TooLarge;
pub use short::store::{clear_caches, store_stats, Side, StoreStats};
pub use short::thermograph::{Thermograph, Trajectory};
pub use short::uptimal::UptimalExpansion;
