//! `digits:RULES`: subtract a digit of the heap (its largest, its smallest non-zero, or any).

use crate::anygame::HeapSpec;
use crate::games::digits::DigitSubtraction;
use crate::spec::Family;

pub(super) const FAMILY: Family = Family {
    name: "digits",
    syntax: "digits:max,min | digits:any | digits:any,base=2",
    position: "N (a heap size)",
    example: "digits:max,min 10",
    about: "subtract a digit of the heap: its largest (max), smallest non-zero (min) or any",
    parse: |spec, _, _| Ok(Box::new(HeapSpec::new(DigitSubtraction::parse(spec)?))),
};
