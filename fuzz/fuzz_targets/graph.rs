#![no_main]
//! Fuzz target `graph`: see `grundy_fuzz::targets::graph`.

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz::targets::graph(data));
