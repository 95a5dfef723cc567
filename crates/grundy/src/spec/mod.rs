//! Game specs: a string such as `nim`, `sub:1,3,4` or `bash:3` names a game.
//!
//! [`parse`] turns a spec into an [`AnyGame`]: a game chosen at run time,
//! with positions written as strings, which is what the `grundy` command
//! works with. [`FAMILIES`] lists every family with its syntax (the
//! `grundy games` listing and `--help` are generated from it).
//!
//! A spec is `NAME` or `NAME:ARGS`; numbers are decimal `u64`. Octal codes
//! stand alone (`0.07`, `.07`, `4.3r`) and hexadecimal ones carry a prefix
//! (`hex:0.3F`); named take-and-break games (`kayles`, `dawson`, `lasker`,
//! ...) also answer to their CGSuite-style names (`DawsonsKayles`).

use crate::analysis::Periodicity;
use crate::error::{Error, Result};
use crate::games::TakeBreak;
use crate::nimber::Nimber;
use crate::solve::placement::Progress;
use crate::solve::{PeriodReport, MAX_VALUES_AT_ONCE};
use crate::strategy::Analysis;
/// Re-exported from the leaf layer [`crate::util`], where it now lives.
pub use crate::util::parse_u64;
pub(crate) use adapt::no_misere_analysis;

mod adapt;
mod families;
mod heap;
pub mod listed;
mod placement;
pub use families::cutting::CuttingSpec;
pub use families::FAMILIES;
pub use heap::{
    find_heap_option, heap_options_head, list_heap_options, HeapSpec, MAX_LISTED_HEAP,
    MAX_LISTED_OPTIONS, MAX_PLAYED_HEAP, MAX_STREAMED_OPTIONS,
};

/// The number of options of a component and the first few of them
/// ([`AnyGame::options_head`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionsHead {
    /// How many options the component has.
    pub count: u64,
    /// The first of them, each a sum of components (all of them when
    /// `first.len() as u64 == count`).
    pub first: Vec<Vec<String>>,
}

impl OptionsHead {
    /// True when `first` holds every option.
    pub fn is_complete(&self) -> bool {
        self.first.len() as u64 == self.count
    }
}

/// How to analyze a sum.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeOptions {
    /// Misère play: the player who cannot move wins.
    pub misere: bool,
}

/// A game chosen at run time, with positions as strings.
pub trait AnyGame {
    /// The canonical spec of the game.
    fn spec(&self) -> String;

    /// `G(from..=to)` for games whose positions are heap sizes.
    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>>;

