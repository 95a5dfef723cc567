//! The `grundy` command as scripts see it (the command-line contract of
//! DESIGN.md): the issue-2 commands with their exact JSON, and bad input.
//!
//! Bad input must exit with status 2, print nothing on stdout and exactly
//! one line on stderr, starting `error:` and naming the offending value in
//! backticks — never a panic or a backtrace.

use assert_cmd::Command;
use serde_json::{json, Value};

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    cmd
}

/// Runs a command that must succeed quietly and print one JSON object.
fn json_of(args: &[&str]) -> Value {
    let out = grundy(args).assert().success().get_output().clone();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.is_empty(),
        "grundy {args:?} wrote to stderr: {stderr}"
    );
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    assert_eq!(
        stdout.lines().count(),
        1,
        "grundy {args:?}: one JSON line expected, got {stdout}"
    );
    serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("grundy {args:?}: not JSON ({e}): {stdout}"))
}

/// Runs a command that must be rejected; returns its one line on stderr.
fn rejects(args: &[&str], bad: &str) -> String {
    let out = grundy(args).assert().code(2).get_output().clone();
    let stderr = String::from_utf8(out.stderr).expect("UTF-8 stderr");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"),
        "grundy {args:?} panicked: {stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "grundy {args:?} printed on stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "grundy {args:?}: exactly one line on stderr expected, got:\n{stderr}"
    );
    assert!(stderr.ends_with('\n'), "grundy {args:?}: {stderr:?}");
    let line = stderr.trim_end().to_string();
    assert!(
        line.starts_with("error: "),
        "grundy {args:?}: the line must start `error: `: {line}"
    );
    assert!(
        line.contains(&format!("`{bad}`")),
        "grundy {args:?}: the line must name `{bad}` in backticks: {line}"
    );
    line
}

// ---- the issue-2 "Done means" commands ----

#[test]
fn values_of_sub_1_3_4_are_the_seed_table() {
    let v = json_of(&["values", "sub:1,3,4", "--to", "8", "--format", "json"]);
    assert_eq!(
        v,
        json!({"game": "sub:1,3,4", "from": 0, "to": 8, "values": [0, 1, 0, 1, 2, 3, 2, 0, 1]})
    );
}

#[test]
fn analyze_nim_3_4_5_has_exactly_bouton_s_move() {
    let v = json_of(&["analyze", "nim", "3", "4", "5", "--format", "json"]);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["value"], 2);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{"component": 0, "from": "3", "to": "1"}])
    );
}

#[test]
fn pow2_values_near_10_to_18_are_n_mod_3() {
    let (from, to) = (999_999_999_999_999_990u64, 1_000_000_000_000_000_000u64);
    let (f, t) = (from.to_string(), to.to_string());
    let v = json_of(&[
        "values", "sub:pow2", "--from", &f, "--to", &t, "--format", "json",
    ]);
    assert_eq!(v["from"], from);
    assert_eq!(v["to"], to);
    let expected: Vec<u64> = (from..=to).map(|n| n % 3).collect();
    assert_eq!(v["values"], json!(expected));
    // The same command in text form (as written in the issue) agrees.
    let out = grundy(&["values", "sub:pow2", "--from", &f, "--to", &t])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).expect("UTF-8 output");
    let numbers: Vec<u64> = text
        .lines()
        .skip(1)
        .flat_map(str::split_whitespace)
        .map(|w| w.parse().expect("a value"))
        .collect();
    assert_eq!(numbers, expected, "{text}");
}

#[test]
fn period_of_sub_1_3_4_is_7_and_proven() {
    let v = json_of(&["period", "sub:1,3,4", "--format", "json"]);
    assert_eq!(v["game"], "sub:1,3,4");
    assert_eq!(v["periodic"], true);
    assert_eq!(v["preperiod"], 0);
    assert_eq!(v["period"], 7);
    assert_eq!(v["saltus"], 0);
    assert_eq!(v["certified"], true);
    assert!(v["checked_to"].as_u64().is_some_and(|n| n >= 7), "{v}");
}

