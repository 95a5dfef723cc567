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
//! and then and the faster runs (`solve/threads.rs`).
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
//! Values live in a [`NimTable`]: `u8` until a value needs more, then
//! `u16`, ... (nothing overflows; memory is `n × width` bytes plus O(#rare)
//! for the split). Memory is estimated before any allocation and refused
//! beyond [`TakeBreakConfig::max_bytes`].
//!
//! Sources: Gangolli and Plambeck (1989) for the rare/common idea and the
//! period of 0.16; Flammenkamp's octal-game tables for its use at scale.
//! Known improvements not yet made (see `benches/peers.sh` for where they
//! would show):
//! - a 9-bit table for games whose values stay below 512 (0.6 stores two
//!   bytes per value);
//! - the first ~10^5 heaps of dense games (0.007) run the plain method,
//!   which marks every split up to where each mex candidate turns up;
//! - a three-heap rare/common rule (only two-heap splits use it).
//!
//! AVX-512 kernels were tried (the same loops compiled for AVX-512BW) and
//! were slower than AVX2 on the machine measured.

use super::table::{with_slice, NimTable, Word};
use super::threads::{spin_until, SetOnDrop, Signal, TwoOrOne, Waited};
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
}

impl Default for TakeBreakConfig {
    fn default() -> Self {
        TakeBreakConfig {
            max_bytes: 8 << 30,
            method: Method::Auto,
            simd: true,
            threads: 1,
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
);

/// The moves of a game, grouped by what they leave.
#[derive(Clone, Debug)]
struct Moves {
    /// `k` such that a heap of exactly `k` may be removed.
    terminal: Vec<usize>,
    /// `k` such that removing `k` may leave one heap.
    single: Vec<usize>,
    /// `k` such that removing `k` may leave two heaps.
    pairs: Vec<usize>,
    /// `k` such that removing `k` may leave three heaps.
    triples: Vec<usize>,
    /// Two-heap splits must be unequal.
    unequal: bool,
    /// The repeating digit `d` and the first `k` it applies to.
    tail: Option<(usize, u8)>,
    /// `G(n)` reads no value above `G(n − gap)`: heaps `n` and `n + 1` are
    /// independent when the gap is at least 2.
    gap: usize,
}

impl Moves {
    fn of(game: &TakeBreak) -> Moves {
        let digits = game.digits();
        let explicit = if game.repeating() {
            digits.len() - 1
        } else {
            digits.len()
        };
        let with =
            |bit: u8| -> Vec<usize> { (0..explicit).filter(|&k| digits[k] & bit != 0).collect() };
        let single: Vec<usize> = with(LEAVE_ONE).into_iter().filter(|&k| k > 0).collect();
        let (pairs, triples) = (with(LEAVE_TWO), with(LEAVE_THREE));
        // A split removing k leaves parts of at most n − k − 1.
        let gap = single
            .iter()
            .copied()
            .chain(pairs.iter().chain(&triples).map(|k| k + 1))
            .min()
            .unwrap_or(1);
        Moves {
            terminal: with(LEAVE_NONE),
            single,
            pairs,
            triples,
            unequal: game.unequal(),
            tail: game.repeating().then(|| (explicit, digits[explicit])),
            gap: if game.repeating() { 1 } else { gap },
        }
    }

    /// An upper bound on `G(n)`, to refuse absurd stored values. When every
    /// move removes a token, `G(n) ≤ n`: the heaps an option leaves hold at
    /// most `n − 1` tokens in all, and by induction their values XOR to at
    /// most their sum, so no option has a value above `n − 1`. A code that
    /// splits without removing (its digit before the point) still has
    /// `G(n)` at most the number of options (the mex of `m` values is at most
    /// `m`): fewer than `(n + 2)²` for two-heap splits, `(n + 2)³` with
    /// three-heap ones.
    fn value_bound(&self, n: u64) -> u64 {
        let zero = |ks: &[usize]| ks.first() == Some(&0);
        let tail_zero = self.tail.is_some_and(|(first, _)| first == 0);
        if zero(&self.triples) || tail_zero {
            (n + 2).saturating_mul(n + 2).saturating_mul(n + 2)
        } else if zero(&self.pairs) {
            (n + 2).saturating_mul(n + 2)
        } else {
            n
        }
    }

    /// Whether the rare/common method applies: finitely many moves, none
    /// leaving three heaps, some leaving two.
    fn rare_common_applies(&self) -> bool {
        self.tail.is_none() && self.triples.is_empty() && !self.pairs.is_empty()
    }

    /// The largest `a` of a two-heap split `a + (m − a)` with `a ≤ m − a`.
    #[inline(always)]
    fn half(&self, m: usize) -> usize {
        if self.unequal {
            m.saturating_sub(1) / 2
        } else {
            m / 2
        }
    }
}

/// Fewest splits marked one by one before the plain candidate search.
const PREFIX: usize = 32;
/// Heaps from which the plain method runs two heaps at a time on two
/// threads, and rare/common is pipelined (below, a heap is too little work
/// for the hand-over).
const PAIRS_FROM: usize = 1 << 13;
/// Heaps per block of the block rare/common step (and the number of
/// splits per heap marked one heap at a time there).
const BLOCK: usize = 64;
/// Fewest bulk rare heaps for the block step.
const MIN_BULK: usize = 256;
/// Bytes of flag rows per block, at most (about an L1 data cache).
const BLOCK_ROW_BYTES: usize = 32 << 10;
/// Bytes between the end of a block row and the start of the next.
const ROW_PAD: usize = 64;
/// Most confirmation splits per heap marked ahead for a whole block.
const MAX_BLOCK_PREFIX: usize = 2048;
/// The same, for heaps that mark many more splits one by one after it.
const MAX_DENSE_BLOCK_PREFIX: usize = 16384;
/// Splits marked (counting targets) before rare values are searched for
/// one by one.
const CONFIRM_MARKED: usize = 256;
/// Rare values to confirm, at most, before searching for them one by one
/// (more are confirmed by marking further splits).
const FEW_TARGETS: usize = 16;
/// Splits per class marked at a time while many rare values are unconfirmed.
const MARK_STEP: usize = 512;
/// Chunk length of the vectorized loops.
const CHUNK: usize = 64;

/// The rare/common state.
#[derive(Clone, Debug, Default)]
struct RareCommon {
    /// The split in use, if the method is rare/common right now.
    split: Option<Split>,
    /// Heaps `≥ 1` with a rare value, ascending.
    rare: Vec<u32>,
    /// Their values.
    rare_values: Vec<u16>,
    /// Heap count at which the split is checked next.
    next_check: usize,
    /// Rare heaps at the last check.
    rare_at_check: usize,
    /// Rare values still to confirm for the current heap.
    targets: Vec<usize>,
    /// Per two-heap class: how many rare heaps are below the current sum
    /// `m` (sums only grow, so this only moves forward).
    cuts: Vec<usize>,
    /// Values of two-heap splits `a + b = m` that need a rare heap
    /// (common), up to the bound inclusive, as bits (value `v` is bit
    /// `v % 64` of word `v / 64`); index: `m` mod 2.
    common_words: [Vec<u64>; 2],
    /// The other values (rare) up to the bound, inclusive, the same way.
    rare_words: [Vec<u64>; 2],
    /// The same two sets as bits, when the bound is at most 64.
    common_bits: [u128; 2],
    /// See `common_bits`.
    rare_bits: [u128; 2],
}

/// Everything but the table (so the table can be borrowed at its width).
#[derive(Clone, Debug)]
struct Core {
    moves: Moves,
    method: Method,
    simd: bool,
    /// `stamp[v] == generation` iff `v` is an option value of the current heap.
    stamp: Vec<u32>,
    generation: u32,
    /// Option values reachable through the repeating digit (cumulative).
    reach: Vec<bool>,
    /// A power of two above every value so far: every option value is below it.
    bound: usize,
    /// `counts[n % 2][v]` = heaps `n ≥ 1` of value `v`, for values below 2^16.
    counts: [Vec<u64>; 2],
    rc: RareCommon,
    /// Per two-heap class: how many splits of the current heap are marked.
    marked: Vec<usize>,
    stats: EngineStats,
    /// What the methods cost lately, for choosing between them.
    costs: Costs,
    /// Worker threads for the block-parallel rare/common step.
    pool: Option<std::sync::Arc<rayon::ThreadPool>>,
    /// The block step's buffers and the block filled ahead.
    blocks: Blocks,
    /// Confirmation splits per heap marked ahead by the block step
    /// (adapted: doubled while the searches after it cost more than it,
    /// halved while they cost far less).
    block_prefix: usize,
    /// Splits marked one heap at a time beyond the prefix, this block.
    block_marked_after: usize,
    /// A second core for the plain method: heap `n + 1` is computed on it
    /// while this one computes heap `n` (games with a gap of 2 or more).
    helper: Option<Box<Core>>,
    /// Heaps where the pipelined step stops as if their candidate were at
    /// the bound (tests).
    #[cfg(test)]
    stop_at: Vec<usize>,
    /// The pipelined step waits until this heap (at first, until the
    /// sequence is long enough for it to pay; later, after wrong candidates
    /// came too soon).
    pipe_from: usize,
    /// How long it waits the next time that happens (doubling each time).
    pipe_wait: usize,
    /// Whether two threads are faster than one here and now.
    two_or_one: TwoOrOne,
    /// One thread runs at least until this heap before two are considered
    /// again (asking costs a clock read: not for every heap).
    one_until: usize,
}

/// The block step's buffers (kept from block to block) and, with two
/// threads, the next block, its flags filled while the current one was
/// finished.
#[derive(Clone, Debug, Default)]
struct Blocks {
    /// Flag rows (a byte per value) where this thread fills heaps' flags
    /// before they are packed into bits.
    rows: Vec<u8>,
    /// The same for the other thread.
    helper_rows: Vec<u8>,
    /// Packed flags, kept for the next block (with two threads, this one
    /// and the one filled ahead take turns).
    spare_bits: Vec<u64>,
    ahead: Option<Ahead>,
    /// What the other thread reads while this one finishes a block.
    shared: Shared,
    /// The other thread's share of the splits of the next block (this one
    /// fills the rest once its block is finished), in split items per
    /// class (see [`BlockJob`]).
    helper_share: usize,
}

/// Heaps handed to the other thread at once by [`Core::speculate`] (about
/// 50 µs of work on the light games it is for).
const PIPE_BATCH: usize = 512;
/// Batches sent and not yet confirmed, at most: the heaps computed again
/// after a wrong candidate are at most these and the batch being filled.
const PIPE_QUEUE: usize = 2;
/// Heaps computed in a row by the pipelined step, at least, for it to pay
/// (else it waits a while: [`Core::pipelined`]).
const PIPE_PAYS: usize = 16 * PIPE_BATCH;

/// Heaps whose candidates need confirming ([`Core::pipelined`]).
#[derive(Debug)]
struct Batch {
    heaps: Vec<Pending>,
    /// Their rare values to confirm, when they are not held as bits.
    targets: Vec<usize>,
    /// Values in the table when the batch was sent.
    known: usize,
}

impl Batch {
    fn new() -> Batch {
        Batch {
            heaps: Vec::with_capacity(PIPE_BATCH),
            targets: Vec::new(),
            known: 0,
        }
    }
}

/// A heap whose value was taken to be its candidate `c`, before the rare
/// values below `c` were found among its splits.
#[derive(Debug)]
struct Pending {
    n: usize,
    c: usize,
    /// What [`Core::rc_candidate`] left to confirm.
    pending: u64,
    /// The rare values to confirm, when not in `pending`: where they are in
    /// the batch's `targets`.
    targets: std::ops::Range<usize>,
}

/// The table, for the thread that confirms candidates while this one
/// pushes values ([`Core::pipelined`]). Sound to read because room for
/// every push was reserved before (the table does not move), values are
/// only pushed (none below the length is written), and each batch tells
/// how many values were pushed before it was sent.
struct TablePtr<T>(*const T);

// SAFETY: only read through, under the rules above.
unsafe impl<T: Sync> Send for TablePtr<T> {}

/// A value alone in its cache lines (the other thread polls it: sharing a
/// line with this thread's other data would slow both).
#[repr(align(128))]
struct Apart<T>(T);

/// A block of heaps whose flags were filled ahead (see
/// [`Core::rare_common_block`]).
#[derive(Clone, Debug, Default)]
struct Ahead {
    n0: usize,
    heaps: usize,
    width: usize,
    /// The first confirmation split marked in the flags (the splits below
    /// it are marked as each heap is finished).
    first: usize,
    prefix: usize,
    /// The rare heaps paired in the flags, as a range of the rare list.
    bulk: std::ops::Range<usize>,
    /// The split (its count of changes) the rare list belonged to.
    epoch: u64,
    /// Two halves (filled by two threads), each with `width / 64` words
    /// per heap: bit `v` set iff value `v` is flagged in either half.
    bits: Vec<u64>,
}

/// Copies of what filling a block ahead reads, for the other thread: this
/// one appends to the rare list meanwhile.
#[derive(Clone, Debug, Default)]
struct Shared {
    rare: Vec<u32>,
    values: Vec<u16>,
    epoch: u64,
    pairs: Vec<usize>,
}

/// What a pair looked at by a vectorized search costs, counted in pairs
/// marked one by one (measured: a mark is a load, a xor and a store to a
/// random place; a search compares sixteen pairs at once).
const SEARCH_WEIGHT: f64 = 0.1;

/// Work measured per method, in "pair operations": a pair marked in the
/// stamp table counts 1, a pair looked at by a vectorized search
/// [`SEARCH_WEIGHT`], a
/// (rare heap, other heap) pair 1.6 (an indexed load and a store).
#[derive(Clone, Debug)]
struct Costs {
    /// Plain work per heap divided by `n/2`, as last measured.
    plain_per_half_n: f64,
    /// Rare/common confirmation work per heap, as last measured.
    confirm_per_heap: Option<f64>,
    /// Counters and heap count at the last check.
    at_check: (EngineStats, usize),
}

impl Default for Costs {
    fn default() -> Self {
        Costs {
            plain_per_half_n: 0.2,
            confirm_per_heap: None,
            at_check: (EngineStats::default(), 0),
        }
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
        let core = Core {
            marked: vec![0; moves.pairs.len()],
            costs: Costs::default(),
            pool: (config.threads > 1)
                .then(|| {
                    rayon::ThreadPoolBuilder::new()
                        .num_threads(config.threads)
                        .build()
                        .ok()
                })
                .flatten()
                .map(std::sync::Arc::new),
            blocks: Blocks::default(),
            block_prefix: 512,
            block_marked_after: 0,
            helper: None,
            #[cfg(test)]
            stop_at: Vec::new(),
            pipe_from: PAIRS_FROM,
            pipe_wait: 0,
            two_or_one: TwoOrOne::default(),
            one_until: 0,
            moves,
            method: config.method,
            simd: config.simd && simd_available(),
            stamp: vec![0; 4],
            generation: 0,
            reach: vec![false; 4],
            bound: 1,
            counts: [Vec::new(), Vec::new()],
            rc: RareCommon {
                next_check: 256,
                ..RareCommon::default()
            },
            stats: EngineStats::default(),
        };
        TakeBreakSolver {
            game,
            config,
            table: NimTable::new(),
            core,
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
            one_thread_stretches: self.core.two_or_one.one_runs(),
            ..self.core.stats
        }
    }

    /// The rare/common split in use right now, if any.
    pub fn split(&self) -> Option<Split> {
        self.core.rc.split
    }

    /// Refuses, before any work, a run to `n` that would not fit in
    /// [`TakeBreakConfig::max_bytes`]: codes with splits are counted at two
    /// bytes per value at least (their values pass 255 early), and the
    /// engine's own tables (256 KiB) are included.
    pub fn check_memory(&self, n: u64) -> Result<()> {
        let width = if self.core.moves.pairs.is_empty() && self.core.moves.triples.is_empty() {
            self.table.width()
        } else {
            self.table.width().max(2)
        };
        let needed = n
            .saturating_add(1)
            .saturating_mul(width as u64)
            .saturating_add(1 << 18);
        if needed > self.config.max_bytes {
            return Err(ErrorKind::OutOfMemory {
                needed,
                available: self.config.max_bytes,
            }
            .into());
        }
        Ok(())
    }

    /// Bytes the table needs to hold `G(0..=n)` at its current width.
    pub fn bytes_needed(&self, n: u64) -> u64 {
        n.saturating_add(1)
            .saturating_mul(self.table.width() as u64)
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
    ///   [`ErrorKind::NotTheSequence`] naming the first wrong heap.
    ///
    /// The bound: `G(n) ≤ n` when every move removes a token (an option's
    /// heaps hold at most `n − 1` tokens and XOR to at most their sum), and
    /// the number of options otherwise.
    ///
    /// Time: O(len) for the scan and the rebuild, plus 128 values computed.
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
        // The last values, from the ones before them.
        let keep = len - len.min(SEQUENCE_CHECK);
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
        Ok(Self::rebuilt(game, config, table))
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
                for n in first..t.len() {
                    core.reach_layer(t, n - first, digit);
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
            let pool = core.pool.clone();
            let wide = match pool {
                Some(pool) => {
                    pool.install(|| with_slice!(&mut self.table, t => core.run(t, target)))
                }
                None => with_slice!(&mut self.table, t => core.run(t, target)),
            };
            match wide {
                None => return Ok(()),
                Some(v) => {
                    if self.bytes_needed(n) > self.config.max_bytes {
                        return Err(ErrorKind::OutOfMemory {
                            needed: self.bytes_needed(n),
                            available: self.config.max_bytes,
                        }
                        .into());
                    }
                    self.table.widen_for(v)?;
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

/// The low-memory mode: streams `G(0..=n)` of a game whose moves leave at
/// most one heap (finitely many: removals up to `k`) straight into a values
/// file at `path`, keeping only the last `k` values in memory. Returns the
/// checksum. `progress` is called with the number of values written, about
/// every million.
///
/// Games that split heaps are refused: a split `a + (m − a)` reads values
/// from anywhere below `m` (rare/common reads `G(m − r)` for every rare
/// heap `r`), so the whole table has to stay in memory — and it is kept in
/// the narrowest width instead.
///
/// ```
/// use grundy::{games::TakeBreak, solve::{read_values, takebreak::stream_values}};
/// let path = std::env::temp_dir().join(format!("grundy-doc-{}.bin", std::process::id()));
/// let game = TakeBreak::octal("0.33").unwrap(); // take 1 or 2: G(n) = n mod 3
/// stream_values(&game, 1000, &path, &mut |_| {}).unwrap();
/// let back = read_values(&path).unwrap();
/// assert_eq!(back.table.get(1000).unwrap().value(), 1000 % 3);
/// assert!(stream_values(&TakeBreak::named("kayles").unwrap(), 10, &path, &mut |_| {}).is_err());
/// # std::fs::remove_file(&path).ok();
/// ```
pub fn stream_values(
    game: &TakeBreak,
    n: u64,
    path: &std::path::Path,
    progress: &mut dyn FnMut(u64),
) -> Result<u64> {
    let moves = Moves::of(game);
    if !moves.pairs.is_empty() || !moves.triples.is_empty() || moves.tail.is_some() {
        return Err(crate::Error::unsupported(format!(
            "`{}` {}: the low-memory mode keeps only the last values, which works for finite codes whose moves leave at most one heap",
            game.spec(),
            if moves.tail.is_some() {
                "has infinitely many moves"
            } else {
                "splits heaps, so every earlier value is read and the whole table is kept"
            }
        )));
    }
    let reach = moves.single.iter().copied().max().unwrap_or(0) + 1;
    let size = reach.next_power_of_two();
    let mut ring = vec![0u64; size];
    // Values are at most the number of options.
    let options = moves.single.len() + moves.terminal.len();
    let width = if options < 255 { 1 } else { 8 };
    let mut seen = vec![false; options + 2];
    let mut values = (0..=n).map(|h| {
        let h = h as usize;
        seen.iter_mut().for_each(|s| *s = false);
        if moves.terminal.contains(&h) {
            seen[0] = true;
        }
        for &k in &moves.single {
            if h > k {
                seen[ring[(h - k) & (size - 1)] as usize] = true;
            }
        }
        let v = seen.iter().position(|&s| !s).unwrap_or(options + 1) as u64;
        ring[h & (size - 1)] = v;
        if h.is_multiple_of(1 << 20) {
            progress(h as u64);
        }
        v
    });
    let count = n
        .checked_add(1)
        .ok_or_else(|| crate::Error::unsupported("too many values"))?;
    crate::solve::values_file::write_values_streamed(path, &game.spec(), count, width, &mut values)
}

fn simd_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn run_avx2<T: Word>(core: &mut Core, t: &mut Vec<T>, target: usize) -> Option<u64> {
    core.run_inline(t, target)
}

/// [`Core::speculate`] with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn speculate_avx2<T: Word>(
    core: &mut Core,
    t: &mut Vec<T>,
    end: usize,
    until: Instant,
    batches: SyncSender<Batch>,
) {
    core.speculate(t, end, until, batches)
}

/// [`Core::confirm_batches`] with AVX2.
///
/// # Safety
///
/// AVX2 must be available, and `table` as [`Core::confirm_batches`] needs.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn confirm_batches_avx2<T: Word>(
    core: &mut Core,
    table: TablePtr<T>,
    queue: Receiver<Batch>,
) -> Option<(usize, u64)> {
    // SAFETY: as the caller promised.
    unsafe { core.confirm_batches(table, queue) }
}

/// [`Core::finish_block`] with AVX2 (it runs in a closure on the pool when
/// blocks are filled ahead, outside [`run_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn finish_block_avx2<T: Word>(
    core: &mut Core,
    t: &mut Vec<T>,
    block: &Ahead,
) -> Option<u64> {
    core.finish_block(t, block)
}

impl Core {
    /// Computes values until `t` holds `target` of them; returns a value
    /// that does not fit `T` (not stored) if one comes up.
    fn run<T: Word>(&mut self, t: &mut Vec<T>, target: usize) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { run_avx2(self, t, target) };
        }
        self.run_inline(t, target)
    }

    #[inline(always)]
    fn run_inline<T: Word>(&mut self, t: &mut Vec<T>, target: usize) -> Option<u64> {
        while t.len() < target {
            if self.pool.is_some()
                && self.rc.split.is_none()
                && self.moves.gap >= 2
                && t.len() >= PAIRS_FROM
                && t.len() + 1 < target
                && self.two_threads(t.len()).is_some()
            {
                if let Some(v) = self.two_heaps(t) {
                    return Some(v);
                }
                if self.split_check_due(t.len()) {
                    self.check_split(t);
                }
                continue;
            }
            if let Some(until) = self
                .pipeline_applies(t.len(), target)
                .then(|| self.two_threads(t.len()))
                .flatten()
            {
                if let Some(v) = self.pipelined(t, target, until) {
                    return Some(v);
                }
                if self.split_check_due(t.len()) {
                    self.check_split(t);
                }
                continue;
            }
            if let Some(bulk) = self.block_bulk(t.len()) {
                if let Some(v) = self.rare_common_block(t, target, bulk) {
                    return Some(v);
                }
                if self.split_check_due(t.len()) {
                    self.check_split(t);
                }
                continue;
            }
            let v = self.step(t);
            if let Some(v) = self.push_value(t, v) {
                return Some(v);
            }
            if self.split_check_due(t.len()) {
                self.check_split(t);
            }
        }
        None
    }

    /// Pushes `v` as the value of heap `t.len()` and records it; returns
    /// `v` if it does not fit `T` (then not recorded: the caller widens the
    /// table and the value is computed again at the new width).
    #[inline(always)]
    fn push_value<T: Word>(&mut self, t: &mut Vec<T>, v: u64) -> Option<u64> {
        let Some(x) = T::from_u64(v) else {
            return Some(v);
        };
        t.push(x);
        self.record(t.len() - 1, v);
        None
    }

    /// Whether the split is due to be checked again, with `n` heaps known:
    /// on schedule, or early when the rare heaps grew far past the last
    /// check.
    #[inline(always)]
    fn split_check_due(&self, n: usize) -> bool {
        n >= self.rc.next_check || self.rc.rare.len() > 2 * self.rc.rare_at_check + 64
    }

    /// Starts a new heap: two fresh generations, `g` (an option value of
    /// this heap) and `g + 1` (a rare value still to confirm).
    #[inline(always)]
    fn next_generation(&mut self) -> u32 {
        if self.generation >= u32::MAX - 4 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 0;
        }
        self.generation += 2;
        self.generation
    }

    /// Heaps `n` and `n + 1` (`n = t.len()`) at once, on two threads: with a
    /// gap of 2, heap `n + 1` reads nothing above `G(n − 1)`. Returns a value
    /// that does not fit `T`, if one comes up.
    fn two_heaps<T: Word>(&mut self, t: &mut Vec<T>) -> Option<u64> {
        let n = t.len();
        let mut helper = self.take_helper();
        let before = helper.stats;
        let table = &t[..];
        let (a, b) = rayon::join(|| self.step_at(table, n), || helper.step_at(table, n + 1));
        self.give_back(helper, before);
        self.push_value(t, a).or_else(|| self.push_value(t, b))
    }

    /// The other thread's engine: a copy of this one (made once), brought
    /// up to the current bound.
    fn take_helper(&mut self) -> Box<Core> {
        let mut helper = self.helper.take().unwrap_or_else(|| {
            let mut h = Box::new(self.clone());
            h.pool = None;
            h.blocks = Blocks::default();
            h
        });
        if helper.bound != self.bound {
            helper.bound = self.bound;
            helper.stamp.resize(self.stamp.len(), 0);
            helper.reach.resize(self.reach.len(), false);
        }
        helper
    }

    /// Keeps the other thread's engine for next time, and counts its work
    /// since `before` as this one's: the cost model compares work per heap
    /// (counting only this core's made the plain method look half as costly
    /// and kept 0.007 on it far too long with two threads).
    fn give_back(&mut self, helper: Box<Core>, before: EngineStats) {
        self.stats.add_since(&helper.stats, &before);
        self.helper = Some(helper);
    }

    /// Whether to use two threads for the heaps from `n` on: the pool is
    /// there, and two threads were not found slower than one
    /// ([`TwoOrOne`]). `Some(until)`: until when (then ask again).
    fn two_threads(&mut self, n: usize) -> Option<Instant> {
        if self.pool.is_none() || n < self.one_until {
            return None;
        }
        let until = self.two_or_one.choose(Instant::now(), n);
        if until.is_none() {
            self.one_until = n + BLOCK;
        }
        until
    }

    /// Whether heaps from `n` on go through [`Self::pipelined`]: two
    /// threads, rare/common without the block step (few rare heaps), and a
    /// stretch long enough to be worth starting the other thread.
    #[inline(always)]
    fn pipeline_applies(&self, n: usize, target: usize) -> bool {
        self.pool.is_some()
            && n >= self.pipe_from
            && self.rc.split.is_some()
            && target - n >= 2 * PIPE_BATCH
            && self.block_bulk(n).is_none()
    }

    /// Rare/common on two threads, speculating. This thread computes each
    /// heap's candidate (the rare pairs) and takes it as the heap's value at
    /// once; the other confirms, behind it, the candidates that need it
    /// (some rare values below them to find among the splits). A candidate
    /// is almost always right — a heap whose value turns out rare is as
    /// rare as its name — and when one is not, the heaps after it are
    /// computed again. Both threads do about half the work of a heap.
    ///
    /// Runs from `t.len()` to `target` or the next split check (or about
    /// the time `until`), or through the first heap that needs the usual
    /// step (a candidate at the bound: a new value). Returns a value that
    /// does not fit `T`, if one comes up.
    fn pipelined<T: Word>(&mut self, t: &mut Vec<T>, target: usize, until: Instant) -> Option<u64> {
        let n0 = t.len();
        let end = target.min(self.rc.next_check.max(n0 + 1));
        // The other thread reads the table while this one pushes: room for
        // every push now, so that the table does not move.
        t.reserve(end - n0);
        let table = TablePtr(t.as_ptr());
        let mut helper = self.take_helper();
        let before = helper.stats;
        let (batches, queue) = std::sync::mpsc::sync_channel::<Batch>(PIPE_QUEUE);
        let ((), (miss, helper)) = rayon::join(
            || self.speculate_simd(t, end, until, batches),
            move || {
                // SAFETY: see `TablePtr`.
                let miss = unsafe { helper.confirm_batches_simd(table, queue) };
                (miss, helper)
            },
        );
        self.give_back(helper, before);
        let good = miss.map_or(t.len(), |(n, _)| n);
        for (n, &x) in t.iter().enumerate().take(good).skip(n0) {
            self.record(n, x.into());
        }
        self.stats.rare_common_heaps += (good - n0) as u64;
        self.stats.pipelined_heaps += (good - n0) as u64;
        if good - n0 >= PIPE_PAYS {
            self.pipe_wait = 0;
        }
        if let Some((n, v)) = miss {
            // Each wrong candidate costs the heaps computed after it, up to
            // `PIPE_QUEUE + 1` batches: with many, one thread is faster.
            // Wait a while then (longer each time it happens again).
            if good - n0 < PIPE_PAYS {
                self.pipe_wait = (2 * self.pipe_wait).clamp(PIPE_PAYS, 1 << 24);
                self.pipe_from = n + self.pipe_wait;
            }
            // A rare value below the candidate (it fits wherever the
            // candidate did).
            t.truncate(n);
            self.stats.rare_common_heaps += 1;
            self.stats.pipeline_misses += 1;
            return self.push_value(t, v);
        }
        if t.len() < end {
            // Stopped before a candidate at the bound.
            let v = self.step(t);
            let wide = self.push_value(t, v);
            self.stats.pipeline_stops += u64::from(wide.is_none());
            return wide;
        }
        None
    }

    /// [`Self::speculate`], with AVX2 where [`Self::run`] uses it (it runs
    /// in a closure on the pool, outside [`run_avx2`]).
    fn speculate_simd<T: Word>(
        &mut self,
        t: &mut Vec<T>,
        end: usize,
        until: Instant,
        batches: SyncSender<Batch>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { speculate_avx2(self, t, end, until, batches) };
        }
        self.speculate(t, end, until, batches)
    }

