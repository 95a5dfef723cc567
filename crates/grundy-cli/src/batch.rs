//! Many queries, one process: the lines of standard input (`-`) or of a
//! file (`--input FILE`), one query per line, read as a stream (memory
//! flat in the number of lines). A leaf: it names no other module of the
//! CLI; the command answers each query and prints through its printer.
//!
//! A query is the words of a line (separated by white space; `\r\n`
//! endings are fine). Lines that hold nothing but white space, and lines
//! whose first word starts with `#` (comments), are skipped and get no
//! answer. Lines are numbered from 1 counting every line, skipped or not,
//! so an error names the line of the file.

use anyhow::{anyhow, Context, Result};
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

/// Longest line read (a query of 10^6 heaps of 10 digits is 11 MB).
pub const MAX_LINE: usize = 1 << 28;

/// What a command does with a line that fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnError {
    /// Stop at the first failing line: the error names its line number,
    /// exit status 2 (the answers before it are printed).
    Stop,
    /// Print the error as that line's answer and go on; the exit status
    /// is 2 at the end when a line failed.
    Continue,
}

impl OnError {
    /// `--keep-going` given or not.
    pub fn from_flag(keep_going: bool) -> OnError {
        if keep_going {
            OnError::Continue
        } else {
            OnError::Stop
        }
    }
}

/// The lines of a query stream.
pub struct Queries {
    reader: BufReader<Box<dyn Read>>,
    name: String,
    line: usize,
    buf: Vec<u8>,
}

impl Queries {
    /// The queries of `path`: standard input for `-`, else a regular
    /// file (a FIFO or device is refused: pipe it into `-` instead).
    pub fn open(path: &Path) -> Result<Queries> {
        let (read, name): (Box<dyn Read>, String) = if path == Path::new("-") {
            (Box::new(io::stdin()), "standard input".into())
        } else {
            let file = grundy::files::open_regular(path)?;
            (Box::new(file), format!("`{}`", path.display()))
        };
        Ok(Queries::from_reader(read, name))
    }

    /// The queries of any reader (`name` names it in errors).
    pub fn from_reader(read: Box<dyn Read>, name: String) -> Queries {
        Queries {
            reader: BufReader::with_capacity(1 << 16, read),
            name,
            line: 0,
            buf: Vec::new(),
        }
    }

    /// The next query: its line number and its words; `None` at the end.
    /// `before_wait` runs before a read that may block (no whole line is
    /// buffered): the caller flushes its answers there, so that a program
    /// talking to grundy through pipes sees each answer before it sends the
    /// next query, while a file is answered at buffered speed.
    pub fn next_query(
        &mut self,
        before_wait: &mut dyn FnMut() -> Result<()>,
    ) -> Result<Option<(usize, Vec<String>)>> {
        loop {
            if !self.reader.buffer().contains(&b'\n') {
                before_wait()?;
            }
            self.buf.clear();
            let limit = MAX_LINE as u64 + 1;
            let read = (&mut self.reader)
                .take(limit)
                .read_until(b'\n', &mut self.buf)
                .with_context(|| format!("reading {}", self.name))?;
            if read == 0 {
                return Ok(None);
            }
            self.line += 1;
            if self.buf.len() > MAX_LINE {
                return Err(anyhow!(
                    "line {}: longer than `{MAX_LINE}` bytes (one query per line)",
                    self.line
                ));
            }
            let text = std::str::from_utf8(&self.buf)
                .map_err(|_| anyhow!("line {}: not UTF-8 text", self.line))?;
            let mut words = text.split_whitespace().peekable();
            match words.peek() {
                None => continue,
                Some(w) if w.starts_with('#') => continue,
                Some(_) => return Ok(Some((self.line, words.map(str::to_string).collect()))),
            }
        }
    }
}
