//! The generic memoizing solver: nim-values of any finite [`Game`].
//!
//! Algorithm: depth-first evaluation of `G(x) = mex{ G(y1) ⊕ … ⊕ G(yk) }`
//! over the options `y1 + … + yk` of `x`, with an explicit stack instead of
//! recursion. Each stack frame owns a slice of two shared arenas (the
//! components of its options and the option boundaries), so expanding a
//! position allocates nothing once the arenas have grown. Components are
//! memoized in a hash map (never whole sums). A component met again while it
//! is still on the stack closes a cycle: the solver stops with
//! [`ErrorKind::Cycle`] naming it.
//!
//! Time: one `options` call per distinct component, plus two hash lookups per
//! component occurrence in an option. Memory: one map entry per distinct
//! component (about 32 bytes plus the position), and stack space
//! proportional to the depth of the game graph (a chain of 10^7 positions is
//! fine). [`MemoConfig::max_positions`] caps the map: going past it returns
//! [`ErrorKind::TooManyPositions`] instead of exhausting memory.
//!
//! Choose it for any game whose positions are not plain heap sizes; for heap
//! games [`DenseSolver`](super::DenseSolver) is faster.

use crate::error::{ErrorKind, Result};
use crate::game::Game;
use crate::nimber::{Mex, Nimber};
use rustc_hash::FxHashMap;

/// Settings of a [`MemoSolver`].
#[derive(Clone, Debug)]
pub struct MemoConfig {
    /// Most positions the memo may hold before solving stops with an error.
    pub max_positions: usize,
}

