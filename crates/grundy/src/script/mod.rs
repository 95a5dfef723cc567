//! Custom games without compiling Rust: a [Rhai](https://rhai.rs) script
//! (`script:FILE.rhai`) or a TOML game file (`toml:FILE.toml`, see
//! [`gamefile`]).
//!
//! A script defines one function, `moves(p)`, returning the list of the
//! options of position `p`:
//!
//! ```text
//! // The seed's subtraction game: take 1, 3 or 4 tokens.
//! fn moves(n) {
//!     let out = [];
//!     for s in [1, 3, 4] {
//!         if s <= n { out.push(n - s); }
//!     }
//!     out
//! }
//! ```
//!
//! Positions: a heap is an integer (`5` on the command line); a position
//! made of several numbers is an array (`3,5` on the command line is
//! `[3, 5]`). Each option in the returned array is one position, or
//! `sum(a, b, ...)` / `sum([a, b, ...])` for a sum of independent
//! components (a heap split in two: `sum(a, b)`; nothing left: `sum([])`).
//! A script whose positions are heaps (options are smaller heaps or sums of
//! them) is a heap game: `values` and `period` work, through the dense
//! solver. Any script works with `analyze` and `play`, through the memo
//! solver (a cycle is reported as an error).
//!
//! Rhai functions do not see variables of the script's top level: keep
//! everything inside functions (helper functions may be defined and called
//! freely).
//!
//! **Sandbox.** Rhai has no file, network or process access unless the host
//! registers it, and none is registered: modules (`import`) are compiled
//! out, `eval` is disabled, `print` and `debug` go nowhere. Every call of
//! `moves` runs under [`ScriptLimits`]: a number of operations (so an
//! infinite loop stops with an error), a call depth, and sizes of strings,
//! arrays and maps.
//!
//! Besides the limits of one call, a budget of operations covers every
//! call of one game (one command): [`ScriptLimits::max_total_operations`],
//! 200 million by default (the `grundy` command sets it from the
//! environment variable `GRUNDY_SCRIPT_BUDGET`, [`BUDGET_VARIABLE`]).
//!
//! **Files.** This module reads no files: a script is compiled from its
//! text ([`ScriptGame::with_limits`]), and [`crate::spec::parse_with`]
//! takes the text of `script:FILE` and `toml:FILE` from the caller's
//! [`SpecFiles`](crate::spec::SpecFiles), with the limits it gives (the
//! `grundy` command reads at most 1 MiB of a file).
//!
//! Comparisons are strict: comparing a number with an array, a boolean or
//! a string (`n <= 3` where `n` is `[3, 4]`) is an error, not `false`, so
//! a script handed a position of the wrong kind fails instead of answering
//! "no moves".
//!
//! **Errors.** The [`Game`] trait cannot fail, so a script error inside a
//! solver is kept in the game and reported instead of any result; after an
//! error the game answers nothing but that error. The error names the
//! position and the script's message, and when the position is not of the
//! kind the script's own example commands use (a heap where they pass
//! pairs `A,B`, or the reverse), it says so.
//!
//! Time: one script call per position the solver visits (a few
//! microseconds for a small `moves`); memory: the solver's tables.

pub mod gamefile;

use crate::error::{Error, ErrorKind, Result};
use crate::game::{Game, HeapGame};
use crate::solve::{MemoConfig, MemoSolver, PeriodReport};
use crate::spec::{list_heap_options, parse_u64, AnalyzeOptions, AnyGame, HeapSpec};
use crate::strategy::{analyze, Analysis};
use crate::Nimber;
use rhai::{
    Array, CallFnOptions, Dynamic, Engine, EvalAltResult, ImmutableString, Position, Scope, AST,
    INT,
};
use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

/// The environment variable with which the `grundy` command sets
/// [`ScriptLimits::max_total_operations`] (named in the error of a spent
/// budget).
pub const BUDGET_VARIABLE: &str = "GRUNDY_SCRIPT_BUDGET";

