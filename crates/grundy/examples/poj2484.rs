//! POJ 2484 "A Funny Game": n coins in a circle; a move removes one coin or
//! two adjacent ones. One n per line until 0; "Alice" if the first player
//! wins, else "Bob".
//!
//! Rule: Alice wins iff n <= 2. For n >= 3 her move leaves a row of n-1 or
//! n-2 coins, and Bob takes the middle one or two, leaving two equal rows
//! that he mirrors. Tested against the generic solver on the circle-and-rows
//! game in `tests/closed_form_examples.rs`.
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for n in input
        .split_ascii_whitespace()
        .map_while(|t| t.parse::<u64>().ok())
    {
        if n == 0 {
            break;
        }
        writeln!(out, "{}", if n <= 2 { "Alice" } else { "Bob" })?;
    }
    out.flush()
}
