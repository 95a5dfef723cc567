//! The service layer: what a front-end asks of the library for one
//! request, decided once for every front-end (the `grundy` command, the
//! Python package, a server).
//!
//! **A front-end holds no policy.** It parses its arguments, calls this
//! layer (or the library below it) and prints. What a request may cost,
//! which engine a long range goes to, how the files a spec names are read
//! and how a census runs and resumes are decided here and in
//! [`crate::census`]:
//!
//! - [`RequestPolicy`]: the memory a request may take ([`memory_budget`]
//!   by default), a wall-clock limit a server may set (none by default:
//!   the `grundy` command and the Python package compute what was asked
//!   for however long it takes) and the caller's cancel hook
//!   ([`Cancel`], no-op by default);
//! - [`period_search`] and [`IMPLICIT_TIME`]: how far a period search asked
//!   for without a limit goes, and how long a search not asked for by size
//!   (an analysis, a match) may compute values;
//! - [`takes_engine`]: the long-run decision, whether a range of values
//!   goes to the take-and-break engine ([`crate::solve::TakeBreakSolver`]);
//! - [`DiskFiles`]: the one disk implementation of [`SpecFiles`]
//!   (`script:FILE`, `toml:FILE`), within [`MAX_GAME_FILE_BYTES`](crate::files::MAX_GAME_FILE_BYTES);
//! - [`RequestFiles`]: a server's files, held in memory (the request's
//!   body), never the disk; their scripts under [`RequestPolicy::script_limits`];
//! - the global allocator a front-end declares so that a Rhai script's
//!   memory is bounded in total is `grundy_alloc::CountingAlloc` (a crate
//!   of its own: the library keeps unsafe code to its engine's kernels);
//! - the census as a library call: [`crate::census::run`].
//!
//! Progress and cancellation are hooks with no-op defaults, the ones the
//! layers below already take: [`Cancel`] and the progress callback of
//! [`AnyGame::values_with`].

use crate::error::{ErrorKind, Result};
use crate::game::{HeapGame, TakeBreak};
use crate::spec::{AnyGame, SpecFiles};
use crate::util::Cancel;
use std::time::{Duration, Instant};

/// The memory budget used where `/proc/meminfo` cannot be read: 8 GiB.
pub const FALLBACK_MEMORY_BYTES: u64 = 8 << 30;

/// Ranges of values at least this long, of a take-and-break game whose
/// period is not known, go to the take-and-break engine
/// ([`takes_engine`]): 2^20 values.
pub const ENGINE_RANGE: u64 = 1 << 20;

/// How long an analysis or a match may compute values the caller did not
/// ask for by size (a single huge heap with no proven period): 1 s. Past
/// it the search stops with the limit named
/// ([`AnyGame::set_time_limit`]); a request for those values by size
/// (`values --to N`) computes them however long it takes.
pub const IMPLICIT_TIME: Duration = Duration::from_secs(1);

/// Values a period search computes when the caller names no limit ...
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 20;

/// ... and how long it may take: 3 s.
pub const PERIOD_SEARCH_TIME: Duration = Duration::from_secs(3);

/// The bounds of a period search ([`AnyGame::period_within`]): a limit the
/// caller names is honoured exactly, with no time limit; without one the
/// search computes at most [`PERIOD_SEARCH_LIMIT`] values for at most
/// [`PERIOD_SEARCH_TIME`], early enough to answer in seconds.
pub fn period_search(limit: Option<u64>) -> (u64, Option<Duration>) {
    match limit {
        Some(n) => (n, None),
        None => (PERIOD_SEARCH_LIMIT, Some(PERIOD_SEARCH_TIME)),
    }
}

/// Bytes of memory a request may use for its tables: 90% of the
/// machine's `MemAvailable` (`/proc/meminfo`), or
/// [`FALLBACK_MEMORY_BYTES`] where that cannot be read.
pub fn memory_budget() -> u64 {
    let text = std::fs::read_to_string("/proc/meminfo").ok();
    budget_of_meminfo(text.as_deref())
}

