//! The cost model: when to check the split again, and the choice between
//! rare/common (with which split) and plain.

use super::*;

/// What a pair looked at by a vectorized search costs, counted in pairs
/// marked one by one (measured: a mark is a load, a xor and a store to a
/// random place; a search compares sixteen pairs at once).
pub(super) const SEARCH_WEIGHT: f64 = 0.1;

/// Work measured per method, in "pair operations": a pair marked in the
/// stamp table counts 1, a pair looked at by a vectorized search
/// [`SEARCH_WEIGHT`], a
/// (rare heap, other heap) pair 1.6 (an indexed load and a store).
#[derive(Clone, Debug)]
pub(super) struct Costs {
    /// Plain work per heap divided by `n/2`, as last measured.
    pub(super) plain_per_half_n: f64,
    /// Rare/common confirmation work per heap, as last measured.
    pub(super) confirm_per_heap: Option<f64>,
    /// Counters and heap count at the last check.
    pub(super) at_check: (EngineStats, usize),
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

impl Core {
    /// Whether the split is due to be checked again, with `n` heaps known:
    /// on schedule, or early when the rare heaps grew far past the last
    /// check.
    #[inline(always)]
    pub(super) fn split_check_due(&self, n: usize) -> bool {
        n >= self.rc.next_check || self.rc.rare.len() > 2 * self.rc.rare_at_check + 64
    }

    /// Re-decides between rare/common (with which split) and plain.
    ///
    /// Cost model per heap and split class: plain marks or scans about
    /// `n/2` pairs; rare/common visits every rare heap and confirms the
    /// rare values, about `2 × bound` pairs. Rare/common is used when it is
    /// clearly cheaper.
    #[cold]
    #[inline(never)]
    pub(super) fn check_split<V: ValueTable + ?Sized>(&mut self, t: &V) {
        let n = t.count();
        self.rc.next_check = n + (n / 4).max(256);
        if self.method != Method::Auto || !self.moves.rare_common_applies() {
            return;
        }
        self.stats.split_checks += 1;
        let bound = self.bound as u64;
        // What the last stretch cost.
        let (before, n_before) = self.sched.costs.at_check;
        let now = self.stats;
        let half_n = (n + n_before) as f64 / 4.0;
        let plain_heaps = now.plain_heaps - before.plain_heaps;
        if plain_heaps >= 128 {
            let work = (now.plain_marked - before.plain_marked) as f64
                + SEARCH_WEIGHT * (now.plain_scanned - before.plain_scanned) as f64;
            self.sched.costs.plain_per_half_n = work / plain_heaps as f64 / half_n;
        }
        let rc_heaps = now.rare_common_heaps - before.rare_common_heaps;
        if rc_heaps >= 128 {
            let work = (now.confirm_pairs - before.confirm_pairs) as f64
                + SEARCH_WEIGHT * (now.searched_pairs - before.searched_pairs) as f64;
            self.sched.costs.confirm_per_heap = Some(work / rc_heaps as f64);
        }
        self.sched.costs.at_check = (now, n);
        // A twisted split needs every split class to see sums of one
        // parity, `k0` (mod 2) from the heap; the heap's value then falls in
        // the class found through rare heaps when heap x is rare iff
        // popcount(G(x) & mask) ≡ (x − k0) (mod 2).
        let k0 = self.moves.pairs.first().is_some_and(|&k| k & 1 == 1);
        let one_parity = self.moves.pairs.windows(2).all(|w| (w[1] - w[0]) % 2 == 0);
        let twist = [[k0, !k0]];
        let twists: &[[bool; 2]] = if one_parity { &twist } else { &[] };
        let plain = self.sched.costs.plain_per_half_n * n as f64 / 2.0;
        let confirm = self
            .sched
            .costs
            .confirm_per_heap
            .unwrap_or(2.0 * bound as f64);
        let classes = self.moves.pairs.len() as f64;
        let best = best_split_by_parity(&self.sched.counts[0], &self.sched.counts[1], twists)
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
                for (h, x) in t.values_from(1) {
                    let v: u64 = x.into();
                    if s.is_rare(h as u64, v) {
                        self.rc.rare.push(h as u32);
                        self.rc.rare_values.push(v as u16);
                    }
                }
                self.rc.split = Some(s);
                self.rc.cuts.clear();
                self.rc.memo = Default::default();
                self.value_lists();
            }
        }
        self.rc.rare_at_check = self.rc.rare.len();
    }
}
