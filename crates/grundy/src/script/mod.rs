//! Custom games without compiling Rust: a [Rhai](https://rhai.rs) script
//! (`script:FILE.rhai`), a [Lua 5.4](https://www.lua.org) script
//! (`script:FILE.lua`; the language is chosen by the extension,
//! [`Language`]) or a TOML game file (`toml:FILE.toml`, see [`gamefile`]).
//! Both languages have the same contract, described here in Rhai and in
//! Lua below ("Lua").
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
//! Positions may be of any shape ([`position`]): an integer (`5` on the
//! command line), a string (`'"..X.X"'`), an array, nested freely
//! (`'[3,4]'`, `'[[0,1],[1,2]]'`, `'[]'`; `3,5` is shorthand for `[3,5]`)
//! or a map (`'#{a:1}'`). One command-line argument is one component,
//! always. Each option in the returned array is one position, or
//! `sum(a, b, ...)` / `sum([a, b, ...])` for a sum of independent
//! components (a heap split in two: `sum(a, b)`; nothing left: `sum([])`).
//! **Tables** (`values`, `period`, `pattern`; [`ScriptSpec`]): a script
//! whose positions are heaps (options are smaller heaps or sums of them)
//! is a heap game, `G(0..=N)` through the dense solver. A script whose
//! positions are pairs `[a,b]` (as its example commands show, or, when
//! they say nothing, because `moves(0)` fails and `moves([0,0])` does
//! not) gives the square `G([a,b])`, `0 <= a, b <= N`, as `wythoff` does
//! (no period). A script whose example commands pass tuples of 3 or more
//! numbers gives the table of tuples `G([h1,...,hk])`, each coordinate in
//! `0..=N` ([`AnyGame::tuple_table`](crate::spec::AnyGame::tuple_table)),
//! never read as pairs. Positions of another shape (strings, ...) have no
//! table of their own: `values` refuses, naming the shape the example
//! commands use; define `start(n)`.
//!
//! **Families.** A script may define `start(n)`, the position its problem
//! starts from for the parameter `n` (a pile of `n` with nothing taken:
//! `{n, 0}`). Its tables are then `G(start(n))` for `n` in the range (a
//! period only observed, never certified), and an integer given to
//! `analyze` or in a sum is the position `start(n)`
//! (`grundy analyze script:examples/games/cf768e.lua 5` is `start(5)`);
//! positions of other shapes are themselves.
//!
//! **Analyses** (`analyze`, through the memo solver; a cycle is reported
//! as an error) search only the positions reachable from those asked,
//! never the table from 0 (heap 0 need not be a position of the game, and
//! a heap of 3·10^7 that halves reaches few); heaps from which more than
//! [`REACHABLE_FIRST`] positions are reachable are answered by
//! the dense table instead (and by its period beyond it). Any script
//! works with `play`.
//!
//! An option may carry a name, `#{to: q, name: "cell 3"}` (a map with
//! exactly the keys `to` and `name`): winning moves print it
//! ([`ScriptMove`]; [`WinningMove::name`](crate::game::WinningMove::name)).
//!
//! An option may be given as parts with their counts, `#{parts: [[q + 1,
//! r], [q, m - r]]}` (a map with the key `parts` and `name` at most
//! besides): the sum of `r` heaps of `q + 1` and `m - r` heaps of `q`
//! (a split into `m` near-equal parts), without listing each. Each part is
//! a pair `[position, count]`; a part counts once when its count is odd
//! and not at all when it is even (a sum holding a component twice has the
//! value of the sum without both), so the solvers see at most one
//! component per part, whatever the counts. A count is a whole number from
//! 0 to [`MAX_PART_COUNT`](moves::MAX_PART_COUNT); a negative one (or, in
//! Lua, a float) is an error naming it. Without `name:` the move is named
//! by its split in full (`2*3+2`: 8 into 3, 3 and 2). Heap scripts keep
//! their dense tables: a part is a heap like any other.
//!
//! **Splits into near-equal parts, every number of parts at once**:
//! `#{split: x, min_parts: 2, max_parts: x}` (in Lua `{split = x,
//! min_parts = 2, max_parts = x}`) stands for the moves that split the heap
//! `x` into `M` heaps as equal as possible (`x mod M` of `x div M + 1`,
//! the others of `x div M`), one for each `M` from `min_parts` to
//! `max_parts` (at least 2, at most `x`; an empty range is no move).
//! grundy expands it natively ([`moves::split_equal`]): with parts counted
//! by parity as above, the `M` of one quotient and one parity make the
//! same option, so a heap `x` has O(√x) options, not `x - 1`, and a
//! script call per heap instead of a table per split (BZOJ 3576 at full
//! size: `examples/games/bzoj3576.lua`). Winning moves name the `M`:
//! `M=3`, or `M=5,7,...,11` for all the `M` of one option. Two more functions are optional ([`moves`]
//! module): `components(p)`, the independent parts of a position (a board
//! that falls apart into regions), and `canonical(p)`, a representative
//! of its equivalence class (turned, mirrored, sorted); the solvers then
//! memoize parts by their representative and XOR their values.
//!
//! Misère play: [`crate::spec::listed::analyze_misere`] (the SJ theorem
//! when its condition holds, else exhaustive search), also from
//! [`AnyGame::analyze_outcome`](crate::spec::AnyGame::analyze_outcome);
//! a script has no misère analysis of its own.
//!
//! Parameters ([`params`]): `script:FILE.rhai?k=3,n=10` makes `k` and `n`
//! constants every function reads.
//!
//! Native helpers for bit masks: `count_ones(m)`, `bits(m)` (indices of
//! the set bits), `highest_zero_below(m, b)`, `lowest_zero_above(m, b)`
//! (the nearest clear bit, or -1).
//!
//! Rhai functions do not see variables of the script's top level (only
//! the parameters): keep everything inside functions (helper functions
//! may be defined and called freely).
//!
//! **Sandbox.** Rhai has no file, network or process access unless the host
//! registers it, and none is registered: modules (`import`) are compiled
//! out, `eval` is disabled, `print` and `debug` go nowhere. Every call of
//! `moves` runs under [`ScriptLimits`]: a number of operations (so an
//! infinite loop stops with an error), a call depth, and sizes of strings,
//! arrays and maps (an array or map may take [`SCRIPT_VALUE_BYTES`] of
//! memory, 8,388,608 elements; an operation that makes it larger fails
//! naming the limit).
//!
//! Besides the limits of one call, a budget of operations covers every
//! call of one game (one command): [`ScriptLimits::max_total_operations`],
//! [`SCRIPT_BUDGET`] (600 million) by default, so that a runaway script
//! stops within about 30 s (the `grundy` command and the Python package
//! set it from the environment variable `GRUNDY_SCRIPT_BUDGET`,
//! [`BUDGET_VARIABLE`]); `grundy values` shows their progress on a terminal.
//!
//! **Time and memory, whatever the script calls.** Operations are counted
//! between statements (Rhai) or instructions (Lua), but work inside the
//! engines' native functions is not: `a.reverse()` on an array of 8
//! million elements is one Rhai operation, `s:gsub(...)` on a 10 MB
//! string one Lua instruction. So every call also runs under a clock
//! ([`ScriptLimits::max_call_time`], [`SCRIPT_CALL_TIME`], 5 s;
//! `GRUNDY_SCRIPT_CALL_SECONDS`, [`CALL_TIME_VARIABLE`]) and all calls of
//! a command under another ([`ScriptLimits::max_total_time`],
//! [`SCRIPT_TOTAL_TIME`], 25 s; `GRUNDY_SCRIPT_SECONDS`,
//! [`TIME_VARIABLE`]), so that a runaway script stops within about 30 s
//! whatever it does; the error names the limit and its variable. Only the
//! time spent inside calls counts (not a `play` prompt). Where the clock is
//! read:
//! - Rhai: the progress callback, which runs after every operation, reads
//!   it every 4 operations, so a loop of costly operations stops within
//!   4 of them (an operation on the largest array, `contains` or `sort` on
//!   8 million elements, takes up to about half a second).
//! - Lua: the instruction hook (every 100 instructions: a concatenation of
//!   a large string is one instruction), and the entry of every library
//!   function whose one call can take long (`string.find`, `match`,
//!   `gmatch`, `gsub`, `rep`, `format`, `reverse`, `upper`, `lower`,
//!   `table.sort`, `concat`, `unpack`, `move`), because no hook runs
//!   inside a C function. A pattern search is refused before it starts
//!   when its steps could pass 10^9 (an upper bound: the subject's length
//!   to the power of the pattern's `*`, `+` and `-`; Lua's matcher
//!   backtracks, and `string.find(string.rep("a", 5000),
//!   string.rep("a*", 30) .. "b")` would otherwise run for ever inside one
//!   call). A metatable with `__gc` is refused: Lua runs finalizers with
//!   hooks off (at a collection, and when the state is closed), where
//!   nothing could stop a loop. A wrapped function can be stopped only at
//!   its entry, so its one call is bounded by its input, itself bounded by
//!   the memory limit.
//!
//! Memory in total: [`ScriptLimits::max_memory`] ([`SCRIPT_MEMORY`],
//! 256 MiB; `GRUNDY_SCRIPT_MEMORY_MIB`, [`MEMORY_VARIABLE`]). Lua's state
//! has an allocator of its own with that limit (128 MiB by default, see
//! below). Rhai bounds each value but not how many a script holds (32
//! copies of an 8-million-element array took 4.1 GB), so the bytes the
//! calling thread allocates during a call, as the program's global
//! allocator counts them ([`count_memory_with`]; the `grundy` command's
//! does), are looked at after every operation.
//!
//! **Lua.** The same contract in Lua 5.4, 4 to 13 times faster (Lua
//! compiles to a register machine, Rhai walks a tree; figures in
//! `benches/scripts.sh` and the README):
//!
//! ```text
//! -- take 1, 3 or 4 tokens
//! function moves(n)
//!     local out = {}
//!     for _, take in ipairs({1, 3, 4}) do
//!         if take <= n then out[#out + 1] = n - take end
//!     end
//!     return out
//! end
//! ```
//!
//! - `moves(p)` returns a Lua array (a table with the keys 1 to n) of
//!   options; an option is a position, `sum(a, b, ...)` or `sum({a, b,
//!   ...})` (a sum of components; `sum()` nothing left), `{to = q,
//!   name = "cell 3"}` (a named move), or `{parts = {{q + 1, r}, {q, m -
//!   r}}}` (parts with counts, as in Rhai), or `{split = x, min_parts = 2,
//!   max_parts = x}` (every split into near-equal parts, as in Rhai).
//!   `components(p)` and `canonical(p)`
//!   are optional global functions, as in Rhai.
//! - Positions: an integer (Lua 5.4 integers), a string, an array (a
//!   sequence table, nested freely) or a map (a table with string keys).
//!   **An empty table is an empty array.** A table that mixes items and
//!   string keys, has holes (`{[1] = 1, [3] = 3}`, an item `nil`) or other
//!   keys is an error naming the call and its position. **Integers only:**
//!   a float (`n / 2`, which in Lua is always a float, even `4 / 2`) is
//!   refused naming it, never truncated: use `//`.
//! - Parameters are globals of their name; the bit helpers are the same
//!   four functions (in Lua a loop in the script is about as fast).
//! - Reading a global variable that was never defined is an error naming
//!   it (not `nil`), so a missing parameter or a typo fails.
//! - **Sandbox.** Only the base, `table`, `string` and `math` libraries;
//!   without `io`, `os`, `package`/`require`, `debug`, `coroutine`,
//!   `load`, `loadfile`, `dofile`, `collectgarbage`, `print`, `string.dump`
//!   and `pcall`/`xpcall` (so a script cannot catch the error that stops
//!   it). **Limits:** an instruction-count hook (every 100 instructions)
//!   stops a call after [`ScriptLimits::max_operations`] Lua instructions
//!   and the command after [`ScriptLimits::max_total_operations`]
//!   operations of [`LUA_INSTRUCTIONS_PER_OPERATION`] instructions (the
//!   same budget and environment variable as Rhai, lasting about as
//!   long), naming the limit; the whole
//!   Lua state may take [`ScriptLimits::max_array_size`] × 16 bytes
//!   ([`SCRIPT_VALUE_BYTES`], 128 MiB, by default): an allocation past it
//!   fails with "out of memory" naming the figure. Strings and tables
//!   have no limits of their own besides that memory; deep recursion
//!   stops with Lua's own "stack overflow" error.
//! - Comparisons of different kinds with `<`, `<=` (a number with a
//!   table) are errors in Lua itself; `==` between kinds is `false`.
//!   Integer arithmetic wraps around at 2^63 as Lua defines it (Rhai's
//!   stops with an error): keep positions well below.
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
//! **Errors.** The [`Game`](crate::game::Game) trait cannot fail, so a script error inside a
//! solver is kept in the game and reported instead of any result; after an
//! error the game answers nothing but that error. The error names the
//! position and the script's message, and when the position is not of the
//! kind the script's own example commands use (a heap where they pass
//! pairs `A,B`, or the reverse), it says so.
//!
//! Time: one script call per position the solver visits (a few
//! microseconds for a small `moves`); memory: the solver's tables.

