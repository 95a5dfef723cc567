#![no_main]
//! Fuzz target `analyze`: see `grundy_fuzz::targets::analyze`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz::targets::analyze(data));
