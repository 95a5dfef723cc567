//! The rules of an impartial game — never its values.
//!
//! A [`Game`] says, for a position, what its options are. An option may be a
//! *sum* of independent components (a move in Lasker's Nim or in an octal
//! game leaves two heaps), so options are handed over as slices of
//! positions. Solvers ([`crate::solve`]) compute values for any game; the
//! Sprague–Grundy theorem makes the value of an option the XOR of the values
//! of its components, and solvers memoize components, never whole sums.
//!
//! Invariant relied on by the solvers: every position in an option slice is
//! itself a component (the solver memoizes it as given and does not split it
//! further). [`Game::components`] is used once, on the position a caller
//! brings, to split it into independent parts.
//!
//! This layer also holds what every layer above speaks of: the vocabulary
//! of sums ([`Outcome`], [`WinningMove`], [`Evaluator`]), the
//! take-and-break rules ([`TakeBreak`], `take_break`: a code, not a
//! solver) and explicit game graphs ([`graph::GameGraph`]), so that the
//! solvers need nothing from [`crate::strategy`] or [`crate::games`].

pub mod graph;
pub mod options;
pub mod partizan;
pub(crate) mod take_break;

pub use options::OptionList;
pub use partizan::{OutcomeClass, PartizanAnalysis, PartizanGame, PartizanMove, Player};
pub(crate) use take_break::TakeBreak;

use crate::error::Result;
use crate::nimber::Nimber;
use std::fmt;
use std::fmt::Debug;
use std::hash::Hash;

/// The rules of an impartial game.
///
/// Implementing a new game takes a type for positions and a way to list
/// options. The seed's subtraction game {1,3,4} (take 1, 3 or 4 tokens from
/// a heap; the player who cannot move loses):
///
/// ```
/// use grundy::{Game, Nimber, solve::MemoSolver};
///
/// struct Take134;
///
/// impl Game for Take134 {
///     type Position = u64;
///     fn options(&self, heap: &u64, f: &mut dyn FnMut(&[u64])) {
///         for take in [1, 3, 4] {
///             if take <= *heap {
///                 f(&[*heap - take]); // one option: a single heap
///             }
///         }
///     }
/// }
///
/// let mut solver = MemoSolver::new(Take134);
/// let values: Vec<u64> = (0..9)
///     .map(|n| solver.nim_value(&n).unwrap().value())
///     .collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// ```
pub trait Game {
    /// A position (or a component of one). Hashable so solvers can memoize.
    type Position: Clone + Eq + Hash + Debug;

    /// Calls `f` once per option of `p`. An option is a sum of components;
    /// the empty slice is the empty sum (a terminal position, value 0).
    fn options(&self, p: &Self::Position, f: &mut dyn FnMut(&[Self::Position]));

    /// Writes the options of `p` into `out` (after what it holds), in the
    /// same order as [`options`](Self::options) gives them. Solvers call
    /// this: one call per position, no callback per option. The default
    /// bridges to [`options`](Self::options); a game overrides it for
    /// speed (with [`OptionList::extend_one`] in its loops), and the two
    /// must list the same options.
    #[inline]
    fn options_into(&self, p: &Self::Position, out: &mut OptionList<Self::Position>) {
        self.options(p, &mut |o| out.push(o));
    }

    /// Splits `p` into independent components (default: `p` itself).
    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        vec![p.clone()]
    }

    /// How a position is written in output (default: its `Debug` form).
    fn format_position(&self, p: &Self::Position) -> String {
        format!("{p:?}")
    }

    /// An optional one-to-one map from positions to small integers (a heap
    /// size; `a * W + b` for bounded pairs). Where it is given, solvers keep
    /// those positions in a flat table instead of a hash map. It must be
    /// injective; positions may return `None` to be hashed instead.
    fn position_index(&self, _p: &Self::Position) -> Option<usize> {
        None
    }

    /// The options of `p` as [`position_index`](Self::position_index)
    /// indices, for games where every option of `p` is a single component
    /// with an index: writes one index per option into `out` (after what
    /// it holds) and returns true. The same options as
    /// [`options`](Self::options), as a multiset (order is free). Returns
    /// false, writing nothing, when some option is a sum or has no index
    /// (the default: never given). Solvers then skip the listing of
    /// positions: a lean loop over indices (see
    /// [`MemoSolver`](crate::solve::MemoSolver)); they use it only where
    /// [`index_position`](Self::index_position) is given too.
    #[inline]
    fn option_indices(&self, _p: &Self::Position, _out: &mut Vec<usize>) -> bool {
        false
    }

    /// The position whose [`position_index`](Self::position_index) is `i`
    /// (its inverse), or `None` (the default). Needed with
    /// [`option_indices`](Self::option_indices).
    #[inline]
    fn index_position(&self, _i: usize) -> Option<Self::Position> {
        None
    }
}

impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;

    fn options(&self, p: &Self::Position, f: &mut dyn FnMut(&[Self::Position])) {
        (**self).options(p, f)
    }

    #[inline]
    fn options_into(&self, p: &Self::Position, out: &mut OptionList<Self::Position>) {
        (**self).options_into(p, out)
    }

    fn components(&self, p: &Self::Position) -> Vec<Self::Position> {
        (**self).components(p)
    }

    fn format_position(&self, p: &Self::Position) -> String {
        (**self).format_position(p)
    }

    fn position_index(&self, p: &Self::Position) -> Option<usize> {
        (**self).position_index(p)
    }

    #[inline]
    fn option_indices(&self, p: &Self::Position, out: &mut Vec<usize>) -> bool {
        (**self).option_indices(p, out)
    }

    #[inline]
    fn index_position(&self, i: usize) -> Option<Self::Position> {
        (**self).index_position(i)
    }
}

/// The options of `p` collected into vectors (each a sum of components).
///
/// Convenient for tests and small games; solvers use [`Game::options`]
/// directly and never allocate per option.
pub fn collect_options<G: Game + ?Sized>(game: &G, p: &G::Position) -> Vec<Vec<G::Position>> {
    let mut all = Vec::new();
    game.options(p, &mut |o| all.push(o.to_vec()));
    all
}

/// A game whose positions are heap sizes and whose options are sums of
/// strictly smaller heaps (subtraction, octal, hexadecimal games, ...).
///
/// Such games get the [`DenseSolver`](crate::solve::DenseSolver), period
/// finding, and values for huge heaps once a period is proven
/// ([`HeapValues`](crate::solve::HeapValues)).
pub trait HeapGame: Game<Position = u64> {
    /// The theorem that certifies an observed period of this game.
    fn period_theorem(&self) -> crate::analysis::PeriodTheorem {
        crate::analysis::PeriodTheorem::None
    }

    /// Whether values may grow with a saltus (arithmetic periodicity).
    fn arithmetic_periodic(&self) -> bool {
        false
    }

    /// A periodicity proven from the rules alone, with a one-line proof.
    /// Its values are still checked against the solver before use.
    fn known_periodicity(&self) -> Option<(crate::analysis::Periodicity, &'static str)> {
        None
    }

    /// `G(n)` from the closed form that [`known_periodicity`](Self::known_periodicity)
    /// proves, computed without a table, for any `n` (`n mod (M+1)` for
    /// `bash:M`): `None` when the game has no closed form or the value
    /// does not fit in 64 bits. Checked against the solver before use.
    /// (A value a solver has computed already is
    /// [`MemoSolver::cached_value`](crate::solve::MemoSolver::cached_value).)
    fn known_value(&self, n: u64) -> Option<crate::Nimber> {
        let _ = n;
        None
    }

    /// The canonical spec of this game (`sub:1,3,4`, `0.07`, ...).
    fn spec(&self) -> String;

    /// If this is a subtraction game with a finite set `S` (every move
    /// takes `s ∈ S` tokens and leaves one heap), `S` in increasing order.
    /// The dense solver then runs a specialized loop, tested equal to the
    /// generic one.
    fn finite_subtraction_set(&self) -> Option<Vec<u64>> {
        None
    }

    /// The game as a take-and-break code, when it is one: its values are
    /// then computed by the dedicated
    /// [`TakeBreakSolver`](crate::solve::TakeBreakSolver) instead of the
    /// generic dense solver.
    fn take_break(&self) -> Option<crate::game::TakeBreak> {
        None
    }
}

impl<G: HeapGame + ?Sized> HeapGame for &G {
    fn period_theorem(&self) -> crate::analysis::PeriodTheorem {
        (**self).period_theorem()
    }
    fn arithmetic_periodic(&self) -> bool {
        (**self).arithmetic_periodic()
    }
    fn known_periodicity(&self) -> Option<(crate::analysis::Periodicity, &'static str)> {
        (**self).known_periodicity()
    }
    fn known_value(&self, n: u64) -> Option<crate::Nimber> {
        (**self).known_value(n)
    }
    fn spec(&self) -> String {
        (**self).spec()
    }
    fn finite_subtraction_set(&self) -> Option<Vec<u64>> {
        (**self).finite_subtraction_set()
    }
    fn take_break(&self) -> Option<crate::game::TakeBreak> {
        (**self).take_break()
    }
}

/// Anything that can give the nim-value of a component: a solver, a table,
/// a closed form.
pub trait Evaluator<P> {
    /// The nim-value of the component `p`.
    fn nim_value(&mut self, p: &P) -> Result<Nimber>;
}

/// Who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: value 0.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither can force a win (loopy games only).
    D,
}

impl Outcome {
    /// The outcome of a position of normal-play value `v`.
    pub fn of_value(v: Nimber) -> Outcome {
        if v.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// A move in one component of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove<P> {
    /// Index of the component moved in.
    pub component: usize,
    /// The component before the move.
    pub from: P,
    /// The option it becomes: a sum of components (empty: nothing left).
    pub to: Vec<P>,
    /// The move's name, when the game gives its moves names (a script's
    /// `#{to: q, name: "cell 3"}`, or the split a move given as parts
    /// makes); front-ends print it after the option.
    pub name: Option<String>,
}
