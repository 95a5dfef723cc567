//! Rules for the P-positions (`G(n) = 0`) of a heap game.
//!
//! First as a union of arithmetic progressions. A proven period of the
//! values proves one: with saltus 0 the indicator of the P-positions
//! repeats with the values' period `P` from their preperiod `N0`, so its
//! minimal period is the least divisor of `P` that the cycle
//! `N0..N0+P` has, and its preperiod is found by scanning back from `N0`;
//! with a positive saltus no value is 0 after the first period. Without a
//! certificate the indicator is searched for a period with
//! [`find_period`] (with the evidence it asks for, and the repeats
//! [`super`] asks for).
//!
//! A period of the indicator that holds only after sparse exceptions
//! continuing late into the table (Codeforces 1537D: P iff `n` is odd or
//! `n = 2·4^k`, "odd from 2049 on", then from 8193 on, ... as the table
//! grows) is reported with its exceptions and its `last_exception`, and not
//! claimed: a preperiod that moves with the table is evidence against the
//! rule.
//! Failing that, the P-positions `n ≥ 1` are compared term by term with
//! each sequence of the [`catalogue`] that has at least
//! [`MIN_TERMS`] terms in the table; the best sequence that agrees on a
//! long prefix and then breaks is reported with its first exception.
//!
//! A finite set of P-positions that is only observed is stated as what it
//! is, "P-positions: n = … and none from m to N", with no periodicity:
//! nothing is said beyond the table.

use super::{catalogue, compact, Certificate, Finding, Kind, Of, Position, MIN_TERMS};
use crate::analysis::period::{find_period, PeriodTheorem, Periodicity, MIN_REPEATS};

/// Agreeing terms a near miss needs before it is worth reporting.
const NEAR_MISS_TERMS: usize = 8;

/// The rules found for the P-positions of `values = G(0..=N)`;
/// `certificate` has been checked against `values` by the caller.
pub fn p_positions(values: &[u64], certificate: Option<&Certificate>) -> Vec<Finding> {
    let len = values.len();
    let zero: Vec<u64> = values.iter().map(|&v| u64::from(v == 0)).collect();
    let p: Vec<u64> = (0..len as u64).filter(|&n| zero[n as usize] == 1).collect();
    let proven_ind = certificate.and_then(|c| from_certificate(&zero, &c.periodicity));
    let found = match proven_ind {
        Some(ind) => Some(ind),
        None => find_period(&zero, PeriodTheorem::None, false)
            .map(|f| f.periodicity)
            .or_else(|| {
                // A finite set of P-positions, stated up to N only (below):
                // none after the last one, a period of 1 from there.
                let m0 = p.last().map_or(0, |&l| l as usize + 1);
                (m0 < len).then_some(Periodicity {
                    preperiod: m0 as u64,
                    period: 1,
                    saltus: 0,
                })
            }),
    };
    if let Some(ind) = found {
        let (m0, q) = (ind.preperiod as usize, ind.period as usize);
        let span = len.saturating_sub(q + m0);
        let proven = proven_ind.is_some();
        // Observed: the tail repeats over a third of the table; a tail
        // with P-positions needs four periods and NEAR_MISS_TERMS of them
        // (a sparse set repeats by chance: 0.6 has P-positions 46, 72, 98,
        // 124, 150, 176 and then none at 202).
        let in_tail = p.iter().filter(|&&n| n as usize >= m0).count();
        let observed = span >= 3 * q
            && span >= 8
            && 3 * span >= len
            && if in_tail == 0 {
                // No P-position after m0: stated up to N only, and only
                // when the gap is at least as long as what precedes it.
                2 * m0 <= len
            } else {
                in_tail >= NEAR_MISS_TERMS && span >= 4 * q
            };
        // A finite set of P-positions, only observed, may be the start
        // of a sparse named sequence: that rule is preferred.
        let tail_only = zero[m0] == 0 && q == 1 && !proven;
        let named = if tail_only {
            sequences(&zero, &p)
        } else {
            Vec::new()
        };
        if named.iter().any(|f| f.first_exception.is_none()) {
            return named;
        }
        if proven || observed {
            let mut f = Finding::new(
                Of::PPositions,
                Kind::Progressions,
                progressions(&zero, &p, m0, q, proven),
            );
            // An observed finite set claims nothing beyond the table.
            if proven || in_tail > 0 {
                f.periodicity = Some(ind);
            }
            if proven {
                f.proven = true;
                f.proof = certificate
                    .map(|c| format!("from the proven period of the values: {}", c.proof));
            }
            return vec![f];
        }
    }
    if let Some(f) = moving_preperiod(&zero, &p) {
        // The exceptions to a moving preperiod may themselves follow a
        // rule (Codeforces 1537D: n odd, or n = 2·4^k): that rule is the
        // claim, the moving preperiod its evidence.
        return classes_and_powers(&zero, &p)
            .into_iter()
            .chain([f])
            .collect();
    }
    let named = sequences(&zero, &p);
    if named.is_empty() {
        return broken_progressions(&zero, &p).into_iter().collect();
    }
    named
}

