//! Lists the files `grundy serve` embeds: the page's files
//! (`assets/`, served under `/assets/`) and the example games
//! (`examples/games/`, served by `/api/examples`), each read with
//! `include_bytes!`, so the binary needs no file at run time and a file
//! added to either directory is served without editing a list.

use std::fmt::Write;
use std::path::Path;

fn files(dir: &Path) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = e.path().canonicalize().expect("a listed file");
            (name, path.to_string_lossy().into_owned())
        })
        .filter(|(name, _)| !name.starts_with('.'))
        .collect();
    found.sort();
    found
}

fn list(out: &mut String, name: &str, files: &[(String, String)]) {
    writeln!(out, "pub static {name}: &[(&str, &[u8])] = &[").unwrap();
    for (file, path) in files {
        writeln!(out, "    ({file:?}, include_bytes!({path:?})),").unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let assets = root.join("assets");
    let examples = root.join("../../examples/games");
    println!("cargo:rerun-if-changed={}", assets.display());
    println!("cargo:rerun-if-changed={}", examples.display());
    let mut out = String::new();
    list(&mut out, "ASSETS", &files(&assets));
    list(&mut out, "EXAMPLES", &files(&examples));
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("embedded.rs");
    std::fs::write(dest, out).unwrap();
}
