//! `grundy` on take-and-break games: the command-line contract of issue 3,
//! checked by running the binary.

use assert_cmd::Command;
use serde_json::Value;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

fn json(args: &[&str]) -> Value {
    let out = grundy().args(args).output().expect("grundy runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn published(file: &str) -> Vec<u64> {
    let path = format!(
        "{}/../../tests/data/sequences/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| {
            l.split_whitespace()
                .map(|x| x.parse::<u64>().unwrap())
                .collect::<Vec<_>>()
        })
        .collect()
}

fn values(v: &Value) -> Vec<u64> {
    v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn kayles_values_match_the_published_sequence() {
    let v = json(&["values", "kayles", "--to", "100", "--format", "json"]);
    assert_eq!(v["game"], "kayles");
    let v = values(&v);
    assert_eq!(v.len(), 101);
    let kayles = published("kayles.txt");
    assert_eq!(&v[..kayles.len()], &kayles[..]);
    // Beyond the published prefix: the period 4 1 2 8 1 4 7 2 1 8 2 7.
    let cycle = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
    assert!((71..=100).all(|n| v[n] == cycle[n % 12]));
}

#[test]
fn dawson_and_grundy_game_values_match() {
    let chess = published("dawson_chess.txt");
    let v = values(&json(&[
        "values",
        "dawson-chess",
        "--to",
        "51",
        "--format",
        "json",
    ]));
    assert_eq!(v, chess);
    let v = values(&json(&[
        "values", "dawson", "--to", "52", "--format", "json",
    ]));
    assert_eq!(&v[1..], &chess[..]);
    let g = published("grundy_game.txt");
    let v = values(&json(&[
        "values",
        "grundy-game",
        "--to",
        "10000",
        "--format",
        "json",
    ]));
    assert_eq!(&v[..g.len()], &g[..]);
}

#[test]
fn kayles_period_is_certified() {
    let p = json(&["period", "kayles", "--format", "json"]);
    assert_eq!(p["periodic"], true);
    assert_eq!(p["preperiod"], 71);
    assert_eq!(p["period"], 12);
    assert_eq!(p["saltus"], 0);
    assert_eq!(p["certified"], true);
    // Guy–Smith needs G(n+12) = G(n) for 71 <= n < 2*71+12+2.
    assert!(p["checked_to"].as_u64().unwrap() >= 2 * 71 + 12 + 2 + 12 - 1);
}

#[test]
fn octal_016_period_is_certified() {
    let p = json(&["period", "0.16", "--limit", "2000000", "--format", "json"]);
    assert_eq!(
        (p["preperiod"].as_u64(), p["period"].as_u64()),
        (Some(105351), Some(149459))
    );
    assert_eq!(p["certified"], true);
}

#[test]
fn lasker_is_arithmetic_periodic_and_answers_huge_heaps() {
    let p = json(&["period", "lasker", "--format", "json"]);
    assert_eq!(
        (p["period"].as_u64(), p["saltus"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(p["certified"], true);
    let v = json(&[
        "values",
        "lasker",
        "--from",
        "2147483600",
        "--to",
        "2147483647",
        "--format",
        "json",
    ]);
    let v = values(&v);
    let closed = |n: u64| match n % 4 {
        0 => n - 1,
        3 => n + 1,
        _ => n,
    };
    assert_eq!(v, (2147483600..=2147483647).map(closed).collect::<Vec<_>>());
}

#[test]
fn a_split_shows_its_heaps_joined_by_plus() {
    let a = json(&["analyze", "kayles", "5", "7", "--format", "json"]);
    assert_eq!(a["outcome"], "N");
    let moves = a["winning_moves"].as_array().unwrap();
    assert!(
        moves.iter().any(|m| m["to"] == "1+3" && m["from"] == "5"),
        "{a}"
    );
    // A heap of 10^18 answers from the period.
    let a = json(&[
        "analyze",
        "kayles",
        "1000000000000000000",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(a["outcome"], "N");
    assert!(!a["winning_moves"].as_array().unwrap().is_empty());
}

#[test]
fn invalid_codes_exit_2_naming_the_problem() {
    for (code, says) in [
        ("0.8", "`8` is not an octal digit"),
        ("0.19", "`9` is not an octal digit"),
        ("hex:0.3G", "`G` is not a hexadecimal digit"),
        ("hex:", "empty"),
        ("0.0", "no move"),
        ("0.000", "no move"),
        ("3.7", "before the point"),
    ] {
        let out = grundy()
            .args(["values", code, "--to", "5"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{code}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{code}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{code}: {err}");
    }
}

#[test]
fn stats_report_the_largest_value_counts_and_split() {
    let v = json(&[
        "values", "0.6", "--to", "20000", "--stats", "--format", "json",
    ]);
    let s = &v["stats"];
    assert_eq!(s["max"].as_u64(), values(&v).iter().max().copied());
    let counted: u64 = s["counts"]
        .as_object()
        .unwrap()
        .values()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(counted, 20001);
    assert_eq!(s["split_visible"], true, "{s}");
    let out = grundy()
        .args(["values", "kayles", "--to", "20", "--stats"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("largest value: 7"), "{text}");
}
