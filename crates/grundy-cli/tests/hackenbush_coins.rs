//! Issue 20, item 8 end to end: `grundy hackenbush FILE` against
//! exhaustive search on small pictures, and the `coins:` family against
//! the library's coin games.

use assert_cmd::Command;
use grundy::games::coins::CoinGame;
use grundy::Nimber;
use serde_json::Value;

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    cmd
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = grundy(&all).assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("JSON")
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// Green Hackenbush by its definition: a position is the set of standing
/// edges (a mask); a cut removes an edge and whatever falls with it.
fn brute(ground: u32, edges: &[(u32, u32)]) -> Vec<u64> {
    let standing = |mask: u32| -> u32 {
        let mut reached = 1u64 << ground;
        let mut kept = 0u32;
        loop {
            let before = kept;
            for (e, &(u, v)) in edges.iter().enumerate() {
                if mask >> e & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                    kept |= 1 << e;
                    reached |= 1 << u | 1 << v;
                }
            }
            if kept == before {
                return kept;
            }
        }
    };
    let mut memo = vec![0u64; 1 << edges.len()];
    for mask in 0..(1u32 << edges.len()) {
        let mut seen = vec![false; edges.len() + 2];
        for e in 0..edges.len() {
            if mask >> e & 1 == 1 && standing(mask) >> e & 1 == 1 {
                let v = memo[standing(mask & !(1 << e)) as usize] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        memo[mask as usize] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
    }
    memo
}

#[test]
fn hackenbush_values_and_winning_cuts_equal_exhaustive_search() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(7);
    for round in 0..25 {
        let n = 2 + rng.below(5) as u32;
        let edges: Vec<(u32, u32)> = (0..1 + rng.below(9))
            .map(|_| (rng.below(n as u64) as u32, rng.below(n as u64) as u32))
            .collect();
        let text: String = edges.iter().map(|(u, v)| format!("v{u} v{v}\n")).collect();
        let path = dir.path().join(format!("p{round}.txt"));
        std::fs::write(&path, format!("# round {round}\nground v0\n{text}")).unwrap();
        let v = json(&["hackenbush", path.to_str().unwrap()]);
        let all = (1u32 << edges.len()) - 1;
        let memo = brute(0, &edges);
        let value = memo[all as usize];
        // The brute force's value of the whole picture (masks are closed
        // under falling: the standing part of `all`).
        let mut reached = vec![false; n as usize];
        reached[0] = true;
        for _ in 0..edges.len() {
            for &(a, b) in &edges {
                if reached[a as usize] || reached[b as usize] {
                    reached[a as usize] = true;
                    reached[b as usize] = true;
                }
            }
        }
        let standing: u32 = (0..edges.len())
            .filter(|&e| reached[edges[e].0 as usize])
            .map(|e| 1 << e)
            .sum();
        let value = if standing == all {
            value
        } else {
            memo[standing as usize]
        };
        assert_eq!(v["value"], value, "{edges:?}");
        let cuts: Vec<u64> = v["winning_cuts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["line"].as_u64().unwrap() - 3)
            .collect();
        let want: Vec<u64> = (0..edges.len() as u64)
            .filter(|&e| standing >> e & 1 == 1)
            .filter(|&e| {
                // The cut's result by the brute force (what falls, falls).
                let rest = standing & !(1 << e);
                let mut r = vec![false; n as usize];
                r[0] = true;
                for _ in 0..edges.len() {
                    for (f, &(a, b)) in edges.iter().enumerate() {
                        if rest >> f & 1 == 1 && (r[a as usize] || r[b as usize]) {
                            r[a as usize] = true;
                            r[b as usize] = true;
                        }
                    }
                }
                let kept: u32 = (0..edges.len())
                    .filter(|&f| rest >> f & 1 == 1 && r[edges[f].0 as usize])
                    .map(|f| 1 << f)
                    .sum();
                memo[kept as usize] == 0
            })
            .collect();
        assert_eq!(cuts, want, "{edges:?}");
    }
}

#[test]
fn hackenbush_example_and_bad_files() {
    let example = format!(
        "{}/../../examples/hackenbush/christmas.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let v = json(&["hackenbush", &example]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["winning_cuts"].as_array().unwrap().len(), 3);
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "0 1\n1 2 3\n").unwrap();
    let out = grundy(&["hackenbush", bad.to_str().unwrap()])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 2"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn coins_values_and_sums_follow_the_library() {
    let v = json(&["values", "coins:mock-turtles", "--to", "15"]);
    let mock = CoinGame::mock_turtles();
    let want: Vec<u64> = (0..=15)
        .map(|n| mock.coin_value(n).unwrap().value())
        .collect();
    let got: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(got, want);
    let v = json(&["analyze", "coins:ruler", "3,6,12", "5"]);
    let ruler = CoinGame::ruler();
    let value = ruler.nim_value(&[3, 6, 12, 5]).unwrap();
    assert_eq!(v["value"], value.value());
    // Every winning move leaves a position of value 0.
    for m in v["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        let heads: Vec<u64> = to
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let rest: Vec<u64> = if m["component"] == 0 {
            vec![5]
        } else {
            vec![3, 6, 12]
        };
        let after = ruler.nim_value(&heads).unwrap() + ruler.nim_value(&rest).unwrap();
        assert_eq!(after, Nimber::ZERO, "{m}");
    }
    // Mock Turtles coins near 10^18, by formula.
    let v = json(&["analyze", "coins:mock-turtles", "999999999999999999,3"]);
    let want = mock.nim_value(&[3, 999_999_999_999_999_999]).unwrap();
    assert_eq!(v["value"], want.value());
    assert_eq!(v["outcome"], "N");
}
