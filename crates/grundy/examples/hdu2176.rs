//! HDU 2176 "取(m堆)石子游戏" (take stones from m piles): Nim on `m` piles;
//! print whether the first player wins and, if so, every winning first
//! move.
//!
//! Bouton's rule ([`Nim::winning_moves`], listed in pile order): a pile
//! `a` with `a ⊕ x < a`, `x` the XOR of all piles, is reduced to `a ⊕ x`.
//!
//! Input: cases `m` then `m` pile sizes, ended by `m = 0` (or the end of
//! the input). Output per case: `No`, or `Yes` followed by one line `a b`
//! per winning move (a pile of `a` stones left with `b`).

mod judge_io;

use grundy::games::Nim;
use judge_io::{Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(m) = input.next("the number of piles m")? {
        if m == 0 {
            break;
        }
        let piles = input.many(m, "a pile size")?;
        let moves = Nim::winning_moves(&piles);
        if moves.is_empty() {
            out.push_str("No\n");
            continue;
        }
        out.push_str("Yes\n");
        for mv in moves {
            // Bouton's move leaves one heap: `to` holds exactly one.
            for to in mv.to {
                writeln!(out, "{} {to}", mv.from)?;
            }
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
