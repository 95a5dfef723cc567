//! The Rhai engine of a scripted game (`script:FILE.rhai`): compiling the
//! script once, calling its functions under the limits, and converting
//! positions between Rust and Rhai.

use super::engine::{stopped, Budget, Failure, Stop, STOPPED};
use super::params::Param;
use super::position::{PositionKind, ScriptPosition, MAX_DEPTH};
use super::{ScriptLimits, CALL_BUDGET_VARIABLE};
use rhai::{
    Array, CallFnOptions, Dynamic, Engine, EvalAltResult, ImmutableString, Module, Position, Scope,
    AST, INT,
};
use std::cell::RefCell;
use std::rc::Rc;

/// Operations between two looks at the clock (each about 20 ns, where an
/// operation takes about 45; one operation may take half a second:
/// `contains` on an array of 8 million elements); the memory is looked
/// at after every operation.
const TIME_EVERY: u64 = 4;

/// An option that is a sum of components, made by `sum(...)` in a script.
#[derive(Clone, Debug)]
struct Sum(Array);

/// A compiled Rhai script and its engines.
pub(super) struct RhaiScript {
    /// The same engine with Rhai's fast operators (see [`RhaiScript::call`]).
    fast: Engine,
    /// The functions and kinds of position that have had a call with
    /// strict comparisons.
    strictly_checked: RefCell<Vec<(&'static str, PositionKind)>>,
    /// The scope of the calls, empty between them (kept to save an
    /// allocation per call).
    scope: RefCell<Scope<'static>>,
    engine: Engine,
    ast: AST,
    limits: ScriptLimits,
    budget: Rc<Budget>,
}

impl RhaiScript {
    /// Compiles `source` and runs its top level once; an error is the
    /// reason, without the script's name.
    pub(super) fn new(
        source: &str,
        limits: &ScriptLimits,
        params: &[Param],
        budget: &Rc<Budget>,
    ) -> std::result::Result<RhaiScript, String> {
        let engine = new_engine(limits, budget, params, true);
        let fast = new_engine(limits, budget, params, false);
        let ast = engine
            .compile(source)
            .map_err(|e| format!("does not compile: {e}"))?;
        let turn_aware = (defines(&ast, "left_moves") && defines(&ast, "right_moves"))
            || moves_params(&ast) == Some(2);
        if !defines(&ast, "moves") && !turn_aware {
            return Err(
                "defines no function `moves(p)` (it must return the options of position p; \
                 a turn-aware game defines `left_moves(p)` and `right_moves(p)`, or \
                 `moves(p, player)`)"
                    .into(),
            );
        }
        budget.begin_call();
        let run = engine.run_ast(&ast);
        budget.end_call();
        run.map_err(|e| describe(&e, limits, budget))?;
        Ok(RhaiScript {
            fast,
            strictly_checked: RefCell::new(Vec::new()),
            scope: RefCell::new(Scope::new()),
            engine,
            ast,
            limits: limits.clone(),
            budget: budget.clone(),
        })
    }

    /// Whether the script defines `function(p)` (one parameter).
    pub(super) fn defines(&self, function: &str) -> bool {
        defines(&self.ast, function)
    }

    /// How many parameters the script's `moves` declares (2 in a
    /// turn-aware script's `moves(p, player)`), if it defines one.
    pub(super) fn moves_params(&self) -> Option<u8> {
        moves_params(&self.ast)
    }

