//! `grundy nim add|mul|div|inv|sqrt|pow ARGS...`: nimber arithmetic.
//!
//! Arguments are decimal integers from 0 to 2^128 − 1 (the library's
//! [`Nimber128`]; below 2^64 the results are those of [`grundy::Nimber`],
//! a subfield). The result is printed in decimal. A bad argument, or the
//! inverse of 0, is an error (exit status 2, one line).

use crate::printer::Printer;
use anyhow::{anyhow, Result};
use clap::{Args, Subcommand};
use grundy::nimber::Nimber128;

/// Arguments of `grundy nim`.
#[derive(Args, Debug)]
pub struct NimArgs {
    /// The operation.
    #[command(subcommand)]
    pub op: NimOp,
}

/// The operations of `grundy nim`.
#[derive(Subcommand, Debug)]
pub enum NimOp {
    /// Nim-sum (XOR) of the arguments.
    Add {
        /// Nimbers to add.
        #[arg(required = true, allow_hyphen_values = true)]
        nimbers: Vec<String>,
    },
    /// Nim-product of the arguments.
    Mul {
        /// Nimbers to multiply.
        #[arg(required = true, allow_hyphen_values = true)]
        nimbers: Vec<String>,
    },
    /// A ⊗ B⁻¹ (B must not be 0).
    Div {
        /// Dividend.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// Divisor.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
    /// Multiplicative inverse (0 has none).
    Inv {
        /// The nimber.
        #[arg(allow_hyphen_values = true)]
        a: String,
    },
    /// The square root (every nimber has exactly one).
    Sqrt {
        /// The nimber.
        #[arg(allow_hyphen_values = true)]
        a: String,
    },
    /// BASE raised to the nim-power EXPONENT (an ordinary integer).
    Pow {
        /// The base nimber.
        #[arg(allow_hyphen_values = true)]
        base: String,
        /// The exponent.
        #[arg(allow_hyphen_values = true)]
        exponent: String,
    },
}

/// Help shown after `grundy nim --help`.
pub const NIM_HELP: &str = "Examples:\n  grundy nim mul 2 2        # 3\n  grundy nim add 3 5 6      # 0\n  grundy nim inv 2          # 3\n  grundy nim sqrt 3         # 2\n  grundy nim pow 2 3        # 1";

fn number(s: &str) -> Result<u128> {
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse::<u128>()
            .map_err(|_| anyhow!("`{s}` is too big: nimbers go up to 2^128 - 1"))
    } else {
        Err(anyhow!(
            "`{s}` is not a nimber: expected a whole number from 0 to 2^128 - 1"
        ))
    }
}

fn nimber(s: &str) -> Result<Nimber128> {
    number(s).map(Nimber128::new)
}

/// Computes the result of `grundy nim ...`.
/// `grundy nim`: the result, printed in decimal.
pub fn run(args: &NimArgs, out: &mut Printer) -> Result<()> {
    out.number(compute(args)?)
}

/// The result of the operation, as a decimal-printable integer.
fn compute(args: &NimArgs) -> Result<u128> {
    let all = |v: &[String]| v.iter().map(|s| nimber(s)).collect::<Result<Vec<_>>>();
    let r = match &args.op {
        NimOp::Add { nimbers } => all(nimbers)?
            .into_iter()
            .fold(Nimber128::ZERO, |a, b| a + b),
        NimOp::Mul { nimbers } => all(nimbers)?
            .into_iter()
            .fold(Nimber128::STAR, |a, b| a * b),
        NimOp::Div { a, b } => nimber(a)?.div(nimber(b)?)?,
        NimOp::Inv { a } => nimber(a)?.inv()?,
        NimOp::Sqrt { a } => nimber(a)?.sqrt(),
        NimOp::Pow { base, exponent } => nimber(base)?.pow(number(exponent)?),
    };
    Ok(r.value())
}
