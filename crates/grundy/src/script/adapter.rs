//! A scripted game behind [`AnyGame`]: heap positions through the dense
//! solver, every other shape through the memo solver.

use super::engine::{script_error, ScriptGame};
use super::position::{PositionKind, ScriptPosition};
use crate::anygame::listed::analyze_misere;
use crate::anygame::{list_heap_options, AnalyzeOptions, AnyGame, HeapSpec};
use crate::error::Result;
use crate::game::WinningMove;
use crate::game::{Game, HeapGame};
use crate::solve::{HeapConfig, MemoConfig, MemoSolver, PeriodReport};
use crate::strategy::Analysis;
use crate::Nimber;
use std::collections::HashSet;

/// A scripted game seen as a heap game (positions are heaps); an option
/// that is not made of heaps is an error.
#[derive(Clone, Debug)]
pub struct ScriptHeapGame(ScriptGame);

impl Game for ScriptHeapGame {
    type Position = u64;

    fn options(&self, h: &u64, f: &mut dyn FnMut(&[u64])) {
        let game = &self.0;
        let mut heaps = Vec::new();
        let mut not_a_heap = None;
        let mut each = |option: &[ScriptPosition]| {
            if not_a_heap.is_some() {
                return;
            }
            heaps.clear();
            for c in option {
                match c {
                    ScriptPosition::Int(x) => heaps.push(*x),
                    t => return not_a_heap = Some(t.clone()),
                }
            }
            f(&heaps);
        };
        if game.reshapes() {
            game.options(&ScriptPosition::Int(*h), &mut each);
        } else if !game.failed() {
            // The hot path: options that are heaps go straight through.
            if let Err(e) = game.for_each_option(&ScriptPosition::Int(*h), &mut each) {
                game.fail(e);
            }
        }
        if let Some(t) = not_a_heap {
            game.fail(script_error(
                game.name(),
                format!(
                    "moves({h}) returned the position `{t}`, which is not a heap: \
                     a game on heaps must move to heaps (or sums of heaps)"
                ),
            ))
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
            // The script's budget of operations bounds a request: no
            // time limit on top of it.
            heaps: HeapSpec::with_config(
                ScriptHeapGame(game.clone()),
                HeapConfig {
                    time_limit: None,
                    ..HeapConfig::default()
                },
            ),
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

    fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        let r = self.heaps.values_with(from, to, progress);
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
            return Err(crate::anygame::no_misere_analysis(&self.spec()));
        }
        let parsed = positions
            .iter()
            .map(|p| ScriptPosition::parse(p))
            .collect::<Result<Vec<_>>>()?;
        let heaps_only = !parsed.is_empty() && parsed.iter().all(|p| p.as_int().is_some());
        if heaps_only && !self.game.reshapes() {
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
            // Named moves are printed by the general analysis below. The
            // first heap of the sum that has moves says whether they are
            // named: a heap without moves (0, a component that vanished)
            // has none to name, and once decided the heap solver dropped
            // the names of the others.
            // Smallest first: a small heap's moves are the cheapest to list.
            let mut heaps: Vec<u64> = parsed.iter().filter_map(ScriptPosition::as_int).collect();
            heaps.sort_unstable();
            heaps.dedup();
            let mut named = false;
            for h in heaps {
                match self.game.named_moves(&ScriptPosition::Int(h)) {
                    Ok(moves) if moves.is_empty() => continue,
                    Ok(moves) => {
                        named = moves.iter().any(|m| m.name.is_some());
                        break;
                    }
                    Err(e) => {
                        self.game.fail(e.clone());
                        return Err(e);
                    }
                }
            }
            if !named {
                let r = self.heaps.analyze(positions, options);
                return self.game.checked(r);
            }
        }
        let r = analyze_sum(&self.game, &mut self.memo, &parsed);
        self.game.checked(r)
    }

    /// As [`analyze`](AnyGame::analyze); misère play (which `analyze`
    /// leaves to the caller's generic route) goes through
    /// [`analyze_misere`]: the SJ theorem when its condition holds, else
    /// search.
    fn analyze_outcome(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        if options.misere {
            return analyze_misere(self, positions).map(|r| r.analysis);
        }
        self.analyze(positions, options)
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

    /// Reports the positions whose moves a later search lists
    /// ([`ScriptGame::set_progress`]): the memo search of `analyze` and
    /// the tables alike.
    fn set_progress(&mut self, progress: crate::solve::placement::Progress) {
        self.game.set_progress(progress);
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(ScriptPosition::parse(component)?.to_string())
    }
}

/// Value, outcome and winning moves of a sum, through the memo solver on
/// regions ([`ScriptGame::regions`]). A winning move prints the parts of
/// the option as the script wrote them (split by `components`, not
/// normalized, so a part that disappears prints as nothing), with the
/// move's name; identical lines are listed once.
fn analyze_sum(
    game: &ScriptGame,
    memo: &mut MemoSolver<ScriptGame>,
    sum: &[ScriptPosition],
) -> Result<Analysis<String>> {
    let mut value_of = |sum: &[ScriptPosition]| -> Result<Nimber> {
        let mut v = Nimber::ZERO;
        for r in game.regions(sum)? {
            v += memo.nim_value(&r)?;
        }
        game.checked(Ok(v))
    };
    let values = sum
        .iter()
        .map(|p| value_of(std::slice::from_ref(p)))
        .collect::<Result<Vec<_>>>()?;
    let total: Nimber = values.iter().sum();
    let mut winning_moves = Vec::new();
    let mut seen = HashSet::new();
    if !total.is_zero() {
        for (i, p) in sum.iter().enumerate() {
            let target = values[i] + total;
            for m in game.named_moves(p)? {
                if value_of(&m.to)? != target {
                    continue;
                }
                let to: Vec<String> = game.parts(&m.to)?.iter().map(|c| c.to_string()).collect();
                if seen.insert((i, to.clone(), m.name.clone())) {
                    winning_moves.push(WinningMove {
                        name: m.name,
                        component: i,
                        from: p.to_string(),
                        to,
                    });
                }
            }
        }
    }
    Ok(Analysis::of_value(total, winning_moves))
}
