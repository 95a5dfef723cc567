//! Take-and-break engine benchmark: each method on the same games, and the
//! certification of 0.16's period (too long a run for the test suite in
//! debug builds). Prints seconds and the checksum (FNV-1a of the values,
//! [`TableView::checksum`](grundy::solve::TableView::checksum)) per line;
//! lines for the same game and size must show the same checksum.
//!
//! `cargo bench -p grundy --bench takebreak`. The comparison with another
//! tool (ogsolve) is `benches/peers.sh`.

use grundy::games::TakeBreak;
use grundy::solve::values_file::read_values;
use grundy::solve::{HeapValues, Method, TakeBreakConfig, TakeBreakSolver};
use std::time::Instant;

fn run(game: &TakeBreak, n: u64, method: Method, simd: bool) -> (f64, u64) {
    let mut s = TakeBreakSolver::with_config(
        game.clone(),
        TakeBreakConfig::default().method(method).simd(simd),
    );
    let t = Instant::now();
    if let Err(e) = s.extend_to(n) {
        eprintln!("{}: {e}", game.code());
    }
    (t.elapsed().as_secs_f64(), s.table().view().checksum())
}

fn main() {
    // `cargo bench --bench takebreak -- CODE N [naive|plain|auto] [THREADS]`: one run.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if let [code, n, rest @ ..] = &args[..] {
        let game =
            TakeBreak::named(code).unwrap_or_else(|| TakeBreak::octal(code).expect("a valid code"));
        let method = match rest.first().map(String::as_str) {
            Some("naive") => Method::Naive,
            Some("plain") => Method::Plain,
            _ => Method::Auto,
        };
        let threads = rest.get(1).and_then(|t| t.parse().ok()).unwrap_or(1);
        let config = TakeBreakConfig::default().method(method).threads(threads);
        // TAKEBREAK_FROM=FILE (a values file of the same game): time only
        // the stretch after it, far into a sequence, without computing the
        // start again. TAKEBREAK_REPEAT=K: the best of K runs.
        let from = std::env::var_os("TAKEBREAK_FROM");
        let repeat: usize = std::env::var("TAKEBREAK_REPEAT")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(1);
        let mut best = f64::INFINITY;
        for _ in 0..repeat.max(1) {
            let mut s = match &from {
                Some(path) => {
                    let file = read_values(std::path::Path::new(path)).expect("a values file");
                    TakeBreakSolver::resume(game.clone(), config.clone(), file.table)
                        .expect("resumes")
                }
                None => TakeBreakSolver::with_config(game.clone(), config.clone()),
            };
            let t = Instant::now();
            s.extend_to(n.parse().expect("a heap size"))
                .expect("computes");
            let secs = t.elapsed().as_secs_f64();
            best = best.min(secs);
            println!(
                "{code} {n} {secs:.3} s checksum {:x} {:?}",
                s.table().view().checksum(),
                s.stats()
            );
        }
        if repeat > 1 {
            println!("{code} {n} best {best:.3} s");
        }
        return;
    }
    println!(
        "{:<12} {:>9} {:<28} {:>9} {:>18}",
        "game", "n", "method", "seconds", "checksum"
    );
    let cases: &[(&str, u64)] = &[
        ("0.6", 1 << 15),
        ("0.16", 1 << 15),
        ("kayles", 1 << 15),
        ("grundy-game", 1 << 14),
    ];
    for &(name, n) in cases {
        let game =
            TakeBreak::named(name).unwrap_or_else(|| TakeBreak::octal(name).expect("a valid code"));
        for (label, method, simd) in [
            ("naive (straightforward loop)", Method::Naive, false),
            ("plain, scalar", Method::Plain, false),
            ("plain, vectorized", Method::Plain, true),
            ("auto (rare/common)", Method::Auto, true),
        ] {
            let (secs, sum) = run(&game, n, method, simd);
            println!("{name:<12} {n:>9} {label:<28} {secs:>9.3} {sum:>18x}");
        }
    }
    let g = TakeBreak::octal("0.16").expect("0.16 is a code");
    let t = Instant::now();
    let mut hv = HeapValues::new(&g);
    match hv.period(2_000_000) {
        Ok(r) => println!(
            "0.16 period: {:?}, certified {}, checked to {} in {:.3} s (checksum of the table {:x})",
            r.periodicity,
            r.certified,
            r.checked_to,
            t.elapsed().as_secs_f64(),
            hv.table().checksum()
        ),
        Err(e) => println!("0.16 period: {e}"),
    }
}
