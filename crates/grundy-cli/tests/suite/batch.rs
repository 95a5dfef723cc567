//! Many queries, one process (issue 37 item 1): `analyze GAME -`,
//! `analyze GAME --input FILE`, `nim OP -` and `graph FILE --tokens -` give
//! each line the answer a process of its own gives that query.

use crate::common::{file, run_with_stdin as run};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

fn examples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/games")
}

/// The JSON object of one query run in a process of its own.
fn single(game: &str, positions: &[&str], extra: &[&str]) -> Value {
    let mut args = vec!["analyze", game];
    args.extend_from_slice(positions);
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--format", "json"]);
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

/// The batch's JSON Lines for `queries` (one query a line).
fn batch(game: &str, queries: &[&str], extra: &[&str]) -> Vec<Value> {
    let mut args = vec!["analyze", game, "-"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--format", "json"]);
    let (code, out, err) = run(&args, &(queries.join("\n") + "\n"));
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Each batch answer has the single query's keys, value, outcome and
/// count of winning moves, and its one listed move is the single query's
/// first.
fn assert_batch_matches_single(game: &str, queries: &[&str], extra: &[&str]) {
    let answers = batch(game, queries, extra);
    assert_eq!(answers.len(), queries.len(), "{game}: one answer a query");
    for (q, b) in queries.iter().zip(&answers) {
        let positions: Vec<&str> = q.split_whitespace().collect();
        let s = single(game, &positions, extra);
        let keys = |v: &Value| -> Vec<String> {
            let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
            k.sort();
            k
        };
        assert_eq!(keys(b), keys(&s), "{game} {q}");
        for key in [
            "game",
            "value",
            "outcome",
            "winning_moves_total",
            "misere_value",
        ] {
            assert_eq!(b.get(key), s.get(key), "{game} {q}: {key}");
        }
        match (b["winning_moves"].as_array(), s["winning_moves"].as_array()) {
            (Some(bm), Some(sm)) => {
                assert!(bm.len() <= 1, "{game} {q}: one move listed: {b}");
                assert_eq!(bm.first(), sm.first(), "{game} {q}");
            }
            (bm, sm) => assert_eq!(bm, sm, "{game} {q}"),
        }
    }
}

#[test]
fn batch_answers_equal_one_process_per_query_for_nim() {
    assert_batch_matches_single("nim", &["3 4 5", "1 2 3", "7", "0"], &[]);
}

#[test]
fn batch_answers_equal_one_process_per_query_for_dawsons_kayles_up_to_a_billion() {
    assert_batch_matches_single(
        "0.07",
        &["5 7", "1000000000", "4 4", "34 70 1000", "999999937 12"],
        &[],
    );
}

#[test]
fn batch_answers_equal_one_process_per_query_for_a_subtraction_game() {
    assert_batch_matches_single("sub:1,3,4", &["5 7", "2", "10 11 12", "100000"], &[]);
}

#[test]
fn batch_answers_equal_one_process_per_query_for_wythoff() {
    assert_batch_matches_single("wythoff", &["3,5", "4,4 1,2", "10,7"], &[]);
}

#[test]
fn batch_answers_equal_one_process_per_query_for_script_games() {
    let heaps = format!("script:{}", examples().join("subtract-134.rhai").display());
    assert_batch_matches_single(&heaps, &["3 4 9", "2", "7"], &[]);
    let pairs = format!("script:{}", examples().join("wythoff.rhai").display());
    assert_batch_matches_single(&pairs, &["3,5", "4,4 1,2"], &[]);
}

#[test]
fn batch_answers_keep_misere_and_no_moves_per_query() {
    assert_batch_matches_single("nim", &["1 1", "2 3", "1"], &["--misere"]);
    assert_batch_matches_single("0.07", &["5 7", "1000000000"], &["--no-moves"]);
    assert_batch_matches_single("cram", &["2x3", "3x3"], &["--outcome-only"]);
}

#[test]
fn text_answers_are_value_outcome_count_and_the_first_winning_move_one_line_a_query() {
    let (code, out, err) = run(
        &["analyze", "nim", "-"],
        "3 4 5\n\n# a comment\n  1 2 3  \r\n7\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "2 N 1 0:3->1\n0 P 0\n7 N 1 0:7->0\n");
    let (code, out, _) = run(&["analyze", "0.07", "-", "--no-moves"], "5 7\n4 4\n");
    assert_eq!(code, 0);
    assert_eq!(out, "1 N\n0 P\n");
}

#[test]
fn json_lines_hold_one_object_a_query_with_the_single_query_shape() {
    let (code, out, _) = run(
        &["analyze", "0.07", "-", "--format", "json"],
        "1000000000\n4 4\n",
    );
    assert_eq!(code, 0);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["winning_moves_total"], 58_823_532);
    assert_eq!(lines[0]["truncated"], true);
    assert_eq!(lines[0]["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(lines[1]["outcome"], "P");
}

#[test]
fn a_bad_line_stops_the_run_naming_its_line_number() {
    let (code, out, err) = run(&["analyze", "nim", "-"], "3\n\nx 4\n5\n");
    assert_eq!(code, 2);
    assert_eq!(out, "3 N 1 0:3->0\n", "answers before the bad line only");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: line 3: ") && err.contains("`x`"),
        "{err}"
    );
}

#[test]
fn keep_going_prints_a_bad_lines_error_as_its_answer_and_exits_2_at_the_end() {
    let (code, out, err) = run(&["analyze", "nim", "-", "--keep-going"], "3\nx\n5\n");
    assert_eq!(code, 2);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[1].starts_with("error: line 2: "), "{out}");
    assert_eq!(lines[2], "5 N 1 0:5->0");
    assert!(err.contains("1 of 3 queries failed"), "{err}");
    let (code, out, _) = run(
        &["analyze", "nim", "-", "--keep-going", "--format", "json"],
        "x\n",
    );
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["line"], 1);
    assert!(v["error"].as_str().unwrap().contains("`x`"));
}

#[test]
fn input_file_is_read_as_standard_input_is() {
    let path = file("batch-input.txt", "# heaps\n3 4 5\n\n1 2 3\n");
    let (code, from_file, err) = run(&["analyze", "nim", "--input", path.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let (_, from_stdin, _) = run(&["analyze", "nim", "-"], "# heaps\n3 4 5\n\n1 2 3\n");
    assert_eq!(from_file, from_stdin);
    assert_eq!(from_file.lines().count(), 2);
}

#[test]
fn a_query_of_200000_heaps_read_from_stdin_works_where_arguments_are_too_long() {
    let heaps: Vec<u64> = (0..200_000u64).map(|i| i * 7919 % 1_000_003 + 1).collect();
    let line = heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let (code, out, err) = run(
        &["analyze", "nim", "-", "--no-moves"],
        &(line.clone() + "\n"),
    );
    assert_eq!(code, 0, "{err}");
    let xor = heaps.iter().fold(0, |a, h| a ^ h);
    let outcome = if xor == 0 { "P" } else { "N" };
    assert_eq!(out, format!("{xor} {outcome}\n"));
    let (code, out, err) = run(&["analyze", "0.07", "-"], &(line + "\n"));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn answers_come_before_the_next_query_is_sent() {
    // A program talking to grundy through pipes reads each answer before
    // it writes the next query: the answer must not wait in a buffer.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", "nim", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        while let Some(Ok(line)) = lines.next() {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    for (query, answer) in [("3 4 5", "2 N 1 0:3->1"), ("1 2 3", "0 P 0")] {
        writeln!(stdin, "{query}").unwrap();
        stdin.flush().unwrap();
        let got = rx.recv_timeout(Duration::from_secs(20));
        assert_eq!(got.as_deref(), Ok(answer), "answer to {query}");
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn nim_operations_read_one_operation_a_line_and_print_one_result_a_line() {
    let pairs = ["2 2", "16 16", "4294967296 4294967296", "7 0"];
    let (code, out, err) = run(&["nim", "mul", "-"], &(pairs.join("\n") + "\n"));
    assert_eq!(code, 0, "{err}");
    let expected: Vec<String> = pairs
        .iter()
        .map(|p| {
            let mut args = vec!["nim", "mul"];
            args.extend(p.split_whitespace());
            run(&args, "").1.trim().to_string()
        })
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    let (code, out, _) = run(&["nim", "add", "-"], "3 5 6\n1\n");
    assert_eq!((code, out.as_str()), (0, "0\n1\n"));
    let (code, out, _) = run(&["nim", "div", "-"], "6 3\n");
    assert_eq!((code, out.as_str()), (0, "11\n"));
    let (code, out, _) = run(&["nim", "pow", "-"], "2 3\n");
    assert_eq!((code, out.as_str()), (0, "1\n"));
    let (code, out, _) = run(&["nim", "sqrt", "-"], "3\n");
    assert_eq!((code, out.as_str()), (0, "2\n"));
}

#[test]
fn a_nim_line_with_the_wrong_number_of_operands_is_an_error_naming_its_line() {
    let (code, out, err) = run(&["nim", "inv", "-"], "2\n3 4\n");
    assert_eq!(code, 2);
    assert_eq!(out, "3\n");
    assert!(
        err.starts_with("error: line 2: ") && err.contains("1 operand"),
        "{err}"
    );
    let (code, out, _) = run(&["nim", "inv", "-", "--keep-going"], "0\n2\n");
    assert_eq!(code, 2);
    assert!(
        out.starts_with("error: line 1: ") && out.ends_with("\n3\n"),
        "{out}"
    );
}

#[test]
fn graph_tokens_read_one_query_a_line_as_single_runs_answer_them() {
    let graph = file("batch-graph.txt", "a b\nb c\nc a\nb d\nd e\n");
    let g = graph.to_str().unwrap();
    let queries = ["a", "b,d", "e", "c c"];
    let (code, out, err) = run(
        &["graph", g, "--tokens", "-", "--format", "json"],
        &(queries.join("\n") + "\n"),
    );
    assert_eq!(code, 0, "{err}");
    let answers: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), queries.len());
    for (q, b) in queries.iter().zip(&answers) {
        let tokens = q.replace(' ', ",");
        let (code, out, _) = run(&["graph", g, "--tokens", &tokens, "--format", "json"], "");
        assert_eq!(code, 0);
        let s: Value = serde_json::from_str(&out).unwrap();
        for key in [
            "tokens",
            "value",
            "outcome",
            "winning_moves",
            "drawing_moves",
        ] {
            assert_eq!(b[key], s[key], "{q}: {key}");
        }
    }
}

/// Luogu P2953 (Cow Digit Game) through its script: one `N` a line, each
/// answer the one a process of its own gives, and the values those of the
/// rules (subtract the largest or the smallest non-zero digit).
#[test]
fn cow_digit_script_answers_each_line_as_a_process_of_its_own() {
    let cow = format!("script:{}", examples().join("cow-digit.lua").display());
    assert_batch_matches_single(&cow, &["9", "10", "1000", "987654", "1"], &["--no-moves"]);
    assert_batch_matches_single(&cow, &["9", "21", "310"], &[]);
}

/// Luogu P2953 through the built-in family `digits:max,min`: the same
/// lines as the game's script gives (values and outcomes of 400 heaps, the
/// judge's sample among them: 9 is Bessie's win, 10 her loss).
#[test]
fn cow_digit_family_answers_as_the_script_does() {
    let cow = format!("script:{}", examples().join("cow-digit.lua").display());
    let heaps: String = (0..400u64)
        .map(|i| (i * 2_654_435_761 % 1_000_000).to_string() + "\n")
        .chain(["9\n".to_string(), "10\n".to_string()])
        .collect();
    let (code, family, err) = run(&["analyze", "digits:max,min", "-", "--no-moves"], &heaps);
    assert_eq!(code, 0, "{err}");
    let (code, script, err) = run(&["analyze", &cow, "-", "--no-moves"], &heaps);
    assert_eq!(code, 0, "{err}");
    assert_eq!(family, script);
    let last: Vec<&str> = family.lines().rev().take(2).collect();
    assert_eq!(last, ["0 P", "1 N"], "10 loses, 9 wins");
}

/// BZOJ 3576 (江南乐) through its script's split move: a batch answers as
/// single runs do, and the winning moves name the numbers of parts.
#[test]
fn bzoj3576_split_script_answers_each_line_and_names_the_winning_m() {
    let game = format!("script:{}?f=2", examples().join("bzoj3576.lua").display());
    assert_batch_matches_single(&game, &["5 6", "99999 12345", "3 4 5"], &["--no-moves"]);
    assert_batch_matches_single(&game, &["20", "99 1000"], &[]);
    let a = single(&game, &["20"], &[]);
    let names: Vec<&str> = a["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert!(
        !names.is_empty() && names.iter().all(|n| n.starts_with("M=")),
        "{a}"
    );
}

/// Codeforces 768E as the judge gives it: 10^5 piles of 1 to 60 as one
/// sum on one line (10^6 ran past the scripts' 25 s limit at 733 MB, each
/// pile evaluated on its own); the value is the XOR of the piles' values
/// and one winning move is listed, the others counted.
#[test]
fn a_sum_of_100000_family_piles_on_one_line_costs_its_60_distinct_piles() {
    let game = format!("script:{}", examples().join("cf768e.lua").display());
    let piles: Vec<u64> = (0..100_000u64).map(|i| i * 7919 % 60 + 1).collect();
    let line = piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    // G(start(n)) = the largest k with k(k+1)/2 <= n.
    let g = |n: u64| (0..).take_while(|k| k * (k + 1) / 2 <= n).last().unwrap();
    let xor = piles.iter().fold(0, |a, &n| a ^ g(n));
    let started = std::time::Instant::now();
    let (code, out, err) = run(&["analyze", &game, "-", "--format", "json"], &(line + "\n"));
    assert_eq!(code, 0, "{err}");
    let a: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(a["value"], xor, "{a}");
    assert!(a["winning_moves"].as_array().unwrap().len() <= 1, "{a}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}
