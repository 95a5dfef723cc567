//! POJ 2348 "Euclid's Game": lines `a b` until `0 0`; "Stan wins" if the
//! first player wins, else "Ollie wins" (`grundy::games::euclid`).
use grundy::games::euclid;
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut out = io::BufWriter::new(io::stdout().lock());
    while let (Some(Some(a)), Some(Some(b))) = (nums.next(), nums.next()) {
        if a == 0 && b == 0 {
            break;
        }
        let stan = euclid::first_player_wins(a, b);
        writeln!(out, "{}", if stan { "Stan wins" } else { "Ollie wins" })?;
    }
    out.flush()
}