#[test]
fn csv_values_have_a_header_and_one_row_per_n() {
    let out = grundy(&[
        "values",
        "sub:1,3,4",
        "--from",
        "5",
        "--to",
        "7",
        "--format",
        "csv",
    ])
    .assert()
    .success()
    .get_output()
    .stdout
    .clone();
    assert_eq!(String::from_utf8(out).unwrap(), "n,value\n5,3\n6,2\n7,0\n");
}

// ---- bad input: exit 2, one line, the bad value in backticks ----

#[test]
fn an_empty_subtraction_set_is_rejected() {
    let line = rejects(&["values", "sub:", "--to", "5"], "sub:");
    assert!(line.contains("empty"), "{line}");
    rejects(&["analyze", "sub:", "3"], "sub:");
    rejects(&["period", "sub:"], "sub:");
}

#[test]
fn a_move_of_size_0_is_rejected() {
    let line = rejects(&["values", "sub:0,1", "--to", "5"], "sub:0,1");
    assert!(line.contains("at least one token"), "{line}");
    rejects(&["period", "sub:1,0"], "sub:1,0");
    rejects(&["values", "bash:0", "--to", "5"], "bash:0");
    rejects(&["values", "allbut:0", "--to", "5"], "allbut:0");
}

#[test]
fn non_numbers_are_rejected_where_they_stand() {
    // In a spec.
    rejects(&["values", "sub:1,x,4", "--to", "5"], "x");
    rejects(&["values", "sub:1,,4", "--to", "5"], "sub:1,,4");
    rejects(&["values", "bash:three", "--to", "5"], "three");
    // In a position.
    rejects(&["analyze", "sub:1,3,4", "5", "six"], "six");
    rejects(&["analyze", "nim", "3.5"], "3.5");
    // In an option.
    rejects(&["values", "sub:1,3,4", "--to", "abc"], "abc");
    rejects(
        &["values", "sub:1,3,4", "--from", "1e3", "--to", "5"],
        "1e3",
    );
    rejects(&["period", "sub:1,3,4", "--limit", "many"], "many");
    rejects(
        &["values", "sub:1,3,4", "--to", "5", "--format", "xml"],
        "xml",
    );
}

#[test]
fn negative_numbers_are_rejected_as_negative() {
    for (args, bad) in [
        (&["values", "sub:-3", "--to", "5"][..], "-3"),
        (&["analyze", "sub:1,3,4", "-3"][..], "-3"),
        (&["analyze", "nim", "4", "-1"][..], "-1"),
        (&["values", "sub:1,3,4", "--to", "-1"][..], "-1"),
        (
            &["values", "sub:1,3,4", "--from", "-2", "--to", "5"][..],
            "-2",
        ),
        (&["period", "sub:1,3,4", "--limit", "-7"][..], "-7"),
    ] {
        let line = rejects(args, bad);
        assert!(line.contains("negative"), "{args:?}: {line}");
    }
}

#[test]
fn numbers_beyond_u64_are_rejected_not_wrapped() {
    let huge = "18446744073709551616"; // 2^64
    for args in [
        &["values", &format!("sub:1,{huge}"), "--to", "5"][..],
        &["analyze", "nim", "3", huge][..],
        &["analyze", "sub:1,3,4", huge][..],
        &["values", "sub:1,3,4", "--to", huge][..],
        &["values", "sub:1,3,4", "--from", huge, "--to", "5"][..],
    ] {
        let line = rejects(args, huge);
        assert!(line.contains("larger than"), "{args:?}: {line}");
    }
}

#[test]
fn an_unknown_game_is_rejected_with_the_known_ones() {
    let line = rejects(&["values", "frobnicate", "--to", "5"], "frobnicate");
    assert!(line.contains("sub"), "the known games are listed: {line}");
    rejects(&["analyze", "frobnicate", "3"], "frobnicate");
    rejects(&["period", "frobnicate:1,2"], "frobnicate");
    rejects(&["values", "nim:3", "--to", "5"], "nim:3");
}

#[test]
fn from_after_to_is_an_empty_range() {
    let line = rejects(&["values", "sub:1,3,4", "--from", "9", "--to", "3"], "9");
    assert!(line.contains("`3`"), "{line}");
    rejects(&["values", "nim", "--from", "9", "--to", "3"], "9");
}

