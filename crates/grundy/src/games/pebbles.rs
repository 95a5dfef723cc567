//! "Piles of Pebbles" (AtCoder ARC 143 C): a partizan game on piles where a
//! move takes the same amount from any nonempty set of piles, Left's amount
//! `x` and Right's `y` (a pile gives only if it holds at least the amount).
//! The player who cannot move loses.
//!
//! [`SetSubtraction`] is the rules (a [`PartizanGame`], for search on small
//! cases) and the closed form of who wins, in time linear in the number of
//! piles, whatever their sizes ([`SetSubtraction::wins_moving_first`]).
//!
//! **Theorem.** Let the player to move take `m` per pile and the other
//! `o`, and let `r_i = a_i mod (m + o)`. The player to move wins if and
//! only if some `r_i >= m`, and either `m <= o` or no `r_i` lies in
//! `[o, m)`.
//!
//! *Proof sketch.* (1) If every `r_i < m`, the player to move loses: each
//! pile they take `m` from has `a_i >= m > r_i`, so `a_i >= m + o + r_i`
//! and the other can take `o` from the same piles, which restores every
//! residue; the piles shrink, so the mover is the first without a move.
//! (2) If some `r_i >= m` and `m <= o`: take `m` from every pile with
//! `r_i >= m`; all residues are now below `o` (`r_i - m < o`, the others
//! `< m <= o`), and by (1) with the roles exchanged the other loses.
//! (3) If some `r_i >= m` and `m > o`: if no `r_i` lies in `[o, m)`, the
//! same move leaves every residue below `o` and wins by (1). If some
//! `r_j` lies in `[o, m)`, every move leaves `r_j >= o` (untouched, or
//! taken from, which turns `r_j` into `r_j + o`, since `a_j >= m > r_j`),
//! and then the other, with `o < m`, wins by (2). ∎
//!
//! So only the residues modulo `x + y` matter: the basis of the example
//! `atcoder_arc143_c`, tested here against
//! [`PartizanSolver`](crate::solve::PartizanSolver) on every small case.

use crate::error::{Error, Result};
use crate::game::partizan::{OutcomeClass, PartizanGame, Player};

/// Take `x` (Left) or `y` (Right) from each pile of any nonempty set of
/// piles that hold at least that many (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetSubtraction {
    x: u64,
    y: u64,
}

impl SetSubtraction {
    /// The game where Left takes `x` and Right `y` per pile; both at
    /// least 1 (a move that takes nothing would never end).
    pub fn new(x: u64, y: u64) -> Result<SetSubtraction> {
        if x == 0 || y == 0 {
            return Err(Error::unsupported(format!(
                "the amounts taken per pile must be at least 1, not `{}`",
                if x == 0 { x } else { y }
            )));
        }
        Ok(SetSubtraction { x, y })
    }

    /// What `player` takes from each pile of a move.
    pub fn amount(&self, player: Player) -> u64 {
        match player {
            Player::Left => self.x,
            Player::Right => self.y,
        }
    }

    /// Whether `player`, moving first, wins on `piles` (the theorem of the
    /// module docs): one pass over the piles, no memory.
    pub fn wins_moving_first(&self, piles: impl IntoIterator<Item = u64>, player: Player) -> bool {
        let m = u128::from(self.amount(player));
        let o = u128::from(self.amount(player.other()));
        let (mut some_at_least_m, mut some_between) = (false, false);
        for a in piles {
            let r = u128::from(a) % (m + o);
            some_at_least_m |= r >= m;
            some_between |= o <= r && r < m;
        }
        some_at_least_m && (m <= o || !some_between)
    }

    /// The outcome class of `piles` (by the theorem).
    pub fn outcome_class(&self, piles: &[u64]) -> OutcomeClass {
        OutcomeClass::of_wins(
            self.wins_moving_first(piles.iter().copied(), Player::Left),
            self.wins_moving_first(piles.iter().copied(), Player::Right),
        )
    }

    /// The piles (indices, increasing) of the winning move of the proof
    /// when `player`, moving first, wins on `piles`: every pile whose
    /// residue modulo `x + y` is at least the amount `m` that `player`
    /// takes. `None` when `player` loses. One pass, whatever the sizes.
    ///
    /// ```
    /// use grundy::game::Player;
    /// use grundy::games::pebbles::SetSubtraction;
    /// // Left takes 2, Right 3: residues mod 5 of 4, 7, 1 are 4, 2, 1.
    /// let g = SetSubtraction::new(2, 3).unwrap();
    /// assert_eq!(g.winning_move(&[4, 7, 1], Player::Left), Some(vec![0, 1]));
    /// assert_eq!(g.winning_move(&[1, 1], Player::Left), None);
    /// ```
    pub fn winning_move(&self, piles: &[u64], player: Player) -> Option<Vec<usize>> {
        if !self.wins_moving_first(piles.iter().copied(), player) {
            return None;
        }
        let m = u128::from(self.amount(player));
        let period = m + u128::from(self.amount(player.other()));
        Some(
            (0..piles.len())
                .filter(|&i| u128::from(piles[i]) % period >= m)
                .collect(),
        )
    }

