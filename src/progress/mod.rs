//! Progress of long computations. The computation only bumps counters (`counters`), which
//! costs an atomic store; a watcher thread (`display`) draws a spinner on a terminal once a
//! statement has run for a second, so short statements never see it and scripts piped into
//! files never get escape codes.

pub mod counters;
pub mod display;

pub use counters::{count_position, sequence_done, sequence_started, Counted};
pub use display::{suspended, Watch};
