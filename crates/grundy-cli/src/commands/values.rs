//! `grundy values`: its arguments, the values of a range printed as a
//! table ([`run`]), and long runs.
//!
//! Long runs of `grundy values` on take-and-break games: a progress bar on
//! stderr, checkpoints every few seconds, resuming, values files in and
//! out, a closing checksum.
//!
//! Only orchestration lives here: the engine
//! ([`TakeBreakSolver`]), the file format and its atomic writing
//! ([`grundy::solve::values_file`]) and the checksum are the library's. This
//! module decides when to checkpoint, draws the bar (hidden when stderr is
//! not a terminal, or with `--quiet`); the memory a run may take and the
//! long-run decision are the library's ([`grundy::service`]).

use crate::format::{self, EngineMethod, Format};
use crate::printer::Printer;
use crate::progress::progress_bar;
use anyhow::{bail, Context, Result};
use clap::Args;
use grundy::analysis::value_stats;
use grundy::analysis::{PeriodTheorem, Periodicity};
use grundy::error::{Error, ErrorKind};
use grundy::games::subtraction::MAX_CODE_MOVE;
use grundy::games::TakeBreak;
use grundy::solve::takebreak::stream_values;
use grundy::solve::takebreak::TABLE_IN_FILE_FROM;
use grundy::solve::{
    extend_certifying, read_values_within, write_values, Method, PeriodicFill, TableView,
    TakeBreakConfig, TakeBreakSolver, WriteLock,
};
use grundy::spec::AnyGame;
use grundy::{HeapGame, Nimber};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Whether `grundy values` takes the long-run path: `--input`, a long-run
/// flag ([`ValuesArgs::names_the_engine`]), or the library's long-run
/// decision ([`grundy::service::takes_engine`]); an error when long-run flags are given for a
/// game without a take-and-break form ([`AnyGame::take_break`]). A large
/// range alone takes it only for a take-and-break game itself (an octal or
/// hexadecimal code, a named one) whose period is not known.
pub fn applies(a: &ValuesArgs, game: &dyn AnyGame) -> Result<bool> {
    if a.input.is_some() {
        return Ok(true);
    }
    if !a.names_the_engine() {
        // A large range alone: the library's long-run decision.
        let from = a.from.unwrap_or(0);
        return Ok(grundy::service::takes_engine(game, from, a.to).is_some());
    }
    take_break(game).map(|_| true).context(
        "`--output`, `--checkpoint`, `--resume`, `--threads` and `--method` work with take-and-break games",
    )
}

/// The take-and-break form of `game`, or an error saying it has none.
fn take_break(game: &dyn AnyGame) -> Result<TakeBreak> {
    game.take_break().ok_or_else(|| {
        let e: Error = ErrorKind::InvalidSpec {
            spec: game.spec(),
            reason: format!(
                "not a take-and-break game (a code such as `0.07`, `hex:0.3F`, a name such as \
                 `kayles`, or nim, `bash:M`, `sub:S` with moves up to {MAX_CODE_MOVE})"
            ),
        }
        .into();
        e.into()
    })
}

/// `G(from..=to)` of `game`, with a progress bar of the values known on
/// stderr (hidden as [`progress_bar`] says) while a table is computed, and
/// Ctrl-C stopping the work ([`crate::interrupt`]).
pub fn values_with_progress(
    game: &mut dyn AnyGame,
    from: u64,
    to: u64,
    quiet: bool,
) -> Result<Vec<Nimber>> {
    let _watch = crate::interrupt::Watch::start();
    let total = to.saturating_add(1);
    let bar = progress_bar(total, quiet);
    Ok(game.values_with(from, to, &mut |n| {
        bar.set_position(n.min(total));
        crate::interrupt::check()
    })?)
}

