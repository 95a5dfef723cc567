//! POJ 3710 "Christmas Game": Green Hackenbush on rooted trees carrying
//! pendant polygons. Each tree is a Hackenbush graph grounded at node 1;
//! its value comes from the fusion principle (an odd cycle is one edge, an
//! even cycle nothing) and the colon principle; the trees form a sum, so
//! Sally (who moves first) wins iff the XOR of their values is not 0.
//!
//! Input: test cases until end of input: N (the number of trees), then per
//! tree `m k` (nodes 1..m, k edges) and k lines `a b`. Output: `Sally` or
//! `Harry` per case. The library handles any graph (repeated edges, loops,
//! cycles sharing vertices), not only the shapes the statement promises.

use grundy::games::hackenbush::Hackenbush;
use grundy::Nimber;
use std::error::Error;
use std::io::{self, Read, Write};

pub fn main() -> Result<(), Box<dyn Error>> {
    let mut input = Vec::new();
    io::stdin().lock().read_to_end(&mut input)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    solve(&input, &mut out)?;
    out.flush()?;
    Ok(())
}

pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Box<dyn Error>> {
    let mut words = input
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty());
    let mut next = || -> Result<Option<u32>, Box<dyn Error>> {
        match words.next() {
            None => Ok(None),
            Some(w) => Ok(Some(std::str::from_utf8(w)?.parse()?)),
        }
    };
    while let Some(trees) = next()? {
        let mut total = Nimber::ZERO;
        for _ in 0..trees {
            let m = next()?.ok_or("input ends inside a tree")?;
            let k = next()?.ok_or("input ends inside a tree")?;
            let mut edges = Vec::with_capacity(k as usize);
            for _ in 0..k {
                let a = next()?.ok_or("input ends inside a tree")?;
                let b = next()?.ok_or("input ends inside a tree")?;
                let node = |x: u32| x.checked_sub(1).ok_or("nodes are numbered from 1");
                edges.push((node(a)?, node(b)?));
            }
            total += Hackenbush::new(m as usize, 0, &edges)?.nim_value();
        }
        writeln!(out, "{}", if total.is_zero() { "Harry" } else { "Sally" })?;
    }
    Ok(())
}
