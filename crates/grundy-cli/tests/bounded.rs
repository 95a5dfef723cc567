//! Every request answers, shows progress, or is refused within seconds,
//! with the limit named (issue 17, item 3).
//!
//! Each test runs one command of the issue and checks its exit status, its
//! one `error:` line (or its answer) and how long it took: under 2 s, or
//! for a period search without `--limit`, its default time (3 s) plus a
//! margin for a loaded machine. Before the fixes these commands ran for
//! 40 s to forever.

use assert_cmd::Command;
use std::time::{Duration, Instant};

/// One command at a time: the times measured are the command's own, not
/// those of the other tests of this file running beside it.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Exit status, stdout, stderr and the time taken.
fn run(args: &[&str]) -> (i32, String, String, Duration) {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let start = Instant::now();
    let out = Command::cargo_bin("grundy")
        .expect("the grundy binary is built")
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("grundy runs");
    let took = start.elapsed();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        took,
    )
}

/// Runs `args`, expecting exit 2 with one `error:` line containing every
/// piece of `wanted`, within `within`.
fn refused(args: &[&str], wanted: &[&str], within: Duration) {
    let (code, out, err, took) = run(args);
    assert_eq!(code, 2, "{args:?}: stdout {out}, stderr {err}");
    assert!(out.is_empty(), "{args:?}: stdout {out}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    for w in wanted {
        assert!(err.contains(w), "{args:?}: `{w}` not in {err}");
    }
    assert!(took < within, "{args:?} took {took:?}");
}

/// Runs `args`, expecting exit 0 within `within`; returns stdout.
fn answered(args: &[&str], within: Duration) -> String {
    let (code, out, err, took) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert!(took < within, "{args:?} took {took:?}");
    out
}

const TWO_S: Duration = Duration::from_secs(2);
/// A period search's default time (3 s) and a margin for a loaded CI
/// machine (one clean-clone run of `.ci/run` on two busy cores measured
/// 5.03 s for `period hex:0.3F`, which takes 3.0-3.1 s otherwise, even with
/// three CPU hogs beside it). Before the fix the search never ended; the
/// test still fails on that, and on a search that ignores its default.
const PERIOD_DEFAULT: Duration = Duration::from_secs(10);

#[test]
fn a_huge_treblecross_heap_is_refused_at_once_naming_the_limit() {
    refused(
        &["analyze", "treblecross", "100000000000"],
        &[
            "heap `100000000000` is too large",
            "up to heap 16777216",
            "no period was proven",
        ],
        TWO_S,
    );
}

#[test]
fn values_of_huge_treblecross_heaps_are_refused_at_once() {
    refused(
        &[
            "values",
            "treblecross",
            "--from",
            "1000000000000",
            "--to",
            "1000000000010",
        ],
        &["is too large", "up to heap 16777216"],
        TWO_S,
    );
}

#[test]
fn a_plot_of_huge_treblecross_heaps_is_refused_at_once_and_writes_nothing() {
    let path = std::env::temp_dir().join(format!("grundy-bounded-{}.svg", std::process::id()));
    let _ = std::fs::remove_file(&path);
    refused(
        &[
            "plot",
            "treblecross",
            "--from",
            "1000000000000",
            "--to",
            "1000000000010",
            "--output",
            path.to_str().expect("a UTF-8 path"),
        ],
        &["is too large", "up to heap 16777216"],
        TWO_S,
    );
    assert!(!path.exists());
}

/// Below the dense limit, but with no known period and values that take
/// minutes to compute: a heap the user did not ask values for by size is
/// refused within `analyze`'s time limit, naming it and the heap reached,
/// with a pointer to `values --to N`, which computes them with progress.
#[test]
fn a_treblecross_heap_that_would_take_minutes_is_refused_within_the_time_limit() {
    refused(
        &["analyze", "treblecross", "10000000"],
        &[
            "up to heap 10000000 stopped at the limit of `1 s` of computing time",
            " reached",
            "`grundy values GAME --to N`",
        ],
        TWO_S,
    );
}

/// Regression (issue 33): `values 0.007 --to 262144` (and any explicit
/// request that took more than 1 s) was refused, "take longer than the 1 s
/// a request may take"; the user named the heaps, so they are computed.
#[test]
fn an_explicit_values_request_is_computed_however_long_it_takes() {
    let out = answered(
        &["values", "0.007", "--to", "200000", "--format", "csv"],
        Duration::from_secs(120),
    );
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 200_002, "{}", &out[..200.min(out.len())]);
    assert_eq!(rows[1..5], ["0,0", "1,0", "2,0", "3,1"]);
    assert!(rows[200_001].starts_with("200000,"), "{}", rows[200_001]);
    // A generic heap game (the dense solver), past the old limit too.
    let out = answered(
        &["values", "allbut:1,2", "--to", "30000", "--from", "29999"],
        Duration::from_secs(120),
    );
    // (`allbut:1,2` has G(n) = floor(n / 3): its moves take 0 or 3+.)
    assert_eq!(out.lines().last(), Some("9999 10000"), "{out}");
}

