//! Values of heap games for any heap size: a dense table plus a proven period.
//!
//! [`HeapValues`] answers `G(h)` from a dense table while `h` is small — the
//! [`TakeBreakSolver`] for games that are take-and-break codes
//! ([`HeapGame::take_break`]), the generic [`DenseSolver`] otherwise —
//! and from a *certified* periodicity beyond that: either a closed form
//! proven from the rules ([`HeapGame::known_periodicity`] with
//! [`HeapGame::known_value`], checked against the table before use and then
//! used for every heap, without a table) or one found by
//! [`find_period`](crate::analysis::find_period) and certified by the
//! game's [`PeriodTheorem`]. A heap beyond the table with no proven period
//! is an error ([`ErrorKind::HeapTooLarge`]), never a silent guess from an
//! observed period.
//!
//! The table is extended in batches of about 50 ms, each reported to the
//! caller's progress hook ([`HeapValues::values_with`]), which may stop the
//! work ([`ErrorKind::Cancelled`]). A request has no time limit unless its
//! front-end sets one ([`HeapConfig::time_limit`]: the `grundy` command
//! does for work the user did not ask for by size, such as a single huge
//! heap in `analyze`); once it is spent the request stops with
//! [`ErrorKind::LimitReached`], naming the limit and the heap reached. A
//! table that would not fit in memory is refused before it is computed
//! ([`ErrorKind::OutOfMemory`]). The period search behind a heap beyond the
//! table stops after [`HeapConfig::search_limit`] values or
//! [`HeapConfig::search_time`], whichever comes first. An explicit period
//! search ([`HeapValues::period_within`]) computes exactly as many values as
//! it is allowed, stops early at its own time limit, and reports progress.
//!
//! Time: O(1) per value once the period is known; the period search costs
//! what the dense solver costs up to its limit.

use super::dense::{DenseConfig, DenseSolver};
use super::proof::{extend_until_proven, ProofBudget, ProofStop};
use super::table::TableView;
use super::takebreak::{TakeBreakConfig, TakeBreakSolver};
use crate::analysis::{PeriodTheorem, Periodicity};
use crate::error::{Error, ErrorKind, Result};
use crate::game::Evaluator;
use crate::game::HeapGame;
use crate::nimber::Nimber;
use crate::util::Cancel;
use std::time::{Duration, Instant};

/// Values computed to check a periodicity promised by the rules
/// ([`HeapGame::known_periodicity`]) before it is used.
const KNOWN_PERIOD_CHECK: u64 = 4096;

/// Heaps beyond this (and beyond the table) look for a proven period
/// before extending the table: a certified period answers at once, where
/// the table might take long.
const PERIOD_FIRST: u64 = 1 << 16;

/// The most values one request returns at once (2^28: 2 GiB as
/// [`Nimber`]s), for every game and front-end
/// ([`crate::spec::check_values_count`]); longer ranges go to a file
/// (the take-and-break engine's long runs).
pub const MAX_VALUES_AT_ONCE: u64 = 1 << 28;

/// Settings of [`HeapValues`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct HeapConfig {
    /// Heaps up to this size are computed directly.
    pub dense_limit: u64,
    /// Values computed while looking for a period behind a heap beyond the
    /// table, before giving up.
    pub search_limit: u64,
    /// Longest that period search may take (`None`: no limit).
    pub search_time: Option<Duration>,
    /// Most time spent extending the table for values ([`HeapValues::value`],
    /// [`HeapValues::values`]) over the life of this `HeapValues`; a request
    /// that would take longer stops with [`ErrorKind::LimitReached`]
    /// (`None`, the default: no limit; a time limit is a front-end's
    /// policy). Progress and cancelling: [`HeapValues::values_with`].
    pub time_limit: Option<Duration>,
    /// Settings of the underlying dense solver.
    pub dense: DenseConfig,
}

crate::util::setters!(HeapConfig {
    dense_limit: u64,
    search_limit: u64,
    search_time: Option<Duration>,
    time_limit: Option<Duration>,
    dense: DenseConfig,
});

impl Default for HeapConfig {
    fn default() -> Self {
        HeapConfig {
            dense_limit: 1 << 24,
            search_limit: 1 << 16,
            search_time: Some(Duration::from_millis(500)),
            time_limit: None,
            dense: DenseConfig::default(),
        }
    }
}

/// The result of a period search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The periodicity found (proven or observed), if any.
    pub periodicity: Option<Periodicity>,
    /// True when a theorem proves it.
    pub certified: bool,
    /// The largest heap whose value was computed and compared.
    pub checked_to: u64,
    /// The argument: which theorem, or why it is only observed.
    pub proof: String,
}

