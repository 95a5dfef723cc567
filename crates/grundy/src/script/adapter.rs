//! A scripted game behind [`AnyGame`]: tables of heaps through the dense
//! solver, tables of pairs and of families (`start(n)`) through the memo
//! solver, and analyses through the memo solver (a search of the
//! positions reachable from those asked), the dense solver taking over
//! heaps from which too many positions are reachable.

use super::engine::{script_error, ScriptGame};
use super::position::{PositionKind, ScriptPosition};
use crate::analysis::pattern::TupleTable;
use crate::analysis::{find_period, PeriodTheorem};
use crate::anygame::adapt::not_a_sequence;
use crate::anygame::listed::analyze_misere;
use crate::anygame::{list_heap_options, AnalyzeOptions, AnyGame, HeapSpec, Tabulated};
use crate::error::{Error, ErrorKind, Result};
use crate::game::WinningMove;
use crate::game::{Game, HeapGame};
use crate::solve::{HeapConfig, MemoConfig, MemoSolver, PeriodReport};
use crate::strategy::Analysis;
use crate::Nimber;
use std::collections::{HashMap, HashSet};

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

/// Most positions the search of an analysis of heaps may visit before the
/// dense solver takes over (2^17: a second of Rhai at most, wasted when
/// it does): a heap from which more are reachable is answered by the
/// table `G(0..=h)`, or by its period for heaps beyond the table.
pub const REACHABLE_FIRST: usize = 1 << 17;

/// Largest side of the table of a game on pairs (`to - from + 1`):
/// 2001 × 2001 values.
pub const MAX_PAIR_TABLE: u64 = 2_000;

