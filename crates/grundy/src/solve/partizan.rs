//! The outcome solver of turn-aware (partizan) games: who wins a position
//! of a [`PartizanGame`] when a given player moves first.
//!
//! Algorithm: a memoized depth-first search of the states (position,
//! player to move), with an explicit stack instead of recursion (so the
//! depth of the game does not reach the thread's stack). A state is won
//! when one of its options is lost for the other player to move; the
//! search of a state stops at its first such option. A state met again
//! while it is still on the stack closes a cycle: the search stops with
//! [`ErrorKind::Cycle`] naming its position (a partizan game here must be
//! finite). [`PartizanSolver::with_max_positions`] caps the memo: going
//! past it stops with [`ErrorKind::TooManyPositions`].
//!
//! Time: one listing of options per state searched; memory: one map entry
//! per state (the position and a byte), and for each state on the stack
//! its options.

use crate::error::{ErrorKind, Result};
use crate::game::partizan::{OutcomeClass, PartizanGame, Player};
use crate::util::hash::PositionMap;

/// What the memo knows of a state.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// On the search's stack (met again: a cycle).
    Open,
    /// The player to move wins.
    Won,
    /// The player to move loses.
    Lost,
}

/// A state being searched: its options and the next one to look at.
struct Frame<P> {
    position: P,
    player: Player,
    options: Vec<P>,
    next: usize,
}

/// Memoized outcome search of a partizan game (see the module docs).
///
/// ```
/// use grundy::game::{OutcomeClass, PartizanGame, Player};
/// use grundy::solve::PartizanSolver;
/// // Left takes 1 token, Right takes 2.
/// struct Take12;
/// impl PartizanGame for Take12 {
///     type Position = u64;
///     fn options(&self, n: &u64, p: Player, f: &mut dyn FnMut(&u64)) {
///         let k = if p == Player::Left { 1 } else { 2 };
///         if *n >= k { f(&(n - k)) }
///     }
///     fn format_position(&self, n: &u64) -> String { n.to_string() }
/// }
/// let mut s = PartizanSolver::new(Take12);
/// assert_eq!(s.outcome_class(&0).unwrap(), OutcomeClass::P);
/// assert_eq!(s.outcome_class(&1).unwrap(), OutcomeClass::L);
/// ```
pub struct PartizanSolver<G: PartizanGame> {
    game: G,
    memo: PositionMap<(G::Position, Player), State>,
    max_positions: usize,
}

impl<G: PartizanGame> PartizanSolver<G> {
    /// A solver with an empty memo and no cap (but memory).
    pub fn new(game: G) -> Self {
        Self::with_max_positions(game, usize::MAX)
    }

