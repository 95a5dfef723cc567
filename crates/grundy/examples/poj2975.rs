//! POJ 2975 "Nim": count the winning moves of a Nim position.
//!
//! Bouton's rule ([`Nim::winning_moves`]): with `x` the XOR of the piles,
//! exactly the piles `k` with `k ⊕ x < k` have a winning move (to `k ⊕ x`),
//! one each.
//!
//! Input: cases `n` then `n` pile sizes, ended by `n = 0` (or the end of
//! the input). Output per case: the number of winning moves.

mod judge_io;

use grundy::games::Nim;
use judge_io::{Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the number of piles n")? {
        if n == 0 {
            break;
        }
        let piles = input.many(n, "a pile size")?;
        writeln!(out, "{}", Nim::winning_moves(&piles).len())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
