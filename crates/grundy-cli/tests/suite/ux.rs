//! Issue 8's polish, as a user meets it: custom games from scripts and
//! game files, `grundy games`, completions, `--quiet`, a closed pipe, and
//! snapshots of `--help`, typical output and errors.
//!
//! Snapshots live in `tests/snapshots/`. After an intended change of the
//! help or of the output, refresh them with
//! `INSTA_UPDATE=always cargo test -p grundy-cli --test ux` (or
//! `cargo insta review`) and read the diff before committing.

use assert_cmd::Command;
use std::io::Read;
use std::process::Stdio;
use std::time::{Duration, Instant};

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    cmd
}

fn stdout_of(args: &[&str]) -> String {
    let out = grundy(args).assert().success().get_output().clone();
    String::from_utf8(out.stdout).expect("UTF-8")
}

fn stderr_of_failure(args: &[&str]) -> String {
    let out = grundy(args).assert().code(2).get_output().clone();
    assert!(out.stdout.is_empty(), "{args:?} printed on stdout");
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(
        err.lines().count(),
        1,
        "{args:?}: one line expected:\n{err}"
    );
    assert!(err.starts_with("error: "), "{err}");
    err
}

fn example(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
}

// ---- custom games ----

#[test]
fn the_134_script_gives_the_values_of_sub_1_3_4() {
    let spec = format!("script:{}", example("subtract-134.rhai"));
    let script = stdout_of(&["values", &spec, "--to", "20"]);
    let built_in = stdout_of(&["values", "sub:1,3,4", "--to", "20"]);
    // The header names the game; the values are the same.
    assert_eq!(
        script.lines().skip(1).collect::<Vec<_>>(),
        built_in.lines().skip(1).collect::<Vec<_>>()
    );
    assert!(built_in
        .lines()
        .nth(1)
        .unwrap()
        .starts_with("0 1 0 1 2 3 2 0 1"));
    let script = stdout_of(&["values", &spec, "--to", "20", "--format", "json"]);
    let built_in = stdout_of(&["values", "sub:1,3,4", "--to", "20", "--format", "json"]);
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&script).unwrap(),
        serde_json::from_str(&built_in).unwrap(),
    );
    assert_eq!(a["values"], b["values"]);
}

#[test]
fn every_example_game_runs() {
    let analyze = |spec: String, pos: &str| stdout_of(&["analyze", &spec, pos]);
    assert!(analyze(format!("script:{}", example("wythoff.rhai")), "3,5").contains("value 0"));
    assert!(analyze(format!("script:{}", example("take-a-divisor.rhai")), "12").contains("N"));
    let g = stdout_of(&[
        "values",
        &format!("script:{}", example("grundy-game.rhai")),
        "--to",
        "8",
    ]);
    assert!(g.contains("0 0 0 1 0 2 1 0 2"), "{g}");
    let half = stdout_of(&[
        "values",
        &format!("toml:{}", example("take-half.toml")),
        "--to",
        "8",
    ]);
    assert!(
        half.starts_with("take:1..n/2: G(0..=8)\n0 0 1 0 2 1 3 0 4"),
        "{half}"
    );
    let p = stdout_of(&["period", &format!("toml:{}", example("subtract-134.toml"))]);
    assert!(p.contains("period 7") && p.contains("proven"), "{p}");
    // Kayles by its octal code needs the take-and-break family.
    if grundy::spec::parse("0.77").is_ok() {
        let k = stdout_of(&["period", &format!("toml:{}", example("kayles.toml"))]);
        assert!(k.contains("period 12"), "{k}");
    }
}