    /// This thread's side of [`Self::pipelined`]: pushes each heap's
    /// candidate up to `end`, sending the heaps that need confirming in
    /// batches. Stops early when the other thread found a wrong candidate
    /// (it hangs up), before a heap whose candidate is at the bound, or
    /// after the first batch sent at or after `until`.
    #[inline(always)]
    fn speculate<T: Word>(
        &mut self,
        t: &mut Vec<T>,
        end: usize,
        until: Instant,
        batches: SyncSender<Batch>,
    ) {
        let mut batch = Batch::new();
        let mut from = t.len();
        while t.len() < end {
            let n = t.len();
            self.begin_heap(t, n);
            let (c, pending) = self.rc_candidate(t, n);
            // A candidate at the bound would be a new value (of a class
            // not known yet): the usual step decides it.
            let Some(x) = T::from_u64(c as u64).filter(|_| c < self.bound) else {
                break;
            };
            #[cfg(test)]
            if self.stop_at.contains(&n) {
                break;
            }
            if pending != 0 {
                let first = batch.targets.len();
                if self.bound > 64 {
                    batch.targets.extend_from_slice(&self.rc.targets);
                }
                batch.heaps.push(Pending {
                    n,
                    c,
                    pending,
                    targets: first..batch.targets.len(),
                });
            }
            t.push(x);
            if t.len() - from >= PIPE_BATCH {
                batch.known = t.len();
                if batches
                    .send(std::mem::replace(&mut batch, Batch::new()))
                    .is_err()
                {
                    return;
                }
                from = t.len();
                if Instant::now() >= until {
                    return;
                }
            }
        }
        batch.known = t.len();
        // (An error: the other thread already stopped.)
        let _ = batches.send(batch);
    }

