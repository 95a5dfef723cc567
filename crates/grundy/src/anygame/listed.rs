//! Misère play and compounds of *any* game [`parse`](crate::spec::parse) builds
//! — built-in families and scripts alike — through the one thing every
//! such game can do: list the options of a component
//! ([`AnyGame::options`]).
//!
//! [`explore`] walks every component position reachable from a sum
//! (breadth first, each option listed once, positions as the game writes
//! them) into an [`Explored`] game graph, a [`Game`] with string
//! positions. The generic solvers then run on it:
//!
//! - [`analyze_misere`]: nim-values by [`MemoSolver`]; when the condition of
//!   the **Sprague–Grundy–Jia (SJ, "anti-SG") theorem** holds for every
//!   reachable component (checked, see [`sj_condition`]), the misère outcome
//!   and winning moves of the sum come from the nim-values alone: the
//!   player to move wins iff (the nim-sum is non-zero and some component
//!   has a value above 1) or (the nim-sum is 0 and no component has a value
//!   above 1). Otherwise the family's own misère analysis answers (a closed
//!   form such as misère Nim's, a misère quotient, a bounded search), and
//!   where it has none (scripts), [`MisereSolver`] searches canonical sums
//!   (sorted components, terminal components dropped). When the game cannot
//!   list its moves, or its positions are too many to explore, the family
//!   answers alone.
//! - [`analyze_compound`]: remoteness and suspense by
//!   [`RemotenessSolver`], then [`compound::analyze_compound`].
//!
//! A game with a cycle (loopy) is refused by the solvers with
//! [`ErrorKind::Cycle`]. Time and memory: one entry per reachable
//! component (at most [`EXPLORE_POSITIONS`]) and per listed option part (at
//! most [`EXPLORE_PARTS`]), then what the solver stores.

use super::adapt::misere_analysis;
use super::{AnalyzeOptions, AnyGame};
use crate::error::{Error, ErrorKind, Result};
use crate::game::Game;
use crate::nimber::Nimber;
use crate::solve::misere_quotient::misere_nim_value_within;
use crate::solve::{
    MemoConfig, MemoSolver, MisereConfig, MisereSolver, RemotenessConfig, RemotenessSolver,
};
use crate::strategy::compound::{self, Compound, CompoundAnalysis};
use crate::strategy::{Analysis, Outcome, WinningMove};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Most component positions [`explore`] visits.
pub const EXPLORE_POSITIONS: usize = 200_000;
/// Most option parts (components of options) [`explore`] stores.
pub const EXPLORE_PARTS: u64 = 1_000_000;
/// Most sums the misère and compound searches store.
pub const SEARCH_STATES: usize = 2_000_000;
/// Most moves of sums the misère search generates (about a quarter of a
/// second; the families' own misère searches stop at the same work).
pub const MISERE_MOVES: u64 = 2_000_000;
/// Most moves of sums the compound search generates (a few seconds).
pub const COMPOUND_MOVES: u64 = 5_000_000;

/// Every component reachable from a sum, with its options, as the game
/// writes them: a [`Game`] whose positions are strings.
#[derive(Clone, Debug, Default)]
pub struct Explored {
    options: FxHashMap<String, Vec<Vec<String>>>,
}

impl Explored {
    /// Number of component positions.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    /// True when no position was explored.
    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }
}

impl Game for Explored {
    type Position = String;

    fn options(&self, p: &String, f: &mut dyn FnMut(&[String])) {
        // `explore` closes the map over every part of every option, so every
        // position a solver asks about is in it.
        for o in self.options.get(p).map(Vec::as_slice).unwrap_or(&[]) {
            f(o);
        }
    }

    fn format_position(&self, p: &String) -> String {
        p.clone()
    }
}

