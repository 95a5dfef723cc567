//! Turn-aware (partizan) scripts: a script that gives each player's moves,
//! `left_moves(p)` and `right_moves(p)`, or `moves(p, player)` (player 0
//! is Left, the first named; 1 is Right). Such a game has no nim-value;
//! what a position has is an outcome class (`N`, `P`, `L`, `R`, see
//! [`crate::game::partizan`]), found by the memoized search of
//! [`PartizanSolver`] over (position, player to move), cycles reported as
//! errors.
//!
//! [`TurnSpec`] is such a script behind [`AnyGame`]: `analyze` of one
//! position ([`AnyGame::analyze_turns`]) and tables of outcome classes of
//! heaps ([`AnyGame::outcome_classes`]); everything about nim-values, and
//! a sum of two or more positions, is refused with
//! [`ErrorKind::Partizan`] (partizan games have no nim-values; Conway's
//! theory of their sums is out of scope).
//!
//! An option of a turn-aware script is one position (named or not): a
//! `sum(...)` is refused, for the same reason.

use super::engine::{script_error, Backend, ScriptGame};
use super::moves::ScriptMove;
use super::position::ScriptPosition;
use crate::anygame::adapt::turn_aware_refusals;
use crate::anygame::AnyGame;
use crate::error::{Error, ErrorKind, Result};
use crate::game::partizan::{OutcomeClass, PartizanAnalysis, PartizanGame, PartizanMove, Player};
use crate::solve::PartizanSolver;

impl ScriptGame {
    /// The moves of `player` at `p` in a turn-aware script
    /// ([`is_turn_aware`](Self::is_turn_aware)): `left_moves(p)` /
    /// `right_moves(p)`, or `moves(p, player)`.
    pub fn player_moves(&self, p: &ScriptPosition, player: Player) -> Result<Vec<ScriptMove>> {
        let mut out = Vec::new();
        let mut f = |name: Option<String>, to: &[ScriptPosition]| {
            out.push(ScriptMove {
                name,
                to: to.to_vec(),
            })
        };
        let function = match player {
            Player::Left => "left_moves",
            Player::Right => "right_moves",
        };
        match &self.inner.backend {
            Backend::Rhai(s) => s.each_player_move(p, player.index(), &mut f),
            Backend::Lua(s) => s.each_player_move(p, player.index(), &mut f),
        }
        .map_err(|e| self.failed_call(function, p, e))?;
        Ok(out)
    }
}

/// A turn-aware script as a [`PartizanGame`]; a failed call is kept in
/// the script (sticky) and the search sees no moves after it.
#[derive(Clone)]
struct Turns(ScriptGame);

impl PartizanGame for Turns {
    type Position = ScriptPosition;

    fn options(&self, p: &ScriptPosition, player: Player, f: &mut dyn FnMut(&ScriptPosition)) {
        let game = &self.0;
        if game.failed() {
            return;
        }
        let moves = match game.player_moves(p, player) {
            Ok(m) => m,
            Err(e) => return game.fail(e),
        };
        for m in moves {
            match one_position(game, p, player, &m) {
                Ok(q) => f(q),
                Err(e) => return game.fail(e),
            }
        }
    }

    fn format_position(&self, p: &ScriptPosition) -> String {
        p.to_string()
    }
}

/// The one position a move of a turn-aware script leads to.
fn one_position<'m>(
    game: &ScriptGame,
    p: &ScriptPosition,
    player: Player,
    m: &'m ScriptMove,
) -> Result<&'m ScriptPosition> {
    match m.to.as_slice() {
        [q] => Ok(q),
        parts => Err(script_error(
            game.name(),
            format!(
                "the moves of {player} at `{p}` include a sum of {} components: an option \
                 of a turn-aware game is one position (partizan games have no nim-values \
                 to add)",
                parts.len()
            ),
        )),
    }
}

/// A turn-aware script as an [`AnyGame`] (see the module docs).
pub struct TurnSpec {
    game: ScriptGame,
    solver: PartizanSolver<Turns>,
}

impl TurnSpec {
    /// Wraps a compiled turn-aware script.
    pub fn new(game: ScriptGame) -> TurnSpec {
        let max = game.inner.limits.max_positions;
        TurnSpec {
            solver: PartizanSolver::with_max_positions(Turns(game.clone()), max),
            game,
        }
    }

    fn refuse(&self, reason: &str) -> Error {
        ErrorKind::Partizan {
            game: self.game.spec(),
            reason: reason.into(),
        }
        .into()
    }

    fn class(&mut self, p: &ScriptPosition) -> Result<OutcomeClass> {
        let r = self.solver.outcome_class(p);
        self.game.checked(r)
    }
}

impl AnyGame for TurnSpec {
    fn spec(&self) -> String {
        self.game.spec()
    }

    turn_aware_refusals!(None);

    fn is_turn_aware(&self) -> bool {
        true
    }

    fn analyze_turns(&mut self, positions: &[String], first: Player) -> Result<PartizanAnalysis> {
        let [text] = positions else {
            return Err(self.refuse(&format!(
                "{} positions were given as one sum",
                positions.len()
            )));
        };
        let p = ScriptPosition::parse(text)?;
        let outcome = self.class(&p)?;
        let wins = outcome.first_wins(first);
        let mut winning_moves = Vec::new();
        if wins {
            let moves = self.game.player_moves(&p, first)?;
            for m in &moves {
                let q = one_position(&self.game, &p, first, m)?;
                let r = self.solver.wins_moving_first(q, first.other());
                if !self.game.checked(r)? {
                    winning_moves.push(PartizanMove {
                        to: q.to_string(),
                        name: m.name.clone(),
                    });
                }
            }
        }
        Ok(PartizanAnalysis {
            position: p.to_string(),
            outcome,
            to_move: first,
            wins,
            winning_moves,
        })
    }

