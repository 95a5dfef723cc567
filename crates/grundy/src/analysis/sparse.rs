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
//! Some games twist the split by the parity of the heap. In 0.106 the odd
//! heaps carry the even heaps' values XOR 1, and the common values of even
//! heaps include 0. So in general a heap `x` is rare iff
//! `popcount(G(x) & mask) ≡ rare_parity[x mod 2]`. The algebra survives:
//! writing `c(x)` = 1 for common heaps, `popcount(G(x) & mask) ≡ c(x) +
//! rare_parity[x mod 2]`, so for a split `a + b = m` the value
//! `G(a) ⊕ G(b)` has popcount `≡ c(a) + c(b) + t·(m mod 2)` with
//! `t = rare_parity[0] ⊕ rare_parity[1]`: it has parity `1 + t·(m mod 2)`
//! iff exactly one of `a`, `b` is rare ([`Split::needs_rare`]).
//!
//! [`best_split_by_parity`] finds the split that makes the fewest heaps
//! rare, from the count of each value on even and on odd heaps, with a
//! Walsh–Hadamard transform: for every mask `m` at once,
//! `W(m) = Σ_v count(v)·(−1)^popcount(v & m)`, and the heaps of one parity
//! that are rare number `(total ± W(m)) / 2`, the sign given by
//! `rare_parity`. Time O(w·2^w) for values below `2^w`; memory `2^w`
//! integers. Only `w ≤ 16` is attempted.
//!
//! [`value_stats`] summarises a computed sequence for `grundy values
//! --stats`: the largest value, the count of each value, and the best split
//! with its rare share.

/// Largest value width (bits) for which a split is searched.
pub const MAX_SPLIT_BITS: u32 = 16;

/// A rare/common split of the values (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The linear test: the parity of `popcount(v & mask)`.
    pub mask: u64,
    /// A heap `x` is rare iff that parity is `rare_parity[x % 2]` (odd =
    /// true). The classic split is `[false, false]`.
    pub rare_parity: [bool; 2],
    /// Number of counted heaps with a rare value.
    pub rare_heaps: u64,
    /// Number of counted heaps.
    pub heaps: u64,
}

impl Split {
    /// The classic split: `v` rare iff `popcount(v & mask)` is even.
    pub fn classic(mask: u64) -> Split {
        Split {
            mask,
            rare_parity: [false, false],
            rare_heaps: 0,
            heaps: 0,
        }
    }

    /// Whether the value `v` of heap `heap` is rare under this split.
    #[inline]
    pub fn is_rare(&self, heap: u64, v: u64) -> bool {
        ((v & self.mask).count_ones() % 2 == 1) == self.rare_parity[(heap & 1) as usize]
    }

    /// Whether the split is twisted by the parity of the heap.
    pub fn twisted(&self) -> bool {
        self.rare_parity[0] != self.rare_parity[1]
    }

