//! The plain method: a prefix of splits marked, then a vectorized search
//! for each mex candidate.

use super::*;

impl Core {
    /// Marks the first `budget` two-heap splits of `n` (over all classes,
    /// in order), recording in `marked` how far each class got. With
    /// `confirm`, stops as soon as every value in `rc.targets` is marked and
    /// returns whether that happened.
    #[inline(always)]
    pub(super) fn mark_prefix<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
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
                    t.xor_chunk(m, lo, &mut buf);
                } else {
                    t.xor_pairs(m, lo, &mut buf[..len]);
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
    pub(super) fn plain<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
    ) -> u64 {
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
                if let Some(end) = t.first_chunk_with(m, lo, hi, target) {
                    t.mark_range(m, lo, end, &mut self.stamp, g);
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
    pub(super) fn unmarked(&self, n: usize, ci: usize) -> Option<(usize, usize, usize)> {
        let k = self.moves.pairs[ci];
        let m = n.checked_sub(k).filter(|&m| m >= 2)?;
        Some((m, self.marked[ci] + 1, self.moves.half(m)))
    }

    /// Whether a three-heap split of `n` has value `target`.
    #[inline(always)]
    pub(super) fn some_triple_is_worth<V: ValueTable + ?Sized>(
        &self,
        t: &V,
        n: usize,
        target: V::Value,
    ) -> bool {
        for &k in &self.moves.triples {
            if n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    if t.pairs_contain(m - a, a, (m - a) / 2, target ^ t.value(a)) {
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
    pub(super) fn split_beyond_prefix_is_worth<V: ValueTable + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
        target: V::Value,
    ) -> bool {
        self.stats.searches += 1;
        for ci in 0..self.moves.pairs.len() {
            let Some((m, lo, hi)) = self.unmarked(n, ci) else {
                continue;
            };
            if let Some(end) = t.first_chunk_with(m, lo, hi, target) {
                self.stats.searched_pairs += (end + 1 - lo) as u64;
                return true;
            }
            self.stats.searched_pairs += (hi + 1).saturating_sub(lo) as u64;
        }
        self.some_triple_is_worth(t, n, target)
    }
}
