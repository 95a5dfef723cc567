//! POJ 1740 "A New Stone Game": n piles; a move removes stones from one
//! pile and may hand some of the rest of that pile to other non-empty
//! piles. Cases `n` then n sizes, until n = 0; 1 if the first player wins,
//! else 0.
//!
//! Rule: the second player wins iff the piles pair up (every size occurs
//! an even number of times) — from a paired position every move breaks the
//! pairing, and from an unpaired one the largest pile can restore it.
//! Tested against the generic solver in `tests/closed_form_examples.rs`.
use std::collections::HashMap;
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut next = move || nums.next().flatten();
    let mut out = io::BufWriter::new(io::stdout().lock());
    while let Some(n) = next() {
        if n == 0 {
            break;
        }
        let piles: Option<Vec<u64>> = (0..n).map(|_| next()).collect();
        let Some(piles) = piles else { break };
        let mut count: HashMap<u64, u64> = HashMap::new();
        for p in piles {
            *count.entry(p).or_default() += 1;
        }
        let paired = count.values().all(|c| c % 2 == 0);
        writeln!(out, "{}", u8::from(!paired))?;
    }
    out.flush()
}