    /// [`values`](Self::values) with a progress and cancel hook: while a
    /// table of values is computed, `progress` is called now and then
    /// (about every 50 ms) with the number of values known, towards
    /// `to + 1`; an error it returns stops the work and is returned
    /// (conventionally [`ErrorKind::Cancelled`](crate::error::ErrorKind::Cancelled)).
    /// Games whose values are quick (closed forms) never call it (the
    /// default).
    fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        let _ = progress;
        self.values(from, to)
    }

    /// Sets a limit on the time the game's later requests may spend
    /// computing values (over the game's life; `None`, the default of
    /// every game: no limit). A request that reaches it stops with
    /// [`ErrorKind::LimitReached`](crate::error::ErrorKind::LimitReached).
    /// A front-end's policy for work the user did not ask for by size (a
    /// single huge heap in an analysis); games whose values are quick
    /// ignore it (the default).
    fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        let _ = limit;
    }

    /// Gives later requests a cancel hook, asked about every 50 ms of work
    /// by the computations that have no progress callback of their own
    /// (the period search, the placement search of `cram` and
    /// `node-kayles`, the memoizing search of `cutting`); once it asks,
    /// they stop with
    /// [`ErrorKind::Cancelled`](crate::error::ErrorKind::Cancelled).
    /// Games whose answers are quick ignore it (the default).
    fn set_cancel(&mut self, cancel: crate::util::Cancel) {
        let _ = cancel;
    }

    /// The period of the nim-sequence, computing at most `limit` values,
    /// stopping early once `time` has passed (the report says how far it
    /// looked) and calling `progress` with the number of values computed so
    /// far. Games whose period search is quick or refused ignore both.
    ///
    /// The default is for games with no nim-sequence: it refuses with the
    /// reason [`values`](Self::values) gives (a game that has values but
    /// no period search of its own is refused as having none).
    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        let _ = (limit, time, progress);
        self.values(0, 0)?;
        Err(Error::unsupported(format!(
            "`{}` has no period search",
            self.spec()
        )))
    }

    /// Computes values until a theorem proves the period of the
    /// nim-sequence, or `budget` runs out, and says which (see
    /// [`HeapValues::period_until_proven`](crate::solve::HeapValues::period_until_proven));
    /// `progress` is called with the values computed and the heap the
    /// current stage computes to.
    ///
    /// The default answers with a period that the first values prove (a
    /// closed form) and refuses otherwise: the game has no computation
    /// that runs until a proof.
    fn period_until_proven(
        &mut self,
        budget: &crate::solve::ProofBudget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PeriodReport> {
        const FIRST: u64 = 1 << 12;
        let r = self.period_within(FIRST, budget.time, &mut |n| progress(n, FIRST))?;
        if r.certified {
            return Ok(r);
        }
        Err(Error::unsupported(format!(
            "`{}` has no computation that runs until its period is proven (heap games with finitely many moves have one)",
            self.spec()
        )))
    }

    /// [`period_within`](Self::period_within) with no time limit and no
    /// progress.
    fn period(&mut self, limit: u64) -> Result<PeriodReport> {
        self.period_within(limit, None, &mut |_| {})
    }

    /// Value, outcome and winning moves of the sum of `positions` (one
    /// string per component, in the game's position syntax).
    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>>;

    /// [`analyze`](Self::analyze) when only the outcome is wanted: a game
    /// with an outcome-first search (the placement games) answers the
    /// outcome and the winning moves without the nim-value
    /// ([`Analysis::value`] `None`), pruning where it can, and may
    /// list only the first winning move it proves
    /// ([`MovesListed::First`](crate::strategy::MovesListed::First)). The
    /// default is the full analysis.
    fn analyze_outcome(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.analyze(positions, options)
    }

    /// The nim-value and outcome of the sum of `positions` without the
    /// winning moves (`analyze --no-moves`), or with `outcome_only` the
    /// outcome alone (as [`analyze_outcome`](Self::analyze_outcome) gives
    /// it): the result has no winning moves, `unlisted_moves` 0 and
    /// `moves_listed` [`MovesListed::NotComputed`](crate::strategy::MovesListed::NotComputed),
    /// whatever the outcome. A game whose moves each cost a search of their own (the
    /// placement games) skips that search; the default analyses in full
    /// and drops the moves.
    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        outcome_only: bool,
    ) -> Result<Analysis<String>> {
        let mut a = if outcome_only {
            self.analyze_outcome(positions, options)?
        } else {
            self.analyze(positions, options)?
        };
        a.drop_moves();
        Ok(a)
    }

    /// Asks for reports of the work done by later analyses, for a
    /// progress display: `progress` is called now and then with a number
    /// of positions searched since the last call. Games whose analyses are
    /// quick ignore it (the default); the placement games report the
    /// regions their search lists.
    fn set_progress(&mut self, progress: Progress) {
        let _ = progress;
    }

    /// The game's transposition table in its saved form, for games that
    /// keep one that can be resumed (the placement games); an error for the
    /// others (the default).
    fn save_table(&self) -> Result<Vec<u8>> {
        Err(Error::unsupported(format!(
            "`{}` keeps no table to save (`--table` is for cram, node-kayles and chomp)",
            self.spec()
        )))
    }

    /// Adds a table saved by [`save_table`](Self::save_table) for the same
    /// game (`name`, e.g. the file, names it in errors).
    fn load_table(&mut self, bytes: &[u8], name: &str) -> Result<()> {
        let _ = (bytes, name);
        Err(Error::unsupported(format!(
            "`{}` keeps no table to load (`--table` is for cram, node-kayles and chomp)",
            self.spec()
        )))
    }

    /// Whether [`analyze`](Self::analyze) takes the empty sum (no
    /// positions; value 0). Scripted games do; the others refuse it as
    /// an error naming the number of positions (the default).
    fn accepts_empty_sum(&self) -> bool {
        false
    }

    /// For games whose positions are pairs `a,b` (Wythoff, Euclid): the
    /// table `rows[i][j] = G(from + i, from + j)`. `None` for other games
    /// (their `values` is the sequence `G(from..=to)`).
    fn table(&mut self, from: u64, to: u64) -> Result<Option<Vec<Vec<Nimber>>>> {
        let _ = (from, to);
        Ok(None)
    }

    /// The laws of the P-positions that the game's own theorems prove for
    /// every position (Wythoff's pairs for `wythoff`): `grundy pattern`
    /// marks a rule it finds proven when its law is one of these. None
    /// for most games (the default).
    fn proven_laws(&self) -> Vec<crate::analysis::pattern::ProvenLaw> {
        Vec::new()
    }

    /// The options of one component, each a sum of components written in
    /// the game's position syntax (canonical form). Interactive play and its
    /// move check need it; a game that cannot list its moves keeps the
    /// default, which says so.
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let _ = component;
        Err(Error::unsupported(format!(
            "`{}` cannot list its moves, so it cannot be played interactively",
            self.spec()
        )))
    }

    /// How many options `component` has and the first `keep` of them (in
    /// the order of [`options`](Self::options)), for components too large
    /// to list whole: a game that can count and stream its options without
    /// holding them overrides it (heap games do, for heaps up to
    /// [`MAX_PLAYED_HEAP`]). The default lists them all with `options`.
    fn options_head(&mut self, component: &str, keep: usize) -> Result<OptionsHead> {
        let mut first = self.options(component)?;
        let count = first.len() as u64;
        first.truncate(keep);
        Ok(OptionsHead { count, first })
    }

    /// The option of `component` made of the components `to` (in any
    /// order, each in canonical form), as [`options`](Self::options) writes
    /// it; `None` if `to` is not an option. The default searches the list
    /// of `options`; heap games check without listing.
    fn find_option(&mut self, component: &str, to: &[String]) -> Result<Option<Vec<String>>> {
        let mut typed = to.to_vec();
        typed.sort();
        Ok(self.options(component)?.into_iter().find(|o| {
            let mut o2 = o.clone();
            o2.sort();
            o2 == typed
        }))
    }

    /// A component as the game writes it (`007` becomes `7`), or an error
    /// naming what is wrong with it. The default only trims white space.
    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(component.trim().to_string())
    }

    /// The game as a take-and-break code, when it has one (`nim` is `0.3r`,
    /// `bash:3` is `0.333`, an octal code is itself): long runs
    /// (`--output`, `--checkpoint`, `--resume`) compute with it. `None` for
    /// other games (the default).
    fn take_break(&self) -> Option<TakeBreak> {
        None
    }

    /// The misère quotient of the sums of heaps `0..=heaps`
    /// ([`crate::solve::misere_quotient_with()`]: `progress` is told where
    /// the work stands, often, and an error it returns stops it); an error
    /// for a game whose positions are not heaps (the default).
    fn misere_quotient(
        &mut self,
        heaps: u64,
        config: &crate::solve::QuotientConfig,
        progress: &mut dyn FnMut(&crate::solve::QuotientProgress) -> Result<()>,
    ) -> Result<crate::solve::MisereQuotient> {
        let _ = (heaps, config, progress);
        Err(crate::error::Error::unsupported(format!(
            "`{}` is not a heap game: misère quotients are computed for games whose \
             positions are heap sizes (octal, hexadecimal, subtraction, ...)",
            self.spec()
        )))
    }
}