    /// [`Self::confirm_batches`], with AVX2 where [`Self::run`] uses it.
    ///
    /// # Safety
    ///
    /// As for [`Self::confirm_batches`].
    unsafe fn confirm_batches_simd<T: Word>(
        &mut self,
        table: TablePtr<T>,
        queue: Receiver<Batch>,
    ) -> Option<(usize, u64)> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time;
            // the table as the caller promised.
            return unsafe { confirm_batches_avx2(self, table, queue) };
        }
        // SAFETY: as the caller promised.
        unsafe { self.confirm_batches(table, queue) }
    }

    /// The other thread's side of [`Self::pipelined`]: confirms the
    /// candidates of each batch in order and returns the first wrong one
    /// (its heap and value), hanging up on the sender.
    ///
    /// # Safety
    ///
    /// `table` must point to a table holding at least `known` values for
    /// each batch received, not written while this runs.
    #[inline(always)]
    unsafe fn confirm_batches<T: Word>(
        &mut self,
        table: TablePtr<T>,
        queue: Receiver<Batch>,
    ) -> Option<(usize, u64)> {
        loop {
            // Spin a while for the next batch (usually tens of microseconds
            // away, and waking a sleeping thread costs the sender a system
            // call), then sleep.
            let mut next = queue.try_recv();
            if matches!(next, Err(TryRecvError::Empty))
                && !spin_until(|| {
                    next = queue.try_recv();
                    !matches!(next, Err(TryRecvError::Empty))
                })
            {
                self.stats.waits_slept += 1;
                next = queue.recv().map_err(|_| TryRecvError::Disconnected);
            }
            let Ok(batch) = next else {
                return None;
            };
            // SAFETY: the caller's promise; the batch was sent after its
            // `known` values were pushed (the channel orders the two).
            let t = unsafe { std::slice::from_raw_parts(table.0, batch.known) };
            for heap in &batch.heaps {
                self.next_generation();
                self.rc.targets.clear();
                self.rc
                    .targets
                    .extend_from_slice(&batch.targets[heap.targets.clone()]);
                let v = self.rc_confirm(t, heap.n, heap.c, heap.pending);
                if v != heap.c as u64 {
                    return Some((heap.n, v));
                }
            }
        }
    }

    /// `G(n)` for `n = t.len()`.
    #[inline(always)]
    fn step<T: Word>(&mut self, t: &[T]) -> u64 {
        self.step_at(t, t.len())
    }

    /// `G(n)`, reading only `t` (which must hold every value `G(n)` reads).
    #[inline(always)]
    fn step_at<T: Word>(&mut self, t: &[T], n: usize) -> u64 {
        self.begin_heap(t, n);
        if self.rc.split.is_some() {
            self.stats.rare_common_heaps += 1;
            self.rare_common(t, n)
        } else {
            self.stats.plain_heaps += 1;
            match self.method {
                Method::Naive => self.naive(t, n),
                _ => self.plain(t, n),
            }
        }
    }

    /// Starts heap `n`: a new generation, the options through the repeating
    /// digit and those that leave at most one heap marked.
    #[inline(always)]
    fn begin_heap<T: Word>(&mut self, t: &[T], n: usize) {
        self.next_generation();
        if let Some((first, digit)) = self.moves.tail {
            if n >= first {
                self.reach_layer(t, n - first, digit);
            }
        }
        self.mark_small_moves(t, n);
    }

    /// Marks the options that leave no heap or one heap.
    #[inline(always)]
    fn mark_small_moves<T: Word>(&mut self, t: &[T], n: usize) {
        let g = self.generation;
        if self.moves.terminal.contains(&n) {
            self.stamp[0] = g;
        }
        for &k in &self.moves.single {
            if n > k {
                self.stamp[t[n - k].index()] = g;
            }
        }
    }

    /// Adds to the cumulative set what the repeating digit reaches from a
    /// heap `n` but not from `n − 1`: the options of removing `n − m`.
    #[inline(never)]
    fn reach_layer<T: Word>(&mut self, t: &[T], m: usize, digit: u8) {
        if digit & LEAVE_NONE != 0 {
            self.reach[0] = true;
        }
        if digit & LEAVE_ONE != 0 && m >= 1 {
            self.reach[t[m].index()] = true;
        }
        if digit & LEAVE_TWO != 0 {
            for a in 1..=self.moves.half(m) {
                self.reach[(t[a] ^ t[m - a]).index()] = true;
            }
        }
        if digit & LEAVE_THREE != 0 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    self.reach[(t[a] ^ t[b] ^ t[m - a - b]).index()] = true;
                }
            }
        }
    }

    /// The least value neither marked for this heap nor reachable.
    #[inline(always)]
    fn mex(&self) -> usize {
        let g = self.generation;
        (0..=self.bound)
            .find(|&v| self.stamp[v] != g && !self.reach[v])
            .unwrap_or(self.bound)
    }

    /// The definition: mark every option, take the mex.
    #[inline(always)]
    fn naive<T: Word>(&mut self, t: &[T], n: usize) -> u64 {
        let g = self.generation;
        for &k in &self.moves.pairs {
            if n >= k + 2 {
                let m = n - k;
                for a in 1..=self.moves.half(m) {
                    self.stamp[(t[a] ^ t[m - a]).index()] = g;
                }
            }
        }
        for &k in &self.moves.triples {
            if n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        self.stamp[(t[a] ^ t[b] ^ t[m - a - b]).index()] = g;
                    }
                }
            }
        }
        self.mex() as u64
    }

    /// Marks the first `budget` two-heap splits of `n` (over all classes,
    /// in order), recording in `marked` how far each class got. With
    /// `confirm`, stops as soon as every value in `rc.targets` is marked and
    /// returns whether that happened.
    #[inline(always)]
    fn mark_prefix<T: Word>(
        &mut self,
        t: &[T],
        n: usize,
        mut budget: usize,
        confirm: bool,
    ) -> bool {
        let g = self.generation;
        let mut buf = [T::default(); CHUNK];
        let mut done = false;
        let stamp = &mut self.stamp[..];
        let targets = &mut self.rc.targets;
        for (ci, &k) in self.moves.pairs.iter().enumerate() {
            self.marked[ci] = 0;
            if n < k + 2 || budget == 0 || done {
                continue;
            }
            let m = n - k;
            let hi = self.moves.half(m);
            let mut lo = 1;
            while lo <= hi && budget > 0 {
                let len = (hi - lo + 1).min(CHUNK).min(budget);
                if len == CHUNK {
                    xor_chunk(t, m, lo, &mut buf);
                } else {
                    xor_pairs(t, m, lo, &mut buf[..len]);
                }
                for x in &buf[..len] {
                    stamp[x.index()] = g;
                }
                lo += len;
                budget -= len;
                if confirm {
                    targets.retain(|&v| stamp[v] != g);
                    if targets.is_empty() {
                        done = true;
                        break;
                    }
                }
            }
            self.marked[ci] = lo - 1;
        }
        done
    }

    /// Mark a prefix of the splits, then test mex candidates by search.
    ///
    /// The search moves a frontier: when the candidate turns up, every
    /// split up to the chunk where it did is marked, so no split is marked
    /// twice and each later candidate is searched for only beyond the
    /// frontier. The candidate never found costs one vectorized pass.
    #[inline(always)]
    fn plain<T: Word>(&mut self, t: &[T], n: usize) -> u64 {
        let g = self.generation;
        self.mark_prefix(t, n, (2 * self.bound).max(PREFIX), false);
        'candidates: loop {
            let c = self.mex();
            if c >= self.bound {
                // No option value reaches the bound.
                return c as u64;
            }
            let Some(target) = T::from_u64(c as u64) else {
                return c as u64;
            };
            for ci in 0..self.moves.pairs.len() {
                let Some((m, lo, hi)) = self.unmarked(n, ci) else {
                    continue;
                };
                if let Some(end) = first_chunk_with(t, m, lo, hi, target) {
                    mark_range(t, m, lo, end, &mut self.stamp, g);
                    self.marked[ci] = end;
                    self.stats.plain_marked += (end + 1 - lo) as u64;
                    self.stats.plain_scanned += (end + 1 - lo) as u64;
                    continue 'candidates;
                }
                self.stats.plain_scanned += (hi + 1).saturating_sub(lo) as u64;
            }
            if self.some_triple_is_worth(t, n, target) {
                self.stamp[c] = g;
                continue;
            }
            return c as u64;
        }
    }

    /// For the two-heap class `ci` of heap `n` (if it has splits): the sum
    /// `m` of the two heaps and the splits `a + (m − a)`, `lo ≤ a ≤ hi`, not
    /// marked yet (none when `lo > hi`).
    #[inline(always)]
    fn unmarked(&self, n: usize, ci: usize) -> Option<(usize, usize, usize)> {
        let k = self.moves.pairs[ci];
        let m = n.checked_sub(k).filter(|&m| m >= 2)?;
        Some((m, self.marked[ci] + 1, self.moves.half(m)))
    }

    /// Whether a three-heap split of `n` has value `target`.
    #[inline(always)]
    fn some_triple_is_worth<T: Word>(&self, t: &[T], n: usize, target: T) -> bool {
        for &k in &self.moves.triples {
            if n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    if pairs_contain(t, m - a, a, (m - a) / 2, target ^ t[a]) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether a two-heap split of `n` beyond the marked prefix, or a
    /// three-heap split, has value `target`.
    #[inline(always)]
    fn split_beyond_prefix_is_worth<T: Word>(&mut self, t: &[T], n: usize, target: T) -> bool {
        self.stats.searches += 1;
        for ci in 0..self.moves.pairs.len() {
            let Some((m, lo, hi)) = self.unmarked(n, ci) else {
                continue;
            };
            if let Some(end) = first_chunk_with(t, m, lo, hi, target) {
                self.stats.searched_pairs += (end + 1 - lo) as u64;
                return true;
            }
            self.stats.searched_pairs += (hi + 1).saturating_sub(lo) as u64;
        }
        self.some_triple_is_worth(t, n, target)
    }

    /// The rare/common method (module docs) for heap `n`, begun.
    #[inline(always)]
    fn rare_common<T: Word>(&mut self, t: &[T], n: usize) -> u64 {
        let (c, pending) = self.rc_candidate(t, n);
        if pending == 0 {
            return c as u64;
        }
        self.rc_confirm(t, n, c, pending)
    }

    /// The candidate for `G(n)` (heap `n` begun) and what is left to
    /// confirm, none if `0`: with the bound at most 64 the rare values as
    /// bits (register bitsets pay off for the smallest values only: `u128`
    /// shifts cost more than stamp stores), else `1`, the values being in
    /// `rc.targets`.
    #[inline(always)]
    fn rc_candidate<T: Word>(&mut self, t: &[T], n: usize) -> (usize, u64) {
        if self.bound <= 64 {
            return self.candidate_bits::<T, u64>(t, n);
        }
        self.mark_rare_pairs(t, n, 0..0);
        let c = self.candidate(n, [&[], &[]]);
        (c, u64::from(!self.rc.targets.is_empty()))
    }

    /// `G(n)` from [`Self::rc_candidate`]'s answer (`pending` not `0`).
    #[inline(always)]
    fn rc_confirm<T: Word>(&mut self, t: &[T], n: usize, c: usize, pending: u64) -> u64 {
        if self.bound <= 64 {
            self.confirm_bits(t, n, c, pending)
        } else {
            self.confirm(t, n, c, false)
        }
    }

    /// Marks the values of the pairs (rare heap, other heap) of `n`, except
    /// those whose rare heap has its index in `skip` (marked elsewhere).
    #[inline(always)]
    fn mark_rare_pairs<T: Word>(&mut self, t: &[T], n: usize, skip_bulk: std::ops::Range<usize>) {
        let g = self.generation;
        let rare = &self.rc.rare;
        let values = &self.rc.rare_values;
        // Rare/common runs only with values below 2^16: a fixed-size view
        // lets masked indices go unchecked.
        let Some(stamp) = self.stamp.first_chunk_mut::<{ 1 << MAX_SPLIT_BITS }>() else {
            return;
        };
        self.rc.cuts.resize(self.moves.pairs.len(), 0);
        for (&k, cut) in self.moves.pairs.iter().zip(self.rc.cuts.iter_mut()) {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            while *cut < rare.len() && (rare[*cut] as usize) < m {
                *cut += 1;
            }
            let cut = *cut;
            // With unequal splits, skip r = m/2 (it would pair with itself).
            let skip = if self.moves.unequal && m.is_multiple_of(2) {
                rare[..cut].binary_search(&((m / 2) as u32)).ok()
            } else {
                None
            };
            let window = &t[..m];
            for range in ranges_without(0..cut, skip, &skip_bulk) {
                self.stats.rare_pairs += range.len() as u64;
                for (&r, &v) in rare[range.clone()].iter().zip(&values[range]) {
                    let x = usize::from(v) ^ window[m - r as usize].index();
                    stamp[x & ((1 << MAX_SPLIT_BITS) - 1)] = g;
                }
            }
        }
    }

    /// The rare heaps (as a range of the rare list) whose pairs a block of
    /// heaps from `n0` can mark ahead, when the block step applies: worker
    /// threads, rare/common with stamps, heaps far enough from 0.
    #[inline(always)]
    fn block_bulk(&self, n0: usize) -> Option<std::ops::Range<usize>> {
        self.bulk_for(n0, BLOCK, n0)
    }

    /// The rare heaps whose pairs with every heap of a block from `n0` can
    /// be marked from the values below `known`, when the confirmation
    /// splits marked ahead start at `first` (so every split with a smaller
    /// part below `first` is left to finishing the heap).
    #[inline(always)]
    fn bulk_for(&self, n0: usize, first: usize, known: usize) -> Option<std::ops::Range<usize>> {
        if self.rc.split.is_none()
            || self.bound <= 32
            || self.bound > 1 << 16
            || n0 < 4 * (first + self.block_prefix)
        {
            return None;
        }
        let kmin = *self.moves.pairs.iter().min()?;
        let kmax = *self.moves.pairs.iter().max()?;
        // Bulk rare heaps are known (r < known), and so are their partners:
        // heap n0 + j (j < BLOCK) pairs r with n0 + j - k - r, below
        // n0 + BLOCK - first when r >= first - kmin (callers pass a `known`
        // at least that). Every heap of the block pairs with them:
        // r < n0 - kmax.
        let lo = first.saturating_sub(kmin).max(1);
        let hi = n0.checked_sub(kmax)?.min(known);
        let rare = &self.rc.rare;
        let bulk = rare.partition_point(|&r| (r as usize) < lo)
            ..rare.partition_point(|&r| (r as usize) < hi);
        // With few rare heaps the usual step is cheaper than the block's
        // fixed prefix of confirmation splits.
        (bulk.len() >= MIN_BULK).then_some(bulk)
    }

    /// Heaps in a block from `n0`: fewer when the values are large, so
    /// that the rows stay in the L1 cache (each split stores to a
    /// different row).
    fn block_heaps(n0: usize, target: usize, width: usize) -> usize {
        BLOCK.min(target - n0).min((BLOCK_ROW_BYTES / width).max(8))
    }

    /// Rare/common for a block of heaps. Every split of a heap of the block
    /// whose two parts lie before the block — pairs with a "bulk" rare heap,
    /// and the confirmation splits `a + (m − a)` with
    /// `BLOCK ≤ a < BLOCK + prefix` — is flagged ahead for all heaps
    /// at once ([`BlockJob`]). For a fixed rare heap (or `a`), the partners
    /// of consecutive heaps are consecutive in the table: contiguous loads,
    /// one flag store per pair. Then each heap is finished in order
    /// ([`Self::finish_block`]).
    ///
    /// With two threads, the flags of the next block are filled while this
    /// one is finished (see [`Self::finish_block_and_fill_next`]).
    /// Returns a value that does not fit `T`, if one comes up.
    #[inline(always)]
    fn rare_common_block<T: Word>(
        &mut self,
        t: &mut Vec<T>,
        target: usize,
        bulk: std::ops::Range<usize>,
    ) -> Option<u64> {
        let n0 = t.len();
        // Rows of a power-of-two width above every value, so that a flag's
        // index needs no bounds check (see [`BlockJob::fill`]).
        let width = self.bound.next_power_of_two().max(64);
        let epoch = self.stats.split_changes;
        let ahead = self
            .blocks
            .ahead
            .take()
            .filter(|a| a.n0 == n0 && a.width == width && a.epoch == epoch);
        let block = match ahead {
            Some(block) => block,
            None => {
                let heaps = Self::block_heaps(n0, target, width);
                let mut bits = std::mem::take(&mut self.blocks.spare_bits);
                bits.clear();
                bits.resize(2 * heaps * width / 64, 0);
                let job = BlockJob {
                    table: &t[..],
                    n0,
                    heaps,
                    rare: &self.rc.rare[bulk.clone()],
                    values: &self.rc.rare_values[bulk.clone()],
                    pairs: &self.moves.pairs,
                    unequal: self.moves.unequal,
                    first: BLOCK,
                    items: 0..bulk.len() + self.block_prefix,
                    width,
                };
                job.fill(&mut self.blocks.rows, &mut bits[..heaps * width / 64]);
                Ahead {
                    n0,
                    heaps,
                    width,
                    first: BLOCK,
                    prefix: self.block_prefix,
                    bulk,
                    epoch,
                    bits,
                }
            }
        };
        let b = block.heaps;
        let classes = self.moves.pairs.len() as u64;
        self.stats.rare_pairs += b as u64 * block.bulk.len() as u64 * classes;
        self.stats.confirm_pairs += (b * block.prefix) as u64 * classes;
        let searched_before = self.stats.searched_pairs;
        let next = if n0 + b < target && self.two_threads(n0).is_some() {
            self.bulk_for(n0 + b, 2 * BLOCK, n0)
        } else {
            None
        };
        let result = match next {
            None => self.finish_block_simd(t, &block),
            Some(bulk) => self.finish_block_and_fill_next(t, &block, target, bulk),
        };
        self.blocks.spare_bits = block.bits;
        // A longer prefix confirms more rare values by marking, leaving
        // fewer to search for one by one; marking a split costs about ten
        // times as much as looking at it in a search. Double the prefix
        // while the searches after it cost more than it, halve it while they
        // cost less than a quarter of it. Where heaps go on to mark many
        // more splits one by one (dense games: hundreds of rare values to
        // confirm), the prefix takes that marking over, up to a larger cap:
        // the prefix runs on every thread, the rest one heap at a time.
        let marked_after = self.block_marked_after / b;
        let searching =
            SEARCH_WEIGHT * (self.stats.searched_pairs - searched_before) as f64 / b as f64;
        let marking = self.block_prefix as f64;
        let dense = marked_after > self.block_prefix / 2;
        let cap = if dense {
            MAX_DENSE_BLOCK_PREFIX
        } else {
            MAX_BLOCK_PREFIX
        };
        if (searching > marking || dense) && self.block_prefix < cap {
            self.block_prefix *= 2;
        } else if 4.0 * searching < marking {
            self.block_prefix = (self.block_prefix / 2).max(256);
        }
        self.block_marked_after = 0;
        result
    }

    /// [`Self::finish_block`] for `block` on this thread while the flags of
    /// the next block, pairing the rare heaps `bulk`, are filled: on the
    /// other thread, and for a share of the splits on this one once its
    /// block is done (the shares are adapted block by block so that the
    /// two threads finish together). The next block is left in
    /// `self.blocks.ahead`.
    ///
    /// The next block's flags may read only values below this block: its
    /// confirmation splits marked ahead start at `2 × BLOCK` (the block
    /// has at most `BLOCK` heaps), and the rare heaps it pairs ahead lie
    /// below this block.
    fn finish_block_and_fill_next<T: Word>(
        &mut self,
        t: &mut Vec<T>,
        block: &Ahead,
        target: usize,
        bulk: std::ops::Range<usize>,
    ) -> Option<u64> {
        let n0 = block.n0;
        let n1 = n0 + block.heaps;
        let width = block.width;
        let heaps = Self::block_heaps(n1, target, width);
        // The other thread reads copies: this one appends to the originals.
        let epoch = self.stats.split_changes;
        let mut shared = std::mem::take(&mut self.blocks.shared);
        if shared.epoch != epoch || shared.rare.len() > self.rc.rare.len() {
            shared.rare.clear();
            shared.values.clear();
            shared.epoch = epoch;
        }
        shared
            .rare
            .extend_from_slice(&self.rc.rare[shared.rare.len()..]);
        shared
            .values
            .extend_from_slice(&self.rc.rare_values[shared.values.len()..]);
        if shared.pairs != self.moves.pairs {
            shared.pairs.clone_from(&self.moves.pairs);
        }
        // Flags as two halves: the other thread's share, then this one's.
        let mut bits = std::mem::take(&mut self.blocks.spare_bits);
        bits.clear();
        bits.resize(2 * heaps * width / 64, 0);
        let (theirs, mine) = bits.split_at_mut(heaps * width / 64);
        // This block's values are pushed while the other thread reads the
        // table: room for them now, so that the table does not move.
        t.reserve(block.heaps);
        // SAFETY: the table holds `n0` values and does not move while
        // `before` lives (room for every push of the block was reserved
        // above, and nothing else changes its capacity); the values below
        // `n0` are not written while it lives (this thread only pushes).
        let before: &[T] = unsafe { std::slice::from_raw_parts(t.as_ptr(), n0) };
        let items = bulk.len() + self.block_prefix;
        let share = self.blocks.helper_share.min(items);
        let job = BlockJob {
            table: before,
            n0: n1,
            heaps,
            rare: &shared.rare[bulk.clone()],
            values: &shared.values[bulk.clone()],
            pairs: &shared.pairs,
            unequal: self.moves.unequal,
            first: 2 * BLOCK,
            items: share..items,
            width,
        };
        // The other thread gets its own copies of all it touches (anything
        // it writes, or reads often, in this thread's cache lines would
        // slow both down).
        let helper_job = BlockJob {
            items: 0..share,
            ..job.clone()
        };
        let mut rows = std::mem::take(&mut self.blocks.rows);
        let helper_rows = std::mem::take(&mut self.blocks.helper_rows);
        let done = Apart(Signal::default());
        let done = &done;
        let (result, (helper_waited, helper_rows)) = rayon::join(
            || {
                // Set when this closure ends, even by a panic (the other
                // thread waits for it).
                let _done = SetOnDrop(&done.0);
                let result = self.finish_block_simd(t, block);
                // This thread's share of the next block (unless this block
                // was cut short).
                if t.len() == n1 {
                    job.fill(&mut rows, mine);
                }
                result
            },
            move || {
                let mut helper_rows = helper_rows;
                helper_job.fill(&mut helper_rows, theirs);
                // Waiting here keeps this thread awake for the next block (an
                // idle pool thread falls asleep, and waking it costs about
                // as much as a block's fill) — for a while: if this thread
                // is kept waiting long, the other is off the CPU, and needs
                // the core this one would spin on.
                (done.0.wait(), helper_rows)
            },
        );
        self.stats.waits_slept += u64::from(helper_waited == Waited::Slept);
        // Balance: the thread that waited takes a larger share next time.
        let step = (items / 64).max(1);
        self.blocks.helper_share = if helper_waited != Waited::No {
            share + step
        } else {
            share.saturating_sub(step)
        };
        self.blocks.shared = shared;
        self.blocks.rows = rows;
        self.blocks.helper_rows = helper_rows;
        let prefix = self.block_prefix;
        // (A block cut short leaves the next one half filled.)
        let complete = t.len() == n1;
        self.stats.blocks_ahead += u64::from(complete);
        self.blocks.ahead = complete.then_some(Ahead {
            n0: n1,
            heaps,
            width,
            first: 2 * BLOCK,
            prefix,
            bulk,
            epoch,
            bits,
        });
        result
    }

    /// [`Self::finish_block`], with AVX2 where [`Self::run`] uses it (this
    /// runs in a closure on the pool when blocks are filled ahead, outside
    /// [`run_avx2`]).
    fn finish_block_simd<T: Word>(&mut self, t: &mut Vec<T>, block: &Ahead) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { finish_block_avx2(self, t, block) };
        }
        self.finish_block(t, block)
    }

    /// Finishes each heap of `block` in order, its flags filled: the
    /// remaining rare pairs, the splits below the first one flagged, and
    /// [`Self::finish_rare_common`]. Stops early when the split is left.
    /// Returns a value that does not fit `T`, if one comes up.
    #[inline(always)]
    fn finish_block<T: Word>(&mut self, t: &mut Vec<T>, block: &Ahead) -> Option<u64> {
        let words = block.width / 64;
        let (first_half, second_half) = block.bits.split_at(block.bits.len() / 2);
        for j in 0..block.heaps {
            let n = t.len();
            let rows = [
                &first_half[j * words..(j + 1) * words],
                &second_half[j * words..(j + 1) * words],
            ];
            let g = self.next_generation();
            self.mark_small_moves(t, n);
            self.mark_rare_pairs(t, n, block.bulk.clone());
            // The first splits, whose larger parts lie in the block (or,
            // filled ahead, in the block before it).
            for ci in 0..self.moves.pairs.len() {
                let m = n - self.moves.pairs[ci];
                let end = block.first - 1;
                mark_range(t, m, 1, end, &mut self.stamp, g);
                self.marked[ci] = block.first + block.prefix - 1;
                self.stats.confirm_pairs += end as u64;
            }
            let v = self.finish_rare_common(t, n, rows, true);
            self.stats.rare_common_heaps += 1;
            match T::from_u64(v) {
                Some(x) => t.push(x),
                None => return Some(v),
            }
            self.record(n, v);
            if self.rc.split.is_none() {
                // A value too wide for any split: back to single steps.
                break;
            }
        }
        None
    }

    /// The rest of the rare/common method once every pair with a rare heap
    /// is marked (in the stamp table, or as a bit in either of `rows`, the
    /// block step's flags): the candidate, then the rare values below it. With
    /// `prefix_marked`, the first splits of every class are marked already
    /// (up to `marked`), so confirmation goes straight to searching.
    #[inline(always)]
    fn finish_rare_common<T: Word>(
        &mut self,
        t: &[T],
        n: usize,
        rows: [&[u64]; 2],
        prefix_marked: bool,
    ) -> u64 {
        let c = self.candidate(n, rows);
        if self.rc.targets.is_empty() {
            return c as u64;
        }
        self.confirm(t, n, c, prefix_marked)
    }

    /// The candidate for `G(n)` in rare/common: the least common value not
    /// seen yet (stamped this generation or flagged in `rows`); the rare
    /// values below it not seen yet go to `rc.targets`.
    #[inline(always)]
    fn candidate(&mut self, n: usize, rows: [&[u64]; 2]) -> usize {
        let g = self.generation;
        // The candidate, and the rare values below it still to confirm
        // (every split class has `m` of the same parity): 64 values at a
        // time, as bits.
        let parity = self
            .moves
            .pairs
            .first()
            .map_or(0, |&k| n.wrapping_sub(k) & 1);
        let mut c = self.bound + 1;
        let targets = &mut self.rc.targets;
        targets.clear();
        let words = self.rc.common_words[parity]
            .iter()
            .zip(&self.rc.rare_words[parity]);
        for (w, (&common, &rare)) in words.enumerate() {
            let unseen = !seen_word(&self.stamp, g, rows, 64 * w);
            let common = common & unseen;
            let mut rare = rare & unseen;
            if common != 0 {
                let i = common.trailing_zeros();
                c = 64 * w + i as usize;
                rare &= (1 << i) - 1;
            }
            while rare != 0 {
                targets.push(64 * w + rare.trailing_zeros() as usize);
                rare &= rare - 1;
            }
            if common != 0 {
                break;
            }
        }
        c
    }

    /// `G(n)` from its candidate `c` and the rare values below it still to
    /// confirm (`rc.targets`, not empty): the least of them that no split
    /// reaches, or `c` if splits reach them all.
    #[inline(always)]
    fn confirm<T: Word>(&mut self, t: &[T], n: usize, c: usize, prefix_marked: bool) -> u64 {
        let g = self.generation;
        // Confirm them: mark the first splits until all are seen ...
        if !prefix_marked {
            let all_seen = self.mark_prefix(t, n, CONFIRM_MARKED, true);
            self.stats.confirm_pairs += self.marked.iter().sum::<usize>() as u64;
            if all_seen {
                return c as u64;
            }
        }
        // ... then mark further while many are left (a search costs far
        // less per split than a mark, but one search per value adds up) ...
        let mut targets = std::mem::take(&mut self.rc.targets);
        self.mark_until_few(t, n, &mut targets);
        // ... and search for each one left, smallest first.
        let mut answer = c as u64;
        for &v in &targets {
            if self.stamp[v] != g {
                let found = T::from_u64(v as u64)
                    .is_some_and(|x| self.split_beyond_prefix_is_worth(t, n, x));
                if !found {
                    answer = v as u64;
                    break;
                }
            }
        }
        self.rc.targets = targets;
        answer
    }

    /// Marks the two-heap splits of `n` beyond those marked already, a
    /// stretch of [`MARK_STEP`] per class at a time, until at most
    /// [`FEW_TARGETS`] values of `targets` are unseen (those seen are
    /// dropped) or every split is marked.
    #[inline(always)]
    fn mark_until_few<T: Word>(&mut self, t: &[T], n: usize, targets: &mut Vec<usize>) {
        let g = self.generation;
        loop {
            let stamp = &self.stamp;
            targets.retain(|&v| stamp[v] != g);
            if targets.len() <= FEW_TARGETS {
                return;
            }
            let mut more = false;
            for ci in 0..self.moves.pairs.len() {
                let Some((m, lo, hi)) = self.unmarked(n, ci).filter(|&(_, lo, hi)| lo <= hi) else {
                    continue;
                };
                let end = (lo + MARK_STEP - 1).min(hi);
                mark_range(t, m, lo, end, &mut self.stamp, g);
                self.stats.confirm_pairs += (end + 1 - lo) as u64;
                self.block_marked_after += end + 1 - lo;
                self.marked[ci] = end;
                more = true;
            }
            if !more {
                return;
            }
        }
    }

    /// [`Self::candidate`] for small values (bound ≤ 64, one `u64`): the
    /// option values seen live in a register bitset instead of the stamp
    /// table. Returns the candidate and the rare values below it still to
    /// confirm, as bits.
    #[inline(always)]
    fn candidate_bits<T: Word, B: Bits>(&mut self, t: &[T], n: usize) -> (usize, B) {
        let mut seen = B::ZERO;
        if self.moves.terminal.contains(&n) {
            seen = seen | B::bit(0);
        }
        for &k in &self.moves.single {
            if n > k {
                seen = seen | B::bit(t[n - k].index());
            }
        }
        let rare = &self.rc.rare;
        let values = &self.rc.rare_values;
        self.rc.cuts.resize(self.moves.pairs.len(), 0);
        for (&k, cut) in self.moves.pairs.iter().zip(self.rc.cuts.iter_mut()) {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            while *cut < rare.len() && (rare[*cut] as usize) < m {
                *cut += 1;
            }
            let cut = *cut;
            let skip = if self.moves.unequal && m.is_multiple_of(2) {
                rare[..cut].binary_search(&((m / 2) as u32)).ok()
            } else {
                None
            };
            let (head, tail) = match skip {
                Some(i) => ((0..i), (i + 1..cut)),
                None => ((0..cut), (cut..cut)),
            };
            let window = &t[..m];
            for range in [head, tail] {
                self.stats.rare_pairs += range.len() as u64;
                // Two accumulators: the OR chains run side by side.
                let (mut a, mut b) = (B::ZERO, B::ZERO);
                let pairs = rare[range.clone()]
                    .chunks_exact(2)
                    .zip(values[range.clone()].chunks_exact(2));
                for (r, v) in pairs {
                    a = a | B::bit(usize::from(v[0]) ^ window[m - r[0] as usize].index());
                    b = b | B::bit(usize::from(v[1]) ^ window[m - r[1] as usize].index());
                }
                if range.len() % 2 == 1 {
                    let i = range.end - 1;
                    a = a | B::bit(usize::from(values[i]) ^ window[m - rare[i] as usize].index());
                }
                seen = seen | a | b;
            }
        }
        let parity = self
            .moves
            .pairs
            .first()
            .map_or(0, |&k| n.wrapping_sub(k) & 1);
        let free = B::from_u128(self.rc.common_bits[parity]) & !seen;
        let (c, below) = match free.lowest() {
            Some(c) => (c, B::below(c)),
            // Every common value the set can hold is an option. No option
            // reaches the bound (at most the width of `B`), so the mex is at
            // most there: the candidate is the bound + 1, or the width if
            // that is less (then `below` is every bit).
            None => {
                let c = (self.bound + 1).min(B::WIDTH);
                (c, B::below(c))
            }
        };
        let targets = B::from_u128(self.rc.rare_bits[parity]) & !seen & below;
        (c, targets)
    }

    /// [`Self::confirm`] for small values, the targets as bits.
    #[inline(always)]
    fn confirm_bits<T: Word, B: Bits>(&mut self, t: &[T], n: usize, c: usize, targets: B) -> u64 {
        // Confirm: accumulate the first splits' values until the targets
        // are all seen ...
        let mut budget = CONFIRM_MARKED;
        let mut acc = B::ZERO;
        let mut buf = [T::default(); CHUNK];
        let mut done = false;
        for (ci, &k) in self.moves.pairs.iter().enumerate() {
            self.marked[ci] = 0;
            if n < k + 2 || budget == 0 || done {
                continue;
            }
            let m = n - k;
            let hi = self.moves.half(m);
            let mut lo = 1;
            while lo <= hi && budget > 0 {
                let len = (hi - lo + 1).min(CHUNK).min(budget);
                if len == CHUNK {
                    xor_chunk(t, m, lo, &mut buf);
                } else {
                    xor_pairs(t, m, lo, &mut buf[..len]);
                }
                let (mut a, mut b) = (B::ZERO, B::ZERO);
                for x in buf[..len].chunks_exact(2) {
                    a = a | B::bit(x[0].index());
                    b = b | B::bit(x[1].index());
                }
                if len % 2 == 1 {
                    a = a | B::bit(buf[len - 1].index());
                }
                acc = acc | a | b;
                self.stats.confirm_pairs += len as u64;
                lo += len;
                budget -= len;
                if targets & !acc == B::ZERO {
                    done = true;
                    break;
                }
            }
            self.marked[ci] = lo - 1;
        }
        if done {
            return c as u64;
        }
        // ... then search for each one left, smallest first.
        let mut left = targets & !acc;
        while let Some(v) = left.lowest() {
            let found =
                T::from_u64(v as u64).is_some_and(|x| self.split_beyond_prefix_is_worth(t, n, x));
            if !found {
                return v as u64;
            }
            left = left & !B::bit(v);
        }
        c as u64
    }

    /// Bookkeeping after `G(n) = v` is known.
    #[inline(always)]
    fn record(&mut self, n: usize, v: u64) {
        if v >= self.bound as u64 {
            self.grow_bound(v);
        }
        if n == 0 {
            return;
        }
        if v < 1 << MAX_SPLIT_BITS {
            let (i, counts) = (v as usize, &mut self.counts[n & 1]);
            if counts.len() <= i {
                counts.resize(i + 1, 0);
            }
            counts[i] += 1;
        }
        if let Some(split) = self.rc.split {
            if split.is_rare(n as u64, v) {
                match u16::try_from(v) {
                    Ok(x) if n < u32::MAX as usize => {
                        self.rc.rare.push(n as u32);
                        self.rc.rare_values.push(x);
                    }
                    _ => self.leave_rare_common(),
                }
            }
        }
    }

    #[cold]
    fn grow_bound(&mut self, v: u64) {
        let bound = usize::try_from(v)
            .ok()
            .and_then(|v| v.checked_add(1))
            .and_then(usize::checked_next_power_of_two)
            .unwrap_or(usize::MAX / 2);
        self.bound = self.bound.max(bound);
        // A fresh zeroed table (the stamps of past heaps do not matter):
        // zeroed allocations come from untouched pages, so only the entries
        // actually used cost memory.
        let len = (self.bound + 2).max(1 << MAX_SPLIT_BITS);
        if self.stamp.len() < len {
            self.stamp = vec![0; len];
            self.generation = 0;
        }
        self.reach.resize(self.bound + 2, false);
        if self.bound > 1 << MAX_SPLIT_BITS {
            self.leave_rare_common();
        }
        self.value_lists();
    }

    /// The common values below the bound and the rare ones up to it, in
    /// increasing order, for the split in use.
    fn value_lists(&mut self) {
        for parity in 0..2 {
            self.rc.common_words[parity].clear();
            self.rc.rare_words[parity].clear();
            self.rc.common_bits[parity] = 0;
            self.rc.rare_bits[parity] = 0;
            if let Some(split) = self.rc.split {
                // (Only with a split: the bound is at most 2^16 then.)
                let words = (self.bound + 1).div_ceil(64);
                self.rc.common_words[parity].resize(words, 0);
                self.rc.rare_words[parity].resize(words, 0);
                // The bound itself is never an option value: it belongs to
                // its class like any other absent value.
                for v in 0..=self.bound as u32 {
                    let (words, bits) = if split.needs_rare(parity as u64, u64::from(v)) {
                        (
                            &mut self.rc.common_words[parity],
                            &mut self.rc.common_bits[parity],
                        )
                    } else {
                        (
                            &mut self.rc.rare_words[parity],
                            &mut self.rc.rare_bits[parity],
                        )
                    };
                    words[v as usize / 64] |= 1 << (v % 64);
                    if v < 128 {
                        *bits |= 1 << v;
                    }
                }
            }
        }
    }

    #[cold]
    fn leave_rare_common(&mut self) {
        if self.rc.split.take().is_some() {
            self.stats.split_changes += 1;
        }
        self.rc.rare = Vec::new();
        self.rc.rare_values = Vec::new();
        self.rc.cuts.clear();
    }

    /// Re-decides between rare/common (with which split) and plain.
    ///
    /// Cost model per heap and split class: plain marks or scans about
    /// `n/2` pairs; rare/common visits every rare heap and confirms the
    /// rare values, about `2 × bound` pairs. Rare/common is used when it is
    /// clearly cheaper.
    #[cold]
    #[inline(never)]
    fn check_split<T: Word>(&mut self, t: &[T]) {
        let n = t.len();
        self.rc.next_check = n + (n / 4).max(256);
        if self.method != Method::Auto || !self.moves.rare_common_applies() {
            return;
        }
        self.stats.split_checks += 1;
        let bound = self.bound as u64;
        // What the last stretch cost.
        let (before, n_before) = self.costs.at_check;
        let now = self.stats;
        let half_n = (n + n_before) as f64 / 4.0;
        let plain_heaps = now.plain_heaps - before.plain_heaps;
        if plain_heaps >= 128 {
            let work = (now.plain_marked - before.plain_marked) as f64
                + SEARCH_WEIGHT * (now.plain_scanned - before.plain_scanned) as f64;
            self.costs.plain_per_half_n = work / plain_heaps as f64 / half_n;
        }
        let rc_heaps = now.rare_common_heaps - before.rare_common_heaps;
        if rc_heaps >= 128 {
            let work = (now.confirm_pairs - before.confirm_pairs) as f64
                + SEARCH_WEIGHT * (now.searched_pairs - before.searched_pairs) as f64;
            self.costs.confirm_per_heap = Some(work / rc_heaps as f64);
        }
        self.costs.at_check = (now, n);
        // A twisted split needs every split class to see sums of one
        // parity, `k0` (mod 2) from the heap; the heap's value then falls in
        // the class found through rare heaps when heap x is rare iff
        // popcount(G(x) & mask) ≡ (x − k0) (mod 2).
        let k0 = self.moves.pairs.first().is_some_and(|&k| k & 1 == 1);
        let one_parity = self.moves.pairs.windows(2).all(|w| (w[1] - w[0]) % 2 == 0);
        let twist = [[k0, !k0]];
        let twists: &[[bool; 2]] = if one_parity { &twist } else { &[] };
        let plain = self.costs.plain_per_half_n * n as f64 / 2.0;
        let confirm = self.costs.confirm_per_heap.unwrap_or(2.0 * bound as f64);
        let classes = self.moves.pairs.len() as f64;
        let best = best_split_by_parity(&self.counts[0], &self.counts[1], twists)
            .filter(|_| bound <= 1 << MAX_SPLIT_BITS && n < u32::MAX as usize)
            .filter(|s| 1.6 * s.rare_heaps as f64 * classes + confirm < 0.8 * plain);
        let current = self.rc.split.map(|s| (s.mask, s.rare_parity));
        match best {
            None => self.leave_rare_common(),
            Some(s) if Some((s.mask, s.rare_parity)) == current => {}
            Some(s) => {
                self.stats.split_changes += 1;
                self.rc.rare.clear();
                self.rc.rare_values.clear();
                for (h, &x) in t.iter().enumerate().skip(1) {
                    let v: u64 = x.into();
                    if s.is_rare(h as u64, v) {
                        self.rc.rare.push(h as u32);
                        self.rc.rare_values.push(v as u16);
                    }
                }
                self.rc.split = Some(s);
                self.rc.cuts.clear();
                self.value_lists();
            }
        }
        self.rc.rare_at_check = self.rc.rare.len();
    }
}

