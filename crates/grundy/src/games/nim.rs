//! Nim: take any positive number of tokens from one heap.
//!
//! `G(n) = n`, so a sum of heaps has the value of their XOR and the winning
//! moves follow Bouton's rule: with total `t ≠ 0`, every heap `h` with
//! `h ⊕ t < h` can be reduced to `h ⊕ t`, and those are all the winning
//! moves. [`Nim::winning_moves`] computes them in O(heaps); a test proves
//! it equal to the generic strategy on every small position.

use crate::analysis::{PeriodTheorem, Periodicity};
use crate::game::{Game, HeapGame};
use crate::nimber::Nimber;

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
}
