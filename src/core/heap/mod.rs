//! Heap games: take-and-break codes, subtraction games and Partizan Splittles.
//!
//! - [`code`]: the rules ([`TakeBreakCode`] in octal, hexadecimal or CGSuite's general notation,
//!   [`SubtractionSet`], [`HeapRules`]) and the moves they allow;
//! - [`nim_sequence`](mod@nim_sequence): nim-values of impartial heap games, by the plain method,
//!   the sparse-space method, and copying once the periodicity theorem applies;
//! - [`partizan`]: canonical forms of heaps when Left and Right have different rules
//!   ([`PartizanHeapRules`], e.g. `splittles {1,4} vs {1,5}`);
//! - [`periodicity`](mod@periodicity): periods, preperiods and saltus of sequences;
//! - [`turning`]: coin-turning games from turning codes ([`TurningCode`], `turning "1-3"`).
//!
//! ```
//! use cg::core::heap::{nim_periodicity, nim_sequence, HeapRules, TakeBreakCode};
//! let dawson = HeapRules::TakeBreak(TakeBreakCode::parse_octal("0.07").unwrap());
//! let g = nim_sequence(&dawson, 1000, &mut |_| {});
//! let p = nim_periodicity(&dawson, &g).unwrap();
//! assert_eq!((p.period, p.preperiod), (34, 53));
//! ```

mod bits;
pub mod code;
pub mod compact;
mod flag_scan;
mod mirror;
pub mod nim_sequence;
pub mod partizan;
mod pass;
pub mod periodicity;
mod row_helper;
pub mod turning;

pub use code::{CodeError, Constraint, Digit, HeapRules, SubtractionSet, Tail, TakeBreakCode};
pub use compact::{NimSlice, NimValue, NimValues};
pub use nim_sequence::{
    nim_sequence, nim_sequence_naive, nim_sequence_with, nim_values_with, Method, PROGRESS_INTERVAL,
};
pub use partizan::PartizanHeapRules;
pub use periodicity::{
    arithmetic_periodicity, game_periodicity, nim_periodicity, periodicity, proven_nim_period,
    Periodicity, Saltus,
};
pub use turning::TurningCode;