/// `range` without the indices in `bulk` and without the index `skip`.
#[inline(always)]
fn ranges_without(
    range: std::ops::Range<usize>,
    skip: Option<usize>,
    bulk: &std::ops::Range<usize>,
) -> impl Iterator<Item = std::ops::Range<usize>> {
    let (lo, hi) = (range.start, range.end);
    let pieces = [lo..bulk.start.clamp(lo, hi), bulk.end.clamp(lo, hi)..hi];
    pieces
        .into_iter()
        .flat_map(move |p| match skip {
            Some(i) if p.contains(&i) => [p.start..i, i + 1..p.end],
            _ => [p, 0..0],
        })
        .filter(|r| !r.is_empty())
}

/// A set of small values held in a register (`u64` or `u128`).
trait Bits:
    Copy
    + Eq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitAnd<Output = Self>
    + std::ops::Not<Output = Self>
{
    const ZERO: Self;
    /// The number of bits.
    const WIDTH: usize;
    /// `{x}` (`x` is masked to the width: callers keep values below it).
    fn bit(x: usize) -> Self;
    /// `{0, …, c − 1}`.
    fn below(c: usize) -> Self;
    /// The least element.
    fn lowest(self) -> Option<usize>;
    /// The low bits of a `u128`.
    fn from_u128(x: u128) -> Self;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const WIDTH: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn bit(x: usize) -> Self {
                1 << (x as u32 & (<$t>::BITS - 1))
            }
            #[inline(always)]
            fn below(c: usize) -> Self {
                if c >= <$t>::BITS as usize {
                    !0
                } else {
                    (1 << c) - 1
                }
            }
            #[inline(always)]
            fn lowest(self) -> Option<usize> {
                (self != 0).then(|| self.trailing_zeros() as usize)
            }
            #[inline(always)]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
        }
    };
}
bits!(u64);
bits!(u128);

