//! `grundy explain` (issue 36): the two commands the issue names print the
//! derivation (binary columns and Bouton for `nim 3 4 5`, the mex in
//! Chinese for `sub:1,3,4 7`), the JSON holds the numbers and the lines,
//! the other games of the issue explain, and bad input gets the usual
//! one-line error.

use assert_cmd::Command;

fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("grundy runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn explained(args: &[&str]) -> String {
    let (code, out, err) = grundy(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

#[test]
fn explain_nim_3_4_5_prints_the_binary_columns_and_bouton_move() {
    let out = explained(&["explain", "nim", "3", "4", "5"]);
    for want in [
        "G(3)  011  3",
        "G(4)  100  4",
        "G(5)  101  5",
        "X     010  2",
        "X = 2 ≠ 0, so an N-position",
        "highest set bit of X = 2 is bit 1",
        "target 3 ⊕ 2 = 1; 3 -> 1: G(1) = 1",
        "Winning moves: 1 in all.",
    ] {
        assert!(out.contains(want), "no `{want}` in:\n{out}");
    }
}

#[test]
fn explain_sub_134_7_in_chinese_takes_the_mex_step_by_step() {
    let out = explained(&["explain", "sub:1,3,4", "7", "--lang", "zh"]);
    for want in [
        "7 的后继状态（共 3 个）及其 SG 值：",
        "7 -> 6   SG(6) = 2",
        "7 -> 4   SG(4) = 2",
        "7 -> 3   SG(3) = 1",
        "后继状态的 SG 值集合：{1, 2}",
        "mex：0 不在集合中，所以 SG(7) = 0",
        "必败态（P），先手必败",
    ] {
        assert!(out.contains(want), "no `{want}` in:\n{out}");
    }
}

#[test]
fn explain_json_holds_the_numbers_and_the_lines() {
    let out = explained(&["explain", "nim", "3", "4", "5", "--format", "json"]);
    let j: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(j["game"], "nim");
    assert_eq!(j["positions"], serde_json::json!(["3", "4", "5"]));
    assert_eq!(j["lang"], "en");
    assert_eq!(j["sum"]["binary"], serde_json::json!(["011", "100", "101"]));
    assert_eq!(j["sum"]["value_binary"], "010");
    assert_eq!(j["sum"]["outcome"], "N");
    assert_eq!(j["sum"]["winning_moves"][0]["from"], "3");
    assert_eq!(j["sum"]["winning_moves"][0]["to"], serde_json::json!(["1"]));
    assert_eq!(
        j["components"][2]["options"]["values"],
        serde_json::json!([0, 1, 2, 3, 4])
    );
    let text = explained(&["explain", "nim", "3", "4", "5"]);
    let lines: Vec<&str> = j["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        lines.join("\n") + "\n",
        text,
        "the JSON's lines are the text"
    );
}

#[test]
fn explain_covers_kayles_lasker_wythoff_a_script_and_a_cram_board() {
    for (args, want) in [
        (&["explain", "kayles", "10"][..], "G(10) = 2"),
        (&["explain", "lasker", "7"][..], "7 -> 3+4"),
        (&["explain", "wythoff", "3,5"][..], "3,5 -> "),
        (
            &["explain", "script:examples/games/subtract-134.lua", "7"][..],
            "mex: 0 is not an option value",
        ),
        (&["explain", "cram", "2x3"][..], "The options of 2x3"),
    ] {
        let out = explained(args);
        assert!(out.contains(want), "{args:?}: no `{want}` in:\n{out}");
    }
}

#[test]
fn explain_refuses_a_bad_position_with_one_error_line() {
    let (code, out, err) = grundy(&["explain", "nim", "x"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.starts_with("error: invalid position `x`"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = grundy(&["explain", "nim", "1", "--lang", "fr"]);
    assert_eq!(code, 2);
    assert!(err.contains("`fr`"), "{err}");
}
