//! `grundy pattern` (issue 21): the rules found on games with known rules
//! (judge problems, `tests/data`), honesty on random games (a rule claimed
//! on a short table must hold on a longer one), and the help snapshot.

use assert_cmd::Command;
use serde_json::Value;
use std::path::PathBuf;

fn grundy(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("grundy")
        .expect("binary")
        .current_dir(workspace())
        .args(args)
        .assert()
}

/// Scripts are named relative to the workspace root, as in the README.
fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The JSON report of `grundy pattern GAME EXTRA...`.
fn pattern(game: &str, extra: &[&str]) -> Value {
    let mut args = vec!["pattern", game, "--format", "json"];
    args.extend_from_slice(extra);
    let out = grundy(&args).success().get_output().stdout.clone();
    serde_json::from_slice(&out).expect("one JSON object")
}

fn findings(v: &Value) -> &Vec<Value> {
    v["findings"].as_array().expect("findings")
}

/// The claimed (no exception) finding about `of`, by kind.
fn claimed<'a>(v: &'a Value, of: &str, kind: &str) -> &'a Value {
    findings(v)
        .iter()
        .find(|f| f["of"] == of && f["kind"] == kind && f["first_exception"].is_null())
        .unwrap_or_else(|| panic!("no {of} {kind} in {v:#}"))
}

fn rule(v: &Value, of: &str, kind: &str) -> String {
    claimed(v, of, kind)["rule"].as_str().unwrap().to_string()
}

#[test]
fn sub_pow2_is_n_mod_3_proven() {
    // HDU 1847.
    let v = pattern("sub:pow2", &[]);
    let f = claimed(&v, "values", "affine");
    assert_eq!(f["rule"], "G(n) = n mod 3");
    assert_eq!(f["proven"], true);
    assert_eq!(v["checked_to"], 10000);
    assert_eq!(
        rule(&v, "p_positions", "progressions"),
        "P-positions: n ≡ 0 (mod 3)"
    );
    assert_eq!(claimed(&v, "p_positions", "progressions")["proven"], true);
}

#[test]
fn lasker_rule_is_written_out_and_proven() {
    // HDU 3032, "Nim or not Nim?".
    let v = pattern("lasker", &[]);
    let f = claimed(&v, "values", "arithmetic_periodic");
    assert_eq!(
        f["rule"],
        "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3, for k >= 0 (period 4, saltus 4); G(0) = 0"
    );
    assert_eq!(f["proven"], true);
    assert_eq!(f["periodicity"]["saltus"], 4);
}

#[test]
fn fibnim_p_positions_are_the_fibonacci_numbers_observed() {
    // HDU 2516.
    let v = pattern("fibnim", &[]);
    let f = claimed(&v, "p_positions", "sequence");
    assert_eq!(f["name"], "Fibonacci numbers");
    assert_eq!(f["reference"], "A000045");
    assert_eq!(f["proven"], false);
}

#[test]
fn wythoff_p_positions_are_golden_beatty_pairs() {
    // POJ 1067.
    let v = pattern("wythoff", &[]);
    let f = claimed(&v, "p_positions", "pairs");
    assert_eq!(f["name"], "Wythoff pairs (golden-ratio Beatty pairs)");
    assert!(f["rule"]
        .as_str()
        .unwrap()
        .contains("floor(k*phi), floor(k*phi^2)"));
    // Regression (issue 33): "observed for a, b <= 200", although the
    // family's theorem proves it (and `analyze` relies on it).
    assert_eq!(f["proven"], true);
    assert!(f["proof"].as_str().unwrap().contains("Wythoff (1907)"));
    // The same from a script, solved position by position: no theorem is
    // known for a script, so only observed.
    let v = pattern("script:examples/games/wythoff.rhai", &["--to", "20"]);
    let f = claimed(&v, "p_positions", "pairs");
    assert_eq!(f["name"], "Wythoff pairs (golden-ratio Beatty pairs)");
    assert_eq!(f["proven"], false);
}

