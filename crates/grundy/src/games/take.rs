//! Take a range that depends on the heap: remove `k` tokens with
//! `lo(n) ≤ k ≤ hi(n)`, where the bounds are simple formulas of the heap
//! size `n` (spec `take:1..n/2`: "remove 1 to half of the heap").
//!
//! A bound is an integer or a linear formula `[A*]n[/D][+C|-C]` with
//! natural `A`, `D`, `C` (the division rounds down): `3`, `n`, `n/2`,
//! `n-1`, `2*n/3`, `n/2+1`. A move always takes at least one token and
//! at most the whole heap (the bounds are clamped to `1..=n`), so every
//! option is a smaller heap. This covers the heap rules that games are
//! usually stated with (at most half, at most twice ..., all but one) and
//! is what `take = { min = .., max = .. }` in a TOML game file becomes.
//!
//! Values come from the generic dense solver: `hi(n) − lo(n) + 1` options
//! at heap `n`, so `O(Σ hi(n))` time, `O(N)` memory for `G(0..=N)`. There
//! is no theorem for periods here; periods are reported as observed.

use crate::error::{Error, Result};
use crate::game::{Game, HeapGame};
use crate::util::parse_u64;
use std::fmt;

/// A bound: `(a * n) / d + c` (or an integer when `a = 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    a: u64,
    d: u64,
    c: i128,
}

impl Bound {
    /// The bound at heap `n` (saturating: never wraps).
    pub fn at(&self, n: u64) -> u64 {
        let x = (u128::from(self.a) * u128::from(n)) / u128::from(self.d);
        let v = x as i128 + self.c;
        v.clamp(0, i128::from(u64::MAX)) as u64
    }

    /// Parses a bound (see the module docs); `spec` names the whole spec in
    /// errors.
    pub fn parse(text: &str, spec: &str) -> Result<Bound> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let bad = |why: String| Error::invalid_spec(spec, why);
        if t.is_empty() {
            return Err(bad("a bound is missing (e.g. `take:1..n/2`)".into()));
        }
        // [A*]n[/D][+C|-C], or a plain number.
        let (a, rest) = match t.split_once('n') {
            None => {
                let c = parse_u64(&t).map_err(bad)?;
                return Ok(Bound {
                    a: 0,
                    d: 1,
                    c: i128::from(c),
                });
            }
            Some(("", rest)) => (1, rest),
            Some((a, rest)) => match a.strip_suffix('*') {
                Some(a) => (parse_u64(a).map_err(bad)?, rest),
                None => {
                    return Err(bad(format!(
                        "`{text}` is not a bound: write a multiple of n as `{a}*n`"
                    )))
                }
            },
        };
        let (d, rest) = match rest.strip_prefix('/') {
            Some(r) => {
                let end = r.find(['+', '-']).unwrap_or(r.len());
                let d = parse_u64(&r[..end]).map_err(bad)?;
                if d == 0 {
                    return Err(bad(format!("`{text}` divides by 0")));
                }
                (d, &r[end..])
            }
            None => (1, rest),
        };
        let c = if let Some(c) = rest.strip_prefix('+') {
            i128::from(parse_u64(c).map_err(bad)?)
        } else if let Some(c) = rest.strip_prefix('-') {
            -i128::from(parse_u64(c).map_err(bad)?)
        } else if rest.is_empty() {
            0
        } else {
            return Err(bad(format!(
                "`{text}` is not a bound (use a number or a formula such as `n/2`, `n-1`, `2*n/3+1`)"
            )));
        };
        if a == 0 {
            // `0*n/D-C` is the constant max(C', 0): written as that number,
            // so that the canonical spec parses back.
            return Ok(Bound {
                a: 0,
                d: 1,
                c: c.max(0),
            });
        }
        Ok(Bound { a, d, c })
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.a == 0 {
            return write!(f, "{}", self.c);
        }
        if self.a != 1 {
            write!(f, "{}*", self.a)?;
        }
        f.write_str("n")?;
        if self.d != 1 {
            write!(f, "/{}", self.d)?;
        }
        match self.c {
            0 => Ok(()),
            c if c > 0 => write!(f, "+{c}"),
            c => write!(f, "{c}"),
        }
    }
}

/// Take `k` tokens, `lo(n) ≤ k ≤ hi(n)` (see the module docs).
///
/// ```
/// use grundy::{games::take::TakeRange, solve::DenseSolver};
/// let game = TakeRange::parse("take:1..n/2").unwrap();
/// let mut solver = DenseSolver::new(game);
/// let v: Vec<u64> = solver.extend_to(8).unwrap().iter().map(|g| g.value()).collect();
/// // Heaps 0 and 1 have no move (half of 1 is 0 tokens).
/// assert_eq!(v, [0, 0, 1, 0, 2, 1, 3, 0, 4]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeRange {
    lo: Bound,
    hi: Bound,
}

