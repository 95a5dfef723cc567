//! The library's layers, bottom to top, with no import upward (see the map
//! in `src/lib.rs`). This test reads every `.rs` file under `src/`, finds
//! every `crate::X` path (in `use` lines, grouped `use crate::{..}`, function
//! bodies, types; `super::` chains that climb to the crate root count too)
//! and fails naming `file:line` when a module names a module of a higher
//! layer, or a sibling of its own layer. The scanner is
//! `tests/common/layering.rs`, shared with the CLI's `tests/layers.rs`.
//!
//! Exempt: comments and string literals (doc links are not imports), the
//! crate root `lib.rs` (it re-exports), and test code (`#[cfg(test)]`
//! items, and the files of `#[cfg(test)] mod name;`): tests may use a
//! higher layer to build their examples, as Cargo lets dev-dependencies do.

#[path = "../common/layering.rs"]
mod layering;

use layering::{blank, tokens, Violation};
use std::path::Path;

/// Bottom to top. Modules in one group are siblings: neither imports the
/// other.
const LAYERS: &[&[&str]] = &[
    &["error", "util"],
    &["nimber", "files"],
    &["analysis"],
    &["game"],
    &["solve"],
    &["strategy"],
    &["games"],
    &["anygame"],
    &["script"],
    &["spec"],
    &["play"],
    &["explain"],
    &["census"],
    &["service"],
];

/// Known upward imports, each with its reason: (file under `src/`, module
/// it names). Every entry must still be needed (a test fails on a stale
/// one), so the list can only shrink. It is empty since issue 35 split
/// `spec`: the run-time interface (`anygame`) sits below `script`, the
/// family registry (`spec`) above it, and a test keeps it empty.
const KNOWN_UPWARD: &[(&str, &str)] = &[];

/// Checks the library given as (path relative to `src/`, text) against
/// [`LAYERS`]; `lib.rs` is the root.
fn check(files: &[(String, String)]) -> (Vec<Violation>, Vec<String>) {
    layering::check(LAYERS, "lib.rs", files)
}

/// Every `.rs` file under `src/`: (path relative to `src/`, text).
fn library_files() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = layering::source_files(&src);
    assert!(
        files.len() > 30,
        "found only {} files under {src:?}",
        files.len()
    );
    files
}

#[test]
fn no_module_of_the_library_imports_from_a_higher_layer() {
    let files = library_files();
    let (mut violations, unknown) = check(&files);
    for (file, to) in KNOWN_UPWARD {
        let known = |v: &Violation| v.file == format!("src/{file}") && v.to == *to;
        assert!(
            violations.iter().any(known),
            "src/{file} no longer names `crate::{to}`: remove it from KNOWN_UPWARD"
        );
        violations.retain(|v| !known(v));
    }
    let report: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
    assert!(
        report.is_empty() && unknown.is_empty(),
        "imports against the layers (bottom to top: {LAYERS:?}):\n{}\n{}",
        report.join("\n"),
        unknown.join("\n")
    );
}

#[test]
fn no_upward_import_is_excused_in_the_library() {
    assert!(
        KNOWN_UPWARD.is_empty(),
        "the library's layers hold without exceptions since issue 35; \
         mend the import instead of listing it: {KNOWN_UPWARD:?}"
    );
}

fn synthetic(files: &[(&str, &str)]) -> (Vec<Violation>, Vec<String>) {
    let lib =
        "pub mod game;\npub use game::{Game, HeapGame};\npub use nimber::{mex::mex, Nimber};\n";
    let mut all = vec![("lib.rs".to_string(), lib.to_string())];
    all.extend(files.iter().map(|(p, s)| (p.to_string(), s.to_string())));
    check(&all)
}

fn lines(v: &[Violation]) -> Vec<(String, usize, String)> {
    v.iter()
        .map(|v| (v.file.clone(), v.line, v.to.clone()))
        .collect()
}

#[test]
fn the_checker_fails_on_an_upward_use_line_naming_file_and_line() {
    let (v, unknown) = synthetic(&[(
        "solve/dense.rs",
        "use crate::nimber::Nimber;\nuse crate::games::Subtraction;\n",
    )]);
    assert!(unknown.is_empty(), "{unknown:?}");
    assert_eq!(
        lines(&v),
        [("src/solve/dense.rs".into(), 2, "games".into())]
    );
    assert!(v[0]
        .to_string()
        .starts_with("src/solve/dense.rs:2: module `solve`"));
}

