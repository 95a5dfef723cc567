//! The library's layers, bottom to top, with no import upward (see the map
//! in `src/lib.rs`). This test reads every `.rs` file under `src/`, finds
//! every `crate::X` path (in `use` lines, grouped `use crate::{..}`, function
//! bodies, types; `super::` chains that climb to the crate root count too)
//! and fails naming `file:line` when a module names a module of a higher
//! layer, or a sibling of its own layer.
//!
//! Exempt: comments and string literals (doc links are not imports), the
//! crate root `lib.rs` (it re-exports), and test code (`#[cfg(test)]`
//! items, and the files of `#[cfg(test)] mod name;`): tests may use a
//! higher layer to build their examples, as Cargo lets dev-dependencies do.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

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
    &["spec"],
    &["script"],
    &["play"],
    &["census"],
    &["service"],
];

/// Known upward imports still to be removed, each with its reason:
/// (file under `src/`, module it names). Every entry must still be needed
/// (a test fails on a stale one), so the list can only shrink.
///
/// `spec/families/script.rs` and `spec/families/toml.rs` → `script`: the
/// `script:FILE` and `toml:FILE` families build their game from the file's
/// text (which the caller hands over, see `spec::SpecFiles`), and a TOML
/// game file names a spec parsed by `spec::parse_with` again, so these two
/// family entries must reach the script layer for `spec::parse_with` to
/// know every family. They are the only files of `spec` that do.
const KNOWN_UPWARD: &[(&str, &str)] = &[
    ("spec/families/script.rs", "script"),
    ("spec/families/toml.rs", "script"),
];

/// One upward (or sideways) reference.
#[derive(Debug, PartialEq)]
struct Violation {
    file: String,
    line: usize,
    from: String,
    to: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: module `{}` (layer {}) names `crate::{}` (layer {}), which is not below it",
            self.file,
            self.line,
            self.from,
            layer_of(&self.from).map_or(0, |l| l.0),
            self.to,
            layer_of(&self.to).map_or(0, |l| l.0),
        )
    }
}

/// (layer index, group) of a top-level module.
fn layer_of(module: &str) -> Option<(usize, &'static [&'static str])> {
    LAYERS
        .iter()
        .enumerate()
        .find(|(_, g)| g.contains(&module))
        .map(|(i, g)| (i, *g))
}

/// The source with comments, strings and char literals blanked (newlines
/// kept, so lines still count).
fn blank(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let keep = |c: char, out: &mut String| out.push(if c == '\n' { '\n' } else { ' ' });
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    keep(b[i], &mut out);
                    i += 1;
                }
            }
        } else if (c == 'r' || (c == 'b' && next == Some('r')))
            && !prev_is_ident(&b, i)
            && raw_string_start(&b, i + usize::from(c == 'b') + 1).is_some()
        {
            let start = i + usize::from(c == 'b') + 1;
            let hashes = raw_string_start(&b, start).unwrap();
            let body = start + hashes + 1;
            for &ch in &b[i..body] {
                keep(ch, &mut out);
            }
            i = body;
            while i < b.len() {
                if b[i] == '"' && (1..=hashes).all(|k| b.get(i + k) == Some(&'#')) {
                    for _ in 0..=hashes {
                        out.push(' ');
                    }
                    i += hashes + 1;
                    break;
                }
                keep(b[i], &mut out);
                i += 1;
            }
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    keep(b[i], &mut out);
                    i += 1;
                }
                if i < b.len() {
                    keep(b[i], &mut out);
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            let end = if next == Some('\\') {
                (i + 2..b.len()).find(|&k| b[k] == '\'')
            } else if b.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(e) => {
                    for &ch in &b[i..=e] {
                        keep(ch, &mut out);
                    }
                    i = e + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(b: &[char], i: usize) -> bool {
    i > 0 && (b[i - 1].is_alphanumeric() || b[i - 1] == '_')
}

/// At `b[i]`: `#`* then `"` → the number of `#`.
fn raw_string_start(b: &[char], i: usize) -> Option<usize> {
    let hashes = b[i.min(b.len())..]
        .iter()
        .take_while(|&&c| c == '#')
        .count();
    (b.get(i + hashes) == Some(&'"')).then_some(hashes)
}

/// Identifiers, `::` and single punctuation, with their line.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < b.len() {
        let c = b[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let s = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            out.push((b[s..i].iter().collect(), line));
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push(("::".into(), line));
            i += 2;
        } else {
            out.push((c.to_string(), line));
            i += 1;
        }
    }
    out
}

