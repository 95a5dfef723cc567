//! The engine: the per-heap loop that picks a method, and the bookkeeping
//! every method shares (generations, the bound, value counts).

use super::*;

/// Fewest splits marked one by one before the plain candidate search.
pub(super) const PREFIX: usize = 32;
/// Heaps from which the plain method runs two heaps at a time on two
/// threads, and rare/common is pipelined (below, a heap is too little work
/// for the hand-over).
pub(super) const PAIRS_FROM: usize = 1 << 13;
/// Heaps per block of the block rare/common step (and the number of
/// splits per heap marked one heap at a time there).
pub(super) const BLOCK: usize = 64;
/// Fewest bulk rare heaps for the block step.
pub(super) const MIN_BULK: usize = 256;
/// Bytes of flag rows per block, at most (about an L1 data cache).
pub(super) const BLOCK_ROW_BYTES: usize = 32 << 10;
/// Bytes between the end of a block row and the start of the next.
pub(super) const ROW_PAD: usize = 64;
/// Most confirmation splits per heap marked ahead for a whole block.
pub(super) const MAX_BLOCK_PREFIX: usize = 2048;
/// The same, for heaps that mark many more splits one by one after it.
pub(super) const MAX_DENSE_BLOCK_PREFIX: usize = 16384;
/// Splits marked (counting targets) before rare values are searched for
/// one by one.
pub(super) const CONFIRM_MARKED: usize = 256;
/// Rare values to confirm, at most, before searching for them one by one
/// (more are confirmed by marking further splits).
pub(super) const FEW_TARGETS: usize = 16;
/// Splits per class marked at a time while many rare values are unconfirmed.
pub(super) const MARK_STEP: usize = 512;
/// Chunk length of the vectorized loops.
pub(super) const CHUNK: usize = 64;

/// The rare/common state.
#[derive(Clone, Debug, Default)]
pub(super) struct RareCommon {
    /// The split in use, if the method is rare/common right now.
    pub(super) split: Option<Split>,
    /// Heaps `≥ 1` with a rare value, ascending.
    pub(super) rare: Vec<u32>,
    /// Their values.
    pub(super) rare_values: Vec<u16>,
    /// Heap count at which the split is checked next.
    pub(super) next_check: usize,
    /// Rare heaps at the last check.
    pub(super) rare_at_check: usize,
    /// Rare values still to confirm for the current heap.
    pub(super) targets: Vec<usize>,
    /// Per two-heap class: how many rare heaps are below the current sum
    /// `m` (sums only grow, so this only moves forward).
    pub(super) cuts: Vec<usize>,
    /// The rare-pair sets of recent sums, by sum mod
    /// [`MEMO_SUMS`](super::rare_common::MEMO_SUMS) (see
    /// `Core::candidate_bits`); emptied with the rare list.
    pub(super) memo: [super::rare_common::SumSet; super::rare_common::MEMO_SUMS],
    /// The values of the pairs with a bulk rare heap, for the next heaps
    /// (see [`BulkBits`](super::rare_common::BulkBits)).
    pub(super) bulk_bits: super::rare_common::BulkBits,
    /// Values of two-heap splits `a + b = m` that need a rare heap
    /// (common), up to the bound inclusive, as bits (value `v` is bit
    /// `v % 64` of word `v / 64`); index: `m` mod 2.
    pub(super) common_words: [Vec<u64>; 2],
    /// The other values (rare) up to the bound, inclusive, the same way.
    pub(super) rare_words: [Vec<u64>; 2],
    /// The same two sets as bits, when the bound is at most 64.
    pub(super) common_bits: [u128; 2],
    /// See `common_bits`.
    pub(super) rare_bits: [u128; 2],
}

