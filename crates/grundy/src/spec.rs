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
use crate::game::HeapGame;
use crate::games::{nim::Nim, take::TakeRange, Subtraction, TakeBreak};
use crate::nimber::Nimber;
use crate::solve::{HeapValues, PeriodReport};
use crate::strategy::{analyze, Analysis, Outcome, WinningMove};
/// Re-exported from the leaf layer [`crate::util`], where it now lives.
pub use crate::util::parse_u64;

mod closed;
mod cutting;
pub use cutting::CuttingSpec;

/// How to analyze a sum.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeOptions {
    /// Misère play: the player who cannot move wins.
    pub misere: bool,
}

/// A game chosen at run time, with positions as strings.
pub trait AnyGame {
    /// The canonical spec of the game.
    fn spec(&self) -> String;

    /// `G(from..=to)` for games whose positions are heap sizes.
    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>>;

    /// The period of the nim-sequence, computing at most `limit` values,
    /// stopping early once `time` has passed (the report says how far it
    /// looked) and calling `progress` with the number of values computed so
    /// far. Games whose period search is quick or refused ignore both.
    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport>;

    /// [`period_within`](Self::period_within) with no time limit and no
    /// progress.
    fn period(&mut self, limit: u64) -> Result<PeriodReport> {
        self.period_within(limit, None, &mut |_| {})
    }

    /// Value, outcome and winning moves of the sum of `positions` (one
    /// string per component, in the game's position syntax).
    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>>;

    /// For games whose positions are pairs `a,b` (Wythoff, Euclid): the
    /// table `rows[i][j] = G(from + i, from + j)`. `None` for other games
    /// (their `values` is the sequence `G(from..=to)`).
    fn table(&mut self, from: u64, to: u64) -> Result<Option<Vec<Vec<Nimber>>>> {
        let _ = (from, to);
        Ok(None)
    }

    /// The options of one component, each a sum of components written in
    /// the game's position syntax (canonical form). Interactive play and its
    /// move check need it; a game that cannot list its moves keeps the
    /// default, which says so.
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let _ = component;
        Err(Error::unsupported(format!(
            "`{}` cannot list its moves, so it cannot be played interactively",
            self.spec()
        )))
    }

    /// A component as the game writes it (`007` becomes `7`), or an error
    /// naming what is wrong with it. The default only trims white space.
    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(component.trim().to_string())
    }

    /// The game as a take-and-break code, when it has one (`nim` is `0.3r`,
    /// `bash:3` is `0.333`, an octal code is itself): long runs
    /// (`--output`, `--checkpoint`, `--resume`) compute with it. `None` for
    /// other games (the default).
    fn take_break(&self) -> Option<TakeBreak> {
        None
    }
}

/// Most options [`AnyGame::options`] lists for one component.
pub const MAX_LISTED_OPTIONS: usize = 1 << 20;

/// Largest heap whose options a heap game lists, unless its moves are a
/// finite subtraction set (a heap of a general heap game may have about as
/// many options as tokens, or more).
pub const MAX_LISTED_HEAP: u64 = 100_000;

/// The options of heap `h` of `game`, as strings (see [`AnyGame::options`]).
pub fn list_heap_options<G: HeapGame + ?Sized>(game: &G, h: u64) -> Result<Vec<Vec<String>>> {
    if h > MAX_LISTED_HEAP && game.finite_subtraction_set().is_none() {
        return Err(Error::invalid_position(
            &h.to_string(),
            format!("too large to list its moves: heaps up to {MAX_LISTED_HEAP} can be played"),
        ));
    }
    let mut all = Vec::new();
    let mut too_many = false;
    game.options(&h, &mut |o| {
        if all.len() < MAX_LISTED_OPTIONS {
            all.push(o.iter().map(u64::to_string).collect());
        } else {
            too_many = true;
        }
    });
    if too_many {
        return Err(Error::invalid_position(
            &h.to_string(),
            format!("has more than {MAX_LISTED_OPTIONS} options: too many to list"),
        ));
    }
    Ok(all)
}

