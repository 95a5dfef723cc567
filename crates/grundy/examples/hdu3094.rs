//! HDU 3094 "A tree game": Green Hackenbush on a rooted tree (root 1): a move
//! cuts an edge, and whatever no longer hangs from the root falls; who
//! cannot cut loses.
//!
//! [`Hackenbush::nim_value`] (colon principle on trees, linear time): Alice,
//! who moves first, wins iff the value is not 0.
//!
//! Input: `T`, then per tree `N` and `N-1` edges `I J`. Output: `Alice` or
//! `Bob`.

mod judge_io;

use grundy::games::hackenbush::Hackenbush;
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let trees = input.need("the number of trees T")?;
    for _ in 0..trees {
        let n = input.need("the number of nodes N")?;
        let mut edges = Vec::new();
        for _ in 1..n {
            let (i, j) = (input.need("a node I")?, input.need("a node J")?);
            if i == 0 || j == 0 || i > n || j > n {
                return Err(Fail(format!(
                    "the edge `{i} {j}` names a node outside 1..{n}"
                )));
            }
            edges.push((i as u32 - 1, j as u32 - 1));
        }
        let tree = Hackenbush::new(n.max(1) as usize, 0, &edges)?;
        out.push_str(if tree.nim_value().is_zero() {
            "Bob\n"
        } else {
            "Alice\n"
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
