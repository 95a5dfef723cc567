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
//! the rule `a = b` that [`two_dim`](fn@super::two_dim) finds.
//!
//! A game's table of tuples is a [`TupleTable`]: `G` of every tuple of
//! `width` coordinates each in `from..=to`, at most
//! [`MAX_TUPLE_POSITIONS`] of them (what `grundy values --dims K` prints
//! and `grundy pattern` reads). [`tuples`] states every rule it finds in
//! one: Moore's Nim_K, the nim-sum `G = h_1 xor … xor h_k`, the sum of
//! the coordinates as independent heaps `G = G(h_1, 0, …) xor …`; and
//! [`asymmetry`] says whether the values are symmetric in the coordinates
//! (a position and a permutation of it with different values, when not).
//!
//! Time: O(T · k · 64) for T positions of k heaps; memory O(1) besides the
//! table.

use super::{Finding, Kind, Of, MIN_TERMS};
use crate::error::{Error, Result};

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
    if table.iter().any(|(h, _)| h.len() != width) {
        return None;
    }
    moore_over(width, || table.iter().map(|(h, v)| (h.clone(), *v)))
}

/// Moore's Nim_K over the entries `entries()` yields, all of `width`
/// heaps (see [`moore_nim_k`]).
fn moore_over<I: Iterator<Item = (Vec<u64>, u64)>>(
    width: usize,
    entries: impl Fn() -> I,
) -> Option<Finding> {
    if width < 2 {
        return None;
    }
    let (mut count, mut p) = (0usize, 0usize);
    for (_, v) in entries() {
        count += 1;
        p += usize::from(v == 0);
    }
    if p < MIN_TERMS || count - p < MIN_TERMS {
        return None;
    }
    let k =
        (1..width as u64).find(|&k| entries().all(|(h, v)| (v == 0) == moore_p_position(&h, k)))?;
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
        "checked on {count} positions of {width} heaps, {p} of them P-positions"
    ));
    Some(f)
}

/// Most positions in a [`TupleTable`]: as many as the largest table of a
/// game on pairs (`2001` a side: a script's pair table, `MAX_PAIR_TABLE`
/// `+ 1`), whatever the tuples' width.
pub const MAX_TUPLE_POSITIONS: u64 = 2001 * 2001;

/// `G` of every tuple `(h_1, …, h_width)` with each `h_i` in `from..=to`,
/// in lexicographic order (the last coordinate varies fastest).
///
/// ```
/// use grundy::analysis::pattern::TupleTable;
/// let t = TupleTable::new(3, 0, 1, |h| Ok(h[0] ^ h[1] ^ h[2])).unwrap();
/// assert_eq!(t.len(), 8);
/// assert_eq!(t.position(5), vec![1, 0, 1]);
/// assert_eq!(t.value(&[1, 1, 0]), Some(0));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TupleTable {
    /// The number of coordinates of a position.
    pub width: usize,
    /// The least value of each coordinate.
    pub from: u64,
    /// The largest value of each coordinate.
    pub to: u64,
    /// The values, in lexicographic order of the positions.
    pub values: Vec<u64>,
}

impl TupleTable {
    /// How many positions the table of `width` coordinates in
    /// `from..=to` has, or an error naming [`MAX_TUPLE_POSITIONS`] when
    /// that is more (or `from > to`, or `width` is 0).
    pub fn positions(width: usize, from: u64, to: u64) -> Result<usize> {
        if from > to {
            return Err(Error::unsupported(format!(
                "empty range: --from {from} is larger than --to {to}"
            )));
        }
        if width == 0 {
            return Err(Error::unsupported(
                "a tuple has at least one coordinate (`--dims 0`)".to_string(),
            ));
        }
        let side = u128::from(to - from) + 1;
        let count = u32::try_from(width)
            .ok()
            .and_then(|w| side.checked_pow(w))
            .filter(|&c| c <= u128::from(MAX_TUPLE_POSITIONS));
        match count {
            Some(c) => Ok(c as usize),
            None => Err(Error::unsupported(format!(
                "the table of tuples of {width} coordinates in `{from}..={to}` has \
                 {side}^{width} positions, more than the limit of tables, `{MAX_TUPLE_POSITIONS}` \
                 (2001^2, the largest table of pairs)"
            ))),
        }
    }

