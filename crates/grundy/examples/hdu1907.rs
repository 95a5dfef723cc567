//! HDU 1907 "John" (also POJ 3480): misère Nim — whoever eats the last
//! M&M loses; John moves first.
//!
//! Bouton's misère rule ([`Nim::misere_outcome`]): the player to move wins
//! iff (some heap > 1 and the XOR ≠ 0) or (every heap ≤ 1 and the XOR = 0).
//!
//! Input: the number of cases `T`, then per case `N` and `N` heap sizes.
//! Output per case: `John` if John (the first player) wins, else
//! `Brother`.

mod judge_io;

use grundy::games::Nim;
use grundy::strategy::Outcome;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let cases = input.need("the number of cases T")?;
    for _ in 0..cases {
        let n = input.need("the number of colours N")?;
        let heaps = input.many(n, "a number of M&Ms")?;
        let john_wins = Nim::misere_outcome(&heaps) == Outcome::N;
        out.push_str(if john_wins { "John\n" } else { "Brother\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