/// The module path of a file relative to `src/` (`solve/takebreak/core.rs`
/// → `[solve, takebreak, core]`; `spec.rs` → `[spec]`; `x/mod.rs` → `[x]`).
fn module_path(rel: &str) -> Vec<String> {
    let rel = rel.trim_end_matches(".rs");
    let mut parts: Vec<String> = rel.split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Whether an attribute's tokens (inside `#[..]`) turn code on only for
/// tests.
fn is_test_cfg(attr: &[String]) -> bool {
    attr.first().is_some_and(|t| t == "cfg")
        && attr.iter().any(|t| t == "test")
        && !attr.iter().any(|t| t == "not")
}

struct FileScan {
    /// (line, top-level module named) for every `crate::X` outside tests.
    refs: Vec<(usize, String)>,
    /// Files declared by `#[cfg(test)] mod name;` (relative to `src/`).
    test_files: Vec<String>,
}

/// Every top-level module this file names, outside test code.
fn scan(rel: &str, src: &str, roots: &HashMap<String, String>) -> FileScan {
    let toks = tokens(&blank(src));
    let t = |k: usize| toks.get(k).map_or("", |x| x.0.as_str());
    let file_mod = module_path(rel);
    let mut refs = Vec::new();
    let mut test_files = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut pending_test = false;
    let mut k = 0;
    let top = |name: &str| -> String { roots.get(name).cloned().unwrap_or_else(|| name.into()) };
    while k < toks.len() {
        let tok = t(k);
        let line = toks[k].1;
        if tok == "#" && (t(k + 1) == "[" || (t(k + 1) == "!" && t(k + 2) == "[")) {
            let inner = t(k + 1) == "!";
            let open = k + if inner { 2 } else { 1 };
            let mut d = 0;
            let mut e = open;
            while e < toks.len() {
                match t(e) {
                    "[" => d += 1,
                    "]" => {
                        d -= 1;
                        if d == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                e += 1;
            }
            let attr: Vec<String> = toks[open + 1..e].iter().map(|x| x.0.clone()).collect();
            if is_test_cfg(&attr) {
                if inner {
                    return FileScan {
                        refs: Vec::new(),
                        test_files,
                    };
                }
                pending_test = true;
            }
            k = e + 1;
            continue;
        }
        if pending_test {
            // Skip the whole item: to its `;` or its matching `}`.
            pending_test = false;
            let mut e = k;
            while e < toks.len() && t(e) != ";" && t(e) != "{" {
                e += 1;
            }
            if t(e) == ";" {
                if let Some(m) = (k..e).find(|&j| t(j) == "mod") {
                    let mut dir = file_mod.clone();
                    dir.extend(inline.iter().map(|(n, _)| n.clone()));
                    let base = dir.join("/");
                    let name = t(m + 1);
                    test_files.push(format!("{base}/{name}.rs"));
                    test_files.push(format!("{base}/{name}/mod.rs"));
                }
                k = e + 1;
            } else {
                let mut d = 0;
                while e < toks.len() {
                    match t(e) {
                        "{" => d += 1,
                        "}" => {
                            d -= 1;
                            if d == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    e += 1;
                }
                k = e + 1;
            }
            continue;
        }
        match tok {
            "{" => {
                if k >= 2 && t(k - 2) == "mod" {
                    inline.push((t(k - 1).to_string(), depth));
                }
                depth += 1;
            }
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            "crate" if t(k + 1) == "::" && !(k >= 1 && t(k - 1) == "in") => {
                if t(k + 2) == "{" {
                    // Grouped: the first segment of every item at depth 1.
                    let mut d = 0;
                    let mut e = k + 2;
                    let mut expect = true;
                    while e < toks.len() {
                        match t(e) {
                            "{" => {
                                d += 1;
                                expect = d == 1;
                            }
                            "}" => {
                                d -= 1;
                                if d == 0 {
                                    break;
                                }
                            }
                            "," if d == 1 => expect = true,
                            name if expect && d == 1 => {
                                if name != "self" {
                                    refs.push((toks[e].1, top(name)));
                                }
                                expect = false;
                            }
                            _ => {}
                        }
                        e += 1;
                    }
                } else if !t(k + 2).is_empty() {
                    refs.push((line, top(t(k + 2))));
                }
            }
            "super" if !(k >= 2 && t(k - 1) == "::" && t(k - 2) == "super") => {
                let mut path = file_mod.clone();
                path.extend(inline.iter().map(|(n, _)| n.clone()));
                let mut e = k;
                while t(e) == "super" && t(e + 1) == "::" {
                    path.pop();
                    e += 2;
                }
                if path.is_empty() && !t(e).is_empty() && t(e) != "{" {
                    refs.push((line, top(t(e))));
                }
            }
            _ => {}
        }
        k += 1;
    }
    FileScan { refs, test_files }
}

/// `pub use m::{A, b::C};` lines of lib.rs: root name → module.
fn root_reexports(lib: &str) -> HashMap<String, String> {
    let toks = tokens(&blank(lib));
    let mut map = HashMap::new();
    let mut k = 0;
    while k + 2 < toks.len() {
        if toks[k].0 == "pub" && toks[k + 1].0 == "use" {
            let module = toks[k + 2].0.clone();
            let mut e = k + 3;
            let mut last = String::new();
            while e < toks.len() && toks[e].0 != ";" {
                let tk = &toks[e].0;
                if tk == "," || tk == "}" {
                    map.insert(last.clone(), module.clone());
                } else if tk != "::" && tk != "{" {
                    last = tk.clone();
                }
                e += 1;
            }
            if !last.is_empty() {
                map.insert(last, module.clone());
            }
            k = e;
        }
        k += 1;
    }
    map
}

/// Checks a crate given as (path relative to `src/`, text); `lib.rs` is
/// the root. Returns the violations, and names it cannot place.
fn check(files: &[(String, String)]) -> (Vec<Violation>, Vec<String>) {
    let lib = files
        .iter()
        .find(|(p, _)| p == "lib.rs")
        .map_or("", |(_, s)| s.as_str());
    let roots = root_reexports(lib);
    let scans: Vec<(&str, FileScan)> = files
        .iter()
        .filter(|(p, _)| p != "lib.rs")
        .map(|(p, s)| (p.as_str(), scan(p, s, &roots)))
        .collect();
    let test_files: Vec<&String> = scans.iter().flat_map(|(_, s)| &s.test_files).collect();
    let mut violations = Vec::new();
    let mut unknown = Vec::new();
    for (rel, s) in &scans {
        if test_files.iter().any(|f| f.as_str() == *rel) {
            continue;
        }
        let from = module_path(rel)[0].clone();
        let Some((lf, group)) = layer_of(&from) else {
            unknown.push(format!("{rel}: module `{from}` is in no layer"));
            continue;
        };
        for (line, to) in &s.refs {
            if *to == from {
                continue;
            }
            match layer_of(to) {
                None => unknown.push(format!("{rel}:{line}: `crate::{to}` is in no layer")),
                Some((lt, _)) if lt > lf || (lt == lf && group.contains(&to.as_str())) => {
                    violations.push(Violation {
                        file: format!("src/{rel}"),
                        line: *line,
                        from: from.clone(),
                        to: to.clone(),
                    })
                }
                Some(_) => {}
            }
        }
    }
    (violations, unknown)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every `.rs` file under `src/`: (path relative to `src/`, text).
fn library_files() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&src, &mut paths);
    paths.sort();
    let files: Vec<(String, String)> = paths
        .iter()
        .map(|p| {
            let rel = p
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read_to_string(p).unwrap())
        })
        .collect();
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

/// The one file whose code may be `unsafe` (issue 18 item 2): the take-and-
/// break engine's kernels (AVX2 entry points, the table read by one thread
/// while another pushes to it).
const UNSAFE_HOME: &str = "solve/takebreak/kernels.rs";

/// `file:line` of every `unsafe` outside [`UNSAFE_HOME`] (comments and
/// strings aside), and of every `unsafe_code` lint setting other than the
/// crate root's `#![deny(unsafe_code)]` and the `#[allow(unsafe_code)]` on
/// `mod kernels;` in the engine's `mod.rs`. Also fails if the crate root
/// does not deny it.
fn unsafe_outside_kernels(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    let mut denied = false;
    for (rel, text) in files {
        let toks = tokens(&blank(text));
        let word = |k: usize| toks.get(k).map_or("", |t| t.0.as_str());
        for (k, (tok, line)) in toks.iter().enumerate() {
            let allowed = match tok.as_str() {
                "unsafe" => rel == UNSAFE_HOME,
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
                    let kernels_mod = rel == "solve/takebreak/mod.rs"
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
                            "kernels",
                            ";",
                        ]);
                    deny || kernels_mod
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
fn the_unsafe_check_fails_on_unsafe_elsewhere_and_allows_only_the_two_settings() {
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
        ]),
        [
            "src/solve/takebreak/block.rs:2: `unsafe`",
            "src/solve/dense.rs:1: `unsafe_code`",
            "src/solve/takebreak/mod.rs:1: `unsafe_code`",
        ]
    );
    let no_deny = unsafe_outside_kernels(&[("lib.rs".into(), "pub mod solve;\n".into())]);
    assert_eq!(no_deny, ["src/lib.rs: no `#![deny(unsafe_code)]`"]);
}