/// `grundy values` for a long run (see the module docs).
///
/// The values are the take-and-break form's, and files and messages name
/// the game by its code (`nim` is `0.3r`), so a file of `bash:3` and one of
/// `0.333` are the same. A game that is not a code itself (`nim`, `bash:`,
/// `sub:`) with no flag but `--output` takes its values from `any` (nim's
/// formula, a proven period) instead of the engine.
pub fn values(a: &ValuesArgs, any: &mut dyn AnyGame, out: &mut Printer) -> Result<()> {
    let from = a.from.unwrap_or(0);
    if from > a.to {
        bail!("empty range: from `{from}` is larger than to `{}`", a.to);
    }
    // The files this run writes, held until it ends: a second run writing
    // one of them is refused now, not after its work.
    if a.output.is_some() && a.output == a.checkpoint {
        bail!("`--output` and `--checkpoint` name the same file");
    }
    let held = Held {
        output: a.output.as_deref().map(WriteLock::acquire).transpose()?,
        checkpoint: a
            .checkpoint
            .as_deref()
            .map(WriteLock::acquire)
            .transpose()?,
    };
    if let Some(path) = &a.input {
        let game = take_break(any).context("values files hold values of take-and-break games")?;
        let spec = game.spec();
        let budget = grundy::service::memory_budget();
        let file = read_values_within(path, budget)?;
        if file.game != spec {
            bail!(
                "`{}` holds values of `{}`, not of `{}`",
                path.display(),
                file.game,
                a.game
            );
        }
        let have = file.table.len() as u64;
        if a.to >= have {
            bail!(
                "`{}` holds G(0..={}), so `--to {}` is beyond it",
                path.display(),
                have.saturating_sub(1),
                a.to
            );
        }
        // (The same checks as a resumed run: the values are this game's.)
        let config = TakeBreakConfig::default().max_bytes(budget);
        let solver =
            TakeBreakSolver::resume_from(game, config, file.table, &path.display().to_string())?;
        report_check(out, path, &solver)?;
        return print(a, &held, out, &spec, solver.table().view());
    }
    let game = take_break(any)?;
    let spec = game.spec();
    let engine_only = a.checkpoint.is_some()
        || a.resume.is_some()
        || a.threads.is_some()
        || a.method.is_some()
        || a.low_memory;
    // Certify as you go, then fill: a finite code's engine stops at the
    // first proven period, and the values beyond come from it. A
    // checkpoint, a resumed run, a chosen method or the low-memory mode
    // ask for the engine itself, to the last heap.
    let fills = a.checkpoint.is_none()
        && a.resume.is_none()
        && a.method.is_none()
        && !a.low_memory
        && game.period_theorem() != PeriodTheorem::None;
    if spec != any.spec() && !engine_only && !fills {
        let values = values_with_progress(any, 0, a.to, out.is_quiet())?;
        return print(a, &held, out, &spec, TableView::Nimbers(&values));
    }
    if let (true, Some(path), Some(lock)) = (a.low_memory, &a.output, &held.output) {
        let bar = progress_bar(a.to + 1, out.is_quiet());
        let checksum = stream_values(&game, a.to, lock, &mut |done| bar.set_position(done))?;
        bar.finish_and_clear();
        report_written(out, &spec, a.to, path, checksum)?;
        return report_checksum(out, a.to, checksum);
    }
    let threads = match a.threads {
        Some(0) => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(t) => t,
        None => 1,
    };
    let method = match a.method {
        Some(EngineMethod::Plain) => Method::Plain,
        Some(EngineMethod::Naive) => Method::Naive,
        Some(EngineMethod::Auto) | None => Method::Auto,
    };
    let config = TakeBreakConfig::default()
        .max_bytes(grundy::service::memory_budget())
        .threads(threads)
        .method(method);
    // A large run into a file keeps its table in that file (see
    // `table_in_file`), said on stderr.
    let in_file = table_in_file(a, &held, out)?;
    if fills {
        let mut solver = TakeBreakSolver::with_config(game, config);
        if let Some(lock) = in_file {
            solver.keep_table_in_file(lock, a.to)?;
        }
        return match certify(a, &mut solver, out)? {
            Some(p) => print_fill(
                a,
                &held,
                out,
                &spec,
                &PeriodicFill::new(solver.table().view(), p)?,
            ),
            None if solver.table_in_file() => finish_in_file(a, out, &spec, solver),
            None => print(a, &held, out, &spec, solver.table().view()),
        };
    }
    let mut solver = match &a.resume {
        Some(path) => {
            let file = read_values_within(path, config.max_bytes)?;
            if file.game != spec {
                bail!(
                    "`{}` is a checkpoint of `{}`, not of `{spec}`",
                    path.display(),
                    file.game
                );
            }
            let solver = TakeBreakSolver::resume_from(
                game,
                config,
                file.table,
                &path.display().to_string(),
            )?;
            report_check(out, path, &solver)?;
            solver
        }
        None => TakeBreakSolver::with_config(game, config),
    };
    if let Some(lock) = in_file {
        solver.keep_table_in_file(lock, a.to)?;
    }
    solver.check_memory(a.to)?;
    let bar = progress_bar(a.to + 1, out.is_quiet());
    let every = a.checkpoint_every.unwrap_or(Duration::from_secs(60));
    let mut last_checkpoint = Instant::now();
    let watch = crate::interrupt::Watch::start();
    solver.extend_with(a.to, &mut |s| {
        bar.set_position(s.len().min(a.to + 1));
        crate::interrupt::check()?;
        if let Some(lock) = &held.checkpoint {
            if last_checkpoint.elapsed() >= every {
                write_values(lock, &spec, s.table().view())?;
                last_checkpoint = Instant::now();
            }
        }
        Ok(())
    })?;
    drop(watch);
    bar.finish_and_clear();
    if let Some(lock) = &held.checkpoint {
        write_values(lock, &spec, solver.table().view())?;
    }
    if solver.table_in_file() {
        return finish_in_file(a, out, &spec, solver);
    }
    print(a, &held, out, &spec, solver.table().view())
}

