//! The transposition table: per region (a canonical [`Board`]), what is
//! known of its nim-value, and its file format.
//!
//! An entry is either the value or the set of values the region is known
//! *not* to have (bit `j` for value `j < 23`; the pruned search learns
//! these). Regions of at most 64 cells (every region of a board of 64
//! cells or fewer) sit in 12-byte slots, five to a 64-byte line: the cells
//! as a `u64`, and one `u32` holding the box's width (the height follows
//! from the highest cell, a canonical region touching its box's last row)
//! and the entry. A region is only ever in the line its hash picks, so a
//! lookup reads one line, after a Bloom filter that answers most lookups
//! of regions not stored from the cache. The lines double when 3/4 of the
//! slots are used, or 2/3 and a region's line is full, up to a bound in
//! bytes; otherwise a full line forgets its region of fewest cells for the
//! new one (searched again if asked again). (Doubling at 1/2 when a line
//! is full took 4 MB on Cram 5x8 for no less time than 2 MB at 2/3.)
//! Larger regions go to a hash map and are all kept.
//!
//! Saved form (little-endian): the 8 bytes `GRUNDYPT`, a `u32` version
//! (1), a `u32` length and the rules' fingerprint, a `u64` count, then per
//! entry `h: u8, w: u8, cells: u128, entry: u64` (26 bytes; the entry's
//! top bit marks a value, in its low 16 bits, else it is the mask of
//! values excluded). Loading checks the magic, version, fingerprint,
//! length and that every board is valid.

use super::board::{low_bits, Board};
use crate::error::{ErrorKind, Result};
use rustc_hash::FxHashMap;

/// The file's first bytes.
pub(crate) const MAGIC: &[u8; 8] = b"GRUNDYPT";
/// The largest saved table read (4 GiB: the entries of a full table of
/// the default 1 GiB, [`super::search::PlacementConfig::table_bytes`], take
/// under 2 GiB). A file's magic is checked before its length
/// ([`crate::files::read_binary`]).
pub const MAX_FILE_BYTES: u64 = 4 << 30;

/// The bytes of the saved table `path` (what
/// [`AnyGame::load_table`](crate::spec::AnyGame::load_table) takes), or
/// `None` when the file does not exist: a regular file only, its magic
/// checked first, at most [`MAX_FILE_BYTES`] read
/// ([`crate::files::read_binary`]).
pub fn read_file(path: &std::path::Path) -> Result<Option<Vec<u8>>> {
    crate::files::read_binary(path, MAGIC, MAX_FILE_BYTES, "a placement table")
}
/// The format version written and read.
pub(crate) const VERSION: u32 = 1;
const KNOWN: u64 = 1 << 63;
const ENTRY_BYTES: usize = 26;
/// Values below this may be recorded as excluded.
pub(crate) const NOT_BITS: u64 = 23;
/// In a slot's word, the flag of a value (see `Slot`).
const SLOT_VALUE: u32 = 1 << 23;
const NOT_MASK: u32 = (1 << 23) - 1;

/// What is known of a region's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Its nim-value.
    Value(u16),
    /// Values it does not have (bit `j`: not `j`, for `j < 23`).
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

/// One slot of the array: a region's cells (of at most 64), and in
/// `word` its box's width (top 8 bits, 0 for an empty slot), then a flag
/// (bit 23) for a value in the low 16 bits, else the excluded values' mask
/// in the low 23 bits.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, packed(4))]
struct Slot {
    cells: u64,
    word: u32,
}

impl Slot {
    fn width(&self) -> u32 {
        self.word >> 24
    }

    fn known(&self) -> Known {
        let word = self.word;
        if word & SLOT_VALUE != 0 {
            Known::Value(word as u16)
        } else {
            Known::Not(u64::from(word & NOT_MASK))
        }
    }
}

/// The array reserves room for its most lines at once when they take at
/// most this much (untouched room costs no memory): 64 MB.
const RESERVE_BYTES: usize = 64 << 20;

/// Slots in a [`Line`].
const PER_LINE: usize = 5;

/// Five slots in one 64-byte cache line: a region is only ever in the line
/// of its hash, so a lookup reads one line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Line {
    slots: [Slot; PER_LINE],
}

/// The table itself.
#[derive(Debug)]
pub struct Table {
    lines: Vec<Line>,
    /// Most lines (a power of two); at most, a full line forgets its
    /// region of fewest cells (the cheapest to search again) for a new one.
    max_lines: usize,
    /// A filter of the keys in `lines` (a blocked Bloom filter, 6.4 bits
    /// a slot: two bits of one word per key), so that most lookups of a
    /// region not stored — most lookups — read a small array that stays
    /// in the cache instead of the large one. Rebuilt when it has grown
    /// stale (`forgotten`: regions forgotten since).
    filter: Vec<u64>,
    forgotten: usize,
    used: usize,
    large: FxHashMap<Board, u64>,
}

