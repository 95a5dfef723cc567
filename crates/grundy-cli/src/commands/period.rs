//! `grundy period GAME`: the period of a heap game's nim-sequence, with
//! its certificate where a theorem proves it.

use crate::format::{self, ReportFormat};
use crate::printer::Printer;
use crate::progress::progress_bar;
use anyhow::Result;
use clap::Args;
use std::time::Duration;

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
    #[arg(long, value_parser = format::limit, allow_negative_numbers = true)]
    pub limit: Option<u64>,
    /// Compute on until a theorem proves the period (as far as the
    /// Guy–Smith bound of the candidate needs), or until `--time` or the
    /// available memory runs out, and say which.
    #[arg(long, conflicts_with = "limit")]
    pub until_proven: bool,
    /// With `--until-proven`: stop after this many seconds (default: no
    /// limit).
    #[arg(long, value_name = "SECS", value_parser = format::seconds, requires = "until_proven")]
    pub time: Option<Duration>,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// `grundy period`: searches (with a progress bar) and prints the report.
pub fn run(a: &PeriodArgs, out: &mut Printer) -> Result<()> {
    let mut game = crate::game::parse(&a.game, &a.params)?;
    if a.until_proven {
        let budget = grundy::solve::ProofBudget::new().time(a.time);
        let bar = progress_bar(0, out.is_quiet());
        let report = game.period_until_proven(&budget, &mut |n, to| {
            bar.set_length(to.saturating_add(1));
            bar.set_position(n);
        });
        bar.finish_and_clear();
        out.period(&game.spec(), &report?, a.format.into())
    } else {
        // `--limit` is honoured exactly; without it the search stops
        // early enough to answer in seconds (the library's bounds).
        let (limit, time) = grundy::service::period_search(a.limit);
        let bar = progress_bar(limit, out.is_quiet());
        let report = game.period_within(limit, time, &mut |n| bar.set_position(n.min(limit)));
        bar.finish_and_clear();
        out.period(&game.spec(), &report?, a.format.into())
    }
}