/// Everything but the table (so the table can be borrowed at its width):
/// the settings and scratch space of one thread's engine, and — for the
/// thread that runs the schedule — its state ([`Schedule`]). The other
/// thread's engine ([`Core::take_helper`]) copies the first part only.
#[derive(Clone, Debug)]
pub(super) struct Core {
    pub(super) moves: Moves,
    pub(super) method: Method,
    pub(super) simd: bool,
    /// `stamp[v] == generation` iff `v` is an option value of the current heap.
    pub(super) stamp: Vec<u32>,
    pub(super) generation: u32,
    /// Option values reachable through the repeating digit (cumulative).
    pub(super) reach: Vec<bool>,
    /// A power of two above every value so far: every option value is below it.
    pub(super) bound: usize,
    pub(super) rc: RareCommon,
    /// Per two-heap class: how many splits of the current heap are marked.
    pub(super) marked: Vec<usize>,
    pub(super) stats: EngineStats,
    /// Splits marked one heap at a time beyond the prefix, this block.
    pub(super) block_marked_after: usize,
    /// Heaps where the pipelined step stops as if their candidate were at
    /// the bound (tests).
    #[cfg(test)]
    pub(super) stop_at: Vec<usize>,
    /// The schedule's state (empty on the other thread's engine).
    pub(super) sched: Schedule,
}

/// What only the thread running the schedule keeps: the value counts and
/// costs the method is chosen by, the threads, the block step's buffers
/// and the pipeline's back-off.
#[derive(Clone, Debug)]
pub(super) struct Schedule {
    /// `counts[n % 2][v]` = heaps `n ≥ 1` of value `v`, for values below 2^16.
    pub(super) counts: [Vec<u64>; 2],
    /// What the methods cost lately, for choosing between them.
    pub(super) costs: Costs,
    /// Worker threads for the block-parallel rare/common step.
    pub(super) pool: Option<std::sync::Arc<rayon::ThreadPool>>,
    /// The block step's buffers and the block filled ahead.
    pub(super) blocks: Blocks,
    /// Confirmation splits per heap marked ahead by the block step
    /// (adapted: doubled while the searches after it cost more than it,
    /// halved while they cost far less).
    pub(super) block_prefix: usize,
    /// A second core for the plain method: heap `n + 1` is computed on it
    /// while this one computes heap `n` (games with a gap of 2 or more).
    pub(super) helper: Option<Box<Core>>,
    /// The pipelined step waits until this heap (at first, until the
    /// sequence is long enough for it to pay; later, after wrong candidates
    /// came too soon).
    pub(super) pipe_from: usize,
    /// How long it waits the next time that happens (doubling each time).
    pub(super) pipe_wait: usize,
    /// Whether two threads are faster than one here and now.
    pub(super) two_or_one: TwoOrOne,
    /// One thread runs at least until this heap before two are considered
    /// again (asking costs a clock read: not for every heap).
    pub(super) one_until: usize,
}

impl Schedule {
    /// A fresh schedule, with worker threads if `pool`.
    pub(super) fn new(pool: Option<std::sync::Arc<rayon::ThreadPool>>) -> Schedule {
        Schedule {
            counts: [Vec::new(), Vec::new()],
            costs: Costs::default(),
            pool,
            blocks: Blocks::default(),
            block_prefix: 512,
            helper: None,
            pipe_from: PAIRS_FROM,
            pipe_wait: 0,
            two_or_one: TwoOrOne::default(),
            one_until: 0,
        }
    }
}

impl Core {
    #[inline(always)]
    pub(super) fn run_inline<S: Store>(&mut self, t: &mut S, target: usize) -> Option<u64> {
        loop {
            let wide = self.run_steps(t, target);
            // Every value final before the run returns, also before a
            // value too wide for the table (a wrong candidate goes back,
            // and the run goes on from there).
            if !self.flush_unconfirmed(t) {
                return wide;
            }
        }
    }

