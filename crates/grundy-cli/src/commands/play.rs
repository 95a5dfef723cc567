//! `grundy play GAME POSITION...`: the terminal side of a match against
//! the engine.
//!
//! Reads one line per move from the input, writes the position, the
//! engine's moves and the outcome. Every decision (is a move legal, which
//! move the engine makes, is the game over) is the library's
//! ([`grundy::play::Match`]); this loop only talks. It works with any
//! input (a terminal, a pipe, a pseudo-terminal driven by a script); the
//! end of the input ends the session like `quit`.

use crate::format::First;
use crate::printer::Printer;
use anyhow::Result;
use clap::Args;
use grundy::play::Match;
use grundy::strategy::Outcome;
use grundy::ErrorKind;
use std::io::{BufRead, Read, Write};

/// Legal moves listed by `moves` before the list is cut.
const LISTED_MOVES: usize = 40;

/// The longest input line read (64 KiB): a longer line ends the session
/// with an error, without being read into memory whole.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

const HELP: &str = "\
Type a move as `grundy analyze` prints it:
  FROM -> TO        e.g. `3 -> 1` (the first component equal to FROM)
  I: FROM -> TO     component I, e.g. `0: 3 -> 1`
  I TO              component I becomes TO, e.g. `0 1`
A position left as several components is written with `+` (`2+3`); `(nothing)` if nothing is left.
Commands: hint (the nim-value and who is winning), moves (every legal move), help, quit.";

/// Arguments of `grundy play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game, e.g. `nim`.
    pub game: String,
    /// A parameter of a scripted game, `NAME=VALUE` (repeatable): the
    /// same as `script:FILE?NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// One position per component, e.g. heap sizes `3 4 5`.
    #[arg(required = true, allow_negative_numbers = true)]
    pub positions: Vec<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t)]
    pub first: First,
    /// Misère play: whoever cannot move wins (searched like
    /// `analyze --misere`, so the sum must be small enough to search).
    #[arg(long)]
    pub misere: bool,
}

/// `grundy play`: a match read from stdin, talked through on `out`.
pub fn run(a: &PlayArgs, out: &mut Printer) -> Result<()> {
    let mut game = crate::game::parse(&a.game, &a.params)?;
    game.set_time_limit(Some(grundy::service::IMPLICIT_TIME));
    let session = if a.misere {
        Match::new_misere(game, &a.positions)?
    } else {
        Match::new(game, &a.positions)?
    };
    let quiet = out.is_quiet();
    talk(session, a.first, quiet, &mut std::io::stdin().lock(), out)
}

