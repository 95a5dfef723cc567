//! HDU 2147 "kiki's game": a coin in the top-right corner of an n x m
//! board moves left, down or diagonally left-down; who cannot move loses.
//! Lines `n m` until `0 0`; "Wonderful!" if the first player wins, else
//! "What a pity!".
//!
//! Rule: with n-1 and m-1 steps to go, the position is P iff both are even
//! (moving back to even coordinates always answers), i.e. iff n and m are
//! both odd. Checked against the generic solver in
//! `tests/closed_form_examples.rs`.

mod judge_io;

use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the number of rows n")? {
        let m = input.need("the number of columns m")?;
        if n == 0 && m == 0 {
            break;
        }
        let p = n % 2 == 1 && m % 2 == 1;
        out.push_str(if p { "What a pity!\n" } else { "Wonderful!\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
