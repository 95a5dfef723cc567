//! Tables of nim-values in the narrowest integer width that holds them.
//!
//! A nim-sequence of an octal game to `2^30` terms has values below a few
//! hundred: one or two bytes each, not eight. [`NimTable`] starts with `u8`
//! entries and widens the whole table (`u8 → u16 → u32 → u64`) the first
//! time a value does not fit, so nothing ever overflows and memory stays at
//! the minimum. A `u8` table whose first value past 255 is below 512
//! becomes a [`Nine`] (the bytes kept, a bit plane added: 1.125 bytes per
//! value), which widens to `u16` at the first value of 512 or more. [`TableView`] is a borrowed table of any width (including a
//! plain `[Nimber]` slice), with the operations the heap solvers need:
//! lookups, copies, period search.
//!
//! Invariant: every stored value fits the current width; widening copies
//! each value unchanged. Time: O(1) per push, O(n) once per widening (at most
//! three times). Memory: `n × width` bytes, plus the new table during a
//! widening.

use crate::analysis::{find_period, PeriodFound, PeriodTheorem, Periodicity};
use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use std::ops::BitXor;

// The file-backed table's map and its `&[u16]` (safety argument in its
// module docs).
#[allow(unsafe_code)]
mod mapped;
mod nine;
pub use mapped::MappedU16;
pub use nine::{Nine, NineView};

/// An unsigned integer width a table can use.
pub trait Word:
    Copy + Eq + Ord + Default + BitXor<Output = Self> + Into<u64> + Send + Sync + 'static
{
    /// The value as `Self`, if it fits.
    fn from_u64(v: u64) -> Option<Self>;
    /// The value as an index.
    fn index(self) -> usize;
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            #[inline(always)]
            fn from_u64(v: u64) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
        }
    )*};
}
word!(u8, u16, u32, u64);

/// An owned, width-adaptive table of values `G(0), G(1), …`.
#[derive(Debug, PartialEq, Eq)]
pub enum NimTable {
    /// All values below 2^8.
    U8(Vec<u8>),
    /// All values below 2^9, as a byte plane and a bit plane.
    Nine(Nine),
    /// All values below 2^16.
    U16(Vec<u16>),
    /// All values below 2^32.
    U32(Vec<u32>),
    /// Any values.
    U64(Vec<u64>),
    /// Values below 2^16 in a memory-mapped file, not in anonymous memory
    /// (see [`MappedU16`]): a long run's table, kept in its values file.
    /// A value of 2^16 or more is refused, not widened.
    Mapped(MappedU16),
}

impl Clone for NimTable {
    /// A copy in memory (a file-backed table is copied into a `u16` one).
    fn clone(&self) -> Self {
        match self {
            NimTable::U8(v) => NimTable::U8(v.clone()),
            NimTable::Nine(v) => NimTable::Nine(v.clone()),
            NimTable::U16(v) => NimTable::U16(v.clone()),
            NimTable::U32(v) => NimTable::U32(v.clone()),
            NimTable::U64(v) => NimTable::U64(v.clone()),
            NimTable::Mapped(v) => NimTable::U16(v.to_vec()),
        }
    }
}

impl Default for NimTable {
    fn default() -> Self {
        NimTable::U8(Vec::new())
    }
}

/// Runs `$body` with `$s` bound to the table's `Vec`, whatever its width,
/// or `$nine` with `$s` bound to the [`Nine`].
macro_rules! with_slice {
    ($table:expr, $s:ident => $body:expr, nine => $nine:expr) => {
        match $table {
            NimTable::U8($s) => $body,
            NimTable::Nine($s) => $nine,
            NimTable::U16($s) => $body,
            NimTable::U32($s) => $body,
            NimTable::U64($s) => $body,
            NimTable::Mapped($s) => $body,
        }
    };
}
pub(crate) use with_slice;

fn widen<A: Word, B: Word>(v: &Vec<A>) -> Result<Vec<B>> {
    let mut out = Vec::new();
    out.try_reserve_exact(v.capacity().max(v.len()))
        .map_err(|_| out_of_memory(v.len() as u64 * std::mem::size_of::<B>() as u64))?;
    out.extend(v.iter().map(|&x| B::from_u64(x.into()).unwrap_or_default()));
    Ok(out)
}

/// `wide` (a `u16` copy of a table) with room for `capacity` values, as
/// the table it copies had.
fn widen_kept(mut wide: Vec<u16>, capacity: usize) -> Result<Vec<u16>> {
    wide.try_reserve_exact(capacity.saturating_sub(wide.len()))
        .map_err(|_| out_of_memory(capacity as u64 * 2))?;
    Ok(wide)
}

