//! POJ 1067 / HDU 1527 (Wythoff's game): for each line `a b`, print 1 if
//! the first player wins, else 0. Exact for every pair of `u64` piles
//! (`grundy::games::wythoff`), not only the judge's 10^9.
use grundy::games::wythoff;
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut out = io::BufWriter::new(io::stdout().lock());
    while let (Some(Some(a)), Some(Some(b))) = (nums.next(), nums.next()) {
        let first_wins = !wythoff::is_p_position(a, b);
        writeln!(out, "{}", u8::from(first_wins))?;
    }
    out.flush()
}
