//! HDU 5724 "Chess": rows of 20 cells holding pieces; a move takes one
//! piece to the first empty cell on its right (jumping over pieces); who
//! cannot move loses.
//!
//! A row is a bit mask (bit `i` = cell `i + 1`) and a game of its own; the
//! rows form a sum. [`MemoSolver`] computes the value of each row met (the
//! masks index a flat table: [`Game::position_index`]); the first player
//! wins iff the XOR of the rows' values is not 0.
//!
//! Input: `T`; per case `n` rows, each `m p1 .. pm`. Output: `YES` if Alice
//! (first) wins, else `NO`.

mod judge_io;

use grundy::{solve::MemoSolver, Game, Nimber};
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

const CELLS: u32 = 20;

struct Row;

impl Game for Row {
    type Position = u32;

    fn options(&self, &mask: &u32, f: &mut dyn FnMut(&[u32])) {
        for i in 0..CELLS {
            if mask & (1 << i) == 0 {
                continue;
            }
            // The first empty cell right of `i`, if any.
            let empty = (i + 1..CELLS).find(|&j| mask & (1 << j) == 0);
            if let Some(j) = empty {
                f(&[mask & !(1 << i) | (1 << j)]);
            }
        }
    }

    fn position_index(&self, &mask: &u32) -> Option<usize> {
        Some(mask as usize)
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut solver = MemoSolver::new(Row);
    let cases = input.need("the number of cases T")?;
    for _ in 0..cases {
        let rows = input.need("the number of rows n")?;
        let mut total = Nimber::ZERO;
        for _ in 0..rows {
            let m = input.need("the number of pieces m")?;
            let mut mask = 0u32;
            for p in input.many(m, "a cell")? {
                if !(1..=u64::from(CELLS)).contains(&p) {
                    return Err(Fail(format!("the cell `{p}` is not in 1..{CELLS}")));
                }
                mask |= 1 << (p - 1);
            }
            total += solver.nim_value(&mask)?;
        }
        out.push_str(if total.is_zero() { "NO\n" } else { "YES\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