/// Re-exported from [`crate::spec`], where the callers that hand files
/// to the library set them ([`crate::spec::SpecFiles::script_limits`]).
pub use crate::spec::ScriptLimits;

/// A position of a scripted game: a heap (an integer) or a tuple of
/// numbers (an array in the script, `a,b,...` on the command line).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScriptPosition {
    /// A single number.
    Heap(u64),
    /// Several numbers.
    Tuple(Vec<u64>),
}

impl fmt::Display for ScriptPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptPosition::Heap(h) => write!(f, "{h}"),
            ScriptPosition::Tuple(t) => {
                let parts: Vec<String> = t.iter().map(u64::to_string).collect();
                write!(f, "{}", parts.join(","))
            }
        }
    }
}

impl ScriptPosition {
    /// Parses `5` (a heap) or `3,5` (a tuple).
    pub fn parse(text: &str) -> Result<ScriptPosition> {
        let t = text.trim();
        let number = |s: &str| -> Result<u64> {
            let v = parse_u64(s).map_err(|r| Error::invalid_position(text, r))?;
            if v > i64::MAX as u64 {
                return Err(Error::invalid_position(
                    text,
                    format!("`{v}` is larger than a script's integers ({})", i64::MAX),
                ));
            }
            Ok(v)
        };
        if t.contains(',') {
            Ok(ScriptPosition::Tuple(
                t.split(',').map(number).collect::<Result<_>>()?,
            ))
        } else {
            Ok(ScriptPosition::Heap(number(t)?))
        }
    }

    fn to_dynamic(&self) -> Dynamic {
        match self {
            ScriptPosition::Heap(h) => Dynamic::from_int(*h as i64),
            ScriptPosition::Tuple(t) => {
                Dynamic::from_array(t.iter().map(|&x| Dynamic::from_int(x as i64)).collect())
            }
        }
    }
}

/// An option that is a sum of components, made by `sum(...)` in a script.
#[derive(Clone, Debug)]
struct Sum(Array);

struct Inner {
    name: String,
    engine: Engine,
    ast: AST,
    limits: ScriptLimits,
    /// The first error met inside a solver (sticky).
    error: RefCell<Option<Error>>,
    /// Operations of this game's finished calls, and of the running one.
    budget: Rc<Budget>,
    /// The kind of position the script's example commands use, if they say.
    expected: Option<PositionKind>,
}

/// Operations counted across calls (see [`ScriptLimits::max_total_operations`]).
#[derive(Default)]
struct Budget {
    /// Operations of the calls that have ended.
    spent: Cell<u64>,
    /// Operations of the running call so far.
    running: Cell<u64>,
}

impl Budget {
    /// Ends a call: its operations join the spent ones.
    fn end_call(&self) {
        self.spent
            .set(self.spent.get().saturating_add(self.running.replace(0)));
    }
}

/// The token with which the progress callback stops a script whose
/// budget for the command is spent.
const BUDGET_SPENT: &str = "grundy: the command's budget of operations is spent";

/// What a position looks like: a heap `N`, or a tuple of `len` numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PositionKind {
    Heap,
    Tuple(usize),
}

impl PositionKind {
    fn of(p: &ScriptPosition) -> PositionKind {
        match p {
            ScriptPosition::Heap(_) => PositionKind::Heap,
            ScriptPosition::Tuple(t) => PositionKind::Tuple(t.len()),
        }
    }

    fn describe(self) -> String {
        match self {
            PositionKind::Heap => "heaps, one number `N`".to_string(),
            PositionKind::Tuple(2) => "pairs `A,B`".to_string(),
            PositionKind::Tuple(3) => "triples `A,B,C`".to_string(),
            PositionKind::Tuple(n) => format!("tuples of {n} numbers `A,B,...`"),
        }
    }
}

