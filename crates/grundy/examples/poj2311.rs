//! POJ 2311 "Cutting Game": cut a W x H sheet into two; whoever cuts out a
//! 1 x 1 piece wins. The library's `Cutting` game lists the cuts (each a sum
//! of two sheets) and the generic memoizing solver values them; one solver
//! serves every line, so all sheets up to 200 x 200 are solved once.
//!
//! Input: lines `W H` until end of input (2 <= W, H <= 200). Output: `WIN`
//! or `LOSE` per line.

mod judge_io;

use grundy::games::cutting::{Cutting, Sheet};
use grundy::solve::MemoSolver;
use judge_io::{Fail, Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

fn side(n: u64) -> Result<u32> {
    u32::try_from(n).map_err(|_| Fail(format!("side `{n}` is too large")))
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut solver = MemoSolver::new(Cutting);
    while let Some(w) = input.next("the width W")? {
        let h = input.need("the height H")?;
        let value = solver.nim_value(&Sheet::new(side(w)?, side(h)?)?)?;
        writeln!(out, "{}", if value.is_zero() { "LOSE" } else { "WIN" })?;
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
