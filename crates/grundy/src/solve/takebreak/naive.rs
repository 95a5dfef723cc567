//! The naive method: every option marked, the mex read off. The
//! definition the other methods are tested against.

use super::*;

impl Core {
    /// The definition: mark every option, take the mex.
    #[inline(always)]
    pub(super) fn naive<V: ValueTable + ?Sized>(&mut self, t: &V, n: usize) -> u64 {
        let g = self.generation;
        for &k in &self.moves.pairs {
            if n >= k + 2 {
                let m = n - k;
                for a in 1..=self.moves.half(m) {
                    self.stamp[t.pair(a, m - a).index()] = g;
                }
            }
        }
        for &k in &self.moves.triples {
            if n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        self.stamp[t.triple(a, b, m - a - b).index()] = g;
                    }
                }
            }
        }
        self.mex() as u64
    }
}
