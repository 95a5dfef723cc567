//! The block rare/common step: the flags of up to 64 heaps filled at once
//! (by two threads, the next block's while this one is finished).

use super::*;

/// The block step's buffers (kept from block to block) and, with two
/// threads, the next block, its flags filled while the current one was
/// finished.
#[derive(Clone, Debug, Default)]
pub(super) struct Blocks {
    /// Flag rows (a byte per value) where this thread fills heaps' flags
    /// before they are packed into bits.
    pub(super) rows: Vec<u8>,
    /// The same for the other threads (one each).
    pub(super) helper_rows: Vec<Vec<u8>>,
    /// Packed flags, kept for the next block (with two threads, this one
    /// and the one filled ahead take turns).
    pub(super) spare_bits: Vec<u64>,
    pub(super) ahead: Option<Ahead>,
    /// What the other thread reads while this one finishes a block.
    pub(super) shared: Shared,
    /// The other thread's share of the splits of the next block (this one
    /// fills the rest once its block is finished), in split items per
    /// class (see [`BlockJob`]).
    pub(super) helper_share: usize,
    /// Heaps of the last block taken at their candidate, to confirm
    /// (three threads or more: see [`Core::finish_block`]).
    pub(super) unconfirmed: Vec<Unconfirmed>,
    /// Their rare values to confirm.
    pub(super) unconfirmed_targets: Vec<usize>,
    /// The engines of the threads that confirm them (boxed: each in an
    /// allocation of its own, not in cache lines shared with another's).
    #[allow(clippy::vec_box)]
    pub(super) confirmers: Vec<Box<Core>>,
    /// The most heaps of a block filled ahead, and the least `first` of
    /// such a block less its heaps and the heaps of the block before it
    /// (tests).
    #[cfg(test)]
    pub(super) seen_ahead: (usize, isize),
}

/// A value alone in its cache lines (the other thread polls it: sharing a
/// line with this thread's other data would slow both).
#[repr(align(128))]
pub(super) struct Apart<T>(pub(super) T);

impl<T> AsRef<T> for Apart<T> {
    fn as_ref(&self) -> &T {
        &self.0
    }
}

/// Fewest splits to fill per helper thread (see
/// [`Core::fill_helpers`]).
pub(super) const MIN_FILL_ITEMS: usize = 128;

/// Most threads the block step uses, this one and its helpers (see
/// [`Core::fill_helpers`]): measured on 16 cores (0.6 and Grundy's game to
/// 2^24), 8 threads were the fastest and 16 slower than 8, the hand-over
/// of each block (a join, the helpers' tasks spawned and woken, their
/// spinning while this thread finishes the block) growing with the count.
pub(super) const MAX_BLOCK_THREADS: usize = 16;

/// Heaps in a block of the speculative block step (three threads or more,
/// see [`Core::next_block_heaps`]): the hand-over of a block (a join, the
/// helpers' tasks spawned and woken) costs tens of µs whatever its size,
/// so a speculative block is four of the usual ones, its flags filled 64
/// heaps (or fewer: [`Core::block_heaps`]) at a time to stay in the L1
/// cache. The price: its heaps' first `2 × SPEC_BLOCK` splits are left to
/// the confirming threads (not flagged ahead), and its rare heaps below
/// that are walked on this thread.
pub(super) const SPEC_BLOCK: usize = 4 * BLOCK;

/// Heaps computed per wrong candidate at least, for the block step to
/// go on speculating ([`Core::speculation_pays`]): a wrong candidate
/// throws away up to two blocks (the one finished and the one filled
/// ahead), and that waste is kept under 1/16 of the heaps.
pub(super) const HEAPS_PER_MISS: u64 = 16 * 2 * SPEC_BLOCK as u64;

/// A block of heaps whose flags were filled ahead (see
/// [`Core::rare_common_block`]).
#[derive(Clone, Debug, Default)]
pub(super) struct Ahead {
    pub(super) n0: usize,
    pub(super) heaps: usize,
    pub(super) width: usize,
    /// The first confirmation split marked in the flags (the splits below
    /// it are marked as each heap is finished).
    pub(super) first: usize,
    pub(super) prefix: usize,
    /// The rare heaps paired in the flags, as a range of the rare list.
    pub(super) bulk: std::ops::Range<usize>,
    /// The split (its count of changes) the rare list belonged to.
    pub(super) epoch: u64,
    /// Two halves (filled by two threads), each with `width / 64` words
    /// per heap: bit `v` set iff value `v` is flagged in either half.
    pub(super) bits: Vec<u64>,
}

