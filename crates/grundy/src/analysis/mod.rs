//! Pattern finding in nim-sequences, with certificates.
//!
//! [`period`] finds the (arithmetic) period of a sequence `G(0), G(1), …`
//! and says whether a theorem proves it or it is only observed.

pub mod period;

pub use period::{find_period, PeriodFound, PeriodTheorem, Periodicity};
