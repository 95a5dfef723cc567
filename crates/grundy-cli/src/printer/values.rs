//! `grundy values` printed at memory speed: text, csv and json of
//! `G(from..=to)` streamed from any source a buffer at a time.
//!
//! Values are taken [`CHUNK`] at a time from the source (a table, a
//! periodic fill: nothing else is held, so a range larger than memory
//! streams), formatted into one byte buffer without `fmt` — a value below
//! 100 is one or two table bytes, a larger one goes through `itoa`, the
//! heap number of a csv row is a decimal counter incremented in place —
//! and the buffer is handed to the writer about a mebibyte at a time.
//! Values below 1000 and the end of a csv row come from tables of fixed
//! size, copied whole (a copy of 8 or 24 bytes is a register move, a copy
//! of a variable length is a call to `memmove`), the bytes past the length
//! wanted being overwritten next.
//! The bytes are exactly those of the straightforward `write!` printer
//! (tested against it in `printer/mod.rs`).

use crate::format::Format;
use anyhow::Result;
use std::io::Write;

/// Values taken from the source at a time.
const CHUNK: usize = 1 << 14;

/// The buffer is written out when it holds this much.
const FLUSH_AT: usize = 1 << 20;

/// Bytes a row (csv) or a value (text, json) may take in the buffer,
/// including the bytes written past its end by fixed-size copies: the
/// buffer has this much room per value of a chunk beyond [`FLUSH_AT`].
const ROW_ROOM: usize = 64;

/// A text line is ended once it is longer than this.
const TEXT_LINE: usize = 72;

/// Values below this are written from [`DIGITS`] and [`CSV`].
const SMALL: usize = 1000;

/// A decimal number kept as its digits and counted up in place (the `n`
/// of csv rows: one byte changes per row, mostly). The digits are
/// `digits[start..24]`; the 24 bytes after them are zero, so that 24 bytes
/// from `start` can be copied at once (a fixed-size copy, no call).
struct Counter {
    digits: [u8; 48],
    start: usize,
}

impl Counter {
    fn new(n: u64) -> Counter {
        let mut digits = [0u8; 48];
        let mut buf = itoa::Buffer::new();
        let text = buf.format(n).as_bytes();
        let start = 24 - text.len();
        digits[start..24].copy_from_slice(text);
        Counter { digits, start }
    }

    #[cfg(test)]
    fn bytes(&self) -> &[u8] {
        &self.digits[self.start..24]
    }

    /// The digits followed by filler, 24 bytes, and how many are digits.
    #[inline(always)]
    fn padded(&self) -> (&[u8; 24], usize) {
        let padded = self.digits[self.start..]
            .first_chunk::<24>()
            .expect("start <= 24");
        (padded, 24 - self.start)
    }

    #[inline(always)]
    fn increment(&mut self) {
        let mut i = 24;
        while i > 0 {
            i -= 1;
            if self.digits[i] == b'9' {
                self.digits[i] = b'0';
            } else {
                if i < self.start {
                    // One more digit: a 9…9 became 10…0.
                    self.digits[i] = b'1';
                    self.start = i;
                } else {
                    self.digits[i] += 1;
                }
                return;
            }
        }
    }
}

/// The digits of every `v` below [`SMALL`], left-aligned in four bytes,
/// and their count.
const DIGITS: [([u8; 4], u8); SMALL] = {
    let mut t = [([0u8; 4], 0u8); SMALL];
    let mut v = 0;
    while v < SMALL {
        t[v] = if v < 10 {
            ([b'0' + v as u8, 0, 0, 0], 1)
        } else if v < 100 {
            ([b'0' + (v / 10) as u8, b'0' + (v % 10) as u8, 0, 0], 2)
        } else {
            (
                [
                    b'0' + (v / 100) as u8,
                    b'0' + (v / 10 % 10) as u8,
                    b'0' + (v % 10) as u8,
                    0,
                ],
                3,
            )
        };
        v += 1;
    }
    t
};

/// The end of a csv row for every `v` below [`SMALL`]: `,v\n` in eight
/// bytes, and its length.
const CSV: [([u8; 8], u8); SMALL] = {
    let mut t = [([0u8; 8], 0u8); SMALL];
    let mut v = 0;
    while v < SMALL {
        let (digits, len) = DIGITS[v];
        let mut row = [0u8; 8];
        row[0] = b',';
        let mut i = 0;
        while i < len as usize {
            row[1 + i] = digits[i];
            i += 1;
        }
        row[1 + len as usize] = b'\n';
        t[v] = (row, len + 2);
        v += 1;
    }
    t
};