#[test]
fn an_endless_script_stops_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("loop.rhai");
    std::fs::write(&path, "fn moves(n) { let i = 0; while true { i += 1; } }\n").unwrap();
    let spec = format!("script:{}", path.display());
    let start = Instant::now();
    let err = stderr_of_failure(&["values", &spec, "--to", "10"]);
    assert!(
        err.contains("Too many operations") && err.contains("endless loop"),
        "{err}"
    );
    assert!(err.contains(&format!("`{}`", path.display())), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn script_and_game_file_mistakes_are_named() {
    let err = stderr_of_failure(&["values", "script:no/such/file.rhai", "--to", "3"]);
    assert!(err.contains("cannot read `no/such/file.rhai`"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "subtracton = [1, 2]\n").unwrap();
    let err = stderr_of_failure(&["values", &format!("toml:{}", bad.display()), "--to", "3"]);
    assert!(err.contains("unknown key `subtracton`"), "{err}");
    let err = stderr_of_failure(&["values", "take:1..m", "--to", "3"]);
    assert!(err.contains("`take:1..m`"), "{err}");
}

// ---- grundy games, completions, quiet, pipes ----

#[test]
fn games_lists_every_family_of_the_library() {
    let text = stdout_of(&["games"]);
    for f in grundy::spec::FAMILIES {
        assert!(text.contains(f.syntax), "{} missing:\n{text}", f.name);
        assert!(text.contains(f.about), "{} missing:\n{text}", f.name);
    }
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["games", "--format", "json"])).unwrap();
    assert_eq!(
        json["games"].as_array().unwrap().len(),
        grundy::spec::FAMILIES.len()
    );
    // And the main help lists them too.
    let help = stdout_of(&["--help"]);
    for f in grundy::spec::FAMILIES {
        assert!(help.contains(f.syntax), "{} missing from --help", f.name);
    }
}

#[test]
fn completions_are_generated_for_the_usual_shells() {
    let bash = stdout_of(&["completions", "bash"]);
    assert!(
        bash.contains("complete -F") && bash.contains("plot"),
        "{bash}"
    );
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        assert!(
            stdout_of(&["completions", shell]).contains("grundy"),
            "{shell}"
        );
    }
    stderr_of_failure(&["completions", "tcsh"]);
}

#[test]
fn quiet_drops_notes_but_not_results() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("q.png");
    let png = png.to_str().unwrap();
    let loud = grundy(&["plot", "nim", "--to", "20", "--output", png])
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(String::from_utf8_lossy(&loud.stderr).contains("wrote"));
    let quiet = grundy(&["--quiet", "plot", "nim", "--to", "20", "--output", png])
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(quiet.stderr.is_empty() && quiet.stdout.is_empty());
    let q = grundy(&["values", "nim", "--to", "3", "-q"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(q).unwrap(), "nim: G(0..=3)\n0 1 2 3\n");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["values", "bash:5", "--to", "5000000", "--format", "csv"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 64];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout); // like `| head -c 64`
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "exit {status:?}, stderr {err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn errors_carry_a_hint() {
    let err = stderr_of_failure(&["values", "frobnicate", "--to", "3"]);
    assert!(err.contains("hint: `grundy games`"), "{err}");
    let err = stderr_of_failure(&["analyze", "nim", "x"]);
    assert!(err.contains("hint:"), "{err}");
    let err = stderr_of_failure(&["valeus", "nim"]);
    assert!(err.contains("`valeus`") && err.contains("hint:"), "{err}");
}

// ---- snapshots ----

#[test]
fn snapshot_help() {
    insta::assert_snapshot!("help", stdout_of(&["--help"]));
    insta::assert_snapshot!("help_play", stdout_of(&["play", "--help"]));
    insta::assert_snapshot!("help_plot", stdout_of(&["plot", "--help"]));
}

#[test]
fn snapshot_typical_output() {
    insta::assert_snapshot!(
        "analyze_nim_3_4_5",
        stdout_of(&["analyze", "nim", "3", "4", "5"])
    );
    insta::assert_snapshot!(
        "values_sub_1_3_4",
        stdout_of(&["values", "sub:1,3,4", "--to", "30"])
    );
    insta::assert_snapshot!("period_sub_1_3_4", stdout_of(&["period", "sub:1,3,4"]));
    insta::assert_snapshot!(
        "analyze_wythoff_script",
        stdout_of(&[
            "analyze",
            &format!("script:{}", example("wythoff.rhai")),
            "6,9",
            "2,2"
        ])
        .replace(&example("wythoff.rhai"), "examples/games/wythoff.rhai")
    );
}

