//! The Lua 5.4 engine of a scripted game (`script:FILE.lua`): a sandboxed
//! state per game, the script's functions looked up once, an instruction
//! hook for the limits of a call and the budget of the command, and the
//! conversions between positions and Lua values.
//!
//! Lua runs the same scripts 4 to 13 times faster than Rhai (a compiled
//! register machine against a tree walk; see `benches/scripts.sh`).

use super::engine::{budget_spent, Budget, Failure};
use super::params::Param;
use super::position::{ScriptPosition, MAX_DEPTH};
use super::{ScriptLimits, LUA_INSTRUCTIONS_PER_OPERATION};
use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::ffi::c_void;
use std::rc::Rc;

/// Instructions between two calls of the hook that counts them.
const HOOK_EVERY: u32 = 1000;

/// Run before the script: `sum`, the marker of sums (returned to the
/// host), a strict global table (reading a variable that was never
/// defined is an error, not `nil`), and the base library's functions that
/// reach outside the state, or could catch the errors that stop a script,
/// removed.
const PRELUDE: &str = r##"
local mt = {__metatable = "sum"}
local select, type, getmetatable, setmetatable = select, type, getmetatable, setmetatable
function sum(...)
    local n = select("#", ...)
    local first = ...
    if n == 1 and type(first) == "table" and getmetatable(first) == nil then
        return setmetatable({first}, mt)
    end
    return setmetatable({{...}, n}, mt)
end
dofile, loadfile, load, require, collectgarbage, print = nil, nil, nil, nil, nil, nil
pcall, xpcall, string.dump = nil, nil, nil
setmetatable(_G, {
    __index = function(_, name)
        error("reads the variable `" .. tostring(name) .. "`, which is not defined", 2)
    end,
    __metatable = false,
})
return mt
"##;

/// Why the hook stopped a script.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// The operations of one call.
    Call,
    /// The budget of the command.
    Budget,
}

/// A Lua script, run and ready to call.
pub(super) struct LuaScript {
    moves: Function,
    components: Option<Function>,
    canonical: Option<Function>,
    /// The metatable of the tables `sum(...)` makes, by address.
    sum: *const c_void,
    /// What the hook stopped, if it did (cleared by each call).
    stop: Rc<Cell<Option<Stop>>>,
    /// The items of the list `moves(p)` returned (kept between calls).
    items: RefCell<Vec<Value>>,
    limits: ScriptLimits,
    budget: Rc<Budget>,
    /// The state the functions above live in (dropped after them).
    lua: Lua,
}

impl LuaScript {
    /// Loads `source` in a sandboxed state, sets the parameters as
    /// globals, and runs its top level once; an error is the reason,
    /// without the script's name.
    pub(super) fn new(
        name: &str,
        source: &str,
        limits: &ScriptLimits,
        params: &[Param],
        budget: &Rc<Budget>,
    ) -> std::result::Result<LuaScript, String> {
        let setup = |e: mlua::Error| format!("could not set up Lua: {e}");
        let lua = Lua::new_with(
            StdLib::TABLE | StdLib::STRING | StdLib::MATH,
            LuaOptions::new(),
        )
        .map_err(setup)?;
        bit_helpers(&lua).map_err(setup)?;
        let globals = lua.globals();
        for (param, value) in params {
            let v = to_lua(&lua, value).map_err(|e| format!("the parameter `{param}`: {e}"))?;
            globals.raw_set(param.as_str(), v).map_err(setup)?;
        }
        let sum: Table = lua
            .load(PRELUDE)
            .set_name("=prelude")
            .eval()
            .map_err(setup)?;
        let stop = Rc::new(Cell::new(None));
        set_hook(&lua, limits, budget, &stop);
        lua.set_memory_limit(memory_limit(limits)).map_err(setup)?;
        let run = lua.load(source).set_name(format!("={name}")).exec();
        budget.end_call();
        run.map_err(|e| describe(&e, stop.get(), limits).0)?;
        let Some(moves) = function(&globals, "moves") else {
            return Err(
                "defines no function `moves(p)` (it must return the options of position p)".into(),
            );
        };
        Ok(LuaScript {
            moves,
            components: function(&globals, "components"),
            canonical: function(&globals, "canonical"),
            sum: sum.to_pointer(),
            stop,
            items: RefCell::new(Vec::new()),
            limits: limits.clone(),
            budget: budget.clone(),
            lua,
        })
    }

