//! The `grundy` command: a thin layer over the `grundy` library.
//!
//! `main` maps every error to one line on stderr and exit status 2 (a
//! closed pipe exits 0 quietly, a computation stopped by Ctrl-C exits 130);
//! `run` is one `match` over the commands.
//! No game logic lives here: commands parse, call the library, and print
//! through [`output`].

mod census_cmd;
mod cli;
mod compound_cmd;
mod disk;
mod files;
mod graph_out;
mod hackenbush_cmd;
mod interrupt;
mod longrun;
mod misere;
mod nim_cmd;
mod output;
mod pattern_cmd;
mod play;
mod plot;
mod print_values;
mod terminal;

use anyhow::Result;
use cli::{Cli, Command};
use grundy::analysis::value_stats;
use grundy::games::graph::GameGraph;
use grundy::service::DiskFiles;
use grundy::spec::{self, listed, AnalyzeOptions};
use grundy::ErrorKind;
use std::io::{self, Write};
use std::process::ExitCode;

/// Each thread's allocations are counted, so that the values of a Rhai
/// script are bounded in total (`ScriptLimits::max_memory`).
#[global_allocator]
static ALLOCATOR: grundy_alloc::CountingAlloc = grundy_alloc::CountingAlloc;

fn main() -> ExitCode {
    grundy::script::count_memory_with(grundy_alloc::live_bytes);
    let cli = match cli::parse() {
        Ok(cli) => cli,
        // --help and --version are not errors; neither is printing the
        // help when no command is given (but that exits 2).
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            let _ = writeln!(io::stderr().lock(), "{}", terminal::escape(&one_line(&e)));
            return ExitCode::from(2);
        }
    };
    // Hints about games and positions fit the commands that take a GAME.
    let takes_game = matches!(
        cli.command,
        Command::Values(_)
            | Command::Period(_)
            | Command::Pattern(_)
            | Command::Analyze(_)
            | Command::Misere(_)
            | Command::Play(_)
            | Command::Plot(_)
    );
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if interrupt::is_cancelled(&e) => {
            let _ = writeln!(io::stderr().lock(), "error: cancelled (Ctrl-C)");
            ExitCode::from(interrupt::EXIT_STATUS)
        }
        Err(e) => {
            let line = error_line(&e, takes_game);
            let _ = writeln!(io::stderr().lock(), "{}", terminal::escape(&line));
            ExitCode::from(2)
        }
    }
}

/// An error as one line, uv-style: `error: <what>` (the library names the
/// bad value in backticks), its causes after `: `, then a hint of what to
/// run instead where there is one. `main` prints it with its control
/// characters escaped ([`terminal::escape`]): a script's error message or
/// a file's line can hold any.
fn error_line(e: &anyhow::Error, takes_game: bool) -> String {
    let mut line = format!("error: {e}");
    for cause in e.chain().skip(1) {
        line.push_str(&format!(": {cause}"));
    }
    if let Some(hint) = e
        .chain()
        .filter(|_| takes_game)
        .find_map(|c| c.downcast_ref::<grundy::Error>())
        .and_then(hint)
    {
        line.push_str(&format!(" (hint: {hint})"));
    }
    line.replace('\n', " ")
}

/// What to try after a library error, when something helps.
fn hint(e: &grundy::Error) -> Option<&'static str> {
    match e.kind() {
        ErrorKind::InvalidSpec { .. } => Some("`grundy games` lists every game with its syntax"),
        ErrorKind::InvalidPosition { .. } => {
            Some("`grundy games` shows how each game writes a position")
        }
        ErrorKind::HeapTooLarge { .. } => {
            Some("`grundy period GAME` says whether a period is proven")
        }
        ErrorKind::LimitReached { .. } => {
            Some("`grundy values GAME --to N` computes the values to any heap, with progress")
        }
        ErrorKind::OutOfMemory { .. } | ErrorKind::TooManyPositions { .. } => {
            Some("ask for a smaller range")
        }
        ErrorKind::Script { .. } => {
            Some("`examples/games/` has working scripts; `grundy games` describes `script:`")
        }
        _ => None,
    }
}

/// A usage error of clap as the one line the contract asks for: its
/// first paragraph, joined, with the values it quotes in backticks.
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let first: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let line = first.join(" ").replace('\'', "`");
    let line = if line.starts_with("error:") {
        line
    } else {
        format!("error: {line}")
    };
    format!("{line} (hint: {})", usage_hint(e))
}

/// What to try after a usage error: the subcommand or option clap finds
/// nearest to a mistyped one, `--to N` for a bare number after a game, or
/// else where the commands are listed.
fn usage_hint(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let suggested = [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg]
        .into_iter()
        .find_map(|k| match e.get(k) {
            Some(ContextValue::String(s)) => Some(s.clone()),
            // clap sorts its suggestions by confidence, the best last.
            Some(ContextValue::Strings(v)) => v.last().cloned(),
            _ => None,
        });
    if let Some(s) = suggested {
        return format!("did you mean `{s}`?");
    }
    if e.kind() == clap::error::ErrorKind::UnknownArgument {
        let command = std::env::args().nth(1).unwrap_or_default();
        if let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) {
            let takes_to = matches!(command.as_str(), "values" | "plot" | "pattern");
            if takes_to && !arg.is_empty() && arg.bytes().all(|b| b.is_ascii_digit()) {
                return format!(
                    "the last heap is given with `--to`: `grundy {command} GAME --to {arg}`"
                );
            }
        }
    }
    "`grundy --help` lists the commands, `grundy COMMAND --help` their options".to_string()
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}

