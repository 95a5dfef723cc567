//! HDU 1730 "Northcott Game": each row holds one piece of each player; a
//! piece moves along its row without jumping the other. The gap between
//! the two pieces is a Nim heap (moving away is reversible: the opponent
//! closes the gap again), so the first player wins iff the XOR of the gaps
//! is not 0 ([`Nim::value`]). Cases until EOF: `n m`, then n lines `T J`;
//! "I WIN!" or "BAD LUCK!".

mod judge_io;

use grundy::games::Nim;
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the number of rows n")? {
        let _columns = input.need("the number of columns m")?;
        let mut gaps = Vec::new();
        for _ in 0..n {
            let tom = input.need("Tom's column")?;
            let jerry = input.need("Jerry's column")?;
            if tom == jerry {
                return Err(Fail(format!("both pieces on column `{tom}`")));
            }
            gaps.push(tom.abs_diff(jerry) - 1);
        }
        let tom_wins = !Nim::value(&gaps).is_zero();
        out.push_str(if tom_wins { "I WIN!\n" } else { "BAD LUCK!\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
