//! The take-and-break engine: `G(0..=n)` of octal and hexadecimal games,
//! Lasker's Nim and Grundy's game, as fast as the theory allows.
//!
//! A heap `n` has, for each removal `k` allowed by the code, options that
//! leave no heap (`n = k`), one heap `n − k`, two heaps `a + b = n − k`
//! (value `G(a) ⊕ G(b)`) or three heaps. Two-heap splits make the direct
//! computation O(n) per heap and O(n²) overall; three-heap splits O(n³).
//! Three methods ([`Method`]) compute the same values:
//!
//! - **Naive** — every option's value is marked in a generation-stamped
//!   table and the mex read off: the definition, kept for tests and for
//!   measuring the others against.
//! - **Plain** — most small values turn up among the first few splits, so
//!   only those are marked; then the mex *candidate* `c` is tested by a
//!   search for a split worth `c`, written as a branch-free loop over the
//!   table and its reversed tail (`G(a) ⊕ G(m − a)` for consecutive `a`), in
//!   chunks of 64, which the compiler vectorizes (32 `u8` lanes per AVX2
//!   instruction; the AVX2 version is chosen at run time). A candidate that
//!   is found is marked and the next one tried; the one never found is
//!   `G(n)`. Time per heap: one vectorized pass over `n/2` pairs for the
//!   final candidate, short early-exit passes for the others.
//! - **Rare/common** ("sparse space", see [`crate::analysis::sparse`]) —
//!   when the values split into a rare subspace `R` and its common coset `C`
//!   for some mask, a *common* two-heap value needs a rare heap
//!   (`C ⊕ C ⊆ R`). So the common values present are found by pairing each
//!   rare heap `r` with `m − r` only (O(#rare) per heap); the candidate is
//!   the least common value absent (splits may be twisted by the parity of
//!   the heap, as in 0.106: see [`crate::analysis::sparse`]); the rare
//!   values below it are then
//!   confirmed by marking ordinary pairs until at most 16 are unseen (in
//!   sparse games a few hundred pairs suffice; in dense ones such as 0.007,
//!   with hundreds of rare values below the candidate, thousands), then by a
//!   vectorized search for each one left, smallest first. If one is never
//!   seen, it is `G(n)`. The split is found automatically (a Walsh–Hadamard transform
//!   of the value counts, [`best_split_by_parity`]) and re-checked as the sequence
//!   grows; the engine switches between rare/common and plain whenever the
//!   rare heaps become too many or few. Correctness never depends on the
//!   split — any mask gives the exact mex — only speed does.
//!
//! **Block step** (rare/common with values past 32, from a few thousand
//! heaps on): for a block of up to 64 heaps (fewer when the values are
//! large, so that a byte row per heap, a cache line apart, stays in the L1
//! cache), every split whose two parts lie *before* the block — the pairs
//! with a "bulk" rare heap, and an adaptive prefix of confirmation splits
//! per heap (256 to 2048, doubled while the searches for the rare values
//! it leaves cost more than marking it, halved while they cost under a
//! quarter; up to 16384 where heaps would otherwise mark that many one by
//! one) — is marked ahead for the whole block. For a fixed rare
//! heap `r` (or a fixed small part `a`) the partners `m − r` of consecutive
//! heaps are consecutive in the table, so the loads are contiguous, and
//! four such splits are marked per pass over the rows; then each heap is
//! finished in order (the few other rare pairs, its first 63 splits — 127
//! when filled ahead — the candidate and the rare values below it to
//! confirm, found 64 values at a time as bit words). The flags are filled
//! a byte per value (a store per split) and packed into bits for the
//! finish.
//!
//! **Bulk bits** (rare/common with values below 64, heaps computed in order:
//! 0.106, 0.16, 0.167 on one thread): the same idea for the rare pairs
//! alone. For the next 32 heaps, the pairs of every rare heap `r` with
//! `32 ≤ r < n0 − k` have their partner before the block, consecutive for
//! consecutive heaps: one vectorized pass of 32 values per rare heap and
//! class sets them as a `u64` of values per heap, and each heap walks only
//! the rare heaps below 32 and those above the bulk (`rare_common`,
//! `fill_bulk_bits`; 32 heaps measured 3–5% faster than 64 or 16 on
//! 0.106, 0.16 and 0.167).
//!
//! **Two threads** ([`TakeBreakConfig::threads`] > 1, a rayon pool on which
//! the whole run executes): the flags of the next block are filled while
//! the current block is finished, so a block's values are not read by the
//! next one's flags (they start their confirmation splits at 128, not 64,
//! and pair only rare heaps below the current block). The other thread
//! fills a share of the next block's splits; this one fills the rest once
//! its block is finished; the share moves block by block toward the two
//! finishing together. Games whose heap `n` reads nothing above
//! `G(n − 2)` (0.007) run the plain method two heaps at a time instead.
//! Rare/common without the block step (few rare heaps: 0.106, 0.16,
//! 0.167, where a heap costs 100–300 ns, too little to hand between
//! threads one at a time) is *pipelined*, speculating: this thread
//! computes each heap's candidate from the rare pairs and takes it as the
//! heap's value at once; the other confirms behind it, in batches of 512
//! heaps, the candidates that have rare values below them to confirm. A
//! candidate is wrong only when the heap's value is rare — a handful of
//! times in millions of heaps — and then the heaps after it are computed
//! again; where wrong candidates come often (0.165) the pipeline backs off.
//! A thread waiting for the other spins at most 200 µs, then sleeps; and
//! since on shared cores (a busy or virtual machine) steps that need both
//! threads at once can be slower than one thread, both ways are timed now
//! and then and the faster runs (`waiting.rs`).
//!
//! **Three threads or more** (see "Many threads" below for the design and
//! its cost model): the next block's flags are filled by every thread of
//! the pool, each a piece of the helpers' share; and the block step
//! *speculates*: a heap with rare values below its candidate to confirm
//! takes the candidate at once, leaving its first splits, the marking and
//! the searches that confirm those values to the other threads, which do
//! them for the last block while this one finishes the next; its blocks
//! are of 256 heaps (filled 64 at a time), not 64, to pay the hand-over
//! between threads once per 256 heaps. A wrong candidate (the heap's value
//! was rare) sends the engine back to that heap.
//!
//! **Which method when** (one file each):
//!
//! | file | method | used when |
//! |---|---|---|
//! | `naive` | mark every option | [`Method::Naive`] (tests, measuring) |
//! | `plain` | marked prefix, vectorized candidate search | no split pays (few values, dense games, three-heap splits, repeating digits) |
//! | `rare_common` | rare pairs, then confirmation | a split pays ([`best_split_by_parity`], re-checked in `choose`) |
//! | `block` | rare/common for 64 heaps at once | a split, values past 32, at least 256 rare heaps of bulk |
//! | `pipeline` | rare/common, candidates confirmed on the other thread | a split, two threads, too few rare heaps for `block` |
//! | `two_heaps` | plain, heaps `n` and `n + 1` on two threads | no split, two threads, a gap of 2 or more (0.007) |
//!
//! Around them: `moves` (the code's moves), `core` (the loop that picks a
//! method per heap, and the shared bookkeeping), `choose` (the cost model),
//! `kernels` (the inner loops and all the `unsafe` code), `threads` (the
//! other thread's engine), `waiting` (how one thread waits for the other,
//! and whether two are faster than one), `stream` (the low-memory mode),
//! `tests`.
//!
//! Long runs: [`TakeBreakSolver::extend_with`] calls back every ~50 ms
//! (progress, checkpoints), [`TakeBreakSolver::resume`] continues from a
//! values file ([`crate::solve::values_file`]) with exactly the same values
//! to come, [`TakeBreakSolver::check_memory`] refuses a run that cannot fit.
//!
//! Codes with a repeating last digit (`0.3r`, `4.3r`) have moves for every
//! `k`; their contribution is cumulative (everything reachable from `n − 1`
//! by the repeating digit is reachable from `n`), kept in a running set and
//! updated by one layer per heap, so Lasker's Nim costs O(n) per heap.
//!
//! Values live in a [`NimTable`]: `u8` until a value needs more, then 9
//! bits while values stay below 512 ([`Nine`]: the bytes kept, a bit plane
//! added, no copy), then `u16`, ... (nothing overflows; memory is `n ×
//! width` bytes, 1.125 bytes per value for 9 bits, plus O(#rare) for the
//! split). Memory is estimated before any allocation and refused beyond
//! [`TakeBreakConfig::max_bytes`]; the table is reserved once, exactly, for
//! the whole run (no doubling).
//!
//! Sources: Gangolli and Plambeck (1989) for the rare/common idea and the
//! period of 0.16; Flammenkamp's octal-game tables for its use at scale.
//! Known improvements not yet made (see `benches/peers.sh` for where they
//! would show):
//! - the 9-bit table is 1.35x slower per heap than `u16` on 0.6 (see "The
//!   9-bit table" below), which is why small runs keep `u16`;
//! - one thread on games with few rare heaps: 0.106 to 2^22 is 2.9x
//!   ogsolve's `rc2` in CPU time (values into a file; 148 ms against 429,
//!   `perf stat -e task-clock`; 2.6x before the bulk bits), short of 3x.
//!   The rare-pair walk left (rare heaps below 64) was 10% of it; the
//!   confirmation of rare values below the candidate (the first splits,
//!   54 per heap on average) is the largest part. Tried and measured no
//!   faster: comparing each chunk with each of a few targets instead of
//!   setting a bit per split; a first stretch of 16 splits instead of 64
//!   (half the splits, no less time); the pairs of rare heaps below 64
//!   whose partner lies before the block in the bulk bits too (a binary
//!   search per heap and class cost more than it saved). The wall time of
//!   a values file also holds its two `fsync`s (0.22 s wall for 0.14 s CPU);
//! - the first ~10^5 heaps of dense games (0.007) run the plain method,
//!   which marks every split up to where each mex candidate turns up;
//! - a three-heap rare/common rule (only two-heap splits use it).
//!
//! AVX-512 kernels were tried (the same loops compiled for AVX-512BW) and
//! were slower than AVX2 on the machine measured.
//!
//! # Many threads: where the chain of `G(n)` is
//!
//! Heap `n` of a block (heaps `n0 .. n0 + 64`) in rare/common reads, per
//! two-heap class `k` and `m = n − k`:
//!
//! 1. the pairs `(r, m − r)` of every rare heap `r`: they alone give the
//!    common values (`C ⊕ C ⊆ R`), so they alone decide the *candidate*,
//!    the least common value absent. For a "bulk" rare heap (`first − k ≤
//!    r < n0 − k`, nearly all of them) the partner lies before the block:
//!    these are the block's flags, filled ahead. Only the few rare heaps
//!    below `first` (partners inside the block or the one before) and above
//!    the bulk are walked per heap;
//! 2. to confirm the rare values below the candidate: the first splits
//!    `a < first` (partners in the block: sequential), the prefix
//!    `first ≤ a < first + prefix` (flagged ahead with the bulk), then
//!    searches `a ≥ first + prefix` up to `m / 2`, whose two parts both lie
//!    before the block.
//!
//! So the chain — what heap `n + 1` must wait for — is item 1's few rare
//! pairs with partners in the block and the candidate. Everything else is
//! work on values already known: the bulk and the prefix before the block
//! starts (any number of threads, split by items), the first splits and
//! the searches after the candidate, *if* the candidate is taken as the
//! value before they are done. That is the speculation: the candidate is
//! the value unless a rare value below it is reached by no split, which
//! happens only at a rare heap (0.6 to 2^24: about 1,600 rare heaps in
//! 16.7 million, 1,580 rare pairs walked per heap). The threads that fill
//! the next block also confirm the last block's candidates (a few heaps
//! at a time, from a shared counter, this thread too once its block and
//! its share of the fill are done); a wrong one is found within a block,
//! and the engine goes back to it: its value pushed, the heaps after it,
//! the block filled ahead and the candidates still unconfirmed dropped
//! (they read it), value counts and rare list undone. Values leave the
//! engine confirmed: a run, a batch of [`TakeBreakSolver::extend_with`]
//! and any step other than the block step confirm what is left first.
//!
//! **Cost model** (one thread, 0.6 to 2^24 in the `checked` profile on a
//! shared 2-core machine, timed per part: 79 s; Grundy's game to 2^23
//! alike): filling the flags `F` = 60% (57%), the searches `Q` = 24%
//! (23%), the rest of the finish `S` = 16% (19%), of which the first
//! splits (127 marks per heap and class) are most and the chain (the
//! rare pairs walked per heap, the candidate, the push) `s`, estimated at
//! a few percent (not timed apart).
//! With `p` threads a block takes `max(s, (F + Q + S − s) / p) + o`, `o`
//! the hand-over per block (a join, `p − 2` tasks spawned, the flags of
//! `p − 1` threads ORed: a few µs against a block's 64 × 3 µs of work on
//! one thread). Before this schedule two threads gave at best
//! `(F + Q + S) / 2` (measured 1.77x on 16 cores) and more threads
//! nothing: the finish (`Q + S`, 40%) stayed on one thread, so no count of
//! threads could pass 2.5x. Predicted now, with `s` ≈ 3% and `o` ≈ 3 µs
//! (a block of 0.6 at 2^24 is 64 × 2.9 µs = 186 µs on one thread): 2
//! threads as before (the two-thread schedule is kept: one fill helper,
//! no speculation), 4 threads 186 / (46.5 + 3) = 3.8x, 8 threads 7.1x,
//! 16 threads 12.7x (the chain alone would allow 1 / s ≈ 30x; the
//! hand-over is what costs at 16);
//! `benches/scaling.sh` measures it (see the README for a 16-core run).
//!
//! Measured (`RUNS="0.6:24 grundy:24 0.007:19" benches/scaling.sh`, a
//! 16-core machine, release build, one run each, values files identical
//! on every row; wall and CPU seconds, speed-up over one thread):
//!
//! | run | 1 | 2 | 4 | 8 | 16 |
//! |---|---|---|---|---|---|
//! | 0.6 to 2^24 | 33.96 (33.94) | 19.00 (37.08) 1.79x | 13.31 (50.68) 2.55x | 11.19 (83.68) 3.03x | 13.73 (204.24) 2.47x |
//! | Grundy's game to 2^24 | 24.09 (24.07) | 13.87 (27.18) 1.74x | 10.89 (41.11) 2.21x | 8.86 (66.57) 2.72x | 10.34 (154.28) 2.33x |
//! | 0.007 to 2^19 | 13.38 (13.36) | 7.86 (15.08) 1.70x | 9.66 (22.52) 1.39x | 8.03 (21.85) 1.67x | 7.13 (39.05) 1.88x |
//!
//! (The binary before this schedule: 0.6 to 2^24 in 16.33 s on 2 threads,
//! 19.42 s on 16.) Far short of the model: a block of 0.6 at 2^24 took
//! 130 µs on one thread (2.0 µs per heap), 51 µs on 4 threads, 43 on 8,
//! 52 on 16, so the hand-over `o` is tens of µs, not 3, and grows with
//! the count of threads: each block joins, spawns `p − 2` tasks on
//! threads that rayon may have put to sleep since the last block, and
//! its helpers spin (CPU time 6x one thread's at 16 threads) while this
//! thread finishes the block. What was changed after it: the block step
//! uses at most `MAX_BLOCK_THREADS` (8 then, 16 now) threads, the fastest count
//! measured for both sparse games, so that 16 threads are no slower than
//! 8 (the others stay asleep); and it stops speculating while wrong
//! candidates are more than one per `HEAPS_PER_MISS` (2,048 then, 8,192 now) heaps (each throws
//! away up to two blocks): 0.007 to 2^17 on 4 threads met 12 wrong in
//! 767 heaps taken at their candidate (then the rule stopped it; 0.6: 5
//! in 97,910), and ran slower on 4 threads than on 2. What would make the
//! hand-over small: helper threads of the engine's own, kept across
//! blocks, woken by a counter of blocks and parked when idle, instead of
//! rayon tasks spawned per block (not built); blocks larger than 64 heaps
//! in the speculative mode (built since: see "Speculative blocks" below).
//! Two threads: their code path is the two-thread schedule of before
//! (one helper, no speculation; per block a few small allocations and
//! one shared counter more). Measured again after those two changes
//! (same 16-core machine, one run each; md5 identical on every row):
//!
//! | run | 1 | 2 | 4 | 8 | 16 |
//! |---|---|---|---|---|---|
//! | 0.6 to 2^24 | 32.61 | 20.08 1.62x | 13.13 2.48x | 10.99 2.97x | 15.83 2.06x |
//! | Grundy's game to 2^24 | 25.40 | 15.50 1.64x | 10.27 2.47x | 9.02 2.82x | 12.98 1.96x |
//! | 0.007 to 2^19 | 14.51 | 8.61 1.69x | 6.90 2.10x | 5.58 2.60x | 6.68 2.17x |
//!
//! The speculation rule mended 0.007 (2.60x at 8 threads, was 1.67x); the
//! cap did not make 16 threads as fast as 8 (the pool's other threads
//! still cost), so the hand-over above is the work left. Two threads,
//! alternating the binary of before and this one by themselves: 15.71 /
//! 15.73 s and 15.33 / 16.75 s for 0.6 to 2^24, the same within noise
//! (the 19–20 s of the tables is a two-thread run right after the
//! one-thread run).
//! 0.007 (dense: hundreds of rare values below each candidate, a prefix
//! up to 16384 splits) is fill and confirmation almost entirely and
//! scales the same way once its heaps reach the block step (about 10^5);
//! its first heaps run the plain method two heaps at a time at most.
//!
//! **Speculative blocks of 256 heaps** (`SPEC_BLOCK`, issue 38). The
//! tables above put the limit in the hand-over `o` per block, not in the
//! chain: so the speculative block step (three threads or more) now
//! finishes blocks of four times the heaps, and its flags are filled 64
//! heaps at a time (each thread's rows still in its L1 cache), so `o` is
//! paid once per 256 heaps. What it costs, and where:
//!
//! - the chain grows: a heap walks the rare heaps below `first − k`
//!   itself (their partners may lie in the block), and `first` is now the
//!   heaps of both blocks, 512 instead of 128. Counted from the values
//!   files to 2^20 (rare heaps below 128 / below 512, of all): 0.6 31 / 88
//!   of 1,584 (the last at 20,627); Grundy's game 31 / 114 of 1,274;
//!   0.007 111 / 276 of 129,455 (dense: its chain is small beside its
//!   86 µs per heap). With the candidate's scan of the flags (`width /
//!   64` words) and the push, about 0.1–0.2 µs per heap of 0.6, 5–10% of
//!   the 2.0 µs a heap costs on one thread: a bound of 10–20x;
//! - the first splits of a speculated heap (`a < first`, marked by the
//!   confirming threads) are 511 instead of 127 per class, and the
//!   prefix flagged ahead starts there: work moved, not added, except
//!   that a search may end before the splits now marked;
//! - a wrong candidate throws away up to two blocks, 512 heaps:
//!   `HEAPS_PER_MISS` is 16 × 2 × `SPEC_BLOCK` (0.6: 5 wrong in 97,910).
//!
//! Two threads keep blocks of 64 (their schedule does not speculate), so
//! two-thread runs are as before. The cap on the block step's threads
//! (`MAX_BLOCK_THREADS`) is 16 now: `--threads 16` uses 16.
//!
//! The model with blocks of `B` heaps on `p` threads: a block takes
//! `max(B·s, B·w / p) + o(p)`, `w` the work per heap on one thread (2.0
//! µs for 0.6 at 2^24 on the 16-core machine), `s` the chain per heap
//! (about 0.15 µs at `B` = 256) and `o(p)` the hand-over, measured with
//! blocks of 64 as the block time less `64·w / p`: about 18 µs at 4
//! threads, 27 at 8, 44 at 16. Predicted for 0.6 at 2^24 with `B` = 256
//! (512 µs of work per block): 4 threads 512 / (128 + 18) = 3.5x, 8
//! threads 512 / (64 + 27) = 5.6x, 16 threads 512 / (38 + 44) = 6.2x
//! (the chain, 38 µs, is reached at 16); Grundy's game alike.
//!
//! Measured with blocks of 256 (the 16-core machine, one run,
//! `THREADS="1 2 4 8 16" RUNS="0.6:23 grundy:23 0.007:18" BASE=...
//! benches/scaling.sh`, md5 identical on every row of both binaries),
//! wall seconds and speed-up over one thread:
//!
//! | run | 1 | 2 | 4 | 8 | 16 |
//! |---|---|---|---|---|---|
//! | 0.6 2^23, blocks of 64 | 14.6 | 8.8 (1.7x) | 6.5 (2.3x) | 7.1 (2.1x) | 7.2 (2.0x) |
//! | 0.6 2^23, blocks of 256 | 13.1 | 9.0 (1.6x) | 6.2 (2.4x) | 4.3 (3.4x) | 4.6 (3.2x) |
//! | Grundy's game 2^23, 64 | 9.9 | 5.7 (1.7x) | 4.3 (2.3x) | 3.6 (2.8x) | 5.4 (1.8x) |
//! | Grundy's game 2^23, 256 | 10.6 | 6.5 (1.5x) | 4.3 (2.3x) | 3.2 (3.1x) | 3.8 (2.6x) |
//! | 0.007 2^18, 64 | 5.8 | 3.1 (1.9x) | 3.3 (1.8x) | 3.2 (1.8x) | 3.5 (1.7x) |
//! | 0.007 2^18, 256 | 5.7 | 3.5 (1.7x) | 3.3 (1.8x) | 6.2 (0.9x) | 3.5 (1.7x) |
//!
//! Bigger blocks help at 8 threads (3.4x against 2.1x for 0.6) but stay
//! far below the model's 5.6x, and 16 threads are no better than 8: the
//! CPU time at 16 threads (60 s against 13 s on one) says threads spin or
//! wait rather than compute, so `o(p)` grows faster than measured with
//! blocks of 64. 0.007's 8-thread row (6.2 s, CPU 6.5 s) is a run where
//! speculation switched off early: one run, not yet understood. Past that,
//! the hand-over itself (persistent helper threads, woken by a counter
//! of blocks instead of rayon tasks spawned per block) and the chain's
//! rare pairs whose partners are known before the block (flagged ahead
//! per row, as the rows of a rare heap paired with itself are skipped)
//! are what is left.
//!
//! # Memory past 2^32: the table in the output file
//!
//! A table in memory takes 1.125 bytes per value with 9 bits: 4.5 GiB at
//! 2^32, 72 GiB at 2^36, 1.1 TiB at 2^40. A run that writes its values to
//! a file anyway keeps them there instead:
//! [`TakeBreakSolver::keep_table_in_file`] moves the table into a
//! [`MappedU16`], a `MAP_SHARED` memory map of the temporary file of the
//! values file itself (`<path>.<pid>-<n>.tmp`, laid out as the values file:
//! header, then two bytes per value from an even offset, its blocks
//! reserved by `fallocate` so that a full disk is an error at the start,
//! not a fault at a write). The values live in the page cache, written
//! back by the kernel, not in anonymous memory: the run's anonymous memory
//! is the engine's own tables, whatever `n` is, and the kernel keeps in
//! RAM the pages the engine reads (the last values, the partners of the
//! rare heaps, the two ends of the searches) and evicts the rest.
//!
//! The engine reads and writes it through the same code as a `u16` table:
//! it is a `Store` whose view is a `&[u16]` (the vectorized kernels, the
//! block fill, the threads' hand-over unchanged); the map moves only when
//! the file grows, through `&mut`, never while another thread reads (the
//! engine reserves its whole run first). A value of 2^16 or more stops the
//! run with an error naming it (no take-and-break game measured has come
//! near: 0.6's largest to 2^30 is below 512); it is not re-mapped wider.
//! [`TakeBreakSolver::finish_table_file`] ends the run: one sequential
//! pass over the map computes both checksums (and narrows the values to
//! one byte each, in place, when all are below 256, as a table in memory
//! would be written), then the header is written, the map flushed
//! (`msync`), the file truncated to its size, flushed (`fsync`) and renamed
//! over the target: the file is byte for byte the one
//! [`write_values`](crate::solve::write_values) writes from a table in
//! memory, with the same guarantees (a killed run leaves its temporary,
//! never a file at the target, and the next writer removes it). The
//! periodicity check, the checksum and checkpoints read the map as a `u16`
//! view; a resumed run reads its checkpoint into memory, then copies it
//! into the map (so its memory for a moment is the checkpoint's).
//!
//! `grundy values GAME --output F` does this from
//! [`TABLE_IN_FILE_FROM`] values (2^29, where a 9-bit table would take
//! 576 MiB), or at any size with `--table-in-file`, and says so on stderr.
//!
//! Measured (`benches/bigtable.sh`, `N=2^26 THREADS=2`, release build, a
//! 2-core machine shared with three builds, load 10 to 16, so the CPU
//! times compare and the wall times do not): `values 0.6 --to 2^26
//! --threads 2 --output F`, table in memory 172.8 s of CPU, 129 MiB peak
//! anonymous memory; table in the file 172.8 s of CPU (the same, to the
//! 0.01 s), 1 MiB peak anonymous memory; the two files the same bytes,
//! checksum `43ad00ca4598d49a`.
//!
//! **To 2^32** (`grundy values 0.6 --to 4294967296 --threads 2 --output F`,
//! release build of commit `bbb7e11`, this 2-core machine; RssAnon sampled
//! every 50 ms, `/usr/bin/time`): 5,670 s wall (1 h 34 min), 8,583 s of CPU
//! (1.32 µs a heap of wall, 2.0 µs of CPU; for most of its first 46
//! minutes builds and a niced census shared the machine, and the engine
//! ran on about one core),
//! **peak anonymous memory 1.5 MB** (1,496 kB; 1,116 kB for its first
//! 56 minutes), 8 GiB of disk; peak RSS 8.0 GiB, all of it the file's pages
//! mapped from the page cache (the machine has 23 GiB, so the kernel kept
//! them). The values file: 4,294,967,297 values, checksum
//! `5346ea2f81b0fe2c`; its first 2^26 + 1 values are byte for byte those of
//! a run with the table in memory (`--to 67108864`, checksum
//! `43ad00ca4598d49a` as above).
//!
//! What runs to 2^36 (Flammenkamp's extent for Grundy's game) and 2^40
//! would take, from the rates measured: 0.6 ran to 2^32 in 5,670 s on two
//! threads of a 2-core machine (1.32 µs per heap; 1.49 µs to 2^30, 1.64
//! µs to 2^24 on two threads of the 16-core machine: about flat), so 2^36
//! is about 25 hours on two threads and 2^40 about 17 days, divided by the
//! speed-up of more threads (`benches/scaling.sh`); memory, with the
//! table in the file, the engine's alone (1.5 MB at 2^32, not growing
//! with `n`) and page cache for the pages read (the last values, the rare
//! heaps' partners, the two ends of the searches: far less than the
//! table, if the kernel keeps them); disk, the values file at two bytes
//! per value: 128 GiB for 2^36, 2 TiB for 2^40. Not measured with a file
//! larger than RAM: how the page cache behaves then (2^36 on a 64 GiB
//! machine) is open; the reads are mostly near the end of the table, so
//! they should stay in cache, but a period check may read far back
//! (`values` without `--threads`, which certifies as it goes).
//!
//! # The 9-bit table
//!
//! 0.6 has values below 512 to 2^30 (the largest 325 at 2^26), but 8% of
//! them are 256 or more: a `u16` table held 2 GiB at 2^30 (1,066 s wall,
//! 1,166 s of CPU, two threads, file checksum `08099794b0b614ae`).
//! [`Nine`] keeps the low 8 bits of each value in a byte plane and bit 8
//! in a bit plane (bit `i % 64` of word `i / 64`): 1.125 bytes per value,
//! 1.13 GiB at 2^30. A `u8` table whose next value is in 256..512 becomes a
//! `Nine` by adding the bit plane (the bytes are not copied); a value of
//! 512 or more widens it to `u16` (a copy, as `u8` to `u16` was). Values
//! files are written at two bytes per value from it, so files and
//! checksums are the same as from a `u16` table; a file of two-byte values
//! is read into 9 bits while its values fit.
//!
//! The engine holds its table as a `Store` (`Vec<T>` or `Nine`: push,
//! truncate, the room reserved, the raw parts `Frozen` reads from) and
//! reads it through `ValueTable` (`values.rs`): for a slice, the
//! vectorized kernels of `kernels.rs`; for the planes (`NineView`), single
//! reads are `byte | bit << 8`, a pair chunk XORs 64 bytes as bytes and the
//! two runs' high bits as words (the right-hand word reversed with
//! `reverse_bits`), a search compares bytes first (no `u16` built), and
//! the block fill decodes each run of partners into `u16`s before the
//! `u16` loop.
//!
//! Between threads: the bit plane's words are `AtomicU64`s. The one
//! pushing thread changes the last word by a `Relaxed` load and store (or
//! pushes a new word, within the room reserved, so nothing moves); a reader
//! loads words `Relaxed` and reads only values below the length published
//! (`Release`/`Acquire`, as for a `Vec`), whose bits no longer change: the
//! word they share with unpublished values is read and written atomically,
//! so there is no data race, and every other byte and word read is no
//! longer written.
//!
//! Which of the two: values in 256..512 go to 9 bits only when the run
//! has room for [`TakeBreakConfig::nine_bits_from`] values (default
//! [`NINE_BITS_FROM`], 2^27: a `u16` table of 256 MiB), to `u16` below.
//! The `u16` table is faster; it is kept where its memory is small, and
//! the 9 bits are used where memory is what stops a run.
//!
//! Reading the planes: a run is decoded eight values at a time with a
//! mask and a compare per lane (`combine`, vector instructions, where a
//! shift by the lane's index is not vectorized); a search for a pair value
//! compares the XORed bytes first (vectorized; most chunks of 64 hold no
//! byte equal to the target's low byte) and looks at the high bits only
//! where a byte matched.
//!
//! Measured (release, `/usr/bin/time`, CPU time, the `u16` binary and the
//! 9-bit one side by side on a shared machine; the files are identical):
//! 0.6 to 2^21 on one thread 2.28 s and 3.14 s (1.38x), 0.6 to 2^22 on
//! two threads 4.66 s and 6.31 s (1.35x; the first version, decoding with
//! a table of spread bits, took 7.5 s). 0.106 to 2^22 is unchanged (its
//! values fit a byte). Memory, 0.6 to 2^26 on two threads
//! (`benches/measure.py`, anonymous memory: the table and everything
//! else): 129 MiB with the `u16` table, 73 MiB with 9 bits (peak RSS 136
//! and 80 MiB). 0.6 to 2^30 on two threads (`benches/longrun.sh sizes`,
//! beside niced builds): 1,598 s wall, 1,609 s of CPU, 1.13 GiB peak
//! anonymous memory (the table, reserved once, exactly, and a few MiB),
//! the file checksum of the `u16` run.
//! Tried and measured slower: the fill reading the high bit of each
//! partner by a shift per value (11.0 s above), and its decoded runs kept
//! in a buffer of the caller's instead of a fresh one per four splits.
//! What is left of the gap: the block fill still decodes each run of
//! partners before its `u16` loop (flags could be set from the bytes and
//! the high bits), and the marking loop reads the decoded runs back.
//!
//! # Where the table is read
//!
//! The inventory the 9-bit table covers (`t` is the engine's table).
//! Every read goes through `ValueTable`; the engine holds a `Store`
//! (`Vec<T>` or `Nine`), `Growing`/`Frozen` between threads.
//! - Outside the engine: `rebuilt` (mod.rs) reads each value through
//!   `NimTable::get` and runs `reach_layer` on the table's view;
//!   `extend_to` (mod.rs) matches on the width (`with_slice!`, a `Store`
//!   to `Core::run`) and widens with `NimTable::widen_for` (`u8` to 9 bits
//!   without a copy, otherwise a whole copy, in `solve/table.rs`);
//!   `values_file.rs` writes through `TableView::copy_to` (16384 values at
//!   a time, as `u64`; a `Nine` at two bytes per value), reads a file
//!   straight into a `NimTable` per width and checksums it per width. The
//!   period watch of `solve/fill.rs` searches a `Nine`'s bytes first and
//!   copies the values out only when the bytes have a period.
//! - Push: `Core::push_value` (core.rs, `Store::push`, after `Store::fit`:
//!   a value of 512 is refused by a `Nine` and widens it), `Growing::push`
//!   (kernels.rs, within the room reserved: `speculate` pipeline.rs,
//!   `finish_block` block.rs).
//! - Publish to the other thread: `grow_shared` (kernels.rs, reserves room
//!   in both planes so the table never moves), `Growing::publish` (a
//!   `Release` store of the length), `Frozen::values` (the `Acquire` side,
//!   the published prefix as a view through `Store::published`: read by
//!   `confirm_batches` pipeline.rs and the block fill block.rs);
//!   `two_heaps` (two_heaps.rs) shares the view through a rayon join and
//!   `rare_common_block` (block.rs) with the fill.
//! - Single reads (`ValueTable::value`, `pair`, `triple`):
//!   `mark_small_moves`, `reach_layer` (core.rs), `naive`,
//!   `some_triple_is_worth` (plain.rs), `mark_rare_pairs` and
//!   `candidate_bits` (rare_common.rs, the rare-pair walk, hot),
//!   `check_split` (choose.rs, `values_from`), the block fill's prefix walk
//!   (block.rs, `values_from`).
//! - Runs of consecutive values: `fill_bulk_bits` (rare_common.rs,
//!   `ValueTable::run`, 32 partners of each rare heap), the block fill
//!   (`ValueTable::mark_rows` and `ValueTable::mark_group`, `heaps`
//!   consecutive partners per split).
//! - Pair XOR scans (`G(a) ⊕ G(m − a)`, the right-hand part reversed):
//!   `pairs_contain`, `first_chunk_with`, `mark_range`, `xor_chunk`,
//!   `xor_pairs`; called from `mark_prefix`, `plain`,
//!   `split_beyond_prefix_is_worth` (plain.rs), `mark_until_few`,
//!   `confirm_bits` (rare_common.rs) and `finish_block` (block.rs). These
//!   are the AVX2-compiled hot loops.

