//! Rules for the values `G(0..=N)` of a heap game.
//!
//! In order: the period (the certificate's when one is given and the table
//! agrees with it, else the one [`find_period`] observes with enough
//! repeats), written as an affine form when it is one; failing that, the
//! longest prefix that is periodic (reported with its first exception); the
//! heaps where each value first appears, when they follow an arithmetic
//! progression or a catalogue sequence; the values themselves matched
//! against the catalogue ([`catalogue_values`]: `G(n)` counts the terms of
//! a sequence up to `n`, or is its `n`-th term); the rare/common split
//! when clear.
//! The P-positions are [`super::ppos`]'s.

use super::{compact, ppos, Certificate, Finding, Kind, Of, Position, MIN_TERMS};
use crate::analysis::period::{find_period, PeriodTheorem, Periodicity};
use crate::analysis::sparse::value_stats;

/// Every rule found in `values = G(0..=N)`, values first, then
/// P-positions. `certificate` is the game's proven period, if its period
/// search found one; it is used only if the table agrees with it.
///
/// ```
/// use grundy::analysis::pattern::{one_dim, Kind, Of};
/// // sub:1,3,4 — 0 1 0 1 2 3 2 repeated; no certificate: observed.
/// let v: Vec<u64> = (0..100).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
/// let found = one_dim(&v, None);
/// assert_eq!(found[0].rule, "G(n + 7) = G(n) for n >= 0 (period 7)");
/// assert!(!found[0].proven);
/// assert_eq!((found[1].of, found[1].kind), (Of::PPositions, Kind::Progressions));
/// assert_eq!(found[1].rule, "P-positions: n ≡ 0, 2 (mod 7)");
/// ```
pub fn one_dim(values: &[u64], certificate: Option<&Certificate>) -> Vec<Finding> {
    let mut out = Vec::new();
    if values.len() < 2 {
        return out;
    }
    let cert = certificate.filter(|c| holds(values, &c.periodicity));
    let period = match cert {
        Some(c) => Some((c.periodicity, true)),
        None => observed_period(values).map(|p| (p, false)),
    };
    if let Some((p, proven)) = period {
        let mut f = describe(values, &p);
        if proven {
            f.proven = true;
            f.proof = cert.map(|c| c.proof.clone());
        }
        out.push(f);
    } else {
        out.extend(periodic_prefix(values));
    }
    let has_form = period.is_some();
    if !has_form {
        out.extend(super::arith::rules(values));
        out.extend(first_appearances(values));
        out.extend(catalogue_values(values));
        out.extend(rare_common(values));
    }
    out.extend(ppos::p_positions(values, cert));
    out
}

/// Whether `G(n + p) = G(n) + s` for every `n ≥ n0` in the table (and the
/// table reaches one full period past `n0`, so that the cycle is known).
fn holds(values: &[u64], p: &Periodicity) -> bool {
    let (n0, per, s) = (p.preperiod as usize, p.period as usize, p.saltus);
    if per == 0 || n0.saturating_add(per) > values.len() {
        return false;
    }
    (n0..values.len() - per).all(|i| values[i].checked_add(s) == Some(values[i + per]))
}

/// The period [`find_period`] sees with no theorem, kept only when the
/// table shows it over at least three periods and a third of its length.
fn observed_period(values: &[u64]) -> Option<Periodicity> {
    let found = find_period(values, PeriodTheorem::None, true)?;
    let p = found.periodicity;
    let span = values.len() as u64 - p.period - p.preperiod;
    (span >= 3 * p.period && span >= 8 && 3 * span >= values.len() as u64).then_some(p)
}

/// `k·x + c` as a reader writes it: `4k+1`, `k`, `3`.
fn affine_text(mul: u64, var: &str, add: u64) -> String {
    let head = match mul {
        0 => String::new(),
        1 => var.to_string(),
        m => format!("{m}{var}"),
    };
    match (head.is_empty(), add) {
        (true, a) => a.to_string(),
        (false, 0) => head,
        (false, a) => format!("{head}+{a}"),
    }
}