    /// `piles` after `player` takes their amount from each pile of `set`
    /// (indices); `None` when a pile of `set` holds less than the amount
    /// or is not a pile.
    pub fn after(&self, piles: &[u64], set: &[usize], player: Player) -> Option<Vec<u64>> {
        let m = self.amount(player);
        let mut next = piles.to_vec();
        for &i in set {
            next[i] = next.get(i)?.checked_sub(m)?;
        }
        Some(next)
    }
}

impl PartizanGame for SetSubtraction {
    type Position = Vec<u64>;

    /// Every nonempty set of the piles holding at least the amount: 2^k - 1
    /// options for k such piles (for search on small cases).
    fn options(&self, piles: &Vec<u64>, player: Player, f: &mut dyn FnMut(&Vec<u64>)) {
        let m = self.amount(player);
        let able: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] >= m).collect();
        let sets = 1u64.checked_shl(able.len() as u32).unwrap_or(0);
        let mut next = piles.clone();
        for set in 1..sets {
            next.copy_from_slice(piles);
            for (bit, &i) in able.iter().enumerate() {
                if set >> bit & 1 == 1 {
                    next[i] -= m;
                }
            }
            f(&next);
        }
    }

    fn format_position(&self, piles: &Vec<u64>) -> String {
        let parts: Vec<String> = piles.iter().map(u64::to_string).collect();
        parts.join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::PartizanSolver;

    /// Every tuple of up to `len` piles of at most `max` pebbles.
    fn tuples(len: usize, max: u64) -> Vec<Vec<u64>> {
        let mut out = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..len {
            let mut grown = Vec::new();
            for t in &last {
                for a in 0..=max {
                    let mut u: Vec<u64> = t.clone();
                    u.push(a);
                    grown.push(u);
                }
            }
            out.extend(grown.iter().cloned());
            last = grown;
        }
        out
    }

    #[test]
    fn set_subtraction_theorem_agrees_with_search_on_every_small_case() {
        let cases = tuples(3, 9);
        for x in 1..=4 {
            for y in 1..=4 {
                let game = SetSubtraction::new(x, y).unwrap();
                let mut search = PartizanSolver::new(game);
                for piles in &cases {
                    let searched = search.outcome_class(piles).unwrap();
                    assert_eq!(
                        game.outcome_class(piles),
                        searched,
                        "x={x} y={y} piles={piles:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn set_subtraction_theorem_answers_the_judge_samples() {
        // ARC 143 C: "2 1 1 / 3 3" First; "2 1 2 / 3 3" Second.
        let g = SetSubtraction::new(1, 1).unwrap();
        assert!(g.wins_moving_first([3, 3], Player::Left));
        let g = SetSubtraction::new(1, 2).unwrap();
        assert!(!g.wins_moving_first([3, 3], Player::Left));
    }

    #[test]
    fn the_winning_move_of_the_proof_leaves_the_other_player_losing_on_every_small_case() {
        let cases = tuples(3, 9);
        for x in 1..=4 {
            for y in 1..=4 {
                let game = SetSubtraction::new(x, y).unwrap();
                let mut search = PartizanSolver::new(game);
                for piles in &cases {
                    for player in [Player::Left, Player::Right] {
                        let wins = search.wins_moving_first(piles, player).unwrap();
                        match game.winning_move(piles, player) {
                            None => assert!(!wins, "x={x} y={y} {piles:?} {player}"),
                            Some(set) => {
                                assert!(wins && !set.is_empty(), "x={x} y={y} {piles:?}");
                                let next = game.after(piles, &set, player).unwrap();
                                let answer = search.wins_moving_first(&next, player.other());
                                assert!(!answer.unwrap(), "x={x} y={y} {piles:?} {player}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn set_subtraction_near_the_largest_amounts_does_not_overflow() {
        let g = SetSubtraction::new(u64::MAX, u64::MAX).unwrap();
        assert_eq!(g.outcome_class(&[u64::MAX]), OutcomeClass::N);
        assert!(SetSubtraction::new(0, 3).is_err());
    }
}
