//! The catalogue of named sequences P-positions are compared with.
//!
//! The data is `crates/grundy/data/sequences.txt` (one sequence a line:
//! reference, generator, name; the file documents the generators), built
//! into the library and parsed once. A generator lists the terms `>= 1` of
//! its sequence up to a bound, in increasing order, without repeats.
//!
//! Beatty sequences `⌊nα⌋` for a quadratic irrational `α = (a + b√d)/c`
//! are computed exactly: `⌊nα⌋ = ⌊(a·n + ⌊b·n·√d⌋)/c⌋` (for `c > 0`), and
//! `⌊b·n·√d⌋` is an integer square root of `b²n²d` (rounded up and negated
//! when `b < 0`). No floating point is involved, so `⌊nφ⌋` is right for
//! every `n` whose square fits the arithmetic (`n < 2^40` here).

use std::sync::OnceLock;

/// The catalogue file, built in.
const DATA: &str = include_str!("../../../data/sequences.txt");

/// Largest `n` a Beatty term is computed for (`b²n²d` stays in `u128`).
const MAX_BEATTY_N: u64 = 1 << 40;

/// Largest absolute value of a number in the data file.
const MAX_COEFFICIENT: u64 = 1 << 20;

/// One named sequence of the catalogue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// What reports call it, e.g. "Fibonacci numbers".
    pub name: String,
    /// An OEIS A-number, if there is one.
    pub reference: Option<String>,
    /// How its terms are made.
    pub generator: Generator,
}

/// How a catalogue sequence makes its terms (see the data file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Generator {
    /// Distinct Fibonacci numbers `1, 2, 3, 5, …`.
    Fibonacci,
    /// Lucas numbers `1, 3, 4, 7, …` (2 included).
    Lucas,
    /// `1, k, k², …`.
    Powers(u64),
    /// `1, 4, 9, …`.
    Squares,
    /// `1, 3, 6, 10, …`.
    Triangular,
    /// `⌊nα⌋`, `n ≥ 1`, for `α = (a + b√d)/c`.
    Beatty(QuadraticIrrational),
    /// Numbers `≥ 1` with an even number of 1 bits.
    Evil,
    /// Numbers with an odd number of 1 bits.
    Odious,
    /// Numbers whose binary form ends in the given bits.
    Suffix {
        /// The final bits, as a number.
        bits: u64,
        /// How many bits.
        width: u32,
    },
    /// Every term of the inner sequence plus a constant (terms below 1
    /// dropped).
    Plus(i64, Box<Generator>),
    /// The terms of either sequence.
    Union(Box<Generator>, Box<Generator>),
}

/// `(a + b√d)/c` with `d` not a perfect square and `c > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuadraticIrrational {
    /// Rational part numerator.
    pub a: i64,
    /// Coefficient of `√d`.
    pub b: i64,
    /// The radicand (not a square).
    pub d: u64,
    /// Denominator, positive.
    pub c: i64,
}

impl QuadraticIrrational {
    /// The golden ratio `(1 + √5)/2`.
    pub const PHI: QuadraticIrrational = QuadraticIrrational {
        a: 1,
        b: 1,
        d: 5,
        c: 2,
    };

    /// `⌊n·self⌋`, exactly; `None` beyond the arithmetic's range (or for
    /// a denominator `c ≤ 0`).
    pub fn floor_mul(&self, n: u64) -> Option<i128> {
        if n > MAX_BEATTY_N || self.c <= 0 {
            return None;
        }
        let n = i128::from(n);
        let b = i128::from(self.b);
        // ⌊b·n·√d⌋ from the integer square root of b²n²d.
        let bn = b.checked_mul(n)?.unsigned_abs();
        let m = bn.checked_mul(bn)?.checked_mul(u128::from(self.d))?;
        let r = m.isqrt();
        let r = i128::try_from(r).ok()?;
        let floor_t = if b >= 0 {
            r
        } else if (r as u128) * (r as u128) == m {
            -r
        } else {
            -r - 1
        };
        Some(
            i128::from(self.a)
                .checked_mul(n)?
                .checked_add(floor_t)?
                .div_euclid(i128::from(self.c)),
        )
    }

