//! Game families: the rules of each, and closed forms where they exist.
//!
//! Every closed form here is tested equal to a generic solver on all small
//! positions.

pub mod beans;
pub mod euclid;
pub mod moore;
pub mod multiplication;
pub mod nim;
pub mod square_box;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;

pub use nim::Nim;
pub use subtraction::Subtraction;
