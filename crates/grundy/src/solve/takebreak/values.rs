//! The value table as the engine reads it: [`ValueTable`] (see "Where the
//! table is read" in the module docs). `[T]` implements it with the
//! engine's vectorized kernels; [`NineView`] (a byte plane and a bit plane)
//! decodes a run of up to 64 values into `u16`s and runs the same kernels
//! on them.

use super::*;
use crate::solve::table::{Nine, NineView};
use std::sync::atomic::Ordering;

/// The engine's reads of `G(0), G(1), …` (values of width `Value`).
///
/// Out-of-range indices panic, as indexing a slice does (the engine only
/// reads values it has computed).
pub(super) trait ValueTable {
    /// The width the values are read at.
    type Value: Word;

    /// How many values the table holds.
    fn count(&self) -> usize;

    /// `G(i)`.
    fn value(&self, i: usize) -> Self::Value;

    /// `G(a) ⊕ G(b)`: the value of the two heaps `a` and `b`.
    #[inline(always)]
    fn pair(&self, a: usize, b: usize) -> Self::Value {
        self.value(a) ^ self.value(b)
    }

    /// `G(a) ⊕ G(b) ⊕ G(c)`: the value of three heaps.
    #[inline(always)]
    fn triple(&self, a: usize, b: usize, c: usize) -> Self::Value {
        self.value(a) ^ self.value(b) ^ self.value(c)
    }

    /// `(i, G(i))` for `i` in `first..count` in order.
    fn values_from(&self, first: usize) -> impl Iterator<Item = (usize, Self::Value)> + '_;

    /// `G(from..from + N)` as one run, `None` past the end.
    fn run<const N: usize>(&self, from: usize) -> Option<[Self::Value; N]>;

    /// `rows[j][(values[q] ⊕ G(starts[q] + j)) mod W] = 1` for every row
    /// `j` and every `q` (the block fill's inner loop: `N` splits, each
    /// with consecutive partners, in one pass over the rows).
    fn mark_group<const W: usize, const S: usize, const N: usize>(
        &self,
        rows: &mut [[u8; S]],
        starts: [usize; N],
        values: [usize; N],
    );

    /// `out[j] = G(lo + j) ⊕ G(m − lo − j)` for a full chunk.
    fn xor_chunk(&self, m: usize, lo: usize, out: &mut [Self::Value; CHUNK]);

    /// `out[j] = G(lo + j) ⊕ G(m − lo − j)` for `j < out.len()`.
    fn xor_pairs(&self, m: usize, lo: usize, out: &mut [Self::Value]);

    /// Whether `G(a) ⊕ G(m − a) = target` for some `a` in `lo..=hi`.
    fn pairs_contain(&self, m: usize, lo: usize, hi: usize, target: Self::Value) -> bool;

    /// The last `a` of the first chunk of splits from `lo` holding one
    /// worth `target` (see [`first_chunk_with`]).
    fn first_chunk_with(
        &self,
        m: usize,
        lo: usize,
        hi: usize,
        target: Self::Value,
    ) -> Option<usize>;

    /// Stamps `g` at the values of the splits `a + (m − a)`, `lo ≤ a ≤ end`.
    fn mark_range(&self, m: usize, lo: usize, end: usize, stamp: &mut [u32], g: u32);

    /// `rows[j][(v ⊕ G(from + j)) mod W] = 1` for every row `j` (the block
    /// fill: consecutive heaps, consecutive partners).
    fn mark_rows<const W: usize, const S: usize>(
        &self,
        rows: &mut [[u8; S]],
        from: usize,
        v: usize,
    );
}

