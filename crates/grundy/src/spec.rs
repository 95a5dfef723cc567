//! Game specs: a string such as `nim`, `sub:1,3,4` or `bash:3` names a game.
//!
//! [`parse`] turns a spec into an [`AnyGame`]: a game chosen at run time,
//! with positions written as strings, which is what the `grundy` command
//! works with. [`FAMILIES`] lists every family with its syntax (the
//! `grundy games` listing and `--help` are generated from it).
//!
//! A spec is `NAME` or `NAME:ARGS`; numbers are decimal `u64`. Octal codes
//! stand alone (`0.07`, `.07`, `4.3r`) and hexadecimal ones carry a prefix
//! (`hex:0.3F`); named take-and-break games (`kayles`, `dawson`, `lasker`,
//! ...) also answer to their CGSuite-style names (`DawsonsKayles`).

use crate::analysis::Periodicity;
use crate::error::{Error, Result};
use crate::games::TakeBreak;
use crate::util::parse_u64;

mod families;
pub use crate::anygame::{
    check_values_count, find_heap_option, heap_options_head, list_heap_options, listed, parse_heap,
    AnalyzeOptions, AnyGame, HeapSpec, OptionsHead, Tabulated, MAX_COMPONENTS, MAX_LISTED_HEAP,
    MAX_LISTED_OPTIONS, MAX_PLAYED_HEAP, MAX_STREAMED_OPTIONS,
};
pub use families::cutting::CuttingSpec;
pub use families::geography::Geography;
pub use families::graph_staircase::GraphStaircase;
pub use families::FAMILIES;

/// Builds a game from its full spec, the text after `:` (if any) and the
/// caller's files (for the families that name one).
pub type ParseFn =
    fn(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>>;

/// Where the files that specs name (`script:FILE.rhai`, `toml:FILE.toml`)
/// come from. Parsing reads no files: the caller does (the `grundy`
/// command and the Python package read them from disk with
/// [`crate::files::read_game_file`], within its limits) and hands their
/// text to [`parse_with`]; [`parse`] takes no files and refuses such specs.
///
/// ```
/// # #[cfg(feature = "script")] {
/// use grundy::spec::{parse_with, SpecFiles};
/// struct InMemory;
/// impl SpecFiles for InMemory {
///     fn read(&self, _spec: &str, path: &str) -> grundy::Result<String> {
///         assert_eq!(path, "take-12.rhai");
///         Ok("fn moves(n) { let o = []; if n >= 1 { o.push(n - 1) } if n >= 2 { o.push(n - 2) } o }".into())
///     }
/// }
/// let mut game = parse_with("script:take-12.rhai", &InMemory).unwrap();
/// let v: Vec<u64> = game.values(0, 5).unwrap().iter().map(|g| g.value()).collect();
/// assert_eq!(v, [0, 1, 2, 0, 1, 2]);
/// # }
/// ```
pub trait SpecFiles {
    /// The text of the game file `path`, named in the spec `spec` (for
    /// errors).
    fn read(&self, spec: &str, path: &str) -> Result<String>;

    /// The text of the graph file `path` named in `spec` (`geography:FILE`,
    /// `graph-staircase:FILE`, `walk:FILE`): [`read`](Self::read) by
    /// default; a disk allows graph files larger than game files
    /// ([`crate::files::MAX_GRAPH_SPEC_FILE_BYTES`]).
    fn read_graph(&self, spec: &str, path: &str) -> Result<String> {
        self.read(spec, path)
    }

    /// The limits scripted games run under (default:
    /// [`ScriptLimits::default`](crate::script::ScriptLimits::default)).
    #[cfg(feature = "script")]
    fn script_limits(&self) -> Result<crate::script::ScriptLimits> {
        Ok(crate::script::ScriptLimits::default())
    }
}

/// No files: what [`parse`] uses. A spec naming a file is refused.
struct NoFiles;

impl SpecFiles for NoFiles {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        Err(Error::invalid_spec(
            spec,
            format!(
                "names the file `{path}`, and `spec::parse` reads no files: \
                 read it and pass its text with `spec::parse_with`"
            ),
        ))
    }
}

/// A family of games, as listed by `grundy games`.
pub struct Family {
    /// The name (the part of the spec before `:`).
    pub name: &'static str,
    /// The spec syntax, e.g. `sub:S` .
    pub syntax: &'static str,
    /// The position syntax, e.g. `N (a heap size)`.
    pub position: &'static str,
    /// One line on what the game is.
    pub about: &'static str,
    /// A position to try, as the arguments of `grundy analyze`, e.g.
    /// `sub:1,3,4 5` (file families name a file of `examples/games/`,
    /// relative to the repository).
    pub example: &'static str,
    parse: ParseFn,
}

/// Parses a spec that names no file (see the module docs); `script:FILE`
/// and `toml:FILE` are refused: `parse` reads no files, see
/// [`parse_with`] (and [`crate::service::DiskFiles`] for the files of a
/// disk).
///
/// ```
/// let mut game = grundy::spec::parse("sub:1,3,4").unwrap();
/// let v: Vec<u64> = game.values(0, 8).unwrap().iter().map(|g| g.value()).collect();
/// assert_eq!(v, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// assert!(grundy::spec::parse("sub:").is_err());
/// ```
pub fn parse(spec: &str) -> Result<Box<dyn AnyGame>> {
    parse_with(spec, &NoFiles)
}

/// Parses a spec, taking the text of the files it names (`script:FILE`,
/// `toml:FILE`) from `files`.
pub fn parse_with(spec: &str, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    Ok(Box::new(crate::anygame::Chosen(choose(spec, files)?)))
}