/// Whether `G(a) ⊕ G(m − a) = target` for some `a` in `lo..=hi`
/// (`hi ≤ m − hi`). Branch-free in chunks: the compiler vectorizes the
/// inner loop, reversing the right-hand slice in registers.
#[inline(always)]
fn pairs_contain<T: Word>(t: &[T], m: usize, lo: usize, hi: usize, target: T) -> bool {
    if lo > hi {
        return false;
    }
    let left = &t[lo..=hi];
    let right = &t[m - hi..=m - lo];
    let mut chunks = left.chunks_exact(CHUNK);
    let mut rchunks = right.rchunks_exact(CHUNK);
    for (l, r) in (&mut chunks).zip(&mut rchunks) {
        let mut hit = 0u8;
        for (&x, &y) in l.iter().zip(r.iter().rev()) {
            hit |= u8::from(x ^ y == target);
        }
        if hit != 0 {
            return true;
        }
    }
    let l = chunks.remainder();
    let r = rchunks.remainder();
    l.iter().zip(r.iter().rev()).any(|(&x, &y)| x ^ y == target)
}

/// The last `a` of the first chunk (of `CHUNK` splits from `lo`) holding a
/// split `a + (m − a)`, `lo ≤ a ≤ hi`, worth `target`; `None` if none is.
#[inline(always)]
fn first_chunk_with<T: Word>(t: &[T], m: usize, lo: usize, hi: usize, target: T) -> Option<usize> {
    if lo > hi {
        return None;
    }
    let left = &t[lo..=hi];
    let right = &t[m - hi..=m - lo];
    let mut chunks = left.chunks_exact(CHUNK);
    let mut rchunks = right.rchunks_exact(CHUNK);
    let mut end = lo - 1;
    for (l, r) in (&mut chunks).zip(&mut rchunks) {
        end += CHUNK;
        let mut hit = 0u8;
        for (&x, &y) in l.iter().zip(r.iter().rev()) {
            hit |= u8::from(x ^ y == target);
        }
        if hit != 0 {
            return Some(end);
        }
    }
    let l = chunks.remainder();
    let r = rchunks.remainder();
    l.iter()
        .zip(r.iter().rev())
        .any(|(&x, &y)| x ^ y == target)
        .then_some(hi)
}

