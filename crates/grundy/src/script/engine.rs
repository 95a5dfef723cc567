//! The engine-independent part of a scripted game: the language chosen
//! by the file's extension ([`Language`]), the budget of operations, the
//! sticky error, and errors that name the call and the position. The
//! engines themselves: [`super::rhai_engine`] and [`super::lua_engine`].

use super::lua_engine::LuaScript;
use super::memory;
use super::params::Param;
use super::position::{PositionKind, ScriptPosition};
use super::rhai_engine::RhaiScript;
use super::{
    ScriptLimits, BUDGET_VARIABLE, CALL_BUDGET_VARIABLE, CALL_TIME_VARIABLE, MEMORY_VARIABLE,
    TIME_VARIABLE,
};
use crate::error::{Error, ErrorKind, Result};
use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// The language of a script, by its file's extension: `.lua` is Lua 5.4,
/// anything else Rhai.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// Rhai (`.rhai`).
    Rhai,
    /// Lua 5.4 (`.lua`).
    Lua,
}

impl Language {
    /// The language of the script named `name` (a file name).
    pub fn of(name: &str) -> Language {
        if name.ends_with(".lua") {
            Language::Lua
        } else {
            Language::Rhai
        }
    }

    /// How a line comment starts.
    fn comment(self) -> &'static str {
        match self {
            Language::Rhai => "//",
            Language::Lua => "--",
        }
    }
}

/// The engine that runs a script.
pub(super) enum Backend {
    Rhai(Box<RhaiScript>),
    Lua(Box<LuaScript>),
}

/// Why a call of a script's function failed, before the call and the
/// position are named.
pub(super) enum Failure {
    /// The script raised an error (or hit a limit): the engine's message,
    /// and whether it is the kind of error that a position of the wrong
    /// kind causes.
    Call { reason: String, wrong_kind: bool },
    /// The call returned something that is not what it must return.
    Returned(String),
}

pub(super) struct Inner {
    pub(super) name: String,
    /// The parameters it was given.
    pub(super) params: Vec<Param>,
    pub(super) backend: Backend,
    /// Whether the script defines `components(p)` ...
    pub(super) has_components: bool,
    /// ... and `canonical(p)`.
    pub(super) has_canonical: bool,
    /// ... and `start(n)` (a family of positions, one per `n`).
    pub(super) has_start: bool,
    /// Whether the game is turn-aware: the script gives each player's
    /// moves (`left_moves(p)` and `right_moves(p)`, or `moves(p, player)`).
    pub(super) turn_aware: bool,
    pub(super) limits: ScriptLimits,
    /// The first error met inside a solver (sticky).
    pub(super) error: RefCell<Option<Error>>,
    /// Operations of this game's finished calls, and of the running one.
    pub(super) budget: Rc<Budget>,
    /// The kind of position the script's example commands use, if they say.
    pub(super) expected: Option<PositionKind>,
    /// Where the calls of `moves` are reported, for a progress display
    /// ([`ScriptGame::set_progress`]), and the calls not reported yet.
    pub(super) progress: RefCell<Option<crate::solve::placement::Progress>>,
    pub(super) unreported: Cell<u64>,
}

/// Why a limit stopped a script (the engines record it in
/// [`Budget::stop`], then unwind the script with an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The operations of one call (Lua; Rhai counts its own).
    Operations,
    /// The budget of operations of the command.
    Budget,
    /// The wall-clock time of one call.
    CallTime,
    /// The wall-clock time of all calls of the command.
    TotalTime,
    /// The memory of one call.
    Memory,
}

/// Operations, time and memory counted across calls (see
/// [`ScriptLimits::max_total_operations`], [`ScriptLimits::max_call_time`],
/// [`ScriptLimits::max_total_time`], [`ScriptLimits::max_memory`]).
pub(super) struct Budget {
    /// Operations of the calls that have ended.
    pub(super) spent: Cell<u64>,
    /// Operations of the running call so far.
    pub(super) running: Cell<u64>,
    /// When the running call began.
    started: Cell<Instant>,
    /// Wall-clock time of the calls that have ended.
    time_spent: Cell<Duration>,
    /// The bytes live on this thread when the running call began
    /// ([`memory::live`]).
    memory_base: Cell<i64>,
    /// The limit that stopped the running call, if one did.
    pub(super) stop: Cell<Option<Stop>>,
    call_time: Duration,
    total_time: Duration,
    memory: i64,
}

