//! HDU 1847 "Good Luck in CET-4 Everybody!": one pile of `n` cards, a move
//! takes a power of two (1, 2, 4, ...) cards; whoever takes the last card
//! wins, and Kiki moves first.
//!
//! The subtraction game `sub:pow2`. The library proves `G(n) = n mod 3`
//! (residue theorem), so [`HeapValues`] answers any `n` at once.
//!
//! Input: one `n` per line until the end of the input. Output per `n`:
//! `Kiki` if the first player wins (`G(n) ≠ 0`), else `Cici`.

mod judge_io;

use grundy::{games::Subtraction, solve::HeapValues};
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut values = HeapValues::new(Subtraction::pow2());
    while let Some(n) = input.next("n")? {
        let first_wins = !values.value(n)?.is_zero();
        out.push_str(if first_wins { "Kiki\n" } else { "Cici\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
