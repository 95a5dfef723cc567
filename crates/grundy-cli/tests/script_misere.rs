//! Misère play of scripted games through the command line (issue 20):
//! `analyze --misere`, with and without `--outcome-only`, against the
//! library's search and known outcomes, on a script whose options are sums.

use assert_cmd::Command;
use grundy::spec::{self, AnalyzeOptions, SpecFiles};

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

/// The script's text for `spec::parse_with` (the library reads no files).
struct Text;

impl SpecFiles for Text {
    fn read(&self, _spec: &str, _path: &str) -> grundy::Result<String> {
        Ok(SCRIPT.to_string())
    }
}

/// The library's misère outcome (tested against exhaustive search in
/// `grundy::script`), without the command's SJ-theorem path.
fn library_outcome(heaps: &[u64]) -> String {
    let mut game = spec::parse_with("script:split.rhai", &Text).unwrap();
    let positions: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let a = game
        .analyze(&positions, &AnalyzeOptions { misere: true })
        .unwrap();
    format!("{:?}", a.outcome)
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
fn misere_outcomes_of_a_script_match_the_library() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("split.rhai");
    std::fs::write(&file, SCRIPT).unwrap();
    let file = file.to_str().unwrap();
    // By hand: a lone 1 loses (the mover takes the last token); from 2,
    // take one and leave it; from 1+1, take one heap and leave the other.
    assert_eq!(library_outcome(&[1]), "P");
    assert_eq!(library_outcome(&[2]), "N");
    assert_eq!(library_outcome(&[1, 1]), "N");
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
        let expected = library_outcome(&sum);
        assert_eq!(outcome(file, &sum, &[]), expected, "{sum:?}");
        assert_eq!(
            outcome(file, &sum, &["--outcome-only"]),
            expected,
            "{sum:?} --outcome-only"
        );
    }
}
