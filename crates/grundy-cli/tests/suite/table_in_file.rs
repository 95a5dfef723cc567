//! `grundy values --output F --table-in-file` (issue 38 item 2): the table
//! kept in the output's temporary file gives the same file and checksum as
//! the table in memory, resumes from a checkpoint, and a run killed midway
//! leaves no file at the target.

use crate::common;

use common::{run_with_stderr, s, spawn};
use std::path::Path;
use std::time::{Duration, Instant};

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".tmp"))
        .collect()
}

#[test]
fn the_table_in_the_file_gives_the_file_and_checksum_of_the_table_in_memory() {
    let dir = common::scratch("table_in_file", "same");
    let (memory, file) = (dir.join("memory.bin"), dir.join("file.bin"));
    for game in ["0.6", "grundy"] {
        let (out_m, err_m) = run_with_stderr(&[
            "values",
            game,
            "--to",
            "200000",
            "--threads",
            "2",
            "--output",
            s(&memory),
        ]);
        let (out_f, err_f) = run_with_stderr(&[
            "values",
            game,
            "--to",
            "200000",
            "--threads",
            "2",
            "--output",
            s(&file),
            "--table-in-file",
        ]);
        assert_eq!(
            std::fs::read(&memory).unwrap(),
            std::fs::read(&file).unwrap()
        );
        assert_eq!(out_m.replace("memory.bin", "file.bin"), out_f);
        // The mode is said; the checksum line is the same.
        assert!(!err_m.contains("temporary file"), "{err_m}");
        assert!(
            err_f.contains("the table is kept in a temporary file"),
            "{err_f}"
        );
        assert_eq!(err_m.lines().last(), err_f.lines().last());
    }
    assert!(temporaries(&dir).is_empty());
}

#[test]
fn a_run_with_its_table_in_the_file_resumes_from_a_checkpoint_to_the_same_file() {
    let dir = common::scratch("table_in_file", "resume");
    let (full, ck, resumed) = (
        dir.join("full.bin"),
        dir.join("ck.bin"),
        dir.join("resumed.bin"),
    );
    run_with_stderr(&["values", "0.6", "--to", "50000", "--output", s(&ck)]);
    run_with_stderr(&["values", "0.6", "--to", "150000", "--output", s(&full)]);
    run_with_stderr(&[
        "values",
        "0.6",
        "--to",
        "150000",
        "--resume",
        s(&ck),
        "--output",
        s(&resumed),
        "--table-in-file",
    ]);
    assert_eq!(
        std::fs::read(&full).unwrap(),
        std::fs::read(&resumed).unwrap()
    );
}

#[test]
fn a_run_with_its_table_in_the_file_killed_midway_leaves_no_file_at_the_target() {
    let dir = common::scratch("table_in_file", "kill");
    let out = dir.join("values.bin");
    let mut child = spawn(&[
        "values",
        "0.6",
        "--to",
        "100000000",
        "--threads",
        "2",
        "--output",
        s(&out),
        "--table-in-file",
    ]);
    // Under way: its temporary file exists.
    let start = Instant::now();
    while temporaries(&dir).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no temporary file"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    std::thread::sleep(Duration::from_millis(300));
    let still_running = child.try_wait().expect("status").is_none();
    child.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix
    let _ = child.wait();
    assert!(still_running, "the run ended before it could be killed");
    assert!(!out.exists(), "a killed run left a file at the target");
    // The next writer of the target removes the killed run's temporary.
    let (stdout, _) = run_with_stderr(&[
        "values",
        "0.6",
        "--to",
        "1000",
        "--output",
        s(&out),
        "--table-in-file",
    ]);
    assert!(stdout.contains("1001 values"), "{stdout}");
    assert!(temporaries(&dir).is_empty(), "{:?}", temporaries(&dir));
    std::fs::remove_dir_all(&dir).ok();
}