#[test]
fn the_checker_finds_grouped_uses_paths_in_bodies_and_root_reexports() {
    let (v, _) = synthetic(&[(
        "game.rs",
        "use crate::{nimber::Nimber,\n  strategy::{Outcome, WinningMove}};\n\
         fn f() -> Option<crate::games::TakeBreak> {\n    let x: crate::Nimber = todo!();\n    None\n}\n\
         fn g() { let _ = crate::Game::foo; }\n",
    )]);
    assert_eq!(
        lines(&v),
        [
            ("src/game.rs".into(), 2, "strategy".into()),
            ("src/game.rs".into(), 3, "games".into()),
        ]
    );
}

#[test]
fn the_checker_handles_folder_modules_and_super_chains_to_the_root() {
    let (v, _) = synthetic(&[
        (
            "solve/takebreak/mod.rs",
            "mod core;\nuse super::table::NimTable;\nuse super::super::spec::AnyGame;\n",
        ),
        (
            "solve/takebreak/core.rs",
            "use super::super::dense::X;\nuse crate::games::TakeBreak;\n",
        ),
        (
            "solve.rs",
            "use super::play::Match;\nmod inner { use super::dense; }\n",
        ),
    ]);
    assert_eq!(
        lines(&v),
        [
            ("src/solve/takebreak/mod.rs".into(), 3, "spec".into()),
            ("src/solve/takebreak/core.rs".into(), 2, "games".into()),
            ("src/solve.rs".into(), 1, "play".into()),
        ]
    );
}

#[test]
fn the_checker_ignores_comments_strings_tests_and_downward_imports() {
    let (v, unknown) = synthetic(&[
        (
            "solve/heap.rs",
            "//! See [`crate::games::Nim`].\n/* crate::spec */\n\
             const S: &str = \"crate::play::x\";\nconst R: &str = r#\"crate::script\"#;\n\
             fn f<'a>(c: char) -> bool { c == '\"' }\n\
             use crate::game::HeapGame;\n\
             #[cfg(test)]\nmod tests {\n    use crate::games::Subtraction;\n    fn t() { crate::spec::parse(\"x\"); }\n}\n\
             #[cfg(test)]\nmod more;\n\
             fn g() -> crate::nimber::Nimber { todo!() }\n",
        ),
        ("solve/heap/more.rs", "use crate::games::Nim;\n"),
        (
            "solve/dense.rs",
            "#[cfg(test)]\n#[path = \"dense_tests.rs\"]\nmod tests;\n",
        ),
        ("solve/dense_tests.rs", "use crate::spec::parse;\n"),
        ("spec.rs", "#[cfg(all(test, feature = \"script\"))]\nuse crate::script::S;\n"),
        ("play.rs", "use crate::{spec::parse, strategy::Analysis, error::Result};\n"),
    ]);
    assert!(v.is_empty(), "{v:?}");
    assert!(unknown.is_empty(), "{unknown:?}");
}

#[test]
fn the_checker_refuses_siblings_and_names_it_cannot_place() {
    let (v, unknown) = synthetic(&[
        ("util/mod.rs", "use crate::error::Error;\n"),
        ("nimber/mod.rs", "use crate::newthing::X;\n"),
        ("newthing.rs", "\n"),
    ]);
    assert_eq!(lines(&v), [("src/util/mod.rs".into(), 1, "error".into())]);
    assert_eq!(unknown.len(), 2, "{unknown:?}");
}

/// The first file whose code may be `unsafe` (issue 18 item 2): the take-
/// and-break engine's kernels (AVX2 entry points, the table read by one
/// thread while another pushes to it).
const UNSAFE_HOME: &str = "solve/takebreak/kernels.rs";

/// Every file whose code may be `unsafe`: (the file, the file declaring its
/// module, the module's name). The kernels, and the table kept in a memory
/// map of its values file (issue 38 item 2: a map is `unsafe` to create and
/// to view as `&[u16]`).
const UNSAFE_HOMES: [(&str, &str, &str); 2] = [
    (UNSAFE_HOME, "solve/takebreak/mod.rs", "kernels"),
    ("solve/table/mapped.rs", "solve/table.rs", "mapped"),
];

