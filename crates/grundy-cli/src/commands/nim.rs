//! `grundy nim add|mul|div|inv|sqrt|pow ARGS...`: nimber arithmetic.
//!
//! Arguments are decimal integers from 0 to 2^128 − 1 (the library's
//! [`Nimber128`]; below 2^64 the results are those of [`grundy::Nimber`],
//! a subfield). The result is printed in decimal. A bad argument, or the
//! inverse of 0, is an error (exit status 2, one line).
//!
//! `-` as the first operand reads the operands from standard input
//! instead, one operation a line (`grundy nim mul -` reads `A B` pairs, or
//! any number of factors), and prints one result a line.

use crate::batch::{OnError, Queries};
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
    /// With `-`: a line that fails gets `error: line N: ...` as its
    /// answer and the next line is read (exit status 2 at the end).
    #[arg(long, global = true)]
    pub keep_going: bool,
}

/// The operations of `grundy nim`.
#[derive(Subcommand, Debug)]
pub enum NimOp {
    /// Nim-sum (XOR) of the arguments.
    Add {
        /// Nimbers to add (`-`: read them from standard input, one sum a line).
        #[arg(required = true, allow_hyphen_values = true)]
        nimbers: Vec<String>,
    },
    /// Nim-product of the arguments.
    Mul {
        /// Nimbers to multiply (`-`: read them from standard input, one product a line).
        #[arg(required = true, allow_hyphen_values = true)]
        nimbers: Vec<String>,
    },
    /// A ⊗ B⁻¹ (B must not be 0).
    Div {
        /// Dividend (`-`: read `A B` pairs from standard input).
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// Divisor.
        #[arg(allow_hyphen_values = true)]
        b: Option<String>,
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
        /// The base nimber (`-`: read `BASE EXPONENT` pairs from standard input).
        #[arg(allow_hyphen_values = true)]
        base: String,
        /// The exponent.
        #[arg(allow_hyphen_values = true)]
        exponent: Option<String>,
    },
}

/// Help shown after `grundy nim --help`.
pub const NIM_HELP: &str = "Examples:\n  grundy nim mul 2 2        # 3\n  grundy nim add 3 5 6      # 0\n  grundy nim inv 2          # 3\n  grundy nim sqrt 3         # 2\n  grundy nim pow 2 3        # 1
  printf '2 2\n3 3\n' | grundy nim mul -   # 3, then 2 (one result a line)";

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

/// `grundy nim`: the result, printed in decimal; with `-`, one result a
/// line of standard input.
pub fn run(args: &NimArgs, out: &mut Printer) -> Result<()> {
    let (name, first) = op_first(&args.op);
    if first == "-" {
        return batch(args, name, out);
    }
    if args.keep_going {
        anyhow::bail!(
            "`--keep-going` is for many operations: give `-` to read them from standard input"
        );
    }
    let operands: Vec<&str> = match &args.op {
        NimOp::Add { nimbers } | NimOp::Mul { nimbers } => {
            nimbers.iter().map(String::as_str).collect()
        }
        NimOp::Div { a, b } => vec![a, missing(b.as_deref(), "div", "B")?],
        NimOp::Inv { a } | NimOp::Sqrt { a } => vec![a],
        NimOp::Pow { base, exponent } => {
            vec![base, missing(exponent.as_deref(), "pow", "EXPONENT")?]
        }
    };
    out.number(compute(name, &operands)?)
}

/// The name of the operation and its first operand.
fn op_first(op: &NimOp) -> (&'static str, &str) {
    match op {
        NimOp::Add { nimbers } => ("add", nimbers.first().map_or("", String::as_str)),
        NimOp::Mul { nimbers } => ("mul", nimbers.first().map_or("", String::as_str)),
        NimOp::Div { a, .. } => ("div", a),
        NimOp::Inv { a } => ("inv", a),
        NimOp::Sqrt { a } => ("sqrt", a),
        NimOp::Pow { base, .. } => ("pow", base),
    }
}

/// The second operand, required unless the first is `-`.
fn missing<'a>(b: Option<&'a str>, op: &str, name: &str) -> Result<&'a str> {
    b.ok_or_else(|| anyhow!("`nim {op}` takes two operands: {name} is missing"))
}

/// `grundy nim OP -`: one operation a line of standard input.
fn batch(args: &NimArgs, name: &str, out: &mut Printer) -> Result<()> {
    let extra = match &args.op {
        NimOp::Add { nimbers } | NimOp::Mul { nimbers } => nimbers.len() > 1,
        NimOp::Div { b, .. } => b.is_some(),
        NimOp::Pow { exponent, .. } => exponent.is_some(),
        NimOp::Inv { .. } | NimOp::Sqrt { .. } => false,
    };
    if extra {
        anyhow::bail!("`-` reads every operand from standard input: give no other operand");
    }
    let on_error = OnError::from_flag(args.keep_going);
    let mut queries = Queries::open(std::path::Path::new("-"))?;
    let (mut answered, mut failed) = (0u64, 0u64);
    while let Some((line, words)) = queries.next_query(&mut || out.flush())? {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match compute(name, &words) {
            Ok(r) => out.number(r)?,
            Err(e) if on_error == OnError::Stop => return Err(e.context(format!("line {line}"))),
            Err(e) => {
                failed += 1;
                out.line(&format!("error: line {line}: {e}"))?;
            }
        }
        answered += 1;
    }
    if failed > 0 {
        out.flush()?;
        anyhow::bail!(
            "{failed} of {answered} operations failed (each error is printed as its line's answer)"
        );
    }
    Ok(())
}

/// The result of operation `name` on `operands` (decimal strings).
fn compute(name: &str, operands: &[&str]) -> Result<u128> {
    let arity = match name {
        "add" | "mul" => None,
        "inv" | "sqrt" => Some(1),
        _ => Some(2),
    };
    match arity {
        None if operands.is_empty() => anyhow::bail!("`nim {name}` takes at least one operand"),
        Some(n) if operands.len() != n => anyhow::bail!(
            "`nim {name}` takes {n} operand{} a line, not {}",
            if n == 1 { "" } else { "s" },
            operands.len()
        ),
        _ => {}
    }
    let all = || {
        operands
            .iter()
            .map(|s| nimber(s))
            .collect::<Result<Vec<_>>>()
    };
    let r = match name {
        "add" => all()?.into_iter().fold(Nimber128::ZERO, |a, b| a + b),
        "mul" => all()?.into_iter().fold(Nimber128::STAR, |a, b| a * b),
        "div" => nimber(operands[0])?.div(nimber(operands[1])?)?,
        "inv" => nimber(operands[0])?.inv()?,
        "sqrt" => nimber(operands[0])?.sqrt(),
        _ => nimber(operands[0])?.pow(number(operands[1])?),
    };
    Ok(r.value())
}
