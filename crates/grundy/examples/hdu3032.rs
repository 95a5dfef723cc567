//! HDU 3032 "Nim or not Nim?": Lasker's Nim (take any number of tokens
//! from a heap, or split a heap into two non-empty heaps). Alice moves
//! first; print the winner of each case.
//!
//! Built on the library: the `lasker` game (`4.3r`) and [`HeapValues`],
//! which answers heaps up to 2^31 − 1 from the proven closed form (period
//! 4, saltus 4, checked against the computed values). Input: T, then per
//! case N and N heap sizes. Time O(total heaps); memory O(1) beyond the
//! input buffer.

use grundy::games::TakeBreak;
use grundy::solve::HeapValues;
use std::io::{self, BufWriter, Read, Write};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut numbers = input.split_ascii_whitespace().map(str::parse::<u64>);
    let mut next = move || -> Result<u64, Box<dyn std::error::Error>> {
        Ok(numbers.next().ok_or("unexpected end of input")??)
    };
    let lasker = TakeBreak::named("lasker").ok_or("the library has no `lasker`")?;
    let mut values = HeapValues::new(lasker);
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..next()? {
        let mut total = 0;
        for _ in 0..next()? {
            total ^= values.value(next()?)?.value();
        }
        writeln!(out, "{}", if total != 0 { "Alice" } else { "Bob" })?;
    }
    out.flush()?;
    Ok(())
}