impl<T: Word> ValueTable for [T] {
    type Value = T;

    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline(always)]
    fn value(&self, i: usize) -> T {
        self[i]
    }

    #[inline(always)]
    fn values_from(&self, first: usize) -> impl Iterator<Item = (usize, T)> + '_ {
        self.iter().copied().enumerate().skip(first)
    }

    #[inline(always)]
    fn run<const N: usize>(&self, from: usize) -> Option<[T; N]> {
        self.get(from..from.checked_add(N)?)?.try_into().ok()
    }

    #[inline(always)]
    fn mark_group<const W: usize, const S: usize, const N: usize>(
        &self,
        rows: &mut [[u8; S]],
        starts: [usize; N],
        values: [usize; N],
    ) {
        let heaps = rows.len();
        let partners: [&[T]; N] = std::array::from_fn(|q| &self[starts[q]..][..heaps]);
        for (j, row) in rows.iter_mut().enumerate() {
            for q in 0..N {
                row[(values[q] ^ partners[q][j].index()) & (W - 1)] = 1;
            }
        }
    }

    #[inline(always)]
    fn xor_chunk(&self, m: usize, lo: usize, out: &mut [T; CHUNK]) {
        xor_chunk(self, m, lo, out)
    }

    #[inline(always)]
    fn xor_pairs(&self, m: usize, lo: usize, out: &mut [T]) {
        xor_pairs(self, m, lo, out)
    }

    #[inline(always)]
    fn pairs_contain(&self, m: usize, lo: usize, hi: usize, target: T) -> bool {
        pairs_contain(self, m, lo, hi, target)
    }

    #[inline(always)]
    fn first_chunk_with(&self, m: usize, lo: usize, hi: usize, target: T) -> Option<usize> {
        first_chunk_with(self, m, lo, hi, target)
    }

    #[inline(always)]
    fn mark_range(&self, m: usize, lo: usize, end: usize, stamp: &mut [u32], g: u32) {
        mark_range(self, m, lo, end, stamp, g)
    }

    #[inline(always)]
    fn mark_rows<const W: usize, const S: usize>(
        &self,
        rows: &mut [[u8; S]],
        from: usize,
        v: usize,
    ) {
        mark_rows::<T, W, S>(rows, &self[from..from + rows.len()], v)
    }
}

/// A borrowed table reads as the table.
impl<V: ValueTable + ?Sized> ValueTable for &V {
    type Value = V::Value;

    #[inline(always)]
    fn count(&self) -> usize {
        (**self).count()
    }

    #[inline(always)]
    fn value(&self, i: usize) -> V::Value {
        (**self).value(i)
    }

    #[inline(always)]
    fn pair(&self, a: usize, b: usize) -> V::Value {
        (**self).pair(a, b)
    }

    #[inline(always)]
    fn triple(&self, a: usize, b: usize, c: usize) -> V::Value {
        (**self).triple(a, b, c)
    }

    #[inline(always)]
    fn values_from(&self, first: usize) -> impl Iterator<Item = (usize, V::Value)> + '_ {
        (**self).values_from(first)
    }

    #[inline(always)]
    fn run<const N: usize>(&self, from: usize) -> Option<[V::Value; N]> {
        (**self).run(from)
    }

    #[inline(always)]
    fn mark_group<const W: usize, const S: usize, const N: usize>(
        &self,
        rows: &mut [[u8; S]],
        starts: [usize; N],
        values: [usize; N],
    ) {
        (**self).mark_group::<W, S, N>(rows, starts, values)
    }

    #[inline(always)]
    fn xor_chunk(&self, m: usize, lo: usize, out: &mut [V::Value; CHUNK]) {
        (**self).xor_chunk(m, lo, out)
    }

    #[inline(always)]
    fn xor_pairs(&self, m: usize, lo: usize, out: &mut [V::Value]) {
        (**self).xor_pairs(m, lo, out)
    }

    #[inline(always)]
    fn pairs_contain(&self, m: usize, lo: usize, hi: usize, target: V::Value) -> bool {
        (**self).pairs_contain(m, lo, hi, target)
    }

    #[inline(always)]
    fn first_chunk_with(&self, m: usize, lo: usize, hi: usize, target: V::Value) -> Option<usize> {
        (**self).first_chunk_with(m, lo, hi, target)
    }

    #[inline(always)]
    fn mark_range(&self, m: usize, lo: usize, end: usize, stamp: &mut [u32], g: u32) {
        (**self).mark_range(m, lo, end, stamp, g)
    }

    #[inline(always)]
    fn mark_rows<const W: usize, const S: usize>(
        &self,
        rows: &mut [[u8; S]],
        from: usize,
        v: usize,
    ) {
        (**self).mark_rows::<W, S>(rows, from, v)
    }
}