/// The output buffer: bytes are written at `pos` (room for a chunk's
/// values is checked once per chunk, see [`ROW_ROOM`]), and handed to the
/// writer a mebibyte at a time.
struct Sink<'a> {
    out: &'a mut dyn Write,
    buf: Vec<u8>,
    pos: usize,
    itoa: itoa::Buffer,
}

impl Sink<'_> {
    /// Writes the buffer out if it holds [`FLUSH_AT`] bytes or more (or
    /// anything, with `all`).
    fn flush(&mut self, all: bool) -> Result<()> {
        if self.pos >= FLUSH_AT || (all && self.pos > 0) {
            self.out.write_all(&self.buf[..self.pos])?;
            self.pos = 0;
        }
        Ok(())
    }

    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.buf[self.pos] = b;
        self.pos += 1;
    }

    /// Copies all `N` bytes of `bytes` and keeps the first `len`.
    #[inline(always)]
    fn fixed<const N: usize>(&mut self, bytes: &[u8; N], len: usize) {
        self.buf[self.pos..self.pos + N].copy_from_slice(bytes);
        self.pos += len;
    }

    /// Appends `v` in decimal; returns the number of digits.
    #[inline(always)]
    fn value(&mut self, v: u64) -> usize {
        if v < SMALL as u64 {
            let (digits, len) = &DIGITS[v as usize];
            self.fixed(digits, *len as usize);
            *len as usize
        } else {
            let text = self.itoa.format(v).as_bytes();
            self.buf[self.pos..self.pos + text.len()].copy_from_slice(text);
            self.pos += text.len();
            text.len()
        }
    }

    /// Appends the csv row `n,v`.
    #[inline(always)]
    fn csv_row(&mut self, n: &Counter, v: u64) {
        let (digits, len) = n.padded();
        self.fixed(digits, len);
        if v < SMALL as u64 {
            let (row, len) = &CSV[v as usize];
            self.fixed(row, *len as usize);
        } else {
            self.byte(b',');
            self.value(v);
            self.byte(b'\n');
        }
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
    let mut head: Vec<u8> = Vec::new();
    match format {
        Format::Json => {
            // The same shape serde_json gives the object.
            let game = serde_json::to_string(game)?;
            write!(
                head,
                "{{\"game\":{game},\"from\":{from},\"to\":{to},\"values\":["
            )?;
        }
        Format::Csv => head.extend_from_slice(b"n,value\n"),
        Format::Text => writeln!(head, "{game}: G({from}..={to})")?,
    }
    out.write_all(&head)?;
    let mut sink = Sink {
        out,
        buf: vec![0; FLUSH_AT + CHUNK * ROW_ROOM],
        pos: 0,
        itoa: itoa::Buffer::new(),
    };
    let mut values = vec![0u64; CHUNK];
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
                        sink.byte(b',');
                    }
                    first = false;
                    sink.value(v);
                }
            }
            Format::Csv => {
                for &v in chunk.iter() {
                    sink.csv_row(&n, v);
                    n.increment();
                }
            }
            Format::Text => {
                for &v in chunk.iter() {
                    if line > 0 {
                        sink.byte(b' ');
                        line += 1;
                    }
                    line += sink.value(v);
                    if line > TEXT_LINE {
                        sink.byte(b'\n');
                        line = 0;
                    }
                }
            }
        }
        sink.flush(false)?;
        match start.checked_add(len as u64) {
            Some(next) => start = next,
            None => break,
        }
    }
    match format {
        Format::Json => {
            for &b in b"]}\n" {
                sink.byte(b);
            }
        }
        Format::Csv => {}
        Format::Text => {
            if line > 0 {
                sink.byte(b'\n');
            }
        }
    }
    sink.flush(true)
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
        for v in (0..2000).chain([u64::MAX, 1 << 40, 99, 100, 101, 999, 1000]) {
            let mut out = Vec::new();
            let mut sink = Sink {
                out: &mut out,
                buf: vec![0; 2 * ROW_ROOM],
                pos: 0,
                itoa: itoa::Buffer::new(),
            };
            let n = sink.value(v);
            assert_eq!(&sink.buf[..sink.pos], v.to_string().as_bytes());
            assert_eq!(n, sink.pos);
            let mut c = Counter::new(v);
            sink.pos = 0;
            sink.csv_row(&c, v);
            c.increment();
            let row = format!("{v},{v}\n");
            assert_eq!(&sink.buf[..sink.pos], row.as_bytes());
        }
    }
}