impl Default for Table {
    /// A table that never forgets.
    fn default() -> Self {
        Table::with_max_bytes(usize::MAX)
    }
}

fn bad(name: &str, reason: impl Into<String>) -> crate::error::Error {
    ErrorKind::BadFile {
        path: name.to_string(),
        reason: reason.into(),
    }
    .into()
}

/// The key of a region of at most 64 cells: its cells and its width.
fn small_key(region: &Board) -> Option<(u64, u32)> {
    let n = region.height() * region.width();
    (n <= 64 && region.width() > 0).then(|| (region.cells() as u64, region.width() as u32))
}

/// The region a small key stands for (the height from the highest cell).
fn small_board(cells: u64, w: u32) -> Board {
    if cells == 0 {
        return Board::raw(0, 0, 0);
    }
    let h = (63 - cells.leading_zeros()) / w + 1;
    Board::raw(h as u8, w as u8, u128::from(cells))
}

impl Table {
    /// A table whose array of regions of at most 64 cells takes at most
    /// `bytes` (at least 16 KB; a power of two of 64-byte lines), which
    /// forgets regions when full (see [`Table`]); regions of more cells
    /// are all kept.
    pub fn with_max_bytes(bytes: usize) -> Table {
        let lines = (bytes / std::mem::size_of::<Line>()).max(256);
        Table {
            lines: Vec::new(),
            max_lines: if lines.is_power_of_two() {
                lines
            } else {
                lines.next_power_of_two() / 2
            },
            filter: Vec::new(),
            forgotten: 0,
            used: 0,
            large: FxHashMap::default(),
        }
    }

    /// Regions stored.
    pub fn len(&self) -> usize {
        self.used + self.large.len()
    }