#[test]
fn requests_beyond_what_can_be_computed_are_errors() {
    // No proven period for Fibonacci moves: a huge heap is refused.
    let max = u64::MAX.to_string();
    rejects(&["values", "sub:fib", "--from", &max, "--to", &max], &max);
    // Too many values at once.
    rejects(
        &["values", "sub:1,3,4", "--to", &max],
        &format!("0..={max}"),
    );
    // Misère play of a heap game is an exhaustive search: small heaps only.
    rejects(
        &["analyze", "sub:1,3,4", "--misere", "99999999"],
        "99999999",
    );
}

#[test]
fn usage_errors_are_one_line_too() {
    rejects(&["values", "sub:1,3,4", "--to", "5", "--frm", "3"], "--frm");
    rejects(&["frobnicate"], "frobnicate");
    rejects(&["period", "sub:1,3,4", "--format", "csv"], "csv");
}

#[test]
fn help_is_not_an_error() {
    grundy(&["--help"]).assert().success();
    grundy(&["values", "--help"]).assert().success();
}

/// Every family's example (`grundy games --format json`, field `example`)
/// answers `analyze` with a value or an outcome, from the repository's root
/// (where the file families' example paths start).
#[test]
fn every_family_example_from_grundy_games_answers_analyze() {
    let games = json_of(&["games", "--format", "json"]);
    let families = games["games"].as_array().expect("a list of games");
    assert!(families.len() >= 20, "{families:?}");
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    for f in families {
        let example = f["example"].as_str().expect("every family has an example");
        let mut args = vec!["analyze"];
        args.extend(example.split(' '));
        args.extend(["--format", "json"]);
        let out = grundy(&args).current_dir(root).assert().success();
        let v: Value = serde_json::from_slice(&out.get_output().stdout)
            .unwrap_or_else(|e| panic!("grundy {args:?}: not JSON ({e})"));
        assert!(
            matches!(v["outcome"].as_str(), Some("N" | "P")),
            "grundy {args:?}: {v}"
        );
    }
}

// ---- issue 22: `grundy misere`, and `analyze --misere` through a quotient ----

/// The exact JSON of the issue for misère Nim on heaps 0..=3: the tame
/// quotient T₂ of order 6 (Conway; Plambeck–Siegel).
#[test]
fn misere_json_of_nim_is_the_tame_quotient_of_order_6() {
    let v = json_of(&["misere", "nim", "--heaps", "3", "--format", "json"]);
    assert_eq!(
        v,
        json!({
            "game": "nim",
            "heaps": 3,
            "order": 6,
            "generators": [{"name": "a", "heap": 1}, {"name": "b", "heap": 2}],
            "relations": [["a^2", "1"], ["b^3", "b"]],
            "p_portion": ["a", "b^2"],
            "heap_elements": ["1", "a", "b", "ab"],
            "tame": true,
            "stable_from": 2,
        })
    );
}

/// 0.75 (Plambeck, "Taming the wild", 2005): order 8, wild, stable from
/// heap 5 on.
#[test]
fn misere_075_is_wild_of_order_8() {
    let v = json_of(&["misere", "0.75", "--heaps", "12", "--format", "json"]);
    assert_eq!(v["order"], 8);
    assert_eq!(v["tame"], false);
    assert_eq!(v["stable_from"], 5);
    assert_eq!(v["heap_elements"].as_array().unwrap().len(), 13);
}

#[test]
fn a_quotient_still_growing_has_no_stable_from() {
    let v = json_of(&["misere", "nim", "--heaps", "4", "--format", "json"]);
    assert_eq!(v["order"], 10);
    assert_eq!(v["stable_from"], Value::Null);
}

