//! POJ 2311 "Cutting Game": cut a W x H sheet into two; whoever cuts out a
//! 1 x 1 piece wins. The library's `Cutting` game lists the cuts (each a sum
//! of two sheets) and the generic memoizing solver values them; one solver
//! serves every line, so all sheets up to 200 x 200 are solved once.
//!
//! Input: lines `W H` until end of input (2 <= W, H <= 200). Output: `WIN`
//! or `LOSE` per line.

use grundy::games::cutting::{Cutting, Sheet};
use grundy::solve::MemoSolver;
use std::error::Error;
use std::io::{self, Read, Write};

pub fn main() -> Result<(), Box<dyn Error>> {
    let mut input = Vec::new();
    io::stdin().lock().read_to_end(&mut input)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    solve(&input, &mut out)?;
    out.flush()?;
    Ok(())
}

pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Box<dyn Error>> {
    let mut words = input
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty());
    let mut next = || -> Result<Option<u32>, Box<dyn Error>> {
        match words.next() {
            None => Ok(None),
            Some(w) => Ok(Some(std::str::from_utf8(w)?.parse()?)),
        }
    };
    let mut solver = MemoSolver::new(Cutting);
    while let Some(w) = next()? {
        let h = next()?.ok_or("a line has W but no H")?;
        let value = solver.nim_value(&Sheet::new(w, h)?)?;
        writeln!(out, "{}", if value.is_zero() { "LOSE" } else { "WIN" })?;
    }
    Ok(())
}
