//! No public library function panics on any input (issue 17, item 6).
//!
//! Every family of [`grundy::spec::FAMILIES`] is driven through each public
//! entry point of the game [`grundy::spec::parse`] returns — `values`,
//! `table`, `period`, `analyze` (normal and misère), `options`,
//! `normalize`, and `play::Match::new` — with no positions, too many, huge
//! ones, and ones that do not parse. Each call must return (`Ok` or `Err`),
//! never panic. Before the fix, `spec::parse("mult:01")` then `analyze(&[])`
//! panicked (index out of bounds in `spec/closed.rs`), and so did Wythoff,
//! Euclid and Moore's Nim; `TakeBreak::lasker_value(u64::MAX)` overflowed.

use grundy::spec::{
    parse, parse_with, AnalyzeOptions, AnyGame, SpecFiles, FAMILIES, MAX_COMPONENTS,
};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// A spec of every family with a small position in its syntax (each
/// family's own example, file families' paths made relative to this crate),
/// and specs that once panicked.
fn examples() -> Vec<(String, String)> {
    let mut all: Vec<(String, String)> = FAMILIES
        .iter()
        // Without the `script` feature the file families refuse every spec.
        .filter(|f| cfg!(feature = "script") || !["script", "toml"].contains(&f.name))
        .map(|f| {
            let (spec, position) = f.example.split_once(' ').expect("`SPEC POSITION`");
            let spec = match spec.split_once(':') {
                Some((_, path)) if path.starts_with("examples/") => {
                    spec.replace(path, &format!("../../{path}"))
                }
                _ => spec.to_string(),
            };
            (spec, position.to_string())
        })
        .collect();
    for (spec, position) in [
        ("sub:pow2", "5"),
        ("sub:fib", "5"),
        ("sub:squares", "5"),
        ("4.3r", "5"),
        ("mult:01", "3"),
        ("fibnim", "10,3"),
    ] {
        all.push((spec.into(), position.into()));
    }
    all
}

const MAX: &str = "18446744073709551615";

