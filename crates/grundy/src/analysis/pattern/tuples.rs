//! Rules for a game on tuples of heaps: `G(h_1, …, h_k)` on any set of
//! positions (a table of tuples, each with its value).
//!
//! One rule today, Moore's Nim_K (E. H. Moore, 1910): in Nim where a move
//! takes from at most `K` heaps, a position is a P-position iff for every
//! bit the number of heaps with that bit set is a multiple of `K + 1`
//! (`K = 1` is Nim: the XOR is 0). The smallest `K` in `1..k` whose law
//! agrees with the table on every position is stated (for `K ≥ k` the law
//! makes only the zero position a P-position, which says nothing), with
//! its evidence: the positions checked and the P-positions among them
//! (at least [`MIN_TERMS`], and at least [`MIN_TERMS`] that are not).
//! Observed, never proven: the table is not the game. A law that one
//! position contradicts is not stated.
//!
//! On a table of pairs (`k = 2`) only `K = 1` can be told apart, and it is
//! the rule `a = b` that [`two_dim`](fn@super::two_dim) finds. Tables of
//! longer tuples are not made by grundy's scripts yet (a script whose
//! positions are triples is refused by `values` and `pattern`); this is the
//! rule they will be matched against.
//!
//! Time: O(T · k · 64) for T positions of k heaps; memory O(1) besides the
//! table.

use super::{Finding, Kind, Of, MIN_TERMS};

/// Whether `heaps` is a P-position of Moore's Nim_K: each bit is set in a
/// multiple of `K + 1` of the heaps.
///
/// ```
/// use grundy::analysis::pattern::moore_p_position;
/// assert!(moore_p_position(&[1, 2, 3], 1)); // Nim: 1 xor 2 xor 3 = 0
/// assert!(!moore_p_position(&[1, 2, 3], 2)); // bit 0 is in two heaps, not 0 or 3
/// assert!(moore_p_position(&[5, 5, 5], 2));
/// ```
pub fn moore_p_position(heaps: &[u64], k: u64) -> bool {
    (0..64).all(|bit| {
        let set = heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64;
        set.is_multiple_of(k + 1)
    })
}