/// The components of `positions` in the game's own writing
/// ([`AnyGame::normalize`]) and every component reachable from them.
///
/// Errors: a game that cannot list its moves; more than
/// [`EXPLORE_POSITIONS`] positions or [`EXPLORE_PARTS`] option parts
/// ([`ErrorKind::TooManyPositions`]).
pub fn explore(game: &mut dyn AnyGame, positions: &[String]) -> Result<(Vec<String>, Explored)> {
    let mut starts = Vec::with_capacity(positions.len());
    let mut explored = Explored::default();
    let mut queue = VecDeque::new();
    let mut parts = 0u64;
    let mut seen: rustc_hash::FxHashSet<String> = Default::default();
    for p in positions {
        let p = game.normalize(p)?;
        if seen.insert(p.clone()) {
            queue.push_back(p.clone());
        }
        starts.push(p);
    }
    while let Some(p) = queue.pop_front() {
        if explored.options.len() >= EXPLORE_POSITIONS {
            return Err(ErrorKind::TooManyPositions {
                limit: EXPLORE_POSITIONS,
            }
            .into());
        }
        let options = game.options(&p).map_err(|e| match e.kind() {
            // The default of `AnyGame::options` speaks of interactive play.
            ErrorKind::Unsupported(m) if m.contains("cannot list its moves") => {
                Error::unsupported(format!(
                    "`{}` cannot list its moves, so its misère play and compounds cannot be searched",
                    game.spec()
                ))
            }
            _ => e,
        })?;
        for part in options.iter().flatten() {
            parts += 1;
            if seen.insert(part.clone()) {
                queue.push_back(part.clone());
            }
        }
        if parts > EXPLORE_PARTS {
            return Err(Error::unsupported(format!(
                "the positions reachable from this sum have more than {EXPLORE_PARTS} options \
                 in all, too many to search"
            )));
        }
        explored.options.insert(p, options);
    }
    Ok((starts, explored))
}

/// How a misère sum was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MisereMethod {
    /// The Sprague–Grundy–Jia theorem, its condition checked on every
    /// reachable component: the outcome from the nim-values.
    SjTheorem,
    /// Exhaustive search on canonical sums ([`MisereSolver`]).
    Search,
    /// The family's own misère analysis (a closed form, a misère quotient
    /// or its own bounded search).
    Family,
}

impl MisereMethod {
    /// How the method is named in output.
    pub fn name(self) -> &'static str {
        match self {
            MisereMethod::SjTheorem => "SJ theorem",
            MisereMethod::Search => "search",
            MisereMethod::Family => "built-in",
        }
    }
}

/// A misère analysis and how it was made.
///
/// The misère nim-value and the normal-play nim-sum are two different
/// numbers, each under its own name: [`Analysis::value`] of a misère
/// analysis is unknown (`None`).
#[derive(Clone, Debug)]
pub struct MisereReport {
    /// Misère outcome and winning moves; its `value` is unknown (see
    /// [`misere_value`](Self::misere_value) and
    /// [`normal_value`](Self::normal_value)).
    pub analysis: Analysis<String>,
    /// The misère nim-value `G⁻` of the sum (`1` with no move,
    /// `mex` of the options' otherwise; `0` exactly on misère P-positions;
    /// [`misere_nim_value`](crate::solve::misere_quotient::misere_nim_value)),
    /// when its search stays within
    /// [`MISERE_VALUE_STATES`] sums and [`MISERE_VALUE_WORK`]; `None` beyond, or when the positions
    /// reachable from the sum could not be explored.
    pub misere_value: Option<u64>,
    /// The nim-sum of the same sum in *normal* play, when the positions
    /// reachable from the sum were explored: not a misère value (it does
    /// not decide the misère outcome), given for reference.
    pub normal_value: Option<Nimber>,
    /// How the outcome was decided.
    pub method: MisereMethod,
    /// When the SJ theorem was not used although the values were known: a
    /// position where its condition fails.
    pub sj_fails_at: Option<String>,
}

/// Most sums the search for the misère nim-value of a sum stores
/// ([`MisereReport::misere_value`]); beyond, the value is not given.
pub const MISERE_VALUE_STATES: usize = 200_000;
/// Most components that search writes into the sums its moves lead to
/// (about a tenth of a second); beyond, the value is not given.
pub const MISERE_VALUE_WORK: u64 = 5_000_000;

