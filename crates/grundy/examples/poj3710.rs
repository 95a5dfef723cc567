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

mod judge_io;

use grundy::games::hackenbush::Hackenbush;
use grundy::Nimber;
use judge_io::{Fail, Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

/// A node `1..=m` of the input as a 0-based vertex.
fn node(n: u64) -> Result<u32> {
    n.checked_sub(1)
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| Fail(format!("node `{n}` is not a number from 1 to 2^32")))
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(trees) = input.next("the number of trees N")? {
        let mut total = Nimber::ZERO;
        for _ in 0..trees {
            let m = input.need("the number of nodes m")?;
            let k = input.need("the number of edges k")?;
            let mut edges = Vec::new();
            for _ in 0..k {
                let a = node(input.need("a node")?)?;
                let b = node(input.need("a node")?)?;
                edges.push((a, b));
            }
            let m = usize::try_from(m).map_err(|_| Fail(format!("`{m}` nodes are too many")))?;
            total += Hackenbush::new(m, 0, &edges)?.nim_value();
        }
        writeln!(out, "{}", if total.is_zero() { "Harry" } else { "Sally" })?;
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
