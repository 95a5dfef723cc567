//! The commands of the README's "From a judge problem" list, run on every
//! sample of their problems (`tests/data/problems/<id>.json`): each sample's
//! input is turned into what the command reads (as a contestant would, with
//! a line of shell), the command's answers into the judge's words, and the
//! result must be the sample's output. (The judges harness runs the Rust
//! examples on the same samples; this runs the commands.)

use crate::common::{file, run_with_stdin as run};
use serde_json::Value;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The samples of a problem: (input, output).
fn samples(id: &str) -> Vec<(String, String)> {
    let path = root()
        .join("tests/data/problems")
        .join(format!("{id}.json"));
    let text = std::fs::read_to_string(&path).unwrap();
    let json: Value = serde_json::from_str(&text).unwrap();
    let samples: Vec<(String, String)> = json["samples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["input"].as_str().unwrap().to_string(),
                s["output"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(!samples.is_empty(), "{id} has samples");
    samples
}

fn numbers(text: &str) -> Vec<u64> {
    text.split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

/// The last word of each line `grundy ARGS` prints for `stdin`: the
/// outcome class of each query of `analyze GAME -`.
fn outcomes(args: &[&str], stdin: &str) -> Vec<String> {
    let (code, out, err) = run(args, stdin);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines()
        .map(|l| l.split_whitespace().last().unwrap_or("").to_string())
        .collect()
}

/// `count` cases from `n[at..]`, each a length `k` then `k·width`
/// numbers (a case's heaps, or its `k` pairs when `width` is 2).
fn cases(n: &[u64], count: u64, mut at: usize, width: usize) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for _ in 0..count {
        let k = n[at] as usize * width;
        out.push(n[at + 1..at + 1 + k].to_vec());
        at += 1 + k;
    }
    out
}

/// One query a line: the numbers of each case joined by spaces.
fn query_lines(cases: &[Vec<u64>]) -> String {
    lines(cases.iter().map(|c| {
        let words: Vec<String> = c.iter().map(u64::to_string).collect();
        words.join(" ")
    }))
}

/// Each outcome in the judge's words: `first` when the player to move
/// wins (`N`), else `second`; a line each.
fn words(outcomes: &[String], first: &str, second: &str) -> String {
    lines(
        outcomes
            .iter()
            .map(|c| if c == "N" { first } else { second }.to_string()),
    )
}

fn example(name: &str) -> String {
    root()
        .join("examples/games")
        .join(name)
        .display()
        .to_string()
}

/// Checks one problem: `answer` turns a sample's input into the judge's
/// output through the command.
fn check(id: &str, answer: impl Fn(&str) -> String) {
    for (input, output) in samples(id) {
        let got = answer(&input);
        assert_eq!(got.trim_end(), output.trim_end(), "{id} on {input:?}");
    }
}

fn lines(words: impl IntoIterator<Item = String>) -> String {
    words.into_iter().map(|w| w + "\n").collect()
}

#[test]
fn luogu_p2953_through_digits_max_min() {
    check("luogu_P2953", |input| {
        let n = numbers(input);
        let stdin = lines(n[1..].iter().map(|x| x.to_string()));
        let o = outcomes(&["analyze", "digits:max,min", "-", "--no-moves"], &stdin);
        words(&o, "YES", "NO")
    });
}

#[test]
fn hdu4664_through_dawsons_kayles() {
    check("hdu4664", |input| {
        let n = numbers(input);
        let stdin = query_lines(&cases(&n, n[0], 1, 1));
        let o = outcomes(&["analyze", "0.07", "-", "--no-moves"], &stdin);
        words(&o, "Carol", "Dave")
    });
}

#[test]
fn hdu3404_through_the_nim_product() {
    check("hdu3404", |input| {
        let n = numbers(input);
        let mut answers = Vec::new();
        for lights in cases(&n, n[0], 1, 2) {
            let pairs: String = lights
                .chunks(2)
                .map(|p| format!("{} {}\n", p[0], p[1]))
                .collect();
            let (code, out, err) = run(&["nim", "mul", "-"], &pairs);
            assert_eq!(code, 0, "{err}");
            let x = out
                .lines()
                .fold(0u64, |x, l| x ^ l.trim().parse::<u64>().unwrap());
            answers.push(
                if x != 0 {
                    "Have a try, lxhgww."
                } else {
                    "Don't waste your time."
                }
                .to_string(),
            );
        }
        lines(answers)
    });
}

#[test]
fn bzoj3576_through_the_split_script() {
    check("bzoj3576", |input| {
        let n = numbers(input);
        let f = n[1];
        let stdin = query_lines(&cases(&n, n[0], 2, 1));
        let game = format!("script:{}?f={f}", example("bzoj3576.lua"));
        let o = outcomes(&["analyze", &game, "-", "--no-moves"], &stdin);
        let words: Vec<&str> = o.iter().map(|c| if c == "N" { "1" } else { "0" }).collect();
        words.join(" ") + "\n"
    });
}

#[test]
fn cf_768e_through_the_family_table() {
    let game = format!("script:{}", example("cf768e.lua"));
    let (code, out, err) = run(&["values", &game, "--to", "60", "--format", "json"], "");
    assert_eq!(code, 0, "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let g: Vec<u64> = json["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    check("cf_768E", |input| {
        let n = numbers(input);
        let x = n[1..].iter().fold(0, |x, &s| x ^ g[s as usize]);
        // Jon moves second: he wins iff the sum is a P-position.
        if x == 0 { "YES\n" } else { "NO\n" }.to_string()
    });
}

#[test]
fn cf_2004e_through_its_script() {
    check("cf_2004E", |input| {
        let n = numbers(input);
        let stdin = query_lines(&cases(&n, n[0], 1, 1));
        let game = format!("script:{}", example("cf2004e.lua"));
        let o = outcomes(&["analyze", &game, "-", "--no-moves"], &stdin);
        words(&o, "Alice", "Bob")
    });
}

#[test]
fn hdu3389_through_graph_staircase() {
    check("hdu3389", |input| {
        let n = numbers(input);
        let cases = cases(&n, n[0], 1, 1);
        let most = cases.iter().map(Vec::len).max().unwrap() as u64;
        // Cards move from box A to box B < A when A + B is odd and a
        // multiple of 3.
        let mut edges = String::new();
        for a in 1..=most {
            for b in 1..a {
                if (a + b) % 2 == 1 && (a + b) % 3 == 0 {
                    edges += &format!("{a} {b}\n");
                }
            }
        }
        // Every box is a vertex, even one no move reaches.
        for a in 1..=most {
            edges += &format!("{a}\n");
        }
        let boxes = file("judge_hdu3389_boxes.txt", &edges);
        let stdin = lines(cases.iter().map(|c| {
            let tokens: Vec<String> = c
                .iter()
                .enumerate()
                .map(|(i, k)| format!("{}={k}", i + 1))
                .collect();
            tokens.join(",")
        }));
        let game = format!("graph-staircase:{}", boxes.display());
        let o = outcomes(&["analyze", &game, "-", "--no-moves"], &stdin);
        lines(
            o.iter().enumerate().map(|(i, c)| {
                format!("Case {}: {}", i + 1, if c == "N" { "Alice" } else { "Bob" })
            }),
        )
    });
}

#[test]
fn atcoder_arc143_c_through_pebbles() {
    check("atcoder_arc143_c", |input| {
        let n = numbers(input);
        let game = format!("pebbles:{},{}", n[1], n[2]);
        let piles: Vec<String> = n[3..].iter().map(u64::to_string).collect();
        let o = outcomes(
            &["analyze", &game, "-", "--no-moves"],
            &(piles.join(",") + "\n"),
        );
        // Takahashi is Left and moves first.
        lines(o.iter().map(|c| {
            if c == "L" || c == "N" {
                "First"
            } else {
                "Second"
            }
            .to_string()
        }))
    });
}

#[test]
fn cf_1970c3_through_geography() {
    for (k, (input, output)) in samples("cf_1970C3").into_iter().enumerate() {
        let n = numbers(&input);
        let (nodes, t) = (n[0] as usize, n[1] as usize);
        let edges: String = n[2..2 + 2 * (nodes - 1)]
            .chunks(2)
            .map(|e| format!("{} {}\n", e[0], e[1]))
            .collect();
        let tree = file(&format!("judge_cf1970c3_tree_{k}.txt"), &edges);
        let starts = lines(n[2 + 2 * (nodes - 1)..].iter().take(t).map(u64::to_string));
        let game = format!("geography:{}", tree.display());
        let o = outcomes(&["analyze", &game, "-", "--no-moves"], &starts);
        let got = words(&o, "Ron", "Hermione");
        assert_eq!(got.trim_end(), output.trim_end(), "cf_1970C3 on {input:?}");
    }
}
