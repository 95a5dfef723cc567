//! `staircase`: staircase Nim, value = XOR of the odd steps.

use crate::error::{Error, Result};
use crate::games::staircase::Staircase;
use crate::nimber::Nimber;
use crate::anygame::adapt::{list_string, misere_search, parse_list, ClosedForm, ClosedFormSpec};
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
    Ok(Box::new(ClosedFormSpec(StaircaseSpec)))
}

struct StaircaseSpec;

impl ClosedForm for StaircaseSpec {
    type Rules = Staircase;

    fn rules(&self) -> &Staircase {
        &Staircase
    }

    fn spec(&self) -> String {
        "staircase".into()
    }

    fn why_no_sequence(&self) -> &'static str {
        "its value is the XOR of the coins on the odd steps"
    }

    fn parse(&self, text: &str) -> Result<Vec<u64>> {
        parse_list(text, None)
    }

    fn numbers(steps: &Vec<u64>) -> Vec<u64> {
        steps.clone()
    }

    fn analyze(&self, positions: &[String], options: &AnalyzeOptions) -> Result<Analysis<String>> {
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
                            name: None,
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
