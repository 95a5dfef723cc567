//! The transposition table: per region (a canonical [`Board`]), what is
//! known of its nim-value, in one `u64`, and its file format.
//!
//! An entry is either the value (top bit set, the value in the low 16
//! bits) or the set of values the region is known *not* to have (bit `j`
//! for value `j < 63`; the pruned search learns these). Each entry takes
//! the 24-byte board and the 8-byte word.
//!
//! Saved form (little-endian): the 8 bytes `GRUNDYPT`, a `u32` version
//! (1), a `u32` length and the rules' fingerprint, a `u64` count, then per
//! entry `h: u8, w: u8, cells: u128, entry: u64` (26 bytes). Loading checks
//! the magic, version, fingerprint, length and that every board is valid.

use super::board::Board;
use crate::error::{ErrorKind, Result};
use rustc_hash::FxHashMap;

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"GRUNDYPT";
/// The format version written and read.
pub const VERSION: u32 = 1;
const KNOWN: u64 = 1 << 63;
const ENTRY_BYTES: usize = 26;

/// What is known of a region's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Its nim-value.
    Value(u16),
    /// Values it does not have (bit `j`: not `j`, for `j < 63`).
    Not(u64),
}

impl Known {
    fn pack(self) -> u64 {
        match self {
            Known::Value(v) => KNOWN | u64::from(v),
            Known::Not(mask) => mask & !KNOWN,
        }
    }

    fn unpack(word: u64) -> Known {
        if word & KNOWN != 0 {
            Known::Value(word as u16)
        } else {
            Known::Not(word)
        }
    }
}

/// The table itself.
#[derive(Default, Debug)]
pub struct Table {
    map: FxHashMap<Board, u64>,
}

fn bad(name: &str, reason: impl Into<String>) -> crate::error::Error {
    ErrorKind::BadFile {
        path: name.to_string(),
        reason: reason.into(),
    }
    .into()
}

impl Table {
    /// Regions stored.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// What is known of `region`.
    pub fn get(&self, region: &Board) -> Option<Known> {
        self.map.get(region).map(|&w| Known::unpack(w))
    }

    /// Records the value of `region`.
    pub fn set_value(&mut self, region: Board, value: u16) {
        self.map.insert(region, Known::Value(value).pack());
    }

    /// Records that `region` does not have the value `not` (kept only for
    /// values below 63, and only while the value is unknown).
    pub fn exclude(&mut self, region: Board, not: u64) {
        if not >= 63 {
            return;
        }
        let word = self.map.entry(region).or_insert(0);
        if *word & KNOWN == 0 {
            *word |= 1 << not;
        }
    }

    /// The table in its saved form, for the rules whose fingerprint is
    /// `fingerprint`.
    pub fn to_bytes(&self, fingerprint: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + fingerprint.len() + self.map.len() * ENTRY_BYTES);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(fingerprint.len() as u32).to_le_bytes());
        out.extend_from_slice(fingerprint);
        out.extend_from_slice(&(self.map.len() as u64).to_le_bytes());
        for (board, &word) in &self.map {
            out.push(board.height() as u8);
            out.push(board.width() as u8);
            out.extend_from_slice(&board.cells().to_le_bytes());
            out.extend_from_slice(&word.to_le_bytes());
        }
        out
    }

    /// Adds the entries of a saved table (`name` names it in errors) for
    /// the rules whose fingerprint is `fingerprint`; an error, and nothing
    /// added, when the bytes are not such a table.
    pub fn load(&mut self, bytes: &[u8], fingerprint: &[u8], name: &str) -> Result<()> {
        let take = |at: &mut usize, n: usize| -> Result<&[u8]> {
            let end = at.checked_add(n).filter(|&e| e <= bytes.len());
            let end = end.ok_or_else(|| bad(name, "truncated"))?;
            let s = &bytes[*at..end];
            *at = end;
            Ok(s)
        };
        let mut at = 0;
        if take(&mut at, 8)? != MAGIC {
            return Err(bad(
                name,
                "not a placement table (its first bytes are not `GRUNDYPT`)",
            ));
        }
        let word4 = |s: &[u8]| u32::from_le_bytes([s[0], s[1], s[2], s[3]]);
        let version = word4(take(&mut at, 4)?);
        if version != VERSION {
            return Err(bad(
                name,
                format!("table version {version}, this build reads version {VERSION}"),
            ));
        }
        let len = word4(take(&mut at, 4)?) as usize;
        if take(&mut at, len)? != fingerprint {
            return Err(bad(
                name,
                "the table was written for another game (or board family, or graph)",
            ));
        }
        let mut count = [0u8; 8];
        count.copy_from_slice(take(&mut at, 8)?);
        let count = u64::from_le_bytes(count);
        let rest = bytes.len() - at;
        if count.checked_mul(ENTRY_BYTES as u64) != Some(rest as u64) {
            return Err(bad(
                name,
                format!("it claims {count} entries but holds {rest} bytes of entries"),
            ));
        }
        let mut entries = Vec::with_capacity(count as usize);
        for chunk in bytes[at..].chunks_exact(ENTRY_BYTES) {
            let mut cells = [0u8; 16];
            cells.copy_from_slice(&chunk[2..18]);
            let mut word = [0u8; 8];
            word.copy_from_slice(&chunk[18..26]);
            let board = Board::new(
                usize::from(chunk[0]),
                usize::from(chunk[1]),
                u128::from_le_bytes(cells),
            )
            .map_err(|e| bad(name, format!("an entry is not a board: {e}")))?;
            entries.push((board, u64::from_le_bytes(word)));
        }
        self.map.reserve(entries.len());
        for (board, word) in entries {
            match (Known::unpack(word), self.get(&board)) {
                (Known::Value(_), _) | (_, None) => {
                    self.map.insert(board, word);
                }
                (Known::Not(mask), Some(Known::Not(old))) => {
                    self.map.insert(board, mask | old);
                }
                (Known::Not(_), Some(Known::Value(_))) => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_survives_its_saved_form_and_refuses_others() {
        let mut t = Table::default();
        let a = Board::full(2, 3).unwrap();
        let b = Board::full(1, 5).unwrap();
        t.set_value(a, 7);
        t.exclude(b, 0);
        t.exclude(b, 3);
        t.exclude(b, 99);
        let bytes = t.to_bytes(b"cram");
        let mut u = Table::default();
        u.load(&bytes, b"cram", "t").unwrap();
        assert_eq!(u.get(&a), Some(Known::Value(7)));
        assert_eq!(u.get(&b), Some(Known::Not(0b1001)));
        let e = |bytes: &[u8], fp: &[u8]| {
            Table::default()
                .load(bytes, fp, "t")
                .unwrap_err()
                .to_string()
        };
        assert!(e(&bytes, b"chomp").contains("another game"));
        assert!(e(&bytes[..bytes.len() - 1], b"cram").contains("entries"));
        assert!(e(&bytes[..10], b"cram").contains("truncated"));
        assert!(e(b"not a table at all", b"cram").contains("GRUNDYPT"));
    }
}
