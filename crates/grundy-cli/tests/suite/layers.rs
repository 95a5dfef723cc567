//! The command's files in layers, bottom to top, with no import upward or
//! sideways, so no cycle among them (issue 35 item 3): this test reads
//! every `.rs` file under `src/` with the library's scanner
//! (`crates/grundy/tests/common/layering.rs`) and fails naming `file:line`
//! when a file names a module of a higher layer or a sibling of its own.
//! Every command under `commands/` is a module of its own: a command names
//! no other command.

#[path = "../../../grundy/tests/common/layering.rs"]
mod layering;

use layering::Violation;
use std::path::Path;

/// Bottom to top. Modules in one group are siblings: neither names the
/// other. `main.rs` (the root: it declares the modules and dispatches) is
/// above them all.
const LAYERS: &[&[&str]] = &[
    // Leaves: argument values and formats, escaping, error lines, the
    // allocator, Ctrl-C, disk checks, game files.
    &[
        "format",
        "terminal",
        "errors",
        "alloc",
        "interrupt",
        "disk",
        "files",
        "batch",
    ],
    // Progress bars, the GAME argument, the printer's parts.
    &[
        "progress",
        "game",
        "printer::values",
        "printer::graph",
        "printer::plot",
    ],
    // The printer.
    &["printer"],
    // What prints through a `Printer`.
    &["printer::compound", "printer::batch"],
    // One module per command.
    &["commands", "commands::*"],
    // The command line: names every command's `Args`.
    &["cli"],
    // `grundy serve`: runs the commands, parsed by the command line.
    &["server"],
];

fn check(files: &[(String, String)]) -> (Vec<Violation>, Vec<String>) {
    layering::check(LAYERS, "main.rs", files)
}

#[test]
fn no_file_of_the_cli_imports_from_a_higher_layer_or_a_sibling() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = layering::source_files(&src);
    assert!(
        files.iter().any(|(p, _)| p == "commands/values.rs") && files.len() > 20,
        "found only {} files under {src:?}",
        files.len()
    );
    let (violations, unknown) = check(&files);
    let report: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
    assert!(
        report.is_empty() && unknown.is_empty(),
        "imports against the layers (bottom to top: {LAYERS:?}):\n{}\n{}",
        report.join("\n"),
        unknown.join("\n")
    );
}

fn planted(files: &[(&str, &str)]) -> (Vec<(String, usize, String)>, Vec<String>) {
    let mut all = vec![(
        "main.rs".to_string(),
        "mod cli;\nmod commands;\nmod printer;\nuse cli::Cli;\n".to_string(),
    )];
    all.extend(files.iter().map(|(p, s)| (p.to_string(), s.to_string())));
    let (v, unknown) = check(&all);
    let lines = v
        .iter()
        .map(|v| (v.file.clone(), v.line, v.to.clone()))
        .collect();
    (lines, unknown)
}

#[test]
fn the_checker_fails_on_a_planted_cycle_naming_file_and_line() {
    // printer/mod.rs names its part graph (down), and graph names the
    // printer back (up): the cycle is reported at the upward end.
    let (v, unknown) = planted(&[
        (
            "printer/mod.rs",
            "pub mod graph;\nuse crate::format::Format;\nuse graph::vertices;\n",
        ),
        (
            "printer/graph.rs",
            "use anyhow::Result;\n\nfn f() { let _ = crate::printer::loopy_json; }\n",
        ),
        ("format.rs", "use clap::ValueEnum;\n"),
    ]);
    assert!(unknown.is_empty(), "{unknown:?}");
    assert_eq!(v, [("src/printer/graph.rs".into(), 3, "printer".into())]);
}

#[test]
fn the_checker_fails_on_a_command_naming_another_and_on_upward_uses() {
    let (v, unknown) = planted(&[
        (
            "commands/census.rs",
            "use crate::printer::{self, plot::Dots};\nuse super::values::progress;\n",
        ),
        (
            "commands/values.rs",
            "use crate::{format::{self, Format},\n  commands::census::Row};\n",
        ),
        ("progress.rs", "use crate::commands::values::ValuesArgs;\n"),
        ("format.rs", "pub fn f() -> crate::cli::Cli { todo!() }\n"),
        ("cli.rs", "use crate::commands::{census, values};\n"),
        ("commands/mod.rs", "pub mod census;\npub mod values;\n"),
        ("printer/mod.rs", "pub mod plot;\n"),
        ("printer/plot.rs", "use crate::disk::check_file;\n"),
    ]);
    assert!(unknown.is_empty(), "{unknown:?}");
    assert_eq!(
        v,
        [
            (
                "src/commands/census.rs".into(),
                2,
                "commands::values".into()
            ),
            (
                "src/commands/values.rs".into(),
                2,
                "commands::census".into()
            ),
            ("src/progress.rs".into(), 1, "commands::values".into()),
            ("src/format.rs".into(), 1, "cli".into()),
        ]
    );
}

#[test]
fn the_checker_ignores_tests_comments_and_downward_imports_of_the_cli() {
    let (v, unknown) = planted(&[
        (
            "printer/mod.rs",
            "//! Uses [`crate::commands::values`].\npub mod compound;\nuse crate::terminal::escape;\n\
             #[cfg(test)]\nmod tests {\n    use crate::commands::values::run;\n}\n",
        ),
        (
            "printer/compound.rs",
            "use super::Printer;\nconst S: &str = \"crate::cli\";\n",
        ),
        ("commands/play.rs", "use crate::format::First;\nuse crate::printer::compound::print;\n"),
    ]);
    assert!(v.is_empty(), "{v:?}");
    assert!(unknown.is_empty(), "{unknown:?}");
}
