//! The `grundy` command: a thin layer over the `grundy` library.
//!
//! `main` maps every error to one line on stderr and exit status 2 (a
//! closed pipe exits 0 quietly); `run` is one `match` over the commands.
//! No game logic lives here: commands parse, call the library, and print
//! through [`output`].

mod cli;
mod nim_cmd;
mod output;

use anyhow::Result;
use clap::Parser;
use cli::{Cli, Command};
use grundy::spec::{self, AnalyzeOptions};
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are not errors.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
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

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}

fn run(cli: Cli) -> Result<()> {
    let mut out = output::Printer::stdout();
    match cli.command {
        Command::Values(a) => {
            let mut game = spec::parse(&a.game)?;
            let from = a.from.unwrap_or(0);
            let values = game.values(from, a.to)?;
            out.values(&game.spec(), from, a.to, &values, a.format)?;
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
        Command::Nim(a) => out.number(nim_cmd::run(&a)?)?,
    }
    out.flush()
}
