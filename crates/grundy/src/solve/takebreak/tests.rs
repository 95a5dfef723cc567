//! Tests of the engine: every method and schedule against the naive one
//! and the generic solvers.

use super::*;
use crate::solve::table::fnv1a;
use crate::solve::{DenseSolver, MemoSolver};

fn values(game: &TakeBreak, n: u64, method: Method, simd: bool) -> Vec<u64> {
    let mut s = TakeBreakSolver::with_config(
        game.clone(),
        TakeBreakConfig {
            method,
            simd,
            ..TakeBreakConfig::default()
        },
    );
    s.extend_to(n).unwrap();
    (0..=n).map(|h| s.value(h).unwrap().value()).collect()
}

/// `G(0..=n)` by the generic dense solver.
fn dense_values(g: &TakeBreak, n: u64) -> Vec<u64> {
    DenseSolver::new(g)
        .extend_to(n)
        .unwrap()
        .iter()
        .map(|v| v.value())
        .collect()
}

#[test]
fn every_method_agrees_with_the_generic_solvers() {
    for code in [
        "0.77", "0.07", "0.137", "0.6", "0.16", "4.07", "0.3r", "4.3r", "0.7r",
    ] {
        let g = TakeBreak::octal(code).unwrap();
        let n = if g.repeating() { 80 } else { 400 };
        let dense = dense_values(&g, n);
        for method in [Method::Naive, Method::Plain, Method::Auto] {
            for simd in [false, true] {
                assert_eq!(
                    values(&g, n, method, simd),
                    dense,
                    "{code} {method:?} {simd}"
                );
            }
        }
    }
    for g in [
        TakeBreak::grundy_game(),
        TakeBreak::hexadecimal("0.8").unwrap(),
        TakeBreak::hexadecimal("0.F6").unwrap(),
        TakeBreak::hexadecimal("8.3").unwrap(),
    ] {
        let mut memo = MemoSolver::new(&g);
        let expect: Vec<u64> = (0..=90)
            .map(|h| memo.nim_value(&h).unwrap().value())
            .collect();
        for method in [Method::Naive, Method::Plain, Method::Auto] {
            assert_eq!(
                values(&g, 90, method, true),
                expect,
                "{} {method:?}",
                g.code()
            );
        }
    }
}

/// Codes with two or more two-heap classes: the rare/common step reuses
/// the rare-pair set of each sum across classes (`candidate_bits`'s memo);
/// its values equal the plain method's, including across split changes.
#[test]
fn rare_pair_sets_reused_across_classes_are_exact() {
    for code in ["0.167", "0.1677", "0.367", "0.0767", "0.4167"] {
        let g = TakeBreak::octal(code).unwrap();
        let n = 20000;
        let mut auto = TakeBreakSolver::new(g.clone());
        auto.extend_to(n).unwrap();
        let got: Vec<u64> = (0..=n).map(|h| auto.value(h).unwrap().value()).collect();
        assert_eq!(got, values(&g, n, Method::Plain, true), "{code}");
        if code == "0.167" {
            assert!(auto.stats().rare_common_heaps > 10000, "{:?}", auto.stats());
        }
    }
}

/// The pairs with a bulk rare heap filled as bits for 32 heaps at once
/// (`fill_bulk_bits`): used on sparse codes with one and several two-heap
/// classes (with twisted splits: 0.106), on random codes with splits, and
/// every value equals the plain method's.
#[test]
fn bulk_rare_pair_bits_are_exact() {
    let mut codes: Vec<String> = ["0.106", "0.16", "0.167", "0.1677"]
        .iter()
        .map(|c| c.to_string())
        .collect();
    // Random finite codes whose digits let heaps split (4, 5, 6, 7).
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..6 {
        let mut code = String::from("0.");
        for _ in 0..3 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            code.push(char::from(b'0' + ((x >> 40) % 8) as u8));
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        code.push(char::from(b'4' + ((x >> 40) % 4) as u8));
        codes.push(code);
    }
    let mut used = 0;
    for code in &codes {
        let g = TakeBreak::octal(code).unwrap();
        let n = 12_000;
        let mut auto = TakeBreakSolver::new(g.clone());
        let mut filled = false;
        auto.extend_with(n, &mut |s| {
            filled |= !s.core.rc.bulk_bits.rare.is_empty();
            Ok(())
        })
        .unwrap();
        used += usize::from(filled);
        let got: Vec<u64> = (0..=n).map(|h| auto.value(h).unwrap().value()).collect();
        assert_eq!(got, values(&g, n, Method::Plain, true), "{code}");
        if ["0.106", "0.16", "0.167"].contains(&code.as_str()) {
            assert!(filled, "{code}: {:?}", auto.stats());
        }
    }
    assert!(used >= 3, "{used}");
}