/// Copies of what filling a block ahead reads, for the other thread: this
/// one appends to the rare list meanwhile.
#[derive(Clone, Debug, Default)]
pub(super) struct Shared {
    pub(super) rare: Vec<u32>,
    pub(super) values: Vec<u16>,
    pub(super) epoch: u64,
    pub(super) pairs: Vec<usize>,
}

impl Core {
    /// The rare heaps (as a range of the rare list) whose pairs a block of
    /// heaps from `n0` can mark ahead, when the block step applies: worker
    /// threads, rare/common with stamps, heaps far enough from 0.
    #[inline(always)]
    pub(super) fn block_bulk(&self, n0: usize) -> Option<std::ops::Range<usize>> {
        self.bulk_for(n0, BLOCK, n0)
    }

    /// The rare heaps whose pairs with every heap of a block from `n0` can
    /// be marked from the values below `known`, when the confirmation
    /// splits marked ahead start at `first` (so every split with a smaller
    /// part below `first` is left to finishing the heap).
    #[inline(always)]
    pub(super) fn bulk_for(
        &self,
        n0: usize,
        first: usize,
        known: usize,
    ) -> Option<std::ops::Range<usize>> {
        if self.rc.split.is_none()
            || self.bound <= 32
            || self.bound > 1 << 16
            || n0 < 4 * (first + self.sched.block_prefix)
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
    pub(super) fn block_heaps(n0: usize, target: usize, width: usize) -> usize {
        BLOCK.min(target - n0).min(Self::rows_in_cache(width))
    }

    /// Heaps whose flag rows of `width` fit [`BLOCK_ROW_BYTES`] (8 at
    /// least, [`BLOCK`] at most): a block's flags are filled this many
    /// heaps at a time.
    pub(super) fn rows_in_cache(width: usize) -> usize {
        (BLOCK_ROW_BYTES / width).clamp(8, BLOCK)
    }

    /// Heaps in the block from `n1` filled ahead while the block before it
    /// is finished: [`SPEC_BLOCK`] when that block step will speculate
    /// (three threads or more, [`Self::speculation_pays`]), else as
    /// [`Self::block_heaps`].
    pub(super) fn next_block_heaps(&self, n1: usize, target: usize, width: usize) -> usize {
        let threads = self
            .sched
            .pool
            .as_ref()
            .map_or(1, |pool| pool.current_num_threads());
        if threads >= 3 && self.speculation_pays() {
            SPEC_BLOCK.min(target - n1)
        } else {
            Self::block_heaps(n1, target, width)
        }
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
    pub(super) fn rare_common_block<S: Store>(
        &mut self,
        t: &mut S,
        target: usize,
        bulk: std::ops::Range<usize>,
    ) -> Option<u64> {
        let n0 = t.len();
        // Rows of a power-of-two width above every value, so that a flag's
        // index needs no bounds check (see [`BlockJob::fill`]).
        let width = self.bound.next_power_of_two().max(64);
        let epoch = self.stats.split_changes;
        let ahead = self
            .sched
            .blocks
            .ahead
            .take()
            .filter(|a| a.n0 == n0 && a.width == width && a.epoch == epoch);
        let block = match ahead {
            Some(block) => block,
            None => {
                let heaps = Self::block_heaps(n0, target, width);
                let mut bits = std::mem::take(&mut self.sched.blocks.spare_bits);
                bits.clear();
                bits.resize(2 * heaps * width / 64, 0);
                let job = BlockJob {
                    table: t.view(),
                    n0,
                    heaps,
                    rare: &self.rc.rare[bulk.clone()],
                    values: &self.rc.rare_values[bulk.clone()],
                    pairs: &self.moves.pairs,
                    unequal: self.moves.unequal,
                    first: BLOCK,
                    items: 0..bulk.len() + self.sched.block_prefix,
                    width,
                };
                job.fill(&mut self.sched.blocks.rows, &mut bits[..heaps * width / 64]);
                Ahead {
                    n0,
                    heaps,
                    width,
                    first: BLOCK,
                    prefix: self.sched.block_prefix,
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
        // The next block's flags read values below this block only: its
        // confirmation splits flagged ahead start at `first`, the heaps of
        // both blocks (at least `2 × BLOCK`, as with blocks of `BLOCK`).
        let next_heaps = if n0 + b < target {
            self.next_block_heaps(n0 + b, target, width)
        } else {
            0
        };
        let first = (b + next_heaps).max(2 * BLOCK);
        let next = if n0 + b < target && self.two_threads(n0).is_some() {
            self.bulk_for(n0 + b, first, n0)
        } else {
            None
        };
        let result = match next {
            None => {
                let result = grow_shared(t, block.heaps, |mut t, _| {
                    self.finish_block_simd(&mut t, &block, false)
                });
                // The heaps the last block took at their candidate are
                // confirmed now (this block read them: it goes too if one
                // is wrong).
                if self.flush_unconfirmed(t) {
                    None
                } else {
                    result
                }
            }
            Some(bulk) => {
                let next = NextBlock {
                    heaps: next_heaps,
                    first,
                    bulk,
                };
                self.finish_block_and_fill_next(t, &block, next)
            }
        };
        self.sched.blocks.spare_bits = block.bits;
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
        let marking = self.sched.block_prefix as f64;
        let dense = marked_after > self.sched.block_prefix / 2;
        let cap = if dense {
            MAX_DENSE_BLOCK_PREFIX
        } else {
            MAX_BLOCK_PREFIX
        };
        if (searching > marking || dense) && self.sched.block_prefix < cap {
            self.sched.block_prefix *= 2;
        } else if 4.0 * searching < marking {
            self.sched.block_prefix = (self.sched.block_prefix / 2).max(256);
        }
        self.block_marked_after = 0;
        result
    }

    /// [`Self::finish_block`] for `block` on this thread while the flags of
    /// the next block, pairing the rare heaps `bulk`, are filled: on the
    /// other thread, and for a share of the splits on this one once its
    /// block is done (the shares are adapted block by block so that the
    /// two threads finish together). The next block is left in
    /// `self.sched.blocks.ahead`.
    ///
    /// The next block's flags may read only values below this block: its
    /// confirmation splits marked ahead start at `next.first`, at least the
    /// heaps of both blocks, and the rare heaps it pairs ahead lie below
    /// this block.
    pub(super) fn finish_block_and_fill_next<S: Store>(
        &mut self,
        t: &mut S,
        block: &Ahead,
        next: NextBlock,
    ) -> Option<u64> {
        let n0 = block.n0;
        let n1 = n0 + block.heaps;
        let width = block.width;
        let NextBlock { heaps, first, bulk } = next;
        debug_assert!(first >= block.heaps + heaps);
        #[cfg(test)]
        {
            let seen = &mut self.sched.blocks.seen_ahead;
            seen.0 = seen.0.max(heaps);
            seen.1 = seen.1.min(first as isize - (block.heaps + heaps) as isize);
        }
        // The other thread reads copies: this one appends to the originals.
        let epoch = self.stats.split_changes;
        let shared = self.shared_copies(epoch);
        // Flags as two halves: the other threads' share, then this one's;
        // with more than one helper, each fills a section of its own after
        // these two, ORed into the first half once all are done.
        let items = bulk.len() + self.sched.block_prefix;
        let helpers = self.fill_helpers(items);
        let section = heaps * width / 64;
        let mut bits = std::mem::take(&mut self.sched.blocks.spare_bits);
        bits.clear();
        bits.resize((1 + helpers) * section, 0);
        let (halves, extra) = bits.split_at_mut(2 * section);
        let (theirs, mine) = halves.split_at_mut(section);
        let share = self.sched.blocks.helper_share.min(items);
        let mut rows = std::mem::take(&mut self.sched.blocks.rows);
        let mut helper_rows = std::mem::take(&mut self.sched.blocks.helper_rows);
        helper_rows.resize_with(helpers, Vec::new);
        // The helpers' share, cut into `helpers` consecutive pieces.
        let piece = |i: usize| share * i / helpers..share * (i + 1) / helpers;
        // With three threads or more, this block's heaps with rare values
        // to confirm take their candidate, and the other threads confirm
        // them while the next block is finished; now they confirm the last
        // block's (this thread too, once its own work is done).
        let speculate = helpers >= 2 && self.speculation_pays();
        let last = std::mem::take(&mut self.sched.blocks.unconfirmed);
        let last_targets = std::mem::take(&mut self.sched.blocks.unconfirmed_targets);
        let work = &Confirmations::new(&last, &last_targets);
        let mut cores = self.ready_confirmers(helpers);
        let before: Vec<EngineStats> = cores.iter().map(|c| c.stats).collect();
        // This block's values are pushed while the other threads read the
        // table (room for them now, so that the table does not move).
        let (result, complete, waited) = grow_shared(t, block.heaps, |mut t, table| {
            let job = BlockJob {
                table: table.values(n0),
                n0: n1,
                heaps,
                rare: &shared.rare[bulk.clone()],
                values: &shared.values[bulk.clone()],
                pairs: &shared.pairs,
                unequal: self.moves.unequal,
                first,
                items: share..items,
                width,
            };
            // The other threads get their own copies of all they touch
            // (anything one writes, or reads often, in this thread's cache
            // lines would slow both down).
            let helper_job = |i: usize| BlockJob {
                items: piece(i),
                ..job.clone()
            };
            let done: Vec<Apart<Signal>> = (0..helpers).map(|_| Apart(Signal::default())).collect();
            let done = &done;
            // A helper's fill, then its wait for this thread's block.
            let known = table.values(n0);
            let help = |job: BlockJob<'_, _>,
                        rows: &mut Vec<u8>,
                        bits: &mut [u64],
                        done: &Signal,
                        core: &mut Core| {
                job.fill(rows, bits);
                core.confirm_shared_simd(&known, work);
                // Waiting here keeps the helper awake for the next block (an
                // idle pool thread falls asleep, and waking it costs about as
                // much as a block's fill) — for a while: if this thread is
                // kept waiting long, the other is off the CPU, and needs the
                // core this one would spin on.
                done.wait()
            };
            let ((result, complete), waited) = rayon::join(
                || {
                    // Set when this closure ends, even by a panic (the other
                    // threads wait for it).
                    let _done = SetAllOnDrop(done);
                    let result = self.finish_block_simd(&mut t, block, speculate);
                    // This thread's share of the next block (unless this
                    // block was cut short).
                    let complete = t.len() == n1;
                    if complete {
                        job.fill(&mut rows, mine);
                    }
                    self.confirm_shared_simd(&known, work);
                    (result, complete)
                },
                || {
                    let team = Helpers {
                        rows: &mut helper_rows,
                        first_bits: &mut *theirs,
                        more_bits: &mut *extra,
                        section,
                        cores: &mut cores,
                        done,
                    };
                    team.fill(helper_job, &help)
                },
            );
            (result, complete, waited)
        });
        // The extra helpers' flags join the first half.
        or_sections_into(theirs, extra, section);
        bits.truncate(2 * section);
        self.keep_confirmers(cores, &before);
        let wrong = work.least_miss();
        self.stats.waits_slept += u64::from(waited == Waited::Slept);
        self.sched.blocks.helper_share = next_helper_share(share, items, helpers, waited);
        self.sched.blocks.shared = shared;
        self.sched.blocks.rows = rows;
        self.sched.blocks.helper_rows = helper_rows;
        let prefix = self.sched.block_prefix;
        // (A block cut short leaves the next one half filled.)
        self.stats.blocks_ahead += u64::from(complete);
        self.sched.blocks.ahead = complete.then_some(Ahead {
            n0: n1,
            heaps,
            width,
            first,
            prefix,
            bulk,
            epoch,
            bits,
        });
        // A wrong candidate of the last block: back to it (everything
        // since read it).
        if let Some((n, v)) = wrong {
            self.roll_back(t, n, v);
            return None;
        }
        result
    }

    /// The copies of the rare heaps, their values and the split pairs that
    /// the other threads read while this one appends to the originals
    /// (kept from block to block: only what was appended since is copied,
    /// all of it again after the split changed, `epoch`).
    fn shared_copies(&mut self, epoch: u64) -> Shared {
        let mut shared = std::mem::take(&mut self.sched.blocks.shared);
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
        shared
    }

    /// The engines of the `helpers` other threads (kept from block to
    /// block), each brought up to date with this one.
    #[allow(clippy::vec_box)] // (boxed as in `Blocks::confirmers`)
    fn ready_confirmers(&mut self, helpers: usize) -> Vec<Box<Core>> {
        let mut cores = std::mem::take(&mut self.sched.blocks.confirmers);
        cores.truncate(helpers);
        while cores.len() < helpers {
            cores.push(self.new_helper());
        }
        for core in &mut cores {
            self.sync_helper(core);
        }
        cores
    }

    /// Counts the helpers' work since `before` as this engine's, and keeps
    /// their engines for the next block.
    #[allow(clippy::vec_box)] // (boxed as in `Blocks::confirmers`)
    fn keep_confirmers(&mut self, mut cores: Vec<Box<Core>>, before: &[EngineStats]) {
        for (core, before) in cores.iter_mut().zip(before) {
            self.stats.add_since(&core.stats, before);
            self.block_marked_after += std::mem::take(&mut core.block_marked_after);
        }
        self.sched.blocks.confirmers = cores;
    }

    /// Finishes each heap of `block` in order, its flags filled: the
    /// remaining rare pairs, the splits below the first one flagged, and
    /// the candidate ([`Self::candidate`]) and the rare values below it
    /// ([`Self::confirm`]). Stops early when the split is left.
    /// Returns a value that does not fit `T`, if one comes up.
    ///
    /// With `speculate` (three threads or more), a heap with rare values
    /// below its candidate to confirm takes the candidate as its value at
    /// once, and is left in `sched.blocks.unconfirmed` for the other
    /// threads ([`Self::confirm_unconfirmed`]); its first splits are not
    /// marked (they give rare values only: the candidate, the least common
    /// value absent, comes from the pairs with a rare heap alone).
    #[inline(always)]
    pub(super) fn finish_block<S: Store>(
        &mut self,
        t: &mut Growing<'_, S>,
        block: &Ahead,
        speculate: bool,
    ) -> Option<u64> {
        let words = block.width / 64;
        let (first_half, second_half) = block.bits.split_at(block.bits.len() / 2);
        for j in 0..block.heaps {
            let n = t.len();
            let rows = [
                &first_half[j * words..(j + 1) * words],
                &second_half[j * words..(j + 1) * words],
            ];
            self.next_generation();
            self.mark_small_moves(&t.view(), n);
            self.mark_rare_pairs(&t.view(), n, block.bulk.clone());
            if !speculate {
                self.mark_first_splits(&t.view(), n, block.first, block.prefix);
            }
            let c = self.candidate(n, rows);
            let v = if self.rc.targets.is_empty() {
                c as u64
            } else if speculate && c < self.bound && S::fit(c as u64).is_some() {
                let blocks = &mut self.sched.blocks;
                let from = blocks.unconfirmed_targets.len();
                blocks
                    .unconfirmed_targets
                    .extend_from_slice(&self.rc.targets);
                blocks.unconfirmed.push(Unconfirmed {
                    n,
                    c,
                    targets: from..blocks.unconfirmed_targets.len(),
                    first: block.first,
                    prefix: block.prefix,
                });
                self.stats.block_speculated += 1;
                c as u64
            } else {
                if speculate {
                    // (The stamps of the rare pairs stay: this generation.)
                    self.mark_first_splits(&t.view(), n, block.first, block.prefix);
                }
                self.confirm(&t.view(), n, c, true)
            };
            self.stats.rare_common_heaps += 1;
            match S::fit(v) {
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

    /// Whether the block step may take candidates unconfirmed: while the
    /// wrong ones ([`EngineStats::block_misses`]), each throwing away up
    /// to two blocks, are at most one per [`HEAPS_PER_MISS`] heaps of
    /// rare/common. A game whose heaps often have a rare value (0.007:
    /// hundreds of rare values below each candidate) stops speculating
    /// and runs its blocks as with two threads, with every thread filling;
    /// as heaps are computed without a miss it speculates again.
    #[inline(always)]
    pub(super) fn speculation_pays(&self) -> bool {
        self.stats.block_misses.saturating_mul(HEAPS_PER_MISS) <= self.stats.rare_common_heaps
    }

    /// Marks the splits of heap `n` below `first` (their larger parts lie in
    /// the block or the one before it), and records the splits up to
    /// `first + prefix − 1` as marked (the block's flags hold the others).
    #[inline(always)]
    pub(super) fn mark_first_splits<V: ValueTable + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
        first: usize,
        prefix: usize,
    ) {
        let g = self.generation;
        for ci in 0..self.moves.pairs.len() {
            let m = n - self.moves.pairs[ci];
            let end = first - 1;
            t.mark_range(m, 1, end, &mut self.stamp, g);
            self.marked[ci] = first + prefix - 1;
            self.stats.confirm_pairs += end as u64;
        }
    }

    /// `G(n)` of a heap taken at its candidate (`u`): its first splits
    /// marked, then the rare values left (`targets`) confirmed as
    /// [`Self::confirm`] does. Reads values below `u.n` only.
    #[inline(always)]
    pub(super) fn confirm_unconfirmed<V: ValueTable + ?Sized>(
        &mut self,
        t: &V,
        u: &Unconfirmed,
        targets: &[usize],
    ) -> u64 {
        self.next_generation();
        self.mark_first_splits(t, u.n, u.first, u.prefix);
        self.rc.targets.clear();
        self.rc.targets.extend_from_slice(targets);
        self.confirm(t, u.n, u.c, true)
    }

    /// The other threads' side of the confirmations (and this one's, once
    /// its block is finished): takes heaps of `work` a few at a time until
    /// none is left, noting every wrong candidate.
    #[inline(always)]
    pub(super) fn confirm_shared<V: ValueTable + ?Sized>(&mut self, t: &V, work: &Confirmations) {
        loop {
            let i = work.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(heaps) = work.heaps.chunks(CONFIRM_AT_ONCE).nth(i) else {
                return;
            };
            for u in heaps {
                // Heaps after a wrong one are computed again anyway.
                if u.n > work.first_miss.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
                let v = self.confirm_unconfirmed(t, u, &work.targets[u.targets.clone()]);
                if v != u.c as u64 {
                    work.first_miss
                        .fetch_min(u.n, std::sync::atomic::Ordering::Relaxed);
                    if let Ok(mut misses) = work.misses.lock() {
                        misses.push((u.n, v));
                    }
                }
            }
        }
    }

    /// Confirms every heap left unconfirmed, on this thread; on a wrong
    /// candidate, goes back to that heap ([`Self::roll_back`]). Returns
    /// whether it did.
    #[inline(always)]
    pub(super) fn flush_unconfirmed<S: Store>(&mut self, t: &mut S) -> bool {
        if self.sched.blocks.unconfirmed.is_empty() {
            return false;
        }
        let mut list = std::mem::take(&mut self.sched.blocks.unconfirmed);
        let mut targets = std::mem::take(&mut self.sched.blocks.unconfirmed_targets);
        let mut miss = None;
        {
            let view = t.view();
            for u in &list {
                let v = self.confirm_unconfirmed(&view, u, &targets[u.targets.clone()]);
                if v != u.c as u64 {
                    miss = Some((u.n, v));
                    break;
                }
            }
        }
        list.clear();
        targets.clear();
        self.sched.blocks.unconfirmed = list;
        self.sched.blocks.unconfirmed_targets = targets;
        match miss {
            Some((n, v)) => {
                self.roll_back(t, n, v);
                true
            }
            None => false,
        }
    }

    /// A candidate taken for `G(n)` was wrong, its value is `v`: forgets
    /// the values from heap `n` on (their value counts, their rare heaps,
    /// every heap still unconfirmed and the block filled ahead, all of
    /// which read them) and pushes `v` as `G(n)`.
    #[cold]
    pub(super) fn roll_back<S: Store>(&mut self, t: &mut S, n: usize, v: u64) {
        let undone: Vec<(usize, u64)> = t
            .view()
            .values_from(n)
            .map(|(h, x)| (h, x.into()))
            .collect();
        for (h, x) in undone {
            if h > 0 && x < 1 << MAX_SPLIT_BITS {
                if let Some(count) = self.sched.counts[h & 1].get_mut(x as usize) {
                    *count = count.saturating_sub(1);
                }
            }
        }
        while self.rc.rare.last().is_some_and(|&r| r as usize >= n) {
            self.rc.rare.pop();
            self.rc.rare_values.pop();
        }
        self.rc.cuts.clear();
        self.rc.memo = Default::default();
        self.rc.bulk_bits = Default::default();
        let blocks = &mut self.sched.blocks;
        blocks.ahead = None;
        blocks.shared.rare.clear();
        blocks.shared.values.clear();
        blocks.unconfirmed.clear();
        blocks.unconfirmed_targets.clear();
        t.truncate(n);
        self.stats.block_misses += 1;
        // (A value below a candidate that fitted.)
        let wide = self.push_value(t, v);
        debug_assert!(wide.is_none());
    }
}

/// The block filled ahead by [`Core::finish_block_and_fill_next`]: its
/// heaps, its first confirmation split flagged ahead and the rare heaps it
/// pairs ahead (a range of the rare list).
pub(super) struct NextBlock {
    pub(super) heaps: usize,
    pub(super) first: usize,
    pub(super) bulk: std::ops::Range<usize>,
}

/// Heaps taken by a helper at a time in [`Core::confirm_shared`].
pub(super) const CONFIRM_AT_ONCE: usize = 4;

/// A heap of the block step taken at its candidate before the rare values
/// below it were confirmed (see [`Core::finish_block`]).
#[derive(Clone, Debug)]
pub(super) struct Unconfirmed {
    pub(super) n: usize,
    pub(super) c: usize,
    /// Its rare values to confirm, in `Blocks::unconfirmed_targets`.
    pub(super) targets: std::ops::Range<usize>,
    /// The block's first split flagged, and how many were.
    pub(super) first: usize,
    pub(super) prefix: usize,
}

/// Heaps to confirm, shared by the threads ([`Core::confirm_shared`]).
pub(super) struct Confirmations<'a> {
    pub(super) heaps: &'a [Unconfirmed],
    pub(super) targets: &'a [usize],
    /// The next group of [`CONFIRM_AT_ONCE`] heaps to take.
    pub(super) next: std::sync::atomic::AtomicUsize,
    /// The first heap found wrong so far (`usize::MAX`: none).
    pub(super) first_miss: std::sync::atomic::AtomicUsize,
    /// Wrong heaps and their values.
    pub(super) misses: std::sync::Mutex<Vec<(usize, u64)>>,
}

impl<'a> Confirmations<'a> {
    /// The confirmations of `heaps` (rare values `targets`), none taken.
    pub(super) fn new(heaps: &'a [Unconfirmed], targets: &'a [usize]) -> Self {
        Confirmations {
            heaps,
            targets,
            next: std::sync::atomic::AtomicUsize::new(0),
            first_miss: std::sync::atomic::AtomicUsize::new(usize::MAX),
            misses: std::sync::Mutex::new(Vec::new()),
        }
    }

    /// The least heap found wrong, with its value, if any.
    fn least_miss(&self) -> Option<(usize, u64)> {
        match self.misses.lock() {
            Ok(misses) => misses.iter().copied().min(),
            // (A thread panicked holding it: the panic goes on in the join.)
            Err(_) => None,
        }
    }
}

/// The other threads of a block step, for their share of the next block's
/// flags: the first fills `first_bits`, each other one a `section` of
/// `more_bits` of its own; each has its flag rows, its engine and its
/// signal in `done` to wait on.
struct Helpers<'h> {
    rows: &'h mut [Vec<u8>],
    first_bits: &'h mut [u64],
    more_bits: &'h mut [u64],
    section: usize,
    cores: &'h mut [Box<Core>],
    done: &'h [Apart<Signal>],
}

impl Helpers<'_> {
    /// Runs `help` with job `job(i)` on helper `i`: on this thread for one
    /// helper; with more, this thread runs the first and spawns the others.
    /// Returns how the helper kept waiting longest went, which says how
    /// the shares went.
    fn fill<J: Send, H>(self, job: impl Fn(usize) -> J + Sync, help: &H) -> Waited
    where
        H: Fn(J, &mut Vec<u8>, &mut [u64], &Signal, &mut Core) -> Waited + Sync,
    {
        let (first_rows, more_rows) = self.rows.split_first_mut().expect("a helper");
        let (first_core, more_cores) = self.cores.split_first_mut().expect("a helper");
        let done = self.done;
        if more_cores.is_empty() {
            return help(job(0), first_rows, self.first_bits, &done[0].0, first_core);
        }
        let mut waits = vec![Waited::No; 1 + more_cores.len()];
        let (first_wait, more_waits) = waits.split_first_mut().expect("a helper");
        rayon::scope(|s| {
            let more = more_rows
                .iter_mut()
                .zip(self.more_bits.chunks_exact_mut(self.section))
                .zip(more_waits.iter_mut().zip(more_cores.iter_mut()))
                .enumerate();
            for (i, ((rows, bits), (wait, core))) in more {
                let job = job(i + 1);
                let done = &done[i + 1].0;
                s.spawn(move |_| *wait = help(job, rows, bits, done, core));
            }
            *first_wait = help(job(0), first_rows, self.first_bits, &done[0].0, first_core);
        });
        waits
            .into_iter()
            .max_by_key(|w| *w as u8)
            .unwrap_or(Waited::No)
    }
}

/// ORs each `section` of `extra` (the flags of the helpers after the
/// first) into `first`.
fn or_sections_into(first: &mut [u64], extra: &[u64], section: usize) {
    for chunk in extra.chunks_exact(section) {
        for (word, &more) in first.iter_mut().zip(chunk) {
            *word |= more;
        }
    }
}

/// The helpers' share of the next block: larger when they were kept
/// waiting (`waited`), smaller when this thread was, so that the threads
/// finish together.
fn next_helper_share(share: usize, items: usize, helpers: usize, waited: Waited) -> usize {
    let step = (items / 64).max(1) * helpers;
    if waited != Waited::No {
        share + step
    } else {
        share.saturating_sub(step)
    }
}

/// The first half of the block step: for a block of heaps `n0, n0 + 1, …`,
/// flag the value of the splits `items` whose two parts lie before the
/// block: per split class, items `0..rare.len()` pair a bulk rare heap,
/// item `rare.len() + i` is the confirmation split with smaller part
/// `first + i` (skipped if that part is a bulk rare heap).
#[derive(Clone)]
pub(super) struct BlockJob<'a, V> {
    pub(super) table: V,
    pub(super) n0: usize,
    pub(super) heaps: usize,
    pub(super) rare: &'a [u32],
    pub(super) values: &'a [u16],
    pub(super) pairs: &'a [usize],
    pub(super) unequal: bool,
    pub(super) first: usize,
    pub(super) items: std::ops::Range<usize>,
    /// Flags per heap: a power of two above every value in the table.
    pub(super) width: usize,
}

impl<V: ValueTable + Copy> BlockJob<'_, V> {
    /// Fills `bits` (`width / 64` words per heap: bit `v` set iff value
    /// `v` is flagged) through `rows`, a flag byte per value (a store per
    /// split, no read).
    /// The heaps are filled [`Core::rows_in_cache`] at a time (a
    /// speculative block has more: [`SPEC_BLOCK`]).
    fn fill(&self, rows: &mut Vec<u8>, bits: &mut [u64]) {
        let per = Core::rows_in_cache(self.width);
        if self.heaps <= per {
            return self.fill_width(rows, bits);
        }
        let words = self.width / 64;
        for (q, bits) in bits[..self.heaps * words]
            .chunks_mut(per * words)
            .enumerate()
        {
            let part = BlockJob {
                n0: self.n0 + q * per,
                heaps: bits.len() / words,
                ..self.clone()
            };
            part.fill_width(rows, bits);
        }
    }

    /// [`Self::fill`] for at most [`Core::rows_in_cache`] heaps.
    fn fill_width(&self, rows: &mut Vec<u8>, bits: &mut [u64]) {
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
            let table = self.table;
            table.mark_rows::<W, S>(&mut rows[..skip], start, v);
            table.mark_rows::<W, S>(&mut rows[skip + 1..], start + skip + 1, v);
        };
        let bulk = self.rare.len();
        let rare_items = self.items.start.min(bulk)..self.items.end.min(bulk);
        let prefix_items = self.items.start.max(bulk) - bulk..self.items.end.max(bulk) - bulk;
        for &k in self.pairs {
            // The splits to mark for every heap, as (left part, its value),
            // gathered a few hundred at a time in a buffer on the stack.
            let mut buf = [(0, 0); 256];
            let mut len = 0;
            // (A macro, not a closure: the marking stays inlined here.)
            macro_rules! add {
                ($rows:expr, $split:expr) => {{
                    buf[len] = $split;
                    len += 1;
                    if len == buf.len() {
                        self.mark_splits::<W, S>($rows, &buf);
                        len = 0;
                    }
                }};
            }
            let rare = self.rare[rare_items.clone()].iter();
            for (&r, &v) in rare.zip(&self.values[rare_items.clone()]) {
                let r = r as usize;
                // With unequal splits (Grundy's game), r must not pair
                // with itself: skip the heap with m = 2r.
                let itself = (2 * r + k)
                    .checked_sub(self.n0)
                    .filter(|&j| self.unequal && j < heaps);
                match itself {
                    None => add!(rows, (k + r, usize::from(v))),
                    Some(j) => mark(rows, k + r, usize::from(v), j),
                }
            }
            // The prefix's rare heaps were paired above (as bulk rare heaps):
            // only its common heaps are left to mark.
            let mut rare = self.rare.iter().map(|&r| r as usize).peekable();
            let prefix = self.table.values_from(self.first + prefix_items.start);
            let prefix = prefix.take(prefix_items.len());
            for (a, x) in prefix {
                while rare.next_if(|&r| r < a).is_some() {}
                if rare.next_if_eq(&a).is_none() {
                    add!(rows, (k + a, x.index()));
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
        let starts = std::array::from_fn(|q| self.n0 - splits[q].0);
        let values = std::array::from_fn(|q| splits[q].1);
        self.table.mark_group::<W, S, N>(rows, starts, values);
    }
}