/// The periodicity of the indicator `zero` that the proven periodicity `v`
/// of the values implies (see the module docs), or `None` when the table
/// does not reach one full period past its preperiod.
fn from_certificate(zero: &[u64], v: &Periodicity) -> Option<Periodicity> {
    let (n0, per) = (
        usize::try_from(v.preperiod).ok()?,
        usize::try_from(v.period).ok()?,
    );
    if per == 0 || n0.checked_add(per)? > zero.len() {
        return None;
    }
    if v.saltus > 0 {
        // G(n) = G(n − P) + s ≥ s > 0 from N0 + P on: the P-positions are
        // those before, all in the table.
        let end = zero.iter().rposition(|&z| z == 1).map_or(0, |i| i + 1);
        return Some(Periodicity {
            preperiod: end as u64,
            period: 1,
            saltus: 0,
        });
    }
    let cycle = &zero[n0..n0 + per];
    let q = (1..=per)
        .find(|&q| per % q == 0 && (0..per).all(|i| cycle[i] == cycle[(i + q) % per]))
        .unwrap_or(per);
    let mut m0 = n0;
    while m0 > 0 && zero[m0 - 1] == zero[m0 - 1 + q] {
        m0 -= 1;
    }
    Some(Periodicity {
        preperiod: m0 as u64,
        period: q as u64,
        saltus: 0,
    })
}

/// Most exceptions listed in a rule with a moving preperiod.
const MOVING_EXCEPTIONS: usize = 40;

/// A period of the indicator that holds on the table but for sparse
/// exceptions continuing late into it (see the module docs). The cycle is
/// read from the end of the table, or of its first 7/8, 3/4 or half (an
/// exception may lie at the very end): the least `q ≤ end/4` whose tail
/// repeats at least three periods (and [`MIN_REPEATS`] values) with
/// [`NEAR_MISS_TERMS`] P-positions in it. It is reported, not claimed,
/// when the exceptions to it over the whole table number at least two, at
/// most [`MOVING_EXCEPTIONS`] and at most one per eight periods.
fn moving_preperiod(zero: &[u64], p: &[u64]) -> Option<Finding> {
    let len = zero.len();
    for end in [len, len - len / 8, len - len / 4, len - len / 2] {
        for q in 1..=end / 4 {
            if let Some(f) = moving_with(zero, p, end, q) {
                return Some(f);
            }
        }
    }
    None
}

/// The largest modulus tried by [`classes_and_powers`] (from 2).
const MAX_UNION_MODULUS: u64 = 12;

/// P-positions `n ≥ 1` that are whole residue classes mod `m` together
/// with a geometric sequence `c·b^k` (`k ≥ 0`) and nothing else, on the
/// whole table: "n odd, or n = 2·4^k". Each class must hold at least
/// [`MIN_TERMS`] terms and every one of its terms must be a P-position;
/// the sequence must have [`MIN_TERMS`] terms in the table, and every
/// P-position outside the classes must be one of them (observed, never
/// proven). The least modulus wins.
fn classes_and_powers(zero: &[u64], p: &[u64]) -> Option<Finding> {
    let len = zero.len() as u64;
    if len < 2 * MIN_TERMS as u64 * MAX_UNION_MODULUS {
        return None;
    }
    (2..=MAX_UNION_MODULUS).find_map(|m| {
        let full: Vec<u64> = (0..m)
            .filter(|&r| {
                let first = if r == 0 { m } else { r };
                (len - first) / m + 1 >= MIN_TERMS as u64
                    && (first..len)
                        .step_by(m as usize)
                        .all(|n| zero[n as usize] == 1)
            })
            .collect();
        if full.is_empty() || full.len() as u64 == m {
            return None;
        }
        let rest: Vec<u64> = p
            .iter()
            .copied()
            .filter(|&n| n >= 1 && !full.contains(&(n % m)))
            .collect();
        let (c, b) = geometric(&rest, len)?;
        let classes: Vec<String> = full.iter().map(u64::to_string).collect();
        let zero_note = match (zero[0] == 1, full.contains(&0)) {
            (true, false) => "n = 0, ",
            _ => "",
        };
        let ge_one = if zero[0] == 0 && full.contains(&0) {
            " for n >= 1"
        } else {
            ""
        };
        let power = if c == 1 {
            format!("{b}^k")
        } else {
            format!("{c}·{b}^k")
        };
        let mut f = Finding::new(
            Of::PPositions,
            Kind::Progressions,
            format!(
                "P-positions: {zero_note}n ≡ {} (mod {m}), or n = {power} (k >= 0){ge_one}",
                classes.join(", ")
            ),
        );
        f.details.push(format!(
            "observed on every n <= {}; the {power} in the table: {}",
            len - 1,
            compact(&rest, 12)
        ));
        Some(f)
    })
}