/// The finding for a periodicity that holds on the table: an affine form
/// when the whole table is one, else the relation with its prefix and
/// cycle (written out per residue for short arithmetic periods).
fn describe(values: &[u64], p: &Periodicity) -> Finding {
    let (n0, per, s) = (p.preperiod, p.period, p.saltus);
    let all = |f: &dyn Fn(u64) -> u64| values.iter().enumerate().all(|(n, &v)| v == f(n as u64));
    let affine = if s == 0 && n0 == 0 && all(&|n| n % per) {
        Some(if per == 1 {
            "G(n) = 0".to_string()
        } else {
            format!("G(n) = n mod {per}")
        })
    } else if s == per && all(&|n| n) {
        Some("G(n) = n".to_string())
    } else if s == 1 && per > 1 && all(&|n| n / per) {
        Some(format!("G(n) = floor(n/{per})"))
    } else {
        None
    };
    if let Some(rule) = affine {
        let mut f = Finding::new(Of::Values, Kind::Affine, rule);
        f.periodicity = Some(*p);
        return f;
    }
    let cycle: Vec<u64> = values[n0 as usize..(n0 + per) as usize].to_vec();
    let prefix: Vec<u64> = values[..n0 as usize].to_vec();
    let (kind, relation) = if s == 0 {
        (Kind::Periodic, format!("G(n + {per}) = G(n) for n >= {n0}"))
    } else {
        (
            Kind::ArithmeticPeriodic,
            format!("G(n + {per}) = G(n) + {s} for n >= {n0}"),
        )
    };
    let rule = if s > 0 && per <= 12 {
        // G(p·k + r) = s·k + G(r) for r in n0..n0+p, k ≥ 0.
        let mut parts: Vec<String> = (n0..n0 + per)
            .map(|r| {
                format!(
                    "G({}) = {}",
                    affine_text(per, "k", r),
                    affine_text(s, "k", values[r as usize])
                )
            })
            .collect();
        let tail = format!("for k >= 0 (period {per}, saltus {s})");
        if n0 > 0 {
            parts.push(tail);
            let pre: Vec<String> = (0..n0)
                .map(|n| format!("G({n}) = {}", values[n as usize]))
                .collect();
            format!("{}; {}", parts.join(", "), pre.join(", "))
        } else {
            format!("{} {tail}", parts.join(", "))
        }
    } else if n0 == 0 {
        format!("{relation} (period {per})")
    } else {
        format!("{relation} (period {per} after a {n0}-value prefix)")
    };
    let mut f = Finding::new(Of::Values, kind, rule);
    f.periodicity = Some(*p);
    if n0 > 0 {
        f.details
            .push(format!("prefix G(0..{n0}): {}", compact(&prefix, 100)));
    }
    f.details.push(format!(
        "cycle G({n0}..{}): {}",
        n0 + per,
        compact(&cycle, 100)
    ));
    f
}

/// The longest periodic prefix `G(n + p) = G(n) (+ s)` from `n = 0`, when
/// it covers at least six periods and a quarter of the table and then
/// breaks: reported with its first exception, not claimed.
fn periodic_prefix(values: &[u64]) -> Option<Finding> {
    let (end, p, s) = longest_periodic_prefix(values, true)?;
    let rule = if s == 0 {
        format!("G(n + {p}) = G(n) (period {p} from n = 0)")
    } else {
        format!("G(n + {p}) = G(n) + {s} (period {p}, saltus {s} from n = 0)")
    };
    let mut f = Finding::new(
        Of::Values,
        if s == 0 {
            Kind::Periodic
        } else {
            Kind::ArithmeticPeriodic
        },
        rule,
    );
    f.first_exception = Some(Position::Heap(end as u64));
    f.periodicity = Some(Periodicity {
        preperiod: 0,
        period: p as u64,
        saltus: s,
    });
    f.details.push(format!(
        "cycle G(0..{p}): {}; breaks at G({end}) = {}, the rule says {}",
        compact(&values[..p], 100),
        values[end],
        values[end - p].saturating_add(s)
    ));
    Some(f)
}

/// `(end, p, s)`: the longest prefix `G(0..end)` with `G(n + p) = G(n) +
/// s` (`s = 0` unless `arithmetic`) that covers at least six periods and a
/// quarter of the table and ends before the table does (`G(end)` is the
/// first exception).
pub(super) fn longest_periodic_prefix(
    values: &[u64],
    arithmetic: bool,
) -> Option<(usize, usize, u64)> {
    let len = values.len();
    let mut best: Option<(usize, usize, u64)> = None;
    for p in 1..=len / 6 {
        let Some(s) = values[p].checked_sub(values[0]) else {
            continue;
        };
        if s > 0 && !arithmetic {
            continue;
        }
        let mut i = 0;
        while i + p < len && values[i].checked_add(s) == Some(values[i + p]) {
            i += 1;
        }
        // values[i + p] is the first exception.
        let end = i + p;
        if end >= len || end < 6 * p || 4 * end < len {
            continue;
        }
        if best.is_none_or(|(e, _, _)| end > e) {
            best = Some((end, p, s));
        }
    }
    best
}

