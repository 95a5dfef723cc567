//! `allbut:S`: take any positive number of tokens except those listed.

use crate::games::Subtraction;
use crate::anygame::HeapSpec;
use crate::spec::{number_list, Family};

pub(super) const FAMILY: Family = Family {
    name: "allbut",
    syntax: "allbut:1,2",
    position: "N (a heap size)",
    example: "allbut:1,2 5",
    about: "take any positive number of tokens except those listed",
    parse: |spec, args, _| {
        let excluded = match args {
            Some("") | None => Vec::new(),
            _ => number_list(spec, args)?,
        };
        Ok(Box::new(HeapSpec::new(Subtraction::all_but(&excluded)?)))
    },
};