/// The kind of position in the example commands of a script's comments
/// (`grundy analyze script:FILE 3,5 4,4`), if they use one kind only.
fn example_kind(source: &str) -> Option<PositionKind> {
    let mut kinds = Vec::new();
    for line in source.lines() {
        let Some(comment) = line.trim_start().strip_prefix("//") else {
            continue;
        };
        let words: Vec<&str> = comment.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| w.starts_with("script:")) else {
            continue;
        };
        if !words[..at].contains(&"grundy") {
            continue;
        }
        let command = words[..at].last().copied().unwrap_or("");
        if matches!(command, "values" | "period" | "plot") {
            kinds.push(PositionKind::Heap);
            continue;
        }
        let mut rest = words[at + 1..].iter();
        while let Some(w) = rest.next() {
            if w.starts_with('-') {
                // An option; those of `analyze` and `play` that take a value.
                if matches!(*w, "--format" | "--first" | "--threads" | "--limit") {
                    rest.next();
                }
                continue;
            }
            if let Ok(p) = ScriptPosition::parse(w) {
                kinds.push(PositionKind::of(&p));
            }
        }
    }
    let first = *kinds.first()?;
    kinds.iter().all(|&k| k == first).then_some(first)
}

/// A game whose moves a Rhai script defines (see the module docs).
///
/// ```
/// use grundy::script::{ScriptGame, ScriptPosition};
/// use grundy::solve::MemoSolver;
/// let game = ScriptGame::from_source(
///     "take-134",
///     "fn moves(n) { [1, 3, 4].filter(|s| s <= n).map(|s| n - s) }",
/// ).unwrap();
/// let mut solver = MemoSolver::new(game.clone());
/// let v: Vec<u64> = (0..9)
///     .map(|n| solver.nim_value(&ScriptPosition::Heap(n)).unwrap().value())
///     .collect();
/// assert_eq!(v, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// assert!(game.error().is_none());
/// ```
#[derive(Clone)]
pub struct ScriptGame {
    inner: Rc<Inner>,
}

impl fmt::Debug for ScriptGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptGame")
            .field("name", &self.inner.name)
            .finish()
    }
}

fn script_error(name: &str, reason: impl Into<String>) -> Error {
    ErrorKind::Script {
        script: name.to_string(),
        reason: reason.into(),
    }
    .into()
}

impl ScriptGame {
    /// Compiles `source` (named `name` in errors) with the default limits.
    pub fn from_source(name: &str, source: &str) -> Result<ScriptGame> {
        Self::with_limits(name, source, &ScriptLimits::default())
    }

    /// Compiles `source` with the given limits, and runs its top level once
    /// (under the same limits) so that errors there surface now.
    pub fn with_limits(name: &str, source: &str, limits: &ScriptLimits) -> Result<ScriptGame> {
        let mut engine = Engine::new();
        engine
            .set_max_operations(limits.max_operations)
            .set_max_call_levels(limits.max_call_levels)
            .set_max_expr_depths(64, 32)
            .set_max_string_size(limits.max_string_size)
            .set_max_array_size(limits.max_array_size)
            .set_max_map_size(limits.max_map_size)
            .disable_symbol("eval");
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        let budget = Rc::new(Budget::default());
        let total = limits.max_total_operations;
        let counter = budget.clone();
        engine.on_progress(move |ops| {
            counter.running.set(ops);
            if counter.spent.get().saturating_add(ops) > total {
                Some(Dynamic::from(BUDGET_SPENT))
            } else {
                None
            }
        });
        strict_comparisons(&mut engine);
        engine
            .register_type_with_name::<Sum>("Sum")
            .register_fn("sum", |parts: Array| Sum(parts))
            .register_fn("sum", |a: Dynamic, b: Dynamic| Sum(vec![a, b]))
            .register_fn("sum", |a: Dynamic, b: Dynamic, c: Dynamic| {
                Sum(vec![a, b, c])
            });
        let ast = engine
            .compile(source)
            .map_err(|e| script_error(name, format!("does not compile: {e}")))?;
        if !ast
            .iter_functions()
            .any(|f| f.name == "moves" && f.params.len() == 1)
        {
            return Err(script_error(
                name,
                "defines no function `moves(p)` (it must return the options of position p)",
            ));
        }
        let run = engine.run_ast(&ast);
        budget.end_call();
        run.map_err(|e| script_error(name, describe(&e, limits)))?;
        Ok(ScriptGame {
            inner: Rc::new(Inner {
                name: name.to_string(),
                engine,
                ast,
                limits: limits.clone(),
                error: RefCell::new(None),
                budget,
                expected: example_kind(source),
            }),
        })
    }