/// Builds a game from its full spec, the text after `:` (if any) and the
/// caller's files (for the families that name one).
pub type ParseFn =
    fn(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>>;

/// Where the files that specs name (`script:FILE.rhai`, `toml:FILE.toml`)
/// come from. The library reads no files: the caller does (the `grundy`
/// command reads them from disk, with a size limit) and hands their text
/// to [`parse_with`]; [`parse`] takes no files and refuses such specs.
///
/// ```
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
/// ```
pub trait SpecFiles {
    /// The text of the game file `path`, named in the spec `spec` (for
    /// errors).
    fn read(&self, spec: &str, path: &str) -> Result<String>;

    /// The limits scripted games run under (default:
    /// [`ScriptLimits::default`](crate::script::ScriptLimits)).
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
    parse: ParseFn,
}

/// A [`Family`] entry for a named take-and-break game.
macro_rules! named_take_break {
    ($name:literal) => {
        Family {
            name: $name,
            syntax: $name,
            position: "N (a heap size)",
            about: match TakeBreak::about($name) {
                Some(about) => about,
                None => "",
            },
            parse: |spec, args, _| {
                no_args(spec, args)?;
                match TakeBreak::named($name) {
                    Some(game) => Ok(Box::new(HeapSpec::new(game))),
                    None => Err(Error::invalid_spec(spec, "unknown game")),
                }
            },
        }
    };
}

/// Every built-in family.
pub static FAMILIES: &[Family] = &[
    Family {
        name: "nim",
        syntax: "nim",
        position: "N (a heap size)",
        about: "Nim: take any number of tokens from one heap; G(n) = n",
        parse: |spec, args, _| {
            no_args(spec, args)?;
            Ok(Box::new(NimGame))
        },
    },
    Family {
        name: "sub",
        syntax: "sub:1,3,4 | sub:pow2 | sub:fib | sub:squares",
        position: "N (a heap size)",
        about: "subtraction game: take s tokens, s in the set (several heaps: S-Nim)",
        parse: |spec, args, _| {
            let game = match args {
                Some("pow2") => Subtraction::pow2(),
                Some("fib") => Subtraction::fib(),
                Some("squares") => Subtraction::squares(),
                _ => Subtraction::finite(&number_list(spec, args)?)?,
            };
            let code = game.take_break_form();
            Ok(Box::new(HeapSpec::new(game).with_take_break(code)))
        },
    },
    Family {
        name: "bash",
        syntax: "bash:M",
        position: "N (a heap size)",
        about: "Bachet's game: take 1 to M tokens; G(n) = n mod (M+1)",
        parse: |spec, args, _| {
            let game = Subtraction::bash(single_number(spec, args)?)?;
            let code = game.take_break_form();
            Ok(Box::new(HeapSpec::new(game).with_take_break(code)))
        },
    },
    Family {
        name: "octal",
        syntax: "0.07 | .07 | 4.07 | 0.3r (octal:0.07 also works)",
        position: "N (a heap size)",
        about: "octal take-and-break code d0.d1d2...: bit 1 of d_k removes a whole heap of k, \
                bit 2 removes k leaving one heap, bit 4 leaving two; `r` repeats the last digit",
        parse: |spec, args, _| octal_code(spec, args.unwrap_or("")),
    },
    Family {
        name: "hex",
        syntax: "hex:0.3F",
        position: "N (a heap size)",
        about: "hexadecimal take-and-break code: as octal, plus bit 8 (leave three heaps)",
        parse: |_, args, _| {
            let game = TakeBreak::hexadecimal(args.unwrap_or(""))?;
            Ok(Box::new(HeapSpec::new(game)))
        },
    },
    named_take_break!("kayles"),
    named_take_break!("dawson"),
    named_take_break!("dawson-chess"),
    named_take_break!("treblecross"),
    named_take_break!("guiles"),
    named_take_break!("double-kayles"),
    named_take_break!("lasker"),
    named_take_break!("grundy-game"),
    Family {
        name: "allbut",
        syntax: "allbut:1,2",
        position: "N (a heap size)",
        about: "take any positive number of tokens except those listed",
        parse: |spec, args, _| {
            let excluded = match args {
                Some("") | None => Vec::new(),
                _ => number_list(spec, args)?,
            };
            Ok(Box::new(HeapSpec::new(Subtraction::all_but(&excluded)?)))
        },
    },
    Family {
        name: "cutting",
        syntax: "cutting",
        position: "W,H (a sheet, both sides >= 2)",
        about: "Cutting Game (POJ 2311): cut a sheet in two; whoever cuts out a 1x1 wins",
        parse: |spec, args, _| {
            no_args(spec, args)?;
            Ok(Box::new(cutting::CuttingSpec::new()))
        },
    },
    Family {
        name: "wythoff",
        syntax: "wythoff",
        position: "A,B (two piles)",
        about:
            "Wythoff's game: take from one pile, or the same number from both (exact for any size)",
        parse: |spec, args, _| closed::wythoff(spec, args),
    },
    Family {
        name: "euclid",
        syntax: "euclid",
        position: "A,B (two numbers)",
        about: "Euclid's game: subtract a multiple of the smaller from the larger; reaching 0 wins",
        parse: |spec, args, _| closed::euclid(spec, args),
    },
    Family {
        name: "staircase",
        syntax: "staircase",
        position: "C1,C2,... (coins on steps 1, 2, ...)",
        about: "staircase Nim: move coins from a step to the one below; value = XOR of odd steps",
        parse: |spec, args, _| closed::staircase(spec, args),
    },
    Family {
        name: "moore",
        syntax: "moore:K",
        position: "H1,H2,... (the heaps of one position)",
        about: "Moore's Nim_K: take from 1 to K heaps at once",
        parse: |spec, args, _| closed::moore(spec, args),
    },
    Family {
        name: "mult",
        syntax: "mult:N | mult:N,LO,HI",
        position: "P (the current product; start at 1)",
        about: "multiplication game: multiply by LO..HI (2..9); reaching N or more wins",
        parse: |spec, args, _| closed::multiplication(spec, args),
    },
    Family {
        name: "box",
        syntax: "box",
        position: "S,C (capacity, stones)",
        about: "square box game (HDU 1729): add 1 to C^2 stones without overfilling",
        parse: |spec, args, _| closed::square_box(spec, args),
    },
    Family {
        name: "take",
        syntax: "take:1..n/2",
        position: "N (a heap size)",
        about: "take LO(n) to HI(n) tokens, bounds such as 3, n, n/2, n-1, 2*n/3+1",
        parse: |spec, _, _| Ok(Box::new(HeapSpec::new(TakeRange::parse(spec)?))),
    },
    Family {
        name: "script",
        syntax: "script:FILE.rhai",
        position: "N or A,B,... (as the script reads it)",
        about: "a game whose moves a Rhai script defines: fn moves(p) { ... }",
        parse: custom::script,
    },
    Family {
        name: "toml",
        syntax: "toml:FILE.toml",
        position: "N (a heap size)",
        about: "a game file naming a rule: subtraction, take, octal, hex, ...",
        parse: custom::toml,
    },
];

/// The `script:` and `toml:` families (feature `script`): the file's text
/// comes from the caller ([`SpecFiles`]).
mod custom {
    use super::{AnyGame, SpecFiles};
    use crate::error::{Error, Result};

    fn path<'a>(spec: &str, args: Option<&'a str>, what: &str) -> Result<&'a str> {
        match args.map(str::trim) {
            Some(p) if !p.is_empty() => Ok(p),
            _ => Err(Error::invalid_spec(
                spec,
                format!("the file is missing (e.g. `{what}`)"),
            )),
        }
    }

    #[cfg(feature = "script")]
    pub(super) fn script(
        spec: &str,
        args: Option<&str>,
        files: &dyn SpecFiles,
    ) -> Result<Box<dyn AnyGame>> {
        use crate::script::{ScriptGame, ScriptSpec};
        let file = path(spec, args, "script:examples/games/subtract-134.rhai")?;
        let limits = files.script_limits()?;
        let source = files.read(spec, file)?;
        let game = ScriptGame::with_limits(file, &source, &limits)?;
        Ok(Box::new(ScriptSpec::new(game)))
    }

    /// A TOML game file becomes a spec of the built-in families (a
    /// `script` in it is read through `files` too, relative to its folder).
    #[cfg(feature = "script")]
    pub(super) fn toml(
        spec: &str,
        args: Option<&str>,
        files: &dyn SpecFiles,
    ) -> Result<Box<dyn AnyGame>> {
        let file = path(spec, args, "toml:examples/games/take-half.toml")?;
        let text = files.read(spec, file)?;
        let base = std::path::Path::new(file)
            .parent()
            .unwrap_or(std::path::Path::new(""));
        let game = crate::script::gamefile::GameFile::parse(file, &text, base)?;
        super::parse_with(&game.spec, files)
    }

    #[cfg(not(feature = "script"))]
    pub(super) fn script(
        spec: &str,
        args: Option<&str>,
        _: &dyn SpecFiles,
    ) -> Result<Box<dyn AnyGame>> {
        path(spec, args, "script:FILE.rhai")?;
        Err(Error::invalid_spec(
            spec,
            "built without the `script` feature",
        ))
    }

    #[cfg(not(feature = "script"))]
    pub(super) fn toml(
        spec: &str,
        args: Option<&str>,
        _: &dyn SpecFiles,
    ) -> Result<Box<dyn AnyGame>> {
        path(spec, args, "toml:FILE.toml")?;
        Err(Error::invalid_spec(
            spec,
            "built without the `script` feature",
        ))
    }
}

