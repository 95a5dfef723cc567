//! Nim: take any positive number of tokens from one heap.
//!
//! `G(n) = n`, so a sum of heaps has the value of their XOR and the winning
//! moves follow Bouton's rule: with total `t ≠ 0`, every heap `h` with
//! `h ⊕ t < h` can be reduced to `h ⊕ t`, and those are all the winning
//! moves. [`Nim::winning_moves`] computes them in O(heaps); a test proves
//! it equal to the generic strategy on every small position.
//!
//! Misère Nim (the player who takes the last token loses) has Bouton's
//! closed form too: [`Nim::misere_analysis`] gives its outcome and every
//! winning move in O(heaps), tested equal to an exhaustive search of the
//! misère game tree on all small positions.

use crate::analysis::{PeriodTheorem, Periodicity};
use crate::game::{Game, HeapGame};
use crate::nimber::Nimber;
use crate::strategy::{Analysis, Outcome, WinningMove};

/// Nim (spec `nim`; also `allbut:` with nothing excluded, and `0.3r`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Nim;

impl Nim {
    /// The value of a sum of heaps: their XOR.
    pub fn value(heaps: &[u64]) -> Nimber {
        heaps.iter().map(|&h| Nimber::new(h)).sum()
    }

    /// All winning moves (Bouton's rule); empty for a P-position. Each
    /// reduces heap `component` from `from` to the one heap in `to` (a heap
    /// of 0 when it takes the whole heap), as [`crate::strategy::analyze`]
    /// writes the same move.
    ///
    /// ```
    /// use grundy::{games::nim::Nim, strategy::WinningMove};
    /// assert_eq!(
    ///     Nim::winning_moves(&[3, 4, 5]),
    ///     [WinningMove { component: 0, from: 3, to: vec![1], name: None }]
    /// );
    /// ```
    pub fn winning_moves(heaps: &[u64]) -> Vec<WinningMove<u64>> {
        let t = Self::value(heaps).value();
        if t == 0 {
            return Vec::new();
        }
        heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ t < h)
            .map(|(component, &h)| WinningMove {
                name: None,
                component,
                from: h,
                to: vec![h ^ t],
            })
            .collect()
    }

    /// Outcome and every winning move of the heaps under *misère* play
    /// (the player who takes the last token loses; HDU 1907, POJ 3480).
    ///
    /// Bouton's rule: while some heap is larger than 1, play exactly as in
    /// normal Nim — except when only one heap is larger than 1, which is
    /// always a win: reduce it to 0 or 1 so that an odd number of 1-heaps
    /// remains (the only winning move). With every heap at most 1, the
    /// player to move wins iff the number of 1-heaps is even; with no token
    /// left at all the player to move has already won (outcome N, no move).
    ///
    /// So the player to move wins iff (some heap > 1 and the XOR ≠ 0) or
    /// (every heap ≤ 1 and the XOR = 0). The `value` of the result is
    /// unknown (`None`): the normal-play nim-sum
    /// is not a misère value.
    ///
    /// ```
    /// use grundy::{games::Nim, strategy::Outcome};
    /// assert_eq!(Nim::misere_analysis(&[3, 5, 1]).outcome, Outcome::N);
    /// assert_eq!(Nim::misere_analysis(&[1]).outcome, Outcome::P);
    /// let a = Nim::misere_analysis(&[4, 1]);
    /// assert_eq!(a.winning_moves.len(), 1);
    /// assert_eq!((a.winning_moves[0].from, a.winning_moves[0].to.clone()), (4, vec![0]));
    /// ```
    pub fn misere_analysis(heaps: &[u64]) -> Analysis<u64> {
        let value = Self::value(heaps);
        let big = heaps.iter().filter(|&&h| h > 1).count();
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        let mut winning_moves = Vec::new();
        let outcome = match big {
            0 => {
                if ones % 2 == 0 {
                    // Every move empties a 1-heap and leaves an odd count.
                    for (i, _) in heaps.iter().enumerate().filter(|(_, &h)| h == 1) {
                        winning_moves.push(WinningMove {
                            name: None,
                            component: i,
                            from: 1,
                            to: vec![0],
                        });
                    }
                    Outcome::N
                } else {
                    Outcome::P
                }
            }
            1 => {
                let (i, h) = heaps
                    .iter()
                    .copied()
                    .enumerate()
                    .find(|&(_, h)| h > 1)
                    .unwrap_or_default();
                let to = if ones % 2 == 0 { 1 } else { 0 };
                winning_moves.push(WinningMove {
                    name: None,
                    component: i,
                    from: h,
                    to: vec![to],
                });
                Outcome::N
            }
            _ => {
                // At least one big heap survives any move, and with a big
                // heap left the loser is exactly the normal-play loser.
                winning_moves.extend(Self::winning_moves(heaps));
                Outcome::of_value(value)
            }
        };
        Analysis::new(None, outcome, winning_moves)
    }

    /// Who wins the heaps under misère play (see [`Nim::misere_analysis`]).
    pub fn misere_outcome(heaps: &[u64]) -> Outcome {
        let some_big = heaps.iter().any(|&h| h > 1);
        let x = Self::value(heaps).is_zero();
        if some_big != x {
            Outcome::N
        } else {
            Outcome::P
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

    fn position_index(&self, p: &u64) -> Option<usize> {
        usize::try_from(*p).ok()
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

    fn known_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber::new(n))
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
                    assert_eq!(generic.value, Some(Nim::value(&heaps)));
                    let fast: Vec<(usize, u64, Vec<u64>)> = Nim::winning_moves(&heaps)
                        .into_iter()
                        .map(|m| (m.component, m.from, m.to))
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

    /// Misère outcomes of every position with three heaps of at most
    /// `MAX` tokens, by exhaustive search: bottom-up over positions in
    /// order of their total, a position is N iff it has no move (the
    /// previous player took the last token and lost) or a move to a P.
    fn misere_outcomes_by_search() -> Vec<bool> {
        let index = |h: [u64; 3]| ((h[0] * (MAX + 1) + h[1]) * (MAX + 1) + h[2]) as usize;
        let mut positions: Vec<[u64; 3]> = Vec::new();
        for a in 0..=MAX {
            for b in 0..=MAX {
                for c in 0..=MAX {
                    positions.push([a, b, c]);
                }
            }
        }
        positions.sort_by_key(|h| h.iter().sum::<u64>());
        let mut next_wins = vec![false; positions.len()];
        for h in positions {
            let mut any_move = false;
            let mut to_p = false;
            for i in 0..3 {
                for smaller in 0..h[i] {
                    let mut o = h;
                    o[i] = smaller;
                    any_move = true;
                    to_p |= !next_wins[index(o)];
                }
            }
            next_wins[index(h)] = !any_move || to_p;
        }
        next_wins
    }

    const MAX: u64 = 6;

    #[test]
    fn misere_rule_equals_exhaustive_search_on_small_positions() {
        let next_wins = misere_outcomes_by_search();
        let index = |h: [u64; 3]| ((h[0] * (MAX + 1) + h[1]) * (MAX + 1) + h[2]) as usize;
        for a in 0..=MAX {
            for b in 0..=MAX {
                for c in 0..=MAX {
                    let h = [a, b, c];
                    let expect = if next_wins[index(h)] {
                        Outcome::N
                    } else {
                        Outcome::P
                    };
                    let analysis = Nim::misere_analysis(&h);
                    assert_eq!(analysis.outcome, expect, "{h:?}");
                    assert_eq!(Nim::misere_outcome(&h), expect, "{h:?}");
                    // Winning moves: exactly the moves to a P-position.
                    let mut by_search = Vec::new();
                    for i in 0..3 {
                        for smaller in 0..h[i] {
                            let mut o = h;
                            o[i] = smaller;
                            if !next_wins[index(o)] {
                                by_search.push((i, h[i], vec![smaller]));
                            }
                        }
                    }
                    let mut by_rule: Vec<(usize, u64, Vec<u64>)> = analysis
                        .winning_moves
                        .into_iter()
                        .map(|m| (m.component, m.from, m.to))
                        .collect();
                    by_rule.sort();
                    by_search.sort();
                    assert_eq!(by_rule, by_search, "{h:?}");
                }
            }
        }
    }

    #[test]
    fn misere_rule_equals_the_generic_misere_solver_on_four_heaps() {
        let mut solver = crate::solve::MisereSolver::new(Nim);
        for a in 0..7u64 {
            for b in 0..7 {
                for c in 0..5 {
                    for d in 0..3 {
                        let heaps = [a, b, c, d];
                        let fast = Nim::misere_analysis(&heaps);
                        let (outcome, slow_moves) = solver.analyze(&heaps).unwrap();
                        assert_eq!(fast.outcome, outcome, "{heaps:?}");
                        let mut slow: Vec<(usize, u64, Vec<u64>)> = slow_moves
                            .into_iter()
                            .map(|m| (m.component, m.from, m.to))
                            .collect();
                        let mut rule: Vec<(usize, u64, Vec<u64>)> = fast
                            .winning_moves
                            .into_iter()
                            .map(|m| (m.component, m.from, m.to))
                            .collect();
                        slow.sort();
                        rule.sort();
                        assert_eq!(rule, slow, "{heaps:?}");
                    }
                }
            }
        }
    }
}
