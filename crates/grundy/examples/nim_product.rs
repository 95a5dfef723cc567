//! Bulk nim-products (Library Checker `nim_product_64` format).
//!
//! Input: `T`, then `T` lines `A B` with `0 ≤ A, B < 2^64`.
//! Output: `A ⊗ B` for each line, in decimal, one per line.
//!
//! All of stdin is read at once; numbers are parsed eight digits at a time
//! (SWAR: the digit run is found with byte-parallel masks and each 8-digit
//! chunk is converted with three multiplications); products are formatted
//! four digits at a time into one buffer written with a single call. Malformed input (a missing or non-decimal number, a value of
//! `2^64` or more) exits with status 2 and a one-line message.
//!
//! Run: `cargo run --release --example nim_product < input.txt`

use grundy::nimber::field;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// Whitespace appended to the input so that an 8-byte load starting at any
/// input position stays inside the buffer.
const PAD: usize = 24;

/// The 8 bytes at `i` as a little-endian word (`i + 8 <= b.len()`).
#[inline(always)]
fn word(b: &[u8], i: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[i..i + 8]);
    u64::from_le_bytes(w)
}

/// The high bit of each byte of the result is set iff that byte of `w` is
/// not an ASCII digit: its high nibble is not 3, or its low nibble is ≥ 10.
/// No carry crosses a byte boundary.
#[inline(always)]
fn non_digits(w: u64) -> u64 {
    const LO7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let wrong_high = (w & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030;
    let big_low = ((w & 0x0F0F_0F0F_0F0F_0F0F) + 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010;
    let x = wrong_high | big_low;
    // Non-zero bytes of x -> high bit.
    (((x & LO7) + LO7) | x) & 0x8080_8080_8080_8080
}

/// The value of 8 ASCII digits (most significant first in memory).
#[inline(always)]
fn eight_digits(w: u64) -> u64 {
    // Pairs, then quadruples, then the whole: three multiplications.
    let d = w - 0x3030_3030_3030_3030;
    let pairs = (d * 10 + (d >> 8)) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs * 100 + (pairs >> 16)) & 0x0000_FFFF_0000_FFFF;
    (quads * 10_000 + (quads >> 32)) & 0xFFFF_FFFF
}

/// A cursor over the (padded) input bytes.
struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Scanner<'_> {
    /// The next whitespace-separated decimal number below `2^64`; on failure
    /// a description to put after the name of what was expected.
    #[inline]
    fn next_u64(&mut self) -> Result<u64, String> {
        let b = self.bytes;
        let mut i = self.pos;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        // Length of the run of digits, 8 bytes at a time (at most 3 words
        // are needed to see past 20 digits).
        let mut len = 0;
        while start + len + 8 <= b.len() && len <= 16 {
            let m = non_digits(word(b, start + len));
            if m != 0 {
                len += (m.trailing_zeros() / 8) as usize;
                break;
            }
            len += 8;
        }
        let end = start + len;
        if len == 0 || len > 20 || !b.get(end).is_some_and(u8::is_ascii_whitespace) {
            let stop = b[start..]
                .iter()
                .position(u8::is_ascii_whitespace)
                .map_or(b.len(), |e| start + e);
            let word = &b[start..stop];
            return Err(if word.is_empty() {
                "is missing".to_string()
            } else if word.iter().all(u8::is_ascii_digit) && word.len() > 20 {
                "has more than 20 digits".to_string()
            } else if word.iter().all(u8::is_ascii_digit) {
                "is not below 2^64".to_string()
            } else {
                format!(
                    "`{}` is not a decimal number",
                    String::from_utf8_lossy(word)
                )
            });
        }
        // Leading len % 8 digits one by one, then whole words.
        let head = len % 8;
        let mut v: u64 = 0;
        for &c in &b[start..start + head] {
            v = v * 10 + u64::from(c - b'0');
        }
        let mut i = start + head;
        while i < end {
            let chunk = eight_digits(word(b, i));
            v = match v
                .checked_mul(100_000_000)
                .and_then(|v| v.checked_add(chunk))
            {
                Some(v) => v,
                None => return Err("is not below 2^64".to_string()),
            };
            i += 8;
        }
        self.pos = end;
        Ok(v)
    }
}

/// "00" "01" … "99": two digits per table read.
const DIGIT_PAIRS: [u8; 200] = {
    let mut t = [0u8; 200];
    let mut i = 0;
    while i < 100 {
        t[2 * i] = b'0' + (i / 10) as u8;
        t[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    t
};

/// Writes `x < 10^4` as four digits.
#[inline(always)]
fn four_digits(out: &mut [u8], x: u64) {
    let (hi, lo) = ((x / 100) as usize, (x % 100) as usize);
    out[0..2].copy_from_slice(&DIGIT_PAIRS[2 * hi..2 * hi + 2]);
    out[2..4].copy_from_slice(&DIGIT_PAIRS[2 * lo..2 * lo + 2]);
}

/// Appends `v` in decimal and a newline: all 20 digits are formatted in
/// short independent chains, then the leading zeros are dropped.
#[inline]
fn push_u64(out: &mut Vec<u8>, v: u64) {
    let mut buf = [0u8; 21];
    let (top, rest) = (v / 10_000_000_000_000_000, v % 10_000_000_000_000_000);
    let (mid, low) = (rest / 100_000_000, rest % 100_000_000);
    four_digits(&mut buf[0..4], top);
    four_digits(&mut buf[4..8], mid / 10_000);
    four_digits(&mut buf[8..12], mid % 10_000);
    four_digits(&mut buf[12..16], low / 10_000);
    four_digits(&mut buf[16..20], low % 10_000);
    buf[20] = b'\n';
    let digits = v.checked_ilog10().map_or(1, |d| d as usize + 1);
    out.extend_from_slice(&buf[20 - digits..]);
}

fn run() -> Result<Vec<u8>, String> {
    // Size the buffer once when stdin is a file (no regrowth copies).
    let hint = std::fs::metadata("/dev/stdin").map_or(0, |m| m.len());
    let mut input = Vec::with_capacity(usize::try_from(hint).unwrap_or(0).saturating_add(PAD));
    io::stdin()
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read stdin: {e}"))?;
    let len = input.len();
    input.resize(len + PAD, b' ');
    let mut sc = Scanner {
        bytes: &input,
        pos: 0,
    };
    let t = sc
        .next_u64()
        .map_err(|e| format!("the number of pairs T {e}"))?;
    // At most one pair per four input bytes: never reserve more than that.
    let cap = usize::try_from(t).unwrap_or(usize::MAX).min(len / 4 + 1);
    let mut out = Vec::with_capacity(cap * 21);
    for k in 1..=t {
        let a = sc.next_u64().map_err(|e| format!("A of pair {k} {e}"))?;
        let b = sc.next_u64().map_err(|e| format!("B of pair {k} {e}"))?;
        push_u64(&mut out, field::mul(a, b));
    }
    Ok(out)
}

fn main() -> ExitCode {
    match run() {
        Ok(out) => {
            let mut stdout = io::stdout().lock();
            match stdout.write_all(&out).and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: cannot write output: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Err(msg) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}
