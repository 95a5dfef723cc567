//! Command-line arguments: every flag defined once, with its help.

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

/// Sprague–Grundy values, periods and winning moves of impartial games.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    /// Print only results: no banners, notes or progress.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

const EXAMPLES: &str = "\
Examples:
  grundy values sub:1,3,4 --to 20
  grundy period sub:1,3,4
  grundy analyze nim 3 4 5 --format json
  grundy graph moves.txt --tokens a,b
  grundy analyze wythoff 165580140,267914295
  grundy analyze sub:1,3,4 --misere 3 4
  grundy values wythoff --to 10
  grundy period kayles --format json
  grundy pattern lasker
  grundy values 0.16 --to 100000 --stats
  grundy play nim 3 4 5
  grundy plot sub:1,3,4 --to 200 --output g.svg
  grundy values script:examples/games/subtract-134.rhai --to 20
  grundy games";

/// The games part of `grundy --help`, generated from the library's list
/// of families so that a new family appears without touching the CLI.
fn games_help() -> String {
    let mut text = String::from("Games (GAME), see `grundy games` for positions:\n");
    for f in grundy::spec::FAMILIES {
        text.push_str(&two_columns(f.syntax, f.about));
    }
    text.push('\n');
    text.push_str(EXAMPLES);
    text
}

/// `  LEFT   RIGHT` with RIGHT in a column; a long LEFT gets its own line.
pub fn two_columns(left: &str, right: &str) -> String {
    const WIDTH: usize = 22;
    if left.chars().count() < WIDTH {
        format!("  {left:<WIDTH$} {right}\n")
    } else {
        format!("  {left}\n  {:<WIDTH$} {right}\n", "")
    }
}

/// The full command definition: the derive plus the generated help.
pub fn command() -> clap::Command {
    Cli::command().after_help(games_help())
}

/// Parses the process's arguments against [`command`].
pub fn parse() -> Result<Cli, clap::Error> {
    let mut cmd = command();
    let matches = cmd.try_get_matches_from_mut(std::env::args_os())?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))
}

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
    /// Find the rule in a game's table: periods, closed forms, P-positions as progressions, named sequences or pairs.
    #[command(after_help = crate::pattern_cmd::PATTERN_HELP)]
    Pattern(crate::pattern_cmd::PatternArgs),
    /// Value, outcome and every winning move of a sum of positions.
    #[command(
        after_help = "Examples:\n  grundy analyze nim 3 4 5\n  grundy analyze sub:1,3,4 5 6 --format json\n  grundy analyze nim --misere 1 1\n  grundy analyze cram 4x5\n  grundy analyze chomp 3x4 --outcome-only\n  grundy analyze node-kayles grid:4x6 --table nk.table\n  grundy analyze euclid 3,2 5,7 --compound continued"
    )]
    Analyze(AnalyzeArgs),
    /// The misère quotient of a heap game (Plambeck–Siegel): the monoid that decides every misère sum of heaps 0..=N.
    #[command(after_help = MISERE_HELP)]
    Misere(MisereArgs),
    /// Play a game against the engine in the terminal.
    #[command(
        after_help = "Moves are typed as `grundy analyze` prints them: `FROM -> TO` (e.g. `3 -> 1`),\n`I: FROM -> TO` for component I, or `I TO`; a split is `TO` joined by `+` (`2+3`).\nDuring the game: `hint` (the nim-value), `moves` (every legal move), `help`, `quit`.\n\nExamples:\n  grundy play nim 3 4 5\n  grundy play sub:1,3,4 9 5 --first engine\n  grundy play script:examples/games/wythoff.rhai 6,9"
    )]
    Play(PlayArgs),
    /// Draw G(n) against n as a scatter plot (PNG or SVG), the period marked when proven.
    #[command(
        after_help = "Examples:\n  grundy plot sub:1,3,4 --to 200 --output g.svg\n  grundy plot take:1..n/2 --to 1000 --output half.png --width 1600 --height 600"
    )]
    Plot(PlotArgs),
    /// List every built-in game family: spec syntax, position syntax, one line on the rules.
    #[command(after_help = "Examples:\n  grundy games\n  grundy games --format json")]
    Games(GamesArgs),
    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  grundy completions bash > ~/.local/share/bash-completion/completions/grundy\n  grundy completions zsh > ~/.zfunc/_grundy\n  grundy completions fish > ~/.config/fish/completions/grundy.fish"
    )]
    Completions(CompletionsArgs),
    /// Nimber arithmetic: add, mul, div, inv, sqrt, pow (results in decimal).
    #[command(after_help = crate::nim_cmd::NIM_HELP)]
    Nim(crate::nim_cmd::NimArgs),
    /// Values of every vertex of a game graph read from FILE (cycles allowed), and the sum of tokens on it.
    #[command(after_help = GRAPH_HELP)]
    Graph(GraphArgs),
    /// Green Hackenbush: the value of a picture read from FILE (colon and fusion principles) and its winning cuts.
    #[command(after_help = crate::hackenbush_cmd::HACKENBUSH_HELP)]
    Hackenbush(crate::hackenbush_cmd::HackenbushArgs),
    /// Classify many take-and-break codes in one pass: certified period or open, canonical form, checksum.
    #[command(
        after_help = "Examples:\n  grundy census --codes octal:2 --to 100000\n  grundy census --codes 'octal:3' --to 1048576 --threads 2 --output census3 --resume\n  grundy census --codes 4.xx --to 65536 --format csv\n  grundy census --codes my-codes.txt --to 100000 --format json"
    )]
    Census(crate::census_cmd::CensusArgs),
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

