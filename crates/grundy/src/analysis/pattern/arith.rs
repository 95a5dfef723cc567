//! Number-theoretic rules for the values `G(0..=N)` of a heap game: the
//! rules contest tutorials find by printing the table ("打表找规律") when
//! the values are not periodic.
//!
//! Two shapes, each observed on the whole table (never proven here):
//! - `G(n) = f(n) + c` on every `n ≥ n0` of a class (all `n`, or the odd
//!   or the even ones), for `f` one of [`FUNCTIONS`]: the number of ones
//!   in binary, the number of binary digits, the 2-adic valuation, the
//!   numbers of prime factors and of divisors, the index of the smallest
//!   prime factor among the primes (Codeforces 2004E: `G(n) = π(spf(n))`
//!   for odd `n ≥ 3`);
//! - `G(n) = G(spf(n))` for every composite `n`: the value depends only on
//!   the smallest prime factor.
//!
//! Evidence asked, so that a table does not fit a rule by chance: at
//! least [`MIN_CLASS_TERMS`] terms in the class, `f` taking at least
//! [`MIN_DISTINCT`] values on it, `n0 ≤` [`MAX_START`], and for the
//! smallest-prime-factor rule [`MIN_CLASS_TERMS`] composites and values
//! that are not constant on the primes. At most one `f` is reported per
//! class, the first of [`FUNCTIONS`] that holds.
//!
//! Time: O(N log log N) for the sieve, O(N · |FUNCTIONS| · classes) for
//! the checks; memory O(N).

use super::{Finding, Kind, Of};
use crate::error::{ErrorKind, Result};

/// Fewest terms of a class a rule must hold on.
pub const MIN_CLASS_TERMS: usize = 32;
/// Fewest distinct values of `f` on the class.
pub const MIN_DISTINCT: usize = 4;
/// The latest first heap `n0` of a rule; the terms below it are listed.
pub const MAX_START: u64 = 8;
/// The offsets `c` tried in `G(n) = f(n) + c`.
const OFFSETS: std::ops::RangeInclusive<i64> = -3..=3;

/// A function of `n ≥ 1` contest problems build their rules from.
struct Function {
    /// How the rule writes it, e.g. `popcount(n)`.
    name: &'static str,
    /// What it is, for the reader.
    about: &'static str,
    /// Its value at `n ≥ 1` (`None` where it is not defined: `spf(1)`).
    at: fn(&Sieve, u64) -> Option<u64>,
}

/// The functions tried, in order of preference.
const FUNCTIONS: [Function; 7] = [
    Function {
        name: "popcount(n)",
        about: "the number of ones in n written in binary",
        at: |_, n| Some(u64::from(n.count_ones())),
    },
    Function {
        name: "bits(n)",
        about: "the number of binary digits of n",
        at: |_, n| Some(u64::from(64 - n.leading_zeros())),
    },
    Function {
        name: "v2(n)",
        about: "the exponent of 2 in n (its 2-adic valuation)",
        at: |_, n| Some(u64::from(n.trailing_zeros())),
    },
    Function {
        name: "Ω(n)",
        about: "the number of prime factors of n, with multiplicity",
        at: |s, n| Some(s.factors(n).iter().map(|&(_, e)| e).sum()),
    },
    Function {
        name: "ω(n)",
        about: "the number of distinct prime factors of n",
        at: |s, n| Some(s.factors(n).len() as u64),
    },
    Function {
        name: "d(n)",
        about: "the number of divisors of n",
        at: |s, n| Some(s.factors(n).iter().map(|&(_, e)| e + 1).product()),
    },
    Function {
        name: "π(spf(n))",
        about: "the index of the smallest prime factor of n among the primes, π(2) = 1, π(3) = 2, π(5) = 3, ...",
        at: |s, n| (n >= 2).then(|| u64::from(s.index[s.spf[n as usize] as usize])),
    },
];

/// The smallest prime factor of every `n < len`, and the index of every
/// prime among the primes.
struct Sieve {
    spf: Vec<u32>,
    index: Vec<u32>,
}

impl Sieve {
    fn new(len: usize) -> Sieve {
        let mut spf = vec![0u32; len];
        let mut index = vec![0u32; len];
        let mut primes = 0;
        for i in 2..len {
            if spf[i] == 0 {
                primes += 1;
                index[i] = primes;
                for j in (i..len).step_by(i) {
                    if spf[j] == 0 {
                        spf[j] = i as u32;
                    }
                }
            }
        }
        Sieve { spf, index }
    }