/// `analyze --misere` through the quotient agrees with exhaustive search
/// (outcome and every winning move) on small sums, and answers a sum of 40
/// heaps that the search cannot.
#[test]
fn analyze_misere_uses_the_quotient_and_agrees_with_search() {
    let game = grundy::games::TakeBreak::octal("0.75").unwrap();
    let mut search = grundy::solve::MisereSolver::new(&game);
    for heaps in [[3u64, 4, 5], [1, 2, 6], [7, 7, 2], [9, 5, 4]] {
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["analyze", "0.75", "--misere", "--format", "json"];
        args.extend(texts.iter().map(String::as_str));
        let v = json_of(&args);
        let (outcome, moves) = search.analyze(&heaps).unwrap();
        assert_eq!(v["outcome"], outcome.to_string(), "{heaps:?}");
        let listed: Vec<(u64, String)> = v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["component"].as_u64().unwrap(),
                    m["to"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let want: Vec<(u64, String)> = moves
            .iter()
            .map(|m| {
                let to: Vec<String> = m.to.iter().map(u64::to_string).collect();
                (m.component as u64, to.join("+"))
            })
            .collect();
        assert_eq!(listed, want, "{heaps:?}");
    }
    let many: Vec<String> = (0..40).map(|i| (5 + i % 7).to_string()).collect();
    let mut args = vec!["analyze", "0.75", "--misere", "--format", "json"];
    args.extend(many.iter().map(String::as_str));
    let v = json_of(&args);
    // 40 heaps of 5..=11: by the quotient (c^2 = b^2, b^3 = b, ...) the
    // product is in the P-portion or not; the search could not say.
    assert!(v["outcome"] == "P" || v["outcome"] == "N");
}

#[test]
fn misere_refuses_what_is_not_a_heap_game_or_too_many_heaps() {
    let line = rejects(&["misere", "wythoff"], "wythoff");
    assert!(line.contains("not a heap game"), "{line}");
    let line = rejects(&["misere", "0.75", "--heaps", "20000"], "20000");
    assert!(line.contains("heaps up to 10000"), "{line}");
}

// ---- issue 33: misère output says what it is ----

/// The misère nim-value and the normal-play nim-sum of a sum of heaps of
/// an octal game, by the library's definitions on the native game.
fn misere_and_normal(code: &str, heaps: &[u64]) -> (u64, u64) {
    let game = grundy::games::TakeBreak::octal(code).unwrap();
    let misere = grundy::solve::misere_quotient::misere_nim_value(&game, heaps).unwrap();
    let mut memo = grundy::solve::MemoSolver::new(&game);
    let normal = heaps
        .iter()
        .fold(0, |x, h| x ^ memo.nim_value(h).unwrap().value());
    (misere, normal)
}

/// Regression: `analyze sub:1,3,4 1000 --misere --format json` printed
/// `"value": 2`, the normal-play nim-sum, beside `"misere": true`. A misère
/// analysis prints `"value": null`, its misère nim-value as
/// `"misere_value"` (0 exactly when the outcome is P) and the normal-play
/// nim-sum as `"normal_value"`; the text says "misère nim-value" and never
/// "value" alone. Checked against the definitions on the native games
/// (sub:1,3,4 is the octal code 0.3033, a script plays it too).
#[test]
fn a_misere_analysis_never_prints_the_normal_play_value_as_its_value() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/games/subtract-134.rhai"
    );
    let script = format!("script:{script}");
    let cases: [(&str, &str, &[u64]); 8] = [
        ("sub:1,3,4", "0.3033", &[1000]),
        ("sub:1,3,4", "0.3033", &[3, 4]),
        (&script, "0.3033", &[3, 4, 9]),
        ("nim", "0.3333333333", &[3, 4, 5]),
        ("nim", "0.3333333333", &[1, 1]),
        ("nim", "0.3333333333", &[1, 1, 1]),
        ("kayles", "0.77", &[7, 5, 3]),
        ("0.75", "0.75", &[3, 4, 5]),
    ];
    for (spec, code, heaps) in cases {
        let (misere, normal) = misere_and_normal(code, heaps);
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["analyze", spec, "--misere"];
        args.extend(texts.iter().map(String::as_str));
        let mut json_args = args.clone();
        json_args.extend(["--format", "json"]);
        let v = json_of(&json_args);
        assert_eq!(v["value"], Value::Null, "{args:?}: {v}");
        assert_eq!(v["misere"], true, "{args:?}");
        assert_eq!(v["misere_value"], misere, "{args:?}: {v}");
        assert_eq!(v["normal_value"], normal, "{args:?}: {v}");
        let p = if misere == 0 { "P" } else { "N" };
        assert_eq!(v["outcome"], p, "{args:?}: {v}");

        let out = grundy(&args).assert().success().get_output().clone();
        let text = String::from_utf8(out.stdout).unwrap();
        let first = text.lines().next().unwrap();
        assert!(
            first.ends_with(&format!("(misère play): misère nim-value {misere}")),
            "{args:?}: {text}"
        );
        assert!(
            !text.contains(": value") && !text.contains(": nim-sum"),
            "{args:?}: {text}"
        );
        let normal = grundy::Nimber::new(normal);
        assert!(
            text.contains(&format!("\nnormal-play nim-sum: {normal} (")),
            "{args:?}: {text}"
        );
    }
}

