//! POJ 2068 "Nim" (a team game): one heap of S stones; 2n players sit
//! around the table, the teams alternating; player i may take 1..M_i
//! stones, and whoever takes the last stone loses. Lines `n S M_1..M_2n`
//! until `0`; 1 if the first team has a winning strategy, else 0.
//!
//! A position is (stones left, seat to move). Both teams face the same
//! moves from a position, so it is an impartial game in misère play,
//! solved with the library's generic misère search ([`MisereSolver`]);
//! `tests/closed_form_examples.rs` checks it against a direct table (the
//! problem file has no sample).

mod judge_io;

use grundy::solve::MisereSolver;
use grundy::strategy::Outcome;
use grundy::Game;
use judge_io::{Input, Result};
use std::process::ExitCode;

/// The team game: position (stones, seat); seat i takes 1..=limits[i].
struct TeamNim {
    limits: Vec<u64>,
}

impl Game for TeamNim {
    type Position = (u64, usize);

    fn options(&self, &(stones, seat): &(u64, usize), f: &mut dyn FnMut(&[(u64, usize)])) {
        let next = (seat + 1) % self.limits.len();
        for take in 1..=self.limits[seat].min(stones) {
            f(&[(stones - take, next)]);
        }
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the number of players per team n")? {
        if n == 0 {
            break;
        }
        let stones = input.need("the number of stones S")?;
        let limits = input.many(n.saturating_mul(2), "a player's maximum M_i")?;
        let mut solver = MisereSolver::new(TeamNim { limits });
        let first_team = solver.outcome(&[(stones, 0)])? == Outcome::N;
        out.push_str(if first_team { "1\n" } else { "0\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
