//! HDU 2188 (choosing volunteers): players alternately donate 1..m; whoever
//! brings the total to n wins. First line C, then C lines `n m`; "Grass" if
//! the first player wins, else "Rabbit".
//!
//! It is Bachet's game `bash:m` on a heap of n (`G(n) = n mod (m+1)`,
//! proven in `grundy::games::subtraction`).
use grundy::{games::Subtraction, solve::HeapValues};
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
        let (Some(n), Some(m)) = (next(), next()) else {
            break;
        };
        // m = 0 allows no move at all: the first player loses.
        let grass = Subtraction::bash(m)
            .and_then(|g| HeapValues::new(g).value(n))
            .is_ok_and(|v| !v.is_zero());
        writeln!(out, "{}", if grass { "Grass" } else { "Rabbit" })?;
    }
    out.flush()
}
