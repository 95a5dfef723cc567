//! Errors that point at what the user meant (issue 35, item 5: a newcomer's
//! first hour met errors that misled).

use std::process::Command;

/// `grundy analyze ARGS...`: fails, and its stderr.
fn refused(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("analyze")
        .args(args)
        .output()
        .unwrap();
    assert!(!out.status.success(), "{args:?} succeeded");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn two_numbers_for_wythoff_are_hinted_as_one_pair() {
    let e = refused(&["wythoff", "3", "5"]);
    assert!(e.contains("did you mean `3,5`?"), "{e}");
    assert!(!e.contains("nim-values"), "{e}");
}

#[test]
fn a_grid_written_right_but_too_large_names_the_cell_limit() {
    let e = refused(&["node-kayles", "grid:20x20"]);
    assert!(e.contains("more than 128 cells"), "{e}");
    assert!(!e.contains("write a grid as"), "{e}");
    // A malformed size still gets the syntax.
    let e = refused(&["node-kayles", "grid:3x"]);
    assert!(e.contains("write a grid as `grid:MxN`"), "{e}");
}

#[test]
fn a_board_size_with_a_number_missing_is_named_as_a_size() {
    for size in ["5x", "x5"] {
        let e = refused(&["cram", size]);
        assert!(e.contains("is not a board size"), "{e}");
        assert!(!e.contains("is not a cell"), "{e}");
    }
}

#[test]
fn heaps_written_as_one_list_are_hinted_as_separate_arguments() {
    let e = refused(&["nim", "3,4,5"]);
    assert!(e.contains("separate arguments: `3 4 5`"), "{e}");
    // Not a list of numbers: the plain error.
    let e = refused(&["nim", "3,x"]);
    assert!(e.contains("is not a non-negative integer"), "{e}");
}