mod adapter;
mod engine;
pub mod gamefile;
mod lua_engine;
mod memory;
pub mod moves;
pub mod params;
pub mod position;
mod rhai_engine;
pub mod turns;

pub use adapter::{ScriptHeapGame, ScriptSpec, MAX_PAIR_TABLE, REACHABLE_FIRST};
pub use engine::{Language, ScriptGame};
pub use memory::count_memory_with;
pub use moves::ScriptMove;
pub use position::ScriptPosition;
pub use turns::TurnSpec;

/// The environment variable with which the `grundy` command sets
/// [`ScriptLimits::max_total_operations`] (named in the error of a spent
/// budget).
pub const BUDGET_VARIABLE: &str = "GRUNDY_SCRIPT_BUDGET";

/// The environment variable with which the `grundy` command sets
/// [`ScriptLimits::max_operations`], the operations of one call (named in
/// the error of a call that ran out of them).
pub const CALL_BUDGET_VARIABLE: &str = "GRUNDY_SCRIPT_CALL_BUDGET";

/// The environment variable with which the `grundy` command sets
/// [`ScriptLimits::max_call_time`] (seconds; named in the error).
pub const CALL_TIME_VARIABLE: &str = "GRUNDY_SCRIPT_CALL_SECONDS";

/// The environment variable with which the `grundy` command sets
/// [`ScriptLimits::max_total_time`] (seconds; named in the error).
pub const TIME_VARIABLE: &str = "GRUNDY_SCRIPT_SECONDS";

