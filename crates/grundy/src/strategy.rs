//! Sums of games: value, outcome, and every winning move.
//!
//! By the Sprague–Grundy theorem the value of a sum is the XOR `t` of the
//! values of its components; it is a P-position iff `t = 0`. A winning move
//! changes one component `c` (value `v`) into an option of value `v ⊕ t`,
//! making the total 0. [`analyze`] lists *all* of them: for every component,
//! every option whose value is `v ⊕ t` — which works for any game (an option
//! may even have a value larger than `v`). For Nim this is Bouton's rule
//! ([`crate::games::nim::Nim::winning_moves`] is its closed form).
//!
//! Time: one value per component plus one per component of every option of
//! every component (memoized by the evaluator).

pub mod compound;
pub mod take_break;

use crate::error::{Error, Result};
use crate::game::Game;
/// The vocabulary of sums lives in [`crate::game`]; re-exported here.
pub use crate::game::{Evaluator, Outcome, WinningMove};
use crate::nimber::Nimber;

impl<G: Game> Evaluator<G::Position> for crate::solve::MemoSolver<G> {
    fn nim_value(&mut self, p: &G::Position) -> Result<Nimber> {
        crate::solve::MemoSolver::nim_value(self, p)
    }
}

/// Value, outcome and winning moves of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<P> {
    /// Nim-value of the sum (normal play), `None` when it is not known:
    /// a closed form may decide who wins without giving the nim-value (a
    /// huge Wythoff position), and a misère analysis has none (its misère
    /// nim-value and the normal-play nim-sum are
    /// `spec::listed::MisereReport`'s, each under its own name).
    pub value: Option<Nimber>,
    /// Who wins.
    pub outcome: Outcome,
    /// The winning moves (empty unless the outcome is N): every one, or the
    /// first of them when there are too many to list (then
    /// [`unlisted_moves`](Self::unlisted_moves) says how many more there are).
    pub winning_moves: Vec<WinningMove<P>>,
    /// Winning moves that exist but are not in `winning_moves` because the
    /// list was cut at a limit (0: the list is complete). Exact.
    pub unlisted_moves: u128,
    /// Which winning moves were searched: all of them (the default), the
    /// first found, or none.
    pub moves_listed: MovesListed,
}

/// Which winning moves an [`Analysis`] holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MovesListed {
    /// Every winning move, or the first ones when the list was cut (then
    /// [`Analysis::unlisted_moves`] counts the rest).
    #[default]
    All,
    /// The first winning move found, which proves the outcome; the others
    /// were not searched (an outcome-only analysis of a game with an
    /// outcome-first search: the placement games). Only with outcome N:
    /// the empty list of a P-position is [`All`](Self::All).
    First,
    /// None: the moves were not computed (`analyze --no-moves`).
    NotComputed,
}

impl<P> Analysis<P> {
    /// An analysis of value `value` (`None`: unknown) and outcome `outcome`
    /// whose winning moves are all in `winning_moves` (none unlisted,
    /// [`MovesListed::All`]); [`with_unlisted_moves`](Self::with_unlisted_moves)
    /// and [`with_moves_listed`](Self::with_moves_listed) say otherwise.
    pub fn new(
        value: Option<Nimber>,
        outcome: Outcome,
        winning_moves: Vec<WinningMove<P>>,
    ) -> Self {
        Analysis {
            value,
            outcome,
            winning_moves,
            unlisted_moves: 0,
            moves_listed: MovesListed::All,
        }
    }

    /// [`new`](Self::new) for a sum of known value `value`: the outcome is
    /// P exactly when `value` is 0.
    pub fn of_value(value: Nimber, winning_moves: Vec<WinningMove<P>>) -> Self {
        Self::new(Some(value), Outcome::of_value(value), winning_moves)
    }

    /// The same analysis, saying that `unlisted` more winning moves exist
    /// beyond those listed.
    pub fn with_unlisted_moves(mut self, unlisted: u128) -> Self {
        self.unlisted_moves = unlisted;
        self
    }

