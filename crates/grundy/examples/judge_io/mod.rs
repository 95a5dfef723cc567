//! Plumbing shared by the online-judge examples: fast input, one output
//! buffer, and the exit-status contract. No game logic lives here.
//!
//! Each judge example (`examples/<id>.rs`) declares `mod judge_io;` and
//! hands its `solve` function to [`main`]. Cargo does not treat this
//! directory as an example of its own (it has no `main.rs`).
//!
//! - Input: all of stdin is read once, as bytes (no UTF-8 check), and
//!   [`Input`] cuts it into whitespace-separated unsigned decimal numbers
//!   by hand: one pass, no allocation per token, overflow checked. Any
//!   ASCII whitespace separates tokens, so `\r\n` line ends, trailing
//!   spaces and a missing final newline are all fine.
//! - Output: `solve` appends to one `String`, written to stdout at the end
//!   with a single call.
//! - Errors: bad input (a token that is not a number below 2^64, input
//!   that stops in the middle of a test, a value the library rejects) is
//!   reported as one line `error: ...` on stderr naming the input line and
//!   the offending value in backticks, after the answers already computed
//!   are written; the exit status is then 2. No input makes an example
//!   panic. A closed stdout (`| head`) is not an error.
//!
//! Time: O(input bytes) for parsing. Memory: the input plus the output.

// Every example uses only part of this module.
#![allow(dead_code)]

use std::fmt;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// Why an example stopped: a one-line message, printed after `error: `.
#[derive(Debug)]
pub struct Fail(pub String);

/// The result type of an example's `solve`.
pub type Result<T> = std::result::Result<T, Fail>;

impl From<grundy::Error> for Fail {
    fn from(e: grundy::Error) -> Fail {
        Fail(e.to_string())
    }
}

impl From<fmt::Error> for Fail {
    fn from(_: fmt::Error) -> Fail {
        Fail("cannot format the output".into())
    }
}

/// Whitespace-separated unsigned decimal numbers of the whole input.
pub struct Input<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Line (1-based) of the position `pos`.
    line: usize,
}

impl<'a> Input<'a> {
    /// Numbers of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Input<'a> {
        Input {
            bytes,
            pos: 0,
            line: 1,
        }
    }

    /// Skips whitespace; true when a token follows.
    fn skip_space(&mut self) -> bool {
        while let Some(&b) = self.bytes.get(self.pos) {
            if !b.is_ascii_whitespace() {
                return true;
            }
            if b == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
        false
    }

    /// The next number, or `None` at the end of the input. `what` names
    /// the expected value in the error message (e.g. `"heap size"`).
    pub fn next(&mut self, what: &str) -> Result<Option<u64>> {
        if !self.skip_space() {
            return Ok(None);
        }
        let start = self.pos;
        let mut n: u64 = 0;
        let mut ok = true;
        while let Some(&b) = self.bytes.get(self.pos) {
            if b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
            if !ok {
                continue;
            }
            match (b as char).to_digit(10) {
                Some(d) => match n.checked_mul(10).and_then(|n| n.checked_add(u64::from(d))) {
                    Some(m) => n = m,
                    None => ok = false,
                },
                None => ok = false,
            }
        }
        if ok {
            return Ok(Some(n));
        }
        let token = String::from_utf8_lossy(&self.bytes[start..self.pos]);
        Err(Fail(format!(
            "line {}: {what} `{token}` is not a whole number from 0 to {}",
            self.line,
            u64::MAX
        )))
    }

    /// The next number; the end of the input here is an error.
    pub fn need(&mut self, what: &str) -> Result<u64> {
        match self.next(what)? {
            Some(n) => Ok(n),
            None => Err(Fail(format!(
                "line {}: the input ends where {what} was expected",
                self.line
            ))),
        }
    }

    /// `count` numbers (e.g. the heaps of one position).
    pub fn many(&mut self, count: u64, what: &str) -> Result<Vec<u64>> {
        // A count from the input is not trusted for the allocation: every
        // number takes at least two bytes of what is left.
        let room = (self.bytes.len() - self.pos) / 2 + 1;
        let mut v = Vec::with_capacity(usize::try_from(count).unwrap_or(usize::MAX).min(room));
        for _ in 0..count {
            v.push(self.need(what)?);
        }
        Ok(v)
    }

    /// The next whitespace-separated token as bytes (a digit string with
    /// its leading zeros, a row of a grid), or `None` at the end.
    pub fn word(&mut self) -> Option<&'a [u8]> {
        if !self.skip_space() {
            return None;
        }
        let start = self.pos;
        while self
            .bytes
            .get(self.pos)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        Some(&self.bytes[start..self.pos])
    }

    /// The next token; the end of the input here is an error naming `what`.
    pub fn need_word(&mut self, what: &str) -> Result<&'a [u8]> {
        let line = self.line;
        self.word().ok_or_else(|| {
            Fail(format!(
                "line {line}: the input ends where {what} was expected"
            ))
        })
    }

    /// True when nothing but whitespace is left.
    pub fn at_end(&mut self) -> bool {
        !self.skip_space()
    }
}

/// Runs an example: reads stdin, calls `solve`, writes its output, and
/// turns an error into one line on stderr and exit status 2.
pub fn main(solve: fn(&mut Input, &mut String) -> Result<()>) -> ExitCode {
    let mut bytes = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut bytes) {
        eprintln!("error: cannot read the input: {e}");
        return ExitCode::from(2);
    }
    let mut out = String::new();
    let result = solve(&mut Input::new(&bytes), &mut out);
    let mut stdout = io::stdout().lock();
    let written = stdout
        .write_all(out.as_bytes())
        .and_then(|()| stdout.flush());
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            eprintln!("error: cannot write the output: {e}");
            return ExitCode::from(2);
        }
        _ => {}
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
