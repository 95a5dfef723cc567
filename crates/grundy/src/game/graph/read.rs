//! Reading the text format of a game graph (see the parent module's docs),
//! in one pass over the bytes.
//!
//! The input is read in blocks of 1 MiB; each complete line is split where
//! it stands, without copying it: an ASCII line (nearly all of them) by a
//! byte scan for white space and `#`, any other line by the `str` rules
//! (`split_whitespace`, so Unicode white space separates names too, and
//! the whole line must be UTF-8). A line longer than [`MAX_LINE_BYTES`]
//! is refused as soon as that much of it is read, and the text as soon as
//! it passes [`MAX_GRAPH_FILE_BYTES`]: `/dev/zero` (no line breaks) or an
//! endless pseudo-file costs a block, not all memory.
//! Names go to [`GraphBuilder::vertex`] (numbers cost no memory per vertex
//! while they count up) and edges to [`GraphBuilder::edge`] (rows filled in
//! place while sources come in order).

use super::{too_big, with_line, GameGraph, GraphBuilder};
use crate::error::{ErrorKind, Result};
use std::io::{ErrorKind as IoKind, Read};

/// Bytes read at a time.
const BLOCK: usize = 1 << 20;

/// The longest line of a graph's text (64 KiB): two vertex names and a
/// comment fit in far less.
pub const MAX_LINE_BYTES: usize = 1 << 16;

/// The longest text of a graph (4 GiB, some 300 million moves between
/// numbered vertices, beyond what the solvers hold in memory).
pub const MAX_GRAPH_FILE_BYTES: u64 = 1 << 32;

// A partial line is at most `MAX_LINE_BYTES`, so the block always has room.
const _: () = assert!(MAX_LINE_BYTES < BLOCK);

fn line_too_long(line_no: u64) -> crate::Error {
    bad(
        line_no,
        format!(
            "the line is longer than {}, the limit for a line of a graph (is it a graph file?)",
            crate::error::human_bytes(MAX_LINE_BYTES as u64)
        ),
    )
}

fn bad(line: u64, reason: String) -> crate::Error {
    ErrorKind::InvalidGraph { line, reason }.into()
}

/// White space as `char::is_whitespace` sees it among ASCII bytes.
#[inline]
fn is_space(b: u8) -> bool {
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// Up to three names of an ASCII line before its comment, or `None` when
/// the line has a byte outside ASCII (then the `str` rules decide).
#[inline]
fn ascii_tokens(line: &[u8]) -> Option<([&[u8]; 3], usize)> {
    let mut tokens: [&[u8]; 3] = [&[]; 3];
    let mut count = 0;
    let mut i = 0;
    let n = line.len();
    while i < n {
        let b = line[i];
        if b >= 0x80 {
            return None;
        }
        if b == b'#' {
            return line[i..].is_ascii().then_some((tokens, count));
        }
        if is_space(b) {
            i += 1;
            continue;
        }
        let start = i;
        while i < n {
            let b = line[i];
            if b >= 0x80 {
                return None;
            }
            if b == b'#' || is_space(b) {
                break;
            }
            i += 1;
        }
        if count < 3 {
            tokens[count] = &line[start..i];
        }
        count += 1;
    }
    Some((tokens, count))
}

/// Adds what one line says to `builder`.
fn add_line(builder: &mut GraphBuilder, line: &[u8], line_no: u64) -> Result<()> {
    if line.len() > MAX_LINE_BYTES {
        return Err(line_too_long(line_no));
    }
    let (tokens, count) = match ascii_tokens(line) {
        Some(found) => found,
        None => return add_line_str(builder, line, line_no),
    };
    match count {
        0 => Ok(()),
        1 => add_ascii(builder, tokens[0], None, line_no),
        2 => add_ascii(builder, tokens[0], Some(tokens[1]), line_no),
        // ASCII is UTF-8.
        _ => Err(third_name(line_no, &String::from_utf8_lossy(tokens[2]))),
    }
}

/// [`add`] of ASCII names, as bytes (no second check of the bytes).
#[inline]
fn add_ascii(builder: &mut GraphBuilder, u: &[u8], v: Option<&[u8]>, line_no: u64) -> Result<()> {
    let u = builder.vertex_ascii(u).map_err(|e| with_line(e, line_no))?;
    if let Some(v) = v {
        let v = builder.vertex_ascii(v).map_err(|e| with_line(e, line_no))?;
        if !builder.edge(u, v) {
            return Err(with_line(too_big("edges"), line_no));
        }
    }
    Ok(())
}

/// The same for a line with bytes beyond ASCII.
fn add_line_str(builder: &mut GraphBuilder, line: &[u8], line_no: u64) -> Result<()> {
    let line =
        std::str::from_utf8(line).map_err(|_| bad(line_no, "it is not valid UTF-8".into()))?;
    let line = match line.find('#') {
        Some(i) => &line[..i],
        None => line,
    };
    let mut tokens = line.split_whitespace();
    let (first, second) = (tokens.next(), tokens.next());
    if let Some(extra) = tokens.next() {
        return Err(third_name(line_no, extra));
    }
    match first {
        None => Ok(()),
        Some(u) => add(builder, u, second, line_no),
    }
}

fn third_name(line_no: u64, extra: &str) -> crate::Error {
    bad(
        line_no,
        format!(
            "expected `FROM TO` or a single vertex name, found a third name `{}`",
            crate::files::excerpt(extra)
        ),
    )
}

#[inline]
fn add(builder: &mut GraphBuilder, u: &str, v: Option<&str>, line_no: u64) -> Result<()> {
    let u = builder.vertex(u).map_err(|e| with_line(e, line_no))?;
    if let Some(v) = v {
        let v = builder.vertex(v).map_err(|e| with_line(e, line_no))?;
        if !builder.edge(u, v) {
            return Err(with_line(too_big("edges"), line_no));
        }
    }
    Ok(())
}

/// A canonical number (no leading zero, at most 19 digits: below 2^64)
/// at the start of `bytes`: its value, its digits.
#[inline]
fn leading_number(bytes: &[u8]) -> Option<(u64, &[u8])> {
    let digits = bytes
        .iter()
        .take(20)
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || digits > 19 || (digits > 1 && bytes[0] == b'0') {
        return None;
    }
    let x = bytes[..digits]
        .iter()
        .fold(0u64, |x, &d| x * 10 + u64::from(d - b'0'));
    Some((x, &bytes[..digits]))
}

/// A number as [`leading_number`] reads it and its digits.
type Number<'a> = (u64, &'a [u8]);

