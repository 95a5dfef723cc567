//! HDU 1730 "Northcott Game": each row holds one piece of each player; a
//! piece moves along its row without jumping the other. The gap between
//! the two pieces is a Nim heap (moving away is reversible: the opponent
//! closes the gap again), so the first player wins iff the XOR of the gaps
//! is not 0. Cases until EOF: `n m`, then n lines `T J`; "I WIN!" or
//! "BAD LUCK!".
use grundy::games::Nim;
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut next = move || nums.next().flatten();
    let mut out = io::BufWriter::new(io::stdout().lock());
    while let (Some(n), Some(_m)) = (next(), next()) {
        let gaps: Option<Vec<u64>> = (0..n)
            .map(|_| Some(next()?.abs_diff(next()?).saturating_sub(1)))
            .collect();
        let Some(gaps) = gaps else { break };
        let tom = !Nim::value(&gaps).is_zero();
        writeln!(out, "{}", if tom { "I WIN!" } else { "BAD LUCK!" })?;
    }
    out.flush()
}
