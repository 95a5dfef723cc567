//! Nim: take any positive number of tokens from one heap.
//!
//! `G(n) = n`, so a sum of heaps has the value of their XOR and the winning
//! moves follow Bouton's rule: with total `t ≠ 0`, every heap `h` with
//! `h ⊕ t < h` can be reduced to `h ⊕ t`, and those are all the winning
//! moves. [`Nim::winning_moves`] computes them in O(heaps); a test proves
//! it equal to the generic strategy on every small position.
//!
//! Misère Nim (the player who takes the last token loses; POJ 3480 / HDU
//! 1907 "John"): [`Nim::misere_analysis`] — Bouton's rule, tested equal to
//! the generic misère search ([`MisereSolver`](crate::solve::MisereSolver)).

use crate::analysis::{PeriodTheorem, Periodicity};
use crate::game::{Game, HeapGame};
use crate::nimber::Nimber;
use crate::strategy::Outcome;

/// Nim (spec `nim`; also `allbut:` with nothing excluded, and `0.3r`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

/// A winning move of Nim: reduce heap `component` from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimMove {
    /// Index of the heap.
    pub component: usize,
    /// Its size now.
    pub from: u64,
    /// Its size after the move.
    pub to: u64,
}

impl Nim {
    /// The value of a sum of heaps: their XOR.
    pub fn value(heaps: &[u64]) -> Nimber {
        heaps.iter().map(|&h| Nimber::new(h)).sum()
    }

    /// All winning moves (Bouton's rule); empty for a P-position.
    ///
    /// ```
    /// use grundy::games::nim::{Nim, NimMove};
    /// assert_eq!(Nim::winning_moves(&[3, 4, 5]), [NimMove { component: 0, from: 3, to: 1 }]);
    /// ```
    pub fn winning_moves(heaps: &[u64]) -> Vec<NimMove> {
        let t = Self::value(heaps).value();
        if t == 0 {
            return Vec::new();
        }
        heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ t < h)
            .map(|(component, &h)| NimMove {
                component,
                from: h,
                to: h ^ t,
            })
            .collect()
    }

    /// Misère Nim: outcome and every winning move (Bouton).
    ///
    /// With at least two heaps larger than 1, play as in normal Nim: a move
    /// to XOR 0 always leaves two large heaps, and those are exactly the
    /// misère P-positions reachable. With exactly one large heap, the only
    /// winning move reduces it to 0 or 1 so that an odd number of 1-heaps
    /// remains. With all heaps at most 1, the player to move wins iff the
    /// number of 1-heaps is even (with no tokens at all the player to move
    /// has already won: N, with no move to make).
    ///
    /// ```
    /// use grundy::{games::Nim, strategy::Outcome};
    /// assert_eq!(Nim::misere_analysis(&[1, 1]).0, Outcome::N);
    /// assert_eq!(Nim::misere_analysis(&[2, 2]).0, Outcome::P);
    /// assert_eq!(Nim::misere_analysis(&[3, 1]).1.len(), 1); // 3 -> 0
    /// ```
    pub fn misere_analysis(heaps: &[u64]) -> (Outcome, Vec<NimMove>) {
        let large: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 1).collect();
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        match large[..] {
            [] => {
                if ones % 2 == 1 {
                    return (Outcome::P, Vec::new());
                }
                let moves = (0..heaps.len())
                    .filter(|&i| heaps[i] == 1)
                    .map(|component| NimMove {
                        component,
                        from: 1,
                        to: 0,
                    })
                    .collect();
                (Outcome::N, moves)
            }
            [i] => {
                let to = if ones % 2 == 0 { 1 } else { 0 };
                let m = NimMove {
                    component: i,
                    from: heaps[i],
                    to,
                };
                (Outcome::N, vec![m])
            }
            _ => {
                let moves = Self::winning_moves(heaps);
                let outcome = if moves.is_empty() {
                    Outcome::P
                } else {
                    Outcome::N
                };
                (outcome, moves)
            }
        }
    }
}

impl Game for Nim {
    type Position = u64;

    fn options(&self, heap: &u64, f: &mut dyn FnMut(&[u64])) {
        for to in (0..*heap).rev() {
            f(&[to]);
        }
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }
}

impl HeapGame for Nim {
    fn period_theorem(&self) -> PeriodTheorem {
        PeriodTheorem::None
    }

    fn arithmetic_periodic(&self) -> bool {
        true
    }

    fn known_periodicity(&self) -> Option<(Periodicity, &'static str)> {
        Some((
            Periodicity {
                preperiod: 0,
                period: 1,
                saltus: 1,
            },
            "G(n) = n: the options of n are exactly the heaps 0..n-1",
        ))
    }

    fn spec(&self) -> String {
        "nim".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use crate::strategy::analyze;

    #[test]
    fn bouton_equals_the_generic_strategy_on_small_positions() {
        let mut solver = MemoSolver::new(Nim);
        for a in 0..8u64 {
            for b in 0..8 {
                for c in 0..8 {
                    let heaps = [a, b, c];
                    let generic = analyze(&Nim, &mut solver, &heaps).unwrap();
                    assert_eq!(generic.value, Nim::value(&heaps));
                    let fast: Vec<(usize, u64, Vec<u64>)> = Nim::winning_moves(&heaps)
                        .into_iter()
                        .map(|m| (m.component, m.from, vec![m.to]))
                        .collect();
                    let mut slow: Vec<(usize, u64, Vec<u64>)> = generic
                        .winning_moves
                        .into_iter()
                        .map(|m| (m.component, m.from, m.to))
                        .collect();
                    slow.sort();
                    assert_eq!(fast, slow, "{heaps:?}");
                }
            }
        }
    }

    #[test]
    fn misere_rule_equals_the_generic_misere_search() {
        let mut solver = crate::solve::MisereSolver::new(Nim);
        for a in 0..7u64 {
            for b in 0..7 {
                for c in 0..7 {
                    for d in 0..3 {
                        let heaps = [a, b, c, d];
                        let (outcome, moves) = Nim::misere_analysis(&heaps);
                        let (slow_outcome, slow_moves) = solver.analyze(&heaps).unwrap();
                        assert_eq!(outcome, slow_outcome, "{heaps:?}");
                        let fast: Vec<(usize, u64, Vec<u64>)> = moves
                            .into_iter()
                            .map(|m| (m.component, m.from, vec![m.to]))
                            .collect();
                        let mut slow: Vec<(usize, u64, Vec<u64>)> = slow_moves
                            .into_iter()
                            .map(|m| (m.component, m.from, m.to))
                            .collect();
                        slow.sort();
                        assert_eq!(fast, slow, "{heaps:?}");
                    }
                }
            }
        }
    }
}
