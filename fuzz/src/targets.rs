//! The bodies of the fuzz targets, one function per target, each taking the
//! raw input bytes. A panic is a finding; an `Err` from the library is a
//! correct refusal. Besides "no panic", each body checks what the library
//! promises about an input it accepts (a canonical spec parses back to
//! itself, a sum's outcome agrees with its value, a vertex's value is the
//! mex of its successors' values, ...).
//!
//! This file is shared: `fuzz/fuzz_targets/*.rs` (cargo-fuzz, libFuzzer)
//! call these functions, and `crates/grundy/tests/suite/fuzz_inputs.rs` includes
//! the same file with `#[path]` and runs the seed corpora and a few thousand
//! proptest inputs per target in the normal test suite (stable toolchain).
//! So it uses only the `grundy` library and `std`.
//!
//! Each body bounds its own work (input length, heap sizes, counts), so
//! that every input runs in milliseconds: a slow input is a finding too
//! (libFuzzer's `-timeout`).

use grundy::games::graph::GameGraph;
use grundy::games::TakeBreak;
use grundy::script::gamefile::GameFile;
use grundy::solve::{read_values, write_values, TakeBreakConfig, TakeBreakSolver};
use grundy::spec::{self, AnalyzeOptions, AnyGame};
use grundy::strategy::Outcome;
use grundy::Nimber;
use std::path::Path;

/// Longest spec or position text the targets look at.
const MAX_TEXT: usize = 256;

/// Largest number a position of the `analyze` target may hold: the point
/// is to reach the code, not to compute big tables.
const MAX_NUMBER: u64 = 64;

/// Specs that name a file (`script:FILE`, `toml:FILE`). Opening paths the
/// fuzzer makes up is no test of the parser (and `script:/dev/zero` reads
/// for ever, issue 17 item 3); game files are the `toml` target's, from
/// bytes.
pub fn names_a_file(spec: &str) -> bool {
    match spec.trim().split_once(':') {
        Some((name, _)) => name.eq_ignore_ascii_case("script") || name.eq_ignore_ascii_case("toml"),
        None => false,
    }
}

/// Positions the `spec` target tries on every game it parses: heaps,
/// pairs, lists, and things that are not positions at all.
const TINY_POSITIONS: &[&str] = &["0", "1", "2", "5", "9", "1,2", "3,4", "2,2,3", "", "x"];

/// `spec`: [`spec::parse`] on the input, then the operations every game has
/// on tiny positions.
pub fn spec(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > MAX_TEXT || names_a_file(text) {
        return;
    }
    let Ok(mut game) = spec::parse(text) else {
        return;
    };
    canonical_spec_parses_back(&*game);
    exercise(&mut *game, TINY_POSITIONS);
}

/// The canonical spec of a game parses, to a game with the same spec.
fn canonical_spec_parses_back(game: &dyn AnyGame) {
    let canonical = game.spec();
    if names_a_file(&canonical) {
        return;
    }
    match spec::parse(&canonical) {
        Ok(again) => assert_eq!(again.spec(), canonical, "the canonical spec changed"),
        Err(e) => panic!("the canonical spec `{canonical}` is refused: {e}"),
    }
}

/// Values, the pair table, and for each position: normalize, options and
/// analyze (normal and misère), checked against each other.
fn exercise(game: &mut dyn AnyGame, positions: &[&str]) {
    let table = game.table(0, 3);
    let pair_game = matches!(table, Ok(Some(_)));
    if let Ok(Some(rows)) = &table {
        assert_eq!(rows.len(), 4, "table(0, 3) has {} rows", rows.len());
        assert!(rows.iter().all(|r| r.len() == 4), "table(0, 3) is not 4x4");
    }
    let values = game.values(0, 16).ok();
    if let Some(v) = &values {
        assert_eq!(v.len(), 17, "values(0, 16) gave {} values", v.len());
    }
    for &p in positions {
        let _ = game.normalize(p);
        let _ = game.options(p);
        let sum = [p.to_string()];
        if let Ok(a) = game.analyze(&sum, &AnalyzeOptions::default()) {
            check_analysis(a.value, a.outcome, a.winning_moves.len());
            // A heap game's value of one heap is its nim-sequence entry.
            if let (false, Some(v), Ok(h)) = (pair_game, &values, p.parse::<usize>()) {
                if let (Some(value), true) = (a.value, h < v.len()) {
                    assert_eq!(value, v[h], "analyze({p}) disagrees with values");
                }
            }
        }
        let misere = AnalyzeOptions { misere: true };
        let _ = game.analyze(&sum, &misere);
    }
    if positions.len() > 1 {
        let all: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
        if let Ok(a) = game.analyze(&all, &AnalyzeOptions::default()) {
            check_analysis(a.value, a.outcome, a.winning_moves.len());
        }
    }
}

