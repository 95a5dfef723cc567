//! HDU 3595 "GG and MM": `N` Euclid games played at once (a move takes a
//! multiple of the smaller pile from the larger; a game ends when a pile is
//! empty); each turn the player moves in every game not yet ended, and the
//! player who ends the last game wins: the continued conjunctive compound
//! (Every-SG).
//!
//! [`analyze_compound`] with [`Compound::Continued`]: the compound's
//! suspense number is the largest of the games' suspense numbers (the
//! winner of a game delays its end, the loser hurries), and the first
//! player wins iff it is odd.
//!
//! Input: cases to the end, each `N` then `N` lines `p q`. Output: `MM` if
//! MM (the first player) wins, else `GG`.

mod judge_io;

use grundy::games::euclid::Euclid;
use grundy::solve::RemotenessSolver;
use grundy::strategy::compound::{analyze_compound, Compound};
use grundy::strategy::Outcome;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut solver = RemotenessSolver::new(Euclid);
    while let Some(n) = input.next("the number of games N")? {
        let mut games = Vec::new();
        for _ in 0..n {
            games.push((input.need("a pile p")?, input.need("a pile q")?));
        }
        let a = analyze_compound(&mut solver, &games, Compound::Continued, 0)?;
        out.push_str(if a.outcome == Outcome::N {
            "MM\n"
        } else {
            "GG\n"
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
