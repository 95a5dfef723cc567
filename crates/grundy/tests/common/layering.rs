//! The layering checker shared by `crates/grundy/tests/layers.rs` (the
//! library) and `crates/grundy-cli/tests/suite/layers.rs` (the command), each
//! including this file by `#[path]` with its own list of layers.
//!
//! It reads every `.rs` file of a crate's `src/`, finds every path that
//! names a module of the crate (`crate::X` in `use` lines, nested groups
//! `use crate::{a::{b, c}}`, function bodies and types; `super::` chains;
//! a child module named by its bare name) and reports, naming `file:line`,
//! each one that names a module of a higher layer, or a sibling of its own
//! layer. Modules are top-level names (`solve`), or `parent::child` where a
//! layer lists it (`printer::graph`) or lists `parent::*` (every child of
//! `commands` is a module of its own, siblings of each other).
//!
//! Exempt: comments and string literals (doc links are not imports), the
//! crate root (`lib.rs` or `main.rs`: it declares and re-exports), and
//! test code (`#[cfg(test)]` items, and the files of
//! `#[cfg(test)] mod name;`): tests may use a higher layer to build their
//! examples, as Cargo lets dev-dependencies do.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Bottom to top; modules in one group are siblings: neither names the
/// other.
pub type Layers = &'static [&'static [&'static str]];

/// One upward (or sideways) reference.
#[derive(Debug, PartialEq)]
pub struct Violation {
    pub file: String,
    pub line: usize,
    pub from: String,
    pub to: String,
    pub from_layer: usize,
    pub to_layer: usize,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: module `{}` (layer {}) names `crate::{}` (layer {}), which is not below it",
            self.file, self.line, self.from, self.from_layer, self.to, self.to_layer,
        )
    }
}

/// Whether a layer entry (`solve`, `printer::graph`, `commands::*`)
/// stands for `module`.
fn entry_is(entry: &str, module: &str) -> bool {
    entry == module
        || entry
            .strip_suffix("::*")
            .is_some_and(|parent| module.split_once("::").is_some_and(|(p, _)| p == parent))
}

/// (layer index, group) of a module.
pub fn layer_of(layers: Layers, module: &str) -> Option<(usize, &'static [&'static str])> {
    layers
        .iter()
        .enumerate()
        .find(|(_, g)| g.iter().any(|e| entry_is(e, module)))
        .map(|(i, g)| (i, *g))
}

/// The module a path of the crate falls in: its first segment, or its
/// first two where the layers name `a::b` or `a::*`.
pub fn module_of(layers: Layers, path: &[String]) -> String {
    if path.len() >= 2 {
        let two = format!("{}::{}", path[0], path[1]);
        if layers
            .iter()
            .flat_map(|g| g.iter())
            .any(|e| *e == two || e.strip_suffix("::*") == Some(path[0].as_str()))
        {
            return two;
        }
    }
    path.first().cloned().unwrap_or_default()
}

