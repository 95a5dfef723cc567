//! Codeforces 768E "Game of Stones": n piles; a move takes any k ≥ 1
//! stones from one pile, but the same k may be taken from one pile at
//! most once in the game. Sam moves first; who cannot move loses.
//!
//! A pile's position is the stones left and the amounts already taken
//! (a bit mask; amounts larger than the pile can never be taken again and
//! are forgotten), the rules of `examples/games/cf768e.lua` written as a
//! [`Game`]. The library's memoizing search ([`MemoSolver`]) gives
//! `G(s, nothing taken)` for the piles of the input (at most 60 stones, so
//! 61 values, computed once), and Jon, second, wins iff their XOR is 0.
//! (The script gives the same values, `grundy values
//! script:examples/games/cf768e.lua --to 60`, in seconds rather than
//! milliseconds: each of its calls builds Lua tables.)
//!
//! Input: `n`, then `n` piles. Output: `YES` if Jon wins, else `NO`.
//! Time: the 61 values (about 25,000 positions) and one pass over the
//! input.

mod judge_io;

use grundy::game::Game;
use grundy::solve::MemoSolver;
use grundy::Nimber;
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

/// Largest pile of the problem's constraints (an amount is a bit of a
/// `u64`, so at most 62 would do).
const MAX_PILE: u64 = 60;

/// A pile: (stones left, bit `k` set when `k` was taken).
type Pile = (u64, u64);

/// The rules of Codeforces 768E on one pile.
#[derive(Clone, Copy, Debug)]
struct GameOfStones;

impl Game for GameOfStones {
    type Position = Pile;

    fn options(&self, &(s, used): &Pile, f: &mut dyn FnMut(&[Pile])) {
        for k in 1..=s {
            if used & (1 << k) == 0 {
                let left = s - k;
                // Keep the amounts 1..=left, the only ones a later move
                // could repeat.
                let keep = (1u64 << (left + 1)) - 2;
                f(&[(left, (used | (1 << k)) & keep)]);
            }
        }
    }

    fn format_position(&self, &(s, used): &Pile) -> String {
        format!("{s},{used}")
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let n = input.need("number of piles n")?;
    let mut piles = Vec::with_capacity(n.min(1 << 20) as usize);
    for _ in 0..n {
        let s = input.need("pile s")?;
        if s > MAX_PILE {
            return Err(Fail(format!(
                "pile `{s}` is larger than the problem's {MAX_PILE} stones"
            )));
        }
        piles.push(s);
    }
    let largest = piles.iter().copied().max().unwrap_or(0);
    let mut solver = MemoSolver::new(GameOfStones);
    let values = (0..=largest)
        .map(|s| solver.nim_value(&(s, 0)))
        .collect::<grundy::Result<Vec<Nimber>>>()?;
    let total: Nimber = piles.iter().map(|&s| values[s as usize]).sum();
    out.push_str(if total.is_zero() { "YES\n" } else { "NO\n" });
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
