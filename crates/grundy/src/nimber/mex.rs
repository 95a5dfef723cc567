//! The minimal excludant, `mex(S)`: the least non-negative integer not in `S`.
//!
//! Algorithm: a table of generation stamps. `insert(v)` writes the current
//! generation at index `v`; `mex()` scans from 0 for the first slot that does
//! not carry it. Starting a new set ([`Mex::clear`]) only bumps the
//! generation, so a solver reuses one table for millions of positions without
//! ever clearing or sorting it. Time: O(1) per insert, O(mex) per query.
//! Memory: 4 bytes per slot, up to the largest value inserted below
//! [`Mex::TABLE_LIMIT`]; values beyond that (which can only matter for a set
//! of at least that many elements) are kept in a side list.

use super::Nimber;
use rustc_hash::FxHashSet;

/// A reusable mex calculator (see the module docs for the algorithm).
///
/// ```
/// use grundy::{Mex, Nimber};
/// let mut m = Mex::new();
/// for v in [0, 1, 2, 4] { m.insert(Nimber::new(v)); }
/// assert_eq!(m.mex(), Nimber::new(3));
/// m.clear();
/// for v in [2, 3, 5] { m.insert(Nimber::new(v)); }
/// assert_eq!(m.mex(), Nimber::ZERO);
/// m.clear();
/// assert_eq!(m.mex(), Nimber::ZERO); // mex{} = 0
/// ```
#[derive(Clone, Debug)]
pub struct Mex {
    stamp: Vec<u32>,
    generation: u32,
    large: Vec<u64>,
}

impl Default for Mex {
    fn default() -> Self {
        Mex::new()
    }
}

impl Mex {
    /// Values below this live in the stamp table; larger ones in a side list.
    pub const TABLE_LIMIT: u64 = 1 << 24;

    /// An empty set.
    pub fn new() -> Mex {
        Mex {
            stamp: vec![0; 64],
            generation: 1,
            large: Vec::new(),
        }
    }

    /// Forgets every inserted value: O(1) except once every 2^32 calls.
    #[inline]
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.large.clear();
    }

    /// Adds `v` to the set.
    #[inline]
    pub fn insert(&mut self, v: Nimber) {
        let v = v.value();
        if let Some(slot) = self.stamp.get_mut(v as usize) {
            *slot = self.generation;
        } else {
            self.insert_slow(v);
        }
    }

    /// Adds `v` when it falls inside the stamp table (the common case, one
    /// comparison) and says whether it did; else does nothing, and the
    /// caller inserts it with [`insert`](Mex::insert) if it is a value (a
    /// solver's "unknown" marks, far above any value, take this branch).
    #[inline(always)]
    pub fn insert_in_table(&mut self, v: u64) -> bool {
        match self.stamp.get_mut(usize::try_from(v).unwrap_or(usize::MAX)) {
            Some(slot) => {
                *slot = self.generation;
                true
            }
            None => false,
        }
    }

    #[cold]
    fn insert_slow(&mut self, v: u64) {
        if v < Self::TABLE_LIMIT {
            let len = (v as usize + 1).max(self.stamp.len() * 2);
            self.stamp.resize(len, 0);
            self.stamp[v as usize] = self.generation;
        } else {
            self.large.push(v);
        }
    }

    /// The least value not inserted since the last [`clear`](Mex::clear).
    #[inline]
    pub fn mex(&self) -> Nimber {
        let g = self.generation;
        match self.stamp.iter().position(|&s| s != g) {
            Some(i) => Nimber::new(i as u64),
            None => self.mex_beyond_table(),
        }
    }

    #[cold]
    fn mex_beyond_table(&self) -> Nimber {
        // Every slot of the table is present. The table only ever grows to a
        // length below TABLE_LIMIT unless a value forced it; values at or past
        // its end that were inserted live in `large`.
        let large: FxHashSet<u64> = self.large.iter().copied().collect();
        let mut m = self.stamp.len() as u64;
        while large.contains(&m) {
            m += 1;
        }
        Nimber::new(m)
    }

    /// `mex` of the values of an iterator, reusing this table.
    pub fn of<I: IntoIterator<Item = Nimber>>(&mut self, values: I) -> Nimber {
        self.clear();
        for v in values {
            self.insert(v);
        }
        self.mex()
    }
}

/// `mex` of a collection of values, with a fresh table.
///
/// ```
/// use grundy::{mex, Nimber};
/// assert_eq!(mex([1, 0, 3].map(Nimber::new)), Nimber::new(2));
/// ```
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    Mex::new().of(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn plain_mex(values: &[u64]) -> u64 {
        (0..).find(|m| !values.contains(m)).unwrap()
    }

    #[test]
    fn seed_examples() {
        // From the first seed document: mex{0,1,2,4}=3, mex{2,3,5}=0, mex{}=0.
        let mut m = Mex::new();
        assert_eq!(m.of([0, 1, 2, 4].map(Nimber::new)), Nimber::new(3));
        assert_eq!(m.of([2, 3, 5].map(Nimber::new)), Nimber::new(0));
        assert_eq!(m.of([]), Nimber::new(0));
    }

    #[test]
    fn huge_values_do_not_allocate_huge_tables() {
        let mut m = Mex::new();
        let v = m.of([0, u64::MAX, 1 << 40, 1].map(Nimber::new));
        assert_eq!(v, Nimber::new(2));
        assert!(m.stamp.len() < 1 << 10);
    }

    #[test]
    fn a_generation_wrap_forgets_old_values() {
        let mut m = Mex::new();
        m.insert(Nimber::new(0));
        m.generation = u32::MAX;
        m.insert(Nimber::new(0));
        m.clear();
        assert_eq!(m.mex(), Nimber::ZERO);
    }

    #[test]
    fn full_table_continues_into_the_side_list() {
        let mut m = Mex::new();
        m.stamp = vec![0; 8];
        m.clear();
        for v in 0..8 {
            m.insert(Nimber::new(v));
        }
        // 8 grows the table; check the boundary case through `large` too.
        m.large.push(8);
        m.large.push(9);
        assert_eq!(m.mex_beyond_table(), Nimber::new(10));
    }

    proptest! {
        #[test]
        fn equals_the_definition(values in proptest::collection::vec(0u64..40, 0..30),
                                 reuse in proptest::collection::vec(0u64..40, 0..30)) {
            let mut m = Mex::new();
            m.of(reuse.iter().copied().map(Nimber::new));
            prop_assert_eq!(m.of(values.iter().copied().map(Nimber::new)).value(), plain_mex(&values));
        }
    }
}
