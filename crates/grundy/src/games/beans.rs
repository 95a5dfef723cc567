//! The beans game (ZOJ 3057): three piles; a move takes any positive number
//! of beans from one pile, or the same positive number from two piles.
//! The player who cannot move loses. It is Wythoff's rule on three piles;
//! no closed form is known, so this module computes its P-positions.
//!
//! Algorithm ([`BeansTable::new`]): visit all positions `(a, b, c)` with
//! piles up to `max` in lexicographic order. Every option of a position is
//! lexicographically smaller, so when a position is reached its outcome is
//! settled: it is P iff no earlier P-position marked it. Each P-position
//! then marks every position that can move to it (add `d` to one pile or
//! the same `d` to two piles): six rays of at most `max` cells. For two
//! fixed piles there is at most one P-position (two would reach each
//! other), so there are at most `(max+1)²` P-positions and the work is
//! O(max³) bit operations; memory is one bit per position (`max = 300`:
//! 3.4 MB, a few hundred milliseconds). A test checks the table against the
//! generic solver on every position up to 10 per pile.

use crate::error::{ErrorKind, Result};
use crate::game::Game;

/// The beans game (three piles; one pile, or the same amount from two).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Beans;

impl Game for Beans {
    type Position = [u64; 3];

    fn options(&self, p: &[u64; 3], f: &mut dyn FnMut(&[[u64; 3]])) {
        for i in 0..3 {
            for d in 1..=p[i] {
                let mut q = *p;
                q[i] -= d;
                f(&[q]);
            }
        }
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            for d in 1..=p[i].min(p[j]) {
                let mut q = *p;
                q[i] -= d;
                q[j] -= d;
                f(&[q]);
            }
        }
    }

    fn format_position(&self, p: &[u64; 3]) -> String {
        format!("{},{},{}", p[0], p[1], p[2])
    }
}

/// The P-positions of the beans game with every pile at most `max`.
///
/// ```
/// use grundy::games::beans::BeansTable;
/// let t = BeansTable::new(20).unwrap();
/// assert!(t.is_p(0, 0, 0) && t.is_p(0, 1, 2) && t.is_p(1, 1, 1));
/// assert!(!t.is_p(1, 1, 2)); // take one from the last pile
/// ```
#[derive(Clone, Debug)]
pub struct BeansTable {
    side: usize,
    bits: Vec<u64>,
}

/// The largest pile a [`BeansTable`] accepts (2^30 positions, 128 MiB).
pub const MAX_PILE: u64 = 1023;

impl BeansTable {
    /// Computes the P-positions with piles up to `max`.
    pub fn new(max: u64) -> Result<BeansTable> {
        if max > MAX_PILE {
            let side = u64::from(u32::try_from(max).unwrap_or(u32::MAX)) + 1;
            return Err(ErrorKind::OutOfMemory {
                needed: side.saturating_mul(side).saturating_mul(side) / 8,
                available: (MAX_PILE + 1).pow(3) / 8,
            }
            .into());
        }
        let side = max as usize + 1;
        let n = side * side * side;
        let mut n_marks = vec![0u64; n.div_ceil(64)];
        let mut p_bits = vec![0u64; n.div_ceil(64)];
        let idx = |a: usize, b: usize, c: usize| (a * side + b) * side + c;
        let get = |v: &[u64], i: usize| v[i / 64] >> (i % 64) & 1 == 1;
        let set = |v: &mut [u64], i: usize| v[i / 64] |= 1 << (i % 64);
        for a in 0..side {
            for b in 0..side {
                for c in 0..side {
                    let i = idx(a, b, c);
                    if get(&n_marks, i) {
                        continue;
                    }
                    set(&mut p_bits, i);
                    for d in 1..side {
                        let (a2, b2, c2) = (a + d, b + d, c + d);
                        if a2 < side {
                            set(&mut n_marks, idx(a2, b, c));
                            if b2 < side {
                                set(&mut n_marks, idx(a2, b2, c));
                            }
                            if c2 < side {
                                set(&mut n_marks, idx(a2, b, c2));
                            }
                        }
                        if b2 < side {
                            set(&mut n_marks, idx(a, b2, c));
                            if c2 < side {
                                set(&mut n_marks, idx(a, b2, c2));
                            }
                        }
                        if c2 < side {
                            set(&mut n_marks, idx(a, b, c2));
                        }
                    }
                }
            }
        }
        Ok(BeansTable { side, bits: p_bits })
    }

    /// The largest pile covered.
    pub fn max(&self) -> u64 {
        self.side as u64 - 1
    }

    /// Whether `(a, b, c)` is a P-position (false if a pile exceeds
    /// [`max`](Self::max): use [`BeansTable::get`] to tell).
    pub fn is_p(&self, a: u64, b: u64, c: u64) -> bool {
        self.get(a, b, c).unwrap_or(false)
    }

    /// `Some(is P)` if every pile is within the table.
    pub fn get(&self, a: u64, b: u64, c: u64) -> Option<bool> {
        let s = self.side as u64;
        if a >= s || b >= s || c >= s {
            return None;
        }
        let i = ((a * s + b) * s + c) as usize;
        Some(self.bits[i / 64] >> (i % 64) & 1 == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    #[test]
    fn table_equals_the_generic_solver() {
        let t = BeansTable::new(10).unwrap();
        let mut solver = MemoSolver::new(Beans);
        for a in 0..=10 {
            for b in 0..=10 {
                for c in 0..=10 {
                    let v = solver.nim_value(&[a, b, c]).unwrap();
                    assert_eq!(v.is_zero(), t.is_p(a, b, c), "({a},{b},{c})");
                }
            }
        }
    }

    #[test]
    fn with_an_empty_pile_it_is_wythoff() {
        let t = BeansTable::new(60).unwrap();
        for a in 0..=60 {
            for b in 0..=60 {
                assert_eq!(t.is_p(0, a, b), crate::games::wythoff::is_p_position(a, b));
            }
        }
    }

    #[test]
    fn too_large_is_an_error() {
        assert!(BeansTable::new(MAX_PILE + 1).is_err());
        assert_eq!(BeansTable::new(5).unwrap().get(6, 0, 0), None);
    }
}
