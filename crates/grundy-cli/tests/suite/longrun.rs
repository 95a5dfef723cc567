//! Long runs of `grundy values`: a run killed with SIGKILL and resumed from
//! its checkpoint gives exactly the values of an uninterrupted run; values
//! files round-trip; damaged or foreign checkpoints are refused.

use crate::common;

use common::{grundy, run_ok, s, spawn, wait_for};
use std::path::Path;
use std::time::{Duration, Instant};

/// The property the issue asks for, tested with a real SIGKILL.
#[test]
fn a_run_killed_with_sigkill_resumes_to_the_same_values() {
    let dir = common::scratch("longrun", "kill");
    let (full, part, ck, resumed) = (
        dir.join("full.bin"),
        dir.join("part.bin"),
        dir.join("ck.bin"),
        dir.join("resumed.bin"),
    );
    let n = "400000";
    let summary = run_ok(&["values", "0.6", "--to", n, "--output", s(&full), "--quiet"]);
    assert!(summary.contains("checksum"), "{summary}");

    let mut child = spawn(&[
        "values",
        "0.6",
        "--to",
        n,
        "--output",
        s(&part),
        "--quiet",
        "--checkpoint",
        s(&ck),
        "--checkpoint-every",
        "0.05",
    ]);
    wait_for(&ck);
    std::thread::sleep(Duration::from_millis(150));
    let still_running = child.try_wait().expect("status").is_none();
    child.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix
    let _ = child.wait();
    assert!(
        still_running && !part.exists(),
        "the run finished before it could be killed: raise n"
    );
    assert!(ck.exists(), "no checkpoint was written");

    let out = run_ok(&[
        "values",
        "0.6",
        "--to",
        n,
        "--resume",
        s(&ck),
        "--output",
        s(&resumed),
        "--quiet",
    ]);
    assert_eq!(
        out.replace(s(&resumed), "F"),
        summary.replace(s(&full), "F")
    );
    let a = std::fs::read(&full).expect("full run");
    let b = std::fs::read(&resumed).expect("resumed run");
    assert!(
        a == b,
        "the resumed run's values differ from the uninterrupted run's"
    );
}