mod block;
mod choose;
mod core;
// The AVX2 entry points and the table shared between threads.
#[allow(unsafe_code)]
mod kernels;
mod moves;
mod naive;
mod pipeline;
mod plain;
mod rare_common;
mod stream;
#[cfg(test)]
mod tests;
mod threads;
mod two_heaps;
mod values;
mod verify;
mod waiting;

use self::block::*;
use self::choose::*;
use self::core::*;
use self::kernels::*;
use self::moves::*;
use self::pipeline::*;
pub use self::stream::stream_values;
use self::values::ValueTable;
pub use self::verify::TableCheck;
use self::waiting::{spin_until, SetAllOnDrop, Signal, TwoOrOne, Waited};
use super::table::{with_slice, MappedU16, NimTable, Nine, Word};
use crate::analysis::sparse::MAX_SPLIT_BITS;
use crate::analysis::{best_split_by_parity, Split};
use crate::error::{ErrorKind, Result};
use crate::game::take_break::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::game::HeapGame;
use crate::nimber::Nimber;
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError};
use std::time::Instant;

/// How the engine computes each value (all give the same values).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// Rare/common while the values split, plain otherwise (the default).
    #[default]
    Auto,
    /// The vectorized candidate search, never rare/common.
    Plain,
    /// Mark every option's value: the definition.
    Naive,
}

