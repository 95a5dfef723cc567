//! Foundation benchmark: the dense solver and the generic memoizing solver
//! against the seed document's C++ table method (`get_sg`), in one run.
//!
//! `cargo bench -p grundy --bench solvers` (or `benches/foundation.sh`,
//! `benches/generic.sh`). Compiles `benches/baseline/get_sg.cpp` and
//! `benches/baseline/wythoff_sg.cpp` with `g++ -O2`, then times, best of
//! several rounds (in each round every contender runs once, in turn, so that
//! a shared machine's drift falls on all alike):
//! - the dense solver on `sub:1,3,4` for n = 10^7 (a `u8` table, and the
//!   default `Nimber` table), against `get_sg` for 10^7;
//! - the memoizing solver on `sub:1,3,4` with 10^6 + 1 positions (a chain as
//!   deep as the game), against `get_sg` for 10^6;
//! - the memoizing solver on Wythoff's game, the table `G(a, b)` for
//!   `a, b ≤ 300` in row-major order (what `grundy values wythoff --to 300`
//!   computes), against the seed's table method on the same game.
//!
//! Every line prints the checksum (FNV-1a of the values as little-endian u64)
//! next to the time; the C++ and Rust checksums must be equal.

use grundy::games::wythoff::Wythoff;
use grundy::games::Subtraction;
use grundy::solve::{DenseConfig, DenseSolver, MemoSolver};
use grundy::Nimber;
use std::path::PathBuf;
use std::process::Command;

mod common;
use common::{best_of, fnv};

fn baseline(bin: &PathBuf, args: &[u64], runs: usize) -> Option<(f64, u64)> {
    let mut best: Option<(f64, u64)> = None;
    for _ in 0..runs {
        let out = Command::new(bin)
            .args(args.iter().map(u64::to_string))
            .output()
            .ok()?;
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

/// Compiles `benches/baseline/NAME.cpp` with `g++ -O2`; the binary's path.
fn compile(name: &str) -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let src = root.join(format!("benches/baseline/{name}.cpp"));
    let bin = std::env::temp_dir().join(format!("grundy-bench-{name}"));
    let compiled = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&bin)
        .arg(&src)
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !compiled {
        eprintln!("g++ is not available: running without the C++ baseline {name}");
    }
    compiled.then_some(bin)
}

fn main() {
    // `cargo bench -p grundy --bench solvers -- NAME`: only the groups whose
    // name (`dense`, `chain`, `wythoff`) contains NAME (all without one).
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let run = |group: &str| filter.is_empty() || filter.iter().any(|f| group.contains(f.as_str()));
    let get_sg = compile("get_sg");
    let wythoff_sg = compile("wythoff_sg");
    let game = Subtraction::finite(&[1, 3, 4]).expect("a valid set");
    println!("{:<44} {:>10} {:>18}", "benchmark", "seconds", "checksum");

    if run("dense") {
        dense_10e7(&game, &get_sg);
    }
    if run("chain") {
        chain_10e6(&game, &get_sg);
    }
    if run("wythoff") {
        wythoff_300(&wythoff_sg);
    }
}

/// The dense solver on `sub:1,3,4` to 10^7 (a `u8` table and the default
/// `Nimber` table) against `get_sg` 10^7.
fn dense_10e7(game: &Subtraction, get_sg: &Option<PathBuf>) {
    let n_dense = 10_000_000u64;
    let (mut sum_narrow, mut sum_dense, mut cpp_dense) = (0, 0, None);
    let t = rounds(
        5,
        &mut [
            &mut || {
                let (t, s) = best_of(1, || {
                    let mut s = DenseSolver::<_, u8>::with_width(game, DenseConfig::default());
                    s.extend_to(n_dense).expect("fits");
                    s
                });
                sum_narrow = fnv(s.values().iter().map(|&v| u64::from(v)));
                t
            },
            &mut || {
                let (t, s) = best_of(1, || {
                    let mut s = DenseSolver::new(game);
                    s.extend_to(n_dense).expect("fits");
                    s
                });
                sum_dense = fnv(s.values().iter().map(|v| v.value()));
                t
            },
            &mut || cpp_time(get_sg, &[n_dense], &mut cpp_dense),
        ],
    );
    let (t_narrow, t_dense) = (t[0], t[1]);
    println!(
        "{:<44} {:>10.4} {:>18x}",
        "grundy DenseSolver<u8> sub:1,3,4 n=10^7", t_narrow, sum_narrow
    );
    println!(
        "{:<44} {:>10.4} {:>18x}",
        "grundy DenseSolver sub:1,3,4 n=10^7", t_dense, sum_dense
    );
    if let Some(sum) = cpp_dense {
        println!(
            "{:<44} {:>10.4} {:>18x}",
            "seed get_sg (g++ -O2) n=10^7", t[2], sum
        );
        println!(
            "  ratio grundy u8 table/get_sg = {:.2} (goal <= 1.0), Nimber table/get_sg = {:.2}; checksums {}",
            t_narrow / t[2],
            t_dense / t[2],
            agree3(sum, sum_dense, sum_narrow)
        );
    }
}

