//! HDU 3404 "Switch lights": lights of a grid; a move picks a rectangle
//! whose corner `(x2, y2)` (the largest) is on and toggles its distinct
//! corners. Who cannot move loses; lxhgww moves first.
//!
//! A two-dimensional coin-turning game: each lit light is a game of its
//! own, and the game is the product of two one-dimensional ones (turn a
//! coin, and perhaps one to its left: a light at `x ≥ 1` is a nim-heap
//! `x`). By the Tartan theorem a light at `(x, y)` has the value `x ⊗ y`,
//! the nim-product, computed by the library's nimber field
//! ([`Nimber`]'s `*`); the position is the nim-sum over the lit lights.
//!
//! Input: `T`; per case `n`, then `n` lines `x y`. Output per case:
//! `Have a try, lxhgww.` if the first player wins, else
//! `Don't waste your time.`. Time: O(total n), a product each.

mod judge_io;

use grundy::Nimber;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let cases = input.need("the number of cases T")?;
    for _ in 0..cases {
        let lights = input.need("the number of lights n")?;
        let mut total = Nimber::ZERO;
        for _ in 0..lights {
            let x = Nimber::new(input.need("a coordinate x")?);
            let y = Nimber::new(input.need("a coordinate y")?);
            total += x * y;
        }
        out.push_str(if total.is_zero() {
            "Don't waste your time.\n"
        } else {
            "Have a try, lxhgww.\n"
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