/// Normal play: P exactly when the value is 0, winning moves exactly when N.
fn check_analysis(value: Option<Nimber>, outcome: Outcome, moves: usize) {
    if let Some(value) = value {
        assert_eq!(
            outcome,
            Outcome::of_value(value),
            "outcome {outcome:?} for value {value}"
        );
    }
    match outcome {
        Outcome::N => assert!(moves > 0, "an N-position without a winning move"),
        _ => assert_eq!(moves, 0, "winning moves from a {outcome:?}-position"),
    }
}

/// `graph`: the game-graph text format ([`GameGraph::read`], bytes, so
/// lines that are not UTF-8 too), then every vertex's value checked against
/// its successors, and an analysis of a few tokens.
pub fn graph(data: &[u8]) {
    if data.len() > 4096 {
        return;
    }
    let Ok(graph) = GameGraph::read(data) else {
        return;
    };
    let values = graph.values();
    let vertices: Vec<_> = graph.vertices().collect();
    assert_eq!(vertices.len(), graph.vertex_count());
    for &v in &vertices {
        let value = values
            .value(v)
            .unwrap_or_else(|| panic!("vertex {} has no value", graph.name(v)));
        // The name finds the vertex back.
        assert_eq!(
            graph.vertex(&graph.name(v)),
            Some(v),
            "name {}",
            graph.name(v)
        );
        let succ: Vec<_> = graph
            .successors(v)
            .iter()
            .map(|&s| values.value(s).and_then(|x| x.finite()))
            .collect();
        if values.is_acyclic() {
            assert!(value.finite().is_some(), "acyclic graph, infinite value");
        }
        // A finite value g: no successor has g, every smaller value has one
        // (the generalized Sprague–Grundy function, acyclic or not).
        if let Some(g) = value.finite() {
            assert!(
                !succ.contains(&Some(g)),
                "{} has a successor of its own value",
                graph.name(v)
            );
            for w in 0..g.value() {
                assert!(
                    succ.contains(&Some(Nimber::new(w))),
                    "{} has value {g} but no successor of value {w}",
                    graph.name(v)
                );
            }
        }
    }
    let tokens: Vec<_> = vertices.iter().copied().take(3).collect();
    if let Ok(a) = values.analyze(&tokens) {
        if a.outcome == Outcome::N {
            assert!(
                !a.winning_moves.is_empty(),
                "an N-position without a winning move"
            );
        }
    }
}

