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
    assert_eq!(a.value.map(|v| v.value()), Some(1));
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

/// Limits of a fraction of a second for the attacks below (the defaults
/// otherwise).
/// Operation budgets are raised far above what 0.3 s of Lua runs (a sort
/// with a Lua comparator is millions of instructions), so that only the
/// clock can stop the script: on a quiet machine the default budget of
/// one call was reached first, and the test named the wrong limit.
fn short(call_ms: u64, total_ms: u64) -> ScriptLimits {
    ScriptLimits {
        max_call_time: std::time::Duration::from_millis(call_ms),
        max_total_time: std::time::Duration::from_millis(total_ms),
        max_operations: 1 << 40,
        max_total_operations: 1 << 40,
        ..ScriptLimits::default()
    }
}

/// Runs the script `name` (its top level, then `values` of heaps 0 to 3)
/// and drops it: the error, and the seconds all of it took.
fn attack(name: &str, source: &str, limits: &ScriptLimits) -> (String, f64) {
    let start = std::time::Instant::now();
    let e = match ScriptGame::with_limits(name, source, limits) {
        Err(e) => e.to_string(),
        Ok(game) => ScriptSpec::new(game)
            .values(0, 3)
            .map(|v| format!("no error: {v:?}"))
            .unwrap_or_else(|e| e.to_string()),
    };
    (e, start.elapsed().as_secs_f64())
}

/// Asserts that `source` is stopped by the time limit of one call
/// (0.3 s here), naming it, within 3 s: the clock is read between
/// operations, so one native operation (a sort of millions of elements)
/// runs to its end, and the test profile on a loaded 2-core machine is
/// several times slower than a release build.
fn stopped_by_the_call_time(name: &str, source: &str) {
    let (e, took) = attack(name, source, &short(300, 60_000));
    assert!(
        e.contains("time limit of 0.3 s per call") && e.contains(CALL_TIME_VARIABLE),
        "{name}: {e}"
    );
    assert!(took < 3.0, "{name}: stopped after {took:.1} s");
}

/// Regression (issue 34): Lua runs a finalizer with its hooks off, so a
/// loop in one (at a collection, or when the state was closed at the end
/// of the command) hung the command with no limit. A metatable with
/// `__gc` is refused; one that gains `__gc` later marks nothing (Lua's
/// rule), so dropping the game returns.
#[test]
fn a_lua_finalizer_loop_is_stopped() {
    let looping = "setmetatable({}, {__gc = function() while true do end end})";
    for source in [
        format!("{looping}\nfunction moves(n) return {{}} end"),
        format!("function moves(n) {looping} return {{}} end"),
    ] {
        let (e, took) = attack("gc.lua", &source, &short(300, 60_000));
        assert!(e.contains("`__gc`") && e.contains("not allowed"), "{e}");
        assert!(took < 1.0, "took {took:.1} s");
    }
    let later = "local mt = {}\nlocal t = setmetatable({}, mt)\n\
                 mt.__gc = function() while true do end end\n\
                 function moves(n) if n > 0 then return {n - 1} end return {} end";
    let (e, took) = attack("gc.lua", later, &short(300, 60_000));
    assert!(e.starts_with("no error"), "{e}");
    assert!(took < 1.0, "took {took:.1} s");
}

/// Regression (issue 34): Lua's pattern matcher backtracks inside one C
/// call, where no hook runs: this search ran for ever.
#[test]
fn lua_pattern_backtracking_is_stopped() {
    let source = r#"function moves(n)
        string.find(string.rep("a", 5000), string.rep("a*", 30) .. "b")
        return {}
    end"#;
    let (e, took) = attack("find.lua", source, &ScriptLimits::default());
    assert!(
        e.contains("string.find: the pattern") && e.contains("10^9 steps"),
        "{e}"
    );
    assert!(took < 1.0, "took {took:.1} s");
    // The same through the method syntax, `match`, `gmatch` and `gsub`.
    for call in [
        r#"s:find(p)"#,
        r#"s:match(p)"#,
        r#"for x in s:gmatch(p) do end"#,
        r#"s:gsub(p, "")"#,
    ] {
        let source = format!(
            "function moves(n) local s, p = string.rep('a', 5000), string.rep('a*', 30) .. 'b' \
             {call} return {{}} end"
        );
        let (e, took) = attack("find.lua", &source, &ScriptLimits::default());
        assert!(e.contains("10^9 steps"), "{call}: {e}");
        assert!(took < 1.0, "{call}: took {took:.1} s");
    }
    // Patterns of honest scripts pass: a board, a number, a plain search.
    let honest = r#"function moves(n)
        local board = string.rep("X.", 50)
        local a, b = ("12,34"):match("^(%d+),(%d+)$")
        local _, holes = board:gsub("%.", "")
        local at = board:find("X.X", 1, true)
        if n > 0 and a == "12" and holes == 50 and at == 1 then return {n - 1} end
        return {}
    end"#;
    let (e, _) = attack("honest.lua", honest, &ScriptLimits::default());
    assert!(e.starts_with("no error"), "{e}");
}

