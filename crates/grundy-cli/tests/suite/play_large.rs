//! `grundy play` on heaps far beyond what can be listed: a Kayles heap of
//! 10^6 has 10^6 options, counted and streamed, never held (issue 19).
//! Guards the refusal "heaps up to 100000 can be played" coming back, and
//! checks the engine's move on such a heap is a winning one by `analyze`.

use assert_cmd::Command;
use serde_json::Value;
use std::time::{Duration, Instant};

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// Plays `position` of `game` with the engine first and the typed lines,
/// returning the session's output.
fn session(game: &str, position: &[&str], typed: &str) -> String {
    let out = grundy()
        .args(["play", game])
        .args(position)
        .args(["--first", "engine", "--quiet"])
        .write_stdin(typed)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("grundy runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The components after the engine's first move: `engine plays 0: A -> B+C`.
fn after_engine_move(text: &str, before: &[&str]) -> Vec<String> {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("engine plays "))
        .unwrap_or_else(|| panic!("no engine move in {text}"));
    let (component, mv) = line.split_once(": ").unwrap();
    let i: usize = component.parse().unwrap();
    let (from, to) = mv.split_once(" -> ").unwrap();
    assert_eq!(from, before[i]);
    let mut after: Vec<String> = before.iter().map(|s| s.to_string()).collect();
    let parts: Vec<String> = if to == "(nothing)" {
        vec![]
    } else {
        to.split('+').map(str::to_string).collect()
    };
    after.splice(i..=i, parts);
    after
}

fn value_of(game: &str, position: &[String]) -> u64 {
    let out = grundy()
        .args(["analyze", game])
        .args(position)
        .args(["--format", "json"])
        .output()
        .expect("grundy runs");
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    v["value"].as_u64().unwrap()
}

#[test]
fn kayles_1000000_is_played_fast_and_the_engine_move_wins() {
    let start = Instant::now();
    let text = session("kayles", &["1000000"], "moves\nquit\n");
    let took = start.elapsed();
    // Debug builds are slower; the release build answers in about 0.15 s.
    assert!(took < Duration::from_secs(30), "{took:?}");
    assert!(text.contains("... 999998 moves in all"), "{text}");
    assert_ne!(value_of("kayles", &["1000000".into()]), 0);
    let after = after_engine_move(&text, &["1000000"]);
    assert_eq!(value_of("kayles", &after), 0, "{after:?}");
}

#[test]
fn typed_moves_on_a_large_heap_are_checked_without_listing() {
    // The engine moves 1000000 -> 1+999997; a legal split of 999997 is
    // accepted, an illegal one refused with the count of options.
    let text = session("kayles", &["1000000"], "1: 999997 -> 400000+599995\n");
    assert!(text.contains("position: 1 400000 599995"), "{text}");
    let text = session("kayles", &["1000000"], "1: 999997 -> 400000+500000\n");
    assert!(text.contains("cannot become"), "{text}");
    assert!(text.contains("(999997 in all)"), "{text}");
}

#[test]
fn a_kayles_heap_of_10_to_the_12_is_played_at_once() {
    // A finite code's options are counted by formula, checked by
    // arithmetic, listed only as far as shown; the engine's move comes
    // from the proven period.
    let start = Instant::now();
    let h = "1000000000000";
    let text = session(
        "kayles",
        &[h],
        "moves\n1: 999999999997 -> 400000000000+599999999996\n",
    );
    let took = start.elapsed();
    assert!(took < Duration::from_secs(30), "{took:?}");
    assert!(text.contains("... 999999999998 moves in all"), "{text}");
    assert!(
        text.contains("position: 1 400000000000 599999999996"),
        "{text}"
    );
    let after = after_engine_move(&text, &[h]);
    assert_eq!(value_of("kayles", &after), 0, "{after:?}");
    // A split that does not add up is refused.
    let text = session(
        "kayles",
        &[h],
        "1: 999999999997 -> 400000000000+500000000000\n",
    );
    assert!(text.contains("cannot become"), "{text}");
}

#[test]
fn heaps_with_too_many_options_are_refused_naming_the_limit() {
    // A repeating digit (here Lasker's Nim's, which splits) is walked:
    // refused beyond the bound.
    let out = grundy()
        .args(["play", "lasker", "100000001"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("100000000 options"), "{err}");
    // A repeating split digit has about n²/4 options: refused at once.
    let out = grundy()
        .args(["play", "0.7r", "30000"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
