//! Game families: the rules of each, and closed forms where they exist.
//!
//! Every closed form here is tested equal to a generic solver on all small
//! positions.

pub mod coins;
pub mod nim;
pub mod subtraction;

pub use nim::Nim;
pub use subtraction::Subtraction;