/// Builds a game from its full spec, the text after `:` (if any) and the
/// caller's files (for the families that name one).
pub type ParseFn =
    fn(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>>;

/// Where the files that specs name (`script:FILE.rhai`, `toml:FILE.toml`)
/// come from. Parsing reads no files: the caller does (the `grundy`
/// command and the Python package read them from disk with
/// [`crate::files::read_game_file`], within its limits) and hands their
/// text to [`parse_with`]; [`parse`] takes no files and refuses such specs.
///
/// ```
/// use grundy::spec::{parse_with, SpecFiles};
/// struct InMemory;
/// impl SpecFiles for InMemory {
///     fn read(&self, _spec: &str, path: &str) -> grundy::Result<String> {
///         assert_eq!(path, "take-12.rhai");
///         Ok("fn moves(n) { let o = []; if n >= 1 { o.push(n - 1) } if n >= 2 { o.push(n - 2) } o }".into())
///     }
/// }
/// let mut game = parse_with("script:take-12.rhai", &InMemory).unwrap();
/// let v: Vec<u64> = game.values(0, 5).unwrap().iter().map(|g| g.value()).collect();
/// assert_eq!(v, [0, 1, 2, 0, 1, 2]);
/// ```
pub trait SpecFiles {
    /// The text of the game file `path`, named in the spec `spec` (for
    /// errors).
    fn read(&self, spec: &str, path: &str) -> Result<String>;

    /// The limits scripted games run under (default:
    /// [`ScriptLimits::default`]).
    fn script_limits(&self) -> Result<ScriptLimits> {
        Ok(ScriptLimits::default())
    }
}

/// The memory one value of a script may take (an array: 16 bytes per
/// element; a map: about 64 bytes per entry), 128 MiB: the default of
/// [`ScriptLimits::max_array_size`] and [`ScriptLimits::max_map_size`].
/// The data is checked after each operation, so a value may reach twice
/// this size just before it is refused.
pub const SCRIPT_VALUE_BYTES: usize = 128 << 20;

/// The default budget of operations of one command's script work
/// ([`ScriptLimits::max_total_operations`]): 600 million, about 27 s of
/// Rhai and 24 s of Lua on the machine that measured them (Rhai ran
/// 2.2·10^7 operations a second, Lua 1.5·10^8 instructions, in
/// `grundy values script:slow --to 100000` with a loop in `moves`; release
/// build, 2-core Xeon). A runaway script stops within about 30 s; honest
/// work past it raises the budget (`GRUNDY_SCRIPT_BUDGET` in the `grundy`
/// command and the Python package). It was 4·10^9 (3 min 22 s of Rhai in
/// silence) before issue 33.
pub const SCRIPT_BUDGET: u64 = 600_000_000;

/// Lua instructions counted as one operation of
/// [`ScriptLimits::max_total_operations`], so that one budget lasts about
/// as long in either language: Lua ran 6.7 times as many instructions a
/// second as Rhai ran operations (see [`SCRIPT_BUDGET`]); 6 keeps Lua's
/// budget slightly the shorter.
pub const LUA_INSTRUCTIONS_PER_OPERATION: u64 = 6;

/// Limits a script runs under (each call of `moves` separately).
#[derive(Clone, Debug)]
pub struct ScriptLimits {
    /// Operations (roughly: expressions evaluated) per call.
    pub max_operations: u64,
    /// Depth of nested function calls.
    pub max_call_levels: usize,
    /// Length of any string.
    pub max_string_size: usize,
    /// Elements of any array, nested ones counted too (so also the number
    /// of options). By default a memory limit: [`SCRIPT_VALUE_BYTES`] at
    /// 16 bytes per element (a script's value). Rhai checks sizes after
    /// each change by walking the data, so growing an array one `push` at
    /// a time costs time quadratic in its length (about 5 s for 100,000).
    pub max_array_size: usize,
    /// Size of any object map.
    pub max_map_size: usize,
    /// Positions the memo solver may store (general positions).
    pub max_positions: usize,
    /// Operations of all calls of one game together (the whole command),
    /// including the script's top level; for Lua each operation is
    /// [`LUA_INSTRUCTIONS_PER_OPERATION`] instructions. The default,
    /// [`SCRIPT_BUDGET`], stops a runaway script within about 30 s.
    pub max_total_operations: u64,
    /// Wall-clock time of one call (the top level included), checked
    /// between operations and at the entry of the native functions that
    /// can take long (see [`crate::script`], "Limits"):
    /// [`SCRIPT_CALL_TIME`] by default; the `grundy` command reads it
    /// from `GRUNDY_SCRIPT_CALL_SECONDS`.
    pub max_call_time: std::time::Duration,
    /// Wall-clock time of all calls of one game together (the whole
    /// command; time between calls, such as a `play` prompt, does not
    /// count): [`SCRIPT_TOTAL_TIME`] by default; the `grundy` command reads
    /// it from `GRUNDY_SCRIPT_SECONDS`.
    pub max_total_time: std::time::Duration,
    /// Bytes a call may allocate beyond what was live when it began (all
    /// of its values together), [`SCRIPT_MEMORY`] by default. Lua: the
    /// limit of the whole state (with [`ScriptLimits::max_array_size`] ×
    /// 16 bytes, the smaller; at least 4 MiB). Rhai: the bytes the calling
    /// thread allocates, as the program counts them
    /// ([`crate::script::count_memory_with`]; the `grundy` command does);
    /// without a count Rhai bounds each value
    /// ([`ScriptLimits::max_array_size`]), not their total.
    pub max_memory: usize,
}

/// The default of [`ScriptLimits::max_call_time`]: 5 s, 20 times what
/// the 5,000,000 operations of a call take in Rhai.
pub const SCRIPT_CALL_TIME: std::time::Duration = std::time::Duration::from_secs(5);

/// The default of [`ScriptLimits::max_total_time`]: 25 s, so that a
/// runaway script, whatever it calls, stops within about 30 s.
pub const SCRIPT_TOTAL_TIME: std::time::Duration = std::time::Duration::from_secs(25);

/// The default of [`ScriptLimits::max_memory`]: 256 MiB, two values of
/// the largest size [`SCRIPT_VALUE_BYTES`].
pub const SCRIPT_MEMORY: usize = 2 * SCRIPT_VALUE_BYTES;

impl Default for ScriptLimits {
    fn default() -> Self {
        ScriptLimits {
            max_operations: 5_000_000,
            max_call_levels: 64,
            max_string_size: 10_000,
            max_array_size: SCRIPT_VALUE_BYTES / 16,
            max_map_size: SCRIPT_VALUE_BYTES / 64,
            max_positions: 10_000_000,
            max_total_operations: SCRIPT_BUDGET,
            max_call_time: SCRIPT_CALL_TIME,
            max_total_time: SCRIPT_TOTAL_TIME,
            max_memory: SCRIPT_MEMORY,
        }
    }
}

/// No files: what [`parse`] uses. A spec naming a file is refused.
struct NoFiles;

impl SpecFiles for NoFiles {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        Err(Error::invalid_spec(
            spec,
            format!(
                "names the file `{path}`, and `spec::parse` reads no files: \
                 read it and pass its text with `spec::parse_with`"
            ),
        ))
    }
}

