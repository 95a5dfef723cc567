//! POJ 3480 "John" (also HDU 1907): misère Nim — whoever eats the last
//! M&M loses. `T` cases of `N` heaps; "John" if the first player wins,
//! else "Brother" ([`Nim::misere_outcome`]).

mod judge_io;

use grundy::games::Nim;
use grundy::strategy::Outcome;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let cases = input.need("the number of cases T")?;
    for _ in 0..cases {
        let n = input.need("the number of colours N")?;
        let heaps = input.many(n, "a number of M&Ms")?;
        let john = Nim::misere_outcome(&heaps) == Outcome::N;
        out.push_str(if john { "John\n" } else { "Brother\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