    /// The prime factorisation of `n ≥ 1`, as `(prime, exponent)`.
    fn factors(&self, mut n: u64) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = Vec::new();
        while n > 1 {
            let p = u64::from(self.spf[n as usize]);
            match out.last_mut() {
                Some((q, e)) if *q == p => *e += 1,
                _ => out.push((p, 1)),
            }
            n /= p;
        }
        out
    }

    fn is_prime(&self, n: u64) -> bool {
        n >= 2 && u64::from(self.spf[n as usize]) == n
    }
}

/// The number-theoretic rules of `values = G(0..=N)` (see the module
/// docs). Tables shorter than a few classes' worth give none, and so does
/// a table of values too large to compare (`u64` values past `i64`).
pub fn rules(values: &[u64]) -> Vec<Finding> {
    NumberRules::find(values).findings
}

/// The largest heap [`NumberRules::values`] evaluates to (its sieve keeps
/// 4 bytes a number twice, and the values 8).
pub const MAX_EVALUATED: u64 = 1 << 31;

/// One rule `G(n) = f(n) + c` on the class `n ≡ r (mod m)`, `n ≥ n0`.
#[derive(Clone, Copy, Debug)]
struct ClassRule {
    m: u64,
    r: u64,
    /// Index into [`FUNCTIONS`].
    f: usize,
    c: i64,
    n0: u64,
}

/// The number-theoretic rules found in a table `G(0..=N)`, as an object
/// that evaluates them beyond it: what a contestant does after printing
/// the table ("打表找规律"), without writing the formula by hand.
///
/// [`find`](Self::find) looks for the rules of the module docs (the same
/// as `grundy pattern` states: [`findings`](Self::findings));
/// [`values`](Self::values) then gives `G(0..=to)` for any `to` up to
/// [`MAX_EVALUATED`] by one sieve: the table's own values below its end,
/// and past it, for each `n`, the first rule that covers it: a class rule
/// `G(n) = f(n) + c`, else, for a composite `n` when `G(n) = G(spf(n))`
/// was found, the value of its smallest prime factor. A heap no rule
/// covers is an error naming it: the rules are evidence from the table,
/// never a proof, and are not extended by guessing.
///
/// For Codeforces 2004E (`G(n) = π(spf(n))` on odd `n ≥ 3`, `G(n) =
/// G(spf(n))` on composites) every even `n` past the table takes `G(2)`.
///
/// Time: O(to log log to); memory: 16 bytes a heap (the sieve and the
/// values).
#[derive(Clone, Debug)]
pub struct NumberRules {
    table: Vec<u64>,
    classes: Vec<ClassRule>,
    by_spf: bool,
    findings: Vec<Finding>,
}

impl NumberRules {
    /// The rules of the table `values = G(0..=N)` (none for a short table).
    pub fn find(values: &[u64]) -> NumberRules {
        let mut found = NumberRules {
            table: values.to_vec(),
            classes: Vec::new(),
            by_spf: false,
            findings: Vec::new(),
        };
        let len = values.len();
        if len < 2 * MIN_CLASS_TERMS + 2 || u32::try_from(len).is_err() {
            return found;
        }
        let sieve = Sieve::new(len);
        let classes: [(u64, u64, &str); 3] = [(1, 0, ""), (2, 1, "odd "), (2, 0, "even ")];
        for (m, r, word) in classes {
            if found.classes.first().is_some_and(|c| c.m == 1) {
                break;
            }
            for (i, f) in FUNCTIONS.iter().enumerate() {
                if let Some((finding, c, n0)) = fits(values, &sieve, f, m, r, word) {
                    found.findings.push(finding);
                    found.classes.push(ClassRule { m, r, f: i, c, n0 });
                    break;
                }
            }
        }
        if let Some(finding) = by_smallest_prime_factor(values, &sieve) {
            found.findings.push(finding);
            found.by_spf = true;
        }
        found
    }

    /// The rules as `grundy pattern` states them, with their evidence.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Whether no rule was found.
    pub fn is_empty(&self) -> bool {
        self.findings.is_empty()
    }

