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
    }
}
