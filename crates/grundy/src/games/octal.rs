//! Take-and-break games (octal and hexadecimal codes, Lasker's Nim,
//! Grundy's game): the rules type [`TakeBreak`] lives in the rules layer,
//! [`crate::game::take_break`], so that solvers need nothing from here.
//! This module keeps its public path.

pub use crate::game::take_break::*;