/// `(c, b)` when `terms` are exactly `c·b^k` for `k = 0, 1, ...` up to
/// `len - 1`, with `b ≥ 2` and at least [`MIN_TERMS`] of them.
fn geometric(terms: &[u64], len: u64) -> Option<(u64, u64)> {
    if terms.len() < MIN_TERMS {
        return None;
    }
    let c = terms[0];
    let b = terms[1] / c;
    if b < 2 || terms[1] != c * b {
        return None;
    }
    let expected = std::iter::successors(Some(c), |&t| t.checked_mul(b)).take_while(|&t| t < len);
    expected.eq(terms.iter().copied()).then_some((c, b))
}

/// [`moving_preperiod`] for the cycle of length `q` read from the end of
/// `zero[..end]`.
fn moving_with(zero: &[u64], p: &[u64], end: usize, q: usize) -> Option<Finding> {
    let len = zero.len();
    let mut m0 = end - q;
    while m0 > 0 && zero[m0 - 1] == zero[m0 - 1 + q] {
        m0 -= 1;
    }
    let span = end - q - m0;
    let in_tail = p
        .iter()
        .filter(|&&n| (m0..end).contains(&(n as usize)))
        .count();
    if span < 3 * q || (span as u64) < MIN_REPEATS || in_tail < NEAR_MISS_TERMS {
        return None;
    }
    // The cycle extended both ways; the exceptions are where it fails.
    let predicted = |i: usize| zero[m0 + (i as i128 - m0 as i128).rem_euclid(q as i128) as usize];
    let exceptions: Vec<u64> = (0..len)
        .filter(|&i| zero[i] != predicted(i))
        .map(|i| i as u64)
        .take(MOVING_EXCEPTIONS + 1)
        .collect();
    let sparse = exceptions.len() >= 2
        && exceptions.len() <= MOVING_EXCEPTIONS
        && exceptions.len() * 8 * q <= len;
    if !sparse {
        return None;
    }
    let mut residues: Vec<u64> = (m0..m0 + q)
        .filter(|&n| zero[n] == 1)
        .map(|n| (n % q) as u64)
        .collect();
    residues.sort_unstable();
    let main = match q {
        1 if residues.is_empty() => "no n is a P-position".to_string(),
        1 => "every n is a P-position".to_string(),
        _ if residues.is_empty() => "no P-positions".to_string(),
        _ => {
            let list: Vec<String> = residues.iter().map(u64::to_string).collect();
            format!("P-positions: n ≡ {} (mod {q})", list.join(", "))
        }
    };
    let last = *exceptions.last()?;
    let mut f = Finding::new(
        Of::PPositions,
        Kind::Progressions,
        format!(
            "{main} except at n = {}",
            compact(&exceptions, MOVING_EXCEPTIONS)
        ),
    );
    f.last_exception = Some(Position::Heap(last));
    let to = len as u64 - 1;
    let reach = if to - last < q as u64 {
        format!("to the end of the table (n = {last})")
    } else {
        format!("to n = {last} of {to}")
    };
    f.details.push(format!(
        "the exceptions continue {reach}: a preperiod that grows with the table is evidence \
         against the rule"
    ));
    Some(f)
}

/// Progressions that hold from `n = 0` on a long prefix and then break
/// (with [`NEAR_MISS_TERMS`] P-positions before the break): reported with
/// the first exception, not claimed.
fn broken_progressions(zero: &[u64], p: &[u64]) -> Option<Finding> {
    let (end, q, _) = super::one_dim::longest_periodic_prefix(zero, false)?;
    if p.iter().filter(|&&n| (n as usize) < end).count() < NEAR_MISS_TERMS {
        return None;
    }
    let head: Vec<u64> = p.iter().copied().filter(|&n| (n as usize) < end).collect();
    let rule = progressions(&zero[..end], &head, 0, q, false);
    let mut f = Finding::new(
        Of::PPositions,
        Kind::Progressions,
        format!("{rule} up to n = {}", end - 1),
    );
    f.first_exception = Some(Position::Heap(end as u64));
    let what = if zero[end] == 1 {
        "a P-position"
    } else {
        "not a P-position"
    };
    f.details
        .push(format!("n = {end} is {what}, against the rule"));
    Some(f)
}