/// Where each value first appears, `a(v)`, for `v = 1, 2, …` as long as
/// every value up to `v` appears: reported when at least [`MIN_TERMS`] of
/// them follow `a(v) = m·v + c` or a catalogue sequence.
fn first_appearances(values: &[u64]) -> Option<Finding> {
    let max = values.iter().copied().max()?;
    let width = usize::try_from(max).ok()?.checked_add(1)?;
    if width > values.len() {
        return None;
    }
    let mut first = vec![u64::MAX; width];
    for (n, &v) in values.iter().enumerate() {
        let slot = &mut first[v as usize];
        if *slot == u64::MAX {
            *slot = n as u64;
        }
    }
    let known: Vec<u64> = first
        .iter()
        .skip(1)
        .take_while(|&&n| n != u64::MAX)
        .copied()
        .collect();
    if known.len() < MIN_TERMS {
        return None;
    }
    let shown = format!(
        "first heaps of the values 1, 2, ...: {}",
        compact(&known, 20)
    );
    // a(v) = m·v + c for v ≥ 1.
    let m = known[1].checked_sub(known[0])?;
    if m > 0 && known.windows(2).all(|w| w[1].checked_sub(w[0]) == Some(m)) {
        let c = known[0] as i128 - m as i128;
        let rule = match c.cmp(&0) {
            std::cmp::Ordering::Equal => {
                format!("value v first appears at n = {}", affine_text(m, "v", 0))
            }
            std::cmp::Ordering::Greater => {
                format!(
                    "value v first appears at n = {}",
                    affine_text(m, "v", c as u64)
                )
            }
            std::cmp::Ordering::Less => {
                format!("value v first appears at n = {}v-{}", m, -c)
            }
        };
        let mut f = Finding::new(Of::Values, Kind::Sequence, format!("{rule} (v >= 1)"));
        f.details.push(shown);
        return Some(f);
    }
    for s in super::catalogue::catalogue() {
        let terms = s.generator.terms(*known.last()?);
        // The run may start at the sequence's first, second or third term.
        let fits = (0..3).any(|o| terms.get(o..o + known.len()) == Some(&known[..]));
        if fits {
            let mut f = Finding::new(
                Of::Values,
                Kind::Sequence,
                format!(
                    "the values 1, 2, 3, ... first appear at the {}, from n = {} on",
                    s.name, known[0]
                ),
            );
            f.name = Some(s.name.clone());
            f.reference = s.reference.clone();
            f.details.push(shown);
            return Some(f);
        }
    }
    None
}

/// The values matched against the catalogue, two shapes:
/// - `G(n)` is the number of terms `<= n` of a sequence (a staircase that
///   steps up by one at each term: Codeforces 768E's `G(s)`, the largest
///   `k` with `k(k+1)/2 <= s`, counts the triangular numbers up to `s`),
///   stated when at least [`MIN_TERMS`] terms lie in the table;
/// - `G(n)` is the sequence's `n`-th term for every `n >= 1` (`G(0)`
///   listed), stated when the table has at least [`MIN_TERMS`] heaps
///   `n >= 1`.
///
/// Each is checked on every term of the table and stated only when all
/// agree (the first sequence of the catalogue that does, counting first);
/// the finding's details give the evidence (the heaps it was checked on).
/// Nothing is reported for a table no sequence fits: a near miss of a
/// staircase says little (most tables start 0, 1, 1, ...).
fn catalogue_values(values: &[u64]) -> Option<Finding> {
    let last = values.len().checked_sub(1)? as u64;
    let checked = format!("checked on every n from 0 to {last}");
    let citation = |s: &super::catalogue::Sequence| {
        s.reference
            .as_deref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default()
    };
    for s in super::catalogue::catalogue() {
        let terms = s.generator.terms(last);
        if terms.len() < MIN_TERMS {
            continue;
        }
        let mut below = 0usize;
        let counts = values.iter().enumerate().all(|(n, &v)| {
            while terms.get(below).is_some_and(|&t| t <= n as u64) {
                below += 1;
            }
            v == below as u64
        });
        if counts {
            let mut f = Finding::new(
                Of::Values,
                Kind::Sequence,
                format!("G(n) = the number of {}{} up to n", s.name, citation(s)),
            );
            f.name = Some(s.name.clone());
            f.reference = s.reference.clone();
            f.details.push(format!(
                "G steps up by 1 at n = {}; {checked}",
                compact(&terms, 20)
            ));
            return Some(f);
        }
    }
    if values.len() <= MIN_TERMS {
        return None;
    }
    let want = &values[1..];
    let top = *want.iter().max()?;
    for s in super::catalogue::catalogue() {
        // The terms up to a bound doubled until there are enough of them
        // (or the bound passes the largest value): never more than about
        // twice the terms a match would need, whatever the values' size.
        let mut bound = (want.len() as u64).max(16);
        let terms = loop {
            let terms = s.generator.terms(bound.min(top));
            if terms.len() >= want.len() || bound >= top {
                break terms;
            }
            bound = bound.saturating_mul(2);
        };
        if terms.get(..want.len()) == Some(want) {
            let mut f = Finding::new(
                Of::Values,
                Kind::Sequence,
                format!(
                    "G(n) = the n-th of the {}{} for n >= 1; G(0) = {}",
                    s.name,
                    citation(s),
                    values[0]
                ),
            );
            f.name = Some(s.name.clone());
            f.reference = s.reference.clone();
            f.details.push(checked);
            return Some(f);
        }
    }
    None
}