/// The dense table behind [`HeapValues`].
enum Engine<G> {
    /// Any heap game, through its options.
    Generic(DenseSolver<G>),
    /// A take-and-break game, through its code.
    TakeBreak {
        game: G,
        solver: Box<TakeBreakSolver>,
    },
}

impl<G: HeapGame> Engine<G> {
    fn game(&self) -> &G {
        match self {
            Engine::Generic(s) => s.game(),
            Engine::TakeBreak { game, .. } => game,
        }
    }

    fn len(&self) -> u64 {
        match self {
            Engine::Generic(s) => s.values().len() as u64,
            Engine::TakeBreak { solver, .. } => solver.len(),
        }
    }

    /// Refuses at once a table of `G(0..=n)` that would not fit in the
    /// memory the solver is allowed ([`ErrorKind::OutOfMemory`]).
    fn check_memory(&self, n: u64) -> Result<()> {
        match self {
            Engine::Generic(s) => s.check_memory(n),
            Engine::TakeBreak { solver, .. } => solver.check_memory(n),
        }
    }

    fn view(&self) -> TableView<'_> {
        match self {
            Engine::Generic(s) => TableView::Nimbers(s.values()),
            Engine::TakeBreak { solver, .. } => solver.table().view(),
        }
    }

    /// Extends the table towards `G(0..=n)` in batches of about 50 ms,
    /// calling `progress` with the number of values known after each (an
    /// error from it stops the work and is returned) and asking `cancel`
    /// (then stopping with [`ErrorKind::Cancelled`]), and stops after the
    /// batch in which `deadline` passes. Returns whether `G(n)` is known.
    fn extend_until(
        &mut self,
        n: u64,
        deadline: Option<Instant>,
        cancel: &Cancel,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<bool> {
        if self.len() > n {
            return Ok(true);
        }
        let progress = &mut |len| {
            progress(len)?;
            match cancel.requested() {
                true => Err(Error::from(ErrorKind::Cancelled)),
                false => Ok(()),
            }
        };
        let past = |deadline: Option<Instant>| deadline.is_some_and(|d| Instant::now() >= d);
        match self {
            Engine::TakeBreak { solver, .. } => {
                let mut stopped = false;
                let run = solver.extend_with(n, &mut |s| {
                    progress(s.len())?;
                    if past(deadline) && s.len() <= n {
                        stopped = true;
                        return Err(Error::unsupported("out of time"));
                    }
                    Ok(())
                });
                match run {
                    Err(_) if stopped => Ok(false),
                    Err(e) => Err(e),
                    Ok(()) => Ok(true),
                }
            }
            Engine::Generic(s) => {
                let mut batch: u64 = 256;
                loop {
                    let len = s.values().len() as u64;
                    if len > n {
                        return Ok(true);
                    }
                    if past(deadline) {
                        return Ok(false);
                    }
                    let start = Instant::now();
                    s.extend_to(len.saturating_add(batch - 1).min(n))?;
                    progress(s.values().len() as u64)?;
                    let secs = start.elapsed().as_secs_f64();
                    if secs < 0.025 {
                        batch = batch.saturating_mul(2);
                    } else if secs > 0.1 {
                        batch = (batch / 2).max(1);
                    }
                }
            }
        }
    }
}

/// Why a closed form promised by the rules is (not) in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    /// Not checked yet.
    Unchecked,
    /// Checked against `G(0..checked)`: used for every heap.
    Verified,
    /// None, or it failed its check.
    No,
}

/// `G(h)` for any heap size (see the module docs).
pub struct HeapValues<G> {
    engine: Engine<G>,
    config: HeapConfig,
    /// `None` until searched; then the certified periodicity, if any.
    certified: Option<Option<Periodicity>>,
    /// The state of the game's closed form.
    known: Known,
    /// Time spent extending the table for values (see
    /// [`HeapConfig::time_limit`]).
    spent: Duration,
    /// Asked after each batch (see [`HeapValues::set_cancel`]).
    cancel: Cancel,
}