/// The line at the start of `bytes` when it is `A B` with its `\n`: two
/// canonical numbers (as [`leading_number`] reads them) separated by
/// spaces or tabs, with spaces, tabs or a `\r` around them, no comment:
/// the two numbers and the length of the line with its `\n`. `None` for
/// any other line (the general reader takes it), for a line that does
/// not end in `bytes` and for one longer than [`MAX_LINE_BYTES`].
#[inline]
fn number_pair_line(bytes: &[u8]) -> Option<(Number<'_>, Number<'_>, usize)> {
    let blank = |b: &u8| *b == b' ' || *b == b'\t';
    let mut i = bytes.iter().take_while(|b| blank(b)).count();
    let a = leading_number(&bytes[i..])?;
    i += a.1.len();
    let gap = bytes[i..].iter().take_while(|b| blank(b)).count();
    if gap == 0 {
        return None;
    }
    i += gap;
    let b = leading_number(&bytes[i..])?;
    i += b.1.len();
    i += bytes[i..]
        .iter()
        .take_while(|b| blank(b) || **b == b'\r')
        .count();
    // A longer line is refused by the general reader, named.
    (bytes.get(i) == Some(&b'\n') && i <= MAX_LINE_BYTES).then_some((a, b, i + 1))
}

/// [`add`] of the edge `A B` between two canonical numbers.
#[inline]
fn add_numbers(
    builder: &mut GraphBuilder,
    a: Number<'_>,
    b: Number<'_>,
    line_no: u64,
) -> Result<()> {
    let u = builder
        .vertex_number(a.0, a.1)
        .map_err(|e| with_line(e, line_no))?;
    let v = builder
        .vertex_number(b.0, b.1)
        .map_err(|e| with_line(e, line_no))?;
    if !builder.edge(u, v) {
        return Err(with_line(too_big("edges"), line_no));
    }
    Ok(())
}

