//! HDU 1517 (also POJ 2505, UVa 847) "A Multiplication Game": the same
//! problem, input and answers as POJ 2505, so this is `poj2505.rs`'s
//! program (one source, two judge names).

#[path = "poj2505.rs"]
mod poj2505;

fn main() -> std::process::ExitCode {
    poj2505::main()
}
