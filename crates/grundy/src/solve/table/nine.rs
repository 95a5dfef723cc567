//! [`Nine`]: values below 512 in 9 bits each, as two planes.
//!
//! A take-and-break game like 0.6 has values below 512 to `2^30` and
//! beyond, but about 8% of them are 256 or more: a `u16` table spends 16
//! bits on each, 7 of them always zero. [`Nine`] keeps the low 8 bits of
//! every value in a byte plane and bit 8 in a bit plane (bit `i % 64` of
//! word `i / 64`): 1.125 bytes per value.
//!
//! The bit plane's words are atomics so that one thread may push while
//! others read the values published before (the take-and-break engine's
//! two-thread steps): the single writer changes a word by a `Relaxed` load
//! and store, a reader loads it `Relaxed`; what a reader may read is
//! ordered by the engine's own `Release`/`Acquire` publication of the
//! length. On x86-64 these loads and stores are plain moves.

use std::collections::TryReserveError;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A table of values below [`Nine::LIMIT`], 9 bits each (a byte plane and a
/// bit plane).
///
/// Invariant: `high.len() == len.div_ceil(64)` and the bits of the last word
/// past `len` are zero.
#[derive(Default)]
pub struct Nine {
    low: Vec<u8>,
    high: Vec<AtomicU64>,
}

impl Nine {
    /// Every value is below this.
    pub const LIMIT: u64 = 512;

    /// An empty table.
    pub fn new() -> Nine {
        Nine::default()
    }

    /// The table holding `bytes` (no copy of them: the bit plane, all zero,
    /// is added with room for the bytes' whole capacity).
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Nine, TryReserveError> {
        let mut high = Vec::new();
        high.try_reserve_exact(bytes.capacity().max(bytes.len()).div_ceil(64))?;
        high.resize_with(bytes.len().div_ceil(64), || AtomicU64::new(0));
        Ok(Nine { low: bytes, high })
    }

    /// Number of values.
    #[inline]
    pub fn len(&self) -> usize {
        self.low.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.low.is_empty()
    }

    /// Values the table holds without reallocating.
    pub fn capacity(&self) -> usize {
        self.low.capacity().min(self.high.capacity() * 64)
    }

    /// `G(i)`, if present.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u16> {
        self.view().get(i)
    }

    /// The table as a borrowed view.
    #[inline]
    pub fn view(&self) -> NineView<'_> {
        NineView {
            bytes: &self.low,
            words: &self.high,
        }
    }

    /// The byte plane: the low 8 bits of every value.
    #[inline]
    pub fn bytes(&self) -> &[u8] {
        &self.low
    }

    /// The bit plane: bit 8 of value `i` is bit `i % 64` of word `i / 64`.
    #[inline]
    pub(crate) fn high_words(&self) -> &[AtomicU64] {
        &self.high
    }

    /// Appends `x`.
    ///
    /// # Panics
    /// If `x` is [`Nine::LIMIT`] or more (a caller's bug: [`NimTable::push`]
    /// widens the table instead).
    ///
    /// [`NimTable::push`]: crate::solve::NimTable::push
    #[inline]
    pub fn push(&mut self, x: u16) {
        assert!(u64::from(x) < Self::LIMIT, "a value past 9 bits");
        let i = self.low.len();
        let bit = u64::from(x >> 8) << (i % 64);
        if i.is_multiple_of(64) {
            self.high.push(AtomicU64::new(bit));
        } else if bit != 0 {
            // The only writer: a load and a store (no read-modify-write).
            let word = &self.high[i / 64];
            word.store(word.load(Relaxed) | bit, Relaxed);
        }
        self.low.push(x as u8);
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.low.len() {
            return;
        }
        self.low.truncate(len);
        self.high.truncate(len.div_ceil(64));
        if !len.is_multiple_of(64) {
            let word = &self.high[len / 64];
            word.store(word.load(Relaxed) & ((1 << (len % 64)) - 1), Relaxed);
        }
    }

    /// Reserves room for `additional` more values (exactly, in both
    /// planes).
    pub fn try_reserve_exact(&mut self, additional: usize) -> Result<(), TryReserveError> {
        let want = self.low.len().saturating_add(additional);
        self.low
            .try_reserve_exact(want.saturating_sub(self.low.len()))?;
        self.high
            .try_reserve_exact(want.div_ceil(64).saturating_sub(self.high.len()))
    }

    /// Bytes held for `n` values: `n` bytes and `n / 64` words.
    pub fn bytes_for(n: u64) -> u64 {
        n.saturating_add(n.div_ceil(64).saturating_mul(8))
    }

    /// Every value, in order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.view().iter()
    }

    /// The values as `u16`s (a copy, twice the memory).
    pub fn to_u16(&self) -> Vec<u16> {
        self.iter().collect()
    }
}

/// A borrowed [`Nine`] (or a prefix of one): its byte plane and its bit
/// plane.
#[derive(Clone, Copy, Debug)]
pub struct NineView<'a> {
    bytes: &'a [u8],
    words: &'a [AtomicU64],
}