    /// Calls the turn-aware script's moves of `player` (0 Left, 1 Right)
    /// at `p`, `left_moves(p)` / `right_moves(p)` or `moves(p, player)`,
    /// and hands `f` each option with its name.
    pub(super) fn each_player_move(
        &self,
        p: &ScriptPosition,
        player: u8,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> std::result::Result<(), Failure> {
        let own = if player == 0 {
            "left_moves"
        } else {
            "right_moves"
        };
        let list = if self.defines(own) {
            self.call(own, p)?
        } else {
            self.call_with_player("moves", p, player)?
        };
        self.move_list(list, true, f)
    }

    /// Calls `moves(p)` and hands `f` each option with its name (moves
    /// that the script names, and, when `names` is asked, the names of
    /// the options of a split, [`super::moves::split_equal`]).
    pub(super) fn each_move(
        &self,
        p: &ScriptPosition,
        names: bool,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> std::result::Result<(), Failure> {
        let list = self.call("moves", p)?;
        self.move_list(list, names, f)
    }

    /// Converts the list of options a moves function returned.
    fn move_list(
        &self,
        list: Dynamic,
        names: bool,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> std::result::Result<(), Failure> {
        let list = list.into_array().map_err(|t| {
            Failure::Returned(format!(
                "returned a `{t}`: it must return an array of options"
            ))
        })?;
        let mut one = [ScriptPosition::Int(0)];
        for d in list {
            match d.as_int() {
                Ok(v) if v >= 0 => {
                    one[0] = ScriptPosition::Int(v as u64);
                    f(None, &one);
                }
                _ => {
                    if let Some(split) = split_of(&d) {
                        let [x, lo, hi] = split.map_err(Failure::Returned)?;
                        let max = self.limits.max_array_size;
                        super::moves::split_equal(x, lo, hi, names, max, f)
                            .map_err(Failure::Returned)?;
                        continue;
                    }
                    let (name, to) = option(d).map_err(Failure::Returned)?;
                    f(name, &to);
                }
            }
        }
        Ok(())
    }

    /// Calls `components(p)`.
    pub(super) fn components(
        &self,
        p: &ScriptPosition,
    ) -> std::result::Result<Vec<ScriptPosition>, Failure> {
        let list = self.call("components", p)?.into_array().map_err(|t| {
            Failure::Returned(format!(
                "returned a `{t}`: it must return an array of positions"
            ))
        })?;
        list.iter()
            .map(|d| from_dynamic(d, 0).map_err(Failure::Returned))
            .collect()
    }

    /// Calls `canonical(p)`.
    pub(super) fn canonical(
        &self,
        p: &ScriptPosition,
    ) -> std::result::Result<ScriptPosition, Failure> {
        let d = self.call("canonical", p)?;
        from_dynamic(&d, 0).map_err(Failure::Returned)
    }

    /// Calls `start(n)`.
    pub(super) fn start(&self, n: u64) -> std::result::Result<ScriptPosition, Failure> {
        let d = self.call("start", &ScriptPosition::Int(n))?;
        from_dynamic(&d, 0).map_err(Failure::Returned)
    }

    /// Calls the script's function `function(p)` (under the limits and
    /// the budget).
    ///
    /// The first call of each function on each kind of position
    /// ([`PositionKind`]) runs with strict comparisons (comparing a number
    /// with an array is an error), so that a script handed a position of a
    /// kind it does not read fails instead of answering "no moves"; once
    /// a call on that kind has succeeded, the calls run with Rhai's fast
    /// operators (1.3 to 1.8 times faster), where such a comparison is
    /// `false` as Rhai defines it.
    fn call(
        &self,
        function: &'static str,
        p: &ScriptPosition,
    ) -> std::result::Result<Dynamic, Failure> {
        self.call_args(function, p, (to_dynamic(p),))
    }

    /// Calls `function(p, player)` (a turn-aware script's `moves`), as
    /// [`call`](Self::call) does.
    fn call_with_player(
        &self,
        function: &'static str,
        p: &ScriptPosition,
        player: u8,
    ) -> std::result::Result<Dynamic, Failure> {
        self.call_args(function, p, (to_dynamic(p), i64::from(player)))
    }

    /// Calls `function` with `args`, the first of which is `p`.
    fn call_args(
        &self,
        function: &'static str,
        p: &ScriptPosition,
        args: impl rhai::FuncArgs,
    ) -> std::result::Result<Dynamic, Failure> {
        // Tuples of any length count as one kind here (a game on lists
        // of heaps meets many lengths; this list stays short).
        let class = match PositionKind::of(p) {
            PositionKind::Tuple(_) => PositionKind::Tuple(0),
            k => k,
        };
        let checked = self.strictly_checked.borrow().contains(&(function, class));
        let engine = if checked { &self.fast } else { &self.engine };
        let mut scope = self.scope.borrow_mut();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.budget.begin_call();
        let call =
            engine.call_fn_with_options::<Dynamic>(options, &mut scope, &self.ast, function, args);
        self.budget.end_call();
        if !checked && call.is_ok() {
            self.strictly_checked.borrow_mut().push((function, class));
        }
        call.map_err(|e| Failure::Call {
            reason: describe(&e, &self.limits, &self.budget),
            wrong_kind: reads_wrong_kind(&e),
        })
    }
}

/// How many parameters the script's `moves` declares (the most, if it
/// defines several).
fn moves_params(ast: &AST) -> Option<u8> {
    ast.iter_functions()
        .filter(|f| f.name == "moves")
        .map(|f| u8::try_from(f.params.len()).unwrap_or(u8::MAX))
        .max()
}

/// Whether the script defines `function(p)` (one parameter).
fn defines(ast: &AST, function: &str) -> bool {
    ast.iter_functions()
        .any(|f| f.name == function && f.params.len() == 1)
}

/// Converts one option returned by `moves(p)`: a sum of components, and
/// the name of the move if it has one (`#{to: q, name: "..."}`).
fn option(d: Dynamic) -> std::result::Result<(Option<String>, Vec<ScriptPosition>), String> {
    if let Some(parted) = parted(&d) {
        return parted;
    }
    if d.is_map() {
        let named = d.as_map_ref().ok().and_then(|map| {
            let is_move = map.contains_key("to") && map.keys().all(|k| k == "to" || k == "name");
            is_move.then(|| {
                let name = map.get("name").map(|n| n.to_string());
                (name, map.get("to").cloned().unwrap_or_default())
            })
        });
        if let Some((name, to)) = named {
            return Ok((name, sum_of(to)?));
        }
    }
    Ok((None, sum_of(d)?))
}

/// A move that splits a heap into near-equal parts, `#{split: x,
/// min_parts: 2, max_parts: x}` (a map with the key `split`): its three
/// numbers ([`super::moves::split_equal`]); `None` when `d` is not such a
/// map.
fn split_of(d: &Dynamic) -> Option<std::result::Result<[u64; 3], String>> {
    let map = d.as_map_ref().ok()?;
    if !map.contains_key("split") {
        return None;
    }
    let read = || {
        if let Some(k) = map
            .keys()
            .find(|k| !super::moves::SPLIT_KEYS.contains(&k.as_str()))
        {
            return Err(format!(
                "returned a split with the key `{k}`: a split is `#{{split: x, min_parts: 2, \
                 max_parts: x}}` (these three keys)"
            ));
        }
        let mut out = [0u64; 3];
        for (slot, key) in out.iter_mut().zip(super::moves::SPLIT_KEYS) {
            let v = map.get(key).cloned().unwrap_or_default();
            *slot = match v.as_int() {
                Ok(i) if i >= 0 => i as u64,
                Ok(i) => {
                    return Err(format!(
                        "returned a split whose `{key}` is `{i}`: it is a whole number"
                    ))
                }
                Err(t) => {
                    return Err(format!(
                        "returned a split whose `{key}` is a `{t}`: it is a whole number \
                         (`#{{split: x, min_parts: 2, max_parts: x}}`)"
                    ))
                }
            };
        }
        Ok(out)
    };
    Some(read())
}

/// A move given as parts, `#{parts: [[q, count], ...]}` (and `name:` at
/// most besides): its name and components ([`super::moves::from_parts`]);
/// `None` when `d` is not such a map.
#[allow(clippy::type_complexity)]
fn parted(
    d: &Dynamic,
) -> Option<std::result::Result<(Option<String>, Vec<ScriptPosition>), String>> {
    let map = d.as_map_ref().ok()?;
    if !map.contains_key("parts") || !map.keys().all(|k| k == "parts" || k == "name") {
        return None;
    }
    let read = || {
        let name = map.get("name").map(|n| n.to_string());
        let list = map
            .get("parts")
            .and_then(|p| p.as_array_ref().ok().map(|a| a.clone()))
            .ok_or_else(|| {
                "returned `parts` that is not an array of pairs [position, count]".to_string()
            })?;
        let mut parts = Vec::with_capacity(list.len());
        for item in list {
            let pair = item
                .as_array_ref()
                .map_err(|t| super::moves::bad_part(&format!("a `{t}`")))?;
            let [part, count] = pair.as_slice() else {
                return Err(super::moves::bad_part(&format!(
                    "an array of {} items",
                    pair.len()
                )));
            };
            let count = count.as_int().map_err(|t| {
                super::moves::bad_part(&format!("counted by a `{t}` (counts are integers)"))
            })?;
            parts.push((component(part.clone())?, count));
        }
        super::moves::from_parts(parts, name)
    };
    Some(read())
}

/// The components of one option: `sum(...)` or one position.
fn sum_of(d: Dynamic) -> std::result::Result<Vec<ScriptPosition>, String> {
    if d.is::<Sum>() {
        let Sum(parts) = d.cast::<Sum>();
        parts.into_iter().map(component).collect()
    } else {
        Ok(vec![component(d)?])
    }
}

/// A sandboxed engine under `limits`, counting operations into `budget`,
/// with the parameters as constants; `strict`: comparisons of different
/// kinds are errors ([`strict_comparisons`]), else Rhai's fast operators.
fn new_engine(
    limits: &ScriptLimits,
    budget: &Rc<Budget>,
    params: &[Param],
    strict: bool,
) -> Engine {
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
    let total = limits.max_total_operations;
    let counter = budget.clone();
    engine.on_progress(move |ops| {
        counter.running.set(ops);
        let stop = if counter.spent.get().saturating_add(ops) > total {
            counter.stop.set(Some(Stop::Budget));
            Some(Stop::Budget)
        } else if ops % TIME_EVERY == 0 {
            counter.check_time()
        } else {
            counter.check_memory()
        };
        stop.map(|_| Dynamic::from(STOPPED))
    });
    if strict {
        strict_comparisons(&mut engine);
    }
    if !params.is_empty() {
        let mut constants = Module::new();
        for (param, value) in params {
            constants.set_var(param.as_str(), to_dynamic(value));
        }
        engine.register_global_module(constants.into());
    }
    bit_helpers(&mut engine);
    engine
        .register_type_with_name::<Sum>("Sum")
        .register_fn("sum", |parts: Array| Sum(parts))
        .register_fn("sum", |a: Dynamic, b: Dynamic| Sum(vec![a, b]))
        .register_fn("sum", |a: Dynamic, b: Dynamic, c: Dynamic| {
            Sum(vec![a, b, c])
        });
    engine
}

/// Native helpers for positions that are bit masks (each a few
/// nanoseconds, where the same loop in the script costs microseconds):
/// `count_ones(m)`, `bits(m)` (the indices of the set bits, lowest
/// first), `highest_zero_below(m, b)` and `lowest_zero_above(m, b)` (the
/// index of the nearest clear bit below / above bit `b`, or -1; bits 0 to
/// 62).
pub(super) fn bit_helpers(engine: &mut Engine) {
    engine
        .register_fn("count_ones", |m: INT| INT::from(m.count_ones()))
        .register_fn("bits", |m: INT| {
            let mut rest = m as u64;
            let mut out = Array::with_capacity(rest.count_ones() as usize);
            while rest != 0 {
                out.push(Dynamic::from_int(INT::from(rest.trailing_zeros())));
                rest &= rest - 1;
            }
            out
        })
        .register_fn("highest_zero_below", highest_zero_below)
        .register_fn("lowest_zero_above", lowest_zero_above);
}

/// The mask's bits 0 to 62.
fn mask(m: INT) -> u64 {
    (m as u64) & (u64::MAX >> 1)
}

/// The index of the highest clear bit of `m` below bit `b`, or -1.
pub(super) fn highest_zero_below(m: INT, b: INT) -> INT {
    let below = match b {
        ..=0 => 0,
        1..=62 => (1u64 << b) - 1,
        _ => u64::MAX >> 1,
    };
    match !mask(m) & below {
        0 => -1,
        z => INT::from(63 - z.leading_zeros()),
    }
}

/// The index of the lowest clear bit of `m` above bit `b` (up to bit
/// 62), or -1.
pub(super) fn lowest_zero_above(m: INT, b: INT) -> INT {
    let above = match b {
        ..=-1 => u64::MAX >> 1,
        0..=61 => (u64::MAX >> 1) & !((2u64 << b) - 1),
        _ => 0,
    };
    match !mask(m) & above {
        0 => -1,
        z => INT::from(z.trailing_zeros()),
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
fn describe(e: &EvalAltResult, limits: &ScriptLimits, budget: &Budget) -> String {
    if let Some(stop) = budget.stop.get() {
        return stopped(stop, limits);
    }
    let text = e.to_string().replace('\n', " ");
    match e {
        EvalAltResult::ErrorTooManyOperations(..) => format!(
            "{text}: stopped after {} operations in one call, the limit of a call (an \
             endless loop?); raise it with the environment variable \
             {CALL_BUDGET_VARIABLE}=N (operations)",
            limits.max_operations
        ),
        EvalAltResult::ErrorDataTooLarge(..) => format!(
            "{text}: the limits are {} elements per array (nested ones included; {} at \
             16 bytes each), {} bytes per string, {} entries per map",
            limits.max_array_size,
            crate::error::human_bytes(limits.max_array_size as u64 * 16),
            limits.max_string_size,
            limits.max_map_size
        ),
        EvalAltResult::ErrorStackOverflow(..) => {
            format!(
                "{text}: calls nested deeper than {}",
                limits.max_call_levels
            )
        }
        EvalAltResult::ErrorVariableNotFound(var, _) => format!(
            "{text}: if `{var}` is a parameter of the script, give it: \
             `script:FILE.rhai?{var}=VALUE` or `--param {var}=VALUE`"
        ),
        _ => text,
    }
}

/// One component returned by a script: a non-negative integer, a string,
/// an array or a map of them.
fn component(d: Dynamic) -> std::result::Result<ScriptPosition, String> {
    if d.is::<Sum>() {
        return Err("returned a `sum` inside a `sum`: list all the components in one".into());
    }
    from_dynamic(&d, 0)
}

/// A value of the script as a position.
pub(super) fn from_dynamic(
    d: &Dynamic,
    depth: usize,
) -> std::result::Result<ScriptPosition, String> {
    if depth > MAX_DEPTH {
        return Err(format!(
            "returned a position nested deeper than {MAX_DEPTH} levels"
        ));
    }
    if let Ok(v) = d.as_int() {
        return if v >= 0 {
            Ok(ScriptPosition::Int(v as u64))
        } else {
            Err(format!("returned the negative number `{v}`"))
        };
    }
    if let Ok(s) = d.as_immutable_string_ref() {
        return Ok(ScriptPosition::Str(s.to_string()));
    }
    if let Ok(c) = d.as_char() {
        return Ok(ScriptPosition::Str(c.to_string()));
    }
    if let Ok(items) = d.as_array_ref() {
        return items
            .iter()
            .map(|x| from_dynamic(x, depth + 1))
            .collect::<std::result::Result<_, _>>()
            .map(ScriptPosition::Array);
    }
    if let Ok(map) = d.as_map_ref() {
        return map
            .iter()
            .map(|(k, v)| Ok((k.to_string(), from_dynamic(v, depth + 1)?)))
            .collect::<std::result::Result<_, _>>()
            .map(ScriptPosition::Map);
    }
    Err(format!(
        "returned a `{}` where a position (a number, string, array or map) was expected",
        d.type_name()
    ))
}

/// A position as a value of the script.
pub(super) fn to_dynamic(p: &ScriptPosition) -> Dynamic {
    match p {
        ScriptPosition::Int(h) => Dynamic::from_int(*h as INT),
        ScriptPosition::Str(s) => Dynamic::from(ImmutableString::from(s.as_str())),
        ScriptPosition::Array(items) => Dynamic::from_array(items.iter().map(to_dynamic).collect()),
        ScriptPosition::Map(map) => Dynamic::from_map(
            map.iter()
                .map(|(k, v)| (k.as_str().into(), to_dynamic(v)))
                .collect(),
        ),
    }
}
