//! The memory limit of a script's values, and misère play of scripted
//! games against an exhaustive search written here.

use super::*;
use crate::spec::listed::analyze_misere;
use crate::spec::{AnalyzeOptions, AnyGame};
use crate::strategy::Outcome;
use crate::util::TestRng;
use std::collections::HashMap;

fn spec(source: &str) -> ScriptSpec {
    ScriptSpec::new(ScriptGame::from_source("t", source).unwrap())
}

/// The misère outcome through the library's entry point (the SJ theorem
/// when its condition holds, else search).
pub(super) fn misere(s: &mut ScriptSpec, positions: &[String]) -> Outcome {
    analyze_misere(s, positions).unwrap().analysis.outcome
}

#[test]
fn the_array_limit_is_a_memory_budget() {
    assert!(std::mem::size_of::<rhai::Dynamic>() <= 16);
    let limits = ScriptLimits::default();
    assert_eq!(limits.max_array_size * 16, SCRIPT_VALUE_BYTES);
    assert!(limits.max_array_size >= 1_000_000);
}

/// Copies the position (a checked assignment) and shortens it.
const SHORTEN: &str =
    "fn moves(p) { if p.len() == 100000 { let q = p; q.pop(); [q] } else { [] } }";

#[test]
fn a_position_of_100000_elements_works() {
    let mut s = spec(SHORTEN);
    let big = format!("[{}]", vec!["1"; 100_000].join(","));
    let a = s
        .analyze(std::slice::from_ref(&big), &AnalyzeOptions::default())
        .unwrap();
    assert_eq!(a.value.value(), 1);
    // Under the old cap of 30,000 elements the same position was refused.
    let old = ScriptLimits {
        max_array_size: 30_000,
        ..ScriptLimits::default()
    };
    let game = ScriptGame::with_limits("t", SHORTEN, &old).unwrap();
    let e = ScriptSpec::new(game)
        .analyze(&[big], &AnalyzeOptions::default())
        .unwrap_err();
    assert!(e.to_string().contains("30000 elements per array"), "{e}");
    // A script may build such a list too.
    let mut s = spec(
        "fn moves(n) { if n == 0 { return []; } let a = []; a.pad(100000, 0); [a.len() - 100000] }",
    );
    assert_eq!(s.values(0, 1).unwrap()[1].value(), 1);
}

#[test]
fn an_absurd_list_is_refused_naming_the_limit() {
    let mut s = spec("fn moves(n) { let a = []; a.pad(1000000000, 0); [] }");
    let e = s.values(0, 1).unwrap_err().to_string();
    assert!(
        e.contains("8388608 elements per array") && e.contains("128 MiB"),
        "{e}"
    );
}

/// The moves of the test game on one heap: take 1 or 2, or split a heap
/// of at least 3 into two unequal non-empty heaps.
fn heap_moves(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for take in [1, 2] {
        if take <= n {
            out.push(if n == take { vec![] } else { vec![n - take] });
        }
    }
    for a in 1..n {
        let b = n - a;
        if a < b {
            out.push(vec![a, b]);
        }
    }
    out
}

const SPLIT: &str = "fn moves(n) {
    let out = [];
    for take in [1, 2] { if take < n { out.push(n - take) } else if take == n { out.push(sum([])) } }
    for a in 1..n { if a < n - a { out.push(sum(a, n - a)) } }
    out
}";

/// The same game on lists of heaps (one component holds several heaps).
const SPLIT_LISTS: &str = "fn moves(p) {
    let out = [];
    for i in 0..p.len() {
        let n = p[i];
        let rest = p;
        rest.remove(i);
        for take in [1, 2] {
            if take < n { let q = rest; q.push(n - take); q.sort(); out.push(q) }
            else if take == n { out.push(rest) }
        }
        for a in 1..n { if a < n - a { let q = rest; q.push(a); q.push(n - a); q.sort(); out.push(q) } }
    }
    out
}";

/// Misère outcome by the definition: the player who cannot move wins.
fn misere_wins(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any = false;
    let mut wins = false;
    for i in 0..key.len() {
        for o in heap_moves(key[i]) {
            any = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(o);
            if !misere_wins(&next, memo) {
                wins = true;
            }
        }
    }
    let w = !any || wins;
    memo.insert(key, w);
    w
}

