//! The multiplication game (POJ 2505, HDU 1517, UVa 847): a number `p`
//! starts at 1; a move multiplies it by a factor from `lo` to `hi` (2 to 9
//! in the judges' version). The first player to reach `p ≥ n` wins.
//!
//! As a normal-play game: positions `p ≥ n` are terminal (the previous
//! player reached the target and won).
//!
//! Closed form: the outcome is a function of `p` made of alternating
//! intervals below `n`. Going down from the target: `[⌈n/hi⌉, n)` are N
//! (one move reaches `n`); below that, positions all of whose moves land in
//! that N-interval — `[⌈L/lo⌉, L)` with `L` its lower end — are P; below
//! them, the positions with a move into the P-interval — `[⌈L'/hi⌉, L')`
//! — are N again, and so on. (A P-interval `[⌈L/lo⌉, L)` is at least as
//! long as any smaller `p`, so no run of multiples `p·lo, …, p·hi` can jump
//! over it.) [`Multiplication::first_player_wins`] walks these O(log n)
//! intervals; a test checks it against the generic solver for every
//! `n ≤ 2000` and every `p`, and against the judges' rule (`n ← ⌈n/18⌉`
//! while `n > 18`; the first player wins iff `n ≤ 9`).

use crate::error::{Error, Result};
use crate::game::Game;

/// The multiplication game with target `n` and factors `lo..=hi` (spec
/// `mult:N` for factors 2..9, `mult:N,LO,HI`; position `p`, start 1).
///
/// ```
/// use grundy::games::multiplication::Multiplication;
/// let stan_wins = |n| Multiplication::new(n, 2, 9).unwrap().first_player_wins(1);
/// assert!(stan_wins(162));
/// assert!(!stan_wins(17));
/// assert!(stan_wins(34_012_226));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Multiplication {
    target: u64,
    lo: u64,
    hi: u64,
}

impl Multiplication {
    /// Target `target`, factors `lo..=hi` with `2 ≤ lo ≤ hi` (at most
    /// 65536 factors).
    pub fn new(target: u64, lo: u64, hi: u64) -> Result<Multiplication> {
        let spec = format!("mult:{target},{lo},{hi}");
        if lo < 2 {
            return Err(Error::invalid_spec(
                &spec,
                "the smallest factor must be at least 2 (a factor of 1 is no progress)",
            ));
        }
        if lo > hi {
            return Err(Error::invalid_spec(
                &spec,
                format!("the factor range {lo}..{hi} is empty"),
            ));
        }
        if hi - lo >= 1 << 16 {
            return Err(Error::invalid_spec(
                &spec,
                "at most 65536 factors (each move lists them all)",
            ));
        }
        Ok(Multiplication { target, lo, hi })
    }

    /// The target `n`.
    pub fn target(&self) -> u64 {
        self.target
    }

    /// The factor range `(lo, hi)`.
    pub fn factors(&self) -> (u64, u64) {
        (self.lo, self.hi)
    }

    /// Whether the player to move from `p` wins.
    pub fn first_player_wins(&self, p: u64) -> bool {
        if p >= self.target {
            return false;
        }
        // `bound` is the lower end of the interval above; `n_next` tells
        // whether the interval being built is an N-interval.
        let mut bound = self.target;
        let mut n_next = true;
        loop {
            let lower = if n_next {
                bound.div_ceil(self.hi)
            } else {
                bound.div_ceil(self.lo)
            };
            if p >= lower {
                return n_next;
            }
            bound = lower;
            n_next = !n_next;
        }
    }

    /// Every winning move from `p`: the positions `p·f` that are
    /// P-positions (empty from a P-position).
    pub fn winning_moves(&self, p: u64) -> Vec<u64> {
        if p >= self.target {
            return Vec::new();
        }
        (self.lo..=self.hi)
            .map(|f| p.saturating_mul(f).min(self.target))
            .filter(|&q| !self.first_player_wins(q))
            .collect::<std::collections::BTreeSet<u64>>()
            .into_iter()
            .collect()
    }
}

impl Game for Multiplication {
    type Position = u64;

    /// Positions at or past the target are all the same (terminal), so they
    /// are written as the target itself.
    fn options(&self, &p: &u64, f: &mut dyn FnMut(&[u64])) {
        if p >= self.target {
            return;
        }
        for factor in self.lo..=self.hi {
            f(&[p.saturating_mul(factor).min(self.target)]);
        }
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    /// The judges' folklore rule, for factors 2..9 from p = 1.
    fn folklore(mut n: u64) -> bool {
        while n > 18 {
            n = n.div_ceil(18);
        }
        n <= 9
    }

    #[test]
    fn closed_form_equals_the_generic_solver() {
        for (lo, hi) in [(2, 9), (2, 2), (3, 5), (2, 3)] {
            for n in 1..=2000u64 {
                let game = Multiplication::new(n, lo, hi).unwrap();
                let mut solver = MemoSolver::new(game);
                for p in 1..=n + 1 {
                    let v = solver.nim_value(&p.min(n)).unwrap();
                    assert_eq!(
                        !v.is_zero(),
                        game.first_player_wins(p),
                        "n={n} p={p} {lo}..{hi}"
                    );
                }
            }
        }
    }

    #[test]
    fn closed_form_equals_the_judges_rule() {
        for n in (2..200_000u64).chain([4_294_967_294, u64::MAX]) {
            let game = Multiplication::new(n, 2, 9).unwrap();
            assert_eq!(game.first_player_wins(1), folklore(n), "n={n}");
        }
    }

    #[test]
    fn winning_moves_land_on_p() {
        let game = Multiplication::new(1_000_003, 2, 9).unwrap();
        for p in 1..5000 {
            let moves = game.winning_moves(p);
            assert_eq!(moves.is_empty(), !game.first_player_wins(p), "{p}");
            for q in moves {
                assert!(!game.first_player_wins(q));
            }
        }
    }

    #[test]
    fn bad_factors_are_refused() {
        assert!(Multiplication::new(10, 1, 9).is_err());
        assert!(Multiplication::new(10, 5, 4).is_err());
    }
}
