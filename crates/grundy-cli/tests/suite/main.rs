//! The command's integration tests, in one test binary: each file below is
//! a module of its own, as it was a binary of its own before. One binary
//! links the command's dependencies once instead of once a file, and its
//! test threads stay busy to the end instead of idling while a file's
//! slowest test finishes (the CI run's time, issue 36). A new file here is
//! a `mod` line below; a file in `tests/` itself is still a binary of its
//! own: `bounded.rs` and `census.rs` are, because they time the command
//! (a refusal within two seconds, a row on disk before a kill) and another
//! file's tests running beside them would make those times a machine's
//! load.

mod common;

mod batch;
mod cli;
mod closed_forms;
mod compounds;
mod concurrent;
mod explain;
mod fuzz_args;
mod graph;
mod hints;
mod hostile_input;
mod hostile_scripts;
mod judge_commands;
mod layers;
mod longrun;
mod nim_cmd;
mod pattern;
mod pebbles;
mod placement;
mod play_large;
mod play_pty;
mod plot;
mod progress_pty;
mod readme;
mod script_lua;
mod script_misere;
mod script_shapes;
mod script_tables;
mod scripts;
mod serve;
mod structural;
mod table_in_file;
mod take_break;
mod tuple_tables;
mod turns;
mod until_proven;
mod ux;
