//! AtCoder ARC 143 C "Piles of Pebbles": `N` piles; Takahashi (first)
//! removes `X` pebbles from each pile of a nonempty set of piles holding at
//! least `X`, Aoki the same with `Y`; who cannot move loses. A partizan
//! game (the players take different amounts), so no nim-values.
//!
//! The library's theorem for this family
//! ([`grundy::games::pebbles::SetSubtraction`], proof sketch in its docs,
//! tested against exhaustive search on every small case) decides the
//! winner from the piles modulo `X + Y`, in one pass: `N <= 2·10^5` piles
//! of up to 10^9 are read and answered in linear time.
//!
//! Input: `N X Y`, then `A_1 .. A_N`. Output: `First` if Takahashi (Left,
//! moving first) wins, else `Second`.

mod judge_io;

use grundy::game::Player;
use grundy::games::pebbles::SetSubtraction;
use judge_io::{Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let n = input.need("the number of piles N")?;
    let x = input.need("Takahashi's amount X")?;
    let y = input.need("Aoki's amount Y")?;
    let piles = input.many(n, "a pile size A_i")?;
    let game = SetSubtraction::new(x, y)?;
    let first = game.wins_moving_first(piles, Player::Left);
    writeln!(out, "{}", if first { "First" } else { "Second" })?;
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
