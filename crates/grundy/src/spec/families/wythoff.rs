//! `wythoff`: Wythoff's game, P-positions and winning moves by formula for any size
//! (piles beyond `u64` too), nim-values by search for small piles.

use crate::analysis::pattern::{PairLaw, ProvenLaw, QuadraticIrrational};
use crate::error::{Error, Result};
use crate::games::wythoff::{self, Wythoff};
use crate::anygame::adapt::{parse_big, single, PairRules, PairSpec, WYTHOFF_SEARCH};
use crate::spec::{no_args, AnyGame, Family};
use crate::strategy::Analysis;

pub(super) const FAMILY: Family = Family {
    name: "wythoff",
    syntax: "wythoff",
    position: "A,B (two piles)",
    example: "wythoff 3,5",
    about: "Wythoff's game: take from one pile, or the same number from both (exact for any size)",
    parse: |spec, args, _| parse(spec, args),
};

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    Ok(Box::new(PairSpec(Wythoff)))
}

impl PairRules for Wythoff {
    const NAME: &'static str = "wythoff";
    const TITLE: &'static str = "Wythoff";
    const TABLE_LIMIT: u64 = WYTHOFF_SEARCH;
    const NO_PERIOD: &'static str = "its P-positions are (⌊kφ⌋, ⌊kφ²⌋)";

    fn searchable(a: u64, b: u64) -> std::result::Result<(), String> {
        if a.max(b) > WYTHOFF_SEARCH {
            return Err(format!("nim-values of Wythoff positions have no formula and are searched only for piles up to {WYTHOFF_SEARCH}"));
        }
        Ok(())
    }

    fn unparsed(text: &str, why: &str, _parse_error: Error) -> Error {
        Error::invalid_position(
            text,
            format!("{why}: expected `A,B` with A, B up to {WYTHOFF_SEARCH}"),
        )
    }

    fn is_p(a: u64, b: u64) -> bool {
        wythoff::is_p_position(a, b)
    }

    fn proven_laws() -> Vec<ProvenLaw> {
        vec![ProvenLaw {
            law: PairLaw::Beatty(QuadraticIrrational::PHI),
            theorem: "Wythoff (1907): the P-positions of Wythoff's game are \
                      (floor(k*phi), floor(k*phi^2)) and their mirror images, k >= 0"
                .into(),
        }]
    }

    fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
        wythoff::winning_moves(a, b)
    }

    fn analyze_big(text: &str, parse_error: Error) -> Result<Analysis<String>> {
        // Piles beyond u64: the bignum path.
        let parts: Vec<&str> = text.split(',').collect();
        if parts.len() != 2 {
            return Err(parse_error);
        }
        let a = parse_big(parts[0], text)?;
        let b = parse_big(parts[1], text)?;
        let p = wythoff::big::is_p_position(&a, &b);
        let moves = wythoff::big::winning_moves(&a, &b)
            .into_iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect();
        Ok(single(text, None, p, moves))
    }
}
