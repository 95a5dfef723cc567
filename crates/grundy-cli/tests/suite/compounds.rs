//! Issue 20 end to end: `analyze --compound` and `analyze --misere` for
//! any finite game (built-ins and scripts), `grundy hackenbush FILE` and the
//! `coins:` family, against the library's solvers run on the native games
//! (the library tests those against exhaustive search).

use assert_cmd::Command;
use grundy::games::coins::CoinGame;
use grundy::games::euclid::Euclid;
use grundy::games::hackenbush::Hackenbush;
use grundy::games::Subtraction;
use grundy::solve::{MisereSolver, RemotenessSolver};
use grundy::strategy::compound::{analyze_compound, Compound};
use grundy::Nimber;
use serde_json::Value;

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args).env_remove("GRUNDY_SCRIPT_BUDGET");
    cmd
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = grundy(&all).assert().success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("JSON")
}

fn refused(args: &[&str]) -> String {
    let out = grundy(args).assert().code(2).get_output().clone();
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).expect("UTF-8");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

fn example(file: &str) -> String {
    format!("{}/../../examples/games/{file}", env!("CARGO_MANIFEST_DIR"))
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

/// HDU 3595 "GG and MM" (Every-SG: the continued compound of Euclid games)
/// through the command line, against the library on random small inputs.
#[test]
fn hdu3595_continued_compounds_of_euclid_games_agree_with_the_library() {
    let mut rng = Rng(3595);
    let mut solver = RemotenessSolver::new(Euclid);
    for _ in 0..12 {
        let games: Vec<(u64, u64)> = (0..1 + rng.below(4))
            .map(|_| (1 + rng.below(30), 1 + rng.below(30)))
            .collect();
        let texts: Vec<String> = games.iter().map(|(a, b)| format!("{a},{b}")).collect();
        let mut args = vec!["analyze", "euclid", "--compound", "continued"];
        args.extend(texts.iter().map(String::as_str));
        let v = json(&args);
        let want = analyze_compound(&mut solver, &games, Compound::Continued, 100).unwrap();
        assert_eq!(v["outcome"], want.outcome.to_string(), "{texts:?}");
        assert_eq!(v["suspense"], want.suspense.unwrap(), "{texts:?}");
        // HDU 3595's answer: MM (the first player) wins iff the greatest
        // suspense is odd.
        let mm = want.suspense.unwrap() % 2 == 1;
        assert_eq!(v["outcome"] == "N", mm);
        assert_eq!(
            v["winning_moves_total"],
            (want.winning_moves.len() as u128 + want.unlisted_moves) as u64
        );
        for (c, l) in v["components"]
            .as_array()
            .unwrap()
            .iter()
            .zip(&want.lengths)
        {
            assert_eq!(c["remoteness"], l.remoteness);
            assert_eq!(c["suspense"], l.suspense);
        }
    }
}

/// A script game's compounds equal the library's on the same game written
/// natively (subtract 1, 3 or 4).
#[test]
fn compounds_of_a_script_game_agree_with_the_native_game() {
    let spec = format!("script:{}", example("subtract-134.rhai"));
    let native = Subtraction::finite(&[1, 3, 4]).unwrap();
    let mut solver = RemotenessSolver::new(&native);
    let mut rng = Rng(134);
    for round in 0..9 {
        let kind = ["conjunctive", "continued", "selective"][round % 3];
        let compound = [
            Compound::Conjunctive,
            Compound::Continued,
            Compound::Selective,
        ][round % 3];
        let heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(20)).collect();
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["analyze", spec.as_str(), "--compound", kind];
        args.extend(texts.iter().map(String::as_str));
        let v = json(&args);
        let want = analyze_compound(&mut solver, &heaps, compound, 100).unwrap();
        assert_eq!(v["compound"], kind);
        assert_eq!(v["outcome"], want.outcome.to_string(), "{kind} {heaps:?}");
        assert_eq!(v["remoteness"], serde_json::json!(want.remoteness));
        assert_eq!(v["suspense"], serde_json::json!(want.suspense));
        let moves = v["winning_moves"].as_array().unwrap();
        assert_eq!(moves.len(), want.winning_moves.len(), "{kind} {heaps:?}");
        for (got, m) in moves.iter().zip(&want.winning_moves) {
            let changed: Vec<(u64, String)> =
                m.to.iter()
                    .enumerate()
                    .filter_map(|(i, t)| {
                        t.as_ref()
                            .map(|t| (i as u64, format!("{}", t.first().copied().unwrap_or(0))))
                    })
                    .collect();
            let listed: Vec<(u64, String)> = got["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    (
                        c["component"].as_u64().unwrap(),
                        c["to"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            assert_eq!(listed, changed, "{kind} {heaps:?}");
        }
    }
}

/// "How many moves with perfect play": the remoteness of a single
/// component, winner hurrying and loser delaying.
#[test]
fn remoteness_counts_the_moves_of_perfect_play() {
    let v = json(&["analyze", "nim", "5", "--compound", "conjunctive"]);
    assert_eq!(v["remoteness"], 1);
    let v = json(&["analyze", "sub:1,2", "7", "--compound", "conjunctive"]);
    // 7 -> 6 (a P-position), then 3 moves of each player from 6: 5 moves.
    assert_eq!(v["components"][0]["remoteness"], 5);
    let text = grundy(&["analyze", "nim", "2", "3", "--compound", "continued"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("suspense: "), "{text}");
    assert!(text.contains("winning moves (1):"), "{text}");
}

/// Misère play of a script (refused before issue 20) equals exhaustive
/// search on the native game; the method is printed.
#[test]
fn misere_sums_of_a_script_game_agree_with_search_on_the_native_game() {
    let spec = format!("script:{}", example("subtract-134.rhai"));
    let native = Subtraction::finite(&[1, 3, 4]).unwrap();
    let mut search = MisereSolver::new(&native);
    let mut rng = Rng(77);
    for _ in 0..8 {
        let heaps: Vec<u64> = (0..1 + rng.below(4)).map(|_| rng.below(25)).collect();
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["analyze", spec.as_str(), "--misere"];
        args.extend(texts.iter().map(String::as_str));
        let v = json(&args);
        let (outcome, moves) = search.analyze(&heaps).unwrap();
        assert_eq!(v["outcome"], outcome.to_string(), "{heaps:?}");
        assert_eq!(v["winning_moves"].as_array().unwrap().len(), moves.len());
        assert!(
            v["method"] == "SJ theorem" || v["method"] == "search",
            "{v}"
        );
    }
    // Wythoff as a script: zeros with no option of value 1, so search.
    let w = format!("script:{}", example("wythoff.rhai"));
    let v = json(&["analyze", &w, "--misere", "3,5", "4,4"]);
    assert_eq!(v["method"], "search");
    assert_eq!(v["outcome"], "N");
}

/// Many components: answered from the nim-values by the SJ theorem.
#[test]
fn misere_sums_of_many_components_use_the_sj_theorem() {
    let heaps: Vec<String> = (0..300).map(|i| (i % 11).to_string()).collect();
    let mut args = vec!["analyze", "sub:1,3,4", "--misere"];
    args.extend(heaps.iter().map(String::as_str));
    let v = json(&args);
    assert_eq!(v["method"], "SJ theorem");
}

#[test]
fn loopy_games_and_conflicting_flags_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("loop.rhai");
    std::fs::write(&path, "fn moves(n) { if n == 0 { [1] } else { [0] } }").unwrap();
    let spec = format!("script:{}", path.display());
    let err = refused(&["analyze", &spec, "0", "--compound", "selective"]);
    assert!(err.contains("cycle"), "{err}");
    let err = refused(&["analyze", &spec, "0", "--misere"]);
    assert!(err.contains("cycle"), "{err}");
    let err = refused(&["analyze", "nim", "1", "--misere", "--compound", "continued"]);
    assert!(err.contains("--compound"), "{err}");
}

/// Values and winning cuts of random small pictures as the library gives
/// them (`winning_cuts` is tested against exhaustive search there).
#[test]
fn hackenbush_values_and_winning_cuts_follow_the_library() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(7);
    for round in 0..20 {
        let n = 2 + rng.below(5);
        let text: String = (0..1 + rng.below(9))
            .map(|_| format!("v{} v{}\n", rng.below(n), rng.below(n)))
            .collect();
        let text = format!("# round {round}\nground v0\n{text}");
        let path = dir.path().join(format!("p{round}.txt"));
        std::fs::write(&path, &text).unwrap();
        let v = json(&["hackenbush", path.to_str().unwrap()]);
        let picture = Hackenbush::read_text(&text).unwrap();
        assert_eq!(v["value"], picture.graph.nim_value().value(), "{text}");
        let cuts: Vec<u64> = v["winning_cuts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["line"].as_u64().unwrap())
            .collect();
        let want: Vec<u64> = picture
            .graph
            .winning_cuts()
            .unwrap()
            .iter()
            .map(|&e| picture.lines[e] as u64)
            .collect();
        assert_eq!(cuts, want, "{text}");
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