#[test]
fn rare_common_is_used_and_exact_on_a_long_run() {
    // 0.6 has a clear split; compare with the naive method to 12000.
    let g = TakeBreak::octal("0.6").unwrap();
    let mut auto = TakeBreakSolver::new(g.clone());
    auto.extend_to(12000).unwrap();
    assert!(auto.stats().rare_common_heaps > 2000, "{:?}", auto.stats());
    assert_eq!(
        values(&g, 12000, Method::Naive, false),
        values(&g, 12000, Method::Auto, true)
    );
}

/// Regression: with a split twisted by heap parity (0.106), a heap whose
/// value is the bound itself (G(380) = 16 while every earlier value is
/// below 16) got 17, because the bound was left out of the candidates.
#[test]
fn twisted_split_reaches_the_bound() {
    let g = TakeBreak::octal("0.106").unwrap();
    let mut s = TakeBreakSolver::new(g.clone());
    s.extend_to(3000).unwrap();
    assert!(s.split().is_some_and(|sp| sp.twisted()), "{:?}", s.split());
    assert_eq!(s.value(380).map(|v| v.value()), Some(16));
    assert_eq!(
        values(&g, 3000, Method::Auto, true),
        values(&g, 3000, Method::Naive, false)
    );
}

/// Sparse games run long enough for rare/common (and its register
/// bitsets) to take over: every heap equals the plain method's.
#[test]
fn sparse_games_agree_with_the_plain_method() {
    let games = [
        "0.106", "0.16", "0.167", "0.6", "0.126", "0.65", "4.7", "0.172",
    ]
    .iter()
    .map(|c| TakeBreak::octal(c).unwrap())
    .chain([TakeBreak::grundy_game()]);
    for g in games {
        let mut auto = TakeBreakSolver::new(g.clone());
        auto.extend_to(20_000).unwrap();
        let plain = values(&g, 20_000, Method::Plain, true);
        let auto_values: Vec<u64> = (0..=20_000)
            .map(|h| auto.value(h).unwrap().value())
            .collect();
        assert_eq!(auto_values, plain, "{} {:?}", g.code(), auto.stats());
    }
}

fn threads(threads: usize) -> TakeBreakConfig {
    TakeBreakConfig {
        threads,
        ..TakeBreakConfig::default()
    }
}

/// A solver on `n` threads; with two, they are used wherever they can
/// be, whatever the timings ([`TwoOrOne::fixed_for_an_hour`]), so that
/// the tests of the two-thread steps are not at the mercy of a busy
/// machine.
fn with_threads(g: &TakeBreak, n: usize) -> TakeBreakSolver {
    always_two(TakeBreakSolver::with_config(g.clone(), threads(n)))
}

fn always_two(mut s: TakeBreakSolver) -> TakeBreakSolver {
    s.core.sched.two_or_one = TwoOrOne::fixed_for_an_hour(true);
    s
}

/// Every value `s` holds.
fn all_values(s: &TakeBreakSolver) -> Vec<u64> {
    (0..s.len()).map(|h| s.value(h).unwrap().value()).collect()
}