    /// Whether `self < x` for an integer `x` (exact for the catalogue's
    /// bounded numbers).
    fn less_than(&self, x: i64) -> bool {
        // (a + b√d)/c < x  ⇔  b√d < x·c − a.
        // Wide enough for the catalogue's bounded numbers; beyond, the
        // squares saturate (and are compared as equal-or-larger).
        let rhs = i128::from(x)
            .saturating_mul(i128::from(self.c))
            .saturating_sub(i128::from(self.a));
        let b = i128::from(self.b);
        let left = b.saturating_mul(b).saturating_mul(i128::from(self.d));
        let right = rhs.saturating_mul(rhs);
        match (b >= 0, rhs >= 0) {
            (true, false) => false,
            (false, true) => true,
            (true, true) => left < right,
            (false, false) => left > right,
        }
    }

    /// `β = α/(α−1)`, the complement of `α` in Beatty's theorem (for
    /// `α > 1`: the sequences `⌊nα⌋` and `⌊nβ⌋` partition the positive
    /// integers). `None` if the numbers do not fit.
    pub fn complement(&self) -> Option<QuadraticIrrational> {
        // (a + b√d)/(a − c + b√d) = (a + b√d)(a − c − b√d)/((a−c)² − b²d).
        let (a, b, c, d) = (
            i128::from(self.a),
            i128::from(self.b),
            i128::from(self.c),
            i128::from(self.d),
        );
        let mut na = a * (a - c) - b * b * d;
        let mut nb = -b * c;
        let mut den = (a - c) * (a - c) - b * b * d;
        if den == 0 {
            return None;
        }
        if den < 0 {
            na = -na;
            nb = -nb;
            den = -den;
        }
        let g = gcd(
            gcd(na.unsigned_abs(), nb.unsigned_abs()),
            den.unsigned_abs(),
        ) as i128;
        Some(QuadraticIrrational {
            a: i64::try_from(na / g).ok()?,
            b: i64::try_from(nb / g).ok()?,
            d: self.d,
            c: i64::try_from(den / g).ok()?,
        })
    }

