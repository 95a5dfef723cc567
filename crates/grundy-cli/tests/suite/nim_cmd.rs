//! `grundy nim`: nimber arithmetic from the command line.

use assert_cmd::Command;
use predicates::prelude::*;

fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

fn prints(args: &[&str], expected: &str) {
    grundy()
        .args(args)
        .assert()
        .success()
        .stdout(format!("{expected}\n"))
        .stderr("");
}

/// Bad input: exit 2, nothing on stdout, one line on stderr naming it.
fn rejects(args: &[&str], mentions: &str) {
    let out = grundy()
        .args(args)
        .assert()
        .code(2)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(
        err.starts_with("error: ") && err.contains(mentions),
        "{err:?}"
    );
}

#[test]
fn known_products() {
    prints(&["nim", "mul", "2", "2"], "3");
    prints(&["nim", "mul", "16", "16"], "24");
    prints(&["nim", "mul", "4294967296", "4294967296"], "6442450944");
    prints(&["nim", "mul", "2", "3", "4"], "4");
    prints(&["nim", "mul", "7"], "7");
    // Beyond 64 bits: 2^64 ⊗ 2^64 = 3·2^63.
    prints(
        &["nim", "mul", "18446744073709551616", "18446744073709551616"],
        "27670116110564327424",
    );
}

#[test]
fn sums_inverses_roots_powers_quotients() {
    prints(&["nim", "add", "3", "5", "6"], "0");
    prints(
        &["nim", "add", "18446744073709551615"],
        "18446744073709551615",
    );
    prints(&["nim", "inv", "2"], "3");
    prints(&["nim", "inv", "1"], "1");
    prints(&["nim", "sqrt", "3"], "2");
    prints(&["nim", "sqrt", "0"], "0");
    prints(&["nim", "pow", "2", "3"], "1");
    prints(&["nim", "pow", "0", "0"], "1");
    prints(
        &["nim", "pow", "5", "340282366920938463463374607431768211455"],
        "1",
    );
    prints(&["nim", "div", "1", "2"], "3");
}

#[test]
fn inverse_of_zero_is_an_error() {
    rejects(&["nim", "inv", "0"], "0 has no inverse");
    rejects(&["nim", "div", "5", "0"], "0 has no inverse");
}

#[test]
fn non_numbers_and_numbers_too_big_are_errors() {
    rejects(&["nim", "mul", "2", "x"], "`x`");
    rejects(&["nim", "add", "-1"], "`-1`");
    rejects(&["nim", "sqrt", "1.5"], "`1.5`");
    rejects(&["nim", "inv", ""], "``");
    rejects(
        &["nim", "mul", "340282366920938463463374607431768211456", "1"],
        "too big",
    );
    rejects(
        &["nim", "pow", "2", "340282366920938463463374607431768211456"],
        "too big",
    );
}

#[test]
fn missing_arguments_exit_2() {
    grundy().args(["nim", "inv"]).assert().code(2).stdout("");
    grundy().args(["nim", "mul"]).assert().code(2).stdout("");
    grundy()
        .args(["nim", "frobnicate", "2"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn help_lists_the_operations() {
    grundy()
        .args(["nim", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("mul").and(predicate::str::contains("sqrt")));
}
