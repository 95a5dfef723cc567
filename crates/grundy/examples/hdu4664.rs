//! HDU 4664 "Triangulation": planes of points in convex position; a move
//! draws a segment between two points of one plane, sharing no point with
//! the segments drawn (no common end, no crossing). Who cannot draw loses;
//! Carol moves first.
//!
//! A segment uses two points and leaves the others on its two sides,
//! independent of each other: a plane of `n` free points is a heap of `n`
//! in Dawson's Kayles, the octal game `0.07` (remove two, leaving zero,
//! one or two heaps). [`HeapValues`] computes its table and certifies its
//! period (34, from heap 53 on, by the octal periodicity theorem), then
//! answers planes of up to 10^9 points from it.
//!
//! Input: `T`; per case `N`, then `n_1 .. n_N`. Output per case: `Carol`
//! if the first player wins, else `Dave`. Time: O(total N) once the period
//! is proven (a few hundred values); memory: the input.

mod judge_io;

use grundy::games::TakeBreak;
use grundy::solve::HeapValues;
use grundy::Nimber;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut values = HeapValues::new(TakeBreak::octal("0.07")?);
    let cases = input.need("the number of cases T")?;
    for _ in 0..cases {
        let planes = input.need("the number of planes N")?;
        let mut total = Nimber::ZERO;
        for _ in 0..planes {
            total += values.value(input.need("a number of points n_i")?)?;
        }
        out.push_str(if total.is_zero() { "Dave\n" } else { "Carol\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
