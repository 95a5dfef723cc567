//! `grundy misere` (the misère quotient) and `analyze --misere` through a
//! quotient: JSON shape, agreement with the exhaustive search, refusals.

use assert_cmd::Command;
use serde_json::{json, Value};

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    cmd
}

fn json_of(args: &[&str]) -> Value {
    let out = grundy(args).assert().success().get_output().clone();
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    assert_eq!(stdout.lines().count(), 1, "grundy {args:?}: {stdout}");
    serde_json::from_str(&stdout).expect("JSON")
}

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
fn a_game_that_is_not_a_heap_game_is_refused() {
    let out = grundy(&["misere", "wythoff"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn heaps_beyond_the_bound_are_refused_naming_it() {
    let out = grundy(&["misere", "0.75", "--heaps", "20000"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("heaps up to 10000"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}
