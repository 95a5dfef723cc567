//! POJ 2234 "Matches Game": Nim on `M` piles of matches; does the first
//! player win?
//!
//! Bouton: the first player wins iff the XOR of the piles ([`Nim::value`])
//! is not 0.
//!
//! Input: lines `M p1 ... pM` until the end of the input. Output per line:
//! `Yes` if the first player wins, else `No`.

mod judge_io;

use grundy::games::Nim;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(m) = input.next("the number of piles M")? {
        let piles = input.many(m, "a pile size")?;
        out.push_str(if Nim::value(&piles).is_zero() {
            "No\n"
        } else {
            "Yes\n"
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
