//! HDU 1848 "Fibonacci again and again": three piles; a move removes a
//! Fibonacci number (1, 2, 3, 5, 8, ...) of stones from one pile; whoever
//! removes the last stone wins.
//!
//! The sum of three subtraction games `sub:fib`: the first player wins iff
//! `G(m) ⊕ G(n) ⊕ G(p) ≠ 0`. `sub:fib` has no known period, so
//! [`HeapValues`] computes the table densely up to the largest pile (piles
//! beyond 2^24 are reported as too large rather than guessed).
//!
//! Input: lines `m n p`, ended by `0 0 0` (or the end of the input).
//! Output per line: `Fibo` if the first player wins, else `Nacci`.

mod judge_io;

use grundy::{games::Subtraction, solve::HeapValues, Nimber};
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut values = HeapValues::new(Subtraction::fib());
    while let Some(m) = input.next("pile m")? {
        let piles = [m, input.need("pile n")?, input.need("pile p")?];
        if piles == [0, 0, 0] {
            break;
        }
        let mut total = Nimber::ZERO;
        for pile in piles {
            total += values.value(pile)?;
        }
        out.push_str(if total.is_zero() { "Nacci\n" } else { "Fibo\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