/// The misère nim-value of the sum `starts` of explored components, or
/// `None` when its search goes beyond [`MISERE_VALUE_STATES`] or
/// [`MISERE_VALUE_WORK`]. (A loopy game never gets here: the nim-values of
/// the explored components are computed first, and refuse it.)
fn misere_value(explored: &Explored, starts: &[String]) -> Option<u64> {
    misere_nim_value_within(explored, starts, MISERE_VALUE_STATES, MISERE_VALUE_WORK).ok()
}

fn memo(explored: &Explored) -> MemoSolver<&Explored> {
    MemoSolver::with_config(
        explored,
        MemoConfig {
            max_positions: EXPLORE_POSITIONS,
        },
    )
}

/// Misère outcome and winning moves of the sum of `positions` of `game`:
/// the SJ theorem when its condition holds, else the family's own misère
/// analysis, else (the family has none: scripts) search (see the module
/// docs).
pub fn analyze_misere(game: &mut dyn AnyGame, positions: &[String]) -> Result<MisereReport> {
    let family = |game: &mut dyn AnyGame,
                  sj_fails_at: Option<String>,
                  misere_value: Option<u64>,
                  normal_value: Option<Nimber>| {
        game.analyze(positions, &AnalyzeOptions { misere: true })
            .map(|analysis| MisereReport {
                analysis: without_value(analysis),
                misere_value,
                normal_value,
                method: MisereMethod::Family,
                sj_fails_at,
            })
    };
    let (starts, explored) = match explore(game, positions) {
        Ok(e) => e,
        Err(e) => return family(game, None, None, None).map_err(|f| keep_first(f, e)),
    };
    let mut values = memo(&explored);
    let mut value = Nimber::ZERO;
    for s in &starts {
        value += values.nim_value(s)?;
    }
    let sj_fails_at = match sj_condition(&explored, &mut values)? {
        None => {
            let analysis = sj_analysis(&explored, &mut values, &starts, value)?;
            return Ok(MisereReport {
                analysis,
                misere_value: misere_value(&explored, &starts),
                normal_value: Some(value),
                method: MisereMethod::SjTheorem,
                sj_fails_at: None,
            });
        }
        Some(p) => p,
    };
    let g = misere_value(&explored, &starts);
    match family(game, Some(sj_fails_at.clone()), g, Some(value)) {
        // The family has no misère analysis of its own (scripts): search.
        // A family whose own search stopped at its limit (the message of
        // `MisereSolver`) is not searched again with the same limit.
        Err(e)
            if matches!(e.kind(), ErrorKind::Unsupported(_))
                && !e.to_string().contains("misère search stopped") => {}
        answer => return answer,
    }
    let mut solver = MisereSolver::with_config(
        &explored,
        MisereConfig {
            max_states: SEARCH_STATES,
            max_moves: MISERE_MOVES,
        },
    );
    let (outcome, winning_moves) = solver.analyze(&starts)?;
    Ok(MisereReport {
        analysis: misere_analysis(outcome, winning_moves),
        misere_value: g,
        normal_value: Some(value),
        method: MisereMethod::Search,
        sj_fails_at: Some(sj_fails_at),
    })
}

/// A family's misère analysis with its value made unknown: a family may
/// still put the normal-play nim-sum there.
fn without_value(mut analysis: Analysis<String>) -> Analysis<String> {
    analysis.value = None;
    analysis
}

/// The family's error when it adds something (it refuses misère play
/// outright), else the generic path's.
fn keep_first(family: Error, generic: Error) -> Error {
    match family.kind() {
        ErrorKind::Unsupported(_) => generic,
        _ => family,
    }
}

/// Per option of a component: its nim-value and whether every part of it
/// has value at most 1.
fn option_summaries(
    explored: &Explored,
    values: &mut MemoSolver<&Explored>,
    p: &String,
) -> Result<Vec<(Nimber, bool)>> {
    let mut out = Vec::new();
    for o in explored.options.get(p).map(Vec::as_slice).unwrap_or(&[]) {
        let mut v = Nimber::ZERO;
        let mut small = true;
        for part in o {
            let g = values.nim_value(part)?;
            v += g;
            small &= g.value() <= 1;
        }
        out.push((v, small));
    }
    Ok(out)
}

