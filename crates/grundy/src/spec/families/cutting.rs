//! The `cutting` family: the Cutting Game ([`crate::games::cutting`]) as
//! an [`AnyGame`], positions written `W,H`.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::games::cutting::{parse_sheet, search_work, Cutting, Sheet, MAX_SEARCH_WORK};
use crate::nimber::Nimber;
use crate::solve::MemoSolver;
use crate::anygame::no_misere_analysis;
use crate::spec::{no_args, AnalyzeOptions, AnyGame, Family};
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
        // Refused before the search when its work is known to be too much.
        let work = search_work(&sheets, MAX_SEARCH_WORK);
        if work > MAX_SEARCH_WORK {
            return Err(Error::unsupported(format!(
                "the search of `{}` would list more than {MAX_SEARCH_WORK} options \
                 (every smaller sheet is solved on the way), its limit: ask for smaller sheets",
                positions.join(" ")
            )));
        }
        Ok(analyze(&Cutting, &mut self.solver, &sheets)?.map(|s| Cutting.format_position(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cutting_search_too_large_is_refused_before_it_starts() {
        let mut game = CuttingSpec::new();
        let started = std::time::Instant::now();
        let e = game
            .analyze(&["16777216,30".to_string()], &AnalyzeOptions::default())
            .unwrap_err();
        assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
        assert!(e.to_string().contains(&MAX_SEARCH_WORK.to_string()), "{e}");
        assert!(game.solver.is_empty(), "nothing was searched");
    }

    #[test]
    fn the_cutting_work_bound_is_above_the_options_listed() {
        use crate::game::Game;
        use std::collections::BTreeSet;
        for (w, h) in [(2, 2), (3, 7), (4, 4), (6, 9), (10, 13), (17, 5)] {
            let top = Sheet::new(w, h).unwrap();
            // Every sheet reachable from `top`, and the options they list.
            let mut seen = BTreeSet::from([top]);
            let mut todo = vec![top];
            let mut listed = 0u64;
            while let Some(s) = todo.pop() {
                Cutting.options(&s, &mut |o| {
                    listed += 1;
                    for &p in o {
                        if seen.insert(p) {
                            todo.push(p);
                        }
                    }
                });
            }
            let bound = search_work(&[top], u64::MAX - 1);
            assert!(listed <= bound, "{w}x{h}: {listed} options, bound {bound}");
            assert!(bound <= 4 * listed + 64, "{w}x{h}: bound {bound} far above {listed}");
            // A sum costs no more than its union.
            assert_eq!(search_work(&[top, top], u64::MAX - 1), bound);
        }
    }

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
