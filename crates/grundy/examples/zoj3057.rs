//! ZOJ 3057 "Beans Game": three piles; take any number from one pile or
//! the same number from two. Three numbers per case until EOF; prints 1 if
//! the first player wins, else 0. (The judge's exact output format was not
//! recovered; 1/0 is the usual one. The problem file has no sample:
//! `tests/closed_form_examples.rs` checks this example against the generic
//! solver.)
//!
//! The P-positions come from [`BeansTable`], computed once up to the
//! largest pile in the input.

mod judge_io;

use grundy::games::beans::BeansTable;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut cases = Vec::new();
    while let Some(a) = input.next("a pile")? {
        let b = input.need("the second pile")?;
        let c = input.need("the third pile")?;
        cases.push((a, b, c));
    }
    let max = cases
        .iter()
        .map(|&(a, b, c)| a.max(b).max(c))
        .max()
        .unwrap_or(0);
    let table = BeansTable::new(max)?;
    for (a, b, c) in cases {
        out.push_str(if table.is_p(a, b, c) { "0\n" } else { "1\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
