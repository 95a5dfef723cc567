//! The bytes each thread has allocated and not yet freed, as the program
//! counts them ([`count_memory_with`]), so that a Rhai script's values
//! are bounded in total
//! ([`ScriptLimits::max_memory`](crate::script::ScriptLimits::max_memory)):
//! Rhai bounds each array, map and string, but not how many of them a
//! script keeps (32 copies of an 8-million-element array took 4.1 GB
//! before this count).
//!
//! The library allocates through the program's allocator and has no
//! `unsafe` code of its own outside the engine's kernels, so the count is
//! the program's: the `grundy` command installs a global allocator that
//! counts each thread's bytes and hands its reader here.

use std::sync::OnceLock;

/// The program's reader of the calling thread's live bytes.
static COUNTER: OnceLock<fn() -> i64> = OnceLock::new();

/// Bounds the memory of Rhai scripts in total with `live`, which returns
/// the bytes the calling thread has allocated and not freed (counted by
/// the program's global allocator; only differences between two readings
/// on one thread matter). Without it Rhai bounds each value, not their
/// total; Lua's state has an allocator of its own and needs none. The
/// first reader set stays; it returns whether this one was set.
pub fn count_memory_with(live: fn() -> i64) -> bool {
    COUNTER.set(live).is_ok()
}

/// The calling thread's live bytes, by the program's reader (0 without
/// one).
pub(super) fn live() -> i64 {
    COUNTER.get().map_or(0, |f| f())
}
