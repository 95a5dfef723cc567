//! `grundy analyze GAME POSITION...`: the value, outcome and winning moves
//! of a sum (or a compound, or misère play) of positions; `grundy analyze
//! GAME -` (or `--input FILE`): one sum per line, one answer per line, the
//! game parsed once and its values shared by every query.

use crate::batch::{OnError, Queries};
use crate::format::{CompoundKind, ReportFormat};
use crate::printer::{Misere, Printer};
use crate::progress::search_progress;
use anyhow::Result;
use clap::Args;
use grundy::spec::{listed, AnalyzeOptions, AnyGame};
use grundy::strategy::Analysis;
use std::path::{Path, PathBuf};

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
    /// the empty sum, for scripted games). `-` alone: read the queries from
    /// standard input, one sum per line (see `--input`).
    #[arg(allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Read the queries from FILE: one sum per line (its components
    /// separated by spaces; blank lines and lines starting with `#` are
    /// skipped), one answer per line (text: `VALUE OUTCOME COUNT MOVE`, json:
    /// one object a line). A bad line stops the run naming its number,
    /// unless `--keep-going`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["positions", "empty", "compound"])]
    pub input: Option<std::path::PathBuf>,
    /// With `-` or `--input`: a line that fails gets its error as its answer
    /// and the next line is read (exit status 2 at the end).
    #[arg(long)]
    pub keep_going: bool,
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
    /// Turn-aware games (a script with `left_moves` and `right_moves`, or
    /// `moves(p, player)`): the player to move, whose winning moves are
    /// listed; left (the first named, player 0) by default. The outcome
    /// class (N, P, L, R) does not depend on it.
    #[arg(long, value_enum, default_value_t)]
    pub first: Side,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// The player to move in a turn-aware game (`--first`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// Left, the first named (player 0).
    #[default]
    Left,
    /// Right (player 1).
    Right,
}

impl From<Side> for grundy::game::Player {
    fn from(s: Side) -> Self {
        match s {
            Side::Left => grundy::game::Player::Left,
            Side::Right => grundy::game::Player::Right,
        }
    }
}

/// `grundy analyze`: a compound, a misère sum searched, or a sum (with the
/// family's own misère analysis under `--misere`), printed.
pub fn run(a: &AnalyzeArgs, out: &mut Printer) -> Result<()> {
    if let Some(input) = batch_input(a)? {
        return batch(a, &input, out);
    }
    if a.keep_going {
        anyhow::bail!(
            "`--keep-going` is for many queries: give `-` (standard input) or `--input FILE`"
        );
    }
    if let Some(path) = &a.table {
        // Saved after the search: its place is checked before.
        crate::disk::check_file("--table", path)?;
    }
    let mut game = crate::game::parse(&a.game, &a.params)?;
    game.set_time_limit(Some(grundy::service::IMPLICIT_TIME));
    if game.is_turn_aware() {
        if a.compound.is_some() || a.misere {
            anyhow::bail!(
                "`{}` is turn-aware: `--compound` and `--misere` are for impartial games",
                game.spec()
            );
        }
        let r = game.analyze_turns(&a.positions, a.first.into())?;
        return out.turns(&game.spec(), &r, a.format.into());
    }
    if let Some(kind) = a.compound {
        let (starts, c) = listed::analyze_compound(game.as_mut(), &a.positions, kind.into(), 100)?;
        crate::printer::compound::print(out, &game.spec(), &starts, &c, a.format.into())
    } else if a.misere && a.table.is_none() && !a.outcome_only {
        let mut r = listed::analyze_misere(game.as_mut(), &a.positions)?;
        if a.no_moves {
            r.analysis.drop_moves();
        }
        let m = Misere::of(&r);
        out.analysis(&game.spec(), &r.analysis, Some(&m), a.format.into())
    } else {
        sum(a, game.as_mut(), out)
    }
}

/// A sum under normal play, or under the family's own misère analysis:
/// the outcome and the moves, no misère value.
fn sum(a: &AnalyzeArgs, game: &mut dyn AnyGame, out: &mut Printer) -> Result<()> {
    if let Some(path) = &a.table {
        crate::files::load_table(game, path)?;
    }
    let options = AnalyzeOptions { misere: a.misere };
    let progress = search_progress(game, out.is_quiet());
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
        crate::files::save_table(game, path)?;
    }
    let misere = a.misere.then_some(Misere {
        method: listed::MisereMethod::Family,
        misere_value: None,
        normal_value: None,
    });
    out.analysis(&game.spec(), &analysis?, misere.as_ref(), a.format.into())
}