/// The pipelined step (two threads, rare/common with few rare heaps)
/// against the plain method, wrong candidates included (0.16 and 0.165
/// have a few rare heaps late).
#[test]
fn pipelined_step_agrees_with_the_plain_method() {
    let mut misses = 0;
    for code in ["0.106", "0.16", "0.165", "0.167", "4.7"] {
        let g = TakeBreak::octal(code).unwrap();
        let plain = values(&g, 40_000, Method::Plain, true);
        for threads in [1, 2] {
            let mut s = with_threads(&g, threads);
            s.extend_to(40_000).unwrap();
            assert_eq!(all_values(&s), plain, "{code} with {threads} threads");
            let stats = s.stats();
            assert_eq!(stats.pipelined_heaps > 0, threads == 2, "{code} {stats:?}");
            misses += stats.pipeline_misses;
        }
    }
    assert!(misses > 0);
}

/// A candidate at the bound stops the pipelined step and the usual
/// step computes that heap (values rarely cross a power of two in the
/// pipelined step's stretches, so the stops are forced here, on 0.16 at
/// heaps 9000 and 12345).
#[test]
fn pipelined_step_stops_for_new_values() {
    let g = TakeBreak::octal("0.16").unwrap();
    let plain = values(&g, 20_000, Method::Plain, true);
    let mut s = with_threads(&g, 2);
    s.core.stop_at = vec![9000, 12_345];
    s.extend_to(20_000).unwrap();
    assert_eq!(all_values(&s), plain);
    assert_eq!(s.stats().pipeline_stops, 2, "{:?}", s.stats());
}

/// The block step (one thread and two) against the plain method, on
/// games where it engages (rare/common with values past 32).
#[test]
fn block_step_agrees_with_the_plain_method() {
    for g in [TakeBreak::octal("0.6").unwrap(), TakeBreak::grundy_game()] {
        let plain = values(&g, 30_000, Method::Plain, true);
        for threads in [1, 2] {
            let mut s = with_threads(&g, threads);
            s.extend_to(30_000).unwrap();
            assert_eq!(all_values(&s), plain, "{} with {threads} threads", g.code());
            assert!(s.stats().confirm_pairs > 0);
            // Two threads fill blocks ahead.
            assert_eq!(s.stats().blocks_ahead > 0, threads == 2, "{}", g.code());
        }
    }
}

/// A dense game with large values (0.007, values past 256 here) forced
/// into rare/common from heap 30000: many rare values per heap are left
/// to confirm after the block's prefix, so further splits are marked
/// before the searches. Every heap equals the plain method's.
#[test]
fn dense_rare_common_confirms_many_rare_values() {
    let g = TakeBreak::octal("0.007").unwrap();
    let n = 40_000;
    let plain = values(&g, n, Method::Plain, true);
    let mut table = NimTable::new();
    for &v in &plain[..30_000] {
        table.push(v).unwrap();
    }
    // (Four threads: the speculative blocks, see
    // `speculative_blocks_of_four_times_the_heaps_give_the_one_thread_values`.)
    for count in [1, 2, 4] {
        let mut s =
            always_two(TakeBreakSolver::resume(g.clone(), threads(count), table.clone()).unwrap());
        // Make the plain method look expensive: rare/common from now on.
        s.core.sched.costs.plain_per_half_n = 1e9;
        s.extend_to(n).unwrap();
        let stats = s.stats();
        assert!(stats.rare_common_heaps > 9000, "{stats:?}");
        assert!(stats.searches > 0 && stats.confirm_pairs > 0, "{stats:?}");
        assert_eq!(stats.blocks_ahead > 0, count >= 2, "{stats:?}");
        assert_eq!(all_values(&s), plain, "{count} threads");
    }
}

/// Where one thread was found faster, none of the two-thread steps
/// runs, and the values are the same.
#[test]
fn two_threads_found_slower_are_left_out() {
    for code in ["0.6", "0.16", "0.007"] {
        let g = TakeBreak::octal(code).unwrap();
        let plain = values(&g, 30_000, Method::Plain, true);
        let mut s = TakeBreakSolver::with_config(g.clone(), threads(2));
        s.core.sched.two_or_one = TwoOrOne::fixed_for_an_hour(false);
        s.extend_to(30_000).unwrap();
        assert_eq!(all_values(&s), plain, "{code}");
        let stats = s.stats();
        assert_eq!(
            (stats.blocks_ahead, stats.pipelined_heaps, stats.waits_slept),
            (0, 0, 0),
            "{code} {stats:?}"
        );
        // (The other thread's engine is made the first time it is used.)
        assert!(s.core.sched.helper.is_none(), "{code}");
        // ... where they do run on the same games.
        let mut s = with_threads(&g, 2);
        s.extend_to(30_000).unwrap();
        let stats = s.stats();
        assert!(
            stats.blocks_ahead + stats.pipelined_heaps > 0 || s.core.sched.helper.is_some(),
            "{code} {stats:?}"
        );
    }
}

