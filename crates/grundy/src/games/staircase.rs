//! Staircase Nim: coins on the steps of a staircase; a move takes one or
//! more coins from a step down to the step below (from step 1 to the
//! ground, where they stay). The player who cannot move loses.
//!
//! Closed form: the nim-value is the XOR of the coin counts on the odd
//! steps. Coins on even steps do not count: a move from an even step to an
//! odd one can be undone by moving the same coins on down to the next even
//! step (a reversible move), and a move from an odd step is a Nim move on
//! that heap. So the value is exactly Nim's on the odd steps, and every
//! winning move makes that XOR 0: either reduce an odd step `i` to
//! `c_i ⊕ t` (moving the difference down), or move `(c_{i-1} ⊕ t) − c_{i-1}`
//! coins from an even step `i` onto step `i-1`, if step `i` holds that many.
//! [`Staircase::value`] and [`Staircase::winning_moves`] run in O(steps);
//! tests check them against the generic solver on every small staircase.
//!
//! Georgia and Bob (POJ 1704): chessmen on a row move left without jumping;
//! the gaps between neighbours, read from the right, are a staircase
//! ([`Staircase::from_row`]).
//!
//! A position is the coin counts `c_1, c_2, …, c_n` of steps 1..n (spec
//! `staircase`, position `c1,c2,...`). Invariant: the total number of
//! coins fits in a `u64` ([`Staircase::check`]), so no move overflows.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::nimber::Nimber;

/// Staircase Nim (spec `staircase`, position `c1,c2,...` = coins on steps
/// 1, 2, ...).
///
/// ```
/// use grundy::games::staircase::{Staircase, StairMove};
/// assert_eq!(Staircase::value(&[3, 9, 5]).value(), 3 ^ 5);
/// // Two winning moves: 2 coins from step 3 (5 -> 3, a Nim move), or
/// // 2 coins from step 2 onto step 1 (3 -> 5).
/// assert_eq!(
///     Staircase::winning_moves(&[3, 9, 5]),
///     [StairMove { step: 2, coins: 2 }, StairMove { step: 3, coins: 2 }]
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Staircase;

/// A move of staircase Nim: `coins` coins from step `step` (1-based) to
/// step `step - 1` (0 is the ground).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StairMove {
    /// The step the coins leave (1-based).
    pub step: usize,
    /// How many coins move down.
    pub coins: u64,
}

impl StairMove {
    /// The staircase after this move (`None` if the move is illegal there).
    pub fn apply(&self, steps: &[u64]) -> Option<Vec<u64>> {
        let i = self.step.checked_sub(1)?;
        let from = *steps.get(i)?;
        if self.coins == 0 || self.coins > from {
            return None;
        }
        let mut next = steps.to_vec();
        next[i] -= self.coins;
        if i > 0 {
            next[i - 1] = next[i - 1].checked_add(self.coins)?;
        }
        Some(next)
    }
}

impl Staircase {
    /// Checks the invariant: the total number of coins fits in a `u64`
    /// (coins only move, so then every move's result fits too).
    pub fn check(steps: &[u64]) -> Result<()> {
        let total: u128 = steps.iter().map(|&c| u128::from(c)).sum();
        if total > u128::from(u64::MAX) {
            return Err(Error::invalid_position(
                &steps
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
                "the total number of coins does not fit in 64 bits",
            ));
        }
        Ok(())
    }

    /// The nim-value: XOR of the coins on the odd steps (1, 3, 5, ...).
    pub fn value(steps: &[u64]) -> Nimber {
        steps.iter().step_by(2).map(|&c| Nimber::new(c)).sum()
    }

    /// Every winning move (empty for a P-position).
    pub fn winning_moves(steps: &[u64]) -> Vec<StairMove> {
        Self::moves_changing_value(steps, Self::value(steps).value())
    }

    /// Every move that changes the value by XOR with `d` (`d ≠ 0`; in a sum
    /// of total `d` these are the winning moves of this component).
    pub fn moves_changing_value(steps: &[u64], d: u64) -> Vec<StairMove> {
        let mut moves = Vec::new();
        if d == 0 {
            return moves;
        }
        for (i, &c) in steps.iter().enumerate() {
            let step = i + 1;
            if step % 2 == 1 {
                // Odd step: a Nim move on this heap.
                if c ^ d < c {
                    moves.push(StairMove {
                        step,
                        coins: c - (c ^ d),
                    });
                }
            } else {
                // Even step: grow the odd step below it.
                let below = steps[i - 1];
                if below ^ d > below {
                    let need = (below ^ d) - below;
                    if need <= c {
                        moves.push(StairMove { step, coins: need });
                    }
                }
            }
        }
        moves
    }