/// The environment variable with which the `grundy` command sets
/// [`ScriptLimits::max_memory`] (MiB; named in the error).
pub const MEMORY_VARIABLE: &str = "GRUNDY_SCRIPT_MEMORY_MIB";

/// The default [`ScriptLimits`] with those the environment sets, the
/// policy of every front-end (the `grundy` command and the Python
/// package): [`ScriptLimits::max_total_operations`] from
/// `GRUNDY_SCRIPT_BUDGET` (operations), [`ScriptLimits::max_operations`]
/// from `GRUNDY_SCRIPT_CALL_BUDGET` (operations of one call),
/// [`ScriptLimits::max_call_time`]
/// from `GRUNDY_SCRIPT_CALL_SECONDS` and [`ScriptLimits::max_total_time`]
/// from `GRUNDY_SCRIPT_SECONDS` (seconds), [`ScriptLimits::max_memory`]
/// from `GRUNDY_SCRIPT_MEMORY_MIB` (MiB). A variable that is set but not a
/// positive integer is an error naming it.
pub fn limits_from_environment() -> crate::error::Result<ScriptLimits> {
    let mut limits = ScriptLimits::default();
    if let Some(n) = variable(BUDGET_VARIABLE, "a number of operations", "1000000000")? {
        limits.max_total_operations = n;
    }
    if let Some(n) = variable(CALL_BUDGET_VARIABLE, "a number of operations", "100000000")? {
        limits.max_operations = n;
    }
    if let Some(s) = variable(CALL_TIME_VARIABLE, "a number of seconds", "10")? {
        limits.max_call_time = std::time::Duration::from_secs(s);
    }
    if let Some(s) = variable(TIME_VARIABLE, "a number of seconds", "120")? {
        limits.max_total_time = std::time::Duration::from_secs(s);
    }
    if let Some(m) = variable(MEMORY_VARIABLE, "a number of MiB", "1024")? {
        limits.max_memory = usize::try_from(m.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
    }
    Ok(limits)
}

/// The positive integer in the environment variable `name`, if it is set.
fn variable(name: &str, what: &str, example: &str) -> crate::error::Result<Option<u64>> {
    let Some(value) = std::env::var_os(name) else {
        return Ok(None);
    };
    let text = value.to_string_lossy();
    crate::util::parse_u64(&text)
        .ok()
        .filter(|&n| n > 0)
        .map(Some)
        .ok_or_else(|| {
            crate::error::ErrorKind::Unsupported(format!(
                "{name}=`{text}` is not {what} (a positive integer, e.g. {name}={example})"
            ))
            .into()
        })
}

/// The memory one value of a script may take (an array: 16 bytes per
/// element; a map: about 64 bytes per entry), 128 MiB: the default of
/// [`ScriptLimits::max_array_size`] and [`ScriptLimits::max_map_size`].
/// The data is checked after each operation, so a value may reach twice
/// this size just before it is refused.
pub const SCRIPT_VALUE_BYTES: usize = 128 << 20;

/// The default budget of operations of one command's script work
/// ([`ScriptLimits::max_total_operations`]): 600 million, about 27 s of
/// Rhai and 24 s of Lua on the machine that measured them (Rhai ran
/// 2.2·10^7 operations a second, Lua 1.5·10^8 instructions, in
/// `grundy values script:slow --to 100000` with a loop in `moves`; release
/// build, 2-core Xeon). A runaway script stops within about 30 s; honest
/// work past it raises the budget (`GRUNDY_SCRIPT_BUDGET` in the `grundy`
/// command and the Python package). It was 4·10^9 (3 min 22 s of Rhai in
/// silence) before issue 33.
pub const SCRIPT_BUDGET: u64 = 600_000_000;

/// Lua instructions counted as one operation of
/// [`ScriptLimits::max_total_operations`], so that one budget lasts about
/// as long in either language: Lua ran 6.7 times as many instructions a
/// second as Rhai ran operations (see [`SCRIPT_BUDGET`]); 6 keeps Lua's
/// budget slightly the shorter.
pub const LUA_INSTRUCTIONS_PER_OPERATION: u64 = 6;

/// Limits a script runs under (each call of `moves` separately).
#[derive(Clone, Debug)]
pub struct ScriptLimits {
    /// Operations (roughly: expressions evaluated) per call.
    pub max_operations: u64,
    /// Depth of nested function calls.
    pub max_call_levels: usize,
    /// Length of any string.
    pub max_string_size: usize,
    /// Elements of any array, nested ones counted too (so also the number
    /// of options). By default a memory limit: [`SCRIPT_VALUE_BYTES`] at
    /// 16 bytes per element (a script's value). Rhai checks sizes after
    /// each change by walking the data, so growing an array one `push` at
    /// a time costs time quadratic in its length (about 5 s for 100,000).
    pub max_array_size: usize,
    /// Size of any object map.
    pub max_map_size: usize,
    /// Positions the memo solver may store (general positions).
    pub max_positions: usize,
    /// Operations of all calls of one game together (the whole command),
    /// including the script's top level; for Lua each operation is
    /// [`LUA_INSTRUCTIONS_PER_OPERATION`] instructions. The default,
    /// [`SCRIPT_BUDGET`], stops a runaway script within about 30 s.
    pub max_total_operations: u64,
    /// Wall-clock time of one call (the top level included), checked
    /// between operations and at the entry of the native functions that
    /// can take long (see [`crate::script`], "Limits"):
    /// [`SCRIPT_CALL_TIME`] by default; the `grundy` command reads it
    /// from `GRUNDY_SCRIPT_CALL_SECONDS`.
    pub max_call_time: std::time::Duration,
    /// Wall-clock time of all calls of one game together (the whole
    /// command; time between calls, such as a `play` prompt, does not
    /// count): [`SCRIPT_TOTAL_TIME`] by default; the `grundy` command reads
    /// it from `GRUNDY_SCRIPT_SECONDS`.
    pub max_total_time: std::time::Duration,
    /// Bytes a call may allocate beyond what was live when it began (all
    /// of its values together), [`SCRIPT_MEMORY`] by default. Lua: the
    /// limit of the whole state (with [`ScriptLimits::max_array_size`] ×
    /// 16 bytes, the smaller; at least 4 MiB). Rhai: the bytes the calling
    /// thread allocates, as the program counts them
    /// ([`crate::script::count_memory_with`]; the `grundy` command does);
    /// without a count Rhai bounds each value
    /// ([`ScriptLimits::max_array_size`]), not their total.
    pub max_memory: usize,
}

/// The default of [`ScriptLimits::max_call_time`]: 5 s, 20 times what
/// the 5,000,000 operations of a call take in Rhai.
pub const SCRIPT_CALL_TIME: std::time::Duration = std::time::Duration::from_secs(5);

/// The default of [`ScriptLimits::max_total_time`]: 25 s, so that a
/// runaway script, whatever it calls, stops within about 30 s.
pub const SCRIPT_TOTAL_TIME: std::time::Duration = std::time::Duration::from_secs(25);

/// The default of [`ScriptLimits::max_memory`]: 256 MiB, two values of
/// the largest size [`SCRIPT_VALUE_BYTES`].
pub const SCRIPT_MEMORY: usize = 2 * SCRIPT_VALUE_BYTES;

impl Default for ScriptLimits {
    fn default() -> Self {
        ScriptLimits {
            max_operations: 5_000_000,
            max_call_levels: 64,
            max_string_size: 10_000,
            max_array_size: SCRIPT_VALUE_BYTES / 16,
            max_map_size: SCRIPT_VALUE_BYTES / 64,
            max_positions: 10_000_000,
            max_total_operations: SCRIPT_BUDGET,
            max_call_time: SCRIPT_CALL_TIME,
            max_total_time: SCRIPT_TOTAL_TIME,
            max_memory: SCRIPT_MEMORY,
        }
    }
}

#[cfg(test)]
mod limit_tests;
#[cfg(test)]
mod lua_tests;
#[cfg(test)]
mod rich_tests;
#[cfg(test)]
mod split_tests;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;