/// Most worker threads a [`TakeBreakSolver`] starts
/// ([`TakeBreakConfig::threads`] is capped to it).
pub const MAX_THREADS: usize = 256;

/// Settings of a [`TakeBreakSolver`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct TakeBreakConfig {
    /// Most bytes the value table may take.
    pub max_bytes: u64,
    /// How values are computed.
    pub method: Method,
    /// Use the AVX2 kernels when the processor has them.
    pub simd: bool,
    /// Worker threads (1: this thread only); at most [`MAX_THREADS`], a
    /// larger number is taken as `MAX_THREADS`.
    pub threads: usize,
    /// Values in 256..512 go into the 9-bit table ([`Nine`]) when the run
    /// has room for at least this many values, into a `u16` table below:
    /// the `u16` table takes twice the memory but is read about 1.35x
    /// faster (0.6), so it is kept where its memory is small.
    ///
    /// [`Nine`]: crate::solve::table::Nine
    pub nine_bits_from: u64,
}

crate::util::setters!(TakeBreakConfig {
    max_bytes: u64,
    method: Method,
    simd: bool,
    threads: usize,
    nine_bits_from: u64,
});

/// The default [`TakeBreakConfig::nine_bits_from`]: 2^27 values, a `u16`
/// table of 256 MiB.
pub const NINE_BITS_FROM: u64 = 1 << 27;