/// The other thread's engine holds its own scratch space only: not a copy
/// of the value counts, the block step's buffers, the costs or the rare
/// list (which would go stale there), which stay with the thread that runs
/// the schedule.
#[test]
fn the_helper_engine_does_not_copy_the_schedule() {
    for code in ["0.007", "0.16"] {
        let g = TakeBreak::octal(code).unwrap();
        let mut s = with_threads(&g, 2);
        s.extend_to(30_000).unwrap();
        let helper = s.core.sched.helper.as_ref().expect(code);
        assert!(!s.core.sched.counts[1].is_empty(), "{code}");
        assert!(helper.sched.counts.iter().all(Vec::is_empty), "{code}");
        assert!(helper.sched.helper.is_none() && helper.sched.pool.is_none());
        assert!(helper.sched.blocks.rows.is_empty(), "{code}");
        assert!(helper.sched.blocks.spare_bits.is_empty(), "{code}");
        assert!(
            helper.rc.split.is_none() && helper.rc.rare.is_empty(),
            "{code}"
        );
    }
}

/// Two heaps at a time on two threads (games whose heap `n` does not
/// read `G(n − 1)`), against one thread.
#[test]
fn two_heaps_at_a_time_agree_with_one() {
    for code in ["0.007", "0.0737", "0.04"] {
        let g = TakeBreak::octal(code).unwrap();
        let one = values(&g, 12_000, Method::Auto, true);
        let mut s = with_threads(&g, 2);
        s.extend_to(12_000).unwrap();
        assert_eq!(all_values(&s), one, "{code}");
    }
}

#[test]
fn refuses_a_table_beyond_its_budget() {
    let mut s = TakeBreakSolver::with_config(
        TakeBreak::named("kayles").unwrap(),
        TakeBreakConfig {
            max_bytes: 1000,
            ..TakeBreakConfig::default()
        },
    );
    let e = s.extend_to(5000).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfMemory { .. }));
    assert!(s.extend_to(u64::MAX).is_err());
}

/// Values past 511 early (Nim as `0.3r`: G(n) = n; Lasker's Nim `4.3r`,
/// G(n) near n): the table widens from `u8` to `u16` in the middle of a
/// run, every method and schedule stays equal to the generic solver, and
/// no value wraps.
#[test]
fn values_past_511_widen_the_table_and_stay_exact() {
    for code in ["0.3r", "4.3r"] {
        let g = TakeBreak::octal(code).unwrap();
        let n = 1300;
        let dense = dense_values(&g, n);
        assert!(dense.iter().any(|&v| v > 511), "{code}");
        for method in [Method::Naive, Method::Plain, Method::Auto] {
            assert_eq!(values(&g, n, method, true), dense, "{code} {method:?}");
        }
        let mut two = with_threads(&g, 2);
        two.extend_to(n).unwrap();
        assert_eq!(two.table().width(), 2, "{code}");
        assert_eq!(all_values(&two), dense, "{code} two threads");
    }
}

