//! POJ 3533 "Light Switching Game": the 3-D coin-turning game Twins³.
//!
//! Lights sit at integer points `(x, y, z)`; a move picks a box whose far
//! corner light is on and toggles its eight corners. By the Tartan theorem
//! (see `grundy::games::coins`) a light at `(x, y, z)` is worth the
//! nim-product `x ⊗ y ⊗ z`, and a position the XOR over its lights.
//!
//! Input (per `tests/data/problems/poj3533.json`, repeated until end of
//! input): `N`, then `N` triples `x y z`. Output per test: `Yes` when the
//! XOR of the products is 0, else `No` — the wording recorded in that file
//! (which notes the original statement was not recovered).
//!
//! Bad input (a token that is not a number below `2^64`, a test cut short)
//! exits with status 2 and a one-line message.

use grundy::games::coins::Tartan;
use std::io::{self, Read, Write};
use std::process::ExitCode;

fn run(input: &str) -> Result<String, String> {
    let game = Tartan::light_switching();
    let mut tokens = input.split_ascii_whitespace();
    let mut number = |what: &dyn Fn() -> String| -> Result<Option<u64>, String> {
        match tokens.next() {
            None => Ok(None),
            Some(t) => t
                .parse::<u64>()
                .map(Some)
                .map_err(|_| format!("{} `{t}` is not a number from 0 to 2^64 - 1", what())),
        }
    };
    let mut out = String::new();
    let mut test = 0u64;
    while let Some(n) = number(&|| format!("N of test {}", test + 1))? {
        test += 1;
        let mut lights = Vec::new();
        for i in 1..=n {
            let mut coord = |axis: &str| {
                number(&|| format!("{axis} of light {i} in test {test}"))?
                    .ok_or_else(|| format!("test {test} ends after {} of its {n} lights", i - 1))
            };
            lights.push([coord("x")?, coord("y")?, coord("z")?]);
        }
        let value = game.nim_value(&lights).map_err(|e| e.to_string())?;
        out.push_str(if value.is_zero() { "Yes\n" } else { "No\n" });
    }
    Ok(out)
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut input) {
        eprintln!("error: cannot read stdin: {e}");
        return ExitCode::from(2);
    }
    match run(&input) {
        Ok(out) => match io::stdout().lock().write_all(out.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: cannot write output: {e}");
                ExitCode::from(2)
            }
        },
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