/// The lock of `--output` when this run keeps its table in that file
/// (`--table-in-file`, or `--output` with more than
/// [`TABLE_IN_FILE_FROM`] values), after saying so on stderr unless quiet.
fn table_in_file<'h>(
    a: &ValuesArgs,
    held: &'h Held,
    out: &mut Printer,
) -> Result<Option<&'h WriteLock>> {
    let Some(lock) = &held.output else {
        return Ok(None);
    };
    if !a.table_in_file && a.to < TABLE_IN_FILE_FROM {
        return Ok(None);
    }
    if !out.is_quiet() {
        out.note(&format!(
            "the table is kept in a temporary file beside `{}` (page cache, not memory), which becomes it",
            lock.path().display()
        ))?;
    }
    Ok(Some(lock))
}

/// The end of a run whose table is in the `--output` file: `G(0..=to)`
/// made the values file in place ([`TakeBreakSolver::finish_table_file`]),
/// reported as [`print`] reports a file written.
fn finish_in_file(
    a: &ValuesArgs,
    out: &mut Printer,
    spec: &str,
    solver: TakeBreakSolver,
) -> Result<()> {
    let checksum = solver.finish_table_file(a.to + 1)?;
    if let Some(path) = &a.output {
        report_written(out, spec, a.to, path, checksum)?;
    }
    report_checksum(out, a.to, checksum)
}

/// The files a long run writes, held against other runs while it runs.
struct Held {
    output: Option<WriteLock>,
    checkpoint: Option<WriteLock>,
}

/// Says, unless quiet, how much of the table read from `path` was checked
/// against the rules (a sample, or all of it).
fn report_check(out: &mut Printer, path: &std::path::Path, solver: &TakeBreakSolver) -> Result<()> {
    if let (Some(check), false) = (solver.table_check(), out.is_quiet()) {
        out.note(&format!("{}: {check}", path.display()))?;
    }
    Ok(())
}

/// Values a long run too large for memory computes while looking for a
/// proven period before it is refused ...
const FILL_SEARCH: u64 = 1 << 22;
/// ... and how long it may look.
const FILL_SEARCH_TIME: Duration = Duration::from_secs(3);