    /// The script's name.
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// The first error met while a solver called the script, if any.
    pub fn error(&self) -> Option<Error> {
        self.inner.error.borrow().clone()
    }

    fn fail(&self, e: Error) {
        let mut slot = self.inner.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(e);
        }
    }

    /// `Err` with the kept error if there is one, else `result`.
    fn checked<T>(&self, result: Result<T>) -> Result<T> {
        match self.error() {
            Some(e) => Err(e),
            None => result,
        }
    }

    /// Calls `moves(p)` and converts its answer: one vector of components
    /// per option.
    pub fn moves(&self, p: &ScriptPosition) -> Result<Vec<Vec<ScriptPosition>>> {
        let mut scope = Scope::new();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let call = self.inner.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut scope,
            &self.inner.ast,
            "moves",
            (p.to_dynamic(),),
        );
        self.inner.budget.end_call();
        let result = call.map_err(|e| {
            let mut reason = format!("moves({p}) failed: {}", describe(&e, &self.inner.limits));
            let kind = PositionKind::of(p);
            match self.inner.expected {
                Some(expected) if expected != kind => reason.push_str(&format!(
                    "; this script's positions look like {} (as in its example commands), \
                     not `{p}`",
                    expected.describe()
                )),
                None if reads_wrong_kind(&e) => reason.push_str(&format!(
                    "; `{p}` is {}: does this script read positions of that kind?",
                    match kind {
                        PositionKind::Heap => "a heap (one number)".to_string(),
                        PositionKind::Tuple(n) => format!("a tuple of {n} numbers"),
                    }
                )),
                _ => {}
            }
            script_error(&self.inner.name, reason)
        })?;
        let bad = |why: String| script_error(&self.inner.name, format!("moves({p}) {why}"));
        let list = result.into_array().map_err(|t| {
            bad(format!(
                "returned a `{t}`: it must return an array of options"
            ))
        })?;
        list.into_iter()
            .map(|option| {
                if option.is::<Sum>() {
                    let Sum(parts) = option.cast::<Sum>();
                    parts
                        .into_iter()
                        .map(|c| component(c).map_err(&bad))
                        .collect()
                } else {
                    Ok(vec![component(option).map_err(&bad)?])
                }
            })
            .collect()
    }
}

/// Makes comparing values of different kinds (a number with an array, a
/// boolean or a string; an array with a boolean) an error. Rhai's built-in
/// operators answer `false` there, which turns a position of the wrong
/// kind into "no moves"; operators registered for the exact types are
/// found before the built-in ones once fast operators are off.
fn strict_comparisons(engine: &mut Engine) {
    fn refuse(op: &str, a: &Dynamic, b: &Dynamic) -> std::result::Result<bool, Box<EvalAltResult>> {
        Err(Box::new(EvalAltResult::ErrorRuntime(
            format!(
                "cannot compare {} with {} (`{a} {op} {b}`)",
                kind_name(a),
                kind_name(b)
            )
            .into(),
            Position::NONE,
        )))
    }
    macro_rules! refuse_pair {
        ($a:ty, $b:ty) => {
            for op in ["==", "!=", "<", "<=", ">", ">="] {
                engine.register_fn(op, move |a: $a, b: $b| {
                    refuse(op, &Dynamic::from(a), &Dynamic::from(b))
                });
                engine.register_fn(op, move |b: $b, a: $a| {
                    refuse(op, &Dynamic::from(b), &Dynamic::from(a))
                });
            }
        };
    }
    engine.set_fast_operators(false);
    refuse_pair!(INT, Array);
    refuse_pair!(INT, bool);
    refuse_pair!(INT, ImmutableString);
    refuse_pair!(Array, bool);
}

