//! HDU 1404 "Digital Deletions": a string of at most 6 digits; a move
//! lowers one digit, or erases a `0` and every digit right of it; who
//! removes the last digit wins.
//!
//! The strings are the positions of a game (the empty string ends it:
//! normal play); [`MemoSolver`] searches them. Leading zeros count, so a
//! position is the digits themselves, not a number.
//!
//! Input: one string per line to the end. Output: `Yes` if the first player
//! wins, else `No`.

mod judge_io;

use grundy::{solve::MemoSolver, Game};
use judge_io::{Fail, Input, Result};
use std::process::ExitCode;

struct Digits;

impl Game for Digits {
    type Position = Vec<u8>;

    fn options(&self, s: &Vec<u8>, f: &mut dyn FnMut(&[Vec<u8>])) {
        for i in 0..s.len() {
            if s[i] == 0 {
                f(&[s[..i].to_vec()]);
            }
            for lower in 0..s[i] {
                let mut t = s.clone();
                t[i] = lower;
                f(&[t]);
            }
        }
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let mut solver = MemoSolver::new(Digits);
    while let Some(word) = input.word() {
        if word.is_empty() || word.len() > 6 || !word.iter().all(u8::is_ascii_digit) {
            let text = String::from_utf8_lossy(word);
            return Err(Fail(format!("`{text}` is not a string of 1 to 6 digits")));
        }
        let digits: Vec<u8> = word.iter().map(|b| b - b'0').collect();
        let wins = !solver.nim_value(&digits)?.is_zero();
        out.push_str(if wins { "Yes\n" } else { "No\n" });
    }
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
