//! `grundy census`: its periods agree with the published ones kept in
//! `tests/data/census/octal_published.csv`, its checksums with `grundy
//! values`, a resumed census gives the summary of an uninterrupted one, and
//! its files (csv, json, html with plots) are written.

#[path = "suite/common/mod.rs"]
mod common;

use common::{grundy, run_ok, run_with_stderr, scratch};
use serde_json::Value;
use std::path::Path;

fn census_json(args: &[&str]) -> Value {
    let mut all = vec!["census", "--format", "json"];
    all.extend_from_slice(args);
    serde_json::from_str(&run_ok(&all)).expect("census prints one JSON object")
}

/// (code, period, preperiod) from the published table.
fn published() -> Vec<(String, u64, u64)> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/census/octal_published.csv");
    let text = std::fs::read_to_string(&path).expect("the published table");
    text.lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.splitn(5, ',').collect();
            (
                f[0].to_string(),
                f[1].parse().expect("a period"),
                f[2].parse().expect("a preperiod"),
            )
        })
        .collect()
}

fn row<'a>(census: &'a Value, code: &str) -> &'a Value {
    census["results"]
        .as_array()
        .and_then(|rs| rs.iter().find(|r| r["code"] == code))
        .unwrap_or_else(|| panic!("`{code}` is in the census"))
}

/// Guy–Smith: a period p from n0 is proven by values up to 2 n0 + p + k
/// (k = 2 or 3 here); beyond `to` the census must say "open".
fn check_published(census: &Value, to: u64, digits: usize) -> usize {
    let mut checked = 0;
    for (code, period, preperiod) in published() {
        if code.len() - 2 != digits {
            continue;
        }
        let r = row(census, &code);
        let k = digits as u64;
        if 2 * preperiod + period + k <= to {
            assert_eq!(r["status"], "periodic", "{code}: {r}");
            assert_eq!(r["period"], period, "{code}: {r}");
            assert_eq!(r["preperiod"], preperiod, "{code}: {r}");
        } else {
            assert_eq!(r["status"], "open", "{code} is not provable to {to}: {r}");
            assert_eq!(r["checked_to"], to);
        }
        checked += 1;
    }
    checked
}

#[test]
fn the_two_digit_census_agrees_with_the_published_periods() {
    let c = census_json(&["--codes", "octal:2", "--to", "100000", "--threads", "2"]);
    assert_eq!(c["count"], 63, "7 one-digit and 56 two-digit codes");
    assert!(check_published(&c, 100_000, 2) >= 4);
    // The checksum is the one `grundy values` prints for the same range
    // (a certified period extends the values the census computed).
    let dir = common::scratch("census", "two");
    let file = dir.join("values.bin");
    for code in ["0.77", "0.6", "0.07"] {
        let f = file.to_str().unwrap();
        let (_, err) = run_with_stderr(&["values", code, "--to", "100000", "--output", f]);
        let want = err
            .lines()
            .find_map(|l| l.split("(FNV-1a): ").nth(1))
            .expect("values prints its checksum");
        assert_eq!(row(&c, code)["checksum"], want.trim(), "{code}");
    }
}

#[test]
fn three_digit_codes_agree_with_the_published_periods() {
    let dir = common::scratch("census", "three");
    let list = dir.join("codes.txt");
    let codes: Vec<String> = published()
        .into_iter()
        .map(|(c, _, _)| c)
        .filter(|c| c.len() == 5)
        .collect();
    std::fs::write(
        &list,
        format!("# published 3-digit codes\n{}\n", codes.join("\n")),
    )
    .unwrap();
    let c = census_json(&[
        "--codes",
        list.to_str().unwrap(),
        "--to",
        "100000",
        "--threads",
        "2",
    ]);
    assert_eq!(c["count"], codes.len());
    assert_eq!(check_published(&c, 100_000, 3), codes.len());
}