/// Whether `e` is the kind of error a script handed a position of the
/// wrong kind raises (an operator or function for other types, indexing a
/// number, a strict comparison).
fn reads_wrong_kind(e: &EvalAltResult) -> bool {
    match e {
        EvalAltResult::ErrorFunctionNotFound(..)
        | EvalAltResult::ErrorMismatchDataType(..)
        | EvalAltResult::ErrorIndexingType(..)
        | EvalAltResult::ErrorIndexNotFound(..)
        | EvalAltResult::ErrorArrayBounds(..)
        | EvalAltResult::ErrorBitFieldBounds(..)
        | EvalAltResult::ErrorFor(..) => true,
        EvalAltResult::ErrorRuntime(message, _) => {
            message.to_string().starts_with("cannot compare")
        }
        EvalAltResult::ErrorInFunctionCall(_, _, inner, _) => reads_wrong_kind(inner),
        _ => false,
    }
}

/// A value's kind in words, for errors.
fn kind_name(d: &Dynamic) -> &'static str {
    if d.is_int() {
        "a number"
    } else if d.is_array() {
        "an array"
    } else if d.is_bool() {
        "a boolean"
    } else if d.is_string() {
        "a string"
    } else {
        "a value"
    }
}

/// A Rhai error in one line, with a word on limits when one was hit.
fn describe(e: &EvalAltResult, limits: &ScriptLimits) -> String {
    let text = e.to_string().replace('\n', " ");
    match e {
        EvalAltResult::ErrorTerminated(token, _)
            if token.clone().into_immutable_string().ok().as_deref() == Some(BUDGET_SPENT) =>
        {
            format!(
                "stopped after {} operations of the script in all, the budget of one command; \
                 raise it with the environment variable {BUDGET_VARIABLE}=N (operations)",
                limits.max_total_operations
            )
        }
        EvalAltResult::ErrorTooManyOperations(..) => format!(
            "{text}: stopped after {} operations (an endless loop?)",
            limits.max_operations
        ),
        EvalAltResult::ErrorDataTooLarge(..) => format!(
            "{text}: the limits are {} elements per array, {} bytes per string, {} entries per map",
            limits.max_array_size, limits.max_string_size, limits.max_map_size
        ),
        EvalAltResult::ErrorStackOverflow(..) => {
            format!(
                "{text}: calls nested deeper than {}",
                limits.max_call_levels
            )
        }
        _ => text,
    }
}

/// One component returned by a script: a non-negative integer or an array
/// of them.
fn component(d: Dynamic) -> std::result::Result<ScriptPosition, String> {
    let number = |x: &Dynamic| -> std::result::Result<u64, String> {
        match x.as_int() {
            Ok(v) if v >= 0 => Ok(v as u64),
            Ok(v) => Err(format!("returned the negative number `{v}`")),
            Err(t) => Err(format!("returned a `{t}` where a number was expected")),
        }
    };
    if d.is_array() {
        let items = d.into_array().unwrap_or_default();
        return Ok(ScriptPosition::Tuple(
            items
                .iter()
                .map(number)
                .collect::<std::result::Result<_, _>>()?,
        ));
    }
    if d.is::<Sum>() {
        return Err("returned a `sum` inside a `sum`: list all the components in one".into());
    }
    Ok(ScriptPosition::Heap(number(&d)?))
}

impl Game for ScriptGame {
    type Position = ScriptPosition;

    fn options(&self, p: &ScriptPosition, f: &mut dyn FnMut(&[ScriptPosition])) {
        if self.inner.error.borrow().is_some() {
            return;
        }
        match self.moves(p) {
            Ok(options) => options.iter().for_each(|o| f(o)),
            Err(e) => self.fail(e),
        }
    }

    fn format_position(&self, p: &ScriptPosition) -> String {
        p.to_string()
    }
}