/// Plays `game` on the terminal until someone wins or the input ends.
fn talk(
    mut game: Match,
    first: First,
    quiet: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    if !quiet {
        let who = match first {
            First::Human => "You move first",
            First::Engine => "The engine moves first",
        };
        let rules = if game.is_misere() {
            " in misère play (whoever cannot move wins)"
        } else {
            ""
        };
        writeln!(
            out,
            "grundy play: {}{rules} from {}. {who}; type `help` for the move syntax.",
            game.spec(),
            game.position().join(" ")
        )?;
    }
    let mut engine_to_move = first == First::Engine;
    let mut line = String::new();
    loop {
        let position = game.position();
        if position.is_empty() {
            writeln!(out, "position: {}", grundy::play::NOTHING)?;
        } else {
            writeln!(out, "position: {}", position.join(" "))?;
        }
        if game.is_over()? {
            let line = match (engine_to_move, game.is_misere()) {
                (true, false) => "No moves left for the engine: you win!",
                (false, false) => "No moves left for you: the engine wins.",
                (true, true) => "No moves left for the engine: the engine wins (misère play).",
                (false, true) => "No moves left for you: you win! (misère play)",
            };
            writeln!(out, "{line}")?;
            out.flush()?;
            return Ok(());
        }
        if engine_to_move {
            let Some(e) = game.engine_move()? else {
                continue; // is_over said there is a move; unreachable in practice
            };
            writeln!(out, "engine plays {}", e.mv)?;
            game.play(&e.mv);
            engine_to_move = false;
            continue;
        }
        // The human's turn: read lines until a legal move.
        loop {
            write!(out, "your move> ")?;
            out.flush()?;
            line.clear();
            let read = (&mut *input)
                .take(MAX_LINE_BYTES as u64 + 1)
                .read_line(&mut line)?;
            if line.len() > MAX_LINE_BYTES {
                anyhow::bail!(
                    "an input line longer than {} (the limit of one line in `play`): type one move per line",
                    grundy::error::human_bytes(MAX_LINE_BYTES as u64)
                );
            }
            if read == 0 {
                writeln!(out, "\nbye")?;
                out.flush()?;
                return Ok(());
            }
            let text = line.trim();
            match text {
                "" => continue,
                "quit" | "exit" | "q" => {
                    writeln!(out, "bye")?;
                    out.flush()?;
                    return Ok(());
                }
                "help" | "?" => writeln!(out, "{HELP}")?,
                "hint" => {
                    let a = game.analysis()?;
                    let verdict = match a.outcome {
                        Outcome::P => {
                            "a P-position: every move loses against perfect play".to_string()
                        }
                        _ => format!(
                            "an N-position: you can win ({} winning move{})",
                            a.winning_moves.len(),
                            if a.winning_moves.len() == 1 { "" } else { "s" }
                        ),
                    };
                    match a.value {
                        _ if game.is_misere() => writeln!(out, "hint: misère play, {verdict}")?,
                        Some(value) => writeln!(out, "hint: value {value}, {verdict}")?,
                        // (A formula may give the outcome only.)
                        None => writeln!(out, "hint: {verdict}")?,
                    }
                }
                "moves" => {
                    let (moves, total) = game.legal_moves_head(LISTED_MOVES)?;
                    for mv in &moves {
                        writeln!(out, "  {mv}")?;
                    }
                    if total > moves.len() as u64 {
                        writeln!(out, "  ... {total} moves in all")?;
                    }
                }
                _ => match game.parse_move(text) {
                    Ok(mv) => {
                        game.play(&mv);
                        engine_to_move = true;
                        break;
                    }
                    Err(e) if matches!(e.kind(), ErrorKind::IllegalMove { .. }) => {
                        writeln!(out, "{e}")?;
                    }
                    Err(e) => return Err(e.into()),
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(spec: &str, position: &[&str], first: First, typed: &str) -> String {
        let game = grundy::spec::parse(spec).unwrap();
        let position: Vec<String> = position.iter().map(|s| s.to_string()).collect();
        let m = Match::new(game, &position).unwrap();
        let mut out = Vec::new();
        talk(m, first, false, &mut typed.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_engine_wins_from_an_n_position_when_it_moves_first() {
        // After the engine's 3 -> 1 (1 4 5), the human empties heap 2; the
        // engine answers 4 -> 1 (1 1 0), the human empties heap 0, and the
        // engine takes the last token.
        let text = session("nim", &["3", "4", "5"], First::Engine, "hint\n2 0\n0 0\n");
        assert!(text.contains("engine plays 0: 3 -> 1"), "{text}");
        assert!(text.contains("hint: value 0, a P-position"), "{text}");
        assert!(
            text.ends_with("No moves left for you: the engine wins.\n"),
            "{text}"
        );
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason_and_the_game_goes_on() {
        let text = session("nim", &["2"], First::Human, "2 -> 5\nfoo bar baz\n2 -> 0\n");
        assert!(
            text.contains("illegal move `2 -> 5`: `2` cannot become `5`"),
            "{text}"
        );
        assert!(text.contains("illegal move `foo bar baz`"), "{text}");
        assert!(
            text.ends_with("No moves left for the engine: you win!\n"),
            "{text}"
        );
    }

    #[test]
    fn an_input_line_longer_than_the_limit_is_refused() {
        let game = grundy::spec::parse("nim").unwrap();
        let m = Match::new(game, &["3".to_string()]).unwrap();
        let typed = format!("{}\n0 0\n", "1".repeat(MAX_LINE_BYTES + 10));
        let mut out = Vec::new();
        let e = talk(m, First::Human, false, &mut typed.as_bytes(), &mut out).unwrap_err();
        assert!(e.to_string().contains("longer than 64 KiB"), "{e}");
        // A line of the limit itself is read (and refused as a move).
        let game = grundy::spec::parse("nim").unwrap();
        let m = Match::new(game, &["3".to_string()]).unwrap();
        let typed = format!("{}\n0 0\n", "1".repeat(MAX_LINE_BYTES - 1));
        let mut out = Vec::new();
        talk(m, First::Human, false, &mut typed.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.ends_with("No moves left for the engine: you win!\n"),
            "{text}"
        );
    }

    #[test]
    fn misere_play_is_won_by_the_player_who_cannot_move() {
        // Misère Nim 2 2 is a P-position; from 2 1 the engine's winning
        // move is 2 -> 0 (leaving one heap of one, which the human must
        // take: then the engine cannot move and wins).
        let game = grundy::spec::parse("nim").unwrap();
        let m = Match::new_misere(game, &["2".to_string(), "2".to_string()]).unwrap();
        let mut out = Vec::new();
        talk(
            m,
            First::Human,
            false,
            &mut "hint\n1: 2 -> 1\n1 0\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("in misère play"), "{text}");
        assert!(text.contains("hint: misère play, a P-position"), "{text}");
        assert!(text.contains("engine plays 0: 2 -> 0"), "{text}");
        assert!(
            text.ends_with("No moves left for the engine: the engine wins (misère play).\n"),
            "{text}"
        );
        // The human who is left with no move wins.
        let game = grundy::spec::parse("nim").unwrap();
        let m = Match::new_misere(game, &["1".to_string(), "1".to_string()]).unwrap();
        let mut out = Vec::new();
        talk(m, First::Human, false, &mut "0 0\n".as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.ends_with("No moves left for you: you win! (misère play)\n"),
            "{text}"
        );
    }

    #[test]
    fn the_end_of_the_input_ends_the_session() {
        let text = session("nim", &["2", "3"], First::Human, "moves\nhelp\n");
        assert!(text.contains("  0: 2 -> 1"), "{text}");
        assert!(text.contains("I TO"), "{text}");
        assert!(text.ends_with("bye\n"), "{text}");
    }
}
