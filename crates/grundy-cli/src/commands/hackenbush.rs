//! `grundy hackenbush FILE`: the value of a Green Hackenbush picture (colon
//! principle on trees, fusion principle on cycles) and its winning cuts.

use crate::format::{Format, ReportFormat};
use crate::printer::Printer;
use anyhow::{anyhow, Result};
use clap::Args;
use grundy::games::hackenbush::{Hackenbush, MAX_CUT_EDGES, MAX_PICTURE_FILE_BYTES};
use grundy::strategy::Outcome;
use serde_json::json;
use std::io::Write;

pub const HACKENBUSH_HELP: &str = "\
File format: one edge `U V` per line between vertices named by any words
(`V V` is a loop; a repeated line is a second edge); a line `ground G` names
the ground vertex (default: the vertex `0`); `#` starts a comment. A rooted
tree, a graph with cycles and several pictures on one ground are all fine.
Edges not joined to the ground have fallen and count for nothing.

Winning cuts are printed as edges `U V` with their line; they are found by
trying every edge, for pictures of at most 5000 edges (the value has no limit).

Examples:
  grundy hackenbush examples/hackenbush/christmas.txt
  grundy hackenbush tree.txt --format json";

/// Arguments of `grundy hackenbush`.
#[derive(Args, Debug)]
pub struct HackenbushArgs {
    /// The picture file (see the format below).
    pub file: std::path::PathBuf,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

pub fn run(a: &HackenbushArgs, out: &mut Printer) -> Result<()> {
    let path = a.file.display();
    let text = grundy::files::read_text(&a.file, MAX_PICTURE_FILE_BYTES, "a Hackenbush picture")?;
    let picture = Hackenbush::read_text(&text).map_err(|e| anyhow!("`{path}`: {e}"))?;
    let g = &picture.graph;
    let value = g.nim_value();
    let outcome = Outcome::of_value(value);
    // Cuts are listed for an N-position within the limit.
    let cuts = match outcome {
        Outcome::N if g.edges().len() <= MAX_CUT_EDGES => Some(g.winning_cuts()?),
        Outcome::N => None,
        _ => Some(Vec::new()),
    };
    let edge = |e: usize| {
        let (u, v) = g.edges()[e];
        (
            &picture.names[u as usize],
            &picture.names[v as usize],
            picture.lines[e],
        )
    };
    match Format::from(a.format) {
        Format::Json => {
            let cuts_json = cuts.as_ref().map(|cs| {
                cs.iter()
                    .map(|&e| {
                        let (u, v, line) = edge(e);
                        json!({"edge": [u, v], "line": line})
                    })
                    .collect::<Vec<_>>()
            });
            out.json(json!({
                "file": path.to_string(),
                "ground": picture.names[g.ground() as usize],
                "vertices": g.vertex_count(),
                "edges": g.edges().len(),
                "value": value.value(),
                "outcome": outcome.to_string(),
                "winning_cuts": cuts_json,
            }))
        }
        Format::Csv => anyhow::bail!("`--format csv` is for `values`; use text or json"),
        Format::Text => {
            writeln!(
                out,
                "{path}: value {value} ({} edges, ground `{}`)",
                g.edges().len(),
                picture.names[g.ground() as usize]
            )?;
            let who = match outcome {
                Outcome::P => "P: the previous player wins (the player to move loses)",
                _ => "N: the player to move wins",
            };
            writeln!(out, "outcome: {who}")?;
            match cuts {
                Some(cs) if !cs.is_empty() => {
                    writeln!(out, "winning cuts:")?;
                    for e in cs {
                        let (u, v, line) = edge(e);
                        writeln!(out, "  {u} {v}  (line {line})")?;
                    }
                }
                Some(_) => {}
                None => writeln!(
                    out,
                    "winning cuts: not listed (found by trying each edge, for at most {MAX_CUT_EDGES} edges)"
                )?,
            }
            Ok(())
        }
    }
}