/// A rule that the family's theorem proves is marked proven, with the
/// theorem, for Euclid's game too (Cole and Davie: P iff max < φ·min).
#[test]
fn a_family_theorem_proves_the_rule_pattern_finds() {
    let v = pattern("euclid", &["--to", "60"]);
    let f = claimed(&v, "p_positions", "pairs");
    assert!(f["rule"].as_str().unwrap().contains("phi*min(a,b)"), "{f}");
    assert_eq!(f["proven"], true, "{f}");
    assert!(
        f["proof"].as_str().unwrap().contains("Cole and Davie"),
        "{f}"
    );
}

/// Regression (issue 33): `pattern take:3..14 --to 1000` found no rule
/// while `--to 500` and `--to 5000` found period 17; the same game as a
/// subtraction set lost its P-positions at `--to 1000`. Every size from
/// 500 to 5000 (every 100, and some awkward ones) finds both.
#[test]
fn take_3_to_14_finds_period_17_at_every_table_size() {
    let sizes = (500..=5000)
        .step_by(100)
        .chain([1001, 1013, 1019, 2039, 4999]);
    for to in sizes {
        let to_text = to.to_string();
        for game in ["take:3..14", "sub:3,4,5,6,7,8,9,10,11,12,13,14"] {
            let v = pattern(game, &["--to", &to_text]);
            let values = findings(&v)
                .iter()
                .find(|f| f["of"] == "values" && f["first_exception"].is_null())
                .unwrap_or_else(|| panic!("{game} --to {to}: {v:#}"));
            assert_eq!(values["periodicity"]["period"], 17, "{game} --to {to}");
            assert_eq!(values["proven"], true, "{game} --to {to}");
            assert_eq!(
                rule(&v, "p_positions", "progressions"),
                "P-positions: n ≡ 0, 1, 2 (mod 17)",
                "{game} --to {to}"
            );
        }
    }
}

/// Regression (issue 33): on Codeforces 1537D (P iff n is odd or
/// n = 2·4^k) `pattern` said "P-positions: n ≡ 1 (mod 2) for n ≥ 2049",
/// then ≥ 8193, ≥ 32769 as the table grew. A preperiod that moves with
/// the table is evidence against the rule: that rule is not claimed, and
/// the finding says how far the exceptions continue. The true rule (n odd,
/// or n = 2·4^k) is claimed once the table holds six of its powers.
#[test]
fn a_rule_whose_preperiod_moves_with_the_table_is_not_claimed() {
    let game = "script:tests/data/scripts/cf1537d.rhai";
    for (to, last) in [(1000, 512), (2100, 2048), (5000, 2048), (9000, 8192)] {
        let v = pattern(game, &["--to", &to.to_string()]);
        let claimed: Vec<&str> = findings(&v)
            .iter()
            .filter(|f| f["of"] == "p_positions")
            .filter(|f| f["first_exception"].is_null() && f["last_exception"].is_null())
            .map(|f| f["rule"].as_str().unwrap())
            .collect();
        // The rule itself is claimed once six powers 2·4^k are in the
        // table (2048); the moving preperiod stays as its evidence.
        if to >= 2048 {
            assert_eq!(
                claimed,
                ["P-positions: n = 0, n ≡ 1 (mod 2), or n = 2·4^k (k >= 0)"],
                "--to {to}"
            );
        } else {
            assert!(claimed.is_empty(), "--to {to}: {claimed:?}");
        }
        let moving = findings(&v)
            .iter()
            .find(|f| !f["last_exception"].is_null())
            .unwrap_or_else(|| panic!("--to {to}: {v:#}"));
        assert_eq!(moving["last_exception"], last, "--to {to}");
        assert!(moving["rule"]
            .as_str()
            .unwrap()
            .contains("n ≡ 1 (mod 2) except at n = "));
    }
    let text = grundy(&["pattern", game, "--to", "2100"])
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.contains("not claimed: exceptions continue to n = 2048"),
        "{text}"
    );
    assert!(!text.contains("for n >= 2049"), "{text}");
}

