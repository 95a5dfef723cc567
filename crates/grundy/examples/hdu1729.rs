//! HDU 1729 "Stone Game": boxes of capacity s holding c stones; a move adds
//! 1..=c² stones to one box without overfilling. Cases: N, then N lines
//! `s c`, until N = 0; prints "Case k:" and "Yes" if the first player wins,
//! else "No". Nim-values by the closed form of `grundy::games::square_box`.
use grundy::{games::square_box::SquareBox, Nimber};
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().ok());
    let mut next = move || nums.next().flatten();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut case = 0;
    while let Some(n) = next() {
        if n == 0 {
            break;
        }
        case += 1;
        let mut total = Nimber::ZERO;
        for _ in 0..n {
            let (Some(s), Some(c)) = (next(), next()) else {
                break;
            };
            // An overfull box (c > s) cannot move: value 0.
            total += SquareBox::nim_value(s, c).unwrap_or(Nimber::ZERO);
        }
        writeln!(out, "Case {case}:")?;
        writeln!(out, "{}", if total.is_zero() { "No" } else { "Yes" })?;
    }
    out.flush()
}
