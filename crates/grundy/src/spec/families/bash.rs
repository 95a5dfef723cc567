//! `bash:M`: Bachet's game, take 1 to M tokens.

use crate::games::Subtraction;
use crate::anygame::HeapSpec;
use crate::spec::{single_number, Family};

pub(super) const FAMILY: Family = Family {
    name: "bash",
    syntax: "bash:M",
    position: "N (a heap size)",
    example: "bash:3 5",
    about: "Bachet's game: take 1 to M tokens; G(n) = n mod (M+1)",
    parse: |spec, args, _| {
        let game = Subtraction::bash(single_number(spec, args)?)?;
        let code = game.long_run_code();
        Ok(Box::new(HeapSpec::new(game).with_take_break(code)))
    },
};
