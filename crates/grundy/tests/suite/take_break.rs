//! Take-and-break games against published data and against independent
//! computations.
//!
//! - Published sequences and periods (`tests/data/sequences`, provenance in
//!   `tests/data/README.md`) against the engine.
//! - Random codes: every engine method equals the generic solvers and the
//!   plain definition written out below (a third, separate implementation).
//! - Periods found are minimal, and their certificate window really holds.
//! - Lasker's Nim closed form equals the solver for every heap ≤ 10^4.

use grundy::analysis::{PeriodTheorem, Periodicity};
use grundy::games::TakeBreak;
use grundy::solve::{
    DenseSolver, HeapValues, MemoSolver, Method, TakeBreakConfig, TakeBreakSolver,
};
use grundy::HeapGame;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn data(name: &str) -> String {
    let path = format!(
        "{}/../../tests/data/sequences/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// Data lines without comments.
fn lines(name: &str) -> Vec<String> {
    data(name)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

fn numbers(name: &str) -> Vec<u64> {
    lines(name)
        .iter()
        .flat_map(|l| {
            l.split_whitespace()
                .map(|x| x.parse::<u64>().unwrap())
                .collect::<Vec<_>>()
        })
        .collect()
}

fn engine_values(game: TakeBreak, n: u64) -> Vec<u64> {
    let mut s = TakeBreakSolver::new(game);
    s.extend_to(n).unwrap();
    (0..=n).map(|h| s.value(h).unwrap().value()).collect()
}

fn game(spec: &str) -> TakeBreak {
    TakeBreak::named(spec).unwrap_or_else(|| TakeBreak::octal(spec).unwrap())
}

#[test]
fn published_sequences_match() {
    for (file, spec) in [
        ("kayles.txt", "kayles"),
        ("dawson_chess.txt", "dawson-chess"),
        ("grundy_game.txt", "grundy-game"),
    ] {
        let published = numbers(file);
        let computed = engine_values(game(spec), published.len() as u64 - 1);
        assert_eq!(computed, published, "{spec} against {file}");
    }
    // Dawson's Kayles is Dawson's chess shifted by one heap.
    let chess = numbers("dawson_chess.txt");
    let kayles = engine_values(game("dawson"), chess.len() as u64);
    assert_eq!(&kayles[1..], &chess[..]);
}

#[test]
fn grundy_game_p_positions_match() {
    let published = numbers("grundy_game_p_positions.txt");
    let v = engine_values(TakeBreak::grundy_game(), 1222);
    let zeros: Vec<u64> = (0..=1222).filter(|&n| v[n as usize] == 0).collect();
    assert_eq!(zeros, published);
}

#[test]
fn published_periods_are_found_minimal_and_certified() {
    for line in lines("periods.txt") {
        let f: Vec<&str> = line.split_whitespace().collect();
        let g = game(f[0]);
        let expect = Periodicity {
            preperiod: f[1].parse().unwrap(),
            period: f[2].parse().unwrap(),
            saltus: f[3].parse().unwrap(),
        };
        let report = HeapValues::new(&g).period(2_000_000).unwrap();
        assert_eq!(report.periodicity, Some(expect), "{line}");
        assert!(report.certified, "{line}: {}", report.proof);
    }
}

#[test]
fn published_exceptions_match() {
    for line in lines("exceptions.txt") {
        let (head, heaps) = line.split_once(':').unwrap();
        let f: Vec<&str> = head.split_whitespace().collect();
        let period: usize = f[1].parse().unwrap();
        let v = engine_values(game(f[0]), 3000);
        let base = 2000; // well inside the periodic part
        let exceptions: Vec<u64> = (0..1000)
            .filter(|&n| v[n] != v[base + (n + period * base - base) % period])
            .map(|n| n as u64)
            .collect();
        let published: Vec<u64> = heaps
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(exceptions, published, "{line}");
    }
    // The last period of Kayles, as published: 4 1 2 8 1 4 7 2 1 8 2 7 from n ≡ 0 (mod 12).
    let v = engine_values(game("kayles"), 1200);
    assert_eq!(&v[1188..1200], &[4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7]);
}

#[test]
fn lasker_closed_form_equals_the_solver_to_ten_thousand() {
    let g = game("lasker");
    assert_eq!(g.code(), "4.3r");
    let v = engine_values(g.clone(), 10_000);
    for (n, &x) in v.iter().enumerate() {
        assert_eq!(Some(x), TakeBreak::lasker_value(n as u64), "heap {n}");
    }
    // And the generic dense solver agrees on a prefix (it is O(n^2) here).
    let dense = DenseSolver::new(&g).extend_to(600).unwrap().to_vec();
    assert!(dense.iter().enumerate().all(|(n, x)| x.value() == v[n]));
}

#[test]
fn grundy_game_engine_equals_the_generic_solver_to_ten_thousand() {
    // Not independent data: the same rules through the generic solver.
    let g = TakeBreak::grundy_game();
    let dense: Vec<u64> = DenseSolver::new(&g)
        .extend_to(10_000)
        .unwrap()
        .iter()
        .map(|x| x.value())
        .collect();
    assert_eq!(engine_values(g, 10_000), dense);
    for name in ["treblecross", "guiles", "double-kayles", "dawson"] {
        let g = game(name);
        let dense: Vec<u64> = DenseSolver::new(&g)
            .extend_to(3000)
            .unwrap()
            .iter()
            .map(|x| x.value())
            .collect();
        assert_eq!(engine_values(g, 3000), dense, "{name}");
    }
}

/// The plain definition, straight from the digit semantics (not through
/// `Game::options`): G(h) = mex of the values of every move.
fn definition(digits: &[u8], repeating: bool, unequal: bool, n: usize) -> Vec<u64> {
    let digit = |k: usize| -> u8 {
        match digits.get(k) {
            Some(&d) => d,
            None if repeating => *digits.last().unwrap(),
            None => 0,
        }
    };
    let mut g: Vec<u64> = Vec::new();
    for h in 0..=n {
        let mut set = BTreeSet::new();
        for k in 0..=h {
            let (d, m) = (digit(k), h - k);
            if d & 1 != 0 && m == 0 {
                set.insert(0);
            }
            if d & 2 != 0 && m > 0 && k > 0 {
                set.insert(g[m]);
            }
            for a in 1..m {
                let b = m - a;
                if d & 4 != 0 && a <= b && !(unequal && a == b) {
                    set.insert(g[a] ^ g[b]);
                }
                for c in 1..m {
                    if d & 8 != 0 && a <= c && m > a + c && c <= m - a - c {
                        set.insert(g[a] ^ g[c] ^ g[m - a - c]);
                    }
                }
            }
        }
        g.push((0..).find(|v| !set.contains(v)).unwrap());
    }
    g
}

fn code_text(digits: &[u8], repeating: bool, hex: bool) -> String {
    let radix = if hex { 16 } else { 8 };
    let mut s: String = std::char::from_digit(u32::from(digits[0]), radix)
        .unwrap()
        .into();
    s.push('.');
    s.extend(
        digits[1..]
            .iter()
            .map(|&d| std::char::from_digit(u32::from(d), radix).unwrap()),
    );
    if repeating {
        s.push('r');
    }
    s
}

fn all_methods(g: &TakeBreak, n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for method in [Method::Naive, Method::Plain, Method::Auto] {
        for simd in [false, true] {
            let mut s = TakeBreakSolver::with_config(
                g.clone(),
                TakeBreakConfig::default().method(method).simd(simd),
            );
            s.extend_to(n).unwrap();
            out.push((0..=n).map(|h| s.value(h).unwrap().value()).collect());
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random octal and hexadecimal codes: engine (every method) = generic
    /// dense solver = memoizing solver = the plain definition.
    #[test]
    fn engine_equals_generic_solvers_and_definition(
        d0 in prop::sample::select(vec![0u8, 4, 8, 12]),
        rest in prop::collection::vec(0u8..16, 1..5),
        repeating in any::<bool>(),
        hex in any::<bool>(),
    ) {
        let mut digits = vec![if hex { d0 } else { d0 & 4 }];
        digits.extend(rest.iter().map(|&d| if hex { d } else { d & 7 }));
        let text = code_text(&digits, repeating, hex);
        let parsed = if hex { TakeBreak::hexadecimal(&text) } else { TakeBreak::octal(&text) };
        prop_assume!(parsed.is_ok()); // codes with no move at all are rejected
        let g = parsed.unwrap();
        let three = digits.iter().any(|d| d & 8 != 0);
        let n = match (repeating, three) {
            (false, false) => 300,
            (true, false) | (false, true) => 60,
            (true, true) => 30,
        };
        let expect = definition(&digits, repeating, false, n);
        let dense: Vec<u64> = DenseSolver::new(&g).extend_to(n as u64).unwrap().iter().map(|x| x.value()).collect();
        prop_assert_eq!(&dense, &expect, "dense {}", text);
        let mut memo = MemoSolver::new(&g);
        let memo: Vec<u64> = (0..=n as u64).map(|h| memo.nim_value(&h).unwrap().value()).collect();
        prop_assert_eq!(&memo, &expect, "memo {}", text);
        for v in all_methods(&g, n as u64) {
            prop_assert_eq!(&v, &expect, "engine {}", text);
        }
    }

    /// Periods of random finite octal codes: the certificate window holds,
    /// no smaller period fits, the preperiod cannot be lowered.
    #[test]
    fn periods_are_minimal_and_certificates_hold(
        digits in prop::collection::vec(0u8..8, 1..4),
    ) {
        let mut all = vec![0u8];
        all.extend(digits);
        let text = code_text(&all, false, false);
        prop_assume!(TakeBreak::octal(&text).is_ok());
        let g = TakeBreak::octal(&text).unwrap();
        let report = HeapValues::new(&g).period(1 << 13).unwrap();
        let Some(p) = report.periodicity else { return Ok(()); };
        let len = report.checked_to as usize + 1;
        let v = engine_values(g.clone(), len as u64 - 1);
        let (n0, per) = (p.preperiod as usize, p.period as usize);
        if report.certified {
            let k = g.max_removal().unwrap();
            let end = match g.period_theorem() {
                PeriodTheorem::GuySmith { k } => 2 * n0 + per + k as usize,
                PeriodTheorem::Window { k } => n0 + k as usize,
                other => panic!("unexpected theorem {other:?} for {text}"),
            };
            prop_assert!(end + per <= len, "{}: window beyond the values", text);
            for i in n0..end {
                prop_assert_eq!(v[i + per], v[i], "{} at {} (k = {})", text, i, k);
            }
        }
        for i in n0..len - per {
            prop_assert_eq!(v[i + per], v[i]);
        }
        if n0 > 0 {
            prop_assert_ne!(v[n0 - 1 + per], v[n0 - 1], "{}: preperiod not minimal", text);
        }
        for q in 1..per {
            prop_assert!((n0..len - q).any(|i| v[i + q] != v[i]), "{}: period {} fits", text, q);
        }
    }
}

/// A table built from `values`.
fn table_of(values: &[u64]) -> grundy::solve::NimTable {
    let mut t = grundy::solve::NimTable::new();
    for &v in values {
        t.push(v).expect("room for a small table");
    }
    t
}

/// The first `n` values of `game`.
fn first_values(game: &TakeBreak, n: u64) -> Vec<u64> {
    let mut s = TakeBreakSolver::new(game.clone());
    s.extend_to(n - 1).unwrap();
    (0..n).map(|h| s.value(h).unwrap().value()).collect()
}

/// Values no heap can have (2^64 − 1, 2^40) are refused before the engine
/// sizes anything by them (once: `capacity overflow`, or an abort
/// allocating 8796093022216 bytes in the bound's growth).
#[test]
fn a_resumed_table_with_absurd_values_is_refused() {
    let game = TakeBreak::octal("0.6").unwrap();
    let mut values = first_values(&game, 1000);
    for absurd in [u64::MAX, 1 << 40] {
        for at in [1, 500, 999] {
            let saved = values[at];
            values[at] = absurd;
            let e = TakeBreakSolver::resume_from(
                game.clone(),
                TakeBreakConfig::default(),
                table_of(&values),
                "f.bin",
            )
            .unwrap_err();
            values[at] = saved;
            let text = e.to_string();
            assert!(
                matches!(e.kind(), grundy::ErrorKind::BadFile { .. })
                    && text.contains(&format!("G({at}) = {absurd}")),
                "{text}"
            );
        }
    }
    // Grundy's game splits without removing: a looser bound, still no 2^40.
    let grundy_game = TakeBreak::named("grundy-game").unwrap();
    let mut values = first_values(&grundy_game, 300);
    values[200] = 1 << 40;
    assert!(
        TakeBreakSolver::resume(grundy_game, TakeBreakConfig::default(), table_of(&values))
            .is_err()
    );
}

/// A value within the bound but too large for the engine's tables in the
/// memory allowed is refused as memory, not attempted.
#[test]
fn a_resumed_table_whose_values_do_not_fit_the_budget_is_refused() {
    let game = TakeBreak::octal("0.6").unwrap();
    let mut values = first_values(&game, 2000);
    values[1999] = 1999;
    let config = TakeBreakConfig::default().max_bytes(4000);
    let e = TakeBreakSolver::resume(game, config, table_of(&values)).unwrap_err();
    assert!(
        matches!(e.kind(), grundy::ErrorKind::OutOfMemory { .. }),
        "{e}"
    );
}

/// Another game's values (0.7's for 0.6) or one edited value near either
/// end are not this game's sequence: refused naming the first wrong heap.
#[test]
fn a_resumed_table_of_another_sequence_is_refused() {
    let six = TakeBreak::octal("0.6").unwrap();
    let seven = TakeBreak::octal("0.7").unwrap();
    let theirs = first_values(&seven, 500);
    let e = TakeBreakSolver::resume_from(
        six.clone(),
        TakeBreakConfig::default(),
        table_of(&theirs),
        "f.bin",
    )
    .unwrap_err();
    assert!(
        matches!(e.kind(), grundy::ErrorKind::NotTheSequence { .. }),
        "{e}"
    );
    let ours = first_values(&six, 500);
    for at in [3, 450, 499] {
        let mut edited = ours.clone();
        edited[at] ^= 1;
        let e = TakeBreakSolver::resume(six.clone(), TakeBreakConfig::default(), table_of(&edited))
            .unwrap_err();
        match e.kind() {
            grundy::ErrorKind::NotTheSequence {
                heap,
                stored,
                computed,
                ..
            } => {
                assert_eq!(
                    (*heap, *stored, *computed),
                    (at as u64, edited[at], ours[at])
                );
            }
            other => panic!("{other:?}"),
        }
    }
    // The real sequence resumes and continues like an uninterrupted run.
    let mut s =
        TakeBreakSolver::resume(six.clone(), TakeBreakConfig::default(), table_of(&ours)).unwrap();
    s.extend_to(799).unwrap();
    let all: Vec<u64> = (0..800).map(|h| s.value(h).unwrap().value()).collect();
    assert_eq!(all, first_values(&six, 800));
}