impl TakeRange {
    /// The game with bounds `lo..hi`.
    pub fn new(lo: Bound, hi: Bound) -> TakeRange {
        TakeRange { lo, hi }
    }

    /// Parses `take:LO..HI` (the `take:` prefix is optional).
    pub fn parse(spec: &str) -> Result<TakeRange> {
        let body = spec.trim();
        let body = body.strip_prefix("take:").unwrap_or(body);
        match body.split_once("..") {
            Some((lo, hi)) => Ok(TakeRange {
                lo: Bound::parse(lo, spec)?,
                hi: Bound::parse(hi.strip_prefix('=').unwrap_or(hi), spec)?,
            }),
            None => Err(Error::invalid_spec(
                spec,
                "expected a range `LO..HI`, e.g. `take:1..n/2`",
            )),
        }
    }

    /// The sizes `k` that may be taken from heap `n`: `max(lo,1)..=min(hi,n)`.
    pub fn range(&self, n: u64) -> std::ops::RangeInclusive<u64> {
        self.lo.at(n).max(1)..=self.hi.at(n).min(n)
    }
}

impl Game for TakeRange {
    type Position = u64;

    fn options(&self, heap: &u64, f: &mut dyn FnMut(&[u64])) {
        let n = *heap;
        for k in self.range(n) {
            f(&[n - k]);
        }
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn position_index(&self, p: &u64) -> Option<usize> {
        usize::try_from(*p).ok()
    }
}

impl HeapGame for TakeRange {
    fn spec(&self) -> String {
        format!("take:{}..{}", self.lo, self.hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Subtraction;
    use crate::solve::{DenseSolver, MemoSolver};
    use crate::Nimber;

    #[test]
    fn bounds_parse_and_print_back() {
        for (text, at10) in [
            ("3", 3),
            ("n", 10),
            ("n/2", 5),
            ("n-1", 9),
            ("2*n/3", 6),
            ("n/2+1", 6),
            ("n - 20", 0),
        ] {
            let b = Bound::parse(text, "t").unwrap();
            assert_eq!(b.at(10), at10, "{text}");
            assert_eq!(Bound::parse(&b.to_string(), "t").unwrap(), b, "{text}");
        }
        for bad in ["", "x", "n/0", "2n", "n*2", "n+", "-3", "n/2/2"] {
            assert!(Bound::parse(bad, "take:1..x").is_err(), "{bad:?}");
        }
        assert_eq!(Bound::parse("n", "t").unwrap().at(u64::MAX), u64::MAX);
        assert_eq!(
            Bound::parse("3*n+5", "t").unwrap().at(u64::MAX),
            u64::MAX,
            "saturates"
        );
    }

    /// `take:1..M` is Bachet's game `bash:M`; `take:1..n` is Nim.
    #[test]
    fn constant_ranges_equal_the_subtraction_games() {
        let n = 200;
        let bash = DenseSolver::new(Subtraction::bash(4).unwrap())
            .extend_to(n)
            .unwrap()
            .to_vec();
        let take = DenseSolver::new(TakeRange::parse("take:1..4").unwrap())
            .extend_to(n)
            .unwrap()
            .to_vec();
        assert_eq!(bash, take);
        let nim = DenseSolver::new(TakeRange::parse("take:1..n").unwrap())
            .extend_to(n)
            .unwrap()
            .to_vec();
        assert!(nim
            .iter()
            .enumerate()
            .all(|(i, v)| *v == Nimber::new(i as u64)));
    }

    /// The dense solver agrees with the memo solver (the plain definition).
    #[test]
    fn dense_equals_memo_on_several_rules() {
        for spec in [
            "take:1..n/2",
            "take:2..n-1",
            "take:n/3..2*n/3+1",
            "take:1..2*n",
        ] {
            let game = TakeRange::parse(spec).unwrap();
            let dense = DenseSolver::new(game.clone())
                .extend_to(300)
                .unwrap()
                .to_vec();
            let mut memo = MemoSolver::new(game);
            for (h, v) in dense.iter().enumerate() {
                assert_eq!(memo.nim_value(&(h as u64)).unwrap(), *v, "{spec} at {h}");
            }
        }
    }

    /// Take 1 to half: G(2m) = m and G(2m+1) = G(m) (provable by induction
    /// from the rules; a regression guard for the bounds, on 0..2000).
    #[test]
    fn take_up_to_half_has_the_halving_pattern() {
        let v = DenseSolver::new(TakeRange::parse("take:1..n/2").unwrap())
            .extend_to(2000)
            .unwrap()
            .to_vec();
        for m in 1..1000usize {
            assert_eq!(v[2 * m].value(), m as u64, "G({})", 2 * m);
            assert_eq!(v[2 * m + 1], v[m], "G({})", 2 * m + 1);
        }
    }
}
