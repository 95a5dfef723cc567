//! Answers of many queries read in one process (`grundy analyze GAME -`,
//! `grundy graph FILE --tokens -`), one line each, printed through a
//! [`Printer`].
//!
//! Text: `VALUE OUTCOME [COUNT [MOVE]]`, fields separated by one space:
//! the nim-value in decimal (under `--misere` the misère nim-value; `?`
//! when not known), the outcome `P`, `N` or `D`, how many winning moves
//! there are (`?` when only the first was searched; absent under
//! `--no-moves`), and the first winning move as `COMPONENT:FROM->TO`
//! (`TO` the components left, joined by `+`; `-` when nothing is left).
//! JSON: one object a line (JSON Lines), each the object a single query
//! prints.

use crate::format::Format;
use crate::printer::graph::loopy_json;
use crate::printer::{move_json, named, Misere, Printer};
use anyhow::Result;
use grundy::solve::loopy::LoopyAnalysis;
use grundy::strategy::{Analysis, MovesListed, Outcome, WinningMove};
use serde_json::json;
use std::fmt::Write as _;

/// `TO` of a move in the one-line form: `-` when nothing is left.
fn to_field(to: &[String]) -> String {
    if to.is_empty() {
        "-".to_string()
    } else {
        to.join("+")
    }
}

/// The first winning move as `COMPONENT:FROM->TO`.
fn move_field(m: &WinningMove<String>) -> String {
    let text = format!("{}:{}->{}", m.component, m.from, to_field(&m.to));
    named(text, m.name.as_deref())
}

/// The one-line text answer of an analysis (see the module docs).
pub fn analysis_text(a: &Analysis<String>, misere: Option<&Misere>) -> String {
    let value = match misere {
        Some(m) => m.misere_value.map(|v| v.to_string()),
        None => a.value.map(|v| v.value().to_string()),
    };
    let mut line = format!("{} {}", value.as_deref().unwrap_or("?"), a.outcome);
    match a.moves_listed {
        MovesListed::NotComputed => {}
        MovesListed::First => {
            line.push_str(" ?");
        }
        MovesListed::All => {
            let _ = write!(line, " {}", a.winning_moves_total());
        }
    }
    if a.moves_listed != MovesListed::NotComputed {
        if let Some(m) = a.winning_moves.first() {
            line.push(' ');
            line.push_str(&move_field(m));
        }
    }
    line
}

/// One query's analysis on one line: the text form above, or the JSON
/// object of `analyze --format json`.
pub fn analysis(
    out: &mut Printer,
    game: &str,
    a: &Analysis<String>,
    misere: Option<&Misere>,
    format: Format,
) -> Result<()> {
    match format {
        Format::Text => out.line(&analysis_text(a, misere)),
        _ => out.analysis(game, a, misere, Format::Json),
    }
}

/// One query of a turn-aware game (one position) on one line. Text:
/// `CLASS` (`N`, `P`, `L` or `R`), and unless `moves` is false the player
/// to move, `wins` or `loses`, and the first winning move as `->TO`
/// (with its name in parentheses). JSON: the object a single query prints,
/// its `winning_moves` null under `--no-moves`.
pub fn turns(
    out: &mut Printer,
    game: &str,
    a: &grundy::game::PartizanAnalysis,
    moves: bool,
    format: Format,
) -> Result<()> {
    match format {
        Format::Text => {
            let mut line = a.outcome.letter().to_string();
            if moves {
                let verdict = if a.wins { "wins" } else { "loses" };
                let _ = write!(line, " {} {verdict}", a.to_move);
                if let Some(m) = a.winning_moves.first() {
                    line.push(' ');
                    line.push_str(&named(format!("->{}", m.to), m.name.as_deref()));
                }
            }
            out.line(&line)
        }
        _ if moves => out.turns(game, a, Format::Json),
        _ => out.json(json!({
            "game": game,
            "position": a.position,
            "outcome": a.outcome.to_string(),
            "to_move": a.to_move.name(),
            "wins": a.wins,
            "winning_moves": null,
        })),
    }
}

/// The answer of a line that failed, under `--keep-going`: text
/// `error: line N: WHAT`, JSON `{"line": N, "error": "WHAT"}`.
pub fn error(out: &mut Printer, line: usize, e: &anyhow::Error, format: Format) -> Result<()> {
    let mut what = e.to_string();
    for cause in e.chain().skip(1) {
        let _ = write!(what, ": {cause}");
    }
    let what = what.replace('\n', " ");
    match format {
        Format::Text => out.line(&format!("error: line {line}: {what}")),
        _ => out.json(json!({"line": line, "error": what})),
    }
}

/// One query of tokens on a graph (`graph FILE --tokens -`) on one line.
/// Text: `VALUE OUTCOME COUNT [MOVE]`: the generalized value, the outcome,
/// how many moves win (N) or keep the draw (D), and the first of them as
/// `TOKEN:FROM->TO`. JSON: the object `graph --format json` ends with, less
/// the values of every vertex: `tokens`, `value`, `outcome`,
/// `winning_moves`, `drawing_moves`.
pub fn graph_tokens(
    out: &mut Printer,
    tokens: &[String],
    a: &LoopyAnalysis<String>,
    format: Format,
) -> Result<()> {
    match format {
        Format::Text => {
            let moves = if a.outcome == Outcome::D {
                &a.drawing_moves
            } else {
                &a.winning_moves
            };
            let mut line = format!("{} {} {}", a.value, a.outcome, moves.len());
            if let Some(m) = moves.first() {
                line.push(' ');
                line.push_str(&move_field(m));
            }
            out.line(&line)
        }
        _ => {
            let moves = |ms: &[WinningMove<String>]| -> Vec<serde_json::Value> {
                ms.iter().map(move_json).collect()
            };
            out.json(json!({
                "tokens": tokens,
                "value": loopy_json(&a.value),
                "outcome": a.outcome.to_string(),
                "winning_moves": moves(&a.winning_moves),
                "drawing_moves": moves(&a.drawing_moves),
            }))
        }
    }
}