/// `rounds` random sums of 1 to 3 heaps of 1 to 7 (the game of
/// [`heap_moves`]), each with its misère outcome by exhaustive search.
pub(super) fn random_sums(seed: u64, rounds: usize) -> Vec<(Vec<u64>, Outcome)> {
    let mut rng = TestRng(seed);
    let mut memo = HashMap::new();
    (0..rounds)
        .map(|_| {
            let k = 1 + rng.below(3) as usize;
            let sum: Vec<u64> = (0..k).map(|_| 1 + rng.below(7)).collect();
            let outcome = if misere_wins(&sum, &mut memo) {
                Outcome::N
            } else {
                Outcome::P
            };
            (sum, outcome)
        })
        .collect()
}

#[test]
fn misere_of_scripts_matches_exhaustive_search() {
    let mut heaps = spec(SPLIT);
    let mut lists = spec(SPLIT_LISTS);
    for (sum, expected) in random_sums(0x5eed_2020, 60) {
        let k = sum.len();
        let as_heaps: Vec<String> = sum.iter().map(u64::to_string).collect();
        assert_eq!(misere(&mut heaps, &as_heaps), expected, "{sum:?}");
        // All heaps in one list component, and split over two.
        let one = format!("[{}]", as_heaps.join(","));
        assert_eq!(misere(&mut lists, &[one]), expected, "{sum:?}");
        let (a, b) = as_heaps.split_at(k / 2);
        let two = vec![format!("[{}]", a.join(",")), format!("[{}]", b.join(","))];
        assert_eq!(misere(&mut lists, &two), expected, "{sum:?}");
    }
}

#[test]
fn misere_winning_moves_leave_misere_p_positions() {
    let mut memo = HashMap::new();
    let mut s = spec(SPLIT);
    for sum in [vec![5u64], vec![3, 4], vec![1, 6, 2], vec![1]] {
        let positions: Vec<String> = sum.iter().map(u64::to_string).collect();
        let a = analyze_misere(&mut s, &positions).unwrap().analysis;
        let winning = a.winning_moves.len();
        assert_eq!(
            a.outcome == Outcome::N,
            winning > 0 || sum.is_empty(),
            "{sum:?}"
        );
        for m in &a.winning_moves {
            let mut rest = sum.clone();
            rest.remove(m.component);
            rest.extend(m.to.iter().map(|t| t.parse::<u64>().unwrap()));
            assert!(!misere_wins(&rest, &mut memo), "{sum:?} -> {rest:?}");
        }
    }
}

/// CPU seconds this thread has run (utime + stime of
/// `/proc/thread-self/stat`, in clock ticks of 10 ms): a shared machine's
/// load changes it far less than the wall time.
#[cfg(target_os = "linux")]
fn thread_cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
    // The fields after the command name (which is in parentheses).
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    ticks as f64 / 100.0
}

/// Regression (issue 33): the default budget of a command's script work
/// was 4·10^9 operations, and `grundy values script:slow.rhai --to 100000`
/// ran 3 min 22 s in silence before it stopped. A runaway script in
/// either language (a loop in `moves`, at every heap) now stops at the
/// default budget within about 30 s of CPU: measured here at a 30th of it,
/// with a margin of two for a slower machine (the checked build's own
/// assertions included).
#[cfg(target_os = "linux")]
#[test]
fn a_runaway_script_spends_the_default_budget_within_about_30_seconds() {
    let rhai = "fn moves(n) { let x = 0; for i in 0..100000 { x += i; } if n >= 1 { [n - 1] } else { [] } }";
    let lua = "function moves(n) local x = 0 for i = 0, 1000000 do x = x + i end if n >= 1 then return {n - 1} end return {} end";
    let part = 30;
    for (name, source) in [("slow.rhai", rhai), ("slow.lua", lua)] {
        let limits = ScriptLimits {
            max_total_operations: SCRIPT_BUDGET / part,
            ..ScriptLimits::default()
        };
        let mut s = ScriptSpec::new(ScriptGame::with_limits(name, source, &limits).unwrap());
        let start = thread_cpu_seconds();
        let e = s.values(0, 100_000).unwrap_err().to_string();
        let spent = thread_cpu_seconds() - start;
        assert!(
            e.contains(&format!(
                "stopped after {} operations",
                SCRIPT_BUDGET / part
            )) && e.contains(BUDGET_VARIABLE),
            "{e}"
        );
        let whole = spent * part as f64;
        assert!(
            whole < 60.0,
            "{name}: the default budget would take {whole:.0} s of CPU"
        );
    }
}