    /// `α` written out, e.g. `(1+sqrt(5))/2`.
    pub fn describe(&self) -> String {
        if *self == QuadraticIrrational::PHI {
            return "phi".into();
        }
        if Some(*self) == QuadraticIrrational::PHI.complement() {
            return "phi^2".into();
        }
        let root = match self.b {
            1 => format!("sqrt({})", self.d),
            -1 => format!("-sqrt({})", self.d),
            b => format!("{b}*sqrt({})", self.d),
        };
        let top = match self.a {
            0 => root,
            a if root.starts_with('-') => format!("{a}{root}"),
            a => format!("{a}+{root}"),
        };
        if self.c == 1 {
            top
        } else {
            format!("({top})/{}", self.c)
        }
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

impl Generator {
    /// The terms in `1..=max`, increasing, without repeats.
    pub fn terms(&self, max: u64) -> Vec<u64> {
        let mut out = Vec::new();
        match self {
            Generator::Fibonacci | Generator::Lucas => {
                let (mut x, mut y) = if *self == Generator::Fibonacci {
                    (1u64, 2u64)
                } else {
                    (2u64, 1u64)
                };
                while x <= max {
                    out.push(x);
                    let z = x.saturating_add(y);
                    x = y;
                    y = z;
                    if x == u64::MAX {
                        break;
                    }
                }
                if *self == Generator::Lucas {
                    // 2, 1, 3, 4, ...: sort the first two.
                    out.sort_unstable();
                }
            }
            Generator::Powers(k) => {
                let mut x = 1u64;
                while x <= max {
                    out.push(x);
                    match x.checked_mul(*k) {
                        Some(y) if *k > 1 => x = y,
                        _ => break,
                    }
                }
            }
            Generator::Squares | Generator::Triangular => {
                for i in 1u64.. {
                    let t = if *self == Generator::Squares {
                        i.checked_mul(i)
                    } else {
                        i.checked_mul(i + 1).map(|x| x / 2)
                    };
                    match t {
                        Some(t) if t <= max => out.push(t),
                        _ => break,
                    }
                }
            }
            Generator::Beatty(alpha) => {
                for n in 1u64.. {
                    match alpha.floor_mul(n) {
                        Some(t) if t > i128::from(max) => break,
                        Some(t) if t >= 1 => {
                            let t = t as u64;
                            if out.last() != Some(&t) {
                                out.push(t);
                            }
                        }
                        Some(_) => {}
                        None => break,
                    }
                    if n > max.saturating_mul(4).saturating_add(4) {
                        break;
                    }
                }
            }
            Generator::Evil | Generator::Odious => {
                let want = u32::from(*self == Generator::Odious);
                out.extend((1..=max).filter(|n| n.count_ones() % 2 == want));
            }
            Generator::Suffix { bits, width } => {
                let mask = (1u64 << width) - 1;
                out.extend((1..=max).filter(|n| n & mask == *bits && n >> (width - 1) > 0));
            }
            Generator::Plus(c, inner) => {
                let bound = if *c < 0 {
                    max.saturating_add(c.unsigned_abs())
                } else {
                    max
                };
                for t in inner.terms(bound) {
                    let v = i128::from(t) + i128::from(*c);
                    if v >= 1 && v <= i128::from(max) {
                        out.push(v as u64);
                    }
                }
            }
            Generator::Union(x, y) => {
                out = x.terms(max);
                out.extend(y.terms(max));
                out.sort_unstable();
                out.dedup();
            }
        }
        out
    }

    /// Parses a generator of the data file.
    fn parse(text: &str) -> Option<Generator> {
        if let Some((x, y)) = text
            .trim_start()
            .strip_prefix("union ")
            .and_then(|t| t.split_once(';'))
        {
            return Some(Generator::Union(
                Box::new(Generator::parse(x)?),
                Box::new(Generator::parse(y)?),
            ));
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        // Numbers are bounded so that exact arithmetic stays within i128.
        let num = |i: usize| {
            words
                .get(i)
                .and_then(|w| w.parse::<i64>().ok())
                .filter(|x| x.unsigned_abs() <= MAX_COEFFICIENT)
        };
        Some(match *words.first()? {
            "fibonacci" => Generator::Fibonacci,
            "lucas" => Generator::Lucas,
            "powers" => Generator::Powers(u64::try_from(num(1)?).ok().filter(|&k| k >= 2)?),
            "squares" => Generator::Squares,
            "triangular" => Generator::Triangular,
            "evil" => Generator::Evil,
            "odious" => Generator::Odious,
            "beatty" => {
                let d = u64::try_from(num(3)?).ok()?;
                let c = num(4)?;
                if c <= 0 || d.isqrt() * d.isqrt() == d || words.len() != 5 {
                    return None;
                }
                Generator::Beatty(QuadraticIrrational {
                    a: num(1)?,
                    b: num(2)?,
                    d,
                    c,
                })
            }
            "suffix" => {
                let w = words.get(1)?;
                if w.is_empty() || w.len() > 16 || !w.bytes().all(|b| b == b'0' || b == b'1') {
                    return None;
                }
                Generator::Suffix {
                    bits: u64::from_str_radix(w, 2).ok()?,
                    width: w.len() as u32,
                }
            }
            "plus" => {
                let c = num(1)?;
                let rest = text.trim_start().strip_prefix("plus")?.trim_start();
                let rest = rest.split_once(char::is_whitespace)?.1;
                Generator::Plus(c, Box::new(Generator::parse(rest)?))
            }
            _ => return None,
        })
    }
}

/// Parses catalogue text (the format of the data file); `Err` names the
/// first bad line.
pub fn parse(text: &str) -> Result<Vec<Sequence>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        let bad = || format!("line {}: `{line}`", i + 1);
        let [reference, generator, name] = parts[..] else {
            return Err(bad());
        };
        let generator = Generator::parse(generator).ok_or_else(bad)?;
        out.push(Sequence {
            name: name.to_string(),
            reference: (reference != "-").then(|| reference.to_string()),
            generator,
        });
    }
    Ok(out)
}

/// The built-in catalogue (parsed once; the data file is checked by a
/// test, so a bad line cannot reach a release).
pub fn catalogue() -> &'static [Sequence] {
    static CATALOGUE: OnceLock<Vec<Sequence>> = OnceLock::new();
    CATALOGUE.get_or_init(|| parse(DATA).unwrap_or_default())
}

