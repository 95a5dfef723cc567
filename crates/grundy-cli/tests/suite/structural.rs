//! The structural game modes on a graph file (issue 37, item 5) through the
//! `grundy` command: `geography:FILE`, `graph-staircase:FILE` and
//! `walk:FILE`, their answers, their refusals, and many queries in one
//! process.

use crate::common::{file, run_with_stdin as run};
use serde_json::Value;
use std::path::Path;

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let (code, out, err) = run(&all, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap()
}

fn spec(family: &str, path: &Path) -> String {
    format!("{family}:{}", path.display())
}

#[test]
fn geography_on_the_first_sample_tree_of_codeforces_1970c3_is_decided_by_matching() {
    let tree = file("structural-tree.txt", "1 2\n1 3\n3 4\n3 5\n");
    let game = spec("geography", &tree);
    // Node 1 is in every maximum matching (Ron wins); 4 and 5 are not.
    let a = json(&["analyze", &game, "1"]);
    assert_eq!(a["outcome"], "N", "{a}");
    assert_eq!(a["winning_moves"][0]["to"], "2-1", "{a}");
    let a = json(&["analyze", &game, "4"]);
    assert_eq!(a["outcome"], "P", "{a}");
    // With node 2 visited, from 1 the token must go to 3, and 3 wins.
    let a = json(&["analyze", &game, "1-2"]);
    assert_eq!(a["outcome"], "P", "{a}");
}

#[test]
fn geography_answers_many_start_vertices_in_one_process() {
    // A path of 1000 vertices 0 - 1 - ... - 999 and a pendant 1000 on 0:
    // 1001 vertices, so every maximum matching misses one; the path's odd
    // vertices are in every maximum matching.
    let mut text = String::from("1000 0\n");
    for i in 1..1000 {
        text.push_str(&format!("{} {i}\n", i - 1));
    }
    let path = file("structural-path.txt", &text);
    let game = spec("geography", &path);
    let queries: String = (0..=1000).map(|v| format!("{v}\n")).collect();
    let (code, out, err) = run(&["analyze", &game, "-", "--format", "json"], &queries);
    assert_eq!(code, 0, "{err}");
    let outcomes: Vec<String> = out
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["outcome"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(outcomes.len(), 1001);
    // The path 1000 - 0 - 1 - ... - 999 has 1001 vertices: the ones at
    // even places along it (1000, 1, 3, ...) can be missed.
    for (v, o) in outcomes.iter().enumerate() {
        let place = if v == 1000 { 0 } else { v + 1 };
        let want = if place % 2 == 0 { "P" } else { "N" };
        assert_eq!(o, want, "vertex {v}");
    }
}

#[test]
fn geography_refuses_a_sum_saying_the_matching_gives_no_nim_value() {
    let tree = file("structural-tree2.txt", "a b\n");
    let (code, _, err) = run(&["analyze", &spec("geography", &tree), "a", "b"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("no nim-value") && err.contains("`2` positions"),
        "{err}"
    );
}

#[test]
fn graph_staircase_is_nim_on_the_odd_vertices_and_refuses_a_vertex_of_both_parities() {
    // 3 -> 2 -> 1 -> 0 (steps 1 and 3 odd), and m -> 1, m -> 0 (m mixed).
    let dag = file("structural-dag.txt", "3 2\n2 1\n1 0\nm 1\nm 0\n");
    let game = spec("graph-staircase", &dag);
    let a = json(&["analyze", &game, "1=5,2=7,3=6"]);
    assert_eq!(a["value"], 3, "{a}");
    assert_eq!(a["winning_moves"][0]["to"], "3=5,2=8,1=5", "{a}");
    let a = json(&["analyze", &game, "1=5,3=5"]);
    assert_eq!(a["outcome"], "P", "{a}");
    let (code, _, err) = run(&["analyze", &game, "m=1"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("vertex `m` has paths of both parities"),
        "{err}"
    );
    let cyclic = file("structural-cycle.txt", "a b\nb a\n");
    let (code, _, err) = run(&["analyze", &spec("graph-staircase", &cyclic), "a=1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cycle"), "{err}");
}

#[test]
fn graph_staircase_plays_hdu3389_second_sample_as_a_loss_for_alice() {
    // Boxes 1..7, a move from A to B < A with A + B odd and divisible by 3.
    let mut text = String::new();
    for a in 1..=7u32 {
        text.push_str(&format!("{a}\n"));
        for b in 1..a {
            if (a + b) % 2 == 1 && (a + b) % 3 == 0 {
                text.push_str(&format!("{a} {b}\n"));
            }
        }
    }
    let boxes = file("structural-hdu3389.txt", &text);
    let a = json(&[
        "analyze",
        &spec("graph-staircase", &boxes),
        "1=1,2=3,3=3,4=2,5=2,6=1,7=2",
    ]);
    assert_eq!(a["outcome"], "P", "{a}");
    let a = json(&["analyze", &spec("graph-staircase", &boxes), "1=1,2=2"]);
    assert_eq!(a["outcome"], "N", "{a}");
}

#[test]
fn walk_on_a_tree_has_values_and_on_a_cycle_may_be_a_draw() {
    let path = file("structural-walk-path.txt", "a b\nb c\n");
    let a = json(&["analyze", &spec("walk", &path), "b"]);
    assert_eq!(a["value"], 1, "{a}");
    let a = json(&["analyze", &spec("walk", &path), "a>b"]);
    assert_eq!(
        (a["value"].clone(), a["outcome"].clone()),
        (1.into(), "N".into()),
        "{a}"
    );
    let triangle = file("structural-walk-triangle.txt", "a b\nb c\nc a\n");
    let a = json(&["analyze", &spec("walk", &triangle), "a"]);
    assert_eq!(a["outcome"], "D", "{a}");
    let (code, _, err) = run(&["analyze", &spec("walk", &path), "a>c"], "");
    assert_eq!(code, 2);
    assert!(err.contains("no edge `a c`"), "{err}");
}