#[test]
fn kayles_period_12_after_71_proven() {
    let v = pattern("kayles", &[]);
    let f = claimed(&v, "values", "periodic");
    assert_eq!(
        f["rule"],
        "G(n + 12) = G(n) for n >= 71 (period 12 after a 71-value prefix)"
    );
    assert_eq!(f["proven"], true);
    assert!(f["proof"].as_str().unwrap().contains("Guy-Smith"));
    assert_eq!(
        rule(&v, "p_positions", "progressions"),
        "the only P-position is n = 0"
    );
}

/// (game, extra arguments, of, kind, rule, proven).
type Case<'a> = (&'a str, &'a [&'a str], &'a str, &'a str, &'a str, bool);

/// Known rules of more games.
#[test]
fn known_rules_of_twenty_games() {
    let cases: &[Case] = &[
        ("nim", &[], "values", "affine", "G(n) = n", true),
        (
            "sub:1,3,4",
            &[],
            "values",
            "periodic",
            "G(n + 7) = G(n) for n >= 0 (period 7)",
            true,
        ),
        (
            "sub:1,3,4",
            &[],
            "p_positions",
            "progressions",
            "P-positions: n ≡ 0, 2 (mod 7)",
            true,
        ),
        ("bash:3", &[], "values", "affine", "G(n) = n mod 4", true),
        (
            "bash:5",
            &[],
            "p_positions",
            "progressions",
            "P-positions: n ≡ 0 (mod 6)",
            true,
        ),
        (
            "dawson",
            &[],
            "values",
            "periodic",
            "G(n + 34) = G(n) for n >= 53 (period 34 after a 53-value prefix)",
            true,
        ),
        (
            "0.07",
            &[],
            "values",
            "periodic",
            "G(n + 34) = G(n) for n >= 53 (period 34 after a 53-value prefix)",
            true,
        ),
        (
            "4.07",
            &[],
            "p_positions",
            "progressions",
            "P-positions: n ≡ 1 (mod 4) for n >= 1; below 1: n = 0",
            true,
        ),
        (
            "allbut:1,2",
            &["--to", "600"],
            "values",
            "affine",
            "G(n) = floor(n/3)",
            false,
        ),
        (
            "staircase",
            &["--to", "12"],
            "values",
            "affine",
            "G(a,b) = a",
            false,
        ),
        (
            "euclid",
            &[],
            "p_positions",
            "pairs",
            "P-positions: min(a,b) < max(a,b) < phi*min(a,b), or a zero coordinate",
            true,
        ),
        (
            "cutting",
            &["--to", "24"],
            "p_positions",
            "pairs",
            "P-positions: a and b both in {2, 3, 7, 11, 17, 23} (the P-positions of row 2)",
            false,
        ),
        (
            "take:1..n/2",
            &["--to", "2000"],
            "values",
            "sequence",
            "value v first appears at n = 2v (v >= 1)",
            false,
        ),
        (
            "take:1..n/2",
            &["--to", "2000"],
            "p_positions",
            "sequence",
            "P-positions n >= 1 are the powers of 2 minus 1 (A000225)",
            false,
        ),
        (
            "script:examples/games/take-a-divisor.rhai",
            &["--to", "300"],
            "p_positions",
            "progressions",
            "P-positions: n ≡ 1 (mod 2) for n >= 1; below 1: n = 0",
            false,
        ),
        (
            "script:examples/games/subtract-134.rhai",
            &["--to", "200"],
            "values",
            "periodic",
            "G(n + 7) = G(n) for n >= 0 (period 7)",
            false,
        ),
        (
            "toml:examples/games/take-up-to-3.toml",
            &["--to", "200"],
            "values",
            "affine",
            "G(n) = n mod 4",
            false,
        ),
        (
            "script:examples/games/take-up-to.rhai",
            &["--param", "k=2", "--to", "200"],
            "values",
            "affine",
            "G(n) = n mod 3",
            false,
        ),
    ];
    for (game, extra, of, kind, text, proven) in cases {
        let v = pattern(game, extra);
        let f = claimed(&v, of, kind);
        assert_eq!(f["rule"], *text, "{game}");
        assert_eq!(f["proven"], *proven, "{game}");
    }
}

