//! POJ 2484 "A Funny Game": n coins in a circle; a move removes one coin or
//! two adjacent ones. One n per line until 0; "Alice" if the first player
//! wins, else "Bob".
//!
//! Rule: Alice wins iff n <= 2. For n >= 3 her move leaves a row of n-1 or
//! n-2 coins; Bob takes the middle one or two, leaving two equal rows, and
//! mirrors. Checked against the generic solver on the circle-and-rows game
//! in `tests/closed_form_examples.rs`.

mod judge_io;

use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the number of coins n")? {
        if n == 0 {
            break;
        }
        out.push_str(if n <= 2 { "Alice\n" } else { "Bob\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