    /// A solver whose memo holds at most `max_positions` states.
    pub fn with_max_positions(game: G, max_positions: usize) -> Self {
        PartizanSolver {
            game,
            memo: PositionMap::default(),
            max_positions,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The number of states (position, player to move) in the memo.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether the memo is empty.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// Whether `player`, moving first from `p`, wins with perfect play.
    pub fn wins_moving_first(&mut self, p: &G::Position, player: Player) -> Result<bool> {
        let key = (p.clone(), player);
        match self.memo.get(&key) {
            Some(State::Won) => return Ok(true),
            Some(State::Lost) => return Ok(false),
            _ => {}
        }
        let mut stack = Vec::new();
        let r = self.search(p.clone(), player, &mut stack);
        if r.is_err() {
            // Leave no state marked open behind.
            for f in stack {
                self.memo.remove(&(f.position, f.player));
            }
        }
        r
    }

    /// The outcome class of `p`: who wins when Left starts, and when
    /// Right starts.
    pub fn outcome_class(&mut self, p: &G::Position) -> Result<OutcomeClass> {
        Ok(OutcomeClass::of_wins(
            self.wins_moving_first(p, Player::Left)?,
            self.wins_moving_first(p, Player::Right)?,
        ))
    }

    /// The options of `p` for `player` that win: after them the other
    /// player, to move, loses. In the order the game lists them, each
    /// once.
    pub fn winning_moves(&mut self, p: &G::Position, player: Player) -> Result<Vec<G::Position>> {
        let mut options = Vec::new();
        self.game
            .options(p, player, &mut |q| options.push(q.clone()));
        let mut out: Vec<G::Position> = Vec::new();
        for q in options {
            if !self.wins_moving_first(&q, player.other())? && !out.contains(&q) {
                out.push(q);
            }
        }
        Ok(out)
    }

    fn open(&mut self, position: G::Position, player: Player) -> Result<Frame<G::Position>> {
        if self.memo.len() >= self.max_positions {
            return Err(ErrorKind::TooManyPositions {
                limit: self.max_positions,
            }
            .into());
        }
        let mut options = Vec::new();
        self.game
            .options(&position, player, &mut |q| options.push(q.clone()));
        self.memo.insert((position.clone(), player), State::Open);
        Ok(Frame {
            position,
            player,
            options,
            next: 0,
        })
    }

    fn search(
        &mut self,
        root: G::Position,
        player: Player,
        stack: &mut Vec<Frame<G::Position>>,
    ) -> Result<bool> {
        let frame = self.open(root, player)?;
        stack.push(frame);
        loop {
            let Some(top) = stack.last_mut() else {
                unreachable!("the root's result returns before the stack empties")
            };
            let verdict = if top.next == top.options.len() {
                Some(State::Lost)
            } else {
                let key = (top.options[top.next].clone(), top.player.other());
                match self.memo.get(&key) {
                    Some(State::Won) => {
                        top.next += 1;
                        None
                    }
                    Some(State::Lost) => Some(State::Won),
                    Some(State::Open) => {
                        let position = self.game.format_position(&key.0);
                        return Err(ErrorKind::Cycle { position }.into());
                    }
                    None => {
                        let frame = self.open(key.0, key.1)?;
                        stack.push(frame);
                        None
                    }
                }
            };
            if let Some(v) = verdict {
                let Some(done) = stack.pop() else {
                    unreachable!("a verdict is for the frame on top")
                };
                self.memo.insert((done.position, done.player), v);
                if stack.is_empty() {
                    return Ok(v == State::Won);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Left takes 1 or 2 tokens, Right takes 2 or 3: the classes by hand.
    struct Uneven;
    impl PartizanGame for Uneven {
        type Position = u64;
        fn options(&self, n: &u64, p: Player, f: &mut dyn FnMut(&u64)) {
            let takes: &[u64] = if p == Player::Left { &[1, 2] } else { &[2, 3] };
            for &k in takes.iter().filter(|&&k| k <= *n) {
                f(&(n - k));
            }
        }
        fn format_position(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    /// The same rules, solved by plain recursion (small heaps only).
    fn naive(n: u64, p: Player) -> bool {
        let takes: &[u64] = if p == Player::Left { &[1, 2] } else { &[2, 3] };
        takes
            .iter()
            .filter(|&&k| k <= n)
            .any(|&k| !naive(n - k, p.other()))
    }

    #[test]
    fn partizan_search_agrees_with_plain_recursion_on_small_heaps() {
        let mut s = PartizanSolver::new(Uneven);
        for n in 0..20 {
            for p in [Player::Left, Player::Right] {
                assert_eq!(s.wins_moving_first(&n, p).unwrap(), naive(n, p), "{n} {p}");
            }
        }
        // 0: nobody moves (P); 1: only Left moves (L).
        assert_eq!(s.outcome_class(&0).unwrap(), OutcomeClass::P);
        assert_eq!(s.outcome_class(&1).unwrap(), OutcomeClass::L);
    }

    #[test]
    fn partizan_search_of_a_long_chain_does_not_recurse() {
        struct Chain;
        impl PartizanGame for Chain {
            type Position = u64;
            fn options(&self, n: &u64, _: Player, f: &mut dyn FnMut(&u64)) {
                if *n > 0 {
                    f(&(n - 1));
                }
            }
            fn format_position(&self, n: &u64) -> String {
                n.to_string()
            }
        }
        let mut s = PartizanSolver::new(Chain);
        assert!(s.wins_moving_first(&1_000_001, Player::Left).unwrap());
        assert!(!s.wins_moving_first(&1_000_000, Player::Right).unwrap());
    }

    #[test]
    fn partizan_search_reports_a_cycle_naming_a_position() {
        struct Loop;
        impl PartizanGame for Loop {
            type Position = u64;
            fn options(&self, n: &u64, _: Player, f: &mut dyn FnMut(&u64)) {
                f(&((n + 1) % 3));
            }
            fn format_position(&self, n: &u64) -> String {
                n.to_string()
            }
        }
        let mut s = PartizanSolver::new(Loop);
        let e = s.wins_moving_first(&0, Player::Left).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{e}");
        // Nothing stays marked open: the same question fails the same way.
        assert!(s.wins_moving_first(&0, Player::Left).is_err());
    }

    #[test]
    fn partizan_search_past_its_cap_stops_naming_the_limit() {
        let mut s = PartizanSolver::with_max_positions(Uneven, 5);
        let e = s.wins_moving_first(&100, Player::Left).unwrap_err();
        assert!(e.to_string().contains("5 positions"), "{e}");
    }
}
