//! POJ 1704 "Georgia and Bob": chessmen on a row move left without
//! jumping; the gaps read from the right are a staircase Nim position
//! ([`Staircase::from_row`]). "Georgia will win" if the first player wins,
//! else "Bob will win".

mod judge_io;

use grundy::games::staircase::Staircase;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let cases = input.need("the number of cases T")?;
    for _ in 0..cases {
        let n = input.need("the number of chessmen N")?;
        let cells = input.many(n, "a chessman's cell")?;
        let steps = Staircase::from_row(&cells)?;
        let georgia = !Staircase::value(&steps).is_zero();
        out.push_str(if georgia {
            "Georgia will win\n"
        } else {
            "Bob will win\n"
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
