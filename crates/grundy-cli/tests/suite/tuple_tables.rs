//! Tables of games on tuples (issue 37, items 2 and 3), end to end:
//! `values --dims K` (and a script on tuples without it) in every format,
//! `pattern` finding Moore's Nim_K and the nim-sum only where the table
//! agrees, the limit of a table named, and a table of pairs never read as
//! one of tuples nor the other way round.

use crate::common::{file, grundy, run_ok, s};
use grundy::analysis::pattern::moore_p_position;

fn example(file: &str) -> String {
    format!(
        "script:{}/../../examples/games/{file}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Stderr of a command that must fail with exit 2.
fn refusal(args: &[&str]) -> String {
    let out = grundy().args(args).assert().code(2).get_output().clone();
    String::from_utf8(out.stderr).expect("UTF-8")
}

/// The rows of a csv table: the coordinates and the value.
fn csv_rows(csv: &str) -> Vec<(Vec<u64>, u64)> {
    csv.lines()
        .skip(1)
        .map(|l| {
            let mut n: Vec<u64> = l.split(',').map(|x| x.parse().unwrap()).collect();
            let v = n.pop().unwrap();
            (n, v)
        })
        .collect()
}

/// Nim_2 with a twist: the position (1,1,1) may also be emptied at once
/// (a move of three heaps), so it is no P-position and no `K` fits.
const TWISTED: &str = "-- grundy analyze script:twisted.lua 1,2,3\n\
     function moves(h)\n\
       local out = {}\n\
       for i = 1, 3 do for x = 0, h[i] - 1 do\n\
         local o = {h[1], h[2], h[3]}; o[i] = x; out[#out + 1] = o\n\
         for j = i + 1, 3 do for y = 0, h[j] - 1 do\n\
           local p = {o[1], o[2], o[3]}; p[j] = y; out[#out + 1] = p\n\
         end end\n\
       end end\n\
       if h[1] == 1 and h[2] == 1 and h[3] == 1 then out[#out + 1] = {0, 0, 0} end\n\
       return out\n\
     end\n";

#[test]
fn tuple_tables_of_moore_2_and_of_the_lua_script_agree() {
    let script = example("moore-nimk.lua?k=2");
    for format in ["csv", "json", "text"] {
        let built_in = run_ok(&[
            "values", "moore:2", "--dims", "3", "--to", "4", "--format", format,
        ]);
        // The script's width is its own: its example commands pass triples.
        let scripted = run_ok(&["values", &script, "--to", "4", "--format", format]);
        assert_eq!(
            built_in.replace("moore:2", "G"),
            scripted.replace(&script, "G"),
            "{format}"
        );
    }
    let rows = csv_rows(&run_ok(&[
        "values", "moore:2", "--dims", "3", "--to", "4", "--format", "csv",
    ]));
    assert_eq!(rows.len(), 125);
    assert_eq!(rows[7], (vec![0, 1, 2], 3));
    for (h, v) in rows {
        assert_eq!(v == 0, moore_p_position(&h, 2), "{h:?}");
    }
    let json: serde_json::Value = serde_json::from_str(&run_ok(&[
        "values", "moore:2", "--dims", "3", "--to", "2", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["dims"], 3);
    assert_eq!(json["values"][1][2][0], 3);
    assert_eq!(json["values"][2][2][2], 0);
}

#[test]
fn pattern_finds_nim_2_on_three_heaps_from_the_command() {
    for args in [
        vec!["pattern", "moore:2", "--dims", "3"],
        vec![
            "pattern",
            "script:examples/games/moore-nimk.lua?k=2",
            "--to",
            "9",
        ],
    ] {
        let args: Vec<String> = args
            .iter()
            .map(|a| {
                a.replace(
                    "script:examples/games/moore-nimk.lua?k=2",
                    &example("moore-nimk.lua?k=2"),
                )
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let text = run_ok(&args);
        assert!(
            text.contains("multiple of 3 of the heaps (Moore's Nim_K, K = 2)"),
            "{text}"
        );
        assert!(text.contains("values are symmetric"), "{text}");
        assert!(!text.contains("no rule found"), "{text}");
        assert!(!text.contains("G(a,b)"), "{text}");
    }
    let json: serde_json::Value = serde_json::from_str(&run_ok(&[
        "pattern",
        &example("moore-nimk.lua?k=2"),
        "--to",
        "7",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(json["positions"], "tuples");
    assert_eq!(json["dims"], 3);
    assert_eq!(json["symmetric"], true);
    assert_eq!(json["findings"][0]["name"], "Moore's Nim_2");
    // Nim on three heaps: the nim-sum, and Nim_1.
    let nim = run_ok(&["pattern", "nim", "--dims", "3", "--to", "7"]);
    assert!(nim.contains("G(h1,h2,h3) = h1 xor h2 xor h3"), "{nim}");
    assert!(nim.contains("K = 1)"), "{nim}");
}

#[test]
fn a_tuple_game_that_is_not_nim_k_gets_no_nim_k_rule() {
    let path = file("twisted.lua", TWISTED);
    let spec = format!("script:{}", s(&path));
    // The table contradicts every law Nim_1 and Nim_2 (so the test can
    // fail) ...
    let rows = csv_rows(&run_ok(&["values", &spec, "--to", "7", "--format", "csv"]));
    for k in 1..=2 {
        assert!(
            rows.iter()
                .any(|(h, v)| (*v == 0) != moore_p_position(h, k)),
            "K = {k}"
        );
    }
    // ... and no rule is stated.
    let text = run_ok(&["pattern", &spec, "--to", "7"]);
    assert!(!text.contains("Moore"), "{text}");
    assert!(text.contains("no rule found"), "{text}");
    assert!(text.contains("P-positions (sorted coordinates)"), "{text}");
}

#[test]
fn a_pair_script_is_never_read_as_tuples_nor_a_tuple_script_as_pairs() {
    let pairs = example("wythoff.rhai");
    let e = refusal(&["values", &pairs, "--dims", "3", "--to", "3"]);
    assert!(e.contains("pairs `[a,b]`"), "{e}");
    let e = refusal(&["pattern", &pairs, "--dims", "3", "--to", "3"]);
    assert!(e.contains("pairs `[a,b]`"), "{e}");
    // `--dims 2` of a pair script is its table of pairs.
    assert_eq!(
        run_ok(&["values", &pairs, "--dims", "2", "--to", "3"]),
        run_ok(&["values", &pairs, "--to", "3"])
    );
    let tuples = example("moore-nimk.lua?k=2");
    for dims in ["2", "4"] {
        let e = refusal(&["values", &tuples, "--dims", dims, "--to", "3"]);
        assert!(e.contains("tuples of 3 numbers"), "{e}");
    }
    // A built-in game on pairs has no table of triples.
    let e = refusal(&["values", "wythoff", "--dims", "3", "--to", "3"]);
    assert!(e.contains("no table of tuples"), "{e}");
}

#[test]
fn a_tuple_table_past_the_limit_of_tables_is_refused_naming_it() {
    // 201^3 positions: more than 2001^2.
    let e = refusal(&["values", "moore:2", "--dims", "3", "--to", "200"]);
    assert!(e.contains("`4004001`") && e.contains("201^3"), "{e}");
    let e = refusal(&["pattern", "moore:2", "--dims", "3", "--to", "200"]);
    assert!(e.contains("`4004001`"), "{e}");
    // And the period of a game on tuples is refused, saying why.
    let e = refusal(&["period", &example("moore-nimk.lua?k=2")]);
    assert!(e.contains("tuples of 3 numbers"), "{e}");
}
