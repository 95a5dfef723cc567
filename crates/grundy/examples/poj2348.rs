//! POJ 2348 "Euclid's Game": lines `a b` until `0 0`; "Stan wins" if the
//! first player wins, else "Ollie wins" ([`euclid::first_player_wins`]).

mod judge_io;

use grundy::games::euclid;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(a) = input.next("a number")? {
        let b = input.need("the second number")?;
        if a == 0 && b == 0 {
            break;
        }
        let stan = euclid::first_player_wins(a, b);
        out.push_str(if stan { "Stan wins\n" } else { "Ollie wins\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
