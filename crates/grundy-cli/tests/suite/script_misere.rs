//! Misère play of scripted games through the command line (issue 20):
//! `analyze script:FILE --misere` (also with `--outcome-only`) on Kayles
//! written as a script (options are sums) equals the built-in `kayles`
//! (its own misère analysis) on the same sums.

use assert_cmd::Command;

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args).env_remove("GRUNDY_SCRIPT_BUDGET");
    cmd
}

/// Kayles (octal 0.77): take 1 or 2 tokens, leaving the rest as one heap,
/// two heaps, or nothing.
const KAYLES: &str = "fn moves(n) {
    let out = [];
    for take in [1, 2] {
        if take > n { continue; }
        let rest = n - take;
        if rest == 0 { out.push(sum([])) } else { out.push(rest) }
        for a in 1..rest { if a <= rest - a { out.push(sum(a, rest - a)) } }
    }
    out
}
";

/// Outcome and number of winning moves of `analyze GAME --misere HEAPS`
/// (with `extra` options).
fn misere_with(game: &str, heaps: &[u64], extra: &[&str]) -> (String, usize) {
    let positions: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut args = vec!["analyze", game, "--misere", "--format", "json"];
    args.extend(extra);
    args.extend(positions.iter().map(String::as_str));
    let out = grundy(&args).assert().success().get_output().stdout.clone();
    let json: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["misere"], true, "{json}");
    (
        json["outcome"].as_str().unwrap().to_string(),
        json["winning_moves"].as_array().unwrap().len(),
    )
}

fn misere(game: &str, heaps: &[u64]) -> (String, usize) {
    misere_with(game, heaps, &[])
}

#[test]
fn misere_kayles_as_a_script_equals_the_built_in_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kayles.rhai");
    std::fs::write(&file, KAYLES).unwrap();
    let spec = format!("script:{}", file.to_str().unwrap());
    // By hand: a lone 1 loses (the mover takes the last token); 1+1 wins.
    assert_eq!(misere(&spec, &[1]).0, "P");
    assert_eq!(misere(&spec, &[1, 1]).0, "N");
    for sum in [
        vec![2],
        vec![3, 4],
        vec![5, 2, 1],
        vec![7],
        vec![6, 6],
        vec![9, 3],
        vec![4, 4, 1],
    ] {
        let built_in = misere("kayles", &sum);
        assert_eq!(misere(&spec, &sum), built_in, "{sum:?}");
        let outcome_only = misere_with(&spec, &sum, &["--outcome-only"]);
        assert_eq!(outcome_only.0, built_in.0, "{sum:?} --outcome-only");
    }
    for sum in [vec![1], vec![1, 1], vec![2, 2]] {
        let full = misere(&spec, &sum);
        assert_eq!(
            misere_with(&spec, &sum, &["--outcome-only"]),
            full,
            "{sum:?}"
        );
    }
}