/// Ctrl-C during an explicit request: exit 130, one line on stderr,
/// nothing on stdout, within a second or two of the signal; for the
/// library's table (`values`) and the take-and-break engine of a long run.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_values_request_cleanly_with_exit_130() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    for to in ["1000000", "3000000"] {
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["values", "0.007", "--to", to])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("grundy runs");
        std::thread::sleep(Duration::from_millis(1500));
        let sent = Instant::now();
        let kill = std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(kill.success());
        let out = child.wait_with_output().expect("grundy ends");
        let took = sent.elapsed();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "--to {to}: {err}");
        assert!(out.stdout.is_empty(), "--to {to}: stdout written");
        assert_eq!(err, "error: cancelled (Ctrl-C)\n", "--to {to}");
        assert!(took < Duration::from_secs(5), "--to {to}: took {took:?}");
    }
}

#[test]
fn the_readme_hexadecimal_period_search_ends_within_its_default_time() {
    let out = answered(&["period", "hex:0.3F"], PERIOD_DEFAULT);
    assert!(out.starts_with("hex:0.3F: "), "{out}");
    assert!(out.contains("checked to n = "), "{out}");
}

#[test]
fn a_treblecross_period_search_says_honestly_how_far_it_looked() {
    let out = answered(&["period", "treblecross"], PERIOD_DEFAULT);
    assert!(out.contains("treblecross: no period found"), "{out}");
    assert!(out.contains("no period found in the first "), "{out}");
}

#[test]
fn a_period_search_honours_its_limit_exactly() {
    let out = answered(&["period", "bash:100000", "--limit", "5"], TWO_S);
    assert!(out.contains("period 100001"), "{out}");
    assert!(out.contains("checked to n = 4\n"), "{out}");
    let out = answered(&["period", "treblecross", "--limit", "3000"], TWO_S);
    assert!(out.contains("checked to n = 2999\n"), "{out}");
    assert!(out.contains("in the first 3000 values"), "{out}");
    let out = answered(
        &["period", "sub:fib", "--limit", "5000", "--format", "json"],
        TWO_S,
    );
    assert!(out.contains("\"checked_to\":4999"), "{out}");
}

#[test]
fn a_period_limit_of_zero_is_a_usage_error() {
    refused(
        &["period", "nim", "--limit", "0"],
        &["`--limit", "at least 1"],
        TWO_S,
    );
}

#[test]
fn values_of_a_large_bash_heap_come_from_its_closed_form() {
    let out = answered(
        &[
            "values",
            "bash:1000000",
            "--from",
            "999990",
            "--to",
            "1000000",
        ],
        TWO_S,
    );
    let expected: Vec<String> = (999_990u64..=1_000_000)
        .map(|n| (n % 1_000_001).to_string())
        .collect();
    assert!(out.contains(&expected.join(" ")), "{out}");
    let out = answered(&["analyze", "bash:1000000", "999990", "1000000"], TWO_S);
    assert!(
        out.contains(&format!("value *{}\n", 999_990 ^ 1_000_000)),
        "{out}"
    );
}

#[test]
fn a_finite_subtraction_set_with_a_residue_closed_form_answers_any_heap() {
    // S = {1, 2, 1000000}: 1..2 in S, no multiple of 3, so G(n) = n mod 3.
    // (Before, a period was certified only after a window of 10^6 values,
    // beyond the search: refused.)
    let n: u64 = 18_446_744_073_709_551_615;
    let out = answered(
        &[
            "values",
            "sub:1,2,1000000",
            "--from",
            &(n - 2).to_string(),
            "--to",
            &n.to_string(),
        ],
        TWO_S,
    );
    let expected: Vec<String> = (n - 2..=n).map(|h| (h % 3).to_string()).collect();
    assert!(out.contains(&expected.join(" ")), "{out}");
}

#[test]
fn misere_search_of_a_large_octal_heap_is_refused_at_its_work_limit() {
    refused(
        &["analyze", "0.07", "100", "--misere"],
        &["misère search stopped after 2000000 moves"],
        TWO_S,
    );
}

#[test]
fn misere_search_of_a_grundy_game_sum_is_refused_at_its_work_limit() {
    refused(
        &["analyze", "grundy-game", "60", "40", "--misere"],
        &["misère search stopped after 2000000 moves"],
        TWO_S,
    );
}

/// Once refused at the search's work limit (issue 20): these games meet
/// the condition of the SJ theorem, so their misère sums are decided from
/// nim-values at once.
#[test]
fn misere_sums_the_sj_theorem_decides_answer_at_once() {
    for args in [
        &["analyze", "0.7", "100", "--misere"][..],
        &["analyze", "lasker", "80", "2", "5", "--misere"],
    ] {
        let out = answered(args, TWO_S);
        assert!(out.contains("method: SJ theorem"), "{out}");
    }
}