/// A family of games, as listed by `grundy games`.
pub struct Family {
    /// The name (the part of the spec before `:`).
    pub name: &'static str,
    /// The spec syntax, e.g. `sub:S` .
    pub syntax: &'static str,
    /// The position syntax, e.g. `N (a heap size)`.
    pub position: &'static str,
    /// One line on what the game is.
    pub about: &'static str,
    /// A position to try, as the arguments of `grundy analyze`, e.g.
    /// `sub:1,3,4 5` (file families name a file of `examples/games/`,
    /// relative to the repository).
    pub example: &'static str,
    parse: ParseFn,
}

/// Most components [`AnyGame::analyze`] takes in one sum (positions of a
/// game that [`parse`] returns).
pub const MAX_COMPONENTS: usize = 1 << 20;

/// Checks the size of a range of heaps asked of [`AnyGame::values`] at
/// once: at most [`MAX_VALUES_AT_ONCE`] values (they come back in memory,
/// 8 bytes each). Every game [`parse`] returns checks it, and a front-end
/// that asks for a range piece by piece checks the whole range with it
/// first. An empty range (`from > to`) passes: the game names it.
pub fn check_values_count(from: u64, to: u64) -> Result<()> {
    if to.saturating_sub(from) >= MAX_VALUES_AT_ONCE {
        return Err(Error::unsupported(format!(
            "`{from}..={to}` is {} values, too many at once (at most 2^28)",
            u128::from(to - from) + 1
        )));
    }
    Ok(())
}