/// Moore's Nim_K as a rule of `table` (each entry a position, its heaps,
/// and its value), when one `K` fits every position: see the module's
/// documentation. `None` when no `K` fits, the table mixes tuple lengths,
/// or it has too few P-positions or too few other positions to say.
///
/// ```
/// use grundy::analysis::pattern::moore_nim_k;
/// // Nim_2 on three heaps below 8: a stand-in table (1 marks "not P").
/// let mut table = Vec::new();
/// for a in 0..8u64 {
///     for b in 0..8u64 {
///         for c in 0..8u64 {
///             let p = grundy::analysis::pattern::moore_p_position(&[a, b, c], 2);
///             table.push((vec![a, b, c], u64::from(!p)));
///         }
///     }
/// }
/// let f = moore_nim_k(&table).unwrap();
/// assert!(f.rule.contains("K = 2"), "{}", f.rule);
/// ```
pub fn moore_nim_k(table: &[(Vec<u64>, u64)]) -> Option<Finding> {
    let width = table.first()?.0.len();
    if width < 2 || table.iter().any(|(h, _)| h.len() != width) {
        return None;
    }
    let p = table.iter().filter(|(_, v)| *v == 0).count();
    if p < MIN_TERMS || table.len() - p < MIN_TERMS {
        return None;
    }
    let k = (1..width as u64).find(|&k| {
        table
            .iter()
            .all(|(h, v)| (*v == 0) == moore_p_position(h, k))
    })?;
    let mut f = Finding::new(
        Of::PPositions,
        Kind::Pairs,
        format!(
            "P-positions: each bit is set in a multiple of {} of the heaps \
             (Moore's Nim_K, K = {k})",
            k + 1
        ),
    );
    f.name = Some(format!("Moore's Nim_{k}"));
    f.details.push(format!(
        "checked on {} positions of {width} heaps, {p} of them P-positions",
        table.len()
    ));
    Some(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `G` of every position of `width` heaps below `side`, by the
    /// definition (mex over `options`, which must lower the position).
    fn by_mex(
        width: usize,
        side: u64,
        options: impl Fn(&[u64]) -> Vec<Vec<u64>>,
    ) -> Vec<(Vec<u64>, u64)> {
        let count = (side as usize).pow(width as u32);
        let index = |h: &[u64]| {
            h.iter()
                .fold(0usize, |i, &x| i * side as usize + x as usize)
        };
        let heaps = |mut i: usize| {
            let mut h = vec![0u64; width];
            for x in h.iter_mut().rev() {
                *x = (i % side as usize) as u64;
                i /= side as usize;
            }
            h
        };
        let mut g = vec![0u64; count];
        // In order of the index: every option has a smaller one.
        for i in 0..count {
            let seen: Vec<u64> = options(&heaps(i)).iter().map(|o| g[index(o)]).collect();
            g[i] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        (0..count).map(|i| (heaps(i), g[i])).collect()
    }

    /// Nim_K by the definition: lower a nonempty set of at most `k` heaps.
    fn nim_k_table(width: usize, side: u64, k: usize) -> Vec<(Vec<u64>, u64)> {
        by_mex(width, side, |h| {
            let mut out = Vec::new();
            let mut stack = vec![(0usize, h.to_vec(), 0usize)];
            while let Some((at, cur, touched)) = stack.pop() {
                if at == h.len() {
                    if touched > 0 {
                        out.push(cur);
                    }
                    continue;
                }
                stack.push((at + 1, cur.clone(), touched));
                if touched < k {
                    for x in 0..h[at] {
                        let mut next = cur.clone();
                        next[at] = x;
                        stack.push((at + 1, next, touched + 1));
                    }
                }
            }
            out
        })
    }

    #[test]
    fn moores_nim_k_is_found_from_its_table_by_the_definition() {
        for (width, k) in [(3, 1), (3, 2), (4, 2), (4, 3)] {
            let table = nim_k_table(width, 6, k);
            let f = moore_nim_k(&table).unwrap_or_else(|| panic!("{width} heaps, K = {k}"));
            assert!(f.rule.ends_with(&format!("K = {k})")), "{}", f.rule);
            assert!(!f.proven && f.claimed());
        }
    }

    #[test]
    fn a_table_one_position_contradicts_gets_no_moore_rule() {
        let mut table = nim_k_table(3, 6, 2);
        let i = table.iter().position(|(h, _)| h == &[1, 2, 3]).unwrap();
        // (1, 2, 3) is a P-position of Nim_1 only: make it one of Nim_2.
        assert_ne!(table[i].1, 0);
        table[i].1 = 0;
        assert_eq!(moore_nim_k(&table), None);
    }

    /// Random games on triples (a move lowers one heap by an amount of a
    /// random set, or two heaps by one amount of another): a Moore rule
    /// is stated only when every position of the table agrees with it,
    /// checked again here by the law itself; Nim_1 and Nim_2 (which have
    /// their rule) with one value flipped get none.
    #[test]
    fn random_tuple_games_get_no_false_moore_rule() {
        let mut rng = crate::util::TestRng(0x5eed_0f3a_117e_5700);
        let mut stated = 0;
        for round in 0..24 {
            // Side 8: Nim_2 on three heaps has 8 P-positions (a, a, a),
            // enough to state its rule (side 5 has too few).
            let table = if round < 4 {
                let mut t = nim_k_table(3, 8, 1 + round % 2);
                let i = 1 + rng.below(t.len() as u64 - 1) as usize;
                t[i].1 = u64::from(t[i].1 == 0);
                assert_eq!(moore_nim_k(&t), None, "one flipped value");
                continue;
            } else if round < 8 {
                nim_k_table(3, 8, 1 + round % 2)
            } else {
                let one: Vec<u64> = (0..2).map(|_| 1 + rng.below(4)).collect();
                let two: Vec<u64> = (0..2).map(|_| 1 + rng.below(4)).collect();
                by_mex(3, 6, |h| {
                    let mut out = Vec::new();
                    for i in 0..3 {
                        for &s in &one {
                            if h[i] >= s {
                                let mut o = h.to_vec();
                                o[i] -= s;
                                out.push(o);
                            }
                        }
                        for j in i + 1..3 {
                            for &s in &two {
                                if h[i] >= s && h[j] >= s {
                                    let mut o = h.to_vec();
                                    o[i] -= s;
                                    o[j] -= s;
                                    out.push(o);
                                }
                            }
                        }
                    }
                    out
                })
            };
            if let Some(f) = moore_nim_k(&table) {
                stated += 1;
                let k: u64 = f
                    .rule
                    .rsplit("K = ")
                    .next()
                    .unwrap()
                    .trim_end_matches(')')
                    .parse()
                    .unwrap();
                assert!(
                    table
                        .iter()
                        .all(|(h, v)| (*v == 0) == moore_p_position(h, k)),
                    "{f:?}"
                );
            }
        }
        assert!(stated >= 4, "the Nim_K tables have their rule: {stated}");
    }
}