/// Room for `additional` more values in `v` (exactly, past its free room).
fn reserve_vec<T>(
    v: &mut Vec<T>,
    additional: usize,
) -> std::result::Result<(), std::collections::TryReserveError> {
    v.try_reserve_exact(additional.saturating_sub(v.capacity() - v.len()))
}

fn out_of_memory(needed: u64) -> crate::Error {
    ErrorKind::OutOfMemory {
        needed,
        available: 0,
    }
    .into()
}

impl NimTable {
    /// An empty table (`u8` entries).
    pub fn new() -> NimTable {
        NimTable::default()
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        with_slice!(self, s => s.len(), nine => s.len())
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes per entry as values files store them (1, 2, 4 or 8; 2 for a
    /// [`Nine`], which holds 1.125 in memory: see
    /// [`bytes_for`](Self::bytes_for)).
    pub fn width(&self) -> usize {
        match self {
            NimTable::U8(_) => 1,
            NimTable::Nine(_) | NimTable::U16(_) | NimTable::Mapped(_) => 2,
            NimTable::U32(_) => 4,
            NimTable::U64(_) => 8,
        }
    }

    /// `G(i)`, if computed.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Nimber> {
        self.view().get(i)
    }

    /// Bytes in memory for `n` values at this table's width (none for a
    /// file-backed table: its values are in the page cache).
    pub fn bytes_for(&self, n: u64) -> u64 {
        match self {
            NimTable::Nine(_) => Nine::bytes_for(n),
            NimTable::Mapped(_) => 0,
            _ => n.saturating_mul(self.width() as u64),
        }
    }

    /// The table as a borrowed view.
    pub fn view(&self) -> TableView<'_> {
        match self {
            NimTable::U8(s) => TableView::U8(s),
            NimTable::Nine(s) => TableView::Nine(s.view()),
            NimTable::U16(s) => TableView::U16(s),
            NimTable::U32(s) => TableView::U32(s),
            NimTable::U64(s) => TableView::U64(s),
            NimTable::Mapped(s) => TableView::U16(s),
        }
    }

    /// Values the table holds without reallocating.
    pub fn capacity(&self) -> usize {
        with_slice!(self, s => s.capacity(), nine => s.capacity())
    }

    /// Reserves room for `additional` more values at the current width.
    pub fn try_reserve(&mut self, additional: usize) -> Result<()> {
        let width = self.width() as u64;
        let too_big = |len: usize| out_of_memory((len + additional) as u64 * width);
        match self {
            // (Its own error: the disk, not the memory.)
            NimTable::Mapped(s) => s.try_reserve_exact(additional),
            NimTable::Nine(s) => s
                .try_reserve_exact(additional)
                .map_err(|_| too_big(s.len())),
            NimTable::U8(s) => reserve_vec(s, additional).map_err(|_| too_big(s.len())),
            NimTable::U16(s) => reserve_vec(s, additional).map_err(|_| too_big(s.len())),
            NimTable::U32(s) => reserve_vec(s, additional).map_err(|_| too_big(s.len())),
            NimTable::U64(s) => reserve_vec(s, additional).map_err(|_| too_big(s.len())),
        }
    }

    /// Makes every entry wide enough for `v` (a no-op when it already is):
    /// a byte table whose next value is below 512 becomes a 9-bit one.
    pub fn widen_for(&mut self, v: u64) -> Result<()> {
        self.widen_to(v, true)
    }

    /// [`Self::widen_for`], with a byte table going to 9 bits only if
    /// `nine_bits` (to `u16` otherwise).
    pub fn widen_to(&mut self, v: u64, nine_bits: bool) -> Result<()> {
        let new = match self {
            NimTable::U8(s) if v > u64::from(u8::MAX) => {
                if nine_bits && v < Nine::LIMIT {
                    let bytes = std::mem::take(s);
                    let len = bytes.len() as u64;
                    NimTable::Nine(
                        Nine::from_bytes(bytes).map_err(|_| out_of_memory(Nine::bytes_for(len)))?,
                    )
                } else if v <= u64::from(u16::MAX) {
                    NimTable::U16(widen(s)?)
                } else if v <= u64::from(u32::MAX) {
                    NimTable::U32(widen(s)?)
                } else {
                    NimTable::U64(widen(s)?)
                }
            }
            NimTable::Nine(s) if v >= Nine::LIMIT => {
                let wide = s.view().to_u16();
                if v <= u64::from(u16::MAX) {
                    NimTable::U16(widen_kept(wide, s.capacity())?)
                } else if v <= u64::from(u32::MAX) {
                    NimTable::U32(widen(&wide)?)
                } else {
                    NimTable::U64(widen(&wide)?)
                }
            }
            NimTable::U16(s) if v > u64::from(u16::MAX) => {
                if v <= u64::from(u32::MAX) {
                    NimTable::U32(widen(s)?)
                } else {
                    NimTable::U64(widen(s)?)
                }
            }
            NimTable::U32(s) if v > u64::from(u32::MAX) => NimTable::U64(widen(s)?),
            NimTable::Mapped(s) if v > u64::from(u16::MAX) => {
                return Err(Error::unsupported(format!(
                    "the table kept in `{}` holds values below 65536, and G({}) = {v}: run with the table in memory",
                    s.path().display(),
                    s.len()
                )))
            }
            _ => return Ok(()),
        };
        *self = new;
        Ok(())
    }