/// Positions no game should take on faith.
fn odd_positions() -> Vec<String> {
    let mut v: Vec<String> = [
        "",
        " ",
        "-1",
        "0",
        MAX,
        "99999999999999999999999",
        "1,2,3",
        "0,0",
        ",",
        "x",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    v.push(format!("{MAX},{MAX}"));
    v.push(format!("{MAX},{MAX},{MAX}"));
    v.push(format!("{MAX},0"));
    v
}

/// Calls `f`, turning a panic into a failure message naming `what`.
fn no_panic<T>(failures: &mut Vec<String>, what: String, f: impl FnOnce() -> T) {
    if catch_unwind(AssertUnwindSafe(f)).is_err() {
        failures.push(what);
    }
}

/// The example files from the disk (the library reads none itself).
struct Disk;

impl SpecFiles for Disk {
    fn read(&self, spec: &str, path: &str) -> grundy::Result<String> {
        Ok(std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{spec}: {path}: {e}")))
    }
}

fn drive(spec: &str, small: &str, failures: &mut Vec<String>) {
    let game = || -> Box<dyn AnyGame> {
        parse_with(spec, &Disk).unwrap_or_else(|e| panic!("`{spec}` is an example spec: {e}"))
    };
    let normal = AnalyzeOptions::default();
    let misere = AnalyzeOptions { misere: true };
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();

    // No positions: the empty sum where the game takes it (scripts; in
    // normal play a P-position with no moves), else refused naming the
    // count; more than a sum may have: refused.
    for options in [&normal, &misere] {
        let mut g = game();
        match (g.accepts_empty_sum(), g.analyze(&[], options)) {
            (false, Err(e)) => assert!(e.to_string().contains("0 given"), "{spec}: {e}"),
            (false, Ok(_)) => failures.push(format!("{spec}: analyze of no positions answered")),
            (true, Ok(a)) => {
                let p = a.outcome == grundy::game::Outcome::P;
                if !a.winning_moves.is_empty() || (!options.misere && !p) {
                    failures.push(format!("{spec}: the empty sum is not a terminal position"));
                }
            }
            (true, Err(_)) => {}
        }
        let many = vec![small.to_string(); MAX_COMPONENTS + 1];
        match g.analyze(&many, options) {
            Err(e) => assert!(e.to_string().contains("given"), "{spec}: {e}"),
            Ok(_) => failures.push(format!("{spec}: analyze of too many positions answered")),
        }
    }
    // Odd positions, alone, in a small sum, and in misère play (one game
    // for all: what one request leaves behind must not upset the next).
    let mut g = game();
    for p in odd_positions() {
        for options in [&normal, &misere] {
            no_panic(
                failures,
                format!("{spec}: analyze [{p:?}] {options:?}"),
                || g.analyze(std::slice::from_ref(&p), options),
            );
            no_panic(
                failures,
                format!("{spec}: analyze [{p:?}, {small}]"),
                || g.analyze(&[p.clone(), small.to_string()], options),
            );
        }
        no_panic(failures, format!("{spec}: options {p:?}"), || g.options(&p));
        no_panic(failures, format!("{spec}: normalize {p:?}"), || {
            g.normalize(&p)
        });
        no_panic(failures, format!("{spec}: play {p:?}"), || {
            grundy::play::Match::new(game(), std::slice::from_ref(&p)).map(|_| ())
        });
    }
    no_panic(failures, format!("{spec}: play of no positions"), || {
        grundy::play::Match::new(game(), &[]).map(|_| ())
    });
    // A sum of many small positions.
    let mut g = game();
    no_panic(failures, format!("{spec}: analyze 100 positions"), || {
        g.analyze(&vec![small.to_string(); 100], &normal)
    });
    no_panic(
        failures,
        format!("{spec}: analyze misère 20 positions"),
        || g.analyze(&strings(&[small; 20]), &misere),
    );
    // Ranges: empty, reversed, huge, at the end of u64.
    let max = u64::MAX;
    let mut g = game();
    for (from, to) in [
        (0, 0),
        (0, 20),
        (5, 3),
        (0, max),
        (max - 3, max),
        (max, max),
        (1 << 40, (1 << 40) + 3),
    ] {
        no_panic(failures, format!("{spec}: values {from}..={to}"), || {
            g.values(from, to)
        });
        no_panic(failures, format!("{spec}: table {from}..={to}"), || {
            g.table(from, to)
        });
    }
    for limit in [0, 1, 2, 100] {
        let mut g = game();
        no_panic(failures, format!("{spec}: period {limit}"), || {
            g.period(limit)
        });
    }
    let mut g = game();
    no_panic(failures, format!("{spec}: period_within"), || {
        g.period_within(
            max,
            Some(std::time::Duration::from_millis(200)),
            &mut |_| {},
        )
    });
}

#[test]
fn no_public_entry_point_panics_on_any_family() {
    let mut failures = Vec::new();
    for (spec, small) in examples() {
        drive(&spec, &small, &mut failures);
    }
    assert!(failures.is_empty(), "panics:\n{}", failures.join("\n"));
}

/// The reproduction, as it was reported.
#[test]
fn a_multiplication_game_with_no_positions_is_refused_not_a_panic() {
    let mut g = parse("mult:01").unwrap();
    let e = g.analyze(&[], &AnalyzeOptions::default()).unwrap_err();
    assert!(
        matches!(e.kind(), grundy::ErrorKind::NoPositions { given: 0, .. }),
        "{e}"
    );
}

#[test]
fn lasker_value_of_the_largest_heap_does_not_overflow() {
    use grundy::games::TakeBreak;
    assert_eq!(TakeBreak::lasker_value(u64::MAX), None);
    assert_eq!(TakeBreak::lasker_value(u64::MAX - 1), Some(u64::MAX - 1));
    assert_eq!(TakeBreak::lasker_value(7), Some(8));
}
