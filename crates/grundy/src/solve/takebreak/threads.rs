//! The other thread's engine, and whether two threads are worth it now.

use super::*;

impl Core {
    /// The other thread's engine: a copy of this one (made once), brought
    /// up to the current bound.
    pub(super) fn take_helper(&mut self) -> Box<Core> {
        let mut helper = self
            .sched
            .helper
            .take()
            .unwrap_or_else(|| self.new_helper());
        self.sync_helper(&mut helper);
        helper
    }

    /// A copy of this engine for another thread, without the schedule's
    /// state: the value counts, the block step's buffers and the rest stay
    /// on this thread.
    pub(super) fn new_helper(&self) -> Box<Core> {
        Box::new(Core {
            moves: self.moves.clone(),
            method: self.method,
            simd: self.simd,
            stamp: self.stamp.clone(),
            generation: self.generation,
            reach: self.reach.clone(),
            bound: self.bound,
            // No rare/common state: the other thread confirms
            // candidates (with the targets it is sent) or runs the
            // plain method (`two_heaps`, only while there is no split),
            // never reading a rare list, which would go stale here.
            rc: RareCommon::default(),
            marked: self.marked.clone(),
            stats: self.stats,
            block_marked_after: self.block_marked_after,
            #[cfg(test)]
            stop_at: self.stop_at.clone(),
            sched: Schedule::new(None),
        })
    }

    /// Brings another thread's engine up to this one's bound.
    pub(super) fn sync_helper(&self, helper: &mut Core) {
        if helper.bound != self.bound {
            helper.bound = self.bound;
            helper.stamp.resize(self.stamp.len(), 0);
            helper.reach.resize(self.reach.len(), false);
        }
    }

    /// Keeps the other thread's engine for next time, and counts its work
    /// since `before` as this one's: the cost model compares work per heap
    /// (counting only this core's made the plain method look half as costly
    /// and kept 0.007 on it far too long with two threads).
    pub(super) fn give_back(&mut self, helper: Box<Core>, before: EngineStats) {
        self.stats.add_since(&helper.stats, &before);
        self.sched.helper = Some(helper);
    }

    /// Threads that fill the next block's flags beside this one
    /// ([`Self::finish_block_and_fill_next`]): every other thread of the
    /// pool, but no more than one per [`MIN_FILL_ITEMS`] splits to fill
    /// (a smaller piece costs more to hand over than it saves), and no
    /// more than [`MAX_BLOCK_THREADS`] threads in all (the pool's other
    /// threads stay idle, asleep, in the block step).
    pub(super) fn fill_helpers(&self, items: usize) -> usize {
        let others = self
            .sched
            .pool
            .as_ref()
            .map_or(1, |pool| pool.current_num_threads().saturating_sub(1));
        others
            .min(items / MIN_FILL_ITEMS)
            .clamp(1, MAX_BLOCK_THREADS - 1)
    }

    /// Whether to use two threads for the heaps from `n` on: the pool is
    /// there, and two threads were not found slower than one
    /// ([`TwoOrOne`]). `Some(until)`: until when (then ask again).
    pub(super) fn two_threads(&mut self, n: usize) -> Option<Instant> {
        if self.sched.pool.is_none() || n < self.sched.one_until {
            return None;
        }
        let until = self.sched.two_or_one.choose(Instant::now(), n);
        if until.is_none() {
            self.sched.one_until = n + BLOCK;
        }
        until
    }
}