/// The bits 8 of `G(from..from + 64)` (bit `j` for `G(from + j)`; bits
/// past the table's end are whatever the bit plane holds there, 0 past
/// its last word).
#[inline(always)]
fn high_bits(t: &NineView<'_>, from: usize) -> u64 {
    let words = t.words();
    let word = |w: usize| words.get(w).map_or(0, |x| x.load(Ordering::Relaxed));
    let (w, s) = (from / 64, from % 64);
    let low = word(w) >> s;
    if s == 0 {
        low
    } else {
        low | word(w + 1) << (64 - s)
    }
}

/// `out[j] = bytes[j] | bit j of bits as bit 8`, for `j < out.len() ≤ 64`.
///
/// Written as a mask and a compare per lane (eight lanes at a time), which
/// compiles to vector instructions; a shift by the lane's index does not.
#[inline(always)]
fn combine(bytes: &[u8], bits: u64, out: &mut [u16]) {
    const LANE: [u16; 8] = [1, 2, 4, 8, 16, 32, 64, 128];
    let (outs, out_rest) = out.as_chunks_mut::<8>();
    let (ins, _) = bytes.as_chunks::<8>();
    for (k, (o, b)) in outs.iter_mut().zip(ins).enumerate() {
        let eight = (bits >> (8 * k)) as u8 as u16;
        for i in 0..8 {
            let high = if eight & LANE[i] != 0 { 0x100 } else { 0 };
            o[i] = u16::from(b[i]) | high;
        }
    }
    let done = outs.len() * 8;
    for (j, o) in out_rest.iter_mut().enumerate() {
        let j = done + j;
        *o = u16::from(bytes[j]) | (((bits >> j) & 1) as u16) << 8;
    }
}

/// `out[j] = G(from + j)` for `j < out.len() ≤ 64` (inside the table: a
/// panic otherwise, as indexing).
#[inline(always)]
fn decode(t: &NineView<'_>, from: usize, out: &mut [u16]) {
    let bytes = &t.bytes()[from..from + out.len()];
    combine(bytes, high_bits(t, from), out);
}

/// Whether `G(a + j) ⊕ G(m − a − j) = target` for some `j < CHUNK`: the
/// bytes XORed and compared as bytes first (most chunks hold no byte equal
/// to the target's low byte, and this part is vectorized); only then the
/// high bits, XORed as words (the right-hand run's reversed), at the bytes
/// that matched.
#[inline(always)]
fn chunk_has(t: &NineView<'_>, m: usize, a: usize, target: u16) -> bool {
    let r0 = m + 1 - a - CHUNK;
    let left: &[u8; CHUNK] = t.bytes()[a..a + CHUNK].try_into().expect("a chunk");
    let right: &[u8; CHUNK] = t.bytes()[r0..r0 + CHUNK].try_into().expect("a chunk");
    let low = target as u8;
    let mut x = [0u8; CHUNK];
    let mut any = false;
    for j in 0..CHUNK {
        x[j] = left[j] ^ right[CHUNK - 1 - j];
        any |= x[j] == low;
    }
    if !any {
        return false;
    }
    let high = high_bits(t, a) ^ high_bits(t, r0).reverse_bits();
    let want = if target >> 8 != 0 { high } else { !high };
    (0..CHUNK).any(|j| x[j] == low && (want >> j) & 1 != 0)
}