/// [`memory_budget`] of the text of `/proc/meminfo` (`None`: unreadable).
fn budget_of_meminfo(meminfo: Option<&str>) -> u64 {
    let available = meminfo.and_then(|m| {
        m.lines()
            .find_map(|l| l.strip_prefix("MemAvailable:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map(|kb| kb.saturating_mul(1024))
    });
    available.map_or(FALLBACK_MEMORY_BYTES, |b| b / 10 * 9)
}

/// What one request may cost, set by the front-end that serves it.
///
/// The default is the `grundy` command's and the Python package's: the
/// memory of [`memory_budget`], no time limit, no cancel hook. A server
/// sets a `time_limit` per request and a cancel hook for a closed
/// connection.
#[derive(Clone, Debug, Default)]
pub struct RequestPolicy {
    /// Most bytes the request's tables may take; `None`: [`memory_budget`]
    /// when asked.
    pub max_bytes: Option<u64>,
    /// Wall-clock time the request may compute; `None`: no limit. Past
    /// it, the work stops with [`ErrorKind::LimitReached`].
    pub time_limit: Option<Duration>,
    /// The caller's cancel hook (Ctrl-C, a stop button); past it the work
    /// stops with [`ErrorKind::Cancelled`].
    pub cancel: Cancel,
}

impl RequestPolicy {
    /// The bytes the request's tables may take: `max_bytes`, or the
    /// machine's [`memory_budget`].
    pub fn memory_bytes(&self) -> u64 {
        self.max_bytes.unwrap_or_else(memory_budget)
    }

    /// Starts the clock of one request: the check its work calls now and
    /// then ([`Request::check`]).
    pub fn start(&self) -> Request {
        Request {
            policy: self.clone(),
            started: Instant::now(),
        }
    }
}

/// One request under way: its policy and when it started.
#[derive(Clone, Debug)]
pub struct Request {
    policy: RequestPolicy,
    started: Instant,
}

impl Request {
    /// `Ok` while the work may go on; [`ErrorKind::Cancelled`] once the
    /// cancel hook asks, [`ErrorKind::LimitReached`] past the time limit.
    /// Cheap: call it from a progress callback.
    pub fn check(&self) -> Result<()> {
        if self.policy.cancel.requested() {
            return Err(ErrorKind::Cancelled.into());
        }
        match self.policy.time_limit {
            Some(limit) if self.started.elapsed() > limit => Err(ErrorKind::LimitReached {
                work: "the request".into(),
                limit: format!("`{} s` of computing time", limit.as_secs_f64()),
                reached: format!("{:.1} s spent", self.started.elapsed().as_secs_f64()),
            }
            .into()),
            _ => Ok(()),
        }
    }

    /// The policy this request runs under.
    pub fn policy(&self) -> &RequestPolicy {
        &self.policy
    }

    /// Hands the request's limits to `game` for the computations that
    /// have no progress callback (its cancel hook, which also stops the
    /// work past the time limit).
    pub fn apply(&self, game: &mut dyn AnyGame) {
        let me = self.clone();
        game.set_cancel(Cancel::new(move || me.check().is_err()));
    }
}

/// The long-run decision: whether `G(from..=to)` of `game` goes to the
/// take-and-break engine, and its take-and-break form when it does. A
/// range of at least [`ENGINE_RANGE`] values does, for a game that is a
/// take-and-break code itself (an octal or hexadecimal code, a named one,
/// not `nim` or `bash:M`, whose values a formula gives) and whose period is
/// not known (a known period fills any range at once).
pub fn takes_engine(game: &dyn AnyGame, from: u64, to: u64) -> Option<TakeBreak> {
    if to.saturating_sub(from) < ENGINE_RANGE {
        return None;
    }
    game.take_break()
        .filter(|g| g.spec() == game.spec() && g.known_periodicity().is_none())
}

/// The files that specs name (`script:FILE.rhai`, `script:FILE.lua`,
/// `toml:FILE.toml`) from the file system: a regular file only (a FIFO or
/// a device refused at once) of at most [`MAX_GAME_FILE_BYTES`](crate::files::MAX_GAME_FILE_BYTES) of text
/// ([`crate::files::read_game_file`]); scripts run under the default
/// limits and those the environment sets
/// (`crate::script::limits_from_environment`, with the feature `script`).
#[derive(Clone, Copy, Debug, Default)]
pub struct DiskFiles;

impl SpecFiles for DiskFiles {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        crate::files::read_game_file(spec, path)
    }

    fn read_graph(&self, spec: &str, path: &str) -> Result<String> {
        crate::files::read_graph_file(spec, path)
    }

    #[cfg(feature = "script")]
    fn script_limits(&self) -> Result<crate::script::ScriptLimits> {
        crate::script::limits_from_environment()
    }
}

/// The files of one request, held in memory: what a server parses a
/// spec with. A spec's file (`script:NAME`, `toml:NAME`, a script a game
/// file names) is the text held under that exact name (a server holds the
/// request's body under the name its spec gives, and may add files of its
/// own, such as its embedded examples); any other name is refused. Nothing
/// is read from the disk. Scripts run under
/// [`RequestPolicy::script_limits`].
#[derive(Clone, Debug, Default)]
pub struct RequestFiles {
    files: Vec<(String, String)>,
    #[cfg(feature = "script")]
    limits: crate::script::ScriptLimits,
}

impl RequestFiles {
    /// No files yet; scripts bounded by `policy`.
    pub fn new(policy: &RequestPolicy) -> RequestFiles {
        #[cfg(not(feature = "script"))]
        let _ = policy;
        RequestFiles {
            files: Vec::new(),
            #[cfg(feature = "script")]
            limits: policy.script_limits(),
        }
    }

    /// The same with `text` held under `name` (replacing a file of that
    /// name).
    pub fn with(mut self, name: &str, text: &str) -> RequestFiles {
        self.files.retain(|(n, _)| n != name);
        self.files.push((name.to_string(), text.to_string()));
        self
    }
}

impl SpecFiles for RequestFiles {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        let found = self.files.iter().find(|(n, _)| n == path);
        found.map(|(_, t)| t.clone()).ok_or_else(|| {
            crate::Error::invalid_spec(
                spec,
                format!(
                    "names the file `{path}`, and no file of that name came with the request \
                     (nothing is read from the disk)"
                ),
            )
        })
    }

    #[cfg(feature = "script")]
    fn script_limits(&self) -> Result<crate::script::ScriptLimits> {
        Ok(self.limits.clone())
    }
}

