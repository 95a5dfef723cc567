//! Moore's Nim_k (E. H. Moore, 1910): several heaps; a move takes tokens
//! from at least one and at most `k` heaps (any positive number from each
//! heap chosen). `k = 1` is Nim. The heaps of one position are *not*
//! independent components: a move may touch several of them.
//!
//! Closed form: write the heaps in binary; the position is a P-position iff
//! in every bit column the number of heaps with that bit set is divisible
//! by `k + 1` ([`Moore::is_p_position`], O(64 · heaps)).
//!
//! Winning moves ([`Moore::winning_moves`]): every option that is a
//! P-position, enumerated by a depth-first search over the bit columns from
//! the top, heap by heap, with an explicit stack. Each heap is either still
//! *equal* to its old value on the bits fixed so far or already *reduced*
//! (then its lower bits are free); at most `k` heaps may be reduced, and
//! each finished column must have a multiple of `k + 1` ones. A column is
//! abandoned as soon as no completion of it can reach a multiple. The
//! number of winning moves can grow exponentially with the number of bits
//! when several heaps are reduced at once (`k ≥ 2`), so the search takes a
//! cap and reports when it is exceeded. Tests check the rule and the
//! complete move lists against the generic solver on every small position.
//!
//! Nim-values of Moore's Nim_k for `k ≥ 2` have no known formula; sums of
//! several positions go to the generic [`MemoSolver`](crate::solve::MemoSolver)
//! through the [`Game`] impl (small positions only).

use crate::error::{Error, Result};
use crate::game::Game;

/// Moore's Nim_k (spec `moore:K`, position `h1,h2,...`: the heaps of one
/// position).
///
/// ```
/// use grundy::games::moore::Moore;
/// let game = Moore::new(2).unwrap();
/// assert!(game.is_p_position(&[3, 3, 3])); // three ones in each column
/// assert!(!game.is_p_position(&[1, 2, 3])); // two ones in each column
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moore {
    k: u64,
}

impl Moore {
    /// Moore's Nim_k: take from 1 to `k` heaps at once (`k ≥ 1`).
    pub fn new(k: u64) -> Result<Moore> {
        if k == 0 {
            return Err(Error::invalid_spec(
                "moore:0",
                "K must be at least 1 (a move takes from 1 to K heaps)",
            ));
        }
        Ok(Moore { k })
    }

    /// The most heaps one move may take from.
    pub fn k(&self) -> u64 {
        self.k
    }

    /// Whether `heaps` is a P-position: every bit column has a multiple of
    /// `k + 1` ones.
    pub fn is_p_position(&self, heaps: &[u64]) -> bool {
        let m = u128::from(self.k) + 1;
        (0..64).all(|bit| {
            let ones = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u128;
            ones.is_multiple_of(m)
        })
    }