/// A scripted game as an [`AnyGame`].
///
/// Tables ([`Tabulated`]): a script that defines `start(n)` tabulates the
/// family `G(start(n))`; else a script whose positions are pairs `[a,b]`
/// (as its example commands show, or, when they do not say, because
/// `moves(0)` fails and `moves([0,0])` succeeds) the square `G([a,b])`;
/// else heaps, through the dense solver (values, periods, huge heaps once
/// a period is proven). A script whose example commands use tuples of
/// `k >= 3` numbers has a table of tuples ([`Tabulated::Tuples`],
/// [`AnyGame::tuple_table`]), never read as pairs; one of another shape
/// has no table: it is refused, naming the shape.
///
/// Analyses search the positions reachable from those asked (memoized),
/// never the table from 0: `start(n)` for an integer of a family; heaps
/// from which more than [`REACHABLE_FIRST`] positions are reachable go to
/// the dense solver (and its period).
pub struct ScriptSpec {
    pub(super) game: ScriptGame,
    heaps: HeapSpec<ScriptHeapGame>,
    memo: MemoSolver<ScriptGame>,
    /// The search of analyses of heaps (on heaps, `u64`, in a flat table),
    /// capped at [`REACHABLE_FIRST`].
    reach: MemoSolver<ScriptHeapGame>,
    /// What the tables read, once found.
    shape: Option<Tabulated>,
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
            reach: MemoSolver::with_config(
                ScriptHeapGame(game.clone()),
                MemoConfig {
                    max_positions: REACHABLE_FIRST.min(game.inner.limits.max_positions),
                },
            ),
            game,
            shape: None,
        }
    }

    /// What the script's tables read (see [`ScriptSpec`]), found once.
    fn shape(&mut self) -> Result<Tabulated> {
        if let Some(s) = self.shape {
            return Ok(s);
        }
        let shape = if self.game.is_family() {
            Tabulated::Family
        } else {
            match self.game.inner.expected {
                Some(PositionKind::Heap) => Tabulated::Heaps,
                Some(PositionKind::Tuple(2)) => Tabulated::Pairs,
                Some(PositionKind::Tuple(k)) if k >= 3 => Tabulated::Tuples(k),
                Some(kind) => {
                    return Err(Error::unsupported(format!(
                        "`{}` has no table: tables are of heaps `N`, of pairs `A,B`, of tuples \
                         `A,B,C,...` or of a family `start(n)`, and this script's positions look like {} (as in its \
                         example commands); define `start(n)`, the position of parameter `n`, \
                         to tabulate a family of them",
                        self.spec(),
                        kind.describe()
                    )))
                }
                None => match self.game.moves(&ScriptPosition::Int(0)) {
                    Ok(_) => Tabulated::Heaps,
                    // A limit stopped the call: that is the answer, not
                    // a shape to probe further.
                    Err(e) if self.game.inner.budget.stop.get().is_some() => {
                        self.game.fail(e.clone());
                        return Err(e);
                    }
                    // Not a heap; a pair `[0,0]`? Else the heap route
                    // reports the error (and `pattern` tries other pairs).
                    Err(_) => {
                        let pair = ScriptPosition::Array(vec![ScriptPosition::Int(0); 2]);
                        match self.game.moves(&pair) {
                            Ok(_) => Tabulated::Pairs,
                            Err(_) => Tabulated::Heaps,
                        }
                    }
                },
            }
        };
        self.shape = Some(shape);
        Ok(shape)
    }

    /// The value of one position through the memo solver (its regions).
    fn value_of(&mut self, p: &ScriptPosition) -> Result<Nimber> {
        let mut v = Nimber::ZERO;
        for r in self.game.regions(std::slice::from_ref(p))? {
            v += self.memo.nim_value(&r)?;
        }
        self.game.checked(Ok(v))
    }

    /// `G(start(n))` for `n` in `from..=to`.
    fn family_values(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        if from > to {
            return Err(Error::unsupported(format!(
                "empty range: --from {from} is larger than --to {to}"
            )));
        }
        let mut out = Vec::with_capacity((to - from + 1).min(1 << 20) as usize);
        let mut last = std::time::Instant::now();
        for n in from..=to {
            let p = self.game.start(n)?;
            out.push(self.value_of(&p)?);
            if last.elapsed() >= std::time::Duration::from_millis(50) {
                progress(n - from + 1)?;
                last = std::time::Instant::now();
            }
        }
        Ok(out)
    }

    /// The square `G([a,b])` for `a, b` in `from..=to`.
    fn pair_table(&mut self, from: u64, to: u64) -> Result<Vec<Vec<Nimber>>> {
        if from > to {
            return Err(Error::unsupported(format!(
                "empty range: --from {from} is larger than --to {to}"
            )));
        }
        if to - from > MAX_PAIR_TABLE {
            return Err(Error::unsupported(format!(
                "the table of a game on pairs is at most {} positions a side, \
                 `{from}..={to}` is {}",
                MAX_PAIR_TABLE + 1,
                u128::from(to - from) + 1
            )));
        }
        let mut rows = Vec::new();
        for a in from..=to {
            let mut row = Vec::new();
            for b in from..=to {
                let p = ScriptPosition::Array(vec![ScriptPosition::Int(a), ScriptPosition::Int(b)]);
                row.push(self.value_of(&p)?);
            }
            rows.push(row);
        }
        Ok(rows)
    }

    /// A family's period as observed on `G(start(n))`, `n < limit` (no
    /// theorem applies to a script's family).
    fn family_period(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        let started = std::time::Instant::now();
        let mut values = Vec::new();
        let mut n = 0;
        while n < limit && time.is_none_or(|t| started.elapsed() < t) {
            let p = self.game.start(n)?;
            values.push(self.value_of(&p)?);
            n += 1;
            if n % 64 == 0 {
                progress(n);
            }
        }
        let found = find_period(&values, PeriodTheorem::None, true);
        let checked_to = n.saturating_sub(1);
        let proof = format!(
            "observed on G(start(n)) for n <= {checked_to}, the family the script's `start(n)` \
             defines: no theorem bounds the period of a family"
        );
        Ok(PeriodReport {
            periodicity: found.map(|f| f.periodicity),
            certified: false,
            checked_to,
            proof,
        })
    }

    /// A sum of heaps by the search of the positions reachable from them;
    /// `None` when more than [`REACHABLE_FIRST`] are.
    fn reachable_heaps(&mut self, sum: &Sum, moves: Moves) -> Result<Option<Analysis<String>>> {
        let (game, reach) = (&self.game, &mut self.reach);
        let mut value_of = |components: &[ScriptPosition]| -> Result<Nimber> {
            let mut v = Nimber::ZERO;
            for c in components {
                let ScriptPosition::Int(h) = c else {
                    return Err(not_a_heap(game, sum, c));
                };
                v += reach.nim_value(h)?;
            }
            game.checked(Ok(v))
        };
        match analyze_sum(game, &mut value_of, sum, moves) {
            Err(e)
                if !self.game.failed()
                    && matches!(e.kind(), ErrorKind::TooManyPositions { limit } if *limit == REACHABLE_FIRST.min(self.game.inner.limits.max_positions)) =>
            {
                Ok(None)
            }
            r => self.game.checked(r).map(Some),
        }
    }

    /// The analysis behind [`AnyGame::analyze`], `analyze_listing` and
    /// `analyze_without_moves`: `moves` says how many winning moves to
    /// list (and whether to search them at all).
    fn analyze_with(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        moves: Moves,
    ) -> Result<Analysis<String>> {
        if options.misere {
            return Err(crate::anygame::no_misere_analysis(&self.spec()));
        }
        let sum = Sum::parse(&self.game, positions)?;
        let heaps_only = !sum.of.is_empty() && sum.distinct.iter().all(|p| p.as_int().is_some());
        if heaps_only && !self.game.reshapes() {
            // The positions reachable from those asked, never the table
            // from 0 (where heap 0 may be no position of the game) ...
            if let Some(a) = self.reachable_heaps(&sum, moves)? {
                return Ok(a);
            }
            // ... unless too many are: the dense table and its period;
            // for a heap past the table's reach with no period found, the
            // search again, as far as the script's limits allow.
            return match self.heap_table_analysis(positions, options, &sum, moves) {
                Err(e) if matches!(e.kind(), ErrorKind::HeapTooLarge { .. }) => {
                    let all = self.game.inner.limits.max_positions;
                    self.reach.set_max_positions(all);
                    let r = self.reachable_heaps(&sum, moves);
                    self.reach.set_max_positions(REACHABLE_FIRST.min(all));
                    match r? {
                        Some(a) => Ok(a),
                        None => Err(e),
                    }
                }
                r => r,
            };
        }
        let (game, memo) = (&self.game, &mut self.memo);
        let mut value_of = |components: &[ScriptPosition]| -> Result<Nimber> {
            let mut v = Nimber::ZERO;
            for r in game.regions(components)? {
                v += memo.nim_value(&r)?;
            }
            game.checked(Ok(v))
        };
        let r = analyze_sum(game, &mut value_of, &sum, moves);
        self.game.checked(r)
    }
}

