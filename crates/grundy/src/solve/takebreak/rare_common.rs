//! The rare/common method, one heap at a time: the candidate from the
//! rare pairs, then the rare values below it confirmed.

use super::*;

impl Core {
    /// The rare/common method (module docs) for heap `n`, begun.
    #[inline(always)]
    pub(super) fn rare_common<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
    ) -> u64 {
        let (c, pending) = self.rc_candidate(t, n, true);
        if pending == 0 {
            return c as u64;
        }
        self.rc_confirm(t, n, c, pending)
    }

    /// The candidate for `G(n)` (heap `n` begun) and what is left to
    /// confirm, none if `0`: with the bound at most 64 the rare values as
    /// bits (register bitsets pay off for the smallest values only: `u128`
    /// shifts cost more than stamp stores), else `1`, the values being in
    /// `rc.targets`. With `memo`, the rare-pair sets of sums seen before
    /// are reused ([`Self::candidate_bits`]): only for heaps computed in
    /// order, their values final (not the pipeline's candidates).
    #[inline(always)]
    pub(super) fn rc_candidate<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
        memo: bool,
    ) -> (usize, u64) {
        if self.bound <= 64 {
            return self.candidate_bits::<T, V, u64>(t, n, memo);
        }
        self.mark_rare_pairs(t, n, 0..0);
        let c = self.candidate(n, [&[], &[]]);
        (c, u64::from(!self.rc.targets.is_empty()))
    }

    /// `G(n)` from [`Self::rc_candidate`]'s answer (`pending` not `0`).
    #[inline(always)]
    pub(super) fn rc_confirm<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
        c: usize,
        pending: u64,
    ) -> u64 {
        if self.bound <= 64 {
            self.confirm_bits(t, n, c, pending)
        } else {
            self.confirm(t, n, c, false)
        }
    }

    /// Marks the values of the pairs (rare heap, other heap) of `n`, except
    /// those whose rare heap has its index in `skip` (marked elsewhere).
    #[inline(always)]
    pub(super) fn mark_rare_pairs<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
        skip_bulk: std::ops::Range<usize>,
    ) {
        let g = self.generation;
        let rare = &self.rc.rare;
        let values = &self.rc.rare_values;
        // Rare/common runs only with values below 2^16: a fixed-size view
        // lets masked indices go unchecked.
        let Some(stamp) = self.stamp.first_chunk_mut::<{ 1 << MAX_SPLIT_BITS }>() else {
            return;
        };
        let rare_pairs = &mut self.stats.rare_pairs;
        rare_pair_walk(&self.moves, rare, &mut self.rc.cuts, n, |m, cut, skip| {
            for range in ranges_without(0..cut, skip, &skip_bulk) {
                *rare_pairs += range.len() as u64;
                for (&r, &v) in rare[range.clone()].iter().zip(&values[range]) {
                    let x = usize::from(v) ^ t.value(m - r as usize).index();
                    stamp[x & ((1 << MAX_SPLIT_BITS) - 1)] = g;
                }
            }
        });
    }

    /// The candidate for `G(n)` in rare/common: the least common value not
    /// seen yet (stamped this generation or flagged in `rows`); the rare
    /// values below it not seen yet go to `rc.targets`.
    #[inline(always)]
    pub(super) fn candidate(&mut self, n: usize, rows: [&[u64]; 2]) -> usize {
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
    pub(super) fn confirm<T: Word, V: ValueTable<Value = T> + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
        c: usize,
        prefix_marked: bool,
    ) -> u64 {
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
    pub(super) fn mark_until_few<V: ValueTable + ?Sized>(
        &mut self,
        t: &V,
        n: usize,
        targets: &mut Vec<usize>,
    ) {
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
                t.mark_range(m, lo, end, &mut self.stamp, g);
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
    ///
    /// The values of the rare pairs of a sum `m` (a set, as bits) depend
    /// on `m` alone while the rare list stays (heaps are only appended
    /// above `m`): with `memo` and several two-heap classes, the set of
    /// each sum is kept in `rc.memo` and reused when another class of a
    /// later heap has the same sum (0.167: the sums `n − 2` and `n − 3`,
    /// so each set is walked once instead of twice).
    #[inline(always)]
    pub(super) fn candidate_bits<T: Word, V: ValueTable<Value = T> + ?Sized, B: Bits>(
        &mut self,
        t: &V,
        n: usize,
        memo: bool,
    ) -> (usize, B) {
        let mut seen = B::ZERO;
        if self.moves.terminal.contains(&n) {
            seen = seen | B::bit(0);
        }
        for &k in &self.moves.single {
            if n > k {
                seen = seen | B::bit(t.value(n - k).index());
            }
        }
        // Heaps computed in order, values final: the pairs with a bulk rare
        // heap come from the bits filled for the next 32 heaps at once.
        let bulk = if memo {
            let epoch = self.stats.split_changes;
            if !self.rc.bulk_bits.covers(n, epoch) {
                self.fill_bulk_bits(t, n, epoch);
            }
            let ahead = &self.rc.bulk_bits;
            if !ahead.rare.is_empty() {
                seen = seen | B::from_u128(u128::from(ahead.bits[n - ahead.n0]));
            }
            ahead.rare.clone()
        } else {
            0..0
        };
        let rare = &self.rc.rare;
        let values = &self.rc.rare_values;
        let rare_pairs = &mut self.stats.rare_pairs;
        let memo = memo && self.moves.pairs.len() > 1 && bulk.is_empty();
        let sets = &mut self.rc.memo;
        rare_pair_walk(&self.moves, rare, &mut self.rc.cuts, n, |m, cut, skip| {
            let slot = &mut sets[m % MEMO_SUMS];
            if memo && slot.sum == m && slot.cut == cut {
                seen = seen | B::from_u128(slot.set);
                return;
            }
            // Two accumulators: the OR chains run side by side.
            let (mut a, mut b) = (B::ZERO, B::ZERO);
            // The rare heaps below `m`, but `skip` or the bulk (no iterator
            // adapters: they kept the loop out of line). The bulk lies below
            // every cut and is never filled when a heap is skipped.
            let (first, second) = match skip {
                _ if !bulk.is_empty() => (0..bulk.start, bulk.end..cut),
                Some(i) => (0..i, i + 1..cut),
                None => (0..cut, 0..0),
            };
            for range in [first, second] {
                *rare_pairs += range.len() as u64;
                let pairs = rare[range.clone()]
                    .chunks_exact(2)
                    .zip(values[range.clone()].chunks_exact(2));
                for (r, v) in pairs {
                    a = a | B::bit(usize::from(v[0]) ^ t.value(m - r[0] as usize).index());
                    b = b | B::bit(usize::from(v[1]) ^ t.value(m - r[1] as usize).index());
                }
                if range.len() % 2 == 1 {
                    let i = range.end - 1;
                    a = a | B::bit(usize::from(values[i]) ^ t.value(m - rare[i] as usize).index());
                }
            }
            if memo {
                *slot = SumSet {
                    sum: m,
                    cut,
                    set: (a | b).to_u128(),
                };
            }
            seen = seen | a | b;
        });
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

    /// Fills [`BulkBits`] for the heaps `n0..n0 + 32` (values below 64,
    /// every heap below `n0` final): the rare heaps `r`, `32 ≤ r < n0 − k`
    /// for every class `k`, pair in each of those heaps with a partner below
    /// `n0`, and for a fixed `r` the partners of consecutive heaps are
    /// consecutive in the table: one vectorized pass of 32 values per rare
    /// heap and class instead of a gather per pair and heap. Left empty
    /// (the heaps walk every rare heap) when too few rare heaps qualify,
    /// early in the sequence, or when some splits are not allowed (a skipped
    /// pair cannot be taken out of a set of bits).
    #[inline(always)]
    pub(super) fn fill_bulk_bits<V: ValueTable + ?Sized>(&mut self, t: &V, n0: usize, epoch: u64) {
        let ahead = &mut self.rc.bulk_bits;
        ahead.n0 = n0;
        ahead.epoch = epoch;
        ahead.rare = 0..0;
        let kmax = self.moves.pairs.iter().copied().max().unwrap_or(0);
        let rare = &self.rc.rare;
        if self.moves.unequal || n0 < BULK_FROM || t.count() < n0 {
            return;
        }
        let lo = rare.partition_point(|&r| (r as usize) < BULK_HEAPS);
        let hi = rare.partition_point(|&r| (r as usize) < n0 - kmax);
        if hi < lo + MIN_BULK_BITS {
            return;
        }
        ahead.rare = lo..hi;
        let bits: &mut [u64; BULK_HEAPS] = &mut ahead.bits;
        bits.fill(0);
        let values = &self.rc.rare_values;
        for &k in &self.moves.pairs {
            // Heap `n0 + j` pairs `r` with `n0 + j − k − r`: in `1..n0` for
            // `32 ≤ r < n0 − k` and `j < 32`.
            let partners =
                |i: usize| -> Option<[V::Value; BULK_HEAPS]> { t.run(n0 - k - rare[i] as usize) };
            // (Partners always lie in the table; were one not to, no set
            // would be better than a partial one.)
            let mut i = lo;
            while i + 2 <= hi {
                let (Some(p), Some(q)) = (partners(i), partners(i + 1)) else {
                    ahead.rare = 0..0;
                    return;
                };
                let (v, w) = (usize::from(values[i]), usize::from(values[i + 1]));
                for j in 0..BULK_HEAPS {
                    bits[j] |= (1 << ((v ^ p[j].index()) & 63)) | (1 << ((w ^ q[j].index()) & 63));
                }
                i += 2;
            }
            // The last one (an odd count).
            if i < hi {
                let Some(p) = partners(i) else {
                    ahead.rare = 0..0;
                    return;
                };
                let v = usize::from(values[i]);
                for j in 0..BULK_HEAPS {
                    bits[j] |= 1 << ((v ^ p[j].index()) & 63);
                }
            }
        }
        self.stats.rare_pairs += ((hi - lo) * BULK_HEAPS * self.moves.pairs.len()) as u64;
    }

    /// [`Self::confirm`] for small values, the targets as bits.
    #[inline(always)]
    pub(super) fn confirm_bits<T: Word, V: ValueTable<Value = T> + ?Sized, B: Bits>(
        &mut self,
        t: &V,
        n: usize,
        c: usize,
        targets: B,
    ) -> u64 {
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
                    t.xor_chunk(m, lo, &mut buf);
                } else {
                    t.xor_pairs(m, lo, &mut buf[..len]);
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
}

/// The rare-pair walk of heap `n` (written once, for the stamp table and
/// for register bitsets): for each two-heap class with splits, calls `f`
/// with the sum `m`, the number `cut` of rare heaps below `m` (those `r`
/// that pair with `m − r`) and the index to skip among them, `r = m/2`
/// when splits must be unequal (it would pair with itself). Moves each
/// class's cut forward (sums only grow).
#[inline(always)]
pub(super) fn rare_pair_walk(
    moves: &Moves,
    rare: &[u32],
    cuts: &mut Vec<usize>,
    n: usize,
    mut f: impl FnMut(usize, usize, Option<usize>),
) {
    cuts.resize(moves.pairs.len(), 0);
    for (&k, cut) in moves.pairs.iter().zip(cuts.iter_mut()) {
        if n < k + 2 {
            continue;
        }
        let m = n - k;
        while *cut < rare.len() && (rare[*cut] as usize) < m {
            *cut += 1;
        }
        let cut = *cut;
        let skip = if moves.unequal && m.is_multiple_of(2) {
            rare[..cut].binary_search(&((m / 2) as u32)).ok()
        } else {
            None
        };
        f(m, cut, skip);
    }
}

/// Heaps whose bulk bits [`Core::fill_bulk_bits`] fills at once (the
/// bulk: rare heaps from this one on).
pub(super) const BULK_HEAPS: usize = 32;

/// Heaps from which [`Core::fill_bulk_bits`] fills bits ahead.
pub(super) const BULK_FROM: usize = 1024;
/// Fewest bulk rare heaps for it (below, walking them costs less).
pub(super) const MIN_BULK_BITS: usize = 4;

/// The values (below 64, as bits) of the pairs with a *bulk* rare heap of
/// the heaps `n0..n0 + 32`, filled at once by [`Core::fill_bulk_bits`]:
/// the rare heaps with indices `rare` in the rare list, every class. Valid
/// for the split of `epoch` (the count of split changes) only.
#[derive(Clone, Debug)]
pub(super) struct BulkBits {
    /// The first heap.
    pub(super) n0: usize,
    /// The split changes counted when it was filled.
    pub(super) epoch: u64,
    /// Indices of the bulk in the rare list (empty: not filled).
    pub(super) rare: std::ops::Range<usize>,
    /// Per heap `n0 + j`, the values of its bulk pairs.
    pub(super) bits: Box<[u64; BULK_HEAPS]>,
}

impl Default for BulkBits {
    fn default() -> Self {
        BulkBits {
            n0: usize::MAX,
            epoch: 0,
            rare: 0..0,
            bits: Box::new([0; BULK_HEAPS]),
        }
    }
}

impl BulkBits {
    /// Whether it was filled (or found not worth filling) for heap `n`.
    #[inline(always)]
    pub(super) fn covers(&self, n: usize, epoch: u64) -> bool {
        self.epoch == epoch && n >= self.n0 && n - self.n0 < BULK_HEAPS
    }
}

/// Sums whose rare-pair sets [`Core::candidate_bits`] keeps (a power of
/// two, more than the span of two-heap classes of most codes).
pub(super) const MEMO_SUMS: usize = 16;

/// The set of values of the rare pairs of one sum (see
/// [`Core::candidate_bits`]).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SumSet {
    /// The sum `m` (`0`: none; sums with pairs are at least 2).
    pub(super) sum: usize,
    /// Rare heaps below it when the set was made.
    pub(super) cut: usize,
    /// The values, as bits.
    pub(super) set: u128,
}

/// `range` without the indices in `bulk` and without the index `skip`.
#[inline(always)]
pub(super) fn ranges_without(
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
pub(super) trait Bits:
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
    /// As a `u128`.
    fn to_u128(self) -> u128;
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
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    };
}
bits!(u64);
bits!(u128);