/// `file:line` of every `unsafe` outside [`UNSAFE_HOMES`] (comments and
/// strings aside), and of every `unsafe_code` lint setting other than the
/// crate root's `#![deny(unsafe_code)]` and the `#[allow(unsafe_code)]` on
/// the `mod` line of each of those files. Also fails if the crate root
/// does not deny it.
fn unsafe_outside_kernels(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    let mut denied = false;
    for (rel, text) in files {
        let toks = tokens(&blank(text));
        let word = |k: usize| toks.get(k).map_or("", |t| t.0.as_str());
        for (k, (tok, line)) in toks.iter().enumerate() {
            let allowed = match tok.as_str() {
                "unsafe" => UNSAFE_HOMES.iter().any(|h| rel == h.0),
                "unsafe_code" => {
                    let before = [word(k.wrapping_sub(5)), word(k.wrapping_sub(4))];
                    let deny = rel == "lib.rs"
                        && k >= 5
                        && before == ["#", "!"]
                        && (k - 3..=k + 2).map(word).eq([
                            "[",
                            "deny",
                            "(",
                            "unsafe_code",
                            ")",
                            "]",
                        ]);
                    denied |= deny;
                    let home_mod = UNSAFE_HOMES.iter().any(|&(_, parent, name)| {
                        rel == parent
                            && k >= 4
                            && (k - 4..=k + 5).map(word).eq([
                                "#",
                                "[",
                                "allow",
                                "(",
                                "unsafe_code",
                                ")",
                                "]",
                                "mod",
                                name,
                                ";",
                            ])
                    });
                    deny || home_mod
                }
                _ => true,
            };
            if !allowed {
                found.push(format!("src/{rel}:{line}: `{tok}`"));
            }
        }
    }
    if !denied {
        found.push("src/lib.rs: no `#![deny(unsafe_code)]`".into());
    }
    found
}

#[test]
fn unsafe_code_lives_only_in_the_engine_kernels() {
    let files = library_files();
    assert!(files.iter().any(|(rel, _)| rel == UNSAFE_HOME));
    let found = unsafe_outside_kernels(&files);
    assert!(
        found.is_empty(),
        "`unsafe` outside src/{UNSAFE_HOME}:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_unsafe_check_fails_on_unsafe_elsewhere_and_allows_only_the_named_settings() {
    let root = (
        "lib.rs".to_string(),
        "#![deny(unsafe_code)]\npub mod solve;\n".to_string(),
    );
    let files = |extra: &[(&str, &str)]| {
        let mut all = vec![root.clone()];
        all.extend(extra.iter().map(|(p, s)| (p.to_string(), s.to_string())));
        unsafe_outside_kernels(&all)
    };
    let clean = files(&[
        (
            "solve/takebreak/mod.rs",
            "// unsafe in a comment\n#[allow(unsafe_code)]\nmod kernels;\nconst S: &str = \"unsafe\";\n",
        ),
        ("solve/takebreak/kernels.rs", "unsafe fn f() {}\nfn g() { unsafe { f() } }\n"),
        ("solve/table.rs", "#[allow(unsafe_code)]\nmod mapped;\n"),
        ("solve/table/mapped.rs", "unsafe fn m() {}\n"),
    ]);
    assert!(clean.is_empty(), "{clean:?}");
    assert_eq!(
        files(&[
            (
                "solve/takebreak/block.rs",
                "fn f(p: *const u8) -> u8 {\n    unsafe { *p }\n}\n"
            ),
            ("solve/dense.rs", "#[allow(unsafe_code)]\nfn g() {}\n"),
            (
                "solve/takebreak/mod.rs",
                "#[allow(unsafe_code)]\nmod pipeline;\n"
            ),
            ("solve/memo.rs", "#[allow(unsafe_code)]\nmod mapped;\n"),
        ]),
        [
            "src/solve/takebreak/block.rs:2: `unsafe`",
            "src/solve/dense.rs:1: `unsafe_code`",
            "src/solve/takebreak/mod.rs:1: `unsafe_code`",
            "src/solve/memo.rs:1: `unsafe_code`",
        ]
    );
    let no_deny = unsafe_outside_kernels(&[("lib.rs".into(), "pub mod solve;\n".into())]);
    assert_eq!(no_deny, ["src/lib.rs: no `#![deny(unsafe_code)]`"]);
}
