//! The `grundy` command: a thin layer over the `grundy` library.
//!
//! `main` parses the arguments ([`cli`]), dispatches to the command's
//! `run` ([`commands`]), and maps every error to one line on stderr
//! ([`errors`]) and exit status 2 (a closed pipe exits 0 quietly, a
//! computation stopped by Ctrl-C exits 130).
//! No game logic lives here: commands parse, call the library, and print
//! through [`printer`].
//!
//! The files are layered, bottom to top, with no import upward or
//! sideways (`tests/suite/layers.rs`): `format`, `terminal`, `errors`, `alloc`,
//! `interrupt`, `disk`, `files`, `batch` (leaves); `progress`, `game` and the
//! printer's parts; `printer`; `commands/*`; `cli`; `server`; `main`.

#![deny(clippy::too_many_lines)]

mod batch;
mod cli;
mod commands;
mod disk;
mod errors;
mod files;
mod format;
mod game;
mod interrupt;
mod printer;
mod progress;
mod server;
mod terminal;

use anyhow::Result;
use cli::{Cli, Command};
use commands::*;
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
            let line = errors::one_line(&e);
            let _ = writeln!(io::stderr().lock(), "{}", terminal::escape(&line));
            return ExitCode::from(2);
        }
    };
    let takes_game = cli.command.takes_game();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if errors::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) if interrupt::is_cancelled(&e) => {
            let _ = writeln!(io::stderr().lock(), "error: cancelled (Ctrl-C)");
            ExitCode::from(interrupt::EXIT_STATUS)
        }
        Err(e) => {
            let line = errors::error_line(&e, takes_game);
            let _ = writeln!(io::stderr().lock(), "{}", terminal::escape(&line));
            ExitCode::from(2)
        }
    }
}

/// The command's `run`, its output flushed.
fn run(cli: Cli) -> Result<()> {
    let out = &mut printer::Printer::stdout(cli.quiet);
    match &cli.command {
        Command::Values(a) => values::run(a, out)?,
        Command::Period(a) => period::run(a, out)?,
        Command::Pattern(a) => pattern::run(a, out)?,
        Command::Analyze(a) => analyze::run(a, out)?,
        Command::Explain(a) => explain::run(a, out)?,
        Command::Play(a) => play::run(a, out)?,
        Command::Plot(a) => plot::run(a, out)?,
        Command::Misere(a) => misere::run(a, out)?,
        Command::Games(a) => games::run(a, out)?,
        Command::Completions(a) => completions::run(a, cli::command(), out)?,
        Command::Census(a) => census::run(a, out)?,
        Command::Nim(a) => nim::run(a, out)?,
        Command::Hackenbush(a) => hackenbush::run(a, out)?,
        Command::Graph(a) => graph::run(a, out)?,
        Command::Serve(a) => server::run(a, out)?,
    }
    out.flush()
}
