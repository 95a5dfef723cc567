//! HDU 2873 "Bomb Game": bombs on an `n × m` board; exploding the bomb at
//! `(p, q)` puts one bomb at some `(u, q)` with `u < p` and one at some
//! `(p, v)` with `v < q` (on the first row or column, just one bomb, moved
//! toward the corner); two bombs on a cell vanish, and so does a bomb at
//! `(1, 1)`; who cannot move loses.
//!
//! Each bomb is a component: a move replaces it by a sum of two bombs (two
//! on one cell cancel in the XOR, as they vanish on the board).
//! [`MemoSolver`] gives each cell's value; the first player wins iff the
//! XOR over the bombs is not 0.
//!
//! Input: cases `n m` then `n` rows of `#` (bomb) and `.`; `0 0` ends.
//! Output: `John` if the first player wins, else `Jack`.

mod judge_io;

use grundy::{solve::MemoSolver, Game, Nimber};
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

/// Bombs at 0-based cells `(row, column)`.
struct Bombs;

impl Game for Bombs {
    type Position = (u8, u8);

    fn options(&self, &(p, q): &(u8, u8), f: &mut dyn FnMut(&[(u8, u8)])) {
        match (p, q) {
            (0, _) => (0..q).for_each(|v| f(&[(0, v)])),
            (_, 0) => (0..p).for_each(|u| f(&[(u, 0)])),
            _ => {
                for u in 0..p {
                    for v in 0..q {
                        f(&[(u, q), (p, v)]);
                    }
                }
            }
        }
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut solver = MemoSolver::new(Bombs);
    loop {
        let (n, m) = (input.need("the rows n")?, input.need("the columns m")?);
        if (n, m) == (0, 0) {
            break;
        }
        if n > 255 || m > 255 {
            return Err(Fail(format!(
                "the board `{n} {m}` has more than 255 rows or columns"
            )));
        }
        let mut total = Nimber::ZERO;
        for p in 0..n as u8 {
            let row = input.need_word("a row of the board")?;
            if row.len() != m as usize {
                let text = String::from_utf8_lossy(row);
                return Err(Fail(format!("the row `{text}` does not have {m} cells")));
            }
            for (q, &c) in row.iter().enumerate() {
                if c == b'#' {
                    total += solver.nim_value(&(p, q as u8))?;
                }
            }
        }
        out.push_str(if total.is_zero() { "Jack\n" } else { "John\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
