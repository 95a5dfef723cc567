#![allow(non_snake_case)] // the crate is named after the problem id
//! Codeforces 2004E "Not a Nim Problem": piles of stones; a move takes
//! `y ≥ 1` stones from a pile of `x` where `gcd(x, y) = 1`. Alice moves
//! first; who cannot move loses. Piles reach 10^7.
//!
//! Found as a contestant finds it ("打表找规律"), without writing the
//! rule by hand: the rules below as a [`HeapGame`], its table up to
//! [`TABLE`] by [`HeapValues`] (every option listed: O(TABLE²)), the
//! number-theoretic rules of that table found by
//! [`NumberRules::find`] (the ones `grundy pattern` states: `G(n) =
//! π(spf(n))` on odd `n ≥ 3`, `G(n) = G(spf(n))` on composites), and
//! those rules evaluated by one sieve up to the largest pile
//! ([`NumberRules::values`]). The rules are evidence, not a proof: the
//! library checks them on the whole table and refuses a pile no rule
//! covers.
//!
//! Input: `t`; per test `n`, then `a_1 .. a_n`. Output per test: `Alice`
//! if the first player wins, else `Bob`. Time: O(max a · log log max a)
//! for the sieve, O(Σ n) for the answers; memory: 16 bytes a heap up to
//! the largest pile, and the input.

mod judge_io;

use grundy::analysis::pattern::NumberRules;
use grundy::solve::HeapValues;
use grundy::{Game, HeapGame};
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

/// The table the rules are found in (the library asks for 32 terms of a
/// class at least; this has hundreds).
const TABLE: u64 = 1000;

/// Take `y` from `x` with `gcd(x, y) = 1`.
struct CoprimeTake;

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Game for CoprimeTake {
    type Position = u64;

    fn options(&self, &x: &u64, f: &mut dyn FnMut(&[u64])) {
        for y in (1..=x).filter(|&y| gcd(x, y) == 1) {
            f(&[x - y]);
        }
    }
}

impl HeapGame for CoprimeTake {
    fn spec(&self) -> String {
        "coprime-take".into()
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let tests = input.need("the number of tests t")?;
    let mut piles = Vec::new();
    for _ in 0..tests {
        let n = input.need("the number of piles n")?;
        piles.push(input.many(n, "a pile a_i")?);
    }
    let table: Vec<u64> = HeapValues::new(CoprimeTake)
        .values(0, TABLE)?
        .iter()
        .map(|v| v.value())
        .collect();
    let rules = NumberRules::find(&table);
    if rules.is_empty() {
        return Err(Fail(format!("no rule found in the first {TABLE} values")));
    }
    let max = piles.iter().flatten().copied().max().unwrap_or(0);
    let values = rules.values(max.max(TABLE))?;
    for test in piles {
        let total = test.iter().fold(0, |t, &a| t ^ values[a as usize]);
        out.push_str(if total == 0 { "Bob\n" } else { "Alice\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
