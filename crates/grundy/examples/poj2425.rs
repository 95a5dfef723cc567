//! POJ 2425 "A Chess Game" (also HDU 1524): chessmen on a directed acyclic
//! graph, several may share a vertex; a move slides one along an edge. The
//! position is a sum of one-token games: WIN iff the XOR of the tokens'
//! Sprague–Grundy values is not 0.
//!
//! Input: test cases until end of input (or a case with N = 0): N, then N
//! lines `X t1 … tX` (the moves from vertex i = 0..N-1), then queries
//! `M p1 … pM`, ended by a line `0`. Output: `WIN` or `LOSE` per query.
//! The graph is solved once per case in linear time; each query is a
//! lookup of its tokens.

mod judge_io;

use grundy::games::graph::{GameGraph, Vertex};
use grundy::strategy::Outcome;
use judge_io::{Fail, Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

/// A vertex number as the library takes it.
fn vertex(n: u64, what: &str) -> Result<u32> {
    u32::try_from(n).map_err(|_| Fail(format!("{what} `{n}` is too large")))
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the number of vertices N")? {
        if n == 0 {
            break;
        }
        let n = vertex(n, "the number of vertices")?;
        let mut edges = Vec::new();
        for u in 0..n {
            let moves = input.need("a number of moves")?;
            for _ in 0..moves {
                edges.push((u, vertex(input.need("a vertex")?, "a vertex")?));
            }
        }
        let graph = GameGraph::from_edges(n as usize, &edges)?;
        let values = graph.values();
        let mut tokens = Vec::new();
        while let Some(m) = input.next("a number of chessmen M")? {
            if m == 0 {
                break;
            }
            tokens.clear();
            for _ in 0..m {
                tokens.push(Vertex::new(vertex(input.need("a vertex")?, "a vertex")?));
            }
            let win = values.analyze(&tokens)?.outcome == Outcome::N;
            writeln!(out, "{}", if win { "WIN" } else { "LOSE" })?;
        }
    }
    Ok(())
}

pub fn main() -> ExitCode {
    judge_io::main(solve)
}
