//! `pebbles:X,Y`: "Piles of Pebbles" (AtCoder ARC 143 C), a turn-aware
//! game: Left takes `X` pebbles, Right `Y`, from each pile of any nonempty
//! set of piles holding at least that many; who cannot move loses. A
//! position is the tuple of piles `a1,a2,...` (one move touches several
//! piles, so the piles are one position, not a sum). Answered by the
//! theorem of [`crate::games::pebbles`] in one pass over the piles, however
//! many and however large.
//!
//! Like a turn-aware script, it has outcome classes (`N`, `P`, `L`, `R`)
//! and no nim-values: a sum of positions, a nim-value or a period of
//! nim-values is refused with [`ErrorKind::Partizan`].

use crate::anygame::adapt::{parse_list, turn_aware_refusals};
use crate::error::{Error, ErrorKind, Result};
use crate::game::partizan::{OutcomeClass, PartizanAnalysis, PartizanMove, Player};
use crate::games::pebbles::SetSubtraction;
use crate::spec::{AnyGame, Family};

pub(super) const FAMILY: Family = Family {
    name: "pebbles",
    syntax: "pebbles:X,Y",
    position: "A1,A2,... (the piles of one position)",
    example: "pebbles:1,2 3,3",
    about: "turn-aware (ARC 143 C): Left takes X, Right Y, from each pile of any nonempty set; outcome class by theorem",
    parse: |spec, args, _| parse(spec, args),
};

/// The most piles that the player to move may take from for `analyze` to
/// list every winning move (each of the `2^k - 1` sets of the `k` piles
/// that hold enough is checked by the theorem); with more, the one move of
/// the proof is listed.
const LIST_ALL_UP_TO: usize = 12;

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    let args = args.unwrap_or("");
    let amounts = parse_list(args, Some(2)).map_err(|e| {
        let reason = match e.kind() {
            ErrorKind::InvalidPosition { reason, .. } => reason.clone(),
            _ => e.to_string(),
        };
        Error::invalid_spec(
            spec,
            format!("{reason} (write `pebbles:X,Y`, the amounts Left and Right take per pile)"),
        )
    })?;
    let game = SetSubtraction::new(amounts[0], amounts[1])
        .map_err(|e| Error::invalid_spec(spec, e.to_string()))?;
    Ok(Box::new(PebblesSpec {
        game,
        spec: format!("pebbles:{},{}", amounts[0], amounts[1]),
    }))
}

struct PebblesSpec {
    game: SetSubtraction,
    spec: String,
}

impl PebblesSpec {
    fn refuse(&self, reason: &str) -> Error {
        ErrorKind::Partizan {
            game: self.spec.clone(),
            reason: reason.into(),
        }
        .into()
    }

    fn read(text: &str) -> Result<Vec<u64>> {
        parse_list(text, None)
    }

    fn write(piles: &[u64]) -> String {
        let mut s = String::with_capacity(piles.len() * 11);
        for (i, a) in piles.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            s.push_str(&a.to_string());
        }
        s
    }

    /// The winning moves of `player`, moving first (and winning), on
    /// `piles`: every winning set of piles when at most
    /// [`LIST_ALL_UP_TO`] piles hold enough (sets in the order of their
    /// bits, as `examples/games/arc143c.lua` lists them), else the move of
    /// the proof. A move is named by its piles, counted from 1 (a position of
    /// one pile: no name).
    fn winning_moves(&self, piles: &[u64], player: Player) -> Vec<PartizanMove> {
        let Some(proof) = self.game.winning_move(piles, player) else {
            return Vec::new();
        };
        let m = self.game.amount(player);
        let able: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] >= m).collect();
        let named = |set: &[usize]| {
            let names: Vec<String> = set.iter().map(|i| (i + 1).to_string()).collect();
            format!("piles {}", names.join(","))
        };
        if able.len() > LIST_ALL_UP_TO {
            let to = self.game.after(piles, &proof, player).unwrap_or_default();
            return vec![PartizanMove {
                to: Self::write(&to),
                name: Some(format!(
                    "{} piles: each whose residue modulo {} is at least {m}",
                    proof.len(),
                    u128::from(m) + u128::from(self.game.amount(player.other()))
                )),
            }];
        }
        let mut out = Vec::new();
        for bits in 1u64..(1 << able.len()) {
            let set: Vec<usize> = (0..able.len())
                .filter(|b| bits >> b & 1 == 1)
                .map(|b| able[b])
                .collect();
            let Some(to) = self.game.after(piles, &set, player) else {
                continue;
            };
            if !self.game.wins_moving_first(to.iter().copied(), player.other()) {
                out.push(PartizanMove {
                    to: Self::write(&to),
                    // One pile: the move needs no name (as in the script).
                    name: (piles.len() > 1).then(|| named(&set)),
                });
            }
        }
        out
    }
}