/// Runs the engine towards `G(0..=to)`, stopping at the first proven
/// period ([`extend_certifying`]): the periodicity, or `None` when the
/// table reached `to` without one. A table to `to` that would not fit in
/// memory is not refused at once: a period proven within the first
/// [`FILL_SEARCH`] values (or [`FILL_SEARCH_TIME`]) answers every heap
/// with nothing but its prefix; only without one is the run refused.
fn certify(
    a: &ValuesArgs,
    solver: &mut TakeBreakSolver,
    out: &mut Printer,
) -> Result<Option<Periodicity>> {
    let bar = progress_bar(a.to + 1, out.is_quiet());
    let watch = crate::interrupt::Watch::start();
    let mut show = |s: &TakeBreakSolver| {
        bar.set_position(s.len().min(a.to + 1));
        crate::interrupt::check()
    };
    let found = if solver.check_memory(a.to).is_ok() {
        extend_certifying(solver, a.to, None, &mut show)?
    } else {
        let deadline = Instant::now() + FILL_SEARCH_TIME;
        let search =
            extend_certifying(solver, a.to.min(FILL_SEARCH - 1), Some(deadline), &mut show);
        match search {
            Ok(Some(p)) => Some(p),
            Err(e) if matches!(e.kind(), ErrorKind::Cancelled) => return Err(e.into()),
            _ => {
                let spec = solver.game().spec();
                let searched = solver.len();
                solver.check_memory(a.to).with_context(|| {
                    format!("no period of `{spec}` is proven by its first {searched} values")
                })?;
                None
            }
        }
    };
    drop(watch);
    bar.finish_and_clear();
    if let (Some(p), false) = (found, out.is_quiet()) {
        out.note(&format!(
            "{}: period {} from heap {} proven after {} values; the rest filled from it",
            solver.game().spec(),
            p.period,
            p.preperiod,
            solver.len()
        ))?;
    }
    Ok(found)
}

/// [`print`] from a proven period: the values are filled as they are
/// printed or written, so any range streams in the memory of the prefix.
fn print_fill(
    a: &ValuesArgs,
    held: &Held,
    out: &mut Printer,
    spec: &str,
    fill: &PeriodicFill,
) -> Result<()> {
    let from = a.from.unwrap_or(0);
    if let (Some(path), Some(lock)) = (&a.output, &held.output) {
        let checksum = fill.write_file(lock, spec, a.to)?;
        report_written(out, spec, a.to, path, checksum)?;
        return report_checksum(out, a.to, checksum);
    }
    if a.stats {
        if a.to - from >= grundy::solve::MAX_VALUES_AT_ONCE {
            bail!(
                "`--stats` holds the values in memory: at most 2^28 of them, not {}",
                u128::from(a.to - from) + 1
            );
        }
        let mut values = vec![0u64; (a.to - from + 1) as usize];
        fill.fill(from, &mut values)?;
        let values: Vec<Nimber> = values.into_iter().map(Nimber::new).collect();
        let stats = value_stats(&values, from);
        out.values_with_stats(spec, from, a.to, &values, &stats, a.format)?;
    } else {
        out.values_with(spec, from, a.to, a.format, &mut |start, buf| {
            Ok(fill.fill(start, buf)?)
        })?;
    }
    if out.is_quiet() {
        return Ok(());
    }
    report_checksum(out, a.to, fill.checksum_to(a.to)?)
}