/// The game [`parse`] returns: every family behind one check of the number
/// of positions, made here once instead of in each family (a family may
/// then rely on at least one and at most [`MAX_COMPONENTS`] positions).
/// Every method of [`AnyGame`] is forwarded.
struct Chosen(Box<dyn AnyGame>);

impl Chosen {
    fn check_count(&self, positions: &[String]) -> Result<()> {
        let empty_refused = positions.is_empty() && !self.0.accepts_empty_sum();
        if empty_refused || positions.len() > MAX_COMPONENTS {
            return Err(crate::error::ErrorKind::NoPositions {
                game: self.0.spec(),
                expected: format!("1 to {MAX_COMPONENTS}"),
                given: positions.len(),
            }
            .into());
        }
        Ok(())
    }
}

impl AnyGame for Chosen {
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        check_values_count(from, to)?;
        self.0.values(from, to)
    }

    fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        check_values_count(from, to)?;
        self.0.values_with(from, to, progress)
    }

    fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.0.set_time_limit(limit)
    }

    fn set_cancel(&mut self, cancel: crate::util::Cancel) {
        self.0.set_cancel(cancel)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        self.0.period_within(limit, time, progress)
    }

    fn period_until_proven(
        &mut self,
        budget: &crate::solve::ProofBudget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PeriodReport> {
        self.0.period_until_proven(budget, progress)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.check_count(positions)?;
        self.0.analyze(positions, options)
    }

    fn analyze_outcome(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.check_count(positions)?;
        self.0.analyze_outcome(positions, options)
    }

    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        outcome_only: bool,
    ) -> Result<Analysis<String>> {
        self.check_count(positions)?;
        self.0
            .analyze_without_moves(positions, options, outcome_only)
    }

    fn set_progress(&mut self, progress: Progress) {
        self.0.set_progress(progress)
    }

    fn save_table(&self) -> Result<Vec<u8>> {
        self.0.save_table()
    }

    fn load_table(&mut self, bytes: &[u8], name: &str) -> Result<()> {
        self.0.load_table(bytes, name)
    }

    fn table(&mut self, from: u64, to: u64) -> Result<Option<Vec<Vec<Nimber>>>> {
        self.0.table(from, to)
    }

    fn proven_laws(&self) -> Vec<crate::analysis::pattern::ProvenLaw> {
        self.0.proven_laws()
    }

    fn accepts_empty_sum(&self) -> bool {
        self.0.accepts_empty_sum()
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        self.0.options(component)
    }

    fn options_head(&mut self, component: &str, keep: usize) -> Result<OptionsHead> {
        self.0.options_head(component, keep)
    }

    fn find_option(&mut self, component: &str, to: &[String]) -> Result<Option<Vec<String>>> {
        self.0.find_option(component, to)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        self.0.normalize(component)
    }

    fn take_break(&self) -> Option<TakeBreak> {
        self.0.take_break()
    }

    fn misere_quotient(
        &mut self,
        heaps: u64,
        config: &crate::solve::QuotientConfig,
        progress: &mut dyn FnMut(&crate::solve::QuotientProgress) -> Result<()>,
    ) -> Result<crate::solve::MisereQuotient> {
        self.0.misere_quotient(heaps, config, progress)
    }
}

