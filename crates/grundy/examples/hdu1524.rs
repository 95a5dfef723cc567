//! HDU 1524 "A Chess Game": the same problem and format as POJ 2425 (see
//! `poj2425.rs`, which this example runs).

#[path = "poj2425.rs"]
mod poj2425;

fn main() -> std::process::ExitCode {
    poj2425::main()
}
