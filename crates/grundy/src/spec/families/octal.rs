//! Octal codes (`0.07`, `.07`, `4.3r`, `octal:0.07`).

use crate::error::Result;
use crate::games::TakeBreak;
use crate::anygame::HeapSpec;
use crate::spec::{AnyGame, Family};

pub(super) const FAMILY: Family = Family {
    name: "octal",
    syntax: "0.07 | .07 | 4.07 | 0.3r (octal:0.07 also works)",
    position: "N (a heap size)",
    example: "0.07 5",
    about: "octal take-and-break code d0.d1d2...: bit 1 of d_k removes a whole heap of k, \
            bit 2 removes k leaving one heap, bit 4 leaving two; `r` repeats the last digit",
    parse: |_spec, args, _| code(args.unwrap_or("")),
};

/// The game of an octal code (also a bare code such as `0.07`, without the
/// `octal:` prefix).
pub(in crate::spec) fn code(code: &str) -> Result<Box<dyn AnyGame>> {
    Ok(Box::new(HeapSpec::new(TakeBreak::octal(code)?)))
}
