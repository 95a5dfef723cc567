//! Misère play of any finite game: the outcome of a sum by exhaustive search.
//!
//! In misère play the player who cannot move *wins*. The Sprague–Grundy
//! theorem does not hold there (a sum is not decided by its components'
//! values), so [`MisereSolver`] searches the sum itself: a state is the
//! multiset of its components, `N` iff it is terminal (the player to move
//! has no move, and so has won) or some option is `P`.
//!
//! Algorithm: depth-first search with an explicit stack (no recursion) and a
//! memo of states. Components are interned to small integer ids; a state is
//! the sorted list of the ids of its *non-terminal* components (a component
//! with no options never changes, so dropping it leaves the same game tree).
//! A state met again while it is on the stack closes a cycle:
//! [`ErrorKind::Cycle`].
//!
//! Time and memory: one memo entry per reachable sum (a multiset of
//! components), which grows fast with the number and size of components —
//! this is for small positions (misère Kayles with a few short rows, misère
//! subtraction games, POJ 2068's team game). [`MisereConfig::max_states`]
//! caps the memo with [`ErrorKind::TooManyPositions`] instead of exhausting
//! memory, and [`MisereConfig::max_moves`] caps the work (moves of sums
//! generated, each one sorted list of components): a search beyond either
//! stops at once with an error naming the limit, instead of running for
//! minutes.
//!
//! Known improvements not made: misère quotients (Plambeck–Siegel) and the
//! genus theory of tame games (Conway) decide sums far beyond exhaustive
//! search; closed forms exist for tame families such as misère Nim
//! ([`crate::games::nim::Nim::misere_analysis`]).

use super::arena::ComponentArena;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{collect_options, Game};
use crate::game::{Outcome, WinningMove};
use rustc_hash::FxHashMap;

/// Settings of a [`MisereSolver`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct MisereConfig {
    /// Most sums the memo may hold before the search stops with an error.
    pub max_states: usize,
    /// Most moves of sums the search may generate (over the life of the
    /// solver) before it stops with an error: its work.
    pub max_moves: u64,
}

crate::util::setters!(MisereConfig {
    max_states: usize,
    max_moves: u64,
});