#[test]
fn snapshot_errors() {
    let errors = [
        &["values", "frobnicate", "--to", "3"][..],
        &["values", "sub:1,x", "--to", "3"][..],
        &["analyze", "nim", "-3"][..],
        &[
            "values",
            "sub:fib",
            "--from",
            "18446744073709551615",
            "--to",
            "18446744073709551615",
        ][..],
        &["play", "nim", "1000000000"][..],
        &["valeus", "nim"][..],
        &["values", "nim", "--to", "3", "--frm", "1"][..],
    ]
    .iter()
    .map(|args| format!("$ grundy {}\n{}", args.join(" "), stderr_of_failure(args)))
    .collect::<Vec<_>>()
    .join("\n");
    insta::assert_snapshot!("errors", errors);
}

/// A session through a pipe: what `grundy play` prints, move by move.
#[test]
fn snapshot_play_session() {
    let out = grundy(&["play", "nim", "3", "4", "5", "--first", "engine"])
        .write_stdin("help\nhint\nmoves\n9 -> 1\n2 0\n0 0\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    insta::assert_snapshot!("play_nim_3_4_5", String::from_utf8(out).unwrap());
}

// ---- output that tells the truth (issue 17, item 4) ----

#[test]
fn a_cut_winning_move_list_says_how_many_more_there_are() {
    // Kayles 300000 has more winning moves than the 10,000 listed.
    let text = stdout_of(&["analyze", "kayles", "300000"]);
    let listed = text.lines().filter(|l| l.contains(" -> ")).count();
    assert_eq!(listed, 10_000, "{}", &text[..text.len().min(500)]);
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("  … and ") && last.contains(" more"),
        "{last}"
    );
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "analyze", "kayles", "300000", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["truncated"], true);
    assert_eq!(json["winning_moves"].as_array().unwrap().len(), 10_000);
    let total = json["winning_moves_total"].as_u64().unwrap();
    assert!(total > 10_000, "{total}");
    let more: u64 = last["  … and ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(total, 10_000 + more);
    // A complete list says so too.
    let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "analyze", "nim", "3", "4", "5", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["truncated"], false);
    assert_eq!(json["winning_moves_total"], 1);
}

#[test]
fn a_component_that_disappears_is_not_printed_as_heap_0() {
    // Kayles 2: take both pins (nothing left) — not the same as a heap 0.
    let text = stdout_of(&["analyze", "kayles", "2"]);
    assert!(text.contains("component 0: 2 -> (nothing)"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(&["analyze", "kayles", "2", "--format", "json"])).unwrap();
    assert_eq!(json["winning_moves"][0]["to"], "");
    // Nim keeps its heap 0: 5 -> 0 is a heap of 0, still written `0`.
    let text = stdout_of(&["analyze", "nim", "5"]);
    assert!(text.contains("component 0: 5 -> 0"), "{text}");
}

#[test]
fn play_accepts_the_nothing_that_analyze_prints() {
    let out = grundy(&["play", "kayles", "2", "--first", "human"])
        .write_stdin("2 -> (nothing)\n")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(!out.contains("illegal"), "{out}");
    assert!(out.contains("position: (nothing)\n"), "{out}");
    assert!(out.contains("you win"), "{out}");
}

// ---- errors a person can act on (issue 17, item 5) ----

#[test]
fn a_mistyped_game_or_command_gets_a_did_you_mean() {
    let err = stderr_of_failure(&["values", "kayls", "--to", "3"]);
    assert!(err.contains("did you mean `kayles`?"), "{err}");
    let err = stderr_of_failure(&["analyse", "nim", "3"]);
    assert!(err.contains("did you mean `analyze`?"), "{err}");
    // clap's best suggestion, not the first of its list.
    let err = stderr_of_failure(&["valeus", "nim"]);
    assert!(err.contains("did you mean `values`?"), "{err}");
}

#[test]
fn a_bare_last_heap_hints_at_to() {
    let err = stderr_of_failure(&["values", "kayles", "100"]);
    assert!(err.contains("`grundy values GAME --to 100`"), "{err}");
}

#[test]
fn help_offers_only_the_formats_a_command_accepts() {
    for command in ["period", "analyze", "graph", "games"] {
        let help = stdout_of(&[command, "--help"]);
        assert!(
            !help.contains("csv"),
            "{command} --help offers csv:\n{help}"
        );
    }
    let help = stdout_of(&["values", "--help"]);
    assert!(help.contains("csv"), "{help}");
    let err = stderr_of_failure(&["period", "nim", "--format", "csv"]);
    assert!(err.contains("[possible values: text, json]"), "{err}");
}