const MISERE_HELP: &str = "\
Two sums of heaps are equivalent when adding any third sum gives both the
same misère outcome; the classes form a commutative monoid, the misère
quotient, and a sum is a P-position iff the product of its heaps' elements
is in the P-portion. The quotient printed is exact for all sums of heaps
0..=N (computed and then proved); a quotient beyond the limits is an error.

Elements are words over the generators: `1` is the identity, `a^2b` is
a·a·b; `a` is the first heap that adds an element, `b` the next, ...
A relation `[\"b^3\", \"b\"]` (text: `b^3 = b`) rewrites its left word to its
right one. Tame: the quotient is misère Nim's (orders 1, 2, 6, 10, 18, ...).
Stable from n: the quotient of heaps 0..=m is the same for n ≤ m ≤ N.

Examples:
  grundy misere kayles
  grundy misere 0.75 --heaps 12
  grundy misere nim --heaps 3 --format json
  grundy analyze 0.75 --misere 5 7 9 11";

/// Arguments of `grundy misere`.
#[derive(Args, Debug)]
pub struct MisereArgs {
    /// A heap game, e.g. `0.75` or `sub:1,3,4`.
    pub game: String,
    /// The largest heap of the quotient (heaps 0..=N).
    #[arg(long, default_value_t = 10, value_parser = number, allow_negative_numbers = true)]
    pub heaps: u64,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

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
    pub format: ReportFormat,
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

/// Output format of the commands that print a report, not a table
/// (`period`, `analyze`, `graph`, `games`): their `--help` offers, and
/// clap accepts, only these.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReportFormat {
    /// Human-readable text.
    #[default]
    Text,
    /// One JSON object.
    Json,
}

impl From<ReportFormat> for Format {
    fn from(f: ReportFormat) -> Format {
        match f {
            ReportFormat::Text => Format::Text,
            ReportFormat::Json => Format::Json,
        }
    }
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
    /// Seconds between checkpoints (default 60; fractions allowed).
    // The default is applied by the caller: a float default would be
    // formatted by clap, with the float formatting code, at every start.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub checkpoint_every: Option<Duration>,
    /// Continue from a checkpoint (or any values file of the same game).
    #[arg(long, value_name = "FILE")]
    pub resume: Option<PathBuf>,
    /// Worker threads (take-and-break games), 1 to 256; 0 = one per core.
    #[arg(long, value_name = "N", value_parser = threads)]
    pub threads: Option<usize>,
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
            || self.to.saturating_sub(self.from.unwrap_or(0)) >= 1 << 20
    }
}

/// Arguments of `grundy period`.
#[derive(Args, Debug)]
pub struct PeriodArgs {
    /// The game, e.g. `sub:1,3,4`.
    pub game: String,
    /// A parameter of a scripted game, `NAME=VALUE` (repeatable): the
    /// same as `script:FILE?NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Compute at most this many values while searching, exactly (default:
    /// at most 1048576 values, stopping after 3 s).
    #[arg(long, value_parser = limit, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// Compute on until a theorem proves the period (as far as the
    /// Guy–Smith bound of the candidate needs), or until `--time` or the
    /// available memory runs out, and say which.
    #[arg(long, conflicts_with = "limit")]
    pub until_proven: bool,
    /// With `--until-proven`: stop after this many seconds (default: no
    /// limit).
    #[arg(long, value_name = "SECS", value_parser = seconds, requires = "until_proven")]
    pub time: Option<Duration>,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// Arguments of `grundy analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The game, e.g. `nim`.
    pub game: String,
    /// A parameter of a scripted game, `NAME=VALUE` (repeatable): the
    /// same as `script:FILE?NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// One position per component, e.g. heap sizes `3 4 5` (scripts:
    /// `'[3,4]'`, `'"..X"'`, ...; one argument is one component; none:
    /// the empty sum, for scripted games).
    #[arg(allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Analyze the empty sum (no components; scripted games), the same as
    /// giving no position.
    #[arg(long, conflicts_with = "positions")]
    pub empty: bool,
    /// Misère play: the player who makes the last move loses (any finite game: the SJ theorem when its condition holds, else search).
    #[arg(long)]
    pub misere: bool,
    /// Play a compound instead of a sum: move in every component (conjunctive), in every one that can (continued) or in any non-empty set (selective).
    #[arg(long, value_enum, conflicts_with = "misere")]
    pub compound: Option<CompoundKind>,
    /// Only the outcome and one winning move (the first found; JSON `winning_moves_total` null), searched with pruning (cram, node-kayles, chomp); other games give the full analysis.
    #[arg(long)]
    pub outcome_only: bool,
    /// The value and outcome only, no winning moves: JSON `winning_moves` and `winning_moves_total` are null (not computed); for cram, node-kayles and chomp no move is searched.
    #[arg(long, conflicts_with = "compound")]
    pub no_moves: bool,
    /// Load the transposition table from FILE if it exists, save it there afterwards (cram, node-kayles, chomp).
    #[arg(long, value_name = "FILE")]
    pub table: Option<std::path::PathBuf>,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// The compounds of `analyze --compound`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompoundKind {
    /// Move in every component; the game ends when one ends (decided by remoteness).
    Conjunctive,
    /// Move in every component that can; ends when all have ended (Every-SG; decided by suspense).
    Continued,
    /// Move in any non-empty set of components.
    Selective,
}