/// Values a period search computes when no `--limit` is given ...
const PERIOD_LIMIT: u64 = 1 << 20;
/// ... and how long it may take.
const PERIOD_TIME: std::time::Duration = std::time::Duration::from_secs(3);
/// How long `analyze` and `play` may compute values the user did not ask
/// for by size (a single huge heap with no proven period): past it they
/// stop with the limit named, and `values --to N` computes them instead.
const IMPLICIT_TIME: std::time::Duration = std::time::Duration::from_secs(1);
/// How long `plot` looks for a period to mark.
const PLOT_PERIOD_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// The spec with the `--param` parameters added (`script:F?k=3`).
fn with_params(game: &str, params: &[String]) -> Result<String> {
    if params.is_empty() {
        return Ok(game.to_string());
    }
    if !game.trim_start().starts_with("script:") {
        anyhow::bail!("`--param` is for scripted games (`script:FILE.rhai` or `script:FILE.lua`), not `{game}`");
    }
    let sep = if game.contains('?') { ',' } else { '?' };
    Ok(format!("{game}{sep}{}", params.join(",")))
}

fn run(cli: Cli) -> Result<()> {
    let mut out = output::Printer::stdout(cli.quiet);
    match cli.command {
        Command::Values(a) => {
            let mut game = spec::parse_with(&with_params(&a.game, &a.params)?, &DiskFiles)?;
            let from = a.from.unwrap_or(0);
            if let Some(path) = &a.output {
                disk::check_file("--output", path)?;
                disk::check_room("--output", path, a.to)?;
            }
            if let Some(path) = &a.checkpoint {
                disk::check_file("--checkpoint", path)?;
                disk::check_room("--checkpoint", path, a.to)?;
            }
            // The user named the heaps: they are computed however long it
            // takes, with progress, and Ctrl-C stops the work cleanly.
            interrupt::install();
            if longrun::applies(&a, game.as_ref())? {
                longrun::values(&a, game.as_mut(), &mut out)?;
            } else {
                match game.table(from, a.to)? {
                    Some(rows) => out.table(&game.spec(), from, a.to, &rows, a.format)?,
                    None => {
                        let values = longrun::values_with_progress(
                            game.as_mut(),
                            from,
                            a.to,
                            out.is_quiet(),
                        )?;
                        if a.stats {
                            let stats = value_stats(&values, from);
                            out.values_with_stats(
                                &game.spec(),
                                from,
                                a.to,
                                &values,
                                &stats,
                                a.format,
                            )?;
                        } else {
                            out.values(&game.spec(), from, a.to, &values, a.format)?;
                        }
                    }
                }
            }
        }
        Command::Period(a) => {
            let mut game = spec::parse_with(&with_params(&a.game, &a.params)?, &DiskFiles)?;
            if a.until_proven {
                let budget = grundy::solve::ProofBudget::new().time(a.time);
                let bar = longrun::progress_bar(0, out.is_quiet());
                let report = game.period_until_proven(&budget, &mut |n, to| {
                    bar.set_length(to.saturating_add(1));
                    bar.set_position(n);
                });
                bar.finish_and_clear();
                out.period(&game.spec(), &report?, a.format.into())?;
            } else {
                // `--limit` is honoured exactly; without it the search stops
                // early enough to answer in seconds.
                let (limit, time) = match a.limit {
                    Some(n) => (n, None),
                    None => (PERIOD_LIMIT, Some(PERIOD_TIME)),
                };
                let bar = longrun::progress_bar(limit, out.is_quiet());
                let report =
                    game.period_within(limit, time, &mut |n| bar.set_position(n.min(limit)));
                bar.finish_and_clear();
                out.period(&game.spec(), &report?, a.format.into())?;
            }
        }
        Command::Pattern(a) => {
            let text = with_params(&a.game, &a.params)?;
            let parse = || Ok(spec::parse_with(&text, &DiskFiles)?);
            pattern_cmd::run(&parse, &a, &mut out)?;
        }
        Command::Analyze(a) => {
            if let Some(path) = &a.table {
                // Saved after the search: its place is checked before.
                disk::check_file("--table", path)?;
            }
            let mut game = spec::parse_with(&with_params(&a.game, &a.params)?, &DiskFiles)?;
            game.set_time_limit(Some(IMPLICIT_TIME));
            if let Some(kind) = a.compound {
                let (starts, c) =
                    listed::analyze_compound(game.as_mut(), &a.positions, kind.into(), 100)?;
                compound_cmd::print(&mut out, &game.spec(), &starts, &c, a.format.into())?;
            } else if a.misere && a.table.is_none() && !a.outcome_only {
                let mut r = listed::analyze_misere(game.as_mut(), &a.positions)?;
                if a.no_moves {
                    r.analysis.drop_moves();
                }
                let m = output::Misere::of(&r);
                out.analysis(&game.spec(), &r.analysis, Some(&m), a.format.into())?;
            } else {
                if let Some(path) = &a.table {
                    files::load_table(game.as_mut(), path)?;
                }
                let options = AnalyzeOptions { misere: a.misere };
                let progress = longrun::search_progress(game.as_mut(), out.is_quiet());
                let analysis = if a.no_moves {
                    game.analyze_without_moves(&a.positions, &options, a.outcome_only)
                } else if a.outcome_only {
                    game.analyze_outcome(&a.positions, &options)
                } else {
                    game.analyze(&a.positions, &options)
                };
                progress.finish_and_clear();
                // The table is saved even when the search stopped at a limit:
                // what it learned is kept for the next run.
                if let Some(path) = &a.table {
                    files::save_table(game.as_ref(), path)?;
                }
                // The family's own misère analysis: the outcome and the
                // moves, no misère value.
                let misere = a.misere.then_some(output::Misere {
                    method: listed::MisereMethod::Family,
                    misere_value: None,
                    normal_value: None,
                });
                out.analysis(&game.spec(), &analysis?, misere.as_ref(), a.format.into())?;
            }
        }
        Command::Play(a) => {
            let mut game = spec::parse_with(&with_params(&a.game, &a.params)?, &DiskFiles)?;
            game.set_time_limit(Some(IMPLICIT_TIME));
            let session = if a.misere {
                grundy::play::Match::new_misere(game, &a.positions)?
            } else {
                grundy::play::Match::new(game, &a.positions)?
            };
            let stdin = io::stdin();
            play::run(session, a.first, cli.quiet, &mut stdin.lock(), &mut out)?;
        }
        Command::Plot(a) => {
            // The image's path is checked before the values are computed.
            plot::check_output(&a.output)?;
            let mut game = spec::parse_with(&with_params(&a.game, &a.params)?, &DiskFiles)?;
            let from = a.from.unwrap_or(0);
            let dots =
                plot::Dots::from_chunks(from, a.to, a.width, a.height, &mut |start, len| {
                    Ok(game.values(start, start + (len - 1))?)
                })?;
            // A proven period is marked; the search computes at most a few
            // thousand values beyond what is plotted, for at most a second.
            let limit = a.to.saturating_add(1).max(1 << 12);
            let report = game
                .period_within(limit, Some(PLOT_PERIOD_TIME), &mut |_| {})
                .ok();
            let request = plot::Request {
                spec: game.spec(),
                dots: &dots,
                period: report.and_then(|r| r.periodicity.filter(|_| r.certified)),
                width: a.width,
                height: a.height,
            };
            let kind = plot::render(&request, &a.output)?;
            out.note(&format!(
                "wrote `{}` ({kind}, {}x{}, G({from}..={}))",
                a.output.display(),
                a.width,
                a.height,
                a.to
            ))?;
        }
        Command::Misere(a) => {
            let mut game = spec::parse_with(&a.game, &DiskFiles)?;
            interrupt::install();
            let q = misere::quotient(game.as_mut(), a.heaps, out.is_quiet())?;
            misere::print(&mut out, &game.spec(), &q, a.format.into())?;
        }
        Command::Games(a) => out.games(grundy::spec::FAMILIES, a.format.into())?,
        Command::Completions(a) => {
            let mut cmd = cli::command();
            let mut buf = Vec::new();
            clap_complete::generate(a.shell, &mut cmd, "grundy", &mut buf);
            out.raw(&buf)?;
        }
        Command::Census(a) => census_cmd::run(&a, &mut out)?,
        Command::Nim(a) => out.number(nim_cmd::run(&a)?)?,
        Command::Hackenbush(a) => hackenbush_cmd::run(&a, &mut out)?,
        Command::Graph(a) => {
            let path = a.file.display();
            // A regular file only: a FIFO or a device (`/dev/zero`) is
            // refused at once; the reader bounds lines and length.
            let file = grundy::files::open_regular(&a.file)?;
            let graph = GameGraph::read(io::BufReader::with_capacity(1 << 16, file))
                .map_err(|e| anyhow::anyhow!("`{path}`: {e}"))?;
            if graph.vertex_count() == 0 {
                anyhow::bail!(
                    "`{path}` is an empty graph: no vertices (write one move `FROM TO` per line)"
                );
            }
            let values = graph.values();
            let analysis = if a.tokens.is_empty() {
                None
            } else {
                let tokens = graph.vertices_named(&a.tokens)?;
                Some(
                    values
                        .analyze(&tokens)?
                        .map(|v| graph.name(*v).into_owned()),
                )
            };
            out.graph(&values, &a.tokens, analysis.as_ref(), a.format.into())?;
        }
    }
    out.flush()
}