/// The two planes: single reads `byte | bit << 8`; a pair chunk XORs the
/// bytes as bytes and the high bits as words, then spreads the high bits
/// (a table load per eight values); searches compare bytes and spread high
/// bits without building `u16`s; runs are decoded 64 values at a time.
impl ValueTable for NineView<'_> {
    type Value = u16;

    #[inline(always)]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline(always)]
    fn value(&self, i: usize) -> u16 {
        u16::from(self.bytes()[i]) | self.high_bit(i) << 8
    }

    #[inline(always)]
    fn values_from(&self, first: usize) -> impl Iterator<Item = (usize, u16)> + '_ {
        (first..self.len()).map(|i| (i, self.value(i)))
    }

    #[inline(always)]
    fn run<const N: usize>(&self, from: usize) -> Option<[u16; N]> {
        if from.checked_add(N)? > self.len() {
            return None;
        }
        let mut out = [0u16; N];
        for (k, piece) in out.chunks_mut(CHUNK).enumerate() {
            decode(self, from + k * CHUNK, piece);
        }
        Some(out)
    }

    #[inline(always)]
    fn mark_group<const W: usize, const S: usize, const N: usize>(
        &self,
        rows: &mut [[u8; S]],
        starts: [usize; N],
        values: [usize; N],
    ) {
        // 64 rows at a time: each partner run decoded into `u16`s first
        // (vectorized), then the `u16` loop.
        let mut runs = [[0u16; CHUNK]; N];
        for (k, rows) in rows.chunks_mut(CHUNK).enumerate() {
            let heaps = rows.len();
            for (run, &s) in runs.iter_mut().zip(&starts) {
                decode(self, s + CHUNK * k, &mut run[..heaps]);
            }
            for (j, row) in rows.iter_mut().enumerate() {
                for q in 0..N {
                    row[(values[q] ^ usize::from(runs[q][j])) & (W - 1)] = 1;
                }
            }
        }
    }

    #[inline(always)]
    fn xor_chunk(&self, m: usize, lo: usize, out: &mut [u16; CHUNK]) {
        // The bytes XORed as bytes, the high bits as words (the right-hand
        // run's reversed), then the two combined.
        let r0 = m + 1 - lo - CHUNK;
        let left: &[u8; CHUNK] = self.bytes()[lo..lo + CHUNK].try_into().expect("a chunk");
        let right: &[u8; CHUNK] = self.bytes()[r0..r0 + CHUNK].try_into().expect("a chunk");
        let mut low = [0u8; CHUNK];
        for j in 0..CHUNK {
            low[j] = left[j] ^ right[CHUNK - 1 - j];
        }
        let high = high_bits(self, lo) ^ high_bits(self, r0).reverse_bits();
        combine(&low, high, out);
    }

    #[inline(always)]
    fn xor_pairs(&self, m: usize, lo: usize, out: &mut [u16]) {
        let mut left = [0u16; CHUNK];
        let mut right = [0u16; CHUNK];
        for (k, piece) in out.chunks_mut(CHUNK).enumerate() {
            let (a, len) = (lo + k * CHUNK, piece.len());
            decode(self, a, &mut left[..len]);
            decode(self, m + 1 - a - len, &mut right[..len]);
            for (j, o) in piece.iter_mut().enumerate() {
                *o = left[j] ^ right[len - 1 - j];
            }
        }
    }

    #[inline(always)]
    fn pairs_contain(&self, m: usize, lo: usize, hi: usize, target: u16) -> bool {
        self.first_chunk_with(m, lo, hi, target).is_some()
    }

    #[inline(always)]
    fn first_chunk_with(&self, m: usize, lo: usize, hi: usize, target: u16) -> Option<usize> {
        if u64::from(target) >= Nine::LIMIT {
            return None;
        }
        let mut a = lo;
        while a + CHUNK <= hi + 1 {
            if chunk_has(self, m, a, target) {
                return Some(a + CHUNK - 1);
            }
            a += CHUNK;
        }
        if a > hi {
            return None;
        }
        let mut buf = [0u16; CHUNK];
        let len = hi + 1 - a;
        self.xor_pairs(m, a, &mut buf[..len]);
        buf[..len].contains(&target).then_some(hi)
    }

    #[inline(always)]
    fn mark_range(&self, m: usize, lo: usize, end: usize, stamp: &mut [u32], g: u32) {
        let mut buf = [0u16; CHUNK];
        let mut a = lo;
        while a <= end {
            let len = (end - a + 1).min(CHUNK);
            if len == CHUNK {
                self.xor_chunk(m, a, &mut buf);
            } else {
                self.xor_pairs(m, a, &mut buf[..len]);
            }
            for &x in &buf[..len] {
                stamp[usize::from(x)] = g;
            }
            a += len;
        }
    }

    #[inline(always)]
    fn mark_rows<const W: usize, const S: usize>(
        &self,
        rows: &mut [[u8; S]],
        from: usize,
        v: usize,
    ) {
        let mut partners = [0u16; CHUNK];
        for (k, rows) in rows.chunks_mut(CHUNK).enumerate() {
            let partners = &mut partners[..rows.len()];
            decode(self, from + k * CHUNK, partners);
            mark_rows::<u16, W, S>(rows, partners, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slice_reads_as_itself() {
        let t: &[u16] = &[0, 1, 300, 2, 511, 7];
        assert_eq!(t.count(), 6);
        assert_eq!(t.value(2), 300);
        assert_eq!(t.pair(2, 4), 300 ^ 511);
        assert_eq!(t.triple(1, 2, 5), 1 ^ 300 ^ 7);
        let from: Vec<_> = t.values_from(3).collect();
        assert_eq!(from, vec![(3, 2), (4, 511), (5, 7)]);
        assert!(t.values_from(6).next().is_none());
        assert_eq!(t.run::<2>(4), Some([511, 7]));
        assert_eq!(t.run::<2>(5), None);
        assert_eq!(t.run::<1>(usize::MAX), None);
    }

    /// The pair scans against their definition, `G(a) ⊕ G(m − a)` read
    /// one value at a time, on a table with values past 255.
    #[test]
    fn the_pair_scans_match_single_reads() {
        let t: Vec<u16> = (0..400u32)
            .map(|i| ((i * 37 + i / 3) % 512) as u16)
            .collect();
        let t = &t[..];
        let m = 399;
        let mut chunk = [0u16; CHUNK];
        t.xor_chunk(m, 5, &mut chunk);
        let mut short = [0u16; 10];
        t.xor_pairs(m, 70, &mut short);
        for (j, &x) in chunk.iter().enumerate() {
            assert_eq!(x, t.pair(5 + j, m - 5 - j));
        }
        for (j, &x) in short.iter().enumerate() {
            assert_eq!(x, t.pair(70 + j, m - 70 - j));
        }
        for target in [0u16, 1, 256, 300, 511] {
            let hits: Vec<usize> = (1..=m / 2)
                .filter(|&a| t.pair(a, m - a) == target)
                .collect();
            assert_eq!(t.pairs_contain(m, 1, m / 2, target), !hits.is_empty());
            let end = t.first_chunk_with(m, 1, m / 2, target);
            match hits.first() {
                None => assert_eq!(end, None),
                Some(&a) => {
                    let end = end.unwrap();
                    assert!(a <= end && end < a + CHUNK && end <= m / 2);
                }
            }
        }
        let mut rows = [[0u8; 512]; 3];
        t.mark_rows::<512, 512>(&mut rows, 200, 301);
        for (j, row) in rows.iter().enumerate() {
            let x = 301 ^ usize::from(t.value(200 + j));
            assert!(row.iter().enumerate().all(|(i, &f)| (f == 1) == (i == x)));
        }
        let mut stamp = vec![0u32; 512];
        t.mark_range(m, 3, 150, &mut stamp, 7);
        for (x, &s) in stamp.iter().enumerate() {
            let marked = (3..=150).any(|a| usize::from(t.pair(a, m - a)) == x);
            assert_eq!(s == 7, marked, "value {x}");
        }
    }

    /// Every method of the two planes against the `u16` slice holding the
    /// same values (random, 0..512), at unaligned starts, across word
    /// boundaries and at the ends of the table.
    #[test]
    fn the_planes_read_as_the_u16_slice() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for len in [3usize, 63, 64, 65, 200, 777] {
            // Some tables mostly below 256 (as 0.6's), some all over.
            let wide: Vec<u16> = (0..len)
                .map(|_| {
                    let v = next();
                    (if v % 4 == 0 { v % 512 } else { v % 256 }) as u16
                })
                .collect();
            let mut nine = Nine::new();
            wide.iter().for_each(|&v| nine.push(v));
            let (a, b) = (nine.view(), &wide[..]);
            assert_eq!(a.count(), b.count());
            for i in 0..len {
                assert_eq!(a.value(i), b.value(i));
            }
            for first in [0, 1, len / 2, len - 1, len] {
                assert!(a.values_from(first).eq(b.values_from(first)));
            }
            for from in (0..len).step_by(7).chain([len.saturating_sub(32), len]) {
                assert_eq!(a.run::<32>(from), b.run::<32>(from), "run {from}");
                assert_eq!(a.run::<3>(from), b.run::<3>(from), "run {from}");
            }
            for _ in 0..300 {
                let m = 2 + next() as usize % (len - 2);
                let lo = 1 + next() as usize % (m / 2 + 1);
                let hi = (lo + next() as usize % 200).min(m / 2);
                let target = (next() % 512) as u16;
                // A pair's value, the same with bit 8 flipped (its low
                // byte found, its high bit not), or any value.
                let target = match next() % 3 {
                    0 if lo <= hi => a.pair(lo, m - lo),
                    1 if lo <= hi => a.pair(lo, m - lo) ^ 0x100,
                    _ => target,
                };
                assert_eq!(
                    a.pairs_contain(m, lo, hi, target),
                    b.pairs_contain(m, lo, hi, target),
                    "{len} {m} {lo} {hi} {target}"
                );
                assert_eq!(
                    a.first_chunk_with(m, lo, hi, target),
                    b.first_chunk_with(m, lo, hi, target),
                    "{len} {m} {lo} {hi} {target}"
                );
                if lo <= hi {
                    let k = hi - lo + 1;
                    let (mut p, mut q) = (vec![0u16; k], vec![0u16; k]);
                    a.xor_pairs(m, lo, &mut p);
                    b.xor_pairs(m, lo, &mut q);
                    assert_eq!(p, q);
                    let (mut sa, mut sb) = (vec![0u32; 512], vec![0u32; 512]);
                    a.mark_range(m, lo, hi, &mut sa, 3);
                    b.mark_range(m, lo, hi, &mut sb, 3);
                    assert_eq!(sa, sb);
                }
                if lo + CHUNK <= m + 1 - lo && m - lo < len {
                    let (mut p, mut q) = ([0u16; CHUNK], [0u16; CHUNK]);
                    a.xor_chunk(m, lo, &mut p);
                    b.xor_chunk(m, lo, &mut q);
                    assert_eq!(p, q);
                }
                let heaps = 1 + next() as usize % BLOCK.min(len);
                let from = next() as usize % (len - heaps + 1);
                let v = (next() % 512) as usize;
                let (mut ra, mut rb) = (vec![[0u8; 512]; heaps], vec![[0u8; 512]; heaps]);
                a.mark_rows::<512, 512>(&mut ra, from, v);
                b.mark_rows::<512, 512>(&mut rb, from, v);
                assert!(ra == rb);
                let starts = [from, next() as usize % (len - heaps + 1)];
                let values = [v, (next() % 512) as usize];
                a.mark_group::<512, 512, 2>(&mut ra, starts, values);
                b.mark_group::<512, 512, 2>(&mut rb, starts, values);
                assert!(ra == rb);
            }
        }
    }
}
