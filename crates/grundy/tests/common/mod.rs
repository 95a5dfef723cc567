//! Helpers shared by the integration tests that drive the judge examples.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Runs `target/<profile>/examples/<name>` on `input`.
pub fn run_example(name: &str, input: &str) -> String {
    let exe = std::env::current_exe().expect("test executable path");
    let dir: PathBuf = exe
        .parent()
        .and_then(|deps| deps.parent())
        .map(|p| p.join("examples"))
        .expect("target directory");
    let path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "example `{name}` not built at {} (run through `cargo test`, which builds examples)",
        path.display()
    );
    let mut child = Command::new(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("example starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let out = child.wait_with_output().expect("example finishes");
    assert!(out.status.success(), "example `{name}` failed");
    String::from_utf8(out.stdout).expect("utf-8 output")
}
