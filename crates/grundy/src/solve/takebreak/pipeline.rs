//! Rare/common on two threads, speculating: candidates taken at once on
//! this thread, confirmed behind it on the other.

use super::*;

/// Heaps handed to the other thread at once by [`Core::speculate`] (about
/// 50 µs of work on the light games it is for).
pub(super) const PIPE_BATCH: usize = 512;
/// Batches sent and not yet confirmed, at most: the heaps computed again
/// after a wrong candidate are at most these and the batch being filled.
pub(super) const PIPE_QUEUE: usize = 2;
/// Heaps computed in a row by the pipelined step, at least, for it to pay
/// (else it waits a while: [`Core::pipelined`]).
pub(super) const PIPE_PAYS: usize = 16 * PIPE_BATCH;

/// Heaps whose candidates need confirming ([`Core::pipelined`]).
#[derive(Debug)]
pub(super) struct Batch {
    pub(super) heaps: Vec<Pending>,
    /// Their rare values to confirm, when they are not held as bits.
    pub(super) targets: Vec<usize>,
    /// Values in the table when the batch was sent.
    pub(super) known: usize,
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
pub(super) struct Pending {
    pub(super) n: usize,
    pub(super) c: usize,
    /// What [`Core::rc_candidate`] left to confirm.
    pub(super) pending: u64,
    /// The rare values to confirm, when not in `pending`: where they are in
    /// the batch's `targets`.
    pub(super) targets: std::ops::Range<usize>,
}

impl Core {
    /// Whether heaps from `n` on go through [`Self::pipelined`]: two
    /// threads, rare/common without the block step (few rare heaps), and a
    /// stretch long enough to be worth starting the other thread.
    #[inline(always)]
    pub(super) fn pipeline_applies(&self, n: usize, target: usize) -> bool {
        self.sched.pool.is_some()
            && n >= self.sched.pipe_from
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
    pub(super) fn pipelined<S: Store>(
        &mut self,
        t: &mut S,
        target: usize,
        until: Instant,
    ) -> Option<u64> {
        let n0 = t.len();
        let end = target.min(self.rc.next_check.max(n0 + 1));
        let mut helper = self.take_helper();
        let before = helper.stats;
        let (batches, queue) = std::sync::mpsc::sync_channel::<Batch>(PIPE_QUEUE);
        // The other thread reads the table while this one pushes (room for
        // every push now, so that the table does not move).
        let ((), (miss, helper)) = grow_shared(t, end - n0, |mut t, table| {
            rayon::join(
                || self.speculate_simd(&mut t, end, until, batches),
                move || {
                    let miss = helper.confirm_batches_simd(table, queue);
                    (miss, helper)
                },
            )
        });
        self.give_back(helper, before);
        let good = miss.map_or(t.len(), |(n, _)| n);
        let view = t.view();
        for (n, x) in view.values_from(n0).take(good - n0) {
            self.record(n, x.into());
        }
        self.stats.rare_common_heaps += (good - n0) as u64;
        self.stats.pipelined_heaps += (good - n0) as u64;
        if good - n0 >= PIPE_PAYS {
            self.sched.pipe_wait = 0;
        }
        if let Some((n, v)) = miss {
            // Each wrong candidate costs the heaps computed after it, up to
            // `PIPE_QUEUE + 1` batches: with many, one thread is faster.
            // Wait a while then (longer each time it happens again).
            if good - n0 < PIPE_PAYS {
                self.sched.pipe_wait = (2 * self.sched.pipe_wait).clamp(PIPE_PAYS, 1 << 24);
                self.sched.pipe_from = n + self.sched.pipe_wait;
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
            let v = self.step(&t.view());
            let wide = self.push_value(t, v);
            self.stats.pipeline_stops += u64::from(wide.is_none());
            return wide;
        }
        None
    }

    /// This thread's side of [`Self::pipelined`]: pushes each heap's
    /// candidate up to `end`, sending the heaps that need confirming in
    /// batches. Stops early when the other thread found a wrong candidate
    /// (it hangs up), before a heap whose candidate is at the bound, or
    /// after the first batch sent at or after `until`.
    #[inline(always)]
    pub(super) fn speculate<S: Store>(
        &mut self,
        t: &mut Growing<'_, S>,
        end: usize,
        until: Instant,
        batches: SyncSender<Batch>,
    ) {
        let mut batch = Batch::new();
        let mut from = t.len();
        while t.len() < end {
            let n = t.len();
            self.begin_heap(&t.view(), n);
            let (c, pending) = self.rc_candidate(&t.view(), n, false);
            // A candidate at the bound would be a new value (of a class
            // not known yet): the usual step decides it.
            let Some(x) = S::fit(c as u64).filter(|_| c < self.bound) else {
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
                batch.known = t.publish();
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
        batch.known = t.publish();
        // (An error: the other thread already stopped.)
        let _ = batches.send(batch);
    }

    /// The other thread's side of [`Self::pipelined`]: confirms the
    /// candidates of each batch in order and returns the first wrong one
    /// (its heap and value), hanging up on the sender. Each batch's
    /// `known` values were published before it was sent.
    #[inline(always)]
    pub(super) fn confirm_batches<S: Store>(
        &mut self,
        table: Frozen<'_, S>,
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
            let t = table.values(batch.known);
            for heap in &batch.heaps {
                self.next_generation();
                self.rc.targets.clear();
                self.rc
                    .targets
                    .extend_from_slice(&batch.targets[heap.targets.clone()]);
                let v = self.rc_confirm(&t, heap.n, heap.c, heap.pending);
                if v != heap.c as u64 {
                    return Some((heap.n, v));
                }
            }
        }
    }
}
