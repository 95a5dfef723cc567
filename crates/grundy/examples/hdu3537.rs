//! HDU 3537 "Daizhenyang's Coin": Mock Turtles. Coins `0..n-1`; a move turns
//! one, two or three coins, the rightmost from heads to tails.
//!
//! [`CoinGame::mock_turtles`]: a head at `n` is worth the `n`-th odious
//! number (a closed form, any coin index); a position is worth the XOR of
//! its heads, so a head listed twice cancels, as the problem wants.
//!
//! Input: cases to the end, each `k` then `k` head positions. Output: `Yes`
//! if the first player loses, else `No`.

mod judge_io;

use grundy::games::coins::CoinGame;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let game = CoinGame::mock_turtles();
    while let Some(k) = input.next("the number of heads k")? {
        let heads = input.many(k, "a head position")?;
        let value = game.nim_value(&heads)?;
        out.push_str(if value.is_zero() { "Yes\n" } else { "No\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
