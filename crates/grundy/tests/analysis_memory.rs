//! Memory that a request does not need is never held (issue 33, item 8).
//!
//! `grundy analyze 0.07 --no-moves` with 600 heaps in 10^8..10^9 whose sum
//! is an N-position held 700 MB: the winning moves were computed (10,000
//! per heap) and then dropped. This file counts the bytes the analysis
//! allocates (a counting global allocator: one test binary of its own, one
//! test in it, so no other test's allocations are counted) and checks the
//! peak: the values of the heaps come from 0.07's proven period in constant
//! memory, and the moves, when asked for, are listed to a bound for the
//! whole sum.

use grundy::spec::{self, AnalyzeOptions};
use grundy::strategy::take_break::MAX_LISTED;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded to the system allocator with the caller's layout.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes allocated at the peak of `f`, beyond what was live before it.
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let out = f();
    (out, PEAK.load(Ordering::Relaxed) - before)
}

/// 600 distinct heaps in 10^8..10^9 (a fixed pseudo-random sequence).
fn heaps() -> Vec<String> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut heaps: Vec<u64> = Vec::new();
    while heaps.len() < 600 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let h = 100_000_000 + x % 900_000_000;
        if !heaps.contains(&h) {
            heaps.push(h);
        }
    }
    heaps.iter().map(u64::to_string).collect()
}

#[test]
fn analyzing_many_huge_heaps_holds_no_memory_for_moves_it_does_not_list() {
    let positions = heaps();
    let options = AnalyzeOptions::default();
    let mut game = spec::parse("0.07").unwrap();
    // The period is found (and the small table kept) before counting.
    game.analyze_without_moves(&positions[..1], &options, false)
        .unwrap();

    let (without, peak) = peak_of(|| {
        game.analyze_without_moves(&positions, &options, false)
            .unwrap()
    });
    assert!(
        without.value.is_some_and(|v| !v.is_zero()),
        "the sum should be an N-position"
    );
    assert!(without.winning_moves.is_empty());
    assert!(
        peak < 1 << 20,
        "`--no-moves` on 600 heaps allocated {peak} bytes at its peak"
    );

    let (with, peak) = peak_of(|| game.analyze(&positions, &options).unwrap());
    assert_eq!(with.value, without.value);
    let listed = with.winning_moves.len();
    assert!(
        listed <= MAX_LISTED + positions.len(),
        "{listed} winning moves listed"
    );
    assert!(with.unlisted_moves > 0);
    assert!(
        peak < 16 << 20,
        "the analysis with moves of 600 heaps allocated {peak} bytes at its peak"
    );
}
