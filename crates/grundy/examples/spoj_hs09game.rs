//! SPOJ HS09GAME "Strategy game": the subtraction game {2, 3, 5} on n heaps.
//! Prints the winner and, when Julia (first) wins, the winning move that
//! takes the most sticks, ties broken by the smallest heap number; a blank
//! line after each case. Values come from the proven period of `sub:2,3,5`
//! (`HeapValues`), the moves from `strategy::analyze`.
use grundy::{games::Subtraction, solve::HeapValues, strategy::analyze};
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut next = move || nums.next().flatten();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let Ok(game) = Subtraction::finite(&[2, 3, 5]) else {
        return Ok(());
    };
    let mut values = HeapValues::new(&game);
    let cases = next().unwrap_or(0);
    for _ in 0..cases {
        let Some(n) = next() else { break };
        let heaps: Option<Vec<u64>> = (0..n).map(|_| next()).collect();
        let Some(heaps) = heaps else { break };
        let analysis = match analyze(&game, &mut values, &heaps) {
            Ok(a) => a,
            Err(e) => {
                eprintln!("error: {e}");
                break;
            }
        };
        // Most sticks taken first, then the smallest heap number.
        let best = analysis
            .winning_moves
            .iter()
            .map(|m| (m.from - m.to.iter().sum::<u64>(), m.component))
            .min_by_key(|&(take, heap)| (std::cmp::Reverse(take), heap));
        match best {
            Some((take, heap)) => {
                writeln!(out, "Julia wins.")?;
                writeln!(out, "Take {take} sticks from heap number {}.", heap + 1)?;
            }
            None => writeln!(out, "Robert wins.")?,
        }
        writeln!(out)?;
    }
    out.flush()
}