impl From<CompoundKind> for grundy::strategy::compound::Compound {
    fn from(k: CompoundKind) -> Self {
        use grundy::strategy::compound::Compound;
        match k {
            CompoundKind::Conjunctive => Compound::Conjunctive,
            CompoundKind::Continued => Compound::Continued,
            CompoundKind::Selective => Compound::Selective,
        }
    }
}

/// Who moves first in `grundy play`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum First {
    /// You move first.
    #[default]
    Human,
    /// The engine moves first.
    Engine,
}

/// Arguments of `grundy play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game, e.g. `nim`.
    pub game: String,
    /// A parameter of a scripted game, `NAME=VALUE` (repeatable): the
    /// same as `script:FILE?NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// One position per component, e.g. heap sizes `3 4 5`.
    #[arg(required = true, allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t)]
    pub first: First,
    /// Misère play: whoever cannot move wins (searched like
    /// `analyze --misere`, so the sum must be small enough to search).
    #[arg(long)]
    pub misere: bool,
}

/// Arguments of `grundy plot`.
#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The game, e.g. `sub:1,3,4`.
    pub game: String,
    /// A parameter of a scripted game, `NAME=VALUE` (repeatable): the
    /// same as `script:FILE?NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Last heap size plotted (inclusive).
    #[arg(long, value_parser = number, allow_negative_numbers = true)]
    pub to: u64,
    /// First heap size plotted (default 0).
    #[arg(long, value_parser = number, allow_negative_numbers = true)]
    pub from: Option<u64>,
    /// The image to write: `.png` or `.svg`.
    #[arg(long, short)]
    pub output: PathBuf,
    /// Width of the image in pixels.
    #[arg(long, default_value_t = 1200, value_parser = pixels, allow_negative_numbers = true)]
    pub width: u32,
    /// Height of the image in pixels.
    #[arg(long, default_value_t = 600, value_parser = pixels, allow_negative_numbers = true)]
    pub height: u32,
}

/// Arguments of `grundy games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// Arguments of `grundy completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// An image side: 64 to 16384 pixels.
fn pixels(text: &str) -> Result<u32, String> {
    let n = grundy::util::parse_u64(text)?;
    if !(64..=16384).contains(&n) {
        return Err(format!("`{n}` pixels is outside 64..=16384"));
    }
    Ok(n as u32)
}

/// A time in seconds (`--checkpoint-every`, `--time-per-code`): a finite,
/// non-negative number of at most a year ([`grundy::util::seconds`]).
pub fn seconds(text: &str) -> Result<Duration, String> {
    grundy::util::parse_seconds(text)
}

/// `--threads`: 0 (one per core) to [`grundy::solve::takebreak::MAX_THREADS`].
fn threads(text: &str) -> Result<usize, String> {
    let max = grundy::solve::takebreak::MAX_THREADS;
    match grundy::util::parse_u64(text)? {
        n if n <= max as u64 => Ok(n as usize),
        n => Err(format!(
            "`{n}` threads is more than {max} (0 starts one per core)"
        )),
    }
}

/// `--limit` of a period search: at least one value.
fn limit(text: &str) -> Result<u64, String> {
    match grundy::util::parse_u64(text)? {
        0 => Err("`0` values is no search: the limit is at least 1".into()),
        n => Ok(n),
    }
}

/// A numeric option: a decimal `u64`, with the library's message naming
/// what is wrong (negative, not a number, too large).
pub fn number(text: &str) -> Result<u64, String> {
    grundy::util::parse_u64(text)
}
