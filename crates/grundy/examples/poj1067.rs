//! POJ 1067 / HDU 1527 (Wythoff's game): two piles; take any number from
//! one pile or the same number from both. Lines `a b` until EOF; 1 if the
//! first player wins, else 0.
//!
//! Exact for every pair of `u64` piles ([`wythoff::is_p_position`]), not
//! only the judge's 10^9: no floating point, which goes wrong from the
//! P-position (165580140, 267914295) on.

mod judge_io;

use grundy::games::wythoff;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(a) = input.next("a pile size")? {
        let b = input.need("the second pile size")?;
        out.push_str(if wythoff::is_p_position(a, b) {
            "0\n"
        } else {
            "1\n"
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