#[test]
fn values_files_round_trip_and_damage_is_refused() {
    let dir = common::scratch("longrun", "files");
    let file = dir.join("k.bin");
    run_ok(&[
        "values",
        "kayles",
        "--to",
        "1000",
        "--output",
        s(&file),
        "--quiet",
    ]);
    let printed = run_ok(&["values", "kayles", "--to", "100", "--format", "csv"]);
    let read = run_ok(&[
        "values",
        "kayles",
        "--input",
        s(&file),
        "--to",
        "100",
        "--format",
        "csv",
        "--quiet",
    ]);
    assert_eq!(printed, read);

    // Another game's file.
    let out = grundy()
        .args(["values", "dawson", "--input", s(&file), "--to", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds values of `kayles`"));

    // A flipped byte.
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    std::fs::write(&file, &bytes).unwrap();
    let out = grundy()
        .args(["values", "kayles", "--resume", s(&file), "--to", "2000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: ") && err.contains("checksum"),
        "{err}"
    );
}

#[test]
fn a_run_that_cannot_fit_in_memory_is_refused_before_it_starts() {
    let out = grundy()
        .args(["values", "0.6", "--to", "18000000000000000000", "--quiet"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("iB of memory"), "{err}");
}

#[test]
fn long_run_flags_need_a_take_and_break_game() {
    let out = grundy()
        .args(["values", "sub:pow2", "--to", "10", "--checkpoint", "x.ck"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("take-and-break"));
}

/// A values file that cannot be written whole (here: over the file size
/// limit, `ulimit -f`) is an error naming the file, and leaves nothing
/// behind — neither the file nor its temporary.
#[cfg(unix)]
#[test]
fn a_failed_write_leaves_no_file_behind() {
    let dir = common::scratch("longrun", "limit");
    let path = dir.join("v.bin");
    let grundy = assert_cmd::cargo::cargo_bin("grundy");
    let out = std::process::Command::new("sh")
        .arg("-c")
        // (The signal the limit raises is ignored, so the write fails.)
        .arg(format!(
            "trap '' XFSZ; ulimit -f 100; exec '{}' values 0.16 --to 1000000 --output '{}' --quiet",
            grundy.display(),
            path.display()
        ))
        .output()
        .expect("sh runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cannot write") && err.contains("v.bin.") && err.contains(".tmp"),
        "{err}"
    );
    assert!(!path.exists());
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// `--checkpoint-every` takes any time a `Duration` holds; the rest is a
/// usage error naming the value, never a panic (`inf` once panicked).
#[test]
fn checkpoint_intervals_out_of_range_are_usage_errors() {
    for (every, says) in [
        ("inf", "more than"),
        ("1e30", "more than"),
        ("nan", "not a number"),
        ("soon", "not a number"),
        ("-1", "negative"),
    ] {
        let out = grundy()
            .args(["values", "0.6", "--to", "10", "--checkpoint", "x.ck"])
            .arg(format!("--checkpoint-every={every}"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{every}: {err}");
        assert!(err.contains(says), "{every}: {err}");
    }
}

#[test]
fn low_memory_streaming_writes_the_same_file() {
    let dir = common::scratch("longrun", "lowmem");
    let (a, b) = (dir.join("a.bin"), dir.join("b.bin"));
    run_ok(&[
        "values",
        "0.3132",
        "--to",
        "50000",
        "--output",
        s(&a),
        "--quiet",
    ]);
    run_ok(&[
        "values",
        "0.3132",
        "--to",
        "50000",
        "--output",
        s(&b),
        "--low-memory",
        "--quiet",
    ]);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let out = grundy()
        .args([
            "values",
            "kayles",
            "--to",
            "10",
            "--low-memory",
            "--output",
            s(&a),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("splits heaps"));
}

/// Runs grundy, expecting exit 2 with one `error:` line; returns it.
fn refused(args: &[&str]) -> String {
    let start = Instant::now();
    let out = grundy().args(args).output().expect("grundy runs");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.starts_with("error: ") && err.trim_end().lines().count() == 1,
        "{args:?}: {err}"
    );
    assert!(start.elapsed() < Duration::from_secs(10), "{args:?}");
    err
}

/// `sed -i 's/game=0.6/game=0.7/'` on a 0.6 checkpoint: once continued as
/// 0.7 and printed a wrong sequence with exit 0.
#[test]
fn a_checkpoint_with_an_edited_game_is_refused() {
    let dir = common::scratch("longrun", "edited");
    let ck = dir.join("six.ck");
    run_ok(&[
        "values",
        "0.6",
        "--to",
        "2000",
        "--checkpoint",
        s(&ck),
        "--quiet",
    ]);
    let mut bytes = std::fs::read(&ck).unwrap();
    let at = bytes.windows(8).position(|w| w == b"game=0.6").unwrap() + 7;
    bytes[at] = b'7';
    std::fs::write(&ck, &bytes).unwrap();
    for args in [
        ["values", "0.7", "--resume", s(&ck), "--to", "3000"],
        ["values", "0.7", "--input", s(&ck), "--to", "100"],
    ] {
        let err = refused(&args);
        assert!(err.contains("checksum"), "{err}");
    }
}

/// A well-formed file (valid header and checksum) holding 0.7's values
/// under the name 0.6: not 0.6's sequence.
#[test]
fn a_values_file_of_another_sequence_is_refused() {
    let dir = common::scratch("longrun", "foreign");
    let (seven, forged) = (dir.join("seven.bin"), dir.join("forged.bin"));
    run_ok(&[
        "values",
        "0.7",
        "--to",
        "2000",
        "--output",
        s(&seven),
        "--quiet",
    ]);
    let file = grundy::solve::read_values(&seven).unwrap();
    grundy::solve::write_values(&forged, "0.6", file.table.view()).unwrap();
    for args in [
        ["values", "0.6", "--resume", s(&forged), "--to", "3000"],
        ["values", "0.6", "--input", s(&forged), "--to", "100"],
    ] {
        let err = refused(&args);
        assert!(err.contains("is not the sequence of `0.6`"), "{err}");
    }
}

/// Well-formed files of absurd values (all 2^64 − 1, all 2^40): once a
/// `capacity overflow` panic or an abort allocating 8796093022216 bytes.
#[test]
fn a_values_file_of_absurd_values_is_refused() {
    let dir = common::scratch("longrun", "absurd");
    for (name, value) in [("max.bin", u64::MAX), ("forty.bin", 1u64 << 40)] {
        let path = dir.join(name);
        grundy::solve::values_file::write_values_streamed(
            &path,
            "0.6",
            1000,
            8,
            &mut std::iter::repeat(value),
        )
        .unwrap();
        for args in [
            ["values", "0.6", "--resume", s(&path), "--to", "3000"],
            ["values", "0.6", "--input", s(&path), "--to", "100"],
        ] {
            let err = refused(&args);
            assert!(err.contains(&format!("= {value}")), "{err}");
        }
    }
}

/// A checkpoint cut short, and one of the first format: refused, saying why.
#[test]
fn a_truncated_or_old_values_file_is_refused() {
    let dir = common::scratch("longrun", "truncated");
    let ck = dir.join("k.ck");
    run_ok(&[
        "values",
        "kayles",
        "--to",
        "1000",
        "--checkpoint",
        s(&ck),
        "--quiet",
    ]);
    let good = std::fs::read(&ck).unwrap();
    for cut in [good.len() - 1, 40, 10] {
        std::fs::write(&ck, &good[..cut]).unwrap();
        refused(&["values", "kayles", "--resume", s(&ck), "--to", "2000"]);
        refused(&["values", "kayles", "--input", s(&ck), "--to", "10"]);
    }
    let mut old = good.clone();
    old[..8].copy_from_slice(b"GRUNDYV1");
    std::fs::write(&ck, &old).unwrap();
    let err = refused(&["values", "kayles", "--resume", s(&ck), "--to", "2000"]);
    assert!(
        err.contains("older grundy") && err.contains("recompute"),
        "{err}"
    );
}

/// The values `grundy values SPEC --input FILE --from FROM --to TO` prints.
fn values_in(spec: &str, file: &Path, from: u64, to: u64) -> Vec<u64> {
    let (from, to) = (from.to_string(), to.to_string());
    let text = run_ok(&[
        "values",
        spec,
        "--input",
        s(file),
        "--from",
        &from,
        "--to",
        &to,
    ]);
    text.lines()
        .skip(1)
        .flat_map(str::split_whitespace)
        .map(|v| v.parse().expect("a value"))
        .collect()
}

/// Long runs ask the parsed game for its take-and-break form: nim (not a
/// code by name) writes a values file, read back against G(n) = n.
#[test]
fn a_long_run_of_nim_writes_its_values() {
    let dir = common::scratch("longrun", "nim");
    let file = dir.join("nim.bin");
    let summary = run_ok(&["values", "nim", "--to", "2000000", "--output", s(&file)]);
    assert!(summary.contains("G(0..=2000000) written"), "{summary}");
    let tail = values_in("nim", &file, 1_999_990, 2_000_000);
    assert_eq!(tail, (1_999_990..=2_000_000).collect::<Vec<u64>>());
    assert_eq!(values_in("nim", &file, 0, 9), (0..=9).collect::<Vec<u64>>());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bash:5` checkpoints and resumes through its code `0.33333`: the resumed
/// run gives G(n) = n mod 6, as the closed form says.
#[test]
fn a_long_run_of_bash_resumes_from_its_checkpoint() {
    let dir = common::scratch("longrun", "bash");
    let (ck, out) = (dir.join("ck.bin"), dir.join("out.bin"));
    run_ok(&[
        "values",
        "bash:5",
        "--to",
        "100000",
        "--checkpoint",
        s(&ck),
        "--quiet",
    ]);
    let summary = run_ok(&[
        "values",
        "bash:5",
        "--to",
        "250000",
        "--resume",
        s(&ck),
        "--output",
        s(&out),
    ]);
    assert!(summary.contains("G(0..=250000) written"), "{summary}");
    for (from, to) in [(0, 20), (99_990, 100_010), (249_980, 250_000)] {
        let want: Vec<u64> = (from..=to).map(|n| n % 6).collect();
        assert_eq!(values_in("bash:5", &out, from, to), want, "{from}..={to}");
    }
    // A finite subtraction set has a code too: `sub:1,3,4` is `0.3033`.
    let sub = dir.join("sub.bin");
    run_ok(&["values", "sub:1,3,4", "--to", "20", "--output", s(&sub)]);
    let want = [
        0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2,
    ];
    assert_eq!(values_in("0.3033", &sub, 0, 20), want);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `values kayles --to 10^12 --output F` once wrote until the disk was
/// full (kayles fills from its proven period at memory speed): a values
/// file larger than the free space is refused before anything is written,
/// naming the bytes needed and free.
#[test]
fn a_values_file_larger_than_the_disk_is_refused_at_once() {
    let dir = common::scratch("longrun", "disk");
    let file = dir.join("k.bin");
    for flag in ["--output", "--checkpoint"] {
        let err = refused(&["values", "0.6", "--to", "1000000000000000", flag, s(&file)]);
        assert!(err.contains("would need at least"), "{err}");
        assert!(err.contains("free"), "{err}");
        assert!(!file.exists());
    }
    let err = refused(&[
        "values",
        "kayles",
        "--to",
        "1000000000000000",
        "--output",
        s(&file),
    ]);
    assert!(err.contains(&format!("`--output {}`", s(&file))), "{err}");
    assert!(!file.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
