//! The dense heap solver: `G(0), G(1), …, G(n)` bottom-up in a flat array.
//!
//! For games whose positions are heap sizes (`u64`) and whose every option is
//! a sum of strictly smaller heaps — subtraction games, octal and
//! hexadecimal games, Lasker's Nim, Grundy's game. `G(h)` is the mex of the
//! XOR of the table entries of each option, so no hashing and no recursion
//! are involved.
//!
//! Time: O(Σ_{h ≤ n} options(h)) — O(n·|S|) for a subtraction set `S`.
//! Memory: 8 bytes per heap size, estimated before any allocation and
//! refused beyond [`DenseConfig::max_bytes`] with [`ErrorKind::OutOfMemory`].
//! The solver is incremental: [`DenseSolver::extend_to`] continues where the
//! last call stopped.

use crate::error::{ErrorKind, Result};
use crate::game::HeapGame;
use crate::nimber::{Mex, Nimber};

/// Settings of a [`DenseSolver`].
#[derive(Clone, Debug)]
pub struct DenseConfig {
    /// Most bytes the value table may take.
    pub max_bytes: u64,
}

impl Default for DenseConfig {
    fn default() -> Self {
        DenseConfig { max_bytes: 8 << 30 }
    }
}

/// Bottom-up solver for heap games (see the module docs).
///
/// ```
/// use grundy::{games::Subtraction, solve::DenseSolver};
/// let game = Subtraction::finite(&[1, 3, 4]).unwrap();
/// let mut solver = DenseSolver::new(&game);
/// let v: Vec<u64> = solver.extend_to(8).unwrap().iter().map(|g| g.value()).collect();
/// assert_eq!(v, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// ```
pub struct DenseSolver<G> {
    game: G,
    config: DenseConfig,
    values: Vec<Nimber>,
    mex: Mex,
}

impl<G: HeapGame> DenseSolver<G> {
    /// A solver for `game` with the default [`DenseConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, DenseConfig::default())
    }

    /// A solver for `game` with the given settings.
    pub fn with_config(game: G, config: DenseConfig) -> Self {
        DenseSolver {
            game,
            config,
            values: Vec::new(),
            mex: Mex::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The values computed so far: `G(0..len)`.
    pub fn values(&self) -> &[Nimber] {
        &self.values
    }

    /// Bytes the table needs to hold `G(0..=n)`.
    pub fn bytes_needed(n: u64) -> u64 {
        n.saturating_add(1)
            .saturating_mul(std::mem::size_of::<Nimber>() as u64)
    }

    /// Computes `G(0..=n)` (keeping what is already known) and returns them.
    pub fn extend_to(&mut self, n: u64) -> Result<&[Nimber]> {
        let needed = Self::bytes_needed(n);
        if needed > self.config.max_bytes || usize::try_from(n).is_err() {
            return Err(ErrorKind::OutOfMemory {
                needed,
                available: self.config.max_bytes,
            }
            .into());
        }
        let target = n as usize + 1;
        if self.values.len() < target {
            self.values
                .try_reserve_exact(target - self.values.len())
                .map_err(|_| {
                    crate::Error::from(ErrorKind::OutOfMemory {
                        needed,
                        available: self.config.max_bytes,
                    })
                })?;
        }
        match self.game.finite_subtraction_set().filter(|s| s.len() < 64) {
            Some(set) => self.extend_subtraction(&set, target),
            None => {
                while self.values.len() < target {
                    let h = self.values.len() as u64;
                    let v = self.next_value(h)?;
                    self.values.push(v);
                }
            }
        }
        Ok(&self.values[..target])
    }

    /// Fast path for a finite subtraction set `set` (sorted, fewer than 64
    /// moves): every value is below 64, so the mex is the lowest zero bit of
    /// a one-word mask.
    fn extend_subtraction(&mut self, set: &[u64], target: usize) {
        let values = &mut self.values;
        for h in values.len()..target {
            let mut seen = 0u64;
            for &s in set {
                if s as usize > h {
                    break;
                }
                seen |= 1 << values[h - s as usize].value();
            }
            values.push(Nimber::new(u64::from((!seen).trailing_zeros())));
        }
    }

    #[inline]
    fn next_value(&mut self, h: u64) -> Result<Nimber> {
        let values = &self.values;
        let mex = &mut self.mex;
        mex.clear();
        let mut bad = None;
        self.game.options(&h, &mut |option| {
            let mut x = Nimber::ZERO;
            for &c in option {
                match values.get(c as usize) {
                    Some(&v) if c < h => x += v,
                    _ => {
                        bad = Some(c);
                        return;
                    }
                }
            }
            mex.insert(x);
        });
        match bad {
            Some(option) => Err(ErrorKind::NotShrinking { heap: h, option }.into()),
            None => Ok(mex.mex()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::Game;
    use crate::games::Subtraction;
    use crate::solve::MemoSolver;
    use proptest::prelude::*;

    struct Grows;
    impl Game for Grows {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            f(&[*p + 1]);
        }
    }
    impl HeapGame for Grows {
        fn spec(&self) -> String {
            "grows".into()
        }
    }

    /// The same rules without the fast-path hint.
    struct Plain(Subtraction);
    impl Game for Plain {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            self.0.options(p, f)
        }
    }
    impl HeapGame for Plain {
        fn spec(&self) -> String {
            self.0.spec()
        }
    }

    proptest! {
        #[test]
        fn subtraction_fast_path_equals_the_generic_loop_and_the_memo_solver(
            set in proptest::collection::vec(1u64..70, 1..66),
        ) {
            let game = Subtraction::finite(&set).unwrap();
            let fast = DenseSolver::new(&game).extend_to(300).unwrap().to_vec();
            let plain = DenseSolver::new(Plain(game.clone())).extend_to(300).unwrap().to_vec();
            prop_assert_eq!(&fast, &plain);
            let mut memo = MemoSolver::new(&game);
            for h in (0..=300).step_by(7) {
                prop_assert_eq!(memo.nim_value(&h).unwrap(), fast[h as usize]);
            }
        }
    }

    #[test]
    fn a_game_that_does_not_shrink_is_reported() {
        let e = DenseSolver::new(Grows).extend_to(3).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::NotShrinking { heap: 0, option: 1 });
    }

    #[test]
    fn a_table_beyond_the_budget_is_refused_before_allocating() {
        let mut s = DenseSolver::with_config(Grows, DenseConfig { max_bytes: 1 << 20 });
        let e = s.extend_to(u64::MAX).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::OutOfMemory { .. }));
    }
}
