//! HDU 1846 "Brave Game": one pile of `n` stones, a move takes 1 to `m`
//! stones; whoever takes the last stone wins.
//!
//! Bachet's game `bash:m`; the library proves `G(n) = n mod (m + 1)`
//! (residue theorem) and [`HeapValues`] answers from it.
//!
//! Input: the number of cases `C`, then `C` lines `n m`. Output per case:
//! `first` if the first player wins, else `second`.

mod judge_io;

use grundy::{games::Subtraction, solve::HeapValues};
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let cases = input.need("the number of cases C")?;
    for _ in 0..cases {
        let n = input.need("the pile size n")?;
        let m = input.need("the largest move m")?;
        let mut values = HeapValues::new(Subtraction::bash(m)?);
        let first_wins = !values.value(n)?.is_zero();
        out.push_str(if first_wins { "first\n" } else { "second\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
