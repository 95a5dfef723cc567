//! Positions of every shape, parameters, components and canonical forms,
//! and named moves (issue 20), each against a plain computation of the
//! same values.

use super::*;
use crate::error::{Error, Result};
use crate::spec::{AnalyzeOptions, AnyGame, SpecFiles};

fn example(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Files from the disk, for these tests (the library itself reads none).
struct Disk;

impl SpecFiles for Disk {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        std::fs::read_to_string(path)
            .map_err(|e| Error::invalid_spec(spec, format!("cannot read `{path}`: {e}")))
    }
}

fn game(spec: &str) -> Box<dyn AnyGame> {
    crate::spec::parse_with(spec, &Disk).unwrap()
}

fn values(g: &mut dyn AnyGame, to: u64) -> Vec<u64> {
    g.values(0, to).unwrap().iter().map(|v| v.value()).collect()
}

fn value_of(g: &mut dyn AnyGame, positions: &[&str]) -> u64 {
    let positions: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
    g.analyze(&positions, &AnalyzeOptions::default())
        .unwrap()
        .value
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