/// Where the queries come from in batch mode: `-` alone (standard input)
/// or `--input FILE`; `None` for a single query.
fn batch_input(a: &AnalyzeArgs) -> Result<Option<PathBuf>> {
    let input = match (&a.input, a.positions.as_slice()) {
        (Some(path), _) => path.clone(),
        (None, [dash]) if dash == "-" => PathBuf::from("-"),
        _ => return Ok(None),
    };
    if a.compound.is_some() {
        anyhow::bail!("`--compound` takes its positions as arguments, not one query a line");
    }
    Ok(Some(input))
}

/// Many queries, one per line of `input`: the game parsed once, each line
/// answered on one line (its first winning move listed, all counted).
fn batch(a: &AnalyzeArgs, input: &Path, out: &mut Printer) -> Result<()> {
    if let Some(path) = &a.table {
        crate::disk::check_file("--table", path)?;
    }
    let mut game = crate::game::parse(&a.game, &a.params)?;
    if let Some(path) = &a.table {
        crate::files::load_table(game.as_mut(), path)?;
    }
    let spec = game.spec();
    let format = a.format.into();
    let on_error = OnError::from_flag(a.keep_going);
    let turn_aware = game.is_turn_aware();
    if turn_aware && (a.misere || a.table.is_some()) {
        anyhow::bail!("`{spec}` is turn-aware: `--misere` and `--table` are for impartial games");
    }
    let mut queries = Queries::open(input)?;
    let (mut answered, mut failed) = (0u64, 0u64);
    while let Some((line, positions)) = queries.next_query(&mut || out.flush())? {
        // Each query has the implicit search time of a single one.
        game.set_time_limit(Some(grundy::service::IMPLICIT_TIME));
        let answered_line = if turn_aware {
            // One position a line: its outcome class (a sum is refused).
            game.analyze_turns(&positions, a.first.into())
                .map_err(anyhow::Error::from)
                .and_then(|r| crate::printer::batch::turns(out, &spec, &r, !a.no_moves, format))
        } else {
            answer(a, game.as_mut(), &positions).and_then(|(analysis, misere)| {
                crate::printer::batch::analysis(out, &spec, &analysis, misere.as_ref(), format)
            })
        };
        match answered_line {
            Ok(()) => {}
            Err(e) if on_error == OnError::Stop || crate::interrupt::is_cancelled(&e) => {
                return Err(e.context(format!("line {line}")));
            }
            Err(e) => {
                failed += 1;
                crate::printer::batch::error(out, line, &e, format)?;
            }
        }
        answered += 1;
    }
    if let Some(path) = &a.table {
        crate::files::save_table(game.as_ref(), path)?;
    }
    if failed > 0 {
        out.flush()?;
        anyhow::bail!(
            "{failed} of {answered} queries failed (each error is printed as its line's answer)"
        );
    }
    Ok(())
}

/// One query of a batch: the analysis (one winning move listed) and,
/// under `--misere`, what a misère analysis says beyond it.
fn answer(
    a: &AnalyzeArgs,
    game: &mut dyn AnyGame,
    positions: &[String],
) -> Result<(Analysis<String>, Option<Misere>)> {
    let options = AnalyzeOptions { misere: a.misere };
    if a.misere && a.table.is_none() && !a.outcome_only {
        let mut r = listed::analyze_misere(game, positions)?;
        if a.no_moves {
            r.analysis.drop_moves();
        } else {
            r.analysis.keep_listed(1);
        }
        let m = Misere::of(&r);
        return Ok((r.analysis, Some(m)));
    }
    let analysis = if a.no_moves {
        game.analyze_without_moves(positions, &options, a.outcome_only)?
    } else if a.outcome_only {
        let mut r = game.analyze_outcome(positions, &options)?;
        r.keep_listed(1);
        r
    } else {
        game.analyze_listing(positions, &options, 1)?
    };
    let misere = a.misere.then_some(Misere {
        method: listed::MisereMethod::Family,
        misere_value: None,
        normal_value: None,
    });
    Ok((analysis, misere))
}