/// Checks the condition under which the SJ theorem decides every misère
/// sum of the explored components; `None` when it holds, else a position
/// where it fails.
///
/// The theorem's induction needs, writing "small" for an option all of
/// whose parts have value at most 1:
/// - a non-terminal component of value 0 has a small option of value 1
///   (a sum of zeros is won by moving to a lone one), and no other option
///   of value 1;
/// - a component of value 1 has a small option of value 0, and no other
///   option of value 0 (from an odd number of ones, a move to a balanced
///   sum with a big part would win);
/// - a component of value at least 2 has, for each parity `c`, an option of
///   value `c` with a part above 1 or a small option of value `1 ⊕ c` (the
///   last big component can leave an odd number of ones or a balanced sum).
///
/// Games whose options are single components (they never split) meet
/// every clause but the first by the definition of `mex`; misère Nim meets
/// the first too (its only 0 is the empty heap).
pub fn sj_condition(
    explored: &Explored,
    values: &mut MemoSolver<&Explored>,
) -> Result<Option<String>> {
    let mut positions: Vec<&String> = explored.options.keys().collect();
    positions.sort_unstable();
    for p in positions {
        let g = values.nim_value(p)?.value();
        let options = option_summaries(explored, values, p)?;
        let has = |v: u64, small: bool| options.iter().any(|&(w, s)| w.value() == v && s == small);
        let ok = match g {
            0 => (options.is_empty() || has(1, true)) && !has(1, false),
            1 => has(0, true) && !has(0, false),
            _ => (has(0, false) || has(1, true)) && (has(1, false) || has(0, true)),
        };
        if !ok {
            return Ok(Some(p.clone()));
        }
    }
    Ok(None)
}

/// Whether the player to move wins a misère sum with nim-sum `x` and
/// `big` components of value above 1, by the SJ theorem.
fn sj_next_wins(x: Nimber, big: usize) -> bool {
    (x != Nimber::ZERO && big > 0) || (x == Nimber::ZERO && big == 0)
}

/// The SJ answer: outcome from the nim-values, winning moves by checking
/// the formula on each option.
fn sj_analysis(
    explored: &Explored,
    values: &mut MemoSolver<&Explored>,
    starts: &[String],
    value: Nimber,
) -> Result<Analysis<String>> {
    let mut gs = Vec::with_capacity(starts.len());
    for s in starts {
        gs.push(values.nim_value(s)?);
    }
    let big = gs.iter().filter(|g| g.value() > 1).count();
    let outcome = if sj_next_wins(value, big) {
        Outcome::N
    } else {
        Outcome::P
    };
    let mut winning_moves = Vec::new();
    if outcome == Outcome::N {
        for (i, s) in starts.iter().enumerate() {
            for o in explored.options.get(s).map(Vec::as_slice).unwrap_or(&[]) {
                let mut x = value + gs[i];
                let mut b = big - usize::from(gs[i].value() > 1);
                for part in o {
                    let g = values.nim_value(part)?;
                    x += g;
                    b += usize::from(g.value() > 1);
                }
                if !sj_next_wins(x, b) {
                    winning_moves.push(WinningMove {
                        name: None,
                        component: i,
                        from: s.clone(),
                        to: o.clone(),
                    });
                }
            }
        }
    }
    Ok(misere_analysis(outcome, winning_moves))
}

/// The `compound` of the components `positions` of `game`: the components
/// as the game writes them, and the compound's outcome, remoteness or
/// suspense, and first `max_listed` winning moves.
///
/// Errors: a game that cannot list its moves; a loopy game
/// ([`ErrorKind::Cycle`]); a search beyond the limits of this module.
pub fn analyze_compound(
    game: &mut dyn AnyGame,
    positions: &[String],
    compound: Compound,
    max_listed: usize,
) -> Result<(Vec<String>, CompoundAnalysis<String>)> {
    let (starts, explored) = explore(game, positions)?;
    let mut solver = RemotenessSolver::with_config(
        &explored,
        RemotenessConfig {
            max_states: SEARCH_STATES,
            max_moves: COMPOUND_MOVES,
        },
    );
    let analysis = compound::analyze_compound(&mut solver, &starts, compound, max_listed)?;
    Ok((starts, analysis))
}

#[cfg(test)]
#[path = "listed_tests.rs"]
mod tests;