/// The rule of an eventually periodic indicator, in words.
fn progressions(zero: &[u64], p: &[u64], m0: usize, q: usize, proven: bool) -> String {
    let residues: Vec<u64> = (m0..m0 + q)
        .filter(|&n| zero[n] == 1)
        .map(|n| (n % q) as u64)
        .collect();
    let below: Vec<u64> = p.iter().copied().filter(|&n| (n as usize) < m0).collect();
    if residues.is_empty() && !proven {
        let last = zero.len() - 1;
        return match p.len() {
            0 => format!("no P-positions up to n = {last}"),
            _ => format!(
                "P-positions: n = {} and none from {m0} to {last}",
                compact(p, 40)
            ),
        };
    }
    if residues.is_empty() {
        return match p.len() {
            0 => "there are no P-positions".into(),
            1 => format!("the only P-position is n = {}", p[0]),
            _ => format!("the only P-positions are n = {}", compact(p, 40)),
        };
    }
    let mut sorted = residues;
    sorted.sort_unstable();
    let list: Vec<String> = sorted.iter().map(u64::to_string).collect();
    let main = if q == 1 {
        "every n is a P-position".to_string()
    } else {
        format!("P-positions: n ≡ {} (mod {q})", list.join(", "))
    };
    if m0 == 0 {
        main
    } else if below.is_empty() {
        format!("{main} for n >= {m0}; none below")
    } else {
        format!(
            "{main} for n >= {m0}; below {m0}: n = {}",
            compact(&below, 40)
        )
    }
}

/// Catalogue sequences equal to the P-positions `n ≥ 1` (observed), or
/// the best one that agrees on a long prefix and then breaks.
fn sequences(zero: &[u64], p: &[u64]) -> Vec<Finding> {
    let max = zero.len() as u64 - 1;
    let positive: Vec<u64> = p.iter().copied().filter(|&n| n >= 1).collect();
    let mut near: Option<(u64, Finding)> = None;
    for s in catalogue::catalogue() {
        let terms = s.generator.terms(max);
        if terms.len() < MIN_TERMS {
            continue;
        }
        let make = |rule: String| {
            let mut f = Finding::new(Of::PPositions, Kind::Sequence, rule);
            f.name = Some(s.name.clone());
            f.reference = s.reference.clone();
            f
        };
        let citation = s
            .reference
            .as_deref()
            .map(|r| format!(" ({r})"))
            .unwrap_or_default();
        match first_difference(&positive, &terms) {
            None => {
                let mut f = make(format!("P-positions n >= 1 are the {}{citation}", s.name));
                f.details.push(format!("P-positions: {}", compact(p, 30)));
                return vec![f];
            }
            Some(e) => {
                let agreeing = terms.iter().take_while(|&&t| t < e).count();
                if agreeing >= NEAR_MISS_TERMS && near.as_ref().is_none_or(|(x, _)| e > *x) {
                    let mut f = make(format!(
                        "P-positions n >= 1 are the {}{citation} up to n = {}",
                        s.name,
                        e - 1
                    ));
                    f.first_exception = Some(Position::Heap(e));
                    let kind = if zero[e as usize] == 1 {
                        "a P-position not in the sequence"
                    } else {
                        "in the sequence but not a P-position"
                    };
                    f.details.push(format!("n = {e} is {kind}"));
                    near = Some((e, f));
                }
            }
        }
    }
    near.map(|(_, f)| f).into_iter().collect()
}

