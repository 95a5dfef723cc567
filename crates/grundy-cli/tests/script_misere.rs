//! Misère play of scripted games through the command line (issue 20):
//! `analyze --misere`, with and without `--outcome-only`, against an
//! exhaustive search written here, on a script whose options are sums.

use assert_cmd::Command;
use std::collections::HashMap;

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args).env_remove("GRUNDY_SCRIPT_BUDGET");
    cmd
}

/// Take 1 or 2 tokens from a heap, or split a heap into two unequal
/// non-empty heaps (so options are sums).
const SCRIPT: &str = "fn moves(n) {
    let out = [];
    for take in [1, 2] { if take < n { out.push(n - take) } else if take == n { out.push(sum([])) } }
    for a in 1..n { if a < n - a { out.push(sum(a, n - a)) } }
    out
}
";

fn heap_moves(n: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = [1, 2]
        .iter()
        .filter(|&&t| t <= n)
        .map(|&t| if t == n { vec![] } else { vec![n - t] })
        .collect();
    out.extend((1..n).filter(|&a| a < n - a).map(|a| vec![a, n - a]));
    out
}

/// Misère: the player who cannot move wins.
fn misere_wins(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any = false;
    let mut wins = false;
    for i in 0..key.len() {
        for o in heap_moves(key[i]) {
            any = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(o);
            wins |= !misere_wins(&next, memo);
        }
    }
    let w = !any || wins;
    memo.insert(key, w);
    w
}

fn outcome(file: &str, heaps: &[u64], extra: &[&str]) -> String {
    let spec = format!("script:{file}");
    let positions: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut args = vec!["analyze", spec.as_str(), "--misere", "--format", "json"];
    args.extend(extra);
    args.extend(positions.iter().map(String::as_str));
    let out = grundy(&args).assert().success().get_output().stdout.clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["misere"], true, "{json}");
    json["outcome"].as_str().unwrap().to_string()
}

#[test]
fn misere_outcomes_of_a_script_match_exhaustive_search() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("split.rhai");
    std::fs::write(&file, SCRIPT).unwrap();
    let file = file.to_str().unwrap();
    let mut memo = HashMap::new();
    for sum in [
        vec![1],
        vec![2],
        vec![1, 1],
        vec![3, 4],
        vec![5, 2, 1],
        vec![7],
        vec![6, 6],
        vec![8, 3],
    ] {
        let expected = if misere_wins(&sum, &mut memo) {
            "N"
        } else {
            "P"
        };
        assert_eq!(outcome(file, &sum, &[]), expected, "{sum:?}");
        assert_eq!(
            outcome(file, &sum, &["--outcome-only"]),
            expected,
            "{sum:?} --outcome-only"
        );
    }
}
