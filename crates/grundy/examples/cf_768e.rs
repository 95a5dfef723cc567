//! Codeforces 768E "Game of Stones": n piles; a move takes any k ≥ 1
//! stones from one pile, but the same k may be taken from one pile at
//! most once in the game. Sam moves first; who cannot move loses.
//!
//! The game is the script `examples/games/cf768e.lua` (a pile and the
//! amounts already taken from it, `start(s)` = a pile of `s` with nothing
//! taken), loaded through [`grundy::spec::parse_with`]: the library's
//! memoizing search gives `G(start(s))` for the piles of the input (at
//! most 60 stones, so 61 values, computed once), and Jon, second, wins
//! iff their XOR is 0.
//!
//! Input: `n`, then `n` piles. Output: `YES` if Jon wins, else `NO`.
//! Time: the 61 values (about 0.1 s in release) and one pass over the
//! input; 10^6 piles take about 0.15 s in all.

mod judge_io;

use grundy::spec::{parse_with, SpecFiles};
use grundy::Nimber;
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

/// The game's rules, as the `grundy` command reads them.
const SCRIPT: &str = include_str!("../../../examples/games/cf768e.lua");

/// Largest pile of the problem's constraints.
const MAX_PILE: u64 = 60;

/// The one file the spec names: the script above.
struct Embedded;

impl SpecFiles for Embedded {
    fn read(&self, _spec: &str, _path: &str) -> grundy::Result<String> {
        Ok(SCRIPT.to_string())
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
    let mut game = parse_with("script:cf768e.lua", &Embedded)?;
    // G(start(s)) for s in 0..=largest.
    let values = game.values(0, largest)?;
    let total: Nimber = piles.iter().map(|&s| values[s as usize]).sum();
    out.push_str(if total.is_zero() { "YES\n" } else { "NO\n" });
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