    /// Every winning move from `heaps`, as the heaps after the move (empty
    /// for a P-position), or `None` if there are more than `limit`.
    ///
    /// ```
    /// use grundy::games::moore::Moore;
    /// let nim2 = Moore::new(2).unwrap();
    /// // 3 = 11, 3 = 11, 3 = 11: each column has three ones — P.
    /// assert_eq!(nim2.winning_moves(&[3, 3, 3], 100), Some(vec![]));
    /// // 1, 2: take both heaps at once.
    /// assert_eq!(nim2.winning_moves(&[1, 2], 100), Some(vec![vec![0, 0]]));
    /// ```
    pub fn winning_moves(&self, heaps: &[u64], limit: usize) -> Option<Vec<Vec<u64>>> {
        let n = heaps.len();
        let top = heaps
            .iter()
            .map(|&h| 64 - h.leading_zeros())
            .max()
            .unwrap_or(0) as usize;
        let mut found = Vec::new();
        if n == 0 || top == 0 {
            return Some(found);
        }
        let m = u128::from(self.k) + 1;
        let k = usize::try_from(self.k).unwrap_or(usize::MAX);
        let cells = top * n;
        // Cell c is bit `top - 1 - c / n` of heap `c % n`.
        let bit_of = |c: usize| top - 1 - c / n;
        let mut new = vec![0u64; n];
        let mut reduced = vec![false; n];
        let mut r = 0usize;
        let mut column = vec![0u128; top];
        // Stack of decisions: (cell, bit chosen, whether this heap dropped here).
        let mut stack: Vec<(usize, u64, bool)> = Vec::with_capacity(cells);

        // The choices at a cell, in order: Some(bit) if `bit` is allowed.
        let allowed = |c: usize, bit: u64, reduced: &[bool], r: usize| -> bool {
            let i = c % n;
            let old = heaps[i] >> bit_of(c) & 1;
            if reduced[i] {
                true
            } else if old == 0 {
                bit == 0
            } else {
                bit == 1 || r < k
            }
        };
        // Can the rest of this cell's column still reach a multiple of m?
        let feasible = |c: usize, reduced: &[bool], r: usize, column: &[u128]| -> bool {
            let row = c / n;
            let b = bit_of(c);
            let (mut max_add, mut must) = (0u128, 0u128);
            for j in (c % n + 1)..n {
                if reduced[j] {
                    max_add += 1;
                } else if heaps[j] >> b & 1 == 1 {
                    max_add += 1;
                    must += 1;
                }
            }
            let min_add = must.saturating_sub((k - r.min(k)) as u128);
            let lo = column[row] + min_add;
            let hi = column[row] + max_add;
            lo.div_ceil(m) * m <= hi
        };

        let mut cell = 0usize;
        let mut next_bit: u64 = 0; // the first choice to try at `cell`
        loop {
            if cell == cells {
                if r > 0 {
                    if found.len() == limit {
                        return None;
                    }
                    found.push(new.clone());
                }
                // Backtrack.
                match backtrack(
                    &mut stack,
                    &mut new,
                    &mut reduced,
                    &mut r,
                    &mut column,
                    n,
                    top,
                ) {
                    Some((c, b)) => {
                        cell = c;
                        next_bit = b + 1;
                    }
                    None => return Some(found),
                }
                continue;
            }
            let mut placed = false;
            let mut bit = next_bit;
            while bit <= 1 {
                if allowed(cell, bit, &reduced, r) {
                    let i = cell % n;
                    let b = bit_of(cell);
                    let dropped = !reduced[i] && bit == 0 && heaps[i] >> b & 1 == 1;
                    new[i] |= bit << b;
                    column[cell / n] += u128::from(bit);
                    if dropped {
                        reduced[i] = true;
                        r += 1;
                    }
                    let row_done = cell % n == n - 1;
                    let ok = if row_done {
                        column[cell / n].is_multiple_of(m)
                    } else {
                        feasible(cell, &reduced, r, &column)
                    };
                    stack.push((cell, bit, dropped));
                    if ok {
                        placed = true;
                        break;
                    }
                    undo(
                        &mut stack,
                        &mut new,
                        &mut reduced,
                        &mut r,
                        &mut column,
                        n,
                        top,
                    );
                }
                bit += 1;
            }
            if placed {
                cell += 1;
                next_bit = 0;
            } else {
                match backtrack(
                    &mut stack,
                    &mut new,
                    &mut reduced,
                    &mut r,
                    &mut column,
                    n,
                    top,
                ) {
                    Some((c, b)) => {
                        cell = c;
                        next_bit = b + 1;
                    }
                    None => return Some(found),
                }
            }
        }
    }
}

/// Pops the last decision and undoes it; returns its cell and bit.
fn undo(
    stack: &mut Vec<(usize, u64, bool)>,
    new: &mut [u64],
    reduced: &mut [bool],
    r: &mut usize,
    column: &mut [u128],
    n: usize,
    top: usize,
) -> Option<(usize, u64)> {
    let (c, bit, dropped) = stack.pop()?;
    let i = c % n;
    let b = top - 1 - c / n;
    new[i] &= !(1u64 << b);
    column[c / n] -= u128::from(bit);
    if dropped {
        reduced[i] = false;
        *r -= 1;
    }
    Some((c, bit))
}