/// Prints or writes `G(from..=to)` and, unless quiet, the checksum of
/// `G(0..=to)` on stderr.
fn print(
    a: &ValuesArgs,
    held: &Held,
    out: &mut Printer,
    spec: &str,
    view: TableView<'_>,
) -> Result<()> {
    let from = a.from.unwrap_or(0);
    let prefix = view.prefix(a.to as usize + 1);
    let checksum = if let (Some(path), Some(lock)) = (&a.output, &held.output) {
        // (Writing the file computes the checksum: not twice.)
        let checksum = write_values(lock, spec, prefix)?;
        report_written(out, spec, a.to, path, checksum)?;
        checksum
    } else {
        if a.stats {
            let values = prefix.to_nimbers(from as usize, a.to as usize);
            let stats = value_stats(&values, from);
            out.values_with_stats(spec, from, a.to, &values, &stats, a.format)?;
        } else {
            out.values_view(spec, from, a.to, prefix, a.format)?;
        }
        // (Only shown when not quiet: a pass over the table for nothing
        // otherwise, 3% of a printed run of 0.106 to 2^22.)
        if out.is_quiet() {
            return Ok(());
        }
        prefix.checksum()
    };
    report_checksum(out, a.to, checksum)
}

/// The line saying `G(0..=to)` went to the values file `path`.
fn report_written(
    out: &mut Printer,
    spec: &str,
    to: u64,
    path: &std::path::Path,
    checksum: u64,
) -> Result<()> {
    out.line(&format!(
        "{spec}: G(0..={to}) written to {} ({} values), checksum {checksum:016x}",
        path.display(),
        to + 1
    ))
}

/// The checksum of `G(0..=to)` on stderr, unless quiet (so runs and tools
/// can be compared).
fn report_checksum(out: &mut Printer, to: u64, checksum: u64) -> Result<()> {
    if !out.is_quiet() {
        out.note(&format!(
            "checksum of G(0..={to}) (FNV-1a): {checksum:016x}"
        ))?;
    }
    Ok(())
}

/// Arguments of `grundy values`.
#[derive(Args, Debug)]
pub struct ValuesArgs {
    /// The game, e.g. `sub:1,3,4`.
    pub game: String,
    /// A parameter of a scripted game, `NAME=VALUE` (repeatable): the
    /// same as `script:FILE?NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Last heap size (inclusive).
    #[arg(long, value_parser = format::number, allow_negative_numbers = true)]
    pub to: u64,
    /// First heap size (default 0).
    #[arg(long, value_parser = format::number, allow_negative_numbers = true)]
    pub from: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// Print the table of tuples of K coordinates, each in FROM..=TO
    /// (`moore:K` and scripts on tuples; for a heap game, the sum of K
    /// heaps). A script whose positions are tuples of 3 or more numbers
    /// gets its own width without it.
    #[arg(long, value_name = "K", value_parser = format::dims,
          conflicts_with_all = ["stats", "output", "input", "checkpoint", "resume", "low_memory"])]
    pub dims: Option<usize>,
    /// Also report the largest value, the count of each value and the best
    /// rare/common split ("sparse space"); text or json.
    #[arg(long)]
    pub stats: bool,
    /// Write G(0..=TO) to FILE (compact binary, with a header: game, count,
    /// width, checksum) instead of printing them; take-and-break games.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Read the values from FILE (written by `--output` or `--checkpoint`)
    /// instead of computing them.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["resume", "checkpoint", "output"])]
    pub input: Option<PathBuf>,
    /// Save the state to FILE every `--checkpoint-every` seconds (written
    /// atomically, with a checksum), so that `--resume FILE` can continue a
    /// run that was killed.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints (default 60; fractions allowed).
    // The default is applied by the caller: a float default would be
    // formatted by clap, with the float formatting code, at every start.
    #[arg(long, value_name = "SECONDS", value_parser = format::seconds)]
    pub checkpoint_every: Option<Duration>,
    /// Continue from a checkpoint (or any values file of the same game).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Worker threads (take-and-break games), 1 to 256; 0 = one per core.
    #[arg(long, value_name = "N", value_parser = format::threads)]
    pub threads: Option<usize>,
    /// Keep the table in the `--output` file (memory-mapped: page cache,
    /// not memory) instead of memory, for runs too large for memory;
    /// values below 65536. Automatic from 2^29 values.
    #[arg(long, requires = "output", conflicts_with_all = ["low_memory"])]
    pub table_in_file: bool,
    /// Keep only the last values in memory and stream the rest to
    /// `--output` (codes whose moves leave at most one heap).
    #[arg(long, requires = "output", conflicts_with_all = ["checkpoint", "resume", "input"])]
    pub low_memory: bool,
    /// How a take-and-break game's values are computed (all give the same
    /// values): `auto` (rare/common when the values split), `plain`
    /// (vectorized search), `naive` (the definition).
    #[arg(long, value_enum)]
    pub method: Option<EngineMethod>,
}

