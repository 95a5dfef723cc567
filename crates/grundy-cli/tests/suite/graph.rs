//! `grundy graph`: values of random DAGs and outcomes of random loopy graphs
//! checked against brute force written here, the ∞ notation, and errors.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn grundy() -> Command {
    Command::cargo_bin("grundy").unwrap()
}

/// Writes `text` to a file named `name` in the test scratch directory.
fn file(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn run_json(args: &[&str]) -> Value {
    let out = grundy()
        .args(args)
        .arg("--format")
        .arg("json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Vertex names that exercise the format: punctuation, unicode, JSON escapes.
fn name(i: usize) -> String {
    format!("{}{i}", ["v", "é", "a\"q", "x\\y", "n-"][i % 5])
}

fn write_graph(fname: &str, n: usize, edges: &[(usize, usize)]) -> PathBuf {
    let mut text = String::from("# generated\n");
    for i in 0..n {
        text += &format!("{}   # declared\n", name(i));
    }
    for &(u, v) in edges {
        text += &format!("{}\t{}\n", name(u), name(v));
    }
    file(fname, &text)
}

fn mex_values(n: usize, edges: &[(usize, usize)]) -> Vec<u64> {
    // Edges go from higher to lower index, so increasing index order works.
    let mut g = vec![0u64; n];
    for u in 0..n {
        let succ: Vec<u64> = edges.iter().filter(|e| e.0 == u).map(|e| g[e.1]).collect();
        g[u] = (0..).find(|m| !succ.contains(m)).unwrap();
    }
    g
}

#[test]
fn random_dag_values_equal_the_definition() {
    let mut rng = Rng(12345);
    for case in 0..15 {
        let n = 1 + rng.below(25);
        let edges: Vec<(usize, usize)> = (0..rng.below(60))
            .map(|_| (rng.below(n), rng.below(n)))
            .filter(|(a, b)| a > b)
            .collect();
        let path = write_graph(&format!("dag{case}.txt"), n, &edges);
        let json = run_json(&["graph", path.to_str().unwrap()]);
        let expect = mex_values(n, &edges);
        assert_eq!(json["acyclic"], true);
        let values = json["values"].as_object().unwrap();
        assert_eq!(values.len(), n);
        for (i, e) in expect.iter().enumerate() {
            assert_eq!(values[&name(i)], *e, "case {case} vertex {}", name(i));
        }
    }
}

/// Win/lose/draw of every pair of tokens by repeated passes over the
/// product graph.
fn retrograde_pairs(n: usize, edges: &[(usize, usize)]) -> Vec<char> {
    let succ = |u: usize| edges.iter().filter(move |e| e.0 == u).map(|e| e.1);
    let moves: Vec<Vec<usize>> = (0..n * n)
        .map(|c| {
            let (a, b) = (c / n, c % n);
            succ(a)
                .map(|x| x * n + b)
                .chain(succ(b).map(|y| a * n + y))
                .collect()
        })
        .collect();
    let mut res = vec![' '; n * n];
    loop {
        let mut changed = false;
        for c in 0..n * n {
            if res[c] != ' ' {
                continue;
            }
            if moves[c].iter().any(|&d| res[d] == 'P') {
                res[c] = 'N';
                changed = true;
            } else if moves[c].iter().all(|&d| res[d] == 'N') {
                res[c] = 'P';
                changed = true;
            }
        }
        if !changed {
            return res
                .into_iter()
                .map(|r| if r == ' ' { 'D' } else { r })
                .collect();
        }
    }
}

#[test]
fn loopy_outcomes_of_token_pairs_match_retrograde_analysis() {
    let mut rng = Rng(777);
    for case in 0..4 {
        let n = 3 + rng.below(4);
        let edges: Vec<(usize, usize)> = (0..n + rng.below(2 * n))
            .map(|_| (rng.below(n), rng.below(n)))
            .collect();
        let path = write_graph(&format!("loopy{case}.txt"), n, &edges);
        let p = path.to_str().unwrap();
        let truth = retrograde_pairs(n, &edges);
        for a in 0..n {
            for b in a..n {
                let tokens = format!("{},{}", name(a), name(b));
                let json = run_json(&["graph", p, "--tokens", &tokens]);
                let outcome = json["outcome"].as_str().unwrap();
                assert_eq!(outcome, truth[a * n + b].to_string(), "{edges:?} {tokens}");
                let key = if outcome == "N" {
                    "winning_moves"
                } else {
                    "drawing_moves"
                };
                assert_eq!(json[key].as_array().unwrap().is_empty(), outcome == "P");
                for m in json[key].as_array().unwrap() {
                    // The move leads where the reference says it should.
                    let to = m["to"].as_str().unwrap();
                    let t = (0..n).find(|&i| name(i) == to).unwrap();
                    let after = if m["component"] == 0 {
                        t * n + b
                    } else {
                        a * n + t
                    };
                    let want = if outcome == "N" { 'P' } else { 'D' };
                    assert_eq!(truth[after], want, "{edges:?} {tokens} {m}");
                }
            }
        }
    }
}

#[test]
fn infinite_values_print_as_infinity_in_text_and_inf_in_json() {
    let path = file("inf.txt", "y y\ny z\nx x\n");
    let p = path.to_str().unwrap();
    grundy()
        .args(["graph", p, "--tokens", "y"])
        .assert()
        .success()
        .stdout(
            "y: ∞{0}\nz: 0\nx: ∞{}\ntokens y: value ∞{0}\noutcome: N: the player to move wins\nwinning moves:\n  token 0: y -> z\n",
        );
    let json = run_json(&["graph", p, "--tokens", "y,x"]);
    assert_eq!(json["values"]["y"], "inf{0}");
    assert_eq!(json["values"]["x"], "inf{}");
    assert_eq!(json["acyclic"], false);
    assert_eq!(json["value"], "inf{}");
    assert_eq!(json["outcome"], "D");
    // Every move keeps the draw: both loops, and y -> z (x alone is ∞{}).
    assert_eq!(json["drawing_moves"].as_array().unwrap().len(), 3);
}

#[test]
fn the_chess_game_sample_positions() {
    // POJ 2425's first sample graph: 0 -> 1, 0 -> 2, 2 -> 3.
    let path = file("chess.txt", "0 1\n0 2\n2 3\n3\n");
    let p = path.to_str().unwrap();
    assert_eq!(run_json(&["graph", p, "--tokens", "0"])["outcome"], "N");
    assert_eq!(run_json(&["graph", p, "--tokens", "0,2"])["outcome"], "N");
    let json = run_json(&["graph", p, "--tokens", "2,2"]);
    assert_eq!(
        (json["value"].clone(), json["outcome"].clone()),
        (0.into(), "P".into())
    );
}

#[test]
fn bad_files_and_tokens_exit_2_with_one_line_naming_them() {
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-graph.txt");
    let out = grundy().arg("graph").arg(&missing).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: cannot read `") && err.contains("no-such-graph.txt`"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");

    let bad = file("bad.txt", "a b\nc d e\n");
    let out = grundy().arg("graph").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bad.txt`: invalid game graph at line 2") && err.contains("`e`"),
        "{err}"
    );

    let ok = file("ok.txt", "a b\n");
    let out = grundy()
        .arg("graph")
        .arg(&ok)
        .args(["--tokens", "a,zz"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "error: invalid position `zz`: there is no vertex of that name in the graph\n"
    );
}

/// Run with `cargo test --profile checked -p grundy-cli -- --ignored` (about a minute,
/// mostly parsing the 130 MB of JSON here; the command itself takes about
/// 7 s of CPU and 0.55 GB): a path of 10^7 vertices through the whole command.
#[test]
#[ignore]
fn a_path_of_ten_million_vertices() {
    let n = 10_000_000usize;
    let mut text = String::with_capacity(n * 18);
    for i in 0..n - 1 {
        text += &format!("v{i} v{}\n", i + 1);
    }
    let path = file("path10m.txt", &text);
    drop(text);
    let json = run_json(&["graph", path.to_str().unwrap(), "--tokens", "v0"]);
    let values = json["values"].as_object().unwrap();
    assert_eq!(values.len(), n);
    for i in (0..n).step_by(9973) {
        assert_eq!(values[&format!("v{i}")], ((n - 1 - i) % 2) as u64);
    }
    assert_eq!(json["outcome"], "N");
    std::fs::remove_file(path).unwrap();
}

#[test]
fn an_empty_graph_file_is_said_to_be_empty() {
    for (name, text) in [("empty.txt", ""), ("blank.txt", "\n\n# only a comment\n")] {
        let path = file(name, text);
        let out = grundy().arg("graph").arg(&path).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("error: ") && err.contains("empty graph"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}
