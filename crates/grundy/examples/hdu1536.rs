//! HDU 1536 "S-Nim": the same statement, input and output as POJ 2960, so
//! this example runs that one (`examples/poj2960.rs`) unchanged.

#[path = "poj2960.rs"]
mod poj2960;

fn main() -> std::process::ExitCode {
    poj2960::main()
}
