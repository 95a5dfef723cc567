//! Two runs on one file, and forged files (issue 34, items 3 and 4): a
//! second run writing a values file or a census directory that another
//! run holds is refused at once, naming it, and the file stays whole and
//! the first run's; a forged values file or census row is refused.

use crate::common;

use common::{grundy, s, spawn, wait_for};
use grundy::census::ResultsFile;
use grundy::solve::{read_values, write_values, NimTable, WriteLock};
use std::path::{Path, PathBuf};

/// The run of the issue (`values kayles ... --output same.bin &` and
/// `values dawson ... --output same.bin`), with two real processes: the
/// second is refused at once naming the first one's pid, the first
/// finishes, and the file is whole and holds the first game's values.
#[test]
fn a_second_run_writing_the_same_values_file_is_refused_and_the_file_is_the_first_runs() {
    let dir = common::scratch("concurrent", "values");
    let same = dir.join("same.bin");
    // (The naive method keeps the first run busy for a second or so.)
    let mut first = spawn(&[
        "-q",
        "values",
        "0.77",
        "--to",
        "15000",
        "--method",
        "naive",
        "--output",
        s(&same),
    ]);
    wait_for(&dir.join("same.bin.lock"));
    let second = grundy()
        .args([
            "-q",
            "values",
            "0.07",
            "--to",
            "15000",
            "--output",
            s(&same),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "same.bin` is being written by another grundy run (pid {})",
            first.id()
        )),
        "{err}"
    );
    let status = first.wait().unwrap();
    assert!(status.success());
    let file = read_values(&same).expect("a whole file");
    assert_eq!(file.game, "0.77");
    let mut kayles =
        grundy::solve::TakeBreakSolver::new(grundy::games::TakeBreak::octal("0.77").unwrap());
    kayles.extend_to(15000).unwrap();
    assert_eq!(&file.table, kayles.table());
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left, ["same.bin"], "no lock file or temporary left");
}

/// A checkpoint held by another run is refused before any work, like
/// the output.
#[test]
fn a_run_whose_checkpoint_another_run_holds_is_refused_before_it_starts() {
    let dir = common::scratch("concurrent", "checkpoint");
    let ck = dir.join("run.ck");
    let held = WriteLock::acquire(&ck).unwrap();
    let out = grundy()
        .args(["values", "0.16", "--to", "1000", "--checkpoint", s(&ck)])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "being written by another grundy run (pid {})",
            std::process::id()
        )),
        "{err}"
    );
    assert!(!ck.exists());
    drop(held);
    grundy()
        .args([
            "-q",
            "values",
            "0.16",
            "--to",
            "1000",
            "--checkpoint",
            s(&ck),
        ])
        .assert()
        .success();
}

/// Two censuses into one `--output DIR`: the second is refused at once
/// and `results.jsonl` holds whole lines only, one per code.
#[test]
fn a_second_census_into_the_same_directory_is_refused_and_no_line_is_torn() {
    let dir = common::scratch("concurrent", "census");
    let mut first = spawn(&[
        "-q",
        "census",
        "--codes",
        "octal:2",
        "--to",
        "6000",
        "--output",
        s(&dir),
        "--format",
        "json",
    ]);
    wait_for(&dir.join("results.jsonl.lock"));
    let second = grundy()
        .args([
            "-q",
            "census",
            "--codes",
            "octal:2",
            "--to",
            "2000",
            "--output",
            s(&dir),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&second.stderr);
    let status = first.wait().unwrap();
    assert!(status.success());
    // (Had the first finished already, the second would have run: the
    // check below still holds, but the refusal is the point.)
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(
        err.contains("results.jsonl` is being written by another grundy run (pid "),
        "{err}"
    );
    let text = std::fs::read_to_string(dir.join("results.jsonl")).unwrap();
    let codes = grundy::census::codes("octal:2").unwrap();
    assert_eq!(text.lines().count(), codes.len());
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a whole line");
        assert_eq!(v["to"], 6000, "{line}");
    }
}

/// A census directory held by another program (here: the library, in
/// this process) is refused, naming it.
#[test]
fn a_census_into_a_directory_another_run_holds_is_refused() {
    let dir = common::scratch("concurrent", "census-held");
    let (_held, _) = ResultsFile::open(&dir, false).unwrap();
    let out = grundy()
        .args([
            "census",
            "--codes",
            "0.07",
            "--to",
            "200",
            "--output",
            s(&dir),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("(pid {})", std::process::id())),
        "{err}"
    );
}

