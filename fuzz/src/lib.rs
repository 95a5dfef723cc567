//! The fuzz targets' bodies as a small library (see `targets`), so that
//! the libFuzzer binaries in `fuzz_targets/` and the test suite's proptest
//! (`crates/grundy/tests/suite/fuzz_inputs.rs`) run the same code.

pub mod targets;
