//! A small deterministic generator (xorshift), for loops of random cases:
//! the one copy the crate's tests and benches include (`#[path]`), so a
//! seed means the same cases everywhere.

/// Xorshift64 from a non-zero seed.
pub struct Rng(pub u64);

impl Rng {
    /// The next number, below `n` (`n > 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(n)) as u32
    }
}
