//! `moore:K`: Moore's Nim_K, P-positions by formula, nim-values by search.

use crate::error::{Error, Result};
use crate::games::moore::Moore;
use crate::anygame::adapt::{
    list_string, memo, misere_search, parse_list, single, ClosedForm, ClosedFormSpec, MOORE_MOVES,
    MOORE_SEARCH,
};
use crate::spec::{parse_u64, AnalyzeOptions, AnyGame, Family};
use crate::strategy::{analyze, Analysis};

pub(super) const FAMILY: Family = Family {
    name: "moore",
    syntax: "moore:K",
    position: "H1,H2,... (the heaps of one position)",
    example: "moore:2 1,2,3",
    about: "Moore's Nim_K: take from 1 to K heaps at once",
    parse: |spec, args, _| parse(spec, args),
};

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    let k = parse_u64(args.unwrap_or("")).map_err(|r| Error::invalid_spec(spec, r))?;
    if k == 0 {
        return Err(Error::invalid_spec(
            spec,
            "K must be at least 1 (a move takes from 1 to K heaps)",
        ));
    }
    Ok(Box::new(ClosedFormSpec(MooreSpec {
        game: Moore::new(k)?,
    })))
}

struct MooreSpec {
    game: Moore,
}

fn positions_below(heaps: &[u64]) -> u128 {
    heaps
        .iter()
        .fold(1u128, |acc, &h| acc.saturating_mul(u128::from(h) + 1))
}

impl MooreSpec {
    fn small(&self, positions: &[String], why: &str) -> Result<Vec<Vec<u64>>> {
        positions
            .iter()
            .map(|p| {
                let heaps = parse_list(p, None)?;
                if positions_below(&heaps) > MOORE_SEARCH {
                    return Err(Error::invalid_position(
                        p,
                        format!("{why}: searched only when the product of (heap + 1) is at most {MOORE_SEARCH}"),
                    ));
                }
                Ok(heaps)
            })
            .collect()
    }
}

impl ClosedForm for MooreSpec {
    type Rules = Moore;

    fn rules(&self) -> &Moore {
        &self.game
    }

    fn spec(&self) -> String {
        format!("moore:{}", self.game.k())
    }

    fn why_no_sequence(&self) -> &'static str {
        "a position is a list of heaps"
    }

    fn parse(&self, text: &str) -> Result<Vec<u64>> {
        parse_list(text, None)
    }

    fn numbers(heaps: &Vec<u64>) -> Vec<u64> {
        heaps.clone()
    }

    fn analyze(&self, positions: &[String], options: &AnalyzeOptions) -> Result<Analysis<String>> {
        let game = self.game;
        if options.misere {
            let ps = self.small(positions, "misère Moore's Nim is solved by search")?;
            return misere_search(game, &ps);
        }
        if positions.len() != 1 {
            let ps = self.small(positions, "a sum of Moore positions needs their nim-values")?;
            return Ok(analyze(&game, &mut memo(game), &ps)?.map(|h| list_string(h)));
        }
        let text = positions[0].trim();
        let heaps = parse_list(text, None)?;
        let p = game.is_p_position(&heaps);
        let value = if positions_below(&heaps) <= MOORE_SEARCH {
            Some(memo(game).nim_value(&heaps)?)
        } else {
            None
        };
        let moves = game.winning_moves(&heaps, MOORE_MOVES).ok_or_else(|| {
            Error::unsupported(format!(
                "`{text}` has more than {MOORE_MOVES} winning moves in {}; too many to list",
                self.spec()
            ))
        })?;
        let moves = moves.iter().map(|m| list_string(m)).collect();
        Ok(single(text, value, p, moves))
    }
}
