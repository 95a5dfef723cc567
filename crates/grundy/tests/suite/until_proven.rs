//! Computing until the period is proven (issue 33, item 9): no limit to
//! guess. `period .1777 --limit 400000000` found no period and `.1077`
//! only an observed one, because their Guy–Smith bounds lie further; the
//! run chooses how far to compute from the candidate it observes, and
//! stops at the proof, the deadline or the memory budget, saying which.

use grundy::games::TakeBreak;
use grundy::solve::{extend_until_proven, ProofStop, TakeBreakConfig, TakeBreakSolver};
use grundy::ErrorKind;
use std::time::{Duration, Instant};

fn solver(code: &str, max_bytes: u64) -> TakeBreakSolver {
    let game = TakeBreak::named(code).unwrap_or_else(|| TakeBreak::octal(code).unwrap());
    TakeBreakSolver::with_config(game, TakeBreakConfig::default().max_bytes(max_bytes))
}

/// Dawson's Kayles (period 34 from 53) and 0.16 (period 149459 from
/// 105351, whose proof needs 2·105351 + 2·149459 + 2 values) are proven
/// with no limit given, without computing far beyond the bound.
#[test]
fn a_period_is_proven_without_a_limit_given() {
    for (code, n0, p) in [("0.07", 53u64, 34u64), ("0.16", 105_351, 149_459)] {
        let mut s = solver(code, 1 << 30);
        let mut calls = 0;
        let run = extend_until_proven(&mut s, None, &mut |_, _| {
            calls += 1;
            Ok(())
        })
        .unwrap();
        let ProofStop::Proven(found) = run.stop else {
            panic!("{code}: {run:?}");
        };
        assert_eq!((found.preperiod, found.period), (n0, p), "{code}");
        let bound = 2 * n0 + 2 * p + 2;
        assert!(s.len() >= bound, "{code}: {}", s.len());
        assert!(s.len() < 2 * bound.max(1 << 16), "{code}: {}", s.len());
        assert!(calls > 0);
    }
}

/// A run whose next stage does not fit in memory computes as far as
/// memory allows, then stops naming the values it wanted and the bytes
/// they need, instead of failing or computing past the budget. (Kayles is
/// proven at heap 167, 2·71 + 12 + 2 + 12 − 1; with room for 150 values
/// no period is observed yet: an observed period needs four times
/// `n0 + p` values, see `observed_enough`.)
#[test]
fn a_run_beyond_memory_stops_within_it_naming_what_it_needs() {
    let probe = solver("kayles", 0);
    let allowed = match probe.check_memory(149).unwrap_err().kind() {
        ErrorKind::OutOfMemory { needed, .. } => *needed,
        other => panic!("{other:?}"),
    };
    let mut s = solver("kayles", allowed);
    let run = extend_until_proven(&mut s, None, &mut |_, _| Ok(())).unwrap();
    match run.stop {
        ProofStop::Memory {
            to,
            needed,
            available,
        } => {
            assert_eq!(available, allowed);
            assert!(to >= 167, "{to}");
            assert!(needed > available);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(run.candidate, None);
    assert!(s.len() <= 150);
}

#[test]
fn a_run_stops_at_its_deadline() {
    // Treblecross (0.007) has no known period.
    let mut s = solver("0.007", 1 << 30);
    let start = Instant::now();
    let deadline = Some(start + Duration::from_millis(200));
    let run = extend_until_proven(&mut s, deadline, &mut |_, _| Ok(())).unwrap();
    assert_eq!(run.stop, ProofStop::Time);
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_game_no_theorem_covers_is_refused_at_once() {
    let mut s = solver("0.3r", 1 << 30);
    let e = extend_until_proven(&mut s, None, &mut |_, _| Ok(())).unwrap_err();
    assert!(e.to_string().contains("no theorem"), "{e}");
    assert_eq!(s.len(), 0);
}

#[test]
fn available_memory_is_read_on_linux() {
    if cfg!(target_os = "linux") {
        assert!(grundy::solve::available_memory().is_some_and(|b| b > 0));
    }
}
