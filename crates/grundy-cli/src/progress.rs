//! Progress on stderr while a command computes: bars of values and the
//! spinner of a search, hidden with `--quiet` or when stderr is not a
//! terminal. A leaf: it names no other module of the CLI.

use grundy::spec::AnyGame;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar of `total` values on stderr (hidden with `--quiet` or
/// when stderr is not a terminal), cleared when dropped (so an error or
/// Ctrl-C leaves nothing of it behind).
pub fn progress_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total).with_finish(indicatif::ProgressFinish::AndClear);
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} values, {rate} values/s, ETA {eta}",
    ) {
        bar.set_style(with_rate(style).progress_chars("=> "));
    }
    bar
}

/// `style` with the key `{rate}`: the items a second, as a whole count
/// with separators.
fn with_rate(style: ProgressStyle) -> ProgressStyle {
    style.with_key(
        "rate",
        |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = write!(w, "{}", indicatif::HumanCount(state.per_sec() as u64));
        },
    )
}

/// Shows on stderr, while `game` searches, how many positions it has
/// searched (for the games that report it: the placement games), from the
/// first report on (about 0.05 s in), so quick answers show nothing; hidden
/// with `--quiet` or when stderr is not a terminal. The caller clears it
/// when the search ends.
pub fn search_progress(game: &mut dyn AnyGame, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} searching: {human_pos} regions listed, {rate} a second",
    ) {
        bar.set_style(with_rate(style));
    }
    let shown = bar.clone();
    game.set_progress(std::sync::Arc::new(move |n| shown.inc(n)));
    bar
}