/// Which winning moves an analysis lists: none (not searched), or at most
/// this many (the others counted).
#[derive(Clone, Copy)]
enum Moves {
    None,
    Listed(usize),
}

/// A sum as an analysis reads it: each distinct component once (a sum of
/// 10^6 piles of 1 to 60 is 60 components to evaluate), and which one
/// each component of the sum is, in order.
struct Sum {
    distinct: Vec<ScriptPosition>,
    of: Vec<u32>,
}

impl Sum {
    /// Parses the components, an integer of a family being the
    /// position `start(n)` (called once per distinct `n`).
    fn parse(game: &ScriptGame, positions: &[String]) -> Result<Sum> {
        let mut index: HashMap<ScriptPosition, u32> = HashMap::new();
        let mut sum = Sum {
            distinct: Vec::new(),
            of: Vec::with_capacity(positions.len()),
        };
        for text in positions {
            let p = ScriptPosition::parse(text)?;
            let next = sum.distinct.len();
            let d = match index.get(&p) {
                Some(&d) => d,
                None => {
                    let d = u32::try_from(next).map_err(|_| {
                        Error::unsupported(format!(
                            "a sum holds at most {} distinct components",
                            u32::MAX
                        ))
                    })?;
                    sum.distinct.push(p.clone());
                    index.insert(p, d);
                    d
                }
            };
            sum.of.push(d);
        }
        if game.is_family() {
            // `5` is the family's position `start(5)`; two `n` may start
            // from one position.
            let mut starts: HashMap<ScriptPosition, u32> = HashMap::new();
            let mut merged = Vec::with_capacity(sum.distinct.len());
            let mut renamed = Vec::with_capacity(sum.distinct.len());
            for p in std::mem::take(&mut sum.distinct) {
                let p = match p {
                    ScriptPosition::Int(n) => game.start(n)?,
                    p => p,
                };
                let next = merged.len() as u32;
                let d = *starts.entry(p.clone()).or_insert(next);
                if d == next {
                    merged.push(p);
                }
                renamed.push(d);
            }
            sum.distinct = merged;
            for d in &mut sum.of {
                *d = renamed[*d as usize];
            }
        }
        Ok(sum)
    }

    /// The `i`-th component of the sum.
    fn component(&self, i: usize) -> &ScriptPosition {
        &self.distinct[self.of[i] as usize]
    }
}