/// Values from which `grundy values --output FILE` keeps the table in the
/// file instead of memory ([`TakeBreakSolver::keep_table_in_file`]): 2^29,
/// where a 9-bit table would take 576 MiB of memory.
pub const TABLE_IN_FILE_FROM: u64 = 1 << 29;

impl Default for TakeBreakConfig {
    fn default() -> Self {
        TakeBreakConfig {
            max_bytes: 8 << 30,
            method: Method::Auto,
            simd: true,
            threads: 1,
            nine_bits_from: NINE_BITS_FROM,
        }
    }
}

/// Counters of what the engine did (for `--stats` and benchmarks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineStats {
    /// Heaps computed by the rare/common method.
    pub rare_common_heaps: u64,
    /// Heaps computed by the plain or naive method.
    pub plain_heaps: u64,
    /// Pairs (rare heap, other heap) visited.
    pub rare_pairs: u64,
    /// Pairs scanned to confirm rare values.
    pub confirm_pairs: u64,
    /// Searches for a rare value beyond the marked splits (rare/common).
    pub searches: u64,
    /// Pairs those searches looked at (vectorized).
    pub searched_pairs: u64,
    /// Pairs whose value the plain method marked one by one.
    pub plain_marked: u64,
    /// Pairs the plain method's vectorized searches looked at.
    pub plain_scanned: u64,
    /// Times the split was searched for.
    pub split_checks: u64,
    /// Times the engine changed its split (or switched method).
    pub split_changes: u64,
    /// Blocks of heaps whose flags were filled (by two threads) while the
    /// block before them was finished.
    pub blocks_ahead: u64,
    /// Heaps whose value was taken from its candidate while the other
    /// thread confirmed it (rare/common with few rare heaps, two threads).
    pub pipelined_heaps: u64,
    /// Candidates the other thread found wrong (the heap's value was rare);
    /// the heaps computed after them were computed again.
    pub pipeline_misses: u64,
    /// Heaps where the pipelined step stopped: a candidate at the bound (a
    /// value larger than any before) is left to the usual step.
    pub pipeline_stops: u64,
    /// Times a thread waiting for the other (the block step's helper, the
    /// pipeline's confirming thread) stopped spinning and slept: rare on two
    /// free cores, frequent when the cores are shared.
    pub waits_slept: u64,
    /// Times one thread was found faster than two (cores shared with other
    /// work) and ran alone for a stretch.
    pub one_thread_stretches: u64,
    /// Heaps the block step took at their candidate while other threads
    /// confirmed the rare values below it (three threads or more).
    pub block_speculated: u64,
    /// Of those, candidates found wrong (the heap's value was rare): the
    /// heaps after them were computed again.
    pub block_misses: u64,
}