/// Reads a whole graph (see the module docs).
pub(super) fn read<R: Read>(mut reader: R) -> Result<GameGraph> {
    let mut builder = GraphBuilder::new();
    let mut buf = vec![0u8; BLOCK];
    // `buf[..len]` holds bytes read and not yet used: the start of a line.
    let mut len = 0;
    let mut line_no = 0u64;
    let mut total = 0u64;
    loop {
        let got = match reader.read(&mut buf[len..]) {
            Ok(got) => got,
            Err(e) if e.kind() == IoKind::Interrupted => continue,
            Err(e) => return Err(bad(line_no + 1, format!("it cannot be read: {e}"))),
        };
        if got == 0 {
            if len > 0 {
                add_line(&mut builder, &buf[..len], line_no + 1)?;
            }
            break;
        }
        total += got as u64;
        if total > MAX_GRAPH_FILE_BYTES {
            return Err(bad(
                line_no + 1,
                format!(
                    "the text is longer than {}, the limit for a graph",
                    crate::error::human_bytes(MAX_GRAPH_FILE_BYTES)
                ),
            ));
        }
        let end = len + got;
        let mut start = 0;
        // Only the new bytes can hold the next line end.
        let mut scan = len;
        loop {
            // Most lines of a large graph are `A B`, two numbers: read in
            // the pass that finds their end.
            if let Some((a, b, used)) = number_pair_line(&buf[start..end]) {
                line_no += 1;
                add_numbers(&mut builder, a, b, line_no)?;
                start += used;
                scan = scan.max(start);
                continue;
            }
            let Some(i) = buf[scan..end].iter().position(|&b| b == b'\n') else {
                break;
            };
            line_no += 1;
            add_line(&mut builder, &buf[start..scan + i], line_no)?;
            start = scan + i + 1;
            scan = start;
        }
        buf.copy_within(start..end, 0);
        len = end - start;
        if len > MAX_LINE_BYTES {
            return Err(line_too_long(line_no + 1));
        }
    }
    Ok(builder.build())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The reader as it was: line by line, `str` rules on every line.
    fn read_plain(text: &[u8]) -> Result<GameGraph> {
        let mut builder = GraphBuilder::new();
        let text = text.strip_suffix(b"\n").unwrap_or(text);
        for (i, line) in text.split(|&b| b == b'\n').enumerate() {
            add_line_str(&mut builder, line, i as u64 + 1)?;
        }
        Ok(builder.build())
    }

    fn shape(g: &GameGraph) -> (Vec<String>, Vec<Vec<u32>>) {
        let names = g.vertices().map(|v| g.name(v).into_owned()).collect();
        let rows = g
            .vertices()
            .map(|v| g.successors(v).iter().map(|w| w.0).collect())
            .collect();
        (names, rows)
    }

    /// A reader that hands out a few bytes at a time, so that lines
    /// straddle the reads.
    struct Trickle<'a>(&'a [u8], usize);
    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(out.len()).min(self.0.len());
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_line_up_to_the_limit_is_read_whole_and_a_longer_one_refused() {
        let long = "x".repeat(MAX_LINE_BYTES - 2);
        let text = format!("a {long}\n{long} b");
        let g = read(Trickle(text.as_bytes(), 1000)).unwrap();
        assert_eq!(g.vertex_count(), 3);
        assert_eq!(g.name(super::super::Vertex(1)).len(), MAX_LINE_BYTES - 2);
        let text = format!("a b\na x{long}");
        let e = GameGraph::parse(&text).unwrap_err().to_string();
        assert!(
            e.contains("line 2") && e.contains("longer than 64 KiB"),
            "{e}"
        );
    }

    /// An endless reader of zeros, as `/dev/zero`.
    struct Zeros;
    impl Read for Zeros {
        fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
            out.fill(0);
            Ok(out.len())
        }
    }

    #[test]
    fn an_endless_text_without_line_breaks_is_refused_after_one_block() {
        let e = read(Zeros).unwrap_err().to_string();
        assert!(
            e.contains("line 1") && e.contains("longer than 64 KiB"),
            "{e}"
        );
    }

    proptest! {
        /// Random lines of names (numbers counting up, numbers in any
        /// order, words, Unicode white space, comments, bad lines), read in
        /// random pieces: the same graph, or the same error, as the plain
        /// line-by-line reader.
        #[test]
        fn the_block_reader_equals_the_line_reader(
            lines in proptest::collection::vec(
                (
                    proptest::collection::vec(
                        prop_oneof![
                            (0u32..30).prop_map(|x| x.to_string()),
                            Just("007".to_string()),
                            Just("é".to_string()),
                            Just("v1".to_string()),
                        ],
                        0..4,
                    ),
                    prop_oneof![Just(" "), Just("\t"), Just("\u{a0}"), Just("  ")],
                    prop_oneof![Just(""), Just(" # note"), Just("#x y z"), Just("\r")],
                ),
                0..40,
            ),
            piece in 1usize..20,
            trailing_newline in any::<bool>(),
        ) {
            let mut text = lines
                .iter()
                .map(|(names, sep, tail)| format!("{}{}", names.join(sep), tail))
                .collect::<Vec<_>>()
                .join("\n");
            if trailing_newline {
                text.push('\n');
            }
            let fast = read(Trickle(text.as_bytes(), piece));
            let plain = read_plain(text.as_bytes());
            match (fast, plain) {
                (Ok(a), Ok(b)) => prop_assert_eq!(shape(&a), shape(&b)),
                (Err(a), Err(b)) => prop_assert_eq!(a.to_string(), b.to_string()),
                (a, b) => prop_assert!(false, "{:?} vs {:?}", a.map(|g| shape(&g)), b.map(|g| shape(&g))),
            }
        }
    }
}