/// The dense solver on `sub:1,3,4` at n = 10^6, where the table (8 MB for
/// grundy's u64 values, 4 MB for the C++ ints) stays closer to the caches,
/// and the memoizing solver from the top of that chain of 10^6 positions,
/// against `get_sg` 10^6.
fn chain_10e6(game: &Subtraction, get_sg: &Option<PathBuf>) {
    let n_small = 1_000_000u64;
    let (mut sum_small, mut sum_memo, mut cpp_memo) = (0, 0, None);
    let t = rounds(
        5,
        &mut [
            &mut || {
                let (t, s) = best_of(1, || {
                    let mut s = DenseSolver::new(game);
                    s.extend_to(n_small).expect("fits");
                    s
                });
                sum_small = fnv(s.values().iter().map(|v| v.value()));
                t
            },
            &mut || {
                let (t, s) = best_of(1, || {
                    let mut s = MemoSolver::new(game);
                    s.nim_value(&n_small).expect("finite game");
                    s
                });
                sum_memo = fnv((0..=n_small)
                    .map(|h| s.cached_value(&h).unwrap_or(Nimber::new(u64::MAX)).value()));
                t
            },
            &mut || cpp_time(get_sg, &[n_small], &mut cpp_memo),
        ],
    );
    println!(
        "{:<44} {:>10.4} {:>18x}",
        "grundy DenseSolver sub:1,3,4 n=10^6", t[0], sum_small
    );
    println!(
        "{:<44} {:>10.4} {:>18x}",
        "grundy MemoSolver sub:1,3,4 10^6 positions", t[1], sum_memo
    );
    if let Some(sum) = cpp_memo {
        println!(
            "{:<44} {:>10.4} {:>18x}",
            "seed get_sg (g++ -O2) n=10^6", t[2], sum
        );
        println!(
            "  ratio grundy/get_sg = {:.2} (goal <= 3.0); checksums {}",
            t[1] / t[2],
            agree(sum, sum_memo)
        );
    }
}

/// The memoizing solver on the Wythoff table to 300 against the seed's
/// table method on Wythoff.
fn wythoff_300(wythoff_sg: &Option<PathBuf>) {
    let to = 300u64;
    let (mut sum_wy, mut cpp_wy) = (0, None);
    let t = rounds(
        3,
        &mut [
            &mut || {
                let (t, table) = best_of(1, || {
                    let mut s = MemoSolver::new(Wythoff);
                    let mut table = Vec::with_capacity(((to + 1) * (to + 1)) as usize);
                    for a in 0..=to {
                        for b in 0..=to {
                            table.push(s.nim_value(&(a, b)).expect("finite game").value());
                        }
                    }
                    table
                });
                sum_wy = fnv(table.into_iter());
                t
            },
            &mut || cpp_time(wythoff_sg, &[to], &mut cpp_wy),
        ],
    );
    println!(
        "{:<44} {:>10.4} {:>18x}",
        "grundy MemoSolver wythoff table to 300", t[0], sum_wy
    );
    if let Some(sum) = cpp_wy {
        println!(
            "{:<44} {:>10.4} {:>18x}",
            "seed table method (g++ -O2) wythoff to 300", t[1], sum
        );
        println!(
            "  ratio grundy/C++ = {:.2} (goal <= 3.0); checksums {}",
            t[0] / t[1],
            agree(sum, sum_wy)
        );
    }
}

/// The best time of each job, the jobs taking turns round by round so that
/// a shared machine's drift falls on all of them alike.
fn rounds(n: usize, jobs: &mut [&mut dyn FnMut() -> f64]) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; jobs.len()];
    for _ in 0..n {
        for (b, job) in best.iter_mut().zip(jobs.iter_mut()) {
            *b = b.min(job());
        }
    }
    best
}

/// One run of the C++ baseline `bin` (if compiled): its time, its checksum
/// into `sum`; infinity without a baseline.
fn cpp_time(bin: &Option<PathBuf>, args: &[u64], sum: &mut Option<u64>) -> f64 {
    match bin.as_ref().and_then(|b| baseline(b, args, 1)) {
        Some((t, s)) => {
            *sum = Some(s);
            t
        }
        None => f64::INFINITY,
    }
}

fn agree3(a: u64, b: u64, c: u64) -> &'static str {
    agree(a, if b == c { b } else { !a })
}

fn agree(a: u64, b: u64) -> &'static str {
    if a == b {
        "agree"
    } else {
        "DIFFER"
    }
}