impl Budget {
    /// A budget with nothing spent, under `limits`.
    pub(super) fn new(limits: &ScriptLimits) -> Budget {
        Budget {
            spent: Cell::new(0),
            running: Cell::new(0),
            started: Cell::new(Instant::now()),
            time_spent: Cell::new(Duration::ZERO),
            memory_base: Cell::new(0),
            stop: Cell::new(None),
            call_time: limits.max_call_time,
            total_time: limits.max_total_time,
            memory: i64::try_from(limits.max_memory).unwrap_or(i64::MAX),
        }
    }

    /// Begins a call: its clock and its memory start now.
    pub(super) fn begin_call(&self) {
        self.stop.set(None);
        self.running.set(0);
        self.memory_base.set(memory::live());
        self.started.set(Instant::now());
    }

    /// Ends a call: its operations and its time join the spent ones.
    pub(super) fn end_call(&self) {
        self.spent
            .set(self.spent.get().saturating_add(self.running.replace(0)));
        self.time_spent
            .set(self.time_spent.get() + self.started.get().elapsed());
    }

    /// The limit of time or memory the running call has passed, if any
    /// (recorded in [`Budget::stop`]).
    pub(super) fn check_time(&self) -> Option<Stop> {
        let call = self.started.get().elapsed();
        let stop = if call > self.call_time {
            Stop::CallTime
        } else if self.time_spent.get() + call > self.total_time {
            Stop::TotalTime
        } else {
            return self.check_memory();
        };
        self.stop.set(Some(stop));
        Some(stop)
    }

    /// [`Stop::Memory`] if the running call has allocated more than its
    /// limit (recorded in [`Budget::stop`]).
    pub(super) fn check_memory(&self) -> Option<Stop> {
        if memory::live().wrapping_sub(self.memory_base.get()) > self.memory {
            self.stop.set(Some(Stop::Memory));
            return Some(Stop::Memory);
        }
        None
    }
}

/// The token with which the progress callback stops a script that has
/// passed a limit (the limit is in [`Budget::stop`]).
pub(super) const STOPPED: &str = "grundy: stopped by a limit";

/// A duration in words: `5 s`, `0.25 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// The error of a limit of time, memory or the budget (the engines word
/// their own limit of operations per call), naming it and how to raise it.
pub(super) fn stopped(stop: Stop, limits: &ScriptLimits) -> String {
    match stop {
        Stop::Budget => budget_spent(limits),
        Stop::Operations => format!(
            "stopped after {} operations (Lua instructions) in one call, the limit of a \
             call (an endless loop?); raise it with the environment variable \
             {CALL_BUDGET_VARIABLE}=N (operations)",
            limits.max_operations
        ),
        Stop::CallTime => format!(
            "ran over its time limit of {} per call (`{CALL_TIME_VARIABLE}`): an endless \
             loop, or work too large for one call?",
            seconds(limits.max_call_time)
        ),
        Stop::TotalTime => format!(
            "ran over the time limit of {} for all its calls in one command \
             (`{TIME_VARIABLE}`), to stop a runaway script; raise it for honest long work \
             with the environment variable {TIME_VARIABLE}=N (seconds)",
            seconds(limits.max_total_time)
        ),
        Stop::Memory => format!(
            "ran over its memory limit: its values may take {} in all (`{MEMORY_VARIABLE}`, \
             in MiB)",
            crate::error::human_bytes(limits.max_memory as u64)
        ),
    }
}

