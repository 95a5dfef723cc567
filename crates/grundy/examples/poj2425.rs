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

use grundy::games::graph::{GameGraph, Vertex};
use grundy::strategy::Outcome;
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
    while let Some(n) = next()? {
        if n == 0 {
            break;
        }
        let mut edges = Vec::new();
        for u in 0..n {
            let moves = next()?.ok_or("input ends inside a graph")?;
            for _ in 0..moves {
                edges.push((u, next()?.ok_or("input ends inside a graph")?));
            }
        }
        let graph = GameGraph::from_edges(n as usize, &edges)?;
        let values = graph.values();
        let mut tokens = Vec::new();
        while let Some(m) = next()? {
            if m == 0 {
                break;
            }
            tokens.clear();
            for _ in 0..m {
                tokens.push(Vertex::new(next()?.ok_or("input ends inside a query")?));
            }
            let win = values.analyze(&tokens)?.outcome == Outcome::N;
            writeln!(out, "{}", if win { "WIN" } else { "LOSE" })?;
        }
    }
    Ok(())
}
