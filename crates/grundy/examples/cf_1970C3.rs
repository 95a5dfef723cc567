//! Codeforces 1970C3 "Game on Tree (Hard)": a stone starts on a node of a
//! tree (activated); a move takes it to an inactive neighbour, activating
//! it; Ron moves first and whoever cannot move loses; `t` rounds from
//! different start nodes. This is undirected vertex geography
//! ([`Geography`]): the player to move wins iff the start node is in every
//! maximum matching. One matching of the tree (greedy from the leaves)
//! and one alternating search decide every start node at once, O(n).
//!
//! Input: `n t`, `n - 1` edges `u v`, then `t` start nodes.
//! Output: `Ron` or `Hermione` per start node.

// The file is named as the problem (`cf_1970C3`) for the judges harness.
#![allow(non_snake_case)]

mod judge_io;

use grundy::games::graph::Vertex;
use grundy::spec::Geography;
use judge_io::{Fail, Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

/// The most nodes a tree may have (the constraints say 2·10^5).
const MAX_NODES: u64 = 10_000_000;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let n = input.need("the number of nodes n")?;
    let t = input.need("the number of rounds t")?;
    if n == 0 || n > MAX_NODES {
        return Err(Fail(format!("n = {n}: 1 to {MAX_NODES} nodes")));
    }
    let node = |x: u64| -> Result<u32> {
        if x == 0 || x > n {
            return Err(Fail(format!("node {x} is not in 1..{n}")));
        }
        Ok(x as u32 - 1)
    };
    let mut edges = Vec::with_capacity(n as usize - 1);
    for _ in 1..n {
        let u = node(input.need("an edge's first node")?)?;
        let v = node(input.need("an edge's second node")?)?;
        edges.push((u, v));
    }
    let game = Geography::from_edges(n as usize, &edges)?;
    for _ in 0..t {
        let start = node(input.need("a start node")?)?;
        let winner = if game.first_player_wins(Vertex::new(start)) {
            "Ron"
        } else {
            "Hermione"
        };
        writeln!(out, "{winner}")?;
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
