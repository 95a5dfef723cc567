//! Checking a table read from a file (a values file, a checkpoint) against
//! the rules, at a small fraction of the cost of computing it.
//!
//! A stored value `G(n)` is *consistent* when it is the mex of its options
//! computed from the stored values below it (the definition, read off the
//! code's digits here, independently of the engine's methods). A table is
//! the game's sequence exactly when every value is consistent, and
//! [`TakeBreakSolver::resume_from`] checks the first and last 64 values;
//! this module checks the rest:
//!
//! - every value, when that costs no more than the budget below (games
//!   whose moves leave at most one heap: a few options per heap);
//! - otherwise a random sample of [`SAMPLES`] heaps, half spread evenly
//!   over the table and half spread evenly in the logarithm of the distance
//!   from its end, within the budget (positions drawn afresh each time, so
//!   a forger cannot know them).
//!
//! Why a sample catches one forged value: where moves split heaps, heap `j`
//! is an option (with another heap) of every larger heap, so a changed
//! `G(j)` makes a good share of the values above it inconsistent (every `n`
//! where the forged option's value is the stored `G(n)`, or where the true
//! one was the only option of some smaller value); a sample that reaches
//! above `j` finds one with near certainty. The heaps near the end are the
//! densest in the sample for that reason.
//!
//! Budget: `2^30 + 32 × len` options looked at (about 1.5 ns each: 1.6 s
//! for a table of 10^7 values, 3 s for 3·10^7). A sampled heap of a code
//! that splits heaps costs about its size in options, so the whole sample
//! ([`SAMPLES`]) is checked up to about 4·10^6 values of Kayles, about 90
//! heaps of it at 3·10^7 (the engine computing such a table costs at least
//! one pass per value and usually far more). A sampled heap whose options
//! exceed what is left is skipped; [`TableCheck`] says how many values were
//! checked.

use super::*;
use std::hash::{BuildHasher, Hasher};

/// Heaps sampled where not every value can be checked.
pub(super) const SAMPLES: u64 = 256;

/// What [`TakeBreakSolver::resume_from`] checked of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableCheck {
    /// Values in the table.
    pub values: u64,
    /// Values at the two ends recomputed by the engine.
    pub ends: u64,
    /// Other values found to be the mex of their options (all of them
    /// when [`complete`](Self::complete)).
    pub sampled: u64,
    /// True when every value of the table was checked.
    pub complete: bool,
}

impl std::fmt::Display for TableCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.complete {
            write!(f, "all {} values checked against the rules", self.values)
        } else {
            write!(
                f,
                "{} of {} values checked against the rules (the {} at the ends and a random sample of {})",
                self.ends + self.sampled,
                self.values,
                self.ends,
                self.sampled
            )
        }
    }
}

/// An upper bound on the options of heap `n` that [`each_option`] visits
/// (as a float: cubic for three-heap moves through a repeating digit).
pub(super) fn options_of(moves: &Moves, n: usize) -> f64 {
    let n_f = n as f64;
    // Two heaps out of `m` tokens: at most `m / 2` ways; three: at most
    // `(m / 3 + 1)(m / 2 + 1)`.
    let pairs = |m: f64| (m / 2.0).max(0.0);
    let triples = |m: f64| {
        if m < 3.0 {
            0.0
        } else {
            (m / 3.0 + 1.0) * (m / 2.0 + 1.0)
        }
    };
    let mut c = 1.0 + moves.single.len() as f64;
    for &k in &moves.pairs {
        c += pairs(n_f - k as f64);
    }
    for &k in &moves.triples {
        c += triples(n_f - k as f64);
    }
    if let Some((first, digit)) = moves.tail {
        // Layers `m = 0..=n − first`: one option leaving no heap, one
        // leaving one heap each, and the splits of each `m`.
        let layers = n_f - first as f64 + 1.0;
        if layers > 0.0 {
            c += 1.0 + layers;
            if digit & LEAVE_TWO != 0 {
                c += layers * pairs(layers);
            }
            if digit & LEAVE_THREE != 0 {
                c += layers * triples(layers);
            }
        }
    }
    c
}

/// Whether the stored `G(n)` is the mex of the options of heap `n` (read
/// from the stored values below it); `Err` with the mex when it is not.
/// `seen` is scratch space.
pub(super) fn check_at<V: ValueTable + ?Sized>(
    moves: &Moves,
    t: &V,
    n: usize,
    seen: &mut Vec<bool>,
) -> std::result::Result<(), u64> {
    let stored: u64 = t.value(n).into();
    // Values above the stored one do not matter; the stored one must be
    // missing and every smaller one present.
    let size = usize::try_from(stored).map_or(usize::MAX, |v| v.saturating_add(1));
    if size as f64 > options_of(moves, n) + 1.0 {
        // More than the options: the mex is smaller.
        return Err(mex_at(moves, t, n, seen, options_of(moves, n) as usize + 2));
    }
    seen.clear();
    seen.resize(size, false);
    each_option(moves, t, n, &mut |v| {
        if let Some(s) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *s = true;
        }
    });
    if seen[..size - 1].iter().all(|&s| s) && !seen[size - 1] {
        return Ok(());
    }
    let cap = (options_of(moves, n) as usize).saturating_add(2);
    Err(mex_at(moves, t, n, seen, cap))
}

