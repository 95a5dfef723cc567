//! The fuzz targets' inputs in the normal test suite: the bodies of the
//! cargo-fuzz targets (`fuzz/src/targets.rs`, included here as they are)
//! run on every seed of `fuzz/corpus/<target>/` and on a few thousand
//! generated inputs per target, shaped like the inputs each target reads
//! (specs, graphs, game files, values files, spec + positions) with random
//! bytes mixed in. A panic in a body is a failure here as under libFuzzer.
//! The full fuzzing (nightly, libFuzzer) is described in README.md.

#[path = "../../../../fuzz/src/targets.rs"]
#[allow(dead_code)]
mod targets;

use grundy::solve::{write_values, NimTable};
use proptest::prelude::*;
use std::path::PathBuf;

/// Runs `body` on every seed of `fuzz/corpus/<target>/`.
fn seeds(target: &str, body: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        body(&data);
        count += 1;
    }
    assert!(count >= 5, "{} holds only {count} seeds", dir.display());
}

#[test]
fn the_seed_corpora_pass_every_target() {
    seeds("spec", targets::spec);
    seeds("graph", targets::graph);
    seeds("toml", targets::toml);
    seeds("values_file", targets::values_file);
    seeds("analyze", targets::analyze);
}

/// Found by the `spec` target: `take:3..0*n-3` printed its spec as
/// `take:3..-3`, which is refused (a bound is never negative).
#[test]
fn a_take_bound_of_zero_n_prints_a_spec_that_parses_back() {
    for (spec, canonical) in [
        ("take:3..0*n-3", "take:3..0"),
        ("take:0*n/2+4..n", "take:4..n"),
        ("take:1..0*n", "take:1..0"),
    ] {
        let game = grundy::spec::parse(spec).unwrap();
        assert_eq!(game.spec(), canonical, "{spec}");
        let again = grundy::spec::parse(&game.spec()).unwrap();
        assert_eq!(again.spec(), canonical, "{spec}");
    }
    targets::spec(b"take:3..0*n-3");
}

/// Family names, codes and odd words a spec starts with.
const NAMES: &[&str] = &[
    "nim",
    "sub",
    "bash",
    "octal",
    "hex",
    "kayles",
    "dawson",
    "dawson-chess",
    "treblecross",
    "guiles",
    "double-kayles",
    "lasker",
    "grundy-game",
    "allbut",
    "cutting",
    "wythoff",
    "euclid",
    "staircase",
    "moore",
    "mult",
    "box",
    "take",
    "0.07",
    ".77",
    "4.3",
    "0.3r",
    "DawsonsKayles",
    "",
    "x",
    "0",
    ".",
];

/// Argument pieces: numbers small and huge, `take:` formula words, codes.
const PIECES: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "9",
    "10",
    "100",
    "01",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "pow2",
    "fib",
    "squares",
    "n",
    "n/2",
    "n-1",
    "2*n/3+1",
    "..",
    ",",
    ",,",
    ".",
    "r",
    "F",
    "0.3F",
    "7",
    " ",
    "",
    ":",
];

/// A spec: a name, maybe `:` and argument pieces, or arbitrary text.
fn any_spec() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (
            prop::sample::select(NAMES),
            prop::option::of(prop::collection::vec(prop::sample::select(PIECES), 0..5)),
        )
            .prop_map(|(name, args)| match args {
                Some(a) => format!("{name}:{}", a.concat()),
                None => name.to_string(),
            }),
        1 => "[0-9a-zA-Z.:,*/+ -]{0,12}",
    ]
}

/// A position: small numbers joined by commas, or arbitrary text.
fn any_position() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(0u64..=20, 0..4).prop_map(|v| v
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")),
        1 => "[0-9, x-]{0,6}",
    ]
}

/// A game graph: edges and lone vertices over a few names, with comments,
/// blank lines and lines that are not edges.
fn any_graph() -> impl Strategy<Value = Vec<u8>> {
    let line = prop_oneof![
        6 => (0u8..6, 0u8..6).prop_map(|(a, b)| format!("v{a} v{b}")),
        1 => (0u8..6).prop_map(|a| format!("v{a}")),
        1 => Just("# comment".to_string()),
        1 => Just(String::new()),
        1 => "[a-z #\t]{0,8}",
    ];
    prop_oneof![
        8 => prop::collection::vec(line, 0..12).prop_map(|l| l.join("\n").into_bytes()),
        1 => prop::collection::vec(any::<u8>(), 0..32),
    ]
}