    /// The staircase of Georgia and Bob (POJ 1704): chessmen on distinct
    /// cells `1, 2, …` of a row, each moving left without jumping over
    /// another. Step `s` holds the gap in front of the `s`-th chessman from
    /// the right (the empty cells between it and its left neighbour, or the
    /// board's start); moving a chessman left moves "coins" from its gap to
    /// the gap of the chessman on its right.
    ///
    /// ```
    /// use grundy::games::staircase::Staircase;
    /// assert_eq!(Staircase::from_row(&[3, 1, 7]).unwrap(), vec![3, 1, 0]);
    /// ```
    pub fn from_row(cells: &[u64]) -> Result<Vec<u64>> {
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        let mut previous = 0u64;
        let mut gaps = Vec::with_capacity(sorted.len());
        for &c in &sorted {
            if c == 0 {
                return Err(Error::invalid_position("0", "cells are numbered from 1"));
            }
            if c == previous {
                return Err(Error::invalid_position(
                    &c.to_string(),
                    "two chessmen on the same cell",
                ));
            }
            gaps.push(c - previous - 1);
            previous = c;
        }
        gaps.reverse();
        Ok(gaps)
    }
}

impl Game for Staircase {
    type Position = Vec<u64>;

    fn options(&self, steps: &Vec<u64>, f: &mut dyn FnMut(&[Vec<u64>])) {
        for (i, &c) in steps.iter().enumerate() {
            for coins in 1..=c {
                if let Some(next) = (StairMove { step: i + 1, coins }).apply(steps) {
                    f(&[next]);
                }
            }
        }
    }

    fn format_position(&self, steps: &Vec<u64>) -> String {
        super::subtraction::list_string(steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use crate::strategy::analyze;
    use proptest::prelude::*;

    /// Every staircase of `steps` steps with at most `coins` coins each.
    fn all_staircases(steps: usize, coins: u64) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new()];
        for _ in 0..steps {
            out = out
                .into_iter()
                .flat_map(|s| {
                    (0..=coins).map(move |c| {
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
    fn value_equals_the_generic_solver() {
        let mut solver = MemoSolver::new(Staircase);
        // Coins only move down, so the solver also visits staircases with
        // more coins on the low steps than listed here.
        for (steps, coins) in [(1, 12), (2, 8), (3, 5), (4, 3), (6, 2)] {
            for s in all_staircases(steps, coins) {
                assert_eq!(solver.nim_value(&s).unwrap(), Staircase::value(&s), "{s:?}");
            }
        }
    }

    /// The 6 steps × 6 coins cube, exhaustively. Moves keep the total
    /// number of coins or lower it, so the 6-step staircases with at most
    /// 36 coins are closed under moves; on a closed set, a formula that
    /// satisfies `G(x) = mex{G(y)}` at every position *is* the nim-value
    /// (induction on the game's finite depth) — the very recurrence the
    /// generic solver evaluates, checked here on 5.2 million staircases
    /// instead of memoized through a hash map.
    #[test]
    fn value_satisfies_the_mex_recurrence_on_the_six_by_six_cube() {
        let mut s = [0u64; 6];
        let mut checked = 0u64;
        loop {
            let v = Staircase::value(&s).value();
            let mut seen = 0u64; // option values are < 64
            for (i, &c) in s.iter().enumerate() {
                for coins in 1..=c {
                    let mut next = s;
                    next[i] -= coins;
                    if i > 0 {
                        next[i - 1] += coins;
                    }
                    seen |= 1 << Staircase::value(&next).value();
                }
            }
            assert_eq!((!seen).trailing_zeros() as u64, v, "{s:?}");
            checked += 1;
            // Next staircase with total <= 36 (odometer).
            let mut i = 0;
            loop {
                if i == 6 {
                    assert_eq!(checked, 5_245_786); // C(42, 6)
                    return;
                }
                s[i] += 1;
                if s.iter().sum::<u64>() <= 36 {
                    break;
                }
                s[i] = 0;
                i += 1;
            }
        }
    }

    #[test]
    fn winning_moves_equal_the_generic_strategy() {
        let mut solver = MemoSolver::new(Staircase);
        for s in all_staircases(4, 4) {
            let generic = analyze(&Staircase, &mut solver, std::slice::from_ref(&s)).unwrap();
            let mut slow: Vec<Vec<u64>> = generic
                .winning_moves
                .into_iter()
                .map(|m| m.to[0].clone())
                .collect();
            let mut fast: Vec<Vec<u64>> = Staircase::winning_moves(&s)
                .iter()
                .map(|m| m.apply(&s).unwrap())
                .collect();
            slow.sort();
            fast.sort();
            assert_eq!(fast, slow, "{s:?}");
        }
    }

    #[test]
    fn georgia_and_bob_rows() {
        assert_eq!(Staircase::from_row(&[1, 2, 3]).unwrap(), [0, 0, 0]);
        let s = Staircase::from_row(&[1, 5, 6, 7, 9, 12, 14, 17]).unwrap();
        assert_eq!(s, [2, 1, 2, 1, 0, 0, 3, 0]);
        assert!(!Staircase::value(&s).is_zero());
        assert!(Staircase::from_row(&[2, 2]).is_err());
        assert!(Staircase::from_row(&[0]).is_err());
    }

    proptest! {
        #[test]
        fn winning_moves_reach_value_zero(steps in proptest::collection::vec(0u64..1 << 60, 0..12)) {
            let moves = Staircase::winning_moves(&steps);
            prop_assert_eq!(moves.is_empty(), Staircase::value(&steps).is_zero());
            for m in moves {
                let next = m.apply(&steps).unwrap();
                prop_assert!(Staircase::value(&next).is_zero());
            }
        }
    }
}
