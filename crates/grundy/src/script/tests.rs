//! Scripted games against Rust implementations of the same rules, the
//! example scripts of `examples/games/`, and the sandbox's limits.

use super::*;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{Game, HeapGame};
use crate::games::Subtraction;
use crate::solve::DenseSolver;
use crate::spec::{AnalyzeOptions, AnyGame};
use proptest::prelude::*;
use std::fmt;
use std::time::{Duration, Instant};

fn example(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Files from the disk, for these tests (the library itself reads none).
struct Disk;

impl crate::spec::SpecFiles for Disk {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        std::fs::read_to_string(path)
            .map_err(|e| Error::invalid_spec(spec, format!("cannot read `{path}`: {e}")))
    }
}

/// The example `file` as a game (a script or a TOML file).
fn open_game(spec: &str, file: &str) -> Box<dyn AnyGame> {
    crate::spec::parse_with(&format!("{spec}:{}", example(file)), &Disk).unwrap()
}

fn open(file: &str) -> ScriptSpec {
    let path = example(file);
    let source = std::fs::read_to_string(&path).unwrap();
    ScriptSpec::new(ScriptGame::from_source(&path, &source).unwrap())
}

fn values(game: &mut dyn AnyGame, to: u64) -> Vec<u64> {
    game.values(0, to)
        .unwrap()
        .iter()
        .map(|v| v.value())
        .collect()
}

fn dense<G: HeapGame>(game: G, to: u64) -> Vec<u64> {
    DenseSolver::new(game)
        .extend_to(to)
        .unwrap()
        .iter()
        .map(|v| v.value())
        .collect()
}

fn script(source: &str) -> ScriptSpec {
    ScriptSpec::new(ScriptGame::from_source("test.rhai", source).unwrap())
}

fn script_error_of(r: Result<impl fmt::Debug>) -> String {
    match r {
        Err(e) => match e.kind() {
            ErrorKind::Script { reason, .. } => reason.clone(),
            k => panic!("not a script error: {k:?}"),
        },
        Ok(v) => panic!("expected a script error, got {v:?}"),
    }
}

#[test]
fn subtract_134_script_equals_the_built_in_game() {
    let mut s = open("subtract-134.rhai");
    let built_in = dense(Subtraction::finite(&[1, 3, 4]).unwrap(), 500);
    assert_eq!(values(&mut s, 500), built_in);
    assert_eq!(&built_in[..9], [0, 1, 0, 1, 2, 3, 2, 0, 1]);
    // The same winning moves as the built-in game.
    let pos: Vec<String> = ["9", "5", "6"].map(String::from).to_vec();
    let a = s.analyze(&pos, &AnalyzeOptions::default()).unwrap();
    let b = crate::spec::parse("sub:1,3,4")
        .unwrap()
        .analyze(&pos, &AnalyzeOptions::default())
        .unwrap();
    assert_eq!(a, b);
}

/// Take a divisor `d < n` of `n`, written out in Rust.
struct Divisor;
impl Game for Divisor {
    type Position = u64;
    fn options(&self, n: &u64, f: &mut dyn FnMut(&[u64])) {
        for d in 1..*n {
            if n.is_multiple_of(d) {
                f(&[n - d]);
            }
        }
    }
}
impl HeapGame for Divisor {
    fn spec(&self) -> String {
        "divisor".into()
    }
}

#[test]
fn take_a_divisor_script_equals_the_rust_rules() {
    let mut s = open("take-a-divisor.rhai");
    let v = values(&mut s, 300);
    assert_eq!(v, dense(Divisor, 300));
    // The divisor game: the player to move wins iff n is even.
    for (n, g) in v.iter().enumerate().skip(1) {
        assert_eq!(*g != 0, n % 2 == 0, "n = {n}");
    }
}

/// Wythoff's P-positions `(a_k, a_k + k)`, `a_k` the least number not used
/// before (the mex construction; no floating point).
fn wythoff_p_positions(limit: u64) -> Vec<(u64, u64)> {
    let mut used = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut k = 0;
    let mut a = 0;
    loop {
        while used.contains(&a) {
            a += 1;
        }
        let b = a + k;
        if a > limit {
            return out;
        }
        used.insert(a);
        used.insert(b);
        out.push((a, b));
        k += 1;
    }
}

