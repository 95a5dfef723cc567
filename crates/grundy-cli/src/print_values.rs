//! `grundy values` printed at memory speed: text, csv and json of
//! `G(from..=to)` streamed from any source a buffer at a time.
//!
//! Values are taken [`CHUNK`] at a time from the source (a table, a
//! periodic fill: nothing else is held, so a range larger than memory
//! streams), formatted into one byte buffer without `fmt` — a value below
//! 100 is one or two table bytes, a larger one goes through `itoa`, the
//! heap number of a csv row is a decimal counter incremented in place —
//! and the buffer is handed to the writer about a mebibyte at a time.
//! The bytes are exactly those of the straightforward `write!` printer
//! (tested against it in `output.rs`).

use crate::cli::Format;
use anyhow::Result;
use std::io::Write;

/// Values taken from the source at a time.
const CHUNK: usize = 1 << 14;

/// The buffer is written out when it holds this much.
const FLUSH_AT: usize = 1 << 20;

/// A text line is ended once it is longer than this.
const TEXT_LINE: usize = 72;

/// A decimal number kept as its digits and counted up in place (the `n`
/// of csv rows: one byte changes per row, mostly).
struct Counter {
    digits: [u8; 24],
    start: usize,
}

impl Counter {
    fn new(n: u64) -> Counter {
        let mut digits = [b'0'; 24];
        let mut buf = itoa::Buffer::new();
        let text = buf.format(n).as_bytes();
        let start = digits.len() - text.len();
        digits[start..].copy_from_slice(text);
        Counter { digits, start }
    }

    fn bytes(&self) -> &[u8] {
        &self.digits[self.start..]
    }

    fn increment(&mut self) {
        let mut i = self.digits.len();
        while i > 0 {
            i -= 1;
            if self.digits[i] == b'9' {
                self.digits[i] = b'0';
            } else {
                self.digits[i] += 1;
                self.start = self.start.min(i);
                return;
            }
        }
    }
}

/// `"00" "01" … "99"`: the two digits of every number below 100.
const PAIRS: [[u8; 2]; 100] = {
    let mut t = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        t[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    t
};

/// Appends `v` in decimal; returns the number of digits.
#[inline]
fn push_value(buf: &mut Vec<u8>, itoa: &mut itoa::Buffer, v: u64) -> usize {
    if v < 10 {
        buf.push(b'0' + v as u8);
        1
    } else if v < 100 {
        buf.extend_from_slice(&PAIRS[v as usize]);
        2
    } else {
        let text = itoa.format(v).as_bytes();
        buf.extend_from_slice(text);
        text.len()
    }
}

/// Prints `G(from..=to)` of `game` in `format` to `out`; `next(start,
/// buf)` fills `buf` with `G(start..start + buf.len())`.
pub fn print_values(
    out: &mut dyn Write,
    game: &str,
    from: u64,
    to: u64,
    format: Format,
    next: &mut dyn FnMut(u64, &mut [u64]) -> Result<()>,
) -> Result<()> {
    let mut buf: Vec<u8> = Vec::with_capacity(FLUSH_AT + CHUNK * 48);
    let mut values = vec![0u64; CHUNK];
    let mut itoa = itoa::Buffer::new();
    match format {
        Format::Json => {
            // The same shape serde_json gives the object.
            let game = serde_json::to_string(game)?;
            write!(
                buf,
                "{{\"game\":{game},\"from\":{from},\"to\":{to},\"values\":["
            )?;
        }
        Format::Csv => buf.extend_from_slice(b"n,value\n"),
        Format::Text => writeln!(buf, "{game}: G({from}..={to})")?,
    }
    let mut n = Counter::new(from);
    let mut line = 0usize;
    let mut first = true;
    let mut start = from;
    while start <= to {
        let len = (to - start).min(CHUNK as u64 - 1) as usize + 1;
        let chunk = &mut values[..len];
        next(start, chunk)?;
        match format {
            Format::Json => {
                for &v in chunk.iter() {
                    if !first {
                        buf.push(b',');
                    }
                    first = false;
                    push_value(&mut buf, &mut itoa, v);
                }
            }
            Format::Csv => {
                for &v in chunk.iter() {
                    buf.extend_from_slice(n.bytes());
                    buf.push(b',');
                    push_value(&mut buf, &mut itoa, v);
                    buf.push(b'\n');
                    n.increment();
                }
            }
            Format::Text => {
                for &v in chunk.iter() {
                    if line > 0 {
                        buf.push(b' ');
                        line += 1;
                    }
                    line += push_value(&mut buf, &mut itoa, v);
                    if line > TEXT_LINE {
                        buf.push(b'\n');
                        line = 0;
                    }
                }
            }
        }
        if buf.len() >= FLUSH_AT {
            out.write_all(&buf)?;
            buf.clear();
        }
        match start.checked_add(len as u64) {
            Some(next) => start = next,
            None => break,
        }
    }
    match format {
        Format::Json => buf.extend_from_slice(b"]}\n"),
        Format::Csv => {}
        Format::Text => {
            if line > 0 {
                buf.push(b'\n');
            }
        }
    }
    out.write_all(&buf)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counter_counts_like_format() {
        for start in [0u64, 7, 9, 98, 999, 12_345, u64::MAX - 300] {
            let mut c = Counter::new(start);
            for n in start..start.saturating_add(250) {
                assert_eq!(c.bytes(), n.to_string().as_bytes());
                c.increment();
            }
        }
    }

    #[test]
    fn values_are_written_like_format() {
        let mut it = itoa::Buffer::new();
        for v in (0..2000).chain([u64::MAX, 1 << 40, 99, 100, 101]) {
            let mut buf = Vec::new();
            let n = push_value(&mut buf, &mut it, v);
            assert_eq!(buf, v.to_string().as_bytes());
            assert_eq!(n, buf.len());
        }
    }
}
