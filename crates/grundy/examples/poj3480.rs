//! POJ 3480 "John" (misère Nim): T cases of N heaps; "John" if the first
//! player wins when whoever eats the last M&M loses, else "Brother".
use grundy::{games::Nim, strategy::Outcome};
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
        let heaps: Option<Vec<u64>> = (0..n).map(|_| next()).collect();
        let Some(heaps) = heaps else { break };
        let (outcome, _) = Nim::misere_analysis(&heaps);
        writeln!(
            out,
            "{}",
            if outcome == Outcome::N {
                "John"
            } else {
                "Brother"
            }
        )?;
    }
    out.flush()
}
