//! POJ 1740 "A New Stone Game": n piles; a move removes stones from one
//! pile and may hand some of the rest of that pile to other non-empty
//! piles. Cases `n` then n sizes, until n = 0; 1 if the first player wins,
//! else 0.
//!
//! Rule: the second player wins iff the piles pair up (every size occurs
//! an even number of times): every move from a paired position breaks the
//! pairing, and from an unpaired one the largest pile can restore it.
//! Checked against the generic solver in `tests/closed_form_examples.rs`.

mod judge_io;

use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the number of piles n")? {
        if n == 0 {
            break;
        }
        let mut piles = input.many(n, "a pile size")?;
        piles.sort_unstable();
        let paired = piles.len() % 2 == 0 && piles.chunks(2).all(|p| p[0] == p[1]);
        out.push_str(if paired { "0\n" } else { "1\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