    /// The same analysis, saying which winning moves were searched.
    pub fn with_moves_listed(mut self, moves_listed: MovesListed) -> Self {
        self.moves_listed = moves_listed;
        self
    }

    /// Whether the winning-move list was cut (some moves are not listed).
    pub fn truncated(&self) -> bool {
        self.unlisted_moves > 0
    }

    /// Drops the winning moves: none listed, none counted, and
    /// [`moves_listed`](Self::moves_listed) says they were not computed.
    pub fn drop_moves(&mut self) {
        self.winning_moves.clear();
        self.unlisted_moves = 0;
        self.moves_listed = MovesListed::NotComputed;
    }

    /// Keeps the first `max_listed` winning moves listed and counts the
    /// others as unlisted (the total stays the same).
    pub fn keep_listed(&mut self, max_listed: usize) {
        if self.winning_moves.len() > max_listed {
            let cut = self.winning_moves.len() - max_listed;
            self.winning_moves.truncate(max_listed);
            self.unlisted_moves = self.unlisted_moves.saturating_add(cut as u128);
        }
    }

    /// How many winning moves there are in all, listed or not.
    pub fn winning_moves_total(&self) -> u128 {
        (self.winning_moves.len() as u128).saturating_add(self.unlisted_moves)
    }
}

impl<P> Analysis<P> {
    /// The same analysis with positions mapped (for example to strings).
    pub fn map<Q>(self, mut f: impl FnMut(&P) -> Q) -> Analysis<Q> {
        Analysis {
            value: self.value,
            outcome: self.outcome,
            winning_moves: self
                .winning_moves
                .into_iter()
                .map(|m| WinningMove {
                    name: None,
                    component: m.component,
                    from: f(&m.from),
                    to: m.to.iter().map(&mut f).collect(),
                })
                .collect(),
            unlisted_moves: self.unlisted_moves,
            moves_listed: self.moves_listed,
        }
    }
}

/// Value, outcome and all winning moves of the sum of `components`.
///
/// ```
/// use grundy::{games::Subtraction, solve::MemoSolver, strategy::{analyze, Outcome}};
/// let game = Subtraction::finite(&[1, 3, 4]).unwrap();
/// let mut solver = MemoSolver::new(&game);
/// let a = analyze(&game, &mut solver, &[5, 2]).unwrap(); // G = 3 xor 0
/// assert_eq!(a.outcome, Outcome::N);
/// // The only winning move: take 3 from heap 5, leaving 2 (value 0).
/// assert_eq!(a.winning_moves.len(), 1);
/// assert_eq!((a.winning_moves[0].from, a.winning_moves[0].to.clone()), (5, vec![2]));
/// ```
pub fn analyze<G, E>(
    game: &G,
    eval: &mut E,
    components: &[G::Position],
) -> Result<Analysis<G::Position>>
where
    G: Game + ?Sized,
    E: Evaluator<G::Position> + ?Sized,
{
    let mut values = Vec::with_capacity(components.len());
    for c in components {
        values.push(eval.nim_value(c)?);
    }
    let total: Nimber = values.iter().sum();
    let mut winning_moves = Vec::new();
    if !total.is_zero() {
        for (i, c) in components.iter().enumerate() {
            let target = values[i] + total;
            let mut err: Option<Error> = None;
            game.options(c, &mut |option| {
                if err.is_some() {
                    return;
                }
                let mut v = Nimber::ZERO;
                for part in option {
                    match eval.nim_value(part) {
                        Ok(x) => v += x,
                        Err(e) => {
                            err = Some(e);
                            return;
                        }
                    }
                }
                if v == target {
                    winning_moves.push(WinningMove {
                        name: None,
                        component: i,
                        from: c.clone(),
                        to: option.to_vec(),
                    });
                }
            });
            if let Some(e) = err {
                return Err(e);
            }
        }
    }
    Ok(Analysis::of_value(total, winning_moves))
}
