//! ZOJ 3057 "Beans Game": three piles; take any number from one pile or
//! the same number from two. Three numbers per line until EOF; prints 1 if
//! the first player wins, else 0. (The judge's exact output format was not
//! recovered; 1/0 is what the known solutions print.)
//!
//! The P-positions come from `grundy::games::beans::BeansTable`, computed
//! once up to the largest pile in the input.
use grundy::games::beans::BeansTable;
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let nums: Vec<u64> = input
        .split_ascii_whitespace()
        .map_while(|t| t.parse::<u64>().ok())
        .collect();
    let cases: Vec<&[u64]> = nums.chunks_exact(3).collect();
    let max = nums.iter().copied().max().unwrap_or(0);
    let table = match BeansTable::new(max) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: pile `{max}`: {e}");
            std::process::exit(2);
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    for c in cases {
        writeln!(out, "{}", u8::from(!table.is_p(c[0], c[1], c[2])))?;
    }
    out.flush()
}
