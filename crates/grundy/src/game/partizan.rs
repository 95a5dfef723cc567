//! Turn-aware (partizan) games: each player has moves of their own, so a
//! position has no nim-value; what it has is an outcome class
//! ([`OutcomeClass`]): who wins with perfect play when Left starts, and
//! when Right starts.
//!
//! Players are named as in combinatorial game theory: [`Player::Left`]
//! (the first named, player 0) and [`Player::Right`] (player 1). A
//! [`PartizanGame`] says, for a position and a player, where that player
//! may move; [`crate::solve::PartizanSolver`] searches it. Sums of
//! partizan games (Conway's numbers and switches) are out of scope.

use std::fmt;
use std::hash::Hash;

/// One of the two players of a partizan game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Left, the first named (player 0).
    Left,
    /// Right, the second named (player 1).
    Right,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// 0 for Left, 1 for Right (the `player` argument of a script's
    /// `moves(p, player)`).
    pub fn index(self) -> u8 {
        match self {
            Player::Left => 0,
            Player::Right => 1,
        }
    }

    /// The player's name in lower case: `left` or `right`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Left => "left",
            Player::Right => "right",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The outcome class of a position of a partizan game: who wins with
/// perfect play, whoever starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// The first player (whoever it is) wins.
    N,
    /// The second player wins.
    P,
    /// Left wins, whoever starts.
    L,
    /// Right wins, whoever starts.
    R,
}

impl OutcomeClass {
    /// The class from who wins moving first: whether Left wins when Left
    /// moves first, and whether Right wins when Right moves first.
    pub fn of_wins(left_first_wins: bool, right_first_wins: bool) -> OutcomeClass {
        match (left_first_wins, right_first_wins) {
            (true, true) => OutcomeClass::N,
            (false, false) => OutcomeClass::P,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
        }
    }

    /// Whether `player`, moving first, wins.
    pub fn first_wins(self, player: Player) -> bool {
        match (self, player) {
            (OutcomeClass::N, _) => true,
            (OutcomeClass::P, _) => false,
            (OutcomeClass::L, p) => p == Player::Left,
            (OutcomeClass::R, p) => p == Player::Right,
        }
    }

    /// The class's letter: `N`, `P`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            OutcomeClass::N => 'N',
            OutcomeClass::P => 'P',
            OutcomeClass::L => 'L',
            OutcomeClass::R => 'R',
        }
    }
}

impl fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A winning move of a turn-aware game, as a front-end shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanMove {
    /// The position moved to, in the game's position syntax.
    pub to: String,
    /// The move's name, when the game gives one.
    pub name: Option<String>,
}

/// The analysis of one position of a turn-aware game: its outcome class
/// and the winning moves of the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartizanAnalysis {
    /// The position, in the game's position syntax.
    pub position: String,
    /// Its outcome class.
    pub outcome: OutcomeClass,
    /// The player to move.
    pub to_move: Player,
    /// Whether the player to move wins.
    pub wins: bool,
    /// The moves of the player to move that win (none when they lose).
    pub winning_moves: Vec<PartizanMove>,
}

/// The period of a sequence of outcome classes (of heaps `0, 1, ...`), as
/// observed: no theorem certifies the period of a partizan game here (the
/// certificates are for impartial take-and-break games), so a period is
/// returned only with the evidence
/// [`observed_enough`](crate::analysis::observed_enough) asks, and only
/// if it holds on the whole table (never when the table contradicts it).
///
/// ```
/// use grundy::game::partizan::{outcome_period, OutcomeClass};
/// let c: Vec<OutcomeClass> = (0..40)
///     .map(|n| [OutcomeClass::P, OutcomeClass::L, OutcomeClass::N][n % 3])
///     .collect();
/// let p = outcome_period(&c).unwrap();
/// assert_eq!((p.preperiod, p.period), (0, 3));
/// ```
pub fn outcome_period(classes: &[OutcomeClass]) -> Option<crate::analysis::Periodicity> {
    let codes: Vec<u64> = classes.iter().map(|c| u64::from(c.letter())).collect();
    let found = crate::analysis::find_period(&codes, crate::analysis::PeriodTheorem::None, false)?;
    Some(found.periodicity)
}

/// The rules of a partizan game: for a position and the player to move,
/// the positions that player may move to. A player with no move loses
/// (normal play).
pub trait PartizanGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Calls `f` with each option of `p` for `player` (the player to
    /// move).
    fn options(&self, p: &Self::Position, player: Player, f: &mut dyn FnMut(&Self::Position));

    /// The position as errors and listings write it.
    fn format_position(&self, p: &Self::Position) -> String;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_class_of_who_wins_first_names_the_four_classes() {
        for (l, r) in [(true, true), (true, false), (false, true), (false, false)] {
            let c = OutcomeClass::of_wins(l, r);
            assert_eq!(c.first_wins(Player::Left), l);
            assert_eq!(c.first_wins(Player::Right), r);
        }
        assert_eq!(OutcomeClass::of_wins(true, false).to_string(), "L");
        assert_eq!(Player::Right.other(), Player::Left);
    }

    #[test]
    fn outcome_period_is_not_claimed_when_the_table_breaks_it() {
        let mut c: Vec<OutcomeClass> = (0..60)
            .map(|n| [OutcomeClass::P, OutcomeClass::L][n % 2])
            .collect();
        assert_eq!(outcome_period(&c).map(|p| p.period), Some(2));
        c[59] = OutcomeClass::R;
        assert_eq!(outcome_period(&c), None);
    }
}
