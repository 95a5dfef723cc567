//! The command line: the commands, with their help texts and examples;
//! each command's flags are defined once, in its file under `commands/`.

use crate::commands::{
    analyze, census, completions, explain, games, graph, hackenbush, misere, nim, pattern, period,
    play, plot, serve, values,
};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

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
  grundy explain nim 3 4 5
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
    Values(values::ValuesArgs),
    /// Find the period of a heap game's nim-sequence, with a proof where a theorem gives one.
    #[command(
        after_help = "Examples:\n  grundy period sub:1,3,4\n  grundy period sub:fib --limit 100000 --format json"
    )]
    Period(period::PeriodArgs),
    /// Find the rule in a game's table: periods, closed forms, P-positions as progressions, named sequences or pairs.
    #[command(after_help = pattern::PATTERN_HELP)]
    Pattern(pattern::PatternArgs),
    /// Value, outcome and every winning move of a sum of positions.
    #[command(
        after_help = "Examples:\n  grundy analyze nim 3 4 5\n  grundy analyze sub:1,3,4 5 6 --format json\n  grundy analyze nim --misere 1 1\n  grundy analyze cram 4x5\n  grundy analyze chomp 3x4 --outcome-only\n  grundy analyze node-kayles grid:4x6 --table nk.table\n  grundy analyze euclid 3,2 5,7 --compound continued"
    )]
    Analyze(analyze::AnalyzeArgs),
    /// Why a position has its value, step by step: options and the mex, a sum's XOR in binary, Bouton's winning moves, the period's proof (English or Chinese).
    #[command(after_help = explain::EXPLAIN_HELP)]
    Explain(explain::ExplainArgs),
    /// The misère quotient of a heap game (Plambeck–Siegel): the monoid that decides every misère sum of heaps 0..=N.
    #[command(after_help = misere::MISERE_HELP)]
    Misere(misere::MisereArgs),
    /// Play a game against the engine in the terminal.
    #[command(
        after_help = "Moves are typed as `grundy analyze` prints them: `FROM -> TO` (e.g. `3 -> 1`),\n`I: FROM -> TO` for component I, or `I TO`; a split is `TO` joined by `+` (`2+3`).\nDuring the game: `hint` (the nim-value), `moves` (every legal move), `help`, `quit`.\n\nExamples:\n  grundy play nim 3 4 5\n  grundy play sub:1,3,4 9 5 --first engine\n  grundy play script:examples/games/wythoff.rhai 6,9"
    )]
    Play(play::PlayArgs),
    /// Draw G(n) against n as a scatter plot (PNG or SVG), the period marked when proven.
    #[command(
        after_help = "Examples:\n  grundy plot sub:1,3,4 --to 200 --output g.svg\n  grundy plot take:1..n/2 --to 1000 --output half.png --width 1600 --height 600"
    )]
    Plot(plot::PlotArgs),
    /// List every built-in game family: spec syntax, position syntax, one line on the rules.
    #[command(after_help = "Examples:\n  grundy games\n  grundy games --format json")]
    Games(games::GamesArgs),
    /// Print a shell completion script.
    #[command(
        after_help = "Examples:\n  grundy completions bash > ~/.local/share/bash-completion/completions/grundy\n  grundy completions zsh > ~/.zfunc/_grundy\n  grundy completions fish > ~/.config/fish/completions/grundy.fish"
    )]
    Completions(completions::CompletionsArgs),
    /// Nimber arithmetic: add, mul, div, inv, sqrt, pow (results in decimal).
    #[command(after_help = nim::NIM_HELP)]
    Nim(nim::NimArgs),
    /// Values of every vertex of a game graph read from FILE (cycles allowed), and the sum of tokens on it.
    #[command(after_help = graph::GRAPH_HELP)]
    Graph(graph::GraphArgs),
    /// Green Hackenbush: the value of a picture read from FILE (colon and fusion principles) and its winning cuts.
    #[command(after_help = hackenbush::HACKENBUSH_HELP)]
    Hackenbush(hackenbush::HackenbushArgs),
    /// Classify many take-and-break codes in one pass: certified period or open, canonical form, checksum.
    #[command(
        after_help = "Examples:\n  grundy census --codes octal:2 --to 100000\n  grundy census --codes 'octal:3' --to 1048576 --threads 2 --output census3 --resume\n  grundy census --codes 4.xx --to 65536 --format csv\n  grundy census --codes my-codes.txt --to 100000 --format json"
    )]
    Census(census::CensusArgs),
    /// Serve Grundy Lab, a web page to explore, explain and play games, and its JSON API, on this machine.
    #[command(after_help = serve::SERVE_HELP)]
    Serve(serve::ServeArgs),
}

impl Command {
    /// Whether the command takes a GAME: hints about games and positions
    /// fit its errors.
    pub fn takes_game(&self) -> bool {
        matches!(
            self,
            Command::Values(_)
                | Command::Period(_)
                | Command::Pattern(_)
                | Command::Analyze(_)
                | Command::Explain(_)
                | Command::Misere(_)
                | Command::Play(_)
                | Command::Plot(_)
        )
    }
}
