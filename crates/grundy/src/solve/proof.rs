//! Compute until the period is proven: no limit to guess.
//!
//! The octal games with the largest known periods are proven by the
//! Guy–Smith theorem only once `G(n + p) = G(n)` has been checked for
//! `n0 ≤ n < 2·n0 + p + k` — for `.1777` (period 60,620,715 from
//! 160,949,018) that is 443 million values, and a search told to stop at
//! 400 million finds nothing at all. [`extend_until_proven`] needs no such
//! number: it runs the take-and-break engine with a [`PeriodWatch`] on its
//! table and chooses how far to compute as it goes:
//!
//! - while no period is observed, the table grows by doubling;
//! - once one is observed (with the evidence that
//!   [`observed_enough`](crate::analysis::observed_enough) asks for), the
//!   run goes exactly as far as its proof needs, `required_end + p` values
//!   ([`PeriodTheorem::required_end`]), where the watch checks it; a wrong
//!   candidate is replaced by the next one observed;
//! - it stops at the proof, at the deadline, or at the memory budget
//!   ([`TakeBreakConfig::max_bytes`](super::TakeBreakConfig::max_bytes) of
//!   the solver): a candidate whose proof needs more values than fit is
//!   refused as soon as it is observed, with the bytes it would need.
//!
//! [`ProofRun`] says which, with the candidate and how far its proof needs
//! the values; [`available_memory`] is the budget a front-end usually
//! gives (what the machine has free now).
//!
//! Time: the engine's up to the proof (at most one doubling beyond it when
//! no candidate is observed early) plus the watch's searches, O(1)
//! amortized per value. Memory: the table of values, reserved stage by
//! stage (the 9-bit table's searches copy it to `u16` while they run).

use super::fill::watch_search;
use super::takebreak::TakeBreakSolver;
use crate::analysis::{PeriodTheorem, PeriodWatch, Periodicity};
use crate::error::{Error, ErrorKind, Result};
use crate::game::HeapGame;
use std::time::{Duration, Instant};

/// Limits of a computation that runs until a period is proven
/// ([`HeapValues::period_until_proven`](super::HeapValues::period_until_proven)).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProofBudget {
    /// Longest the run may take (`None`: no limit).
    pub time: Option<Duration>,
    /// Most bytes the table of values may take (`None`: what the machine
    /// has available when the run starts, [`available_memory`], or the
    /// solver's own limit where that is unknown).
    pub max_bytes: Option<u64>,
}

impl ProofBudget {
    /// No time limit, the machine's available memory.
    pub fn new() -> Self {
        Self::default()
    }

    /// With a time limit.
    pub fn time(mut self, time: Option<Duration>) -> Self {
        self.time = time;
        self
    }

    /// With a memory limit for the table of values.
    pub fn max_bytes(mut self, max_bytes: Option<u64>) -> Self {
        self.max_bytes = max_bytes;
        self
    }
}

/// Why [`extend_until_proven`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofStop {
    /// The theorem's bound was met: the periodicity is proven.
    Proven(Periodicity),
    /// The deadline passed.
    Time,
    /// The values to heap `to` (what the candidate's proof needs, or the
    /// next stage when there is no candidate) would take `needed` bytes,
    /// more than the `available` ones.
    Memory {
        /// The last heap whose value was wanted.
        to: u64,
        /// Bytes the table would take.
        needed: u64,
        /// Bytes allowed.
        available: u64,
    },
}

/// What [`extend_until_proven`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofRun {
    /// Why it stopped.
    pub stop: ProofStop,
    /// The last period observed (with the evidence of
    /// [`observed_enough`](crate::analysis::observed_enough)) and not
    /// proven, if any; `None` once proven.
    pub candidate: Option<Periodicity>,
    /// The last heap whose value the candidate's proof needs
    /// (`required_end + p − 1`).
    pub candidate_needs: Option<u64>,
}

/// Values computed before the first search for a candidate.
const FIRST_STAGE: u64 = 1 << 16;