#[test]
fn small_misere_searches_still_answer() {
    let out = answered(&["analyze", "sub:1,3,4", "--misere", "3", "4"], TWO_S);
    assert!(out.contains("outcome: "), "{out}");
    let out = answered(&["analyze", "kayles", "--misere", "7", "5", "3"], TWO_S);
    assert!(out.contains("outcome: "), "{out}");
}

#[test]
fn a_thread_count_beyond_the_limit_is_a_usage_error_naming_it() {
    refused(
        &["values", "0.6", "--to", "100", "--threads", "100000"],
        &["`100000` threads is more than 256"],
        TWO_S,
    );
    let out = answered(
        &["values", "0.6", "--to", "5", "--threads", "256", "-q"],
        TWO_S,
    );
    assert!(out.contains("0 0 1 2 0 1"), "{out}");
}

/// On a terminal, a period search draws a progress bar (on stderr).
#[cfg(unix)]
#[test]
fn a_period_search_shows_progress_on_a_terminal() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(["period", "treblecross"]);
    let mut p = rexpect::session::spawn_command(cmd, Some(20_000)).expect("a pseudo-terminal");
    p.exp_string("values/s").expect("a progress bar");
    p.exp_string("no period found").expect("the answer");
}

/// Issue 34, item 8: a plot computed its values for 20 s before its
/// output path was found unwritable; the path is checked first now.
#[test]
fn plot_output_path_is_checked_first() {
    refused(
        &[
            "plot",
            "0.16",
            "--to",
            "50000000",
            "--output",
            "/nonexistent/dir/p.png",
        ],
        &[
            "cannot write `/nonexistent/dir/p.png` (`--output`)",
            "`/nonexistent/dir` does not exist",
        ],
        TWO_S,
    );
    refused(
        &["plot", "0.16", "--to", "50000000", "--output", "p.gif"],
        &["must end in `.png` or `.svg`"],
        TWO_S,
    );
}

/// The same for every other file a command writes: `values --output`
/// and `--checkpoint`, `analyze --table`, `census --output` (a file where
/// its directory should be).
#[test]
fn every_output_path_is_checked_before_the_work() {
    refused(
        &[
            "values",
            "0.16",
            "--to",
            "50000000",
            "--output",
            "/nonexistent/dir/v.bin",
        ],
        &[
            "cannot write `/nonexistent/dir/v.bin` (`--output`)",
            "does not exist",
        ],
        TWO_S,
    );
    refused(
        &[
            "values",
            "0.16",
            "--to",
            "50000000",
            "--checkpoint",
            "/nonexistent/dir/v.ck",
        ],
        &[
            "cannot write `/nonexistent/dir/v.ck` (`--checkpoint`)",
            "does not exist",
        ],
        TWO_S,
    );
    refused(
        &["values", "0.16", "--to", "50000000", "--output", "/tmp"],
        &["cannot write `/tmp` (`--output`): it is a directory"],
        TWO_S,
    );
    refused(
        &[
            "analyze",
            "cram",
            "6x7",
            "--table",
            "/nonexistent/dir/t.table",
        ],
        &[
            "cannot write `/nonexistent/dir/t.table` (`--table`)",
            "does not exist",
        ],
        TWO_S,
    );
    let file = tempfile::NamedTempFile::new().unwrap();
    let under_a_file = file.path().join("census");
    refused(
        &[
            "census",
            "--codes",
            "octal:3",
            "--to",
            "1048576",
            "--output",
            &under_a_file.display().to_string(),
        ],
        &["is not a directory"],
        TWO_S,
    );
}

/// Issue 34, item 8: `analyze cutting 16777216,30 --no-moves` searched for
/// over 150 s at 1.09 GB in silence; its work is known before the search.
#[test]
fn a_cutting_search_beyond_its_work_limit_is_refused_at_once() {
    refused(
        &["analyze", "cutting", "16777216,30", "--no-moves"],
        &["`16777216,30`", "120000000 options", "its limit"],
        TWO_S,
    );
    let out = answered(&["analyze", "cutting", "40,40"], TWO_S);
    assert!(out.contains("outcome"), "{out}");
}

/// Issue 34, item 8: `values coins:mogul --to 1523` computed for 72 s and
/// 922 MB before "needs about 1.75 GiB"; the size of its tables has a
/// lower bound known before the work, and the values' growth tells within
/// a fraction of a second for requests far beyond the limit.
#[test]
fn a_coin_search_beyond_its_memory_is_refused_before_the_work() {
    for to in ["1523", "401"] {
        refused(
            &["values", "coins:mogul", "--to", to],
            &["needs about", "more than the 1 GiB available"],
            TWO_S,
        );
    }
    let out = answered(&["values", "coins:mogul", "--to", "100"], TWO_S);
    assert!(out.trim_end().ends_with("7263930"), "{out}");
}