impl AnyGame for PebblesSpec {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    turn_aware_refusals!(Some("the piles of one position are written `A1,A2,...`"));

    fn is_turn_aware(&self) -> bool {
        true
    }

    fn analyze_turns(&mut self, positions: &[String], first: Player) -> Result<PartizanAnalysis> {
        let [text] = positions else {
            return Err(self.refuse(&format!(
                "{} positions were given as one sum (the piles of one position are \
                 written `A1,A2,...`)",
                positions.len()
            )));
        };
        let piles = Self::read(text)?;
        let outcome = self.game.outcome_class(&piles);
        let wins = outcome.first_wins(first);
        let winning_moves = if wins {
            self.winning_moves(&piles, first)
        } else {
            Vec::new()
        };
        Ok(PartizanAnalysis {
            position: Self::write(&piles),
            outcome,
            to_move: first,
            wins,
            winning_moves,
        })
    }

    fn outcome_classes(&mut self, from: u64, to: u64) -> Result<Vec<OutcomeClass>> {
        Ok((from..=to).map(|n| self.game.outcome_class(&[n])).collect())
    }

    fn options(&mut self, _: &str) -> Result<Vec<Vec<String>>> {
        Err(self.refuse("interactive play is of impartial games"))
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(Self::write(&Self::read(component)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{parse, AnalyzeOptions};

    #[test]
    fn pebbles_answers_the_judge_samples_as_outcome_classes() {
        // ARC 143 C: "2 1 1 / 3 3" First; "2 1 2 / 3 3" Second.
        let mut g = parse("pebbles:1,1").unwrap();
        let a = g.analyze_turns(&["3,3".into()], Player::Left).unwrap();
        assert!(a.wins);
        let mut g = parse("pebbles:1,2").unwrap();
        let a = g.analyze_turns(&["3,3".into()], Player::Left).unwrap();
        assert!(!a.wins && a.winning_moves.is_empty());
    }

    #[test]
    fn pebbles_refuses_a_sum_and_nim_values_as_a_turn_aware_game() {
        let mut g = parse("pebbles:2,3").unwrap();
        assert!(g.is_turn_aware());
        let two = ["3".to_string(), "4".to_string()];
        let e = g.analyze_turns(&two, Player::Left).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Partizan { .. }), "{e}");
        let e = g.analyze(&two, &AnalyzeOptions::default()).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Partizan { .. }), "{e}");
        assert!(e.to_string().contains("no nim-values"), "{e}");
        assert!(matches!(g.values(0, 3).unwrap_err().kind(), ErrorKind::Partizan { .. }));
    }

    #[test]
    fn pebbles_specs_with_a_missing_or_zero_amount_are_refused_naming_it() {
        for bad in ["pebbles", "pebbles:1", "pebbles:1,2,3", "pebbles:0,2", "pebbles:a,2"] {
            let e = parse(bad).err().unwrap();
            assert!(matches!(e.kind(), ErrorKind::InvalidSpec { .. }), "{bad}: {e}");
        }
        let e = parse("pebbles:3,0").err().unwrap().to_string();
        assert!(e.contains("`0`"), "{e}");
    }

    #[test]
    fn pebbles_with_many_piles_lists_the_one_move_of_the_proof() {
        // Left takes 2, Right 3 (period 5); 20 piles of 7 (residue 2 >= 2)
        // and one of 9 (residue 4): Left wins by taking from all of them.
        let mut g = parse("pebbles:2,3").unwrap();
        let mut piles = vec!["7"; 20];
        piles.push("9");
        let a = g.analyze_turns(&[piles.join(",")], Player::Left).unwrap();
        assert!(a.outcome.first_wins(Player::Left));
        assert_eq!(a.winning_moves.len(), 1);
        let mut after = vec!["5"; 20];
        after.push("7");
        assert_eq!(a.winning_moves[0].to, after.join(","));
    }

    #[test]
    fn pebbles_tabulates_the_outcome_classes_of_single_piles() {
        let mut g = parse("pebbles:2,3").unwrap();
        let classes: String = g
            .outcome_classes(0, 9)
            .unwrap()
            .iter()
            .map(|c| c.letter())
            .collect();
        // By hand, residues mod 5: 0, 1: neither can take (P); 2: only
        // Left can (L); 3, 4: each wins moving first (N).
        assert_eq!(classes, "PPLNNPPLNN");
    }
}