/// `toml`: a TOML game file's text ([`GameFile::parse`]); the spec it
/// becomes is a spec the library parses (or refuses), and a game it
/// accepts answers on tiny positions.
pub fn toml(data: &[u8]) {
    if data.len() > 4096 {
        return;
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = GameFile::parse("fuzz.toml", text, Path::new("games")) else {
        return;
    };
    if names_a_file(&file.spec) || file.spec.len() > MAX_TEXT {
        return;
    }
    if let Ok(mut game) = spec::parse(&file.spec) {
        canonical_spec_parses_back(&*game);
        exercise(&mut *game, &["0", "3", "7"]);
    }
}

/// `values_file`: the values-file reader ([`read_values`]) on the input
/// written to a temporary file; a file it accepts, of a take-and-break
/// game, resumed as a checkpoint and extended by a few values.
///
/// An input starting with byte 0xFF is not a file but the values of one:
/// byte 1 picks the game, byte 2 the width, the rest are the values; the
/// library writes the file ([`write_values`], so its header and checksum
/// are right) and byte 3 (if the rest is long enough) is overwritten with
/// byte 4 at offset `byte 5` first. This reaches the resume path, which a
/// random file seldom does (its checksum must match).
pub fn values_file(data: &[u8]) {
    if data.len() > 1 << 16 {
        return;
    }
    match data.split_first() {
        Some((0xFF, rest)) => values_file_written(rest),
        _ => values_file_read(data),
    }
}

/// Games a written values file names (the last ones are refused by resume).
const VALUES_GAMES: &[&str] = &["0.77", "0.07", "0.6", "4.3", "0.007", "nim", "x"];

fn values_file_written(rest: &[u8]) {
    let [game, width, damage, byte, at, values @ ..] = rest else {
        return;
    };
    let game = VALUES_GAMES[usize::from(*game) % VALUES_GAMES.len()];
    let width = 1usize << (width % 4);
    let mut table = grundy::solve::NimTable::new();
    for chunk in values.chunks_exact(width) {
        let mut b = [0u8; 8];
        b[..width].copy_from_slice(chunk);
        if table.push(u64::from_le_bytes(b)).is_err() {
            return;
        }
    }
    let path = temp_file();
    let written = write_values(&path, game, table.view());
    let bytes = std::fs::read(&path);
    let _ = std::fs::remove_file(&path);
    let (Ok(_), Ok(mut bytes)) = (written, bytes) else {
        return;
    };
    if damage % 2 == 1 {
        let i = usize::from(*at) % bytes.len();
        bytes[i] = *byte;
    }
    values_file_read(&bytes);
}

fn values_file_read(data: &[u8]) {
    let path = temp_file();
    if std::fs::write(&path, data).is_err() {
        return;
    }
    let read = read_values(&path);
    let _ = std::fs::remove_file(&path);
    let Ok(file) = read else {
        return;
    };
    let table = file.table;
    assert_eq!(
        table.view().checksum(),
        file.checksum,
        "checksum not verified"
    );
    let Ok(game) = TakeBreak::from_spec(&file.game) else {
        return;
    };
    let config = TakeBreakConfig::default().max_bytes(1 << 24);
    let len = table.len() as u64;
    if let Ok(mut solver) = TakeBreakSolver::resume(game, config, table) {
        assert_eq!(solver.len(), len);
        let _ = solver.extend_to(len + 8);
    }
}

/// A file name of this process and thread (libFuzzer runs one input at a
/// time per process; the test suite may run targets on several threads).
fn temp_file() -> std::path::PathBuf {
    let id = format!("{:?}", std::thread::current().id());
    let id: String = id.chars().filter(char::is_ascii_digit).collect();
    scratch_dir().join(format!("grundy-fuzz-{}-{id}.bin", std::process::id()))
}

/// Where the values files go: memory (`/dev/shm`) where there is one, as
/// the writer flushes each file to disk, else the temporary folder.
pub fn scratch_dir() -> std::path::PathBuf {
    let shm = Path::new("/dev/shm");
    if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    }
}

/// `analyze`: the first line is a spec, each further line a position
/// (numbers at most [`MAX_NUMBER`], at most 4 positions); a line `misere`
/// asks for misère play.
pub fn analyze(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.len() > MAX_TEXT {
        return;
    }
    let mut lines = text.lines();
    let Some(spec_text) = lines.next() else {
        return;
    };
    if names_a_file(spec_text) {
        return;
    }
    let mut misere = false;
    let mut positions = Vec::new();
    for line in lines {
        if line.trim() == "misere" {
            misere = true;
        } else {
            positions.push(line.to_string());
        }
    }
    if positions.len() > 4 || positions.iter().any(|p| too_big(p)) {
        return;
    }
    let Ok(mut game) = spec::parse(spec_text) else {
        return;
    };
    let options = AnalyzeOptions { misere };
    let Ok(a) = game.analyze(&positions, &options) else {
        return;
    };
    // (In misère play a sum with no move at all is an N-position without
    // a move: the player to move has already won.)
    if !misere {
        check_analysis(a.value, a.outcome, a.winning_moves.len());
    }
    // Every winning move names a component of the sum.
    for m in &a.winning_moves {
        assert!(
            m.component < positions.len(),
            "move in component {}",
            m.component
        );
    }
}

/// A position holding a number larger than [`MAX_NUMBER`].
fn too_big(position: &str) -> bool {
    position
        .split(|c: char| !c.is_ascii_digit())
        .filter(|d| !d.is_empty())
        .any(|d| d.len() > 3 || d.parse::<u64>().map_or(true, |n| n > MAX_NUMBER))
}
