//! Script games end to end (issue 17): a script that cannot read a
//! position ends the command with exit 2 and one line naming the position,
//! never an answer; a budget of operations covers the whole command; game
//! files and `play`'s input lines have a size limit.

use assert_cmd::Command;
use std::time::{Duration, Instant};

fn with_budget(budget: &str, args: &[&str]) -> Command {
    let mut cmd = grundy(args);
    cmd.env("GRUNDY_SCRIPT_BUDGET", budget);
    cmd
}

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args).env_remove("GRUNDY_SCRIPT_BUDGET");
    cmd
}

/// A runaway script (a long loop in `moves`, at every heap) stops at the
/// budget of the command, named with the way to raise it, within a bound
/// (a small budget here; the default, about 30 s of script, is tested in
/// the library), in Rhai and in Lua alike.
#[test]
fn a_runaway_script_stops_at_the_budget_naming_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let rhai = dir.path().join("slow.rhai");
    std::fs::write(
        &rhai,
        "fn moves(n) { let x = 0; for i in 0..100000 { x += i; } if n >= 1 { [n - 1] } else { [] } }",
    )
    .expect("written");
    let lua = dir.path().join("slow.lua");
    std::fs::write(
        &lua,
        "function moves(n) local x = 0 for i = 0, 1000000 do x = x + i end if n >= 1 then return {n - 1} end return {} end",
    )
    .expect("written");
    for path in [rhai, lua] {
        let spec = format!("script:{}", path.display());
        let err = refused(with_budget("3000000", &["values", &spec, "--to", "100000"]));
        assert!(
            err.contains("stopped after 3000000 operations")
                && err.contains("GRUNDY_SCRIPT_BUDGET=N"),
            "{err}"
        );
    }
}

fn example(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `cmd`, expects exit 2 with one `error:` line within 2 s, returns it.
fn refused(mut cmd: Command) -> String {
    let start = Instant::now();
    let out = cmd.assert().code(2).get_output().clone();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "took {:?}",
        start.elapsed()
    );
    assert!(out.stdout.is_empty(), "printed on stdout");
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(err.lines().count(), 1, "one line expected:\n{err}");
    assert!(err.starts_with("error: "), "{err}");
    err
}

#[test]
fn a_heap_script_given_a_pair_is_refused_not_answered() {
    let spec = format!("script:{}", example("subtract-134.rhai"));
    let err = refused(grundy(&["analyze", &spec, "3,4"]));
    assert!(err.contains("moves(3,4) failed"), "{err}");
    assert!(
        err.contains("cannot compare a number with an array"),
        "{err}"
    );
    assert!(err.contains("look like heaps"), "{err}");
    // Heaps still work.
    grundy(&["analyze", &spec, "9", "5"])
        .assert()
        .success()
        .stdout(predicates::str::contains("value *3"));
}

#[test]
fn a_pair_script_given_a_heap_says_it_expects_pairs() {
    let spec = format!("script:{}", example("wythoff.rhai"));
    let err = refused(grundy(&["analyze", &spec, "5"]));
    assert!(err.contains("moves(5) failed"), "{err}");
    assert!(err.contains("look like pairs `A,B`"), "{err}");
    // Its values are the table of pairs (issue 37: once refused through
    // `moves(0)`); its period, which a table has not, is refused naming
    // pairs.
    let out = grundy(&["values", &spec, "--to", "3"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8");
    assert!(text.contains("G(a,b) for a, b in 0..=3"), "{text}");
    let err = refused(grundy(&["period", &spec]));
    assert!(err.contains("pairs `A,B`"), "{err}");
}

#[test]
fn the_script_budget_of_the_command_is_named_and_configurable() {
    let spec = format!("script:{}", example("grundy-game.rhai"));
    let err = refused(with_budget("100000", &["values", &spec, "--to", "300"]));
    assert!(err.contains("stopped after 100000 operations"), "{err}");
    assert!(err.contains("GRUNDY_SCRIPT_BUDGET=N"), "{err}");
    // The default budget answers this.
    grundy(&["values", &spec, "--to", "300"]).assert().success();
    let err = refused(with_budget("lots", &["values", &spec, "--to", "3"]));
    assert!(err.contains("GRUNDY_SCRIPT_BUDGET=`lots`"), "{err}");
}

#[cfg(unix)]
#[test]
fn an_endless_game_file_is_refused_at_once() {
    // A device is refused before it is read (issue 34, item 2).
    let err = refused(grundy(&["analyze", "script:/dev/zero", "3"]));
    assert!(
        err.contains("a character device, not a regular file"),
        "{err}"
    );
    let err = refused(grundy(&["values", "toml:/dev/zero", "--to", "3"]));
    assert!(
        err.contains("a character device, not a regular file"),
        "{err}"
    );
}

#[test]
fn play_refuses_an_input_line_longer_than_its_limit() {
    let line = format!("{}\n", "0 ".repeat(100 * 1024));
    let out = grundy(&["play", "nim", "3"])
        .write_stdin(line)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("longer than 64 KiB"), "{err}");
}

/// A call that runs out of its own operations names the limit of a call
/// and the variable that raises it; with `GRUNDY_SCRIPT_CALL_BUDGET` set
/// higher the same call finishes (Rhai and Lua alike).
#[test]
fn the_operations_of_one_call_are_set_by_grundy_script_call_budget_named_in_the_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let rhai = dir.path().join("busy.rhai");
    std::fs::write(
        &rhai,
        "fn moves(n) { let x = 0; for i in 0..20000 { x += i; } if n >= 1 { [n - 1] } else { [] } }",
    )
    .expect("written");
    let lua = dir.path().join("busy.lua");
    std::fs::write(
        &lua,
        "function moves(n) local x = 0 for i = 0, 20000 do x = x + i end if n >= 1 then return {n - 1} end return {} end",
    )
    .expect("written");
    for path in [rhai, lua] {
        let spec = format!("script:{}", path.display());
        let mut cmd = grundy(&["analyze", &spec, "3"]);
        cmd.env("GRUNDY_SCRIPT_CALL_BUDGET", "1000");
        let err = refused(cmd);
        assert!(
            err.contains("1000 operations") && err.contains("GRUNDY_SCRIPT_CALL_BUDGET=N"),
            "{err}"
        );
        let mut cmd = grundy(&["analyze", &spec, "3"]);
        cmd.env("GRUNDY_SCRIPT_CALL_BUDGET", "100000000");
        cmd.assert().success();
    }
    let mut cmd = grundy(&[
        "analyze",
        &format!("script:{}", example("subtract-134.rhai")),
        "3",
    ]);
    cmd.env("GRUNDY_SCRIPT_CALL_BUDGET", "many");
    let err = refused(cmd);
    assert!(err.contains("GRUNDY_SCRIPT_CALL_BUDGET=`many`"), "{err}");
}

/// Named moves of a heap script are printed when the sum holds a heap
/// with no moves (0, a component that vanished): the names were decided
/// on the smallest heap alone, found none there and were dropped for
/// every heap (`0 15` lost the names `15` shows).
#[test]
fn move_names_survive_a_heap_without_moves_in_the_sum() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("named.rhai");
    std::fs::write(
        &path,
        "fn moves(n) { let out = []; for i in 0..n { let j = n - 1 - i; if i <= j { \
         out.push(#{to: sum(i, j), name: `i=${i} j=${j}`}); } } out }",
    )
    .expect("written");
    let spec = format!("script:{}", path.display());
    let out = grundy(&["analyze", &spec, "0", "15"]).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        text.contains("component 1: 15 -> 0+14 (i=0 j=14)"),
        "{text}"
    );
}