    /// Whether the script defines the function `function`.
    pub(super) fn defines(&self, function: &str) -> bool {
        match function {
            "moves" => true,
            "components" => self.components.is_some(),
            "canonical" => self.canonical.is_some(),
            _ => false,
        }
    }

    /// Calls `f(p)` under the limits and the budget.
    fn call(&self, f: &Function, p: &ScriptPosition) -> std::result::Result<Value, Failure> {
        let arg = to_lua(&self.lua, p).map_err(|reason| Failure::Call {
            reason,
            wrong_kind: false,
        })?;
        self.stop.set(None);
        let r = f.call::<Value>(arg);
        self.budget.end_call();
        r.map_err(|e| {
            let (reason, wrong_kind) = describe(&e, self.stop.get(), &self.limits);
            Failure::Call { reason, wrong_kind }
        })
    }

    /// Calls `moves(p)` and hands `f` each option with its name.
    pub(super) fn each_move(
        &self,
        p: &ScriptPosition,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> std::result::Result<(), Failure> {
        let list = match self.call(&self.moves, p)? {
            Value::Table(t) => t,
            v => {
                return Err(Failure::Returned(format!(
                    "returned {}: it must return an array (a table {{...}}) of options",
                    kind(&v)
                )))
            }
        };
        // The buffer is taken out while it is used (a script cannot call
        // back into the host, but this costs nothing).
        let mut items = std::mem::take(&mut *self.items.borrow_mut());
        let r = self.options(&list, &mut items, f);
        items.clear();
        *self.items.borrow_mut() = items;
        r.map_err(Failure::Returned)
    }

    /// Converts the options in `list` (through the buffer `items`).
    fn options(
        &self,
        list: &Table,
        items: &mut Vec<Value>,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> std::result::Result<(), String> {
        if let Shape::Map(keys) = read_table(list, items)? {
            return Err(format!(
                "returned a table with keys ({keys}): it must return an array of options"
            ));
        }
        let mut one = [ScriptPosition::Int(0)];
        for v in items.drain(..) {
            match v {
                Value::Integer(i) if i >= 0 => {
                    one[0] = ScriptPosition::Int(i as u64);
                    f(None, &one);
                }
                Value::Table(t) if self.is_sum(&t) => f(None, &self.sum_parts(&t)?),
                Value::Table(t) => match named(&t)? {
                    Some((name, to)) => match to {
                        Value::Table(s) if self.is_sum(&s) => f(Some(name), &self.sum_parts(&s)?),
                        to => f(Some(name), &[self.position(&to, 0)?]),
                    },
                    None => f(None, &[self.table_position(&t, 0)?]),
                },
                v => f(None, &[self.position(&v, 0)?]),
            }
        }
        Ok(())
    }

    /// Calls `components(p)`.
    pub(super) fn components(
        &self,
        p: &ScriptPosition,
    ) -> std::result::Result<Vec<ScriptPosition>, Failure> {
        let Some(f) = &self.components else {
            return Ok(vec![p.clone()]);
        };
        match self.call(f, p)? {
            Value::Table(t) if !self.is_sum(&t) => match self.table_position(&t, 0) {
                Ok(ScriptPosition::Array(parts)) => Ok(parts),
                Ok(_) => Err(Failure::Returned(
                    "returned a table with keys: it must return an array of positions".into(),
                )),
                Err(e) => Err(Failure::Returned(e)),
            },
            v => Err(Failure::Returned(format!(
                "returned {}: it must return an array of positions",
                kind(&v)
            ))),
        }
    }

    /// Calls `canonical(p)`.
    pub(super) fn canonical(
        &self,
        p: &ScriptPosition,
    ) -> std::result::Result<ScriptPosition, Failure> {
        let Some(f) = &self.canonical else {
            return Ok(p.clone());
        };
        let v = self.call(f, p)?;
        self.position(&v, 0).map_err(Failure::Returned)
    }

    /// Whether `t` was made by `sum(...)`.
    fn is_sum(&self, t: &Table) -> bool {
        t.metatable().is_some_and(|m| m.to_pointer() == self.sum)
    }

    /// The components of a sum made by `sum(...)`.
    fn sum_parts(&self, t: &Table) -> std::result::Result<Vec<ScriptPosition>, String> {
        let parts: Table = t.raw_get(1).map_err(|e| e.to_string())?;
        let given: Option<i64> = t.raw_get(2).map_err(|e| e.to_string())?;
        let mut items = Vec::new();
        if let Shape::Map(keys) = read_table(&parts, &mut items)? {
            return Err(format!(
                "returned `sum` of a table with keys ({keys}): give the components as \
                 sum(a, b, ...) or sum({{a, b, ...}})"
            ));
        }
        if given.is_some_and(|n| n != items.len() as i64) {
            return Err("returned a `sum` with a `nil` component".into());
        }
        items
            .iter()
            .map(|v| match v {
                Value::Table(s) if self.is_sum(s) => {
                    Err("returned a `sum` inside a `sum`: list all the components in one".into())
                }
                v => self.position(v, 0),
            })
            .collect()
    }

    /// A value of the script as a position.
    fn position(&self, v: &Value, depth: usize) -> std::result::Result<ScriptPosition, String> {
        match v {
            Value::Integer(i) if *i >= 0 => Ok(ScriptPosition::Int(*i as u64)),
            Value::Integer(i) => Err(format!("returned the negative number `{i}`")),
            Value::Number(x) => Err(format!(
                "returned the float `{x}`: positions are integers (in Lua `/` always makes a \
                 float: use `//` for integer division, or math.tointeger(x))"
            )),
            Value::String(s) => Ok(ScriptPosition::Str(string(s)?)),
            Value::Table(t) if self.is_sum(t) => Err(
                "returned a `sum` inside a position: a sum may only be an option of `moves`".into(),
            ),
            Value::Table(t) => self.table_position(t, depth),
            v => Err(format!(
                "returned {} where a position (a number, string, array or map) was expected",
                kind(v)
            )),
        }
    }

    /// A table of the script as a position: an array (an empty table is
    /// an empty array) or a map.
    fn table_position(
        &self,
        t: &Table,
        depth: usize,
    ) -> std::result::Result<ScriptPosition, String> {
        if depth >= MAX_DEPTH {
            return Err(format!(
                "returned a position nested deeper than {MAX_DEPTH} levels"
            ));
        }
        let mut items = Vec::new();
        match read_table(t, &mut items)? {
            Shape::Array => items
                .iter()
                .map(|v| self.position(v, depth + 1))
                .collect::<std::result::Result<_, _>>()
                .map(ScriptPosition::Array),
            Shape::Map(_) => {
                let mut map = BTreeMap::new();
                let mut bad = None;
                t.for_each::<Value, Value>(|k, v| {
                    if bad.is_none() {
                        if let Value::String(k) = k {
                            match string(&k).and_then(|k| Ok((k, self.position(&v, depth + 1)?))) {
                                Ok((k, p)) => drop(map.insert(k, p)),
                                Err(e) => bad = Some(e),
                            }
                        }
                    }
                    Ok(())
                })
                .map_err(|e| e.to_string())?;
                match bad {
                    Some(e) => Err(e),
                    None => Ok(ScriptPosition::Map(map)),
                }
            }
        }
    }
}

/// A Lua error in one line (without the traceback), with a word on the
/// limit when one was hit; and whether it is the kind of error a
/// position of the wrong kind causes.
fn describe(e: &mlua::Error, stop: Option<Stop>, limits: &ScriptLimits) -> (String, bool) {
    match stop {
        Some(Stop::Budget) => return (budget_spent(limits), false),
        Some(Stop::Call) => {
            return (
                format!(
                    "stopped after {} operations (Lua instructions; an endless loop?)",
                    limits.max_operations
                ),
                false,
            )
        }
        None => {}
    }
    let e = innermost(e);
    if let mlua::Error::MemoryError(_) = e {
        return (
            format!(
                "out of memory: the script's values may take {} in all",
                crate::error::human_bytes(memory_limit(limits) as u64)
            ),
            false,
        );
    }
    let text = match e {
        mlua::Error::RuntimeError(m) | mlua::Error::SyntaxError { message: m, .. } => m.clone(),
        e => e.to_string(),
    };
    let text = text
        .split("\nstack traceback:")
        .next()
        .unwrap_or("")
        .replace('\n', " ");
    let wrong_kind = [
        "attempt to compare",
        "attempt to perform arithmetic on a",
        "attempt to index a",
        "attempt to get length of a",
        "attempt to concatenate a",
        "bad argument",
    ]
    .iter()
    .any(|m| text.contains(m));
    if let Some(var) = undefined_variable(&text) {
        let hint = format!(
            "{text}: if `{var}` is a parameter of the script, give it: \
             `script:FILE.lua?{var}=VALUE` or `--param {var}=VALUE`"
        );
        return (hint, false);
    }
    (text, wrong_kind)
}

/// The memory a Lua state may take: as much as one array of Rhai's
/// ([`ScriptLimits::max_array_size`] values of 16 bytes,
/// [`super::SCRIPT_VALUE_BYTES`] by default), and at least 4 MiB (the
/// libraries need some).
fn memory_limit(limits: &ScriptLimits) -> usize {
    limits.max_array_size.saturating_mul(16).max(4 << 20)
}

/// The error inside the wrappers of callbacks.
fn innermost(e: &mlua::Error) -> &mlua::Error {
    match e {
        mlua::Error::CallbackError { cause, .. } => innermost(cause),
        e => e,
    }
}

/// The variable named in the prelude's error for an undefined one.
fn undefined_variable(text: &str) -> Option<&str> {
    let rest = text.split("reads the variable `").nth(1)?;
    let (var, after) = rest.split_once('`')?;
    after.starts_with(", which is not defined").then_some(var)
}

/// Counts instructions: a call that runs more than
/// [`ScriptLimits::max_operations`] of them, or a command whose calls run
/// more than [`ScriptLimits::max_total_operations`] operations of
/// [`LUA_INSTRUCTIONS_PER_OPERATION`] instructions, stops with an error
/// (which the script cannot catch: `pcall` is removed).
fn set_hook(lua: &Lua, limits: &ScriptLimits, budget: &Rc<Budget>, stop: &Rc<Cell<Option<Stop>>>) {
    let per_call = limits.max_operations;
    let total = limits
        .max_total_operations
        .saturating_mul(LUA_INSTRUCTIONS_PER_OPERATION);
    let (budget, stop) = (budget.clone(), stop.clone());
    lua.set_hook(
        HookTriggers::new().every_nth_instruction(HOOK_EVERY),
        move |_, _| {
            let ops = budget.running.get() + u64::from(HOOK_EVERY);
            budget.running.set(ops);
            let why = if budget.spent.get().saturating_add(ops) > total {
                Stop::Budget
            } else if ops > per_call {
                Stop::Call
            } else {
                return Ok(VmState::Continue);
            };
            stop.set(Some(why));
            Err(mlua::Error::RuntimeError("stopped by grundy".into()))
        },
    );
}

/// The native helpers for bit masks ([`super::rhai_engine::bit_helpers`]
/// in Rhai): the same four functions, the same answers.
fn bit_helpers(lua: &Lua) -> mlua::Result<()> {
    use super::rhai_engine::{highest_zero_below, lowest_zero_above};
    let g = lua.globals();
    g.set(
        "count_ones",
        lua.create_function(|_, m: i64| Ok(i64::from(m.count_ones())))?,
    )?;
    g.set(
        "bits",
        lua.create_function(|lua, m: i64| {
            let mut rest = m as u64;
            let t = lua.create_table_with_capacity(rest.count_ones() as usize, 0)?;
            let mut i = 1;
            while rest != 0 {
                t.raw_seti(i, i64::from(rest.trailing_zeros()))?;
                rest &= rest - 1;
                i += 1;
            }
            Ok(t)
        })?,
    )?;
    g.set(
        "highest_zero_below",
        lua.create_function(|_, (m, b): (i64, i64)| Ok(highest_zero_below(m, b)))?,
    )?;
    g.set(
        "lowest_zero_above",
        lua.create_function(|_, (m, b): (i64, i64)| Ok(lowest_zero_above(m, b)))?,
    )?;
    Ok(())
}

/// A global function of the script, if it defines one by that name.
fn function(globals: &Table, name: &str) -> Option<Function> {
    match globals.raw_get::<Value>(name) {
        Ok(Value::Function(f)) => Some(f),
        _ => None,
    }
}

/// How a table reads ([`read_table`]).
enum Shape {
    /// Keys 1 to n (or none): the items, in order.
    Array,
    /// String keys only (some of them named, for errors).
    Map(String),
}

/// Reads table `t`: an array (keys 1 to n; the items into `items`) or a
/// map (string keys); a table that mixes the two, has holes, or has other
/// keys is an error.
fn read_table(t: &Table, items: &mut Vec<Value>) -> std::result::Result<Shape, String> {
    items.clear();
    let mut stray: Vec<(i64, Value)> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    let mut strings = 0usize;
    let mut bad = None;
    t.for_each::<Value, Value>(|k, v| {
        match k {
            Value::Integer(i) if stray.is_empty() && i == items.len() as i64 + 1 => items.push(v),
            Value::Integer(i) => stray.push((i, v)),
            Value::String(s) => {
                strings += 1;
                if keys.len() < 3 {
                    keys.push(format!("`{}`", s.to_string_lossy()));
                }
            }
            k => {
                if bad.is_none() {
                    bad = Some(describe_key(&k));
                }
            }
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    if let Some(k) = bad {
        return Err(format!(
            "returned a table with the key {k}: a position is an array (keys 1, 2, ..., n) \
             or a map (string keys)"
        ));
    }
    stray.sort_by_key(|(i, _)| *i);
    for (i, v) in stray {
        let want = items.len() as i64 + 1;
        if i != want {
            return Err(format!(
                "returned a table with a hole (the key {i} but not {want}): an array has \
                 the keys 1, 2, ..., n (is an item `nil`?)"
            ));
        }
        items.push(v);
    }
    if strings == 0 {
        return Ok(Shape::Array);
    }
    if !items.is_empty() {
        return Err(format!(
            "returned a table with both items (1 to {}) and keys ({}): a position is an \
             array or a map, not both",
            items.len(),
            keys.join(", ")
        ));
    }
    Ok(Shape::Map(keys.join(", ")))
}

/// A key that is neither an integer nor a string, for errors.
fn describe_key(k: &Value) -> String {
    match k {
        Value::Number(x) => format!("`{x}` (a float)"),
        Value::Boolean(b) => format!("`{b}`"),
        k => kind(k).to_string(),
    }
}

/// `{to = q, name = "cell 3"}` (a table with the key `to`, and `name`
/// at most besides): the name and `q`.
fn named(t: &Table) -> std::result::Result<Option<(String, Value)>, String> {
    let to: Value = t.raw_get("to").map_err(|e| e.to_string())?;
    if to.is_nil() {
        return Ok(None);
    }
    let mut others = false;
    t.for_each::<Value, Value>(|k, _| {
        let ok = matches!(&k, Value::String(s) if s.as_bytes().as_ref() == b"to" || s.as_bytes().as_ref() == b"name");
        others |= !ok;
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    if others {
        return Ok(None);
    }
    let name = match t.raw_get::<Value>("name").map_err(|e| e.to_string())? {
        Value::String(s) => string(&s)?,
        Value::Integer(i) => i.to_string(),
        Value::Nil => String::new(),
        v => {
            return Err(format!(
                "returned a move named by {}: a name is a string",
                kind(&v)
            ))
        }
    };
    Ok(Some((name, to)))
}

/// A Lua string as a Rust string (UTF-8).
fn string(s: &mlua::String) -> std::result::Result<String, String> {
    s.to_str()
        .map(|s| s.to_string())
        .map_err(|_| "returned a string that is not UTF-8 text".to_string())
}

/// A value's kind in words, for errors.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Nil => "`nil`",
        Value::Boolean(_) => "a boolean",
        Value::Integer(_) => "a number",
        Value::Number(_) => "a float",
        Value::String(_) => "a string",
        Value::Table(_) => "a table",
        Value::Function(_) => "a function",
        _ => "a value of another kind",
    }
}

/// A position as a value of the script: an array is a sequence table, a
/// map a table with string keys.
fn to_lua(lua: &Lua, p: &ScriptPosition) -> std::result::Result<Value, String> {
    let fail = |e: mlua::Error| format!("could not pass `{p}` to the script: {e}");
    Ok(match p {
        ScriptPosition::Int(h) => match i64::try_from(*h) {
            Ok(i) => Value::Integer(i),
            Err(_) => {
                return Err(format!(
                    "the position `{h}` is larger than Lua's integers (at most 2^63 - 1)"
                ))
            }
        },
        ScriptPosition::Str(s) => Value::String(lua.create_string(s).map_err(fail)?),
        ScriptPosition::Array(items) => {
            let t = lua
                .create_table_with_capacity(items.len(), 0)
                .map_err(fail)?;
            for (i, x) in items.iter().enumerate() {
                t.raw_seti(i + 1, to_lua(lua, x)?).map_err(fail)?;
            }
            Value::Table(t)
        }
        ScriptPosition::Map(map) => {
            let t = lua.create_table_with_capacity(0, map.len()).map_err(fail)?;
            for (k, v) in map {
                t.raw_set(k.as_str(), to_lua(lua, v)?).map_err(fail)?;
            }
            Value::Table(t)
        }
    })
}