/// A TOML game file: a rule (or two), optional name and about, or text.
fn any_toml() -> impl Strategy<Value = String> {
    let numbers = prop::collection::vec(-2i64..12, 0..4).prop_map(|v| {
        format!(
            "[{}]",
            v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
        )
    });
    let bound = prop_oneof![
        (0i64..6).prop_map(|n| n.to_string()),
        prop::sample::select(&["\"n/2\"", "\"n\"", "\"n-1\"", "\"2*n/3+1\"", "\"x\"", "-1"][..])
            .prop_map(str::to_string),
    ];
    let rule = prop_oneof![
        numbers.clone().prop_map(|n| format!("subtraction = {n}")),
        numbers.prop_map(|n| format!("all_but = {n}")),
        (bound.clone(), bound).prop_map(|(a, b)| format!("take = {{ min = {a}, max = {b} }}")),
        prop::sample::select(&["0.77", "0.07", "4.3", "x", ""][..])
            .prop_map(|c| format!("octal = \"{c}\"")),
        prop::sample::select(&["0.3F", "0.F", "g"][..]).prop_map(|c| format!("hex = \"{c}\"")),
        any_spec().prop_map(|s| format!("spec = {s:?}")),
        Just("script = \"x.rhai\"".to_string()),
        Just("take = 3".to_string()),
    ];
    prop_oneof![
        8 => (
            prop::collection::vec(rule, 0..3),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(rules, name, about)| {
                let mut text = String::new();
                if name {
                    text.push_str("name = \"g\"\n");
                }
                if about {
                    text.push_str("about = \"a game\"\n");
                }
                text.push_str(&rules.join("\n"));
                text
            }),
        1 => "[a-z_= \\[\\]{}\",0-9\n]{0,24}",
    ]
}

/// A values file written by the library (so it follows the format),
/// maybe damaged: a byte changed, cut short, or made longer.
fn any_values_file() -> impl Strategy<Value = Vec<u8>> {
    let game = prop::sample::select(&["0.77", "0.07", "0.6", "4.3", "nim", "0.7\n", "x"][..]);
    let values = prop::collection::vec(
        prop_oneof![8 => 0u64..8, 1 => 0u64..70_000, 1 => any::<u64>()],
        0..40,
    );
    let damage = prop_oneof![
        4 => Just(None),
        2 => (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Some((i, b, 0))),
        1 => (any::<prop::sample::Index>(), Just(0u8)).prop_map(|(i, b)| Some((i, b, 1))),
        1 => (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Some((i, b, 2))),
    ];
    (game, values, damage).prop_map(|(game, values, damage)| {
        let mut table = NimTable::new();
        for v in values {
            table.push(v).unwrap();
        }
        let path = targets::scratch_dir().join(format!(
            "grundy-fuzz-inputs-{}-{:?}.bin",
            std::process::id(),
            std::thread::current().id()
        ));
        let mut bytes = match write_values(&path, game, table.view()) {
            Ok(_) => std::fs::read(&path).unwrap(),
            Err(_) => b"GRUNDYV1".to_vec(),
        };
        let _ = std::fs::remove_file(&path);
        if let Some((at, byte, how)) = damage {
            let i = at.index(bytes.len());
            match how {
                0 => bytes[i] = byte,
                1 => bytes.truncate(i),
                _ => bytes.insert(i, byte),
            }
        }
        bytes
    })
}

/// The `analyze` target's input: a spec, positions, maybe `misere`.
fn any_analyze_input() -> impl Strategy<Value = String> {
    (
        any_spec(),
        prop::collection::vec(any_position(), 0..4),
        prop::bool::weighted(0.3),
    )
        .prop_map(|(spec, positions, misere)| {
            let mut text = spec;
            for p in positions {
                text.push('\n');
                text.push_str(&p);
            }
            if misere {
                text.push_str("\nmisere");
            }
            text
        })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn generated_specs_never_panic(spec in any_spec()) {
        targets::spec(spec.as_bytes());
    }

    #[test]
    fn generated_graphs_never_panic(graph in any_graph()) {
        targets::graph(&graph);
    }

    #[test]
    fn generated_game_files_never_panic(file in any_toml()) {
        targets::toml(file.as_bytes());
    }

    #[test]
    fn generated_analyze_inputs_never_panic(input in any_analyze_input()) {
        targets::analyze(input.as_bytes());
    }
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn generated_values_files_never_panic(file in any_values_file()) {
        targets::values_file(&file);
    }
}