/// Parses a spec that names no file (see the module docs); `script:FILE`
/// and `toml:FILE` are refused: the library reads no files, see
/// [`parse_with`].
///
/// ```
/// let mut game = grundy::spec::parse("sub:1,3,4").unwrap();
/// let v: Vec<u64> = game.values(0, 8).unwrap().iter().map(|g| g.value()).collect();
/// assert_eq!(v, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// assert!(grundy::spec::parse("sub:").is_err());
/// ```
pub fn parse(spec: &str) -> Result<Box<dyn AnyGame>> {
    parse_with(spec, &NoFiles)
}

/// Parses a spec, taking the text of the files it names (`script:FILE`,
/// `toml:FILE`) from `files`.
pub fn parse_with(spec: &str, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    Ok(Box::new(Chosen(choose(spec, files)?)))
}

/// The game a spec names (see [`parse_with`]).
fn choose(spec: &str, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    let trimmed = spec.trim();
    if trimmed.is_empty() {
        return Err(Error::invalid_spec(
            spec,
            "the game spec is empty (try `nim` or `sub:1,3,4`)",
        ));
    }
    let (name, args) = match trimmed.split_once(':') {
        Some((n, a)) => (n, Some(a)),
        None => (trimmed, None),
    };
    let lower = name.to_ascii_lowercase();
    let starts_like_a_code = name.starts_with(|c: char| c.is_ascii_digit() || c == '.');
    match FAMILIES.iter().find(|f| f.name == lower) {
        Some(family) => (family.parse)(trimmed, args, files),
        None if starts_like_a_code && args.is_none() => families::octal::code(trimmed),
        None if args.is_none() && TakeBreak::named(name).is_some() => {
            match TakeBreak::named(name) {
                Some(game) => Ok(Box::new(HeapSpec::new(game))),
                None => Err(Error::invalid_spec(spec, "unknown game")),
            }
        }
        None => Err(Error::invalid_spec(
            spec,
            match closest_family(&lower) {
                Some(near) => format!("unknown game `{name}`: did you mean `{near}`?"),
                None => format!(
                    "unknown game `{name}` (known: {})",
                    FAMILIES
                        .iter()
                        .map(|f| f.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        )),
    }
}

/// The family name nearest to a mistyped `name`, when one is near enough
/// (edit distance at most 2, and less than half the name).
fn closest_family(name: &str) -> Option<&'static str> {
    FAMILIES
        .iter()
        .map(|f| (strsim::damerau_levenshtein(name, f.name), f.name))
        .filter(|&(d, near)| d <= 2 && 2 * d < near.len().max(name.len()))
        .min_by_key(|&(d, _)| d)
        .map(|(_, near)| near)
}

fn no_args(spec: &str, args: Option<&str>) -> Result<()> {
    match args {
        None => Ok(()),
        Some(_) => Err(Error::invalid_spec(spec, "this game takes no arguments")),
    }
}

fn number_list(spec: &str, args: Option<&str>) -> Result<Vec<u64>> {
    let args = args.unwrap_or("");
    if args.trim().is_empty() {
        return Err(Error::invalid_spec(
            spec,
            "the list of numbers is empty (e.g. `sub:1,3,4`)",
        ));
    }
    args.split(',')
        .map(|t| parse_u64(t).map_err(|r| Error::invalid_spec(spec, r)))
        .collect()
}

fn single_number(spec: &str, args: Option<&str>) -> Result<u64> {
    parse_u64(args.unwrap_or("")).map_err(|r| Error::invalid_spec(spec, r))
}

/// Parses a heap size given as a position. Heaps written as one list
/// (`3,4,5`) get a hint that the heaps of a sum are separate arguments.
pub fn parse_heap(text: &str) -> Result<u64> {
    parse_u64(text).map_err(|r| {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() > 1 && parts.iter().all(|p| parse_u64(p).is_ok()) {
            Error::invalid_position(
                text,
                format!(
                    "a heap is one number; the heaps of a sum are separate arguments: `{}`",
                    parts.join(" ")
                ),
            )
        } else {
            Error::invalid_position(text, r)
        }
    })
}

/// Parses the heap sizes of a sum (one per component).
fn parse_heaps(positions: &[String]) -> Result<Vec<u64>> {
    positions.iter().map(|p| parse_heap(p)).collect()
}

/// The periodicity found by a period search, for callers that format it.
pub fn describe_periodicity(p: &Periodicity) -> String {
    if p.saltus == 0 {
        format!("G(n + {}) = G(n) for n >= {}", p.period, p.preperiod)
    } else {
        format!(
            "G(n + {}) = G(n) + {} for n >= {}",
            p.period, p.saltus, p.preperiod
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_specs_name_what_is_wrong() {
        let msg = |s: &str| parse(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg("sub:").contains("empty"));
        assert!(msg("sub:0").contains("at least one token"));
        assert!(msg("sub:1,x").contains("`x` is not a non-negative integer"));
        assert!(msg("sub:-3").contains("negative"));
        assert!(msg("sub:99999999999999999999").contains("larger than"));
        assert!(msg("frobnicate").contains("unknown game `frobnicate`"));
        assert!(!msg("frobnicate").contains("did you mean"));
        assert!(msg("").contains("empty"));
        assert!(msg("bash:0").contains("at least 1"));
        assert!(msg("nim:3").contains("no arguments"));
    }

    #[test]
    fn a_spec_naming_a_file_is_not_read_by_parse() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/games/take-half.toml"
        );
        for spec in [format!("toml:{path}"), format!("script:{path}")] {
            let e = parse(&spec)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(e.contains("reads no files"), "{spec}: {e}");
            assert!(e.contains("parse_with"), "{spec}: {e}");
        }
    }

    #[test]
    fn a_mistyped_game_name_gets_a_did_you_mean() {
        let msg = |s: &str| parse(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            msg("kayls").contains("did you mean `kayles`?"),
            "{}",
            msg("kayls")
        );
        assert!(msg("wythof").contains("did you mean `wythoff`?"));
        assert!(msg("Laskr").contains("did you mean `lasker`?"));
        assert!(!msg("xy").contains("did you mean"), "{}", msg("xy"));
    }

    #[test]
    fn closed_form_games_list_their_moves_for_play() {
        let mut w = parse("wythoff").unwrap();
        let mut moves = w.options("1,1").unwrap();
        moves.sort();
        assert_eq!(moves, [vec!["0,0"], vec!["0,1"], vec!["1,0"]]);
        assert_eq!(w.normalize(" 03,5").unwrap(), "3,5");
        let e = w.options("1000000,1000000").unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");

        // Every listed move of a small position is one the analysis knows:
        // a winning move of an N-position is among the options.
        for spec in ["euclid", "staircase", "moore:2", "mult:100", "box"] {
            let mut g = parse(spec).unwrap();
            let position = match spec {
                "euclid" => "25,7",
                "staircase" | "moore:2" => "1,2,3",
                "mult:100" => "3",
                _ => "20,3",
            };
            let options = g.options(position).unwrap();
            let a = g
                .analyze(&[position.to_string()], &AnalyzeOptions::default())
                .unwrap();
            for m in &a.winning_moves {
                assert!(
                    options.contains(&m.to),
                    "{spec}: {:?} not among {options:?}",
                    m.to
                );
            }
            assert!(!options.is_empty(), "{spec}");
        }
    }
}
