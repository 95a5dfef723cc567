//! Positions of every shape, parameters, components and canonical forms,
//! and named moves (issue 20), each against a plain computation of the
//! same values.

use super::*;
use crate::error::{Error, Result};
use crate::spec::{AnalyzeOptions, AnyGame, SpecFiles};

pub(super) fn example(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Files from the disk, for these tests (the library itself reads none).
pub(super) struct Disk;

impl SpecFiles for Disk {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        std::fs::read_to_string(path)
            .map_err(|e| Error::invalid_spec(spec, format!("cannot read `{path}`: {e}")))
    }
}

pub(super) fn game(spec: &str) -> Box<dyn AnyGame> {
    crate::spec::parse_with(spec, &Disk).unwrap()
}

pub(super) fn values(g: &mut dyn AnyGame, to: u64) -> Vec<u64> {
    g.values(0, to).unwrap().iter().map(|v| v.value()).collect()
}

pub(super) fn value_of(g: &mut dyn AnyGame, positions: &[&str]) -> u64 {
    let positions: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
    g.analyze(&positions, &AnalyzeOptions::default())
        .unwrap()
        .value
        .expect("a known value")
        .value()
}

#[test]
fn a_parameter_script_equals_the_built_in_game_for_each_k() {
    for k in 1..6 {
        let mut s = game(&format!("script:{}?k={k}", example("take-up-to.rhai")));
        assert!(s.spec().ends_with(&format!("take-up-to.rhai?k={k}")));
        let mut b = game(&format!("bash:{k}"));
        assert_eq!(values(s.as_mut(), 40), values(b.as_mut(), 40), "k = {k}");
    }
}

#[test]
fn a_missing_parameter_is_named_and_an_unknown_one_refused() {
    let mut s = game(&format!("script:{}", example("take-up-to.rhai")));
    let e = s.values(0, 3).unwrap_err().to_string();
    assert!(e.contains("`k`") && e.contains("--param k="), "{e}");
    let e = crate::spec::parse_with(
        &format!("script:{}?k=2,kk=3", example("take-up-to.rhai")),
        &Disk,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("no parameter `kk`"), "{e}");
}

#[test]
fn parameters_of_any_shape_reach_the_script() {
    let source = "fn moves(p) { if p == 0 { [] } else { let o = []; for s in S { if s <= p { o.push(p - s) } } o } }";
    let params = vec![("S".to_string(), ScriptPosition::parse("[1,3,4]").unwrap())];
    let g = ScriptGame::with_params("t", source, &ScriptLimits::default(), &params).unwrap();
    let mut s = ScriptSpec::new(g);
    let mut b = game("sub:1,3,4");
    assert_eq!(values(&mut s, 30), values(b.as_mut(), 30));
}

#[test]
fn positions_of_every_shape_reach_the_script_and_come_back() {
    // Remove one character of a string / one element of an array / one
    // key of a map: each position of size n is a heap of n.
    let source = r#"
        fn moves(p) {
            let out = [];
            if type_of(p) == "string" {
                for i in 0..p.len() { out.push(p.sub_string(0, i) + p.sub_string(i + 1)); }
            } else if type_of(p) == "array" {
                for i in 0..p.len() { let q = p; q.remove(i); out.push(q); }
            } else if type_of(p) == "map" {
                for k in p.keys() { let q = p; q.remove(k); out.push(q); }
            }
            out
        }"#;
    let mut s = ScriptSpec::new(ScriptGame::from_source("t", source).unwrap());
    assert_eq!(value_of(&mut s, &["\"abc\""]), 1);
    assert_eq!(value_of(&mut s, &["[[1],[2,[3]]]"]), 0);
    assert_eq!(value_of(&mut s, &["[]"]), 0);
    assert_eq!(value_of(&mut s, &["[7]"]), 1);
    assert_eq!(value_of(&mut s, &["#{a:1,b:\"x\",c:[]}"]), 1);
    assert_eq!(value_of(&mut s, &["\"ab\"", "[1]"]), 1);
    let empty: [&str; 0] = [];
    assert_eq!(value_of(&mut s, &empty), 0);
    let a = s
        .analyze(&["\"abc\"".to_string()], &AnalyzeOptions::default())
        .unwrap();
    let to: Vec<_> = a.winning_moves.iter().map(|m| m.to.join("+")).collect();
    assert_eq!(to, ["\"bc\"", "\"ac\"", "\"ab\""]);
}