#[test]
fn the_two_heap_script_has_exactly_wythoff_s_p_positions() {
    let mut s = open("wythoff.rhai");
    let p = wythoff_p_positions(20);
    for a in 0..=20u64 {
        for b in 0..=20u64 {
            let pos = vec![format!("{a},{b}")];
            let r = s.analyze(&pos, &AnalyzeOptions::default()).unwrap();
            let expected = p.contains(&(a.min(b), a.max(b)));
            assert_eq!(r.value.is_some_and(|v| v.is_zero()), expected, "({a},{b})");
        }
    }
    // Every listed winning move leads to a P-position.
    let pos = vec!["6,9".to_string(), "2,2".to_string()];
    let r = s.analyze(&pos, &AnalyzeOptions::default()).unwrap();
    assert!(!r.winning_moves.is_empty());
    // Its values are the table of pairs, not a sequence of heaps: refused,
    // naming pairs (issue 37; it once failed through `moves(0)`).
    let e = s.values(0, 3).unwrap_err().to_string();
    assert!(e.contains("pairs `A,B`"), "{e}");
}

#[test]
fn the_splitting_script_is_grundy_s_game() {
    // Grundy's game, G(0..=20) (OEIS A002188).
    let known = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0,
    ];
    let mut s = open("grundy-game.rhai");
    assert_eq!(values(&mut s, 20), known);
    // A split shows both heaps.
    let r = s
        .analyze(&["7".to_string()], &AnalyzeOptions::default())
        .unwrap();
    assert!(r.winning_moves.iter().all(|m| m.to.len() == 2), "{r:?}");
}

#[test]
fn an_endless_loop_stops_within_the_operation_limit() {
    let start = Instant::now();
    let mut s = script("fn moves(n) { let x = 0; loop { x += 1; } }");
    let e = script_error_of(s.values(0, 5));
    assert!(
        e.contains("Too many operations") && e.contains("5000000"),
        "{e}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    // A smaller limit stops sooner, and the error is kept: the game answers
    // nothing else afterwards.
    let limits = ScriptLimits {
        max_operations: 1000,
        ..ScriptLimits::default()
    };
    let game = ScriptGame::with_limits("t", "fn moves(n) { while true {} }", &limits).unwrap();
    let mut s = ScriptSpec::new(game);
    assert!(script_error_of(s.values(0, 1)).contains("1000"));
    assert!(script_error_of(s.values(0, 0)).contains("Too many operations"));
}

#[test]
fn a_loop_at_the_top_level_stops_at_load() {
    let e = ScriptGame::from_source("t", "fn moves(n) { [] } loop {}").unwrap_err();
    assert!(e.to_string().contains("Too many operations"), "{e}");
}

#[test]
fn runaway_recursion_and_memory_are_stopped() {
    let mut s = script("fn f(x) { f(x + 1) } fn moves(n) { f(0) }");
    assert!(script_error_of(s.values(0, 1)).contains("nested deeper"));
    let limits = ScriptLimits {
        max_array_size: 1000,
        ..ScriptLimits::default()
    };
    let game = ScriptGame::with_limits(
        "t",
        "fn moves(n) { let a = []; loop { a.push(1); } }",
        &limits,
    )
    .unwrap();
    let e = script_error_of(ScriptSpec::new(game).values(0, 1));
    assert!(e.to_lowercase().contains("array"), "{e}");
    let mut s = script("fn moves(n) { let t = \"x\"; loop { t += t; } }");
    let e = script_error_of(s.values(0, 1));
    assert!(e.to_lowercase().contains("string"), "{e}");
}

#[test]
fn the_sandbox_has_no_modules_and_no_eval() {
    let e = ScriptGame::from_source("t", "import \"x\" as x; fn moves(n) { [] }").unwrap_err();
    assert!(e.to_string().contains("does not compile"), "{e}");
    let e = ScriptGame::from_source("t", "fn moves(n) { eval(\"1\") }").unwrap_err();
    assert!(e.to_string().contains("does not compile"), "{e}");
    // print and debug are accepted and go nowhere.
    let mut s = script("fn moves(n) { print(n); debug(n); if n > 0 { [n - 1] } else { [] } }");
    assert_eq!(values(&mut s, 3), [0, 1, 0, 1]);
}

#[test]
fn wrong_answers_from_a_script_are_named() {
    let e = ScriptGame::from_source("t", "fn options(n) { [] }").unwrap_err();
    assert!(e.to_string().contains("moves(p)"), "{e}");
    let e = ScriptGame::from_source("t", "fn moves(n) { [ }").unwrap_err();
    assert!(e.to_string().contains("does not compile"), "{e}");
    for (source, expected) in [
        ("fn moves(n) { \"none\" }", "must return an array"),
        ("fn moves(n) { [-1] }", "negative number `-1`"),
        ("fn moves(n) { [\"a\"] }", "which is not a heap"),
        ("fn moves(n) { [sum(sum(1, 0), 0)] }", "inside a `sum`"),
        ("fn moves(n) { [n] }", "must shrink"),
        (
            "fn moves(n) { undefined_function(n) }",
            "undefined_function",
        ),
    ] {
        let r = script(source).values(0, 3);
        let text = r.unwrap_err().to_string();
        assert!(text.contains(expected), "{source}: {text}");
    }
}

#[test]
fn a_cycle_in_a_general_game_is_an_error_naming_a_position() {
    let mut s = script("fn moves(p) { [[p[1], p[0]]] }");
    let e = s
        .analyze(&["1,2".to_string()], &AnalyzeOptions::default())
        .unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{e}");
}

#[test]
fn positions_are_checked() {
    let mut s = open("subtract-134.rhai");
    for bad in ["x", "-1", "1,,2", "9223372036854775808"] {
        let e = s
            .analyze(&[bad.to_string()], &AnalyzeOptions::default())
            .unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::InvalidPosition { .. }),
            "{bad}: {e}"
        );
    }
    assert_eq!(s.normalize(" 007 ").unwrap(), "7");
    assert_eq!(s.normalize("3, 05").unwrap(), "3,5");
    assert_eq!(s.options("5").unwrap(), [["4"], ["2"], ["1"]]);
}

