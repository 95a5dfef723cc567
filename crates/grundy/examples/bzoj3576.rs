//! BZOJ 3576 / Luogu P3235 "江南乐" (HNOI 2014): heaps of stones and a
//! number `F`; a move splits a heap of at least `F` stones into `M ≥ 2`
//! heaps as equal as possible. Who cannot move loses; the first player
//! is 小A's opponent (answer 1 when the first player wins).
//!
//! Splitting `x` into `M` parts makes `r = x mod M` heaps of `q + 1` and
//! `M − r` of `q` (`q = x / M`); equal heaps cancel in pairs, so the
//! option is worth `G(q + 1)` when `r` is odd, xor `G(q)` when `M − r` is.
//! For the `M` of one `q` (a block, 数论分块) `r` falls by `q` and `M − r`
//! rises by `q + 1` at each step, so both parities repeat with period 2:
//! the block's first two `M` give all its options. The rules below list
//! those, O(√x) options for a heap of `x` (the script
//! `examples/games/bzoj3576.lua` lists every `M`, as parts with counts);
//! [`HeapValues`] computes the table up to the largest heap once for all
//! cases.
//!
//! Input: `T F`, then `T` lines `N a_1 .. a_N`. Output: one line of `T`
//! answers separated by spaces. Time: O(max a · √max a); memory: O(max a).

mod judge_io;

use grundy::solve::HeapValues;
use grundy::{Game, HeapGame};
use judge_io::{Input, Result};
use std::process::ExitCode;

/// Split a heap of at least `f` into near-equal parts.
struct Split {
    f: u64,
}

impl Game for Split {
    type Position = u64;

    fn options(&self, &x: &u64, emit: &mut dyn FnMut(&[u64])) {
        if x < self.f {
            return;
        }
        let mut m = 2;
        while m <= x {
            let q = x / m;
            let last = x / q; // the last M of this q
            for m in m..=last.min(m + 1) {
                let r = x % m;
                match (r % 2 == 1, (m - r) % 2 == 1) {
                    (true, true) => emit(&[q + 1, q]),
                    (true, false) => emit(&[q + 1]),
                    (false, true) => emit(&[q]),
                    (false, false) => emit(&[]),
                }
            }
            m = last + 1;
        }
    }
}

impl HeapGame for Split {
    fn spec(&self) -> String {
        format!("split-near-equal:f={}", self.f)
    }
}

fn solve(input: &mut Input, out: &mut String) -> Result<()> {
    let cases = input.need("the number of cases T")?;
    let f = input.need("the least heap split F")?;
    let mut heaps = Vec::new();
    for _ in 0..cases {
        let n = input.need("the number of heaps N")?;
        heaps.push(input.many(n, "a heap a_i")?);
    }
    let max = heaps.iter().flatten().copied().max().unwrap_or(0);
    let values = HeapValues::new(Split { f }).values(0, max)?;
    let answers: Vec<&str> = heaps
        .iter()
        .map(|case| {
            let total = case.iter().fold(0, |t, &a| t ^ values[a as usize].value());
            if total == 0 {
                "0"
            } else {
                "1"
            }
        })
        .collect();
    out.push_str(&answers.join(" "));
    out.push('\n');
    Ok(())
}

fn main() -> ExitCode {
    judge_io::main(solve)
}