/// HDU 2147 (kiki's game): a coin `a` rows and `b` columns from the corner
/// moves one step left, down or diagonally; P iff both distances are even.
#[test]
fn kikis_game_as_a_two_coordinate_script() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kiki.rhai");
    std::fs::write(
        &path,
        "fn moves(p) { let o = []; let a = p[0]; let b = p[1];\n\
         if a > 0 { o.push([a - 1, b]); } if b > 0 { o.push([a, b - 1]); }\n\
         if a > 0 && b > 0 { o.push([a - 1, b - 1]); } o }\n",
    )
    .unwrap();
    let spec = format!("script:{}", path.display());
    let v = pattern(&spec, &["--to", "15"]);
    assert_eq!(
        rule(&v, "p_positions", "pairs"),
        "P-positions: a ≡ 0 and b ≡ 0 (mod 2)"
    );
}

/// Grundy's game: the published P-positions (tests/data) agree with the
/// table, and no rule is claimed beyond it.
#[test]
fn grundy_game_p_positions_match_the_published_list() {
    let text = std::fs::read_to_string(
        workspace().join("tests/data/sequences/grundy_game_p_positions.txt"),
    )
    .unwrap();
    let known: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split_whitespace().map(str::to_string))
        .collect();
    let v = pattern("grundy-game", &["--to", "2500"]);
    let f = claimed(&v, "p_positions", "progressions");
    assert_eq!(f["proven"], false);
    let r = f["rule"].as_str().unwrap();
    assert!(r.ends_with("and none from 1223 to 2500"), "{r}");
    assert!(
        r.starts_with(&format!("P-positions: n = {}", known[..40].join(" "))),
        "{r}"
    );
}

/// Every rule claimed on G(0..=SHORT) of a random game holds on
/// G(0..=LONG): periods and progressions are checked term by term; a
/// sequence of P-positions claimed must still be claimed, or be reported
/// broken; a rule of the values matched against the catalogue (or a
/// number-theoretic one) must be stated again word for word.
#[test]
fn random_games_get_no_invented_rules() {
    const SHORT: u64 = 150;
    const LONG: u64 = 1500;
    // Knuth's MMIX linear congruential generator: the same games every run.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    let mut games = Vec::new();
    for _ in 0..12 {
        let digits: String = (0..3)
            .map(|_| char::from(b'0' + (next() % 8) as u8))
            .collect();
        games.push(format!("0.{digits}"));
    }
    for _ in 0..8 {
        let mut set: Vec<u64> = (0..3).map(|_| 1 + next() % 12).collect();
        set.sort_unstable();
        set.dedup();
        games.push(format!(
            "sub:{}",
            set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        ));
    }
    // Games whose values grow (no period): the rules matched against the
    // catalogue and the number-theoretic ones are what they can claim.
    games.push("toml:examples/games/take-half.toml".into());
    games.push("script:examples/games/take-a-divisor.rhai".into());
    let mut claims = 0;
    for game in &games {
        let short = pattern(game, &["--to", &SHORT.to_string()]);
        let long = pattern(game, &["--to", &LONG.to_string()]);
        let out = grundy(&[
            "values",
            game,
            "--to",
            &LONG.to_string(),
            "--format",
            "json",
        ])
        .success()
        .get_output()
        .stdout
        .clone();
        let values: Vec<u64> = serde_json::from_slice::<Value>(&out).unwrap()["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        for f in findings(&short)
            .iter()
            .filter(|f| f["first_exception"].is_null())
        {
            claims += 1;
            let seq: Vec<u64> = if f["of"] == "values" {
                values.clone()
            } else {
                values.iter().map(|&x| u64::from(x == 0)).collect()
            };
            if let Some(p) = f["periodicity"].as_object() {
                let (n0, per, s) = (
                    p["preperiod"].as_u64().unwrap() as usize,
                    p["period"].as_u64().unwrap() as usize,
                    p["saltus"].as_u64().unwrap(),
                );
                for n in n0..seq.len() - per {
                    assert_eq!(seq[n + per], seq[n] + s, "{game}: {f} fails at n = {n}");
                }
            } else if f["kind"] == "sequence" && f["of"] == "p_positions" {
                let name = &f["name"];
                assert!(
                    findings(&long).iter().any(|g| &g["name"] == name),
                    "{game}: {f} vanished on the longer table"
                );
            } else if matches!(f["kind"].as_str(), Some("sequence" | "number_theoretic")) {
                // A rule of the values (the catalogue matched against the
                // values, a number-theoretic form) is stated again, word
                // for word, on the longer table.
                assert!(
                    findings(&long)
                        .iter()
                        .any(|g| g["rule"] == f["rule"] && g["first_exception"].is_null()),
                    "{game}: {f} not stated on the longer table"
                );
            }
        }
    }
    assert!(claims > 10, "too few claims to test: {claims}");
}

#[test]
fn nothing_found_prints_the_table() {
    let out = grundy(&["pattern", "treblecross", "--to", "200"]).success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("no rule found"), "{text}");
    assert!(text.contains("values: 0 0 0 1 1 1 2 2 0 3 3"), "{text}");
    assert!(text.contains("P-positions: 0 1 2 8 14 24"), "{text}");
}

