//! `euclid`: Euclid's game, outcome and winning move by formula, nim-values by
//! search for small positions.

use crate::analysis::pattern::{PairLaw, ProvenLaw, QuadraticIrrational};
use crate::error::Result;
use crate::games::euclid::{self, Euclid};
use crate::anygame::adapt::{PairRules, PairSpec, EUCLID_SEARCH};
use crate::spec::{no_args, AnyGame, Family};

pub(super) const FAMILY: Family = Family {
    name: "euclid",
    syntax: "euclid",
    position: "A,B (two numbers)",
    example: "euclid 25,7",
    about: "Euclid's game: subtract a multiple of the smaller from the larger; reaching 0 wins",
    parse: |spec, args, _| parse(spec, args),
};

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    Ok(Box::new(PairSpec(Euclid)))
}

/// The sum of the partial quotients of `a/b`: about how many positions lie
/// below `(a, b)`.
fn quotient_sum(a: u64, b: u64) -> u128 {
    let (mut hi, mut lo) = (a.max(b), a.min(b));
    let mut sum = 0u128;
    while lo > 0 {
        sum += u128::from(hi / lo);
        (hi, lo) = (lo, hi % lo);
    }
    sum
}

impl PairRules for Euclid {
    const NAME: &'static str = "euclid";
    const TITLE: &'static str = "Euclid";
    const TABLE_LIMIT: u64 = 1000;
    const NO_PERIOD: &'static str = "its positions are pairs `A,B`";

    fn searchable(a: u64, b: u64) -> std::result::Result<(), String> {
        if quotient_sum(a, b) > u128::from(EUCLID_SEARCH) {
            return Err(format!(
                "searched only when the partial quotients of A/B add up to at most {EUCLID_SEARCH}"
            ));
        }
        Ok(())
    }

    fn is_p(a: u64, b: u64) -> bool {
        !euclid::first_player_wins(a, b)
    }

    fn proven_laws() -> Vec<ProvenLaw> {
        vec![ProvenLaw {
            law: PairLaw::Ratio {
                alpha: QuadraticIrrational::PHI,
                zero: true,
            },
            theorem: "Cole and Davie (1969): a position of Euclid's game with a > b > 0 is a \
                      P-position iff a < phi*b; (a, a) moves to (0, a), where no move is left"
                .into(),
        }]
    }

    fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
        euclid::winning_move(a, b).into_iter().collect()
    }
}
