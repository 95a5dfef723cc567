//! The library's integration tests, in one test binary: each file below is
//! a module of its own, as it was a binary of its own before. One binary
//! links the library and its dependencies once instead of once a file, and
//! its test threads stay busy to the end instead of idling while a file's
//! slowest test finishes (the CI run's time, issue 36). A new file here is
//! a `mod` line below. Files in `tests/` itself stay binaries of their own:
//! `analysis_memory.rs` counts the process's allocations, `cancel.rs` times
//! how soon a computation stops, and `judges.rs` is a plain program.

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/rng.rs"]
mod rng;

mod census;
mod closed_form_examples;
mod deep_chain;
mod explain;
mod fill;
mod forged;
mod frontier;
// The fuzz targets include the TOML game file's parser.
#[cfg(feature = "script")]
mod fuzz_inputs;
mod graph_examples;
mod layers;
mod nimber_field;
mod no_panic;
mod placement;
mod solvers_agree;
mod table_in_file;
mod take_break;
mod until_proven;
