//! HDU 2516 "取石子游戏": Fibonacci Nim. One pile of `n` stones; the first
//! move takes 1..n-1, each later move at most twice the previous take;
//! whoever takes the last stone wins.
//!
//! The `fibnim` family answers any `u64` heap from its Zeckendorf form: the
//! first player loses exactly when `n` is a Fibonacci number.
//!
//! Input: one `n` per line, ended by `0`. Output: `Second win` or `First win`.

mod judge_io;

use grundy::spec::{parse, AnalyzeOptions};
use grundy::strategy::Outcome;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut game = parse("fibnim")?;
    while let Some(n) = input.next("the pile n")? {
        if n == 0 {
            break;
        }
        let a = game.analyze(&[n.to_string()], &AnalyzeOptions::default())?;
        out.push_str(match a.outcome {
            Outcome::P => "Second win\n",
            _ => "First win\n",
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
