//! The global allocator a front-end declares
//! (`#[global_allocator] static A: grundy_alloc::CountingAlloc =
//! grundy_alloc::CountingAlloc;`): the system allocator, counting the
//! bytes each thread has allocated and not yet freed ([`live_bytes`]),
//! which the library reads to bound the memory of a Rhai script in total
//! (`grundy::script::count_memory_with(grundy_alloc::live_bytes)`;
//! Rhai bounds each value, not how many a script keeps: 32 copies of an
//! 8-million-element array took 4.1 GB before this count).
//!
//! The count is per thread: a script runs on the thread that calls it, so
//! work on other threads never counts against it. Its cost is one
//! thread-local addition per allocation. A program that does not declare
//! it counts nothing ([`live_bytes`] stays 0).

//!
//! A crate of its own: the library keeps unsafe code to its engine's
//! kernels (`crates/grundy/tests/suite/layers.rs`).

#![deny(missing_docs)]
#![deny(clippy::too_many_lines)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Bytes allocated minus bytes freed by this thread.
    static LIVE: Cell<i64> = const { Cell::new(0) };
}

/// The system allocator, counting each thread's bytes ([`live_bytes`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingAlloc;

fn add(bytes: usize, sign: i64) {
    // `try_with`: a thread being torn down has no count (and needs none).
    let _ = LIVE.try_with(|live| live.set(live.get().wrapping_add(sign * bytes as i64)));
}

// SAFETY: every method forwards to the system allocator with the
// caller's arguments; the count touches no allocation (a constant
// thread-local `Cell` without a destructor).
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, as `GlobalAlloc::alloc` requires.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size(), 1);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size(), 1);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        add(layout.size(), -1);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` was allocated by this allocator with `layout`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            add(layout.size(), -1);
            add(new_size, 1);
        }
        p
    }
}

/// The bytes this thread has allocated and not freed, as counted by
/// [`CountingAlloc`] (0 where it is not the global allocator).
pub fn live_bytes() -> i64 {
    LIVE.try_with(Cell::get).unwrap_or(0)
}
