//! Hostile input files and arguments (issue 34, items 2, 5 and 9): each
//! test is one attack, named after it, run with a time bound so that a
//! regression shows as a failure and not as a hang.
//!
//! - Input files are read within limits: `/dev/zero`, a FIFO, a directory,
//!   a huge file of something else or a line without end is refused at
//!   once, naming the path and what is wrong.
//! - No panic on any input: times in seconds that `Duration` cannot hold
//!   are refused with exit 2.
//! - Nothing raw reaches the terminal: control characters from a script, a
//!   game file or an argument are printed escaped (`\u001b`), on stdout and
//!   stderr, and an error quotes at most a short excerpt of a file.

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a refusal may take on a loaded machine (each is immediate).
const AT_ONCE: Duration = Duration::from_secs(5);

/// Exit status, stdout and stderr of `grundy args`, killed after 30 s, and
/// the time taken.
fn run(args: &[&str]) -> (i32, String, String, Duration) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env_remove("GRUNDY_SCRIPT_BUDGET")
        .timeout(Duration::from_secs(30))
        .output()
        .expect("grundy runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        start.elapsed(),
    )
}

/// Runs `args`, expecting exit 2 within [`AT_ONCE`] and one `error:` line
/// holding each of `wanted`; returns that line.
fn refused(args: &[&str], wanted: &[&str]) -> String {
    let (code, out, err, took) = run(args);
    assert_eq!(code, 2, "{args:?}: stdout {out}, stderr {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for w in wanted {
        assert!(err.contains(w), "{args:?}: `{w}` not in {err}");
    }
    assert!(took < AT_ONCE, "{args:?} took {took:?}");
    err
}

/// No byte that a terminal obeys: C0 controls but newline and tab, DEL,
/// and the C1 controls.
fn assert_no_controls(what: &str, text: &str) {
    let bad: Vec<char> = text
        .chars()
        .filter(|&c| {
            (c.is_control() && c != '\n' && c != '\t') || ('\u{80}'..='\u{9f}').contains(&c)
        })
        .collect();
    assert!(bad.is_empty(), "{what}: raw {bad:?} in {text:?}");
}

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

fn write(dir: &Path, name: &str, text: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[cfg(unix)]
fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let ok = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs")
        .success();
    assert!(ok, "mkfifo {}", path.display());
    path
}

// Item 2: input files are read within limits.

#[cfg(unix)]
#[test]
fn graph_of_dev_zero_is_refused_at_once() {
    refused(
        &["graph", "/dev/zero"],
        &["`/dev/zero`", "a character device", "regular file"],
    );
}

#[cfg(unix)]
#[test]
fn hackenbush_of_dev_zero_is_refused_at_once() {
    refused(
        &["hackenbush", "/dev/zero"],
        &["`/dev/zero`", "a character device"],
    );
}

#[cfg(unix)]
#[test]
fn a_table_of_dev_zero_is_refused_at_once() {
    refused(
        &["analyze", "cram", "4x4", "--table", "/dev/zero"],
        &["`/dev/zero`", "a character device"],
    );
}

#[test]
fn a_huge_junk_table_is_refused_by_its_magic_before_it_is_read() {
    let dir = scratch();
    // 64 GiB of zeros that take no disk (a sparse file): read whole, as
    // before, it took all memory (3 GB took seconds and 3 GB).
    let path = dir.path().join("junk.table");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(64 << 30)
        .unwrap();
    refused(
        &["analyze", "cram", "4x4", "--table", s(&path)],
        &["not a placement table", "`GRUNDYPT`"],
    );
}