impl<'a> NineView<'a> {
    /// The view of `bytes` (the low 8 bits of each value) and `words` (bit
    /// 8 of value `i` is bit `i % 64` of word `i / 64`; at least
    /// `bytes.len() / 64` rounded up of them).
    ///
    /// # Panics
    /// If `words` is shorter than that.
    #[inline]
    pub fn new(bytes: &'a [u8], words: &'a [AtomicU64]) -> Self {
        assert!(
            words.len() >= bytes.len().div_ceil(64),
            "a bit plane too short"
        );
        NineView { bytes, words }
    }

    /// Number of values.
    #[inline]
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The byte plane.
    #[inline]
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The bit plane.
    #[inline]
    pub fn words(&self) -> &'a [AtomicU64] {
        self.words
    }

    /// Bit 8 of `G(i)` (0 or 1; `i` below the bit plane's end).
    #[inline(always)]
    pub fn high_bit(&self, i: usize) -> u16 {
        ((self.words[i / 64].load(Relaxed) >> (i % 64)) & 1) as u16
    }

    /// `G(i)`, if present.
    #[inline]
    pub fn get(&self, i: usize) -> Option<u16> {
        let low = *self.bytes.get(i)?;
        Some(u16::from(low) | self.high_bit(i) << 8)
    }

    /// The first `len` values.
    pub fn prefix(&self, len: usize) -> NineView<'a> {
        NineView {
            bytes: &self.bytes[..len],
            words: &self.words[..len.div_ceil(64)],
        }
    }

    /// Every value, in order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + 'a {
        self.bytes
            .chunks(64)
            .zip(self.words)
            .flat_map(|(bytes, word)| {
                let bits = word.load(Relaxed);
                bytes
                    .iter()
                    .enumerate()
                    .map(move |(j, &b)| u16::from(b) | (((bits >> j) & 1) as u16) << 8)
            })
    }

    /// Copies `G(from), G(from + 1), …` into `out`, as many as there are (up
    /// to `out.len()`); returns how many.
    pub fn copy_to(&self, from: usize, out: &mut [u64]) -> usize {
        let n = self.len().saturating_sub(from).min(out.len());
        for (j, o) in out[..n].iter_mut().enumerate() {
            let i = from + j;
            *o = u64::from(self.bytes[i]) | u64::from(self.high_bit(i)) << 8;
        }
        n
    }

    /// The values as `u16`s (a copy, twice the memory).
    pub fn to_u16(&self) -> Vec<u16> {
        self.iter().collect()
    }
}

impl Clone for Nine {
    fn clone(&self) -> Self {
        let high = self
            .high
            .iter()
            .map(|w| AtomicU64::new(w.load(Relaxed)))
            .collect();
        Nine {
            low: self.low.clone(),
            high,
        }
    }
}

impl PartialEq for Nine {
    fn eq(&self, other: &Self) -> bool {
        self.low == other.low
            && self
                .high
                .iter()
                .zip(&other.high)
                .all(|(a, b)| a.load(Relaxed) == b.load(Relaxed))
    }
}

impl Eq for Nine {}

impl std::fmt::Debug for Nine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(n: usize, seed: u64) -> Vec<u16> {
        let mut x = seed | 1;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % 512) as u16
            })
            .collect()
    }

    #[test]
    fn nine_holds_what_a_u16_table_holds() {
        let v = values(1000, 7);
        let mut t = Nine::new();
        for &x in &v {
            t.push(x);
        }
        assert_eq!(t.len(), v.len());
        assert_eq!(t.to_u16(), v);
        for (i, &x) in v.iter().enumerate() {
            assert_eq!(t.get(i), Some(x));
        }
        assert_eq!(t.get(1000), None);
        let p = t.view().prefix(130);
        assert_eq!(p.to_u16(), v[..130]);
        assert_eq!(p.words().len(), 3);
        let mut out = [0u64; 70];
        assert_eq!(t.view().copy_to(950, &mut out), 50);
        assert!(out[..50]
            .iter()
            .zip(&v[950..])
            .all(|(&a, &b)| a == u64::from(b)));
        // Truncating clears the bits past the end: a smaller value pushed
        // there reads back as itself.
        for len in [999, 640, 641, 1, 0] {
            let mut u = t.clone();
            u.truncate(len);
            u.push(5);
            let mut expect = v[..len].to_vec();
            expect.push(5);
            assert_eq!(u.to_u16(), expect);
        }
    }

    #[test]
    fn bytes_become_nine_without_a_copy() {
        let mut bytes = Vec::with_capacity(300);
        bytes.extend((0..130u32).map(|i| (i * 7) as u8));
        let ptr = bytes.as_ptr();
        let mut t = Nine::from_bytes(bytes).unwrap();
        assert_eq!(t.bytes().as_ptr(), ptr);
        assert!(t.capacity() >= 300);
        t.push(300);
        t.push(511);
        assert_eq!(t.get(129), Some((129 * 7 % 256) as u16));
        assert_eq!(t.get(130), Some(300));
        assert_eq!(t.get(131), Some(511));
        assert_eq!(t.bytes().as_ptr(), ptr);
        assert_eq!(Nine::bytes_for(1 << 30), (1 << 30) + (1 << 27));
    }

    #[test]
    #[should_panic(expected = "past 9 bits")]
    fn a_value_of_512_is_refused() {
        Nine::new().push(512);
    }
}