impl<G: HeapGame> HeapValues<G> {
    /// Values of `game` with the default [`HeapConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, HeapConfig::default())
    }

    /// Values of `game` with the given settings.
    pub fn with_config(game: G, mut config: HeapConfig) -> Self {
        let engine = match game.take_break() {
            Some(code) => {
                // The take-and-break engine is fast: look further for a period.
                config.search_limit = config.search_limit.max(1 << 20);
                Engine::TakeBreak {
                    solver: Box::new(TakeBreakSolver::with_config(
                        code,
                        TakeBreakConfig {
                            max_bytes: config.dense.max_bytes,
                            ..TakeBreakConfig::default()
                        },
                    )),
                    game,
                }
            }
            None => Engine::Generic(DenseSolver::with_config(game, config.dense.clone())),
        };
        let known = if engine.game().known_periodicity().is_some() {
            Known::Unchecked
        } else {
            Known::No
        };
        HeapValues {
            engine,
            config,
            certified: None,
            known,
            spent: Duration::ZERO,
            cancel: Cancel::never(),
        }
    }

    /// Stops later requests (values, period searches) with
    /// [`ErrorKind::Cancelled`] once `cancel` asks for it: asked after
    /// every batch of about 50 ms, as the progress hook of
    /// [`values_with`](Self::values_with) is, also where a request has no
    /// such hook ([`period_within`](Self::period_within), [`value`](Self::value)).
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.cancel = cancel;
    }

    /// Sets [`HeapConfig::time_limit`] (counted from now on: the time
    /// spent before is forgotten).
    pub fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.config.time_limit = limit;
        self.spent = Duration::ZERO;
    }

    /// The game.
    pub fn game(&self) -> &G {
        self.engine.game()
    }

    /// The values computed so far, `G(0..len)`.
    pub fn table(&self) -> TableView<'_> {
        self.engine.view()
    }

    /// `G(h)`.
    pub fn value(&mut self, h: u64) -> Result<Nimber> {
        if let Some(v) = usize::try_from(h)
            .ok()
            .and_then(|i| self.engine.view().get(i))
        {
            return Ok(v);
        }
        if let Some(v) = self.closed_form(h)? {
            return Ok(v);
        }
        // A period proven already answers every heap beyond the table;
        // large heaps look for one first.
        if self.certified.is_some() || h > self.config.dense_limit || h > PERIOD_FIRST {
            if let Some(p) = self.certified_periodicity()? {
                return self.value_by_period(&p, h);
            }
        }
        if h > self.config.dense_limit {
            return Err(self.too_large(h));
        }
        self.dense_value(h)
    }

    /// `G(h)` from the game's closed form, once it has passed its check;
    /// `None` when the game has none (or it failed).
    fn closed_form(&mut self, h: u64) -> Result<Option<Nimber>> {
        if self.known == Known::Unchecked {
            let start = Instant::now();
            let deadline = self.search_time().map(|t| start + t);
            let checked = self.check_known(KNOWN_PERIOD_CHECK, deadline, &mut |_| Ok(()));
            self.spent += start.elapsed();
            self.known = match checked? {
                Some(_) => Known::Verified,
                None => Known::No,
            };
        }
        if self.known != Known::Verified {
            return Ok(None);
        }
        match self.engine.game().known_value(h) {
            Some(v) => Ok(Some(v)),
            None => Err(Error::unsupported(format!(
                "the value of heap {h} does not fit in 64 bits"
            ))),
        }
    }

    /// Compares the game's closed form with `G(0..check)` (computing at
    /// most `check` values, stopping at `deadline`); the number of values
    /// compared when all agree, `None` when there is no closed form or it
    /// disagrees.
    fn check_known(
        &mut self,
        check: u64,
        deadline: Option<Instant>,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Option<u64>> {
        if self.engine.game().known_periodicity().is_none() || check == 0 {
            return Ok(None);
        }
        self.engine
            .extend_until(check - 1, deadline, &self.cancel, progress)?;
        let len = self.engine.len().min(check);
        let game = self.engine.game();
        let view = self.engine.view();
        let agrees = (0..len).all(|n| game.known_value(n) == view.get(n as usize));
        Ok((agrees && len > 0).then_some(len))
    }

    /// `G(h)` from the table, extended within the time limit.
    fn dense_value(&mut self, h: u64) -> Result<Nimber> {
        self.extend_for_values(h, &mut |_| Ok(()))?;
        self.engine
            .view()
            .get(h as usize)
            .ok_or_else(|| Error::unsupported(format!("heap `{h}` is beyond the table")))
    }

    /// Extends the table to `G(0..=n)` for a values request, within what
    /// is left of [`HeapConfig::time_limit`], reporting to `progress`; a
    /// table that cannot fit in memory is refused before any work.
    fn extend_for_values(
        &mut self,
        n: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<()> {
        if self.engine.len() > n {
            return Ok(());
        }
        self.engine.check_memory(n)?;
        let start = Instant::now();
        let deadline = self
            .config
            .time_limit
            .map(|t| start + t.saturating_sub(self.spent));
        let done = self
            .engine
            .extend_until(n, deadline, &self.cancel, progress);
        self.spent += start.elapsed();
        if done? {
            return Ok(());
        }
        let limit = self.config.time_limit.unwrap_or_default();
        Err(ErrorKind::LimitReached {
            work: format!(
                "computing the values of `{}` up to heap {n}",
                self.engine.game().spec()
            ),
            limit: format!("`{} s` of computing time", limit.as_secs_f64()),
            reached: format!("heap {} reached", self.engine.len().saturating_sub(1)),
        }
        .into())
    }

    fn too_large(&self, h: u64) -> Error {
        Error::from(ErrorKind::HeapTooLarge {
            heap: h,
            limit: self.config.dense_limit,
            searched: self.engine.len(),
        })
    }

    fn value_by_period(&self, p: &Periodicity, h: u64) -> Result<Nimber> {
        self.engine.view().value_at(p, h).ok_or_else(|| {
            Error::unsupported(format!("the value of heap {h} does not fit in 64 bits"))
        })
    }

    /// `G(from..=to)`.
    pub fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        self.values_with(from, to, &mut |_| Ok(()))
    }

    /// `G(from..=to)`, calling `progress` with the number of values known
    /// (the table's length, towards `to + 1`) after each batch of about
    /// 50 ms while the table is computed; values that come from a closed
    /// form or a proven period are not reported. An error returned by
    /// `progress` stops the work and is returned: the cancel hook
    /// (conventionally [`ErrorKind::Cancelled`]). A table that cannot fit
    /// in memory is refused before any work.
    ///
    /// ```
    /// use grundy::{error::ErrorKind, games::TakeBreak, solve::HeapValues};
    /// let treblecross = TakeBreak::named("treblecross").unwrap();
    /// let mut values = HeapValues::new(&treblecross);
    /// let mut reports = 0;
    /// values.values_with(0, 3000, &mut |_| { reports += 1; Ok(()) }).unwrap();
    /// assert!(reports > 0);
    /// let mut values = HeapValues::new(&treblecross);
    /// let e = values
    ///     .values_with(0, 1_000_000, &mut |_| Err(ErrorKind::Cancelled.into()))
    ///     .unwrap_err();
    /// assert_eq!(e.kind(), &ErrorKind::Cancelled);
    /// ```
    pub fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        if from > to {
            return Err(Error::unsupported(format!(
                "empty range: from `{from}` is larger than to `{to}`"
            )));
        }
        if to - from >= MAX_VALUES_AT_ONCE {
            return Err(Error::unsupported(format!(
                "`{from}..={to}` is {} values, too many at once (at most 2^28)",
                u128::from(to - from) + 1
            )));
        }
        // How the last value is found decides the way for all: the table,
        // the closed form or a proven period, before anything is computed.
        let by_formula = to >= self.engine.len()
            && (self.closed_form(to)?.is_some()
                || ((to > self.config.dense_limit || to > PERIOD_FIRST)
                    && self.certified_periodicity()?.is_some()));
        if by_formula {
            let no_closed_form = self.known != Known::Verified;
            if let Some(p) = self.proven_periodicity().filter(|_| no_closed_form) {
                // Every value from the table and the period, without
                // `value`'s checks per heap.
                return (from..=to).map(|h| self.value_by_period(p, h)).collect();
            }
            return (from..=to).map(|h| self.value(h)).collect();
        }
        if to > self.config.dense_limit {
            return Err(self.too_large(to));
        }
        self.extend_for_values(to, progress)?;
        Ok(self.engine.view().to_nimbers(from as usize, to as usize))
    }

    /// The certified periodicity if it has been searched for and found
    /// already (by [`Self::certified_periodicity`], or by [`Self::value`]
    /// of a heap beyond the table); never searches.
    pub fn proven_periodicity(&self) -> Option<&Periodicity> {
        self.certified.as_ref().and_then(Option::as_ref)
    }

    /// The certified periodicity, searched for (up to
    /// [`HeapConfig::search_limit`] values and [`HeapConfig::search_time`])
    /// on first use; `None` if there is no proven one.
    pub fn certified_periodicity(&mut self) -> Result<Option<Periodicity>> {
        if self.certified.is_none() {
            let start = Instant::now();
            let report =
                self.period_within(self.config.search_limit, self.search_time(), &mut |_| {});
            self.spent += start.elapsed();
            let report = report?;
            self.certified = Some(report.periodicity.filter(|_| report.certified));
        }
        Ok(self.certified.flatten())
    }

    /// The time an implicit period search may take: its own limit, within
    /// what is left of the request's.
    fn search_time(&self) -> Option<Duration> {
        let left = self.config.time_limit.map(|t| t.saturating_sub(self.spent));
        match (self.config.search_time, left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Looks for the period, computing at most `limit` values.
    pub fn period(&mut self, limit: u64) -> Result<PeriodReport> {
        self.period_within(limit, None, &mut |_| {})
    }

    /// Looks for the period, computing at most `limit` values (exactly:
    /// the report says how far it looked) and stopping early once `time`
    /// has passed; `progress` is called with the number of values computed
    /// (about every 50 ms). A proven period ends the search as soon as it
    /// is found.
    pub fn period_within(
        &mut self,
        limit: u64,
        time: Option<Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        if limit == 0 {
            return Err(Error::unsupported(
                "a period search needs a limit of at least 1 value",
            ));
        }
        let deadline = time.map(|t| Instant::now() + t);
        let progress = &mut |n| {
            progress(n);
            Ok(())
        };
        if let Some((p, proof)) = self.engine.game().known_periodicity() {
            if let Some(checked) =
                self.check_known(limit.min(KNOWN_PERIOD_CHECK), deadline, progress)?
            {
                self.known = Known::Verified;
                return Ok(PeriodReport {
                    periodicity: Some(p),
                    certified: true,
                    checked_to: checked - 1,
                    proof: format!(
                        "{proof}; the closed form agrees with the values computed for 0 <= n < {checked}"
                    ),
                });
            }
        }
        let theorem = self.engine.game().period_theorem();
        let arithmetic = self.engine.game().arithmetic_periodic();
        let mut len = limit.min(1024);
        let mut previous = None;
        loop {
            let reached = self
                .engine
                .extend_until(len - 1, deadline, &self.cancel, progress)?;
            if !reached {
                // Out of time: what the first 2^j values show, for the
                // largest 2^j computed (a count fixed in advance, not what
                // the clock allowed), so that a slower machine states what
                // a faster one states at that count.
                let computed = self.engine.len().min(len);
                len = if computed == 0 {
                    0
                } else {
                    1 << computed.ilog2()
                };
            }
            let found = self
                .engine
                .view()
                .prefix(len as usize)
                .find_period(theorem, arithmetic);
            // With no theorem to wait for, a period observed unchanged over
            // two doublings (from 4096 values on) is as good as it gets.
            let settled = theorem == PeriodTheorem::None
                && len >= 4096
                && found.is_some()
                && found.map(|f| f.periodicity) == previous;
            previous = found.map(|f| f.periodicity);
            if let Some(f) = found.filter(|f| f.certified) {
                self.certified = Some(Some(f.periodicity));
                let instance = theorem
                    .instance(&f.periodicity)
                    .map(|i| format!(" ({i})"))
                    .unwrap_or_default();
                return Ok(PeriodReport {
                    periodicity: Some(f.periodicity),
                    certified: true,
                    checked_to: len.saturating_sub(1),
                    proof: format!("{}{instance}", theorem.describe()),
                });
            }
            if len >= limit || settled || !reached {
                let stopped = if reached {
                    String::new()
                } else {
                    format!(
                        "; the search stopped after {} s, and what it reports is what the \
                         first {len} values (a power of two) show",
                        time.unwrap_or_default().as_secs_f64(),
                    )
                };
                let proof = match found {
                    Some(_) => format!(
                        "observed in the first {len} values, not proven{stopped} ({})",
                        theorem.describe()
                    ),
                    None => format!("no period found in the first {len} values{stopped}"),
                };
                return Ok(PeriodReport {
                    periodicity: found.map(|f| f.periodicity),
                    certified: false,
                    checked_to: len.saturating_sub(1),
                    proof,
                });
            }
            len = len.saturating_mul(2).min(limit);
        }
    }
}

/// Values a period search computes first, before
/// [`HeapValues::period_until_proven`] runs on: a closed form, or a small
/// period, is proven within them.
const UNTIL_PROVEN_FIRST: u64 = 1 << 12;

impl<G: HeapGame> HeapValues<G> {
    /// Computes values until the game's [`PeriodTheorem`] proves the period,
    /// with no limit to guess (see [`super::proof`]), or until `budget`
    /// runs out (time, or the memory of the table of values: by default
    /// three quarters of what the machine has available, so that the
    /// searches' copies fit beside it). `progress` is called now and then
    /// with the number of values computed and the heap the current stage
    /// computes to.
    ///
    /// The report is certified when proven (the proof names the instance
    /// of the theorem checked); otherwise it says what stopped the run
    /// (`not proven within 60 s`, `not proven within memory`), the
    /// candidate period observed, if any, and how far its proof needs the
    /// values. Games no theorem covers are refused at once (unless a
    /// closed form proves their period).
    ///
    /// The memory budget applies to take-and-break codes; other heap games
    /// compute with their solver's own limit
    /// ([`DenseConfig::max_bytes`](super::DenseConfig::max_bytes)), doubling
    /// the values searched.
    pub fn period_until_proven(
        &mut self,
        budget: &ProofBudget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PeriodReport> {
        let start = Instant::now();
        let deadline = budget.time.map(|t| start + t);
        let first = UNTIL_PROVEN_FIRST;
        let quick = self.period_within(first, budget.time, &mut |n| progress(n, first))?;
        if quick.certified {
            return Ok(quick);
        }
        let theorem = self.engine.game().period_theorem();
        let spec = self.engine.game().spec();
        if theorem == PeriodTheorem::None {
            return Err(Error::unsupported(format!(
                "no theorem proves a period of `{spec}`, so no computation ends with a proof \
                 (a period search with a limit reports the period it observes)"
            )));
        }
        let time_text = |t: Option<Duration>| format!("{} s", t.unwrap_or_default().as_secs_f64());
        let Engine::TakeBreak { solver, .. } = &mut self.engine else {
            // Other heap games: double the values searched.
            let mut limit = first;
            loop {
                limit = limit.saturating_mul(2);
                let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
                match self.period_within(limit, left, &mut |n| progress(n, limit)) {
                    Ok(r) if r.certified => return Ok(r),
                    Ok(r)
                        if r.checked_to.saturating_add(1) < limit
                            || left.is_some_and(|t| t.is_zero()) =>
                    {
                        return Ok(PeriodReport {
                            proof: format!(
                                "not proven within {}: {}",
                                time_text(budget.time),
                                r.proof
                            ),
                            ..r
                        })
                    }
                    Ok(_) => {}
                    Err(e) => match e.kind() {
                        ErrorKind::OutOfMemory { needed, available } => {
                            let len = self.engine.len();
                            return Ok(PeriodReport {
                                periodicity: None,
                                certified: false,
                                checked_to: len.saturating_sub(1),
                                proof: format!(
                                    "not proven within memory: the values to heap {} would take {needed} bytes, {available} available",
                                    limit - 1
                                ),
                            });
                        }
                        _ => return Err(e),
                    },
                }
            }
        };
        let before = solver.max_bytes();
        let max_bytes = budget
            .max_bytes
            .or_else(|| super::proof::available_memory().map(|b| b / 4 * 3))
            .unwrap_or(before);
        solver.set_max_bytes(max_bytes);
        let run = extend_until_proven(solver, deadline, &mut |s, to| {
            progress(s.len(), to);
            Ok(())
        });
        solver.set_max_bytes(before);
        let run = run?;
        let len = solver.len();
        let candidate = |c: Option<Periodicity>, needs: Option<u64>| {
            match (c, needs) {
            (Some(p), Some(to)) => format!(
                "candidate period {} from {} (observed, not proven); its proof needs the values to heap {to}",
                p.period, p.preperiod
            ),
            _ => format!("no period observed in the first {len} values"),
        }
        };
        let report = match run.stop {
            ProofStop::Proven(p) => {
                self.certified = Some(Some(p));
                let end = theorem
                    .required_end(p.preperiod, p.period, 0)
                    .unwrap_or_default();
                PeriodReport {
                    periodicity: Some(p),
                    certified: true,
                    checked_to: len.saturating_sub(1),
                    proof: format!(
                        "{}; checked: G(n+{}) = G(n) for {} <= n < {end}",
                        theorem.describe(),
                        p.period,
                        p.preperiod
                    ),
                }
            }
            ProofStop::Time => PeriodReport {
                periodicity: run.candidate,
                certified: false,
                checked_to: len.saturating_sub(1),
                proof: format!(
                    "not proven within {} (values computed to heap {}): {}",
                    time_text(budget.time),
                    len.saturating_sub(1),
                    candidate(run.candidate, run.candidate_needs)
                ),
            },
            ProofStop::Memory {
                to,
                needed,
                available,
            } => PeriodReport {
                periodicity: run.candidate,
                certified: false,
                checked_to: len.saturating_sub(1),
                proof: format!(
                    "not proven within memory: {}; the values to heap {to} would take {needed} bytes, {available} available",
                    candidate(run.candidate, run.candidate_needs)
                ),
            },
        };
        Ok(report)
    }
}

impl<G: HeapGame> Evaluator<u64> for HeapValues<G> {
    fn nim_value(&mut self, p: &u64) -> Result<Nimber> {
        self.value(*p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Subtraction;

    #[test]
    fn huge_heaps_come_from_the_certified_period() {
        let g = Subtraction::finite(&[1, 3, 4]).unwrap();
        let mut hv = HeapValues::new(&g);
        let seq = [0, 1, 0, 1, 2, 3, 2];
        let n = 1_000_000_000_000_000_000u64;
        assert_eq!(hv.value(n).unwrap().value(), seq[(n % 7) as usize]);
        assert!(hv.table().len() < 5000);
    }

    /// Regression: heaps below the dense limit were always computed
    /// densely, so `bash:1000` at heap 10^7 took 10^10 steps (minutes)
    /// although its period is proven.
    #[test]
    fn a_proven_period_answers_heaps_below_the_dense_limit_too() {
        let g = Subtraction::bash(1000).unwrap();
        let mut hv = HeapValues::new(&g);
        let n = 10_000_000;
        assert_eq!(hv.value(n).unwrap().value(), n % 1001);
        let v = hv.values(n - 5, n + 5).unwrap();
        assert!(v.iter().zip(n - 5..).all(|(g, h)| g.value() == h % 1001));
        assert!(hv.table().len() <= 5000);
    }

    #[test]
    fn no_period_means_an_error_not_a_guess() {
        let g = Subtraction::fib();
        let mut hv = HeapValues::with_config(
            &g,
            HeapConfig {
                dense_limit: 1000,
                search_limit: 2000,
                ..HeapConfig::default()
            },
        );
        let e = hv.value(1 << 40).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::HeapTooLarge { .. }), "{e}");
    }

    /// Regression: `bash:M` used its period with a table of the first
    /// `M + 1` values, so `bash:1000000` computed 10^12 options (for ever)
    /// before answering; the closed form needs no table.
    #[test]
    fn a_closed_form_answers_without_a_table_of_its_period() {
        let g = Subtraction::bash(1_000_000).unwrap();
        let mut hv = HeapValues::new(&g);
        let v = hv.values(999_990, 1_000_000).unwrap();
        assert!(v
            .iter()
            .zip(999_990..)
            .all(|(g, h)| g.value() == h % 1_000_001));
        assert!(hv.table().len() <= KNOWN_PERIOD_CHECK as usize);
        let g = Subtraction::bash(u64::MAX - 1).unwrap();
        let mut hv = HeapValues::new(&g);
        assert_eq!(hv.value(u64::MAX).unwrap().value(), 0);
    }

    /// Regression: `period bash:100000 --limit 5` computed 100002 values.
    #[test]
    fn a_period_search_computes_exactly_its_limit() {
        let g = Subtraction::bash(100_000).unwrap();
        let mut hv = HeapValues::new(&g);
        let r = hv.period(5).unwrap();
        assert!(r.certified);
        assert_eq!(r.checked_to, 4);
        assert_eq!(hv.table().len(), 5);
        let g = crate::games::TakeBreak::named("treblecross").unwrap();
        let mut hv = HeapValues::new(&g);
        let r = hv.period(3000).unwrap();
        assert_eq!((r.periodicity, r.checked_to), (None, 2999));
        assert_eq!(hv.table().len(), 3000);
        assert!(hv.period(0).is_err());
    }

    /// A period search with a time limit stops early, says so, and has
    /// reported progress on the way. Regression: what it reported came
    /// from however many values the clock allowed (`period
    /// take:1000..100000` said period 1 from 38000 on one run, 32000 on
    /// another); it now reports on the first 2^j values, a count fixed in
    /// advance.
    #[test]
    fn a_period_search_stops_at_its_time_limit() {
        let g = crate::games::TakeBreak::named("treblecross").unwrap();
        let mut hv = HeapValues::new(&g);
        let mut calls = 0;
        let start = Instant::now();
        let r = hv
            .period_within(1 << 40, Some(Duration::from_millis(100)), &mut |_| {
                calls += 1
            })
            .unwrap();
        assert!(start.elapsed() < Duration::from_secs(2));
        assert!(r.proof.contains("stopped after 0.1 s"), "{}", r.proof);
        assert!((r.checked_to + 1).is_power_of_two(), "{}", r.checked_to);
        assert!(r.checked_to < hv.table().len() as u64);
        assert!(r
            .proof
            .contains(&format!("the first {} values", r.checked_to + 1)));
        assert!(calls > 0);
    }

    /// Regression: `analyze treblecross 100000000000` searched for 81 s
    /// before refusing, and `treblecross 10000000` (below the dense limit)
    /// computed for hours: both are refused within the time limit.
    #[test]
    fn values_that_take_too_long_are_refused_within_the_time_limit() {
        let g = crate::games::TakeBreak::named("treblecross").unwrap();
        let config = HeapConfig {
            time_limit: Some(Duration::from_millis(200)),
            search_time: Some(Duration::from_millis(100)),
            ..HeapConfig::default()
        };
        for h in [100_000_000_000, 10_000_000] {
            let mut hv = HeapValues::with_config(&g, config.clone());
            let start = Instant::now();
            let e = hv.value(h).unwrap_err();
            assert!(start.elapsed() < Duration::from_secs(1), "{h}: {e}");
            assert!(
                e.to_string().contains(&format!("heap {h}"))
                    || e.to_string().contains(&format!("heap `{h}`")),
                "{e}"
            );
        }
        let g = Subtraction::all_but(&[1, 2]).unwrap();
        let mut hv = HeapValues::with_config(&g, config);
        let e = hv.values(0, 1_000_000).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::LimitReached { .. }), "{e:?}");
        assert!(e.to_string().contains("`0.2 s` of computing time"), "{e}");
        assert!(e.to_string().contains(" reached"), "{e}");
    }

    /// Regression (issue 33): the library refused, after 1 s, any values
    /// request that took longer (`0.007` to heap 262144 among them), and
    /// its error told a library caller to run a command of the CLI. Time
    /// limits are a front-end's policy: by default there is none.
    #[test]
    fn the_library_sets_no_time_limit_on_values_by_default() {
        assert_eq!(HeapConfig::default().time_limit, None);
        let g = crate::games::TakeBreak::named("treblecross").unwrap();
        let config = HeapConfig {
            time_limit: Some(Duration::from_millis(1)),
            ..HeapConfig::default()
        };
        let mut hv = HeapValues::with_config(&g, config);
        let e = hv.values(0, 1_000_000).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e.kind(), ErrorKind::LimitReached { .. }), "{e:?}");
        assert!(!text.contains("grundy ") && !text.contains("--"), "{text}");
        assert!(
            text.contains("`treblecross`") && text.contains("heap 1000000"),
            "{text}"
        );
    }

    /// The progress hook sees the table grow, and an error it returns
    /// stops the work at the next batch (Ctrl-C in the CLI, Python's
    /// KeyboardInterrupt).
    #[test]
    fn a_cancel_hook_stops_a_values_request_with_cancelled() {
        let g = crate::games::TakeBreak::named("treblecross").unwrap();
        let mut hv = HeapValues::new(&g);
        let mut seen = Vec::new();
        let start = Instant::now();
        let e = hv
            .values_with(0, 10_000_000, &mut |n| {
                seen.push(n);
                if seen.len() == 3 {
                    return Err(ErrorKind::Cancelled.into());
                }
                Ok(())
            })
            .unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::Cancelled);
        assert!(start.elapsed() < Duration::from_secs(5));
        assert_eq!(seen.len(), 3);
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        let g = Subtraction::all_but(&[1, 2]).unwrap();
        let mut hv = HeapValues::new(&g);
        let mut calls = 0;
        let e = hv
            .values_with(0, 1_000_000, &mut |_| {
                calls += 1;
                Err(ErrorKind::Cancelled.into())
            })
            .unwrap_err();
        assert_eq!((e.kind(), calls), (&ErrorKind::Cancelled, 1));
    }

    /// With no time limit, what cannot fit is still refused before any
    /// work, naming the memory it needs.
    #[test]
    fn a_table_that_cannot_fit_in_memory_is_refused_before_any_work() {
        for g in [
            crate::games::TakeBreak::named("treblecross").unwrap(),
            crate::games::TakeBreak::octal("0.6").unwrap(),
        ] {
            let config = HeapConfig {
                dense: DenseConfig { max_bytes: 1 << 16 },
                ..HeapConfig::default()
            };
            let mut hv = HeapValues::with_config(&g, config);
            let e = hv.values(0, 60_000).unwrap_err();
            assert!(matches!(e.kind(), ErrorKind::OutOfMemory { .. }), "{e:?}");
            assert_eq!(hv.table().len(), 0);
        }
        let g = Subtraction::all_but(&[1, 2]).unwrap();
        let config = HeapConfig {
            dense: DenseConfig { max_bytes: 1 << 16 },
            ..HeapConfig::default()
        };
        let mut hv = HeapValues::with_config(&g, config);
        let e = hv.values(0, 60_000).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::OutOfMemory { .. }), "{e:?}");
        assert_eq!(hv.table().len(), 0);
    }

    /// The residue closed form of a finite set equals the dense solver.
    #[test]
    fn the_residue_closed_form_of_finite_sets_equals_the_solver() {
        for set in [
            &[1][..],
            &[1, 2],
            &[1, 2, 4, 5],
            &[1, 2, 3, 5, 6, 7, 9],
            &[1, 3, 4],
        ] {
            let g = Subtraction::finite(set).unwrap();
            let mut dense = DenseSolver::new(&g);
            let values = dense.extend_to(500).unwrap().to_vec();
            let p = g.known_periodicity();
            for (n, v) in values.iter().enumerate() {
                match g.known_value(n as u64) {
                    Some(k) => assert_eq!(k, *v, "{set:?} at {n}"),
                    None => assert!(p.is_none(), "{set:?}"),
                }
            }
        }
        let g = Subtraction::finite(&[1, 2, 4, 5]).unwrap();
        assert_eq!(g.known_value(u64::MAX).unwrap().value(), u64::MAX % 3);
        assert!(Subtraction::finite(&[1, 3, 4])
            .unwrap()
            .known_value(9)
            .is_none());
    }
}