/// `EngineStats::add_since`, for the fields listed (every field: the
/// pattern below has no `..`, so a field left out does not compile).
macro_rules! add_since {
    ($($field:ident),* $(,)?) => {
        impl EngineStats {
            /// Adds what `later` counted since `earlier`.
            fn add_since(&mut self, later: &EngineStats, earlier: &EngineStats) {
                let EngineStats { $($field: _),* } = *later;
                $(self.$field += later.$field - earlier.$field;)*
            }
        }
    };
}

add_since!(
    rare_common_heaps,
    plain_heaps,
    rare_pairs,
    confirm_pairs,
    searches,
    searched_pairs,
    plain_marked,
    plain_scanned,
    split_checks,
    split_changes,
    blocks_ahead,
    pipelined_heaps,
    pipeline_misses,
    pipeline_stops,
    waits_slept,
    one_thread_stretches,
    block_speculated,
    block_misses,
);

/// Bytes per entry of a [`NimTable`] holding `v` (1, 2, 4 or 8).
fn width_for(v: u64) -> usize {
    match v {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        _ => 8,
    }
}

/// How many values at each end of a resumed table are recomputed (see
/// [`TakeBreakSolver::resume_from`]).
const SEQUENCE_CHECK: usize = 64;

/// Bottom-up solver for take-and-break games (see the module docs).
///
/// ```
/// use grundy::{games::TakeBreak, solve::TakeBreakSolver};
/// let mut s = TakeBreakSolver::new(TakeBreak::named("dawson-chess").unwrap());
/// s.extend_to(10).unwrap();
/// let v: Vec<u64> = (0..=10).map(|n| s.value(n).unwrap().value()).collect();
/// assert_eq!(v, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
/// ```
#[derive(Clone, Debug)]
pub struct TakeBreakSolver {
    game: TakeBreak,
    config: TakeBreakConfig,
    table: NimTable,
    core: Core,
    /// What was checked of a resumed table.
    checked: Option<TableCheck>,
}