/// A budget that holds the table in bytes but not in the 9 bits per value
/// the first value past 255 needs (1021 bytes for 901 values), or in 9
/// bits but not in the two bytes the first value past 511 needs: refused
/// when the table would widen (the check was made at the old width), with
/// the values computed until then exact. A run too small for 9 bits goes
/// from bytes to `u16` at once, and needs its two bytes per value then.
#[test]
fn widening_past_the_budget_is_refused() {
    let g = TakeBreak::octal("0.3r").unwrap();
    for (nine_bits_from, budget, needed, len, width) in [
        (0, 1000, 1021, 256, 1),
        (0, 1500, 1802, 512, 2),
        (NINE_BITS_FROM, 1500, 1802, 256, 1),
    ] {
        let mut s = TakeBreakSolver::with_config(
            g.clone(),
            TakeBreakConfig {
                max_bytes: budget,
                nine_bits_from,
                ..TakeBreakConfig::default()
            },
        );
        let e = s.extend_to(900).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::OutOfMemory { needed: x, .. } if *x == needed),
            "{e}"
        );
        assert_eq!(s.table().width(), width);
        assert_eq!(s.len(), len);
        assert!(all_values(&s)
            .iter()
            .enumerate()
            .all(|(n, &v)| v == n as u64));
    }
}

/// `G(0..=n)` of `g` on a `u16` table from the start (a table resumed at
/// that width never narrows), with `count` threads.
fn u16_values(g: &TakeBreak, n: u64, count: usize) -> Vec<u64> {
    let first = values(g, 63, Method::Naive, false);
    let table = NimTable::U16(first.iter().map(|&v| v as u16).collect());
    let mut s = always_two(TakeBreakSolver::resume(g.clone(), threads(count), table).unwrap());
    s.extend_to(n).unwrap();
    assert!(matches!(s.table(), NimTable::U16(_)));
    all_values(&s)
}

/// A solver on `count` threads (see [`with_threads`]) that takes values in
/// 256..512 in 9 bits when the run has room for `from` values.
fn nine_bits(g: &TakeBreak, count: usize, from: u64) -> TakeBreakSolver {
    let config = TakeBreakConfig {
        nine_bits_from: from,
        ..threads(count)
    };
    always_two(TakeBreakSolver::with_config(g.clone(), config))
}

/// The width for values in 256..512 follows the room of the run: `u16`
/// below [`TakeBreakConfig::nine_bits_from`] values, 9 bits from there
/// (the room reserved by `extend_with` counts, not only each step), with
/// the same values either way.
#[test]
fn nine_bits_from_the_threshold_on() {
    let g = TakeBreak::octal("0.6").unwrap();
    let mut small = nine_bits(&g, 1, 40_001);
    small.extend_to(40_000).unwrap();
    assert!(matches!(small.table(), NimTable::Nine(_)));
    let mut below = nine_bits(&g, 1, 40_002);
    below.extend_to(40_000).unwrap();
    assert!(matches!(below.table(), NimTable::U16(_)));
    let mut batches = nine_bits(&g, 1, 40_001);
    batches.extend_with(40_000, &mut |_| Ok(())).unwrap();
    assert!(matches!(batches.table(), NimTable::Nine(_)));
    let default = with_threads(&g, 1);
    assert_eq!(default.config.nine_bits_from, NINE_BITS_FROM);
    assert_eq!(all_values(&small), all_values(&below));
    assert_eq!(all_values(&batches), all_values(&below));
}

/// 0.6 past 256 (from heap 10344, below 512 throughout): the 9-bit table
/// gives the values of a `u16` table, on one thread and two, and of the
/// naive method where it is quick enough.
#[test]
fn the_nine_bit_table_gives_the_u16_values() {
    let g = TakeBreak::octal("0.6").unwrap();
    let n = 100_000;
    let wide = u16_values(&g, n, 1);
    assert!(wide.iter().any(|&v| v >= 256) && wide.iter().all(|&v| v < 512));
    assert_eq!(values(&g, 20_000, Method::Naive, false), wide[..=20_000]);
    for count in [1, 2] {
        let mut s = nine_bits(&g, count, 0);
        s.extend_to(n).unwrap();
        assert!(matches!(s.table(), NimTable::Nine(_)), "{count} threads");
        assert_eq!(all_values(&s), wide, "{count} threads");
        assert_eq!(s.table().view().checksum(), fnv1a(wide.iter().copied()));
    }
    assert_eq!(u16_values(&g, 30_000, 2), wide[..=30_000]);
}

