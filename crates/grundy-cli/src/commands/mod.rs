//! One file per command: its clap `Args` (and its help text) and one
//! `run` entry that parses the game, calls the library and prints through
//! [`crate::printer`]. A command names no other command.

pub mod analyze;
pub mod census;
pub mod completions;
pub mod explain;
pub mod games;
pub mod graph;
pub mod hackenbush;
pub mod misere;
pub mod nim;
pub mod pattern;
pub mod period;
pub mod play;
pub mod plot;
pub mod serve;
pub mod values;
