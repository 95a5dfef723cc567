//! Foundation benchmark: the dense solver and the generic memoizing solver
//! against the seed document's C++ table method (`get_sg`), in one run.
//!
//! `cargo bench -p grundy --bench solvers` (or `benches/foundation.sh`).
//! Compiles `benches/baseline/get_sg.cpp` with `g++ -O2`, then times, best
//! of several runs:
//! - the dense solver on `sub:1,3,4` for n = 10^7, against `get_sg` for 10^7;
//! - the memoizing solver on `sub:1,3,4` with 10^6 + 1 positions (a chain as
//!   deep as the game), against `get_sg` for 10^6.
//!
//! Every line prints the checksum (FNV-1a of the values as little-endian u64)
//! next to the time; the C++ and Rust checksums must be equal.

use grundy::games::Subtraction;
use grundy::solve::{DenseSolver, MemoSolver};
use grundy::Nimber;
use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{best_of, fnv};

fn baseline(bin: &PathBuf, n: u64, runs: usize) -> Option<(f64, u64)> {
    let mut best: Option<(f64, u64)> = None;
    for _ in 0..runs {
        let out = Command::new(bin).arg(n.to_string()).output().ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        let mut it = text.split_whitespace();
        let secs: f64 = it.next()?.parse().ok()?;
        let sum = u64::from_str_radix(it.next()?, 16).ok()?;
        if best.is_none_or(|(b, _)| secs < b) {
            best = Some((secs, sum));
        }
    }
    best
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let src = root.join("benches/baseline/get_sg.cpp");
    let bin = std::env::temp_dir().join("grundy-bench-get_sg");
    let compiled = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(&src)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !compiled {
        eprintln!("g++ is not available: running without the C++ baseline");
    }
    let game = Subtraction::finite(&[1, 3, 4]).expect("a valid set");
    println!("{:<44} {:>10} {:>18}", "benchmark", "seconds", "checksum");

    let n_dense = 10_000_000u64;
    let (t_dense, solver) = best_of(5, || {
        let mut s = DenseSolver::new(&game);
        s.extend_to(n_dense).expect("fits");
        s
    });
    let sum_dense = fnv(solver.values().iter().map(|v| v.value()));
    println!(
        "{:<44} {:>10.4} {:>18x}",
        "grundy DenseSolver sub:1,3,4 n=10^7", t_dense, sum_dense
    );
    let cpp_dense = if compiled {
        baseline(&bin, n_dense, 5)
    } else {
        None
    };
    if let Some((t, sum)) = cpp_dense {
        println!(
            "{:<44} {:>10.4} {:>18x}",
            "seed get_sg (g++ -O2) n=10^7", t, sum
        );
        println!(
            "  ratio grundy/get_sg = {:.2} (goal <= 1.0); checksums {}",
            t_dense / t,
            agree(sum, sum_dense)
        );
    }

    // The same at n = 10^6, where the table (8 MB for grundy's u64 values,
    // 4 MB for the C++ ints) stays closer to the caches.
    let n_small = 1_000_000u64;
    let (t_small, solver) = best_of(5, || {
        let mut s = DenseSolver::new(&game);
        s.extend_to(n_small).expect("fits");
        s
    });
    let sum_small = fnv(solver.values().iter().map(|v| v.value()));
    println!(
        "{:<44} {:>10.4} {:>18x}",
        "grundy DenseSolver sub:1,3,4 n=10^6", t_small, sum_small
    );

    let n_memo = 1_000_000u64;
    let (t_memo, s) = best_of(3, || {
        let mut s = MemoSolver::new(&game);
        s.nim_value(&n_memo).expect("finite game");
        s
    });
    let sum_memo =
        fnv((0..=n_memo).map(|h| s.known_value(&h).unwrap_or(Nimber::new(u64::MAX)).value()));
    println!(
        "{:<44} {:>10.4} {:>18x}",
        "grundy MemoSolver sub:1,3,4 10^6 positions", t_memo, sum_memo
    );
    let cpp_memo = if compiled {
        baseline(&bin, n_memo, 5)
    } else {
        None
    };
    if let Some((t, sum)) = cpp_memo {
        println!(
            "{:<44} {:>10.4} {:>18x}",
            "seed get_sg (g++ -O2) n=10^6", t, sum
        );
        println!(
            "  ratio grundy/get_sg = {:.2} (goal <= 5.0); checksums {}",
            t_memo / t,
            agree(sum, sum_memo)
        );
    }
}

fn agree(a: u64, b: u64) -> &'static str {
    if a == b {
        "agree"
    } else {
        "DIFFER"
    }
}
