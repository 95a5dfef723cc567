//! The leaf layer: helpers that know nothing about games.
//!
//! [`parse_u64`] reads the numbers of specs and positions with an error
//! that names the problem; [`hash`] is the locality-keeping hash of the
//! solvers' memo tables. Nothing here imports another module of the crate.

pub mod hash;

/// Parses one decimal `u64`, naming the problem on failure.
pub fn parse_u64(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("a number is missing".into());
    }
    if t.starts_with('-') && t[1..].chars().all(|c| c.is_ascii_digit()) && t.len() > 1 {
        return Err(format!("`{t}` is negative"));
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("`{t}` is not a non-negative integer"));
    }
    t.parse::<u64>()
        .map_err(|_| format!("`{t}` is larger than {}", u64::MAX))
}

/// A xorshift generator for the library's randomized tests (deterministic
/// from its seed, no dependency).
#[cfg(test)]
pub(crate) struct TestRng(pub(crate) u64);

#[cfg(test)]
impl TestRng {
    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}