/// Runs `solver` until its game's [`PeriodTheorem`] proves a period, the
/// `deadline` passes or the values would not fit in the solver's memory
/// limit (see the module docs). `each` is called after every batch of
/// about 50 ms with the solver and the heap the current stage computes to
/// (for progress; an error from it stops the run and is returned).
///
/// An error at once when the game has no theorem to prove a period with
/// (a code with a repeating last digit, for instance): the run would never
/// end.
pub fn extend_until_proven(
    solver: &mut TakeBreakSolver,
    deadline: Option<Instant>,
    each: &mut dyn FnMut(&TakeBreakSolver, u64) -> Result<()>,
) -> Result<ProofRun> {
    let theorem = solver.game().period_theorem();
    if theorem == PeriodTheorem::None {
        return Err(Error::unsupported(format!(
            "no theorem proves a period of `{}` (its moves are not finitely many), so no \
             computation ends with a proof; `grundy period` with `--limit N` reports an observed period",
            solver.game().code()
        )));
    }
    let needs = |p: &Periodicity| {
        theorem
            .required_end(p.preperiod, p.period, 0)
            .and_then(|end| end.checked_add(p.period - 1))
    };
    let mut watch = PeriodWatch::new(theorem);
    let mut candidate: Option<Periodicity> = None;
    let result = |stop, candidate: Option<Periodicity>| ProofRun {
        stop,
        candidate,
        candidate_needs: candidate.as_ref().and_then(needs),
    };
    loop {
        let len = solver.len();
        // The next stage: as far as the candidate's proof needs, or double.
        let want = match candidate.as_ref().and_then(needs) {
            Some(to) if to >= len => to,
            _ => len.saturating_mul(2).max(FIRST_STAGE) - 1,
        };
        let to = match solver.check_memory(want) {
            Ok(()) => want,
            Err(e) => {
                let stop = memory_stop(&e, want)?;
                // With a candidate, its proof does not fit: refused now.
                // Without, compute as far as memory allows first.
                match (candidate, largest_fitting(solver, len, want)) {
                    (None, Some(to)) => to,
                    _ => return Ok(result(stop, candidate)),
                }
            }
        };
        let mut proven = None;
        let mut late = false;
        let mut refused = None;
        let run = solver.extend_with(to, &mut |s| {
            each(s, to)?;
            let view = s.table().view();
            if watch.due(view.len()) {
                let found = watch_search(&watch, view);
                if let Some(f) = found.filter(|f| !f.certified) {
                    if candidate != Some(f.periodicity) {
                        candidate = Some(f.periodicity);
                        // A proof beyond memory is refused at once.
                        if let Some(need) = needs(&f.periodicity) {
                            if let Err(e) = s.check_memory(need) {
                                refused = Some(memory_stop(&e, need)?);
                                return Err(Error::unsupported("beyond memory"));
                            }
                        }
                    }
                }
                proven = watch.record(view.len(), found);
                if proven.is_some() {
                    return Err(Error::unsupported("certified"));
                }
            }
            if deadline.is_some_and(|d| Instant::now() >= d) && s.len() <= to {
                late = true;
                return Err(Error::unsupported("out of time"));
            }
            Ok(())
        });
        if let Some(p) = proven {
            return Ok(result(ProofStop::Proven(p), None));
        }
        if let Some(stop) = refused {
            return Ok(result(stop, candidate));
        }
        match run {
            Ok(()) => {}
            Err(_) if late => return Ok(result(ProofStop::Time, candidate)),
            Err(e) => match e.kind() {
                // Values wider than the estimate allowed for.
                ErrorKind::OutOfMemory { .. } => {
                    return Ok(result(memory_stop(&e, to)?, candidate))
                }
                _ => return Err(e),
            },
        }
        if to < want {
            // The last stage memory allows is done.
            let e = solver.check_memory(want).err();
            let stop = match e {
                Some(e) => memory_stop(&e, want)?,
                None => continue,
            };
            return Ok(result(stop, candidate));
        }
    }
}

/// The [`ProofStop::Memory`] of an [`ErrorKind::OutOfMemory`] for the
/// values to `to`; any other error as it is.
fn memory_stop(e: &Error, to: u64) -> Result<ProofStop> {
    match *e.kind() {
        ErrorKind::OutOfMemory { needed, available } => Ok(ProofStop::Memory {
            to,
            needed,
            available,
        }),
        _ => Err(Error::unsupported(e.to_string())),
    }
}

/// The largest heap in `len..want` whose table fits in the solver's
/// memory limit, if any.
fn largest_fitting(solver: &TakeBreakSolver, len: u64, want: u64) -> Option<u64> {
    if solver.check_memory(len).is_err() {
        return None;
    }
    let (mut lo, mut hi) = (len, want);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if solver.check_memory(mid).is_ok() {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Some(lo)
}

/// The memory this machine has available now (Linux: `MemAvailable` of
/// `/proc/meminfo`), or `None` where it cannot be read.
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line
        .trim_start_matches("MemAvailable:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}