    fn outcome_classes(&mut self, from: u64, to: u64) -> Result<Vec<OutcomeClass>> {
        (from..=to)
            .map(|n| self.class(&ScriptPosition::Int(n)))
            .collect()
    }

    fn options(&mut self, _: &str) -> Result<Vec<Vec<String>>> {
        Err(self.refuse("interactive play is of impartial games"))
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(ScriptPosition::parse(component)?.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::anygame::AnalyzeOptions;

    const LUA_SPLIT: &str = r#"
-- Left takes 1 or 2, Right takes 2 or 3
function left_moves(n)
    local out = {}
    for _, k in ipairs({1, 2}) do if k <= n then out[#out + 1] = n - k end end
    return out
end
function right_moves(n)
    local out = {}
    for _, k in ipairs({2, 3}) do if k <= n then out[#out + 1] = n - k end end
    return out
end
"#;

    const RHAI_PLAYER: &str = r#"
// Left takes 1 or 2, Right takes 2 or 3
fn moves(n, player) {
    let takes = if player == 0 { [1, 2] } else { [2, 3] };
    takes.filter(|k| k <= n).map(|k| n - k)
}
"#;

    const LUA_PLAYER: &str = r#"
function moves(n, player)
    local takes = player == 0 and {1, 2} or {2, 3}
    local out = {}
    for _, k in ipairs(takes) do if k <= n then out[#out + 1] = n - k end end
    return out
end
"#;

    fn classes(name: &str, source: &str) -> String {
        let game = ScriptGame::from_source(name, source).unwrap();
        assert!(game.is_turn_aware(), "{name}");
        let mut spec = TurnSpec::new(game);
        let c = spec.outcome_classes(0, 11).unwrap();
        c.iter().map(|c| c.letter()).collect()
    }

    /// The same rules, by plain recursion.
    fn naive(n: u64, p: Player) -> bool {
        let takes: &[u64] = if p == Player::Left { &[1, 2] } else { &[2, 3] };
        takes
            .iter()
            .filter(|&&k| k <= n)
            .any(|&k| !naive(n - k, p.other()))
    }

    #[test]
    fn turn_aware_scripts_of_every_spelling_give_the_searched_outcome_classes() {
        let expected: String = (0..=11)
            .map(|n| {
                OutcomeClass::of_wins(naive(n, Player::Left), naive(n, Player::Right)).letter()
            })
            .collect();
        assert_eq!(classes("split.lua", LUA_SPLIT), expected);
        assert_eq!(classes("player.rhai", RHAI_PLAYER), expected);
        assert_eq!(classes("player.lua", LUA_PLAYER), expected);
    }

    #[test]
    fn an_impartial_script_is_not_taken_for_a_turn_aware_one() {
        let g = ScriptGame::from_source("t.lua", "function moves(n) return {} end").unwrap();
        assert!(!g.is_turn_aware());
        let g = ScriptGame::from_source("t.rhai", "fn moves(n) { [] }").unwrap();
        assert!(!g.is_turn_aware());
    }

    #[test]
    fn a_turn_aware_script_refuses_a_sum_and_nim_values_naming_why() {
        let game = ScriptGame::from_source("split.lua", LUA_SPLIT).unwrap();
        let mut spec = TurnSpec::new(game);
        let two = ["3".to_string(), "4".to_string()];
        let e = spec.analyze_turns(&two, Player::Left).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Partizan { .. }), "{e}");
        assert!(e.to_string().contains("no nim-values"), "{e}");
        let e = spec.analyze(&two, &AnalyzeOptions::default()).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Partizan { .. }), "{e}");
        assert!(spec.values(0, 3).is_err());
    }

    #[test]
    fn turn_aware_analysis_lists_the_winning_moves_of_the_player_to_move() {
        let game = ScriptGame::from_source("split.lua", LUA_SPLIT).unwrap();
        let mut spec = TurnSpec::new(game);
        for n in 0..10u64 {
            for first in [Player::Left, Player::Right] {
                let a = spec.analyze_turns(&[n.to_string()], first).unwrap();
                assert_eq!(a.wins, naive(n, first), "{n} {first}");
                let takes: &[u64] = if first == Player::Left {
                    &[1, 2]
                } else {
                    &[2, 3]
                };
                let expected: Vec<String> = takes
                    .iter()
                    .filter(|&&k| k <= n && !naive(n - k, first.other()))
                    .map(|k| (n - k).to_string())
                    .collect();
                let got: Vec<String> = a.winning_moves.iter().map(|m| m.to.clone()).collect();
                assert_eq!(got, expected, "{n} {first}");
            }
        }
    }

    #[test]
    fn a_turn_aware_script_with_a_cycle_is_an_error_naming_a_position() {
        let src = "function left_moves(n) return {n + 1} end\n\
                   function right_moves(n) return {n - 1} end";
        let mut spec = TurnSpec::new(ScriptGame::from_source("c.lua", src).unwrap());
        let e = spec.analyze_turns(&["0".into()], Player::Left).unwrap_err();
        assert!(e.to_string().contains("cycle"), "{e}");
    }

    #[test]
    fn a_script_with_only_left_moves_is_refused_naming_the_missing_function() {
        let e = ScriptGame::from_source(
            "half.lua",
            "function moves(n) return {} end\nfunction left_moves(n) return {} end",
        )
        .unwrap_err();
        assert!(e.to_string().contains("right_moves"), "{e}");
    }
}