/// The error of an option of a heap script that is not a heap.
fn not_a_heap(game: &ScriptGame, sum: &Sum, c: &ScriptPosition) -> Error {
    let from = sum
        .distinct
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    script_error(
        game.name(),
        format!(
            "a move from `{from}` reaches the position `{c}`, which is not a heap: a game \
             on heaps must move to heaps (or sums of heaps)"
        ),
    )
}

impl AnyGame for ScriptSpec {
    fn spec(&self) -> String {
        self.game.spec()
    }

    fn accepts_empty_sum(&self) -> bool {
        true
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        self.values_with(from, to, &mut |_| Ok(()))
    }

    fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        let r = match self.shape()? {
            Tabulated::Heaps => self.heaps.values_with(from, to, progress),
            Tabulated::Family => self.family_values(from, to, progress),
            Tabulated::Pairs => Err(not_a_sequence(
                &self.spec(),
                "its positions are pairs `A,B` (the table of G(A,B) is printed instead)",
            )),
            Tabulated::Tuples(k) => Err(not_a_sequence(
                &self.spec(),
                &format!(
                    "its positions are tuples of {k} numbers (`--dims {k}` prints their table)"
                ),
            )),
        };
        self.game.checked(r)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        let r = match self.shape()? {
            Tabulated::Heaps => self.heaps.period_within(limit, time, progress),
            Tabulated::Family => self.family_period(limit, time, progress),
            Tabulated::Pairs => Err(Error::unsupported(format!(
                "`{}` has no period: its positions are pairs `A,B`, whose values make a \
                 table (`grundy values`, `grundy pattern`), not a sequence",
                self.spec()
            ))),
            Tabulated::Tuples(k) => Err(Error::unsupported(format!(
                "`{}` has no period: its positions are tuples of {k} numbers, whose values \
                 make a table (`grundy values --dims {k}`, `grundy pattern`), not a sequence",
                self.spec()
            ))),
        };
        self.game.checked(r)
    }

    fn tuple_table(
        &mut self,
        width: usize,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Option<TupleTable>> {
        match self.shape()? {
            Tabulated::Tuples(k) if k == width => {}
            Tabulated::Pairs if width == 2 => {}
            Tabulated::Heaps => {
                let values = self.values(from, to)?;
                return crate::anygame::sum_table(&values, width, from, to, progress).map(Some);
            }
            shape => {
                return Err(Error::unsupported(format!(
                    "`{}` has no table of tuples of {width} numbers: its {}",
                    self.spec(),
                    shape.describe()
                )))
            }
        }
        let r = crate::anygame::tuple_table_of(width, from, to, progress, |h| {
            let p = ScriptPosition::Array(h.iter().map(|&x| ScriptPosition::Int(x)).collect());
            Ok(self.value_of(&p)?.value())
        });
        self.game.checked(r).map(Some)
    }

    fn table(&mut self, from: u64, to: u64) -> Result<Option<Vec<Vec<Nimber>>>> {
        match self.shape()? {
            Tabulated::Pairs => {
                let r = self.pair_table(from, to);
                self.game.checked(r).map(Some)
            }
            _ => Ok(None),
        }
    }

    fn tabulated(&mut self) -> Result<Option<Tabulated>> {
        self.shape().map(Some)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.analyze_with(positions, options, Moves::Listed(usize::MAX))
    }

    /// As [`analyze`](AnyGame::analyze), each distinct component's winning
    /// moves found once and only the first `max_listed` written out (a sum
    /// of 10^6 piles lists one move, not 10^6).
    fn analyze_listing(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        max_listed: usize,
    ) -> Result<Analysis<String>> {
        self.analyze_with(positions, options, Moves::Listed(max_listed))
    }

    /// As [`analyze`](AnyGame::analyze) without searching the winning
    /// moves.
    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        outcome_only: bool,
    ) -> Result<Analysis<String>> {
        let mut a = if options.misere && outcome_only {
            self.analyze_outcome(positions, options)?
        } else {
            self.analyze_with(positions, options, Moves::None)?
        };
        a.drop_moves();
        Ok(a)
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

    /// A component as written; for a family (`start(n)`), a number `n` is
    /// the position `start(n)`, as `analyze` reads it (so `play` of a
    /// family starts where the problem does).
    fn normalize(&mut self, component: &str) -> Result<String> {
        let p = ScriptPosition::parse(component)?;
        match p {
            ScriptPosition::Int(n) if self.game.is_family() => {
                let start = self.game.start(n);
                Ok(self.game.checked(start)?.to_string())
            }
            p => Ok(p.to_string()),
        }
    }
}