/// 0.007's values pass 256 (heap 9168) and 512 (heap 35662): the table
/// goes `u8` → 9 bits → `u16`, and every value equals the plain method's
/// and a `u16` table's, on one thread and two.
#[test]
fn the_table_widens_from_bytes_to_nine_bits_to_u16() {
    let g = TakeBreak::octal("0.007").unwrap();
    let plain = values(&g, 40_000, Method::Plain, true);
    assert_eq!(u16_values(&g, 40_000, 1), plain);
    for count in [1, 2] {
        let mut s = nine_bits(&g, count, 0);
        s.extend_to(9_000).unwrap();
        assert!(matches!(s.table(), NimTable::U8(_)));
        s.extend_to(30_000).unwrap();
        assert!(matches!(s.table(), NimTable::Nine(_)));
        s.extend_to(40_000).unwrap();
        assert!(matches!(s.table(), NimTable::U16(_)));
        assert_eq!(all_values(&s), plain, "{count} threads");
    }
}

/// Any number of threads gives the values of one thread, on every method,
/// for sparse games (the block step, the pipelined step), a dense one
/// (0.007: plain, two heaps at a time, then rare/common blocks) and games
/// with few rare heaps, at several sizes. With three threads or more the
/// block step takes candidates before they are confirmed and fills the
/// next block on every thread.
#[test]
fn threads_past_two_give_the_one_thread_values() {
    let games = [
        (TakeBreak::octal("0.6").unwrap(), 30_000),
        (TakeBreak::grundy_game(), 30_000),
        (TakeBreak::octal("0.16").unwrap(), 20_000),
        (TakeBreak::octal("0.165").unwrap(), 20_000),
        (TakeBreak::octal("0.007").unwrap(), 12_000),
        (TakeBreak::octal("4.7").unwrap(), 9_000),
    ];
    for (g, n) in &games {
        for (method, n) in [
            (Method::Auto, *n),
            (Method::Plain, n / 3),
            (Method::Naive, 1_500),
        ] {
            let one = values(g, n, method, true);
            for count in [2, 3, 4, 8] {
                let mut s = always_two(TakeBreakSolver::with_config(
                    g.clone(),
                    TakeBreakConfig {
                        method,
                        ..threads(count)
                    },
                ));
                // In stretches, as long runs go (each ends with every value
                // confirmed).
                for to in [n / 3, n / 2 + 17, n] {
                    s.extend_to(to).unwrap();
                }
                assert_eq!(
                    all_values(&s),
                    one,
                    "{} {method:?} {count} threads",
                    g.code()
                );
            }
        }
    }
}

/// With three threads or more, heaps of the block step take their
/// candidate before the rare values below it are confirmed; a candidate
/// found wrong (the heap's value was rare) makes the engine go back to
/// that heap. Both happen on 0.6 and Grundy's game, and every value is the
/// one-thread engine's.
#[test]
fn speculated_candidates_found_wrong_are_computed_again() {
    let mut misses = 0;
    for g in [TakeBreak::octal("0.6").unwrap(), TakeBreak::grundy_game()] {
        let one = values(&g, 40_000, Method::Auto, true);
        for count in [3, 4] {
            let mut s = with_threads(&g, count);
            s.extend_to(40_000).unwrap();
            let stats = s.stats();
            assert!(stats.block_speculated > 0, "{} {stats:?}", g.code());
            misses += stats.block_misses;
            assert_eq!(all_values(&s), one, "{} {count} threads", g.code());
        }
        // Two threads keep the schedule of two: no heap taken unconfirmed.
        let mut s = with_threads(&g, 2);
        s.extend_to(40_000).unwrap();
        assert_eq!(s.stats().block_speculated, 0);
        assert_eq!(all_values(&s), one, "{} 2 threads", g.code());
    }
    assert!(misses > 0, "no wrong candidate was met");
}

/// A checkpoint taken between two batches holds confirmed values only: a
/// solver resumed from it, on one thread, continues to the same values.
#[test]
fn values_handed_out_between_batches_are_confirmed() {
    let g = TakeBreak::octal("0.6").unwrap();
    let one = values(&g, 30_000, Method::Auto, true);
    let mut s = with_threads(&g, 4);
    let mut seen = 0;
    s.extend_with(30_000, &mut |s| {
        let n = s.len() as usize;
        assert_eq!(all_values(s), one[..n], "at {n}");
        seen += 1;
        Ok(())
    })
    .unwrap();
    assert!(seen > 1);
}

