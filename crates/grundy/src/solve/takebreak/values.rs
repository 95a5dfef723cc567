//! The value table as the engine reads it: [`ValueTable`], the first step
//! towards a 9-bit table (see "Where the table is read" in the module
//! docs). Today only `[T]` implements it, with the same reads the engine
//! made by indexing; a table of a byte plane and a bit plane would
//! implement the same methods.

use super::*;

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

    /// `G(from..from + N)` as one run, `None` past the end. (The slice
    /// lends its own memory; a table of planes would hand out the byte run
    /// and the run's word of high bits instead.)
    fn run<const N: usize>(&self, from: usize) -> Option<&[Self::Value; N]>;

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
    fn run<const N: usize>(&self, from: usize) -> Option<&[T; N]> {
        self.get(from..from.checked_add(N)?)?.try_into().ok()
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
        assert_eq!(t.run::<2>(4), Some(&[511, 7]));
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
}