/// The kind of position in the example commands of a script's comments
/// (`grundy analyze script:FILE 3,5 4,4`), if they use one kind only.
pub(super) fn example_kind(source: &str, language: Language) -> Option<PositionKind> {
    let mut kinds = Vec::new();
    for line in source.lines() {
        let Some(comment) = line.trim_start().strip_prefix(language.comment()) else {
            continue;
        };
        let words: Vec<&str> = comment.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| w.starts_with("script:")) else {
            continue;
        };
        if !words[..at].contains(&"grundy") {
            continue;
        }
        let command = words[..at].last().copied().unwrap_or("");
        if matches!(command, "values" | "period" | "plot") {
            kinds.push(PositionKind::Heap);
            continue;
        }
        let mut rest = words[at + 1..].iter();
        while let Some(w) = rest.next() {
            if w.starts_with('-') {
                // An option; those of `analyze` and `play` that take a value.
                if matches!(
                    *w,
                    "--format" | "--first" | "--threads" | "--limit" | "--param"
                ) {
                    rest.next();
                }
                continue;
            }
            if let Ok(p) = ScriptPosition::parse(w) {
                kinds.push(PositionKind::of(&p));
            }
        }
    }
    let first = *kinds.first()?;
    kinds.iter().all(|&k| k == first).then_some(first)
}

/// The error of a spent budget, naming the limit and how to raise it.
pub(super) fn budget_spent(limits: &ScriptLimits) -> String {
    format!(
        "stopped after {} operations of the script in all, the budget of one command \
         (about 30 s by default, to stop a runaway script); \
         raise it with the environment variable {BUDGET_VARIABLE}=N (operations), and \
         the time limit of the command with {TIME_VARIABLE}=N (seconds)",
        limits.max_total_operations
    )
}

/// A game whose moves a Rhai or Lua script defines (see the module docs).
///
/// ```
/// use grundy::script::{ScriptGame, ScriptPosition};
/// use grundy::solve::MemoSolver;
/// let game = ScriptGame::from_source(
///     "take-134",
///     "fn moves(n) { [1, 3, 4].filter(|s| s <= n).map(|s| n - s) }",
/// ).unwrap();
/// let mut solver = MemoSolver::new(game.clone());
/// let v: Vec<u64> = (0..9)
///     .map(|n| solver.nim_value(&ScriptPosition::Int(n)).unwrap().value())
///     .collect();
/// assert_eq!(v, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// assert!(game.error().is_none());
/// ```
#[derive(Clone)]
pub struct ScriptGame {
    pub(super) inner: Rc<Inner>,
}

impl fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptGame")
            .field("name", &self.inner.name)
            .finish()
    }
}

pub(super) fn script_error(name: &str, reason: impl Into<String>) -> Error {
    ErrorKind::Script {
        script: name.to_string(),
        reason: reason.into(),
    }
    .into()
}

impl ScriptGame {
    /// Compiles `source` (named `name` in errors) with the default limits.
    pub fn from_source(name: &str, source: &str) -> Result<ScriptGame> {
        Self::with_limits(name, source, &ScriptLimits::default())
    }

    /// Compiles `source` with the given limits, and runs its top level once
    /// (under the same limits) so that errors there surface now.
    pub fn with_limits(name: &str, source: &str, limits: &ScriptLimits) -> Result<ScriptGame> {
        Self::with_params(name, source, limits, &[])
    }

    /// [`with_limits`](Self::with_limits) with parameters ([`super::params`]):
    /// each is a constant the script's functions read by its name. A
    /// parameter the script never mentions is refused.
    pub fn with_params(
        name: &str,
        source: &str,
        limits: &ScriptLimits,
        params: &[Param],
    ) -> Result<ScriptGame> {
        for (param, _) in params {
            if !super::params::mentions(source, param) {
                return Err(script_error(
                    name,
                    format!("has no parameter `{param}` (the script never mentions it)"),
                ));
            }
        }
        let budget = Rc::new(Budget::new(limits));
        let language = Language::of(name);
        let backend = match language {
            Language::Rhai => {
                RhaiScript::new(source, limits, params, &budget).map(|s| Backend::Rhai(Box::new(s)))
            }
            Language::Lua => LuaScript::new(name, source, limits, params, &budget)
                .map(|s| Backend::Lua(Box::new(s))),
        }
        .map_err(|reason| script_error(name, reason))?;
        let defines = |function| match &backend {
            Backend::Rhai(s) => s.defines(function),
            Backend::Lua(s) => s.defines(function),
        };
        let moves_params = match &backend {
            Backend::Rhai(s) => s.moves_params(),
            Backend::Lua(s) => s.moves_params(),
        };
        let split = defines("left_moves") && defines("right_moves");
        if defines("left_moves") != defines("right_moves") {
            return Err(script_error(
                name,
                "defines only one of `left_moves(p)` and `right_moves(p)`: a turn-aware \
                 game gives the moves of both players",
            ));
        }
        let has_start = defines("start");
        Ok(ScriptGame {
            inner: Rc::new(Inner {
                turn_aware: split || moves_params == Some(2),
                name: name.to_string(),
                params: params.to_vec(),
                has_components: defines("components"),
                has_canonical: defines("canonical"),
                has_start,
                backend,
                limits: limits.clone(),
                error: RefCell::new(None),
                budget,
                // A family's example commands name `n`, not positions.
                expected: (!has_start)
                    .then(|| example_kind(source, language))
                    .flatten(),
                progress: RefCell::new(None),
                unreported: Cell::new(0),
            }),
        })
    }

