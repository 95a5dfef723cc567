//! `grundy plot GAME --to N --output FILE`: G(n) against n drawn as an
//! image ([`crate::printer::plot`]), the period marked when proven.

use crate::format;
use crate::printer::plot;
use crate::printer::Printer;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

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
    #[arg(long, value_parser = format::number, allow_negative_numbers = true)]
    pub to: u64,
    /// First heap size plotted (default 0).
    #[arg(long, value_parser = format::number, allow_negative_numbers = true)]
    pub from: Option<u64>,
    /// The image to write: `.png` or `.svg`.
    #[arg(long, short)]
    pub output: PathBuf,
    /// Width of the image in pixels.
    #[arg(long, default_value_t = 1200, value_parser = format::pixels, allow_negative_numbers = true)]
    pub width: u32,
    /// Height of the image in pixels.
    #[arg(long, default_value_t = 600, value_parser = format::pixels, allow_negative_numbers = true)]
    pub height: u32,
}

/// How long `plot` looks for a period to mark.
const PLOT_PERIOD_TIME: Duration = Duration::from_secs(1);

/// `grundy plot`: the values computed a chunk at a time into dots, the
/// image written, a note saying where.
pub fn run(a: &PlotArgs, out: &mut Printer) -> Result<()> {
    // The image's path is checked before the values are computed.
    plot::check_output(&a.output)?;
    let mut game = crate::game::parse(&a.game, &a.params)?;
    let from = a.from.unwrap_or(0);
    let dots = plot::Dots::from_chunks(from, a.to, a.width, a.height, &mut |start, len| {
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
    ))
}
