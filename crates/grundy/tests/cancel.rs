//! The cancel hook (`AnyGame::set_cancel`) of the computations that had
//! none: issue 34 found Ctrl-C ignored for over 20 s in Python by the
//! period search, the placement search (`cram`, `node-kayles`) and the
//! memoizing search of `cutting`. Each must stop with
//! `ErrorKind::Cancelled` soon after its hook asks, and a game stopped so
//! must still answer right afterwards.

use grundy::error::ErrorKind;
use grundy::spec::{self, AnalyzeOptions};
use grundy::util::Cancel;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A hook that asks to stop from its `after`-th question on, and the count
/// of questions asked.
fn cancel_after(after: u64) -> (Cancel, Arc<AtomicU64>) {
    let asked = Arc::new(AtomicU64::new(0));
    let seen = asked.clone();
    let cancel = Cancel::new(move || seen.fetch_add(1, Ordering::Relaxed) + 1 >= after);
    (cancel, asked)
}

fn positions(p: &[&str]) -> Vec<String> {
    p.iter().map(|s| s.to_string()).collect()
}

/// `analyze` of `game` at `position` with a hook that stops at once: it
/// must end with `Cancelled` within `within`.
fn analysis_is_cancelled(game: &str, position: &str, within: Duration) {
    let mut g = spec::parse(game).unwrap();
    let (cancel, asked) = cancel_after(1);
    g.set_cancel(cancel);
    let start = Instant::now();
    let e = g
        .analyze(&positions(&[position]), &AnalyzeOptions::default())
        .unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::Cancelled, "{game} {position}: {e}");
    assert!(asked.load(Ordering::Relaxed) >= 1);
    assert!(
        start.elapsed() < within,
        "{game} {position}: {:?}",
        start.elapsed()
    );
}

#[test]
fn a_cram_search_stops_when_its_cancel_hook_asks() {
    analysis_is_cancelled("cram", "6x7", Duration::from_secs(5));
}

#[test]
fn a_node_kayles_search_stops_when_its_cancel_hook_asks() {
    analysis_is_cancelled("node-kayles", "grid:8x9", Duration::from_secs(5));
}

#[test]
fn a_cutting_search_stops_when_its_cancel_hook_asks() {
    // 600x600 is within the search's work limit (16777216,30 is now refused
    // before the search) and takes seconds: the hook stops it at once.
    analysis_is_cancelled("cutting", "600,600", Duration::from_secs(5));
}

#[test]
fn a_period_search_stops_when_its_cancel_hook_asks() {
    let mut g = spec::parse("0.6").unwrap();
    let (cancel, _) = cancel_after(1);
    g.set_cancel(cancel);
    let start = Instant::now();
    let e = g.period_within(100_000_000, None, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::Cancelled);
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_game_stopped_by_its_cancel_hook_answers_right_afterwards() {
    // The memo (cutting) and the placement table (cram) keep only what
    // was finished: the same question asked again without the hook gets
    // a fresh game's answer.
    for (game, position, after) in [("cutting", "200,200", 2), ("cram", "5x7", 2)] {
        let fresh = spec::parse(game)
            .unwrap()
            .analyze(&positions(&[position]), &AnalyzeOptions::default())
            .unwrap();
        let mut g = spec::parse(game).unwrap();
        let (cancel, _) = cancel_after(after);
        g.set_cancel(cancel);
        let stopped = g
            .analyze(&positions(&[position]), &AnalyzeOptions::default())
            .unwrap_err();
        assert_eq!(stopped.kind(), &ErrorKind::Cancelled, "{game} {position}");
        g.set_cancel(Cancel::never());
        let again = g
            .analyze(&positions(&[position]), &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(
            (again.value, again.outcome, again.winning_moves.len()),
            (fresh.value, fresh.outcome, fresh.winning_moves.len()),
            "{game} {position}"
        );
    }
}

#[test]
fn values_of_any_game_are_capped_at_2_pow_28_at_once() {
    // Issue 34: the Python package asked for `nim` to 2^28 + 5 piece by
    // piece and got it; the library's cap is for every game and caller.
    for game in ["nim", "kayles", "sub:1,3,4"] {
        let mut g = spec::parse(game).unwrap();
        let e = g.values(0, (1 << 28) + 5).unwrap_err();
        assert!(e.to_string().contains("at most 2^28"), "{game}: {e}");
        assert!(spec::check_values_count(0, (1 << 28) + 5).is_err());
        assert!(spec::check_values_count(5, (1 << 28) + 4).is_ok());
    }
}
