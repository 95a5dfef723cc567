//! Remoteness and suspense numbers of any finite game (Smith 1966;
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 9): how long a game lasts
//! with perfect play, the numbers that decide its conjunctive and continued
//! conjunctive compounds ([`crate::strategy::compound`]).
//!
//! - **Remoteness** `R`: `0` on a terminal position; when some option has
//!   even remoteness (the position is N), `1 +` the *least* even remoteness
//!   of an option (win fast); otherwise `1 +` the *greatest* remoteness of
//!   an option (lose slowly). The player to move wins iff `R` is odd, and
//!   `R` is the number of moves left with that play.
//! - **Suspense** `S`: the same with the roles reversed — a winner takes the
//!   *greatest* even suspense of an option (win slowly), a loser the *least*
//!   (lose fast). Again N iff `S` is odd.
//!
//! A position of the solver is a disjunctive sum: a move of a component may
//! split it ([`Game::options`] passes a sum), and the sum's moves are the
//! moves of its parts. A state is the sorted list of the interned ids of its
//! non-terminal parts (a terminal part changes nothing).
//!
//! Algorithm: depth-first search with an explicit stack and a memo of
//! states; both numbers are computed in one pass, from the options'. A
//! state met again while on the stack is a cycle: [`ErrorKind::Cycle`].
//! Time and memory: one entry per reachable sum, as for
//! [`MisereSolver`](super::MisereSolver); [`RemotenessConfig`] caps states
//! and work with an error naming the limit.

use super::arena::ComponentArena;
use crate::error::{Error, ErrorKind, Result};
use crate::game::Game;
use rustc_hash::FxHashMap;

/// Settings of a [`RemotenessSolver`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct RemotenessConfig {
    /// Most sums the memo may hold.
    pub max_states: usize,
    /// Most moves of sums generated over the life of the solver (its work).
    pub max_moves: u64,
}

crate::util::setters!(RemotenessConfig {
    max_states: usize,
    max_moves: u64,
});

impl Default for RemotenessConfig {
    fn default() -> Self {
        RemotenessConfig {
            max_states: 5_000_000,
            max_moves: 50_000_000,
        }
    }
}

/// Remoteness and suspense of one position (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lengths {
    /// Moves left when the winner hurries and the loser delays.
    pub remoteness: u64,
    /// Moves left when the winner delays and the loser hurries.
    pub suspense: u64,
}

impl Lengths {
    /// Lengths of a terminal position.
    pub const TERMINAL: Lengths = Lengths {
        remoteness: 0,
        suspense: 0,
    };

    /// Whether the player to move wins (normal play): `R` odd.
    pub fn next_wins(&self) -> bool {
        self.remoteness % 2 == 1
    }

    /// The lengths of a position whose options have `options` lengths.
    pub fn of_options(options: &[Lengths]) -> Lengths {
        if options.is_empty() {
            return Lengths::TERMINAL;
        }
        let even_r = options.iter().map(|l| l.remoteness).filter(|r| r % 2 == 0);
        let remoteness = match even_r.min() {
            Some(r) => r + 1,
            None => options.iter().map(|l| l.remoteness).max().unwrap_or(0) + 1,
        };
        let even_s = options.iter().map(|l| l.suspense).filter(|s| s % 2 == 0);
        let suspense = match even_s.max() {
            Some(s) => s + 1,
            None => options.iter().map(|l| l.suspense).min().unwrap_or(0) + 1,
        };
        Lengths {
            remoteness,
            suspense,
        }
    }
}

type State = Box<[u32]>;

struct Frame {
    state: State,
    children: Vec<State>,
    done: Vec<Lengths>,
}

/// Remoteness and suspense of sums of any finite game.
///
/// ```
/// use grundy::{games::Nim, solve::RemotenessSolver};
/// let mut s = RemotenessSolver::new(Nim);
/// // A heap of 5: take it all (1 move); the loser of 2+2 lasts 4 moves.
/// assert_eq!(s.lengths(&[5]).unwrap().remoteness, 1);
/// assert_eq!(s.lengths(&[2, 2]).unwrap().remoteness, 4);
/// // Suspense: the winner of a heap of 3 would like to delay, but taking
/// // one or two leaves a heap the opponent takes whole: it must take all.
/// assert_eq!(s.lengths(&[3]).unwrap().suspense, 1);
/// // The loser of 2+2 hastens the end (a whole heap): 2 moves, where
/// // remoteness, the loser delaying, counted 4.
/// assert_eq!(s.lengths(&[2, 2]).unwrap().suspense, 2);
/// ```
pub struct RemotenessSolver<G: Game> {
    game: G,
    config: RemotenessConfig,
    /// The components seen, interned, with their options once listed.
    arena: ComponentArena<G::Position>,
    /// `None`: on the stack.
    memo: FxHashMap<State, Option<Lengths>>,
    moves: u64,
}