/// A scripted game seen as a heap game (positions are heaps); an option
/// that is not made of heaps is an error.
#[derive(Clone, Debug)]
pub struct ScriptHeapGame(ScriptGame);

impl Game for ScriptHeapGame {
    type Position = u64;

    fn options(&self, h: &u64, f: &mut dyn FnMut(&[u64])) {
        let game = &self.0;
        if game.inner.error.borrow().is_some() {
            return;
        }
        let options = match game.moves(&ScriptPosition::Heap(*h)) {
            Ok(o) => o,
            Err(e) => return game.fail(e),
        };
        let mut heaps = Vec::new();
        for option in options {
            heaps.clear();
            for c in option {
                match c {
                    ScriptPosition::Heap(x) => heaps.push(x),
                    t @ ScriptPosition::Tuple(_) => {
                        return game.fail(script_error(
                            &game.inner.name,
                            format!(
                                "moves({h}) returned the position `{t}`, which is not a heap: \
                                 a game on heaps must move to heaps (or sums of heaps)"
                            ),
                        ))
                    }
                }
            }
            f(&heaps);
        }
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn position_index(&self, p: &u64) -> Option<usize> {
        usize::try_from(*p).ok()
    }
}

impl HeapGame for ScriptHeapGame {
    fn spec(&self) -> String {
        format!("script:{}", self.0.inner.name)
    }
}

/// A scripted game as an [`AnyGame`]: heap positions go to the dense
/// solver (values, periods, huge heaps once a period is proven), other
/// positions to the memo solver.
pub struct ScriptSpec {
    game: ScriptGame,
    heaps: HeapSpec<ScriptHeapGame>,
    memo: MemoSolver<ScriptGame>,
}

impl ScriptSpec {
    /// Wraps a compiled script.
    pub fn new(game: ScriptGame) -> ScriptSpec {
        ScriptSpec {
            heaps: HeapSpec::new(ScriptHeapGame(game.clone())),
            memo: MemoSolver::with_config(
                game.clone(),
                MemoConfig {
                    max_positions: game.inner.limits.max_positions,
                },
            ),
            game,
        }
    }
}

impl AnyGame for ScriptSpec {
    fn spec(&self) -> String {
        format!("script:{}", self.game.name())
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        let r = self.heaps.values(from, to);
        self.game.checked(r)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        let r = self.heaps.period_within(limit, time, progress);
        self.game.checked(r)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        if options.misere {
            return Err(Error::unsupported(format!(
                "misère analysis of `{}` is not supported",
                self.spec()
            )));
        }
        let parsed = positions
            .iter()
            .map(|p| ScriptPosition::parse(p))
            .collect::<Result<Vec<_>>>()?;
        if parsed.iter().all(|p| matches!(p, ScriptPosition::Heap(_))) {
            // The heap solver starts from heap 0: when the script's examples
            // use another kind of position, try the ones asked for first, so
            // that a script that cannot read them fails on them, by name.
            let other_kind = |p: &&ScriptPosition| {
                self.game
                    .inner
                    .expected
                    .is_some_and(|k| k != PositionKind::of(p))
            };
            for p in parsed.iter().filter(other_kind) {
                if let Err(e) = self.game.moves(p) {
                    self.game.fail(e.clone());
                    return Err(e);
                }
            }
            let r = self.heaps.analyze(positions, options);
            return self.game.checked(r);
        }
        let r = analyze(&self.game, &mut self.memo, &parsed).map(|a| a.map(|p| p.to_string()));
        self.game.checked(r)
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        match ScriptPosition::parse(component)? {
            ScriptPosition::Heap(h) => {
                let heap_game = ScriptHeapGame(self.game.clone());
                let r = list_heap_options(&heap_game, h);
                self.game.checked(r)
            }
            p => Ok(self
                .game
                .moves(&p)?
                .into_iter()
                .map(|o| o.iter().map(ToString::to_string).collect())
                .collect()),
        }
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(ScriptPosition::parse(component)?.to_string())
    }
}

#[cfg(test)]
mod tests;
