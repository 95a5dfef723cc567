//! All output goes through one [`Printer`]: text, csv and json renderings
//! of the library's results, per the command-line contract in DESIGN.md.

use crate::cli::Format;
use anyhow::{bail, Result};
use grundy::solve::PeriodReport;
use grundy::spec::describe_periodicity;
use grundy::strategy::{Analysis, Outcome};
use grundy::Nimber;
use serde_json::json;
use std::io::{self, BufWriter, Write};

/// Buffered standard output.
pub struct Printer {
    out: BufWriter<io::StdoutLock<'static>>,
}

/// How a move's resulting sum is written: components joined by `+`, `0`
/// when nothing is left.
pub fn join_sum(parts: &[String]) -> String {
    if parts.is_empty() {
        "0".to_string()
    } else {
        parts.join("+")
    }
}

impl Printer {
    /// A printer on standard output.
    pub fn stdout() -> Printer {
        Printer {
            out: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        }
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> Result<()> {
        self.out.flush()?;
        Ok(())
    }

    fn json(&mut self, value: serde_json::Value) -> Result<()> {
        serde_json::to_writer(&mut self.out, &value)?;
        writeln!(self.out)?;
        Ok(())
    }

    /// `grundy nim`: one number in decimal.
    pub fn number(&mut self, n: u128) -> Result<()> {
        writeln!(self.out, "{n}")?;
        Ok(())
    }

    /// `grundy values`.
    pub fn values(
        &mut self,
        game: &str,
        from: u64,
        to: u64,
        values: &[Nimber],
        format: Format,
    ) -> Result<()> {
        match format {
            Format::Json => {
                let v: Vec<u64> = values.iter().map(|g| g.value()).collect();
                self.json(json!({"game": game, "from": from, "to": to, "values": v}))
            }
            Format::Csv => {
                writeln!(self.out, "n,value")?;
                for (n, g) in (from..=to).zip(values) {
                    writeln!(self.out, "{n},{}", g.value())?;
                }
                Ok(())
            }
            Format::Text => {
                writeln!(self.out, "{game}: G({from}..={to})")?;
                let mut line = String::new();
                for g in values {
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    line.push_str(&g.value().to_string());
                    if line.len() > 72 {
                        writeln!(self.out, "{line}")?;
                        line.clear();
                    }
                }
                if !line.is_empty() {
                    writeln!(self.out, "{line}")?;
                }
                Ok(())
            }
        }
    }

    /// `grundy period`.
    pub fn period(&mut self, game: &str, r: &PeriodReport, format: Format) -> Result<()> {
        let p = r.periodicity;
        match format {
            Format::Json => self.json(json!({
                "game": game,
                "periodic": p.is_some(),
                "preperiod": p.map(|p| p.preperiod),
                "period": p.map(|p| p.period),
                "saltus": p.map(|p| p.saltus),
                "certified": r.certified,
                "checked_to": r.checked_to,
                "proof": r.proof,
            })),
            Format::Csv => bail!("`--format csv` is for `values`; use text or json"),
            Format::Text => {
                match p {
                    Some(p) => {
                        let status = if r.certified {
                            "proven"
                        } else {
                            "observed, not proven"
                        };
                        writeln!(
                            self.out,
                            "{game}: preperiod {}, period {}, saltus {} ({status})",
                            p.preperiod, p.period, p.saltus
                        )?;
                        writeln!(self.out, "  {}", describe_periodicity(&p))?;
                    }
                    None => writeln!(self.out, "{game}: no period found")?,
                }
                writeln!(self.out, "  checked to n = {}", r.checked_to)?;
                writeln!(self.out, "  {}", r.proof)?;
                Ok(())
            }
        }
    }

    /// `grundy analyze`.
    pub fn analysis(
        &mut self,
        game: &str,
        a: &Analysis<String>,
        misere: bool,
        format: Format,
    ) -> Result<()> {
        match format {
            Format::Json => {
                let moves: Vec<_> = a
                    .winning_moves
                    .iter()
                    .map(|m| json!({"component": m.component, "from": m.from, "to": join_sum(&m.to)}))
                    .collect();
                let mut obj = json!({
                    "game": game,
                    "value": a.value.value(),
                    "outcome": a.outcome.to_string(),
                    "winning_moves": moves,
                });
                if misere {
                    obj["misere"] = json!(true);
                }
                self.json(obj)
            }
            Format::Csv => bail!("`--format csv` is for `values`; use text or json"),
            Format::Text => {
                let play = if misere {
                    "misère play"
                } else {
                    "normal play"
                };
                if misere {
                    writeln!(self.out, "{game} ({play}): nim-sum {}", a.value)?;
                } else {
                    writeln!(self.out, "{game}: value {}", a.value)?;
                }
                let who = match a.outcome {
                    Outcome::P => "P: the previous player wins (the player to move loses)",
                    Outcome::N => "N: the player to move wins",
                    Outcome::D => "D: a draw with best play",
                };
                writeln!(self.out, "outcome: {who}")?;
                if !a.winning_moves.is_empty() {
                    writeln!(self.out, "winning moves:")?;
                    for m in &a.winning_moves {
                        writeln!(
                            self.out,
                            "  component {}: {} -> {}",
                            m.component,
                            m.from,
                            join_sum(&m.to)
                        )?;
                    }
                }
                Ok(())
            }
        }
    }
}
