//! `pebbles:X,Y` (AtCoder ARC 143 C, issue 37) through the command: the
//! built-in turn-aware game answers as the script
//! `examples/games/arc143c.lua` does on every small case, one position a
//! line at full size, and is refused in a Sprague–Grundy sum.

use assert_cmd::Command;
use serde_json::Value;

fn grundy(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .write_stdin(stdin.as_bytes().to_vec())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Every tuple of one to three piles of at most `max`, one a line.
fn small_tuples(max: u64) -> String {
    let mut lines = String::new();
    for a in 0..=max {
        lines.push_str(&format!("{a}\n"));
        for b in 0..=max {
            lines.push_str(&format!("{a},{b}\n"));
            for c in 0..=max {
                lines.push_str(&format!("{a},{b},{c}\n"));
            }
        }
    }
    lines
}

/// The JSON lines of `analyze GAME - --first FIRST`, less the `game` field.
fn answers(game: &str, first: &str, stdin: &str) -> Vec<Value> {
    let (code, out, err) = grundy(
        &["analyze", game, "-", "--first", first, "--format", "json"],
        stdin,
    );
    assert_eq!(code, 0, "{game}: {err}");
    out.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("game");
            v
        })
        .collect()
}

#[test]
fn the_built_in_pebbles_game_answers_as_the_arc143c_script_on_every_tuple_of_three_piles_to_twelve()
{
    let lines = small_tuples(12);
    for (x, y) in [(1, 1), (1, 2), (2, 3), (3, 2), (4, 1)] {
        let script = format!("script:examples/games/arc143c.lua?x={x},y={y}");
        let built_in = format!("pebbles:{x},{y}");
        for first in ["left", "right"] {
            let want = answers(&script, first, &lines);
            let got = answers(&built_in, first, &lines);
            assert_eq!(got.len(), lines.lines().count());
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(g, w, "x={x} y={y} {first} line {}", i + 1);
            }
        }
    }
}

#[test]
fn values_of_pebbles_tabulates_single_piles_as_the_script_does() {
    for (x, y) in [(2, 3), (3, 1)] {
        let script = format!("script:examples/games/arc143c.lua?x={x},y={y}");
        let (c1, want, e1) = grundy(&["values", &script, "--to", "30"], "");
        let (c2, got, e2) = grundy(&["values", &format!("pebbles:{x},{y}"), "--to", "30"], "");
        assert_eq!((c1, c2), (0, 0), "{e1} {e2}");
        // The first line names the game; the table follows.
        let body = |s: &str| s.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert_eq!(body(&got), body(&want));
    }
}

#[test]
fn pebbles_at_the_full_size_of_arc143c_answers_one_line_of_two_hundred_thousand_piles() {
    // 2·10^5 piles near 10^9, X = 999999937, Y = 999999929: the line is
    // about 2 MB; the answer is one letter.
    let piles: Vec<String> = (0..200_000u64)
        .map(|i| (1_000_000_000 - i * 7919 % 1_000_000).to_string())
        .collect();
    let line = piles.join(",") + "\n";
    let (code, out, err) = grundy(
        &["analyze", "pebbles:999999937,999999929", "-", "--no-moves"],
        &line,
    );
    assert_eq!(code, 0, "{err}");
    let game = grundy::games::pebbles::SetSubtraction::new(999999937, 999999929).unwrap();
    let nums: Vec<u64> = piles.iter().map(|p| p.parse().unwrap()).collect();
    assert_eq!(out.trim(), game.outcome_class(&nums).to_string());
}

#[test]
fn pebbles_refuses_a_sum_of_positions_as_a_turn_aware_game() {
    let (code, _, err) = grundy(&["analyze", "pebbles:1,2", "3,3", "4"], "");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("turn-aware") && err.contains("Sprague"),
        "{err}"
    );
    // In a batch, a line of two components is refused the same way.
    let (code, _, err) = grundy(&["analyze", "pebbles:1,2", "-"], "3,3 4\n");
    assert_ne!(code, 0);
    assert!(
        err.contains("line 1") && err.contains("turn-aware"),
        "{err}"
    );
}

#[test]
fn pebbles_in_a_batch_prints_the_class_the_verdict_and_the_first_winning_move() {
    // ARC 143 C's samples: x=1 y=1 [3,3] First; x=1 y=2 [3,3] Second.
    let (code, out, err) = grundy(&["analyze", "pebbles:1,1", "-"], "3,3\n");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "N left wins ->2,2 (piles 1,2)\n");
    let (code, out, _) = grundy(&["analyze", "pebbles:1,2", "-", "--no-moves"], "3,3\n");
    assert_eq!((code, out.as_str()), (0, "P\n"));
    let (_, out, _) = grundy(
        &[
            "analyze",
            "pebbles:1,2",
            "-",
            "--no-moves",
            "--format",
            "json",
        ],
        "3,3\n",
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "P");
    assert!(v["winning_moves"].is_null(), "{v}");
}