impl Default for MisereConfig {
    fn default() -> Self {
        MisereConfig {
            max_states: 20_000_000,
            max_moves: 200_000_000,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    OnStack,
    /// `true`: the player to move wins (N).
    Done(bool),
}

type State = Box<[u32]>;

/// Steps of the search between two calls of the progress hook of
/// [`MisereSolver::outcome_with`] (well under a millisecond of work).
pub const HOOK_EVERY: u32 = 4096;

struct Frame {
    state: State,
    children: Vec<State>,
    cursor: usize,
}

/// Misère outcomes of sums of any finite game (see the module docs).
///
/// ```
/// use grundy::{games::Nim, solve::MisereSolver, strategy::Outcome};
/// let mut s = MisereSolver::new(Nim);
/// assert_eq!(s.outcome(&[1, 1]).unwrap(), Outcome::N); // take one, leave one
/// assert_eq!(s.outcome(&[2, 2]).unwrap(), Outcome::P);
/// assert_eq!(s.outcome(&[1]).unwrap(), Outcome::P); // forced to take the last
/// ```
pub struct MisereSolver<G: Game> {
    game: G,
    config: MisereConfig,
    /// The components seen, interned, with their options once listed.
    arena: ComponentArena<G::Position>,
    memo: FxHashMap<State, Slot>,
    /// Moves of sums generated so far (see [`MisereConfig::max_moves`]).
    moves: u64,
}

impl<G: Game> MisereSolver<G> {
    /// A solver for `game` with the default [`MisereConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, MisereConfig::default())
    }

    /// A solver for `game` with the given settings.
    pub fn with_config(game: G, config: MisereConfig) -> Self {
        MisereSolver {
            game,
            config,
            arena: ComponentArena::default(),
            memo: FxHashMap::default(),
            moves: 0,
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many sums have a known outcome.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// True when nothing has been solved yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// Moves of sums generated so far (towards [`MisereConfig::max_moves`]).
    pub fn moves(&self) -> u64 {
        self.moves
    }

    /// The misère outcome of the sum of `components`.
    pub fn outcome(&mut self, components: &[G::Position]) -> Result<Outcome> {
        self.outcome_with(components, &mut |_, _| Ok(()))
    }

    /// [`outcome`](Self::outcome) with a progress and cancel hook, called
    /// every [`HOOK_EVERY`] positions expanded with the moves generated so
    /// far and the sums held: an error it returns stops the search (what
    /// it has solved is kept) and is returned.
    pub fn outcome_with(
        &mut self,
        components: &[G::Position],
        progress: &mut dyn FnMut(u64, usize) -> Result<()>,
    ) -> Result<Outcome> {
        let mut ids = Vec::with_capacity(components.len());
        for c in components {
            for part in self.game.components(c) {
                ids.push(self.intern(part));
            }
        }
        let state = self.normalize(ids);
        Ok(if self.solve(state, progress)? {
            Outcome::N
        } else {
            Outcome::P
        })
    }

    /// Misère outcome and every winning move of the sum of `components`
    /// (a move in component `i` to one of its options, leaving a sum whose
    /// misère outcome is P).
    pub fn analyze(
        &mut self,
        components: &[G::Position],
    ) -> Result<(Outcome, Vec<WinningMove<G::Position>>)> {
        let mut moves = Vec::new();
        let mut any_move = false;
        for (i, c) in components.iter().enumerate() {
            for option in collect_options(&self.game, c) {
                any_move = true;
                let mut rest: Vec<G::Position> = Vec::with_capacity(components.len());
                rest.extend(components[..i].iter().cloned());
                rest.extend(option.iter().cloned());
                rest.extend(components[i + 1..].iter().cloned());
                if self.outcome(&rest)? == Outcome::P {
                    moves.push(WinningMove {
                        name: None,
                        component: i,
                        from: c.clone(),
                        to: option,
                    });
                }
            }
        }
        // With no move at all, the player to move has already won.
        let outcome = if !any_move || !moves.is_empty() {
            Outcome::N
        } else {
            Outcome::P
        };
        Ok((outcome, moves))
    }

    fn intern(&mut self, p: G::Position) -> u32 {
        self.arena.intern(p)
    }

    /// Drops terminal components and sorts: the canonical form of a sum.
    fn normalize(&mut self, ids: Vec<u32>) -> State {
        self.arena.normalize(&self.game, ids)
    }

    /// The sums one move from `state`, the moves counted against
    /// [`MisereConfig::max_moves`].
    fn children(&mut self, state: &[u32]) -> Result<Vec<State>> {
        let (moves, max_moves) = (&mut self.moves, self.config.max_moves);
        self.arena.children(&self.game, state, |n| {
            *moves = moves.saturating_add(n as u64);
            if *moves > max_moves {
                return Err(Error::unsupported(format!(
                    "the misère search stopped after {max_moves} moves of sums, its limit: \
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
        self.memo.insert(state.clone(), Slot::OnStack);
        let children = match self.children(&state) {
            Ok(children) => children,
            Err(e) => {
                self.memo.remove(&state);
                return Err(e);
            }
        };
        stack.push(Frame {
            state,
            children,
            cursor: 0,
        });
        Ok(())
    }

    /// `true` iff the player to move wins the sum `root` (misère).
    fn solve(
        &mut self,
        root: State,
        progress: &mut dyn FnMut(u64, usize) -> Result<()>,
    ) -> Result<bool> {
        if let Some(Slot::Done(w)) = self.memo.get(&root) {
            return Ok(*w);
        }
        let mut stack = Vec::new();
        let result = self.run(&mut stack, root, progress);
        if result.is_err() {
            for frame in stack {
                self.memo.remove(&frame.state);
            }
        }
        result
    }

    fn run(
        &mut self,
        stack: &mut Vec<Frame>,
        root: State,
        progress: &mut dyn FnMut(u64, usize) -> Result<()>,
    ) -> Result<bool> {
        self.push(stack, root)?;
        let mut expanded = 0u32;
        loop {
            expanded = expanded.wrapping_add(1);
            if expanded.is_multiple_of(HOOK_EVERY) {
                progress(self.moves, self.memo.len())?;
            }
            let top = stack.len() - 1;
            let mut verdict = None;
            let mut descend = None;
            {
                let frame = &mut stack[top];
                if frame.children.is_empty() {
                    verdict = Some(true); // no move: the player to move wins
                }
                while verdict.is_none() && frame.cursor < frame.children.len() {
                    match self.memo.get(&frame.children[frame.cursor]) {
                        Some(Slot::Done(false)) => verdict = Some(true),
                        Some(Slot::Done(true)) => frame.cursor += 1,
                        Some(Slot::OnStack) => {
                            let position = self.describe(&frame.children[frame.cursor]);
                            return Err(ErrorKind::Cycle { position }.into());
                        }
                        None => {
                            descend = Some(frame.children[frame.cursor].clone());
                            break;
                        }
                    }
                }
            }
            if let Some(child) = descend {
                self.push(stack, child)?;
                continue;
            }
            let win = verdict.unwrap_or(false);
            let frame = stack.pop().expect("a frame is on the stack");
            self.memo.insert(frame.state, Slot::Done(win));
            if stack.is_empty() {
                return Ok(win);
            }
        }
    }

    fn describe(&self, state: &[u32]) -> String {
        state
            .iter()
            .map(|&id| self.game.format_position(self.arena.position(id)))
            .collect::<Vec<_>>()
            .join("+")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Nim, Subtraction};

    /// Misère Nim by the rule (Bouton): the player to move wins iff some
    /// heap is larger than 1 and the XOR is not 0, or all heaps are at most
    /// 1 and the XOR is 0.
    fn misere_nim_rule(heaps: &[u64]) -> Outcome {
        let x = heaps.iter().fold(0, |a, b| a ^ b);
        let big = heaps.iter().any(|&h| h > 1);
        if (big && x != 0) || (!big && x == 0) {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    #[test]
    fn misere_nim_by_search_equals_the_rule() {
        let mut s = MisereSolver::new(Nim);
        for a in 0..7u64 {
            for b in 0..7 {
                for c in 0..7 {
                    for d in 0..3 {
                        let heaps = [a, b, c, d];
                        assert_eq!(s.outcome(&heaps).unwrap(), misere_nim_rule(&heaps));
                    }
                }
            }
        }
    }

    /// A single heap of a subtraction game in misère play: the player who
    /// takes the last token loses. With S = {1..m} (Bachet), the player to
    /// move loses iff n ≡ 1 (mod m+1).
    #[test]
    fn misere_bash_single_heap() {
        let g = Subtraction::bash(3).unwrap();
        let mut s = MisereSolver::new(&g);
        for n in 0..60u64 {
            let expect = if n % 4 == 1 { Outcome::P } else { Outcome::N };
            assert_eq!(s.outcome(&[n]).unwrap(), expect, "{n}");
        }
    }

    #[test]
    fn winning_moves_lead_to_p_and_no_other_move_does() {
        let g = Subtraction::finite(&[1, 3, 4]).unwrap();
        let mut s = MisereSolver::new(&g);
        for a in 0..9u64 {
            for b in 0..9u64 {
                let (outcome, moves) = s.analyze(&[a, b]).unwrap();
                assert_eq!(outcome, s.outcome(&[a, b]).unwrap());
                let mut count = 0;
                for (i, c) in [a, b].iter().enumerate() {
                    for o in collect_options(&g, c) {
                        let mut rest = vec![[a, b][1 - i]];
                        rest.extend(o.iter().copied());
                        if s.outcome(&rest).unwrap() == Outcome::P {
                            count += 1;
                        }
                    }
                }
                assert_eq!(moves.len(), count, "({a},{b})");
                assert_eq!(outcome == Outcome::P, count == 0 && (a > 0 || b > 0));
            }
        }
    }

    struct Loop;
    impl Game for Loop {
        type Position = u8;
        fn options(&self, p: &u8, f: &mut dyn FnMut(&[u8])) {
            f(&[(*p + 1) % 2]);
        }
    }

    #[test]
    fn a_cycle_is_an_error_and_the_cap_is_respected() {
        let mut s = MisereSolver::new(Loop);
        let e = s.outcome(&[0]).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{e}");
        assert!(s.memo.is_empty());

        let mut s = MisereSolver::with_config(
            Nim,
            MisereConfig {
                max_states: 10,
                ..MisereConfig::default()
            },
        );
        let e = s.outcome(&[9, 9, 9]).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::TooManyPositions { limit: 10 });
    }

    /// Regression: `analyze 0.7 100 --misere` ran for over a minute within
    /// the cap on stored sums; the cap on moves stops it at once, naming
    /// the limit, and leaves the solver usable.
    #[test]
    fn the_search_stops_at_its_work_limit() {
        let g = crate::games::TakeBreak::octal("0.7").unwrap();
        let mut s = MisereSolver::with_config(
            &g,
            MisereConfig {
                max_moves: 100_000,
                ..MisereConfig::default()
            },
        );
        let start = std::time::Instant::now();
        let e = s.outcome(&[100]).unwrap_err();
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
        assert!(e.to_string().contains("stopped after 100000 moves"), "{e}");
        assert!(s.memo.values().all(|slot| *slot != Slot::OnStack));
    }
}