    /// The table of `value` on every position, in order; `value` is called
    /// once per position, with the position's coordinates. Errors as
    /// [`positions`](Self::positions), or the first of `value`.
    pub fn new(
        width: usize,
        from: u64,
        to: u64,
        mut value: impl FnMut(&[u64]) -> Result<u64>,
    ) -> Result<TupleTable> {
        let count = Self::positions(width, from, to)?;
        let mut values = Vec::with_capacity(count);
        let mut h = vec![from; width];
        for i in 0..count {
            if i > 0 {
                // The next tuple: the last coordinate that is not at `to`
                // goes up, those after it go back to `from`.
                if let Some(j) = h.iter().rposition(|&x| x < to) {
                    h[j] += 1;
                    h[j + 1..].fill(from);
                }
            }
            values.push(value(&h)?);
        }
        Ok(TupleTable {
            width,
            from,
            to,
            values,
        })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The coordinates of the `i`-th position.
    pub fn position(&self, mut i: usize) -> Vec<u64> {
        let side = (self.to - self.from + 1) as usize;
        let mut h = vec![0u64; self.width];
        for x in h.iter_mut().rev() {
            *x = self.from + (i % side) as u64;
            i /= side;
        }
        h
    }

    /// The value of the position `h`, when it lies in the table.
    pub fn value(&self, h: &[u64]) -> Option<u64> {
        if h.len() != self.width || h.iter().any(|&x| x < self.from || x > self.to) {
            return None;
        }
        let side = (self.to - self.from + 1) as usize;
        let i = h
            .iter()
            .fold(0usize, |i, &x| i * side + (x - self.from) as usize);
        self.values.get(i).copied()
    }

    /// Every position with its value, in order.
    pub fn entries(&self) -> impl Iterator<Item = (Vec<u64>, u64)> + '_ {
        self.values
            .iter()
            .enumerate()
            .map(|(i, &v)| (self.position(i), v))
    }
}

/// Every rule found in a table of tuples, each holding on every position
/// of it (a rule one position contradicts is not stated; all are
/// observed, none proven):
/// - values: `G = h_1 xor … xor h_k` (Nim, the coordinates are heaps of
///   Nim), else, when the table starts at 0, `G = G(h_1, 0, …, 0) xor …
///   xor G(0, …, 0, h_k)` (the coordinates are independent components:
///   the position is a sum);
/// - P-positions: Moore's Nim_K ([`moore_nim_k`]).
///
/// ```
/// use grundy::analysis::pattern::{tuples, TupleTable};
/// let t = TupleTable::new(3, 0, 7, |h| Ok(h[0] ^ h[1] ^ h[2])).unwrap();
/// let rules: Vec<String> = tuples(&t).into_iter().map(|f| f.rule).collect();
/// assert!(rules[0].starts_with("G(h1,h2,h3) = h1 xor h2 xor h3"), "{rules:?}");
/// assert!(rules[1].ends_with("K = 1)"), "{rules:?}");
/// ```
pub fn tuples(table: &TupleTable) -> Vec<Finding> {
    let mut out = Vec::new();
    let w = table.width;
    let names: Vec<String> = (1..=w).map(|i| format!("h{i}")).collect();
    let lhs = format!("G({})", names.join(","));
    let checked = format!(
        "checked on all {} positions of {w} coordinates in {}..={}",
        table.len(),
        table.from,
        table.to
    );
    let nim = table
        .entries()
        .all(|(h, v)| h.iter().fold(0, |x, &y| x ^ y) == v);
    if nim && table.len() >= MIN_TERMS {
        let mut f = Finding::new(
            Of::Values,
            Kind::Affine,
            format!("{lhs} = {} (the nim-sum)", names.join(" xor ")),
        );
        f.details.push(checked.clone());
        out.push(f);
    } else if table.from == 0 && w >= 2 && table.to >= 1 {
        // G of one coordinate alone, the others 0.
        let alone = |i: usize, x: u64| {
            let mut h = vec![0u64; w];
            h[i] = x;
            table.value(&h)
        };
        let sum = table.entries().all(|(h, v)| {
            h.iter()
                .enumerate()
                .try_fold(0u64, |acc, (i, &x)| alone(i, x).map(|g| acc ^ g))
                == Some(v)
        });
        // Not a sum when every value is 0 and more: the rule says
        // something only when a coordinate alone has a value.
        let informative = table.values.iter().any(|&v| v != 0);
        if sum && informative {
            let parts: Vec<String> = (0..w)
                .map(|i| {
                    let args: Vec<&str> = (0..w)
                        .map(|j| if j == i { names[i].as_str() } else { "0" })
                        .collect();
                    format!("G({})", args.join(","))
                })
                .collect();
            let mut f = Finding::new(
                Of::Values,
                Kind::Affine,
                format!(
                    "{lhs} = {} (the coordinates are independent components: a sum)",
                    parts.join(" xor ")
                ),
            );
            f.details.push(checked);
            out.push(f);
        }
    }
    if let Some(f) = moore_over(w, || table.entries()) {
        out.push(f);
    }
    out
}