/// The first half of the block step: for a block of heaps `n0, n0 + 1, …`,
/// flag the value of the splits `items` whose two parts lie before the
/// block: per split class, items `0..rare.len()` pair a bulk rare heap,
/// item `rare.len() + i` is the confirmation split with smaller part
/// `first + i` (skipped if that part is a bulk rare heap).
#[derive(Clone)]
struct BlockJob<'a, T> {
    table: &'a [T],
    n0: usize,
    heaps: usize,
    rare: &'a [u32],
    values: &'a [u16],
    pairs: &'a [usize],
    unequal: bool,
    first: usize,
    items: std::ops::Range<usize>,
    /// Flags per heap: a power of two above every value in the table.
    width: usize,
}

impl<T: Word> BlockJob<'_, T> {
    /// Fills `bits` (`width / 64` words per heap: bit `v` set iff value
    /// `v` is flagged) through `rows`, a flag byte per value (a store per
    /// split, no read).
    fn fill(&self, rows: &mut Vec<u8>, bits: &mut [u64]) {
        match self.width {
            64 => self.fill_in::<64, { 64 + ROW_PAD }>(rows, bits),
            128 => self.fill_in::<128, { 128 + ROW_PAD }>(rows, bits),
            256 => self.fill_in::<256, { 256 + ROW_PAD }>(rows, bits),
            512 => self.fill_in::<512, { 512 + ROW_PAD }>(rows, bits),
            1024 => self.fill_in::<1024, { 1024 + ROW_PAD }>(rows, bits),
            2048 => self.fill_in::<2048, { 2048 + ROW_PAD }>(rows, bits),
            4096 => self.fill_in::<4096, { 4096 + ROW_PAD }>(rows, bits),
            8192 => self.fill_in::<8192, { 8192 + ROW_PAD }>(rows, bits),
            16384 => self.fill_in::<16384, { 16384 + ROW_PAD }>(rows, bits),
            32768 => self.fill_in::<32768, { 32768 + ROW_PAD }>(rows, bits),
            // `bulk_for` keeps the bound at most 2^16.
            _ => self.fill_in::<65536, { 65536 + ROW_PAD }>(rows, bits),
        }
    }

    /// [`Self::fill`] at width `W`, with rows `S` bytes apart (not a power
    /// of two: the same flag of every row would fall in the same few cache
    /// sets): the masked index below is the value itself and needs no
    /// bounds check. The rows are packed into bits where they were filled:
    /// the thread finishing the heaps reads 1/8 of the bytes (from another
    /// core's cache, when the other thread filled them).
    fn fill_in<const W: usize, const S: usize>(&self, rows: &mut Vec<u8>, bits: &mut [u64]) {
        rows.clear();
        rows.resize(self.heaps * S, 0);
        let rows = rows.as_chunks_mut::<S>().0;
        self.fill_rows::<W, S>(rows);
        for (row, words) in rows.iter().zip(bits.chunks_exact_mut(W / 64)) {
            for (flags, word) in row[..W].as_chunks::<64>().0.iter().zip(words) {
                *word = pack_flags(flags);
            }
        }
    }

    /// Flags this job's share of the splits in `rows` (a row per heap).
    fn fill_rows<const W: usize, const S: usize>(&self, rows: &mut [[u8; S]]) {
        let heaps = rows.len();
        // Heap n0 + j pairs `left` (value v) with its partner at
        // `start + j`: consecutive heaps, consecutive partners.
        let mark = |rows: &mut [[u8; S]], left: usize, v: usize, skip: usize| {
            let start = self.n0 - left;
            let partners = &self.table[start..start + heaps];
            mark_rows::<T, W, S>(&mut rows[..skip], &partners[..skip], v);
            mark_rows::<T, W, S>(&mut rows[skip + 1..], &partners[skip + 1..], v);
        };
        let bulk = self.rare.len();
        let rare_items = self.items.start.min(bulk)..self.items.end.min(bulk);
        let prefix_items = self.items.start.max(bulk) - bulk..self.items.end.max(bulk) - bulk;
        for &k in self.pairs {
            // The splits to mark for every heap, as (left part, its value),
            // gathered a few hundred at a time in a buffer on the stack.
            let mut buf = [(0, 0); 256];
            let mut len = 0;
            let mut add = |rows: &mut [[u8; S]], split: (usize, usize)| {
                buf[len] = split;
                len += 1;
                if len == buf.len() {
                    self.mark_splits::<W, S>(rows, &buf);
                    len = 0;
                }
            };
            let rare = self.rare[rare_items.clone()].iter();
            for (&r, &v) in rare.zip(&self.values[rare_items.clone()]) {
                let r = r as usize;
                // With unequal splits (Grundy's game), r must not pair
                // with itself: skip the heap with m = 2r.
                let itself = (2 * r + k)
                    .checked_sub(self.n0)
                    .filter(|&j| self.unequal && j < heaps);
                match itself {
                    None => add(rows, (k + r, usize::from(v))),
                    Some(j) => mark(rows, k + r, usize::from(v), j),
                }
            }
            // The prefix's rare heaps were paired above (as bulk rare heaps):
            // only its common heaps are left to mark.
            let mut rare = self.rare.iter().map(|&r| r as usize).peekable();
            let prefix = self.table.iter().enumerate().skip(self.first);
            let prefix = prefix.skip(prefix_items.start).take(prefix_items.len());
            for (a, x) in prefix {
                while rare.next_if(|&r| r < a).is_some() {}
                if rare.next_if_eq(&a).is_none() {
                    add(rows, (k + a, x.index()));
                }
            }
            self.mark_splits::<W, S>(rows, &buf[..len]);
        }
    }

    /// Marks every `(left, v)` of `splits` for every row (see
    /// [`Self::mark_group`]), four per pass over the rows: one pass's
    /// counting and addressing for four flags per row.
    #[inline(always)]
    fn mark_splits<const W: usize, const S: usize>(
        &self,
        rows: &mut [[u8; S]],
        splits: &[(usize, usize)],
    ) {
        let (groups, rest) = splits.as_chunks::<4>();
        for group in groups {
            self.mark_group::<W, S, 4>(rows, group);
        }
        for group in rest {
            self.mark_group::<W, S, 1>(rows, std::array::from_ref(group));
        }
    }

    /// `rows[j][v ⊕ G(n0 + j − left)] = 1` for every row `j` and each
    /// `(left, v)` of `splits`, in one pass over the rows.
    #[inline(always)]
    fn mark_group<const W: usize, const S: usize, const N: usize>(
        &self,
        rows: &mut [[u8; S]],
        splits: &[(usize, usize); N],
    ) {
        let heaps = rows.len();
        let partners: [&[T]; N] =
            std::array::from_fn(|q| &self.table[self.n0 - splits[q].0..][..heaps]);
        for (j, row) in rows.iter_mut().enumerate() {
            for q in 0..N {
                row[(splits[q].1 ^ partners[q][j].index()) & (W - 1)] = 1;
            }
        }
    }
}