impl<G: Game> RemotenessSolver<G> {
    /// A solver with the default [`RemotenessConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, RemotenessConfig::default())
    }

    /// A solver with the given settings.
    pub fn with_config(game: G, config: RemotenessConfig) -> Self {
        RemotenessSolver {
            game,
            config,
            arena: ComponentArena::default(),
            memo: FxHashMap::default(),
            moves: 0,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Remoteness and suspense of the disjunctive sum of `sum` (each split
    /// further by [`Game::components`]).
    pub fn lengths(&mut self, sum: &[G::Position]) -> Result<Lengths> {
        let mut ids = Vec::with_capacity(sum.len());
        for c in sum {
            for part in self.game.components(c) {
                ids.push(self.intern(part));
            }
        }
        let state = self.normalize(ids);
        if let Some(Some(l)) = self.memo.get(&state) {
            return Ok(*l);
        }
        let mut stack = Vec::new();
        let result = self.run(&mut stack, state);
        if result.is_err() {
            for frame in stack {
                self.memo.remove(&frame.state);
            }
        }
        result
    }

    /// The options of the sum `sum`: a move in one of its parts, each
    /// option written as the whole sum after the move.
    pub fn sum_options(&self, sum: &[G::Position]) -> Vec<Vec<G::Position>> {
        let parts: Vec<G::Position> = sum.iter().flat_map(|c| self.game.components(c)).collect();
        let mut all = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            self.game.options(part, &mut |o| {
                let mut next = Vec::with_capacity(parts.len() + o.len());
                next.extend_from_slice(&parts[..i]);
                next.extend_from_slice(o);
                next.extend_from_slice(&parts[i + 1..]);
                all.push(next);
            });
        }
        all
    }

    fn intern(&mut self, p: G::Position) -> u32 {
        self.arena.intern(p)
    }

    fn normalize(&mut self, ids: Vec<u32>) -> State {
        self.arena.normalize(&self.game, ids)
    }

    /// The sums one move from `state`, the moves counted against
    /// [`RemotenessConfig::max_moves`].
    fn children(&mut self, state: &[u32]) -> Result<Vec<State>> {
        let (moves, max_moves) = (&mut self.moves, self.config.max_moves);
        self.arena.children(&self.game, state, |n| {
            *moves = moves.saturating_add(n as u64);
            if *moves > max_moves {
                return Err(Error::unsupported(format!(
                    "the remoteness search stopped after {max_moves} moves of sums, its limit: \
                     exhaustive search answers only small positions"
                )));
            }
            Ok(())
        })
    }

    fn push(&mut self, stack: &mut Vec<Frame>, state: State) -> Result<()> {
        if self.memo.len() >= self.config.max_states {
            return Err(ErrorKind::TooManyPositions {
                limit: self.config.max_states,
            }
            .into());
        }
        self.memo.insert(state.clone(), None);
        match self.children(&state) {
            Ok(children) => {
                stack.push(Frame {
                    state,
                    done: Vec::with_capacity(children.len()),
                    children,
                });
                Ok(())
            }
            Err(e) => {
                self.memo.remove(&state);
                Err(e)
            }
        }
    }

    fn run(&mut self, stack: &mut Vec<Frame>, root: State) -> Result<Lengths> {
        self.push(stack, root)?;
        loop {
            let top = stack.len() - 1;
            let mut descend = None;
            {
                let frame = &mut stack[top];
                while frame.done.len() < frame.children.len() {
                    match self.memo.get(&frame.children[frame.done.len()]) {
                        Some(Some(l)) => frame.done.push(*l),
                        Some(None) => {
                            let position = describe(
                                &self.game,
                                self.arena.positions(),
                                &frame.children[frame.done.len()],
                            );
                            return Err(ErrorKind::Cycle { position }.into());
                        }
                        None => {
                            descend = Some(frame.children[frame.done.len()].clone());
                            break;
                        }
                    }
                }
            }
            if let Some(child) = descend {
                self.push(stack, child)?;
                continue;
            }
            let frame = stack.pop().expect("a frame is on the stack");
            let l = Lengths::of_options(&frame.done);
            self.memo.insert(frame.state, Some(l));
            if stack.is_empty() {
                return Ok(l);
            }
        }
    }
}

fn describe<G: Game>(game: &G, positions: &[G::Position], state: &[u32]) -> String {
    state
        .iter()
        .map(|&id| game.format_position(&positions[id as usize]))
        .collect::<Vec<_>>()
        .join("+")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Nim, Subtraction};
    use crate::solve::MemoSolver;

    /// The definitions, recursively, on positions of one heap game.
    fn naive(game: &Subtraction, n: u64) -> Lengths {
        let mut opts = Vec::new();
        game.options(&n, &mut |o| opts.push(naive(game, o[0])));
        Lengths::of_options(&opts)
    }

    #[test]
    fn remoteness_parity_is_the_outcome_and_agrees_with_the_definition() {
        let game = Subtraction::finite(&[1, 3, 4]).unwrap();
        let mut s = RemotenessSolver::new(&game);
        let mut memo = MemoSolver::new(&game);
        for n in 0..=20u64 {
            let l = s.lengths(&[n]).unwrap();
            assert_eq!(l, naive(&game, n), "{n}");
            assert_eq!(l.next_wins(), !memo.nim_value(&n).unwrap().is_zero());
            assert_eq!(l.suspense % 2, l.remoteness % 2, "{n}");
        }
    }

    #[test]
    fn nim_sums_last_as_long_as_the_definitions_say() {
        let mut s = RemotenessSolver::new(Nim);
        // 1+1: two moves whatever happens.
        assert_eq!(
            s.lengths(&[1, 1]).unwrap(),
            Lengths {
                remoteness: 2,
                suspense: 2
            }
        );
        // The loser of 3+3 delays: 6 moves; the winner of 3+3 cannot hurry.
        assert_eq!(s.lengths(&[3, 3]).unwrap().remoteness, 6);
        assert_eq!(s.lengths(&[]).unwrap(), Lengths::TERMINAL);
    }

    #[test]
    fn a_cycle_is_an_error_naming_a_position() {
        struct Loop;
        impl Game for Loop {
            type Position = u8;
            fn options(&self, p: &u8, f: &mut dyn FnMut(&[u8])) {
                f(&[(*p + 1) % 3]);
            }
        }
        let e = RemotenessSolver::new(Loop).lengths(&[0]).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{e}");
    }
}
