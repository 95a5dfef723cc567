#![no_main]
//! Fuzz target `values_file`: see `grundy_fuzz::targets::values_file`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz::targets::values_file(data));