#[test]
fn a_resumed_census_gives_the_same_summary_and_writes_its_files() {
    let dir = common::scratch("census", "resume");
    let out = dir.join("out");
    let o = out.to_str().unwrap();
    let full = census_json(&["--codes", "octal:1", "--to", "5000", "--output", o]);
    for f in ["census.csv", "census.json", "index.html", "results.jsonl"] {
        assert!(out.join(f).is_file(), "{f} written");
    }
    let html = std::fs::read_to_string(out.join("index.html")).unwrap();
    let open = full["open"].as_u64().unwrap();
    assert_eq!(
        html.matches("<img ").count() as u64,
        open,
        "one plot per open game"
    );
    let csv = std::fs::read_to_string(out.join("census.csv")).unwrap();
    assert_eq!(csv.lines().count(), 8, "a header and 7 codes");
    // Keep 3 finished codes, as if the run had been killed, and resume.
    let results = out.join("results.jsonl");
    let kept: Vec<String> = std::fs::read_to_string(&results)
        .unwrap()
        .lines()
        .take(3)
        .map(String::from)
        .collect();
    std::fs::write(&results, kept.join("\n") + "\n").unwrap();
    let (stdout, stderr) = run_with_stderr(&[
        "census", "--codes", "octal:1", "--to", "5000", "--output", o, "--resume", "--format",
        "json",
    ]);
    assert!(stderr.contains("(3 resumed)"), "{stderr}");
    let resumed: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(resumed["checksum"], full["checksum"]);
    assert_eq!(resumed["results"].as_array().unwrap().len(), 7);
    // A different --to does not reuse the results.
    let (_, stderr) = run_with_stderr(&[
        "census", "--codes", "octal:1", "--to", "4000", "--output", o, "--resume",
    ]);
    assert!(stderr.contains("(0 resumed)"), "{stderr}");
}

#[test]
fn bad_census_input_is_one_error_line() {
    for args in [
        &["census", "--codes", "octal:9", "--to", "10"][..],
        &["census", "--codes", "0.8", "--to", "10"],
        &["census", "--codes", "", "--to", "10"],
        &["census", "--codes", "octal:1", "--to", "10", "--resume"],
    ] {
        let out = grundy().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
}

/// Issue 34, item 2 (a leftover): `--codes FILE` was read whole with no
/// limit, and a FIFO was taken for a pattern. It is read by the library's
/// policy now: a regular text file within its limit.
#[test]
fn census_codes_file_is_read_within_its_limit() {
    let dir = common::scratch("census", "codes-limit");
    let error = |codes: &Path| {
        let out = grundy()
            .args(["census", "--to", "100", "--codes"])
            .arg(codes)
            .timeout(std::time::Duration::from_secs(10))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{codes:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    // 7.5 MiB of comments: more than the limit of a list of codes.
    let big = dir.join("big.txt");
    std::fs::write(&big, "# a comment\n".repeat(5 << 20 >> 3) + "0.07\n").unwrap();
    let err = error(&big);
    assert!(err.contains("larger than 4 MiB"), "{err}");
    assert!(err.contains("a list of codes"), "{err}");
    #[cfg(unix)]
    {
        let fifo = dir.join("codes.fifo");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        let err = error(&fifo);
        assert!(err.contains("a FIFO (named pipe)"), "{err}");
    }
    // A small list is still read.
    let list = dir.join("codes.txt");
    std::fs::write(&list, "0.07 # Dawson\n").unwrap();
    let c = census_json(&["--codes", &list.display().to_string(), "--to", "1000"]);
    assert_eq!(c["count"], 1);
}

/// Issue 35, item 5: `census`'s rows were held in a buffer until the end,
/// so stdout redirected to a file was empty after `kill -9` although 12
/// codes were done. Each finished code's row is now written (in census
/// order) and flushed as it finishes.
#[test]
fn census_rows_reach_a_redirected_stdout_before_a_kill_9() {
    let dir = scratch("census", "kill9");
    let path = dir.join("stdout.txt");
    let file = std::fs::File::create(&path).unwrap();
    // Three codes whose period is certified in the first stage, then one
    // open code that computes for minutes towards 10^8.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args([
            "census",
            "--codes",
            "0.07,0.77,0.137,0.106",
            "--to",
            "100000000",
        ])
        .stdout(file)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The three certify in seconds on an idle machine; the deadline is for
    // a loaded one (a checked build under load 9 took over 60 s).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    let rows = |text: &str| text.lines().filter(|l| l.contains(": period ")).count();
    loop {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if rows(&text) >= 3 || std::time::Instant::now() > deadline {
            break;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the census ended before its open code: {text}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap(); // SIGKILL on Unix: nothing is flushed after it
    child.wait().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(rows(&text), 3, "{text}");
    for (line, code) in text.lines().zip(["0.07", "0.77", "0.137"]) {
        assert!(line.starts_with(&format!("{code}: period ")), "{text}");
    }
}
