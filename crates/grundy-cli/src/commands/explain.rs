//! `grundy explain GAME POSITION...`: why a position has its value, for a
//! student: the options with their values and the mex step by step, a
//! sum's XOR in binary columns and Bouton's winning moves, the period's
//! proof, in English or Chinese ([`grundy::explain`] holds it all; this
//! file parses and prints).

use crate::format::ReportFormat;
use crate::printer::Printer;
use anyhow::Result;
use clap::{Args, ValueEnum};
use grundy::explain::{explain, Lang};

/// The help's examples.
pub const EXPLAIN_HELP: &str = "\
Examples:
  grundy explain nim 3 4 5
  grundy explain sub:1,3,4 7 --lang zh
  grundy explain lasker 7
  grundy explain wythoff 3,5
  grundy explain kayles 10 --format json";

/// The language of `--lang`.
#[derive(ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LangArg {
    /// English.
    #[default]
    En,
    /// Chinese (简体中文).
    Zh,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::En => Lang::En,
            LangArg::Zh => Lang::Zh,
        }
    }
}

/// Arguments of `grundy explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// The game, e.g. `sub:1,3,4`.
    pub game: String,
    /// A parameter of a scripted game, `NAME=VALUE` (repeatable): the
    /// same as `script:FILE?NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// One position per component, e.g. heap sizes `3 4 5` (at most 32).
    #[arg(required = true, allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Add the misère analysis (the player who makes the last move loses).
    #[arg(long)]
    pub misere: bool,
    /// The language of the explanation.
    #[arg(long, value_enum, default_value_t)]
    pub lang: LangArg,
    /// Output format: text (the lines) or json (the derivation's numbers and its `lines`).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// `grundy explain`: the explanation, printed as its lines or as JSON.
pub fn run(a: &ExplainArgs, out: &mut Printer) -> Result<()> {
    let mut game = crate::game::parse(&a.game, &a.params)?;
    game.set_time_limit(Some(grundy::service::IMPLICIT_TIME));
    let e = explain(game.as_mut(), &a.positions, a.misere)?;
    let lang = a.lang.into();
    match a.format {
        ReportFormat::Json => out.json(e.to_json(lang)),
        ReportFormat::Text => {
            for line in e.lines(lang) {
                out.line(&line)?;
            }
            Ok(())
        }
    }
}