    /// `G(0..=to)`: the table's values, then the rules' (see the type's
    /// docs). Errors: `to` above [`MAX_EVALUATED`], or a heap past the
    /// table that no rule covers (named).
    pub fn values(&self, to: u64) -> Result<Vec<u64>> {
        if to > MAX_EVALUATED {
            return Err(ErrorKind::Domain(format!(
                "heap `{to}` is past the largest heap the found rules are evaluated to, \
                 `{MAX_EVALUATED}`"
            ))
            .into());
        }
        let len = (to + 1) as usize;
        let mut out = Vec::with_capacity(len);
        out.extend(self.table.iter().take(len).copied());
        if out.len() == len {
            return Ok(out);
        }
        let sieve = Sieve::new(len);
        for n in out.len() as u64..=to {
            let by_class = self
                .classes
                .iter()
                .find(|c| n % c.m == c.r && n >= c.n0)
                .and_then(|c| {
                    let v = (FUNCTIONS[c.f].at)(&sieve, n)?;
                    u64::try_from(i64::try_from(v).ok()?.checked_add(c.c)?).ok()
                });
            let v = match by_class {
                Some(v) => Some(v),
                None if self.by_spf && n >= 4 && !sieve.is_prime(n) => {
                    // The smallest prime factor is below n: its value is
                    // already out (a prime, so found by a class rule or
                    // in the table).
                    out.get(sieve.spf[n as usize] as usize).copied()
                }
                None => None,
            };
            match v {
                Some(v) => out.push(v),
                None => {
                    return Err(ErrorKind::Domain(format!(
                        "no rule found in the table of {} values covers heap `{n}`",
                        self.table.len()
                    ))
                    .into())
                }
            }
        }
        Ok(out)
    }
}

/// `G(n) = f(n) + c` on the class `n ≡ r (mod m)`, `n ≥ n0`, as a finding.
fn fits(
    values: &[u64],
    sieve: &Sieve,
    f: &Function,
    m: u64,
    r: u64,
    word: &str,
) -> Option<(Finding, i64, u64)> {
    let len = values.len() as u64;
    let class = |from: u64| (from..len).filter(move |n| n % m == r);
    let defined = |n: u64| (f.at)(sieve, n).and_then(|v| i64::try_from(v).ok());
    let value = |n: u64| i64::try_from(values[n as usize]).ok();
    // The offset from the last term, then the first n0 from which it holds.
    let last = class(1).next_back()?;
    let c = value(last)? - defined(last)?;
    if !OFFSETS.contains(&c) {
        return None;
    }
    let holds_at = |n: u64| matches!((value(n), defined(n)), (Some(v), Some(d)) if v == d + c);
    let mut n0 = None;
    for n in class(1).rev() {
        if holds_at(n) {
            n0 = Some(n);
        } else {
            break;
        }
    }
    let n0 = n0?;
    if n0 > MAX_START {
        return None;
    }
    let terms = class(n0).count();
    let mut distinct: Vec<u64> = class(n0).filter_map(|n| (f.at)(sieve, n)).collect();
    distinct.sort_unstable();
    distinct.dedup();
    if terms < MIN_CLASS_TERMS || distinct.len() < MIN_DISTINCT {
        return None;
    }
    let rhs = match c {
        0 => f.name.to_string(),
        c if c > 0 => format!("{} + {c}", f.name),
        c => format!("{} - {}", f.name, -c),
    };
    let mut found = Finding::new(
        Of::Values,
        Kind::NumberTheoretic,
        format!("G(n) = {rhs} for {word}n >= {n0}"),
    );
    found.details.push(format!("{}: {}", f.name, f.about));
    found.details.push(format!(
        "observed on all {terms} {word}n from {n0} to {}",
        len - 1
    ));
    Some((found, c, n0))
}

