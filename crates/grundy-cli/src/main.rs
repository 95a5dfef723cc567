//! The `grundy` command: a thin layer over the `grundy` library.
//!
//! `main` maps every error to one line on stderr and exit status 2 (a
//! closed pipe exits 0 quietly); `run` is one `match` over the commands.
//! No game logic lives here: commands parse, call the library, and print
//! through [`output`].

mod cli;
mod longrun;
mod output;

use anyhow::Result;
use clap::Parser;
use cli::{Cli, Command};
use grundy::analysis::value_stats;
use grundy::games::graph::GameGraph;
use grundy::solve::TableView;
use grundy::spec::{self, AnalyzeOptions};
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
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
            let _ = writeln!(io::stderr().lock(), "{}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let mut stderr = io::stderr().lock();
            let _ = writeln!(stderr, "error: {e}");
            for cause in e.chain().skip(1) {
                let _ = writeln!(stderr, "  Caused by: {cause}");
            }
            ExitCode::from(2)
        }
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
    if line.starts_with("error:") {
        line
    } else {
        format!("error: {line}")
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> Result<()> {
    let mut out = output::Printer::stdout();
    match cli.command {
        Command::Values(a) if longrun::applies(&a)? => longrun::values(&a, &mut out)?,
        Command::Values(a) => {
            let mut game = spec::parse(&a.game)?;
            let from = a.from.unwrap_or(0);
            match game.table(from, a.to)? {
                Some(rows) => out.table(&game.spec(), from, a.to, &rows, a.format)?,
                None => {
                    let values = game.values(from, a.to)?;
                    if a.stats {
                        let stats = value_stats(TableView::Nimbers(&values), from);
                        out.values_with_stats(&game.spec(), from, a.to, &values, &stats, a.format)?;
                    } else {
                        out.values(&game.spec(), from, a.to, &values, a.format)?;
                    }
                }
            }
        }
        Command::Period(a) => {
            let mut game = spec::parse(&a.game)?;
            let report = game.period(a.limit)?;
            out.period(&game.spec(), &report, a.format)?;
        }
        Command::Analyze(a) => {
            let mut game = spec::parse(&a.game)?;
            let analysis = game.analyze(&a.positions, &AnalyzeOptions { misere: a.misere })?;
            out.analysis(&game.spec(), &analysis, a.misere, a.format)?;
        }
        Command::Graph(a) => {
            let path = a.file.display();
            let file = std::fs::File::open(&a.file)
                .map_err(|e| anyhow::anyhow!("cannot read `{path}`: {e}"))?;
            let graph = GameGraph::read(io::BufReader::with_capacity(1 << 16, file))
                .map_err(|e| anyhow::anyhow!("`{path}`: {e}"))?;
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
            out.graph(&values, &a.tokens, analysis.as_ref(), a.format)?;
        }
    }
    out.flush()
}
