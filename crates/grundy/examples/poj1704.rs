//! POJ 1704 "Georgia and Bob": chessmen on a row move left without
//! jumping; the gaps read from the right are a staircase Nim position
//! (`grundy::games::staircase`). "Georgia will win" if the first player
//! wins, else "Bob will win".
use grundy::games::staircase::Staircase;
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut next = move || nums.next().flatten();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let cases = next().unwrap_or(0);
    for _ in 0..cases {
        let Some(n) = next() else { break };
        let cells: Option<Vec<u64>> = (0..n).map(|_| next()).collect();
        let Some(cells) = cells else { break };
        let line = match Staircase::from_row(&cells) {
            Ok(steps) if !Staircase::value(&steps).is_zero() => "Georgia will win",
            Ok(_) => "Bob will win",
            Err(_) => "Not sure",
        };
        writeln!(out, "{line}")?;
    }
    out.flush()
}