/// `G(n) = G(spf(n))` for every composite `n` of the table, as a finding.
fn by_smallest_prime_factor(values: &[u64], sieve: &Sieve) -> Option<Finding> {
    let len = values.len() as u64;
    let mut composites = 0;
    for n in 4..len {
        if sieve.is_prime(n) {
            continue;
        }
        composites += 1;
        if values[n as usize] != values[sieve.spf[n as usize] as usize] {
            return None;
        }
    }
    let mut on_primes: Vec<u64> = (2..len)
        .filter(|&n| sieve.is_prime(n))
        .map(|n| values[n as usize])
        .collect();
    on_primes.sort_unstable();
    on_primes.dedup();
    if composites < MIN_CLASS_TERMS || on_primes.len() < 2 {
        return None;
    }
    let mut found = Finding::new(
        Of::Values,
        Kind::NumberTheoretic,
        "G(n) = G(spf(n)) for every composite n (spf: the smallest prime factor)".to_string(),
    );
    found.details.push(format!(
        "observed on all {composites} composites up to {}",
        len - 1
    ));
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codeforces 2004E ("take y stones from a pile of x with gcd(x, y) =
    /// 1"), computed by the definition.
    fn cf_2004e(to: usize) -> Vec<u64> {
        fn gcd(a: usize, b: usize) -> usize {
            if b == 0 {
                a
            } else {
                gcd(b, a % b)
            }
        }
        let mut g = vec![0u64; to + 1];
        for x in 1..=to {
            let mut seen = vec![false; x + 2];
            for y in (1..=x).filter(|&y| gcd(x, y) == 1) {
                let v = g[x - y] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
            g[x] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
        g
    }

    #[test]
    fn the_rule_of_codeforces_2004e_is_found_in_its_table() {
        let found = rules(&cf_2004e(600));
        let text: Vec<&str> = found.iter().map(|f| f.rule.as_str()).collect();
        assert_eq!(
            text,
            [
                "G(n) = π(spf(n)) for odd n >= 3",
                "G(n) = G(spf(n)) for every composite n (spf: the smallest prime factor)"
            ]
        );
        assert!(found.iter().all(|f| f.claimed() && !f.proven));
    }

    #[test]
    fn the_rules_found_in_a_short_table_give_the_values_of_a_long_one() {
        let long = cf_2004e(3000);
        let rules = NumberRules::find(&long[..=600]);
        assert_eq!(rules.findings().len(), 2);
        assert_eq!(rules.values(3000).unwrap(), long);
        // Within the table, the table's own values.
        assert_eq!(rules.values(10).unwrap(), &long[..=10]);
        let odious: Vec<u64> = (0..300u64).map(|n| u64::from(n.count_ones())).collect();
        let v = NumberRules::find(&odious).values(5000).unwrap();
        assert!((0..=5000u64).all(|n| v[n as usize] == u64::from(n.count_ones())));
    }

    #[test]
    fn a_heap_no_found_rule_covers_is_an_error_naming_it() {
        // popcount on the odd n only, the even n random: the rules say
        // nothing about an even heap past the table.
        let v: Vec<u64> = (0..300u64)
            .map(|n| {
                if n % 2 == 1 {
                    u64::from(n.count_ones())
                } else {
                    (n * 7919) % 5
                }
            })
            .collect();
        let rules = NumberRules::find(&v);
        assert_eq!(rules.findings().len(), 1, "{:?}", rules.findings());
        let e = rules.values(400).unwrap_err().to_string();
        assert!(e.contains("heap `300`"), "{e}");
        let e = rules.values(MAX_EVALUATED + 1).unwrap_err().to_string();
        assert!(e.contains(&format!("`{MAX_EVALUATED}`")), "{e}");
        assert!(NumberRules::find(&[0, 1, 2]).values(9).is_err());
    }

    #[test]
    fn ruler_and_binary_rules_are_found_with_their_offset() {
        let ruler: Vec<u64> = (0..300u64)
            .map(|n| {
                if n == 0 {
                    0
                } else {
                    u64::from(n.trailing_zeros()) + 1
                }
            })
            .collect();
        assert_eq!(rules(&ruler)[0].rule, "G(n) = v2(n) + 1 for n >= 1");
        let odious: Vec<u64> = (0..300u64).map(|n| u64::from(n.count_ones())).collect();
        assert_eq!(rules(&odious)[0].rule, "G(n) = popcount(n) for n >= 1");
    }

    #[test]
    fn a_rule_broken_late_in_the_table_is_not_stated() {
        let mut v: Vec<u64> = (0..300u64).map(|n| u64::from(n.count_ones())).collect();
        v[299] += 1;
        // Broken on the odd n only: the rule of the even n still stands.
        let text: Vec<String> = rules(&v).into_iter().map(|f| f.rule).collect();
        assert_eq!(text, ["G(n) = popcount(n) for even n >= 2"]);
        v[298] += 1;
        assert!(
            rules(&v).iter().all(|f| !f.rule.contains("popcount")),
            "{:?}",
            rules(&v)
        );
        let mut w = cf_2004e(400);
        w[399] = 0; // 399 = 3·7·19, spf 3: G should be 2
        assert!(rules(&w).iter().all(|f| !f.rule.contains("spf")));
    }

    #[test]
    fn random_tables_get_no_number_theoretic_rule() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for len in [80usize, 200, 1000] {
            for bound in [2u64, 3, 5, 9] {
                let v: Vec<u64> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        state % bound
                    })
                    .collect();
                assert!(rules(&v).is_empty(), "{len} {bound}: {:?}", rules(&v));
            }
        }
    }

    #[test]
    fn short_or_constant_tables_get_none() {
        assert!(rules(&[0, 1, 2]).is_empty());
        assert!(rules(&vec![1u64; 500]).is_empty());
    }
}
