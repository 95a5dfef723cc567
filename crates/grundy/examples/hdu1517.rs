//! HDU 1517 "A Multiplication Game": one n per line until EOF; p starts at
//! 1 and players multiply it by 2..9; whoever reaches p >= n wins.
//! "Stan wins." if the first player wins, else "Ollie wins."
//! (`grundy::games::multiplication`).
use grundy::games::multiplication::Multiplication;
use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    for n in input
        .split_ascii_whitespace()
        .map_while(|t| t.parse::<u64>().ok())
    {
        let stan = Multiplication::new(n, 2, 9).is_ok_and(|g| g.first_player_wins(1));
        writeln!(out, "{}", if stan { "Stan wins." } else { "Ollie wins." })?;
    }
    out.flush()
}
