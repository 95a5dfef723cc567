//! The "sparse space" phenomenon: a rare/common split of nim-values.
//!
//! In many octal games the values split by a linear test: for some `mask`,
//! the values `v` with `popcount(v & mask)` *even* are **rare** (few heaps
//! have them) and those with it odd are **common**. The rare values form a
//! subspace `R` of the values under XOR and the common ones its coset `C`,
//! so `R ⊕ R ⊆ R`, `C ⊕ C ⊆ R` and `R ⊕ C ⊆ C` — which the take-and-break
//! engine exploits: a common value of a two-heap option needs a rare heap
//! (Gangolli and Plambeck, "A note on periodicity in some octal games",
//! 1989; Flammenkamp's computations of octal games).
//!
//! [`best_split`] finds the mask that makes the fewest heaps rare, from the
//! count of each value, with a Walsh–Hadamard transform: for every mask `m`
//! at once, `W(m) = Σ_v count(v)·(−1)^popcount(v & m)` is (rare − common),
//! so rare(m) = (total + W(m)) / 2. Time O(w·2^w) for values below `2^w`;
//! memory `2^w` integers. Only `w ≤ 16` is attempted.
//!
//! [`value_stats`] summarises a computed sequence for `grundy values
//! --stats`: the largest value, the count of each value, and the best split
//! with its rare share.

use crate::solve::TableView;

/// Largest value width (bits) for which a split is searched.
pub const MAX_SPLIT_BITS: u32 = 16;

/// A rare/common split of the values (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// `v` is rare iff `popcount(v & mask)` is even.
    pub mask: u64,
    /// Number of counted heaps with a rare value.
    pub rare_heaps: u64,
    /// Number of counted heaps.
    pub heaps: u64,
}

impl Split {
    /// Whether `v` is rare under this split.
    #[inline]
    pub fn is_rare(&self, v: u64) -> bool {
        (v & self.mask).count_ones() % 2 == 0
    }

    /// The share of heaps with rare values (0 when there are no heaps).
    pub fn rare_share(&self) -> f64 {
        if self.heaps == 0 {
            0.0
        } else {
            self.rare_heaps as f64 / self.heaps as f64
        }
    }
}

/// The split with the fewest rare heaps, given `counts[v]` = number of heaps
/// of value `v`; `None` if there are no heaps or the values are too wide
/// (more than [`MAX_SPLIT_BITS`] bits).
///
/// ```
/// use grundy::analysis::best_split;
/// // Values 1, 2 and 7 are common for mask 0b111; 0 and 3 are rare.
/// let counts = [1, 40, 30, 2, 0, 0, 0, 25];
/// let s = best_split(&counts).unwrap();
/// assert_eq!(s.mask, 0b111);
/// assert_eq!(s.rare_heaps, 3);
/// ```
pub fn best_split(counts: &[u64]) -> Option<Split> {
    let top = counts.iter().rposition(|&c| c > 0)?;
    let bits = u64::BITS - (top as u64).leading_zeros();
    if bits > MAX_SPLIT_BITS {
        return None;
    }
    let size = 1usize << bits.max(1);
    let mut w: Vec<i64> = (0..size)
        .map(|v| counts.get(v).map_or(0, |&c| c as i64))
        .collect();
    let total: i64 = w.iter().sum();
    let mut h = 1;
    while h < size {
        for block in (0..size).step_by(2 * h) {
            for i in block..block + h {
                let (a, b) = (w[i], w[i + h]);
                w[i] = a + b;
                w[i + h] = a - b;
            }
        }
        h *= 2;
    }
    // Mask 0 makes everything rare; skip it.
    let (mask, wm) = w
        .iter()
        .enumerate()
        .skip(1)
        .min_by_key(|&(m, &x)| (x, m))
        .map(|(m, &x)| (m as u64, x))?;
    Some(Split {
        mask,
        rare_heaps: ((total + wm) / 2) as u64,
        heaps: total as u64,
    })
}

/// What `grundy values --stats` reports about a range of values.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueStats {
    /// The largest value.
    pub max: u64,
    /// `(value, number of heaps with it)`, by value, zero counts omitted.
    pub counts: Vec<(u64, u64)>,
    /// The best rare/common split of the heaps counted (heap 0 excluded:
    /// it is never part of a split), if the values are narrow enough.
    pub split: Option<Split>,
    /// Whether the split is clear: at least 64 heaps and at most a tenth of
    /// them rare.
    pub split_visible: bool,
}

/// Statistics of `values` (taken as `G(first), G(first+1), …`).
pub fn value_stats(values: TableView<'_>, first: u64) -> ValueStats {
    let mut counts: Vec<u64> = Vec::new();
    let mut split_counts: Vec<u64> = Vec::new();
    let mut max = 0;
    for i in 0..values.len() {
        let v = values.get(i).map_or(0, |g| g.value());
        max = max.max(v);
        if v < 1 << 24 {
            let v = v as usize;
            if counts.len() <= v {
                counts.resize(v + 1, 0);
            }
            counts[v] += 1;
            if first + i as u64 > 0 {
                if split_counts.len() <= v {
                    split_counts.resize(v + 1, 0);
                }
                split_counts[v] += 1;
            }
        }
    }
    let split = best_split(&split_counts);
    let split_visible = split.is_some_and(|s| s.heaps >= 64 && s.rare_heaps * 10 <= s.heaps);
    ValueStats {
        max,
        counts: counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v as u64, c))
            .collect(),
        split,
        split_visible,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The transform agrees with counting directly, for every mask.
        #[test]
        fn best_split_is_the_minimum_over_all_masks(counts in proptest::collection::vec(0u64..50, 1..64)) {
            prop_assume!(counts.iter().any(|&c| c > 0));
            let s = best_split(&counts).unwrap();
            let size = counts.len().next_power_of_two().max(2) as u64;
            let rare = |m: u64| counts.iter().enumerate()
                .filter(|(v, _)| (*v as u64 & m).count_ones() % 2 == 0)
                .map(|(_, &c)| c).sum::<u64>();
            prop_assert_eq!(s.rare_heaps, rare(s.mask));
            for m in 1..size {
                prop_assert!(rare(m) >= s.rare_heaps);
            }
        }
    }
}
