//! `sub:S`: the subtraction game of a set (finite, or `pow2`, `fib`, `squares`).

use crate::games::Subtraction;
use crate::anygame::HeapSpec;
use crate::spec::{number_list, Family};

pub(super) const FAMILY: Family = Family {
    name: "sub",
    syntax: "sub:1,3,4 | sub:pow2 | sub:fib | sub:squares",
    position: "N (a heap size)",
    example: "sub:1,3,4 5",
    about: "subtraction game: take s tokens, s in the set (several heaps: S-Nim)",
    parse: |spec, args, _| {
        let game = match args {
            Some("pow2") => Subtraction::pow2(),
            Some("fib") => Subtraction::fib(),
            Some("squares") => Subtraction::squares(),
            _ => Subtraction::finite(&number_list(spec, args)?)?,
        };
        let code = game.long_run_code();
        Ok(Box::new(HeapSpec::new(game).with_take_break(code)))
    },
};