/// Most components [`AnyGame::analyze`] takes in one sum (positions of a
/// game that [`parse`] returns).
pub const MAX_COMPONENTS: usize = 1 << 20;

/// The game [`parse`] returns: every family behind one check of the number
/// of positions, made here once instead of in each family (a family may
/// then rely on at least one and at most [`MAX_COMPONENTS`] positions).
/// Every method of [`AnyGame`] is forwarded.
struct Chosen(Box<dyn AnyGame>);

impl AnyGame for Chosen {
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        self.0.values(from, to)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        self.0.period_within(limit, time, progress)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        if positions.is_empty() || positions.len() > MAX_COMPONENTS {
            return Err(crate::error::ErrorKind::NoPositions {
                game: self.0.spec(),
                expected: format!("1 to {MAX_COMPONENTS}"),
                given: positions.len(),
            }
            .into());
        }
        self.0.analyze(positions, options)
    }

    fn table(&mut self, from: u64, to: u64) -> Result<Option<Vec<Vec<Nimber>>>> {
        self.0.table(from, to)
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        self.0.options(component)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        self.0.normalize(component)
    }

    fn take_break(&self) -> Option<TakeBreak> {
        self.0.take_break()
    }
}

/// Parses a spec that names no file (see the module docs); `script:FILE`
/// and `toml:FILE` are refused: the library reads no files, see
/// [`parse_with`].
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
    Ok(Box::new(Chosen(choose(spec, files)?)))
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
        None if starts_like_a_code && args.is_none() => octal_code(trimmed, trimmed),
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