    /// [`Self::run_inline`], but heaps taken at their candidate by the block
    /// step may be left unconfirmed at the end (only the block step reads
    /// them: every other step, and a split check, confirms them first).
    #[inline(always)]
    pub(super) fn run_steps<S: Store>(&mut self, t: &mut S, target: usize) -> Option<u64> {
        while t.len() < target {
            if !self.sched.blocks.unconfirmed.is_empty() && self.block_bulk(t.len()).is_none() {
                self.flush_unconfirmed(t);
                continue;
            }
            if self.sched.pool.is_some()
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
                    self.check_split(&t.view());
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
                    self.check_split(&t.view());
                }
                continue;
            }
            if let Some(bulk) = self.block_bulk(t.len()) {
                if let Some(v) = self.rare_common_block(t, target, bulk) {
                    return Some(v);
                }
                if self.split_check_due(t.len()) && !self.flush_unconfirmed(t) {
                    self.check_split(&t.view());
                }
                continue;
            }
            let v = self.step(&t.view());
            if let Some(v) = self.push_value(t, v) {
                return Some(v);
            }
            if self.split_check_due(t.len()) {
                self.check_split(&t.view());
            }
        }
        None
    }

    /// Pushes `v` as the value of heap `t.len()` and records it; returns
    /// `v` if it does not fit `T` (then not recorded: the caller widens the
    /// table and the value is computed again at the new width).
    #[inline(always)]
    pub(super) fn push_value<S: Store>(&mut self, t: &mut S, v: u64) -> Option<u64> {
        let Some(x) = S::fit(v) else {
            return Some(v);
        };
        t.push(x);
        self.record(t.len() - 1, v);
        None
    }

    /// Starts a new heap: two fresh generations, `g` (an option value of
    /// this heap) and `g + 1` (a rare value still to confirm).
    #[inline(always)]
    pub(super) fn next_generation(&mut self) -> u32 {
        if self.generation >= u32::MAX - 4 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 0;
        }
        self.generation += 2;
        self.generation
    }

    /// `G(n)` for `n = t.len()`.
    #[inline(always)]
    pub(super) fn step<T: Word, V: ValueTable<Value = T> + ?Sized>(&mut self, t: &V) -> u64 {
        self.step_at(t, t.count())
    }

    /// `G(n)`, reading only `t` (which must hold every value `G(n)` reads).
    #[inline(always)]
    pub(super) fn step_at<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
    ) -> u64 {
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
    pub(super) fn begin_heap<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
    ) {
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
    pub(super) fn mark_small_moves<V: ValueTable + ?Sized>(&mut self, t: &V, n: usize) {
        let g = self.generation;
        if self.moves.terminal.contains(&n) {
            self.stamp[0] = g;
        }
        for &k in &self.moves.single {
            if n > k {
                self.stamp[t.value(n - k).index()] = g;
            }
        }
    }

    /// Adds to the cumulative set what the repeating digit reaches from a
    /// heap `n` but not from `n − 1`: the options of removing `n − m`.
    #[inline(never)]
    pub(super) fn reach_layer<V: ValueTable + ?Sized>(&mut self, t: &V, m: usize, digit: u8) {
        if digit & LEAVE_NONE != 0 {
            self.reach[0] = true;
        }
        if digit & LEAVE_ONE != 0 && m >= 1 {
            self.reach[t.value(m).index()] = true;
        }
        if digit & LEAVE_TWO != 0 {
            for a in 1..=self.moves.half(m) {
                self.reach[t.pair(a, m - a).index()] = true;
            }
        }
        if digit & LEAVE_THREE != 0 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    self.reach[t.triple(a, b, m - a - b).index()] = true;
                }
            }
        }
    }

    /// The least value neither marked for this heap nor reachable.
    #[inline(always)]
    pub(super) fn mex(&self) -> usize {
        let g = self.generation;
        (0..=self.bound)
            .find(|&v| self.stamp[v] != g && !self.reach[v])
            .unwrap_or(self.bound)
    }

    /// Bookkeeping after `G(n) = v` is known.
    #[inline(always)]
    pub(super) fn record(&mut self, n: usize, v: u64) {
        if v >= self.bound as u64 {
            self.grow_bound(v);
        }
        if n == 0 {
            return;
        }
        if v < 1 << MAX_SPLIT_BITS {
            let (i, counts) = (v as usize, &mut self.sched.counts[n & 1]);
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
    pub(super) fn grow_bound(&mut self, v: u64) {
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
    pub(super) fn value_lists(&mut self) {
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
    pub(super) fn leave_rare_common(&mut self) {
        if self.rc.split.take().is_some() {
            self.stats.split_changes += 1;
        }
        self.rc.rare = Vec::new();
        self.rc.rare_values = Vec::new();
        self.rc.cuts.clear();
        self.rc.memo = Default::default();
    }
}