#[test]
fn a_table_larger_than_its_limit_is_refused_unread() {
    use std::io::Write;
    let dir = scratch();
    let path = dir.path().join("big.table");
    let mut f = std::fs::File::create(&path).unwrap();
    f.write_all(b"GRUNDYPT").unwrap();
    f.set_len(grundy::solve::placement::table::MAX_FILE_BYTES + 1)
        .unwrap();
    refused(
        &["analyze", "cram", "4x4", "--table", s(&path)],
        &["larger than 4 GiB", "placement table"],
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_as_a_script_is_refused() {
    let dir = scratch();
    let path = fifo(dir.path(), "game.lua");
    let game = format!("script:{}", s(&path));
    refused(
        &["values", &game, "--to", "5"],
        &["a FIFO (named pipe)", "game.lua"],
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_as_a_toml_game_file_is_refused() {
    let dir = scratch();
    let path = fifo(dir.path(), "game.toml");
    let game = format!("toml:{}", s(&path));
    refused(
        &["analyze", &game, "3"],
        &["a FIFO (named pipe)", "game.toml"],
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_as_a_graph_or_a_picture_is_refused() {
    let dir = scratch();
    let path = fifo(dir.path(), "moves.txt");
    refused(&["graph", s(&path)], &["a FIFO (named pipe)"]);
    refused(&["hackenbush", s(&path)], &["a FIFO (named pipe)"]);
}

#[test]
fn a_directory_as_a_graph_or_a_game_file_is_refused() {
    let dir = scratch();
    refused(&["graph", s(dir.path())], &["a directory"]);
    let game = format!("script:{}", s(dir.path()));
    refused(&["values", &game, "--to", "3"], &["a directory"]);
}

#[test]
fn a_graph_line_without_end_is_refused_after_its_limit() {
    let dir = scratch();
    let mut text = b"a b\n".to_vec();
    text.extend(std::iter::repeat_n(b'x', 5 << 20));
    let path = write(dir.path(), "long.txt", &text);
    refused(&["graph", s(&path)], &["line 2", "longer than 64 KiB"]);
}

#[test]
fn a_picture_larger_than_its_limit_is_refused() {
    let dir = scratch();
    let path = dir.path().join("big.txt");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(grundy::games::hackenbush::MAX_PICTURE_FILE_BYTES + 1)
        .unwrap();
    refused(
        &["hackenbush", s(&path)],
        &["larger than 64 MiB", "Hackenbush picture"],
    );
}

// Item 5: no panic on any input.

#[test]
fn a_negative_nan_infinite_or_huge_time_per_code_is_refused_not_a_panic() {
    for t in ["-1", "nan", "inf", "1e300", "-0.5", "1e10"] {
        let arg = format!("--time-per-code={t}");
        let err = refused(
            &["census", "--codes", "0.07", "--to", "100", &arg],
            &["--time-per-code"],
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_checkpoint_every_of_a_century_is_refused_not_a_panic() {
    refused(
        &[
            "values",
            "kayles",
            "--to",
            "100",
            "--checkpoint-every",
            "1e15",
        ],
        &["a year"],
    );
}

// Item 9: nothing raw reaches the terminal.

#[test]
fn a_lua_error_cannot_clear_the_screen() {
    let dir = scratch();
    let path = write(
        dir.path(),
        "clear.lua",
        b"error(\"\\27[2J\\27]0;pwned\\7\\0\")\n",
    );
    let game = format!("script:{}", s(&path));
    let err = refused(&["values", &game, "--to", "3"], &["\\u001b[2J", "\\u0007"]);
    assert_no_controls("stderr", &err);
}

#[test]
fn a_rhai_error_cannot_set_the_terminal_title() {
    let dir = scratch();
    let path = write(
        dir.path(),
        "title.rhai",
        b"fn moves(n) { throw \"\\x1b]0;pwned\\x07\"; }\n",
    );
    let game = format!("script:{}", s(&path));
    let err = refused(&["values", &game, "--to", "3"], &["\\u001b]0;pwned\\u0007"]);
    assert_no_controls("stderr", &err);
}

#[test]
fn a_toml_line_with_escapes_is_quoted_escaped() {
    let dir = scratch();
    let path = write(dir.path(), "bad.toml", b"a = 1\nb = \x1b[2J\x07\n");
    let game = format!("toml:{}", s(&path));
    let err = refused(
        &["analyze", &game, "1"],
        &["not valid TOML", "line 2", "\\u001b[2J"],
    );
    assert_no_controls("stderr", &err);
}

#[test]
fn a_toml_error_quotes_at_most_eighty_characters_of_its_line() {
    let dir = scratch();
    let mut text = b"b = ".to_vec();
    text.extend(std::iter::repeat_n(b'S', 10_000));
    let path = write(dir.path(), "long.toml", &text);
    let game = format!("toml:{}", s(&path));
    let err = refused(&["analyze", &game, "1"], &["not valid TOML"]);
    assert!(err.len() < 400, "{} bytes: {err}", err.len());
}

#[cfg(target_os = "linux")]
#[test]
fn the_process_environment_is_not_printed_by_a_toml_error() {
    let err = refused(&["analyze", "toml:/proc/self/environ", "1"], &["NUL byte"]);
    assert!(!err.contains("PATH="), "{err}");
}

#[test]
fn a_position_a_script_names_cannot_set_the_terminal_title() {
    let dir = scratch();
    let path = write(
        dir.path(),
        "names.lua",
        b"function moves(p) if p == \"x\" then return {\"\\27]0;pwned\\7\\194\\155\"} end return {} end\n",
    );
    let game = format!("script:{}", s(&path));
    for format in ["text", "json"] {
        let (code, out, err, took) = run(&["analyze", &game, "\"x\"", "--format", format]);
        assert_eq!(code, 0, "{err}");
        assert!(took < AT_ONCE, "took {took:?}");
        assert!(out.contains("\\u001b]0;pwned\\u0007"), "{out}");
        assert!(out.contains("\\u009b"), "{out}");
        assert_no_controls(format, &out);
        if format == "json" {
            let v: serde_json::Value = serde_json::from_str(out.trim()).expect("still JSON");
            assert!(v.to_string().contains("pwned"), "{v}");
        }
    }
}

#[test]
fn a_graph_vertex_name_cannot_clear_the_screen() {
    let dir = scratch();
    let path = write(dir.path(), "g.txt", b"a \x1b[2J\n");
    let (code, out, err, _) = run(&["graph", s(&path)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\\u001b[2J"), "{out}");
    assert_no_controls("stdout", &out);
}

#[test]
fn an_argument_with_escapes_is_echoed_escaped() {
    let err = refused(&["analyze", "nim\x1b[2J", "3"], &["\\u001b[2J"]);
    assert_no_controls("stderr", &err);
    // clap's usage errors (it drops what looks like a terminal sequence).
    for arg in ["\x1b[2J", "\x07\u{9b}31m"] {
        let err = refused(&["values", "kayles", "--to", arg], &["--to"]);
        assert_no_controls("stderr", &err);
    }
}
