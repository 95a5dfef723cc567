//! `mult:N`: the multiplication game, outcome by formula.

use crate::error::{Error, ErrorKind, Result};
use crate::games::multiplication::Multiplication;
use crate::nimber::Nimber;
use crate::anygame::adapt::{listed_options, memo, misere_search, not_a_sequence, single};
use crate::spec::{parse_u64, AnalyzeOptions, AnyGame, Family};
use crate::strategy::{analyze, Analysis};

pub(super) const FAMILY: Family = Family {
    name: "mult",
    syntax: "mult:N | mult:N,LO,HI",
    position: "P (the current product; start at 1)",
    example: "mult:100,2,9 3",
    about: "multiplication game: multiply by LO..HI (2..9); reaching N or more wins",
    parse: |spec, args, _| parse(spec, args),
};

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    let nums: Vec<u64> = args
        .unwrap_or("")
        .split(',')
        .map(|t| parse_u64(t).map_err(|r| Error::invalid_spec(spec, r)))
        .collect::<Result<_>>()?;
    let game = match nums[..] {
        [n] => Multiplication::new(n, 2, 9)?,
        [n, lo, hi] => Multiplication::new(n, lo, hi)?,
        _ => {
            return Err(Error::invalid_spec(
                spec,
                "expected `mult:N` or `mult:N,LO,HI`",
            ))
        }
    };
    Ok(Box::new(MultSpec { game }))
}

struct MultSpec {
    game: Multiplication,
}

impl AnyGame for MultSpec {
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let p = parse_u64(component).map_err(|r| Error::invalid_position(component, r))?;
        listed_options(&self.game, &p, &[])
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_u64(component)
            .map_err(|r| Error::invalid_position(component, r))?
            .to_string())
    }

    fn spec(&self) -> String {
        let (lo, hi) = self.game.factors();
        if (lo, hi) == (2, 9) {
            format!("mult:{}", self.game.target())
        } else {
            format!("mult:{},{lo},{hi}", self.game.target())
        }
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(&self.spec(), "use `analyze` on a product P"))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let game = self.game;
        let ps = positions
            .iter()
            .map(|p| parse_u64(p).map_err(|r| Error::invalid_position(p, r)))
            .collect::<Result<Vec<u64>>>()?;
        let ps: Vec<u64> = ps.into_iter().map(|p| p.min(game.target())).collect();
        if options.misere {
            return misere_search(game, &ps);
        }
        if ps.len() != 1 {
            return Ok(analyze(&game, &mut memo(game), &ps)?.map(u64::to_string));
        }
        let p = ps[0];
        let value = match memo(game).nim_value(&p) {
            Ok(v) => Some(v),
            Err(e) if matches!(e.kind(), ErrorKind::TooManyPositions { .. }) => None,
            Err(e) => return Err(e),
        };
        let moves = game.winning_moves(p).iter().map(u64::to_string).collect();
        Ok(single(
            &positions[0],
            value,
            !game.first_player_wins(p),
            moves,
        ))
    }
}