impl TakeBreakSolver {
    /// A solver for `game` with the default settings.
    pub fn new(game: TakeBreak) -> Self {
        Self::with_config(game, TakeBreakConfig::default())
    }

    /// A solver for `game` with the given settings.
    pub fn with_config(game: TakeBreak, mut config: TakeBreakConfig) -> Self {
        config.threads = config.threads.min(MAX_THREADS);
        let moves = Moves::of(&game);
        let pool = (config.threads > 1)
            .then(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(config.threads)
                    .build()
                    .ok()
            })
            .flatten()
            .map(std::sync::Arc::new);
        let core = Core {
            marked: vec![0; moves.pairs.len()],
            block_marked_after: 0,
            #[cfg(test)]
            stop_at: Vec::new(),
            moves,
            method: config.method,
            simd: config.simd && simd_available(),
            stamp: vec![0; 4],
            generation: 0,
            reach: vec![false; 4],
            bound: 1,
            rc: RareCommon {
                next_check: 256,
                ..RareCommon::default()
            },
            stats: EngineStats::default(),
            sched: Schedule::new(pool),
        };
        TakeBreakSolver {
            game,
            config,
            table: NimTable::new(),
            core,
            checked: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &TakeBreak {
        &self.game
    }

    /// The values computed so far.
    pub fn table(&self) -> &NimTable {
        &self.table
    }

    /// Number of values computed so far (`G(0..len)`).
    pub fn len(&self) -> u64 {
        self.table.len() as u64
    }

    /// True before any value is computed.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// `G(h)`, if computed.
    pub fn value(&self, h: u64) -> Option<Nimber> {
        self.table.get(usize::try_from(h).ok()?)
    }

    /// What the engine did so far.
    pub fn stats(&self) -> EngineStats {
        EngineStats {
            // (Counted where the choice is made.)
            one_thread_stretches: self.core.sched.two_or_one.one_runs(),
            ..self.core.stats
        }
    }

    /// The rare/common split in use right now, if any.
    pub fn split(&self) -> Option<Split> {
        self.core.rc.split
    }

    /// Refuses, before any work, a run to `n` that would not fit in
    /// [`TakeBreakConfig::max_bytes`]: codes with splits are counted at the
    /// width their values take once past 255 (9 bits, [`Nine`], for runs
    /// of [`TakeBreakConfig::nine_bits_from`] values or more, else two
    /// bytes: the rule the table widens by), and the engine's own tables
    /// (256 KiB) are included.
    pub fn check_memory(&self, n: u64) -> Result<()> {
        let splits = !(self.core.moves.pairs.is_empty() && self.core.moves.triples.is_empty());
        let count = n.saturating_add(1);
        let table = match &self.table {
            NimTable::U8(_) if splits && count >= self.config.nine_bits_from => {
                Nine::bytes_for(count)
            }
            NimTable::U8(_) if splits => count.saturating_mul(2),
            t => t.bytes_for(count),
        };
        let needed = table.saturating_add(1 << 18);
        if needed > self.config.max_bytes {
            return Err(ErrorKind::OutOfMemory {
                needed,
                available: self.config.max_bytes,
            }
            .into());
        }
        Ok(())
    }

    /// The most bytes the value table may take
    /// ([`TakeBreakConfig::max_bytes`]).
    pub fn max_bytes(&self) -> u64 {
        self.config.max_bytes
    }

    /// Sets the most bytes the value table may take from now on (a run
    /// that must hold more, or less, than the solver was made with).
    pub fn set_max_bytes(&mut self, max_bytes: u64) {
        self.config.max_bytes = max_bytes;
    }

    /// Bytes the table needs to hold `G(0..=n)` at its current width.
    pub fn bytes_needed(&self, n: u64) -> u64 {
        self.table.bytes_for(n.saturating_add(1))
    }

    /// A solver that continues from values computed earlier (a checkpoint,
    /// see [`crate::solve::values_file`]): `table` holds `G(0), G(1), …` of
    /// `game`. Everything else the engine keeps (value counts, the bound,
    /// the running sets of repeating digits) is rebuilt from it; the
    /// rare/common split is chosen again at the next heap. The values that
    /// follow are the same as without the interruption: no choice the
    /// engine makes changes a value, only how fast it is found.
    ///
    /// The table is checked first, as [`resume_from`](Self::resume_from)
    /// does (named "the resumed table" in errors).
    pub fn resume(game: TakeBreak, config: TakeBreakConfig, table: NimTable) -> Result<Self> {
        Self::resume_from(game, config, table, "the resumed table")
    }

    /// [`resume`](Self::resume) from a table read from `source` (a file's
    /// path, named in errors). Before anything is built from it, the table
    /// is checked to be this game's sequence, so that no file can make the
    /// engine answer wrongly or allocate without bound:
    ///
    /// - every stored value is within what a heap of its size can have (see
    ///   the bound below) — else [`ErrorKind::BadFile`];
    /// - the engine's tables for the largest value fit, with the table, in
    ///   [`TakeBreakConfig::max_bytes`] — else [`ErrorKind::OutOfMemory`];
    /// - the first 64 values are recomputed from scratch, and the last 64
    ///   from the ones before them (the engine continues from all but the
    ///   last 64 and must find them again) — else
    ///   [`ErrorKind::NotTheSequence`] naming the first wrong heap;
    /// - the values between are checked to be the mex of their options,
    ///   computed from the stored values below them: all of them where that
    ///   costs a few passes over the table, else a random sample of a few
    ///   hundred heaps spread over it, denser towards its end (a forged
    ///   value where moves split heaps makes many values above it
    ///   inconsistent, so a sample finds it) — else
    ///   [`ErrorKind::NotTheSequence`]. [`table_check`](Self::table_check)
    ///   says how many values were checked.
    ///
    /// The bound: `G(n) ≤ n` when every move removes a token (an option's
    /// heaps hold at most `n − 1` tokens and XOR to at most their sum), and
    /// the number of options otherwise.
    ///
    /// Time: O(len) for the scan and the rebuild, plus 128 values computed,
    /// plus the check of the middle: at most `2^26 + 8 × len` options
    /// looked at.
    pub fn resume_from(
        game: TakeBreak,
        config: TakeBreakConfig,
        mut table: NimTable,
        source: &str,
    ) -> Result<Self> {
        let spec = game.spec();
        let len = table.len();
        let needed = (len as u64).saturating_mul(table.width() as u64);
        if needed > config.max_bytes {
            return Err(ErrorKind::OutOfMemory {
                needed,
                available: config.max_bytes,
            }
            .into());
        }
        let moves = Moves::of(&game);
        let mut largest = 0;
        for n in 0..len {
            let v = table.get(n).map_or(0, |g| g.value());
            let most = moves.value_bound(n as u64);
            if v > most {
                return Err(ErrorKind::BadFile {
                    path: source.to_string(),
                    reason: format!(
                        "it stores G({n}) = {v}, but G({n}) of `{spec}` is at most {most}"
                    ),
                }
                .into());
            }
            largest = largest.max(v);
        }
        // What `grow_bound` allocates for the largest value: a `u32` stamp
        // and a flag per value up to the next power of two.
        let engine = largest
            .saturating_add(1)
            .checked_next_power_of_two()
            .unwrap_or(u64::MAX)
            .saturating_add(2)
            .saturating_mul(5);
        if needed.saturating_add(engine) > config.max_bytes {
            return Err(ErrorKind::OutOfMemory {
                needed: needed.saturating_add(engine),
                available: config.max_bytes,
            }
            .into());
        }
        let mismatch = |heap: usize, stored: u64, computed: u64| -> crate::Error {
            ErrorKind::NotTheSequence {
                path: source.to_string(),
                game: spec.clone(),
                heap: heap as u64,
                stored,
                computed,
            }
            .into()
        };
        // The first values, from scratch.
        let head = len.min(SEQUENCE_CHECK);
        if head > 0 {
            let mut fresh = Self::new(game.clone());
            fresh.extend_to(head as u64 - 1)?;
            for n in 0..head {
                let (stored, computed) = (table.get(n), fresh.table.get(n));
                if stored != computed {
                    let value = |g: Option<Nimber>| g.map_or(0, |g| g.value());
                    return Err(mismatch(n, value(stored), value(computed)));
                }
            }
        }
        // The values between, against their options.
        let keep = len - len.min(SEQUENCE_CHECK);
        let middle = with_slice!(&table, t => {
            verify::check_middle(&moves, t.as_slice(), head, keep)
        }, nine => {
            verify::check_middle(&moves, &t.view(), head, keep)
        });
        let (sampled, complete) =
            middle.map_err(|(heap, stored, computed)| mismatch(heap, stored, computed))?;
        // The last values, from the ones before them.
        let last: Vec<u64> = (keep..len)
            .map(|n| table.get(n).map_or(0, |g| g.value()))
            .collect();
        table.truncate(keep);
        let mut solver = Self::rebuilt(game, config, table);
        if len > keep {
            solver.extend_to(len as u64 - 1)?;
        }
        for (n, &stored) in (keep..len).zip(&last) {
            let computed = solver.value(n as u64).map_or(0, |g| g.value());
            if computed != stored {
                return Err(mismatch(n, stored, computed));
            }
        }
        // Once more from the whole table, so that the engine is in the state
        // described above (the split chosen at the next heap, no work
        // counted), as if the check had not run.
        let TakeBreakSolver {
            game,
            config,
            table,
            ..
        } = solver;
        let mut solver = Self::rebuilt(game, config, table);
        solver.checked = Some(TableCheck {
            values: len as u64,
            ends: (head + (len - keep)).min(len) as u64,
            sampled,
            complete,
        });
        Ok(solver)
    }

    /// What [`resume_from`](Self::resume_from) checked of the table it
    /// resumed from (`None` for a solver that started from scratch).
    pub fn table_check(&self) -> Option<TableCheck> {
        self.checked
    }

    /// The engine's state rebuilt from `table` (checked by the caller).
    fn rebuilt(game: TakeBreak, config: TakeBreakConfig, table: NimTable) -> Self {
        let mut solver = Self::with_config(game, config);
        let core = &mut solver.core;
        for n in 0..table.len() {
            let v = table.get(n).map_or(0, |g| g.value());
            core.record(n, v);
        }
        if let Some((first, digit)) = core.moves.tail {
            with_slice!(&table, t => {
                for n in first..t.count() {
                    core.reach_layer(t.as_slice(), n - first, digit);
                }
            }, nine => {
                for n in first..t.len() {
                    core.reach_layer(&t.view(), n - first, digit);
                }
            });
        }
        core.rc.next_check = table.len();
        solver.table = table;
        solver
    }

    /// [`extend_to`](Self::extend_to) in batches of about 50 ms, calling
    /// `each` after every batch (to show progress or write a checkpoint); an
    /// error from `each` stops the run.
    pub fn extend_with(
        &mut self,
        n: u64,
        each: &mut dyn FnMut(&TakeBreakSolver) -> Result<()>,
    ) -> Result<()> {
        // The whole table at once: growing it batch by batch would leave the
        // small early copies behind in the heap.
        self.reserve_to(n)?;
        let mut batch: u64 = 256;
        while self.len() <= n {
            let start = Instant::now();
            let to = self.len().saturating_add(batch - 1).min(n);
            self.extend_to(to)?;
            each(self)?;
            let secs = start.elapsed().as_secs_f64();
            if secs < 0.025 {
                batch = batch.saturating_mul(2);
            } else if secs > 0.1 {
                batch = (batch / 2).max(16);
            }
        }
        Ok(())
    }

    /// The value table, owned (the solver is done with).
    pub fn into_table(self) -> NimTable {
        self.table
    }

    /// Moves the table into a memory-mapped temporary file beside `target`
    /// (a [`MappedU16`]: see "Memory past 2^32" in the module docs), with
    /// room for `G(0..=n)`: from now on the values live in the page cache,
    /// not in anonymous memory, and [`finish_table_file`](Self::finish_table_file)
    /// makes them the values file at `target`. The values known so far are
    /// copied over. Errors: a value of 2^16 or more (the file holds two
    /// bytes per value), the file cannot be made or its room reserved on
    /// disk ([`ErrorKind::Io`], naming the file and the bytes).
    pub fn keep_table_in_file<'a>(
        &mut self,
        target: impl Into<crate::solve::values_file::Target<'a>>,
        n: u64,
    ) -> Result<()> {
        let count = n.saturating_add(1).max(self.len());
        let mut mapped = MappedU16::create(target, &self.game.spec(), count)?;
        mapped.try_reserve_exact(self.table.len())?;
        for i in 0..self.table.len() {
            let v = self.table.get(i).map_or(0, |g| g.value());
            let x = u16::try_from(v).map_err(|_| {
                crate::Error::unsupported(format!(
                    "G({i}) = {v} does not fit the table kept in a file (values below 65536)"
                ))
            })?;
            mapped.push(x);
        }
        self.table = NimTable::Mapped(mapped);
        Ok(())
    }

