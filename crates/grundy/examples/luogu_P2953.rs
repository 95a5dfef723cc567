#![allow(non_snake_case)] // the crate is named after the problem id
//! Luogu P2953 "[USACO09OPEN] Cow Digit Game": from `N`, a move subtracts
//! the largest digit of the number or its smallest non-zero digit. Who
//! cannot move (at 0) loses; Bessie moves first.
//!
//! A heap game whose moves depend on the digits: the rules below as a
//! [`HeapGame`], the values of every heap up to the largest asked by
//! [`HeapValues`] (the dense solver: one pass over `0..=max`, two options
//! each). Bessie wins iff `G(N) ≠ 0`.
//!
//! Input: `G`, then `G` numbers `N ≤ 10^6`. Output: `YES` if Bessie
//! wins, else `NO`, one line each. Time: O(max N · digits); memory:
//! O(max N).

mod judge_io;

use grundy::solve::HeapValues;
use grundy::{Game, HeapGame};
use judge_io::{Input, Result};
use std::process::ExitCode;

/// Subtract the largest or the smallest non-zero digit.
struct CowDigit;

impl Game for CowDigit {
    type Position = u64;

    fn options(&self, &n: &u64, f: &mut dyn FnMut(&[u64])) {
        let (mut largest, mut smallest) = (0, 10);
        let mut rest = n;
        while rest > 0 {
            let d = rest % 10;
            largest = largest.max(d);
            if d > 0 {
                smallest = smallest.min(d);
            }
            rest /= 10;
        }
        if n > 0 {
            f(&[n - largest]);
            if smallest != largest {
                f(&[n - smallest]);
            }
        }
    }
}

impl HeapGame for CowDigit {
    fn spec(&self) -> String {
        "cow-digit".into()
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let games = input.need("the number of games G")?;
    let numbers = input.many(games, "a number N")?;
    let max = numbers.iter().copied().max().unwrap_or(0);
    let values = HeapValues::new(CowDigit).values(0, max)?;
    for n in numbers {
        out.push_str(if values[n as usize].is_zero() {
            "NO\n"
        } else {
            "YES\n"
        });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