    /// Appends `G(len) = v`, widening first if needed.
    pub fn push(&mut self, v: u64) -> Result<()> {
        self.widen_for(v)?;
        if let NimTable::Mapped(s) = self {
            // (A full disk is an error here, not an abort in `push`.)
            if s.len() == s.capacity() {
                s.try_reserve_exact(1 + s.len() / 2)?;
            }
        }
        with_slice!(
            self,
            s => s.push(Word::from_u64(v).unwrap_or_default()),
            nine => s.push(v as u16)
        );
        Ok(())
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        with_slice!(self, s => s.truncate(len), nine => s.truncate(len))
    }
}

/// A borrowed table of values of any width.
#[derive(Clone, Copy, Debug)]
pub enum TableView<'a> {
    /// Plain nimbers (the generic dense solver's table).
    Nimbers(&'a [Nimber]),
    /// `u8` entries.
    U8(&'a [u8]),
    /// Values below 2^9, as two planes.
    Nine(NineView<'a>),
    /// `u16` entries.
    U16(&'a [u16]),
    /// `u32` entries.
    U32(&'a [u32]),
    /// `u64` entries.
    U64(&'a [u64]),
}

// The `u64` arms convert `u64` into itself; the macro serves every width
// (a `Nine` as `$nine`, with `$s` bound to its view).
macro_rules! with_view {
    ($view:expr, $s:ident => $body:expr, nine => $nine:expr) => {
        match $view {
            TableView::Nimbers($s) => $body,
            TableView::Nine($s) => $nine,
            TableView::U8($s) => $body,
            TableView::U16($s) => $body,
            TableView::U32($s) => $body,
            TableView::U64($s) => $body,
        }
    };
}

#[allow(clippy::useless_conversion)]
impl<'a> TableView<'a> {
    /// Number of values.
    pub fn len(&self) -> usize {
        with_view!(self, s => s.len(), nine => s.len())
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(i)`, if present.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Nimber> {
        with_view!(
            self,
            s => s.get(i).map(|&v| Nimber::new(v.into())),
            nine => s.get(i).map(|v| Nimber::new(v.into()))
        )
    }

    /// `G(from..=to)` as nimbers (`to` must be below [`len`](Self::len)).
    pub fn to_nimbers(&self, from: usize, to: usize) -> Vec<Nimber> {
        with_view!(
            self,
            s => s[from..=to].iter().map(|&v| Nimber::new(v.into())).collect(),
            nine => s.prefix(to + 1).iter().skip(from).map(|v| Nimber::new(v.into())).collect()
        )
    }

    /// The first `len` values as a view.
    pub fn prefix(&self, len: usize) -> TableView<'a> {
        match *self {
            TableView::Nimbers(s) => TableView::Nimbers(&s[..len]),
            TableView::U8(s) => TableView::U8(&s[..len]),
            TableView::Nine(s) => TableView::Nine(s.prefix(len)),
            TableView::U16(s) => TableView::U16(&s[..len]),
            TableView::U32(s) => TableView::U32(&s[..len]),
            TableView::U64(s) => TableView::U64(&s[..len]),
        }
    }

    /// Copies `G(from), G(from + 1), …` into `out`, as many as there are
    /// (up to `out.len()`); returns how many.
    pub fn copy_to(&self, from: usize, out: &mut [u64]) -> usize {
        with_view!(self, s => {
            let src = s.get(from..).unwrap_or_default();
            let n = src.len().min(out.len());
            for (o, &v) in out[..n].iter_mut().zip(src) {
                *o = v.into();
            }
            n
        }, nine => s.copy_to(from, out))
    }

    /// [`find_period`] on these values.
    pub fn find_period(&self, theorem: PeriodTheorem, arithmetic: bool) -> Option<PeriodFound> {
        with_view!(
            self,
            s => find_period(s, theorem, arithmetic),
            nine => find_period(&s.to_u16(), theorem, arithmetic)
        )
    }

    /// [`Periodicity::value_at`] with these values as the prefix.
    pub fn value_at(&self, p: &Periodicity, n: u64) -> Option<Nimber> {
        with_view!(self, s => p.value_at(s, n), nine => {
            // As `Periodicity::value_at`, reading the two planes.
            let at = |i: u64| s.get(usize::try_from(i).ok()?).map(u64::from);
            if let Some(v) = at(n) {
                return Some(Nimber::new(v));
            }
            let offset = n.checked_sub(p.preperiod)?;
            let start = at(p.preperiod + offset % p.period)?;
            let lift = p.saltus.checked_mul(offset / p.period)?;
            Some(Nimber::new(start.checked_add(lift)?))
        })
    }

    /// FNV-1a (64-bit) of the values, each as 8 little-endian bytes: the
    /// same for every width, so two runs (or two tools) can be compared.
    pub fn checksum(&self) -> u64 {
        with_view!(
            self,
            s => fnv1a(s.iter().map(|&v| v.into())),
            nine => fnv1a(s.iter().map(u64::from))
        )
    }

    /// The largest value (0 for an empty table).
    pub fn max(&self) -> u64 {
        with_view!(
            self,
            s => s.iter().map(|&v| v.into()).max().unwrap_or(0),
            nine => s.iter().map(u64::from).max().unwrap_or(0)
        )
    }
}

/// FNV-1a (64-bit) of `values`, each as 8 little-endian bytes.
pub fn fnv1a(values: impl IntoIterator<Item = u64>) -> u64 {
    values.into_iter().fold(0xcbf2_9ce4_8422_2325, fnv1a_step)
}

/// The FNV-1a (64-bit) prime.
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// `FNV_PRIME^k` (mod 2^64), `k = 0..=8`.
const FNV_POWERS: [u64; 9] = {
    let mut powers = [1u64; 9];
    let mut k = 1;
    while k < 9 {
        powers[k] = powers[k - 1].wrapping_mul(FNV_PRIME);
        k += 1;
    }
    powers
};

/// One more value into an FNV-1a hash (see [`fnv1a`]). A zero byte only
/// multiplies the hash by the prime, so the multiply after a value's
/// highest nonzero byte and those of the zero bytes above it are one
/// multiply by a power of the prime: a one-byte value costs one multiply,
/// not eight (the chain of multiplies is the whole cost of checksumming a
/// long run).
#[inline]
pub fn fnv1a_step(mut h: u64, v: u64) -> u64 {
    let bytes = v.to_le_bytes();
    let Some(last) = (8 - v.leading_zeros() as usize / 8).checked_sub(1) else {
        return h.wrapping_mul(FNV_POWERS[8]);
    };
    for &b in &bytes[..last] {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    (h ^ u64::from(bytes[last])).wrapping_mul(FNV_POWERS[8 - last])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a by its definition: every byte, one xor and one multiply.
    fn fnv1a_bytes(mut h: u64, v: u64) -> u64 {
        for b in v.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(FNV_PRIME);
        }
        h
    }

    proptest::proptest! {
        #[test]
        fn fnv1a_step_is_fnv1a_of_the_eight_bytes(h: u64, v: u64, shift in 0u32..64) {
            // Values of every length, zero included.
            for v in [v, v >> shift, 0, u64::MAX] {
                proptest::prop_assert_eq!(fnv1a_step(h, v), fnv1a_bytes(h, v));
            }
        }
    }

    #[test]
    fn fnv1a_of_known_input() {
        // No value: the offset basis. The value 5 (bytes 05 00 .. 00):
        // computed independently (Python, byte by byte).
        assert_eq!(fnv1a([]), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a([5]), 0x0de2_1504_f16d_c720);
    }

    #[test]
    fn the_table_widens_and_keeps_every_value() {
        let mut t = NimTable::new();
        let values = [0u64, 255, 1, 256, 70_000, 3, 1 << 40, 9];
        for &v in &values {
            t.push(v).unwrap();
        }
        assert_eq!(t.width(), 8);
        for (i, &v) in values.iter().enumerate() {
            assert_eq!(t.get(i), Some(Nimber::new(v)));
        }
        let mut small = NimTable::new();
        small.push(200).unwrap();
        assert_eq!(small.width(), 1);
        small.push(300).unwrap();
        assert_eq!(small.width(), 2);
        assert_eq!(
            small.view().to_nimbers(0, 1),
            [Nimber::new(200), Nimber::new(300)]
        );
    }
}