    /// Whether the table is kept in a file
    /// ([`keep_table_in_file`](Self::keep_table_in_file)).
    pub fn table_in_file(&self) -> bool {
        matches!(self.table, NimTable::Mapped(_))
    }

    /// Ends a run whose table is kept in a file: `G(0..len)` (the first
    /// `len` values) become the values file at the target given to
    /// [`keep_table_in_file`](Self::keep_table_in_file), written in place
    /// and renamed, atomically as [`write_values`](crate::solve::write_values)
    /// does, the same bytes as it writes from a table in memory. Returns
    /// the checksum of the values. An error when the table is in memory.
    pub fn finish_table_file(self, len: u64) -> Result<u64> {
        match self.table {
            NimTable::Mapped(mut t) => {
                t.truncate(usize::try_from(len).unwrap_or(usize::MAX));
                t.finish()
            }
            _ => Err(crate::Error::unsupported(
                "the table is in memory, not in a file",
            )),
        }
    }

    /// Computes `G(0..=n)`, keeping what is already known.
    pub fn extend_to(&mut self, n: u64) -> Result<()> {
        let target = self.reserve_to(n)?;
        if target <= self.table.len() {
            return Ok(());
        }
        loop {
            let core = &mut self.core;
            // With worker threads, the whole run happens on the pool, so the
            // block step's parallel fill uses exactly its threads.
            let pool = core.sched.pool.clone();
            let wide = match pool {
                Some(pool) => pool.install(|| {
                    with_slice!(&mut self.table, t => core.run(t, target), nine => core.run(t, target))
                }),
                None => {
                    with_slice!(&mut self.table, t => core.run(t, target), nine => core.run(t, target))
                }
            };
            match wide {
                None => return Ok(()),
                Some(v) => {
                    // The table to `n` at the width `v` needs (checked at
                    // the old width, a widened table could pass the budget).
                    let count = n.saturating_add(1);
                    // Room for the whole run (`extend_with` reserves it
                    // first) decides between 9 bits and `u16`.
                    let room = count.max(self.table.capacity() as u64);
                    let nine = room >= self.config.nine_bits_from;
                    let needed = match &self.table {
                        NimTable::U8(_) if nine && v < Nine::LIMIT => Nine::bytes_for(count),
                        NimTable::Nine(_) if v < Nine::LIMIT => Nine::bytes_for(count),
                        t => count.saturating_mul(t.width().max(width_for(v)) as u64),
                    };
                    if needed > self.config.max_bytes {
                        return Err(ErrorKind::OutOfMemory {
                            needed,
                            available: self.config.max_bytes,
                        }
                        .into());
                    }
                    self.table.widen_to(v, nine)?;
                    self.table.try_reserve(target - self.table.len())?;
                }
            }
        }
    }

    /// Room for `G(0..=n)` at the current width, or the error saying what
    /// it would need; returns the table length `n + 1`.
    fn reserve_to(&mut self, n: u64) -> Result<usize> {
        let needed = self.bytes_needed(n);
        let too_big = || -> crate::Error {
            ErrorKind::OutOfMemory {
                needed,
                available: self.config.max_bytes,
            }
            .into()
        };
        let target = match usize::try_from(n) {
            Ok(n) if needed <= self.config.max_bytes && n < usize::MAX => n + 1,
            _ => return Err(too_big()),
        };
        let more = target.saturating_sub(self.table.len());
        self.table.try_reserve(more).map_err(|_| too_big())?;
        Ok(target)
    }
}
