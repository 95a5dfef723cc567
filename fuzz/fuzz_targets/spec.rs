#![no_main]
//! Fuzz target `spec`: see `grundy_fuzz::targets::spec`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz::targets::spec(data));
