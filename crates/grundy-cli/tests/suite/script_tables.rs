//! Tables of any script (issue 37, item 2), end to end: `values` and
//! `pattern` of scripts on pairs and of families `start(n)`, the shape
//! each says it read, refusals naming a shape that has no table, and
//! `analyze` searching only the positions reachable from those asked.

use assert_cmd::Command;

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args).env_remove("GRUNDY_SCRIPT_BUDGET");
    cmd
}

fn example(file: &str) -> String {
    format!(
        "script:{}/../../examples/games/{file}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// Stdout of a command that must succeed.
fn output(args: &[&str]) -> String {
    let out = grundy(args).assert().success().get_output().clone();
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Stderr of a command that must fail with exit 2.
fn refusal(args: &[&str]) -> String {
    let out = grundy(args).assert().code(2).get_output().clone();
    String::from_utf8(out.stderr).expect("UTF-8")
}

/// The lines after the header.
fn body(text: &str) -> Vec<&str> {
    text.lines().skip(1).collect()
}

#[test]
fn values_of_a_pair_script_print_the_table_as_wythoff_does() {
    let script = output(&["values", &example("wythoff.rhai"), "--to", "6"]);
    let built_in = output(&["values", "wythoff", "--to", "6"]);
    assert!(
        script.lines().next().unwrap().contains("G(a,b)"),
        "{script}"
    );
    assert_eq!(body(&script), body(&built_in));
    let e = refusal(&["period", &example("wythoff.rhai")]);
    assert!(e.contains("pairs `A,B`"), "{e}");
}

#[test]
fn values_of_a_family_tabulate_g_of_start_n() {
    let out = output(&["values", &example("cf768e.lua"), "--to", "20"]);
    assert!(
        out.lines()
            .next()
            .unwrap()
            .ends_with("G(start(n)) for n in 0..=20"),
        "{out}"
    );
    // The largest k with k(k+1)/2 <= n.
    let expected: Vec<String> = (0u64..=20)
        .map(|n| {
            (0..=n)
                .take_while(|k| k * (k + 1) / 2 <= n)
                .last()
                .unwrap_or(0)
                .to_string()
        })
        .collect();
    let got: Vec<String> = body(&out)
        .join(" ")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    assert_eq!(got, expected);
    // `analyze SCRIPT 5` is the position start(5).
    let a = output(&["analyze", &example("cf768e.lua"), "5"]);
    assert!(a.contains("value *2") && a.contains("5,0 ->"), "{a}");
}

#[test]
fn pattern_says_which_shape_it_read() {
    let pairs = output(&["pattern", &example("wythoff.rhai"), "--to", "8"]);
    assert!(pairs.contains("positions are pairs `[a,b]`"), "{pairs}");
    assert!(pairs.contains("Wythoff pairs"), "{pairs}");
    let json = output(&[
        "pattern",
        &example("wythoff.rhai"),
        "--to",
        "8",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["positions"], "pairs");
    let family = output(&["pattern", &example("cf768e.lua"), "--to", "30"]);
    assert!(family.contains("G(start(n)) for n in 0..=30"), "{family}");
    assert!(family.contains("positions are `start(n)`"), "{family}");
    let heaps = output(&["pattern", &example("subtract-134.lua"), "--to", "50"]);
    assert!(heaps.contains("positions are heaps"), "{heaps}");
}

#[test]
fn a_script_on_triples_is_tabulated_as_triples_never_read_as_pairs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nim3.lua");
    std::fs::write(
        &path,
        "-- grundy analyze script:nim3.lua 1,2,3\n\
         function moves(p)\n\
           local out = {}\n\
           for i = 1, 3 do for k = 1, p[i] do\n\
             local q = {p[1], p[2], p[3]}; q[i] = p[i] - k; out[#out + 1] = q\n\
           end end\n\
           return out\n\
         end\n",
    )
    .unwrap();
    let spec = format!("script:{}", path.display());
    let values = output(&["values", &spec, "--to", "5"]);
    assert!(values.contains("G(h1,h2,h3)"), "{values}");
    assert!(!values.contains("G(a,b)"), "{values}");
    // Nim: the line of (1,2) is 3 2 1 0 7 6.
    assert!(values.lines().any(|l| l == "1,2: 3 2 1 0 7 6"), "{values}");
    let pattern = output(&["pattern", &spec, "--to", "5"]);
    assert!(
        pattern.contains("positions are tuples of 3 numbers"),
        "{pattern}"
    );
    assert!(!pattern.contains("G(a,b)"), "{pattern}");
}

#[test]
fn analyze_of_a_heap_script_searches_only_reachable_positions() {
    let dir = tempfile::tempdir().unwrap();
    // Heap 0 is no position: moves(0) fails.
    let no_zero = dir.path().join("no-zero.lua");
    std::fs::write(
        &no_zero,
        "function moves(n)\n\
           if n == 0 then error('there is no heap 0') end\n\
           local out = {}\n\
           for _, s in ipairs({1, 2}) do if n - s >= 1 then out[#out + 1] = n - s end end\n\
           return out\n\
         end\n",
    )
    .unwrap();
    let a = output(&["analyze", &format!("script:{}", no_zero.display()), "11"]);
    assert!(a.contains("value *"), "{a}");
    // A heap of 3·10^7 that halves or thirds: a few hundred positions.
    let halve = dir.path().join("halve.lua");
    std::fs::write(
        &halve,
        "function moves(n) if n == 0 then return {} end return {n // 2, n // 3} end\n",
    )
    .unwrap();
    let a = output(&[
        "analyze",
        &format!("script:{}", halve.display()),
        "30000000",
    ]);
    assert!(a.contains("outcome"), "{a}");
}
