//! Rules for the P-positions (`G(n) = 0`) of a heap game.
//!
//! First as a union of arithmetic progressions: the indicator of the
//! P-positions is searched for a period with [`find_period`] (and the
//! repeats [`super`] asks for). A proven period of the values proves it:
//! with saltus 0 the indicator repeats with the values' period, so one
//! full period of the values checked past both preperiods covers every
//! case; with a positive saltus no value is 0 after the first period.
//! Failing that, the P-positions `n ≥ 1` are compared term by term with
//! each sequence of the [`catalogue`] that has at least
//! [`MIN_TERMS`] terms in the table; the best sequence that agrees on a
//! long prefix and then breaks is reported with its first exception.
//!
//! A finite set of P-positions that is only observed is stated as what it
//! is, "P-positions: n = … and none from m to N", with no periodicity:
//! nothing is said beyond the table.

use super::{catalogue, compact, Certificate, Finding, Kind, Of, Position, MIN_TERMS};
use crate::analysis::period::{find_period, PeriodTheorem};

/// Agreeing terms a near miss needs before it is worth reporting.
const NEAR_MISS_TERMS: usize = 8;

/// The rules found for the P-positions of `values = G(0..=N)`;
/// `certificate` has been checked against `values` by the caller.
pub fn p_positions(values: &[u64], certificate: Option<&Certificate>) -> Vec<Finding> {
    let len = values.len();
    let zero: Vec<u64> = values.iter().map(|&v| u64::from(v == 0)).collect();
    let p: Vec<u64> = (0..len as u64).filter(|&n| zero[n as usize] == 1).collect();
    if let Some(found) = find_period(&zero, PeriodTheorem::None, false) {
        let ind = found.periodicity;
        let (m0, q) = (ind.preperiod as usize, ind.period as usize);
        let span = len - q - m0;
        let proven = certificate.is_some_and(|c| {
            let v = c.periodicity;
            if v.saltus == 0 {
                len - q >= m0.max(v.preperiod as usize) + v.period as usize
            } else {
                // No zero after the values' first period.
                q == 1 && zero[m0] == 0 && (v.preperiod + v.period) as usize <= len
            }
        });
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
    let named = sequences(&zero, &p);
    if named.is_empty() {
        return broken_progressions(&zero, &p).into_iter().collect();
    }
    named
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