/// The example `file`, and the same script with `components` and
/// `canonical` renamed away (the plain game, solved board by board).
fn with_and_without_regions(file: &str) -> (ScriptSpec, ScriptSpec) {
    let source = std::fs::read_to_string(example(file)).unwrap();
    let plain = source
        .replace("fn components(", "fn unused_components(")
        .replace("fn canonical(", "fn unused_canonical(");
    assert_ne!(plain, source);
    let open = |text: &str| ScriptSpec::new(ScriptGame::from_source(file, text).unwrap());
    (open(&source), open(&plain))
}

/// Every board of `h` rows and `w` columns (each cell empty or filled).
pub(super) fn boards(h: usize, w: usize) -> Vec<String> {
    (0u32..1 << (h * w))
        .map(|bits| {
            let rows: Vec<String> = (0..h)
                .map(|r| {
                    let row: String = (0..w)
                        .map(|c| {
                            if bits >> (r * w + c) & 1 == 1 {
                                '#'
                            } else {
                                '.'
                            }
                        })
                        .collect();
                    format!("\"{row}\"")
                })
                .collect();
            format!("[{}]", rows.join(","))
        })
        .collect()
}

#[test]
fn cram_with_components_and_canonical_equals_the_plain_game_on_every_small_board() {
    let (mut split, mut plain) = with_and_without_regions("cram.rhai");
    for (h, w) in [(1, 5), (2, 3), (3, 3)] {
        for board in boards(h, w) {
            assert_eq!(
                value_of(&mut split, &[&board]),
                value_of(&mut plain, &[&board]),
                "{board}"
            );
        }
    }
    // A row of n empty cells is Dawson's Kayles' heap (0.07).
    let mut dawson = game("0.07");
    let expected = values(dawson.as_mut(), 12);
    for (n, &v) in expected.iter().enumerate() {
        let row = format!("[\"{}\"]", ".".repeat(n));
        assert_eq!(value_of(&mut split, &[&row]), v, "{row}");
    }
}

#[test]
fn kayles_on_a_string_is_kayles_on_its_runs() {
    let (mut split, mut plain) = with_and_without_regions("kayles-row.rhai");
    let mut kayles = game("kayles");
    let k = values(kayles.as_mut(), 12);
    for bits in 0u32..1 << 10 {
        let row: String = (0..10)
            .map(|i| if bits >> i & 1 == 1 { 'I' } else { '.' })
            .collect();
        let expected = row.split('.').fold(0, |acc, run| acc ^ k[run.len()]);
        let text = format!("\"{row}\"");
        assert_eq!(value_of(&mut split, &[&text]), expected, "{row}");
        if bits % 37 == 0 {
            assert_eq!(value_of(&mut plain, &[&text]), expected, "{row}");
        }
    }
}

/// Random rooted trees, as nested arrays.
fn tree(seed: &mut u64, size: usize) -> ScriptPosition {
    let mut nodes: Vec<Vec<usize>> = vec![Vec::new()];
    for i in 1..size {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let parent = (*seed >> 33) as usize % i;
        nodes.push(Vec::new());
        nodes[parent].push(i);
    }
    fn build(nodes: &[Vec<usize>], at: usize) -> ScriptPosition {
        ScriptPosition::Array(nodes[at].iter().map(|&c| build(nodes, c)).collect())
    }
    build(&nodes, 0)
}

/// The colon principle: a tree's value is the XOR of (value + 1) of the
/// subtrees on its root.
fn colon(t: &ScriptPosition) -> u64 {
    match t {
        ScriptPosition::Array(kids) => kids.iter().fold(0, |acc, k| acc ^ (colon(k) + 1)),
        _ => unreachable!("trees are arrays"),
    }
}

#[test]
fn hackenbush_trees_follow_the_colon_principle() {
    let (mut split, mut plain) = with_and_without_regions("hackenbush-tree.rhai");
    let mut seed = 7;
    for size in 1..=9 {
        for _ in 0..8 {
            let t = tree(&mut seed, size);
            let text = t.to_string();
            assert_eq!(value_of(&mut split, &[&text]), colon(&t), "{text}");
            assert_eq!(value_of(&mut plain, &[&text]), colon(&t), "{text}");
        }
    }
}

