//! `grundy analyze` on the placement games: the three positions the issue
//! names, `--outcome-only`, `--no-moves`, `--table` save and resume, and
//! the errors.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn json(args: &[&str]) -> Value {
    let out = grundy()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn failure(args: &[&str]) -> String {
    let out = grundy().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The values were checked by the library's exhaustive tests; here the
/// command answers them with the moves as boards.
#[test]
fn the_issues_three_positions_answer_with_values_and_moves() {
    let cram = json(&["analyze", "cram", "4x5"]);
    assert_eq!(cram["value"], 2);
    assert_eq!(cram["outcome"], "N");
    assert_eq!(cram["winning_moves"].as_array().unwrap().len(), 5);
    // Moves are listed from the middle of the board out.
    assert_eq!(cram["winning_moves"][0]["to"], "...../..x../..x../.....");
    let nk = json(&["analyze", "node-kayles", "grid:3x5"]);
    assert_eq!(nk["value"], 3);
    assert_eq!(nk["winning_moves"][0]["to"], "..#../.#x#./..#..");
    let chomp = json(&["analyze", "chomp", "3x4"]);
    assert_eq!(chomp["value"], 9);
    assert_eq!(chomp["winning_moves"][0]["to"], "..../..xx/..xx");
    // The move leaves a P-position, and the drawing is a position.
    let after = json(&["analyze", "chomp", "..../..xx/..xx"]);
    assert_eq!(after["outcome"], "P");
}

#[test]
fn outcome_only_gives_the_outcome_and_one_move_without_the_value() {
    let full = json(&["analyze", "cram", "3x5", "2x3"]);
    let fast = json(&["analyze", "cram", "3x5", "2x3", "--outcome-only"]);
    assert_eq!(fast["value"], Value::Null);
    assert_eq!(fast["outcome"], "P");
    assert_eq!(fast["outcome"], full["outcome"]);
    assert_eq!(fast["winning_moves_total"], 0);
    let full = json(&["analyze", "cram", "4x5", "2x3"]);
    let fast = json(&["analyze", "cram", "4x5", "2x3", "--outcome-only"]);
    assert_eq!(fast["outcome"], "N");
    // One winning move proves the outcome: the first of the full list; how
    // many others win is not known.
    assert!(full["winning_moves"].as_array().unwrap().len() > 1);
    assert_eq!(fast["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(fast["winning_moves"][0], full["winning_moves"][0]);
    assert_eq!(fast["winning_moves_total"], Value::Null);
    // Other games answer in full.
    assert_eq!(json(&["analyze", "nim", "3", "--outcome-only"])["value"], 3);
}

/// `--no-moves`: the same value and outcome as the full run, the moves
/// null (not computed, which an empty list would not say); with
/// `--outcome-only` the outcome alone. Other games too.
#[test]
fn no_moves_gives_the_value_of_the_full_run_and_no_moves() {
    for (game, position) in [
        ("cram", "4x5"),
        ("cram", "3x4"),
        ("cram", "2x2"),
        ("node-kayles", "grid:3x5"),
        ("chomp", "3x4"),
        ("nim", "3"),
    ] {
        let full = json(&["analyze", game, position]);
        let bare = json(&["analyze", game, position, "--no-moves"]);
        assert_eq!(bare["value"], full["value"], "{game} {position}");
        assert_eq!(bare["outcome"], full["outcome"], "{game} {position}");
        assert_eq!(bare["winning_moves"], Value::Null, "{game} {position}");
        assert_eq!(bare["winning_moves_total"], Value::Null);
        let outcome = json(&["analyze", game, position, "--no-moves", "--outcome-only"]);
        assert_eq!(outcome["outcome"], full["outcome"], "{game} {position}");
        assert_eq!(outcome["winning_moves"], Value::Null);
    }
    let out = grundy()
        .args(["analyze", "cram", "3x4", "--no-moves"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("value *\n"), "{text}");
    assert!(text.contains("not computed (--no-moves)"), "{text}");
    assert!(!text.contains(" -> "), "{text}");
}

#[test]
fn a_table_is_saved_resumed_and_refused_for_another_game() {
    let path = scratch("cram.table");
    let p = path.to_str().unwrap();
    let first = json(&["analyze", "cram", "4x4", "--table", p]);
    let saved = std::fs::metadata(&path).unwrap().len();
    assert!(saved > 24, "{saved} bytes");
    // Resumed: the same answer, and the table only grows.
    let again = json(&["analyze", "cram", "4x5", "--table", p]);
    assert_eq!(again["value"], 2);
    assert!(std::fs::metadata(&path).unwrap().len() > saved);
    assert_eq!(json(&["analyze", "cram", "4x4", "--table", p]), first);
    let e = failure(&["analyze", "chomp", "3x4", "--table", p]);
    assert!(e.contains("another game"), "{e}");
    std::fs::write(&path, b"GRUNDYPT\x01\x00\x00\x00").unwrap();
    let e = failure(&["analyze", "cram", "4x4", "--table", p]);
    assert!(e.contains("truncated"), "{e}");
    let e = failure(&["analyze", "nim", "3", "--table", p]);
    assert!(e.contains("keeps no table"), "{e}");
}

#[test]
fn placement_errors_name_the_problem() {
    assert!(failure(&["analyze", "cram", "12x12"]).contains("128"));
    assert!(failure(&["analyze", "chomp", "[2,3]"]).contains("never increase"));
    // Misère play is searched on whole boards, within the search's limit.
    let e = failure(&["analyze", "cram", "--misere", "6x6"]);
    assert!(e.contains("too many to search"), "{e}");
    assert!(failure(&["values", "cram", "--to", "5"]).contains("boards"));
    let e = failure(&["analyze", "node-kayles:/nonexistent/g.txt", "all"]);
    assert!(e.contains("cannot read"), "{e}");
}

#[test]
fn node_kayles_reads_a_graph_file() {
    let path = scratch("square-with-tail.txt");
    std::fs::write(
        &path,
        "# a 4-cycle with a pendant vertex\na b\nb c\nc d\nd a\na e\n",
    )
    .unwrap();
    let spec = format!("node-kayles:{}", path.display());
    let a = json(&["analyze", &spec, "all"]);
    // By hand: choosing a leaves c (*1); b leaves d and e apart (*1 + *1
    // = 0); c leaves a-e (*1); d is like b (0); e leaves the path b-c-d
    // (*2). The options are 0, 1, 2: value 3, winning moves b and d.
    assert_eq!(a["value"], 3);
    let moves: Vec<&str> = a["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["all-a,xb,c", "all-a,c,xd"]);
    assert_eq!(json(&["analyze", &spec, "all-a,xb,c"])["outcome"], "P");
}

/// The placement games list their moves, so they can be played, and
/// their misère play and compounds are searched: a 2×3 Cram board (value
/// *: the player to move wins) played from the first move to the end, the
/// engine answering; misère and a conjunctive compound answered.
#[test]
fn placement_games_are_played_and_searched_in_misere_play() {
    // The one winning move of 2x3 leaves a 2x2 board: the engine then
    // takes one domino and we take the last.
    let out = grundy()
        .args(["play", "cram", "2x3", "--quiet"])
        .write_stdin("0 .x./.x.\nmoves\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("engine plays"), "{text}");
    // Misère play: 2x3 is a misère P-position; the engine answers and
    // the game ends with the misère verdict.
    let out = grundy()
        .args(["play", "cram", "2x3", "--misere"])
        .write_stdin("hint\n0 .x./.x.\nmoves\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("hint: misère play, a P-position"), "{text}");
    assert!(text.contains("engine plays"), "{text}");
    let m = json(&["analyze", "cram", "3x3", "--misere"]);
    assert_eq!(m["outcome"], "N", "{m}");
    let m = json(&["analyze", "cram", "4x4", "--misere"]);
    assert_eq!(m["outcome"], "P", "{m}");
    let c = json(&["analyze", "cram", "2x2", "2x3", "--compound", "conjunctive"]);
    assert!(c["remoteness"].is_number(), "{c}");
}