/// The least `n ≥ 1` in one sorted list and not the other.
fn first_difference(a: &[u64], b: &[u64]) -> Option<u64> {
    let (mut i, mut j) = (0, 0);
    loop {
        match (a.get(i), b.get(j)) {
            (None, None) => return None,
            (Some(&x), None) => return Some(x),
            (None, Some(&y)) => return Some(y),
            (Some(&x), Some(&y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(&x), Some(&y)) => return Some(x.min(y)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progressions_with_a_prefix() {
        // P iff n ≡ 0 (mod 5) from 10 on, plus 3 below.
        let v: Vec<u64> = (0..200u64)
            .map(|n| {
                if (n >= 10 && n % 5 == 0) || n == 3 {
                    0
                } else {
                    1
                }
            })
            .collect();
        let f = &p_positions(&v, None)[0];
        assert_eq!(
            f.rule,
            "P-positions: n ≡ 0 (mod 5) for n >= 6; below 6: n = 3"
        );
    }

    #[test]
    fn fibonacci_p_positions_match_and_break() {
        let fib = catalogue::Generator::Fibonacci.terms(1000);
        let mut v: Vec<u64> = (0..=1000u64)
            .map(|n| u64::from(n != 0 && !fib.contains(&n)))
            .collect();
        let f = &p_positions(&v, None)[0];
        assert_eq!(f.name.as_deref(), Some("Fibonacci numbers"));
        assert_eq!(f.first_exception, None);
        v[400] = 0;
        let f = &p_positions(&v, None)[0];
        assert_eq!(f.first_exception, Some(Position::Heap(400)));
    }

    #[test]
    fn progressions_that_break_are_not_claimed() {
        // P iff n ≡ 0 (mod 4) up to 500, then the pattern stops.
        let v: Vec<u64> = (0..=800u64)
            .map(|n| u64::from(!(n % 4 == 0 && n <= 500)))
            .collect();
        let f = &p_positions(&v, None)[0];
        assert_eq!(f.rule, "P-positions: n ≡ 0 (mod 4) up to n = 503");
        assert_eq!(f.first_exception, Some(Position::Heap(504)));
    }

    /// P iff n is odd or n = 2·4^k (Codeforces 1537D), as a table of
    /// values (1 at N-positions).
    fn cf_1537d(to: u64) -> Vec<u64> {
        (0..=to)
            .map(|n| {
                let two_four_k = n >= 2
                    && n % 2 == 0
                    && (n / 2).is_power_of_two()
                    && (n / 2).trailing_zeros() % 2 == 0;
                u64::from(!(n % 2 == 1 || two_four_k))
            })
            .collect()
    }

    /// Regression: P-positions "n ≡ 1 (mod 2) for n ≥ 2049", then 8193,
    /// then 32769 as the table grew (Codeforces 1537D): a preperiod that
    /// moves with the table is not claimed, at any size, and its
    /// exceptions are named.
    #[test]
    fn a_preperiod_that_grows_with_the_table_is_not_claimed() {
        for to in [
            1000, 3000, 4095, 4096, 5000, 10_000, 20_000, 32_768, 40_000, 100_000,
        ] {
            let f = p_positions(&cf_1537d(to), None);
            // The union rule needs six powers 2·4^k in the table (2048).
            let claimed: Vec<&str> = f
                .iter()
                .filter(|f| f.claimed())
                .map(|f| f.rule.as_str())
                .collect();
            if to >= 2048 {
                assert_eq!(
                    claimed,
                    ["P-positions: n ≡ 1 (mod 2), or n = 2·4^k (k >= 0)"],
                    "{to}"
                );
            } else {
                assert!(claimed.is_empty(), "{to}: {f:?}");
            }
            let moving = f
                .iter()
                .find(|f| f.last_exception.is_some())
                .unwrap_or_else(|| panic!("{to}: {f:?}"));
            let last = (0..=to)
                .rev()
                .find(|&n| n % 2 == 0 && cf_1537d(to)[n as usize] == 0)
                .unwrap();
            assert_eq!(moving.last_exception, Some(Position::Heap(last)), "{to}");
            assert!(
                moving
                    .rule
                    .starts_with("P-positions: n ≡ 1 (mod 2) except at n = 2 8 32"),
                "{}",
                moving.rule
            );
        }
    }

    /// A proven period of the values gives the P-positions' rule even on a
    /// table too short to observe it.
    #[test]
    fn a_certificate_proves_the_p_positions_on_a_short_table() {
        // sub:3..14 shape, period 17; 40 values are not four periods.
        let v: Vec<u64> = (0..40u64).map(|n| (n % 17) / 3).collect();
        let cert = Certificate {
            periodicity: Periodicity {
                preperiod: 0,
                period: 17,
                saltus: 0,
            },
            proof: "window".into(),
        };
        let f = &p_positions(&v, Some(&cert))[0];
        assert!(f.proven && f.claimed(), "{f:?}");
        assert_eq!(f.rule, "P-positions: n ≡ 0, 1, 2 (mod 17)");
    }

    #[test]
    fn few_terms_are_not_matched() {
        // P-positions 1, 2, 4 only (powers of 2 up to 4): too few terms.
        let v: Vec<u64> = (0..=5u64)
            .map(|n| u64::from(![0, 1, 2, 4].contains(&n)))
            .collect();
        assert!(p_positions(&v, None)
            .iter()
            .all(|f| f.kind != Kind::Sequence));
    }
}