/// The mex of the options of heap `n` (at most `cap − 1`).
fn mex_at<V: ValueTable + ?Sized>(
    moves: &Moves,
    t: &V,
    n: usize,
    seen: &mut Vec<bool>,
    cap: usize,
) -> u64 {
    seen.clear();
    seen.resize(cap.max(1), false);
    each_option(moves, t, n, &mut |v| {
        if let Some(s) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *s = true;
        }
    });
    seen.iter().position(|&s| !s).unwrap_or(cap) as u64
}

/// Calls `f` with the value of every option of heap `n`, read from `t`
/// (the rules of the code, as `Moves` groups them).
fn each_option<V: ValueTable + ?Sized>(moves: &Moves, t: &V, n: usize, f: &mut dyn FnMut(u64)) {
    let pairs = |m: usize, f: &mut dyn FnMut(u64)| {
        for a in 1..=moves.half(m) {
            f(t.pair(a, m - a).into());
        }
    };
    let triples = |m: usize, f: &mut dyn FnMut(u64)| {
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                f(t.triple(a, b, m - a - b).into());
            }
        }
    };
    if moves.terminal.contains(&n) {
        f(0);
    }
    for &k in &moves.single {
        if n > k {
            f(t.value(n - k).into());
        }
    }
    for &k in &moves.pairs {
        if n >= k + 2 {
            pairs(n - k, f);
        }
    }
    for &k in &moves.triples {
        if n >= k + 3 {
            triples(n - k, f);
        }
    }
    // The repeating digit: removing any `k ≥ first`, leaving `m = n − k`.
    if let Some((first, digit)) = moves.tail {
        if n >= first {
            if digit & LEAVE_NONE != 0 {
                f(0);
            }
            for m in 0..=n - first {
                if digit & LEAVE_ONE != 0 && m >= 1 {
                    f(t.value(m).into());
                }
                if digit & LEAVE_TWO != 0 {
                    pairs(m, f);
                }
                if digit & LEAVE_THREE != 0 {
                    triples(m, f);
                }
            }
        }
    }
}

/// A source of random numbers for the sample (seeded by the standard
/// library's per-process random hash keys, so no two runs draw the same
/// heaps): SplitMix64.
struct Draw(u64);

impl Draw {
    fn new() -> Self {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(std::process::id().into());
        Draw(h.finish())
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Checks the heaps of `lo..hi` of `t` (see the module docs): every one
/// within the budget, else a sample. `Err((heap, stored, computed))` at
/// the first inconsistent one; otherwise how many were checked and whether
/// that was all of them.
pub(super) fn check_middle<V: ValueTable + ?Sized>(
    moves: &Moves,
    t: &V,
    lo: usize,
    hi: usize,
) -> std::result::Result<(u64, bool), (usize, u64, u64)> {
    if lo >= hi {
        return Ok((0, true));
    }
    let budget = (1u64 << 30) as f64 + 32.0 * t.count() as f64;
    let mut seen = Vec::new();
    let check = |n: usize, seen: &mut Vec<bool>| {
        check_at(moves, t, n, seen).map_err(|computed| (n, t.value(n).into(), computed))
    };
    // Every heap, when affordable.
    let mut total = 0.0;
    for n in lo..hi {
        total += options_of(moves, n);
        if total > budget {
            break;
        }
    }
    if total <= budget {
        for n in lo..hi {
            check(n, &mut seen)?;
        }
        return Ok(((hi - lo) as u64, true));
    }
    let mut draw = Draw::new();
    let span = (hi - lo) as f64;
    let mut spent = 0.0;
    let mut checked = 0;
    for i in 0..SAMPLES {
        let n = if i % 2 == 0 {
            lo + ((draw.unit() * span) as usize).min(hi - lo - 1)
        } else {
            // Distance from the end, log-uniform in [1, span].
            let d = span.powf(draw.unit()) as usize;
            hi - d.clamp(1, hi - lo)
        };
        let cost = options_of(moves, n);
        if spent + cost > budget {
            continue;
        }
        spent += cost;
        check(n, &mut seen)?;
        checked += 1;
    }
    Ok((checked, false))
}
