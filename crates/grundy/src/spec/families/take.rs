//! `take:LO..HI`: take a number of tokens between two bounds that depend on the heap.

use crate::games::take::TakeRange;
use crate::anygame::HeapSpec;
use crate::spec::Family;

pub(super) const FAMILY: Family = Family {
    name: "take",
    syntax: "take:1..n/2",
    position: "N (a heap size)",
    example: "take:1..n/2 5",
    about: "take LO(n) to HI(n) tokens, bounds such as 3, n, n/2, n-1, 2*n/3+1",
    parse: |spec, _, _| Ok(Box::new(HeapSpec::new(TakeRange::parse(spec)?))),
};
