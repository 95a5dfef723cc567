//! A locality-keeping hash for game positions.
//!
//! Solvers visit positions in runs of neighbouring values (heap `n`, then
//! `n − 1`, `n − 3`, …; a tuple whose last coordinate steps by one). A
//! scattering hash such as FxHash sends neighbours to random buckets, and a
//! memo of millions of positions then pays a cache miss per lookup.
//! [`BlockHasher`] keeps the low 3 bits of the (last) word up to an XOR with
//! a constant of its block, so the 8 values of an aligned block land in
//! one run of 8 buckets (half a hashbrown group: one or two cache lines),
//! while everything else — the rest of the word, earlier words, and the 7
//! tag bits the table compares first — is mixed like FxHash. Keys that
//! differ only above bit 3 (bitmasks, packed pairs) therefore scatter as
//! with an ordinary hash: no pattern of keys collides more than it would
//! under FxHash restricted to the blocks.
//!
//! Time: a multiply and a few shifts per word. Not DoS-resistant (no
//! solver input is adversarial in that sense).

use std::hash::{BuildHasherDefault, Hasher};

const K: u64 = 0xf135_7aea_2e62_a9c5;
const BLOCK_BITS: u32 = 3;
const LOW: u64 = (1 << BLOCK_BITS) - 1;
const TAG: u64 = 0x7f << 57;

/// The hasher (see the module docs).
#[derive(Clone, Copy, Default, Debug)]
pub struct BlockHasher {
    acc: u64,
    last: u64,
    words: u64,
}

impl BlockHasher {
    #[inline]
    fn push(&mut self, x: u64) {
        if self.words > 0 {
            self.acc = (self.acc ^ self.last).wrapping_mul(K).rotate_left(26);
        }
        self.last = x;
        self.words += 1;
    }
}

impl Hasher for BlockHasher {
    #[inline]
    fn finish(&self) -> u64 {
        // Spread: everything but the low 12 bits of the last word.
        let high = (self.last >> BLOCK_BITS) ^ self.acc;
        // fmix64-style finalizer: every input bit reaches every output bit.
        let mut spread = high.wrapping_mul(K);
        spread ^= spread >> 32;
        spread = spread.wrapping_mul(K);
        spread ^= spread >> 29;
        let tag = self.last.wrapping_add(self.acc).wrapping_mul(K) & TAG;
        // The low bits are the last word's, XORed with a constant of the
        // block: a permutation inside the block (neighbours stay close), while
        // keys that share their low bits spread over every bucket.
        (spread << BLOCK_BITS & !TAG) | ((self.last ^ spread >> 40) & LOW) | tag
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.push(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.push(u64::from(i));
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.push(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.push(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.push(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.push(i as u64);
    }
}

/// A `HashMap` keyed by positions, with [`BlockHasher`].
pub type PositionMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<BlockHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::hash::{BuildHasher, Hash};

    fn hash<T: Hash>(t: &T) -> u64 {
        BuildHasherDefault::<BlockHasher>::default().hash_one(t)
    }

    #[test]
    fn neighbours_stay_neighbours() {
        let base = hash(&(8u64 * 7));
        let mut low = HashSet::new();
        for i in 0..8u64 {
            low.insert(hash(&(8 * 7 + i)) & LOW);
            assert_eq!(
                hash(&(8 * 7 + i)) >> BLOCK_BITS & 0xffff,
                base >> BLOCK_BITS & 0xffff
            );
        }
        assert_eq!(
            low.len(),
            8,
            "a block is a permutation of one run of buckets"
        );
    }

    /// Structured keys that defeat identity hashing (powers of two, multiples
    /// of a large power of two, pairs) spread over buckets like random ones.
    #[test]
    fn structured_keys_spread() {
        let buckets = 1u64 << 14;
        let spread = |hashes: Vec<u64>| {
            hashes
                .iter()
                .map(|h| h & (buckets - 1))
                .collect::<HashSet<_>>()
                .len()
        };
        let pow2: Vec<u64> = (0..64).map(|k| hash(&(1u64 << k))).collect();
        assert!(spread(pow2) >= 60);
        let strided: Vec<u64> = (0..4096u64).map(|k| hash(&(k << 20))).collect();
        let sequential: Vec<u64> = (0..4096u64).map(|k| hash(&k)).collect();
        assert!(spread(sequential) > 3000, "sequential keys");
        assert!(spread(strided) > 3000, "multiples of 2^20");
        let pairs: Vec<u64> = (0..64u64)
            .flat_map(|a| (0..64u64).map(move |b| hash(&(b, a))))
            .collect();
        assert!(spread(pairs) > 3000, "pairs");
        let tags: HashSet<u64> = (0..4096u64).map(|k| hash(&k) >> 57).collect();
        assert!(tags.len() > 100, "tags of one block vary");
    }
}
