//! POJ 2068 "Nim" (a team game): one heap of S stones; 2n players sit
//! around the table, the teams alternating; player i may take 1..M_i
//! stones, and whoever takes the last stone loses. Lines `n S M_1..M_2n`
//! until `0`; 1 if the first team has a winning strategy, else 0.
//!
//! A position is (stones left, seat to move). Both teams face the same
//! moves from a position, so it is an impartial game in misère play: it is
//! solved with the library's generic misère search.
use grundy::{solve::MisereSolver, strategy::Outcome, Game};
use std::io::{self, Read, Write};

/// The team game: position (stones, seat); seat i takes 1..=limits[i].
struct TeamNim {
    limits: Vec<u64>,
}

impl Game for TeamNim {
    type Position = (u64, usize);

    fn options(&self, &(stones, seat): &(u64, usize), f: &mut dyn FnMut(&[(u64, usize)])) {
        let next = (seat + 1) % self.limits.len();
        for take in 1..=self.limits[seat].min(stones) {
            f(&[(stones - take, next)]);
        }
    }
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut next = move || nums.next().flatten();
    let mut out = io::BufWriter::new(io::stdout().lock());
    while let Some(n) = next() {
        if n == 0 {
            break;
        }
        let Some(stones) = next() else { break };
        let limits: Option<Vec<u64>> = (0..2 * n).map(|_| next()).collect();
        let Some(limits) = limits else { break };
        let mut solver = MisereSolver::new(TeamNim { limits });
        let answer = match solver.outcome(&[(stones, 0)]) {
            Ok(Outcome::N) => "1",
            Ok(_) => "0",
            Err(e) => {
                eprintln!("error: {e}");
                break;
            }
        };
        writeln!(out, "{answer}")?;
    }
    out.flush()
}
