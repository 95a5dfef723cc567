//! HDU 3389 "Game" (boxes and cards): boxes `1..n` hold cards; a move
//! takes any positive number of cards from a box `A` to a box `B < A` with
//! `A + B` odd and divisible by 3. Staircase Nim on the graph of those
//! moves ([`GraphStaircase`]): every box's paths to a box with no move
//! have one parity, and the value is the XOR of the cards in the boxes at
//! odd distance.
//!
//! The graph of boxes `1..N` (N the largest `n` of the input) is built and
//! solved once; a case with `n` boxes uses its first `n` (a box moves only
//! to smaller ones, so their parities are the same in the smaller graph).
//!
//! Input: `T`, then per case `n` and `n` card counts (box 1 first).
//! Output: `Case k: Alice` (the first player wins) or `Case k: Bob`.

mod judge_io;

use grundy::games::graph::{GameGraph, Vertex};
use grundy::spec::GraphStaircase;
use judge_io::{Fail, Input, Result};
use std::fmt::Write;
use std::process::ExitCode;

/// The most boxes a case may have (the constraints say 10^4).
const MAX_BOXES: u64 = 1_000_000;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let t = input.need("the number of cases T")?;
    let mut cases = Vec::new();
    for _ in 0..t {
        let n = input.need("the number of boxes n")?;
        if n > MAX_BOXES {
            return Err(Fail(format!("n = {n}: at most {MAX_BOXES} boxes")));
        }
        cases.push(input.many(n, "a card count")?);
    }
    let most = cases.iter().map(Vec::len).max().unwrap_or(0) as u32;
    // Vertex b is box b (vertex 0 is no box and holds no card).
    let mut edges = Vec::new();
    for a in 1..=most {
        // B < A with A + B odd and a multiple of 3: A + B ≡ 3 (mod 6).
        let mut b = (9 - a % 6) % 6;
        while b < a {
            if b > 0 {
                edges.push((a, b));
            }
            b += 6;
        }
    }
    let graph = GameGraph::from_edges(most as usize + 1, &edges)?;
    drop(edges);
    let staircase = GraphStaircase::new(&graph)?;
    for (k, cards) in cases.iter().enumerate() {
        let tokens: Vec<(Vertex, u64)> = cards
            .iter()
            .enumerate()
            .map(|(i, &c)| (Vertex::new(i as u32 + 1), c))
            .collect();
        let winner = if staircase.value(&tokens)?.is_zero() {
            "Bob"
        } else {
            "Alice"
        };
        writeln!(out, "Case {}: {winner}", k + 1)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
