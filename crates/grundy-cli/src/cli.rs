//! Command-line arguments: every flag defined once, with its help.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

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
  cutting             Cutting Game on W,H sheets (POJ 2311)
  wythoff             Wythoff's game, position A,B (exact for any size)
  euclid              Euclid's game, position A,B
  staircase           staircase Nim, position C1,C2,... (coins on steps 1, 2, ...)
  moore:K             Moore's Nim_K, position H1,H2,... (one position's heaps)
  mult:N              multiplication game (factors 2..9, reach N), position P
  box                 square box game (HDU 1729), position S,C
  0.07  .07  4.07     octal take-and-break code (d0.d1d2...; `r` repeats the last digit: 0.3r)
  hex:0.3F            hexadecimal code (bit 8: leave three heaps)
  kayles              0.77          dawson        0.07 (Dawson's Kayles)
  dawson-chess        0.137         treblecross   0.007
  guiles              0.15          double-kayles 0.7777
  lasker              4.3r (Lasker's Nim, HDU 3032)
  grundy-game         split a heap into two unequal heaps

Examples:
  grundy values sub:1,3,4 --to 20
  grundy period sub:1,3,4
  grundy analyze nim 3 4 5 --format json
  grundy graph moves.txt --tokens a,b
  grundy analyze wythoff 165580140,267914295
  grundy analyze sub:1,3,4 --misere 3 4
  grundy values wythoff --to 10
  grundy period kayles --format json
  grundy values 0.16 --to 100000 --stats";

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the nim-values G(n) of a heap game for n in a range (for games on pairs A,B: the table G(a,b)).
    #[command(
        after_help = "Examples:\n  grundy values sub:1,3,4 --to 8\n  grundy values wythoff --to 10 --format json\n  grundy values sub:pow2 --from 999999999999999990 --to 1000000000000000000\n  grundy values bash:3 --to 100 --format csv\n  grundy values 0.6 --to 67108864 --output 0.6.bin --checkpoint 0.6.ck --threads 2\n  grundy values 0.6 --to 67108864 --output 0.6.bin --resume 0.6.ck\n  grundy values 0.6 --input 0.6.bin --from 1000 --to 1100"
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
    /// Values of every vertex of a game graph read from FILE (cycles allowed), and the sum of tokens on it.
    #[command(after_help = GRAPH_HELP)]
    Graph(GraphArgs),
}

const GRAPH_HELP: &str = "\
File format: one move `FROM TO` per line; a line with one name declares a
vertex (with no moves unless listed elsewhere); `#` starts a comment; names
are any tokens without spaces or `#`.

A graph with cycles gets generalized values: a finite value, or `∞{0,2}`
(json: \"inf{0,2}\") for a vertex from which play can last forever, with the
finite values it can move to. Outcomes: P (the player to move loses),
N (the player to move wins), D (a draw with best play).

Examples:
  grundy graph moves.txt
  grundy graph moves.txt --tokens a,b,b --format json";

/// Arguments of `grundy graph`.
#[derive(Args, Debug)]
pub struct GraphArgs {
    /// The graph file (see the format below).
    pub file: std::path::PathBuf,
    /// Vertices carrying tokens, comma-separated (repeat a name for several tokens on one vertex).
    #[arg(long, value_delimiter = ',')]
    pub tokens: Vec<String>,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
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
    #[arg(long, value_parser = number, allow_negative_numbers = true)]
    pub to: u64,
    /// First heap size (default 0).
    #[arg(long, value_parser = number, allow_negative_numbers = true)]
    pub from: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
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
    /// Seconds between checkpoints.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub checkpoint_every: f64,
    /// Continue from a checkpoint (or any values file of the same game).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Worker threads (take-and-break games); 0 = one per core.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// No progress bar and no closing checksum line on stderr.
    #[arg(long, short)]
    pub quiet: bool,
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

/// `--method` of `grundy values`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineMethod {
    /// Rare/common when the values split, plain otherwise.
    Auto,
    /// The vectorized search.
    Plain,
    /// Mark every option: the definition.
    Naive,
}

impl ValuesArgs {
    /// Whether this is a long run of a take-and-break game: any of the
    /// long-run flags, or a range of at least 2^20 values.
    pub fn long_run(&self) -> bool {
        self.output.is_some()
            || self.input.is_some()
            || self.checkpoint.is_some()
            || self.resume.is_some()
            || self.threads.is_some()
            || self.method.is_some()
            || self.low_memory
            || self.quiet
            || self.to - self.from.unwrap_or(0) >= 1 << 20
    }
}

/// Arguments of `grundy period`.
#[derive(Args, Debug)]
pub struct PeriodArgs {
    /// The game, e.g. `sub:1,3,4`.
    pub game: String,
    /// Compute at most this many values while searching.
    #[arg(long, default_value_t = 1 << 20, value_parser = number, allow_negative_numbers = true)]
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
    #[arg(required = true, allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// A numeric option: a decimal `u64`, with the library's message naming
/// what is wrong (negative, not a number, too large).
fn number(text: &str) -> Result<u64, String> {
    grundy::spec::parse_u64(text)
}
