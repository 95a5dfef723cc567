//! HDU 2147 "kiki's game": a coin in the top-right corner of an n x m
//! board moves left, down or diagonally left-down; who cannot move loses.
//! Lines `n m` until `0 0`; "Wonderful!" if the first player wins, else
//! "What a pity!".
//!
//! Rule: with x = n-1 and y = m-1 moves left in each direction, the
//! position is P iff x and y are both even (moving the coin back to even
//! coordinates always answers). Tested against the generic solver in
//! `tests/closed_form_examples.rs`.
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut out = io::BufWriter::new(io::stdout().lock());
    while let (Some(Some(n)), Some(Some(m))) = (nums.next(), nums.next()) {
        if n == 0 && m == 0 {
            break;
        }
        let p = n % 2 == 1 && m % 2 == 1;
        writeln!(out, "{}", if p { "What a pity!" } else { "Wonderful!" })?;
    }
    out.flush()
}