    /// Whether a value `v` of a two-heap split `a + b = m` can only come
    /// from a pair with exactly one rare heap (see the module docs).
    #[inline]
    pub fn needs_rare(&self, m: u64, v: u64) -> bool {
        let odd = (v & self.mask).count_ones() % 2 == 1;
        odd != (self.twisted() && m & 1 == 1)
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

/// The (untwisted) split with the fewest rare heaps, given `counts[v]` =
/// number of heaps of value `v`; `None` if there are no heaps or the values
/// are too wide (more than [`MAX_SPLIT_BITS`] bits).
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
    best_split_by_parity(counts, &[], &[])
}

/// The split with the fewest rare heaps, given the count of each value on
/// even heaps and on odd heaps. Besides the classic rule
/// (`rare_parity = [false, false]`) the rules in `twists` are tried.
/// `None` if there are no heaps or the values are too wide.
///
/// ```
/// use grundy::analysis::best_split_by_parity;
/// // Even heaps mostly 0 or 3, odd heaps mostly 1 or 2: with mask 3 the
/// // popcount is even on even heaps and odd on odd heaps, so the rare
/// // heaps are the odd-popcount even heaps and the even-popcount odd ones.
/// let even = [50, 1, 0, 50];
/// let odd = [0, 50, 50, 1];
/// let s = best_split_by_parity(&even, &odd, &[[true, false]]).unwrap();
/// assert_eq!((s.mask, s.rare_parity, s.rare_heaps), (3, [true, false], 2));
/// ```
pub fn best_split_by_parity(even: &[u64], odd: &[u64], twists: &[[bool; 2]]) -> Option<Split> {
    let top = even
        .iter()
        .rposition(|&c| c > 0)
        .max(odd.iter().rposition(|&c| c > 0))?;
    let bits = u64::BITS - (top as u64).leading_zeros();
    if bits > MAX_SPLIT_BITS {
        return None;
    }
    let size = 1usize << bits.max(1);
    let transform = |counts: &[u64]| -> Vec<i64> {
        let mut w: Vec<i64> = (0..size)
            .map(|v| counts.get(v).map_or(0, |&c| c as i64))
            .collect();
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
        w
    };
    let (we, wo) = (transform(even), transform(odd));
    let total = we[0] + wo[0];
    // Rare heaps of one parity: (count + W) / 2 for rare = even popcount,
    // (count - W) / 2 for rare = odd popcount.
    let signed = |w: i64, odd: bool| if odd { -w } else { w };
    let rules: Vec<[bool; 2]> = std::iter::once([false, false])
        .chain(twists.iter().copied())
        .collect();
    // Mask 0 says nothing; skip it. Ties: the earlier rule, the smaller mask.
    let (we, wo, rules) = (&we, &wo, &rules);
    let (twice_rare, _, mask, rule) = (1..size)
        .flat_map(|m| {
            rules.iter().enumerate().map(move |(i, r)| {
                let rare = total + signed(we[m], r[0]) + signed(wo[m], r[1]);
                (rare, i, m as u64, *r)
            })
        })
        .min()?;
    Some(Split {
        mask,
        rare_parity: rule,
        rare_heaps: (twice_rare / 2) as u64,
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
    /// The values that occur on rare heaps under that split, increasing.
    pub rare_values: Vec<u64>,
    /// Whether the split is clear: at least 64 heaps and at most a tenth of
    /// them rare.
    pub split_visible: bool,
}

/// Statistics of `values` (taken as `G(first), G(first+1), …`).
pub fn value_stats<T: Copy + Into<u64>>(values: &[T], first: u64) -> ValueStats {
    let mut counts: Vec<u64> = Vec::new();
    let mut by_parity: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let mut max = 0;
    for (i, &g) in values.iter().enumerate() {
        let v: u64 = g.into();
        max = max.max(v);
        if v < 1 << 24 {
            let v = v as usize;
            if counts.len() <= v {
                counts.resize(v + 1, 0);
            }
            counts[v] += 1;
            let heap = first + i as u64;
            if heap > 0 {
                let side = &mut by_parity[(heap & 1) as usize];
                if side.len() <= v {
                    side.resize(v + 1, 0);
                }
                side[v] += 1;
            }
        }
    }
    let split = best_split_by_parity(
        &by_parity[0],
        &by_parity[1],
        &[[true, false], [false, true]],
    );
    let mut rare_values: Vec<u64> = Vec::new();
    if let Some(s) = split {
        for (parity, side) in by_parity.iter().enumerate() {
            rare_values.extend(
                side.iter()
                    .enumerate()
                    .filter(|&(v, &c)| c > 0 && s.is_rare(parity as u64, v as u64))
                    .map(|(v, _)| v as u64),
            );
        }
        rare_values.sort_unstable();
        rare_values.dedup();
    }
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
        rare_values,
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
                .filter(|(v, _)| (*v as u64 & m).count_ones().is_multiple_of(2))
                .map(|(_, &c)| c).sum::<u64>();
            prop_assert_eq!(s.rare_heaps, rare(s.mask));
            for m in 1..size {
                prop_assert!(rare(m) >= s.rare_heaps);
            }
        }

        /// Twisted splits: the rare count is what `is_rare` says, minimal over
        /// every mask and both twists.
        #[test]
        fn best_twisted_split_is_the_minimum(even in proptest::collection::vec(0u64..30, 1..32),
                                            odd in proptest::collection::vec(0u64..30, 1..32)) {
            prop_assume!(even.iter().chain(&odd).any(|&c| c > 0));
            let twists = [[true, false], [false, true]];
            let s = best_split_by_parity(&even, &odd, &twists).unwrap();
            let rare = |m: u64, rule: [bool; 2]| -> u64 {
                let t = Split { rare_parity: rule, ..Split::classic(m) };
                let e: u64 = even.iter().enumerate().filter(|(v, _)| t.is_rare(0, *v as u64)).map(|(_, &c)| c).sum();
                let o: u64 = odd.iter().enumerate().filter(|(v, _)| t.is_rare(1, *v as u64)).map(|(_, &c)| c).sum();
                e + o
            };
            prop_assert_eq!(s.rare_heaps, rare(s.mask, s.rare_parity));
            // Masks with no bit inside the values' range act like mask 0,
            // which says nothing and is left out on purpose.
            let top = even.iter().rposition(|&c| c > 0).max(odd.iter().rposition(|&c| c > 0)).unwrap();
            let size = (top as u64 + 1).next_power_of_two().max(2);
            for m in 1..size {
                for rule in [[false, false], twists[0], twists[1]] {
                    prop_assert!(rare(m, rule) >= s.rare_heaps);
                }
            }
        }
    }
}