fn backtrack(
    stack: &mut Vec<(usize, u64, bool)>,
    new: &mut [u64],
    reduced: &mut [bool],
    r: &mut usize,
    column: &mut [u128],
    n: usize,
    top: usize,
) -> Option<(usize, u64)> {
    undo(stack, new, reduced, r, column, n, top)
}

impl Game for Moore {
    type Position = Vec<u64>;

    /// Every way to lower between 1 and `k` heaps (exponential: for the
    /// generic solver on small positions).
    fn options(&self, heaps: &Vec<u64>, f: &mut dyn FnMut(&[Vec<u64>])) {
        let n = heaps.len();
        let mut next = heaps.clone();
        // Odometer over next[i] in 0..=heaps[i].
        next.iter_mut().for_each(|x| *x = 0);
        loop {
            let changed = (0..n).filter(|&i| next[i] != heaps[i]).count() as u64;
            if changed >= 1 && changed <= self.k {
                f(&[next.clone()]);
            }
            let mut i = 0;
            loop {
                if i == n {
                    return;
                }
                if next[i] < heaps[i] {
                    next[i] += 1;
                    break;
                }
                next[i] = 0;
                i += 1;
            }
        }
    }

    fn format_position(&self, heaps: &Vec<u64>) -> String {
        super::subtraction::list_string(heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use crate::strategy::analyze;
    use proptest::prelude::*;

    fn all_positions(heaps: usize, max: u64) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new()];
        for _ in 0..heaps {
            out = out
                .into_iter()
                .flat_map(|s| {
                    (0..=max).map(move |c| {
                        let mut t = s.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
        }
        out
    }

    #[test]
    fn rule_and_moves_equal_the_generic_solver() {
        for (k, heaps, max) in [
            (1, 3, 5),
            (2, 3, 6),
            (2, 4, 3),
            (3, 4, 3),
            (2, 2, 9),
            (5, 3, 4),
        ] {
            let game = Moore::new(k).unwrap();
            let mut solver = MemoSolver::new(game);
            for p in all_positions(heaps, max) {
                let generic = analyze(&game, &mut solver, std::slice::from_ref(&p)).unwrap();
                assert_eq!(
                    generic.value.is_some_and(|v| v.is_zero()),
                    game.is_p_position(&p),
                    "k={k} {p:?}"
                );
                let mut slow: Vec<Vec<u64>> = generic
                    .winning_moves
                    .into_iter()
                    .map(|m| m.to[0].clone())
                    .collect();
                let mut fast = game.winning_moves(&p, 1 << 20).unwrap();
                slow.sort();
                fast.sort();
                assert_eq!(fast, slow, "k={k} {p:?}");
            }
        }
    }

    #[test]
    fn k_zero_is_refused() {
        assert!(Moore::new(0).is_err());
    }

    #[test]
    fn the_cap_is_reported() {
        // k = 2: both 2^40 heaps must drop; below bit 40 each column then
        // needs exactly one of them set (2 + 1 = 3): 2^40 winning moves.
        let game = Moore::new(2).unwrap();
        let x = 1u64 << 40;
        let heaps = [x, x, x - 1, x - 1];
        assert_eq!(game.winning_moves(&heaps, 1000), None);
        let few = game.winning_moves(&[4, 4, 3, 3], 1000).unwrap();
        assert_eq!(few.len(), 4); // 2^2 ways to share bits 0 and 1
    }

    proptest! {
        #[test]
        fn moves_on_large_heaps_are_legal_and_reach_p(
            k in 1u64..4,
            heaps in proptest::collection::vec(any::<u64>(), 1..5),
        ) {
            let game = Moore::new(k).unwrap();
            if let Some(moves) = game.winning_moves(&heaps, 64) {
                prop_assert_eq!(moves.is_empty(), game.is_p_position(&heaps));
                for m in moves {
                    prop_assert!(game.is_p_position(&m));
                    let changed = heaps.iter().zip(&m).filter(|(a, b)| a != b).count() as u64;
                    prop_assert!(changed >= 1 && changed <= k);
                    prop_assert!(heaps.iter().zip(&m).all(|(a, b)| b <= a));
                }
            }
        }
    }
}
