//! `grundy games`: every built-in game family, from the library's list.

use crate::format::ReportFormat;
use crate::printer::Printer;
use anyhow::Result;
use clap::Args;

/// Arguments of `grundy games`.
#[derive(Args, Debug)]
pub struct GamesArgs {
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// `grundy games`: the families' syntax and rules, printed.
pub fn run(a: &GamesArgs, out: &mut Printer) -> Result<()> {
    out.games(grundy::spec::FAMILIES, a.format.into())
}
