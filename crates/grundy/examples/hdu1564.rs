//! HDU 1564 "Play a game": an n x n board, a stone in a corner, moves to an
//! unvisited orthogonal neighbour; who cannot move loses. One n per line
//! until 0; "8600" (the first player) or "ailyanlu" wins.
//!
//! Rule: the first player wins iff n is even — tile the board with dominoes
//! and always move to the other cell of the current domino; with n odd,
//! tile everything but the starting corner and the second player does it.
//! Checked against the generic solver for n <= 5 in
//! `tests/closed_form_examples.rs`.

mod judge_io;

use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the board size n")? {
        if n == 0 {
            break;
        }
        out.push_str(if n % 2 == 0 { "8600\n" } else { "ailyanlu\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