/// The family's own misère analysis (`--outcome-only`, `--table`) has no
/// misère value either way, and no normal-play value as `value`.
#[test]
fn a_misere_outcome_only_analysis_has_no_value() {
    let v = json_of(&[
        "analyze",
        "nim",
        "3",
        "4",
        "5",
        "--misere",
        "--outcome-only",
        "--format",
        "json",
    ]);
    assert_eq!(v["value"], Value::Null, "{v}");
    assert_eq!(v["misere_value"], Value::Null, "{v}");
    assert_eq!(v["outcome"], "N", "{v}");
}

/// Regression: `misere kayles` said "the same quotient from heap 9 on",
/// which reads as a quotient of every heap. It says which heaps were
/// computed, and that more needs a proof; misère Nim's quotient keeps
/// order 6 at heaps 2 and 3 and grows at heap 4.
#[test]
fn misere_quotient_stability_is_stated_for_the_heaps_computed_only() {
    let out = grundy(&["misere", "kayles"])
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    let stability = text
        .lines()
        .find(|l| l.starts_with("stability:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        stability.contains("computed for heaps 0..=10 only: order 18 since heap 9"),
        "{text}"
    );
    assert!(!text.contains("from heap 9 on"), "{text}");
    assert!(text.contains("needs a proof"), "{text}");
    let three = json_of(&["misere", "nim", "--heaps", "3", "--format", "json"]);
    let four = json_of(&["misere", "nim", "--heaps", "4", "--format", "json"]);
    assert_eq!(
        (three["stable_from"].clone(), three["order"].clone()),
        (json!(2), json!(6))
    );
    assert_eq!(four["order"], 10);
}

/// The number in the text line `winning moves (N):` of `grundy ARGS`.
fn winning_moves_in_text(args: &[&str]) -> u64 {
    let out = grundy(args).assert().success().get_output().clone();
    let text = String::from_utf8(out.stdout).expect("UTF-8 output");
    let line = text
        .lines()
        .find(|l| l.starts_with("winning moves ("))
        .unwrap_or_else(|| panic!("grundy {args:?}: no `winning moves (N):` line in\n{text}"));
    line["winning moves (".len()..]
        .trim_end_matches("):")
        .parse()
        .unwrap_or_else(|e| panic!("{line}: {e}"))
}

#[test]
fn text_analyze_says_how_many_moves_win_as_json_counts_them() {
    // One winning move, several, more than the 10,000 listed, and a
    // compound: the text's count is JSON's `winning_moves_total`.
    for args in [
        &["analyze", "nim", "3", "4", "5"][..],
        &["analyze", "nim", "3", "5", "6", "7"],
        &["analyze", "kayles", "300000"],
        &["analyze", "euclid", "3,2", "4,7", "--compound", "continued"],
    ] {
        let text = winning_moves_in_text(args);
        let mut json_args = args.to_vec();
        json_args.extend(["--format", "json"]);
        let total = json_of(&json_args)["winning_moves_total"].as_u64();
        assert_eq!(Some(text), total, "{args:?}");
    }
    assert_eq!(winning_moves_in_text(&["analyze", "nim", "3", "4", "5"]), 1);
    assert_eq!(
        winning_moves_in_text(&["analyze", "nim", "3", "5", "6", "7"]),
        3
    );
    assert!(winning_moves_in_text(&["analyze", "kayles", "300000"]) > 10_000);
}
