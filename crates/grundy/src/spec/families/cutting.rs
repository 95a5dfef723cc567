//! The `cutting` family: the Cutting Game ([`crate::games::cutting`]) as
//! an [`AnyGame`], positions written `W,H`.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::cutting::{parse_sheet, Cutting, Sheet};
use crate::nimber::Nimber;
use crate::solve::MemoSolver;
use crate::spec::{no_args, no_misere_analysis, AnalyzeOptions, AnyGame, Family};
use crate::strategy::{analyze, Analysis};

pub(super) const FAMILY: Family = Family {
    name: "cutting",
    syntax: "cutting",
    position: "W,H (a sheet, both sides >= 2)",
    example: "cutting 3,4",
    about: "Cutting Game (POJ 2311): cut a sheet in two; whoever cuts out a 1x1 wins",
    parse: |spec, args, _| {
        no_args(spec, args)?;
        Ok(Box::new(CuttingSpec::new()))
    },
};

/// The Cutting Game as a spec family (`cutting`; positions `W,H`).
pub struct CuttingSpec {
    solver: MemoSolver<Cutting>,
}

impl CuttingSpec {
    /// A fresh solver.
    pub fn new() -> CuttingSpec {
        CuttingSpec {
            solver: MemoSolver::new(Cutting),
        }
    }
}

impl Default for CuttingSpec {
    fn default() -> Self {
        CuttingSpec::new()
    }
}

impl AnyGame for CuttingSpec {
    fn spec(&self) -> String {
        "cutting".into()
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(Error::unsupported(
            "`cutting` positions are sheets `W,H`, not heap sizes: use `grundy analyze cutting 4,2`",
        ))
    }

    fn set_cancel(&mut self, cancel: crate::util::Cancel) {
        self.solver.set_cancel(cancel);
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        if options.misere {
            return Err(no_misere_analysis("cutting"));
        }
        let sheets = positions
            .iter()
            .map(|p| parse_sheet(p))
            .collect::<Result<Vec<Sheet>>>()?;
        Ok(analyze(&Cutting, &mut self.solver, &sheets)?.map(|s| Cutting.format_position(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_moves_are_cuts_into_two_sheets() {
        let mut game = CuttingSpec::new();
        let a = game
            .analyze(&["4,2".to_string()], &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, ["2x2", "2x2"]);
    }
}
