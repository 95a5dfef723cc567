//! Pattern finding in nim-sequences, with certificates.
//!
//! [`period`] finds the (arithmetic) period of a sequence `G(0), G(1), …`
//! and says whether a theorem proves it or it is only observed.
//! [`sparse`] finds the rare/common split of the values ("sparse space").

pub mod pattern;
pub mod period;
pub mod sparse;

pub use period::{
    find_period, observed_enough, PeriodFound, PeriodTheorem, PeriodWatch, Periodicity, MIN_REPEATS,
};
pub use sparse::{best_split, best_split_by_parity, value_stats, Split, ValueStats};
