//! Helpers shared by the benches that print timings with checksums.

use std::time::Instant;

/// FNV-1a of the values as 8-byte little-endian integers (the checksum
/// `grundy` prints).
pub fn fnv(values: impl Iterator<Item = u64>) -> u64 {
    let mut h: u64 = 1469598103934665603;
    for v in values {
        for b in v.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(1099511628211);
        }
    }
    h
}

/// The best time of `runs` runs of `f` (seconds), with the last result.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(r);
    }
    (best, out.expect("at least one run"))
}
