//! HDU 1729 "Stone Game": boxes of capacity s holding c stones; a move adds
//! 1..=c² stones to one box without overfilling. Cases: N, then N lines
//! `s c`, until N = 0; prints "Case k:" and "Yes" if the first player wins,
//! else "No". Nim-values by the closed form [`SquareBox::nim_value`].

mod judge_io;

use grundy::games::square_box::SquareBox;
use grundy::Nimber;
use judge_io::{Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut case = 0;
    while let Some(n) = input.next("the number of boxes N")? {
        if n == 0 {
            break;
        }
        case += 1;
        let mut total = Nimber::ZERO;
        for _ in 0..n {
            let s = input.need("a capacity s")?;
            let c = input.need("a count c")?;
            total += SquareBox::nim_value(s, c)?;
        }
        writeln!(out, "Case {case}:")?;
        out.push_str(if total.is_zero() { "No\n" } else { "Yes\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
