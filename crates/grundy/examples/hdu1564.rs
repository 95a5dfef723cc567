//! HDU 1564 "Play a game": an n x n board, a stone in a corner, moves to an
//! unvisited orthogonal neighbour; who cannot move loses. One n per line
//! until 0; "8600" (first player) or "ailyanlu" wins.
//!
//! Rule: the first player wins iff n is even — tile the board with dominoes
//! and always move to the other cell of the current domino; with n odd,
//! tile everything but the starting corner and the second player does it.
//! Tested against the generic solver for small boards in
//! `tests/closed_form_examples.rs`.
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
        writeln!(out, "{}", if n % 2 == 0 { "8600" } else { "ailyanlu" })?;
    }
    out.flush()
}