#[cfg(feature = "script")]
impl RequestPolicy {
    /// The limits a scripted game runs under in this request: the
    /// defaults ([`crate::script::ScriptLimits::default`]), their times
    /// no longer than the request's `time_limit`.
    pub fn script_limits(&self) -> crate::script::ScriptLimits {
        let mut limits = crate::script::ScriptLimits::default();
        if let Some(t) = self.time_limit {
            limits.max_call_time = limits.max_call_time.min(t);
            limits.max_total_time = limits.max_total_time.min(t);
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_budget_is_nine_tenths_of_memavailable_or_eight_gib() {
        let m = "MemTotal:       16000000 kB\nMemAvailable:    1000000 kB\n";
        assert_eq!(budget_of_meminfo(Some(m)), 1_024_000_000 / 10 * 9);
        assert_eq!(budget_of_meminfo(None), FALLBACK_MEMORY_BYTES);
        assert_eq!(
            budget_of_meminfo(Some("MemTotal: 1 kB\n")),
            FALLBACK_MEMORY_BYTES
        );
    }

    #[test]
    fn a_request_past_its_time_limit_stops_with_limit_reached() {
        let policy = RequestPolicy {
            time_limit: Some(Duration::ZERO),
            ..RequestPolicy::default()
        };
        let r = policy.start();
        std::thread::sleep(Duration::from_millis(2));
        assert!(matches!(
            r.check().unwrap_err().kind(),
            ErrorKind::LimitReached { .. }
        ));
        assert!(RequestPolicy::default().start().check().is_ok());
    }

    #[test]
    fn a_cancelled_request_stops_with_cancelled() {
        let policy = RequestPolicy {
            cancel: Cancel::new(|| true),
            ..RequestPolicy::default()
        };
        assert!(matches!(
            policy.start().check().unwrap_err().kind(),
            ErrorKind::Cancelled
        ));
    }

    #[test]
    fn request_files_are_the_ones_held_and_never_the_disk() {
        let policy = RequestPolicy {
            time_limit: Some(Duration::from_secs(2)),
            ..RequestPolicy::default()
        };
        let none = RequestFiles::new(&policy);
        // A file that exists on disk is not read.
        let e = none.read("toml:Cargo.toml", "Cargo.toml").unwrap_err();
        assert!(e.to_string().contains("no file of that name came"), "{e}");
        #[cfg(feature = "script")]
        {
            let e = crate::spec::parse_with("toml:Cargo.toml", &none)
                .err()
                .unwrap();
            assert!(e.to_string().contains("no file of that name came"), "{e}");
        }
        let body = "name = \"mine\"";
        let files = RequestFiles::new(&policy)
            .with("x.toml", "old")
            .with("x.toml", body);
        assert_eq!(files.read("toml:x.toml", "x.toml").unwrap(), body);
        assert!(files.read("toml:y.toml", "y.toml").is_err());
        #[cfg(feature = "script")]
        {
            let l = files.script_limits().unwrap();
            assert!(l.max_call_time <= Duration::from_secs(2));
            assert!(l.max_total_time <= Duration::from_secs(2));
        }
    }

    #[test]
    fn only_a_long_range_of_a_code_without_a_known_period_takes_the_engine() {
        let game = crate::spec::parse("0.106").unwrap();
        assert!(takes_engine(game.as_ref(), 0, ENGINE_RANGE).is_some());
        assert!(takes_engine(game.as_ref(), 1, ENGINE_RANGE).is_none());
        // Nim's values come from its formula, not from its code `0.3r`.
        let nim = crate::spec::parse("nim").unwrap();
        assert!(takes_engine(nim.as_ref(), 0, 1 << 30).is_none());
    }
}
