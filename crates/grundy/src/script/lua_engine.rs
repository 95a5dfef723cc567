//! The Lua 5.4 engine of a scripted game (`script:FILE.lua`): a sandboxed
//! state per game, the script's functions looked up once, an instruction
//! hook for the limits of a call and the budget of the command, and the
//! conversions between positions and Lua values.
//!
//! Lua runs the same scripts 4 to 13 times faster than Rhai (a compiled
//! register machine against a tree walk; see `benches/scripts.sh`).

use super::engine::{stopped, Budget, Failure, Stop};
use super::params::Param;
use super::position::{ScriptPosition, MAX_DEPTH};
use super::{ScriptLimits, LUA_INSTRUCTIONS_PER_OPERATION};
use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ffi::c_void;
use std::rc::Rc;

/// Instructions between two calls of the hook that counts them and
/// reads the clock (one instruction may take milliseconds: a
/// concatenation of a string of many megabytes).
const HOOK_EVERY: u32 = 100;

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

/// A Lua script, run and ready to call.
pub(super) struct LuaScript {
    /// `moves(p)`, or `moves(p, player)` in a turn-aware script; `None`
    /// when the script gives `left_moves` and `right_moves` instead.
    moves: Option<Function>,
    /// The turn-aware script's moves of each player, if it gives them so.
    left_moves: Option<Function>,
    right_moves: Option<Function>,
    components: Option<Function>,
    canonical: Option<Function>,
    /// `start(n)`, the position a family starts from for parameter `n`.
    start: Option<Function>,
    /// The metatable of the tables `sum(...)` makes, by address.
    sum: *const c_void,
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
        guard_natives(&lua, budget).map_err(setup)?;
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
        set_hook(&lua, limits, budget);
        lua.set_memory_limit(memory_limit(limits)).map_err(setup)?;
        budget.begin_call();
        let run = lua.load(source).set_name(format!("={name}")).exec();
        budget.end_call();
        run.map_err(|e| describe(&e, budget.stop.get(), limits).0)?;
        let moves = function(&globals, "moves");
        let left_moves = function(&globals, "left_moves");
        let right_moves = function(&globals, "right_moves");
        if moves.is_none() && (left_moves.is_none() || right_moves.is_none()) {
            return Err(
                "defines no function `moves(p)` (it must return the options of position p; \
                 a turn-aware game defines `left_moves(p)` and `right_moves(p)`, or \
                 `moves(p, player)`)"
                    .into(),
            );
        }
        Ok(LuaScript {
            moves,
            left_moves,
            right_moves,
            components: function(&globals, "components"),
            canonical: function(&globals, "canonical"),
            start: function(&globals, "start"),
            sum: sum.to_pointer(),
            items: RefCell::new(Vec::new()),
            limits: limits.clone(),
            budget: budget.clone(),
            lua,
        })
    }

    /// Whether the script defines the function `function`.
    pub(super) fn defines(&self, function: &str) -> bool {
        match function {
            "moves" => self.moves.is_some(),
            "left_moves" => self.left_moves.is_some(),
            "right_moves" => self.right_moves.is_some(),
            "components" => self.components.is_some(),
            "canonical" => self.canonical.is_some(),
            "start" => self.start.is_some(),
            _ => false,
        }
    }

    /// How many parameters the script's `moves` declares (2 in a
    /// turn-aware script's `moves(p, player)`), read from the function's
    /// compiled form (Lua 5.4's dump: the header, the main function's
    /// upvalue count, its source, its first and last lines, then the
    /// parameters); `None` without `moves` or when the form is not read.
    pub(super) fn moves_params(&self) -> Option<u8> {
        let code = self.moves.as_ref()?.dump(true);
        // Signature 4, version, format, data 6, three sizes, an integer
        // and a number of 8 bytes each; then the upvalue count.
        let mut at = 4 + 1 + 1 + 6 + 3 + 8 + 8 + 1;
        let varint = |at: &mut usize| -> Option<u64> {
            let mut x = 0u64;
            loop {
                let b = *code.get(*at)?;
                *at += 1;
                x = x.checked_mul(128)? | u64::from(b & 0x7f);
                if b & 0x80 != 0 {
                    return Some(x);
                }
            }
        };
        let source = varint(&mut at)?;
        at += usize::try_from(source.saturating_sub(1)).ok()?;
        varint(&mut at)?;
        varint(&mut at)?;
        code.get(at).copied()
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
            &self.left_moves
        } else {
            &self.right_moves
        };
        let value = match (own, &self.moves) {
            (Some(g), _) => self.call_with(g, p, None)?,
            (None, Some(g)) => self.call_with(g, p, Some(player))?,
            (None, None) => {
                return Err(Failure::Returned(
                    "is not defined: a turn-aware script defines `left_moves(p)` and \
                     `right_moves(p)`, or `moves(p, player)`"
                        .into(),
                ))
            }
        };
        self.move_list(value, true, f)
    }

    /// Calls `f(p)` under the limits and the budget.
    fn call(&self, f: &Function, p: &ScriptPosition) -> std::result::Result<Value, Failure> {
        self.call_with(f, p, None)
    }

    /// Calls `f(p)`, or `f(p, player)` with a player, under the limits
    /// and the budget.
    fn call_with(
        &self,
        f: &Function,
        p: &ScriptPosition,
        player: Option<u8>,
    ) -> std::result::Result<Value, Failure> {
        let arg = to_lua(&self.lua, p).map_err(|reason| Failure::Call {
            reason,
            wrong_kind: false,
        })?;
        self.budget.begin_call();
        let r = match player {
            None => f.call::<Value>(arg),
            Some(k) => f.call::<Value>((arg, i64::from(k))),
        };
        self.budget.end_call();
        r.map_err(|e| {
            let (reason, wrong_kind) = describe(&e, self.budget.stop.get(), &self.limits);
            Failure::Call { reason, wrong_kind }
        })
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
        let Some(moves) = &self.moves else {
            return Err(Failure::Returned(
                "is not defined: this script is turn-aware (`left_moves`, `right_moves`)".into(),
            ));
        };
        let value = self.call(moves, p)?;
        self.move_list(value, names, f)
    }

    /// Converts the list of options a moves function returned.
    fn move_list(
        &self,
        value: Value,
        names: bool,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> std::result::Result<(), Failure> {
        let list = match value {
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
        let r = self.options(&list, &mut items, names, f);
        items.clear();
        *self.items.borrow_mut() = items;
        r.map_err(Failure::Returned)
    }

    /// Converts the options in `list` (through the buffer `items`).
    fn options(
        &self,
        list: &Table,
        items: &mut Vec<Value>,
        names: bool,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> std::result::Result<(), String> {
        if let Shape::Map(keys) = read_table(list, items)? {
            return Err(format!(
                "returned a table with keys ({keys}): it must return an array of options"
            ));
        }
        let mut one = [ScriptPosition::Int(0)];
        let mut inner = Vec::new();
        for v in items.drain(..) {
            match v {
                Value::Integer(i) if i >= 0 => {
                    one[0] = ScriptPosition::Int(i as u64);
                    f(None, &one);
                }
                Value::Table(t) if self.is_sum(&t) => f(None, &self.sum_parts(&t)?),
                // An array (no string keys: no `parts`, `to` or `name`),
                // the common option `{a, b}`: read once, without looking
                // up those keys (Codeforces 768E's table spent a third of
                // its time on them).
                Value::Table(t) if matches!(read_table(&t, &mut inner)?, Shape::Array) => {
                    let p = inner
                        .iter()
                        .map(|v| self.position(v, 1))
                        .collect::<std::result::Result<_, _>>()?;
                    one[0] = ScriptPosition::Array(p);
                    f(None, &one);
                }
                Value::Table(t)
                    if !t
                        .raw_get::<Value>("split")
                        .map_err(|e| e.to_string())?
                        .is_nil() =>
                {
                    self.split(&t, names, f)?
                }
                Value::Table(t)
                    if !t
                        .raw_get::<Value>("parts")
                        .map_err(|e| e.to_string())?
                        .is_nil() =>
                {
                    match self.parted(&t)? {
                        Some((name, to)) => f(name, &to),
                        None => f(None, &[self.table_position(&t, 0)?]),
                    }
                }
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

    /// A move given as parts, `{parts = {{q, count}, ...}}` (and `name`
    /// at most besides): its name and components
    /// ([`super::moves::from_parts`]); `None` when `t` has other keys.
    #[allow(clippy::type_complexity)]
    fn parted(
        &self,
        t: &Table,
    ) -> std::result::Result<Option<(Option<String>, Vec<ScriptPosition>)>, String> {
        let mut others = false;
        t.for_each::<Value, Value>(|k, _| {
            others |= !matches!(&k, Value::String(s) if s.as_bytes().as_ref() == b"parts" || s.as_bytes().as_ref() == b"name");
            Ok(())
        })
        .map_err(|e| e.to_string())?;
        if others {
            return Ok(None);
        }
        let name = match t.raw_get::<Value>("name").map_err(|e| e.to_string())? {
            Value::String(s) => Some(string(&s)?),
            Value::Integer(i) => Some(i.to_string()),
            Value::Nil => None,
            v => {
                return Err(format!(
                    "returned a move named by {}: a name is a string",
                    kind(&v)
                ))
            }
        };
        let list = match t.raw_get::<Value>("parts").map_err(|e| e.to_string())? {
            Value::Table(list) if !self.is_sum(&list) => list,
            v => {
                return Err(format!(
                    "returned `parts` that is {}: it is an array of pairs {{position, count}}",
                    kind(&v)
                ))
            }
        };
        let mut items = Vec::new();
        if let Shape::Map(keys) = read_table(&list, &mut items)? {
            return Err(format!(
                "returned `parts` with keys ({keys}): it is an array of pairs {{position, count}}"
            ));
        }
        let mut parts = Vec::with_capacity(items.len());
        for item in &items {
            let Value::Table(pair) = item else {
                return Err(super::moves::bad_part(kind(item)));
            };
            let mut two = Vec::new();
            let shape = read_table(pair, &mut two)?;
            let (Shape::Array, [part, count]) = (&shape, two.as_slice()) else {
                return Err(super::moves::bad_part(&format!(
                    "a table of {} items",
                    two.len()
                )));
            };
            let count = match count {
                Value::Integer(c) => *c,
                Value::Number(x) => {
                    return Err(format!(
                        "returned the count `{x}` (a float) for a part: a count is a whole \
                         number from 0 to {} (use `//` for integer division)",
                        super::moves::MAX_PART_COUNT
                    ))
                }
                v => return Err(super::moves::bad_part(&format!("counted by {}", kind(v)))),
            };
            let part = match part {
                Value::Table(s) if self.is_sum(s) => {
                    return Err("returned a `sum` as a part: list its components as parts".into())
                }
                v => self.position(v, 0)?,
            };
            parts.push((part, count));
        }
        super::moves::from_parts(parts, name).map(Some)
    }

    /// A move that splits a heap into near-equal parts, `{split = x,
    /// min_parts = 2, max_parts = x}`: its options, expanded by
    /// [`super::moves::split_equal`].
    fn split(
        &self,
        t: &Table,
        names: bool,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> std::result::Result<(), String> {
        let mut others = None;
        t.for_each::<Value, Value>(|k, _| {
            let known = matches!(&k, Value::String(s)
                if super::moves::SPLIT_KEYS.iter().any(|w| s.as_bytes().as_ref() == w.as_bytes()));
            if !known && others.is_none() {
                others = Some(match &k {
                    Value::String(s) => format!("`{}`", s.to_string_lossy()),
                    k => describe_key(k),
                });
            }
            Ok(())
        })
        .map_err(|e| e.to_string())?;
        if let Some(k) = others {
            return Err(format!(
                "returned a split with the key {k}: a split is `{{split = x, min_parts = 2, \
                 max_parts = x}}` (these three keys)"
            ));
        }
        let mut read = [0u64; 3];
        for (slot, key) in read.iter_mut().zip(super::moves::SPLIT_KEYS) {
            *slot = match t.raw_get::<Value>(key).map_err(|e| e.to_string())? {
                Value::Integer(i) if i >= 0 => i as u64,
                v => {
                    return Err(format!(
                        "returned a split whose `{key}` is {}: it is a whole number \
                         (`{{split = x, min_parts = 2, max_parts = x}}`)",
                        match v {
                            Value::Integer(i) => format!("`{i}`"),
                            Value::Number(x) => format!("the float `{x}`"),
                            v => kind(&v).to_string(),
                        }
                    ))
                }
            };
        }
        let [x, lo, hi] = read;
        super::moves::split_equal(x, lo, hi, names, self.limits.max_array_size, f)
    }

    /// Calls `start(n)` (a script without it starts from `n`).
    pub(super) fn start(&self, n: u64) -> std::result::Result<ScriptPosition, Failure> {
        let Some(f) = &self.start else {
            return Ok(ScriptPosition::Int(n));
        };
        let v = self.call(f, &ScriptPosition::Int(n))?;
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
    if let Some(stop) = stop {
        return (stopped(stop, limits), false);
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
/// [`super::SCRIPT_VALUE_BYTES`] by default) and at most
/// [`ScriptLimits::max_memory`], and at least 4 MiB (the libraries need
/// some). It covers everything the state allocates: strings, tables,
/// functions, the stack and the buffers of the string library.
fn memory_limit(limits: &ScriptLimits) -> usize {
    limits
        .max_array_size
        .saturating_mul(16)
        .min(limits.max_memory)
        .max(4 << 20)
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
/// (which the script cannot catch: `pcall` is removed); so does a call
/// past its time ([`Budget::check_time`]).
fn set_hook(lua: &Lua, limits: &ScriptLimits, budget: &Rc<Budget>) {
    let per_call = limits.max_operations;
    let total = limits
        .max_total_operations
        .saturating_mul(LUA_INSTRUCTIONS_PER_OPERATION);
    let budget = budget.clone();
    lua.set_hook(
        HookTriggers::new().every_nth_instruction(HOOK_EVERY),
        move |_, _| {
            let ops = budget.running.get() + u64::from(HOOK_EVERY);
            budget.running.set(ops);
            let why = if budget.spent.get().saturating_add(ops) > total {
                Stop::Budget
            } else if ops > per_call {
                Stop::Operations
            } else if let Some(why) = budget.check_time() {
                why
            } else {
                return Ok(VmState::Continue);
            };
            budget.stop.set(Some(why));
            Err(mlua::Error::RuntimeError("stopped by grundy".into()))
        },
    );
}

/// Lua's library functions whose single call can take long (a pattern
/// that backtracks, a string or table of many megabytes), wrapped so that
/// each call first looks at the clock ([`Budget::check_time`]): Lua's
/// instruction hook does not run inside a C function, so a loop of such
/// calls would run on between two hooks.
const TIMED: [(&str, &[&str]); 2] = [
    (
        "string",
        &[
            "find", "match", "gmatch", "gsub", "rep", "format", "reverse", "upper", "lower",
        ],
    ),
    ("table", &["sort", "concat", "unpack", "move"]),
];

/// Steps a pattern search may take at most ([`pattern_steps`]), about a
/// second: Lua's matcher backtracks, and
/// `string.find(string.rep("a", 5000), string.rep("a*", 30) .. "b")` would
/// run for ever inside one C call, where no hook or clock can stop it.
const MAX_PATTERN_STEPS: f64 = 1e9;

/// Wraps the functions of [`TIMED`] (the clock, and for the four pattern
/// functions a bound on the search, [`pattern_steps`]), and `setmetatable`,
/// which refuses a finalizer (`__gc`): Lua runs finalizers with hooks off
/// (at a collection, or when the state is closed), so a loop in one could
/// never be stopped.
fn guard_natives(lua: &Lua, budget: &Rc<Budget>) -> mlua::Result<()> {
    let globals = lua.globals();
    for (library, names) in TIMED {
        let table: Table = globals.get(library)?;
        for &name in names {
            let original: Function = table.get(name)?;
            let budget = budget.clone();
            let pattern = matches!(name, "find" | "match" | "gmatch" | "gsub");
            let wrapped = lua.create_function(move |_, args: mlua::MultiValue| {
                if budget.check_time().is_some() {
                    return Err(mlua::Error::RuntimeError("stopped by grundy".into()));
                }
                if pattern {
                    check_pattern(name, &args)?;
                }
                original.call::<mlua::MultiValue>(args)
            })?;
            table.set(name, wrapped)?;
        }
    }
    let original: Function = globals.get("setmetatable")?;
    let guarded = lua.create_function(move |_, (t, mt): (Value, Value)| {
        if let Value::Table(m) = &mt {
            if !m.raw_get::<Value>("__gc")?.is_nil() {
                return Err(mlua::Error::RuntimeError(
                    "setmetatable: a metatable with `__gc` (a finalizer) is not allowed in a \
                     game script: Lua runs finalizers where no limit can stop them"
                        .into(),
                ));
            }
        }
        original.call::<Value>((t, mt))
    })?;
    globals.set("setmetatable", guarded)
}

/// Refuses a pattern search that could take more than
/// [`MAX_PATTERN_STEPS`] ([`pattern_steps`]); `string.find` with `plain`
/// set is a plain search, always allowed.
fn check_pattern(name: &str, args: &mlua::MultiValue) -> mlua::Result<()> {
    let text = |v: Option<&Value>| -> Option<Vec<u8>> {
        match v {
            Some(Value::String(s)) => Some(s.as_bytes().to_vec()),
            _ => None,
        }
    };
    let subject_len = match args.front() {
        Some(Value::String(s)) => s.as_bytes().len(),
        _ => return Ok(()), // Lua reports a wrong argument itself.
    };
    let Some(pattern) = text(args.get(1)) else {
        return Ok(());
    };
    let plain = name == "find"
        && args
            .get(3)
            .is_some_and(|v| !matches!(v, Value::Nil | Value::Boolean(false)));
    if plain {
        return Ok(());
    }
    let steps = pattern_steps(&pattern, subject_len);
    if steps > MAX_PATTERN_STEPS {
        return Err(mlua::Error::RuntimeError(format!(
            "string.{name}: the pattern `{}` could take about 10^{:.0} steps on a string of {} \
             bytes, more than the limit of 10^{:.0} steps of one search (each `*`, `+` or `-` \
             may multiply the steps by the string's length): use fewer of them, anchor the \
             pattern with `^`, or search a shorter string",
            String::from_utf8_lossy(&pattern[..pattern.len().min(40)]),
            steps.log10().floor(),
            subject_len,
            MAX_PATTERN_STEPS.log10()
        )));
    }
    Ok(())
}

/// An upper bound on the steps of Lua's pattern matcher searching
/// `pattern` in a string of `n` bytes: each start position (one if the
/// pattern is anchored with `^`), times the choices of each item (`n + 1`
/// lengths for `*`, `+`, `-`, two for `?`, `n + 1` for a scan such as
/// `%b()` or a back-reference `%1`), times the pattern's length.
fn pattern_steps(p: &[u8], n: usize) -> f64 {
    let lengths = n as f64 + 1.0;
    let anchored = p.first() == Some(&b'^');
    let mut i = usize::from(anchored);
    let mut steps = 1.0f64;
    while i < p.len() {
        let end = match p[i] {
            b'(' | b')' => {
                i += 1;
                continue;
            }
            b'%' => match p.get(i + 1) {
                Some(b'b') => {
                    steps *= lengths;
                    i += 4;
                    continue;
                }
                Some(b'f') => {
                    i = set_end(p, i + 2);
                    continue;
                }
                Some(d) if d.is_ascii_digit() => {
                    steps *= lengths;
                    i += 2;
                    continue;
                }
                _ => i + 2,
            },
            b'[' => set_end(p, i),
            _ => i + 1,
        };
        i = end;
        match p.get(i) {
            Some(b'*' | b'+' | b'-') => {
                steps *= lengths;
                i += 1;
            }
            Some(b'?') => {
                steps *= 2.0;
                i += 1;
            }
            _ => {}
        }
    }
    let starts = if anchored { 1.0 } else { lengths };
    starts * steps * p.len().max(1) as f64
}

/// The index after the set `[...]` that starts at `p[i]` (as Lua reads
/// it: `^` first negates, the first item may be `]`, `%` escapes the
/// next byte), or the pattern's end.
fn set_end(p: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    if p.get(j) == Some(&b'^') {
        j += 1;
    }
    loop {
        let Some(&c) = p.get(j) else {
            return p.len();
        };
        j += if c == b'%' { 2 } else { 1 };
        match p.get(j) {
            Some(b']') => return j + 1,
            None => return p.len(),
            _ => {}
        }
    }
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
