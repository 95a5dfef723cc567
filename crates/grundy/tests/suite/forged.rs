//! Forged values files: a value changed in the middle of a table, with
//! the file's checksum recomputed, is caught by the check of a resumed
//! table (`TakeBreakSolver::resume_from`), which recomputes the ends and
//! checks the middle against the rules: all of it where that is cheap,
//! a random sample of heaps otherwise.

use grundy::games::TakeBreak;
use grundy::solve::{read_values, write_values, NimTable, TakeBreakConfig, TakeBreakSolver};
use grundy::{ErrorKind, HeapGame};

fn values_of(game: &TakeBreak, n: u64) -> Vec<u64> {
    let mut s = TakeBreakSolver::new(game.clone());
    s.extend_to(n - 1).unwrap();
    (0..n).map(|h| s.value(h).unwrap().value()).collect()
}

fn table_of(values: &[u64]) -> NimTable {
    let mut t = NimTable::new();
    values.iter().for_each(|&v| t.push(v).unwrap());
    t
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-forged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The attack of issue 34: one middle value changed and the FNV-1a
/// checksum recomputed (here by writing the file anew), so that the file
/// reads back whole. Kayles splits heaps, so the sample is what catches
/// it; a subtraction game (one heap left) is checked in full.
#[test]
fn a_values_file_with_one_forged_middle_value_is_refused() {
    for (code, n) in [("0.77", 200_000u64), ("0.137", 300_000), ("0.33", 100_000)] {
        let game = TakeBreak::octal(code).unwrap();
        let honest = values_of(&game, n);
        let path = temp(&format!("{code}.bin"));
        write_values(&path, &game.spec(), table_of(&honest).view()).unwrap();
        let file = read_values(&path).unwrap();
        let solver =
            TakeBreakSolver::resume_from(game.clone(), TakeBreakConfig::default(), file.table, "f")
                .unwrap();
        let check = solver.table_check().unwrap();
        assert_eq!(check.values, n, "{code}");
        assert!(check.ends + check.sampled >= 128 + 200, "{code}: {check}");
        for at in [n / 2, n / 3, n - 1000] {
            let mut forged = honest.clone();
            forged[at as usize] = if forged[at as usize] == 0 { 1 } else { 0 };
            write_values(&path, &game.spec(), table_of(&forged).view()).unwrap();
            let file = read_values(&path).expect("the checksum was recomputed");
            let e = TakeBreakSolver::resume_from(
                game.clone(),
                TakeBreakConfig::default(),
                file.table,
                "f",
            )
            .expect_err(&format!("{code}: G({at}) forged"));
            assert!(
                matches!(e.kind(), ErrorKind::NotTheSequence { heap, .. } if *heap >= at),
                "{code}: {e}"
            );
        }
    }
}

/// The check says what it did: every value of a game with few options per
/// heap, a sample (with its size) of one whose heaps split.
#[test]
fn a_resumed_table_check_says_whether_it_was_sampled() {
    let sub = TakeBreak::octal("0.33").unwrap();
    let s = TakeBreakSolver::resume(
        sub.clone(),
        TakeBreakConfig::default(),
        table_of(&values_of(&sub, 5000)),
    )
    .unwrap();
    let check = s.table_check().unwrap();
    assert!(check.complete, "{check}");
    assert_eq!(
        check.to_string(),
        "all 5000 values checked against the rules"
    );
    let kayles = TakeBreak::octal("0.77").unwrap();
    let s = TakeBreakSolver::resume(
        kayles.clone(),
        TakeBreakConfig::default(),
        table_of(&values_of(&kayles, 100_000)),
    )
    .unwrap();
    let check = s.table_check().unwrap();
    assert!(!check.complete, "{check}");
    assert!(check.to_string().contains("a random sample of"), "{check}");
    assert!(TakeBreakSolver::new(kayles).table_check().is_none());
}
