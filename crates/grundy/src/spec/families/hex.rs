//! `hex:CODE`: hexadecimal take-and-break codes.

use crate::games::TakeBreak;
use crate::anygame::HeapSpec;
use crate::spec::Family;

pub(super) const FAMILY: Family = Family {
    name: "hex",
    syntax: "hex:0.3F",
    position: "N (a heap size)",
    example: "hex:0.3F 5",
    about: "hexadecimal take-and-break code: as octal, plus bit 8 (leave three heaps)",
    parse: |_, args, _| {
        let game = TakeBreak::hexadecimal(args.unwrap_or(""))?;
        Ok(Box::new(HeapSpec::new(game)))
    },
};
