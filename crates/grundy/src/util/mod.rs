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
