//! Errors as the one line on stderr that the command-line contract asks
//! for: the library's error with its causes and a hint of what to try, or
//! a usage error of clap on one line. A leaf: it names no other module of
//! the CLI (`main` escapes the line before printing it).

use grundy::ErrorKind;
use std::io;

/// An error as one line, uv-style: `error: <what>` (the library names the
/// bad value in backticks), its causes after `: `, then a hint of what to
/// run instead where there is one. `main` prints it with its control
/// characters escaped ([`crate::terminal::escape`]): a script's error message or
/// a file's line can hold any.
pub fn error_line(e: &anyhow::Error, takes_game: bool) -> String {
    let mut line = format!("error: {e}");
    for cause in e.chain().skip(1) {
        line.push_str(&format!(": {cause}"));
    }
    if let Some(hint) = e
        .chain()
        .filter(|_| takes_game)
        .find_map(|c| c.downcast_ref::<grundy::Error>())
        .and_then(hint)
    {
        line.push_str(&format!(" (hint: {hint})"));
    }
    line.replace('\n', " ")
}

/// What to try after a library error, when something helps.
fn hint(e: &grundy::Error) -> Option<&'static str> {
    match e.kind() {
        ErrorKind::InvalidSpec { .. } => Some("`grundy games` lists every game with its syntax"),
        ErrorKind::InvalidPosition { .. } => {
            Some("`grundy games` shows how each game writes a position")
        }
        ErrorKind::HeapTooLarge { .. } => {
            Some("`grundy period GAME` says whether a period is proven")
        }
        ErrorKind::LimitReached { .. } => {
            Some("`grundy values GAME --to N` computes the values to any heap, with progress")
        }
        ErrorKind::OutOfMemory { .. } | ErrorKind::TooManyPositions { .. } => {
            Some("ask for a smaller range")
        }
        ErrorKind::Script { .. } => {
            Some("`examples/games/` has working scripts; `grundy games` describes `script:`")
        }
        _ => None,
    }
}

/// A usage error of clap as the one line the contract asks for: its
/// first paragraph, joined, with the values it quotes in backticks.
pub fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let first: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.is_empty())
        .collect();
    let line = first.join(" ").replace('\'', "`");
    let line = if line.starts_with("error:") {
        line
    } else {
        format!("error: {line}")
    };
    format!("{line} (hint: {})", usage_hint(e))
}

/// What to try after a usage error: the subcommand or option clap finds
/// nearest to a mistyped one, `--to N` for a bare number after a game, or
/// else where the commands are listed.
fn usage_hint(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let suggested = [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg]
        .into_iter()
        .find_map(|k| match e.get(k) {
            Some(ContextValue::String(s)) => Some(s.clone()),
            // clap sorts its suggestions by confidence, the best last.
            Some(ContextValue::Strings(v)) => v.last().cloned(),
            _ => None,
        });
    if let Some(s) = suggested {
        return format!("did you mean `{s}`?");
    }
    if e.kind() == clap::error::ErrorKind::UnknownArgument {
        let command = std::env::args().nth(1).unwrap_or_default();
        if let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) {
            let takes_to = matches!(command.as_str(), "values" | "plot" | "pattern");
            if takes_to && !arg.is_empty() && arg.bytes().all(|b| b.is_ascii_digit()) {
                return format!(
                    "the last heap is given with `--to`: `grundy {command} GAME --to {arg}`"
                );
            }
        }
    }
    "`grundy --help` lists the commands, `grundy COMMAND --help` their options".to_string()
}

/// Whether the error is a closed pipe (`grundy values ... | head`).
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<io::Error>())
        .any(|io| io.kind() == io::ErrorKind::BrokenPipe)
}
