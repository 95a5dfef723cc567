//! HDU 3590 "PP and QQ": several rooted trees of Green Hackenbush played in
//! misère: the player who cannot move wins.
//!
//! Each tree's normal-play value comes from [`Hackenbush::nim_value`]; the
//! misère sum is decided from those values as misère Nim
//! ([`Nim::misere_outcome`], the anti-SG rule of the SJ theorem): the first
//! player wins iff some value exceeds 1 and their XOR is not 0, or every
//! value is at most 1 and their XOR is 0.
//!
//! Input: cases to the end: `N` trees, each `m` nodes and `m-1` edges
//! `a b` (node 1 is the root). Output: `PP` if the first player wins, else
//! `QQ`.

mod judge_io;

use grundy::games::{hackenbush::Hackenbush, Nim};
use grundy::strategy::Outcome;
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(trees) = input.next("the number of trees N")? {
        let mut values = Vec::new();
        for _ in 0..trees {
            let m = input.need("the number of nodes m")?;
            let mut edges = Vec::new();
            for _ in 1..m {
                let (a, b) = (input.need("a node a")?, input.need("a node b")?);
                if a == 0 || b == 0 || a > m || b > m {
                    return Err(Fail(format!(
                        "the edge `{a} {b}` names a node outside 1..{m}"
                    )));
                }
                edges.push((a as u32 - 1, b as u32 - 1));
            }
            values.push(
                Hackenbush::new(m.max(1) as usize, 0, &edges)?
                    .nim_value()
                    .value(),
            );
        }
        out.push_str(match Nim::misere_outcome(&values) {
            Outcome::N => "PP\n",
            _ => "QQ\n",
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