/// The Beatty numbers `α` of the catalogue with `1 < α < 2` (each has a
/// complement `β > 2`): the candidates for pairs `(⌊kα⌋, ⌊kβ⌋)`.
pub fn beatty_pairs() -> Vec<(&'static Sequence, QuadraticIrrational, QuadraticIrrational)> {
    catalogue()
        .iter()
        .filter_map(|s| match &s.generator {
            Generator::Beatty(alpha) if !alpha.less_than(1) && alpha.less_than(2) => {
                Some((s, *alpha, alpha.complement()?))
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_parses_whole() {
        let parsed = parse(DATA).unwrap();
        assert_eq!(parsed.len(), catalogue().len());
        assert!(parsed.len() >= 20);
        assert!(parse("A1 | nonsense 3 | x").is_err());
        assert!(parse("A1 | beatty 1 1 4 2 | square radicand").is_err());
    }

    #[test]
    fn generators_give_the_known_first_terms() {
        let by_ref = |r: &str| {
            catalogue()
                .iter()
                .find(|s| s.reference.as_deref() == Some(r))
                .unwrap()
                .generator
                .terms(40)
        };
        assert_eq!(by_ref("A000045"), [1, 2, 3, 5, 8, 13, 21, 34]);
        assert_eq!(by_ref("A000032"), [1, 2, 3, 4, 7, 11, 18, 29]);
        assert_eq!(
            by_ref("A000201"),
            [
                1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35,
                37, 38, 40
            ]
        );
        assert_eq!(
            by_ref("A001950"),
            [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31, 34, 36, 39]
        );
        assert_eq!(
            by_ref("A001951"),
            [
                1, 2, 4, 5, 7, 8, 9, 11, 12, 14, 15, 16, 18, 19, 21, 22, 24, 25, 26, 28, 29, 31,
                32, 33, 35, 36, 38, 39
            ]
        );
        assert_eq!(
            by_ref("A001969"),
            [3, 5, 6, 9, 10, 12, 15, 17, 18, 20, 23, 24, 27, 29, 30, 33, 34, 36, 39, 40]
        );
        assert_eq!(by_ref("A000225"), [1, 3, 7, 15, 31]);
        assert_eq!(by_ref("A016825"), [2, 6, 10, 14, 18, 22, 26, 30, 34, 38]);
    }

    #[test]
    fn beatty_is_exact_where_floats_fail() {
        // floor(n*phi) against the integer characterization: m = floor(n*phi)
        // iff m^2 - m*n - n^2 < 0 <= (m+1)^2 - (m+1)*n - n^2 ... checked by
        // the identity floor(n*phi) = floor((n + isqrt(5n^2))/2).
        for n in [1u64, 10, 1_000_000_007, (1 << 40) - 3] {
            let m = QuadraticIrrational::PHI.floor_mul(n).unwrap();
            let n = i128::from(n);
            // m < n*phi < m + 1  ⇔  (2m - n)^2 < 5n^2 < (2m + 2 - n)^2 (both sides positive).
            assert!((2 * m - n).pow(2) < 5 * n * n);
            assert!(5 * n * n < (2 * m + 2 - n).pow(2));
        }
    }

    #[test]
    fn complements_partition_the_integers() {
        for (_, alpha, beta) in beatty_pairs() {
            let mut all = Generator::Beatty(alpha).terms(500);
            all.extend(Generator::Beatty(beta).terms(500));
            all.sort_unstable();
            assert_eq!(all, (1..=500).collect::<Vec<u64>>(), "{alpha:?} {beta:?}");
        }
        assert_eq!(
            QuadraticIrrational::PHI.complement(),
            Some(QuadraticIrrational {
                a: 3,
                b: 1,
                d: 5,
                c: 2
            })
        );
    }
}
