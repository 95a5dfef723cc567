//! The table kept in a memory-mapped file (`TakeBreakSolver::keep_table_in_file`,
//! `MappedU16`, issue 38 item 2): the same values file, byte for byte, as a
//! table in memory; the errors of a file that cannot be made or sized.

use grundy::error::ErrorKind;
use grundy::games::TakeBreak;
use grundy::solve::{read_values, write_values, MappedU16, TakeBreakConfig, TakeBreakSolver};
use grundy::HeapGame;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-mapped-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The values file of `game` to `n` written from a table in memory and
/// from a table kept in the file, on `threads` threads: the same bytes,
/// the same checksum, read back by `read_values`.
fn same_file_both_ways(game: TakeBreak, n: u64, threads: usize, dir: &Path) -> u64 {
    let spec = game.spec();
    let config = TakeBreakConfig::default().threads(threads);
    let memory = dir.join(format!("memory-{threads}.bin"));
    let mut a = TakeBreakSolver::with_config(game.clone(), config.clone());
    a.extend_to(n).unwrap();
    let expected = write_values(&memory, &spec, a.table().view()).unwrap();

    let file = dir.join(format!("file-{threads}.bin"));
    let mut b = TakeBreakSolver::with_config(game, config);
    b.keep_table_in_file(&file, n).unwrap();
    assert!(b.table_in_file());
    // In batches, as the command runs it (the reserve and the pushes
    // through the map, on the engine's threads).
    b.extend_with(n, &mut |_| Ok(())).unwrap();
    let checksum = b.finish_table_file(n + 1).unwrap();
    assert_eq!(checksum, expected, "{spec}, {threads} threads");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        std::fs::read(&memory).unwrap(),
        "{spec}, {threads} threads: the two files differ"
    );
    let back = read_values(&file).unwrap();
    assert_eq!(back.checksum, checksum);
    assert_eq!(back.table.len() as u64, n + 1);
    // Nothing left beside the file: the temporary was renamed into place.
    let names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(!names.iter().any(|f| f.ends_with(".tmp")), "{names:?}");
    back.table.view().max()
}

#[test]
fn a_table_kept_in_the_file_writes_the_same_values_file_as_one_in_memory() {
    // 0.6 (values past 255: two bytes each), Grundy's game (values below
    // 256: the file narrows to one byte each in place), 0.007 (dense).
    let games = [
        (TakeBreak::octal("0.6").unwrap(), 300_000),
        (TakeBreak::named("grundy").unwrap(), 300_000),
        (TakeBreak::octal("0.007").unwrap(), 100_000),
    ];
    let mut widths = Vec::new();
    for (i, (game, n)) in games.into_iter().enumerate() {
        let dir = scratch(&format!("same-{i}"));
        for threads in [1, 2] {
            let largest = same_file_both_ways(game.clone(), n, threads, &dir);
            widths.push(largest > 255);
        }
        std::fs::remove_dir_all(&dir).ok();
    }
    // Both widths of the file were exercised.
    assert!(
        widths.contains(&true) && widths.contains(&false),
        "{widths:?}"
    );
}

#[test]
fn a_table_file_dropped_unfinished_leaves_no_file_and_no_temporary() {
    let dir = scratch("dropped");
    let target = dir.join("values.bin");
    let mut s = TakeBreakSolver::new(TakeBreak::octal("0.6").unwrap());
    s.keep_table_in_file(&target, 10_000).unwrap();
    s.extend_to(5_000).unwrap();
    drop(s);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_table_file_in_a_directory_that_cannot_hold_it_is_a_clear_error() {
    let dir = scratch("unwritable");
    // A "directory" that is a file: nothing can be created in it (whoever
    // runs the test, root included).
    let not_a_dir = dir.join("plain-file");
    std::fs::write(&not_a_dir, b"x").unwrap();
    let e = MappedU16::create(&not_a_dir.join("values.bin"), "0.6", 1000).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e.kind(), ErrorKind::Io { .. }), "{e:?}");
    assert!(text.contains("plain-file"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_table_file_larger_than_the_disk_is_refused_naming_the_file_and_its_size() {
    let dir = scratch("full");
    let target = dir.join("values.bin");
    // 2^46 values: 128 TiB, more than any test machine's disk.
    let e = MappedU16::create(&target, "0.6", 1 << 46).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e.kind(), ErrorKind::Io { .. }), "{e:?}");
    assert!(
        text.contains("values.bin") && text.contains("bytes"),
        "{text}"
    );
    // Nothing left behind.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).ok();
}
