//! A scripted game behind [`AnyGame`]: heap positions through the dense
//! solver, every other shape through the memo solver.

use super::engine::{script_error, ScriptGame};
use super::position::{PositionKind, ScriptPosition};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame};
use crate::solve::{MemoConfig, MemoSolver, PeriodReport};
use crate::spec::{list_heap_options, AnalyzeOptions, AnyGame, HeapSpec};
use crate::strategy::{analyze, Analysis};
use crate::Nimber;

/// A scripted game seen as a heap game (positions are heaps); an option
/// that is not made of heaps is an error.
#[derive(Clone, Debug)]
pub struct ScriptHeapGame(ScriptGame);

impl Game for ScriptHeapGame {
    type Position = u64;

    fn options(&self, h: &u64, f: &mut dyn FnMut(&[u64])) {
        let game = &self.0;
        if game.inner.error.borrow().is_some() {
            return;
        }
        let options = match game.moves(&ScriptPosition::Int(*h)) {
            Ok(o) => o,
            Err(e) => return game.fail(e),
        };
        let mut heaps = Vec::new();
        for option in options {
            heaps.clear();
            for c in option {
                match c {
                    ScriptPosition::Int(x) => heaps.push(x),
                    t => {
                        return game.fail(script_error(
                            &game.inner.name,
                            format!(
                                "moves({h}) returned the position `{t}`, which is not a heap: \
                                 a game on heaps must move to heaps (or sums of heaps)"
                            ),
                        ))
                    }
                }
            }
            f(&heaps);
        }
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn position_index(&self, p: &u64) -> Option<usize> {
        usize::try_from(*p).ok()
    }
}

impl HeapGame for ScriptHeapGame {
    fn spec(&self) -> String {
        self.0.spec()
    }
}

/// A scripted game as an [`AnyGame`]: heap positions go to the dense
/// solver (values, periods, huge heaps once a period is proven), other
/// positions to the memo solver.
pub struct ScriptSpec {
    pub(super) game: ScriptGame,
    heaps: HeapSpec<ScriptHeapGame>,
    memo: MemoSolver<ScriptGame>,
}

impl ScriptSpec {
    /// Wraps a compiled script.
    pub fn new(game: ScriptGame) -> ScriptSpec {
        ScriptSpec {
            heaps: HeapSpec::new(ScriptHeapGame(game.clone())),
            memo: MemoSolver::with_config(
                game.clone(),
                MemoConfig {
                    max_positions: game.inner.limits.max_positions,
                },
            ),
            game,
        }
    }
}

impl AnyGame for ScriptSpec {
    fn spec(&self) -> String {
        self.game.spec()
    }

    fn accepts_empty_sum(&self) -> bool {
        true
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        let r = self.heaps.values(from, to);
        self.game.checked(r)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        let r = self.heaps.period_within(limit, time, progress);
        self.game.checked(r)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        if options.misere {
            return Err(Error::unsupported(format!(
                "misère analysis of `{}` is not supported",
                self.spec()
            )));
        }
        let parsed = positions
            .iter()
            .map(|p| ScriptPosition::parse(p))
            .collect::<Result<Vec<_>>>()?;
        if !parsed.is_empty() && parsed.iter().all(|p| matches!(p, ScriptPosition::Int(_))) {
            // The heap solver starts from heap 0: when the script's examples
            // use another kind of position, try the ones asked for first, so
            // that a script that cannot read them fails on them, by name.
            let other_kind = |p: &&ScriptPosition| {
                self.game
                    .inner
                    .expected
                    .is_some_and(|k| k != PositionKind::of(p))
            };
            for p in parsed.iter().filter(other_kind) {
                if let Err(e) = self.game.moves(p) {
                    self.game.fail(e.clone());
                    return Err(e);
                }
            }
            let r = self.heaps.analyze(positions, options);
            return self.game.checked(r);
        }
        let r = analyze(&self.game, &mut self.memo, &parsed).map(|a| a.map(|p| p.to_string()));
        self.game.checked(r)
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        match ScriptPosition::parse(component)? {
            ScriptPosition::Int(h) => {
                let heap_game = ScriptHeapGame(self.game.clone());
                let r = list_heap_options(&heap_game, h);
                self.game.checked(r)
            }
            p => Ok(self
                .game
                .moves(&p)?
                .into_iter()
                .map(|o| o.iter().map(ToString::to_string).collect())
                .collect()),
        }
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(ScriptPosition::parse(component)?.to_string())
    }
}
