//! `grundy analyze GAME P1 P2 ... --compound KIND`: a compound of
//! *Winning Ways* ch. 9 printed as text or JSON — outcome, the compound's
//! remoteness or suspense, each component's, and the winning moves (each a
//! choice of move per component; untouched components are left out).

use crate::format::Format;
use crate::printer::{join_sum, json_sum, Printer};
use anyhow::{bail, Result};
use grundy::strategy::compound::{Compound, CompoundAnalysis, CompoundMove};
use grundy::strategy::Outcome;
use serde_json::json;
use std::io::Write;

/// Per moved component: `(index, from, to)`.
fn changes<'a>(
    starts: &'a [String],
    m: &'a CompoundMove<String>,
) -> impl Iterator<Item = (usize, &'a String, &'a Vec<String>)> {
    m.to.iter()
        .enumerate()
        .filter_map(move |(i, t)| t.as_ref().map(|t| (i, &starts[i], t)))
}

/// Prints the analysis of the compound of `starts` (the components as the
/// game writes them).
pub fn print(
    out: &mut Printer,
    game: &str,
    starts: &[String],
    c: &CompoundAnalysis<String>,
    format: Format,
) -> Result<()> {
    let name = c.compound.name();
    match format {
        Format::Json => {
            let components: Vec<_> = starts
                .iter()
                .zip(&c.lengths)
                .map(|(p, l)| {
                    json!({"position": p, "remoteness": l.remoteness, "suspense": l.suspense})
                })
                .collect();
            let moves: Vec<_> = c
                .winning_moves
                .iter()
                .map(|m| {
                    let parts: Vec<_> = changes(starts, m)
                        .map(|(i, from, to)| json!({"component": i, "from": from, "to": json_sum(to)}))
                        .collect();
                    json!({ "moves": parts })
                })
                .collect();
            let total = (c.winning_moves.len() as u128).saturating_add(c.unlisted_moves);
            let total =
                u64::try_from(total).map_or_else(|_| json!(total.to_string()), |t| json!(t));
            out.json(json!({
                "game": game,
                "compound": name,
                "outcome": c.outcome.to_string(),
                "remoteness": c.remoteness,
                "suspense": c.suspense,
                "components": components,
                "winning_moves": moves,
                "truncated": c.unlisted_moves > 0,
                "winning_moves_total": total,
            }))
        }
        Format::Csv => bail!("`--format csv` is for `values`; use text or json"),
        Format::Text => {
            writeln!(
                out,
                "{game}: {name} compound of {} component(s)",
                starts.len()
            )?;
            let who = match c.outcome {
                Outcome::P => "P: the previous player wins (the player to move loses)",
                _ => "N: the player to move wins",
            };
            writeln!(out, "outcome: {who}")?;
            match c.compound {
                Compound::Conjunctive => writeln!(
                    out,
                    "remoteness: {} (the least of the components'; moves left with perfect play, odd: the player to move wins)",
                    c.remoteness.unwrap_or(0)
                )?,
                Compound::Continued => writeln!(
                    out,
                    "suspense: {} (the greatest of the components'; moves left with perfect play, odd: the player to move wins)",
                    c.suspense.unwrap_or(0)
                )?,
                Compound::Selective => {
                    writeln!(out, "(won by the player to move iff some component is N)")?
                }
            }
            writeln!(out, "components:")?;
            for (i, (p, l)) in starts.iter().zip(&c.lengths).enumerate() {
                writeln!(
                    out,
                    "  {i}: {p}  remoteness {}  suspense {}",
                    l.remoteness, l.suspense
                )?;
            }
            if !c.winning_moves.is_empty() {
                let total = (c.winning_moves.len() as u128).saturating_add(c.unlisted_moves);
                writeln!(out, "winning moves ({total}):")?;
                for m in &c.winning_moves {
                    let parts: Vec<String> = changes(starts, m)
                        .map(|(i, from, to)| format!("component {i}: {from} -> {}", join_sum(to)))
                        .collect();
                    writeln!(out, "  {}", parts.join("; "))?;
                }
                if c.unlisted_moves > 0 {
                    writeln!(out, "  … and {} more", c.unlisted_moves)?;
                }
            }
            Ok(())
        }
    }
}