#[test]
fn a_game_file_builds_the_game_it_names() {
    let mut g = open_game("toml", "take-half.toml");
    assert_eq!(g.spec(), "take:1..n/2");
    assert_eq!(&values(g.as_mut(), 8), &[0, 0, 1, 0, 2, 1, 3, 0, 4]);
    let mut g = open_game("toml", "subtract-134.toml");
    assert_eq!(g.spec(), "sub:1,3,4");
    assert!(g.period(1000).unwrap().certified);
    let e = crate::spec::parse_with("toml:nowhere.toml", &Disk)
        .err()
        .unwrap();
    assert!(e.to_string().contains("cannot read `nowhere.toml`"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A script of any finite subtraction set equals the built-in game.
    #[test]
    fn scripted_subtraction_sets_equal_the_built_in_ones(
        set in proptest::collection::btree_set(1u64..12, 1..5)
    ) {
        let list: Vec<String> = set.iter().map(u64::to_string).collect();
        let source = format!(
            "fn moves(n) {{ [{}].filter(|s| s <= n).map(|s| n - s) }}",
            list.join(", ")
        );
        let mut s = script(&source);
        let set: Vec<u64> = set.into_iter().collect();
        prop_assert_eq!(values(&mut s, 120), dense(Subtraction::finite(&set).unwrap(), 120));
    }
}

fn analyze_error(s: &mut ScriptSpec, positions: &[&str]) -> String {
    let pos: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
    script_error_of(s.analyze(&pos, &AnalyzeOptions::default()))
}

#[test]
fn a_pair_given_to_a_heap_script_is_an_error_not_a_position_without_moves() {
    // `take <= n` with n = [3, 4] was `false`: no moves, "value 0, P".
    let mut s = open("subtract-134.rhai");
    let e = analyze_error(&mut s, &["3,4"]);
    assert!(e.contains("moves(3,4) failed"), "{e}");
    assert!(e.contains("cannot compare a number with an array"), "{e}");
    assert!(e.contains("look like heaps, one number `N`"), "{e}");
    // The game answers nothing after the error, not even for heaps.
    let e = analyze_error(&mut s, &["5"]);
    assert!(e.contains("moves(3,4)"), "{e}");
}

#[test]
fn a_heap_given_to_a_pair_script_says_the_script_expects_pairs() {
    let mut s = open("wythoff.rhai");
    let e = analyze_error(&mut s, &["5"]);
    assert!(e.starts_with("moves(5) failed"), "{e}");
    assert!(
        e.contains("this script's positions look like pairs `A,B`"),
        "{e}"
    );
    // A pair works in a fresh game.
    let mut s = open("wythoff.rhai");
    let pos = vec!["3,5".to_string()];
    assert!(s
        .analyze(&pos, &AnalyzeOptions::default())
        .unwrap()
        .value
        .is_some_and(|v| v.is_zero()));
}

#[test]
fn a_script_without_examples_read_with_the_wrong_kind_says_what_it_was_given() {
    let mut s = script(
        "fn moves(p) { let a = p[0]; let out = []; for k in 1..=a { out.push([a - k]); } out }",
    );
    let e = analyze_error(&mut s, &["5"]);
    assert!(e.contains("moves(5) failed"), "{e}");
    assert!(e.contains("`5` is a heap (one number)"), "{e}");
}

#[test]
fn comparisons_of_different_kinds_are_errors_not_false() {
    for (source, words) in [
        ("[1] < 2", "an array with a number"),
        ("2 >= [1]", "a number with an array"),
        ("1 == [1]", "a number with an array"),
        ("[1] != 1", "an array with a number"),
        ("true < 1", "a boolean with a number"),
        ("1 == \"1\"", "a number with a string"),
        ("[1] == true", "an array with a boolean"),
    ] {
        let mut s = script(&format!(
            "fn moves(n) {{ if {source} {{ [] }} else {{ [] }} }}"
        ));
        let e = script_error_of(s.values(0, 1));
        assert!(
            e.contains(&format!("cannot compare {words}")),
            "{source}: {e}"
        );
    }
    // Comparisons of one kind work as before.
    let mut s = script(
        "fn moves(n) { if [1, 2] == [1, 2] && \"a\" < \"b\" && n >= 1 && true != false { [n - 1] } else { [] } }",
    );
    assert_eq!(values(&mut s, 3), [0, 1, 0, 1]);
}

#[test]
fn a_budget_of_operations_covers_the_whole_command() {
    // About 800 operations per call: far below the limit of one call,
    // but 2,000 calls pass a budget of 200,000 for all of them.
    let source =
        "fn moves(n) { let x = 0; for i in 0..200 { x += i; } if n > 0 { [n - 1] } else { [] } }";
    let limits = ScriptLimits {
        max_total_operations: 200_000,
        ..ScriptLimits::default()
    };
    let mut s = ScriptSpec::new(ScriptGame::with_limits("t", source, &limits).unwrap());
    assert_eq!(values(&mut s, 5), [0, 1, 0, 1, 0, 1]);
    // Each call's operations are counted once (Rhai counts from 0 in each
    // call): six calls and the top level, not a running total of totals.
    let spent = s.game.inner.budget.spent.get();
    assert!((3_000..20_000).contains(&spent), "{spent}");
    let e = script_error_of(s.values(0, 2000));
    assert!(e.contains("stopped after 200000 operations"), "{e}");
    assert!(e.contains("GRUNDY_SCRIPT_BUDGET"), "{e}");
    // The default stops a runaway within about 30 s (issue 33).
    assert_eq!(ScriptLimits::default().max_total_operations, SCRIPT_BUDGET);
}

#[test]
fn files_named_in_specs_come_from_the_caller_with_its_limits() {
    /// One script, whatever the path, under a small budget.
    struct Given;
    impl crate::spec::SpecFiles for Given {
        fn read(&self, _: &str, path: &str) -> Result<String> {
            match path {
                "games/g.toml" => Ok("script = \"g.rhai\"".into()),
                "games/g.rhai" => Ok(
                    "fn moves(n) { let x = 0; for i in 0..200 { x += i; } if n > 0 { [n - 1] } else { [] } }"
                        .into(),
                ),
                _ => Err(Error::invalid_spec(path, "no such file here")),
            }
        }
        fn script_limits(&self) -> Result<ScriptLimits> {
            Ok(ScriptLimits {
                max_total_operations: 200_000,
                ..ScriptLimits::default()
            })
        }
    }
    // The TOML file's script is read through the same caller, relative
    // to the TOML file's folder.
    let mut g = crate::spec::parse_with("toml:games/g.toml", &Given).unwrap();
    assert_eq!(g.spec(), "script:games/g.rhai");
    assert_eq!(values(g.as_mut(), 3), [0, 1, 0, 1]);
    let e = script_error_of(g.values(0, 2000));
    assert!(e.contains("stopped after 200000 operations"), "{e}");
}

#[test]
fn a_move_given_as_parts_in_rhai_has_the_value_of_its_parts_listed() {
    let listed = script(
        "fn moves(x) {
            let out = [];
            if x < 2 { return out; }
            for m in 2..=x {
                let heaps = [];
                for i in 0..m { heaps.push(x / m + if i < x % m { 1 } else { 0 }); }
                out.push(sum(heaps));
            }
            out
        }",
    );
    let parted = script(
        "fn moves(x) {
            let out = [];
            if x < 2 { return out; }
            for m in 2..=x {
                let q = x / m;
                let r = x % m;
                out.push(#{parts: [[q + 1, r], [q, m - r]]});
            }
            out
        }",
    );
    let (mut listed, mut parted) = (listed, parted);
    let want: Vec<u64> = listed
        .values(0, 50)
        .unwrap()
        .iter()
        .map(|v| v.value())
        .collect();
    let got: Vec<u64> = parted
        .values(0, 50)
        .unwrap()
        .iter()
        .map(|v| v.value())
        .collect();
    assert_eq!(got, want);
    let m = parted.game.named_moves(&ScriptPosition::Int(8)).unwrap();
    // 8 into 3 parts: 3, 3 and 2; the pair of 3s cancels.
    assert_eq!(m[1].name.as_deref(), Some("2*3+2"));
    assert_eq!(m[1].to, [ScriptPosition::Int(2)]);
}

#[test]
fn a_negative_count_of_a_part_in_rhai_is_an_error_naming_it() {
    let mut s = script("fn moves(n) { [#{parts: [[1, -3]], name: \"x\"}] }");
    let e = s.values(0, 2).unwrap_err().to_string();
    assert!(e.contains("the count `-3`"), "{e}");
    // This build of Rhai has no floats: a count that is not an integer
    // is a string here.
    let mut s = script("fn moves(n) { [#{parts: [[1, \"two\"]]}] }");
    let e = s.values(0, 2).unwrap_err().to_string();
    assert!(e.contains("pair [position, count]"), "{e}");
    let mut s = script("fn moves(n) { [#{parts: [[1, 2, 3]]}] }");
    let e = s.values(0, 2).unwrap_err().to_string();
    assert!(e.contains("an array of 3 items"), "{e}");
}

#[test]
fn a_long_search_of_a_script_reports_its_progress() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    // Pairs: the memo search of `analyze` (not a heap table) lists the
    // moves of every pair below (40, 40).
    let mut s = script(
        "fn moves(p) {
            let out = [];
            if p[0] > 0 { out.push([p[0] - 1, p[1]]); }
            if p[1] > 0 { out.push([p[0], p[1] - 1]); }
            out
        }",
    );
    let seen = Arc::new(AtomicU64::new(0));
    let counter = seen.clone();
    s.set_progress(Arc::new(move |n| {
        counter.fetch_add(n, Ordering::Relaxed);
    }));
    s.analyze(&["40,40".to_string()], &AnalyzeOptions::default())
        .unwrap();
    let reported = seen.load(Ordering::Relaxed);
    assert!(reported >= moves::REPORT_EVERY, "{reported}");
    assert_eq!(reported % moves::REPORT_EVERY, 0);
    assert!(reported <= 41 * 41 * 2, "{reported}");
}