/// The rare/common split, when [`value_stats`] calls it clear.
fn rare_common(values: &[u64]) -> Option<Finding> {
    let stats = value_stats(values, 0);
    let split = stats.split.filter(|_| stats.split_visible)?;
    if split.mask == 0 || stats.max < 4 {
        return None;
    }
    let mut f = Finding::new(
        Of::Values,
        Kind::RareCommon,
        format!(
            "rare values (popcount(v & {:#b}) {}): {} of {} heaps",
            split.mask,
            if split.twisted() {
                "twisted by the heap's parity"
            } else {
                "even"
            },
            split.rare_heaps,
            split.heaps
        ),
    );
    f.details
        .push(format!("rare values: {}", compact(&stats.rare_values, 40)));
    Some(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lasker(n: u64) -> u64 {
        match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        }
    }

    #[test]
    fn lasker_is_written_out_per_residue() {
        let v: Vec<u64> = (0..200).map(lasker).collect();
        let f = &one_dim(&v, None)[0];
        assert_eq!(f.kind, Kind::ArithmeticPeriodic);
        assert_eq!(
            f.rule,
            "G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3, for k >= 0 (period 4, saltus 4); G(0) = 0"
        );
        assert!(!f.proven);
    }

    #[test]
    fn affine_forms() {
        let rule = |f: &dyn Fn(u64) -> u64| {
            one_dim(&(0..300).map(f).collect::<Vec<_>>(), None)[0]
                .rule
                .clone()
        };
        assert_eq!(rule(&|n| n), "G(n) = n");
        assert_eq!(rule(&|n| n % 3), "G(n) = n mod 3");
        assert_eq!(rule(&|n| n / 5), "G(n) = floor(n/5)");
        assert_eq!(rule(&|_| 0), "G(n) = 0");
    }

    #[test]
    fn a_certificate_the_table_contradicts_is_ignored() {
        let v: Vec<u64> = (0..100).map(|n| n % 3).collect();
        let wrong = Certificate {
            periodicity: Periodicity {
                preperiod: 0,
                period: 2,
                saltus: 0,
            },
            proof: "bogus".into(),
        };
        let f = &one_dim(&v, Some(&wrong))[0];
        assert_eq!(f.rule, "G(n) = n mod 3");
        assert!(!f.proven);
    }

    /// Random sequences have no rule: whatever is claimed on 300 terms
    /// (a period, progressions) still holds on 3000.
    #[test]
    fn random_sequences_get_no_invented_rules() {
        let mut rng = crate::util::TestRng(0x1234_5678_9abc_def1);
        for width in [2u64, 3, 5] {
            let long: Vec<u64> = (0..3000).map(|_| rng.below(width)).collect();
            for f in one_dim(&long[..300], None) {
                let Some(p) = f.periodicity.filter(|_| f.first_exception.is_none()) else {
                    continue;
                };
                let seq: Vec<u64> = match f.of {
                    Of::Values => long.clone(),
                    Of::PPositions => long.iter().map(|&v| u64::from(v == 0)).collect(),
                };
                assert!(holds(&seq, &p), "{f:?}");
            }
        }
    }

    #[test]
    fn a_broken_period_is_reported_with_its_exception() {
        let mut v: Vec<u64> = (0..100).map(|n| n % 3).collect();
        let mut rng = crate::util::TestRng(0x2545_f491_4f6c_dd1d);
        v.extend((0..200).map(|_| rng.below(11)));
        let f = one_dim(&v, None);
        let broken = f.iter().find(|f| f.of == Of::Values).unwrap();
        assert_eq!(broken.first_exception, Some(Position::Heap(100)));
        assert!(!broken.proven);
    }

    /// `G` by the definition (mex) of the heap game whose options of `n`
    /// are `options(n)` (all below `n`).
    fn by_mex(len: usize, options: impl Fn(u64) -> Vec<u64>) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(len);
        for n in 0..len as u64 {
            let seen: Vec<u64> = options(n).iter().map(|&o| g[o as usize]).collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    /// Codeforces 768E's values, `G(s)` = the largest `k` with
    /// `k(k+1)/2 <= s`, count the triangular numbers up to `s`: found
    /// against the catalogue, and not stated once one value is changed.
    #[test]
    fn values_that_count_the_triangular_numbers_are_matched_against_the_catalogue() {
        let v: Vec<u64> = (0..200u64)
            .map(|s| {
                (0..)
                    .take_while(|k: &u64| k * (k + 1) / 2 <= s)
                    .last()
                    .unwrap()
            })
            .collect();
        let f = catalogue_values(&v).expect("a staircase at the triangular numbers");
        assert_eq!(
            f.rule,
            "G(n) = the number of triangular numbers (A000217) up to n"
        );
        assert!(f.claimed() && !f.proven);
        assert!(
            f.details[0].ends_with("checked on every n from 0 to 199"),
            "{:?}",
            f.details
        );
        assert!(one_dim(&v, None).iter().any(|g| g == &f));
        let mut broken = v.clone();
        broken[150] += 1;
        assert_eq!(catalogue_values(&broken), None);
    }

    /// Values equal to a sequence term by term (`G(n) = floor(n*phi)`),
    /// and a table too short to say.
    #[test]
    fn values_equal_to_a_catalogue_sequence_are_matched_term_by_term() {
        let phi = super::super::QuadraticIrrational::PHI;
        let v: Vec<u64> = (0..100u64)
            .map(|n| phi.floor_mul(n).unwrap() as u64)
            .collect();
        let f = catalogue_values(&v).expect("the lower Wythoff sequence");
        assert_eq!(
            f.rule,
            "G(n) = the n-th of the lower Wythoff sequence floor(n*phi) (A000201) for n >= 1; G(0) = 0"
        );
        assert_eq!(catalogue_values(&v[..MIN_TERMS]), None);
        let mut broken = v.clone();
        broken[99] -= 1;
        assert_eq!(catalogue_values(&broken), None);
    }

    /// Codeforces 768E by the definition: from a pile of `s`, take any
    /// `k` not taken from it before (`used`, a bit mask), for piles up to
    /// `top`; amounts above the pile are forgotten (they can never be
    /// taken). Depth of the memoized search: at most `top` + 1.
    fn cf768e(top: u64) -> Vec<u64> {
        fn g(s: u64, used: u64, memo: &mut std::collections::HashMap<(u64, u64), u64>) -> u64 {
            if let Some(&v) = memo.get(&(s, used)) {
                return v;
            }
            let mut seen = Vec::new();
            for k in (1..=s).filter(|k| used >> k & 1 == 0) {
                let left = s - k;
                let mask = (used | 1 << k) & ((1u64 << (left + 1)) - 2);
                seen.push(g(left, mask, memo));
            }
            let v = (0..).find(|v| !seen.contains(v)).unwrap();
            memo.insert((s, used), v);
            v
        }
        let mut memo = std::collections::HashMap::new();
        (0..=top).map(|s| g(s, 0, &mut memo)).collect()
    }

    /// Random games whose values grow (from `n`, take 1 up to a random
    /// fraction of `n`, or a random fixed amount), and Codeforces 768E
    /// (whose values count the triangular numbers): a value rule matched
    /// against the catalogue on the short table is stated again, word for
    /// word, on the long one.
    #[test]
    fn random_growing_games_get_no_false_catalogue_value_rule() {
        let mut rng = crate::util::TestRng(0x7ab1_e5ca_9e00_0037);
        let mut tables: Vec<(Vec<u64>, usize)> = vec![(cf768e(60), 31)];
        for round in 0..16 {
            let (p, q) = (1 + rng.below(3), 2 + rng.below(4));
            let extra = 1 + rng.below(7);
            let options = |n: u64| {
                let mut o: Vec<u64> = (1..=(n * p / q).max(1).min(n)).map(|k| n - k).collect();
                if round % 2 == 1 && n >= extra {
                    o.push(n - extra);
                }
                o
            };
            tables.push((by_mex(3000, options), 300));
        }
        let mut stated = 0;
        for (long, short) in &tables {
            if let Some(f) = catalogue_values(&long[..*short]) {
                stated += 1;
                assert_eq!(catalogue_values(long).map(|g| g.rule), Some(f.rule));
            }
        }
        assert!(stated > 0, "Codeforces 768E has its rule");
    }
}
