//! `grundy play` driven through a pseudo-terminal, as a person would play
//! it: read the screen, type a move, read the engine's answer, to the end.
//!
//! Guards the issue-8 promise that the engine wins from an N-position, and
//! that the session works on a real terminal (prompt without a newline,
//! echo, `\r\n` line ends), not only with piped input.
#![cfg(unix)]

use rexpect::session::{spawn_command, PtySession};
use std::process::Command;

fn spawn(args: &[&str]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    spawn_command(cmd, Some(20_000)).expect("spawn grundy in a pseudo-terminal")
}

/// The heaps of the last `position:` line in `screen`.
fn last_position(screen: &str) -> Vec<u64> {
    let line = screen
        .lines()
        .rev()
        .find_map(|l| l.trim().strip_prefix("position:"))
        .unwrap_or_else(|| panic!("no position on the screen:\n{screen}"));
    line.split_whitespace()
        .map(|w| w.parse().expect("a heap"))
        .collect()
}

/// Plays a naive human (take one token from the first non-empty heap)
/// until the game ends; returns the closing line.
fn play_naively(p: &mut PtySession) -> String {
    let mut screen = String::new();
    for _ in 0..100 {
        let (before, matched) = p
            .exp_regex(r"your move> |the engine wins\.|you win!")
            .expect("a prompt or the end of the game");
        screen.push_str(&before);
        if matched != "your move> " {
            return matched;
        }
        let heaps = last_position(&screen);
        let (i, h) = heaps
            .iter()
            .enumerate()
            .find(|(_, &h)| h > 0)
            .map(|(i, &h)| (i, h))
            .expect("a prompt means there is a move");
        p.send_line(&format!("{i}: {h} -> {}", h - 1)).unwrap();
    }
    panic!("the game did not end:\n{screen}");
}

#[test]
fn nim_3_4_5_engine_first_the_engine_wins_from_the_n_position() {
    let mut p = spawn(&["play", "nim", "3", "4", "5", "--first", "engine"]);
    // Bouton's move from 3 4 5 (nim-sum 2).
    p.exp_string("engine plays 0: 3 -> 1").unwrap();
    p.exp_string("position: 1 4 5").unwrap();
    p.exp_string("your move> ").unwrap();
    p.send_line("hint").unwrap();
    p.exp_string("hint: value 0, a P-position").unwrap();
    p.send_line("4 -> 9").unwrap();
    p.exp_string("illegal move `4 -> 9`: `4` cannot become `9`")
        .unwrap();
    p.exp_string("your move> ").unwrap();
    p.send_line("2: 5 -> 4").unwrap();
    assert_eq!(play_naively(&mut p), "the engine wins.");
    p.exp_eof().unwrap();
}

#[test]
fn nim_3_4_5_human_first_a_slip_hands_the_engine_an_n_position() {
    let mut p = spawn(&["play", "nim", "3", "4", "5"]);
    p.exp_string("You move first").unwrap();
    p.exp_string("your move> ").unwrap();
    // 3 -> 2 leaves 2 4 5, nim-sum 3: an N-position for the engine.
    p.send_line("3 -> 2").unwrap();
    p.exp_string("engine plays").unwrap();
    assert_eq!(play_naively(&mut p), "the engine wins.");
    p.exp_eof().unwrap();
}

#[test]
fn a_scripted_game_plays_through_the_terminal_too() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/subtract-134.rhai"
    );
    let spec = format!("script:{script}");
    let mut p = spawn(&["play", &spec, "9", "--first", "engine"]);
    // G(9) = 0 for {1,3,4}: a P-position, so the engine makes a delaying move.
    p.exp_string("engine plays").unwrap();
    p.exp_string("your move> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("bye").unwrap();
    p.exp_eof().unwrap();
}

/// A long placement search shows on the terminal how many regions it has
/// listed, and clears the line before the answer; piped, it prints nothing
/// but the answer.
#[test]
fn a_long_search_shows_its_progress_on_a_terminal_only() {
    let mut p = spawn(&["analyze", "cram", "5x8", "--no-moves"]);
    p.exp_regex(r"searching: [0-9,]+ regions listed")
        .expect("progress on the terminal");
    p.exp_string("cram: value *").unwrap();
    p.exp_eof().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", "cram", "5x7", "--no-moves"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