/// The source with comments, strings and char literals blanked (newlines
/// kept, so lines still count).
pub fn blank(src: &str) -> String {
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
pub fn tokens(code: &str) -> Vec<(String, usize)> {
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
pub fn module_path(rel: &str) -> Vec<String> {
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

/// The file's scan: the crate paths it names outside test code.
pub struct FileScan {
    /// (line, absolute path in the crate) of every module path named.
    pub refs: Vec<(usize, Vec<String>)>,
    /// Files declared by `#[cfg(test)] mod name;` (relative to `src/`).
    pub test_files: Vec<String>,
}

/// The paths of a use tree or a path expression from `toks[start]` on,
/// each after `prefix`: `a::b::{c, d::{e, self}}` gives `a::b::c`,
/// `a::b::d::e` and `a::b::d`; a path in an expression ends at its first
/// token that is not a name or `::`. Iterative: a stack of the prefix
/// lengths at each open brace.
fn paths_at(
    toks: &[(String, usize)],
    start: usize,
    prefix: &[String],
) -> Vec<(usize, Vec<String>)> {
    let t = |k: usize| toks.get(k).map_or("", |x| x.0.as_str());
    let is_name = |s: &str| {
        s.chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_')
    };
    let mut out = Vec::new();
    let mut cur: Vec<String> = prefix.to_vec();
    let mut open: Vec<usize> = Vec::new();
    let mut e = start;
    while e < toks.len() {
        let line = toks[e].1;
        match t(e) {
            "::" => {}
            // A group only right after `::` (else a block or a struct).
            "{" if e == start || t(e - 1) == "::" => open.push(cur.len()),
            "," => match open.last() {
                Some(&n) => cur.truncate(n),
                None => break,
            },
            "}" => {
                open.pop();
                match open.last() {
                    Some(&n) => cur.truncate(n),
                    None => break,
                }
            }
            "*" | "self" => {
                if !cur.is_empty() {
                    out.push((line, cur.clone()));
                }
            }
            "as" => e += 1,
            name if is_name(name) => {
                cur.push(name.to_string());
                if t(e + 1) != "::" {
                    out.push((line, cur.clone()));
                }
            }
            _ => break,
        }
        e += 1;
    }
    out
}

/// Every crate path this file names, outside test code.
pub fn scan(rel: &str, src: &str) -> FileScan {
    let toks = tokens(&blank(src));
    let t = |k: usize| toks.get(k).map_or("", |x| x.0.as_str());
    let file_mod = module_path(rel);
    let mut refs = Vec::new();
    let mut test_files = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    // Child modules declared by `mod name;`: a bare `name::` names them.
    let children: Vec<String> = (1..toks.len())
        .filter(|&k| t(k - 1) == "mod" && t(k + 1) == ";")
        .map(|k| t(k).to_string())
        .collect();
    let mut depth = 0usize;
    let mut pending_test = false;
    let mut path_attr: Option<String> = None;
    let mut k = 0;
    while k < toks.len() {
        let tok = t(k);
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
            if attr.first().is_some_and(|a| a == "path") && inline.is_empty() {
                // `#[path = "x.rs"]`: the string is blanked, so read it
                // from the line of the source (relative to this file's
                // folder).
                let line = toks[k].1;
                let text = src.lines().nth(line - 1).unwrap_or("");
                path_attr = text.split('"').nth(1).map(String::from);
            }
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
        let path_here = path_attr.take();
        if pending_test {
            // Skip the whole item: to its `;` or its matching `}`.
            pending_test = false;
            let mut e = k;
            while e < toks.len() && t(e) != ";" && t(e) != "{" {
                e += 1;
            }
            if t(e) == ";" {
                if let (Some(_), Some(file)) = ((k..e).find(|&j| t(j) == "mod"), &path_here) {
                    let folder = rel.rsplit_once('/').map_or("", |(d, _)| d);
                    test_files.push(if folder.is_empty() {
                        file.clone()
                    } else {
                        format!("{folder}/{file}")
                    });
                } else if let Some(m) = (k..e).find(|&j| t(j) == "mod") {
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
        let here = || {
            let mut path = file_mod.clone();
            path.extend(inline.iter().map(|(n, _)| n.clone()));
            path
        };
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
            "crate" if t(k + 1) == "::" && !(k >= 1 && (t(k - 1) == "in" || t(k - 1) == "$")) => {
                refs.extend(paths_at(&toks, k + 2, &[]));
            }
            "super" if !(k >= 2 && t(k - 1) == "::" && t(k - 2) == "super") => {
                let mut path = here();
                let mut e = k;
                while t(e) == "super" && t(e + 1) == "::" {
                    path.pop();
                    e += 2;
                }
                if e > k {
                    refs.extend(paths_at(&toks, e, &path));
                }
            }
            name if inline.is_empty()
                && t(k + 1) == "::"
                && !(k >= 1 && t(k - 1) == "::")
                && children.iter().any(|c| c == name) =>
            {
                let mut path = here();
                path.push(name.to_string());
                refs.extend(paths_at(&toks, k + 2, &path));
            }
            _ => {}
        }
        k += 1;
    }
    FileScan { refs, test_files }
}

/// `pub use m::{A, b::C};` lines of the root: root name → module.
pub fn root_reexports(root: &str) -> HashMap<String, String> {
    let toks = tokens(&blank(root));
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

/// Checks a crate given as (path relative to `src/`, text) against
/// `layers`; `root` (`lib.rs`, `main.rs`) is the crate root. Returns the
/// violations, and names it cannot place.
pub fn check(
    layers: Layers,
    root: &str,
    files: &[(String, String)],
) -> (Vec<Violation>, Vec<String>) {
    let root_src = files
        .iter()
        .find(|(p, _)| p == root)
        .map_or("", |(_, s)| s.as_str());
    let roots = root_reexports(root_src);
    let scans: Vec<(&str, FileScan)> = files
        .iter()
        .filter(|(p, _)| p != root)
        .map(|(p, s)| (p.as_str(), scan(p, s)))
        .collect();
    let test_files: Vec<&String> = scans.iter().flat_map(|(_, s)| &s.test_files).collect();
    let mut violations = Vec::new();
    let mut unknown = Vec::new();
    for (rel, s) in &scans {
        if test_files.iter().any(|f| f.as_str() == *rel) {
            continue;
        }
        let from = module_of(layers, &module_path(rel));
        let Some((lf, group)) = layer_of(layers, &from) else {
            unknown.push(format!("{rel}: module `{from}` is in no layer"));
            continue;
        };
        // One report per (line, module named): `a::{B, C}` names `a` once.
        let mut seen = std::collections::HashSet::new();
        for (line, path) in &s.refs {
            let path = match path.first().and_then(|p| roots.get(p)) {
                Some(module) => vec![module.clone()],
                None => path.clone(),
            };
            let to = module_of(layers, &path);
            if to == from || to.is_empty() || !seen.insert((*line, to.clone())) {
                continue;
            }
            match layer_of(layers, &to) {
                None => unknown.push(format!("{rel}:{line}: `crate::{to}` is in no layer")),
                Some((lt, _))
                    if lt > lf || (lt == lf && group.iter().any(|e| entry_is(e, &to))) =>
                {
                    violations.push(Violation {
                        file: format!("src/{rel}"),
                        line: *line,
                        from: from.clone(),
                        to: to.clone(),
                        from_layer: lf,
                        to_layer: lt,
                    })
                }
                Some(_) => {}
            }
        }
    }
    (violations, unknown)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
}

/// Every `.rs` file under `src`: (path relative to `src`, text), sorted.
pub fn source_files(src: &Path) -> Vec<(String, String)> {
    let mut paths = Vec::new();
    rust_files(src, &mut paths);
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let rel = p
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read_to_string(p).unwrap())
        })
        .collect()
}
