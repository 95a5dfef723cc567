//! HDU 1850 "Being a Good Boy in Spring Festival": Nim on `M` piles; count
//! the winning first moves.
//!
//! Bouton's rule ([`Nim::winning_moves`]): with `x` the XOR of the piles,
//! the winning moves reduce a pile `a` with `a ⊕ x < a` to `a ⊕ x`.
//!
//! Input: cases `M` then `M` pile sizes, ended by `M = 0` (or the end of
//! the input). Output per case: the number of winning first moves.

mod judge_io;

use grundy::games::Nim;
use judge_io::{Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(m) = input.next("the number of piles M")? {
        if m == 0 {
            break;
        }
        let piles = input.many(m, "a pile size")?;
        writeln!(out, "{}", Nim::winning_moves(&piles).len())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