impl ScriptSpec {
    /// A sum of heaps through the dense solver (the table `G(0..=h)`, or
    /// the period for heaps beyond it), when too many positions are
    /// reachable for the search.
    fn heap_table_analysis(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        sum: &Sum,
        moves: Moves,
    ) -> Result<Analysis<String>> {
        let Moves::Listed(max_listed) = moves else {
            let r = self.heaps.analyze_without_moves(positions, options, false);
            return self.game.checked(r);
        };
        // Named moves are printed by the general analysis. The first heap
        // of the sum that has moves says whether they are named: a heap
        // without moves (0, a component that vanished) has none to name,
        // and once decided the heap solver dropped the names of the others.
        // Smallest first: a small heap's moves are the cheapest to list.
        let mut heaps: Vec<u64> = sum
            .distinct
            .iter()
            .filter_map(ScriptPosition::as_int)
            .collect();
        heaps.sort_unstable();
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
        let r = if named {
            let (game, memo) = (&self.game, &mut self.memo);
            let mut value_of = |components: &[ScriptPosition]| -> Result<Nimber> {
                let mut v = Nimber::ZERO;
                for c in components {
                    v += memo.nim_value(c)?;
                }
                game.checked(Ok(v))
            };
            analyze_sum(game, &mut value_of, sum, moves)
        } else {
            self.heaps.analyze_listing(positions, options, max_listed)
        };
        self.game.checked(r)
    }
}

/// Value, outcome and winning moves of a sum, each distinct component
/// evaluated once by `value_of` (the value of a sum of components: the
/// memo solver on regions, [`ScriptGame::regions`], or on heaps), and its
/// winning moves listed once. A winning move prints the parts of the
/// option as the script wrote them (split by `components`, not
/// normalized, so a part that disappears prints as nothing), with the
/// move's name; identical lines of one component are listed once. At most
/// `max_listed` moves are written out (the first, component by
/// component), the others counted: time and memory go with the distinct
/// components, not with the length of the sum.
fn analyze_sum(
    game: &ScriptGame,
    value_of: &mut dyn FnMut(&[ScriptPosition]) -> Result<Nimber>,
    sum: &Sum,
    moves: Moves,
) -> Result<Analysis<String>> {
    let values = sum
        .distinct
        .iter()
        .map(|p| value_of(std::slice::from_ref(p)))
        .collect::<Result<Vec<_>>>()?;
    let mut odd = vec![false; sum.distinct.len()];
    for &d in &sum.of {
        odd[d as usize] ^= true;
    }
    let total = values
        .iter()
        .zip(&odd)
        .filter(|(_, odd)| **odd)
        .fold(Nimber::ZERO, |total, (v, _)| total + *v);
    let Moves::Listed(max_listed) = moves else {
        return Ok(Analysis::of_value(total, Vec::new()));
    };
    if total.is_zero() {
        return Ok(Analysis::of_value(total, Vec::new()));
    }
    // The winning moves of each distinct component, once.
    let mut found: Vec<Vec<(Vec<String>, Option<String>)>> = Vec::with_capacity(values.len());
    for (p, v) in sum.distinct.iter().zip(&values) {
        let target = *v + total;
        let mut seen = HashSet::new();
        let mut wins = Vec::new();
        for m in game.named_moves(p)? {
            if value_of(&m.to)? != target {
                continue;
            }
            let to: Vec<String> = game.parts(&m.to)?.iter().map(|c| c.to_string()).collect();
            if seen.insert((to.clone(), m.name.clone())) {
                wins.push((to, m.name));
            }
        }
        found.push(wins);
    }
    let mut all: u128 = 0;
    for &d in &sum.of {
        all += found[d as usize].len() as u128;
    }
    let mut winning_moves = Vec::new();
    for i in 0..sum.of.len() {
        if winning_moves.len() >= max_listed {
            break;
        }
        let p = sum.component(i);
        for (to, name) in &found[sum.of[i] as usize] {
            if winning_moves.len() >= max_listed {
                break;
            }
            winning_moves.push(WinningMove {
                name: name.clone(),
                component: i,
                from: p.to_string(),
                to: to.clone(),
            });
        }
    }
    let unlisted = all - winning_moves.len() as u128;
    Ok(Analysis::of_value(total, winning_moves).with_unlisted_moves(unlisted))
}