/// Regression (issue 34): `gsub` on a 10 MB string runs inside one C
/// call, and a loop of them ran for ever (a few instructions per call,
/// so the instruction count never reached its limit).
#[test]
fn lua_gsub_on_a_large_string_is_stopped() {
    stopped_by_the_call_time(
        "gsub.lua",
        r#"function moves(n)
            local s = string.rep("ab", 5000000)
            while true do s = s:gsub("a", "a") end
        end"#,
    );
}

/// Regression (issue 34): `table.sort` of 400,000 items in a loop ran for
/// ever (the sort is one C call).
#[test]
fn lua_table_sort_in_a_loop_is_stopped() {
    stopped_by_the_call_time(
        "sort.lua",
        r#"function moves(n)
            local t = {}
            for i = 1, 400000 do t[i] = (i * 7919) % 400000 end
            while true do table.sort(t); table.sort(t, function(a, b) return a > b end) end
        end"#,
    );
}

/// A loop of concatenations of a 10 MB string (one instruction each, but
/// milliseconds) is stopped by the clock too.
#[test]
fn a_lua_concatenation_loop_is_stopped() {
    stopped_by_the_call_time(
        "concat.lua",
        r#"function moves(n)
            local s = string.rep("a", 10000000)
            while true do local t = s .. s end
        end"#,
    );
}

/// Regression (issue 34): Rhai counts an operation per statement, not per
/// element, so `reverse`, `sort` or `contains` on an array of 8 million
/// elements in a loop ran for ever; the clock stops them.
#[test]
fn a_rhai_loop_over_a_padded_array_is_stopped() {
    for body in ["a.reverse();", "a.sort();", "a.contains(1);"] {
        stopped_by_the_call_time(
            "pad.rhai",
            &format!("fn moves(n) {{ let a = []; a.pad(2000000, 0); loop {{ {body} }} }}"),
        );
    }
}

/// Regression (issue 34): `t = [t]` copies all of `t`, so 100,000 of them
/// took time quadratic in their number; the clock stops them.
#[test]
fn a_rhai_array_nested_in_itself_is_stopped() {
    stopped_by_the_call_time(
        "nest.rhai",
        "fn moves(n) { let t = []; for i in 0..100000 { t = [t]; } [] }",
    );
}

/// A script that stays under the limits of each call is stopped by the
/// time limit of the command (the default, 25 s, stops a runaway script
/// within about 30 s, whatever each call does): measured with limits of
/// 1 s per call and 1.5 s in all, each call taking a tenth of a second or
/// so.
#[test]
fn a_script_under_the_call_limits_is_stopped_by_the_time_of_the_command() {
    let rhai = "fn moves(n) { let x = 0; for i in 0..100000 { x += i; } if n >= 1 { [n - 1] } else { [] } }";
    let lua = "function moves(n) local x = 0 for i = 0, 1000000 do x = x + i end \
               if n >= 1 then return {n - 1} end return {} end";
    for (name, source) in [("slow.rhai", rhai), ("slow.lua", lua)] {
        let limits = short(1000, 1500);
        let mut s = ScriptSpec::new(ScriptGame::with_limits(name, source, &limits).unwrap());
        let start = std::time::Instant::now();
        let e = s.values(0, 1_000_000).unwrap_err().to_string();
        let took = start.elapsed().as_secs_f64();
        assert!(
            e.contains("time limit of 1.5 s for all its calls") && e.contains(TIME_VARIABLE),
            "{name}: {e}"
        );
        assert!(
            (1.5..2.5).contains(&took),
            "{name}: stopped after {took:.1} s"
        );
    }
    assert_eq!(ScriptLimits::default().max_total_time.as_secs(), 25);
    assert!(ScriptLimits::default().max_call_time < ScriptLimits::default().max_total_time);
}