#[test]
fn refusals_name_the_limit() {
    let err = grundy(&["pattern", "nim", "--to", "99999999999"]).code(2);
    let msg = String::from_utf8(err.get_output().stderr.clone()).unwrap();
    assert!(msg.contains("at most 4194304"), "{msg}");
    grundy(&["pattern", "cram"]).code(2);
    grundy(&["pattern", "nosuchgame"]).code(2);
}

#[test]
fn snapshot_help_pattern() {
    let out = grundy(&["pattern", "--help"]).success();
    insta::assert_snapshot!(
        "help_pattern",
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    );
}

/// Codeforces 2004E (take y from x with gcd(x, y) = 1): the rule
/// contestants find by printing the table, from the example script's own
/// table: `G(n) = π(spf(n))` on the odd n, `G(n) = G(spf(n))`, never
/// proven (observed).
#[test]
fn the_rule_of_codeforces_2004e_is_found_from_its_script() {
    let v = pattern("script:examples/games/cf2004e.lua", &["--to", "600"]);
    let rules: Vec<&str> = findings(&v)
        .iter()
        .filter(|f| f["kind"] == "number_theoretic")
        .map(|f| {
            assert_eq!(f["proven"], false, "{f}");
            f["rule"].as_str().unwrap()
        })
        .collect();
    assert_eq!(
        rules,
        [
            "G(n) = π(spf(n)) for odd n >= 3",
            "G(n) = G(spf(n)) for every composite n (spf: the smallest prime factor)"
        ]
    );
}

/// HDU 3404 (switch the corners of a rectangle, Tartan): from the example
/// script's own table of pairs, `pattern` finds the nim product, observed
/// (the table is 16 × 16: the nim products of numbers below 16 stay below
/// 16, so a wrong table could not pass as the product by overflow); and
/// the script's values are those of `grundy nim mul`.
#[test]
fn the_nim_product_of_hdu3404_is_found_from_its_script() {
    let game = "script:examples/games/hdu3404.lua";
    let v = pattern(game, &["--to", "15"]);
    let f = claimed(&v, "values", "affine");
    assert_eq!(f["rule"], "G(a,b) = a ⊗ b (the nim product)");
    assert_eq!(f["proven"], false);
    for (x, y) in [(3u64, 5u64), (7, 7), (12, 9)] {
        let pos = format!("{x},{y}");
        let out = grundy(&["analyze", game, &pos, "--no-moves", "--format", "json"])
            .success()
            .get_output()
            .stdout
            .clone();
        let a: Value = serde_json::from_slice(&out).unwrap();
        let product = grundy(&["nim", "mul", &x.to_string(), &y.to_string()])
            .success()
            .get_output()
            .stdout
            .clone();
        let product = String::from_utf8(product).unwrap();
        assert_eq!(
            a["value"].as_u64().unwrap().to_string(),
            product.trim(),
            "{pos}"
        );
    }
}