    /// Regions of more than 64 cells stored (all kept, unlike the others).
    pub fn large_len(&self) -> usize {
        self.large.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the array of small regions and its filter take.
    pub fn bytes(&self) -> usize {
        self.lines.len() * std::mem::size_of::<Line>() + self.filter.len() * 8
    }

    /// A multiplicative hash of `(cells, w)`: its high bits pick the line.
    fn hash(cells: u64, w: u32) -> u64 {
        (cells ^ u64::from(w) << 56).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The line of `(cells, w)` (the array is not empty).
    fn home(&self, cells: u64, w: u32) -> usize {
        (Table::hash(cells, w) >> (64 - self.lines.len().trailing_zeros())) as usize
    }

    /// The word of the filter and its two bits for `(cells, w)`.
    fn filter_bits(&self, cells: u64, w: u32) -> (usize, u64) {
        let h = Table::hash(cells, w);
        let word = (h >> (64 - self.filter.len().trailing_zeros())) as usize;
        let m = (h ^ h >> 31).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (word, 1 << (m >> 58) | 1 << (m >> 52 & 63))
    }

    /// Whether `(cells, w)` may be in the array (when not, it is not).
    fn may_hold(&self, cells: u64, w: u32) -> bool {
        let (i, bits) = self.filter_bits(cells, w);
        self.filter[i] & bits == bits
    }

    fn mark(&mut self, cells: u64, w: u32) {
        let (i, bits) = self.filter_bits(cells, w);
        self.filter[i] |= bits;
    }

    /// Rebuilds the array with `lines` lines (every region kept that fits
    /// its line) and the filter. Doubling is done in place: the array's
    /// room for its most lines (when at most [`RESERVE_BYTES`]) is taken at
    /// the first rebuild and touched only as the lines are used, so the
    /// old and the new array are never both in memory.
    fn rebuild(&mut self, lines: usize) {
        if !self.lines.is_empty() && lines == self.lines.len() * 2 {
            return self.grow();
        }
        let mut new = Vec::new();
        if self.max_lines <= RESERVE_BYTES / std::mem::size_of::<Line>() {
            new.reserve_exact(self.max_lines.max(lines));
        }
        new.resize(lines, Line::default());
        let old = std::mem::replace(&mut self.lines, new);
        self.filter = vec![0; (lines / 2).max(1)];
        self.used = 0;
        self.forgotten = 0;
        for s in old.iter().flat_map(|l| l.slots) {
            if s.width() != 0 {
                *self.slot(s.cells, s.width()) = s;
            }
        }
    }

    /// Doubles the array in place. The home of a key is the top bits of its
    /// hash, so old line `i` splits into new lines `2i` and `2i + 1`, which
    /// no other old line feeds; going down from the last line, both are
    /// empty when line `i` is moved (the old lines there have already
    /// moved further up), and each receives at most the old line's slots.
    fn grow(&mut self) {
        let old = self.lines.len();
        self.lines.resize(old * 2, Line::default());
        let bits = (old * 2).trailing_zeros();
        for i in (0..old).rev() {
            let slots = std::mem::take(&mut self.lines[i]).slots;
            let mut fill = [0usize; 2];
            for s in slots {
                if s.width() != 0 {
                    let home = (Table::hash(s.cells, s.width()) >> (64 - bits)) as usize;
                    debug_assert_eq!(home >> 1, i);
                    let k = home & 1;
                    self.lines[home].slots[fill[k]] = s;
                    fill[k] += 1;
                }
            }
        }
        self.filter = Vec::new();
        self.filter = vec![0; old];
        self.refilter();
    }

    /// Rebuilds the filter from the regions in the array (forgotten
    /// regions leave their bits set until then).
    fn refilter(&mut self) {
        self.filter.fill(0);
        self.forgotten = 0;
        for i in 0..self.lines.len() {
            for s in self.lines[i].slots {
                if s.width() != 0 {
                    self.mark(s.cells, s.width());
                }
            }
        }
    }

    /// What is known of `region`.
    pub fn get(&self, region: &Board) -> Option<Known> {
        match small_key(region) {
            Some((cells, w)) => {
                if self.lines.is_empty() || !self.may_hold(cells, w) {
                    return None;
                }
                let line = &self.lines[self.home(cells, w)];
                line.slots
                    .iter()
                    .find(|s| s.width() == w && { s.cells } == cells)
                    .map(Slot::known)
            }
            None => self.large.get(region).map(|&w| Known::unpack(w)),
        }
    }

    /// The slot of a small key, made if absent: the array doubles when
    /// 3/4 full, or 2/3 full and the key's line is full, up to its most
    /// lines; else a full line forgets its region of fewest cells.
    fn slot(&mut self, cells: u64, w: u32) -> &mut Slot {
        if self.lines.is_empty() {
            self.rebuild(256.min(self.max_lines));
        } else if self.lines.len() < self.max_lines
            && self.used * 4 >= self.lines.len() * PER_LINE * 3
        {
            self.rebuild(self.lines.len() * 2);
        }
        let i = self.home(cells, w);
        let line = &self.lines[i].slots;
        let j = match line
            .iter()
            .position(|s| s.width() == 0 || (s.width() == w && { s.cells } == cells))
        {
            Some(j) => j,
            None if self.lines.len() < self.max_lines
                && self.used * 3 >= self.lines.len() * PER_LINE * 2 =>
            {
                self.rebuild(self.lines.len() * 2);
                return self.slot(cells, w);
            }
            None => {
                self.forgotten += 1;
                self.used -= 1;
                (0..PER_LINE)
                    .min_by_key(|&j| { line[j].cells }.count_ones())
                    .unwrap_or(0)
            }
        };
        if self.lines[i].slots[j].width() != w || { self.lines[i].slots[j].cells } != cells {
            self.used += 1;
            self.mark(cells, w);
            self.lines[i].slots[j] = Slot {
                cells,
                word: w << 24,
            };
            if self.forgotten > self.lines.len() * PER_LINE / 2 {
                self.refilter();
            }
        }
        &mut self.lines[i].slots[j]
    }

    /// Records the value of `region`.
    pub fn set_value(&mut self, region: Board, value: u16) {
        match small_key(&region) {
            Some((cells, w)) => {
                self.slot(cells, w).word = w << 24 | SLOT_VALUE | u32::from(value);
            }
            None => {
                self.large.insert(region, Known::Value(value).pack());
            }
        }
    }

    /// Records that `region` does not have the value `not` (kept only for
    /// values below 23, and only while the value is unknown).
    pub fn exclude(&mut self, region: Board, not: u64) {
        if not >= NOT_BITS {
            return;
        }
        match small_key(&region) {
            Some((cells, w)) => {
                let s = self.slot(cells, w);
                if s.word & SLOT_VALUE == 0 {
                    s.word |= 1 << not;
                }
            }
            None => {
                let word = self.large.entry(region).or_insert(0);
                if *word & KNOWN == 0 {
                    *word |= 1 << not;
                }
            }
        }
    }

    /// Every entry, as the board and the saved form's word.
    fn entries(&self) -> impl Iterator<Item = (Board, u64)> + '_ {
        let small = self
            .lines
            .iter()
            .flat_map(|l| l.slots)
            .filter(|s| s.width() != 0)
            .map(|s| (small_board(s.cells, s.width()), s.known().pack()));
        small.chain(self.large.iter().map(|(b, &w)| (*b, w)))
    }

    /// Stores a saved entry, merging with what is known.
    fn merge(&mut self, board: Board, word: u64) {
        match (Known::unpack(word), self.get(&board)) {
            (Known::Value(v), _) => self.set_value(board, v),
            (Known::Not(_), Some(Known::Value(_))) => {}
            (Known::Not(mask), _) => {
                for j in 0..NOT_BITS {
                    if mask & 1 << j != 0 {
                        self.exclude(board, j);
                    }
                }
            }
        }
    }

    /// The table in its saved form, for the rules whose fingerprint is
    /// `fingerprint`.
    pub fn to_bytes(&self, fingerprint: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + fingerprint.len() + self.len() * ENTRY_BYTES);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(fingerprint.len() as u32).to_le_bytes());
        out.extend_from_slice(fingerprint);
        out.extend_from_slice(&(self.len() as u64).to_le_bytes());
        for (board, word) in self.entries() {
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
            let (h, w) = (board.height(), board.width());
            let tight = h > 0
                && w > 0
                && board.cells() & !low_bits(w * (h - 1)) != 0
                && board.cells() & board.column_mask(w - 1) != 0;
            if !tight {
                return Err(bad(name, "an entry is not a region cropped to its box"));
            }
            entries.push((board, u64::from_le_bytes(word)));
        }
        for (board, word) in entries {
            self.merge(board, word);
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

    /// A table of at most 256 lines keeps at most 1,280 regions, and what
    /// it answers is what was stored (a forgotten region is `None`).
    #[test]
    fn a_bounded_table_forgets_but_never_lies() {
        let mut t = Table::with_max_bytes(0);
        let full = Board::full(6, 8).unwrap();
        let mut stored = Vec::new();
        for i in 1..20_000u128 {
            let cells = (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & full.mask()) | 1 | 1 << 47;
            let b = full.with(cells);
            t.set_value(b, (i % 11) as u16);
            stored.push((b, (i % 11) as u16));
        }
        assert!(t.len() <= 256 * PER_LINE);
        let kept = stored
            .iter()
            .filter(|(b, v)| match t.get(b) {
                Some(known) => {
                    assert_eq!(known, Known::Value(*v));
                    true
                }
                None => false,
            })
            .count();
        assert_eq!(kept, t.len());
        assert!(kept > 1000, "only {kept} kept");
    }

    /// A bounded table doubles in place, in the room taken at its first
    /// line (the array never moves), and every region moved in a doubling
    /// is found again: all but the few a full line forgot (below 2/3 full,
    /// a full line forgets rather than doubles).
    #[test]
    fn a_bounded_table_grows_in_place_and_keeps_what_it_holds() {
        let mut t = Table::with_max_bytes(1 << 20);
        let full = Board::full(6, 8).unwrap();
        let mut stored = Vec::new();
        let mut at = None;
        for i in 1..30_000u128 {
            let cells = (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & full.mask()) | 1 | 1 << 47;
            let b = full.with(cells);
            t.set_value(b, (i % 13) as u16);
            stored.push((b, (i % 13) as u16));
            assert_eq!(*at.get_or_insert(t.lines.as_ptr()), t.lines.as_ptr());
        }
        assert_eq!(t.lines.len(), t.max_lines);
        let mut found = 0;
        for (b, v) in &stored {
            if let Some(known) = t.get(b) {
                assert_eq!(known, Known::Value(*v));
                found += 1;
            }
        }
        assert_eq!(found, t.len());
        assert!(
            found * 1000 >= stored.len() * 999,
            "{found} of {} kept",
            stored.len()
        );
    }

    /// Thousands of regions, small and large (over 64 cells), through
    /// the array's growth and the saved form.
    #[test]
    fn many_regions_small_and_large_are_kept() {
        let mut t = Table::default();
        let mut boards = Vec::new();
        for i in 1..5000u128 {
            let (h, w) = if i % 3 == 0 { (9, 9) } else { (4, 6) };
            let full = Board::full(h, w).unwrap();
            // Every cell of the first row and column, so the box is tight.
            let edge = full.column_mask(0) | low_bits(w) | full.column_mask(w - 1);
            let last = full.mask() & !low_bits(w * (h - 1));
            let cells = (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) & full.mask()) | edge | last;
            boards.push(full.with(cells));
        }
        boards.sort();
        boards.dedup();
        for (i, b) in boards.iter().enumerate() {
            if i % 2 == 0 {
                t.set_value(*b, (i % 7) as u16);
            } else {
                t.exclude(*b, (i % 5) as u64);
            }
        }
        assert_eq!(t.len(), boards.len());
        let mut u = Table::default();
        u.load(&t.to_bytes(b"x"), b"x", "t").unwrap();
        for (i, b) in boards.iter().enumerate() {
            let want = if i % 2 == 0 {
                Known::Value((i % 7) as u16)
            } else {
                Known::Not(1 << (i % 5))
            };
            assert_eq!(t.get(b), Some(want));
            assert_eq!(u.get(b), Some(want));
        }
        assert_eq!(t.get(&Board::full(2, 2).unwrap()), None);
    }
}
