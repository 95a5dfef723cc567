//! Nothing raw reaches the terminal: text that a script, a game file or an
//! argument put in an error or a result (a position a script formats, a
//! TOML parse error quoting its line) could hold control characters, and
//! a terminal obeys them (ESC `[2J` clears the screen, ESC `]0;...` BEL sets
//! the title, a C1 CSI does as ESC `[`).
//!
//! Every line the command prints goes through [`escape`] (stderr) or an
//! [`Escaping`] writer (stdout): the C0 controls but newline and tab, DEL,
//! the C1 controls U+0080 to U+009F and the bidirectional overrides and
//! isolates (U+202A to U+202E, U+2066 to U+2069, which reorder what
//! follows them on screen) are written as `\uXXXX`. That spelling is also
//! JSON's escape of the same character, so a JSON line stays valid JSON
//! meaning the same string (JSON output has no raw C0 controls: serde
//! escapes them).

use std::borrow::Cow;
use std::io::{self, Write};

/// Whether `c` is written escaped.
fn hidden(c: char) -> bool {
    matches!(c,
        '\0'..='\x08' | '\x0b'..='\x1f' | '\x7f'..='\u{9f}'
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn escaped(c: char) -> String {
    format!("\\u{:04x}", c as u32)
}

/// `text` with its control characters written as `\uXXXX` (see the module
/// docs); newlines and tabs are kept.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if hidden(c) {
            out.push_str(&escaped(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether `bytes` are printable ASCII, newlines and tabs only (values
/// by the million are): checked 64 bytes at a time without a branch per
/// byte, which the compiler turns into vector instructions.
fn plain(bytes: &[u8]) -> bool {
    let odd = |b: u8| (b < 0x20 && b != b'\n' && b != b'\t') | (b >= 0x7f);
    let mut chunks = bytes.chunks_exact(64);
    for chunk in &mut chunks {
        if chunk.iter().fold(false, |any, &b| any | odd(b)) {
            return false;
        }
    }
    !chunks.remainder().iter().any(|&b| odd(b))
}

/// A writer that escapes what [`escape`] escapes. Bytes that are not UTF-8
/// pass as they are, but for the C0 controls and DEL; a character cut
/// between two writes is held until the next one.
pub struct Escaping<W: Write> {
    inner: W,
    /// The start of a character cut at the end of the last write.
    held: Vec<u8>,
}

impl<W: Write> Escaping<W> {
    /// Escapes what is written to `inner`.
    pub fn new(inner: W) -> Self {
        Escaping {
            inner,
            held: Vec::new(),
        }
    }

    /// Writes `bytes` escaped, holding back an incomplete last character.
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        if plain(bytes) {
            return self.inner.write_all(bytes);
        }
        let mut from = 0;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            // ASCII but the controls, and bytes that start no character
            // hidden() can match, are the common case: passed in one run.
            let width = match b {
                b'\n' | b'\t' | 0x20..=0x7e => {
                    i += 1;
                    continue;
                }
                0xc2 | 0xe2 => {
                    if b == 0xc2 {
                        2
                    } else {
                        3
                    }
                }
                0x80.. => {
                    i += 1;
                    continue;
                }
                _ => 1,
            };
            if i + width > bytes.len() {
                self.inner.write_all(&bytes[from..i])?;
                self.held.extend_from_slice(&bytes[i..]);
                return Ok(());
            }
            let hide = std::str::from_utf8(&bytes[i..i + width])
                .ok()
                .and_then(|s| s.chars().next())
                .filter(|&c| hidden(c));
            match hide {
                Some(c) => {
                    self.inner.write_all(&bytes[from..i])?;
                    self.inner.write_all(escaped(c).as_bytes())?;
                    i += width;
                    from = i;
                }
                None => i += 1,
            }
        }
        self.inner.write_all(&bytes[from..])
    }
}

impl<W: Write> Escaping<W> {
    /// The writer underneath.
    pub fn get_ref(&self) -> &W {
        &self.inner
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.held.is_empty() {
            self.put(buf)?;
        } else {
            let mut joined = std::mem::take(&mut self.held);
            joined.extend_from_slice(buf);
            self.put(&joined)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // What is held is not a whole character: it is written as it is.
        let held = std::mem::take(&mut self.held);
        self.inner.write_all(&held)?;
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_text_kept() {
        assert_eq!(escape("plain é ∞{0} ok\n\t"), "plain é ∞{0} ok\n\t");
        assert_eq!(escape("a\x1b[2J\x07\0b"), "a\\u001b[2J\\u0007\\u0000b");
        assert_eq!(
            escape("\u{9b}2J \u{202e}x \r"),
            "\\u009b2J \\u202ex \\u000d"
        );
    }

    #[test]
    fn the_writer_escapes_as_escape_does_whatever_the_pieces() {
        let text = "pos \x1b]0;pwned\x07 \u{9b}31m é \u{2067}x\u{2069} ∞ \x7f end\n";
        let want = escape(text).into_owned();
        for piece in 1..8 {
            let mut w = Escaping::new(Vec::new());
            for chunk in text.as_bytes().chunks(piece) {
                w.write_all(chunk).unwrap();
            }
            w.flush().unwrap();
            assert_eq!(
                String::from_utf8(w.inner).unwrap(),
                want,
                "pieces of {piece}"
            );
        }
    }

    #[test]
    fn a_json_line_stays_the_same_json() {
        let value = serde_json::json!({"name": "a\u{9b}b\u{202e}c\x1b"});
        let mut w = Escaping::new(Vec::new());
        serde_json::to_writer(&mut w, &value).unwrap();
        w.flush().unwrap();
        let text = String::from_utf8(w.inner).unwrap();
        assert!(!text.chars().any(hidden), "{text}");
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
