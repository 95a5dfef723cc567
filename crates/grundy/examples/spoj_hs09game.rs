//! SPOJ HS09GAME "Strategy game": the subtraction game {2, 3, 5} on n heaps.
//! Prints the winner and, when Julia (first) wins, the winning move that
//! takes the most sticks, ties broken by the smallest heap number; a blank
//! line after each case. Values come from the proven period of `sub:2,3,5`
//! ([`HeapValues`]), every winning move from [`analyze`].

mod judge_io;

use grundy::games::Subtraction;
use grundy::solve::HeapValues;
use grundy::strategy::analyze;
use judge_io::{Input, Result};
use std::cmp::Reverse;
use std::fmt::Write;
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let game = Subtraction::finite(&[2, 3, 5])?;
    let mut values = HeapValues::new(&game);
    let cases = input.need("the number of tests T")?;
    for _ in 0..cases {
        let n = input.need("the number of heaps n")?;
        let heaps = input.many(n, "a heap size")?;
        let analysis = analyze(&game, &mut values, &heaps)?;
        // Most sticks taken first, then the smallest heap number.
        let best = analysis
            .winning_moves
            .iter()
            .map(|m| (m.from - m.to.iter().sum::<u64>(), m.component))
            .min_by_key(|&(take, heap)| (Reverse(take), heap));
        match best {
            Some((take, heap)) => {
                writeln!(out, "Julia wins.")?;
                writeln!(out, "Take {take} sticks from heap number {}.", heap + 1)?;
            }
            None => writeln!(out, "Robert wins.")?,
        }
        writeln!(out)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