#[test]
fn named_winning_moves_are_listed_once_with_their_names() {
    let (mut split, _) = with_and_without_regions("kayles-row.rhai");
    let a = split
        .analyze(&["\"III.IIIII\"".to_string()], &AnalyzeOptions::default())
        .unwrap();
    let to: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| format!("{} ({})", m.to.join("+"), m.name.as_deref().unwrap_or("?")))
        .collect();
    assert_eq!(
        to,
        [
            "\"III\"+\"III\" (pins 5-6)",
            "\"III\"+\"I\"+\"II\" (pins 6-7)",
            "\"III\"+\"II\"+\"I\" (pins 7-8)",
            "\"III\"+\"III\" (pins 8-9)"
        ]
    );
    // Knocking the last pin down leaves nothing, printed as nothing.
    let a = split
        .analyze(&["\"I\"".to_string()], &AnalyzeOptions::default())
        .unwrap();
    assert_eq!(a.winning_moves.len(), 1);
    assert!(a.winning_moves[0].to.is_empty());
    assert_eq!(a.winning_moves[0].name.as_deref(), Some("pin 1"));
    // Unnamed moves to the same position are listed once.
    let source = "fn moves(p) { if p.len() > 0 { [[], []] } else { [] } }";
    let mut s = ScriptSpec::new(ScriptGame::from_source("t", source).unwrap());
    let a = s
        .analyze(&["[5]".to_string()], &AnalyzeOptions::default())
        .unwrap();
    assert_eq!(a.winning_moves.len(), 1);
    assert_eq!(a.winning_moves[0].to, ["[]"]);
}

#[test]
fn a_new_kind_of_position_is_read_strictly_even_after_fast_calls() {
    let source = "fn moves(n) { let o = []; for s in [1, 3, 4] { if s <= n { o.push(n - s) } } o }";
    let mut s = ScriptSpec::new(ScriptGame::from_source("t", source).unwrap());
    // Heaps: the first call is strict, the others fast; same values.
    let mut b = game("sub:1,3,4");
    assert_eq!(values(&mut s, 200), values(b.as_mut(), 200));
    // A pair, after all those fast calls on heaps, still fails.
    let e = s
        .analyze(&["3,4".to_string()], &AnalyzeOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot compare"), "{e}");
}

#[test]
fn the_bit_helpers_equal_their_definitions() {
    let mut engine = rhai::Engine::new();
    super::rhai_engine::bit_helpers(&mut engine);
    let eval = |e: &str| engine.eval::<i64>(e).unwrap();
    for m in 0i64..512 {
        assert_eq!(eval(&format!("count_ones({m})")), m.count_ones() as i64);
        let bits: Vec<i64> = (0..10).filter(|b| m >> b & 1 == 1).collect();
        let listed = engine
            .eval::<rhai::Array>(&format!("bits({m})"))
            .unwrap()
            .into_iter()
            .map(|d| d.as_int().unwrap())
            .collect::<Vec<_>>();
        assert_eq!(listed, bits, "bits({m})");
        for b in -2i64..14 {
            let clear = |i: &i64| m >> i & 1 == 0;
            let below = (0..b.clamp(0, 63)).rev().find(clear).unwrap_or(-1);
            let above = (b.max(-1) + 1..63).find(clear).unwrap_or(-1);
            assert_eq!(
                eval(&format!("highest_zero_below({m}, {b})")),
                below,
                "{m} {b}"
            );
            assert_eq!(
                eval(&format!("lowest_zero_above({m}, {b})")),
                above,
                "{m} {b}"
            );
        }
    }
    assert_eq!(eval("count_ones(-1)"), 64);
    assert_eq!(eval("highest_zero_below(0, 100)"), 62);
    assert_eq!(eval("lowest_zero_above(-1, -5)"), -1);
}

#[test]
fn wrong_answers_of_components_and_canonical_are_named() {
    let moves = "fn moves(p) { if p.len() > 0 { [p.extract(1)] } else { [] } }";
    for (extra, expected) in [
        ("fn components(p) { 3 }", "components(1,2) returned a `i64`"),
        (
            "fn components(p) { [-1] }",
            "components(1,2) returned the negative number `-1`",
        ),
        (
            "fn canonical(p) { true }",
            "canonical(1,2) returned a `bool`",
        ),
        ("fn canonical(p) { p.foo() }", "canonical(1,2) failed"),
    ] {
        let source = format!("{moves} {extra}");
        let mut s = ScriptSpec::new(ScriptGame::from_source("t", &source).unwrap());
        let e = s
            .analyze(&["[1,2]".to_string()], &AnalyzeOptions::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains(expected), "{extra}: {e}");
    }
}
