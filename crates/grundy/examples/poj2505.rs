//! POJ 2505 (also HDU 1517, UVa 847) "A Multiplication Game": p starts at 1 and
//! players multiply it by 2..9; whoever reaches p >= n wins. One n per line
//! until EOF; "Stan wins." if the first player wins, else "Ollie wins."
//! ([`Multiplication::first_player_wins`]).

mod judge_io;

use grundy::games::multiplication::Multiplication;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the target n")? {
        let stan = Multiplication::new(n, 2, 9)?.first_player_wins(1);
        out.push_str(if stan {
            "Stan wins.\n"
        } else {
            "Ollie wins.\n"
        });
    }
    Ok(())
}

pub fn main() -> ExitCode {
    judge_io::main(solve)
}
