//! Helpers of the tests that run the `grundy` binary on files
//! (`tests/suite/concurrent.rs`, `tests/census.rs`, `tests/suite/longrun.rs`): the
//! command, a scratch directory, a run that must succeed, a run started in
//! the background and the wait for the file (a lock, a checkpoint) that
//! says it is under way.

#![allow(dead_code)]

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// The `grundy` binary of this build.
pub fn grundy() -> Command {
    Command::cargo_bin("grundy").expect("the grundy binary is built")
}

/// Writes `text` to a file named `name` in the test binary's scratch
/// directory (`CARGO_TARGET_TMPDIR`).
pub fn file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `args` with `stdin`; (exit code, stdout, stderr).
pub fn run_with_stdin(args: &[&str], stdin: &str) -> (i32, String, String) {
    let out = grundy()
        .args(args)
        .write_stdin(stdin.as_bytes().to_vec())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// An empty directory of its own for one test (`test` names the test
/// file, `name` the test), under the system's temporary directory.
pub fn scratch(test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{test}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A path as the `&str` argument of a command.
pub fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// Runs `grundy ARGS`, which must succeed: its stdout and stderr.
pub fn run_with_stderr(args: &[&str]) -> (String, String) {
    let out = grundy().args(args).output().expect("grundy runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `grundy ARGS`, which must succeed: its stdout.
pub fn run_ok(args: &[&str]) -> String {
    run_with_stderr(args).0
}

/// Starts `grundy ARGS` in the background, stdout discarded, stderr
/// piped (read it with `wait_with_output`).
pub fn spawn(args: &[&str]) -> Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy starts")
}

/// Waits (at most 120 s, then fails naming it) until `path` exists: the
/// lock file or the first checkpoint of a run started by [`spawn`].
pub fn wait_for(path: &Path) {
    let start = Instant::now();
    while !path.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "{path:?} did not appear"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}
