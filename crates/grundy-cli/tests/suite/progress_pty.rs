//! Long refusals show progress on a terminal and stop on Ctrl-C (issue 34,
//! item 8): `grundy misere 4.3r --heaps 35` searched for 14 s in silence
//! before it was refused at the misère search's work limit.
#![cfg(unix)]

use rexpect::process::WaitStatus;
use rexpect::session::spawn_command;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn misere_quotient_shows_progress_and_stops_on_ctrl_c() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(["misere", "4.3r", "--heaps", "35"]);
    let mut p = spawn_command(cmd, Some(10_000)).expect("spawn grundy in a pseudo-terminal");
    let started = Instant::now();
    // The progress line: the heap admitted, and the search's work against
    // the limit that refuses it.
    // (rexpect reads bytes as Latin-1: the regex steers clear of `è`.)
    p.exp_regex(r"quotient: heap \d+ of 35, order \d+; search \d+\.\dM of 12M moves \(its limit\)")
        .expect("a progress line within seconds");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let asked = Instant::now();
    p.send_control('c').unwrap();
    p.exp_string("error: cancelled (Ctrl-C)")
        .expect("the one line of a cancelled command");
    let status = p.process_mut().wait().unwrap();
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    assert!(matches!(status, WaitStatus::Exited(_, 130)), "{status:?}");
}

/// With `--quiet` nothing but the answer or the error is printed.
#[test]
fn misere_quotient_progress_is_hidden_with_quiet() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(["-q", "misere", "0.16", "--heaps", "18"]);
    let mut p = spawn_command(cmd, Some(60_000)).expect("spawn grundy in a pseudo-terminal");
    let all = p.exp_eof().expect("the command ends");
    assert!(!all.contains("quotient: heap"), "{all}");
}
