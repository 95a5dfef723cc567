//! Command-line arguments: every flag defined once, with its help.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Sprague–Grundy values, periods and winning moves of impartial games.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None, after_help = GAMES_HELP)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

const GAMES_HELP: &str = "\
Games (GAME):
  nim                 Nim: take any number of tokens from one heap
  sub:1,3,4           subtraction game with a finite set
  sub:pow2            take a power of two (HDU 1847)
  sub:fib             take a Fibonacci number (HDU 1848)
  sub:squares         take a square
  bash:M              take 1..M tokens (HDU 1846)
  allbut:1,2          take any number except those listed

Examples:
  grundy values sub:1,3,4 --to 20
  grundy period sub:1,3,4
  grundy analyze nim 3 4 5 --format json";

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the nim-values G(n) of a heap game for n in a range.
    #[command(
        after_help = "Examples:\n  grundy values sub:1,3,4 --to 8\n  grundy values sub:pow2 --from 999999999999999990 --to 1000000000000000000\n  grundy values bash:3 --to 100 --format csv"
    )]
    Values(ValuesArgs),
    /// Find the period of a heap game's nim-sequence, with a proof where a theorem gives one.
    #[command(
        after_help = "Examples:\n  grundy period sub:1,3,4\n  grundy period sub:fib --limit 100000 --format json"
    )]
    Period(PeriodArgs),
    /// Value, outcome and every winning move of a sum of positions.
    #[command(
        after_help = "Examples:\n  grundy analyze nim 3 4 5\n  grundy analyze sub:1,3,4 5 6 --format json\n  grundy analyze nim --misere 1 1"
    )]
    Analyze(AnalyzeArgs),
    /// Nimber arithmetic: add, mul, div, inv, sqrt, pow (results in decimal).
    #[command(after_help = crate::nim_cmd::NIM_HELP)]
    Nim(crate::nim_cmd::NimArgs),
}

/// Output format.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// Comma-separated values (`values` only): header `n,value`.
    Csv,
    /// One JSON object.
    Json,
}

/// Arguments of `grundy values`.
#[derive(Args, Debug)]
pub struct ValuesArgs {
    /// The game, e.g. `sub:1,3,4`.
    pub game: String,
    /// Last heap size (inclusive).
    #[arg(long)]
    pub to: u64,
    /// First heap size (default 0).
    #[arg(long)]
    pub from: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// Arguments of `grundy period`.
#[derive(Args, Debug)]
pub struct PeriodArgs {
    /// The game, e.g. `sub:1,3,4`.
    pub game: String,
    /// Compute at most this many values while searching.
    #[arg(long, default_value_t = 1 << 20)]
    pub limit: u64,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// Arguments of `grundy analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The game, e.g. `nim`.
    pub game: String,
    /// One position per component, e.g. heap sizes `3 4 5`.
    #[arg(required = true)]
    pub positions: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}
