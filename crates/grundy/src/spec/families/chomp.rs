//! `chomp`: take a square and all below and right of it; whoever must take
//! the poisoned corner loses. Solved by the placement solver.

use crate::error::Result;
use crate::games::placement::{draw, parse_chomp, Chomp};
use crate::anygame::placement::{GameEngine, PlacementSpec};
use crate::spec::{no_args, AnyGame, Family};

pub(super) const FAMILY: Family = Family {
    name: "chomp",
    syntax: "chomp",
    position: "MxN (M rows of N), row lengths `[4,3,3,1]`, or rows of `.`/`#` joined by `/` (at most 128 squares)",
    example: "chomp 3x4",
    about: "Chomp: take a square and all below-right of it; taking the corner (1,1) loses",
    parse: |spec, args, _| parse(spec, args),
};

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    let main = GameEngine::new("", Chomp, |_, _, b, marks| draw(b, marks), |_, _, t| parse_chomp(t));
    Ok(Box::new(PlacementSpec::new("chomp", Box::new(main), |_, _| Ok(0))))
}