impl ValuesArgs {
    /// Whether a long-run flag is given (`--output`, `--checkpoint`,
    /// `--resume`, `--threads`, `--method`, `--low-memory`): the user asked
    /// for the take-and-break engine by name.
    fn names_the_engine(&self) -> bool {
        self.output.is_some()
            || self.checkpoint.is_some()
            || self.resume.is_some()
            || self.threads.is_some()
            || self.method.is_some()
            || self.low_memory
    }
}

/// `grundy values`: the game's values of a range, printed (or, for a long
/// run, written to a file) as the arguments say.
pub fn run(a: &ValuesArgs, out: &mut Printer) -> Result<()> {
    let mut game = crate::game::parse(&a.game, &a.params)?;
    let from = a.from.unwrap_or(0);
    if let Some(path) = &a.output {
        crate::disk::check_file("--output", path)?;
        crate::disk::check_room("--output", path, a.to)?;
    }
    if let Some(path) = &a.checkpoint {
        crate::disk::check_file("--checkpoint", path)?;
        crate::disk::check_room("--checkpoint", path, a.to)?;
    }
    // The user named the heaps: they are computed however long it
    // takes, with progress, and Ctrl-C stops the work cleanly.
    crate::interrupt::install();
    if game.is_turn_aware() {
        if a.dims.is_some() {
            bail!(
                "`--dims` tabulates nim-values of tuples; `{}` is turn-aware (its table is of \
                 outcome classes of heaps)",
                game.spec()
            );
        }
        let classes = game.outcome_classes(from, a.to)?;
        return out.outcome_classes(&game.spec(), from, &classes, a.format);
    }
    if let Some(width) = crate::game::tuple_width(game.as_mut(), a.dims)? {
        return tuples(game.as_mut(), width, from, a.to, out, a.format);
    }
    if applies(a, game.as_ref())? {
        return values(a, game.as_mut(), out);
    }
    if let Some(rows) = game.table(from, a.to)? {
        return out.table(&game.spec(), from, a.to, &rows, a.format);
    }
    let family = game.tabulated()? == Some(grundy::spec::Tabulated::Family);
    let values = values_with_progress(game.as_mut(), from, a.to, out.is_quiet())?;
    if family && !a.stats {
        return out.family_values(&game.spec(), from, a.to, &values, a.format);
    }
    if a.stats {
        let stats = value_stats(&values, from);
        out.values_with_stats(&game.spec(), from, a.to, &values, &stats, a.format)
    } else {
        out.values(&game.spec(), from, a.to, &values, a.format)
    }
}

/// `grundy values` of a table of tuples of `width` coordinates, each in
/// `from..=to`, with a progress bar of the positions done and Ctrl-C
/// stopping the work.
fn tuples(
    game: &mut dyn AnyGame,
    width: usize,
    from: u64,
    to: u64,
    out: &mut Printer,
    format: Format,
) -> Result<()> {
    let spec = game.spec();
    let total = grundy::analysis::pattern::TupleTable::positions(width, from, to)? as u64;
    let _watch = crate::interrupt::Watch::start();
    let bar = progress_bar(total, out.is_quiet());
    let table = game
        .tuple_table(width, from, to, &mut |done| {
            bar.set_position(done);
            crate::interrupt::check()
        })?
        .with_context(|| {
            format!(
                "`{spec}` has no table of tuples: its positions are neither tuples of numbers \
                 nor heaps (a tuple of heaps is their sum)"
            )
        })?;
    bar.finish_and_clear();
    out.tuple_table(&spec, &table, format)
}
