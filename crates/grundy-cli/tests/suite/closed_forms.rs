//! The command line on the closed-form families (issue 6's "done means").

use assert_cmd::Command;
use serde_json::Value;

fn grundy(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("grundy")
        .expect("binary")
        .args(args)
        .assert()
}

fn json(args: &[&str]) -> Value {
    let out = grundy(args).success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("one JSON object")
}

/// k = 102334155 is the first k where the floating-point formula for
/// ⌊kφ⌋ is wrong; the exact one says P.
#[test]
fn wythoff_first_float_failure_is_p() {
    let v = json(&[
        "analyze",
        "wythoff",
        "165580140,267914295",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["value"], 0);
    assert_eq!(v["winning_moves"], serde_json::json!([]));
}

#[test]
fn wythoff_lists_every_winning_move() {
    let v = json(&["analyze", "wythoff", "3,6", "--format", "json"]);
    assert_eq!(v["outcome"], "N");
    let to: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(to, ["3,5"]);
    // (4,5) has two: 4,5 -> 3,5 (take from the first) and 4,5 -> 1,2 (both).
    let v = json(&["analyze", "wythoff", "4,5", "--format", "json"]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
}

#[test]
fn wythoff_beyond_u64_uses_exact_big_integers() {
    // (⌊kφ⌋, ⌊kφ⌋ + k) for k = 10^30, from the library's bignum path.
    let k = "1000000000000000000000000000000";
    let a = "1618033988749894848204586834365";
    let b = "2618033988749894848204586834365";
    let v = json(&[
        "analyze",
        "wythoff",
        &format!("{a},{b}"),
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "P", "k = {k}");
    let v = json(&[
        "analyze",
        "wythoff",
        &format!("{a},{a}"),
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["value"], Value::Null); // no formula for the nim-value
}

#[test]
fn misere_nim_done_means() {
    assert_eq!(
        json(&["analyze", "nim", "--misere", "1", "1", "--format", "json"])["outcome"],
        "N"
    );
    assert_eq!(
        json(&["analyze", "nim", "--misere", "2", "2", "--format", "json"])["outcome"],
        "P"
    );
}

#[test]
fn misere_subtraction_game_by_search() {
    // A single heap of 1 in misère play: forced to take the last token.
    let v = json(&["analyze", "sub:1,3,4", "--misere", "1", "--format", "json"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&[
        "analyze",
        "sub:1,3,4",
        "--misere",
        "3",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], "0");
}

#[test]
fn wythoff_values_are_a_table_of_rows() {
    let v = json(&["values", "wythoff", "--to", "2", "--format", "json"]);
    assert_eq!(
        v["values"],
        serde_json::json!([[0, 1, 2], [1, 2, 0], [2, 0, 1]])
    );
    grundy(&["values", "wythoff", "--to", "2", "--format", "csv"])
        .success()
        .stdout(predicates::str::starts_with("a,b,value\n0,0,0\n0,1,1\n"));
}

#[test]
fn other_families_answer() {
    let v = json(&["analyze", "euclid", "34,12", "--format", "json"]);
    assert_eq!(
        (v["outcome"].as_str(), v["winning_moves"][0]["to"].as_str()),
        (Some("N"), Some("10,12"))
    );
    let v = json(&["analyze", "staircase", "0,5,3", "--format", "json"]);
    assert_eq!(v["value"], 3);
    let v = json(&["analyze", "moore:2", "3,3,3", "--format", "json"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["analyze", "mult:17", "1", "--format", "json"]);
    assert_eq!(v["outcome"], "P");
    let v = json(&["analyze", "box", "6,3", "6,3", "--format", "json"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn bad_positions_exit_2_naming_the_value() {
    for (args, needle) in [
        (vec!["analyze", "wythoff", "3"], "`3`"),
        (vec!["analyze", "wythoff", "3,x"], "`x`"),
        (vec!["analyze", "wythoff", "400,3", "1,2"], "`400,3`"),
        (vec!["analyze", "moore:0", "1,2"], "`moore:0`"),
        (
            vec!["analyze", "staircase", "18446744073709551615,1"],
            "64 bits",
        ),
        (vec!["analyze", "box", "3,4"], "`3,4`"),
        (
            vec!["analyze", "sub:1,3,4", "--misere", "99999999"],
            "`99999999`",
        ),
        (vec!["values", "wythoff", "--to", "100000"], "100000"),
        (vec!["analyze", "mult:10,1,9", "1"], "`mult:10,1,9`"),
    ] {
        let out = grundy(&args).code(2).get_output().stderr.clone();
        let msg = String::from_utf8(out).unwrap();
        assert!(
            msg.starts_with("error: ") && msg.contains(needle),
            "{args:?}: {msg}"
        );
        assert_eq!(msg.lines().count(), 1, "{args:?}: {msg}");
    }
}

/// Regression (issue 33): `analyze take:3..14 999999999` was refused (the
/// table would take too long) and `period take:1000..100000` said
/// "periodic, preperiod 38000, period 1", a figure that changed with the
/// machine's load. `take:L..R` with constant bounds is the subtraction
/// set {L..R}, with the closed form ⌊(n mod (L+R))/L⌋.
#[test]
fn constant_take_ranges_answer_from_their_closed_form_and_prove_their_period() {
    let v = json(&["analyze", "take:3..14", "999999999", "--format", "json"]);
    assert_eq!(v["value"], (999_999_999u64 % 17) / 3);
    let v = json(&["period", "take:1000..100000", "--format", "json"]);
    assert_eq!(v["certified"], true, "{v}");
    assert_eq!(v["period"], 101_000, "{v}");
    assert_eq!(v["preperiod"], 0, "{v}");
    let proof = v["proof"].as_str().unwrap();
    assert!(proof.contains("floor((n mod (L+R)) / L)"), "{proof}");
    assert!(proof.contains("for 0 <= n < "), "{proof}");
}

/// Regression (issue 33): `period`'s proof stated the theorem but not the
/// instance checked; Dawson's Kayles (`0.07`, period 34 after 53, largest
/// removal 2) needs G(n+34) = G(n) for 53 <= n < 2·53+34+2 = 142.
#[test]
fn a_proven_period_names_the_window_of_values_its_theorem_checked() {
    let v = json(&["period", "0.07", "--format", "json"]);
    let proof = v["proof"].as_str().unwrap();
    assert!(proof.contains("Guy-Smith"), "{proof}");
    assert!(
        proof.contains("G(n+34) = G(n) checked for 53 <= n < 142"),
        "{proof}"
    );
    let out = grundy(&["period", "0.07"])
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("G(n+34) = G(n) checked for 53 <= n < 142"),
        "{text}"
    );
    // The window theorem of a subtraction set: sub:1,3,4 repeats 0..7 with
    // k = 4, so 0 <= n < 4 suffices.
    let v = json(&["period", "sub:1,3,4", "--format", "json"]);
    let proof = v["proof"].as_str().unwrap();
    assert!(
        proof.contains("G(n+7) = G(n) checked for 0 <= n < 4"),
        "{proof}"
    );
}