/// Bit `i` set iff `flags[i]` is 1 (every flag is 0 or 1): the eight flags
/// of a little-endian `u64` land in order in its top byte through one
/// multiply (no flag's bit carries into another's).
#[inline(always)]
fn pack_flags(flags: &[u8; 64]) -> u64 {
    let mut bits = 0;
    for (b, eight) in flags.as_chunks::<8>().0.iter().enumerate() {
        let x = u64::from_le_bytes(*eight);
        bits |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * b);
    }
    bits
}

/// Bit `i` set iff value `base + i` is an option of the current heap: marked
/// in `stamp` (with generation `g`) or flagged in `row` (bits, as words).
#[inline(always)]
fn seen_word(stamp: &[u32], g: u32, rows: [&[u64]; 2], base: usize) -> u64 {
    let flag = |row: &[u64]| row.get(base / 64).copied().unwrap_or(0);
    let flagged = flag(rows[0]) | flag(rows[1]);
    bits_where(stamp, base, |&x| x == g) | flagged
}

/// Bit `i` set iff `xs[base + i]` exists and satisfies `hit` (a whole run of
/// 64 in one go when it lies inside `xs`: the compiler vectorizes it).
#[inline(always)]
fn bits_where<X>(xs: &[X], base: usize, hit: impl Fn(&X) -> bool) -> u64 {
    let mut bits = 0;
    match xs.get(base..base + 64) {
        Some(run) => {
            for (i, x) in run.iter().enumerate() {
                bits |= u64::from(hit(x)) << i;
            }
        }
        None => {
            for i in 0..64 {
                bits |= u64::from(xs.get(base + i).is_some_and(&hit)) << i;
            }
        }
    }
    bits
}