fn census_dir(name: &str) -> PathBuf {
    let dir = common::scratch("concurrent", name);
    grundy()
        .args([
            "-q",
            "census",
            "--codes",
            "0.07,0.6,0.16",
            "--to",
            "2000",
            "--output",
            s(&dir),
        ])
        .assert()
        .success();
    dir
}

fn resume(dir: &Path) -> std::process::Output {
    grundy()
        .args([
            "census",
            "--codes",
            "0.07,0.6,0.16",
            "--to",
            "2000",
            "--output",
            s(dir),
        ])
        .args(["--resume", "--format", "json"])
        .output()
        .unwrap()
}

/// `"period": 34` edited to `"period": 7` in Dawson's Kayles' row (the
/// library's row format, `grundy::census::row`, shared with Python): the row
/// claims a certified period, so it is recomputed on resume, and the
/// forged period is refused, naming the line, never printed.
#[test]
fn a_census_row_edited_to_another_period_is_not_reported() {
    let dir = census_dir("census-period");
    let path = dir.join("results.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let (line, row) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("\"code\": \"0.07\""))
        .unwrap();
    assert!(row.contains("\"period\": 34"), "{row}");
    std::fs::write(&path, text.replace("\"period\": 34", "\"period\": 7")).unwrap();
    let out = resume(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "line {}: code `0.07` is recorded with period 7",
            line + 1
        )) && err.contains("period 34"),
        "{err}"
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("\"period\":7"));
    // The honest file resumes as before.
    std::fs::write(&path, &text).unwrap();
    let out = resume(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A row appended twice (once with another checksum) no longer overrides
/// the first: the code listed twice is refused naming both lines.
#[test]
fn a_duplicate_census_row_is_refused() {
    let dir = census_dir("census-duplicate");
    let path = dir.join("results.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let first = text.lines().next().unwrap().to_string();
    let code = serde_json::from_str::<serde_json::Value>(&first).unwrap()["code"]
        .as_str()
        .unwrap()
        .to_string();
    std::fs::write(&path, format!("{text}{first}\n")).unwrap();
    let out = resume(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("code `{code}` is listed twice, on lines 1 and 4")),
        "{err}"
    );
}

/// Issue 34, item 4 (a leftover): a 3·10^7-value Kayles file had about 15
/// of its values sampled; a few hundred are now, where that costs a
/// fraction of a second (a 4·10^6-value file: all 256), and the message
/// says how many.
#[test]
fn a_values_file_is_checked_by_a_few_hundred_samples_where_affordable() {
    let dir = common::scratch("concurrent", "sampled");
    let path = dir.join("k4.bin");
    let out = grundy()
        .args([
            "-q",
            "values",
            "kayles",
            "--to",
            "4000000",
            "--output",
            s(&path),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = grundy()
        .args(["values", "kayles", "--to", "10", "--input", s(&path)])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let sampled: u64 = err
        .split("a random sample of ")
        .nth(1)
        .and_then(|r| r.split(')').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no sample count in {err}"));
    assert!(sampled >= 200, "{err}");
}

/// `--input` and `--resume` of a values file with one forged middle value
/// (checksum recomputed) are refused; an honest one says how much of it
/// was checked.
#[test]
fn a_forged_values_file_is_refused_by_input_and_resume() {
    let dir = common::scratch("concurrent", "forged");
    let path = dir.join("k.bin");
    let mut kayles =
        grundy::solve::TakeBreakSolver::new(grundy::games::TakeBreak::octal("0.77").unwrap());
    kayles.extend_to(99_999).unwrap();
    let honest: Vec<u64> = (0..100_000)
        .map(|h| kayles.value(h).unwrap().value())
        .collect();
    let table = |v: &[u64]| {
        let mut t = NimTable::new();
        v.iter().for_each(|&x| t.push(x).unwrap());
        t
    };
    write_values(&path, "0.77", table(&honest).view()).unwrap();
    let out = grundy()
        .args(["values", "0.77", "--to", "10", "--input", s(&path)])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("values checked against the rules") && err.contains("random sample of"),
        "{err}"
    );
    let mut forged = honest.clone();
    forged[50_000] ^= 1;
    write_values(&path, "0.77", table(&forged).view()).unwrap();
    for args in [
        vec!["values", "0.77", "--to", "10", "--input", s(&path)],
        vec![
            "values",
            "0.77",
            "--to",
            "100010",
            "--resume",
            s(&path),
            "--output",
            s(&dir.join("o.bin")),
        ],
    ] {
        let out = grundy().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("k.bin"), "{err}");
    }
}
