#![no_main]
//! Fuzz target `toml`: see `grundy_fuzz::targets::toml`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz::targets::toml(data));