/// Two positions of `table`, one a permutation of the other, whose values
/// differ (the first such pair in the table's order); `None` when the
/// values are symmetric in the coordinates (each position's value is that
/// of its sorted permutation).
///
/// ```
/// use grundy::analysis::pattern::{asymmetry, TupleTable};
/// let sym = TupleTable::new(3, 0, 3, |h| Ok(h[0] + h[1] + h[2])).unwrap();
/// assert_eq!(asymmetry(&sym), None);
/// let not = TupleTable::new(3, 0, 3, |h| Ok(h[0])).unwrap();
/// assert_eq!(asymmetry(&not), Some((vec![0, 0, 1], vec![1, 0, 0])));
/// ```
pub fn asymmetry(table: &TupleTable) -> Option<(Vec<u64>, Vec<u64>)> {
    table.entries().find_map(|(h, v)| {
        let mut sorted = h.clone();
        sorted.sort_unstable();
        let s = table.value(&sorted)?;
        (s != v).then_some((sorted, h))
    })
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

    fn as_table(width: usize, side: u64, t: Vec<(Vec<u64>, u64)>) -> TupleTable {
        TupleTable {
            width,
            from: 0,
            to: side - 1,
            values: t.into_iter().map(|(_, v)| v).collect(),
        }
    }

    /// Random games on triples, tabulated on the side 6 and again on the
    /// side 10: every rule [`tuples`] states on the small table is stated
    /// on the large one too (a rule the larger table contradicts is a
    /// false rule), and holds there by its own law; Nim, Nim_2 and sums
    /// of subtraction games have theirs.
    #[test]
    fn random_tuple_tables_get_no_false_rule() {
        let mut rng = crate::util::TestRng(0x7e1e_5eed_0f3a_0037);
        let (mut stated, mut sums) = (0, 0);
        for round in 0..30 {
            let one: Vec<u64> = (0..2).map(|_| 1 + rng.below(4)).collect();
            let two: Vec<u64> = (0..2).map(|_| 1 + rng.below(4)).collect();
            // Rounds 0..10: moves of one heap only (a sum of three heaps of
            // one subtraction game); then moves of two heaps as well.
            let pairs = round >= 10;
            let game = |side: u64| match round {
                0 => nim_k_table(3, side, 1),
                1 => nim_k_table(3, side, 2),
                _ => by_mex(3, side, |h| {
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
                            for &s in two.iter().filter(|_| pairs) {
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
                }),
            };
            let small = as_table(3, 6, game(6));
            let large = as_table(3, 10, game(10));
            let rules =
                |t: &TupleTable| -> Vec<String> { tuples(t).into_iter().map(|f| f.rule).collect() };
            let (found, longer) = (rules(&small), rules(&large));
            for rule in &found {
                assert!(
                    longer.contains(rule),
                    "round {round}: `{rule}` fails on the side 10"
                );
                if let Some(k) = rule.strip_suffix(')').and_then(|r| r.rsplit("K = ").next()) {
                    if let Ok(k) = k.parse::<u64>() {
                        assert!(large
                            .entries()
                            .all(|(h, v)| (v == 0) == moore_p_position(&h, k)));
                    }
                }
                if rule.contains("xor h2") {
                    assert!(large.entries().all(|(h, v)| v == h[0] ^ h[1] ^ h[2]));
                }
            }
            stated += found.len();
            sums += usize::from(round < 10 && found.iter().any(|r| r.contains("a sum")));
            if round < 2 {
                assert!(
                    found
                        .iter()
                        .any(|r| r.ends_with(&format!("K = {})", round + 1))),
                    "{found:?}"
                );
            }
        }
        assert!(stated >= 10 && sums >= 6, "{stated} rules, {sums} sums");
    }
}
