//! HDU 2188 (choosing volunteers): players alternately donate 1..m; whoever
//! brings the total to n wins. First line C, then C lines `n m`; "Grass" if
//! the first player wins, else "Rabbit".
//!
//! It is Bachet's game `bash:m` on a heap of n, answered from its proven
//! period `G(n) = n mod (m+1)` by [`HeapValues`]. The problem file has no
//! sample: `tests/closed_form_examples.rs` checks this example against the
//! generic solver.

mod judge_io;

use grundy::games::Subtraction;
use grundy::solve::HeapValues;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let cases = input.need("the number of cases C")?;
    for _ in 0..cases {
        let n = input.need("the amount n")?;
        let m = input.need("the largest donation m")?;
        let grass = !HeapValues::new(Subtraction::bash(m)?).value(n)?.is_zero();
        out.push_str(if grass { "Grass\n" } else { "Rabbit\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
