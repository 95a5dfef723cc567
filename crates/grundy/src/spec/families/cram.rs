//! `cram`: place a domino on two free adjacent cells, solved by the
//! placement solver (regions, symmetry, pruning).

use crate::error::Result;
use crate::games::placement::{draw, parse_board, Cram};
use crate::anygame::placement::{GameEngine, PlacementSpec};
use crate::spec::{no_args, AnyGame, Family};

pub(super) const FAMILY: Family = Family {
    name: "cram",
    syntax: "cram",
    position: "MxN, or rows of `.` (free) and `#` (taken) joined by `/` (at most 128 cells)",
    example: "cram 4x5",
    about: "Cram: place a domino on two free adjacent cells; the last to move wins",
    parse: |spec, args, _| parse(spec, args),
};

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    let main = GameEngine::new("", Cram, |_, _, b, marks| draw(b, marks), |_, _, t| parse_board(t));
    Ok(Box::new(PlacementSpec::new("cram", Box::new(main), |_, _| Ok(0))))
}

