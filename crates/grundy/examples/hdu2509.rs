//! HDU 2509 "Be the Winner": groups of apples in a line; a move takes any
//! run of consecutive apples from one group (possibly splitting it), and
//! whoever takes the last apple loses. Until EOF: n, then n group sizes;
//! "Yes" if the first player wins, else "No".
//!
//! The take-a-run game has `G(n) = n` (every smaller single group is an
//! option, and a split into a + b < n has value a ⊕ b < n), and its misère
//! sums follow misère Nim's rule ([`Nim::misere_outcome`]) — checked
//! against the generic misère search of the game itself in
//! `tests/closed_form_examples.rs` (the problem file has no sample).

mod judge_io;

use grundy::games::Nim;
use grundy::strategy::Outcome;
use judge_io::{Input, Result};
use std::process::ExitCode;

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    while let Some(n) = input.next("the number of groups n")? {
        let groups = input.many(n, "a group size")?;
        let first_wins = Nim::misere_outcome(&groups) == Outcome::N;
        out.push_str(if first_wins { "Yes\n" } else { "No\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
