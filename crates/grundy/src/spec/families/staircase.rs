//! `staircase`: staircase Nim, value = XOR of the odd steps.

use crate::error::{Error, Result};
use crate::games::staircase::Staircase;
use crate::nimber::Nimber;
use crate::spec::adapt::{list_string, listed_options, misere_search, not_a_sequence, parse_list};
use crate::spec::{no_args, AnalyzeOptions, AnyGame, Family};
use crate::strategy::{Analysis, WinningMove};

pub(super) const FAMILY: Family = Family {
    name: "staircase",
    syntax: "staircase",
    position: "C1,C2,... (coins on steps 1, 2, ...)",
    example: "staircase 1,2,3",
    about: "staircase Nim: move coins from a step to the one below; value = XOR of odd steps",
    parse: |spec, args, _| parse(spec, args),
};

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    Ok(Box::new(StaircaseSpec))
}

struct StaircaseSpec;

impl AnyGame for StaircaseSpec {
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let numbers = parse_list(component, None)?;
        listed_options(&Staircase, &numbers, &numbers)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_list(component, None)?
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(","))
    }

    fn spec(&self) -> String {
        "staircase".into()
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(
            "staircase",
            "its value is the XOR of the coins on the odd steps",
        ))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let stairs = positions
            .iter()
            .map(|p| {
                let s = parse_list(p, None)?;
                Staircase::check(&s)?;
                Ok(s)
            })
            .collect::<Result<Vec<Vec<u64>>>>()?;
        if options.misere {
            for (p, s) in positions.iter().zip(&stairs) {
                if s.iter().map(|&c| u128::from(c)).sum::<u128>() > 24 || s.len() > 12 {
                    return Err(Error::invalid_position(
                        p,
                        "misère staircase Nim is solved by search, for at most 24 coins on 12 steps",
                    ));
                }
            }
            return misere_search(Staircase, &stairs);
        }
        let total: Nimber = stairs.iter().map(|s| Staircase::value(s)).sum();
        let mut winning_moves = Vec::new();
        if !total.is_zero() {
            for (i, s) in stairs.iter().enumerate() {
                for m in Staircase::moves_changing_value(s, total.value()) {
                    if let Some(next) = m.apply(s) {
                        winning_moves.push(WinningMove {
                            component: i,
                            from: list_string(s),
                            to: vec![list_string(&next)],
                        });
                    }
                }
            }
        }
        Ok(Analysis::of_value(total, winning_moves))
    }
}