fn octal_code(_spec: &str, code: &str) -> Result<Box<dyn AnyGame>> {
    Ok(Box::new(HeapSpec::new(TakeBreak::octal(code)?)))
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

/// Parses a heap size given as a position.
pub fn parse_heap(text: &str) -> Result<u64> {
    parse_u64(text).map_err(|r| Error::invalid_position(text, r))
}

/// Parses the heap sizes of a sum (one per component).
fn parse_heaps(positions: &[String]) -> Result<Vec<u64>> {
    positions.iter().map(|p| parse_heap(p)).collect()
}

/// Any [`HeapGame`] as an [`AnyGame`]: the dense solver, the period, and
/// the generic strategy.
pub struct HeapSpec<G: HeapGame + Clone> {
    game: G,
    values: HeapValues<G>,
    take_break: Option<TakeBreak>,
}

impl<G: HeapGame + Clone> HeapSpec<G> {
    /// Wraps `game` (its take-and-break form, if any, is
    /// [`HeapGame::take_and_break`]).
    pub fn new(game: G) -> Self {
        HeapSpec {
            values: HeapValues::new(game.clone()),
            take_break: game.take_and_break(),
            game,
        }
    }

    /// Gives the game the take-and-break form `code` for long runs only
    /// ([`AnyGame::take_break`]); its values and moves stay `G`'s.
    pub fn with_take_break(mut self, code: Option<TakeBreak>) -> Self {
        if code.is_some() {
            self.take_break = code;
        }
        self
    }
}

impl<G: HeapGame + Clone> AnyGame for HeapSpec<G> {
    fn spec(&self) -> String {
        self.game.spec()
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        self.values.values(from, to)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        self.values.period_within(limit, time, progress)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let heaps = parse_heaps(positions)?;
        if options.misere {
            return closed::misere_heaps(&self.game, &mut self.values, &heaps);
        }
        let analysis = match self.game.take_and_break() {
            Some(code) => crate::strategy::take_break::analyze(&code, &mut self.values, &heaps)?,
            None => analyze(&self.game, &mut self.values, &heaps)?,
        };
        Ok(analysis.map(u64::to_string))
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        list_heap_options(&self.game, parse_heap(component)?)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_heap(component)?.to_string())
    }

    fn take_break(&self) -> Option<TakeBreak> {
        self.take_break.clone()
    }
}

/// Nim: values and winning moves by formula, for heaps of any `u64` size.
struct NimGame;

impl AnyGame for NimGame {
    fn spec(&self) -> String {
        "nim".into()
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        HeapValues::new(Nim).values(from, to)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        HeapValues::new(Nim).period_within(limit, time, progress)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let heaps = parse_heaps(positions)?;
        let value = Nim::value(&heaps);
        let analysis = if options.misere {
            Nim::misere_analysis(&heaps)
        } else {
            let winning_moves = Nim::winning_moves(&heaps)
                .into_iter()
                .map(|m| WinningMove {
                    component: m.component,
                    from: m.from,
                    to: vec![m.to],
                })
                .collect();
            Analysis {
                value,
                value_known: true,
                outcome: Outcome::of_value(value),
                winning_moves,
                unlisted_moves: 0,
            }
        };
        Ok(analysis.map(u64::to_string))
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        list_heap_options(&Nim, parse_heap(component)?)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_heap(component)?.to_string())
    }

    /// `0.3r`: take any number, leaving no heap or one.
    fn take_break(&self) -> Option<TakeBreak> {
        TakeBreak::octal("0.3r").ok()
    }
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
}
