//! The moves of a take-and-break code, grouped by what they leave.

use super::*;

/// The moves of a game, grouped by what they leave.
#[derive(Clone, Debug)]
pub(super) struct Moves {
    /// `k` such that a heap of exactly `k` may be removed.
    pub(super) terminal: Vec<usize>,
    /// `k` such that removing `k` may leave one heap.
    pub(super) single: Vec<usize>,
    /// `k` such that removing `k` may leave two heaps.
    pub(super) pairs: Vec<usize>,
    /// `k` such that removing `k` may leave three heaps.
    pub(super) triples: Vec<usize>,
    /// Two-heap splits must be unequal.
    pub(super) unequal: bool,
    /// The repeating digit `d` and the first `k` it applies to.
    pub(super) tail: Option<(usize, u8)>,
    /// `G(n)` reads no value above `G(n − gap)`: heaps `n` and `n + 1` are
    /// independent when the gap is at least 2.
    pub(super) gap: usize,
}

impl Moves {
    pub(super) fn of(game: &TakeBreak) -> Moves {
        let digits = game.digits();
        let explicit = if game.repeating() {
            digits.len() - 1
        } else {
            digits.len()
        };
        let with =
            |bit: u8| -> Vec<usize> { (0..explicit).filter(|&k| digits[k] & bit != 0).collect() };
        let single: Vec<usize> = with(LEAVE_ONE).into_iter().filter(|&k| k > 0).collect();
        let (pairs, triples) = (with(LEAVE_TWO), with(LEAVE_THREE));
        // A split removing k leaves parts of at most n − k − 1.
        let gap = single
            .iter()
            .copied()
            .chain(pairs.iter().chain(&triples).map(|k| k + 1))
            .min()
            .unwrap_or(1);
        Moves {
            terminal: with(LEAVE_NONE),
            single,
            pairs,
            triples,
            unequal: game.unequal(),
            tail: game.repeating().then(|| (explicit, digits[explicit])),
            gap: if game.repeating() { 1 } else { gap },
        }
    }

    /// An upper bound on `G(n)`, to refuse absurd stored values. When every
    /// move removes a token, `G(n) ≤ n`: the heaps an option leaves hold at
    /// most `n − 1` tokens in all, and by induction their values XOR to at
    /// most their sum, so no option has a value above `n − 1`. A code that
    /// splits without removing (its digit before the point) still has
    /// `G(n)` at most the number of options (the mex of `m` values is at most
    /// `m`): fewer than `(n + 2)²` for two-heap splits, `(n + 2)³` with
    /// three-heap ones.
    pub(super) fn value_bound(&self, n: u64) -> u64 {
        let zero = |ks: &[usize]| ks.first() == Some(&0);
        let tail_zero = self.tail.is_some_and(|(first, _)| first == 0);
        if zero(&self.triples) || tail_zero {
            (n + 2).saturating_mul(n + 2).saturating_mul(n + 2)
        } else if zero(&self.pairs) {
            (n + 2).saturating_mul(n + 2)
        } else {
            n
        }
    }

    /// Whether the rare/common method applies: finitely many moves, none
    /// leaving three heaps, some leaving two.
    pub(super) fn rare_common_applies(&self) -> bool {
        self.tail.is_none() && self.triples.is_empty() && !self.pairs.is_empty()
    }

    /// The largest `a` of a two-heap split `a + (m − a)` with `a ≤ m − a`.
    #[inline(always)]
    pub(super) fn half(&self, m: usize) -> usize {
        if self.unequal {
            m.saturating_sub(1) / 2
        } else {
            m / 2
        }
    }
}
