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
//! Positions may be of any shape ([`position`]): an integer (`5` on the
//! command line), a string (`'"..X.X"'`), an array, nested freely
//! (`'[3,4]'`, `'[[0,1],[1,2]]'`, `'[]'`; `3,5` is shorthand for `[3,5]`)
//! or a map (`'#{a:1}'`). One command-line argument is one component,
//! always. Each option in the returned array is one position, or
//! `sum(a, b, ...)` / `sum([a, b, ...])` for a sum of independent
//! components (a heap split in two: `sum(a, b)`; nothing left: `sum([])`).
//! A script whose positions are heaps (options are smaller heaps or sums of
//! them) is a heap game: `values` and `period` work, through the dense
//! solver. Any script works with `analyze` and `play`, through the memo
//! solver (a cycle is reported as an error).
//!
//! An option may carry a name, `#{to: q, name: "cell 3"}` (a map with
//! exactly the keys `to` and `name`): winning moves print it
//! ([`ScriptMove`]). Two more functions are optional ([`moves`]
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
//! 4 billion by default, a minute or two of script (the `grundy` command
//! sets it from the environment variable `GRUNDY_SCRIPT_BUDGET`,
//! [`BUDGET_VARIABLE`]). Requests of scripted games have no time limit
//! besides it.
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
pub mod moves;
pub mod params;
pub mod position;
mod rhai_engine;

pub use adapter::{ScriptHeapGame, ScriptSpec};
pub use engine::{Language, ScriptGame};
pub use moves::ScriptMove;
pub use position::ScriptPosition;

/// The environment variable with which the `grundy` command sets
/// [`ScriptLimits::max_total_operations`] (named in the error of a spent
/// budget).
pub const BUDGET_VARIABLE: &str = "GRUNDY_SCRIPT_BUDGET";

/// Re-exported from [`crate::spec`], where the callers that hand files
/// to the library set them ([`crate::spec::SpecFiles::script_limits`]).
pub use crate::spec::{ScriptLimits, SCRIPT_VALUE_BYTES};

#[cfg(test)]
mod limit_tests;
#[cfg(test)]
mod lua_tests;
#[cfg(test)]
mod rich_tests;
#[cfg(test)]
mod tests;