/// The game a spec names (see [`parse_with`]).
fn choose(spec: &str, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    let trimmed = spec.trim();
    if trimmed.is_empty() {
        return Err(Error::invalid_spec(
            spec,
            "the game spec is empty (try `nim` or `sub:1,3,4`)",
        ));
    }
    let (name, args) = match trimmed.split_once(':') {
        Some((n, a)) => (n, Some(a)),
        None => (trimmed, None),
    };
    let lower = name.to_ascii_lowercase();
    let starts_like_a_code = name.starts_with(|c: char| c.is_ascii_digit() || c == '.');
    match FAMILIES.iter().find(|f| f.name == lower) {
        Some(family) => (family.parse)(trimmed, args, files),
        None if starts_like_a_code && args.is_none() => families::octal::code(trimmed),
        None if args.is_none() && TakeBreak::named(name).is_some() => {
            match TakeBreak::named(name) {
                Some(game) => Ok(Box::new(HeapSpec::new(game))),
                None => Err(Error::invalid_spec(spec, "unknown game")),
            }
        }
        None => Err(Error::invalid_spec(
            spec,
            match closest_family(&lower) {
                Some(near) => format!("unknown game `{name}`: did you mean `{near}`?"),
                None => format!(
                    "unknown game `{name}` (known: {})",
                    FAMILIES
                        .iter()
                        .map(|f| f.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
        )),
    }
}

/// The family name nearest to a mistyped `name`, when one is near enough
/// (edit distance at most 2, and less than half the name).
fn closest_family(name: &str) -> Option<&'static str> {
    FAMILIES
        .iter()
        .map(|f| (strsim::damerau_levenshtein(name, f.name), f.name))
        .filter(|&(d, near)| d <= 2 && 2 * d < near.len().max(name.len()))
        .min_by_key(|&(d, _)| d)
        .map(|(_, near)| near)
}

fn no_args(spec: &str, args: Option<&str>) -> Result<()> {
    match args {
        None => Ok(()),
        Some(_) => Err(Error::invalid_spec(spec, "this game takes no arguments")),
    }
}

fn number_list(spec: &str, args: Option<&str>) -> Result<Vec<u64>> {
    let args = args.unwrap_or("");
    if args.trim().is_empty() {
        return Err(Error::invalid_spec(
            spec,
            "the list of numbers is empty (e.g. `sub:1,3,4`)",
        ));
    }
    args.split(',')
        .map(|t| parse_u64(t).map_err(|r| Error::invalid_spec(spec, r)))
        .collect()
}

fn single_number(spec: &str, args: Option<&str>) -> Result<u64> {
    parse_u64(args.unwrap_or("")).map_err(|r| Error::invalid_spec(spec, r))
}

/// The periodicity found by a period search, for callers that format it.
pub fn describe_periodicity(p: &Periodicity) -> String {
    if p.saltus == 0 {
        format!("G(n + {}) = G(n) for n >= {}", p.period, p.preperiod)
    } else {
        format!(
            "G(n + {}) = G(n) + {} for n >= {}",
            p.period, p.saltus, p.preperiod
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_specs_name_what_is_wrong() {
        let msg = |s: &str| parse(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg("sub:").contains("empty"));
        assert!(msg("sub:0").contains("at least one token"));
        assert!(msg("sub:1,x").contains("`x` is not a non-negative integer"));
        assert!(msg("sub:-3").contains("negative"));
        assert!(msg("sub:99999999999999999999").contains("larger than"));
        assert!(msg("frobnicate").contains("unknown game `frobnicate`"));
        assert!(!msg("frobnicate").contains("did you mean"));
        assert!(msg("").contains("empty"));
        assert!(msg("bash:0").contains("at least 1"));
        assert!(msg("nim:3").contains("no arguments"));
    }

    #[test]
    fn a_spec_naming_a_file_is_not_read_by_parse() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/games/take-half.toml"
        );
        for spec in [format!("toml:{path}"), format!("script:{path}")] {
            let e = parse(&spec)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(e.contains("reads no files"), "{spec}: {e}");
            assert!(e.contains("parse_with"), "{spec}: {e}");
        }
    }

    #[test]
    fn a_mistyped_game_name_gets_a_did_you_mean() {
        let msg = |s: &str| parse(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            msg("kayls").contains("did you mean `kayles`?"),
            "{}",
            msg("kayls")
        );
        assert!(msg("wythof").contains("did you mean `wythoff`?"));
        assert!(msg("Laskr").contains("did you mean `lasker`?"));
        assert!(!msg("xy").contains("did you mean"), "{}", msg("xy"));
    }

    #[test]
    fn closed_form_games_list_their_moves_for_play() {
        let mut w = parse("wythoff").unwrap();
        let mut moves = w.options("1,1").unwrap();
        moves.sort();
        assert_eq!(moves, [vec!["0,0"], vec!["0,1"], vec!["1,0"]]);
        assert_eq!(w.normalize(" 03,5").unwrap(), "3,5");
        let e = w.options("1000000,1000000").unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");

        // Every listed move of a small position is one the analysis knows:
        // a winning move of an N-position is among the options.
        for spec in ["euclid", "staircase", "moore:2", "mult:100", "box"] {
            let mut g = parse(spec).unwrap();
            let position = match spec {
                "euclid" => "25,7",
                "staircase" | "moore:2" => "1,2,3",
                "mult:100" => "3",
                _ => "20,3",
            };
            let options = g.options(position).unwrap();
            let a = g
                .analyze(&[position.to_string()], &AnalyzeOptions::default())
                .unwrap();
            for m in &a.winning_moves {
                assert!(
                    options.contains(&m.to),
                    "{spec}: {:?} not among {options:?}",
                    m.to
                );
            }
            assert!(!options.is_empty(), "{spec}");
        }
    }
}