    /// Whether the game is turn-aware (partizan): the script gives each
    /// player's moves, `left_moves(p)` and `right_moves(p)`, or
    /// `moves(p, player)` (player 0 is Left, 1 Right); see
    /// [`crate::game::partizan`].
    pub fn is_turn_aware(&self) -> bool {
        self.inner.turn_aware
    }

    /// The script's name.
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The spec that names the game: `script:NAME?k=3` (with its
    /// parameters).
    pub fn spec(&self) -> String {
        format!(
            "script:{}{}",
            self.inner.name,
            super::params::suffix(&self.inner.params)
        )
    }

    /// The first error met while a solver called the script, if any.
    pub fn error(&self) -> Option<Error> {
        self.inner.error.borrow().clone()
    }

    /// Whether an error has been met (without copying it).
    pub(super) fn failed(&self) -> bool {
        self.inner.error.borrow().is_some()
    }

    pub(super) fn fail(&self, e: Error) {
        let mut slot = self.inner.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(e);
        }
    }

    /// `Err` with the kept error if there is one, else `result`.
    pub(super) fn checked<T>(&self, result: Result<T>) -> Result<T> {
        match self.error() {
            Some(e) => Err(e),
            None => result,
        }
    }

    /// The operations (Rhai) or instructions (Lua) the script's finished
    /// calls have run, the top level included: what
    /// [`ScriptLimits::max_total_operations`] bounds.
    pub fn operations_spent(&self) -> u64 {
        self.inner.budget.spent.get()
    }

    /// Whether the script defines `start(n)`: its tables are those of the
    /// family of positions `start(0)`, `start(1)`, ... (see
    /// [`crate::script`], "Families").
    pub fn is_family(&self) -> bool {
        self.inner.has_start
    }

    /// The position the script's family starts from for parameter `n`,
    /// `start(n)`; the heap `n` when the script defines no `start`.
    pub fn start(&self, n: u64) -> Result<ScriptPosition> {
        if !self.inner.has_start {
            return Ok(ScriptPosition::Int(n));
        }
        match &self.inner.backend {
            Backend::Rhai(s) => s.start(n),
            Backend::Lua(s) => s.start(n),
        }
        .map_err(|e| self.failed_call("start", &ScriptPosition::Int(n), e))
    }

    /// The language of the script.
    pub fn language(&self) -> Language {
        match self.inner.backend {
            Backend::Rhai(_) => Language::Rhai,
            Backend::Lua(_) => Language::Lua,
        }
    }

    /// The error of a failed call of `function(p)`: it names the call and,
    /// when the position is not of the kind the script reads, says so.
    pub(super) fn failed_call(&self, function: &str, p: &ScriptPosition, f: Failure) -> Error {
        let reason = match f {
            Failure::Returned(why) => format!("{function}({p}) {why}"),
            Failure::Call { reason, wrong_kind } => {
                let kind = PositionKind::of(p);
                let mut reason = format!("{function}({p}) failed: {reason}");
                match self.inner.expected {
                    Some(expected) if expected != kind => reason.push_str(&format!(
                        "; this script's positions look like {} (as in its example commands), \
                         not `{p}`",
                        expected.describe()
                    )),
                    None if wrong_kind => reason.push_str(&format!(
                        "; `{p}` is {}: does this script read positions of that kind?",
                        kind.one()
                    )),
                    _ => {}
                }
                reason
            }
        };
        script_error(&self.inner.name, reason)
    }
}