/// The block step uses at most [`MAX_BLOCK_THREADS`] threads, whatever the
/// pool (16: every thread of a 16-core machine, now that the speculative
/// blocks are larger; 16 threads were slower than 8 with blocks of 64).
#[test]
fn a_pool_of_thirty_two_threads_fills_blocks_with_at_most_sixteen() {
    let g = TakeBreak::octal("0.6").unwrap();
    let s = with_threads(&g, 32);
    assert_eq!(s.core.fill_helpers(1 << 20), MAX_BLOCK_THREADS - 1);
    assert_eq!(
        with_threads(&g, 16).core.fill_helpers(1 << 20),
        MAX_BLOCK_THREADS - 1
    );
    // Fewer when the splits to fill are few.
    assert_eq!(s.core.fill_helpers(3 * MIN_FILL_ITEMS), 3);
    assert_eq!(with_threads(&g, 4).core.fill_helpers(1 << 20), 3);
}

/// Each wrong candidate throws away up to two blocks: past one per
/// [`HEAPS_PER_MISS`] heaps the block step stops speculating (and the
/// values stay the one-thread engine's).
#[test]
fn frequent_wrong_candidates_stop_the_speculation() {
    let g = TakeBreak::octal("0.6").unwrap();
    let one = values(&g, 50_000, Method::Auto, true);
    let mut s = with_threads(&g, 4);
    s.extend_to(40_000).unwrap();
    assert!(s.core.speculation_pays());
    let speculated = s.stats().block_speculated;
    assert!(speculated > 0);
    // As if every heap so far had missed.
    s.core.stats.block_misses = s.core.stats.rare_common_heaps;
    assert!(!s.core.speculation_pays());
    s.extend_to(50_000).unwrap();
    assert_eq!(s.stats().block_speculated, speculated);
    assert!(s.stats().blocks_ahead > 0);
    assert_eq!(all_values(&s), one);
}

/// With three threads or more the block step speculates on blocks of
/// [`SPEC_BLOCK`] heaps (the hand-over of a block costs the same whatever
/// its size), filled ahead 64 heaps at a time; with two, blocks stay at
/// [`BLOCK`]. The larger blocks flag fewer splits ahead (from the heaps of
/// both blocks on: those before read only values below the block being
/// finished) and leave more rare pairs to each heap: every value is
/// still the one-thread engine's, wrong candidates included (a dense game
/// on four threads: `dense_rare_common_confirms_many_rare_values`).
#[test]
fn speculative_blocks_of_four_times_the_heaps_give_the_one_thread_values() {
    let g = TakeBreak::octal("0.6").unwrap();
    let width = 512;
    assert_eq!(
        with_threads(&g, 4)
            .core
            .next_block_heaps(1 << 20, 1 << 21, width),
        SPEC_BLOCK
    );
    assert_eq!(
        with_threads(&g, 2)
            .core
            .next_block_heaps(1 << 20, 1 << 21, width),
        BLOCK
    );
    // Near the target, what is left.
    assert_eq!(
        with_threads(&g, 8).core.next_block_heaps(1000, 1100, width),
        100
    );
    let mut misses = 0;
    for g in [TakeBreak::octal("0.6").unwrap(), TakeBreak::grundy_game()] {
        let one = values(&g, 60_000, Method::Auto, true);
        for count in [3, 4, 8] {
            let mut s = with_threads(&g, count);
            s.extend_to(30_000).unwrap();
            s.extend_to(60_000).unwrap();
            assert_eq!(all_values(&s), one, "{} {count} threads", g.code());
            let (largest, margin) = s.core.sched.blocks.seen_ahead;
            assert_eq!(largest, SPEC_BLOCK, "{} {count} threads", g.code());
            assert!(margin >= 0, "{} {count} threads", g.code());
            misses += s.stats().block_misses;
        }
    }
    assert!(misses > 0, "no wrong candidate was met");
}