/// `rows[j][v ⊕ partners[j]] = 1` for every `j`: the inner loop of the block
/// step (a load, a xor and a byte store per split).
#[inline(always)]
fn mark_rows<T: Word, const W: usize, const S: usize>(
    rows: &mut [[u8; S]],
    partners: &[T],
    v: usize,
) {
    for (row, x) in rows.iter_mut().zip(partners) {
        row[(v ^ x.index()) & (W - 1)] = 1;
    }
}

/// Marks the values of the splits `a + (m − a)`, `lo ≤ a ≤ end`.
#[inline(always)]
fn mark_range<T: Word>(t: &[T], m: usize, lo: usize, end: usize, stamp: &mut [u32], g: u32) {
    let mut buf = [T::default(); CHUNK];
    let mut a = lo;
    while a <= end {
        let len = (end - a + 1).min(CHUNK);
        if len == CHUNK {
            xor_chunk(t, m, a, &mut buf);
        } else {
            xor_pairs(t, m, a, &mut buf[..len]);
        }
        for x in &buf[..len] {
            stamp[x.index()] = g;
        }
        a += len;
    }
}

/// `out[j] = G(lo + j) ⊕ G(m − lo − j)` for a full chunk: fixed length,
/// so the compiler vectorizes it.
#[inline(always)]
fn xor_chunk<T: Word>(t: &[T], m: usize, lo: usize, out: &mut [T; CHUNK]) {
    let left: &[T; CHUNK] = match t[lo..lo + CHUNK].try_into() {
        Ok(l) => l,
        Err(_) => return xor_pairs(t, m, lo, out),
    };
    let right: &[T; CHUNK] = match t[m + 1 - lo - CHUNK..=m - lo].try_into() {
        Ok(r) => r,
        Err(_) => return xor_pairs(t, m, lo, out),
    };
    for j in 0..CHUNK {
        out[j] = left[j] ^ right[CHUNK - 1 - j];
    }
}

/// `out[j] = G(lo + j) ⊕ G(m − lo − j)`.
#[inline(always)]
fn xor_pairs<T: Word>(t: &[T], m: usize, lo: usize, out: &mut [T]) {
    let len = out.len();
    let left = &t[lo..lo + len];
    let right = &t[m + 1 - lo - len..=m - lo];
    for ((o, &x), &y) in out.iter_mut().zip(left).zip(right.iter().rev()) {
        *o = x ^ y;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn every_method_agrees_with_the_generic_solvers() {
        for code in [
            "0.77", "0.07", "0.137", "0.6", "0.16", "4.07", "0.3r", "4.3r", "0.7r",
        ] {
            let g = TakeBreak::octal(code).unwrap();
            let n = if g.repeating() { 80 } else { 400 };
            let dense: Vec<u64> = DenseSolver::new(&g)
                .extend_to(n)
                .unwrap()
                .iter()
                .map(|v| v.value())
                .collect();
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
        s.core.two_or_one = TwoOrOne::fixed_for_an_hour(true);
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
        for count in [1, 2] {
            let mut s = always_two(
                TakeBreakSolver::resume(g.clone(), threads(count), table.clone()).unwrap(),
            );
            // Make the plain method look expensive: rare/common from now on.
            s.core.costs.plain_per_half_n = 1e9;
            s.extend_to(n).unwrap();
            let stats = s.stats();
            assert!(stats.rare_common_heaps > 9000, "{stats:?}");
            assert!(stats.searches > 0 && stats.confirm_pairs > 0, "{stats:?}");
            assert_eq!(stats.blocks_ahead > 0, count == 2, "{stats:?}");
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
            s.core.two_or_one = TwoOrOne::fixed_for_an_hour(false);
            s.extend_to(30_000).unwrap();
            assert_eq!(all_values(&s), plain, "{code}");
            let stats = s.stats();
            assert_eq!(
                (stats.blocks_ahead, stats.pipelined_heaps, stats.waits_slept),
                (0, 0, 0),
                "{code} {stats:?}"
            );
            // (The other thread's engine is made the first time it is used.)
            assert!(s.core.helper.is_none(), "{code}");
            // ... where they do run on the same games.
            let mut s = with_threads(&g, 2);
            s.extend_to(30_000).unwrap();
            let stats = s.stats();
            assert!(
                stats.blocks_ahead + stats.pipelined_heaps > 0 || s.core.helper.is_some(),
                "{code} {stats:?}"
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
}
