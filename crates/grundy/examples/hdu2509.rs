//! HDU 2509 "Be the Winner": groups of apples in a line; a move takes any
//! run of consecutive apples from one group (possibly splitting it), and
//! whoever takes the last apple loses. Until EOF: n, then n group sizes;
//! "Yes" if the first player wins, else "No".
//!
//! The take-a-run game has `G(n) = n` (every smaller single group and only
//! values below n are reachable), and it is tame, so its misère sums follow
//! misère Nim's rule (tested against the generic misère search in
//! `tests/closed_form_examples.rs`).
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
    while let Some(n) = next() {
        let groups: Option<Vec<u64>> = (0..n).map(|_| next()).collect();
        let Some(groups) = groups else { break };
        let (outcome, _) = Nim::misere_analysis(&groups);
        writeln!(out, "{}", if outcome == Outcome::N { "Yes" } else { "No" })?;
    }
    out.flush()
}
