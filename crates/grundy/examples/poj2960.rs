//! POJ 2960 "S-Nim" (also HDU 1536): Nim where a move removes `s` beads
//! from one heap, `s` in a given set `S`; for each position (a sum of
//! heaps) say whether the player to move wins.
//!
//! Each position is a sum of subtraction games `sub:S`;
//! [`strategy::analyze`](grundy::strategy::analyze) gives its outcome from
//! the heap values of [`HeapValues`] (a dense table, and a period proven
//! by the window theorem for heaps beyond it).
//!
//! Input: test cases until a line `0`: a line `k s1 ... sk`, a line `m`,
//! then `m` lines `l h1 ... hl`. Output per test case: one line with one
//! character per position, `W` (winning) or `L` (losing).

mod judge_io;

use grundy::games::Subtraction;
use grundy::solve::HeapValues;
use grundy::strategy::{analyze, Outcome};
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(k) = input.next("the size k of S")? {
        if k == 0 {
            break;
        }
        let game = Subtraction::finite(&input.many(k, "a move size of S")?)?;
        let mut values = HeapValues::new(&game);
        let positions = input.need("the number of positions m")?;
        for _ in 0..positions {
            let l = input.need("the number of heaps l")?;
            let heaps = input.many(l, "a heap size")?;
            let wins = analyze(&game, &mut values, &heaps)?.outcome == Outcome::N;
            out.push(if wins { 'W' } else { 'L' });
        }
        out.push('\n');
    }
    Ok(())
}

/// Also the entry point of `hdu1536`, the same problem on another judge.
pub fn main() -> ExitCode {
    judge_io::main(solve)
}