impl Default for MemoConfig {
    fn default() -> Self {
        // About 4 GiB of map for small positions: enough for real work, and
        // well below a laptop's memory.
        MemoConfig {
            max_positions: 100_000_000,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    OnStack,
    Done(Nimber),
}

struct Frame<P> {
    position: P,
    /// First index of this frame's option components in `comps`/`vals`.
    comp_start: usize,
    /// First index of this frame's option ends in `bounds`.
    bound_start: usize,
    /// Next component of this frame whose value is not yet known.
    cursor: usize,
}

/// Memoizing solver for any finite game (see the module docs).
pub struct MemoSolver<G: Game> {
    game: G,
    config: MemoConfig,
    memo: FxHashMap<G::Position, Slot>,
    frames: Vec<Frame<G::Position>>,
    comps: Vec<G::Position>,
    vals: Vec<Nimber>,
    bounds: Vec<usize>,
    mex: Mex,
}

impl<G: Game> MemoSolver<G> {
    /// A solver for `game` with the default [`MemoConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, MemoConfig::default())
    }

    /// A solver for `game` with the given settings.
    pub fn with_config(game: G, config: MemoConfig) -> Self {
        MemoSolver {
            game,
            config,
            memo: FxHashMap::default(),
            frames: Vec::new(),
            comps: Vec::new(),
            vals: Vec::new(),
            bounds: Vec::new(),
            mex: Mex::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many components have a known value.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// True when nothing has been solved yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The value of `p` if it has been computed already.
    pub fn known_value(&self, p: &G::Position) -> Option<Nimber> {
        match self.memo.get(p) {
            Some(Slot::Done(v)) => Some(*v),
            _ => None,
        }
    }

    /// The nim-value of a sum of components: the XOR of their values.
    pub fn sum_value(&mut self, components: &[G::Position]) -> Result<Nimber> {
        let mut total = Nimber::ZERO;
        for c in components {
            total += self.nim_value(c)?;
        }
        Ok(total)
    }

    /// The nim-value (Sprague–Grundy value) of the component `p`.
    pub fn nim_value(&mut self, p: &G::Position) -> Result<Nimber> {
        if let Some(v) = self.known_value(p) {
            return Ok(v);
        }
        let result = self.solve(p.clone());
        if result.is_err() {
            self.unwind();
        }
        result
    }

    fn solve(&mut self, root: G::Position) -> Result<Nimber> {
        self.push(root)?;
        loop {
            let top = self.frames.len() - 1;
            let mut cursor = self.frames[top].cursor;
            let mut unknown = None;
            while cursor < self.comps.len() {
                match self.memo.get(&self.comps[cursor]) {
                    Some(Slot::Done(v)) => {
                        self.vals[cursor] = *v;
                        cursor += 1;
                    }
                    Some(Slot::OnStack) => {
                        let position = self.game.format_position(&self.comps[cursor]);
                        return Err(ErrorKind::Cycle { position }.into());
                    }
                    None => {
                        unknown = Some(self.comps[cursor].clone());
                        break;
                    }
                }
            }
            self.frames[top].cursor = cursor;
            if let Some(child) = unknown {
                self.push(child)?;
                continue;
            }
            // Every component of every option is known: take the mex.
            let frame = self.frames.pop().expect("a frame is on the stack");
            self.mex.clear();
            let mut start = frame.comp_start;
            for &end in &self.bounds[frame.bound_start..] {
                let option_value: Nimber = self.vals[start..end].iter().sum();
                self.mex.insert(option_value);
                start = end;
            }
            let value = self.mex.mex();
            self.comps.truncate(frame.comp_start);
            self.vals.truncate(frame.comp_start);
            self.bounds.truncate(frame.bound_start);
            if self.frames.is_empty() {
                self.memo.insert(frame.position, Slot::Done(value));
                return Ok(value);
            }
            self.memo.insert(frame.position, Slot::Done(value));
        }
    }

    /// Marks `p` as on the stack and lays out its options.
    fn push(&mut self, p: G::Position) -> Result<()> {
        if self.memo.len() >= self.config.max_positions {
            return Err(ErrorKind::TooManyPositions {
                limit: self.config.max_positions,
            }
            .into());
        }
        self.memo.insert(p.clone(), Slot::OnStack);
        let comp_start = self.comps.len();
        let bound_start = self.bounds.len();
        let comps = &mut self.comps;
        let bounds = &mut self.bounds;
        self.game.options(&p, &mut |option| {
            comps.extend_from_slice(option);
            bounds.push(comps.len());
        });
        self.vals.resize(self.comps.len(), Nimber::ZERO);
        self.frames.push(Frame {
            position: p,
            comp_start,
            bound_start,
            cursor: comp_start,
        });
        Ok(())
    }

    /// After an error: forget the positions left on the stack.
    fn unwind(&mut self) {
        for frame in self.frames.drain(..) {
            self.memo.remove(&frame.position);
        }
        self.comps.clear();
        self.vals.clear();
        self.bounds.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain 0 <- 1 <- 2 <- ... : deep enough to overflow any call stack
    /// if the solver recursed.
    struct Chain;
    impl Game for Chain {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            if *p > 0 {
                f(&[*p - 1]);
            }
        }
    }

    /// 0 -> 1 -> 2 -> 0: a cycle.
    struct Triangle;
    impl Game for Triangle {
        type Position = u8;
        fn options(&self, p: &u8, f: &mut dyn FnMut(&[u8])) {
            f(&[(*p + 1) % 3]);
        }
    }

    #[test]
    fn deep_chain_needs_no_call_stack() {
        let mut s = MemoSolver::new(Chain);
        assert_eq!(s.nim_value(&1_000_000).unwrap(), Nimber::ZERO);
        assert_eq!(s.nim_value(&1_000_001).unwrap(), Nimber::STAR);
    }

    #[test]
    fn a_cycle_is_an_error_naming_a_position_and_the_solver_stays_usable() {
        let mut s = MemoSolver::new(Triangle);
        let e = s.nim_value(&0).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::Cycle { position } if position == "0"),
            "{e}"
        );
        assert!(s.frames.is_empty() && s.memo.is_empty());
        assert!(s.nim_value(&1).is_err());
    }

    #[test]
    fn the_position_cap_is_an_error_not_an_abort() {
        let mut s = MemoSolver::with_config(Chain, MemoConfig { max_positions: 100 });
        assert_eq!(s.nim_value(&50).unwrap(), Nimber::ZERO);
        let e = s.nim_value(&1000).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::TooManyPositions { limit: 100 });
        // What was solved before the error is still there and correct.
        assert_eq!(s.nim_value(&49).unwrap(), Nimber::STAR);
    }

    /// Options that are sums: split a heap into two non-empty heaps
    /// (any sizes), a game whose value of n is known to be ... computed
    /// here against the definition.
    struct Split;
    impl Game for Split {
        type Position = u32;
        fn options(&self, p: &u32, f: &mut dyn FnMut(&[u32])) {
            for a in 1..*p {
                f(&[a, *p - a]);
            }
        }
    }

    #[test]
    fn sums_are_xor_of_components() {
        // Splitting into two heaps: G(1)=0, G(2)=mex{0^0}=1, G(3)=mex{0^1}=0,
        // G(4)=mex{G1^G3, G2^G2}=mex{0,0}=1: G(n) = 1 - n%2 for n>=1.
        let mut s = MemoSolver::new(Split);
        for n in 1..40u32 {
            assert_eq!(s.nim_value(&n).unwrap().value(), u64::from(n % 2 == 0));
        }
        assert_eq!(s.sum_value(&[2, 4, 6]).unwrap(), Nimber::STAR);
    }
}
