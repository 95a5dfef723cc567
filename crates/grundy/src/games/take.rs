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
//! at heap `n`, so `O(Σ hi(n))` time, `O(N)` memory for `G(0..=N)`.
//!
//! With constant bounds, `take:L..R` is the finite subtraction game
//! `{L, L+1, …, R}` (`L ≥ 1`, since a move takes at least one token), and
//! its values have the closed form `G(n) = ⌊(n mod (L+R)) / L⌋`
//! ([`TakeRange::constant_range`]; *Winning Ways* ch. 4 treats the case
//! `L = 1`, Bachet's game). Proof, by induction on `n`, with `m = L + R`,
//! `r = n mod m` and `q = ⌊r/L⌋`: the options `n − k`, `L ≤ k ≤ R`, have
//! the residues `r − R, …, r − L` (mod `m`), every residue except the
//! `2L − 1` within distance `L − 1` of `r`. Those excluded residues
//! include the whole block `qL ≤ y < qL + L` of value `q` (it contains
//! `r`, so lies within distance `L − 1`), so no option has value `q`; and
//! each block of a value `j < q` has a residue at distance at least `L`
//! on both sides (its first one, `jL ≤ r − L`, unless `r` is within `L`
//! of `m`, then its last one), reached by an option once `n ≥ m`, and by
//! the option `n − k = jL ≥ 0` with `k = n − jL ∈ [L, R]` below that. So
//! the mex is `q`. The period `L + R` is minimal (one block of `L` zeros a
//! cycle), with no preperiod. Other bounds have no theorem for periods
//! here; their periods are reported as observed.

use crate::analysis::{PeriodTheorem, Periodicity};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame};
use crate::nimber::Nimber;
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
    /// The bound when it does not depend on the heap (`3`), else `None`.
    pub fn constant(&self) -> Option<u64> {
        (self.a == 0).then(|| u64::try_from(self.c).unwrap_or(0))
    }

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

    /// `(L, R)` when both bounds are constants, so that this is the finite
    /// subtraction game `{L..R}` (`L ≥ 1`; no move at all when `L > R`).
    pub fn constant_range(&self) -> Option<(u64, u64)> {
        Some((self.lo.constant()?.max(1), self.hi.constant()?))
    }

    /// The period `L + R` of the closed form (see the module docs), or 1
    /// when no move is possible; `None` for other bounds or when `L + R`
    /// exceeds `u64`.
    fn closed_form_period(&self) -> Option<(u64, u64, u64)> {
        let (l, r) = self.constant_range()?;
        if l > r {
            return Some((l, r, 1));
        }
        Some((l, r, l.checked_add(r)?))
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
    fn period_theorem(&self) -> PeriodTheorem {
        match self.constant_range() {
            // A subtraction game whose largest move is R.
            Some((l, r)) => PeriodTheorem::Window { k: r.max(l) },
            None => PeriodTheorem::None,
        }
    }

    fn known_periodicity(&self) -> Option<(Periodicity, &'static str)> {
        let (l, r, period) = self.closed_form_period()?;
        let proof = if l > r {
            "no move takes at least L and at most R < L tokens, so G(n) = 0"
        } else {
            "the subtraction set {L..R}: G(n) = floor((n mod (L+R)) / L), by induction on n \
             (the options of n reach every residue mod L+R but the 2L-1 nearest n's, so every \
             smaller value and not its own)"
        };
        Some((
            Periodicity {
                preperiod: 0,
                period,
                saltus: 0,
            },
            proof,
        ))
    }

    fn known_value(&self, n: u64) -> Option<Nimber> {
        let (l, r, period) = self.closed_form_period()?;
        if l > r {
            return Some(Nimber::new(0));
        }
        Some(Nimber::new((n % period) / l))
    }

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

    /// The closed form of constant bounds, `⌊(n mod (L+R)) / L⌋` (and 0
    /// when `L > R`), equals the dense solver on every `L ≤ 9`, `R ≤ 14`
    /// and heap `n ≤ 250`, and its period is the minimal one the values
    /// show.
    #[test]
    fn constant_bounds_have_the_closed_form_of_the_dense_solver() {
        for l in 0..=9u64 {
            for r in 0..=14u64 {
                let game = TakeRange::parse(&format!("take:{l}..{r}")).unwrap();
                let dense = DenseSolver::new(game.clone())
                    .extend_to(250)
                    .unwrap()
                    .to_vec();
                let (p, _) = game.known_periodicity().unwrap();
                for (n, v) in dense.iter().enumerate() {
                    assert_eq!(game.known_value(n as u64), Some(*v), "take:{l}..{r} at {n}");
                }
                let found = crate::analysis::find_period(&dense, PeriodTheorem::None, false)
                    .unwrap()
                    .periodicity;
                assert_eq!(found, p, "take:{l}..{r}");
            }
        }
        let wide = TakeRange::parse("take:3..18446744073709551610").unwrap();
        assert_eq!(
            wide.known_value(u64::MAX),
            Some(Nimber::new(u64::MAX % (u64::MAX - 2) / 3))
        );
        let huge = TakeRange::parse("take:10..18446744073709551615").unwrap();
        assert!(huge.known_periodicity().is_none() && huge.known_value(5).is_none());
        assert!(TakeRange::parse("take:1..n/2")
            .unwrap()
            .known_value(5)
            .is_none());
        assert_eq!(
            TakeRange::parse("take:3..14").unwrap().period_theorem(),
            PeriodTheorem::Window { k: 14 }
        );
    }

    /// Regression: `analyze take:3..14 999999999` was refused (the dense
    /// table would take too long) and `period take:1000..100000` said
    /// "preperiod 38000, period 1" from a few hundred equal values: the
    /// closed form answers the first at once and proves period 101000.
    #[test]
    fn constant_bounds_answer_any_heap_and_prove_their_period() {
        let game = TakeRange::parse("take:3..14").unwrap();
        let mut hv = crate::solve::HeapValues::new(&game);
        assert_eq!(
            hv.value(999_999_999).unwrap().value(),
            (999_999_999 % 17) / 3
        );
        let game = TakeRange::parse("take:1000..100000").unwrap();
        let mut hv = crate::solve::HeapValues::new(&game);
        let r = hv.period(1 << 20).unwrap();
        assert!(r.certified, "{r:?}");
        let p = r.periodicity.unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 101_000, 0));
        assert!(r.proof.contains("0 <= n < "), "{}", r.proof);
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
