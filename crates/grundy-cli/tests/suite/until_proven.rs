//! `grundy period GAME --until-proven [--time SECS]` (issue 33, item 9):
//! computes until the Guy–Smith bound of the candidate period is met, or
//! the time or memory runs out, and says which.

use assert_cmd::Command;
use std::time::{Duration, Instant};

fn grundy(args: &[&str]) -> (i32, String, String, Duration) {
    let start = Instant::now();
    let out = Command::cargo_bin("grundy")
        .expect("the grundy binary is built")
        .args(args)
        .timeout(Duration::from_secs(120))
        .output()
        .expect("grundy runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        start.elapsed(),
    )
}

/// 0.16's proof needs 510 thousand values; `period 0.16` stops at
/// 2^20 values or 3 s, and no flag said "as far as the proof needs".
#[test]
fn until_proven_proves_a_period_without_a_limit_and_names_the_instance() {
    let (code, out, err, _) = grundy(&["period", "0.16", "--until-proven", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["certified"], true, "{out}");
    assert_eq!(v["period"], 149_459, "{out}");
    assert_eq!(v["preperiod"], 105_351, "{out}");
    let proof = v["proof"].as_str().unwrap();
    assert!(
        proof.contains("G(n+149459) = G(n) for 105351 <= n < 360163"),
        "{proof}"
    );
    // Piped: no progress on stderr.
    assert!(err.is_empty(), "{err}");
}

#[test]
fn until_proven_stops_at_its_time_and_says_so() {
    let (code, out, err, took) =
        grundy(&["period", "treblecross", "--until-proven", "--time", "0.5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not proven within 0.5 s"), "{out}");
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn until_proven_refuses_a_game_no_theorem_covers() {
    let (code, _, err, took) = grundy(&["period", "sub:fib", "--until-proven"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("no theorem proves a period of `sub:fib`"),
        "{err}"
    );
    assert!(took < Duration::from_secs(30));
}

#[test]
fn time_without_until_proven_is_a_usage_error() {
    let (code, _, err, _) = grundy(&["period", "0.07", "--time", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--until-proven"), "{err}");
}
